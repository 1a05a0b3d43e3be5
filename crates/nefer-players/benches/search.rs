//! Search speed: expectimax nodes per second and MCTS iterations per second, from the start of
//! each Senet rule set after a first throw of 3.
//!
//! `cargo bench -p nefer-players --bench search`.

use divan::Bencher;
use nefer_core::{AnyGame, Chance, Game, Options, RuleSetId, Throw};
use nefer_players::expectimax::Expectimax;
use nefer_players::mcts::Mcts;

fn main() {
    divan::main();
}

fn position(id: RuleSetId) -> AnyGame {
    let mut g = id.new_game(&Options::new()).unwrap();
    while !matches!(g.status(), nefer_core::Status::Decide { .. }) {
        g.play_chance(Chance::Throw(Throw::new(3).unwrap()))
            .unwrap();
    }
    g
}

const IDS: [RuleSetId; 2] = [RuleSetId::SenetKendall, RuleSetId::SenetSchool];

#[divan::bench(args = IDS)]
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

#[divan::bench(args = IDS)]
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
