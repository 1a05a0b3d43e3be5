//! Every player chooses only legal moves on every rule set, a seed reproduces its games, a time
//! cap ends a search, and the seeded choices are the pinned ones.

use std::fmt::Write as _;
use std::time::Duration;

use nefer_core::{AnyGame, Game, MoveList, Options, RuleSetId, Status};
use nefer_players::search::expectimax::Expectimax;
use nefer_players::search::mcts::Mcts;
use nefer_players::sim::{SimConfig, run};
use nefer_players::{Player, PlayerSpec, nth_by_notation};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

#[test]
fn every_player_plays_legal_moves_on_every_rule_set() {
    // `run` checks each choice in debug builds (the tests') and panics on an illegal one.
    let players = ["random", "greedy", "expectimax:depth=1", "mcts:iters=30"];
    for &rules in RuleSetId::ALL {
        for p in players {
            let cfg = SimConfig {
                rules,
                options: Options::new(),
                a: p.parse().unwrap(),
                b: PlayerSpec::Random,
                games: 2,
                seed: 11,
                duplicate: false,
            };
            let first = run(&cfg, &|_| {});
            assert_eq!(first.len(), 2);
            assert_eq!(
                first,
                run(&cfg, &|_| {}),
                "{rules} {p}: same seed, same games"
            );
        }
    }
}

#[test]
fn the_walker_variation_is_played_too() {
    let cfg = SimConfig {
        rules: RuleSetId::HjWalker,
        options: Options::parse("hj.walker.variation=true").unwrap(),
        a: PlayerSpec::Greedy,
        b: "expectimax:depth=1".parse().unwrap(),
        games: 4,
        seed: 2,
        duplicate: false,
    };
    assert_eq!(run(&cfg, &|_| {}).len(), 4);
}

/// Plays `plies` random actions (chances and moves) of `rules` from its start with `seed`, and
/// returns the last position that waits for a decision, if any came.
fn random_position(rules: RuleSetId, seed: u64, plies: u32) -> Option<AnyGame> {
    random_position_with(rules, &Options::new(), seed, plies, false)
}

/// As [`random_position`], under `options`, and with `only_choices` the last position with more
/// than one legal move.
fn random_position_with(
    rules: RuleSetId,
    options: &Options,
    seed: u64,
    plies: u32,
    only_choices: bool,
) -> Option<AnyGame> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = rules.new_game(options).unwrap();
    let mut last = None;
    let mut moves = MoveList::new();
    for _ in 0..plies {
        match g.status() {
            Status::Chance { .. } => {
                let c = g.sample_chance(&mut rng);
                g.play_chance(c).unwrap();
            }
            Status::Decide { .. } => {
                g.legal_moves(&mut moves);
                if !only_choices || moves.len() > 1 {
                    last = Some(g.clone());
                }
                // A rank in notation order, as the random player draws: the positions do not
                // depend on the order of the generator.
                let m = nth_by_notation(&moves, rng.random_range(0..moves.len()));
                g.play(m).unwrap();
            }
            Status::Over(_) => break,
        }
    }
    last
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(40))]

    /// From positions deep in random games, where captures, blocks, lines and bonus throws have
    /// come up, every kind of player and the levels up to `hard` answer with a legal move.
    #[test]
    fn players_choose_legal_moves_from_random_positions(
        rules in 0..RuleSetId::ALL.len(),
        seed: u64,
        plies in 1u32..600,
    ) {
        let rules = RuleSetId::ALL[rules];
        if let Some(g) = random_position(rules, seed, plies) {
            let mut legal = MoveList::new();
            g.legal_moves(&mut legal);
            for spec in ["random", "greedy", "medium", "hard", "mcts:iters=60"] {
                let spec: PlayerSpec = spec.parse().unwrap();
                let m = spec.build(seed).choose(&g);
                prop_assert!(legal.contains(&m), "{rules} {spec}: {m} is not legal in {g:?}");
                // The same seed chooses the same move again.
                prop_assert_eq!(m, spec.build(seed).choose(&g), "{} {}", rules, spec);
            }
        }
    }
}

