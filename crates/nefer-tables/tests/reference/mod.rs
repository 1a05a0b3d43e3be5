//! The solver as it was before the successor lists (commit 4674bf7), kept as the reference the
//! fast solver is compared with: a Gauss-Seidel sweep over every state in order of decreasing
//! progress, each throw's options generated and ranked on the fly, and the distributions by the
//! same recursion turn after turn. The choice of one throw's use is the library's
//! [`Policy::best`] (the old solver's own, unchanged since; the fast solver does not use it), and
//! the order is [`RaceState::progress`], as in the old solver.

#![allow(dead_code)]

use nefer_tables::pair::PairSolution;
use nefer_tables::race::{Ctx, Indexer, Policy, Race, RaceState, Solution, Step, THROW_P};

/// Solves `race` one-sidedly, keeping `max_turns` turns of distribution per state.
///
/// `progress` is called with (step, steps) as the work goes.
pub fn solve(race: &dyn Race, max_turns: usize, progress: &dyn Fn(u64, u64)) -> Solution {
    let idx = Indexer::new(race);
    let n = idx.len() as usize;
    let states: Vec<RaceState> = (0..n as u64).map(|i| idx.unrank(i)).collect();
    // Most progressed first: in a race without backward moves one sweep is exact.
    let end = u32::from(race.holes()) + 1;
    let mut order: Vec<usize> = (0..n).collect();
    order.sort_by_key(|&i| std::cmp::Reverse(states[i].progress(end)));
    let mut v = vec![0.0f64; n];
    let mut buf = Vec::new();
    let mut sweeps = 0;
    loop {
        sweeps += 1;
        let mut change: f64 = 0.0;
        for &i in &order {
            let s = states[i];
            if race.done(s) {
                continue;
            }
            // V = 1 + Σ p_t best_t, where a lost throw keeps V itself: solve for V.
            let mut lost = 0.0;
            let mut sum = 1.0;
            let policy = Policy {
                race,
                idx: &idx,
                v: &v,
            };
            for t in 1..=5u8 {
                let p = THROW_P[usize::from(t)];
                match policy.best(s, Ctx::Start, t, &mut buf) {
                    Some((b, _)) => sum += p * b,
                    None => lost += p,
                }
            }
            let new = if lost >= 1.0 {
                f64::INFINITY
            } else {
                sum / (1.0 - lost)
            };
            change = change.max((new - v[i]).abs());
            v[i] = new;
        }
        progress(u64::from(sweeps.min(50)), 60);
        if change < 1e-12 || sweeps >= 100_000 {
            break;
        }
    }
    // Distributions under the policy: F_k(s) = P(finished within k turns).
    let start_i = idx.rank(race.start()) as usize;
    let policy = Policy {
        race,
        idx: &idx,
        v: &v,
    };
    let mut prev: Vec<f64> = states
        .iter()
        .map(|&s| if race.done(s) { 1.0 } else { 0.0 })
        .collect();
    let stride = max_turns + 1;
    let mut dist = vec![0.0f32; n * stride];
    let mut start_dist = vec![0.0];
    let mut k = 0;
    loop {
        k += 1;
        let cur: Vec<f64> = (0..n)
            .map(|i| {
                if race.done(states[i]) {
                    1.0
                } else {
                    within(&policy, states[i], Ctx::Start, &prev, &mut Vec::new())
                }
            })
            .collect();
        if k < stride {
            for i in 0..n {
                dist[i * stride + k] = (cur[i] - prev[i]) as f32;
            }
        }
        start_dist.push(cur[start_i] - prev[start_i]);
        let tail = 1.0 - cur[start_i];
        prev = cur;
        // Rounding keeps the tail from reaching 0: stop at 1e-13, or after 4000 turns.
        if (tail < 1e-13 && k >= stride) || k >= 4000 {
            break;
        }
        progress(50 + (10 * k as u64 / (k as u64 + 50)), 60);
    }
    // Slot 0 is never a finish (a turn is needed); the last slot keeps the tail.
    for i in 0..n {
        let kept: f32 = dist[i * stride + 1..i * stride + max_turns].iter().sum();
        let done = race.done(states[i]);
        dist[i * stride] = if done { 1.0 } else { 0.0 };
        dist[i * stride + max_turns] = if done {
            0.0
        } else {
            (1.0 - f64::from(kept)).max(0.0) as f32
        };
    }
    progress(60, 60);
    Solution {
        expected: v,
        dist,
        max_turns,
        start_dist,
        sweeps,
    }
}

