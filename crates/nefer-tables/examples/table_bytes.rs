//! What each byte of a table buys: sizes for several cut-offs, the error the `f32` rows and the
//! cut-off bring to the match figures, and what `f32` expected turns would cost the policy.
//!
//! `cargo run --release -p nefer-tables --example table_bytes -- [hj.french|hj.walker]`.

use nefer_tables::race::{Ctx, Indexer, race_match, step_value};
use nefer_tables::solver::{Keep, solve_rows};

fn main() {
    let key = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "hj.french".to_string());
    let race = nefer_tables::race_for(&key, 5, 29).expect("hj.french or hj.walker");
    let max_turns = if key == "hj.walker" { 640 } else { 192 };
    let idx = Indexer::new(race.as_ref());
    let s0 = idx.rank(race.start()) as usize;
    let n = idx.len() as usize;
    for cutoff in [0.0, 1e-12, 1e-9, 1e-7, 1e-6] {
        let sol = solve_rows(race.as_ref(), Keep { max_turns, cutoff }, &|_, _| {});
        let bytes = 40 + 1024 + 16 * n + 4 * sol.dists.values.len() + 4;
        // The match figures from the start's stored row (f32, tail lumped on the row's end)
        // against the exact f64 distribution.
        let row = sol.dists.row(s0);
        let mut d = vec![0.0f64; row.end() + 1];
        for (k, &p) in row.p.iter().enumerate() {
            d[row.lo + k] = f64::from(p);
        }
        d[row.end()] += f64::from(row.tail);
        let (stored, exact) = (race_match(&d), race_match(&sol.start_dist));
        println!(
            "{key} cut-off {cutoff:e}: {} values, {:.1} MB; from the stored start row \
             P(first wins) off by {:.1e}, expected game turns by {:.1e}",
            sol.dists.values.len(),
            bytes as f64 / 1e6,
            (stored.p_first_wins - exact.p_first_wins).abs(),
            (stored.expected_game_turns - exact.expected_game_turns).abs(),
        );
    }
    // Expected turns as f32: how many choices would change, and what they would cost.
    let sol = solve_rows(race.as_ref(), Keep::uncut(0), &|_, _| {});
    let v64 = &sol.expected;
    let v32: Vec<f64> = v64.iter().map(|&v| f64::from(v as f32)).collect();
    let worst = v64
        .iter()
        .zip(&v32)
        .filter(|(a, _)| a.is_finite())
        .map(|(a, b)| (a - b).abs())
        .fold(0.0, f64::max);
    let (mut choices, mut changed, mut lost) = (0u64, 0u64, 0.0f64);
    let mut buf = Vec::new();
    for s in idx.states() {
        if race.done(s) {
            continue;
        }
        for t in 1..=5u8 {
            buf.clear();
            race.steps(s, Ctx::Start, t, &mut buf);
            if buf.len() < 2 {
                continue;
            }
            choices += 1;
            let pick = |v: &[f64]| {
                let mut best: Option<(f64, usize)> = None;
                for (k, &st) in buf.iter().enumerate() {
                    let x = step_value(race.as_ref(), &idx, v, st);
                    if best.is_none_or(|(b, _)| x < b - 1e-12) {
                        best = Some((x, k));
                    }
                }
                best.expect("two steps").1
            };
            let (a, b) = (pick(v64), pick(&v32));
            if a != b {
                changed += 1;
                let cost = step_value(race.as_ref(), &idx, v64, buf[b])
                    - step_value(race.as_ref(), &idx, v64, buf[a]);
                lost = lost.max(cost);
            }
        }
    }
    println!(
        "{key} expected turns as f32: off by up to {worst:.1e} turns; {changed} of {choices} \
         choices (state, throw) would change, the worst costing {lost:.1e} expected turns"
    );
}
