//! Fits the race evaluations of `src/eval/race.rs` to the exact one-sided tables: least squares
//! of the expected turns to finish over all race states of basic `hj.walker` (on the features of
//! `nefer_players::eval::walker_features`) or of `hj.french` (`french_features`), as gnubg fits
//! its race evaluations.
//!
//! `CARGO_TARGET_DIR=target cargo run --release -p nefer-players --example fit_race_eval -- hj.walker|hj.french [CACHE]`
//!
//! (`CACHE`: a file to keep the solved table in between runs.)
//!
//! Prints the coefficients to paste into `src/eval/race.rs` (`WALKER_W`, `FRENCH_W`), the fit's
//! error, and how often a greedy player using the fit picks a move that the table says is worse,
//! over every state and throw (states weighted alike).

// Matrix code reads best with indices.
#![allow(clippy::needless_range_loop)]

use nefer_players::eval::{french_features, walker_features};
use nefer_tables::race::{Ctx, Indexer, RaceState, Solution, Step, THROW_P, solve, step_value};

/// Solves the normal equations `a x = b` (symmetric, `n` unknowns) by Gaussian elimination with
/// partial pivoting.
fn solve_linear(mut a: Vec<Vec<f64>>, mut b: Vec<f64>) -> Vec<f64> {
    let n = b.len();
    for c in 0..n {
        let p = (c..n)
            .max_by(|&i, &j| a[i][c].abs().total_cmp(&a[j][c].abs()))
            .expect("a row");
        a.swap(c, p);
        b.swap(c, p);
        let d = a[c][c];
        assert!(d.abs() > 1e-12, "singular normal equations at column {c}");
        for r in c + 1..n {
            let f = a[r][c] / d;
            if f != 0.0 {
                for k in c..n {
                    a[r][k] -= f * a[c][k];
                }
                b[r] -= f * b[c];
            }
        }
    }
    let mut x = vec![0.0; n];
    for c in (0..n).rev() {
        let s: f64 = (c + 1..n).map(|k| a[c][k] * x[k]).sum();
        x[c] = (b[c] - s) / a[c][c];
    }
    x
}

/// The features of a table state for the race `key` (the evaluation reads the same from a game).
fn features(key: &str, s: RaceState) -> Vec<f64> {
    if key == "hj.french" {
        return french_features(s.holes, s.hand).to_vec();
    }
    let mut idx = Vec::new();
    for h in 1..30u8 {
        if s.holes >> h & 1 == 1 {
            idx.push(h);
        }
    }
    idx.extend(core::iter::repeat_n(30, usize::from(s.at_end)));
    walker_features(&idx, s.hand).to_vec()
}

/// The progress evaluation each race used before its fit, in squares, negated (lower is better,
/// as for the table's turns).
fn progress(key: &str, s: RaceState) -> f64 {
    let f = features(key, s);
    if key == "hj.french" {
        let pips: f64 = (1..=29).map(|h| h as f64 * f[h]).sum();
        return -(pips + 34.0 * f64::from(s.off) - 6.0 * f64::from(s.hand));
    }
    let pips: f64 = (1..=30).map(|h| h as f64 * f[h]).sum();
    -(pips + 34.0 * f64::from(s.off) - 2.0 * f64::from(s.hand) - 3.0 * f[36])
}

/// The solution, read from or written to the cache file `cache` if one is named (the solve takes
/// about two minutes; the fit a second).
fn solved(race: &dyn nefer_tables::race::Race, key: &str, cache: Option<String>) -> Solution {
    if let Some(bytes) = cache.as_ref().and_then(|c| std::fs::read(c).ok()) {
        let mut w = bytes
            .chunks_exact(8)
            .map(|c| f64::from_le_bytes(c.try_into().unwrap()));
        let start_len = w.next().expect("a cache") as usize;
        let start_dist: Vec<f64> = w.by_ref().take(start_len).collect();
        return Solution {
            expected: w.collect(),
            dist: Vec::new(),
            max_turns: 0,
            start_dist,
            sweeps: 0,
        };
    }
    eprintln!("solving the {key} table ...");
    let sol = solve(race, 1, &|_, _| {});
    if let Some(c) = cache {
        let mut bytes = Vec::new();
        for x in std::iter::once(sol.start_dist.len() as f64)
            .chain(sol.start_dist.iter().copied())
            .chain(sol.expected.iter().copied())
        {
            bytes.extend_from_slice(&x.to_le_bytes());
        }
        std::fs::write(c, bytes).expect("the cache file");
    }
    sol
}

