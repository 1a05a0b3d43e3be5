//! Move and action strings of NOTATION §2–4: `hand-L1`, `L4-L20`, `R26-S`, `12-15`, `27-off`,
//! `throw`, `pass`, and those of §3.1 (`4:26-off`, `2:L3-L5`, `capture-R3`); chance outcomes
//! `1`..`5`, `A`/`B` and the pairs of two d4, `1+3`.

use core::fmt;
use core::str::FromStr;

use crate::game::{Chance, Move, PLACES, Place, Seat, Side, place_code, place_of};
use crate::sticks::{DicePair, Throw};

/// A string that is not a place, move or chance outcome.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{text}` is not {what}")]
pub struct ParseError {
    /// The text given.
    pub text: String,
    /// What was expected, in words.
    pub what: &'static str,
}

fn err(text: &str, what: &'static str) -> ParseError {
    ParseError {
        text: text.to_owned(),
        what,
    }
}

impl fmt::Display for Place {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match *self {
            Place::Hand => f.write_str("hand"),
            Place::Off => f.write_str("off"),
            Place::Square(n) => write!(f, "{n}"),
            Place::Hole(Side::L, n) => write!(f, "L{n}"),
            Place::Hole(Side::R, n) => write!(f, "R{n}"),
            Place::Shared => f.write_str("S"),
        }
    }
}

fn number(s: &str, max: u8) -> Option<u8> {
    // No signs, no leading zeros: one spelling per place.
    if s.is_empty() || s.len() > 2 || s.starts_with('0') || !s.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let n: u8 = s.parse().ok()?;
    (1..=max).contains(&n).then_some(n)
}

impl FromStr for Place {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Place, ParseError> {
        let what = "a place (hand, off, S, L1..L29, R1..R29, 1..30)";
        match s {
            "hand" => Ok(Place::Hand),
            "off" => Ok(Place::Off),
            "S" => Ok(Place::Shared),
            _ => {
                let p = if let Some(n) = s.strip_prefix('L') {
                    number(n, 29).map(|n| Place::Hole(Side::L, n))
                } else if let Some(n) = s.strip_prefix('R') {
                    number(n, 29).map(|n| Place::Hole(Side::R, n))
                } else {
                    number(s, 30).map(Place::Square)
                };
                p.ok_or_else(|| err(s, what))
            }
        }
    }
}

impl fmt::Display for Move {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Move::Go { from, to } => write!(f, "{from}-{to}"),
            Move::Spend(s) => write!(f, "{}:{}-{}", s.value(), s.from(), s.to()),
            Move::Capture(p) => write!(f, "capture-{p}"),
            Move::Throw => f.write_str("throw"),
            Move::Pass => f.write_str("pass"),
        }
    }
}

/// A move's notation as one number: its bytes, big-endian, zero-padded to 16 bytes. Comparing
/// two keys orders the moves exactly as comparing their notation strings does (every notation
/// byte is above zero, so a shorter string that is a prefix of a longer one sorts first in
/// both), without formatting or allocating. Players sort their moves by notation so that
/// choices do not depend on the generator's order; with `to_string` as the key that sort took
/// about 80 % of a random simulation's instructions (docs/BENCHMARKS.md).
pub type NotationKey = u128;

/// Bytes of a notation being packed into a [`NotationKey`], first byte highest.
#[derive(Clone, Copy)]
struct Packed {
    bits: u128,
    len: u32,
}

impl Packed {
    const EMPTY: Packed = Packed { bits: 0, len: 0 };

    /// Appends up to 4 bytes, given as a big-endian word and a length.
    #[inline(always)]
    const fn push(self, word: u32, len: u32) -> Packed {
        Packed {
            bits: (self.bits << (8 * len)) | word as u128,
            len: self.len + len,
        }
    }

    #[inline(always)]
    const fn byte(self, b: u8) -> Packed {
        self.push(b as u32, 1)
    }

