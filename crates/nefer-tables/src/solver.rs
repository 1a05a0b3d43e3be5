//! The one-sided solver: values, policy and distributions of turns to finish, over precomputed
//! successor lists.
//!
//! The race model ([`Race::steps`]) is asked once per (state, context, throw); everything after
//! that works on flat integer arrays, with no hashing and no allocation per state:
//!
//! 1. **The option graph.** Every state is a node with, per throw, the list of its legal uses;
//!    a use that earns a bonus throw points to a *bonus node* (the state it reaches and the
//!    bonus context), itself with per-throw options, and the state its turn ends in when the
//!    bonus throw is lost.
//! 2. **Values in dependency order.** The graph's strongly connected components (Tarjan) come
//!    out successors first. A component of one state is solved exactly by one evaluation
//!    (`V = (1 + Σ usable p·best) / (1 − p_lost)`): every state of `hj.french`, which only moves
//!    forward. Only the states on a cycle — in basic `hj.walker` the backward lines 20→6 and
//!    10→8 close cycles — are iterated (Gauss-Seidel in order of decreasing progress) until no
//!    value moves by more than [`CYCLE_TOLERANCE`] of itself.
//! 3. **The policy as a transition list.** For every state, the states its turn ends in under the
//!    min-expected-turns policy, with their exact probabilities (products of the throws' 16ths),
//!    bonus throws followed through and duplicates merged.
//! 4. **Distributions turn by turn.** `d_k(s) = Σ p(s→n) · d_{k−1}(n)`, with `d_0` one on the
//!    finished state: a sparse matrix-vector product per turn over two flat `f64` vectors. Each
//!    state's row keeps the turns from its first possible finish until its remaining mass falls
//!    below a cut-off (or a turn cap); rows are gathered by blocks of turns, then laid out row
//!    after row.
//!
//! The arithmetic of every value is the one of the Bellman equation in the order the old solver
//! used (the same products summed in the same order), so `hj.french`'s values are bit for bit
//! those of a plain sweep in order of decreasing progress, and the policy's ties go to the first
//! use in generation order, as before.

use crate::race::{Ctx, Indexer, Race, RaceState, Step, THROW_P};

/// A Gauss-Seidel pass over a cycle stops when no value changed by more than this fraction of
/// itself (a few units in the last place of an `f64`; values are at most a few hundred turns).
pub const CYCLE_TOLERANCE: f64 = 1e-15;

/// Turns after which the start's distribution is no longer extended (its tail is then far
/// below 1e-13 in both races).
pub const TURN_LIMIT: usize = 4000;

/// The start's distribution is extended until its tail is below this.
pub const START_TAIL: f64 = 1e-13;

/// Two options whose values differ by less than this are a tie, which goes to the first option
/// in generation order (so the policy does not depend on rounding).
const TIE: f64 = 1e-12;

/// Turns of rows gathered before they are moved to their final places.
const BLOCK: usize = 16;

/// The option graph of a race: state nodes `0..n`, then bonus nodes.
pub(crate) struct Graph {
    /// Number of states.
    pub(crate) n: usize,
    /// `first[x * 5 + t - 1] .. first[x * 5 + t]`: the options of node `x` for throw `t`.
    first: Vec<u32>,
    /// Option targets: below `n` a state the turn ends in, from `n` on a bonus node.
    opts: Vec<u32>,
    /// For bonus node `n + b`: `home[b]`, the state the turn ends in if the bonus throw is lost.
    home: Vec<u32>,
    /// Whether each state is finished.
    pub(crate) done: Vec<bool>,
}

