//! The exact race tables as an evaluator: the chances of `hj.french` and basic `hj.walker`
//! positions when both seats play the tables' policy (the one minimising each seat's expected
//! turns to finish, [`crate::perfect`]).
//!
//! The players of a pure race never meet, so a game is two independent races with alternating
//! turns. The one-sided solve of `nefer-tables` gives, for every race state, the distribution of
//! the turns its seat still needs under the policy, `D(k) = P(T = k)`. When seat `z` begins a
//! turn against `w`, `z`'s `k`-th turn comes before `w`'s, so
//!
//! ```text
//! P(z wins) = Σ_k D_z(k) · P(T_w ≥ k)
//! ```
//!
//! and with a turn cap (C-7) the sum stops at `z`'s last turn before the cap, `w` wins by the
//! same sum shifted by a turn, and the rest is the draw. Who throws next and the bonus throws are
//! the engine's business: from any position the evaluator plays the policy's move at a decision
//! and averages over the throws, through the engine itself, until a turn begins (a throw of the
//! other seat), where the sum above applies. Before the first turn (who starts is still being
//! thrown for, FR-1 `simultaneous` throws again on two 1s or none) it solves the few states of
//! the opening together.
//!
//! **Exactness.** The values are exact for the tables' policy up to the distributions' storage:
//! `f32` probabilities, and each state's distribution cut where less than [`TRIM`] of mass lies
//! beyond either end ([`RaceTables::left_out`] reports the largest mass any state leaves out,
//! about 1e-7); so a value is within about 1e-6 of the policy's exact chances. Where two moves
//! need the same expected turns the policy takes the first in notation order, as `perfect`
//! plays. The policy minimises expected turns, not the loss of the game: a seat far behind would
//! do a little better by gambling (`nefer_tables::pair`), so these are the chances of `perfect`
//! against `perfect`, not of the best possible play.
//!
//! **Cost.** The solve keeps every state's distribution: about 50 MB for `hj.french` and 340 MB
//! for `hj.walker` (its turns to come spread widely: a piece on point 30 waits for a 5), solved
//! once per process on first use in about the time of the `perfect` table's solve, which then
//! reuses it.

use std::sync::{Arc, OnceLock};

use nefer_core::options::Common;
use nefer_core::{AnyGame, Game, RuleSetId, Seat, Status};

use super::{Chances, Evaluator, unsupported};
use crate::perfect::{self, Solved, race_state};

/// Turns of distribution kept per state from the solve of `hj.french`: from the start
/// P(T ≥ 100) = 2.8e-6, and the tail falls by more than half every two turns beyond.
const FRENCH_TURNS: usize = 192;
/// Turns kept per state in basic `hj.walker`: from the start P(T ≥ 400) = 5.4e-7 and
/// P(T ≥ 600) = 7e-12.
const WALKER_TURNS: usize = 512;
/// Probability mass a state's stored distribution may leave out at each end.
pub const TRIM: f64 = 5e-8;

/// No chances yet: the start of a weighted sum.
const ZERO: Chances = Chances {
    win: 0.0,
    draw: 0.0,
};

/// Every state's distribution of turns to finish, each cut to the window that carries its mass.
struct Dists {
    /// `start[i]..start[i + 1]`: state `i`'s window in `p`.
    start: Vec<u32>,
    /// The turn of each window's first value.
    first: Vec<u16>,
    /// P(finish on exactly turn k), window after window.
    p: Vec<f32>,
    /// The largest mass a window leaves out.
    left_out: f64,
}

