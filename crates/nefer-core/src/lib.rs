//! # nefer-core
//!
//! The rules engine of nefer: the reconstructed race games of ancient Egypt, Senet and Hounds &
//! Jackals, as specified in SPEC.md (rules) and NOTATION.md (moves, records, traces).
//!
//! Every rule set is a [`Game`]: a state waits for a chance outcome, for a seat's decision, or is
//! over. No I/O happens here; front ends (CLI, terminal UI, server) are thin layers above.
//!
//! ```
//! use nefer_core::{Game, Options, RuleSetId, Status, Chance, Throw};
//!
//! let mut g = RuleSetId::SenetKendall.new_game(&Options::new()).unwrap();
//! // Green (seat A) throws a 2: only 14-16 is legal at the start.
//! g.play_chance(Chance::Throw(Throw::new(2).unwrap())).unwrap();
//! assert!(matches!(g.status(), Status::Decide { .. }));
//! g.play("14-16".parse().unwrap()).unwrap();
//! ```

pub mod endless;
pub mod facts;
pub mod game;
pub mod hj;
pub mod notation;
pub mod options;
pub mod perft;
pub mod position;
pub mod record;
pub mod rules;
pub mod senet;
mod skeleton;
pub mod sticks;

pub use game::{
    Action, ByPlayer, Chance, ChanceList, Game, MAX_CHANCES, MAX_MOVES, Move, MoveList, Outcome,
    Place, PlayError, Rank, Seat, SeatLayout, Side, Status, random_index, random_playout,
};
pub use options::{OptionError, OptionSpec, Options};
pub use position::{FromSetup, PositionError, Setup};
pub use record::{Record, Replay, ReplayError, replay};
pub use rules::{AnyGame, Family, RuleInfo, RuleSetId, Visit};
pub use sticks::{DicePair, Prob, StickBias, Sticks, Throw};