impl Graph {
    /// The graph of `race`, whose states in rank order are `states`.
    pub(crate) fn build(race: &dyn Race, idx: &Indexer, states: &[RaceState]) -> Graph {
        let n = states.len();
        let mut g = Graph {
            n,
            first: Vec::with_capacity(n * 5 * 2 + 1),
            opts: Vec::with_capacity(n * 8),
            home: Vec::new(),
            done: states.iter().map(|&s| race.done(s)).collect(),
        };
        g.first.push(0);
        // Bonus nodes still to expand, in creation order (one per `Again` option: no
        // deduplication, so no hashing; they are few).
        let mut pending: Vec<(RaceState, Ctx)> = Vec::new();
        let mut buf = Vec::new();
        for (i, &s) in states.iter().enumerate() {
            if g.done[i] {
                g.first.extend([g.opts.len() as u32; 5]);
            } else {
                g.add_node(race, idx, s, Ctx::Start, &mut buf, &mut pending);
            }
        }
        let mut b = 0;
        while b < pending.len() {
            let (s, ctx) = pending[b];
            g.add_node(race, idx, s, ctx, &mut buf, &mut pending);
            b += 1;
        }
        assert!(
            g.opts.len() < u32::MAX as usize && n + g.home.len() < u32::MAX as usize,
            "a race too large for 32-bit indices"
        );
        g
    }

    fn add_node(
        &mut self,
        race: &dyn Race,
        idx: &Indexer,
        s: RaceState,
        ctx: Ctx,
        buf: &mut Vec<Step>,
        pending: &mut Vec<(RaceState, Ctx)>,
    ) {
        for t in 1..=5u8 {
            buf.clear();
            race.steps(s, ctx, t, buf);
            for &st in buf.iter() {
                let target = match st {
                    Step::End(m) => idx.rank(m) as u32,
                    // A bonus after the last piece is out is worth nothing: the race is over.
                    Step::Again(m, _) if race.done(m) => idx.rank(m) as u32,
                    Step::Again(m, c) => {
                        self.home.push(idx.rank(m) as u32);
                        pending.push((m, c));
                        (self.n + self.home.len() - 1) as u32
                    }
                };
                self.opts.push(target);
            }
            self.first.push(self.opts.len() as u32);
        }
    }

    /// The options of node `x` for throw `t` (1..=5): states below `n`, bonus nodes from `n`.
    pub(crate) fn options(&self, x: usize, t: usize) -> &[u32] {
        &self.opts[self.first[x * 5 + t - 1] as usize..self.first[x * 5 + t] as usize]
    }

    /// The state a turn at node `x` ends in when its throw is lost: `x` itself for a state.
    pub(crate) fn home(&self, x: usize) -> usize {
        if x < self.n {
            x
        } else {
            self.home[x - self.n] as usize
        }
    }

    /// The value of option `o` under the values `v`.
    fn option_value(&self, o: u32, v: &[f64]) -> f64 {
        let o = o as usize;
        if o < self.n {
            v[o]
        } else {
            self.bonus_value(o, v)
        }
    }

    /// The best use of throw `t` at node `x`: its index among the options and its value.
    /// Ties go to the first option in generation order.
    fn best(&self, x: usize, t: usize, v: &[f64]) -> Option<(usize, f64)> {
        let mut best: Option<(usize, f64)> = None;
        for (k, &o) in self.options(x, t).iter().enumerate() {
            let val = self.option_value(o, v);
            if best.is_none_or(|(_, b)| val < b - TIE) {
                best = Some((k, val));
            }
        }
        best
    }

    /// Expected turns still to come from bonus node `x` (the current turn counted as played).
    fn bonus_value(&self, x: usize, v: &[f64]) -> f64 {
        let here = v[self.home[x - self.n] as usize];
        let mut sum = 0.0;
        for (t, &pt) in THROW_P.iter().enumerate().skip(1) {
            sum += pt * self.best(x, t, v).map_or(here, |(_, b)| b);
        }
        sum
    }

    /// The Bellman update of state `s`: `V = 1 + Σ p_t best_t`, where a lost throw keeps `V`
    /// itself, solved for `V`.
    fn state_value(&self, s: usize, v: &[f64]) -> f64 {
        let (mut lost, mut sum) = (0.0, 1.0);
        for (t, &pt) in THROW_P.iter().enumerate().skip(1) {
            match self.best(s, t, v) {
                Some((_, b)) => sum += pt * b,
                None => lost += pt,
            }
        }
        if lost >= 1.0 {
            f64::INFINITY
        } else {
            sum / (1.0 - lost)
        }
    }

