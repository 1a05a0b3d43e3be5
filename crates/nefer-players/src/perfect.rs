//! The `perfect` player of the pure races (`hj.french`, basic `hj.walker`): it plays the policy
//! that minimises its expected number of turns to finish, read from the exact one-sided table of
//! `nefer-tables`. The table is solved once per process on first use (about a minute) and shared.

use std::sync::{Arc, OnceLock};

use nefer_core::options::Common;
use nefer_core::{AnyGame, Game, Move, Place, RuleSetId, Seat, Status};
use nefer_tables::race::{Ctx, Indexer, Race, RaceState, Step, solve, step_value};

use crate::{Player, sorted_moves};

/// A solved race: the model, its ranking and the expected turns of every state.
pub struct Solved {
    race: Box<dyn Race>,
    idx: Indexer,
    expected: Vec<f64>,
}

impl Solved {
    /// Expected turns to finish from the start of a turn in `s`.
    pub fn expected(&self, s: RaceState) -> f64 {
        self.expected[self.idx.rank(s) as usize]
    }
}

static FRENCH: OnceLock<Arc<Solved>> = OnceLock::new();
static WALKER: OnceLock<Arc<Solved>> = OnceLock::new();

/// Whether `perfect` can play this game: a pure race (not Walker's circuit variation, and the
/// track of the default options: `standard_race`) as its
/// table solves it, with fair sticks and compulsory moves (a race where one may pass is another
/// race). A turn cap (C-7) leaves the race as it is.
pub fn supports(g: &AnyGame) -> bool {
    let solved_race = |c: &Common| c.bias.is_fair() && !c.may_pass;
    match g {
        // The tables model the default races only: options that change the track (lines,
        // bearing off, point 30, ...) make another race.
        AnyGame::HjFrench(s) => s.standard_race() && solved_race(s.common()),
        AnyGame::HjWalker(s) => s.standard_race() && solved_race(s.common()),
        _ => false,
    }
}

/// The solved table of `id`, solving it on first use.
///
/// # Panics
/// If `id` is not a pure race.
pub fn table(id: RuleSetId) -> Arc<Solved> {
    let (cell, key) = match id {
        RuleSetId::HjFrench => (&FRENCH, "hj.french"),
        RuleSetId::HjWalker => (&WALKER, "hj.walker"),
        _ => panic!("{id} is not a pure race"),
    };
    cell.get_or_init(|| {
        let race = nefer_tables::race_for(key, 5, 29).expect("a pure race");
        let sol = solve(race.as_ref(), 1, &|_, _| {});
        let idx = Indexer::new(race.as_ref());
        Arc::new(Solved {
            race,
            idx,
            expected: sol.expected,
        })
    })
    .clone()
}

/// The solved table of `id` if this process has solved it already; never starts a solve.
///
/// For callers that must answer at once (the play server's hints): they use the table when it
/// is there and do without it otherwise.
pub fn solved(id: RuleSetId) -> Option<Arc<Solved>> {
    match id {
        RuleSetId::HjFrench => FRENCH.get().cloned(),
        RuleSetId::HjWalker => WALKER.get().cloned(),
        _ => None,
    }
}

/// The race state of `seat` in `g`.
pub fn race_state(g: &AnyGame, seat: Seat) -> RaceState {
    match g {
        AnyGame::HjFrench(s) => RaceState {
            holes: s.holes_of(seat).fold(0, |m, n| m | 1 << n),
            hand: s.in_hand(seat),
            at_end: 0,
            off: s.out(seat),
        },
        AnyGame::HjWalker(s) => {
            let idx = s.indices_of(seat);
            RaceState {
                holes: idx.iter().filter(|&&i| i < 30).fold(0, |m, &n| m | 1 << n),
                hand: s.in_hand(seat),
                at_end: idx.iter().filter(|&&i| i == 30).count() as u8,
                off: s.borne_off(seat),
            }
        }
        _ => panic!("not a pure race"),
    }
}

/// Every legal move of `game` with the expected number of turns its mover needs to finish after
/// it, under the optimal policy (the exact table's value; 0 for a finished race). Lower is
/// better; `perfect` plays a move of least value.
///
/// # Panics
/// If `game` is not a pure race waiting for a decision.
pub fn move_values(game: &AnyGame) -> Vec<(Move, f64)> {
    let Status::Decide { seat, .. } = game.status() else {
        panic!("no decision is due");
    };
    assert!(
        supports(game),
        "the exact tables cover only hj.french and basic hj.walker"
    );
    let t = table(game.rule_set());
    sorted_moves(game)
        .into_iter()
        .map(|m| {
            let mut g = game.clone();
            g.play_unchecked(m);
            let n = race_state(&g, seat);
            if t.race.done(n) {
                return (m, 0.0);
            }
            // A bonus throw follows an entry (both) or a stop on 15 or 25 (French), for the
            // same piece in French.
            let bonus = matches!(g.status(), Status::Chance { seat: Some(s) } if s == seat);
            let step = if bonus {
                let ctx = match (game, m) {
                    (
                        AnyGame::HjFrench(_),
                        Move::Go {
                            to: Place::Hole(_, h),
                            ..
                        },
                    ) => Ctx::Bonus(h),
                    _ => Ctx::Bonus(0),
                };
                Step::Again(n, ctx)
            } else {
                Step::End(n)
            };
            (m, step_value(t.race.as_ref(), &t.idx, &t.expected, step))
        })
        .collect()
}

/// The player.
pub struct Perfect;

impl Player for Perfect {
    fn choose(&mut self, game: &AnyGame) -> Move {
        let moves = sorted_moves(game);
        if moves.len() == 1 {
            return moves[0];
        }
        let mut best = (f64::INFINITY, moves[0]);
        for (m, v) in move_values(game) {
            if v < best.0 - 1e-12 {
                best = (v, m);
            }
        }
        best.1
    }

    fn name(&self) -> String {
        "perfect".into()
    }
}
