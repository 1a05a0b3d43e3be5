//! Perft: the node counts of `tests/perft/*.perft` (shakmaty's `tests/*.perft` fixtures, with
//! the chance nodes of these games counted apart).
//!
//! Each file holds positions of one rule set and, for each, the counts of
//! [`nefer_core::perft::perft`] at depths 1..D. Any change to a move generator or to what a move
//! does changes some count, and this test names the position, the depth and both counts (then
//! `nefer perft POSITION --depth D --divide` finds the first action below which they differ).
//!
//! A file is a list of entries, lines of `KEYWORD ARGUMENTS`; `#` starts a comment:
//!
//! ```text
//! id NAME                     a name for the entry, unique in its file
//! from GAME.ngr PLY           optional: the position is the shared conformance game GAME
//!                             (tests/conformance/RULES/) after its first PLY actions
//! position POSITION           the position string (docs/dev/positions.md)
//! perft DEPTH nodes=N decisions=N chances=N over=N moves=N outcomes=N
//! ```
//!
//! The counts are checked two ways: by `perft` itself (every entry; those over [`QUICK`] nodes
//! only with `--ignored`, best in release: `cargo test --release -p nefer-core --test perft --
//! --ignored`), and for the shallow entries by a second walk that owes nothing to `perft`: it
//! lists each state's actions as the trace's strings (`record::legal_strings`), parses them back
//! and applies them through the checked `play_token`, on a state read back from its own position
//! string. The positions taken from conformance games are checked to be theirs, and a decision
//! there to offer the legal moves the game's trace lists (written by the independent reference
//! generator).

use std::collections::{BTreeMap, HashSet};
use std::fs;
use std::path::{Path, PathBuf};

use nefer_core::perft::{Counts, divide, perft};
use nefer_core::record::{legal_strings, play_token};
use nefer_core::{Action, AnyGame, Game, Options, Record, RuleSetId, Status, replay};
use proptest::prelude::*;

mod common;
use common::random_games;

/// Entries up to this many nodes are checked by the plain `cargo test` (a few seconds in the
/// dev profile); deeper ones by [`perft_deep`] (`--ignored`).
const QUICK: u64 = 60_000;

/// Entries up to this many nodes are also counted the second way, which parses and prints every
/// state and action on its way (far slower than `perft`).
const SECOND_WAY: u64 = 1_000;

/// One position of a perft file with its expected counts.
#[derive(Debug)]
struct Entry {
    /// `file:line` of its `id`, for messages.
    at: String,
    id: String,
    from: Option<(String, usize)>,
    game: AnyGame,
    /// `(depth, counts, line)`.
    depths: Vec<(u32, Counts, usize)>,
}

impl Entry {
    fn name(&self) -> String {
        format!("{} ({})", self.id, self.at)
    }
}

fn dir() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("tests/perft")
}

/// Every perft file, by its name without `.perft`.
fn files() -> BTreeMap<String, PathBuf> {
    fs::read_dir(dir())
        .expect("tests/perft")
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "perft"))
        .map(|p| (p.file_stem().unwrap().to_string_lossy().into_owned(), p))
        .collect()
}

/// `nodes=N decisions=N chances=N over=N moves=N outcomes=N`, every field once, in this order.
fn parse_counts(fields: &[&str], at: &str) -> Counts {
    const KEYS: [&str; 6] = ["nodes", "decisions", "chances", "over", "moves", "outcomes"];
    assert_eq!(
        fields.len(),
        KEYS.len(),
        "{at}: a perft line has {} counts, {KEYS:?}",
        KEYS.len()
    );
    let v: Vec<u64> = fields
        .iter()
        .zip(KEYS)
        .map(|(f, key)| {
            let (k, n) = f
                .split_once('=')
                .unwrap_or_else(|| panic!("{at}: `{f}` is not {key}=N"));
            assert_eq!(k, key, "{at}: `{f}` where {key}=N belongs");
            n.parse().unwrap_or_else(|e| panic!("{at}: `{f}`: {e}"))
        })
        .collect();
    let c = Counts {
        decisions: v[1],
        chances: v[2],
        over: v[3],
        moves: v[4],
        outcomes: v[5],
    };
    assert_eq!(
        c.nodes(),
        v[0],
        "{at}: nodes is not decisions + chances + over"
    );
    assert_eq!(
        c.moves + c.outcomes,
        v[0],
        "{at}: nodes is not moves + outcomes"
    );
    c
}

