//! Solves the one-player races and prints the headline figures with timings:
//! `cargo run --release -p nefer-tables --example solve_all -- [pieces] [holes] [max_turns] [cutoff]`.

use std::time::Instant;

use nefer_tables::race::{Indexer, race_match};
use nefer_tables::solver::{Keep, solve_rows};

fn main() {
    let mut args = std::env::args().skip(1);
    let mut next = |d: &str| args.next().unwrap_or_else(|| d.to_string());
    let pieces: u8 = next("5").parse().expect("pieces");
    let holes: u8 = next("29").parse().expect("holes");
    let max_turns: Option<usize> = next("-").parse().ok();
    let cutoff: f64 = next("1e-9").parse().expect("a cut-off");
    for key in ["hj.french", "hj.walker"] {
        let race = nefer_tables::race_for(key, pieces, holes).expect("a pure race");
        let keep = Keep {
            max_turns: max_turns.unwrap_or(if key == "hj.walker" { 640 } else { 192 }),
            cutoff,
        };
        let t = Instant::now();
        let sol = solve_rows(race.as_ref(), keep, &|_, _| {});
        let seconds = t.elapsed().as_secs_f64();
        let idx = Indexer::new(race.as_ref());
        let s = idx.rank(race.start()) as usize;
        let m = race_match(&sol.start_dist);
        println!(
            "{key}: {} states ({} on cycles), {} passes, {seconds:.2} s; E[turns] = {:.6}, \
             P(first wins) = {:.6}, E[game turns] = {:.4}; start distribution {} turns; \
             rows {} values (max_turns {}, cut-off {:e})",
            idx.len(),
            sol.cycle_states,
            sol.sweeps,
            sol.expected[s],
            m.p_first_wins,
            m.expected_game_turns,
            sol.start_dist.len(),
            sol.dists.values.len(),
            keep.max_turns,
            keep.cutoff,
        );
        let phases: Vec<String> = sol
            .phases
            .iter()
            .map(|(name, s)| format!("{name} {s:.3} s"))
            .collect();
        println!("  phases: {}", phases.join(", "));
    }
}