/// P(finished within this turn and the following turns counted by `f_prev`) under `policy`.
fn within(policy: &Policy, s: RaceState, ctx: Ctx, f_prev: &[f64], buf: &mut Vec<Step>) -> f64 {
    let (race, idx) = (policy.race, policy.idx);
    let here = f_prev[idx.rank(s) as usize];
    let mut total = 0.0;
    for t in 1..=5u8 {
        let p = THROW_P[usize::from(t)];
        total += p * match policy.best(s, ctx, t, buf) {
            None => here,
            Some((_, Step::End(n))) => {
                if race.done(n) {
                    1.0
                } else {
                    f_prev[idx.rank(n) as usize]
                }
            }
            Some((_, Step::Again(n, c))) => {
                if race.done(n) {
                    1.0
                } else {
                    within(policy, n, c, f_prev, buf)
                }
            }
        };
    }
    total
}

// The exact pair game as it was (crates/nefer-tables/src/pair.rs at 4674bf7).

struct Ctx2<'a> {
    race: &'a dyn Race,
    idx: &'a Indexer,
    n: usize,
}

impl Ctx2<'_> {
    fn w(&self, w: &[f64], i: RaceState, j: RaceState) -> f64 {
        if self.race.done(i) {
            return 1.0;
        }
        if self.race.done(j) {
            return 0.0;
        }
        w[self.idx.rank(i) as usize * self.n + self.idx.rank(j) as usize]
    }

    /// Value of the throw's best use for the player in `i` (to move) against `j`.
    fn throw_value(&self, w: &[f64], i: RaceState, ctx: Ctx, j: RaceState, t: u8) -> f64 {
        let mut steps = Vec::new();
        self.race.steps(i, ctx, t, &mut steps);
        if steps.is_empty() {
            return 1.0 - self.w(w, j, i);
        }
        steps
            .into_iter()
            .map(|st| match st {
                Step::End(x) if self.race.done(x) => 1.0,
                Step::End(x) => 1.0 - self.w(w, j, x),
                Step::Again(x, c) => self.turn_value(w, x, c, j),
            })
            .fold(f64::NEG_INFINITY, f64::max)
    }

    fn turn_value(&self, w: &[f64], i: RaceState, ctx: Ctx, j: RaceState) -> f64 {
        if self.race.done(i) {
            return 1.0;
        }
        (1..=5u8)
            .map(|t| THROW_P[usize::from(t)] * self.throw_value(w, i, ctx, j, t))
            .sum()
    }
}

/// Solves the pair game of `race` exactly by Gauss-Seidel value iteration.
pub fn solve_pair(race: &dyn Race) -> PairSolution {
    let idx = Indexer::new(race);
    let n = idx.len() as usize;
    let states: Vec<RaceState> = (0..n as u64).map(|i| idx.unrank(i)).collect();
    let c = Ctx2 { race, idx: &idx, n };
    let mut w = vec![0.5; n * n];
    let mut sweeps = 0;
    loop {
        sweeps += 1;
        let mut change: f64 = 0.0;
        for i in (0..n).rev() {
            for j in (0..n).rev() {
                if race.done(states[i]) || race.done(states[j]) {
                    continue;
                }
                let v = c.turn_value(&w, states[i], Ctx::Start, states[j]);
                change = change.max((v - w[i * n + j]).abs());
                w[i * n + j] = v;
            }
        }
        if change < 1e-13 || sweeps >= 100_000 {
            break;
        }
    }
    PairSolution { w, n, sweeps }
}

/// The largest change one more Gauss-Seidel sweep of the old pair solver would make to `w`:
/// how far `w` is from the fixed point of the old equations.
pub fn pair_residual(race: &dyn Race, w: &[f64]) -> f64 {
    let idx = Indexer::new(race);
    let n = idx.len() as usize;
    let states: Vec<RaceState> = (0..n as u64).map(|i| idx.unrank(i)).collect();
    let c = Ctx2 { race, idx: &idx, n };
    let mut worst: f64 = 0.0;
    for i in 0..n {
        for j in 0..n {
            if race.done(states[i]) || race.done(states[j]) {
                continue;
            }
            let v = c.turn_value(w, states[i], Ctx::Start, states[j]);
            worst = worst.max((v - w[i * n + j]).abs());
        }
    }
    worst
}
