//! Table lookup: ranking a race state and reading its expected turns, on a reduced French race
//! (the ranking code is the same for every size; the full table takes a minute to build).
//!
//! `cargo bench -p nefer-tables --bench lookup`.

use divan::Bencher;
use nefer_tables::french::French;
use nefer_tables::race::{Indexer, solve};

fn main() {
    divan::main();
}

#[divan::bench]
fn rank_and_lookup(bencher: Bencher) {
    let race = French {
        pieces: 3,
        holes: 29,
    };
    let sol = solve(&race, 4, &|_, _| {});
    let idx = Indexer::new(&race);
    let states: Vec<_> = (0..idx.len()).step_by(7).map(|i| idx.unrank(i)).collect();
    assert_eq!(states.len(), 651);
    bencher
        .counter(divan::counter::ItemsCount::new(states.len()))
        .bench_local(|| {
            states
                .iter()
                .map(|&s| sol.expected[idx.rank(s) as usize])
                .sum::<f64>()
        });
}
