//! The 3×10 Senet board both Senet rule sets play on (SPEC §7): squares as bitboards, path and
//! grid adjacency, blockades, the houses near the end, bearing off, and the text board.
//!
//! Squares 1..=30 are bits 1..=30 of a `u32` per seat ("bitboards"); the track is boustrophedon.

use core::fmt::Write as _;

use crate::game::{ByPlayer, Move, Ones, Place, Rank, Seat, SeatLayout, SelectTable, select_table};
use crate::options::Common;

/// A set of squares: bit `n` is square `n` (1..=30).
pub type Squares = u32;

/// The bit of square `n`.
#[inline]
pub const fn bit(n: u8) -> Squares {
    1 << n
}

/// Squares `1..=n` (empty for `n = 0`).
#[inline]
pub const fn up_to(n: u8) -> Squares {
    ((1u64 << (n as u32 + 1)) - 2) as Squares
}

/// Squares `lo..=hi`.
#[inline]
pub const fn between(lo: u8, hi: u8) -> Squares {
    up_to(hi) & !up_to(lo - 1)
}

/// The pieces of `men` that have another piece of `men` on a path-adjacent square n±1 (§7):
/// Kendall's "protected", the school sheet's "defended" (KE-6, SB-5, SB-6).
#[inline]
pub const fn guarded(men: Squares) -> Squares {
    men & ((men << 1) | (men >> 1))
}

/// Squares vertically next to each square on the §7 grid (index: square). Row 0 square `n`
/// sits above row 1 square `21 − n`, row 1 square `n` above row 2 square `41 − n`.
///
/// SPEC does not define `senet.adjacency = grid` beyond §7's example "grid neighbours such as 5
/// and 16"; we read it as the orthogonal neighbours on the board (KE-6, SB-6): the path
/// neighbours (10–11 and 20–21 are also above one another) plus the squares directly above and
/// below, no diagonals.
const VERTICAL: [Squares; 31] = {
    let mut t = [0; 31];
    let mut n = 1;
    while n <= 10 {
        t[n as usize] = bit(21 - n);
        t[(21 - n) as usize] |= bit(n);
        t[(20 + n) as usize] = bit(21 - n);
        t[(21 - n) as usize] |= bit(20 + n);
        n += 1;
    }
    t
};

/// The squares next to some square of `set`: along the path (n±1), and with `grid` also the
/// squares above and below on the board (`senet.adjacency = grid`, KE-6, SB-6).
#[inline]
pub fn next_to(set: Squares, grid: bool) -> Squares {
    let mut out = (set << 1) | (set >> 1);
    if grid {
        for n in squares(set) {
            out |= VERTICAL[n as usize];
        }
    }
    out
}

/// Row and column of square `n` on the boustrophedon board (§7): row 0 runs 1→10 left to right,
/// row 1 runs 11→20 right to left, row 2 runs 21→30 left to right.
pub const fn row_col(n: u8) -> (u8, u8) {
    let r = (n - 1) / 10;
    let c = (n - 1) % 10;
    if r == 1 { (r, 9 - c) } else { (r, c) }
}

/// The starting squares of seat A (even 2..14) and of seat B (odd 1..13) (KE-2, 004§1).
pub const START: ByPlayer<Squares> = ByPlayer::new(
    bit(2) | bit(4) | bit(6) | bit(8) | bit(10) | bit(12) | bit(14),
    bit(1) | bit(3) | bit(5) | bit(7) | bit(9) | bit(11) | bit(13),
);

/// Squares in increasing order.
pub fn squares(set: Squares) -> impl Iterator<Item = u8> {
    crate::game::ones(set)
}

/// Who is on square `n`.
pub fn at(men: &ByPlayer<Squares>, n: u8) -> Option<Seat> {
    Seat::BOTH.into_iter().find(|&s| men[s] & bit(n) != 0)
}