/// Reads a perft file; every entry's rule set is `rules`.
fn read(name: &str, path: &Path, rules: RuleSetId) -> Vec<Entry> {
    let text = fs::read_to_string(path).unwrap_or_else(|e| panic!("{}: {e}", path.display()));
    let mut entries: Vec<Entry> = Vec::new();
    for (i, line) in text.lines().enumerate() {
        let at = format!("{name}.perft:{}", i + 1);
        let line = line.split('#').next().unwrap().trim();
        let Some((keyword, rest)) = line.split_once(' ') else {
            assert!(line.is_empty(), "{at}: `{line}` has no argument");
            continue;
        };
        if keyword == "id" {
            assert!(
                entries.iter().all(|e| e.id != rest),
                "{at}: the id `{rest}` is taken"
            );
            entries.push(Entry {
                at,
                id: rest.to_owned(),
                from: None,
                game: rules.new_game(&Options::new()).unwrap(),
                depths: Vec::new(),
            });
            continue;
        }
        let e = entries
            .last_mut()
            .unwrap_or_else(|| panic!("{at}: `{keyword}` before the first id"));
        match keyword {
            "from" => {
                let (game, ply) = rest
                    .split_once(' ')
                    .unwrap_or_else(|| panic!("{at}: from GAME.ngr PLY"));
                let ply = ply.parse().unwrap_or_else(|e| panic!("{at}: {e}"));
                e.from = Some((game.to_owned(), ply));
            }
            "position" => {
                e.game = AnyGame::from_position(rest).unwrap_or_else(|err| panic!("{at}: {err}"));
                assert_eq!(e.game.rule_set(), rules, "{at}: not a {rules} position");
                // Written as the engine writes it, so a file shows positions one way only.
                assert_eq!(e.game.position(), rest, "{at}: not as the engine writes it");
            }
            "perft" => {
                let mut fields = rest.split_whitespace();
                let depth: u32 = fields
                    .next()
                    .unwrap()
                    .parse()
                    .unwrap_or_else(|err| panic!("{at}: depth: {err}"));
                let expected = e.depths.len() as u32 + 1;
                assert_eq!(depth, expected, "{at}: depths go 1, 2, 3, … in order");
                let counts = parse_counts(&fields.collect::<Vec<_>>(), &at);
                e.depths.push((depth, counts, i + 1));
            }
            _ => panic!("{at}: unknown keyword `{keyword}`"),
        }
    }
    for e in &entries {
        assert!(!e.depths.is_empty(), "{}: no perft line", e.name());
    }
    entries
}

/// The rule set of a file: its name up to a `-` (`hj.walker-variation` holds `hj.walker`
/// positions).
fn rules_of(name: &str) -> RuleSetId {
    let key = name.split('-').next().unwrap();
    key.parse()
        .unwrap_or_else(|e| panic!("tests/perft/{name}.perft: {e}"))
}

fn entries(name: &str) -> Vec<Entry> {
    let files = files();
    let path = files
        .get(name)
        .unwrap_or_else(|| panic!("no tests/perft/{name}.perft"));
    read(name, path, rules_of(name))
}

fn all_entries() -> Vec<Entry> {
    files()
        .iter()
        .flat_map(|(name, path)| read(name, path, rules_of(name)))
        .collect()
}

