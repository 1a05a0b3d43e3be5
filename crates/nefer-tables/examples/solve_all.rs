//! Solves the one-player races and prints the headline figures with timings:
//! `cargo run --release -p nefer-tables --example solve_all -- [pieces] [holes]`.

use std::time::Instant;

use nefer_tables::race::{Indexer, race_match, solve};

fn main() {
    let mut args = std::env::args()
        .skip(1)
        .map(|a| a.parse::<u8>().expect("a number"));
    let pieces = args.next().unwrap_or(5);
    let holes = args.next().unwrap_or(29);
    for key in ["hj.french", "hj.walker"] {
        let race = nefer_tables::race_for(key, pieces, holes).unwrap();
        let t = Instant::now();
        let sol = solve(race.as_ref(), 64, &|_, _| {});
        let idx = Indexer::new(race.as_ref());
        let s = idx.rank(race.start()) as usize;
        let m = race_match(&sol.start_dist);
        println!(
            "{key}: {} states, {} sweeps, {:.2} s; E[turns] = {:.6}, P(first wins) = {:.6}, E[game turns] = {:.4}, dist len {}",
            idx.len(),
            sol.sweeps,
            t.elapsed().as_secs_f64(),
            sol.expected[s],
            m.p_first_wins,
            m.expected_game_turns,
            sol.start_dist.len()
        );
    }
}