/// Where each seat's pieces are: on their squares, or borne off.
pub fn layout(men: &ByPlayer<Squares>, off: &ByPlayer<u8>) -> [SeatLayout; 2] {
    Seat::BOTH.map(|seat| SeatLayout {
        board: squares(men[seat]).map(Place::Square).collect(),
        off: off[seat],
        ..SeatLayout::default()
    })
}

/// Draws the board as the §7 grid: each square shows its number and, beneath, `A`, `B` or `.`;
/// marked squares carry a `*` and are named below.
pub fn render(men: &ByPlayer<Squares>, off: &ByPlayer<u8>, marked: &[(u8, &str)]) -> String {
    let mut s = String::new();
    for row in 0..3u8 {
        let order: Vec<u8> = (0..10u8)
            .map(|c| if row == 1 { 20 - c } else { row * 10 + c + 1 })
            .collect();
        for &n in &order {
            let star = if marked.iter().any(|&(m, _)| m == n) {
                '*'
            } else {
                ' '
            };
            let _ = write!(s, " {n:>2}{star}");
        }
        s.push('\n');
        for &n in &order {
            let who = match at(men, n) {
                Some(seat) => seat.letter(),
                None => '.',
            };
            let _ = write!(s, "  {who} ");
        }
        s.push('\n');
    }
    let _ = writeln!(s, " off: A {}  B {}", off[Seat::A], off[Seat::B]);
    let names: Vec<String> = marked
        .iter()
        .map(|(n, name)| format!("{n} {name}"))
        .collect();
    let _ = writeln!(s, " * {}", names.join(", "));
    s
}

/// Square 26, Kendall's House of Happiness and the school sheet's gate: every piece must land
/// on it exactly before going further (KE-9, 004§9).
pub(crate) const HAPPINESS: u8 = 26;
/// Square 27, the House of Waters (Kendall) or the trap (school sheet): where a piece attacked
/// on 28–30 goes (002, 004§11).
pub(crate) const WATERS: u8 = 27;
/// The House of Re-birth, where a piece given up from the Waters goes (8.5, KE-18).
pub(crate) const REBIRTH: u8 = 15;

/// The nearest empty square at or before 15 among `occupied` (KE-18 `step_back`, the default
/// target of a give-up in both Senets), if any.
pub(crate) fn step_back_square(occupied: Squares) -> Option<u8> {
    let free = !occupied & up_to(REBIRTH);
    (free != 0).then(|| 31 - free.leading_zeros() as u8)
}

/// Opponent runs of three: bit `n` is set when `opp` holds `n`, `n+1` and `n+2` (KE-7, SB-15).
#[inline]
pub(crate) const fn runs_of_three(opp: Squares) -> Squares {
    opp & (opp >> 1) & (opp >> 2)
}

/// The origins of moves by `t` that would jump a whole run of three (`runs`, from
/// [`runs_of_three`]): forward (`back = false`) the run lies in `s+1 ..= s+t−1`, backward in
/// `s−t+1 ..= s−1`. Landing on a run's piece is already barred: each piece of a run is
/// protected by its neighbour.
#[inline]
pub(crate) const fn blockaded(runs: Squares, t: u8, back: bool) -> Squares {
    // A run starting at n is jumped forward from s when s+1 <= n and n+2 <= s+t-1, i.e.
    // s = n-k for k in 1..=t-3; backward when s-t+1 <= n and n+2 <= s-1, i.e. s = n+k for k
    // in 3..=t-1. A throw is at most 5: k is 1 or 2. Written without a loop, which the
    // compiler made a vector loop whose constants it loaded at every throw of a simulation.
    debug_assert!(t <= 5, "a throw of the sticks");
    jumped_by(runs, t, back, 1) | jumped_by(runs, t, back, 2)
}

/// The origins `k` squares before (forward) or `k + 2` after (backward) a run of `runs` that a
/// throw of `t` jumps (see [`blockaded`]).
#[inline]
const fn jumped_by(runs: Squares, t: u8, back: bool, k: u8) -> Squares {
    if t < k + 3 {
        0
    } else if back {
        runs << (k + 2)
    } else {
        runs >> k
    }
}

