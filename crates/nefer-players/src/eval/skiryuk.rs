//! The hand-written evaluation of `hj.skiryuk`. Only captures win, and each arrival in S makes
//! one, so a trophy is worth more than a whole track; path pieces count by how near S they
//! stand. It ranks positions (see [the scale](super)).

use nefer_core::{AnyGame, Seat};

use super::{Evaluator, outcome_value, ranked, unsupported};

/// The Skiryuk evaluation.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct Skiryuk;

impl Evaluator for Skiryuk {
    #[inline]
    fn value(&self, g: &AnyGame, seat: Seat) -> f64 {
        if let Some(v) = outcome_value(g, seat) {
            return v;
        }
        let AnyGame::HjSkiryuk(s) = g else {
            unsupported(self.name(), g)
        };
        let raw = Seat::BOTH.map(|seat| {
            raw(
                s.holes_of(seat),
                s.in_shared(seat),
                s.in_hand(seat),
                s.trophies(seat),
            )
        });
        ranked(raw, seat)
    }

    fn supports(&self, g: &AnyGame) -> bool {
        matches!(g, AnyGame::HjSkiryuk(_))
    }

    fn name(&self) -> &str {
        "skiryuk"
    }
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
