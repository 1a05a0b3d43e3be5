//! Expectiminimax over the explicit chance nodes, with Star1 and Star2 pruning (Ballard 1983;
//! Hauk, Buro & Schaeffer 2004), a transposition table and iterative deepening.
//!
//! Values are from the point of view of the seat to move at the root, in [-1, 1]: wins +1, losses
//! −1, its [`Evaluator`]'s value at the horizon (the pruning needs values in [-1, 1], which the
//! trait's scale promises). Depth counts decisions;
//! chance nodes do not use depth. A seat may decide several times in a row (bonus throws): each
//! decision node maximises for the root seat's side or minimises for the other, whoever moved
//! before.

use std::collections::HashMap;
use std::hash::BuildHasher;
use std::time::{Duration, Instant};

use arrayvec::ArrayVec;
use nefer_core::{AnyGame, Chance, Game, MAX_CHANCES, Move, Seat, Status};

use super::{forced_or_best, name_with_budget};
use crate::eval::{Evaluator, HandWritten};
use crate::{Player, sorted_moves};

/// Lowest and highest value of any position.
const L: f64 = -1.0;
const U: f64 = 1.0;

#[derive(Clone, Copy, Debug)]
enum Bound {
    Exact,
    Lower,
    Upper,
}

#[derive(Clone, Copy, Debug)]
struct Entry {
    depth: u32,
    value: f64,
    bound: Bound,
}

/// The expectimax player.
pub struct Expectimax<E = HandWritten> {
    eval: E,
    depth: u32,
    time: Option<Duration>,
    tt: HashMap<u64, Entry>,
    hasher: std::hash::BuildHasherDefault<std::hash::DefaultHasher>,
    root: Seat,
    deadline: Option<Instant>,
    aborted: bool,
    /// Nodes visited since the player was made (for benchmarks).
    pub nodes: u64,
    /// Depth completed by the last search.
    pub completed_depth: u32,
}

/// Bounds on the size of the transposition table: cleared when it grows past this many entries.
const TT_LIMIT: usize = 1 << 20;

impl Expectimax {
    /// A player on the hand-written evaluation searching `depth` decisions deep, stopping early
    /// at `time` per move if given. The seed is unused: the search is deterministic.
    pub fn new(depth: u32, time: Option<Duration>, seed: u64) -> Expectimax {
        Expectimax::with_evaluator(HandWritten, depth, time, seed)
    }
}

impl<E: Evaluator> Expectimax<E> {
    /// A player on `eval` searching `depth` decisions deep, stopping early at `time` per move if
    /// given. The seed is unused: the search is deterministic.
    pub fn with_evaluator(
        eval: E,
        depth: u32,
        time: Option<Duration>,
        _seed: u64,
    ) -> Expectimax<E> {
        Expectimax {
            eval,
            depth,
            time,
            tt: HashMap::new(),
            hasher: Default::default(),
            root: Seat::A,
            deadline: None,
            aborted: false,
            nodes: 0,
            completed_depth: 0,
        }
    }

    fn key(&self, g: &AnyGame) -> u64 {
        self.hasher.hash_one(g)
    }

    /// The value of each root move at the deepest depth completed, best first; for hints.
    pub fn analyse(&mut self, game: &AnyGame) -> Vec<(Move, f64)> {
        let Status::Decide { seat, .. } = game.status() else {
            return Vec::new();
        };
        self.root = seat;
        self.tt.clear();
        self.aborted = false;
        self.deadline = self.time.map(|t| Instant::now() + t);
        let mut moves: Vec<Move> = sorted_moves(game).to_vec();
        let mut result: Vec<(Move, f64)> = moves.iter().map(|&m| (m, 0.0)).collect();
        for d in 1..=self.depth {
            let mut scored = Vec::with_capacity(moves.len());
            for &m in &moves {
                let mut g = game.clone();
                g.play_unchecked(m);
                // Full window: every root move gets its exact value (hints show them all).
                let v = self.value::<false>(&g, d - 1, L, U);
                if self.aborted {
                    break;
                }
                scored.push((m, v));
            }
            if self.aborted {
                break;
            }
            // Stable sort: among equal values the notation order decides.
            scored.sort_by(|a, b| b.1.total_cmp(&a.1));
            moves = scored.iter().map(|&(m, _)| m).collect();
            result = scored;
            self.completed_depth = d;
        }
        result
    }