/// Checks every count of `entries` whose node count is within `range` (one `perft` call per
/// depth) and returns how many it checked; all differences are reported at once.
fn check(entries: &[Entry], range: core::ops::RangeInclusive<u64>) -> usize {
    let mut failures = Vec::new();
    let mut checked = 0;
    for e in entries {
        for &(depth, expected, line) in &e.depths {
            if !range.contains(&expected.nodes()) {
                continue;
            }
            checked += 1;
            let got = perft(&e.game, depth);
            if got != expected {
                failures.push(format!(
                    "{} depth {depth} (line {line}):\n  expected {expected}\n  got      {got}",
                    e.name()
                ));
            }
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {checked} perft counts differ:\n{}",
        failures.len(),
        failures.join("\n")
    );
    checked
}

fn quick(name: &str) {
    let n = check(&entries(name), 0..=QUICK);
    assert!(
        n >= 10,
        "{name}: only {n} counts are checked by the quick test"
    );
}

#[test]
fn perft_hj_skiryuk() {
    quick("hj.skiryuk");
}

#[test]
fn perft_hj_washburne() {
    quick("hj.washburne");
}

#[test]
fn perft_hj_walker() {
    quick("hj.walker");
}

#[test]
fn perft_hj_walker_variation() {
    quick("hj.walker-variation");
}

#[test]
fn perft_hj_french() {
    quick("hj.french");
}

#[test]
fn perft_senet_kendall() {
    quick("senet.kendall");
}

#[test]
fn perft_senet_school() {
    quick("senet.school");
}

/// The deep counts: `cargo test --release -p nefer-core --test perft -- --ignored`.
#[test]
#[ignore = "slow: run in release with --ignored"]
fn perft_deep() {
    let n = check(&all_entries(), QUICK + 1..=u64::MAX);
    assert!(n > 0);
}

/// Every file is one of the above, and every rule set has its start position in its file.
#[test]
fn every_rule_set_has_its_start() {
    let files = files();
    let tested = [
        "hj.skiryuk",
        "hj.washburne",
        "hj.walker",
        "hj.walker-variation",
        "hj.french",
        "senet.kendall",
        "senet.school",
    ];
    assert_eq!(
        files.keys().map(String::as_str).collect::<Vec<_>>(),
        {
            let mut t = tested.to_vec();
            t.sort_unstable();
            t
        },
        "a perft file without its test function, or the reverse"
    );
    for &id in RuleSetId::ALL {
        let start = id.new_game(&Options::new()).unwrap();
        assert!(
            entries(id.key()).iter().any(|e| e.game == start),
            "tests/perft/{id}.perft has no entry for the start position"
        );
    }
    let variation = Options::parse("hj.walker.variation=true").unwrap();
    let start = RuleSetId::HjWalker.new_game(&variation).unwrap();
    assert!(
        entries("hj.walker-variation")
            .iter()
            .any(|e| e.game == start)
    );
    // Every file goes at least six plies deep somewhere: several turns, not just one.
    for name in tested {
        let deepest = entries(name).iter().map(|e| e.depths.len()).max();
        assert!(deepest >= Some(6), "{name}: no entry of 6 plies or more");
    }
}

/// The second way: the trace's action strings, parsed back and applied through the checked
/// API, on states read back from their position strings; `levels[k]` counts the states `k`
/// plies down, and the actions that reach them, each counted as it is played. Each state's
/// actions are distinct.
fn second_way(game: &AnyGame, levels: &mut [Counts]) {
    // A state read back from its position string plays on as the state itself: nothing the
    // string leaves out changes what follows.
    let game = AnyGame::from_position(&game.position()).expect("a state's own position string");
    let Some((here, below)) = levels.split_first_mut() else {
        return;
    };
    match game.status() {
        Status::Decide { .. } => here.decisions += 1,
        Status::Chance { .. } => here.chances += 1,
        Status::Over(_) => here.over += 1,
    }
    if below.is_empty() {
        return;
    }
    let tokens = legal_strings(&game);
    let distinct: HashSet<&String> = tokens.iter().collect();
    assert_eq!(
        distinct.len(),
        tokens.len(),
        "{}: an action listed twice: {tokens:?}",
        game.position()
    );
    assert_eq!(
        tokens.is_empty(),
        game.outcome().is_some(),
        "{}: actions only while the game is not over: {tokens:?}",
        game.position()
    );
    for (i, token) in tokens.iter().enumerate() {
        let mut child = game.clone();
        let action = play_token(&mut child, i, token)
            .unwrap_or_else(|e| panic!("{}: `{token}`: {e}", game.position()));
        match action {
            Action::Move(_) => below[0].moves += 1,
            Action::Chance(_) => below[0].outcomes += 1,
        }
        second_way(&child, below);
    }
}

#[test]
fn shallow_counts_agree_with_the_checked_api() {
    let mut checked = 0;
    for e in all_entries() {
        let shallow: Vec<_> = e
            .depths
            .iter()
            .take_while(|(_, c, _)| c.nodes() <= SECOND_WAY)
            .collect();
        let Some(&&(deepest, ..)) = shallow.last() else {
            continue;
        };
        // One walk counts every depth up to the deepest: levels[0] is the position itself.
        let mut levels = vec![Counts::default(); deepest as usize + 1];
        second_way(&e.game, &mut levels);
        for &&(depth, expected, line) in &shallow {
            let got = levels[depth as usize];
            assert_eq!(got, expected, "{} depth {depth} (line {line})", e.name());
            checked += 1;
        }
    }
    assert!(
        checked >= 100,
        "only {checked} counts checked the second way"
    );
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(64))]

    /// Beyond the files' positions: on states met in random games, under random options (the
    /// counts are not kept, so option values others change do not matter), `perft` agrees with
    /// the second way at every depth up to the deepest under [`SECOND_WAY`] nodes (at most 4).
    #[test]
    fn perft_agrees_with_the_checked_api_on_random_states(r in random_games(0..400)) {
        let g = r.end;
        let deepest = (1..=4)
            .take_while(|&d| perft(&g, d).nodes() <= SECOND_WAY)
            .last()
            .unwrap_or(0);
        let mut levels = vec![Counts::default(); deepest as usize + 1];
        second_way(&g, &mut levels);
        for (depth, got) in levels.iter().enumerate() {
            prop_assert_eq!(*got, perft(&g, depth as u32), "{} depth {}", g.position(), depth);
        }
    }
}

