//! The search players ask their evaluator and nothing else: a test double ([`FakeEvaluator`])
//! dictates their choices, against what the hand-written evaluation would choose.

use std::sync::Arc;

use nefer_core::{AnyGame, Chance, Game, Move, MoveList, Options, RuleSetId, Seat, Throw};
use nefer_players::eval::{Evaluator, FakeEvaluator, HandWritten};
use nefer_players::search::expectimax::Expectimax;
use nefer_players::search::greedy::Greedy;
use nefer_players::search::mcts::Mcts;
use nefer_players::{Player, PlayerSpec};

fn legal(g: &AnyGame) -> MoveList {
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    moves
}

fn mv(s: &str) -> Move {
    s.parse().unwrap()
}

/// A French race, A to play a 1: 5 → 6 takes the shortcut to 20 (+15 holes), 14 → 15 earns a
/// bonus throw, the others step one hole.
fn french_with_a_one() -> AnyGame {
    "hj.french A:L5,L12,L14,L16,L18 B:R3,R4,R7,R9,R11 A 1"
        .parse()
        .unwrap()
}

/// A fake that values a race backwards: the less a seat has advanced, the better for it.
fn backwards() -> FakeEvaluator {
    FakeEvaluator::from_fn(|g, seat| {
        let AnyGame::HjFrench(s) = g else {
            unreachable!()
        };
        let progress = |x: Seat| {
            f64::from(s.holes_of(x).map(u32::from).sum::<u32>() + 30 * u32::from(s.out(x)))
        };
        ((progress(seat.other()) - progress(seat)) / 40.0).tanh() * 0.999
    })
}

/// The moves that advance least: one hole, no shortcut, no bonus.
fn least_advancing() -> [Move; 3] {
    [mv("L12-L13"), mv("L16-L17"), mv("L18-L19")]
}

#[test]
fn the_hand_written_searches_take_the_shortcut() {
    let g = french_with_a_one();
    assert!(legal(&g).contains(&mv("L5-L20")));
    for spec in ["greedy", "expectimax:depth=2", "mcts:iters=1000"] {
        let m = spec.parse::<PlayerSpec>().unwrap().build(3).choose(&g);
        assert!(!least_advancing().contains(&m), "{spec} chose {m}");
    }
}

#[test]
fn greedy_plays_the_move_the_double_scripts() {
    let g = french_with_a_one();
    // Scripted per move: the position after 12 → 13 is the best, everything else even.
    let mut fake = FakeEvaluator::with_default(0.0);
    fake.insert_after(&g, mv("L12-L13"), Seat::A, 0.5);
    let fake = Arc::new(fake);
    let mut p = Greedy::with_evaluator(fake.clone(), 1);
    assert_eq!(p.choose(&g), mv("L12-L13"));
    // One value asked per legal move, and no other evaluation consulted.
    assert_eq!(fake.calls(), legal(&g).len() as u64);
    assert_eq!(p.name(), "greedy+fake");

    let mut p = Greedy::with_evaluator(backwards(), 1);
    assert!(least_advancing().contains(&p.choose(&g)));
}

#[test]
fn expectimax_plays_the_move_the_double_dictates() {
    let g = french_with_a_one();
    // (Deeper, the bonus of 14 → 15 brings A's next decision within the horizon as the other
    // moves do: its cost to a backwards race no longer shows.)
    for depth in [1, 2] {
        let mut p = Expectimax::with_evaluator(backwards(), depth, None, 0);
        let m = p.choose(&g);
        assert!(least_advancing().contains(&m), "depth {depth}: {m}");
    }
    // A position scripted alone decides where the search reaches it: at depth 1 the leaves are
    // A's opponent's decisions, after the move and B's throw.
    let fake = Arc::new(FakeEvaluator::with_default(0.0));
    let mut x = Expectimax::with_evaluator(fake.clone(), 1, None, 0);
    let analysed = x.analyse(&g);
    assert!(analysed.iter().all(|&(_, v)| v == 0.0), "{analysed:?}");
    assert!(fake.calls() > 0);
    assert_eq!(x.name(), "expectimax:depth=1+fake");
}

#[test]
fn mcts_values_its_leaves_with_the_double() {
    let g = french_with_a_one();
    // Far from the end, no rollout of 24 decisions finishes a game: every leaf is the double's,
    // so every root move's mean is its value for A, exactly.
    for v in [0.4, -0.7] {
        let fake = Arc::new(FakeEvaluator::with_default(v));
        let mut p = Mcts::with_evaluator(fake.clone(), 300, None, 5);
        let analysed = p.analyse(&g);
        for &(m, visits, mean) in &analysed {
            assert!(visits > 0, "{m}");
            assert!((mean - v).abs() < 1e-12, "{m}: {mean} for {v}");
        }
        // One leaf valued per iteration.
        assert_eq!(fake.calls(), 300);
    }
    let mut p = Mcts::with_evaluator(backwards(), 2000, None, 5);
    let m = p.choose(&g);
    assert!(least_advancing().contains(&m), "{m}");
}

#[test]
fn a_shared_hand_written_evaluator_plays_as_the_levels_do() {
    // `build_with` behind an `Arc<dyn Evaluator>` chooses what `build` chooses.
    let shared: Arc<dyn Evaluator> = Arc::new(HandWritten);
    for &rules in RuleSetId::ALL {
        let mut g = rules.new_game(&Options::new()).unwrap();
        let mut rng_throw = 2u8;
        let mut decisions = 0;
        while decisions < 6 {
            match g.status() {
                nefer_core::Status::Chance { seat } => {
                    rng_throw = rng_throw % 5 + 1;
                    let c = match seat {
                        Some(_) => Chance::Throw(Throw::new(rng_throw).unwrap()),
                        None => Chance::Seat(Seat::A),
                    };
                    g.play_chance(c).unwrap();
                }
                nefer_core::Status::Decide { .. } => {
                    for spec in ["greedy", "expectimax:depth=2", "mcts:iters=100"] {
                        let spec: PlayerSpec = spec.parse().unwrap();
                        let plain = spec.build(4).choose(&g);
                        let dyn_ = spec.build_with(4, shared.clone()).choose(&g);
                        assert_eq!(plain, dyn_, "{rules} {spec}");
                    }
                    let m = PlayerSpec::Greedy.build(4).choose(&g);
                    g.play(m).unwrap();
                    decisions += 1;
                }
                nefer_core::Status::Over(_) => break,
            }
        }
    }
    assert_eq!(
        PlayerSpec::Mcts {
            iterations: 10,
            time: None
        }
        .build_with(0, shared)
        .name(),
        "mcts:iters=10"
    );
}
