//! The game interface shared by every rule set: explicit chance nodes, decisions and results.
//!
//! A state is always in one of three conditions ([`Status`]): it waits for a chance outcome (a
//! throw of the sticks, or a random choice of seat), for a seat's decision (a move, `pass`, or
//! Kendall's `throw`), or it is over. [`Game::play_chance`] and [`Game::play`] advance it.

use core::fmt;
use core::hash::Hash;

use arrayvec::ArrayVec;
use rand::Rng;

use crate::options::{Common, Dice};
use crate::rules::RuleSetId;
use crate::sticks::{DicePair, Prob, Throw};

/// One of the two seats (NOTATION §1). The game only knows seats; names are record metadata.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Seat {
    /// Seat A.
    A,
    /// Seat B.
    B,
}

impl Seat {
    /// Both seats, A first.
    pub const BOTH: [Seat; 2] = [Seat::A, Seat::B];

    /// The other seat.
    #[inline]
    pub const fn other(self) -> Seat {
        match self {
            Seat::A => Seat::B,
            Seat::B => Seat::A,
        }
    }

    /// 0 for A, 1 for B.
    #[inline]
    pub const fn index(self) -> usize {
        self as usize
    }

    /// The letter `A` or `B`.
    pub const fn letter(self) -> char {
        match self {
            Seat::A => 'A',
            Seat::B => 'B',
        }
    }
}

impl fmt::Display for Seat {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.letter())
    }
}

/// A value for each seat, indexed by [`Seat`] (A first).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct ByPlayer<T>(pub [T; 2]);

impl<T> ByPlayer<T> {
    /// Seat A's value `a` and seat B's `b`.
    #[inline]
    pub const fn new(a: T, b: T) -> ByPlayer<T> {
        ByPlayer([a, b])
    }

    /// Each seat's value mapped by `f`.
    #[inline]
    pub fn map<U>(self, f: impl FnMut(T) -> U) -> ByPlayer<U> {
        ByPlayer(self.0.map(f))
    }

    /// The seats with their values, A first.
    pub fn iter(&self) -> impl Iterator<Item = (Seat, &T)> {
        Seat::BOTH.into_iter().zip(&self.0)
    }
}

impl<T: Copy> ByPlayer<T> {
    /// The same value for both seats.
    #[inline]
    pub const fn both(v: T) -> ByPlayer<T> {
        ByPlayer([v, v])
    }
}

impl<T> core::ops::Index<Seat> for ByPlayer<T> {
    type Output = T;
    #[inline]
    fn index(&self, s: Seat) -> &T {
        &self.0[s.index()]
    }
}

impl<T> core::ops::IndexMut<Seat> for ByPlayer<T> {
    #[inline]
    fn index_mut(&mut self, s: Seat) -> &mut T {
        &mut self.0[s.index()]
    }
}

/// A side of the 58-hole board (SPEC §2.1).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Side {
    /// The left side, holes `L1`..`L29`.
    L,
    /// The right side, holes `R1`..`R29`.
    R,
}

impl Side {
    /// The other side.
    pub const fn other(self) -> Side {
        match self {
            Side::L => Side::R,
            Side::R => Side::L,
        }
    }
}

/// Where a piece is, or goes (NOTATION §2).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Place {
    /// Off the board, waiting to enter or re-enter.
    Hand,
    /// Borne off, gone out for good.
    Off,
    /// A Senet square 1..=30.
    Square(u8),
    /// A Hounds & Jackals hole 1..=29 of a side.
    Hole(Side, u8),
    /// The shared hole `S` (hole 30) of the 58-hole board.
    Shared,
}

/// A player's action at a decision point (NOTATION §3).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Move {
    /// A piece goes from one place to another: enter, step, line jump (to the line's end), bear
    /// off, Kendall's give-up from the House of Waters. Exchanges, captures, loads and bonus
    /// throws are side effects of the position and are not part of the move.
    Go {
        /// Where the piece starts.
        from: Place,
        /// Where it ends, after any line jump.
        to: Place,
    },
    /// A collected value (Kendall's `throw_mode=accumulate`, SPEC R-4) or a die (Washburne's
    /// `dice=two_d4`, R-5) spent on a piece going from one place to another: `4:26-off`,
    /// `2:L3-L5`, `3:hand-L3` (NOTATION §3.1).
    Spend(Spend),
    /// Skiryuk's `capture_target=choice` (R-9): capture the opponent's piece on this hole
    /// (`capture-R3`).
    Capture(Place),
    /// Take a throw that may be declined: Kendall's water turn (throw for a 4 instead of giving
    /// up), Skiryuk's declinable nefer bonus (R-10).
    Throw,
    /// The throw cannot be used and is lost; or a choice is declined (a load, R-8; a bonus,
    /// R-10).
    Pass,
}