    /// Every state a turn from `s` can end in (any policy), for the dependency order.
    fn successors(&self, x: usize, out: &mut Vec<u32>) {
        for t in 1..=5 {
            for &o in self.options(x, t) {
                if (o as usize) < self.n {
                    out.push(o);
                } else {
                    out.push(self.home[o as usize - self.n]);
                    self.successors(o as usize, out);
                }
            }
        }
    }

    /// The strongly connected components of the states under every policy, successors first
    /// (see [`components`]), and for each component whether it is a cycle (more than one
    /// state, or a state a turn can end in itself by a move).
    pub(crate) fn state_components(&self) -> (Vec<u32>, Vec<u32>, Vec<bool>) {
        let mut first = Vec::with_capacity(self.n + 1);
        let mut adj = Vec::new();
        first.push(0u32);
        for s in 0..self.n {
            self.successors(s, &mut adj);
            first.push(adj.len() as u32);
        }
        let (members, bounds) = components(&first, &adj);
        let cyclic = bounds
            .windows(2)
            .map(|c| {
                let s = members[c[0] as usize];
                c[1] - c[0] > 1
                    || adj[first[s as usize] as usize..first[s as usize + 1] as usize].contains(&s)
            })
            .collect();
        (members, bounds, cyclic)
    }

    /// Where the policy's turn from node `x` ends, with probabilities scaled by `w`; a lost
    /// throw ends it in `here`.
    fn expand(&self, x: usize, here: u32, w: f64, v: &[f64], out: &mut Vec<(u32, f64)>) {
        for (t, &pt) in THROW_P.iter().enumerate().skip(1) {
            let p = w * pt;
            match self.best(x, t, v) {
                None => out.push((here, p)),
                Some((k, _)) => {
                    let o = self.options(x, t)[k];
                    if (o as usize) < self.n {
                        out.push((o, p));
                    } else {
                        let home = self.home[o as usize - self.n];
                        self.expand(o as usize, home, p, v, out);
                    }
                }
            }
        }
    }
}

/// The strongly connected components of the graph `first`/`adj` (CSR), successors first
/// (Tarjan's order): `(members, bounds)`, component `c` being `members[bounds[c]..bounds[c+1]]`.
/// Iterative, so long chains of states do not overflow the stack.
fn components(first: &[u32], adj: &[u32]) -> (Vec<u32>, Vec<u32>) {
    const UNSEEN: u32 = u32::MAX;
    struct Walk {
        index: Vec<u32>,
        low: Vec<u32>,
        on_stack: Vec<bool>,
        stack: Vec<u32>,
        /// (node, next edge to follow)
        call: Vec<(u32, u32)>,
        next: u32,
    }
    impl Walk {
        fn enter(&mut self, v: u32, first_edge: u32) {
            self.index[v as usize] = self.next;
            self.low[v as usize] = self.next;
            self.next += 1;
            self.stack.push(v);
            self.on_stack[v as usize] = true;
            self.call.push((v, first_edge));
        }
    }
    let n = first.len() - 1;
    let mut w = Walk {
        index: vec![UNSEEN; n],
        low: vec![0; n],
        on_stack: vec![false; n],
        stack: Vec::new(),
        call: Vec::new(),
        next: 0,
    };
    let (mut members, mut bounds) = (Vec::with_capacity(n), vec![0u32]);
    for root in 0..n {
        if w.index[root] != UNSEEN {
            continue;
        }
        w.enter(root as u32, first[root]);
        while let Some(&(v, e)) = w.call.last() {
            let vi = v as usize;
            if e < first[vi + 1] {
                w.call.last_mut().expect("a frame").1 += 1;
                let x = adj[e as usize] as usize;
                if w.index[x] == UNSEEN {
                    w.enter(x as u32, first[x]);
                } else if w.on_stack[x] {
                    w.low[vi] = w.low[vi].min(w.index[x]);
                }
                continue;
            }
            w.call.pop();
            if let Some(&(u, _)) = w.call.last() {
                w.low[u as usize] = w.low[u as usize].min(w.low[vi]);
            }
            if w.low[vi] == w.index[vi] {
                loop {
                    let x = w.stack.pop().expect("v is on the stack");
                    w.on_stack[x as usize] = false;
                    members.push(x);
                    if x == v {
                        break;
                    }
                }
                bounds.push(members.len() as u32);
            }
        }
    }
    (members, bounds)
}