/// The origins of moves by `t` of `own` that jump one of the opponent's runs of three, forward
/// and backward (KE-7, SB-15 `blockade=3`); none without blockades.
#[inline]
pub(crate) const fn jammed_origins(blockade: bool, opp: Squares, t: u8) -> (Squares, Squares) {
    if blockade {
        let runs = runs_of_three(opp);
        (blockaded(runs, t, false), blockaded(runs, t, true))
    } else {
        (0, 0)
    }
}

/// Whether a blockade stops the exit from 27 on a 4: it is a bear-off, which passes 28,
/// 29 and 30, so three opposing pieces there stop it.
#[inline]
pub(crate) const fn waters_exit_blocked(blockade: bool, opp: Squares) -> bool {
    blockade && runs_of_three(opp) & bit(WATERS + 1) != 0
}

/// Bearing off the piece on square `from`.
#[inline]
pub(crate) const fn bear_off(from: u8) -> Move {
    go(from, OFF)
}

/// Off the board, where a square number is expected: the pieces' moves found by rank
/// ([`Ranked::Piece`]) and played from their squares write "off" as this square, which no
/// square of the board has.
pub(crate) const OFF: u8 = 0;

/// The piece on square `from` goes to square `to`, or off the board for [`OFF`].
#[inline(always)]
pub(crate) const fn go(from: u8, to: u8) -> Move {
    Move::Go {
        from: Place::Square(from),
        to: if to == OFF {
            Place::Off
        } else {
            Place::Square(to)
        },
    }
}

/// The square of `to`, [`OFF`] for off the board: where a piece's move goes, as [`go`] wrote it.
#[inline(always)]
pub(crate) const fn square_or_off(to: Place) -> u8 {
    match to {
        Place::Square(n) => n,
        _ => OFF,
    }
}

/// The squares in the order of their notations (`1` < `10` < … < `19` < `2` < `20` < … < `29` <
/// `3` < `30` < `4` < … < `9`): what [`Listing`] lists its moves by.
const NOTATION_SQUARES: [u8; 30] = {
    let mut t = [0; 30];
    let mut n = 1;
    while n <= 30 {
        // A square's rank among the 30: the number of squares whose notations sort first.
        let mut rank = 0;
        let mut m = 1;
        while m <= 30 {
            if notation_before(m, n) {
                rank += 1;
            }
            m += 1;
        }
        t[rank] = n;
        n += 1;
    }
    t
};

/// [`NOTATION_SQUARES`] as a [`SelectTable`]: the square of the move of rank `k` at once.
static NOTATION_SELECT: SelectTable = select_table(&NOTATION_SQUARES);

/// Whether square `a`'s notation sorts before square `b`'s (byte order of their decimal
/// strings).
const fn notation_before(a: u8, b: u8) -> bool {
    let (a0, b0) = (
        if a >= 10 { a / 10 } else { a },
        if b >= 10 { b / 10 } else { b },
    );
    if a0 != b0 {
        return a0 < b0;
    }
    // Same first digit: the shorter string (one digit) first, then the second digit.
    match (a >= 10, b >= 10) {
        (false, true) => true,
        (true, true) => a % 10 < b % 10,
        _ => false,
    }
}

/// The moves of one throw of a Senet decision, gathered by kind and pushed in the order of
/// their notations: the order in which traces (NOTATION §6), players and front ends list
/// moves, so that a player needs no sort and the random player takes the move of its rank at
/// once (docs/BENCHMARKS.md, issue 19).
///
/// A square is written as its number, so squares sort as strings: `1` < `10` < … < `19` <
/// `2` < `20` < … < `29` < `3` < `30` < `4` < … < `9` (and `1-5` < `10-14`: `-` sorts below
/// every digit). A throw moves each piece at most once, so the moves of a list leave from
/// distinct squares and sort as their origins do. The generators find them in numeric order
/// (bitboards); [`Listing::push`] lays them out by the groups of squares that follow each other
/// in the notations' order, each group in numeric order.
#[derive(Clone, Copy, Debug)]
pub(crate) struct Listing {
    /// Origins of steps of `t` squares, onto `from + t` (`from − t` when `back`).
    steps: Squares,
    /// Origins whose piece falls into 27 instead (Kendall's KE-26 trap): above every forward
    /// step's origin (they overshoot 26, the steps land on it at most), and never beside
    /// backward steps.
    trap: Squares,
    /// The steps' signed length: the throw, or its negative when they go backward.
    step: i8,
    /// The squares of 26..=30 (bit: the square − 26) whose piece moves to its place in `ends`.
    ends_set: u8,
    /// Where the piece on each of 26..=30 goes (byte: the square − 26), where `ends_set` says:
    /// a square's number, or [`OFF`] for off the board. Bytes of one word rather than an array of
    /// places: a new list costs one store instead of filling the array (docs/BENCHMARKS.md).
    ends: u64,
}