    /// Appends a place's notation.
    #[inline(always)]
    const fn place(self, p: Place) -> Packed {
        let (w, len) = place_word(p);
        self.push(w, len)
    }

    /// The key: the bytes moved to the top of 16.
    #[inline(always)]
    const fn key(self) -> NotationKey {
        self.bits << (8 * (16 - self.len))
    }
}

/// A number 1..=99 as its decimal digits, big-endian, and their count.
#[inline(always)]
const fn digits(n: u8) -> (u32, u32) {
    if n >= 10 {
        ((((b'0' + n / 10) as u32) << 8) | (b'0' + n % 10) as u32, 2)
    } else {
        ((b'0' + n) as u32, 1)
    }
}

/// A place's notation as a big-endian word and its length (`hand` is the longest, 4 bytes).
#[inline(always)]
const fn place_word(p: Place) -> (u32, u32) {
    match p {
        Place::Hand => (u32::from_be_bytes(*b"hand"), 4),
        Place::Off => ((b'o' as u32) << 16 | (b'f' as u32) << 8 | b'f' as u32, 3),
        Place::Square(n) => digits(n),
        Place::Hole(side, n) => {
            let (d, len) = digits(n);
            let letter = match side {
                Side::L => b'L',
                Side::R => b'R',
            };
            (((letter as u32) << (8 * len)) | d, len + 1)
        }
        Place::Shared => (b'S' as u32, 1),
    }
}

impl Move {
    /// The move's notation as a [`NotationKey`]: the bytes of `self.to_string()` (at most 11:
    /// `capture-L29`, `4:hand-L29`), big-endian, then zeros.
    #[inline]
    pub const fn notation_key(self) -> NotationKey {
        let p = Packed::EMPTY;
        match self {
            Move::Go { from, to } => p.place(from).byte(b'-').place(to),
            Move::Spend(s) => p
                .byte(b'0' + s.value().value())
                .byte(b':')
                .place(s.from())
                .byte(b'-')
                .place(s.to()),
            Move::Capture(at) => p
                .push(u32::from_be_bytes(*b"capt"), 4)
                .push(u32::from_be_bytes(*b"ure-"), 4)
                .place(at),
            Move::Throw => p.push(u32::from_be_bytes(*b"thro"), 4).byte(b'w'),
            Move::Pass => p.push(u32::from_be_bytes(*b"pass"), 4),
        }
        .key()
    }
}

/// A place's notation, big-endian and zero-padded to 4 bytes: places compare as their strings.
#[inline(always)]
const fn place_padded(p: Place) -> u32 {
    let (w, len) = place_word(p);
    w << (8 * (4 - len))
}

/// Each place's rank among all places when they are ordered by their padded notations
/// ([`place_padded`]; index: the place's one-byte code, [`place_code`]): two places compare
/// as their ranks do, and a rank fits in a byte.
const PLACE_RANK: [u8; PLACES] = {
    let mut rank = [0u8; PLACES];
    let mut c = 0;
    while c < PLACES {
        let mine = place_padded(place_of(c as u8));
        let mut below = 0;
        let mut d = 0;
        while d < PLACES {
            if place_padded(place_of(d as u8)) < mine {
                below += 1;
            }
            d += 1;
        }
        rank[c] = below;
        c += 1;
    }
    rank
};

impl Move {
    /// For a piece's move (`Go`), a cheaper key than [`Move::notation_key`] that orders such
    /// moves as their notation strings too: the ranks of the start's and the end's padded
    /// notations (a table of ranks), start first, in two bytes. `FROM-TO` against `FROM'-TO'`:
    /// the strings agree up to the shorter start when one start is a prefix of the other, and
    /// then `-` meets a byte a place is written with, every one of which sorts above `-`; so
    /// they compare as the pairs of places do, and places compare as their padded notations.
    /// A table read per place instead of the padded notation's digits: a random player ranks
    /// every move of every decision by this key (docs/BENCHMARKS.md). `None` for the other
    /// moves, which only [`Move::notation_key`] orders among all.
    #[inline(always)]
    pub const fn go_key(self) -> Option<u16> {
        match self {
            Move::Go { from, to } => Some(
                (PLACE_RANK[place_code(from) as usize] as u16) << 8
                    | PLACE_RANK[place_code(to) as usize] as u16,
            ),
            _ => None,
        }
    }
}

