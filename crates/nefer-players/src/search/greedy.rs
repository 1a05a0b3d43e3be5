//! One-ply player: plays the move whose resulting position its evaluator values best.

use nefer_core::{AnyGame, Game, Move, Status};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

use crate::eval::{Evaluator, HandWritten};
use crate::{Player, sorted_moves};

/// The greedy player. Ties are broken by its seeded generator.
pub struct Greedy<E = HandWritten> {
    eval: E,
    rng: ChaCha8Rng,
}

impl Greedy {
    /// A greedy player on the hand-written evaluation, seeded by `seed`.
    pub fn new(seed: u64) -> Greedy {
        Greedy::with_evaluator(HandWritten, seed)
    }
}

impl<E: Evaluator> Greedy<E> {
    /// A greedy player on `eval`, seeded by `seed`.
    pub fn with_evaluator(eval: E, seed: u64) -> Greedy<E> {
        Greedy {
            eval,
            rng: ChaCha8Rng::seed_from_u64(seed),
        }
    }
}

impl<E: Evaluator> Player for Greedy<E> {
    fn choose(&mut self, game: &AnyGame) -> Move {
        let Status::Decide { seat, .. } = game.status() else {
            panic!("greedy asked to move where no decision is due");
        };
        let moves = sorted_moves(game);
        let mut best = Vec::new();
        let mut best_v = f64::NEG_INFINITY;
        for &m in &moves {
            let mut g = game.clone();
            g.play_unchecked(m);
            let v = self.eval.value(&g, seat);
            if v > best_v + 1e-12 {
                best_v = v;
                best.clear();
            }
            if (v - best_v).abs() <= 1e-12 {
                best.push(m);
            }
        }
        best[self.rng.random_range(0..best.len())]
    }

    fn name(&self) -> String {
        match self.eval.name() {
            HandWritten::NAME => "greedy".into(),
            other => format!("greedy+{other}"),
        }
    }
}
