//! The players' seeded choices, pinned: from fixed positions of every rule set (and the options
//! whose evaluation differs), each searching player's move and, for expectimax, the value of its
//! best move to 9 decimals, as the code chose them when this file was written
//! (`tests/pinned_choices.txt`). A refactoring of the searches or evaluations that changes play
//! fails here. After a change that is meant to change play, rewrite the file with
//! `NEFER_BLESS=1 cargo test -p nefer-players --test pinned` and say why in the commit.

use std::fmt::Write as _;

use nefer_core::{AnyGame, Game, MoveList, Options, RuleSetId, Status};
use nefer_players::PlayerSpec;
use nefer_players::expectimax::Expectimax;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Plays `plies` random actions of `rules` from its start and returns the last position waiting
/// for a decision with more than one legal move.
fn position(rules: RuleSetId, options: &Options, seed: u64, plies: u32) -> Option<AnyGame> {
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
                if moves.len() > 1 {
                    last = Some(g.clone());
                }
                let m = moves[rng.random_range(0..moves.len())];
                g.play(m).unwrap();
            }
            Status::Over(_) => break,
        }
    }
    last
}

/// One line per (rule set, options, seed, plies, player): the move chosen, and the expectimax
/// values.
fn choices() -> String {
    let mut cases: Vec<(RuleSetId, &str)> = RuleSetId::ALL.iter().map(|&r| (r, "")).collect();
    // The fallback evaluations of the races: Walker's circuit, a French track the fit does not
    // know.
    cases.push((RuleSetId::HjWalker, "hj.walker.variation=true"));
    cases.push((RuleSetId::HjFrench, "hj.french.hole_30=stay_then_exit_on_any"));
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
                let Some(g) = position(rules, &options, seed, plies) else {
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
