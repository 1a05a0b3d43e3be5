//! The solver against independent computations on reduced variants (fewer pieces, shorter
//! track): ranking is a bijection, values obey their Bellman equations, a brute-force
//! expectimax over move sequences agrees, and the match figures follow from the distributions.

mod common;

use std::collections::HashMap;

use common::{both, french, walker};
use nefer_tables::french::French;
use nefer_tables::pair::solve_pair;
use nefer_tables::race::{
    Ctx, Indexer, Race, RaceState, Solution, Step, THROW_P, race_match, solve,
};
use nefer_tables::walker::Walker;

/// Reduced races: fewer pieces, shorter tracks, both rule sets.
fn reduced() -> Vec<Box<dyn Race>> {
    let mut v = both(&[(1, 29), (2, 12)]);
    v.extend([french(2, 29), walker(2, 21)]);
    v
}

#[test]
fn ranking_is_a_bijection() {
    for race in reduced().iter().chain(&both(&[(5, 29)])) {
        let idx = Indexer::new(race.as_ref());
        let mut seen = vec![false; idx.len() as usize];
        for i in 0..idx.len() {
            let s = idx.unrank(i);
            assert_eq!(idx.rank(s), i, "{}", race.name());
            assert_eq!(s.on_holes() + s.hand + s.at_end + s.off, race.pieces());
            assert!(!seen[i as usize]);
            seen[i as usize] = true;
        }
    }
    // The full French space: Σ_k C(29,k)·(6−k) for k ≤ 5.
    assert_eq!(Indexer::new(&French::default()).len(), 178_994);
    // The full Walker space: Σ_k C(29,k)·C(7−k, 2).
    assert_eq!(Indexer::new(&Walker::default()).len(), 216_448);
}

/// Expected turns of the best use of a throw, by plain recursion over the steps (no ranking).
fn throw_value(
    race: &dyn Race,
    v: &HashMap<RaceState, f64>,
    s: RaceState,
    ctx: Ctx,
    t: u8,
) -> Option<f64> {
    let mut steps = Vec::new();
    race.steps(s, ctx, t, &mut steps);
    steps
        .into_iter()
        .map(|st| match st {
            Step::End(n) => v[&n],
            Step::Again(n, c) => (1..=5u8)
                .map(|u| THROW_P[u as usize] * throw_value(race, v, n, c, u).unwrap_or(v[&n]))
                .sum(),
        })
        .min_by(f64::total_cmp)
}

#[test]
fn values_obey_their_bellman_equations() {
    for race in reduced() {
        let sol = solve(race.as_ref(), 32, &|_, _| {});
        let idx = Indexer::new(race.as_ref());
        let v: HashMap<RaceState, f64> = (0..idx.len())
            .map(|i| (idx.unrank(i), sol.expected[i as usize]))
            .collect();
        for (&s, &e) in &v {
            if race.done(s) {
                assert_eq!(e, 0.0);
                continue;
            }
            let rhs: f64 = 1.0
                + (1..=5u8)
                    .map(|t| {
                        THROW_P[t as usize]
                            * throw_value(race.as_ref(), &v, s, Ctx::Start, t).unwrap_or(e)
                    })
                    .sum::<f64>();
            assert!(
                (rhs - e).abs() < 1e-9 * e.max(1.0),
                "{}: {s:?}: {e} vs {rhs}",
                race.name()
            );
        }
    }
}

/// P(finish within k turns) by brute-force expectimax over whole move sequences, maximising
/// that probability turn by turn; compared with the table's distribution of the
/// min-expected-turns policy, it is an upper bound, and equal where the two policies agree.
fn brute_within(
    race: &dyn Race,
    s: RaceState,
    ctx: Ctx,
    k: u32,
    memo: &mut HashMap<(RaceState, Ctx, u32), f64>,
) -> f64 {
    if race.done(s) {
        return 1.0;
    }
    if k == 0 {
        return 0.0;
    }
    if let Some(&x) = memo.get(&(s, ctx, k)) {
        return x;
    }
    let mut total = 0.0;
    for t in 1..=5u8 {
        let mut steps = Vec::new();
        race.steps(s, ctx, t, &mut steps);
        let end_turn =
            |n: RaceState, memo: &mut HashMap<_, _>| brute_within(race, n, Ctx::Start, k - 1, memo);
        let best = if steps.is_empty() {
            end_turn(s, memo)
        } else {
            steps
                .into_iter()
                .map(|st| match st {
                    Step::End(n) => end_turn(n, memo),
                    Step::Again(n, c) => brute_within(race, n, c, k, memo),
                })
                .fold(0.0, f64::max)
        };
        total += THROW_P[t as usize] * best;
    }
    memo.insert((s, ctx, k), total);
    total
}

