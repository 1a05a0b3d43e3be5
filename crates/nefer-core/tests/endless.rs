//! Games that cannot end (`nefer_core::endless`): the search's answers on positions that end,
//! on one that cannot and with a budget too small to tell, and the guard that stops such a
//! game and leaves every other game as it was.

use nefer_core::endless::{
    GUARD_TURNS, Reach, STATE_BUDGET, Stopped, can_end, guarded_random_playout,
};
use nefer_core::{AnyGame, Game, Options, RuleSetId, random_playout};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

/// Washburne under two d4: B can never move, and A's one free piece goes round from R20
/// to R7 and back by the line from R7 with a 1, for ever (found by `nefer sim`, game 650 of
/// seed 1). A can always move, so it is no jam (C-8).
const ROUND_FOR_EVER: &str = "hj.washburne[dice=two_d4] A:R7,R5,R4,R3,R2 B:R1,L4,L3,L2,L1 B throw";

fn position(s: &str) -> AnyGame {
    s.parse().unwrap_or_else(|e| panic!("{s}: {e}"))
}

#[test]
fn a_piece_going_round_for_ever_cannot_end() {
    let g = position(ROUND_FOR_EVER);
    assert_eq!(can_end(&g, STATE_BUDGET), Reach::CannotEnd);
    // The same a thousand turns on: the count is no part of the position searched.
    let mut later = g.clone();
    let (_, stopped) = guarded_random_playout(&mut later, &mut ChaCha8Rng::seed_from_u64(5));
    assert_eq!(stopped, Some(Stopped::CannotEnd));
    assert_eq!(can_end(&later, STATE_BUDGET), Reach::CannotEnd);
}

#[test]
fn a_budget_too_small_cannot_tell() {
    let g = position(ROUND_FOR_EVER);
    for budget in [0, 1, 5] {
        assert_eq!(can_end(&g, budget), Reach::Unknown, "budget {budget}");
    }
}

#[test]
fn a_turn_cap_ends_any_game() {
    let g = position(
        "hj.washburne[dice=two_d4,max_turns=50] A:R7,R5,R4,R3,R2 B:R1,L4,L3,L2,L1 B throw",
    );
    assert_eq!(can_end(&g, 0), Reach::CanEnd);
}

/// Every rule set under its defaults, and a few options that change how its games go.
fn games() -> Vec<AnyGame> {
    let mut v: Vec<AnyGame> = RuleSetId::ALL
        .iter()
        .map(|r| r.new_game(&Options::new()).unwrap())
        .collect();
    for (r, o) in [
        (RuleSetId::HjWashburne, "hj.washburne.dice=two_d4"),
        (RuleSetId::HjWalker, "hj.walker.variation=true"),
        (
            RuleSetId::SenetKendall,
            "senet.kendall.throw_mode=accumulate",
        ),
    ] {
        v.push(r.new_game(&Options::parse(o).unwrap()).unwrap());
    }
    v
}

#[test]
fn ordinary_positions_of_every_rule_set_can_end() {
    for start in games() {
        let mut rng = ChaCha8Rng::seed_from_u64(11);
        // The start, and positions a few random decisions in.
        for k in [0, 7, 40] {
            let mut g = start.clone();
            for _ in 0..k {
                if g.outcome().is_some() {
                    break;
                }
                match g.status() {
                    nefer_core::Status::Chance { .. } => {
                        g.play_chance_unchecked(g.sample_chance(&mut rng))
                    }
                    _ => {
                        let mut moves = nefer_core::MoveList::new();
                        g.legal_moves(&mut moves);
                        g.play_unchecked(moves[k % moves.len()]);
                    }
                }
            }
            assert_eq!(can_end(&g, 0), Reach::CanEnd, "{g}");
        }
    }
}

/// A game that ends is played as without the guard, draw for draw.
#[test]
fn the_guard_leaves_games_that_end_as_they_were() {
    for start in games() {
        for seed in 0..20 {
            let (mut plain, mut guarded) = (start.clone(), start.clone());
            let d = random_playout(&mut plain, &mut ChaCha8Rng::seed_from_u64(seed));
            let (g, stopped) =
                guarded_random_playout(&mut guarded, &mut ChaCha8Rng::seed_from_u64(seed));
            assert_eq!(
                (g, stopped, &guarded),
                (d, None, &plain),
                "{start} seed {seed}"
            );
        }
    }
}

/// The guard stops the game going round at its first check, before the throw due.
#[test]
fn the_guard_stops_a_game_that_cannot_end_at_its_first_check() {
    let mut g = position(ROUND_FOR_EVER);
    let (decisions, stopped) = guarded_random_playout(&mut g, &mut ChaCha8Rng::seed_from_u64(1));
    assert_eq!(stopped, Some(Stopped::CannotEnd));
    assert_eq!(g.turns(), GUARD_TURNS);
    assert!(g.outcome().is_none() && decisions > 0);
    assert!(matches!(g.status(), nefer_core::Status::Chance { .. }));
}

/// R-17 (C-7): the cap draws the game at the end of the turn that brings the count to N. The
/// clock has then begun turn N + 1 (`turns`); the game played N (`turns_played`, what
/// statistics report), and its end says it was the cap.
#[test]
fn a_capped_game_played_exactly_its_cap() {
    let g = position(
        "hj.washburne[dice=two_d4,max_turns=50] A:R7,R5,R4,R3,R2 B:R1,L4,L3,L2,L1 B throw",
    );
    let mut g = g.clone();
    let (_, stopped) = guarded_random_playout(&mut g, &mut ChaCha8Rng::seed_from_u64(5));
    assert_eq!(stopped, None);
    assert_eq!(g.outcome(), Some(nefer_core::Outcome::Draw));
    assert_eq!((g.turns(), g.turns_played()), (51, 50));
    let end = nefer_core::facts::end(&g).expect("over");
    assert_eq!(
        end.reason,
        nefer_core::facts::EndReason::TurnCap { turns: 50 }
    );
    // An uncapped game's length is its clock's.
    let mut free = RuleSetId::SenetKendall.new_game(&Options::new()).unwrap();
    random_playout(&mut free, &mut ChaCha8Rng::seed_from_u64(3));
    assert_eq!(free.turns_played(), free.turns());
}
