//! The hand-written evaluation of the races, `hj.french` and `hj.walker`.
//!
//! The default races (French; Walker's basic game) are valued by both seats' expected turns to
//! finish, fitted to the exact one-sided tables (`examples/fit_race_eval.rs`), and the lead in
//! turns turned into a value by the spread of a race (`race_value`'s doc); options that change
//! the track (lines, point 30, …) make another race than the fit's, valued by progress; Walker's
//! circuit variation, where the players meet, by progress round the 59 holes. It ranks positions
//! (see [the scale](super)): the tanh of the lead approximates the chances of the fitted races
//! but is not calibrated.

use nefer_core::{AnyGame, ByPlayer, Game, Seat, Status};

use super::{THROW_P, family, ranked};

family! {
    /// The race evaluation: the fitted expected turns where the fit applies, progress elsewhere.
    FittedRace, "fitted-race", AnyGame::HjFrench(_) | AnyGame::HjWalker(_)
}

impl FittedRace {
    /// The value of an unfinished game, `None` for another family's (see `family!`).
    #[inline]
    fn unfinished(g: &AnyGame, seat: Seat) -> Option<f64> {
        let raw = match g {
            AnyGame::HjFrench(s) if s.standard_race() => {
                let turns = ByPlayer(Seat::BOTH.map(|seat| {
                    french_turns(s.holes_of(seat).fold(0, |m, n| m | 1 << n), s.in_hand(seat))
                }));
                return Some(race_value(turns, seat, g.status(), FRENCH_SPREAD));
            }
            // Options that change the track (lines, point 30, ...) make another race than the
            // one the fit was made on: progress along the track.
            AnyGame::HjFrench(s) => Seat::BOTH.map(|seat| {
                race(
                    // Pieces resting on 30 (hj.french.hole_30=stay_then_exit_on_any) are at its
                    // end.
                    s.holes_of(seat)
                        .map(u32::from)
                        .chain(core::iter::repeat_n(30, usize::from(s.on_30(seat)))),
                    s.in_hand(seat),
                    s.out(seat),
                    30,
                    // In French every entry waits for a 1 on an empty hole 1; at 2 squares the
                    // depth-3 search lost 4.1 turns a game against the table, at 6 it loses 3.1.
                    6.0,
                )
            }),
            AnyGame::HjWalker(s) if !s.variation() => {
                let turns = ByPlayer(
                    Seat::BOTH.map(|seat| walker_turns(&s.indices_of(seat), s.in_hand(seat))),
                );
                return Some(race_value(turns, seat, g.status(), WALKER_SPREAD));
            }
            // The circuit variation: the players meet and block each other, the table's race
            // does not apply; progress round the 59 holes.
            AnyGame::HjWalker(s) => Seat::BOTH.map(|seat| {
                let idx = s.indices_of(seat);
                race(
                    idx.iter().map(|&i| u32::from(i)),
                    s.in_hand(seat),
                    s.borne_off(seat),
                    59,
                    2.0,
                )
            }),
            _ => return None,
        };
        Some(ranked(ByPlayer(raw), seat))
    }
}

/// Raw score of a pure race: progress along the track, a piece out counting a full track and a
/// little more, a piece in hand less than nothing (it still needs a 1 to enter): `hand_cost`
/// squares, tuned against the exact tables (`examples/race_errors.rs`, docs/STRENGTH.md).
fn race(on_track: impl Iterator<Item = u32>, hand: u8, off: u8, end: u32, hand_cost: f64) -> f64 {
    let progress: u32 = on_track.sum();
    f64::from(progress) + f64::from(off) * f64::from(end + 4) - f64::from(hand) * hand_cost
}

/// Own pieces held up behind an own piece on a blocking point (10, 15, 20, 25) in the basic
/// Walker game: each piece within five holes behind one cannot pass it.
fn walker_blocked(idx: &[u8]) -> f64 {
    let mut n = 0.0;
    for &b in idx.iter().filter(|&&i| matches!(i, 10 | 15 | 20 | 25)) {
        n += idx.iter().filter(|&&i| i < b && i + 5 > b).count() as f64;
    }
    n
}

/// A race's tempo: a side to move (its throw made, not yet played) is about half a turn ahead of
/// the same race waiting for the other side's turn. Measured on Walker, where between perfect
/// players the first player wins 50.5 % (docs/SOLUTIONS.md), worth 0.6 turns at the start; the
/// French race uses it untuned.
const RACE_TEMPO: f64 = 0.5;

/// 0.8 over the spread of one seat's turns to come per √(expected turns) in basic Walker.
const WALKER_SPREAD: f64 = 0.24;

