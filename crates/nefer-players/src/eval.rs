//! Hand-written evaluations per game family: how good a position is for a seat, in (-1, 1).
//!
//! Terms: progress along the track (pieces borne off count most), safety (an attackable piece
//! loses ground when hit), guards (pieces that protect each other), and the special squares
//! (Senet's House of Waters costs turns; 28 and 29 need exact throws).

use nefer_core::{AnyGame, Game, Outcome, Seat};

/// Probability of each throw 1..=5 with fair sticks (SPEC §1.1).
const THROW_P: [f64; 6] = [0.0, 0.25, 0.375, 0.25, 0.0625, 0.0625];

/// Scale of the raw score: a lead of this many squares is worth tanh(1) ≈ 0.76.
const SCALE: f64 = 40.0;

/// The value of `g` for `seat`: +1 a won game, -1 a lost one, 0 a draw, else in (-1, 1).
pub fn evaluate(g: &AnyGame, seat: Seat) -> f64 {
    match g.status() {
        nefer_core::Status::Over(Outcome::Win(s)) => return if s == seat { 1.0 } else { -1.0 },
        nefer_core::Status::Over(Outcome::Draw) => return 0.0,
        _ => {}
    }
    let raw = match g {
        AnyGame::SenetKendall(s) => senet(
            squares(s.squares_of(Seat::A)),
            squares(s.squares_of(Seat::B)),
            [s.borne_off(Seat::A), s.borne_off(Seat::B)],
            true,
        ),
        AnyGame::SenetSchool(s) => senet(
            squares(s.squares_of(Seat::A)),
            squares(s.squares_of(Seat::B)),
            [s.borne_off(Seat::A), s.borne_off(Seat::B)],
            false,
        ),
        AnyGame::HjFrench(s) if s.standard_race() => {
            let turns = Seat::BOTH.map(|seat| {
                french_turns(s.holes_of(seat).fold(0, |m, n| m | 1 << n), s.in_hand(seat))
            });
            return race_value(turns, seat, g.status(), FRENCH_SPREAD);
        }
        // Options that change the track (lines, point 30, ...) make another race than the one
        // the fit was made on: progress along the track.
        AnyGame::HjFrench(s) => Seat::BOTH.map(|seat| {
            race(
                // Pieces resting on 30 (hj.french.hole_30=stay_then_exit_on_any) are at its end.
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
        AnyGame::HjSkiryuk(s) => Seat::BOTH.map(|seat| {
            skiryuk(
                s.holes_of(seat),
                s.in_shared(seat),
                s.in_hand(seat),
                s.trophies(seat),
            )
        }),
        AnyGame::HjWashburne(s) => Seat::BOTH.map(|seat| {
            // Pieces beyond the first on an open S (WA-13 option) are safe at index 30.
            washburne(s.bits_of(seat), s.opponent_bits(seat), s.knocked_off(seat))
                + 30.0 * f64::from(s.extra_on_shared(seat))
        }),
        AnyGame::HjWalker(s) if !s.variation() => {
            let turns = Seat::BOTH.map(|seat| walker_turns(&s.indices_of(seat), s.in_hand(seat)));
            return race_value(turns, seat, g.status(), WALKER_SPREAD);
        }
        // The circuit variation: the players meet and block each other, the table's race does
        // not apply; progress round the 59 holes.
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
    };
    let diff = raw[seat.index()] - raw[1 - seat.index()];
    (diff / SCALE).tanh() * 0.999
}

/// Raw score of a pure race: progress along the track, a piece out counting a full track and a
/// little more, a piece in hand less than nothing (it still needs a 1 to enter): `hand_cost`
/// squares, tuned against the exact tables (`examples/race_errors.rs`, docs/STRENGTH.md).
fn race(on_track: impl Iterator<Item = u32>, hand: u8, off: u8, end: u32, hand_cost: f64) -> f64 {
    let progress: u32 = on_track.sum();
    f64::from(progress) + f64::from(off) * f64::from(end + 4) - f64::from(hand) * hand_cost
}

/// Raw Washburne score: progress round the circuit, pieces in the goal box, knocked-off pieces
/// (they freeze the player and risk the blocked-home loss), and exposure to capture.
///
/// `mine` and `theirs` are bits of this seat's circuit indices: the evaluation runs at every leaf
/// of the search, so it reads the bitboards without building lists.
fn washburne(mine: u64, theirs: u64, knocked: u8) -> f64 {
    let safe = |i: u8| i <= 5 || i >= 55 || matches!(i, 15 | 25 | 35 | 45);
    let mut v = -20.0 * f64::from(knocked);
    for i in nefer_core::game::ones(mine) {
        v += f64::from(i);
        if i >= 55 {
            v += 6.0;
        } else if !safe(i) {
            // A capture costs the piece's whole progress.
            for t in 1..=5u8 {
                if theirs >> (i + t) & 1 == 1 {
                    v -= THROW_P[usize::from(t)] * f64::from(i) * 0.5;
                }
            }
        }
    }
    v
}

/// Raw Skiryuk score. Only captures win, and each arrival in S makes one, so a trophy is worth
/// more than a whole track; path pieces count by how near S they stand. A piece in S has made
/// its capture and can come back by a 1; a piece in hand still needs a load to enter.
fn skiryuk(path: impl Iterator<Item = u8>, shared: u8, hand: u8, trophies: u8) -> f64 {
    let progress: u32 = path.map(u32::from).sum();
    f64::from(trophies) * 45.0
        + f64::from(progress)
        + f64::from(shared) * 8.0
        + f64::from(hand) * 3.0
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
fn race_value(turns: [f64; 2], seat: Seat, status: nefer_core::Status, spread: f64) -> f64 {
    let me = seat.index();
    let mut lead = turns[1 - me] - turns[me];
    if let nefer_core::Status::Decide { seat: s, .. } = status {
        lead += if s == seat { RACE_TEMPO } else { -RACE_TEMPO };
    }
    let sd = (turns[0] + turns[1]).max(1.0).sqrt();
    (spread * lead / sd).tanh() * 0.999
}

/// Expected turns a seat of the basic Walker race still needs, fitted to the exact table:
/// `WALKER_W` · `walker_features(idx, hand)`, written out so that the leaves of the search pay a
/// few dozen operations.
fn walker_turns(idx: &[u8], hand: u8) -> f64 {
    let w = &WALKER_W;
    let mut pips = 31 * u32::from(hand);
    let mut at_end = 0.0;
    let mut t = w[0];
    for &i in idx {
        t += w[usize::from(i)];
        pips += 30 - u32::from(i);
        if i == 30 {
            at_end += 1.0;
        }
    }
    let h = f64::from(hand);
    let r = idx.len() as f64 + h;
    let p = f64::from(pips);
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
    14.279769, 16.345789, 15.988883, 15.746184, 15.469628, 15.351781,
    16.426981, 16.169327, 16.151129, 15.838750, 15.536273, 15.386819,
    15.160315, 14.894246, 14.686841, 14.320950, 14.129387, 13.834211,
    13.539010, 13.149606, 12.709697, 12.452412, 12.069256, 11.685649,
    11.276893, 10.712109, 10.438011, 9.885659, 9.343378, 9.447040,
    6.464922, 17.701375, 0.059105, 0.780999, 0.104153, -0.583188,
    0.234201, 0.870505, 1.447278, -0.603754,
];

/// Number of features of the Walker race evaluation.
pub const WALKER_FEATURES: usize = 40;

/// The features of one seat's basic Walker race (`examples/fit_race_eval.rs` fits the expected
/// turns to finish on them): `idx` are the indices of its pieces on the board (1..=29, 30 for
/// point 30), `hand` its pieces not entered yet.
pub fn walker_features(idx: &[u8], hand: u8) -> [f64; WALKER_FEATURES] {
    let mut x = [0.0; WALKER_FEATURES];
    x[0] = 1.0;
    let mut pips = 31 * u32::from(hand);
    let mut at_end = 0.0;
    for &i in idx {
        x[usize::from(i)] += 1.0;
        pips += 30 - u32::from(i);
        if i == 30 {
            at_end += 1.0;
        }
    }
    let h = f64::from(hand);
    let r = idx.len() as f64 + h;
    let p = f64::from(pips);
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
    4.298799, 6.178646, 5.772320, 5.297336, 4.840340, 4.678561,
    7.880870, 7.494006, 7.640449, 7.170379, 6.746414, 6.346759,
    5.909537, 5.497554, 5.175535, 5.342936, 4.902542, 4.501035,
    4.087237, 3.626645, 3.265032, 2.805697, 2.387845, 1.986713,
    1.662666, 1.859513, 1.414312, 1.020869, 0.626796, 0.274653,
    5.832906, 0.486645, 0.051478, -0.016837, -0.022159, 0.046110,
    0.288315, 0.049020, 0.023838, -0.021342, 0.360072, 0.260891,
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

fn squares(it: impl Iterator<Item = u8>) -> u32 {
    it.fold(0, |s, n| s | 1 << n)
}

/// Raw Senet scores of seats A and B from their square sets.
fn senet(a: u32, b: u32, off: [u8; 2], kendall_rules: bool) -> [f64; 2] {
    let men = [a, b];
    let mut out = [0.0; 2];
    for me in 0..2 {
        let own = men[me];
        let opp = men[1 - me];
        let guarded = own & ((own << 1) | (own >> 1));
        // A borne-off piece is worth a full track and a little more: it can no longer be hit.
        let mut v = 34.0 * f64::from(off[me]);
        for q in 1..=30u8 {
            if own >> q & 1 == 0 {
                continue;
            }
            v += f64::from(q);
            match q {
                27 => v -= if kendall_rules { 10.0 } else { 12.0 },
                28 | 29 => v -= 1.5,
                _ => {}
            }
            if guarded >> q & 1 == 1 {
                v += 0.75;
            } else if q <= 26 {
                // An exchange costs the hit piece t squares and gains them for the attacker.
                for t in 1..=5u8 {
                    if q > t && opp >> (q - t) & 1 == 1 {
                        v -= 2.0 * THROW_P[usize::from(t)] * f64::from(t);
                    }
                }
            }
        }
        out[me] = v;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use nefer_core::senet::kendall;
    use nefer_core::{Options, RuleSetId};

    #[test]
    fn start_is_near_even_and_symmetric() {
        let g = RuleSetId::SenetKendall.new_game(&Options::new()).unwrap();
        let a = evaluate(&g, Seat::A);
        let b = evaluate(&g, Seat::B);
        assert!((a + b).abs() < 1e-12);
        assert!(a > 0.0 && a < 0.3, "{a}");
    }

    #[test]
    fn progress_and_water_count() {
        let ahead = AnyGame::SenetKendall(kendall::State::from_squares(
            &[20, 22],
            &[5, 7],
            [5, 5],
            Seat::A,
        ));
        assert!(evaluate(&ahead, Seat::A) > 0.3);
        let wet = AnyGame::SenetKendall(kendall::State::from_squares(
            &[27, 10],
            &[26, 10 - 1],
            [5, 5],
            Seat::A,
        ));
        let dry = AnyGame::SenetKendall(kendall::State::from_squares(
            &[25, 10],
            &[26, 9],
            [5, 5],
            Seat::A,
        ));
        assert!(evaluate(&wet, Seat::A) < evaluate(&dry, Seat::A));
    }

    #[test]
    fn a_walker_piece_held_behind_a_blocking_point_costs() {
        use nefer_core::hj::walker;
        // Same progress (12 + 15 = 13 + 14): behind the own piece on 15, the one on 12 is held.
        let held = AnyGame::HjWalker(walker::State::from_indices(
            &[12, 15],
            &[5, 6],
            [3, 3],
            [0, 0],
            Seat::A,
            false,
        ));
        let free = AnyGame::HjWalker(walker::State::from_indices(
            &[13, 14],
            &[5, 6],
            [3, 3],
            [0, 0],
            Seat::A,
            false,
        ));
        assert!(evaluate(&held, Seat::A) < evaluate(&free, Seat::A));
    }
    #[test]
    fn the_walker_fit_tracks_the_exact_table() {
        use nefer_core::hj::walker;
        // (pieces on the board, in hand, the table's expected turns), from
        // `examples/fit_race_eval.rs`: the fit orders them as the table does.
        let table: [(&[u8], u8, f64); 7] = [
            (&[28], 0, 19.200),
            (&[19], 0, 25.943),
            (&[15, 29], 0, 40.020),
            (&[4, 18, 24], 0, 55.000),
            (&[6, 7, 25, 29], 0, 70.000),
            (&[3, 4, 18, 23, 26], 0, 85.000),
            (&[1], 4, 99.853),
        ];
        for w in table.windows(2) {
            assert!(walker_turns(w[0].0, w[0].1) < walker_turns(w[1].0, w[1].1));
        }
        for (idx, hand, turns) in table {
            let fit = walker_turns(idx, hand);
            assert!((fit - turns).abs() < 5.5, "{idx:?}: {fit} for {turns}");
        }
        // From [4, 15] with a 3 the table moves 15 → 18 (41.8 turns to go); the progress
        // evaluation moved 4 → 7 (47.3 turns), its costliest one-ply mistake the fit gets right.
        let after = |a: &[u8]| {
            AnyGame::HjWalker(walker::State::from_indices(
                a,
                &[5, 6],
                [3, 3],
                [0, 0],
                Seat::B,
                false,
            ))
        };
        assert!(evaluate(&after(&[4, 18]), Seat::A) > evaluate(&after(&[7, 15]), Seat::A));
    }

    #[test]
    fn the_french_fit_tracks_the_exact_table() {
        use nefer_core::hj::french;
        let bits = |h: &[u8]| h.iter().fold(0u32, |m, &n| m | 1 << n);
        // (pieces on the holes, in hand, the table's expected turns), from
        // `examples/fit_race_eval.rs -- hj.french`: the fit orders them as the table does.
        let table: [(&[u8], u8, f64); 7] = [
            (&[21], 0, 6.037),
            (&[14, 21], 0, 11.995),
            (&[5, 18, 20, 28, 29], 0, 18.000),
            (&[4, 11, 12, 21, 29], 0, 24.000),
            (&[1, 2, 4, 12, 16], 0, 30.000),
            (&[3, 6, 7, 10], 1, 36.002),
            (&[6, 7, 8, 9, 10], 0, 40.229),
        ];
        for w in table.windows(2) {
            assert!(french_turns(bits(w[0].0), w[0].1) < french_turns(bits(w[1].0), w[1].1));
        }
        for (holes, hand, turns) in table {
            let fit = french_turns(bits(holes), hand);
            assert!((fit - turns).abs() < 1.5, "{holes:?}: {fit} for {turns}");
        }
        // From [4, 10, 15, 16, 18] with a 4 the table moves 18 → 22 (28.0 turns to go); the
        // progress evaluation moved 4 → 8 (33.1 turns: 8 → 10 is closed), its costliest one-ply
        // mistake the fit gets right.
        let after = |a: &[u8]| {
            AnyGame::HjFrench(french::State::from_holes(
                a,
                &[5, 6],
                [0, 3],
                [0, 0],
                Seat::B,
            ))
        };
        assert!(
            evaluate(&after(&[4, 10, 15, 16, 22]), Seat::A)
                > evaluate(&after(&[8, 10, 15, 16, 18]), Seat::A)
        );
    }
}