impl Dists {
    /// From the solve's layout (`dist[i * (max_turns + 1) + k]` = P(T = k), the last slot the
    /// tail), keeping each state's window without `trim` of mass at either end.
    fn new(dist: &[f32], max_turns: usize, trim: f64) -> Dists {
        let stride = max_turns + 1;
        let n = dist.len() / stride;
        let slots = |i: usize| &dist[i * stride..i * stride + max_turns];
        // The windows first, to allocate the values once (Walker's are 340 MB).
        let windows: Vec<(usize, usize)> = (0..n)
            .map(|i| {
                let d = slots(i);
                let (mut lo, mut cut) = (0, 0.0);
                while lo < d.len() && cut + f64::from(d[lo]) < trim {
                    cut += f64::from(d[lo]);
                    lo += 1;
                }
                let (mut hi, mut cut) = (d.len(), 0.0);
                while hi > lo && cut + f64::from(d[hi - 1]) < trim {
                    cut += f64::from(d[hi - 1]);
                    hi -= 1;
                }
                (lo, hi)
            })
            .collect();
        let total = windows.iter().map(|&(lo, hi)| hi - lo).sum();
        let mut out = Dists {
            start: Vec::with_capacity(n + 1),
            first: Vec::with_capacity(n),
            p: Vec::with_capacity(total),
            left_out: 0.0,
        };
        out.start.push(0);
        for (i, &(lo, hi)) in windows.iter().enumerate() {
            let kept = &slots(i)[lo..hi];
            let mass: f64 = kept.iter().map(|&x| f64::from(x)).sum();
            out.left_out = out.left_out.max(1.0 - mass);
            out.first
                .push(u16::try_from(lo).expect("max_turns fits u16"));
            out.p.extend_from_slice(kept);
            out.start
                .push(u32::try_from(out.p.len()).expect("fewer than 2^32 values"));
        }
        out
    }

    /// The first turn of state `i`'s window and its probabilities.
    #[inline]
    fn window(&self, i: usize) -> (u32, &[f32]) {
        let (a, b) = (self.start[i] as usize, self.start[i + 1] as usize);
        (u32::from(self.first[i]), &self.p[a..b])
    }

    /// Σ_{k ≤ last} D_a(k) · P(T_b ≥ k + shift): with `shift` 0, the chance that `a`, throwing
    /// first, finishes before `b` within `a`'s first `last` turns; with `shift` 1, that `a`,
    /// throwing second, does.
    fn first_finishes(&self, a: usize, b: usize, shift: u32, last: u32) -> f64 {
        let (fa, pa) = self.window(a);
        let (fb, pb) = self.window(b);
        let mut sum = 0.0;
        // P(T_b < m) for the m reached so far, by a walk along b's window.
        let (mut below, mut j) = (0.0, 0);
        for (k, &d) in (fa..).zip(pa) {
            if k > last {
                break;
            }
            let m = k + shift;
            while j < pb.len() && fb + (j as u32) < m {
                below += f64::from(pb[j]);
                j += 1;
            }
            sum += f64::from(d) * (1.0 - below);
        }
        sum.clamp(0.0, 1.0)
    }
}

/// A solved race with its distributions.
struct Exact {
    solved: Arc<Solved>,
    dists: Dists,
}

static FRENCH: OnceLock<Arc<Exact>> = OnceLock::new();
static WALKER: OnceLock<Arc<Exact>> = OnceLock::new();

fn cell(id: RuleSetId) -> Option<&'static OnceLock<Arc<Exact>>> {
    match id {
        RuleSetId::HjFrench => Some(&FRENCH),
        RuleSetId::HjWalker => Some(&WALKER),
        _ => None,
    }
}

/// The expected-turns table of `id` if the exact evaluator has solved it in this process (for
/// [`perfect::table`], which then does not solve again).
pub(crate) fn solved_race(id: RuleSetId) -> Option<Arc<Solved>> {
    Some(cell(id)?.get()?.solved.clone())
}

/// A rule set without an exact race table.
#[derive(Clone, Copy, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0} has no exact race table: only hj.french and basic hj.walker are pure races")]
pub struct NoRaceTable(pub RuleSetId);

/// The exact race tables of one rule set as a calibrated evaluator (see the module's doc). Cheap
/// to clone: the table is shared.
#[derive(Clone)]
pub struct RaceTables {
    id: RuleSetId,
    exact: Arc<Exact>,
}

impl RaceTables {
    /// The evaluator of `id`'s race, solving its table on first use in this process (a minute or
    /// more; later calls share it).
    ///
    /// # Errors
    /// If `id` is not a pure race.
    pub fn new(id: RuleSetId) -> Result<RaceTables, NoRaceTable> {
        let cell = cell(id).ok_or(NoRaceTable(id))?;
        let exact = cell
            .get_or_init(|| {
                let turns = match id {
                    RuleSetId::HjFrench => FRENCH_TURNS,
                    _ => WALKER_TURNS,
                };
                let (solved, sol) = perfect::solve_race(id, turns);
                let dists = Dists::new(&sol.dist, sol.max_turns, TRIM);
                Arc::new(Exact {
                    solved: Arc::new(solved),
                    dists,
                })
            })
            .clone();
        Ok(RaceTables { id, exact })
    }