/// The value of a race position for `seat` from both seats' expected turns to finish.
///
/// A race's win chance depends on the lead in expected turns relative to the spread of the turns
/// still to come: in basic Walker the standard deviation of one seat's turns is about 3.35 √E
/// (33.98 at the start, E = 102.85; 15.5 √k for k pieces waiting on point 30 for a 5), so of the
/// difference about 3.35 √(E_A + E_B). With P(win) ≈ Φ(lead / sd) and 2Φ(x) − 1 = erf(x / √2) ≈
/// tanh(0.8 x), the value 2 P(win) − 1 is tanh(0.24 lead / √(E_A + E_B)) (`spread` = 0.8 / 3.35):
/// a lead of one turn at the start is worth 0.017 (50.8 %), of ten turns 0.17 (58 %); terminal
/// wins stay ±1.
fn race_value(turns: ByPlayer<f64>, seat: Seat, status: Status, spread: f64) -> f64 {
    let mut lead = turns[seat.other()] - turns[seat];
    if let Status::Decide { seat: s, .. } = status {
        lead += if s == seat { RACE_TEMPO } else { -RACE_TEMPO };
    }
    let sd = (turns[Seat::A] + turns[Seat::B]).max(1.0).sqrt();
    (spread * lead / sd).tanh() * 0.999
}

/// The summary terms of one seat's basic Walker race: pieces in hand, pieces left, pips to go
/// (31 for a piece in hand, 0 on point 30), pieces waiting on point 30.
#[inline]
fn walker_counts(idx: &[u8], hand: u8) -> (f64, f64, f64, f64) {
    let mut pips = 31 * u32::from(hand);
    let mut at_end = 0.0;
    for &i in idx {
        pips += 30 - u32::from(i);
        if i == 30 {
            at_end += 1.0;
        }
    }
    let h = f64::from(hand);
    (h, idx.len() as f64 + h, f64::from(pips), at_end)
}

/// Expected turns a seat of the basic Walker race still needs, fitted to the exact table:
/// `WALKER_W` · `walker_features(idx, hand)`, written out so that the leaves of the search pay a
/// few dozen operations.
fn walker_turns(idx: &[u8], hand: u8) -> f64 {
    let w = &WALKER_W;
    let mut t = w[0];
    for &i in idx {
        t += w[usize::from(i)];
    }
    let (h, r, p, at_end) = walker_counts(idx, hand);
    t + w[31] * h
        + w[32] * h * h
        + w[33] * r * r
        + w[34] * p * p / 100.0
        + w[35] * r * p / 10.0
        + w[36] * walker_blocked(idx)
        + w[37] * at_end * at_end
        + w[38] * h * at_end
        + if hand > 0 { w[39] } else { 0.0 }
}

/// The coefficients of the Walker race evaluation: least squares of the exact table's expected
/// turns to finish over all 216,447 unfinished race states of basic `hj.walker` (5 pieces, 29
/// holes), states weighted alike. Reproduce with
/// `CARGO_TARGET_DIR=target cargo run --release -p nefer-players --example fit_race_eval -- hj.walker`;
/// rms error 0.65 turns (worst 7.9) for 102.85 turns from the start; a one-ply player on it
/// picks a worse move than the table on 18.2 % of (state, throw) choices, 0.040 turns lost a
/// choice, against 77.2 % and 0.67 for the progress evaluation used before.
#[rustfmt::skip]
const WALKER_W: [f64; WALKER_FEATURES] = [
    // The constant.
    14.279769,
    // A piece on each index 1..=30 (30: point 30).
    16.345789, 15.988883, 15.746184, 15.469628, 15.351781, 16.426981, 16.169327, 16.151129, 15.838750, 15.536273,
    15.386819, 15.160315, 14.894246, 14.686841, 14.320950, 14.129387, 13.834211, 13.539010, 13.149606, 12.709697,
    12.452412, 12.069256, 11.685649, 11.276893, 10.712109, 10.438011, 9.885659, 9.343378, 9.447040, 6.464922,
    // h, h², r², p²/100, r·p/10, blocked, at_end², h·at_end, hand > 0 (`walker_features`).
    17.701375, 0.059105, 0.780999, 0.104153, -0.583188, 0.234201, 0.870505, 1.447278, -0.603754,
];

/// Number of features of the Walker race evaluation.
pub const WALKER_FEATURES: usize = 40;

