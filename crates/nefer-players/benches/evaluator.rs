//! The cost of one evaluation: the learned network's (inputs encoded, forward pass, chances)
//! beside the hand-written evaluation, on every rule set, from a middle-game position reached by
//! 20 random decisions (seed 7); and the forward pass alone for hidden layers of 32 to 256
//! units, which chose the shipped size (`docs/EVALUATOR.md`).
//!
//! `cargo bench -p nefer-players --bench evaluator`.

use divan::{Bencher, black_box};
use nefer_core::game::{Sampled, play_out};
use nefer_core::{AnyGame, Game, MoveList, Options, RuleSetId, Seat};
use nefer_players::eval::neural::{Active, Encoding, Header, Network, Neural, Weights, encode};
use nefer_players::eval::{Evaluator, HandWritten};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

fn main() {
    divan::main();
}

/// A position after 20 random decisions (the search benchmark's).
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
    g
}

/// A network of the shipped shape (random weights cost the same as trained ones).
fn network(g: &AnyGame, hidden: usize) -> Neural {
    let encoding = Encoding::of(g);
    Neural::new(Weights {
        header: Header {
            rules: g.rule_set(),
            options: Options::new(),
            encoding,
            games: 0,
            seed: 1,
            lambda: 0.7,
            rate: 0.01,
            seconds: 0,
            command: String::new(),
        },
        net: Network::random(encoding.inputs(), hidden, 1),
    })
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
    let n = Network::random(Encoding::Senet.inputs(), hidden, 1);
    let mut active = Active::new();
    encode(&g, Seat::A, &mut active);
    bencher.bench_local(|| n.forward(black_box(&active)));
}
