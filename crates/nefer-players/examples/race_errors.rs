//! How far each level's choices are from optimal in a pure race, measured with the exact table:
//! for every decision with more than one legal move, the expected turns to finish after the
//! chosen move minus the least over the legal moves.
//!
//! `cargo run --release -p nefer-players --example race_errors -- hj.french 400 easy medium hard expert`
//!
//! Each level plays itself (seats swapped by the seeds), so both seats' decisions count.

use nefer_core::{AnyGame, Game, Options, RuleSetId, Status};
use nefer_players::perfect::move_values;
use nefer_players::{PlayerSpec, sim::derive_seed};
use rayon::prelude::*;

/// Errors of one game: (decisions with a choice, wrong choices, expected turns lost).
fn game_errors(id: RuleSetId, spec: &PlayerSpec, seed: u64) -> (u64, u64, f64) {
    use rand::SeedableRng;
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(seed);
    let mut players = [spec.build(seed ^ 1), spec.build(seed ^ 2)];
    let mut g: AnyGame = id.new_game(&Options::new()).expect("defaults");
    let (mut choices, mut wrong, mut lost) = (0, 0, 0.0);
    loop {
        match g.status() {
            Status::Over(_) => return (choices, wrong, lost),
            Status::Chance { .. } => {
                let c = g.sample_chance(&mut rng);
                g.play_chance_unchecked(c);
            }
            Status::Decide { seat, .. } => {
                let m = players[seat.index()].choose(&g);
                let values = move_values(&g);
                if values.len() > 1 {
                    let best = values.iter().map(|v| v.1).fold(f64::INFINITY, f64::min);
                    let chosen = values.iter().find(|v| v.0 == m).expect("a legal move").1;
                    choices += 1;
                    if chosen > best + 1e-9 {
                        wrong += 1;
                        lost += chosen - best;
                    }
                }
                g.play_unchecked(m);
            }
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let id: RuleSetId = args
        .next()
        .unwrap_or_else(|| "hj.french".into())
        .parse()
        .expect("a rule set key");
    let games: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(400);
    let mut levels: Vec<String> = args.collect();
    if levels.is_empty() {
        levels = ["easy", "medium", "hard", "expert"]
            .map(String::from)
            .to_vec();
    }
    // Solve the table once before the clock matters.
    let _ = nefer_players::perfect::table(id);
    println!("{id}, {games} games per level, each level against itself\n");
    println!(
        "| level | player | decisions with a choice | wrong choices | turns lost per wrong choice | turns lost per player and game |"
    );
    println!("|---|---|---|---|---|---|");
    for level in &levels {
        let spec: PlayerSpec = level.parse().expect("a player");
        let (choices, wrong, lost) = (0..games)
            .into_par_iter()
            .map(|i| game_errors(id, &spec, derive_seed(1, i)))
            .reduce(|| (0, 0, 0.0), |a, b| (a.0 + b.0, a.1 + b.1, a.2 + b.2));
        println!(
            "| {level} | {spec} | {choices} | {wrong} ({:.1} %) | {:.3} | {:.3} |",
            100.0 * wrong as f64 / choices.max(1) as f64,
            lost / wrong.max(1) as f64,
            lost / (2 * games) as f64,
        );
    }
}