/// The distribution of turns to finish of every state, one row per state: `P(T = k)` for `k`
/// in `lo..hi`, zero before `lo`, and the mass `P(T ≥ hi)` in `tail`.
///
/// The fields are public for readers of the layout; [`Dists::row`] expects them to agree
/// (`offset` nondecreasing from 0 to `values.len()`, one `lo` and `tail` per state), as the
/// solver and [`crate::table::read`] make them and [`crate::table::write_to`] checks.
#[derive(Clone, Debug, PartialEq)]
pub struct Dists {
    /// First turn kept, per state.
    pub lo: Vec<u16>,
    /// `offset[i]..offset[i + 1]`: state `i`'s row in `values`.
    pub offset: Vec<u64>,
    /// The rows, one after another in state order.
    pub values: Vec<f32>,
    /// `P(T ≥ hi)` per state, `hi` being the turn after its row.
    pub tail: Vec<f32>,
}

/// One state's distribution of turns to finish.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Row<'a> {
    /// The first turn in `p` (every earlier turn has probability 0).
    pub lo: usize,
    /// `P(T = lo + j)` at `j`.
    pub p: &'a [f32],
    /// `P(T ≥ lo + p.len())`.
    pub tail: f32,
}

impl Row<'_> {
    /// `P(T = k)`, or `None` past the row (inside the tail).
    pub fn at(&self, k: usize) -> Option<f32> {
        if k < self.lo {
            Some(0.0)
        } else {
            self.p.get(k - self.lo).copied()
        }
    }

    /// The turn after the row: `P(T ≥ end())` is the tail.
    pub fn end(&self) -> usize {
        self.lo + self.p.len()
    }
}

impl Dists {
    /// Number of states.
    pub fn len(&self) -> usize {
        self.lo.len()
    }

    /// Whether there are no rows.
    pub fn is_empty(&self) -> bool {
        self.lo.is_empty()
    }

    /// The row of state `i`.
    ///
    /// # Panics
    /// If `i >= len()`.
    pub fn row(&self, i: usize) -> Row<'_> {
        Row {
            lo: usize::from(self.lo[i]),
            p: &self.values[self.offset[i] as usize..self.offset[i + 1] as usize],
            tail: self.tail[i],
        }
    }

    /// Rows from a dense array of `max_turns + 1` values per state (the layout of
    /// [`crate::race::Solution::dist`]), leading and trailing zeros left out: nothing is lost.
    ///
    /// # Panics
    /// If `dense` is not a whole number of rows, or `max_turns` exceeds `u16::MAX`.
    pub fn from_dense(dense: &[f32], max_turns: usize) -> Dists {
        let stride = max_turns + 1;
        assert_eq!(dense.len() % stride, 0, "whole rows");
        assert!(max_turns <= usize::from(u16::MAX), "max_turns fits a u16");
        let n = dense.len() / stride;
        let mut d = Dists {
            lo: Vec::with_capacity(n),
            offset: Vec::with_capacity(n + 1),
            values: Vec::new(),
            tail: Vec::with_capacity(n),
        };
        d.offset.push(0);
        for row in dense.chunks_exact(stride) {
            let turns = &row[..max_turns];
            let lo = turns.iter().position(|&p| p != 0.0).unwrap_or(max_turns);
            let hi = turns.iter().rposition(|&p| p != 0.0).map_or(lo, |h| h + 1);
            d.lo.push(lo as u16);
            d.values.extend_from_slice(&turns[lo..hi]);
            d.offset.push(d.values.len() as u64);
            d.tail.push(row[max_turns]);
        }
        d
    }

    /// The rows as a dense array of `max_turns + 1` values per state: `P(T = 0..max_turns−1)`,
    /// then `P(T ≥ max_turns)` (the layout of [`crate::race::Solution::dist`]).
    ///
    /// Exact when every row ends at `max_turns` or earlier with nothing but zeros between its
    /// end and `max_turns` (rows solved with no cut-off); a row cut off earlier has its tail put
    /// in the last slot.
    pub fn to_dense(&self, max_turns: usize) -> Vec<f32> {
        let stride = max_turns + 1;
        let mut out = vec![0.0f32; self.len() * stride];
        for i in 0..self.len() {
            let r = self.row(i);
            let dst = &mut out[i * stride..(i + 1) * stride];
            for (k, &p) in r.p.iter().enumerate() {
                if r.lo + k < max_turns {
                    dst[r.lo + k] = p;
                }
            }
            dst[max_turns] += r.tail;
        }
        out
    }
}

