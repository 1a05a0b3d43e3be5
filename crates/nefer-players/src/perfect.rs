//! The `perfect` player of the pure races (`hj.french`, basic `hj.walker`): it plays the policy
//! that minimises its expected number of turns to finish, read from the exact one-sided table of
//! `nefer-tables`. The table is solved once per process on first use (about a second for `hj.french`, a few for `hj.walker`) and shared.

use std::sync::atomic::{AtomicBool, Ordering};
use std::sync::{Arc, OnceLock};

use nefer_core::options::Common;
use nefer_core::{AnyGame, Game, Move, Place, RuleSetId, Seat, Status};
use nefer_tables::race::{Ctx, Indexer, Race, RaceState, Solution, Step, solve, step_value};

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

    /// The index of `s` in the table's ranking.
    pub(crate) fn rank(&self, s: RaceState) -> usize {
        self.idx.rank(s) as usize
    }

    /// Every legal move of `game` with the expected number of turns its mover needs to finish
    /// after it (see [`move_values`]).
    ///
    /// # Panics
    /// If `game` does not wait for a decision; its race must be this table's.
    pub fn move_values(&self, game: &AnyGame) -> Vec<(Move, f64)> {
        let Status::Decide { seat, .. } = game.status() else {
            panic!("no decision is due");
        };
        sorted_moves(game)
            .into_iter()
            .map(|m| {
                let mut g = game.clone();
                g.play_unchecked(m);
                let n = race_state(&g, seat);
                if self.race.done(n) {
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
                (
                    m,
                    step_value(self.race.as_ref(), &self.idx, &self.expected, step),
                )
            })
            .collect()
    }

    /// The move of the table's policy in `game`: one of least expected turns, the first in
    /// notation order among equals.
    ///
    /// # Panics
    /// As [`move_values`](Solved::move_values).
    pub fn best_move(&self, game: &AnyGame) -> Move {
        let moves = sorted_moves(game);
        if moves.len() == 1 {
            return moves[0];
        }
        let mut best = (f64::INFINITY, moves[0]);
        for (m, v) in self.move_values(game) {
            if v < best.0 - 1e-12 {
                best = (v, m);
            }
        }
        best.1
    }
}

/// Solves the race of `id` (a pure race), keeping `max_turns` turns of each state's distribution
/// of turns to finish (1 when only the expected turns are wanted).
///
/// # Panics
/// If `id` is not a pure race.
pub(crate) fn solve_race(id: RuleSetId, max_turns: usize) -> (Solved, Solution) {
    let key = match id {
        RuleSetId::HjFrench => "hj.french",
        RuleSetId::HjWalker => "hj.walker",
        _ => panic!("{id} is not a pure race"),
    };
    let race = nefer_tables::race_for(key, 5, 29).expect("a pure race");
    let mut sol = solve(race.as_ref(), max_turns, &|_, _| {});
    let idx = Indexer::new(race.as_ref());
    let expected = std::mem::take(&mut sol.expected);
    (
        Solved {
            race,
            idx,
            expected,
        },
        sol,
    )
}

/// A race's table, once solved, and whether this process has started solving it.
struct Cell {
    table: OnceLock<Arc<Solved>>,
    started: AtomicBool,
}

impl Cell {
    const fn new() -> Cell {
        Cell {
            table: OnceLock::new(),
            started: AtomicBool::new(false),
        }
    }
}

static FRENCH: Cell = Cell::new();
static WALKER: Cell = Cell::new();

/// The cell of `id`'s table, `None` for a rule set that is not a pure race.
fn cell(id: RuleSetId) -> Option<&'static Cell> {
    match id {
        RuleSetId::HjFrench => Some(&FRENCH),
        RuleSetId::HjWalker => Some(&WALKER),
        _ => None,
    }
}

/// The keys of the rule sets whose races `perfect` plays (their default races: [`supports`]
/// says which games).
pub const RULE_SETS: &[&str] = &[RuleSetId::HjFrench.key(), RuleSetId::HjWalker.key()];

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

/// The solved table of `id`, solving it on first use (or taking the one the exact evaluator,
/// [`RaceTables`](crate::eval::RaceTables), has solved already).
///
/// # Panics
/// If `id` is not a pure race.
pub fn table(id: RuleSetId) -> Arc<Solved> {
    let cell = cell(id).unwrap_or_else(|| panic!("{id} is not a pure race"));
    cell.table
        .get_or_init(|| {
            crate::eval::tables::solved_race(id).unwrap_or_else(|| {
                cell.started.store(true, Ordering::SeqCst);
                Arc::new(solve_race(id, 1).0)
            })
        })
        .clone()
}

/// The solved table of `id` if this process has solved it already; never starts a solve.
///
/// For callers that must answer at once (the play server's hints): they use the table when it
/// is there and do without it otherwise.
pub fn solved(id: RuleSetId) -> Option<Arc<Solved>> {
    cell(id)
        .and_then(|c| c.table.get().cloned())
        .or_else(|| crate::eval::tables::solved_race(id))
}

/// Starts solving the table of `game`'s race in a background thread, once per process, so that
/// a later [`table`] need not wait for it; nothing for a game that [`supports`] refuses.
pub fn solve_in_background(game: &AnyGame) {
    if !supports(game) {
        return;
    }
    let id = game.rule_set();
    if let Some(cell) = cell(id)
        && !cell.started.swap(true, Ordering::SeqCst)
    {
        std::thread::spawn(move || {
            table(id);
        });
    }
}

/// Whether this process has started solving `id`'s table ([`solve_in_background`], or a
/// [`table`] that had to solve it).
pub fn solve_started(id: RuleSetId) -> bool {
    cell(id).is_some_and(|c| c.started.load(Ordering::SeqCst))
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
    assert!(
        supports(game),
        "the exact tables cover only hj.french and basic hj.walker"
    );
    table(game.rule_set()).move_values(game)
}

/// The player.
pub struct Perfect;

impl Player for Perfect {
    fn choose(&mut self, game: &AnyGame) -> Move {
        let moves = sorted_moves(game);
        if moves.len() == 1 {
            return moves[0];
        }
        assert!(
            supports(game),
            "the exact tables cover only hj.french and basic hj.walker"
        );
        table(game.rule_set()).best_move(game)
    }

    fn name(&self) -> String {
        "perfect".into()
    }
}