    fn check_time(&mut self) {
        if let Some(d) = self.deadline
            && self.nodes % 512 == 0
            && Instant::now() >= d
        {
            self.aborted = true;
        }
    }

    /// The value of `g`, searched `depth` plies deep within the window (`alpha`, `beta`).
    /// `AFTER_CHANCE`: `g` is an outcome of a chance node. A throw followed by another (Kendall's
    /// collected throws, SPEC R-4; an opening's repeated throws) spends a ply, so that such chains
    /// end: at depth 0 the next throw is valued as it stands. A constant, not an argument: each
    /// kind of node is compiled as its own function, as when they were written twice.
    fn value<const AFTER_CHANCE: bool>(
        &mut self,
        g: &AnyGame,
        depth: u32,
        alpha: f64,
        beta: f64,
    ) -> f64 {
        self.nodes += 1;
        self.check_time();
        if self.aborted {
            return 0.0;
        }
        match g.status() {
            Status::Over(_) => self.eval.value(g, self.root),
            Status::Chance { .. } if !AFTER_CHANCE => self.chance(g, depth, alpha, beta),
            Status::Chance { .. } if depth > 0 => self.chance(g, depth - 1, alpha, beta),
            Status::Chance { .. } => self.eval.value(g, self.root),
            Status::Decide { seat, .. } => {
                if depth == 0 {
                    return self.eval.value(g, self.root);
                }
                self.decision(g, seat, depth, alpha, beta)
            }
        }
    }

    fn decision(
        &mut self,
        g: &AnyGame,
        seat: Seat,
        depth: u32,
        mut alpha: f64,
        mut beta: f64,
    ) -> f64 {
        let key = self.key(g);
        if let Some(e) = self.tt.get(&key)
            && e.depth >= depth
        {
            match e.bound {
                Bound::Exact => return e.value,
                Bound::Lower => alpha = alpha.max(e.value),
                Bound::Upper => beta = beta.min(e.value),
            }
            if alpha >= beta {
                return e.value;
            }
        }
        let (a0, b0) = (alpha, beta);
        let maximise = seat == self.root;
        let mut best = if maximise { L - 1.0 } else { U + 1.0 };
        let mut moves = nefer_core::MoveList::new();
        g.legal_moves(&mut moves);
        for &m in &moves {
            let mut c = g.clone();
            c.play_unchecked(m);
            let v = self.value::<false>(&c, depth - 1, alpha, beta);
            if self.aborted {
                return 0.0;
            }
            if maximise {
                best = best.max(v);
                alpha = alpha.max(v);
            } else {
                best = best.min(v);
                beta = beta.min(v);
            }
            if alpha >= beta {
                break;
            }
        }
        let bound = if best <= a0 {
            Bound::Upper
        } else if best >= b0 {
            Bound::Lower
        } else {
            Bound::Exact
        };
        if self.tt.len() >= TT_LIMIT {
            self.tt.clear();
        }
        self.tt.insert(
            key,
            Entry {
                depth,
                value: best,
                bound,
            },
        );
        best
    }

    /// Star2 probe: the value of one successor of a decision node bounds the node's value (from
    /// below for a maximising node, from above for a minimising one).
    fn probe(&mut self, g: &AnyGame, depth: u32) -> Option<(f64, bool)> {
        let Status::Decide { seat, .. } = g.status() else {
            return None;
        };
        if depth == 0 {
            return None;
        }
        let mut moves = nefer_core::MoveList::new();
        g.legal_moves(&mut moves);
        let mut c = g.clone();
        c.play_unchecked(moves[0]);
        let v = self.value::<false>(&c, depth - 1, L, U);
        Some((v, seat == self.root))
    }