/// A race solved: values, the start's distribution and every state's distribution row.
pub struct Solved {
    /// Expected turns to finish from the start of a turn, per state index.
    pub expected: Vec<f64>,
    /// Every state's distribution of turns to finish.
    pub dists: Dists,
    /// P(T = k) from the start for every k until the tail is below [`START_TAIL`] (index k).
    pub start_dist: Vec<f64>,
    /// The most Gauss-Seidel passes one cycle of states needed (1: no cycle).
    pub sweeps: u32,
    /// States on a cycle (iterated rather than solved in one evaluation).
    pub cycle_states: usize,
    /// Seconds each phase of the solve took, in order (for profiles; never part of a result).
    pub phases: Vec<(&'static str, f64)>,
}

/// How far rows are kept.
#[derive(Clone, Copy, Debug)]
pub struct Keep {
    /// Rows end at this turn at the latest (`P(T ≥ max_turns)` in the tail).
    pub max_turns: usize,
    /// A row ends as soon as its remaining mass `P(T ≥ k)` is below this (0: never).
    pub cutoff: f64,
}

impl Keep {
    /// Every turn up to `max_turns`, with no cut-off (what [`crate::race::solve`] keeps).
    pub fn uncut(max_turns: usize) -> Keep {
        Keep {
            max_turns,
            cutoff: 0.0,
        }
    }
}

/// Solves `race` one-sidedly: the min-expected-turns policy, its values, and the distribution
/// of turns to finish of every state, kept as `keep` says.
///
/// `progress` is called with (step, 60) as the work goes.
///
/// # Panics
/// If `keep.max_turns` exceeds `u16::MAX` (rows start at a `u16` turn), or the race has more
/// than 2³² options (the five-piece races have about 1.5 million).
pub fn solve_rows(race: &dyn Race, keep: Keep, progress: &dyn Fn(u64, u64)) -> Solved {
    assert!(
        keep.max_turns <= usize::from(u16::MAX),
        "max_turns {} is beyond {}",
        keep.max_turns,
        u16::MAX
    );
    let mut clock = std::time::Instant::now();
    let mut phases = Vec::new();
    let mut lap = |name: &'static str| {
        phases.push((name, clock.elapsed().as_secs_f64()));
        clock = std::time::Instant::now();
    };
    let idx = Indexer::new(race);
    let states = idx.states();
    let n = states.len();
    let g = Graph::build(race, &idx, &states);
    progress(5, 60);
    lap("option graph");

    // Dependency order: a state's successors (under any policy) before it.
    let (members, bounds, cyclic) = g.state_components();
    progress(10, 60);
    lap("dependency order");

