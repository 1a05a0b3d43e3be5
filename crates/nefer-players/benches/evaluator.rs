//! The cost of one evaluation: the learned network's (inputs encoded, forward pass, chances)
//! beside the hand-written evaluation, on every rule set, from a middle-game position reached by
//! 20 random decisions (seed 7); and the forward pass alone for hidden layers of 32 to 256
//! units, which chose the shipped size (`docs/EVALUATOR.md`).
//!
//! `cargo bench -p nefer-players --bench evaluator`.

use std::sync::Arc;

use divan::{Bencher, black_box};
use nefer_core::{AnyGame, Game, RuleSetId, Seat};
use nefer_players::eval::neural::{Active, Encoding, Network, Neural, encode, encode_as};
use nefer_players::eval::{Evaluator, HandWritten};
use nefer_players::train::{TrainConfig, Trainer};

mod common;

use common::position;

fn main() {
    divan::main();
}

/// An untrained network of the shipped shape, as training starts it (random weights cost the
/// same as trained ones).
fn network(g: &AnyGame, hidden: usize) -> Arc<Neural> {
    Trainer::new(TrainConfig {
        hidden,
        ..TrainConfig::new(g.rule_set(), 1, 1)
    })
    .unwrap()
    .evaluator()
}

#[divan::bench(args = RuleSetId::ALL)]
fn neural_value(bencher: Bencher, id: RuleSetId) {
    let g = position(id);
    let n = network(&g, 64);
    bencher.bench_local(|| n.value(black_box(&g), Seat::A));
}

#[divan::bench(args = RuleSetId::ALL)]
fn hand_written_value(bencher: Bencher, id: RuleSetId) {
    let g = position(id);
    bencher.bench_local(|| HandWritten.value(black_box(&g), Seat::A));
}

#[divan::bench(args = RuleSetId::ALL)]
fn encode_only(bencher: Bencher, id: RuleSetId) {
    let g = position(id);
    let mut active = Active::new();
    bencher.bench_local(|| {
        encode(black_box(&g), Seat::A, &mut active);
        active.len()
    });
}

#[divan::bench(args = [32, 64, 128, 256])]
fn forward_senet(bencher: Bencher, hidden: usize) {
    let g = position(RuleSetId::SenetKendall);
    let n = Network::random(Encoding::of(&g).inputs(), hidden, 1);
    let mut active = Active::new();
    encode(&g, Seat::A, &mut active);
    bencher.bench_local(|| n.forward(black_box(&active)));
}

/// Both Senet layouts, inputs encoded and forward pass at 64 hidden units: what `senet/2`'s
/// guards and reaches cost over `senet/1`'s squares alone.
#[divan::bench(args = ["senet/1", "senet/2"])]
fn senet_layout(bencher: Bencher, layout: &str) {
    let g = position(RuleSetId::SenetKendall);
    let enc = Encoding::from_name(layout).unwrap();
    let n = Network::random(enc.inputs(), 64, 1);
    let mut active = Active::new();
    bencher.bench_local(|| {
        encode_as(enc, black_box(&g), Seat::A, &mut active);
        n.forward(&active)
    });
}