    /// The evaluator of `id` if this process has solved its table already; never starts a solve
    /// (for callers that must answer at once).
    pub fn solved(id: RuleSetId) -> Option<RaceTables> {
        let exact = cell(id)?.get()?.clone();
        Some(RaceTables { id, exact })
    }

    /// Its rule set.
    pub fn rule_set(&self) -> RuleSetId {
        self.id
    }

    /// The largest probability mass any state's stored distribution leaves out: a bound on the
    /// error of the chances besides `f32` rounding.
    pub fn left_out(&self) -> f64 {
        self.exact.dists.left_out
    }

    /// `seat`'s chances in `g`, a supported game.
    fn exact(&self, g: &AnyGame, seat: Seat) -> Chances {
        match g.status() {
            Status::Over(o) => Chances::of_outcome(o, seat),
            Status::Chance { seat: None } => self.before_first_turn(g, seat),
            Status::Chance { .. } if g.turns() == 0 => self.before_first_turn(g, seat),
            Status::Chance { seat: Some(z) } => self.throw(g, z, seat),
            Status::Decide { seat: z, .. } => self.after(&self.policy(g), z, seat),
        }
    }

    /// The position after the policy's move in `g`, which waits for a decision.
    fn policy(&self, g: &AnyGame) -> AnyGame {
        let mut after = g.clone();
        after.play_unchecked(self.exact.solved.best_move(g));
        after
    }

    /// The chances in `g` right after an action of `actor` (a move, or a throw that left no
    /// decision).
    fn after(&self, g: &AnyGame, actor: Seat, seat: Seat) -> Chances {
        match g.status() {
            Status::Over(o) => Chances::of_outcome(o, seat),
            // The same seat throws again: a bonus throw, within its turn.
            Status::Chance { seat: Some(z) } if z == actor => self.throw(g, z, seat),
            // The other seat throws: its turn begins.
            Status::Chance { seat: Some(z) } => self.turn_start(g, z, seat),
            _ => self.exact(g, seat),
        }
    }

    /// The chances when `z` is about to throw in `g` (the first throw of a turn or a bonus
    /// throw alike): the average over the throws of the chances after each, the policy's move
    /// played where a decision follows.
    fn throw(&self, g: &AnyGame, z: Seat, seat: Seat) -> Chances {
        let mut sum = ZERO;
        for &(c, p) in &g.chance_outcomes() {
            let mut x = g.clone();
            x.play_chance_unchecked(c);
            let after = match x.status() {
                Status::Decide { .. } => self.policy(&x),
                _ => x,
            };
            sum = sum.add_weighted(p.to_f64(), self.after(&after, z, seat));
        }
        sum
    }

    /// The chances when `z` begins a turn in `g`: the sums of the module's doc.
    fn turn_start(&self, g: &AnyGame, z: Seat, seat: Seat) -> Chances {
        let solved = &self.exact.solved;
        let d = &self.exact.dists;
        let a = solved.rank(race_state(g, z));
        let b = solved.rank(race_state(g, z.other()));
        let cap = common(g).max_turns;
        let for_z = if cap == 0 {
            Chances {
                win: d.first_finishes(a, b, 0, u32::MAX),
                draw: 0.0,
            }
        } else {
            // C-7: turn n is z's; z's k-th turn is turn n + 2(k − 1), the other seat's j-th
            // turn n + 2j − 1, and no turn past the cap is played.
            let left = cap.saturating_sub(g.turns());
            let win = d.first_finishes(a, b, 0, left / 2 + 1);
            let loss = d.first_finishes(b, a, 1, left.div_ceil(2));
            Chances {
                win,
                draw: (1.0 - win - loss).max(0.0),
            }
        };
        if seat == z { for_z } else { for_z.other_seat() }
    }