impl Move {
    /// The rank of a piece's move's origin among all places ordered by their notations: the
    /// first byte of [`Move::go_key`], all that orders moves whose origins differ. Below 128.
    /// `None` for the moves that are not a piece's.
    #[inline(always)]
    pub const fn origin_rank(self) -> Option<u8> {
        match self {
            Move::Go { from, .. } => Some(PLACE_RANK[place_code(from) as usize]),
            _ => None,
        }
    }
}

const _: () = assert!(PLACES <= 128, "origin ranks fit in 0..128");

/// The lowest [`PLACE_RANK`] of the places a 58-hole board's pieces leave from: the holes of
/// both sides, the shared hole and the hand sort after every Senet square (digits before
/// letters), and among themselves take the 60 ranks from here.
const FIRST_HOLE_RANK: u8 = PLACE_RANK[place_code(Place::Hole(Side::L, 1)) as usize];

/// [`PLACE_RANK`] of each square `1..=30` (index: the square; 0 and 31 unused): squares sort
/// before every other place, so their ranks are below 32.
const SQUARE_RANK: [u8; 32] = {
    let mut r = [0u8; 32];
    let mut s = 1;
    while s <= 30 {
        r[s] = PLACE_RANK[place_code(Place::Square(s as u8)) as usize];
        s += 1;
    }
    r
};

/// [`PLACE_RANK`] less [`FIRST_HOLE_RANK`] of each hole `1..=29` of a side (index: side, then
/// the hole; 0 and 30, 31 unused).
const HOLE_RANK: [[u8; 32]; 2] = {
    let mut r = [[0u8; 32]; 2];
    let mut n = 1;
    while n <= 29 {
        r[0][n] = PLACE_RANK[place_code(Place::Hole(Side::L, n as u8)) as usize] - FIRST_HOLE_RANK;
        r[1][n] = PLACE_RANK[place_code(Place::Hole(Side::R, n as u8)) as usize] - FIRST_HOLE_RANK;
        n += 1;
    }
    r
};

const _: () = {
    let mut s = 1;
    while s <= 30 {
        assert!(SQUARE_RANK[s] < 32, "squares sort first");
        s += 1;
    }
    assert!(
        PLACE_RANK[place_code(Place::Hand) as usize] - FIRST_HOLE_RANK < 64
            && PLACE_RANK[place_code(Place::Shared) as usize] - FIRST_HOLE_RANK < 64,
        "a 58-hole board's origins rank within 64"
    );
};

impl Move {
    /// For a piece's move from a Senet square, [`Move::origin_rank`] by a shorter way: one
    /// compare for the kind of move and place and one table read, where `origin_rank` goes
    /// through every kind of place (an indirect jump). Below 32. `None` for any other move.
    /// The random player ranks every Senet decision's moves by it (docs/BENCHMARKS.md).
    #[inline(always)]
    pub const fn square_origin_rank(self) -> Option<u8> {
        match self {
            Move::Go {
                from: Place::Square(s),
                ..
            } => Some(SQUARE_RANK[(s & 31) as usize]),
            _ => None,
        }
    }

    /// For a piece's move on a 58-hole board (from a hole, the shared hole or the hand), its
    /// [`Move::origin_rank`] less the first hole's: the same order, below 64. `None` for any
    /// other move.
    #[inline(always)]
    pub const fn hole_origin_rank(self) -> Option<u8> {
        match self {
            Move::Go { from, .. } => match from {
                Place::Hole(side, n) => Some(HOLE_RANK[side as usize][(n & 31) as usize]),
                Place::Hand | Place::Shared => {
                    Some(PLACE_RANK[place_code(from) as usize] - FIRST_HOLE_RANK)
                }
                _ => None,
            },
            _ => None,
        }
    }
}