/// P(finished within k turns) from the start for k in `1..turns`, as `(k, by the solution's
/// distribution, by brute_within)`.
fn within_both_ways(race: &dyn Race, sol: &Solution, turns: u32) -> Vec<(u32, f64, f64)> {
    let mut memo = HashMap::new();
    let mut cum = 0.0;
    (1..turns)
        .map(|k| {
            cum += sol.start_dist[k as usize];
            let b = brute_within(race, race.start(), Ctx::Start, k, &mut memo);
            (k, cum, b)
        })
        .collect()
}

#[test]
fn distributions_agree_with_brute_force_on_one_piece() {
    // With one piece, minimising expected turns and maximising P(done within k) coincide on
    // these tracks only where no gamble exists; for a single piece every choice is forced,
    // so the two computations must agree exactly.
    for race in both(&[(1, 29)]) {
        let sol = solve(race.as_ref(), 40, &|_, _| {});
        for (k, cum, b) in within_both_ways(race.as_ref(), &sol, 40) {
            assert!(
                (cum - b).abs() < 1e-12,
                "{} k={k}: {cum} vs {b}",
                race.name()
            );
        }
    }
}

#[test]
fn brute_force_bounds_the_policy_on_two_pieces() {
    for race in reduced() {
        let sol = solve(race.as_ref(), 40, &|_, _| {});
        for (k, cum, b) in within_both_ways(race.as_ref(), &sol, 30) {
            assert!(cum <= b + 1e-12, "{} k={k}: {cum} > {b}", race.name());
        }
        // The distribution is a distribution.
        let total: f64 = sol.start_dist.iter().sum();
        assert!((total - 1.0).abs() < 1e-9, "{}: {total}", race.name());
        // Its mean is the expected value.
        let idx = Indexer::new(race.as_ref());
        let mean = sol.start_mean();
        let e = sol.expected[idx.rank(race.start()) as usize];
        assert!(
            (mean - e).abs() < 1e-6 * e,
            "{}: mean {mean} vs {e}",
            race.name()
        );
    }
}

#[test]
fn match_figures_by_hand() {
    // Both always finish on their first turn: the first thrower wins a one-turn game.
    let m = race_match(&[0.0, 1.0]);
    assert_eq!((m.p_first_wins, m.expected_game_turns), (1.0, 1.0));
    // Each finishes on turn 1 or 2 with probability 1/2: first wins unless he needs 2 and the
    // other needs 1: 1 − 1/4 = 3/4. Lengths: 1 (first needs 1, p 1/2), 2 (first needs 2,
    // second 1, p 1/4), 3 (both need 2, p 1/4).
    let m = race_match(&[0.0, 0.5, 0.5]);
    assert!((m.p_first_wins - 0.75).abs() < 1e-15);
    assert!((m.expected_game_turns - 1.75).abs() < 1e-15);
}

#[test]
fn the_exact_pair_solution_is_a_probability_and_helps_the_first_thrower() {
    for race in [french(1, 12), walker(1, 12), french(2, 12)] {
        let pair = solve_pair(race.as_ref());
        assert!(pair.w.iter().all(|&w| (0.0..=1.0).contains(&w)));
        let exact = pair.p_first_wins(race.as_ref());
        let sol = solve(race.as_ref(), 40, &|_, _| {});
        let one_sided = race_match(&sol.start_dist).p_first_wins;
        // With one piece there is no choice at all, so the two agree.
        if race.pieces() == 1 {
            assert!(
                (exact - one_sided).abs() < 1e-9,
                "{}: {exact} vs {one_sided}",
                race.name()
            );
        }
        assert!(exact > 0.5, "{}: {exact}", race.name());
    }
}

#[test]
fn tables_round_trip_and_bad_files_are_refused() {
    let race = French {
        pieces: 2,
        holes: 12,
    };
    let sol = solve(&race, 16, &|_, _| {});
    let meta =
        serde_json::json!({"rules": "hj.french", "states": sol.expected.len(), "max_turns": 16});
    let bytes = nefer_tables::table::write(&meta, &sol);
    let t = nefer_tables::table::read(&bytes).unwrap();
    assert_eq!(t.expected, sol.expected);
    assert_eq!(t.dists.to_dense(16), sol.dist);
    assert_eq!(t.meta["rules"], "hj.french");
    // Deterministic: the same solve writes the same bytes.
    assert_eq!(
        nefer_tables::table::write(&meta, &solve(&race, 16, &|_, _| {})),
        bytes
    );
    assert!(nefer_tables::table::read(b"NOTATABLE").is_err());
    assert!(nefer_tables::table::read(&bytes[..bytes.len() - 1]).is_err());
    let mut v3 = bytes.clone();
    v3[8] = 3;
    assert!(
        nefer_tables::table::read(&v3)
            .unwrap_err()
            .to_string()
            .contains("version 3")
    );
}

