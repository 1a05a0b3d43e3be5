//! Every player chooses only legal moves on every rule set, a seed reproduces its games, and a
//! time cap ends a search.

use std::time::Duration;

use nefer_core::{AnyGame, Game, MoveList, Options, RuleSetId, Status};
use nefer_players::expectimax::Expectimax;
use nefer_players::mcts::Mcts;
use nefer_players::sim::{SimConfig, run};
use nefer_players::{Player, PlayerSpec};
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
            };
            let first = run(&cfg, &|| {});
            assert_eq!(first.len(), 2);
            assert_eq!(
                first,
                run(&cfg, &|| {}),
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
    };
    assert_eq!(run(&cfg, &|| {}).len(), 4);
}

/// Plays `plies` random actions (chances and moves) of `rules` from its start with `seed`, and
/// returns the last position that waits for a decision, if any came.
fn random_position(rules: RuleSetId, seed: u64, plies: u32) -> Option<AnyGame> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let mut g = rules.new_game(&Options::new()).unwrap();
    let mut last = None;
    let mut moves = MoveList::new();
    for _ in 0..plies {
        match g.status() {
            Status::Chance { .. } => {
                let c = g.sample_chance(&mut rng);
                g.play_chance(c).unwrap();
            }
            Status::Decide { .. } => {
                last = Some(g.clone());
                g.legal_moves(&mut moves);
                let m = moves[rng.random_range(0..moves.len())];
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