    /// The chances before the first turn, while who starts is being drawn or thrown for: the
    /// states of this phase can repeat (FR-1 `simultaneous` throws again on two 1s or none), so
    /// their values are solved together, by iteration, from the chances where the game leaves
    /// the phase.
    fn before_first_turn(&self, g: &AnyGame, seat: Seat) -> Chances {
        let opening = |x: &AnyGame| x.turns() == 0 && matches!(x.status(), Status::Chance { .. });
        let mut states = vec![g.clone()];
        // Per state, its outcomes: (probability, Ok(another opening state) or Err(chances)).
        let mut edges: Vec<Vec<(f64, Result<usize, Chances>)>> = Vec::new();
        while edges.len() < states.len() {
            let s = states[edges.len()].clone();
            let mut out = Vec::new();
            for &(c, p) in &s.chance_outcomes() {
                let mut x = s.clone();
                x.play_chance_unchecked(c);
                let to = if opening(&x) {
                    Ok(match states.iter().position(|y| *y == x) {
                        Some(i) => i,
                        None => {
                            states.push(x);
                            states.len() - 1
                        }
                    })
                } else if let Status::Chance { seat: Some(z) } = x.status() {
                    Err(self.turn_start(&x, z, seat))
                } else {
                    Err(self.exact(&x, seat))
                };
                out.push((p.to_f64(), to));
            }
            edges.push(out);
        }
        let mut v = vec![ZERO; states.len()];
        // Each round of the opening ends it with probability 6/16 or more: 200 sweeps leave an
        // error far below f64's.
        for _ in 0..200 {
            for i in (0..states.len()).rev() {
                let new = edges[i].iter().fold(ZERO, |acc, &(p, to)| {
                    acc.add_weighted(p, to.map_or_else(|c| c, |j| v[j]))
                });
                v[i] = new;
            }
        }
        v[0]
    }
}

/// The common options of a race game.
fn common(g: &AnyGame) -> &Common {
    match g {
        AnyGame::HjFrench(s) => s.common(),
        AnyGame::HjWalker(s) => s.common(),
        _ => unsupported("race-tables", g),
    }
}

impl Evaluator for RaceTables {
    fn value(&self, g: &AnyGame, seat: Seat) -> f64 {
        self.chances(g, seat).map_or(0.0, Chances::value)
    }

    fn chances(&self, g: &AnyGame, seat: Seat) -> Option<Chances> {
        if !self.supports(g) {
            unsupported(self.name(), g);
        }
        Some(self.exact(g, seat))
    }

    /// Exact: the chances of `perfect` against `perfect`.
    fn calibrated(&self, g: &AnyGame) -> bool {
        self.supports(g)
    }

    /// This rule set's race as the table solves it: the default track, fair sticks, compulsory
    /// moves (any turn cap: the chances count it).
    fn supports(&self, g: &AnyGame) -> bool {
        g.rule_set() == self.id && perfect::supports(g)
    }

    fn name(&self) -> &str {
        "race-tables"
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// The solve's layout for geometric finishing times: P(T = k) = p (1 − p)^(k − 1).
    fn geometric(ps: &[f64], max_turns: usize) -> Vec<f32> {
        let mut dist = vec![0.0f32; ps.len() * (max_turns + 1)];
        for (i, &p) in ps.iter().enumerate() {
            let mut tail = 1.0;
            for k in 1..max_turns {
                dist[i * (max_turns + 1) + k] = (p * tail) as f32;
                tail *= 1.0 - p;
            }
            dist[i * (max_turns + 1) + max_turns] = tail as f32;
        }
        dist
    }

    #[test]
    fn the_first_to_finish_of_two_geometric_races() {
        // Each seat finishes a turn with probability p (one piece needing one exact throw):
        // the first thrower wins with p_a / (1 − q_a q_b).
        let (pa, pb) = (0.25, 0.375);
        let d = Dists::new(&geometric(&[pa, pb], 400), 400, TRIM);
        assert!(d.left_out < 2.0 * TRIM + 1e-6, "{}", d.left_out);
        let want = pa / (1.0 - (1.0 - pa) * (1.0 - pb));
        assert!((d.first_finishes(0, 1, 0, u32::MAX) - want).abs() < 1e-6);
        // Throwing second: a wins when b has not finished within a's turns, inclusive.
        let second = pa * (1.0 - pb) / (1.0 - (1.0 - pa) * (1.0 - pb));
        assert!((d.first_finishes(0, 1, 1, u32::MAX) - second).abs() < 1e-6);
        // Within two turns of a: p_a + q_a q_b p_a.
        let two = pa + (1.0 - pa) * (1.0 - pb) * pa;
        assert!((d.first_finishes(0, 1, 0, 2) - two).abs() < 1e-6);
        // The windows keep what matters and little else.
        assert!(d.window(0).1.len() < 70 && d.window(0).0 == 1);
    }
}
