//! Random playouts and legal-move generation, per rule set.
//!
//! `cargo bench -p nefer-core --bench playouts`. Each benchmark checks what it measures first.

use divan::Bencher;
use nefer_core::{Game, MoveList, Options, Status, hj, random_playout, senet};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    divan::main();
}

/// Positions met in random games, for move generation.
fn positions<G: Game>(start: G, n: usize) -> Vec<G> {
    let mut rng = ChaCha8Rng::seed_from_u64(7);
    let mut out = Vec::with_capacity(n);
    let mut g = start.clone();
    let mut moves = MoveList::new();
    while out.len() < n {
        match g.status() {
            Status::Chance { .. } => {
                let c = g.sample_chance(&mut rng);
                g.play_chance_unchecked(c);
            }
            Status::Decide { .. } => {
                out.push(g.clone());
                g.legal_moves(&mut moves);
                let m = moves[rand::RngExt::random_range(&mut rng, 0..moves.len())];
                g.play_unchecked(m);
            }
            Status::Over(_) => g = start.clone(),
        }
    }
    out
}

/// Games per benchmark iteration: whole games vary a lot in length, a batch of 100 does not.
const GAMES: usize = 100;

fn bench_playout<G: Game>(bencher: Bencher, start: G) {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    // The benchmark measures whole games: check they end.
    for _ in 0..GAMES {
        let mut g = start.clone();
        assert!(random_playout(&mut g, &mut rng) > 0 && g.outcome().is_some());
    }
    bencher
        .counter(divan::counter::ItemsCount::new(GAMES))
        .bench_local(|| {
            let mut decisions = 0;
            for _ in 0..GAMES {
                let mut g = start.clone();
                decisions += random_playout(&mut g, &mut rng);
            }
            decisions
        });
}

fn bench_movegen<G: Game>(bencher: Bencher, start: G) {
    let ps = positions(start, 1000);
    assert_eq!(ps.len(), 1000);
    let mut moves = MoveList::new();
    bencher
        .counter(divan::counter::ItemsCount::new(ps.len()))
        .bench_local(|| {
            let mut n = 0;
            for p in &ps {
                p.legal_moves(&mut moves);
                n += moves.len();
            }
            n
        });
}

#[divan::bench]
fn playout_senet_kendall(b: Bencher) {
    bench_playout(b, senet::kendall::new(&Options::new()).unwrap());
}

#[divan::bench]
fn playout_senet_school(b: Bencher) {
    bench_playout(b, senet::school::new(&Options::new()).unwrap());
}

#[divan::bench]
fn movegen_senet_kendall(b: Bencher) {
    bench_movegen(b, senet::kendall::new(&Options::new()).unwrap());
}

#[divan::bench]
fn movegen_senet_school(b: Bencher) {
    bench_movegen(b, senet::school::new(&Options::new()).unwrap());
}

#[divan::bench]
fn playout_hj_french(b: Bencher) {
    bench_playout(b, hj::french::new(&Options::new()).unwrap());
}

#[divan::bench]
fn playout_hj_walker(b: Bencher) {
    bench_playout(b, hj::walker::new(&Options::new()).unwrap());
}

#[divan::bench]
fn playout_hj_walker_variation(b: Bencher) {
    let opts = Options::parse("hj.walker.variation=true").unwrap();
    bench_playout(b, hj::walker::new(&opts).unwrap());
}

#[divan::bench]
fn movegen_hj_french(b: Bencher) {
    bench_movegen(b, hj::french::new(&Options::new()).unwrap());
}

#[divan::bench]
fn movegen_hj_walker(b: Bencher) {
    bench_movegen(b, hj::walker::new(&Options::new()).unwrap());
}

#[divan::bench]
fn playout_hj_washburne(b: Bencher) {
    bench_playout(b, hj::washburne::new(&Options::new()).unwrap());
}

#[divan::bench]
fn movegen_hj_washburne(b: Bencher) {
    bench_movegen(b, hj::washburne::new(&Options::new()).unwrap());
}

#[divan::bench]
fn playout_hj_skiryuk(b: Bencher) {
    bench_playout(b, hj::skiryuk::new(&Options::new()).unwrap());
}

#[divan::bench]
fn movegen_hj_skiryuk(b: Bencher) {
    bench_movegen(b, hj::skiryuk::new(&Options::new()).unwrap());
}
