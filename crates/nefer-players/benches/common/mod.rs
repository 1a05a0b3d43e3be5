//! What the benchmarks share: the position they measure from.

use nefer_core::game::{Sampled, play_out};
use nefer_core::{AnyGame, Game, MoveList, Options, RuleSetId};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// A position after 20 random decisions where the player to move has a real choice: the start
/// is not typical (in most rule sets nothing can be hit yet), and a forced move searches nothing.
pub fn position(id: RuleSetId) -> AnyGame {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut g = id.new_game(&Options::new()).unwrap();
    let mut moves = MoveList::new();
    let mut decisions = 0;
    play_out(
        &mut g,
        &mut Sampled::new(&mut rng, |g: &AnyGame, rng: &mut ChaCha8Rng| {
            g.legal_moves(&mut moves);
            if decisions >= 20 && moves.len() >= 2 {
                return None;
            }
            decisions += 1;
            Some(moves[rng.random_range(0..moves.len())])
        }),
    );
    assert!(
        g.outcome().is_none(),
        "{id}: the game ended before a benchmark position"
    );
    g
}
