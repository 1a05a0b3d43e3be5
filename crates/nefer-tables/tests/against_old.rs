//! The fast solver against the solver it replaced (kept verbatim in `reference/`): the same
//! values to 1e-12, the same distributions, on reduced piece counts (the full tables by an
//! ignored test, `cargo test --release -p nefer-tables --test against_old -- --ignored`).

mod common;
mod reference;

use common::{both, french, walker};
use nefer_tables::french::French;
use nefer_tables::race::{Indexer, Race, Solution, solve};
use nefer_tables::solver::{Keep, START_TAIL, solve_rows};
use proptest::prelude::*;

/// Reduced races: fewer pieces, shorter tracks, both rule sets.
fn reduced() -> Vec<Box<dyn Race>> {
    both(&[
        (1, 29),
        (2, 29),
        (3, 29),
        (2, 12),
        (3, 14),
        (3, 21),
        (4, 11),
    ])
}

/// The largest differences between two solutions: (values, relative; start distribution;
/// distributions away from the tail slot, relative above 1e-8; tail slot).
fn differences(new: &Solution, old: &Solution) -> (f64, f64, f64, f64) {
    assert_eq!(new.expected.len(), old.expected.len());
    let value = new
        .expected
        .iter()
        .zip(&old.expected)
        .map(|(a, b)| {
            if a == b {
                0.0
            } else {
                (a - b).abs() / b.abs().max(1.0)
            }
        })
        .fold(0.0, f64::max);
    // The old loop and the new may stop a turn apart (the tail is below 1e-13 either way).
    let len = new.start_dist.len().max(old.start_dist.len());
    let start = (0..len)
        .map(|k| {
            let a = new.start_dist.get(k).copied().unwrap_or(0.0);
            let b = old.start_dist.get(k).copied().unwrap_or(0.0);
            (a - b).abs()
        })
        .fold(0.0, f64::max);
    let stride = new.max_turns + 1;
    let (mut dist, mut tail) = (0.0f64, 0.0f64);
    for (k, (a, b)) in new.dist.iter().zip(&old.dist).enumerate() {
        // f32 values rounded from f64s computed in another way: a unit in the last place, or,
        // for values below 1e-8, the old solver's own precision (it took differences of
        // cumulative probabilities near 1, good to a few 1e-16 absolute).
        let d = f64::from((a - b).abs()) / f64::from(b.abs()).max(1e-8);
        if k % stride == new.max_turns {
            tail = tail.max(f64::from((a - b).abs()));
        } else if a != b {
            dist = dist.max(d);
        }
    }
    (value, start, dist, tail)
}

fn check(race: &dyn Race, max_turns: usize) {
    let old = reference::solve(race, max_turns, &|_, _| {});
    let new = solve(race, max_turns, &|_, _| {});
    assert_close(&race.name(), &new, &old);
}

fn assert_close(name: &str, new: &Solution, old: &Solution) {
    let (value, start, dist, tail) = differences(new, old);
    assert!(value <= 1e-12, "{name}: values differ by {value:e}");
    assert!(start <= 1e-12, "{name}: start distribution by {start:e}");
    // A relative unit in the last place of an f32, whichever way the f64 rounded.
    assert!(
        dist <= 2.0 * f64::from(f32::EPSILON),
        "{name}: distributions by {dist:e}"
    );
    // The old solver summed the kept turns in f32 for the tail slot; the new sums in f64.
    assert!(tail <= 1e-5, "{name}: tail slots by {tail:e}");
    assert_eq!(new.dist.len(), old.dist.len());
}

#[test]
fn the_fast_solver_agrees_with_the_old_one_on_reduced_races() {
    for race in reduced() {
        check(race.as_ref(), 48);
    }
}

#[test]
fn french_values_are_bit_for_bit_the_old_ones() {
    // No cycle: every value is one evaluation of the same sum in the same order as before.
    for pieces in 1..=3 {
        let race = French { pieces, holes: 29 };
        let old = reference::solve(&race, 4, &|_, _| {});
        let new = solve(&race, 4, &|_, _| {});
        assert_eq!(new.expected, old.expected, "{}", race.name());
        assert_eq!(new.sweeps, 1);
    }
}

#[test]
fn rows_with_a_cutoff_are_the_rows_without_it_cut() {
    for race in reduced() {
        let full = solve_rows(race.as_ref(), Keep::uncut(400), &|_, _| {});
        let cut = solve_rows(
            race.as_ref(),
            Keep {
                max_turns: 400,
                cutoff: 1e-9,
            },
            &|_, _| {},
        );
        assert_eq!(full.expected, cut.expected);
        for i in 0..full.dists.len() {
            let (f, c) = (full.dists.row(i), cut.dists.row(i));
            assert_eq!(f.lo, c.lo, "{}: state {i}", race.name());
            assert!(c.end() <= f.end());
            assert_eq!(&f.p[..c.p.len()], c.p, "{}: state {i}", race.name());
            // The tail holds what was cut, below the cut-off (or the cap's tail).
            let cut_mass: f64 =
                f.p[c.p.len()..].iter().map(|&p| f64::from(p)).sum::<f64>() + f64::from(f.tail);
            assert!(
                (cut_mass - f64::from(c.tail)).abs() < 1e-6 * cut_mass.max(1e-9),
                "{}: state {i}: {cut_mass} vs {}",
                race.name(),
                c.tail
            );
            assert!(c.end() == 400 || c.tail < 1e-9);
        }
    }
}