impl Listing {
    /// No moves yet, for a throw of `t`.
    #[inline(always)]
    pub(crate) const fn new(t: u8) -> Listing {
        Listing {
            steps: 0,
            trap: 0,
            step: t as i8,
            ends_set: 0,
            ends: 0,
        }
    }

    /// The steps forward by the throw from `from` onto squares not in `blocked` (a target
    /// past bit 31 drops out; `blocked` holds the squares a step may not reach).
    #[inline(always)]
    pub(crate) fn forward(&mut self, from: Squares, blocked: Squares) {
        debug_assert!(self.step > 0, "a list goes one way");
        // The origins whose target is open, with one shift: `(from << t & !blocked) >> t`
        // took two, by a variable, which costs the processor more than a constant shift.
        self.steps |= from & !blocked >> self.step as u32;
    }

    /// The steps backward by the throw from `from` (squares above the throw) onto squares not
    /// in `blocked`.
    #[inline(always)]
    pub(crate) fn backward(&mut self, from: Squares, blocked: Squares) {
        debug_assert!(self.steps | self.trap == 0, "a list goes one way");
        let t = self.step.unsigned_abs() as u32;
        self.step = -(t as i8);
        self.steps |= from & !blocked << t;
    }

    /// The pieces on `from` (squares below 26 that overshoot it) fall into 27.
    #[inline(always)]
    pub(crate) fn falls_into_waters(&mut self, from: Squares) {
        debug_assert!(self.step > 0 && from & !up_to(HAPPINESS - 1) == 0);
        debug_assert!(from == 0 || self.steps >> from.trailing_zeros() == 0);
        self.trap |= from;
    }

    /// The piece on `from` (26..=30) goes to `to` (a square or off the board).
    #[inline(always)]
    pub(crate) fn end(&mut self, from: u8, to: Place) {
        debug_assert!((HAPPINESS..=30).contains(&from));
        let i = u32::from(from - HAPPINESS) % 5;
        debug_assert!(self.ends_set >> i & 1 == 0, "one move a piece");
        self.ends_set |= 1 << i;
        self.ends |= u64::from(square_or_off(to)) << (8 * i);
    }

    /// The pieces on `from` (squares 26..=30) are borne off: one store for all of them, where
    /// [`Listing::end`] took one call a piece, in a loop whose end the processor had to guess.
    #[inline(always)]
    pub(crate) fn bear_off(&mut self, from: Squares) {
        debug_assert!(from & !between(HAPPINESS, 30) == 0);
        let set = (from >> HAPPINESS) as u8;
        debug_assert!(self.ends_set & set == 0, "one move a piece");
        // Off is 0 in `ends`: nothing to write there.
        self.ends_set |= set;
    }

    /// Whether no move was gathered.
    #[inline(always)]
    pub(crate) const fn is_empty(&self) -> bool {
        self.steps | self.trap == 0 && self.ends_set == 0
    }

    /// The origins of the moves gathered, each moved once: the steps' (forward, from 25 down;
    /// or backward), the falls' (22..=25, where no step of the throw leaves) and the ends'
    /// (26..=30).
    #[inline(always)]
    const fn origins(&self) -> Squares {
        self.steps | self.trap | (self.ends_set as Squares) << HAPPINESS
    }