/// The features of one seat's basic Walker race (`examples/fit_race_eval.rs` fits the expected
/// turns to finish on them): `idx` are the indices of its pieces on the board (1..=29, 30 for
/// point 30), `hand` its pieces not entered yet.
pub fn walker_features(idx: &[u8], hand: u8) -> [f64; WALKER_FEATURES] {
    let mut x = [0.0; WALKER_FEATURES];
    x[0] = 1.0;
    for &i in idx {
        x[usize::from(i)] += 1.0;
    }
    let (h, r, p, at_end) = walker_counts(idx, hand);
    x[31] = h;
    x[32] = h * h;
    x[33] = r * r;
    x[34] = p * p / 100.0;
    x[35] = r * p / 10.0;
    x[36] = walker_blocked(idx);
    x[37] = at_end * at_end;
    x[38] = h * at_end;
    x[39] = f64::from(u8::from(hand > 0));
    x
}

/// 0.8 over the spread of one seat's turns to come per √(expected turns) in `hj.french`: from
/// the start 7.04 turns for a mean of 41.4, 1.095 √E (`examples/fit_race_eval.rs` prints both).
const FRENCH_SPREAD: f64 = 0.73;

/// Expected turns a seat of the `hj.french` race still needs, fitted to the exact table:
/// `FRENCH_W` · `french_features(holes, hand)`.
#[inline]
fn french_turns(holes: u32, hand: u8) -> f64 {
    french_features(holes, hand)
        .iter()
        .zip(&FRENCH_W)
        .map(|(x, w)| x * w)
        .sum()
}

/// The coefficients of the French race evaluation: least squares of the exact table's expected
/// turns to finish over all unfinished states of `hj.french` (5 pieces, 29 holes), states
/// weighted alike. Reproduce with
/// `CARGO_TARGET_DIR=target cargo run --release -p nefer-players --example fit_race_eval -- hj.french`;
/// rms error 0.29 turns (worst 4.5) over 178,993 states, for 41.4 turns from the start; a one-ply
/// player on it picks a worse move than the table on 25.9 % of (state, throw) choices, 0.015
/// turns lost a choice, against 47.2 % and 0.42 for the progress evaluation used before.
#[rustfmt::skip]
const FRENCH_W: [f64; FRENCH_FEATURES] = [
    // The constant.
    4.298799,
    // A piece on each hole 1..=29.
    6.178646, 5.772320, 5.297336, 4.840340, 4.678561, 7.880870, 7.494006, 7.640449, 7.170379, 6.746414,
    6.346759, 5.909537, 5.497554, 5.175535, 5.342936, 4.902542, 4.501035, 4.087237, 3.626645, 3.265032,
    2.805697, 2.387845, 1.986713, 1.662666, 1.859513, 1.414312, 1.020869, 0.626796, 0.274653,
    // The summary terms of `french_features`, x[30] to x[41].
    5.832906, 0.486645, 0.051478, -0.016837, -0.022159, 0.046110, 0.288315, 0.049020, 0.023838, -0.021342, 0.360072, 0.260891,
];

/// Number of features of the French race evaluation.
pub const FRENCH_FEATURES: usize = 42;