impl Move {
    /// Shorthand for a Senet move between squares.
    pub const fn squares(from: u8, to: u8) -> Move {
        Move::Go {
            from: Place::Square(from),
            to: Place::Square(to),
        }
    }

    /// Spending `value` on a piece going from `from` to `to` (R-4, R-5).
    pub const fn spend(value: Throw, from: Place, to: Place) -> Move {
        Move::Spend(Spend::new(value, from, to))
    }

    /// Where the move takes a piece from and to, if it moves one (`Go` and `Spend`).
    pub const fn places(self) -> Option<(Place, Place)> {
        match self {
            Move::Go { from, to } => Some((from, to)),
            Move::Spend(s) => Some((s.from(), s.to())),
            _ => None,
        }
    }

    /// The value the move spends (R-4, R-5), if it names one.
    pub const fn spends(self) -> Option<Throw> {
        match self {
            Move::Spend(s) => Some(s.value()),
            _ => None,
        }
    }
}

/// A value spent on a piece going from one place to another ([`Move::Spend`]).
///
/// Kept in three bytes, each place as one byte, so that a [`Move`] stays four bytes: every
/// move generator pushes moves into a [`MoveList`], and a fifth byte made those pushes and the
/// playouts' copies of moves measurably dearer.
#[derive(Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct Spend {
    value: u8,
    from: u8,
    to: u8,
}

impl Spend {
    /// Spending `value` on a piece going from `from` to `to`.
    pub const fn new(value: Throw, from: Place, to: Place) -> Spend {
        Spend {
            value: value.value(),
            from: place_code(from),
            to: place_code(to),
        }
    }

    /// The value spent.
    pub const fn value(self) -> Throw {
        match Throw::new(self.value) {
            Some(t) => t,
            None => panic!("a spent value is a throw"),
        }
    }

    /// Where the piece starts.
    pub const fn from(self) -> Place {
        place_of(self.from)
    }

    /// Where it ends, after any line jump.
    pub const fn to(self) -> Place {
        place_of(self.to)
    }
}

impl fmt::Debug for Spend {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Spend")
            .field("value", &self.value())
            .field("from", &self.from())
            .field("to", &self.to())
            .finish()
    }
}

#[cfg(feature = "serde")]
impl serde::Serialize for Spend {
    fn serialize<S: serde::Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        (self.value(), self.from(), self.to()).serialize(s)
    }
}

#[cfg(feature = "serde")]
impl<'de> serde::Deserialize<'de> for Spend {
    fn deserialize<D: serde::Deserializer<'de>>(d: D) -> Result<Spend, D::Error> {
        let (value, from, to) = <(Throw, Place, Place)>::deserialize(d)?;
        Ok(Spend::new(value, from, to))
    }
}

/// The number of places a move can name, and so of [`place_code`]s.
pub(crate) const PLACES: usize = 91;

/// A place in one byte: `hand` 0, `off` 1, `S` 2, squares 3..=32, `L1..L29` 33..=61,
/// `R1..R29` 62..=90.
#[inline(always)]
pub(crate) const fn place_code(p: Place) -> u8 {
    match p {
        Place::Hand => 0,
        Place::Off => 1,
        Place::Shared => 2,
        Place::Square(n) => 2 + n,
        Place::Hole(Side::L, n) => 32 + n,
        Place::Hole(Side::R, n) => 61 + n,
    }
}

/// The place of a [`place_code`].
pub(crate) const fn place_of(c: u8) -> Place {
    match c {
        0 => Place::Hand,
        1 => Place::Off,
        2 => Place::Shared,
        3..=32 => Place::Square(c - 2),
        33..=61 => Place::Hole(Side::L, c - 32),
        _ => Place::Hole(Side::R, c - 61),
    }
}

/// The result of a finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Outcome {
    /// This seat won.
    Win(Seat),
    /// Nobody won: a jam (C-8) or the turn cap (C-7).
    Draw,
}

impl Outcome {
    /// The winner, if any.
    pub fn winner(self) -> Option<Seat> {
        match self {
            Outcome::Win(s) => Some(s),
            Outcome::Draw => None,
        }
    }
}

/// A chance outcome (NOTATION §4).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub enum Chance {
    /// A throw of the sticks.
    Throw(Throw),
    /// A random choice of seat (who throws first), where a rule set makes one.
    Seat(Seat),
    /// A throw of Washburne's two four-sided dice (`dice=two_d4`, SPEC R-5).
    Dice(DicePair),
}

