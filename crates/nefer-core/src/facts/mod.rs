//! Rule facts: what the rules say about a game, for front ends that draw and tell it without
//! knowing any rule.
//!
//! - [`BoardFacts`] (from [`board`]): the board of a game's rule set under its options — every
//!   place with its coordinates (SPEC §2.2, §7), the marks and what they mean, the lines and
//!   which way they go, each seat's path, the pieces.
//! - [`MoveFacts`] (from [`legal_moves`], [`move_facts`]): what each legal move does — where a
//!   line carried the piece, the pieces it exchanges, knocks off or captures, the loads, a
//!   bonus throw, a backward move, the fall into the Waters, a lost throw and why — as
//!   [`Effect`]s and in words.
//! - [`Event`] (from a [`Chronicle`]): each action of a game's history described, and [`End`]
//!   (from [`end`]): why a game ended.
//!
//! ```
//! use nefer_core::facts::{self, Effect, MoveKind};
//! use nefer_core::{Chance, Game, Options, RuleSetId, Throw};
//!
//! let mut g = RuleSetId::SenetKendall.new_game(&Options::new()).unwrap();
//! g.play_chance(Chance::Throw(Throw::new(1).unwrap())).unwrap();
//! // 14-15 is a plain step; a 1 earns another throw (KE-4).
//! let moves = facts::legal_moves(&g);
//! let m = moves.iter().find(|m| m.mv.to_string() == "14-15").unwrap();
//! assert!(matches!(m.kind, MoveKind::Step { .. }));
//! assert!(matches!(m.effects[..], [Effect::ThrowAgain { .. }]));
//! assert_eq!(
//!     m.words(facts::Voice::Imperative, &facts::Names::default()),
//!     "move 14 → 15: another throw follows (a 1 earns one)"
//! );
//! ```
//!
//! Each rule set says what is its own through the crate-private trait `Describe` (in `hj.rs`
//! and `senet.rs` here, reading the rule set's typed configuration and position): its marks,
//! why a throw is lost, why a game was won, the throws that are more than a turn's. Everything
//! else — lines, backward moves, the effects on other pieces, another throw — is read off the
//! positions the rule set's own move code produces, so the facts cannot drift from the rules.

mod board;
mod events;
mod hj;
mod moves;
mod senet;
mod words;

pub use board::{
    BoardFacts, LineFacts, Mark, MarkKind, PathFacts, PieceKind, PlaceFacts, Pool, Sign,
};
pub use events::{Chronicle, End, EndReason, Event, ThrowKind};
pub use moves::{BonusCause, Effect, MoveFacts, MoveKind, PassReason, legal_moves, move_facts};
pub use words::{Names, Voice, capital};

use crate::game::{Move, Seat};
use crate::options::{OptionError, Options};
use crate::rules::{AnyGame, RuleSetId};

/// What a rule set tells about itself; the rest of the facts are read off its positions.
pub(crate) trait Describe {
    /// The board under this game's rules (its configuration, not its position).
    fn board(&self) -> BoardFacts;

    /// Why the decision due offers nothing but `pass` (asked only then).
    fn pass_reason(&self) -> PassReason {
        PassReason::Blocked
    }

    /// What the throw due is, where it is more than a turn's throw or another throw of the
    /// same turn (which the chronicle tells apart itself).
    fn throw_kind(&self) -> Option<ThrowKind> {
        None
    }

    /// Why `winner` won this finished game.
    fn win_reason(&self, winner: Seat) -> EndReason;

    /// The effects of move `m` (legal here) that the layouts before and after it cannot tell
    /// apart from others, or do not show: `hj.skiryuk`'s capture, Kendall's lost next turn.
    fn hidden_effects(&self, m: Move, out: &mut Vec<Effect>) {
        let _ = (m, out);
    }

    /// Why the player throws again after `m`, where neither a mark where the piece stopped nor
    /// the throw's value says it (Kendall's opening 1).
    fn bonus_cause(&self, m: Move) -> Option<BonusCause> {
        let _ = m;
        None
    }
}

/// The board of `g`'s rule set under its options.
pub fn board(g: &AnyGame) -> BoardFacts {
    g.describe().board()
}

/// The board of rule set `id` under `options`.
///
/// # Errors
/// As [`RuleSetId::new_game`]: an unknown option or value.
pub fn board_of(id: RuleSetId, options: &Options) -> Result<BoardFacts, OptionError> {
    id.new_game(options).map(|g| board(&g))
}

/// How `g` ended, if it is over.
pub fn end(g: &AnyGame) -> Option<End> {
    events::end_of(g)
}