    /// The origins in the order of their notations: bit `i` is the square
    /// [`NOTATION_SQUARES`]`[i]` (`1`, `10`–`19`, `2`, `20`–`29`, `3`, `30`, `4`–`9`), each
    /// group moved into place with one shift and mask.
    #[inline(always)]
    const fn ranked_origins(&self) -> u32 {
        let o = self.origins();
        debug_assert!(self.steps & self.trap == 0 && (self.steps | self.trap) >> HAPPINESS <= 1);
        (o >> 1 & 1)
            | (o >> 9 & 0x3ff << 1)
            | (o >> 2 & 1) << 11
            | (o >> 8 & 0x3ff << 12)
            | (o >> 3 & 1) << 22
            | (o >> 30 & 1) << 23
            | (o & 0x3f << 4) << 20
    }

    /// Where the piece on `from`, one of [`Listing::origins`], goes: a square, or [`OFF`].
    #[inline(always)]
    fn target(&self, from: u8) -> u8 {
        if self.steps & bit(from) != 0 {
            from.wrapping_add_signed(self.step)
        } else if self.trap & bit(from) != 0 {
            WATERS
        } else {
            (self.ends >> (8 * (from - HAPPINESS))) as u8
        }
    }

    /// The origins in notation order, counted: the number of moves gathered, and where the
    /// move of each rank leaves from ([`Listing::nth`]).
    #[inline(always)]
    pub(crate) const fn ranks(&self) -> Ones {
        Ones::new(self.ranked_origins())
    }

    /// Pushes the moves in the order of their notations.
    #[inline(always)]
    pub(crate) fn push(&self, out: &mut crate::MoveList) {
        let mut ranked = self.ranked_origins();
        while ranked != 0 {
            let from = NOTATION_SQUARES[ranked.trailing_zeros() as usize];
            out.push(go(from, self.target(from)));
            ranked &= ranked - 1;
        }
    }

    /// The move [`Listing::push`] would push at index `k` (below `ranks.len()`, `ranks` from
    /// [`Listing::ranks`]), found without pushing any, as its squares (`from`, `to`): a random
    /// player needs one move of the list, not the list (docs/BENCHMARKS.md, issue 19).
    #[inline(always)]
    pub(crate) fn nth(&self, ranks: Ones, k: usize) -> (u8, u8) {
        let from = ranks.nth_of(k, &NOTATION_SELECT);
        (from, self.target(from))
    }
}

/// The moves of one throw of a Senet decision: gathered by kind ([`Listing`]), or a single
/// move (Kendall's 26→27 penalty, `pass`).
#[derive(Clone, Copy, Debug)]
pub(crate) enum Listed {
    /// The pieces' moves gathered.
    Moves(Listing),
    /// One move alone.
    One(Move),
}

impl Listed {
    /// Pushes the moves in the order of their notations.
    #[inline(always)]
    pub(crate) fn push(self, out: &mut crate::MoveList) {
        match self {
            Listed::Moves(list) => list.push(out),
            Listed::One(m) => out.push(m),
        }
    }

    /// The move of rank `rank(rng, n)` among the `n` moves [`Listed::push`] would push, and C-2's
    /// `pass` after them where `common` offers it ([`Common::offer_pass`]): the random players'
    /// choice without the list (issue 19).
    #[inline(always)]
    pub(crate) fn ranked<R: ?Sized>(
        self,
        common: &Common,
        rng: &mut R,
        rank: impl Rank<R>,
    ) -> Ranked {
        let (ranks, one) = match self {
            Listed::Moves(list) => (list.ranks(), None),
            Listed::One(m) => (Ones::new(1), Some(m)),
        };
        let n = ranks.len();
        // `pass` sorts after every piece's move.
        let pass = common.offers_pass(|| one == Some(Move::Pass));
        let k = rank(rng, n + usize::from(pass));
        match (self, k < n) {
            (_, false) => Ranked::Other(Move::Pass),
            (Listed::Moves(list), true) => {
                let (from, to) = list.nth(ranks, k);
                Ranked::Piece { from, to }
            }
            (Listed::One(m), true) => Ranked::Other(m),
        }
    }
}