/// Anything that advances a game: a chance outcome or a player's move.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Action {
    /// Chance decided.
    Chance(Chance),
    /// A seat decided.
    Move(Move),
}

/// What a state waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Status {
    /// A chance outcome; `seat` is the seat that throws, `None` for a random choice of seat.
    Chance {
        /// Whose throw it is, if it is a throw.
        seat: Option<Seat>,
    },
    /// A decision of `seat`, using `throw` (`None` before any throw, as Kendall's water turn).
    Decide {
        /// The seat to decide.
        seat: Seat,
        /// The throw being used, if any.
        throw: Option<Throw>,
    },
    /// The game is over.
    Over(Outcome),
}

/// The set bits of `set`, lowest first: the squares or holes of a per-seat bitboard.
pub fn ones(set: impl Into<u64>) -> impl Iterator<Item = u8> {
    let mut s: u64 = set.into();
    core::iter::from_fn(move || {
        (s != 0).then(|| {
            let n = s.trailing_zeros() as u8;
            s &= s - 1;
            n
        })
    })
}

/// A set of up to 32 bits, with what finds its `k`-th lowest set bit without a loop: where a
/// bitboard of moves' origins in notation order has the move of rank `k`
/// ([`Game::ranked_move`]).
///
/// Broadword selection (Vigna, "Broadword implementation of rank/select queries", 2008): the
/// bits are counted byte by byte as a popcount counts them, the running counts of the bytes
/// say which byte holds the `k`-th bit, and a table says where it is in that byte. No branch:
/// a loop clearing `k` bits, or one clearing them with masks, mispredicted on every random `k`
/// (docs/BENCHMARKS.md), and the count of moves, which a random player needs first, is the
/// last running count.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Ones {
    /// The set.
    set: u32,
    /// Byte `i`: the number of set bits in bytes `0..=i` of `set`.
    running: u32,
}

impl Ones {
    /// The set `set`, counted.
    #[inline(always)]
    pub(crate) const fn new(set: u32) -> Ones {
        // Two-bit, four-bit, then byte counts, as `count_ones` counts without POPCNT.
        let pairs = set - (set >> 1 & 0x5555_5555);
        let nibbles = (pairs & 0x3333_3333) + (pairs >> 2 & 0x3333_3333);
        let bytes = (nibbles + (nibbles >> 4)) & 0x0f0f_0f0f;
        Ones {
            set,
            running: bytes.wrapping_mul(0x0101_0101),
        }
    }

    /// The number of set bits.
    #[inline(always)]
    pub(crate) const fn len(self) -> usize {
        (self.running >> 24) as usize
    }

    /// The index of the `k`-th lowest set bit (`k` below [`Ones::len`]); the engine asks
    /// [`Ones::nth_of`], which looks the index up in one go.
    #[cfg(test)]
    const fn nth(self, k: usize) -> u32 {
        let (byte, bits, j) = self.locate(k);
        8 * byte as u32 + SELECT_IN_BYTE[bits][j] as u32
    }

    /// `of[i]` for the index `i` of the `k`-th lowest set bit, `table` being
    /// [`select_table`]`(of)`: one table load instead of two, both on the path of every random
    /// move (docs/BENCHMARKS.md).
    #[inline(always)]
    pub(crate) const fn nth_of(self, k: usize, table: &SelectTable) -> u8 {
        let (byte, bits, j) = self.locate(k);
        table[byte][bits][j]
    }

    /// Where the `k`-th lowest set bit is: its byte, that byte's bits, and its rank among them.
    #[inline(always)]
    const fn locate(self, k: usize) -> (usize, usize, usize) {
        debug_assert!(k < self.len(), "a bit beyond the set");
        let k = k as u32;
        // The bytes whose running count is at most `k` lie wholly below the bit: in each byte
        // `0x80 + k − running` keeps its top bit exactly then (no borrow: counts are below 33).
        let below = (((k * 0x0101_0101) | 0x8080_8080) - self.running) & 0x8080_8080;
        let byte = (below >> 7).wrapping_mul(0x0101_0101) >> 24 & 3;
        let shift = 8 * byte;
        // Bits in the bytes below, and the byte itself.
        let before = (self.running << 8) >> shift & 0xff;
        let bits = self.set >> shift & 0xff;
        // The masks prove the indices in range: no bounds checks.
        (byte as usize, bits as usize, (k - before) as usize & 7)
    }
}

/// A table of [`Ones::nth_of`]: `t[i][b][j]` is the value at the index of the `j`-th lowest
/// set bit of byte `b` shifted to byte `i` (8 KiB).
pub(crate) type SelectTable = [[[u8; 8]; 256]; 4];

