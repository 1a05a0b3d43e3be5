//! The searching players, each generic over its [`Evaluator`] (the
//! hand-written one by default, which the levels play with):
//!
//! - [`greedy`]: one ply, the best-valued position after the move;
//! - [`expectimax`]: expectiminimax over the explicit chance nodes with Star1/Star2 pruning, a
//!   transposition table and iterative deepening;
//! - [`mcts`]: Monte Carlo tree search with explicit chance nodes and evaluated rollouts.
//!
//! A player holding an `Arc<dyn Evaluator>` works too (`Arc` forwards the trait); the levels use
//! the concrete [`HandWritten`], so their leaves pay no dynamic call.

pub mod expectimax;
pub mod greedy;
pub mod mcts;

use std::time::Duration;

use nefer_core::{AnyGame, Move};

use crate::eval::{Evaluator, HandWritten};
use crate::sorted_moves;

/// The move a search chooses: a forced move at once, else the first of `analysed` (the search's
/// ranking, best first).
pub(crate) fn forced_or_best<T>(game: &AnyGame, analyse: impl FnOnce() -> Vec<(Move, T)>) -> Move {
    let moves = sorted_moves(game);
    if moves.len() == 1 {
        return moves[0];
    }
    analyse()[0].0
}

/// A search's name with its budget as the command line writes it (`expectimax:depth=3,ms=1000`),
/// and the evaluator's name after a `+` when it is not the hand-written one.
pub(crate) fn name_with_budget(
    kind: &str,
    budget: &str,
    n: u32,
    time: Option<Duration>,
    eval: &impl Evaluator,
) -> String {
    let mut name = format!("{kind}:{budget}={n}");
    if let Some(t) = time {
        name += &format!(",ms={}", t.as_millis());
    }
    if eval.name() != HandWritten::NAME {
        name += &format!("+{}", eval.name());
    }
    name
}

#[cfg(test)]
mod tests {

    use super::*;
    use crate::Player;

    #[test]
    fn the_searches_stay_out_of_the_waters() {
        // A 1 could take 26 into the House of Waters or 20 to 21.
        let g: AnyGame = "senet.kendall A:20,26,off*5 B:1,2,3,off*4 A 1"
            .parse()
            .unwrap();
        let want: Move = "20-21".parse().unwrap();
        assert_eq!(expectimax::Expectimax::new(2, None, 0).choose(&g), want);
        assert_eq!(mcts::Mcts::new(400, None, 1).choose(&g), want);
    }
}
