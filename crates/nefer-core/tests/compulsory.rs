//! C-2 `compulsory_move=false`, in every rule set: a player may pass although he could move, and
//! a pass then does what it does when no move exists: the throw is lost and the turn ends.

use nefer_core::{
    Action, Chance, Family, Game, Move, MoveList, Options, RuleSetId, Seat, Status, Throw,
};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn not_compulsory(id: RuleSetId) -> Options {
    Options::parse(&format!("{}.compulsory_move=false", id.key())).unwrap()
}

#[test]
fn every_throw_may_be_passed_and_a_pass_loses_it() {
    for &id in RuleSetId::ALL {
        let mut g = id.new_game(&not_compulsory(id)).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(3);
        let mut moves = MoveList::new();
        let mut declined = 0;
        for _ in 0..20_000 {
            match g.status() {
                Status::Chance { .. } => {
                    let c = g.sample_chance(&mut rng);
                    g.play_chance(c).unwrap();
                }
                Status::Decide { seat, throw } => {
                    g.legal_moves(&mut moves);
                    if throw.is_none() {
                        // Kendall's water choice uses no throw: nothing to pass.
                        assert!(!moves.contains(&Move::Pass), "{id}");
                    } else {
                        assert!(moves.contains(&Move::Pass), "{id}: {moves:?}");
                    }
                    let m = moves[rng.random_range(0..moves.len())];
                    if m == Move::Pass && moves.len() > 1 {
                        let layout = g.layout();
                        g.play(m).unwrap();
                        declined += 1;
                        assert_eq!(g.layout(), layout, "{id}: a pass moves nothing");
                        // In the Senets some throws earn another throw even when lost
                        // (KE-21, SB-8), so only a 2 or a 3 surely ends the turn there.
                        let ends = id.family() == Family::HoundsAndJackals
                            || throw.is_some_and(|t| (2..=3).contains(&t.value()));
                        let next = g.status();
                        if ends && !matches!(next, Status::Over(_)) {
                            // The other seat throws, or first makes Kendall's water choice.
                            let theirs = match next {
                                Status::Chance { seat: s } => s == Some(seat.other()),
                                Status::Decide { seat: s, throw } => {
                                    s == seat.other() && throw.is_none()
                                }
                                Status::Over(_) => true,
                            };
                            assert!(theirs, "{id}: the turn passes on, not {next:?}");
                        }
                    } else {
                        g.play(m).unwrap();
                    }
                }
                Status::Over(_) => break,
            }
        }
        assert!(g.outcome().is_some(), "{id}: the game ends");
        assert!(declined > 0, "{id}: some move was declined");
    }
}

#[test]
fn by_default_a_player_who_can_move_must() {
    for &id in RuleSetId::ALL {
        let mut g = id.new_game(&Options::new()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        let mut moves = MoveList::new();
        while !matches!(g.status(), Status::Over(_)) {
            let a = match g.status() {
                Status::Chance { .. } => Action::Chance(g.sample_chance(&mut rng)),
                _ => {
                    g.legal_moves(&mut moves);
                    if moves.contains(&Move::Pass) {
                        assert_eq!(moves.len(), 1, "{id}: pass only when nothing moves");
                    }
                    Action::Move(moves[rng.random_range(0..moves.len())])
                }
            };
            g.apply(a).unwrap();
        }
    }
    // `pass` is refused where a piece can move.
    let mut g = RuleSetId::SenetKendall.new_game(&Options::new()).unwrap();
    g.play_chance(Chance::Throw(Throw::new(2).unwrap()))
        .unwrap();
    assert!(g.play(Move::Pass).is_err());
}

#[test]
fn kendall_green_may_decline_his_first_two() {
    let id = RuleSetId::SenetKendall;
    let mut g = id.new_game(&not_compulsory(id)).unwrap();
    g.play_chance(Chance::Throw(Throw::new(2).unwrap()))
        .unwrap();
    let mut moves = MoveList::new();
    g.legal_moves(&mut moves);
    let strings: Vec<String> = moves.iter().map(|m| m.to_string()).collect();
    assert_eq!(strings, ["14-16", "pass"]);
    g.play(Move::Pass).unwrap();
    assert_eq!(
        g.status(),
        Status::Chance {
            seat: Some(Seat::B)
        }
    );
}