/// A move found by its rank ([`Listed::ranked`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Ranked {
    /// A piece's move of a [`Listing`], as its squares: the piece on `from` goes to square `to`
    /// or, for [`OFF`], off the board. A rule set plays it from the squares, without building
    /// a [`Move`] and matching it again (docs/BENCHMARKS.md, issue 19).
    Piece {
        /// The piece's square.
        from: u8,
        /// Where it goes: a square, or [`OFF`].
        to: u8,
    },
    /// The single move of [`Listed::One`], or `pass`.
    Other(Move),
}

impl Ranked {
    /// The move.
    #[inline(always)]
    pub(crate) const fn into_move(self) -> Move {
        match self {
            Ranked::Piece { from, to } => go(from, to),
            Ranked::Other(m) => m,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn squares_rank_by_their_notations() {
        let mut by_string: Vec<u8> = (1..=30).collect();
        by_string.sort_by_key(|n| n.to_string());
        assert_eq!(NOTATION_SQUARES.to_vec(), by_string);
        // Each group of `Listing::ranked_origins` lands where the table says.
        for (i, &n) in NOTATION_SQUARES.iter().enumerate() {
            let mut list = Listing::new(1);
            list.steps = bit(n);
            if n >= HAPPINESS {
                list.steps = 0;
                list.ends_set = 1 << (n - HAPPINESS);
            }
            assert_eq!(list.ranked_origins(), 1 << i, "square {n}");
        }
    }

    #[test]
    fn masks() {
        assert_eq!(up_to(0), 0);
        assert_eq!(up_to(3), 0b1110);
        assert_eq!(between(2, 3), 0b1100);
        assert_eq!(squares(between(28, 30)).collect::<Vec<_>>(), [28, 29, 30]);
    }

    #[test]
    fn board_is_boustrophedon() {
        // The corners of each row: left to right, then right to left, then left to right.
        for (n, row_col_of_n) in [
            (1, (0, 0)),
            (10, (0, 9)),
            (11, (1, 9)),
            (20, (1, 0)),
            (21, (2, 0)),
            (30, (2, 9)),
        ] {
            assert_eq!(row_col(n), row_col_of_n, "square {n}");
        }
        // 15 sits directly above 26 (§7).
        assert_eq!(row_col(15).1, row_col(26).1);
    }

    #[test]
    fn guard_is_path_adjacency_only() {
        // 12 and 13 guard each other; 11 and 13 do not (§8.7 second check).
        assert_eq!(guarded(bit(12) | bit(13)), bit(12) | bit(13));
        assert_eq!(guarded(bit(11) | bit(13)), 0);
        // 10–11 and 20–21 are adjacent along the path (the turns).
        assert_eq!(guarded(bit(10) | bit(11)), bit(10) | bit(11));
        assert_eq!(guarded(bit(20) | bit(21)), bit(20) | bit(21));
        // Grid neighbours 5 and 16 are not.
        assert_eq!(guarded(bit(5) | bit(16)), 0);
    }

    #[test]
    fn grid_neighbours_add_the_squares_above_and_below() {
        // 5 sits above 16, 16 above 25; 10-11 and 20-21 are both path and grid neighbours.
        assert_eq!(next_to(bit(16), true), bit(15) | bit(17) | bit(5) | bit(25));
        assert_eq!(next_to(bit(1), true), bit(0) | bit(2) | bit(20));
        assert_eq!(next_to(bit(30), true), bit(29) | bit(31) | bit(11));
        assert_eq!(next_to(bit(16), false), bit(15) | bit(17));
    }

    #[test]
    fn blockades_are_found_where_a_move_jumps_them() {
        let runs = runs_of_three(bit(10) | bit(11) | bit(12));
        assert_eq!(runs, bit(10));
        // Forward: 9 with 4 (to 13) and 8, 9 with 5 jump it; 9 with 3 lands on 12.
        assert_eq!(blockaded(runs, 3, false), 0);
        assert_eq!(blockaded(runs, 4, false), bit(9));
        assert_eq!(blockaded(runs, 5, false), bit(9) | bit(8));
        // Backward: 13 with 4 (to 9), 13 and 14 with 5.
        assert_eq!(blockaded(runs, 4, true), bit(13));
        assert_eq!(blockaded(runs, 5, true), bit(13) | bit(14));
        let opp = bit(10) | bit(11) | bit(12);
        assert_eq!(
            jammed_origins(true, opp, 5),
            (bit(9) | bit(8), bit(13) | bit(14))
        );
        assert_eq!(jammed_origins(false, opp, 5), (0, 0));
    }

    #[test]
    fn the_exit_from_27_passes_28_to_30() {
        let three = bit(28) | bit(29) | bit(30);
        assert!(waters_exit_blocked(true, three));
        assert!(!waters_exit_blocked(false, three));
        assert!(!waters_exit_blocked(true, bit(28) | bit(29)));
        assert!(!waters_exit_blocked(
            true,
            bit(25) | bit(26) | bit(28) | bit(29)
        ));
    }

    #[test]
    fn steps_go_forward_or_back_onto_free_squares() {
        let mut out = crate::MoveList::new();
        let mut list = Listing::new(2);
        list.forward(bit(3) | bit(9), bit(11));
        list.push(&mut out);
        assert_eq!(out.as_slice(), [Move::squares(3, 5)]);
        out.clear();
        let mut list = Listing::new(2);
        list.backward(bit(3) | bit(9), 0);
        list.push(&mut out);
        assert_eq!(out.as_slice(), [Move::squares(3, 1), Move::squares(9, 7)]);
    }

    /// The moves of `list` as strings, checked to be in their strings' order.
    fn listed_in_order(list: &Listing) -> Vec<String> {
        let mut out = crate::MoveList::new();
        list.push(&mut out);
        let got: Vec<String> = out.iter().map(|m| m.to_string()).collect();
        let mut sorted = got.clone();
        sorted.sort();
        assert_eq!(got, sorted);
        got
    }

    #[test]
    fn a_listing_lists_its_moves_in_notation_order() {
        // A piece on every square: 1..=21 step by 5, 22..=25 overshoot 26 into 27 (KE-26),
        // and 26..=30 each have a move of their own.
        let mut list = Listing::new(5);
        list.forward(up_to(HAPPINESS - 5), 0);
        list.falls_into_waters(between(22, 25));
        for from in HAPPINESS..=30 {
            list.end(from, Place::Off);
        }
        let got = listed_in_order(&list);
        assert_eq!(got.len(), 30);
        assert_eq!(&got[..4], ["1-6", "10-15", "11-16", "12-17"]);
        assert!(got.contains(&"22-27".to_owned()) && got.contains(&"26-off".to_owned()));
        // Without a step from 1, 2 or 3: the shorter way (see `Listing::push`).
        let mut list = Listing::new(2);
        list.forward(between(4, 24), 0);
        list.end(30, Place::Off);
        assert_eq!(listed_in_order(&list).len(), 22);
        // Backward, from 26 too.
        let mut list = Listing::new(5);
        list.backward(between(6, HAPPINESS), 0);
        assert_eq!(listed_in_order(&list).len(), 21);
    }

    #[test]
    fn render_shows_the_grid_of_section_7() {
        let text = render(&START, &ByPlayer::both(0), &[(15, "ankh")]);
        let lines: Vec<&str> = text.lines().collect();
        assert!(lines[0].trim_start().starts_with("1 "));
        assert!(lines[2].trim_start().starts_with("20 "));
        assert!(lines[4].trim_start().starts_with("21 "));
        assert_eq!(
            lines[1].split_whitespace().take(3).collect::<Vec<_>>(),
            ["B", "A", "B"]
        );
        assert_eq!(at(&START, 2), Some(Seat::A));
        assert_eq!(at(&START, 15), None);
    }
}
