//! Monte Carlo tree search with explicit chance nodes.
//!
//! The tree alternates decision nodes (UCT selection, from the point of view of the seat that
//! decides there) and chance nodes (an outcome drawn with its exact probability, one child per
//! outcome: "chance-node sampling"). A new leaf is valued by a short random rollout finished by
//! the player's [`Evaluator`], which is much less noisy than whole random games in race games of
//! 200+ decisions.

use std::time::{Duration, Instant};

use nefer_core::game::{Sampled, play_out};
use nefer_core::{AnyGame, Chance, Game, Move, MoveList, Seat, Status};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use super::{forced_or_best, name_with_budget};
use crate::eval::{Evaluator, HandWritten};
use crate::{Player, random_move, sorted_moves};

/// Exploration constant of UCT for rewards in [-1, 1].
const EXPLORE: f64 = 0.9;
/// Random decisions played from a new leaf before the evaluation takes over.
const ROLLOUT_DECISIONS: u32 = 24;
/// A child not made yet.
const NONE: u32 = u32::MAX;

enum Kind {
    Terminal(f64),
    Decision {
        seat: Seat,
        moves: MoveList,
        children: Vec<u32>,
    },
    Chance {
        outcomes: Vec<(Chance, f64)>,
        children: Vec<u32>,
    },
}

struct Node {
    visits: u32,
    /// Sum of rewards, from the root seat's point of view.
    total: f64,
    kind: Kind,
}

/// The MCTS player.
pub struct Mcts<E = HandWritten> {
    eval: E,
    iterations: u32,
    time: Option<Duration>,
    rng: ChaCha8Rng,
    tree: Vec<Node>,
    root: Seat,
    /// Iterations run since the player was made (for benchmarks).
    pub total_iterations: u64,
}

impl Mcts {
    /// A player on the hand-written evaluation running `iterations` per move, stopping early at
    /// `time` if given.
    pub fn new(iterations: u32, time: Option<Duration>, seed: u64) -> Mcts {
        Mcts::with_evaluator(HandWritten, iterations, time, seed)
    }
}

impl<E: Evaluator> Mcts<E> {
    /// A player on `eval` running `iterations` per move, stopping early at `time` if given.
    pub fn with_evaluator(eval: E, iterations: u32, time: Option<Duration>, seed: u64) -> Mcts<E> {
        Mcts {
            eval,
            iterations,
            time,
            rng: ChaCha8Rng::seed_from_u64(seed),
            tree: Vec::new(),
            root: Seat::A,
            total_iterations: 0,
        }
    }

    fn node(&self, g: &AnyGame) -> Node {
        let kind = match g.status() {
            Status::Over(_) => Kind::Terminal(self.eval.value(g, self.root)),
            Status::Chance { .. } => {
                let outcomes: Vec<(Chance, f64)> = g
                    .chance_outcomes()
                    .iter()
                    .map(|&(c, p)| (c, p.to_f64()))
                    .collect();
                let children = vec![NONE; outcomes.len()];
                Kind::Chance { outcomes, children }
            }
            Status::Decide { seat, .. } => {
                let moves = sorted_moves(g);
                let children = vec![NONE; moves.len()];
                Kind::Decision {
                    seat,
                    moves,
                    children,
                }
            }
        };
        Node {
            visits: 0,
            total: 0.0,
            kind,
        }
    }

    fn rollout(&mut self, g: &mut AnyGame) -> f64 {
        // The shared playout loop, stopped after `ROLLOUT_DECISIONS` decisions. Every decision
        // draws its choice, forced or not, so the stream of random numbers is the rollout's own.
        // The draw is a rank in the moves' notation order, as the random player's: the
        // rollouts, like every other choice, do not depend on the order of the generator.
        let mut moves = MoveList::new();
        let mut left = ROLLOUT_DECISIONS;
        play_out(
            g,
            &mut Sampled::new(&mut self.rng, |g: &AnyGame, rng: &mut ChaCha8Rng| {
                left = left.checked_sub(1)?;
                Some(random_move(g, rng, &mut moves))
            }),
        );
        self.eval.value(g, self.root)
    }