/// One-ply choices by the values `v` against the table's `exact`, every state of `live` and
/// throw weighted alike: (choices, wrong choices, turns lost), weighted by the throws' odds.
fn one_ply(
    race: &dyn nefer_tables::race::Race,
    idx: &Indexer,
    states: &[RaceState],
    live: &[usize],
    exact: &[f64],
    v: &[f64],
) -> (f64, f64, f64) {
    let (mut choices, mut wrong, mut lost) = (0.0, 0.0, 0.0);
    let mut buf = Vec::new();
    for &i in live {
        for t in 1..=5u8 {
            buf.clear();
            race.steps(states[i], Ctx::Start, t, &mut buf);
            if buf.len() < 2 {
                continue;
            }
            let value = |v: &[f64], st: Step| step_value(race, idx, v, st);
            let best = buf
                .iter()
                .map(|&st| value(exact, st))
                .fold(f64::INFINITY, f64::min);
            let pick = buf
                .iter()
                .copied()
                .min_by(|&x, &y| value(v, x).total_cmp(&value(v, y)))
                .expect("a step");
            let p = THROW_P[usize::from(t)];
            choices += p;
            let d = value(exact, pick) - best;
            if d > 1e-9 {
                wrong += p;
                lost += p * d;
            }
        }
    }
    (choices, wrong, lost)
}

