//! The exact two-player solution of a pure race: the policy that maximises the probability of
//! winning, which may differ from the one minimising expected turns (a player far behind should
//! gamble). The pair space is the square of the one-player space, so this is computed only for
//! reduced piece counts (SPEC-size tables would need 179 k² ≈ 3.2·10¹⁰ values).

use crate::race::{Indexer, Race, THROW_P};
use crate::solver::Graph;

/// `w[i * n + j]`: probability that the player about to throw, in state `i`, wins against an
/// opponent in state `j`, both playing the win-maximising policy.
pub struct PairSolution {
    /// The values, row-major.
    pub w: Vec<f64>,
    /// Number of one-player states.
    pub n: usize,
    /// The most Gauss-Seidel passes one group of pairs on a cycle needed (1: none iterated).
    pub sweeps: u32,
}

/// The pair game's values over the race's option graph: `w[i * n + j]` for the player to move
/// in state `i` against an opponent in `j`.
struct Pair<'a> {
    g: &'a Graph,
    n: usize,
}

impl Pair<'_> {
    /// Value of a turn at node `x` (a state at the start of its turn, or a bonus throw) for the
    /// player to move against `j`, as `(a, b)`: the value is `a + b · (1 − w[j][x])`, `b` being
    /// the probability that the turn's first throw is lost (then the opponent moves against `x`
    /// itself). For a bonus node the lost throws are counted in `a` (its home state differs).
    fn split(&self, w: &[f64], x: usize, j: usize) -> (f64, f64) {
        let (mut a, mut b) = (0.0, 0.0);
        for (t, &pt) in THROW_P.iter().enumerate().skip(1) {
            let opts = self.g.options(x, t);
            if opts.is_empty() {
                if x < self.n {
                    b += pt;
                } else {
                    a += pt * (1.0 - w[j * self.n + self.g.home(x)]);
                }
                continue;
            }
            let mut best = f64::NEG_INFINITY;
            for &o in opts {
                let o = o as usize;
                let val = if o >= self.n {
                    self.node_value(w, o, j)
                } else if self.g.done[o] {
                    1.0
                } else {
                    1.0 - w[j * self.n + o]
                };
                best = best.max(val);
            }
            a += pt * best;
        }
        (a, b)
    }

    /// Value of a turn at node `x` for the player to move against `j`.
    fn node_value(&self, w: &[f64], x: usize, j: usize) -> f64 {
        let (a, b) = self.split(w, x, j);
        if b == 0.0 {
            a
        } else {
            a + b * (1.0 - w[j * self.n + x])
        }
    }
}

/// Solves the pair game of `race` exactly.
///
/// A pair `(i, j)` (player to move in `i`) leads to pairs `(j, i')`, `i'` where `i`'s turn
/// ends. So pairs are solved by groups, one per unordered pair of the one-player race's
/// strongly connected components {A, B} (every `(i, j)` and `(j, i)` with `i` in A, `j` in B),
/// successors first: a group needs only its own values and those of groups already solved.
/// When A and B are single states `i` and `j` (every state of `hj.french`), the group is the
/// two pairs `(i, j)` and `(j, i)`, coupled only through the throws that `i` or `j` cannot use:
/// two linear equations, solved exactly. Larger groups (the cycles of `hj.walker`'s backward
/// lines) are iterated, Gauss-Seidel, until no value moves by 1e-13.
pub fn solve_pair(race: &dyn Race) -> PairSolution {
    let idx = Indexer::new(race);
    let states = idx.states();
    let n = states.len();
    let g = Graph::build(race, &idx, &states);
    let (members, bounds, cyclic) = g.state_components();
    let comp = |c: usize| &members[bounds[c] as usize..bounds[c + 1] as usize];
    let pair = Pair { g: &g, n };
    let mut w = vec![0.5; n * n];
    let mut sweeps = 1;
    for a in 0..bounds.len() - 1 {
        for b in 0..=a {
            let (ca, cb) = (comp(a), comp(b));
            if !cyclic[a] && !cyclic[b] {
                let (i, j) = (ca[0] as usize, cb[0] as usize);
                if g.done[i] || g.done[j] {
                    continue;
                }
                // w_ij = a1 + b1 (1 − w_ji), w_ji = a2 + b2 (1 − w_ij).
                let (a1, b1) = pair.split(&w, i, j);
                if i == j {
                    w[i * n + i] = (a1 + b1) / (1.0 + b1);
                    continue;
                }
                let (a2, b2) = pair.split(&w, j, i);
                if b1 * b2 < 1.0 {
                    let wij = (a1 + b1 * (1.0 - a2 - b2)) / (1.0 - b1 * b2);
                    w[i * n + j] = wij;
                    w[j * n + i] = a2 + b2 * (1.0 - wij);
                    continue;
                }
                // Neither player can ever move: no value to find, as before (left at 1/2).
                continue;
            }
            let mut passes = 0;
            loop {
                passes += 1;
                let mut change: f64 = 0.0;
                let mut update = |i: usize, j: usize, w: &mut [f64]| {
                    if g.done[i] || g.done[j] {
                        return;
                    }
                    let v = pair.node_value(w, i, j);
                    change = change.max((v - w[i * n + j]).abs());
                    w[i * n + j] = v;
                };
                for &i in ca {
                    for &j in cb {
                        update(i as usize, j as usize, &mut w);
                    }
                }
                if a != b {
                    for &j in cb {
                        for &i in ca {
                            update(j as usize, i as usize, &mut w);
                        }
                    }
                }
                if change < 1e-13 || passes >= 100_000 {
                    break;
                }
            }
            sweeps = sweeps.max(passes);
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