/// The features of one seat's `hj.french` race (`examples/fit_race_eval.rs` fits the expected
/// turns to finish on them): `holes` the bits of the holes of its pieces (1..=29), `hand` its
/// pieces not entered yet (pieces out make the rest: they are not a feature).
pub fn french_features(holes: u32, hand: u8) -> [f64; FRENCH_FEATURES] {
    let occ = |h: u8| holes >> h & 1 == 1;
    let mut x = [0.0; FRENCH_FEATURES];
    x[0] = 1.0;
    let mut pips = 30 * u32::from(hand);
    let (mut near_end, mut early, mut before_8, mut blocked) = (0.0, 0.0, 0.0, 0.0);
    for i in nefer_core::game::ones(u64::from(holes)) {
        x[usize::from(i)] += 1.0;
        pips += 30 - u32::from(i);
        match i {
            1..=5 => early += 1.0,
            25.. => near_end += 1.0,
            _ => {}
        }
        if (3..=7).contains(&i) {
            before_8 += 1.0;
        }
        // Throws this piece cannot use: an own piece on the hole it would reach.
        for t in 1..=5u8 {
            if i + t <= 29 && occ(i + t) {
                blocked += THROW_P[usize::from(t)];
            }
        }
    }
    let h = f64::from(hand);
    let r = f64::from(holes.count_ones()) + h;
    let p = f64::from(pips);
    x[30] = h;
    x[31] = h * h;
    x[32] = r * r;
    x[33] = p * p / 100.0;
    x[34] = r * p / 10.0;
    x[35] = f64::from(u8::from(hand > 0));
    // An entry waits for hole 1 to be free.
    x[36] = if occ(1) { h } else { 0.0 };
    // The shortcuts 6 → 20 and 8 → 10 are closed while their far end is taken.
    x[37] = if occ(20) { early } else { 0.0 };
    x[38] = if occ(10) { before_8 } else { 0.0 };
    // Each piece needs an exact throw to go out, and none may go out while one is in hand.
    x[39] = near_end * near_end;
    x[40] = h * near_end;
    x[41] = blocked;
    x
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluator;

    #[test]
    fn a_walker_piece_held_behind_a_blocking_point_costs() {
        // Same progress (12 + 15 = 13 + 14): behind the own piece on 15, the one on 12 is held.
        let pos = |a: &str| -> AnyGame {
            format!("hj.walker A:{a},hand*3 B:R5,R6,hand*3 A throw")
                .parse()
                .unwrap()
        };
        let (held, free) = (pos("L12,L15"), pos("L13,L14"));
        assert!(FittedRace.value(&held, Seat::A) < FittedRace.value(&free, Seat::A));
    }
    /// The fit orders `table`'s states (pieces, in hand, the exact table's expected turns, from
    /// `examples/fit_race_eval.rs`) as the table does, each within `tolerance` turns.
    fn assert_fit_tracks(table: &[(&[u8], u8, f64)], turns: fn(&[u8], u8) -> f64, tolerance: f64) {
        for w in table.windows(2) {
            assert!(
                turns(w[0].0, w[0].1) < turns(w[1].0, w[1].1),
                "{:?}",
                w[0].0
            );
        }
        for &(pieces, hand, want) in table {
            let fit = turns(pieces, hand);
            assert!(
                (fit - want).abs() < tolerance,
                "{pieces:?}: {fit} for {want}"
            );
        }
    }

    /// The fit's value is higher after `better` than after `worse` (seat A's pieces; B to throw).
    /// Seat A's holes `a`, as a position string lists them.
    fn holes(a: &[u8]) -> String {
        let v: Vec<String> = a.iter().map(|n| format!("L{n}")).collect();
        v.join(",")
    }

    fn assert_prefers(position: impl Fn(&[u8]) -> AnyGame, better: &[u8], worse: &[u8]) {
        let v = |a: &[u8]| FittedRace.value(&position(a), Seat::A);
        assert!(v(better) > v(worse), "{better:?} v {worse:?}");
    }

    #[test]
    fn the_walker_fit_tracks_the_exact_table() {
        let table: [(&[u8], u8, f64); 7] = [
            (&[28], 0, 19.200),
            (&[19], 0, 25.943),
            (&[15, 29], 0, 40.020),
            (&[4, 18, 24], 0, 55.000),
            (&[6, 7, 25, 29], 0, 70.000),
            (&[3, 4, 18, 23, 26], 0, 85.000),
            (&[1], 4, 99.853),
        ];
        assert_fit_tracks(&table, walker_turns, 5.5);
        // From [4, 15] with a 3 the table moves 15 → 18 (41.8 turns to go); the progress
        // evaluation moved 4 → 7 (47.3 turns), its costliest one-ply mistake the fit gets right.
        let position = |a: &[u8]| {
            format!("hj.walker A:{},hand*3 B:R5,R6,hand*3 B throw", holes(a))
                .parse()
                .unwrap()
        };
        assert_prefers(position, &[4, 18], &[7, 15]);
    }

    #[test]
    fn the_french_fit_tracks_the_exact_table() {
        let table: [(&[u8], u8, f64); 7] = [
            (&[21], 0, 6.037),
            (&[14, 21], 0, 11.995),
            (&[5, 18, 20, 28, 29], 0, 18.000),
            (&[4, 11, 12, 21, 29], 0, 24.000),
            (&[1, 2, 4, 12, 16], 0, 30.000),
            (&[3, 6, 7, 10], 1, 36.002),
            (&[6, 7, 8, 9, 10], 0, 40.229),
        ];
        let by_holes =
            |h: &[u8], hand: u8| french_turns(h.iter().fold(0, |m, &n| m | 1 << n), hand);
        assert_fit_tracks(&table, by_holes, 1.5);
        // From [4, 10, 15, 16, 18] with a 4 the table moves 18 → 22 (28.0 turns to go); the
        // progress evaluation moved 4 → 8 (33.1 turns: 8 → 10 is closed), its costliest one-ply
        // mistake the fit gets right.
        let position = |a: &[u8]| {
            format!("hj.french A:{} B:R5,R6,hand*3 B throw", holes(a))
                .parse()
                .unwrap()
        };
        assert_prefers(position, &[4, 10, 15, 16, 22], &[8, 10, 15, 16, 18]);
    }
}
