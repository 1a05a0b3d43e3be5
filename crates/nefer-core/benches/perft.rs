//! Perft: the whole game tree below a middle-game position, per rule set.
//!
//! `cargo bench -p nefer-core --bench perft`. Each benchmark walks a position of
//! `tests/perft/<rules>.perft` (named by its `id`) to a fixed depth through the rule set's own
//! `State` (no `AnyGame` dispatch), and asserts the node count the file gives: a benchmark that
//! measures a changed move generator fails instead of reporting a figure for something else.
//! The counter is the nodes at that depth (the perft number), so `Mitem/s` is leaves per second;
//! the walk also visits every shallower node, which divan does not count.

use divan::Bencher;
use nefer_core::perft::perft;
use nefer_core::{Game, hj, senet};

fn main() {
    divan::main();
}

/// Parses `position`, checks `perft(depth)` is `nodes` once, then measures it.
fn bench<G: Game + core::str::FromStr>(bencher: Bencher, position: &str, depth: u32, nodes: u64)
where
    G::Err: core::fmt::Debug,
{
    let game: G = position.parse().expect("a valid position string");
    assert_eq!(
        perft(&game, depth).nodes(),
        nodes,
        "{position} depth {depth}"
    );
    bencher
        .counter(divan::counter::ItemsCount::new(nodes))
        .bench_local(|| {
            let n = perft(divan::black_box(&game), depth).nodes();
            assert_eq!(n, nodes);
            n
        });
}

/// Declares the benchmarks, one an entry: its doc (which position of the perft file), its name,
/// the rule set's `State`, then the position, the depth and the node count there for [`bench`].
macro_rules! perft_benches {
    ($($(#[$doc:meta])* $name:ident: $state:ty = $position:literal, $depth:literal, $nodes:literal;)*) => {$(
        $(#[$doc])*
        #[divan::bench]
        fn $name(b: Bencher) {
            bench::<$state>(b, $position, $depth, $nodes);
        }
    )*};
}

perft_benches! {
    /// `opening-exchanges`: a water turn, then protected pairs and exchanges both ways.
    perft_senet_kendall: senet::kendall::State = "senet.kendall A:3,4,12,13,14,15,27 B:1,6,8,9,10,11,24 A water turn=19", 10, 177_035;
    /// `middle`.
    perft_senet_school: senet::school::State = "senet.school A:2,4,8,9,10,20,24 B:5,6,7,13,14,15,28 A throw turn=39", 9, 337_900;
    /// `bonus-from-25`: bonus throws for one piece.
    perft_hj_french: hj::french::State = "hj.french A:L3,L20,L28,L29,hand B:R17,R25,R27,R29,off B bonus:R25 turn=73", 11, 219_895;
    /// `middle`: with the jam check of C-8 after every decision.
    perft_hj_walker: hj::walker::State = "hj.walker A:L4,L5,L9,L24,S B:R3,R28,S,hand*2 A throw turn=38", 10, 312_326;
    /// `crossed-circuits` of `hj.walker-variation.perft`.
    perft_hj_walker_variation: hj::walker::State = "hj.walker[variation=true] A:L1,L28,R22,R10,hand B:S,L3,L2,hand*2 B throw turn=88", 11, 443_965;
    /// `crowded`: captures, loads and bonus throws.
    perft_hj_skiryuk: hj::skiryuk::State = "hj.skiryuk A:L5,L13,L29,S,hand B:R1,R28,R29,hand,captured A throw turn=46", 11, 305_820;
    /// `early`: knock-offs and chained orange throws.
    perft_hj_washburne: hj::washburne::State = "hj.washburne A:L4,L8,L9,L10,L27 B:R1,R3,R4,R14,S B throw turn=18", 8, 200_910;
}