    fn iterate(&mut self, root: &AnyGame) {
        let mut g = root.clone();
        let mut path = vec![0u32];
        let mut at = 0usize;
        let reward = loop {
            let parent_visits = self.tree[at].visits.max(1);
            let step: Result<usize, f64> = match &self.tree[at].kind {
                Kind::Terminal(v) => Err(*v),
                Kind::Decision {
                    seat,
                    moves,
                    children,
                } => {
                    if let Some(i) = children.iter().position(|&c| c == NONE) {
                        g.play_unchecked(moves[i]);
                        Ok(i)
                    } else {
                        let sign = if *seat == self.root { 1.0 } else { -1.0 };
                        let ln = f64::from(parent_visits).ln();
                        let mut best = (f64::NEG_INFINITY, 0);
                        for (i, &c) in children.iter().enumerate() {
                            let n = &self.tree[c as usize];
                            let q = sign * n.total / f64::from(n.visits.max(1));
                            let u = q + EXPLORE * (ln / f64::from(n.visits.max(1))).sqrt();
                            if u > best.0 {
                                best = (u, i);
                            }
                        }
                        g.play_unchecked(moves[best.1]);
                        Ok(best.1)
                    }
                }
                Kind::Chance { outcomes, .. } => {
                    let mut x: f64 = self.rng.random();
                    let mut pick = outcomes.len() - 1;
                    for (i, &(_, p)) in outcomes.iter().enumerate() {
                        if x < p {
                            pick = i;
                            break;
                        }
                        x -= p;
                    }
                    g.play_chance_unchecked(outcomes[pick].0);
                    Ok(pick)
                }
            };
            let i = match step {
                Ok(i) => i,
                Err(v) => break v,
            };
            let child = match &self.tree[at].kind {
                Kind::Decision { children, .. } | Kind::Chance { children, .. } => children[i],
                Kind::Terminal(_) => unreachable!(),
            };
            if child != NONE {
                at = child as usize;
                path.push(child);
                continue;
            }
            let new = self.tree.len() as u32;
            let node = self.node(&g);
            let is_decision_leaf = matches!(self.tree[at].kind, Kind::Decision { .. });
            self.tree.push(node);
            if let Kind::Decision { children, .. } | Kind::Chance { children, .. } =
                &mut self.tree[at].kind
            {
                children[i] = new;
            }
            path.push(new);
            at = new as usize;
            if is_decision_leaf {
                // A new move was tried: value it by a rollout.
                break self.rollout(&mut g);
            }
        };
        for &n in &path {
            let node = &mut self.tree[n as usize];
            node.visits += 1;
            node.total += reward;
        }
    }

    /// Visit counts and mean values of the root moves after a search, most visited first.
    pub fn analyse(&mut self, game: &AnyGame) -> Vec<(Move, u32, f64)> {
        let Status::Decide { seat, .. } = game.status() else {
            return Vec::new();
        };
        self.root = seat;
        self.tree.clear();
        let root = self.node(game);
        self.tree.push(root);
        let deadline = self.time.map(|t| Instant::now() + t);
        for k in 0..self.iterations {
            if k % 32 == 0 && deadline.is_some_and(|d| Instant::now() >= d) {
                break;
            }
            self.iterate(game);
            self.total_iterations += 1;
        }
        let Kind::Decision {
            moves, children, ..
        } = &self.tree[0].kind
        else {
            return Vec::new();
        };
        let mut out: Vec<(Move, u32, f64)> = moves
            .iter()
            .zip(children)
            .map(|(&m, &c)| match c {
                NONE => (m, 0, 0.0),
                c => {
                    let n = &self.tree[c as usize];
                    (m, n.visits, n.total / f64::from(n.visits.max(1)))
                }
            })
            .collect();
        out.sort_by(|a, b| b.1.cmp(&a.1).then(b.2.total_cmp(&a.2)));
        out
    }
}

impl<E: Evaluator> Player for Mcts<E> {
    fn choose(&mut self, game: &AnyGame) -> Move {
        forced_or_best(game, || {
            self.analyse(game)
                .into_iter()
                .map(|(m, visits, _)| (m, visits))
                .collect()
        })
    }

    fn name(&self) -> String {
        name_with_budget("mcts", "iters", self.iterations, self.time, &self.eval)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nefer_core::Throw;

    #[test]
    fn same_seed_same_search() {
        let mut g = nefer_core::RuleSetId::SenetSchool
            .new_game(&nefer_core::Options::new())
            .unwrap();
        g.play_chance(Chance::Throw(Throw::new(3).unwrap()))
            .unwrap();
        let a = Mcts::new(300, None, 9).analyse(&g);
        let b = Mcts::new(300, None, 9).analyse(&g);
        assert_eq!(a, b);
        assert_eq!(a.iter().map(|x| x.1).sum::<u32>(), 300);
    }
}