/// Expected turns by memoised recursion over states (no ranking, no sweeps): French has no
/// backward moves, so E(s) = (1 + Σ_usable p·best) / (1 − p_lost) can be evaluated directly.
fn brute_expected(race: &French, s: RaceState, memo: &mut HashMap<RaceState, f64>) -> f64 {
    if race.done(s) {
        return 0.0;
    }
    if let Some(&e) = memo.get(&s) {
        return e;
    }
    let (mut lost, mut sum) = (0.0, 1.0);
    for t in 1..=5u8 {
        let mut steps = Vec::new();
        race.steps(s, Ctx::Start, t, &mut steps);
        if steps.is_empty() {
            lost += THROW_P[t as usize];
            continue;
        }
        let best = steps
            .into_iter()
            .map(|st| match st {
                Step::End(n) => brute_expected(race, n, memo),
                Step::Again(n, c) => (1..=5u8)
                    .map(|u| {
                        let mut b = Vec::new();
                        race.steps(n, c, u, &mut b);
                        // A bonus the piece cannot use ends the turn in n; bonus chains do not
                        // exist in French (SPEC §6.3), so every use ends the turn.
                        let uses: Vec<f64> = b
                            .into_iter()
                            .map(|x| match x {
                                Step::End(m) | Step::Again(m, _) => brute_expected(race, m, memo),
                            })
                            .collect();
                        let v = if uses.is_empty() {
                            brute_expected(race, n, memo)
                        } else {
                            uses.into_iter().fold(f64::INFINITY, f64::min)
                        };
                        THROW_P[u as usize] * v
                    })
                    .sum(),
            })
            .fold(f64::INFINITY, f64::min);
        sum += THROW_P[t as usize] * best;
    }
    let e = sum / (1.0 - lost);
    memo.insert(s, e);
    e
}

#[test]
fn french_values_equal_a_memoised_brute_force() {
    for race in [
        French {
            pieces: 2,
            holes: 29,
        },
        French {
            pieces: 3,
            holes: 14,
        },
    ] {
        let sol = solve(&race, 8, &|_, _| {});
        let idx = Indexer::new(&race);
        let mut memo = HashMap::new();
        for i in 0..idx.len() {
            let s = idx.unrank(i);
            let b = brute_expected(&race, s, &mut memo);
            let e = sol.expected[i as usize];
            assert!(
                (b - e).abs() < 1e-9 * e.max(1.0),
                "{s:?}: table {e}, brute force {b}"
            );
        }
    }
}

/// Walker has backward line jumps, so its values are a fixed point: collect the states reachable
/// from the start by plain search (no ranking) and iterate E = 1 + Σ p·best (Jacobi, no ordering)
/// until it stops moving; the table must agree.
#[test]
fn walker_values_equal_a_brute_force_fixed_point() {
    for race in [
        Walker {
            pieces: 2,
            holes: 12,
        },
        Walker {
            pieces: 2,
            holes: 21,
        },
    ] {
        let mut seen = vec![race.start()];
        let mut k = 0;
        while k < seen.len() {
            let s = seen[k];
            k += 1;
            for t in 1..=5u8 {
                for ctx in [Ctx::Start, Ctx::Bonus(0)] {
                    let mut steps = Vec::new();
                    race.steps(s, ctx, t, &mut steps);
                    for st in steps {
                        let (Step::End(n) | Step::Again(n, _)) = st;
                        if !seen.contains(&n) {
                            seen.push(n);
                        }
                    }
                }
            }
        }
        let mut e: HashMap<RaceState, f64> = seen.iter().map(|&s| (s, 0.0)).collect();
        for _ in 0..20_000 {
            let next: HashMap<RaceState, f64> = seen
                .iter()
                .map(|&s| {
                    if race.done(s) {
                        return (s, 0.0);
                    }
                    let (mut lost, mut sum) = (0.0, 1.0);
                    for t in 1..=5u8 {
                        // A bonus (after an entry) is a whole extra throw; bonuses chain at
                        // most once per piece in hand.
                        match throw_value(&race, &e, s, Ctx::Start, t) {
                            Some(b) => sum += THROW_P[t as usize] * b,
                            None => lost += THROW_P[t as usize],
                        }
                    }
                    (s, sum / (1.0 - lost))
                })
                .collect();
            let change = seen
                .iter()
                .map(|s| (next[s] - e[s]).abs())
                .fold(0.0, f64::max);
            e = next;
            if change < 1e-12 {
                break;
            }
        }
        let sol = solve(&race, 8, &|_, _| {});
        let idx = Indexer::new(&race);
        for s in &seen {
            let t = sol.expected[idx.rank(*s) as usize];
            assert!(
                (t - e[s]).abs() < 1e-8 * t.max(1.0),
                "{}: {s:?}: table {t}, brute force {}",
                race.name(),
                e[s]
            );
        }
    }
}