/// A position of `senet.kendall` after 40 random actions, waiting for a decision with a choice.
fn kendall_middle_game() -> AnyGame {
    (0..)
        .filter_map(|seed| random_position(RuleSetId::SenetKendall, seed, 40))
        .find(|g| {
            let mut m = MoveList::new();
            g.legal_moves(&mut m);
            m.len() > 1
        })
        .unwrap()
}

#[test]
fn a_time_cap_stops_a_search_that_would_not_end_and_keeps_the_deepest_finished_depth() {
    let g = kendall_middle_game();
    let mut legal = MoveList::new();
    g.legal_moves(&mut legal);
    // Depth 12 would take days (each decision level costs about ten times the one before).
    let mut capped = Expectimax::new(12, Some(Duration::from_millis(200)), 0);
    let m = capped.choose(&g);
    assert!(legal.contains(&m));
    let depth = capped.completed_depth;
    assert!((1..12).contains(&depth), "completed depth {depth}");
    // The move is the one a search to exactly that depth chooses.
    assert_eq!(m, Expectimax::new(depth, None, 0).choose(&g));

    let mut mcts = Mcts::new(10_000_000, Some(Duration::from_millis(200)), 3);
    let m = mcts.choose(&g);
    assert!(legal.contains(&m));
    assert!(mcts.total_iterations < 10_000_000);
}

// The players' seeded choices, pinned: from fixed positions of every rule set (and the options
// whose evaluation differs), each searching player's move and, for expectimax, the value of its
// best move to 9 decimals, as the code chose them before the `Evaluator` trait
// (`tests/pinned_choices.txt`). A refactoring of the searches or evaluations that changes play
// fails here. After a change meant to change play, rewrite the file with
// `NEFER_BLESS=1 cargo test -p nefer-players --test players seeded` and say why in the commit.

/// One line per (rule set, options, seed, plies, player): the move chosen, and the expectimax
/// values.
fn choices() -> String {
    let mut cases: Vec<(RuleSetId, &str)> = RuleSetId::ALL.iter().map(|&r| (r, "")).collect();
    // The fallback evaluations of the races: Walker's circuit, a French track the fit does not
    // know.
    cases.push((RuleSetId::HjWalker, "hj.walker.variation=true"));
    cases.push((
        RuleSetId::HjFrench,
        "hj.french.hole_30=stay_then_exit_on_any",
    ));
    let players = [
        "greedy",
        "expectimax:depth=2",
        "expectimax:depth=3",
        "mcts:iters=200",
    ];
    let mut out = String::new();
    for (rules, opts) in cases {
        let options = Options::parse(opts).unwrap();
        for seed in 0..4u64 {
            for plies in [12u32, 50, 120, 250] {
                let Some(g) = random_position_with(rules, &options, seed, plies, true) else {
                    continue;
                };
                write!(out, "{rules} [{opts}] seed={seed} plies={plies}:").unwrap();
                for p in players {
                    let spec: PlayerSpec = p.parse().unwrap();
                    let m = spec.build(seed).choose(&g);
                    write!(out, " {p}={m}").unwrap();
                }
                let analysed = Expectimax::new(3, None, 0).analyse(&g);
                write!(out, " value3={:.9}", analysed[0].1).unwrap();
                // Depth 4 (the `expert` level) on the shallower positions only: it costs more.
                if plies <= 50 {
                    let analysed = Expectimax::new(4, None, 0).analyse(&g);
                    write!(out, " best4={} value4={:.9}", analysed[0].0, analysed[0].1).unwrap();
                }
                out.push('\n');
            }
        }
    }
    out
}

#[test]
fn seeded_choices_are_the_pinned_ones() {
    let path = concat!(env!("CARGO_MANIFEST_DIR"), "/tests/pinned_choices.txt");
    let got = choices();
    if std::env::var_os("NEFER_BLESS").is_some() {
        std::fs::write(path, &got).unwrap();
        return;
    }
    let want = std::fs::read_to_string(path).expect("tests/pinned_choices.txt");
    for (i, (g, w)) in got.lines().zip(want.lines()).enumerate() {
        assert_eq!(g, w, "line {}", i + 1);
    }
    assert_eq!(got.lines().count(), want.lines().count());
}
