//! The hand-written evaluation of `hj.skiryuk`. Only captures win, and each arrival in S makes
//! one, so a trophy is worth more than a whole track; path pieces count by how near S they
//! stand. It ranks positions (see [the scale](super)).

use nefer_core::AnyGame;

use super::family;

family! {
    /// The Skiryuk evaluation.
    Skiryuk, "skiryuk", AnyGame::HjSkiryuk => |s, seat| raw(
        s.holes_of(seat),
        s.in_shared(seat),
        s.in_hand(seat),
        s.trophies(seat),
    )
}

/// Raw Skiryuk score of one seat. A piece in S has made its capture and can come back by a 1; a
/// piece in hand still needs a load to enter.
fn raw(path: impl Iterator<Item = u8>, shared: u8, hand: u8, trophies: u8) -> f64 {
    let progress: u32 = path.map(u32::from).sum();
    f64::from(trophies) * 45.0
        + f64::from(progress)
        + f64::from(shared) * 8.0
        + f64::from(hand) * 3.0
}
