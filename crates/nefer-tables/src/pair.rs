//! The exact two-player solution of a pure race: the policy that maximises the probability of
//! winning, which may differ from the one minimising expected turns (a player far behind should
//! gamble). The pair space is the square of the one-player space, so this is computed only for
//! reduced piece counts (SPEC-size tables would need 179 k² ≈ 3.2·10¹⁰ values).

use crate::race::{Ctx, Indexer, Race, RaceState, Step, THROW_P};

/// `w[i * n + j]`: probability that the player about to throw, in state `i`, wins against an
/// opponent in state `j`, both playing the win-maximising policy.
pub struct PairSolution {
    /// The values, row-major.
    pub w: Vec<f64>,
    /// Number of one-player states.
    pub n: usize,
    /// Gauss-Seidel sweeps until convergence.
    pub sweeps: u32,
}

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

impl PairSolution {
    /// P(the first thrower wins from the start), both playing perfectly.
    pub fn p_first_wins(&self, race: &dyn Race) -> f64 {
        let idx = Indexer::new(race);
        let s = idx.rank(race.start()) as usize;
        self.w[s * self.n + s]
    }
}