/// The [`SelectTable`] of `of`: `t[i][b][j] = of[8 * i + SELECT_IN_BYTE[b][j]]` (0 past the
/// end of `of`).
pub(crate) const fn select_table<const N: usize>(of: &[u8; N]) -> SelectTable {
    let mut t = [[[0; 8]; 256]; 4];
    let mut i = 0;
    while i < 4 {
        let mut b = 0;
        while b < 256 {
            let mut j = 0;
            while j < 8 {
                let at = 8 * i + SELECT_IN_BYTE[b][j] as usize;
                if at < N {
                    t[i][b][j] = of[at];
                }
                j += 1;
            }
            b += 1;
        }
        i += 1;
    }
    t
}

/// `SELECT_IN_BYTE[b][j]`: the index of the `j`-th lowest set bit of byte `b` (0 where `b` has
/// fewer bits).
const SELECT_IN_BYTE: [[u8; 8]; 256] = {
    let mut t = [[0; 8]; 256];
    let mut b = 0;
    while b < 256 {
        let (mut j, mut i) = (0, 0);
        while i < 8 {
            if b >> i & 1 == 1 {
                t[b][j] = i as u8;
                j += 1;
            }
            i += 1;
        }
        b += 1;
    }
    t
};

#[cfg(test)]
mod ones_tests {
    use super::Ones;
    use proptest::prelude::*;

    /// The `k`-th set bit found by clearing the `k` lowest.
    fn by_loop(set: u32, k: usize) -> u32 {
        let mut s = set;
        for _ in 0..k {
            s &= s - 1;
        }
        s.trailing_zeros()
    }

    #[test]
    fn every_bit_of_small_and_edge_sets() {
        let sets =
            (0..1u32 << 12).chain([u32::MAX, 0x8000_0001, 0xff00_ff00, 0x7fff_fffe, 1 << 31]);
        for set in sets {
            let ones = Ones::new(set);
            assert_eq!(ones.len(), set.count_ones() as usize, "{set:#x}");
            for k in 0..ones.len() {
                assert_eq!(ones.nth(k), by_loop(set, k), "bit {k} of {set:#x}");
            }
        }
    }

    proptest! {
        #[test]
        fn every_bit_of_any_set(set in any::<u32>()) {
            let ones = Ones::new(set);
            prop_assert_eq!(ones.len(), set.count_ones() as usize);
            let of: [u8; 32] = core::array::from_fn(|i| 100 + i as u8);
            let table = super::select_table(&of);
            for k in 0..ones.len() {
                prop_assert_eq!(ones.nth(k), by_loop(set, k));
                prop_assert_eq!(ones.nth_of(k, &table), of[by_loop(set, k) as usize]);
            }
        }
    }
}

/// Where one seat's pieces are: what a front end needs to draw them.
#[derive(Clone, Debug, Default, PartialEq, Eq)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct SeatLayout {
    /// The places of the pieces on the board, one entry per piece, in path order (several
    /// pieces may share `S` where the rules allow it).
    pub board: Vec<Place>,
    /// Pieces waiting to enter or re-enter (never entered, returned, knocked off).
    pub hand: u8,
    /// Pieces borne off or gone out for good.
    pub off: u8,
    /// Opponent pieces this seat has captured and keeps (Skiryuk's trophies).
    pub trophies: u8,
}

// A move fills four bytes, a chance outcome two: move lists and playouts copy them all the time.
const _: () = assert!(core::mem::size_of::<Move>() == 4);
const _: () = assert!(core::mem::size_of::<Chance>() == 2);

/// Largest number of legal moves at one decision point over all rule sets, `pass` included.
///
/// - Senet, a throw: each of at most 7 pieces has at most one move for a throw value (forward,
///   the trap drop, the penalty or backward, never two), plus `pass`: 8. Kendall's water
///   choice: 2.
/// - Kendall's `throw_mode=accumulate` (R-4): one decision lists the moves of every distinct
///   collected value. A collection is 1s, 4s and 5s ended by a 2 or a 3, so at most four
///   distinct values, 7 moves each, plus `pass`: 29, the worst case of all rule sets.
/// - Hounds & Jackals, a throw: one move per piece (5) and one entry from hand, plus `pass`.
///   Washburne's `dice=two_d4` (R-5) lists two values: 10 moves and `pass`. Skiryuk's capture
///   choice (R-9): at most 5 targets.
pub const MAX_MOVES: usize = 32;

/// The legal moves of a decision point. Lives on the stack.
pub type MoveList = ArrayVec<Move, MAX_MOVES>;

/// Largest number of outcomes of a chance node: the ten pairs of Washburne's two d4 (R-5); a
/// throw of the sticks has five, a seat draw two.
pub const MAX_CHANCES: usize = 10;

