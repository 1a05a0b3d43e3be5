//! The hand-written evaluation of `hj.washburne`: progress round the circuit, pieces in the goal
//! box, knocked-off pieces (they freeze the player and risk the blocked-home loss), and exposure
//! to capture. It ranks positions (see [the scale](super)).

use nefer_core::AnyGame;

use super::{THROW_P, family};

family! {
    /// The Washburne evaluation. Pieces beyond the first on an open S (WA-13 option) are safe
    /// at index 30.
    Washburne, "washburne", AnyGame::HjWashburne => |s, seat| {
        raw(s.bits_of(seat), s.opponent_bits(seat), s.knocked_off(seat))
            + 30.0 * f64::from(s.extra_on_shared(seat))
    }
}

/// Raw Washburne score of one seat.
///
/// `mine` and `theirs` are bits of this seat's circuit indices: the evaluation runs at every leaf
/// of the search, so it reads the bitboards without building lists.
fn raw(mine: u64, theirs: u64, knocked: u8) -> f64 {
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