    // Values: one evaluation per acyclic state, Gauss-Seidel over each cycle.
    let end = u32::from(race.holes()) + 1;
    let mut v = vec![0.0f64; n];
    let (mut sweeps, mut cycle_states) = (1u32, 0usize);
    for (c, &cyclic) in bounds.windows(2).zip(&cyclic) {
        let comp = &members[c[0] as usize..c[1] as usize];
        if !cyclic {
            let s = comp[0] as usize;
            if !g.done[s] {
                v[s] = g.state_value(s, &v);
            }
            continue;
        }
        cycle_states += comp.len();
        let mut order: Vec<u32> = comp.to_vec();
        order.sort_by_key(|&s| (std::cmp::Reverse(states[s as usize].progress(end)), s));
        let mut passes = 0u32;
        loop {
            passes += 1;
            let mut moved = false;
            for &s in &order {
                let s = s as usize;
                let new = g.state_value(s, &v);
                if (new - v[s]).abs() > CYCLE_TOLERANCE * new.abs().max(1.0) {
                    moved = true;
                }
                v[s] = new;
            }
            if !moved || passes >= 100_000 {
                break;
            }
        }
        sweeps = sweeps.max(passes);
    }
    progress(20, 60);
    lap("values");

    // The policy's transitions, merged and sorted by target.
    let mut t_first = Vec::with_capacity(n + 1);
    let mut t_to: Vec<u32> = Vec::with_capacity(n * 6);
    let mut t_p: Vec<f64> = Vec::with_capacity(n * 6);
    t_first.push(0u32);
    let mut buf: Vec<(u32, f64)> = Vec::new();
    for s in 0..n {
        if !g.done[s] {
            buf.clear();
            g.expand(s, s as u32, 1.0, &v, &mut buf);
            buf.sort_by_key(|&(to, _)| to);
            for &(to, p) in &buf {
                // Products of the throws' 16ths (1/256 at most in both races): exact sums.
                if t_to.len() > t_first[s] as usize && *t_to.last().expect("one") == to {
                    *t_p.last_mut().expect("one") += p;
                } else {
                    t_to.push(to);
                    t_p.push(p);
                }
            }
        }
        t_first.push(t_to.len() as u32);
    }
    let done = g.done;
    progress(25, 60);
    lap("policy transitions");

    let start = idx.rank(race.start()) as usize;
    let (dists, start_dist) = distributions(&t_first, &t_to, &t_p, &done, start, keep, progress);
    progress(60, 60);
    lap("distributions");
    Solved {
        expected: v,
        dists,
        start_dist,
        sweeps,
        cycle_states,
        phases,
    }
}

/// The policy's transitions as a sparse matrix, rows renumbered by length so that each length
/// gets its own unrolled loop (no branch per transition, four sums in flight).
struct Matrix {
    /// `perm[new] = old`: states in order of (row length, index).
    perm: Vec<u32>,
    /// `(length, first row, end row)` per run of rows of one length, in the new numbering.
    groups: Vec<(usize, usize, usize)>,
    /// Row after row: the targets (new numbering) and their probabilities.
    to: Vec<u32>,
    p: Vec<f64>,
}

impl Matrix {
    fn new(t_first: &[u32], t_to: &[u32], t_p: &[f64]) -> Matrix {
        let n = t_first.len() - 1;
        let len = |s: usize| (t_first[s + 1] - t_first[s]) as usize;
        let mut perm: Vec<u32> = (0..n as u32).collect();
        perm.sort_by_key(|&s| (len(s as usize), s));
        let mut new_of = vec![0u32; n];
        for (new, &old) in perm.iter().enumerate() {
            new_of[old as usize] = new as u32;
        }
        let (mut to, mut p) = (
            Vec::with_capacity(t_to.len()),
            Vec::with_capacity(t_p.len()),
        );
        let mut groups: Vec<(usize, usize, usize)> = Vec::new();
        for (new, &old) in perm.iter().enumerate() {
            let old = old as usize;
            let l = len(old);
            match groups.last_mut() {
                Some(g) if g.0 == l => g.2 = new + 1,
                _ => groups.push((l, new, new + 1)),
            }
            let r = t_first[old] as usize..t_first[old + 1] as usize;
            to.extend(t_to[r.clone()].iter().map(|&t| new_of[t as usize]));
            p.extend_from_slice(&t_p[r]);
        }
        Matrix {
            perm,
            groups,
            to,
            p,
        }
    }