/// The outcomes of a chance node with their exact probabilities.
pub type ChanceList = ArrayVec<(Chance, Prob), MAX_CHANCES>;

/// Why an action could not be applied. The state is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PlayError {
    /// The move is not among the legal moves.
    #[error("illegal move {mv}")]
    IllegalMove {
        /// The move tried.
        mv: Move,
    },
    /// The chance outcome is not possible here.
    #[error("impossible chance outcome {chance}")]
    ImpossibleChance {
        /// The outcome tried.
        chance: Chance,
    },
    /// A move was given where a chance outcome was due, or the reverse.
    #[error("the game waits for {expected}")]
    WrongKind {
        /// What the game waits for, in words.
        expected: &'static str,
    },
    /// The game is already over.
    #[error("the game is over")]
    GameOver,
}

/// A rule set's game state. Cheap to clone, hashable and comparable.
///
/// Implementations keep every rule of their rule set; front ends only call this interface.
pub trait Game: Clone + Eq + Hash + fmt::Debug + Send + Sync + 'static {
    /// The rule set this state follows.
    fn rule_set(&self) -> RuleSetId;

    /// What the state waits for.
    fn status(&self) -> Status;

    /// The common options of SPEC §1.3 the game was set up with: the stick bias of its throws
    /// (C-1), C-2's `compulsory_move` and the turn cap (C-7).
    fn common(&self) -> &Common;

    /// The chance outcomes with their exact probabilities (empty unless [`Status::Chance`]):
    /// a fair choice of seat where the status names no seat, else a throw of what
    /// [`Game::common`] says the game throws: the sticks with their bias, or two d4 (R-5).
    fn chance_outcomes(&self) -> ChanceList {
        match self.status() {
            Status::Chance { seat: None } => seat_outcomes(),
            Status::Chance { seat: Some(_) } => match self.common().dice {
                Dice::Sticks => throw_outcomes(self.common().bias.law()),
                Dice::TwoD4 => dice_outcomes(),
            },
            _ => ChanceList::new(),
        }
    }

    /// Fills `moves` with the legal moves (cleared first; empty unless [`Status::Decide`]).
    /// A decision point where nothing can be done offers exactly [`Move::Pass`].
    fn legal_moves(&self, moves: &mut MoveList);

    /// Whether [`Game::legal_moves`] lists the moves in the order of their notations, the byte
    /// order of their strings in which traces list them (NOTATION §6): then a player that
    /// orders moves so, to choose the same whatever the generator, needs no sort. `false`
    /// says nothing about the order. The test `notation_order` plays every rule set that says
    /// `true` under every option value and checks every list.
    fn moves_in_notation_order(&self) -> bool {
        false
    }

    /// The move of a rank among the legal moves, found without listing them, where the rule set
    /// can: `rank(rng, n)` is called once with `n`, the number of moves [`Game::legal_moves`]
    /// lists, and the move it lists at the index returned is the answer. `None`, without calling
    /// `rank`, where the rule set cannot (it lists the moves to choose), or the state waits for
    /// no decision.
    ///
    /// What random players do at every decision, with [`random_index`] as `rank`: listing
    /// moves only to take one was the larger part of a random game (docs/BENCHMARKS.md, issue
    /// 19). Only rule sets whose lists are in notation order
    /// ([`Game::moves_in_notation_order`]) answer, so that the index is also the rank in
    /// notation order; the test `notation_order` checks every rank of every decision of random
    /// games under every option against the list.
    #[inline]
    fn ranked_move<R: ?Sized>(&self, rng: &mut R, rank: impl Rank<R>) -> Option<Move> {
        let _ = (rng, rank);
        None
    }

    /// Plays the move [`Game::ranked_move`] returns and says so; `false`, without calling
    /// `rank` or changing the game, where it returns `None`.
    #[inline]
    fn play_ranked<R: ?Sized>(&mut self, rng: &mut R, rank: impl Rank<R>) -> bool {
        self.ranked_move(rng, rank)
            .map(|m| self.play_unchecked(m))
            .is_some()
    }

    /// Applies a chance outcome without checking it. Only for outcomes listed by
    /// [`Game::chance_outcomes`].
    fn play_chance_unchecked(&mut self, c: Chance);

    /// Applies a legal move without checking it. Only for moves listed by [`Game::legal_moves`].
    fn play_unchecked(&mut self, m: Move);

    /// Number of turns begun so far (a turn: a player's throws before control passes).
    ///
    /// A game the C-7 cap ended reads one more than the cap: the cap draws the game as the turn
    /// after the `max_turns`-th begins (R-17: at the end of the turn that brings the count to
    /// N). [`Game::turns_played`] is the length to report.
    fn turns(&self) -> u32;

    /// The turns played: [`Game::turns`], except that a game the C-7 cap ended played
    /// `max_turns` turns (R-17), not the one more its clock began. What statistics and pages
    /// report as a game's length.
    fn turns_played(&self) -> u32 {
        let (turns, cap) = (self.turns(), self.common().max_turns);
        if cap != 0 && matches!(self.status(), Status::Over(_)) {
            turns.min(cap)
        } else {
            turns
        }
    }

    /// Brings the turn count down to at most 1, leaving everything else as it is.
    ///
    /// Without a turn cap (C-7's `max_turns` off) the rules read the count only to tell an
    /// opening (0) from play (1 and on), so two states that differ only in a later count play
    /// on alike: [`crate::endless`] compares positions with their counts forgotten, so that a
    /// game going round in circles comes back to a position it has seen.
    fn forget_turns(&mut self);

    /// The board drawn as text, as SPEC §7 (Senet) or §2.3 (58 holes) lay it out.
    fn board_text(&self) -> String;

    /// Where each seat's pieces are, A first.
    fn layout(&self) -> [SeatLayout; 2];

    /// Applies a chance outcome.
    ///
    /// # Errors
    /// When the state does not wait for chance, or the outcome is impossible there; the state is
    /// then unchanged.
    fn play_chance(&mut self, c: Chance) -> Result<(), PlayError> {
        match self.status() {
            Status::Chance { .. } => {}
            Status::Decide { .. } => return Err(PlayError::WrongKind { expected: "a move" }),
            Status::Over(_) => return Err(PlayError::GameOver),
        }
        if !self.chance_outcomes().iter().any(|&(o, _)| o == c) {
            return Err(PlayError::ImpossibleChance { chance: c });
        }
        self.play_chance_unchecked(c);
        Ok(())
    }

    /// Applies a move.
    ///
    /// # Errors
    /// When the state does not wait for a decision, or the move is not legal; the state is then
    /// unchanged.
    fn play(&mut self, m: Move) -> Result<(), PlayError> {
        match self.status() {
            Status::Decide { .. } => {}
            Status::Chance { .. } => {
                return Err(PlayError::WrongKind {
                    expected: "a chance outcome",
                });
            }
            Status::Over(_) => return Err(PlayError::GameOver),
        }
        let mut moves = MoveList::new();
        self.legal_moves(&mut moves);
        if !moves.contains(&m) {
            return Err(PlayError::IllegalMove { mv: m });
        }
        self.play_unchecked(m);
        Ok(())
    }

    /// Applies an action of either kind.
    ///
    /// # Errors
    /// As [`Game::play_chance`] and [`Game::play`].
    fn apply(&mut self, a: Action) -> Result<(), PlayError> {
        match a {
            Action::Chance(c) => self.play_chance(c),
            Action::Move(m) => self.play(m),
        }
    }

    /// Draws a chance outcome with the probabilities of [`Game::chance_outcomes`]: a seat with
    /// one random bit, or a throw of the sticks (four random bits for fair sticks), or of two
    /// d4 (four random bits). Only at a chance node.
    #[inline]
    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Chance {
        match self.status() {
            Status::Chance { seat: None } => Chance::Seat(draw_seat(rng)),
            _ => match self.common().dice {
                Dice::Sticks => Chance::Throw(self.common().bias.throw(rng).score()),
                Dice::TwoD4 => Chance::Dice(DicePair::throw(rng)),
            },
        }
    }

    /// The result, if the game is over.
    fn outcome(&self) -> Option<Outcome> {
        match self.status() {
            Status::Over(o) => Some(o),
            _ => None,
        }
    }
}

