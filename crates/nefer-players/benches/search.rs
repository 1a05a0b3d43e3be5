//! Search speed: expectimax nodes per second and MCTS iterations per second, on every rule set,
//! from a middle-game position reached by 20 random decisions (seed 7); and expectimax with its
//! evaluator behind an `Arc<dyn Evaluator>`, the cost of a dynamic call per leaf.
//!
//! `cargo bench -p nefer-players --bench search`.

use std::sync::Arc;

use divan::Bencher;
use nefer_core::RuleSetId;
use nefer_players::eval::{Evaluator, HandWritten};
use nefer_players::search::expectimax::Expectimax;
use nefer_players::search::mcts::Mcts;

mod common;

use common::position;

fn main() {
    divan::main();
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
