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
        AnyGame::HjWalker(s) => Seat::BOTH.map(|seat| {
            let end = if s.variation() { 59 } else { 30 };
            let idx = s.indices_of(seat);
            race(
                idx.iter().map(|&i| u32::from(i)),
                s.in_hand(seat),
                s.borne_off(seat),
                end,
                2.0,
            ) - BLOCKED_COST * walker_blocked(&idx, s.variation())
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

/// What a Walker piece held up behind a blocking point costs, in squares: measured against the
/// exact table (`examples/race_errors.rs`, 200 games a level), 3 cut the turns lost a game by
/// `medium` from 19.9 to 18.4 and by `hard` from 16.9 to 16.3; 6 did no better.
const BLOCKED_COST: f64 = 3.0;

/// Own pieces held up behind an own piece on a blocking point (10, 15, 20, 25) in the basic
/// Walker game: each piece within five holes behind one cannot pass it.
fn walker_blocked(idx: &[u8], variation: bool) -> f64 {
    if variation {
        return 0.0;
    }
    let mut n = 0.0;
    for &b in idx.iter().filter(|&&i| matches!(i, 10 | 15 | 20 | 25)) {
        n += idx.iter().filter(|&&i| i < b && i + 5 > b).count() as f64;
    }
    n
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
}