/// Chance outcomes for a throw of the sticks with the given law.
pub fn throw_outcomes(law: [Prob; 5]) -> ChanceList {
    Throw::ALL
        .iter()
        .zip(law)
        .map(|(&t, p)| (Chance::Throw(t), p))
        .collect()
}

/// Chance outcomes for a throw of two d4: the ten pairs with their exact probabilities (R-5).
pub fn dice_outcomes() -> ChanceList {
    DicePair::ALL
        .iter()
        .map(|&d| (Chance::Dice(d), d.prob()))
        .collect()
}

/// Chance outcomes for a fair random choice of seat.
pub fn seat_outcomes() -> ChanceList {
    Seat::BOTH
        .iter()
        .map(|&s| (Chance::Seat(s), Prob::HALF))
        .collect()
}

/// Draws a seat with probability 1/2 each (who throws first, C-9).
pub fn draw_seat<R: Rng + ?Sized>(rng: &mut R) -> Seat {
    if rng.next_u32() & 1 == 0 {
        Seat::A
    } else {
        Seat::B
    }
}

/// Who decides in a playout: the chance outcomes and the moves, one action at a time.
///
/// [`play_out`] asks it at every chance node and decision point and applies the answer without
/// checking it (`play_chance_unchecked`, `play_unchecked`): an implementation answers only with
/// outcomes of [`Game::chance_outcomes`] and moves of [`Game::legal_moves`]. Answering `None`
/// stops the playout there (a rollout's budget is spent, a person must act).
///
/// The simulator, random playouts, MCTS rollouts and a match's computer seats are each one
/// implementation; the loop that drives them is written once, in [`play_out`].
pub trait Playout<G: Game> {
    /// The outcome at `game`, a chance node where `seat` throws (`None`: a random choice of
    /// seat), or `None` to stop.
    fn chance(&mut self, game: &G, seat: Option<Seat>) -> Option<Chance>;

