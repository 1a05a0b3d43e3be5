//! Search speed: expectimax nodes per second and MCTS iterations per second, on every rule set,
//! from a middle-game position reached by 20 random decisions (seed 7); and expectimax with its
//! evaluator behind an `Arc<dyn Evaluator>`, the cost of a dynamic call per leaf.
//!
//! `cargo bench -p nefer-players --bench search`.

use std::sync::Arc;

use divan::Bencher;
use nefer_core::game::{Sampled, play_out};
use nefer_core::{AnyGame, Game, MoveList, Options, RuleSetId};
use nefer_players::eval::{Evaluator, HandWritten};
use nefer_players::search::expectimax::Expectimax;
use nefer_players::search::mcts::Mcts;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    divan::main();
}

/// A position after 20 random decisions where the player to move has a real choice: the start
/// is not typical (in most rule sets nothing can be hit yet), and a forced move searches nothing.
fn position(id: RuleSetId) -> AnyGame {
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

#[divan::bench(args = RuleSetId::ALL)]
fn expectimax_depth3(bencher: Bencher, id: RuleSetId) {
    let g = position(id);
    // Count the nodes of one search first: the counter reports nodes per second.
    let mut x = Expectimax::new(3, None, 0);
    x.analyse(&g);
    assert!(x.nodes > 100);
    bencher
        .counter(divan::counter::ItemsCount::new(x.nodes as usize))
        .bench_local(|| Expectimax::new(3, None, 0).analyse(&g));
}

#[divan::bench(args = RuleSetId::ALL)]
fn expectimax_depth3_dyn_evaluator(bencher: Bencher, id: RuleSetId) {
    let g = position(id);
    let eval: Arc<dyn Evaluator> = Arc::new(HandWritten);
    let mut x = Expectimax::with_evaluator(eval.clone(), 3, None, 0);
    x.analyse(&g);
    // The same search as `expectimax_depth3`: the same nodes.
    let mut plain = Expectimax::new(3, None, 0);
    plain.analyse(&g);
    assert_eq!(x.nodes, plain.nodes);
    bencher
        .counter(divan::counter::ItemsCount::new(x.nodes as usize))
        .bench_local(|| Expectimax::with_evaluator(eval.clone(), 3, None, 0).analyse(&g));
}

#[divan::bench(args = RuleSetId::ALL)]
fn mcts_1000_iterations(bencher: Bencher, id: RuleSetId) {
    let g = position(id);
    bencher
        .counter(divan::counter::ItemsCount::new(1000usize))
        .bench_local(|| {
            let mut m = Mcts::new(1000, None, 1);
            let r = m.analyse(&g);
            assert_eq!(m.total_iterations, 1000);
            r
        });
}