/// The full tables, old against new: about three minutes optimised.
#[test]
#[ignore = "runs the old solver on the full tables (minutes)"]
fn the_full_tables_agree_with_the_old_solver() {
    for (race, max_turns) in [(french(5, 29), 192), (walker(5, 29), 640)] {
        let t = std::time::Instant::now();
        let old = reference::solve(race.as_ref(), max_turns, &|_, _| {});
        let t_old = t.elapsed().as_secs_f64();
        let t = std::time::Instant::now();
        let new = solve(race.as_ref(), max_turns, &|_, _| {});
        let t_new = t.elapsed().as_secs_f64();
        let (value, start, dist, tail) = differences(&new, &old);
        println!(
            "{}: old {t_old:.1} s, new {t_new:.2} s; largest differences: values {value:e} \
             (relative), start distribution {start:e}, distributions {dist:e} (relative), \
             tail slots {tail:e}; sweeps {} then {}",
            race.name(),
            old.sweeps,
            new.sweeps
        );
        assert_close(&race.name(), &new, &old);
    }
}

#[test]
fn the_pair_game_agrees_with_the_old_one() {
    for race in both(&[(1, 29), (2, 12)]) {
        let old = reference::solve_pair(race.as_ref());
        let new = nefer_tables::pair::solve_pair(race.as_ref());
        let worst = new
            .w
            .iter()
            .zip(&old.w)
            .map(|(a, b)| (a - b).abs())
            .fold(0.0, f64::max);
        assert!(worst <= 1e-12, "{}: {worst:e}", race.name());
        println!(
            "{}: pair values within {worst:e} of the old solver's",
            race.name()
        );
    }
}

#[test]
fn three_piece_pair_values_are_a_fixed_point_of_the_old_equations() {
    // Three pieces (the old solver would take minutes): every value is what one more sweep of
    // the old equations gives back.
    for race in both(&[(3, 14)]) {
        let new = nefer_tables::pair::solve_pair(race.as_ref());
        let r = reference::pair_residual(race.as_ref(), &new.w);
        assert!(r < 1e-12, "{}: residual {r:e}", race.name());
    }
}

/// A small race of either rule set: (French?, pieces, holes).
fn small_race() -> impl Strategy<Value = (bool, u8, u8)> {
    (any::<bool>(), 1u8..=3, 4u8..=16)
}

fn make((is_french, pieces, holes): (bool, u8, u8)) -> Box<dyn Race> {
    if is_french {
        french(pieces, holes)
    } else {
        walker(pieces, holes)
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// On any small race and turn cap, the new solver gives the old one's answer.
    #[test]
    fn the_solvers_agree_on_small_races(race in small_race(), max_turns in 1usize..60) {
        check(make(race).as_ref(), max_turns);
    }

    /// Every state's row is a distribution: it sums to 1 with its tail, ends by the cap, and is
    /// cut only where less than the cut-off is left; the start's row is the start's
    /// distribution.
    #[test]
    fn rows_are_distributions(
        race in small_race(),
        max_turns in 0usize..120,
        cutoff in prop_oneof![Just(0.0), Just(1e-12), Just(1e-9), Just(1e-6)],
    ) {
        let race = make(race);
        let sol = solve_rows(race.as_ref(), Keep { max_turns, cutoff }, &|_, _| {});
        for i in 0..sol.dists.len() {
            let r = sol.dists.row(i);
            prop_assert!(r.end() <= max_turns);
            prop_assert!(r.p.iter().all(|p| (0.0..=1.0).contains(p)));
            prop_assert!(r.p.first().is_none_or(|&p| p > 0.0), "a row starts at a nonzero turn");
            let total: f64 = r.p.iter().map(|&p| f64::from(p)).sum::<f64>() + f64::from(r.tail);
            prop_assert!((total - 1.0).abs() < 1e-6, "state {i}: {total}");
            prop_assert!(r.end() == max_turns || f64::from(r.tail) < cutoff);
        }
        // The start's row is its distribution where that was kept: until the tail falls
        // below START_TAIL. A row kept longer (a small cut-off, a long cap) goes on with turns
        // of less than that.
        let start = Indexer::new(race.as_ref()).rank(race.start()) as usize;
        let r = sol.dists.row(start);
        for (k, &p) in r.p.iter().enumerate() {
            match sol.start_dist.get(r.lo + k) {
                Some(&d) => prop_assert_eq!(p, d as f32),
                None => prop_assert!(f64::from(p) < START_TAIL, "turn {}: {}", r.lo + k, p),
            }
        }
    }
}