/// `divide` splits `perft` by the first action: its parts add up to the whole.
#[test]
fn divide_adds_up_to_perft() {
    for e in all_entries() {
        // The third depth, or the deepest where there are fewer.
        let (depth, expected, _) = e.depths[e.depths.len().min(3) - 1];
        let parts = divide(&e.game, depth);
        let sum = parts.iter().fold(Counts::default(), |s, &(_, c)| s + c);
        assert_eq!(sum, expected, "{}", e.name());
        assert_eq!(parts.len(), legal_strings(&e.game).len(), "{}", e.name());
    }
}

/// The `legal` list of the trace line of decision `index` (`{"i":N,…,"legal":[…]}`).
fn trace_legal(trace: &str, index: usize) -> Option<Vec<String>> {
    let head = format!("{{\"i\":{index},");
    let line = trace.lines().find(|l| l.starts_with(&head))?;
    let list = line.split("\"legal\":[").nth(1)?.split(']').next()?;
    Some(
        list.split(',')
            .map(|s| s.trim_matches('"').to_owned())
            .collect(),
    )
}

/// A position `from` a conformance game is that game's after its first PLY actions: a position
/// real play reaches. Where it is a decision, its moves are those the game's trace lists there
/// (the independent reference's), which is depth 1.
#[test]
fn positions_from_games_are_theirs() {
    let mut checked = 0;
    for e in all_entries() {
        let Some((game, ply)) = &e.from else { continue };
        let rules = e.game.rule_set();
        let path = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/conformance")
            .join(rules.key())
            .join(game);
        let text = fs::read_to_string(&path).unwrap_or_else(|err| panic!("{}: {err}", e.name()));
        let mut record = Record::parse(&text).unwrap();
        assert!(
            *ply <= record.actions.len(),
            "{}: ply past the end",
            e.name()
        );
        record.actions.truncate(*ply);
        let reached = replay(&record).unwrap().game;
        assert_eq!(reached.position(), e.game.position(), "{}", e.name());
        if let Status::Decide { .. } = e.game.status() {
            let trace = fs::read_to_string(path.with_extension("trace.jsonl")).unwrap();
            let legal = trace_legal(&trace, *ply)
                .unwrap_or_else(|| panic!("{}: no trace line {ply}", e.name()));
            assert_eq!(legal, legal_strings(&e.game), "{}", e.name());
            assert_eq!(legal.len() as u64, e.depths[0].1.moves, "{}", e.name());
        }
        checked += 1;
    }
    assert!(checked >= 20, "only {checked} positions from games");
}