    /// The move of `seat` at `game`, a decision point, or `None` to stop.
    fn decide(&mut self, game: &G, seat: Seat) -> Option<Move>;

    /// Plays the move of `seat` at `game`, a decision point, and says so; `false` to stop.
    #[inline]
    fn act(&mut self, game: &mut G, seat: Seat) -> bool {
        self.decide(game, seat)
            .map(|m| game.play_unchecked(m))
            .is_some()
    }
}

/// A playout borrowed plays as the playout itself, so that a wrapper (such as
/// [`crate::endless::Guard`]) can hold one that its caller keeps.
impl<G: Game, P: Playout<G> + ?Sized> Playout<G> for &mut P {
    #[inline]
    fn chance(&mut self, game: &G, seat: Option<Seat>) -> Option<Chance> {
        (**self).chance(game, seat)
    }

    #[inline]
    fn decide(&mut self, game: &G, seat: Seat) -> Option<Move> {
        (**self).decide(game, seat)
    }

    #[inline(always)]
    fn act(&mut self, game: &mut G, seat: Seat) -> bool {
        (**self).act(game, seat)
    }
}

/// Plays `game` on with `playout` until the game is over or `playout` stops; returns the number
/// of decisions taken.
///
/// The hot loop of simulation, playout benchmarks and search rollouts: generic (monomorphised
/// per rule set and policy), it allocates nothing, records nothing and checks nothing. Always
/// inlined, so that the simulator's loop is one function from the throw to the move
/// (docs/BENCHMARKS.md).
#[inline(always)]
pub fn play_out<G: Game, P: Playout<G> + ?Sized>(game: &mut G, playout: &mut P) -> u32 {
    let mut decisions = 0;
    loop {
        match game.status() {
            Status::Chance { seat } => match playout.chance(game, seat) {
                Some(c) => game.play_chance_unchecked(c),
                None => return decisions,
            },
            Status::Decide { seat, .. } => {
                if !playout.act(game, seat) {
                    return decisions;
                }
                decisions += 1;
            }
            Status::Over(_) => return decisions,
        }
    }
}

/// A [`Playout`] whose chance outcomes the game draws from `rng` ([`Game::sample_chance`]) and
/// whose moves `choose` picks, given the same generator.
///
/// One generator for both, as a search rollout keeps it:
///
/// ```
/// use nefer_core::game::{Sampled, play_out};
/// use nefer_core::{AnyGame, Game, MoveList, Options, RuleSetId};
/// use rand::{RngExt, SeedableRng};
/// use rand_chacha::ChaCha8Rng;
///
/// let mut g = RuleSetId::HjFrench.new_game(&Options::new()).unwrap();
/// let mut rng = ChaCha8Rng::seed_from_u64(1);
/// // 24 random decisions, then stop (an MCTS rollout's budget).
/// let (mut left, mut moves) = (24, MoveList::new());
/// let decisions = play_out(
///     &mut g,
///     &mut Sampled::new(&mut rng, |g: &AnyGame, rng: &mut ChaCha8Rng| {
///         if left == 0 {
///             return None;
///         }
///         left -= 1;
///         g.legal_moves(&mut moves);
///         Some(moves[rng.random_range(0..moves.len())])
///     }),
/// );
/// assert_eq!(decisions, 24);
/// ```
pub struct Sampled<'r, R: ?Sized, F> {
    rng: &'r mut R,
    choose: F,
}

impl<'r, R: ?Sized, F> Sampled<'r, R, F> {
    /// Chance from `rng`, moves from `choose(game, rng)` (`None` stops).
    pub fn new(rng: &'r mut R, choose: F) -> Self {
        Sampled { rng, choose }
    }
}

