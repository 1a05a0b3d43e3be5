//! Small helpers for the facts' words: lists, verbs in the two voices, seat names.

use crate::game::{ByPlayer, Place, Seat};

/// A description's optional clause: `text` where `on` holds, else nothing.
pub(crate) const fn clause(on: bool, text: &'static str) -> &'static str {
    if on { text } else { "" }
}

/// `s` with its first letter a capital: a description's words begin a sentence.
pub fn capital(s: &str) -> String {
    let mut chars = s.chars();
    chars
        .next()
        .map_or_else(String::new, |c| c.to_uppercase().chain(chars).collect())
}

/// Whom a description speaks to, which decides its verbs' form.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Voice {
    /// To the player about to choose: "enter a piece on 1" (a move offered).
    Imperative,
    /// About a player: "enters a piece on 1" (an event, after the player's name).
    Third,
}

impl Voice {
    /// `verb` ("enter", "give up") in this voice: as it is, or in the third person
    /// ("enters", "gives up", "passes").
    pub(crate) fn verb(self, verb: &str) -> String {
        match self {
            Voice::Imperative => verb.to_owned(),
            Voice::Third => {
                let (head, tail) = verb.split_once(' ').map_or((verb, ""), |(h, t)| (h, t));
                let s = if head.ends_with('s') || head.ends_with("sh") || head.ends_with("ch") {
                    "es"
                } else {
                    "s"
                };
                if tail.is_empty() {
                    format!("{head}{s}")
                } else {
                    format!("{head}{s} {tail}")
                }
            }
        }
    }
}

/// The names the words give the seats (a game's player names; "A" and "B" by default).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Names<'a>(pub ByPlayer<&'a str>);

impl Default for Names<'_> {
    fn default() -> Self {
        Names(ByPlayer::new("A", "B"))
    }
}

impl<'a> Names<'a> {
    /// Seat A's name `a` and seat B's `b`.
    pub const fn new(a: &'a str, b: &'a str) -> Names<'a> {
        Names(ByPlayer::new(a, b))
    }

    /// The name of `seat`.
    pub fn of(&self, seat: Seat) -> &'a str {
        self.0[seat]
    }

    /// The name with the seat, as a result names the winner: "Ahmose (seat A)".
    pub fn with_seat(&self, seat: Seat) -> String {
        format!("{} (seat {seat})", self.0[seat])
    }

    /// "Ahmose's".
    pub fn possessive(&self, seat: Seat) -> String {
        let n = self.0[seat];
        if n.ends_with('s') {
            format!("{n}'")
        } else {
            format!("{n}'s")
        }
    }
}

/// `place` as the board shows it to `seat`'s player: the one way every sentence meant for a
/// person names a place (a move's label and words, an effect, a lost throw, an event), while
/// the machine fields keep the notation (`L4`, `R20`, `S`). A square's number; a hole's
/// number, as the 58-hole board numbers each side's holes along its owner's path (the numbers
/// it shows on demand), naming that owner where the hole is on the other seat's side
/// ("Nefertari's hole 20", on the circuits of `hj.washburne` and Walker's variation); the
/// shared hole, which the board draws without a number, in words.
///
/// A sentence names the mover's places as the mover sees them, and another seat's piece where
/// that piece's owner sees it ("Blue's piece on 3": hole 3 of Blue's path), as the board
/// numbers that owner's holes.
pub(crate) fn shown(place: Place, seat: Seat, names: &Names<'_>) -> String {
    match place {
        Place::Hole(side, n) if side == crate::hj::board::side(seat) => n.to_string(),
        Place::Hole(_, n) => format!("{} hole {n}", names.possessive(seat.other())),
        Place::Shared => "the shared hole".to_owned(),
        Place::Square(n) => n.to_string(),
        Place::Hand => "hand".to_owned(),
        Place::Off => "off the board".to_owned(),
    }
}

/// "on 4", "in the shared hole": where a piece stands, as [`shown`] names the place.
pub(crate) fn on_place(place: Place, seat: Seat, names: &Names<'_>) -> String {
    match place {
        Place::Shared => "in the shared hole".to_owned(),
        Place::Hand => "in hand".to_owned(),
        p => format!("on {}", shown(p, seat, names)),
    }
}

/// `a`, `a and b`, `a, b and c`.
pub(crate) fn list<S: AsRef<str>>(items: &[S]) -> String {
    match items {
        [] => String::new(),
        [one] => one.as_ref().to_owned(),
        [init @ .., last] => {
            let init: Vec<&str> = init.iter().map(AsRef::as_ref).collect();
            format!("{} and {}", init.join(", "), last.as_ref())
        }
    }
}

/// "a 1", "an 8": the article of a throw or a square number said aloud.
pub(crate) fn a_number(n: u8) -> String {
    if matches!(n, 8 | 11 | 18) || (80..90).contains(&n) {
        format!("an {n}")
    } else {
        format!("a {n}")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn verbs_lists_and_articles() {
        assert_eq!(Voice::Third.verb("pass"), "passes");
        assert_eq!(Voice::Third.verb("give up"), "gives up");
        assert_eq!(Voice::Third.verb("enter"), "enters");
        assert_eq!(Voice::Imperative.verb("bear off"), "bear off");
        assert_eq!(list(&["1", "15", "25"]), "1, 15 and 25");
        assert_eq!(list(&["6"]), "6");
        assert_eq!(a_number(4), "a 4");
        assert_eq!(a_number(8), "an 8");
        assert_eq!(
            Names::new("Ahmose", "Nefertari").possessive(Seat::B),
            "Nefertari's"
        );
        assert_eq!(
            Names::new("Thutmosis", "B").possessive(Seat::A),
            "Thutmosis'"
        );
    }
}