impl FromStr for Move {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Move, ParseError> {
        match s {
            "throw" => Ok(Move::Throw),
            "pass" => Ok(Move::Pass),
            _ => {
                if let Some(p) = s.strip_prefix("capture-") {
                    let p = p
                        .parse()
                        .map_err(|_| err(s, "a capture: `capture-` and a place"))?;
                    return Ok(Move::Capture(p));
                }
                // `V:FROM-TO` spends the value V (NOTATION §3.1); one digit, no sign.
                let (value, go) = match s.split_once(':') {
                    Some((v, go)) => {
                        let value = match v.as_bytes() {
                            [d @ b'1'..=b'5'] => Throw::new(d - b'0'),
                            _ => None,
                        }
                        .ok_or_else(|| err(s, "a move: its value before `:` is not 1..5"))?;
                        (Some(value), go)
                    }
                    None => (None, s),
                };
                let (a, b) = go.split_once('-').ok_or_else(|| {
                    err(s, "a move (FROM-TO, V:FROM-TO, capture-P, throw or pass)")
                })?;
                let from = a
                    .parse()
                    .map_err(|_| err(s, "a move: its FROM is not a place"))?;
                let to = b
                    .parse()
                    .map_err(|_| err(s, "a move: its TO is not a place"))?;
                Ok(match value {
                    Some(value) => Move::spend(value, from, to),
                    None => Move::Go { from, to },
                })
            }
        }
    }
}

impl fmt::Display for Chance {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Chance::Throw(t) => write!(f, "{t}"),
            Chance::Seat(s) => write!(f, "{s}"),
            Chance::Dice(d) => write!(f, "{d}"),
        }
    }
}

impl FromStr for Chance {
    type Err = ParseError;