    /// `y = A x`.
    fn apply(&self, x: &[f64], y: &mut [f64]) {
        let mut e = 0;
        for &(l, a, b) in &self.groups {
            let (to, p) = (&self.to[e..e + l * (b - a)], &self.p[e..e + l * (b - a)]);
            let y = &mut y[a..b];
            match l {
                0 => y.fill(0.0),
                1 => rows::<1>(to, p, x, y),
                2 => rows::<2>(to, p, x, y),
                3 => rows::<3>(to, p, x, y),
                4 => rows::<4>(to, p, x, y),
                5 => rows::<5>(to, p, x, y),
                6 => rows::<6>(to, p, x, y),
                7 => rows::<7>(to, p, x, y),
                8 => rows::<8>(to, p, x, y),
                9 => rows::<9>(to, p, x, y),
                10 => rows::<10>(to, p, x, y),
                11 => rows::<11>(to, p, x, y),
                12 => rows::<12>(to, p, x, y),
                13 => rows::<13>(to, p, x, y),
                14 => rows::<14>(to, p, x, y),
                15 => rows::<15>(to, p, x, y),
                16 => rows::<16>(to, p, x, y),
                _ => {
                    for ((to, p), y) in to.chunks_exact(l).zip(p.chunks_exact(l)).zip(y) {
                        let mut acc = [0.0; 4];
                        for (j, (&t, &q)) in to.iter().zip(p).enumerate() {
                            acc[j % 4] += q * x[t as usize];
                        }
                        *y = (acc[0] + acc[1]) + (acc[2] + acc[3]);
                    }
                }
            }
            e += l * (b - a);
        }
    }
}

/// Rows of `L` transitions each: `y[i] = Σ_j p[i·L + j] · x[to[i·L + j]]`, unrolled, with four
/// partial sums so the additions do not wait on each other.
#[inline(always)]
fn rows<const L: usize>(to: &[u32], p: &[f64], x: &[f64], y: &mut [f64]) {
    for ((to, p), y) in to.chunks_exact(L).zip(p.chunks_exact(L)).zip(y) {
        let mut acc = [0.0; 4];
        for j in 0..L {
            acc[j % 4] += p[j] * x[to[j] as usize];
        }
        *y = (acc[0] + acc[1]) + (acc[2] + acc[3]);
    }
}