impl<G, R, F> Playout<G> for Sampled<'_, R, F>
where
    G: Game,
    R: Rng + ?Sized,
    F: FnMut(&G, &mut R) -> Option<Move>,
{
    #[inline]
    fn chance(&mut self, game: &G, _seat: Option<Seat>) -> Option<Chance> {
        Some(game.sample_chance(self.rng))
    }

    #[inline]
    fn decide(&mut self, game: &G, _seat: Seat) -> Option<Move> {
        (self.choose)(game, self.rng)
    }
}

/// A uniformly random index below `n` (0 < `n` < 2³²): the value, and the draws from `rng`,
/// of rand 0.10's `rng.random_range(0..n)` for a `usize`, which samples a `u32` by Canon's
/// method (one draw, a second only when the first's low product bits could carry), written out
/// so that it inlines. rand's own stayed a call in the simulator's loop, 36 instructions a
/// decision (docs/BENCHMARKS.md). A test holds it to rand's for every `n` up to 300 and
/// thousands of draws; a new rand that samples otherwise fails there.
#[inline(always)]
pub fn random_index<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    debug_assert!(n > 0 && u32::try_from(n).is_ok(), "an index below {n}");
    let range = n as u32;
    let wide = u64::from(rng.next_u32()) * u64::from(range);
    let (mut index, low) = ((wide >> 32) as u32, wide as u32);
    if low > range.wrapping_neg() {
        // Canon's correction: the next draw's high product bits, added with carry.
        let next = ((u64::from(rng.next_u32()) * u64::from(range)) >> 32) as u32;
        index += u32::from(low.checked_add(next).is_none());
    }
    index as usize
}

/// [`random_index`], except that a forced choice (`n` = 1) draws nothing: the random playouts'
/// way (the simulator's random player and the rollouts of MCTS draw at every decision).
#[inline(always)]
fn random_index_unless_forced<R: Rng + ?Sized>(rng: &mut R, n: usize) -> usize {
    if n == 1 { 0 } else { random_index(rng, n) }
}

/// How a caller of [`Game::ranked_move`] draws the rank of its move among `n`: [`random_index`]
/// for a random player, or any function of the generator and the count.
pub trait Rank<R: ?Sized>: FnOnce(&mut R, usize) -> usize {}

impl<R: ?Sized, F: FnOnce(&mut R, usize) -> usize> Rank<R> for F {}

/// A random playout's choice at `g`: a uniformly random legal move, found without listing the
/// moves where the rule set can ([`Game::ranked_move`]), else from the list in `moves`; a
/// forced move draws nothing.
#[inline(always)]
pub(crate) fn random_choice<G: Game, R: Rng + ?Sized>(
    g: &G,
    rng: &mut R,
    moves: &mut MoveList,
) -> Move {
    if let Some(m) = g.ranked_move(rng, random_index_unless_forced) {
        return m;
    }
    g.legal_moves(moves);
    moves[random_index_unless_forced(rng, moves.len())]
}

/// Plays a game to its end with uniformly random legal choices; returns the number of decisions.
///
/// The hot loop of the playout benchmarks: [`play_out`] with chance and choices from one
/// generator. A forced move draws no random number.
pub fn random_playout<G: Game, R: Rng + ?Sized>(game: &mut G, rng: &mut R) -> u32 {
    let mut moves = MoveList::new();
    play_out(
        game,
        &mut Sampled::new(rng, |g: &G, rng: &mut R| {
            Some(random_choice(g, rng, &mut moves))
        }),
    )
}

#[cfg(test)]
mod random_index_tests {
    use rand::{Rng, RngExt, SeedableRng};
    use rand_chacha::ChaCha8Rng;

    #[test]
    fn random_index_draws_as_rands_random_range() {
        for n in 1..=300usize {
            let (mut a, mut b) = (
                ChaCha8Rng::seed_from_u64(n as u64),
                ChaCha8Rng::seed_from_u64(n as u64),
            );
            for _ in 0..2000 {
                assert_eq!(
                    super::random_index(&mut a, n),
                    b.random_range(0..n),
                    "below {n}"
                );
            }
            // The same number of draws taken, whatever the corrections.
            assert_eq!(a.next_u64(), b.next_u64(), "below {n}");
        }
        // Ranges where the correction's draw is frequent.
        for n in [(1usize << 31) + 1, u32::MAX as usize] {
            let (mut a, mut b) = (ChaCha8Rng::seed_from_u64(7), ChaCha8Rng::seed_from_u64(7));
            for _ in 0..20_000 {
                assert_eq!(super::random_index(&mut a, n), b.random_range(0..n));
            }
        }
    }
}