    fn from_str(s: &str) -> Result<Chance, ParseError> {
        match s {
            "A" => Ok(Chance::Seat(Seat::A)),
            "B" => Ok(Chance::Seat(Seat::B)),
            "1" | "2" | "3" | "4" | "5" => Ok(Chance::Throw(
                Throw::new(s.as_bytes()[0] - b'0').expect("1..=5"),
            )),
            // Two d4, the smaller first (NOTATION §4): one spelling per outcome.
            _ => match s.as_bytes() {
                [a @ b'1'..=b'4', b'+', b @ b'1'..=b'4'] if a <= b => Ok(Chance::Dice(
                    DicePair::new(a - b'0', b - b'0').expect("1..=4"),
                )),
                _ => Err(err(
                    s,
                    "a chance outcome (a throw 1..5, a seat A/B, or two d4 such as 1+3)",
                )),
            },
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// Every place a move can name.
    fn all_places() -> Vec<Place> {
        let mut places = vec![Place::Hand, Place::Off, Place::Shared];
        places.extend((1..=30).map(Place::Square));
        for side in [Side::L, Side::R] {
            places.extend((1..=29).map(|n| Place::Hole(side, n)));
        }
        places
    }

    /// The shorter origin ranks order the moves they rank as [`Move::origin_rank`] does, stay
    /// below 32 (squares) and 64 (a 58-hole board's origins), and rank nothing else.
    #[test]
    fn squares_and_holes_rank_as_all_places() {
        let moves: Vec<Move> = all_places()
            .into_iter()
            .map(|from| Move::Go {
                from,
                to: Place::Off,
            })
            .collect();
        for (short, below) in [
            (Move::square_origin_rank as fn(Move) -> Option<u8>, 32),
            (Move::hole_origin_rank, 64),
        ] {
            let ranked: Vec<&Move> = moves.iter().filter(|m| short(**m).is_some()).collect();
            assert!(ranked.len() >= 30);
            for a in &ranked {
                assert!(short(**a).unwrap() < below, "{a}");
                for b in &ranked {
                    assert_eq!(
                        short(**a).cmp(&short(**b)),
                        a.origin_rank().cmp(&b.origin_rank()),
                        "{a} against {b}"
                    );
                }
            }
        }
        let squares = moves.iter().filter(|m| m.square_origin_rank().is_some());
        assert!(squares.clone().all(|m| matches!(
            m,
            Move::Go {
                from: Place::Square(_),
                ..
            }
        )));
        let holes = moves
            .iter()
            .filter(|m| m.hole_origin_rank().is_some())
            .count();
        assert_eq!(
            holes,
            58 + 2,
            "both sides' holes, the shared hole and the hand"
        );
        for m in [Move::Pass, Move::Throw, Move::Capture(Place::Shared)] {
            assert_eq!((m.square_origin_rank(), m.hole_origin_rank()), (None, None));
        }
    }

    #[test]
    fn the_notation_key_is_the_notation_s_bytes_and_orders_as_it() {
        let places = all_places();
        let mut moves = vec![Move::Throw, Move::Pass];
        for &from in &places {
            moves.push(Move::Capture(from));
            for &to in &places {
                moves.push(Move::Go { from, to });
                for v in Throw::ALL {
                    moves.push(Move::spend(v, from, to));
                }
            }
        }
        for &m in &moves {
            let text = m.to_string();
            let key = m.notation_key().to_be_bytes();
            assert_eq!(&key[..text.len()], text.as_bytes(), "{m}");
            assert!(key[text.len()..].iter().all(|&b| b == 0), "{m}");
        }
        let mut by_key = moves.clone();
        by_key.sort_unstable_by_key(|m| m.notation_key());
        let mut by_text = moves.clone();
        by_text.sort_unstable_by_key(|m| m.to_string());
        assert_eq!(by_key, by_text);
        // Among pieces' moves, the cheaper key gives the same order.
        let mut gos: Vec<Move> = moves.into_iter().filter(|m| m.go_key().is_some()).collect();
        let mut by_go_text = gos.clone();
        gos.sort_unstable_by_key(|m| m.go_key());
        by_go_text.sort_unstable_by_key(|m| m.to_string());
        assert_eq!(gos, by_go_text);
    }

    #[test]
    fn every_example_of_notation_3_round_trips() {
        for s in [
            "hand-L1",
            "L4-L20",
            "R26-S",
            "S-hand",
            "hand-R3",
            "S-off",
            "26-off",
            "28-off",
            "L27-off",
            "27-off",
            "12-15",
            "27-15",
            "27-14",
            "throw",
            "pass",
            "4:26-off",
            "1:14-15",
            "2:L3-L5",
            "3:hand-L3",
            "capture-R3",
            "capture-L17",
            "L25-hand",
        ] {
            let m: Move = s.parse().unwrap();
            assert_eq!(m.to_string(), s);
        }
    }

    #[test]
    fn malformed_moves_are_rejected() {
        for s in [
            "",
            "-",
            "L0-L1",
            "L30-S",
            "31-off",
            "01-2",
            "12",
            "12-",
            "x-1",
            "L1-L2-L3",
            "s-off",
            "0:26-off",
            "6:26-off",
            "12:1-2",
            ":1-2",
            "4:",
            "4:pass",
            "4:throw",
            "capture-",
            "capture-x",
            "capture-R3-R4",
            "4:4:26-off",
        ] {
            assert!(s.parse::<Move>().is_err(), "{s}");
        }
    }

    #[test]
    fn chance_tokens() {
        for s in ["1", "2", "3", "4", "5", "A", "B", "1+1", "1+3", "4+4"] {
            assert_eq!(s.parse::<Chance>().unwrap().to_string(), s);
        }
        for s in [
            "0", "6", "C", "throw", "3+1", "0+1", "1+5", "1+", "+1", "1-3", "1++3",
        ] {
            assert!(s.parse::<Chance>().is_err());
        }
    }
}