/// Runs the turn-by-turn recursion over the transition lists: every state's row, and the
/// start's distribution.
fn distributions(
    t_first: &[u32],
    t_to: &[u32],
    t_p: &[f64],
    done: &[bool],
    start: usize,
    keep: Keep,
    progress: &dyn Fn(u64, u64),
) -> (Dists, Vec<f64>) {
    let n = done.len();
    let m = Matrix::new(t_first, t_to, t_p);
    // From here on states are in the matrix's numbering; rows go back to rank order at the end.
    let start = m
        .perm
        .iter()
        .position(|&s| s as usize == start)
        .expect("the start");
    const OPEN: u32 = u32::MAX;
    // Row bounds: `lo` is set at the first nonzero turn (OPEN before), `hi` when the row ends.
    let mut lo = vec![OPEN; n];
    let mut hi = vec![OPEN; n];
    let mut cum = vec![0.0f64; n];
    let mut tail = vec![0.0f32; n];
    // The states whose rows go on, in increasing order.
    let mut open: Vec<u32> = (0..n as u32).collect();
    let mut prev: Vec<f64> = m
        .perm
        .iter()
        .map(|&s| if done[s as usize] { 1.0 } else { 0.0 })
        .collect();
    let mut cur = vec![0.0f64; n];
    let mut block = vec![0.0f32; BLOCK * n];
    let mut start_dist = Vec::new();
    let mut start_open = true;
    let mut start_cum = 0.0f64;
    // Row values gathered block of turns after block, state after state, one vector per block
    // (so nothing already gathered is ever moved).
    let mut chunks: Vec<Vec<f32>> = Vec::new();
    let mut k = 0usize;
    loop {
        if k > 0 {
            m.apply(&prev, &mut cur);
            std::mem::swap(&mut prev, &mut cur);
        }
        // `prev` holds d_k now.
        let d = &prev;
        if start_open {
            start_dist.push(d[start]);
            start_cum += d[start];
        }
        let column = &mut block[(k % BLOCK) * n..(k % BLOCK + 1) * n];
        let mut kept = 0;
        for j in 0..open.len() {
            let s = open[j] as usize;
            column[s] = d[s] as f32;
            if lo[s] == OPEN && d[s] != 0.0 {
                lo[s] = k as u32;
            }
            cum[s] += d[s];
            let rest = (1.0 - cum[s]).max(0.0);
            if k + 1 >= keep.max_turns || (lo[s] != OPEN && rest < keep.cutoff) {
                hi[s] = (k + 1).min(keep.max_turns) as u32;
                if lo[s] == OPEN {
                    lo[s] = hi[s];
                }
                tail[s] = if keep.max_turns == 0 {
                    1.0
                } else {
                    rest as f32
                };
            } else {
                open[kept] = s as u32;
                kept += 1;
            }
        }
        open.truncate(kept);
        if start_open && (1.0 - start_cum < START_TAIL || k >= TURN_LIMIT) {
            start_open = false;
        }
        let last = !start_open && open.is_empty();
        if k % BLOCK == BLOCK - 1 || last {
            let k0 = k - k % BLOCK;
            let size = (0..n)
                .map(|s| {
                    let (a, b) = overlap(lo[s], hi[s], k0, k + 1);
                    b - a
                })
                .sum();
            let mut chunk = Vec::with_capacity(size);
            for s in 0..n {
                let (a, b) = overlap(lo[s], hi[s], k0, k + 1);
                chunk.extend((a..b).map(|j| block[(j - k0) * n + s]));
            }
            chunks.push(chunk);
        }
        if last {
            break;
        }
        k += 1;
        progress(25 + (35 * k as u64 / (k as u64 + 200)), 60);
    }
    let k_end = k + 1;
    // Lay the rows out one after another in rank order: the chunks are block after block,
    // state after state (in the matrix's numbering).
    let mut offset = vec![0u64; n + 1];
    for (new, &old) in m.perm.iter().enumerate() {
        offset[old as usize + 1] = u64::from(hi[new] - lo[new]);
    }
    for i in 0..n {
        offset[i + 1] += offset[i];
    }
    let mut values = vec![0.0f32; offset[n] as usize];
    let mut pos: Vec<u64> = m.perm.iter().map(|&old| offset[old as usize]).collect();
    for (k0, chunk) in (0..k_end).step_by(BLOCK).zip(chunks) {
        let k1 = (k0 + BLOCK).min(k_end);
        let mut c = 0;
        for s in 0..n {
            let (a, b) = overlap(lo[s], hi[s], k0, k1);
            let len = b - a;
            let p = pos[s] as usize;
            values[p..p + len].copy_from_slice(&chunk[c..c + len]);
            pos[s] += len as u64;
            c += len;
        }
        debug_assert_eq!(c, chunk.len());
    }
    let mut lo_old = vec![0u16; n];
    let mut tail_old = vec![0.0f32; n];
    for (new, &old) in m.perm.iter().enumerate() {
        lo_old[old as usize] = lo[new] as u16;
        tail_old[old as usize] = tail[new];
    }
    (
        Dists {
            lo: lo_old,
            offset,
            values,
            tail: tail_old,
        },
        start_dist,
    )
}

/// The turns of `[lo, hi)` (a row; `hi` OPEN while it goes on) inside `[k0, k1)`.
fn overlap(lo: u32, hi: u32, k0: usize, k1: usize) -> (usize, usize) {
    if lo == u32::MAX {
        return (k0, k0);
    }
    let a = (lo as usize).max(k0);
    let b = (hi as usize).min(k1);
    if a < b { (a, b) } else { (k0, k0) }
}
