//! Random playouts per second of one rule set on one thread, for profiling and quick checks:
//! `cargo run --release -p nefer-core --example playouts -- senet.kendall 200000`.

use std::time::Instant;

use nefer_core::{Options, RuleSetId, random_playout};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

fn main() {
    let mut args = std::env::args().skip(1);
    let key = args.next().unwrap_or_else(|| "senet.kendall".into());
    let games: u32 = args.next().and_then(|s| s.parse().ok()).unwrap_or(100_000);
    let id: RuleSetId = key.parse().expect("a rule set key");
    let start_state = id.new_game(&Options::new()).expect("defaults");
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let t = Instant::now();
    let mut decisions = 0u64;
    for _ in 0..games {
        let mut g = start_state.clone();
        decisions += u64::from(random_playout(&mut g, &mut rng));
    }
    let s = t.elapsed().as_secs_f64();
    println!(
        "{key}: {games} games in {s:.2} s = {:.0} games/s, {:.1} decisions/game",
        f64::from(games) / s,
        decisions as f64 / f64::from(games)
    );
}
