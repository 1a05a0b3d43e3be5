//! Senet: the 3×10 board shared by both Senet rule sets ([`board`], SPEC §7), the options both
//! Senets name the same way ([`FamilyConfig`]), and the rule sets.

pub mod board;
pub mod kendall;
pub mod school;

use crate::options::{BOOL, OptionSpec, option_group, option_values};
use board::{START, Squares, bit, guarded, next_to, up_to};

use crate::game::ByPlayer;

/// Options both Senet rule sets name the same way (SPEC §10, "both Senets").
pub fn family_specs() -> Vec<OptionSpec> {
    let spec = |name: &str, values, implemented, clause, help| OptionSpec {
        name: name.to_owned(),
        values,
        implemented,
        clause,
        help,
    };
    vec![
        spec(
            "senet.adjacency",
            Adjacency::VALUES,
            Adjacency::VALUES,
            "KE-6",
            "which neighbours protect a piece",
        ),
        spec(
            "senet.backward_attack",
            &["true", "false"][..],
            BOOL,
            "KE-8",
            "backward moves may exchange with an unprotected piece",
        ),
        spec(
            "senet.safe_squares",
            SafeSquares::VALUES,
            SafeSquares::VALUES,
            "KE-14",
            "squares where a piece cannot be attacked",
        ),
        spec(
            "senet.bear_off_gate",
            BearOffGate::VALUES,
            BearOffGate::VALUES,
            "KE-22",
            "what must hold before a piece may leave the board",
        ),
        spec(
            "senet.pieces",
            Pieces::VALUES,
            Pieces::VALUES,
            "KE-25",
            "pieces per player",
        ),
    ]
}

option_values! {
    /// `senet.adjacency` (KE-6, SB-6): which neighbours protect a piece.
    pub enum Adjacency {
        /// The squares before and after it on the path.
        Path = "path",
        /// Also the squares above and below it on the board.
        Grid = "grid",
    }
}

option_values! {
    /// `senet.safe_squares` (KE-14, SB-14): squares whose piece cannot be attacked (the
    /// discriminant is their set).
    #[repr(u32)]
    pub enum SafeSquares {
        /// None.
        Empty = "{}" => 0,
        /// Square 15.
        Fifteen = "{15}" => bit(15),
        /// Squares 15, 26, 28 and 29.
        Houses = "{15,26,28,29}" => bit(15) | bit(26) | bit(28) | bit(29),
    }
}

option_values! {
    /// `senet.bear_off_gate` (KE-22): what must hold before a piece may leave the board (the
    /// discriminant is the set of squares that must hold none of the mover's pieces).
    #[repr(u32)]
    pub enum BearOffGate {
        /// Nothing.
        Open = "none" => 0,
        /// None of the mover's pieces on 1..10.
        FirstRowEmpty = "first_row_empty" => up_to(10),
        /// All the mover's pieces in the last row (none on 1..20).
        AllInLastRow = "all_in_last_row" => up_to(20),
    }
}

option_values! {
    /// `senet.pieces` (KE-25): pieces a seat, all of which must be borne off to win (the
    /// discriminant).
    #[repr(u8)]
    pub enum Pieces {
        /// Seven.
        Seven = "7" => 7,
        /// Five.
        Five = "5" => 5,
    }
}

option_values! {
    /// KE-7, SB-15 `blockade`: whether three opposing pieces in a row may be jumped.
    pub enum Blockade {
        /// They may.
        Off = "off",
        /// They may not.
        Three = "3",
    }
}

/// The options both Senets share, typed: a member of each Senet's `Config`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct FamilyConfig {
    /// `senet.adjacency` (KE-6, SB-6).
    pub adjacency: Adjacency,
    /// `senet.backward_attack` (KE-8, SB-7): backward moves may exchange.
    pub backward_attack: bool,
    /// `senet.safe_squares` (KE-14, SB-14).
    pub safe_squares: SafeSquares,
    /// `senet.bear_off_gate` (KE-22).
    pub bear_off_gate: BearOffGate,
    /// `senet.pieces` (KE-25).
    pub pieces: Pieces,
}

// The shared options, named `senet.*` in both Senets.
option_group!(FamilyConfig {
    adjacency: shared "senet.adjacency",
    backward_attack: shared "senet.backward_attack",
    safe_squares: shared "senet.safe_squares",
    bear_off_gate: shared "senet.bear_off_gate",
    pieces: shared "senet.pieces",
});

impl FamilyConfig {
    /// Whether the grid neighbours protect too (`senet.adjacency = grid`).
    #[inline]
    pub const fn grid(&self) -> bool {
        matches!(self.adjacency, Adjacency::Grid)
    }

    /// The squares whose piece cannot be attacked (KE-14).
    #[inline]
    pub const fn safe(&self) -> Squares {
        self.safe_squares as Squares
    }

    /// The squares that must hold none of the mover's pieces for a piece to leave the board
    /// (KE-22: none, 1..10, or 1..20).
    #[inline]
    pub const fn gate(&self) -> Squares {
        self.bear_off_gate as Squares
    }

    /// Pieces a seat (KE-25).
    #[inline]
    pub const fn pieces(&self) -> u8 {
        self.pieces as u8
    }

    /// The start position: the pieces alternate from square 1, seat A on the even squares
    /// (KE-2, 004§1); KE-25's five pieces on squares 1..10 (A on 2..10, B on 1..9, R-3).
    pub fn start(&self) -> ByPlayer<Squares> {
        let used = up_to(2 * self.pieces());
        START.map(|s| s & used)
    }

    /// The pieces of `men` protected by a neighbour of the same seat (KE-6, SB-5, SB-6).
    #[inline]
    pub fn guarded(&self, men: Squares) -> Squares {
        if self.grid() {
            men & next_to(men, true)
        } else {
            guarded(men)
        }
    }

    /// Whether a seat with pieces `own` on the board may bear a piece off (KE-22).
    #[inline]
    pub const fn may_bear_off(&self, own: Squares) -> bool {
        own & self.gate() == 0
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Options;
    use crate::options::{OptionReader, ReadOption};

    fn read(opts: &str) -> FamilyConfig {
        let o = Options::parse(opts).unwrap();
        let r = OptionReader::new("senet.kendall", family_specs(), &o).unwrap();
        FamilyConfig::read_as(&r, "family").unwrap()
    }

    #[test]
    fn the_family_options_read_into_masks() {
        let d = read("");
        assert_eq!((d.grid(), d.safe(), d.gate(), d.pieces()), (false, 0, 0, 7));
        assert!(d.backward_attack);
        let c = read(
            "senet.adjacency=grid, senet.safe_squares={15,26,28,29}, senet.bear_off_gate=all_in_last_row, senet.pieces=5, senet.backward_attack=false",
        );
        assert!(c.grid() && !c.backward_attack);
        assert_eq!(c.safe(), bit(15) | bit(26) | bit(28) | bit(29));
        assert_eq!(c.gate(), up_to(20));
        assert_eq!(c.start(), ByPlayer::new(0b10101010100, 0b01010101010));
    }
}