fn main() {
    let key = std::env::args()
        .nth(1)
        .unwrap_or_else(|| "hj.walker".into());
    let race = nefer_tables::race_for(&key, 5, 29).expect("hj.walker or hj.french");
    let sol = solved(race.as_ref(), &key, std::env::args().nth(2));
    let idx = Indexer::new(race.as_ref());
    let n = idx.len() as usize;
    let states: Vec<RaceState> = (0..n as u64).map(|i| idx.unrank(i)).collect();
    let live: Vec<usize> = (0..n).filter(|&i| !race.done(states[i])).collect();

    // Least squares over every unfinished state, on features scaled to unit mean square (the
    // quadratic terms are large); a tiny ridge keeps collinear features solvable.
    let f: Vec<Vec<f64>> = live.iter().map(|&i| features(&key, states[i])).collect();
    let nf = f[0].len();
    let mut scale = vec![0.0; nf];
    for x in &f {
        for k in 0..nf {
            scale[k] += x[k] * x[k];
        }
    }
    for s in &mut scale {
        *s = (*s / f.len() as f64).sqrt().max(1e-9);
    }
    let mut a = vec![vec![0.0; nf]; nf];
    let mut b = vec![0.0; nf];
    for (x, &i) in f.iter().zip(&live) {
        let y = sol.expected[i];
        for j in 0..nf {
            let xj = x[j] / scale[j];
            b[j] += xj * y;
            for k in j..nf {
                a[j][k] += xj * x[k] / scale[k];
            }
        }
    }
    for j in 0..nf {
        a[j][j] += 1e-6 * f.len() as f64;
        for k in 0..j {
            a[j][k] = a[k][j];
        }
    }
    let w: Vec<f64> = solve_linear(a, b)
        .iter()
        .zip(&scale)
        .map(|(x, s)| x / s)
        .collect();

    // The fit's error.
    let mut fitted = vec![0.0; n];
    let (mut sq, mut worst) = (0.0, 0.0f64);
    for (x, &i) in f.iter().zip(&live) {
        let v: f64 = x.iter().zip(&w).map(|(a, b)| a * b).sum();
        fitted[i] = v;
        let e = v - sol.expected[i];
        sq += e * e;
        worst = worst.max(e.abs());
    }
    let start = idx.rank(race.start()) as usize;
    println!(
        "{} states, expected turns from the start {:.3} (fit {:.3}); rms error {:.3}, worst {:.3}",
        live.len(),
        sol.expected[start],
        fitted[start],
        (sq / live.len() as f64).sqrt(),
        worst
    );
    let mean = sol.start_mean();
    let var: f64 = sol
        .start_dist
        .iter()
        .enumerate()
        .map(|(k, p)| (k as f64 - mean).powi(2) * p)
        .sum();
    println!(
        "turns to finish from the start: mean {mean:.3}, standard deviation {:.3} ({:.3} √mean; \
         the spread constant 0.8 / that: {:.3})",
        var.sqrt(),
        var.sqrt() / mean.sqrt(),
        0.8 * mean.sqrt() / var.sqrt()
    );

    // One-ply choices by the fit against the table, every state and throw weighted alike; the
    // progress evaluation used before the fit for comparison (in squares, so negated: lower is
    // better for the table's turns).
    let progress: Vec<f64> = states.iter().map(|&s| progress(&key, s)).collect();
    for (name, v) in [("the fit", &fitted), ("the progress evaluation", &progress)] {
        let (choices, wrong, lost) = one_ply(race.as_ref(), &idx, &states, &live, &sol.expected, v);
        println!(
            "greedy on {name}: {:.1} % wrong choices, {:.4} turns lost per choice",
            100.0 * wrong / choices,
            lost / choices
        );
    }
    // States for the unit test of eval.rs: one near each of these expected turns.
    println!("\nstates for the test (holes, hand, at 30, expected turns, fit):");
    let targets = if key == "hj.french" {
        [6.0, 12.0, 18.0, 24.0, 30.0, 36.0, 41.0]
    } else {
        [12.0, 25.0, 40.0, 55.0, 70.0, 85.0, 100.0]
    };
    for target in targets {
        let &i = live
            .iter()
            .filter(|&&i| states[i].on_holes() >= 1)
            .min_by(|&&a, &&b| {
                (sol.expected[a] - target)
                    .abs()
                    .total_cmp(&(sol.expected[b] - target).abs())
            })
            .expect("a state");
        let s = states[i];
        let holes: Vec<u32> = (1..30).filter(|h| s.holes >> h & 1 == 1).collect();
        println!(
            "{holes:?}, {}, {}, {:.3}, {:.3}",
            s.hand, s.at_end, sol.expected[i], fitted[i]
        );
    }
    // A choice for the test: the costliest mistake of the progress evaluation (one step ending
    // the turn against another, pieces on the holes only) that the fit gets right.
    let mut worst: Option<(f64, usize, u8, RaceState, RaceState)> = None;
    let mut buf = Vec::new();
    for &i in &live {
        if states[i].hand > 0 || states[i].at_end > 0 {
            continue;
        }
        for t in 1..=4u8 {
            buf.clear();
            race.steps(states[i], Ctx::Start, t, &mut buf);
            let ends: Vec<RaceState> = buf
                .iter()
                .filter_map(|st| match st {
                    Step::End(n) if !race.done(*n) => Some(*n),
                    _ => None,
                })
                .collect();
            let at = |v: &[f64], n: RaceState| v[idx.rank(n) as usize];
            let by = |v: &[f64]| {
                ends.iter()
                    .copied()
                    .min_by(|&x, &y| at(v, x).total_cmp(&at(v, y)))
            };
            let (Some(good), Some(bad), Some(fit)) =
                (by(&sol.expected), by(&progress), by(&fitted))
            else {
                continue;
            };
            let loss = at(&sol.expected, bad) - at(&sol.expected, good);
            if fit == good && worst.is_none_or(|w| loss > w.0) {
                worst = Some((loss, i, t, good, bad));
            }
        }
    }
    if let Some((loss, i, t, good, bad)) = worst {
        let holes = |s: RaceState| {
            (1..30u32)
                .filter(|h| s.holes >> h & 1 == 1)
                .collect::<Vec<_>>()
        };
        println!(
            "choice: from {:?} throw {t}: table {:?} {:.3} (fit {:.3}), progress {:?} {:.3} (fit {:.3}); {loss:.3} turns",
            holes(states[i]),
            holes(good),
            sol.expected[idx.rank(good) as usize],
            fitted[idx.rank(good) as usize],
            holes(bad),
            sol.expected[idx.rank(bad) as usize],
            fitted[idx.rank(bad) as usize],
        );
    }
    let name = if key == "hj.french" {
        "FRENCH"
    } else {
        "WALKER"
    };
    println!("\nconst {name}_W: [f64; {name}_FEATURES] = [");
    for x in &w {
        println!("    {x:.6},");
    }
    println!("];");
}