    /// Star1 with a Star2 probing phase over the outcomes of a chance node.
    fn chance(&mut self, g: &AnyGame, depth: u32, alpha: f64, beta: f64) -> f64 {
        // Fixed-capacity lists: chance nodes are most of the tree, and the heap was a fifth of
        // the search's time in `hj.washburne`. Room for the ten pairs of two d4 (SPEC R-5).
        let mut outcomes = ArrayVec::<(Chance, f64), MAX_CHANCES>::new();
        let mut children = ArrayVec::<AnyGame, MAX_CHANCES>::new();
        for &(c, p) in &g.chance_outcomes() {
            let mut x = g.clone();
            x.play_chance_unchecked(c);
            outcomes.push((c, p.to_f64()));
            children.push(x);
        }
        // Star2: cheap bounds from one successor each, tried only when a window could cut.
        if depth > 0 && (beta < U || alpha > L) {
            let (mut lo, mut hi) = (0.0, 0.0);
            for (child, &(_, p)) in children.iter().zip(&outcomes) {
                match self.probe(child, depth) {
                    Some((v, true)) => {
                        lo += p * v;
                        hi += p * U;
                    }
                    Some((v, false)) => {
                        lo += p * L;
                        hi += p * v;
                    }
                    None => {
                        lo += p * L;
                        hi += p * U;
                    }
                }
                if self.aborted {
                    return 0.0;
                }
            }
            if lo >= beta {
                return lo;
            }
            if hi <= alpha {
                return hi;
            }
        }
        // Star1.
        let mut sum = 0.0;
        let mut rest = 1.0;
        for (child, &(_, p)) in children.iter().zip(&outcomes) {
            rest -= p;
            let a = (alpha - sum - U * rest) / p;
            let b = (beta - sum - L * rest) / p;
            let v = self.value::<true>(child, depth, a.max(L), b.min(U));
            if self.aborted {
                return 0.0;
            }
            if v <= a {
                return sum + p * v + U * rest;
            }
            if v >= b {
                return sum + p * v + L * rest;
            }
            sum += p * v;
        }
        sum
    }
}

impl<E: Evaluator> Player for Expectimax<E> {
    fn choose(&mut self, game: &AnyGame) -> Move {
        forced_or_best(game, || self.analyse(game))
    }

    fn name(&self) -> String {
        name_with_budget("expectimax", "depth", self.depth, self.time, &self.eval)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nefer_core::{Options, RuleSetId, Throw};

    /// Plain expectiminimax without pruning or table, the reference for the pruned search.
    fn plain(g: &AnyGame, root: Seat, depth: u32) -> f64 {
        match g.status() {
            Status::Over(_) => HandWritten.value(g, root),
            Status::Chance { .. } => g
                .chance_outcomes()
                .iter()
                .map(|&(c, p)| {
                    let mut x = g.clone();
                    x.play_chance_unchecked(c);
                    let v = match x.status() {
                        Status::Chance { .. } if depth == 0 => HandWritten.value(&x, root),
                        Status::Chance { .. } => plain(&x, root, depth - 1),
                        _ => plain(&x, root, depth),
                    };
                    p.to_f64() * v
                })
                .sum(),
            Status::Decide { seat, .. } => {
                if depth == 0 {
                    return HandWritten.value(g, root);
                }
                let mut moves = nefer_core::MoveList::new();
                g.legal_moves(&mut moves);
                let vals = moves.iter().map(|&m| {
                    let mut x = g.clone();
                    x.play_unchecked(m);
                    plain(&x, root, depth - 1)
                });
                if seat == root {
                    vals.fold(L, f64::max)
                } else {
                    vals.fold(U, f64::min)
                }
            }
        }
    }

    #[test]
    fn pruned_values_equal_plain_expectiminimax() {
        for id in RuleSetId::ALL {
            let mut g = id.new_game(&Options::new()).unwrap();
            // A few positions along a scripted game.
            for (k, t) in [3u8, 2, 5, 1, 2, 4, 3, 2].into_iter().enumerate() {
                let mut tries = 0;
                while let Status::Chance { seat } = g.status() {
                    // The French opening passes the sticks on until a 1 comes; Skiryuk's opening
                    // throws again while equal: alternate 2 and 1 so that both end.
                    tries += 1;
                    let t = if tries > 2 { 1 + tries % 2 } else { t };
                    let c = match seat {
                        Some(_) => Chance::Throw(Throw::new(t).unwrap()),
                        None => Chance::Seat(Seat::A),
                    };
                    g.play_chance(c).unwrap();
                }
                if let Status::Decide { seat, .. } = g.status() {
                    let mut first = None;
                    for depth in [2, 3] {
                        let mut x = Expectimax::new(depth, None, 0);
                        let analysed = x.analyse(&g);
                        for &(m, v) in &analysed {
                            let mut c = g.clone();
                            c.play_unchecked(m);
                            let want = plain(&c, seat, depth - 1);
                            assert!(
                                (v - want).abs() < 1e-9,
                                "{id} depth {depth} step {k} move {m}: {v} vs {want}"
                            );
                        }
                        first.get_or_insert(analysed[0].0);
                    }
                    g.play_unchecked(first.unwrap());
                }
            }
        }
    }
}
