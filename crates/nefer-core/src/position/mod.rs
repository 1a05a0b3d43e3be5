//! Positions as text: a [`Setup`] (plain, unvalidated data: the rule set, its options, whose
//! turn and where it stands, every piece of both seats and the counters the state keeps), its
//! one-line position string ([`Setup`]'s `Display` / `FromStr`, the format of
//! `docs/dev/positions.md`), and [`FromSetup`], which makes a rule set's state of a setup or
//! says everything that is inconsistent in it ([`PositionError`], a list of [`Problem`]s).
//!
//! As shakmaty keeps a chess `Setup` apart from a validated `Position` (and FEN strings for
//! both), a position string builds any state of any rule set in one line, and every state
//! writes one that reads back to the very same state (`tests/positions.rs` checks both over
//! random games under random options):
//!
//! ```
//! use nefer_core::{AnyGame, Game, Status};
//!
//! // Senet after Kendall, seat B to play a 3: five pieces of each seat are borne off.
//! let g: AnyGame = "senet.kendall A:5,28,off*5 B:1,26,off*5 B 3".parse().unwrap();
//! assert!(matches!(g.status(), Status::Decide { .. }));
//! assert_eq!(g.to_string(), "senet.kendall A:5,28,off*5 B:1,26,off*5 B 3");
//! // Every problem is named, not just the first one.
//! let e = AnyGame::from_position("hj.french A:L3,L3,hand*2 B:hand*5 A water").unwrap_err();
//! assert_eq!(e.problems.len(), 3, "{e}");
//! ```

mod hj;
mod senet;
mod text;

use core::fmt;

use crate::game::{ByPlayer, Outcome, Place, Seat};
use crate::options::{OptionError, Options};
use crate::rules::RuleSetId;
use crate::sticks::{DicePair, Throw};

/// A position as plain data, not checked: what a position string says, field by field.
///
/// [`FromSetup::from_setup`] (for one rule set's `State`, or [`crate::AnyGame`]) checks it and
/// makes the state; [`FromSetup::to_setup`] gives a state's setup.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Setup {
    /// The rule set.
    pub rules: RuleSetId,
    /// The game's options (full names, as a record's `options:` line); only those that are not
    /// the default in a setup made from a state.
    pub options: Options,
    /// Where each seat's pieces are, and its counters.
    pub seats: ByPlayer<SeatSetup>,
    /// The seat whose turn it is.
    pub to_move: Seat,
    /// Where the turn stands.
    pub stage: Stage,
    /// The throw of the stage: the throw to play ([`Stage::Move`]), the result of Kendall's try
    /// for a 4 ([`Stage::Water`]), the opening throw already thrown ([`Stage::Opening`] in
    /// Skiryuk, [`Stage::Simultaneous`]), Washburne's die left ([`Stage::Second`]).
    pub throw: Option<Throw>,
    /// The piece a French bonus throw belongs to ([`Stage::Bonus`], and [`Stage::Move`] with
    /// that throw); the piece Washburne's first die moved, which the second may not move
    /// ([`Stage::Second`]).
    pub piece: Option<Place>,
    /// Turns begun so far (the count of C-7's cap).
    pub turns: u32,
    /// Skiryuk SK-4 `one_per_turn`: this turn has had its bonus throw.
    pub bonus_taken: bool,
    /// Kendall KE-5 `accumulate` (R-4): the values collected this turn and not spent yet, each
    /// as often as collected (lowest first in a setup made from a state).
    pub collected: Vec<Throw>,
    /// Washburne under two d4 (R-5): throws of both dice that orange landings have earned and
    /// that follow the decisions of the current throw.
    pub earned: u8,
}

/// One seat's part of a [`Setup`].
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct SeatSetup {
    /// The places of the pieces on the board, one entry per piece (several on `S` where the
    /// rules allow it), in path order in a setup made from a state.
    pub board: Vec<Place>,
    /// Pieces waiting to enter or re-enter (never entered, returned from `S`, knocked off).
    pub hand: u8,
    /// Pieces borne off or gone out.
    pub off: u8,
    /// Skiryuk: pieces the opponent has captured (his trophies).
    pub captured: u8,
    /// Marks on pieces of the board: which nefer holes a Skiryuk piece has loaded at (SK-6),
    /// Kendall's reborn piece (KE-23).
    pub marks: Vec<(Place, Mark)>,
    /// Kendall KE-19 `this_and_next_turn`: the seat's next turn is lost.
    pub skip: bool,
    /// Skiryuk SK-9 `deferred`: loads waiting for hole 1 to be free.
    pub loads: u8,
    /// Skiryuk SK-15 `deferred_capture` (R-11): captures the seat is owed, taken once the
    /// opponent has a path piece.
    pub owed: u8,
}

/// A mark on a piece: what the state remembers of one piece.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub enum Mark {
    /// Skiryuk SK-6 `once_per_piece_per_hole`: the piece has loaded at nefer hole 15 (`+15`).
    Crossed15,
    /// Likewise at nefer hole 25 (`+25`).
    Crossed25,
    /// Kendall KE-23: the piece given up from the Waters, which must move next (`+reborn`).
    Reborn,
}

/// Where a turn stands: what the state waits for, in the words of the position string.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stage {
    /// `first`: who throws first is drawn (C-9).
    First,
    /// `opening`: Skiryuk's opening throws (`opening:T`: B throws, A threw `T`; 000-SK§7), the
    /// French alternate search for a 1 (FR-1), Kendall's opening 1 to be played (KE-3).
    Opening,
    /// `simultaneous`: both throw for a 1 at once (FR-1); `simultaneous:T`: B throws, A threw
    /// `T`.
    Simultaneous,
    /// `throw`: the seat to move throws.
    Throw,
    /// `T`: the seat to move plays the throw `T` (`T:PLACE`: a French bonus throw, which only
    /// the piece on `PLACE` may use).
    Move,
    /// `water`: the decision before any throw of a seat with a piece in the Waters, 27 (8.5,
    /// SB-18); Kendall's `water:T`: the try for a 4 gave `T`.
    Water,
    /// `water-throw`: Kendall's try for a 4 (KE-16).
    WaterThrow,
    /// `bonus:PLACE`: a French bonus throw for the piece on `PLACE` (FR-2, FR-3); `bonus`:
    /// Skiryuk's declinable bonus throw, taken (`throw`) or declined (`pass`; SK-20, R-10).
    Bonus,
    /// `spend`: Kendall's collected values (KE-5 `accumulate`, R-4) are spent, one move at a
    /// time.
    Spend,
    /// `capture`: Skiryuk's choice of the opposing path piece captured (SK-14 `choice`, R-9).
    Capture,
    /// `load`: Skiryuk's optional load on hole 1 (SK-8 `optional`, R-8); `load:bonus`: the move
    /// also earned the bonus throw, which follows the decision.
    Load {
        /// The move landed on nefer hole 15 or 25: its bonus follows.
        bonus: bool,
    },
    /// `1+3`: Washburne's throw of two d4 to play, both values (R-5).
    Dice(DicePair),
    /// `second:T`: Washburne's die `T` left after the first was played (R-5); `second:T:PLACE`:
    /// with a piece other than the one on `PLACE`, which the first moved (WA-18 `false`).
    Second,
    /// `over:A`, `over:B`, `over:draw`: the game is over.
    Over(Outcome),
}

impl Stage {
    /// The stage's word in a position string.
    pub const fn word(self) -> &'static str {
        match self {
            Stage::First => "first",
            Stage::Opening => "opening",
            Stage::Simultaneous => "simultaneous",
            Stage::Throw => "throw",
            Stage::Move => "move",
            Stage::Water => "water",
            Stage::WaterThrow => "water-throw",
            Stage::Bonus => "bonus",
            Stage::Spend => "spend",
            Stage::Capture => "capture",
            Stage::Load { .. } => "load",
            Stage::Dice(_) => "dice",
            Stage::Second => "second",
            Stage::Over(_) => "over",
        }
    }

    /// The turn count a position string leaves out at this stage of rule set `rules`: 0
    /// before the first turn has begun (C-9's draw, Skiryuk's opening throws, the
    /// simultaneous throws of FR-1), else 1.
    pub const fn default_turns(self, rules: RuleSetId) -> u32 {
        match (self, rules) {
            (Stage::First | Stage::Simultaneous, _) | (Stage::Opening, RuleSetId::HjSkiryuk) => 0,
            _ => 1,
        }
    }
}

impl fmt::Display for Stage {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.word())
    }
}

/// One thing wrong with a position string or a [`Setup`]: what, and where.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum Problem {
    /// Text that is not what the position string has at that place (empty: the field is
    /// missing).
    #[error("{field}: {found} is not {expected}", found = shown(text))]
    Syntax {
        /// The field: `rule set`, `options`, `seat A`, `to move`, `stage`, `turn`, …
        field: &'static str,
        /// The text found.
        text: String,
        /// What the field holds, in words.
        expected: &'static str,
    },
    /// The options do not parse, or are not the rule set's.
    #[error("options: {0}")]
    Options(#[from] OptionError),
    /// A seat has more or fewer pieces than the rule set gives it.
    #[error("seat {seat} has {found} pieces; {rules} gives each seat {expected}")]
    PieceCount {
        /// The seat.
        seat: Seat,
        /// The pieces listed (board, hand, off, captured).
        found: u32,
        /// The pieces of the rule set under its options.
        expected: u8,
        /// The rule set.
        rules: RuleSetId,
    },
    /// A place or pool that is not one of the seat's in this rule set (a square in an H&J
    /// game, the opponent's side of a single-side track, a hand in Senet…).
    #[error("seat {seat}: `{item}` is not a place of its pieces in {rules}")]
    NotAPlace {
        /// The seat.
        seat: Seat,
        /// The item as written (a place, or `hand`, `off`, `captured`).
        item: String,
        /// The rule set.
        rules: RuleSetId,
    },
    /// More pieces on a square or hole than it holds.
    #[error("{count} pieces on {place}, which holds {holds}")]
    Crowded {
        /// The place.
        place: Place,
        /// The pieces on it (both seats).
        count: u32,
        /// How many it holds.
        holds: u32,
    },
    /// A stage the rule set does not have.
    #[error("{rules} has no stage `{stage}`")]
    NoSuchStage {
        /// The rule set.
        rules: RuleSetId,
        /// The stage.
        stage: Stage,
    },
    /// Something that only an option value makes possible: a stage, a mark, a counter, a
    /// second piece on `S`.
    #[error("{what} needs the option {option}")]
    NeedsOption {
        /// What needs it, in words.
        what: String,
        /// The option and value, `name=value`.
        option: &'static str,
    },
    /// A stage that plays a throw, given none.
    #[error("stage `{stage}` needs the throw it plays")]
    MissingThrow {
        /// The stage.
        stage: Stage,
    },
    /// A throw given where none is pending.
    #[error("stage `{stage}` has no pending throw, yet {throw} is given")]
    ThrowNotPending {
        /// The stage.
        stage: Stage,
        /// The throw given.
        throw: Throw,
    },
    /// A French bonus stage without its piece.
    #[error("stage `{stage}` needs the piece its bonus throw belongs to")]
    MissingPiece {
        /// The stage.
        stage: Stage,
    },
    /// A piece named where the stage names none.
    #[error("stage `{stage}` names no piece, yet {place} is given")]
    PieceNotPending {
        /// The stage.
        stage: Stage,
        /// The place given.
        place: Place,
    },
    /// A place that should hold a piece of the seat, and does not.
    #[error("seat {seat} has no piece on {place} for {what}")]
    NoPiece {
        /// The seat.
        seat: Seat,
        /// The place.
        place: Place,
        /// What needs the piece, in words.
        what: &'static str,
    },
    /// Something the rule set does not keep at all (a mark or counter of another rule set).
    #[error("{rules} has no {what}")]
    NotInRules {
        /// The rule set.
        rules: RuleSetId,
        /// What was given, in words.
        what: String,
    },
    /// A stage whose decision the position cannot make: what it needs is missing (Kendall's
    /// `spend` with nothing collected, Skiryuk's `load` with hole 1 taken…).
    #[error("stage `{stage}` needs {what}")]
    StageNeeds {
        /// The stage.
        stage: Stage,
        /// What it needs, in words.
        what: &'static str,
    },
    /// A seat has won, and the stage is not `over` with its win.
    #[error("seat {winner} has won: the stage must be over:{winner}")]
    NotOver {
        /// The winner.
        winner: Seat,
    },
    /// `over` with a win the pieces do not show.
    #[error("over:{seat}, yet seat {seat} has not won")]
    NoWin {
        /// The seat named.
        seat: Seat,
    },
}

/// The text of a syntax problem, quoted; "nothing" for a missing field.
fn shown(text: &str) -> String {
    if text.is_empty() {
        "nothing".to_owned()
    } else {
        format!("`{text}`")
    }
}

/// Why a position string or [`Setup`] makes no state: every problem found.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub struct PositionError {
    /// The problems, at least one.
    pub problems: Vec<Problem>,
}

impl fmt::Display for PositionError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("not a position: ")?;
        for (i, p) in self.problems.iter().enumerate() {
            if i > 0 {
                f.write_str("; ")?;
            }
            write!(f, "{p}")?;
        }
        Ok(())
    }
}

impl From<Problem> for PositionError {
    fn from(p: Problem) -> PositionError {
        PositionError { problems: vec![p] }
    }
}

/// A state made from a [`Setup`], and back.
pub trait FromSetup: Sized {
    /// The state `setup` describes.
    ///
    /// # Errors
    /// Every inconsistency found ([`PositionError`]): options that do not parse, piece
    /// counts, two pieces on one hole, a stage the rule set does not have (or not under its
    /// options), a throw where none is pending, …
    fn from_setup(setup: &Setup) -> Result<Self, PositionError>;

    /// The setup of this state: [`FromSetup::from_setup`] makes the same state of it.
    fn to_setup(&self) -> Setup;
}

/// The problems found so far in a setup being checked.
#[derive(Default)]
pub(crate) struct Problems(Vec<Problem>);

impl Problems {
    /// Notes a problem.
    pub(crate) fn push(&mut self, p: Problem) {
        self.0.push(p);
    }

    /// Notes `p` when `bad`.
    pub(crate) fn check(&mut self, bad: bool, p: impl FnOnce() -> Problem) {
        if bad {
            self.0.push(p());
        }
    }

    /// `value` when nothing was found, else every problem.
    pub(crate) fn result<T>(self, value: T) -> Result<T, PositionError> {
        if self.0.is_empty() {
            Ok(value)
        } else {
            Err(PositionError { problems: self.0 })
        }
    }
}

/// Implements `Display` and `FromStr` (the position string) for each rule set's `State`.
macro_rules! position_text {
    ($($id:ident = $($seg:ident)::+;)*) => {$(
        impl fmt::Display for crate::$($seg)::+::State {
            fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
                fmt::Display::fmt(&self.to_setup(), f)
            }
        }

        impl core::str::FromStr for crate::$($seg)::+::State {
            type Err = PositionError;

            /// Reads a position string of this rule set.
            fn from_str(s: &str) -> Result<Self, PositionError> {
                let setup: Setup = s.parse()?;
                if setup.rules != RuleSetId::$id {
                    return Err(Problem::Syntax {
                        field: "rule set",
                        text: setup.rules.key().to_owned(),
                        expected: RuleSetId::$id.key(),
                    }
                    .into());
                }
                Self::from_setup(&setup)
            }
        }
    )*};
}

position_text! {
    HjSkiryuk = hj::skiryuk;
    HjWashburne = hj::washburne;
    HjWalker = hj::walker;
    HjFrench = hj::french;
    SenetKendall = senet::kendall;
    SenetSchool = senet::school;
}

/// A counter of a position string (field 6 of docs/dev/positions.md).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub(crate) enum Counter {
    /// `skip=`: Kendall's lost turns (KE-19).
    Skip,
    /// `loads=`: Skiryuk's pending loads (SK-9).
    Loads,
    /// `bonus=taken`: Skiryuk's bonus taken this turn (SK-4).
    Bonus,
    /// `owed=`: Skiryuk's captures owed (R-11).
    Owed,
    /// `collected=`: Kendall's collected values (R-4).
    Collected,
    /// `earned=`: Washburne's throws of two d4 earned (R-5).
    Earned,
}

impl Counter {
    /// Every counter.
    const ALL: [Counter; 6] = [
        Counter::Skip,
        Counter::Loads,
        Counter::Bonus,
        Counter::Owed,
        Counter::Collected,
        Counter::Earned,
    ];

    /// The counter in words, for a problem.
    const fn words(self) -> &'static str {
        match self {
            Counter::Skip => "lost turns (skip)",
            Counter::Loads => "pending loads",
            Counter::Bonus => "bonus taken",
            Counter::Owed => "captures owed (owed)",
            Counter::Collected => "collected values (collected)",
            Counter::Earned => "earned throws (earned)",
        }
    }

    /// Whether `s` sets it.
    fn set_in(self, s: &Setup) -> bool {
        let st = &s.seats.0;
        match self {
            Counter::Skip => st.iter().any(|x| x.skip),
            Counter::Loads => st.iter().any(|x| x.loads > 0),
            Counter::Bonus => s.bonus_taken,
            Counter::Owed => st.iter().any(|x| x.owed > 0),
            Counter::Collected => !s.collected.is_empty(),
            Counter::Earned => s.earned > 0,
        }
    }
}

/// What a rule set's state keeps besides its board places: the checks every rule set makes
/// the same way read it ([`Check::new`]).
#[derive(Clone, Copy)]
pub(crate) struct Keeps {
    /// Pieces a seat.
    pub(crate) pieces: u8,
    /// Whether it has the pools `hand`, `off`, `captured`.
    pub(crate) pools: [bool; 3],
    /// The marks it keeps on pieces.
    pub(crate) marks: &'static [Mark],
    /// The counters it keeps.
    pub(crate) counters: &'static [Counter],
}

impl Keeps {
    /// `pieces` pieces a seat, and nothing else.
    pub(crate) const fn pieces(pieces: u8) -> Keeps {
        Keeps {
            pieces,
            pools: [false; 3],
            marks: &[],
            counters: &[],
        }
    }
}

/// What every rule set checks the same way: the seats' piece counts, the pools, marks and
/// counters it does not keep, the stage's throw and piece.
pub(crate) struct Check<'s> {
    /// The setup.
    pub(crate) s: &'s Setup,
    /// What is wrong with it.
    pub(crate) problems: Problems,
}

impl<'s> Check<'s> {
    /// Starts checking `s`, a setup of a rule set that keeps `keeps`.
    pub(crate) fn new(s: &'s Setup, keeps: Keeps) -> Check<'s> {
        let mut c = Check {
            s,
            problems: Problems::default(),
        };
        c.count(keeps.pieces);
        c.pools(keeps.pools);
        c.marks(keeps.marks);
        c.counters(keeps.counters);
        c
    }

    /// Notes a problem.
    pub(crate) fn push(&mut self, p: Problem) {
        self.problems.push(p);
    }

    /// Each seat has `pieces` pieces in all.
    fn count(&mut self, pieces: u8) {
        for (seat, st) in self.s.seats.iter() {
            let found = st.board.len() as u32
                + u32::from(st.hand)
                + u32::from(st.off)
                + u32::from(st.captured);
            self.problems
                .check(found != u32::from(pieces), || Problem::PieceCount {
                    seat,
                    found,
                    expected: pieces,
                    rules: self.s.rules,
                });
        }
    }

    /// The pools the rule set has not (`has`: hand, off, captured) are empty.
    fn pools(&mut self, has: [bool; 3]) {
        for (seat, st) in self.s.seats.iter() {
            let given = [st.hand, st.off, st.captured];
            for (i, name) in ["hand", "off", "captured"].into_iter().enumerate() {
                self.problems
                    .check(!has[i] && given[i] > 0, || Problem::NotAPlace {
                        seat,
                        item: name.to_owned(),
                        rules: self.s.rules,
                    });
            }
        }
    }

    /// No seat has marks of kinds other than `kinds`, nor a mark where it has no piece.
    fn marks(&mut self, kinds: &[Mark]) {
        for (seat, st) in self.s.seats.iter() {
            for &(place, mark) in &st.marks {
                if !kinds.contains(&mark) {
                    self.problems.push(Problem::NotInRules {
                        rules: self.s.rules,
                        what: format!("mark {}", text::mark_word(mark)),
                    });
                } else if !st.board.contains(&place) {
                    self.problems.push(Problem::NoPiece {
                        seat,
                        place,
                        what: "its mark",
                    });
                }
            }
        }
    }

    /// The counters the rule set does not keep (all but `has`) are at rest.
    fn counters(&mut self, has: &[Counter]) {
        for counter in Counter::ALL {
            if counter.set_in(self.s) && !has.contains(&counter) {
                self.problems.push(Problem::NotInRules {
                    rules: self.s.rules,
                    what: counter.words().to_owned(),
                });
            }
        }
    }

    /// Each of `needs`, `(set, have, what, option)`: `what` is set only with `option`
    /// (`name=value`), which the game has where `have`.
    pub(crate) fn needs_all<const N: usize>(
        &mut self,
        needs: [(bool, bool, &str, &'static str); N],
    ) {
        for (set, have, what, option) in needs {
            self.needs(set, have, what, option);
        }
    }

    /// `what` is set only with `option` (`name=value`), which the game has where `have`.
    pub(crate) fn needs(&mut self, set: bool, have: bool, what: &str, option: &'static str) {
        if set && !have {
            self.problems.push(Problem::NeedsOption {
                what: what.to_owned(),
                option,
            });
        }
    }

    /// The stage's throw: required when `throw` is `Some(true)`, refused when `Some(false)`,
    /// either way when `None`; the stage names no piece unless `piece`.
    pub(crate) fn argument(&mut self, throw: Option<bool>, piece: bool) {
        let stage = self.s.stage;
        match (throw, self.s.throw) {
            (Some(true), None) => self.problems.push(Problem::MissingThrow { stage }),
            (Some(false), Some(t)) => {
                self.problems
                    .push(Problem::ThrowNotPending { stage, throw: t });
            }
            _ => {}
        }
        if let (false, Some(place)) = (piece, self.s.piece) {
            self.problems
                .push(Problem::PieceNotPending { stage, place });
        }
    }

    /// The rule set has no such stage: no phase.
    pub(crate) fn no_stage<P>(&mut self) -> Option<P> {
        self.problems.push(Problem::NoSuchStage {
            rules: self.s.rules,
            stage: self.s.stage,
        });
        None
    }

    /// The stage every game has, `over` (`phase(outcome)`); any other stage left over is
    /// one the game does not have.
    pub(crate) fn over_or_no_stage<P>(&mut self, phase: impl FnOnce(Outcome) -> P) -> Option<P> {
        match self.s.stage {
            Stage::Over(o) => self.plain(phase(o)),
            _ => self.no_stage(),
        }
    }

    /// A stage with no throw and no piece: `phase`.
    pub(crate) fn plain<P>(&mut self, phase: P) -> Option<P> {
        self.argument(Some(false), false);
        Some(phase)
    }

    /// A stage that plays its throw: `phase(throw)`.
    pub(crate) fn with_throw<P>(&mut self, phase: impl FnOnce(Throw) -> P) -> Option<P> {
        self.argument(Some(true), false);
        self.s.throw.map(phase)
    }

    /// A stage only option `option` (`name=value`) gives: `have` says whether the game has it.
    pub(crate) fn stage_needs(&mut self, have: bool, option: &'static str) {
        let what = format!("the stage `{}`", self.s.stage);
        self.needs(true, have, &what, option);
    }

    /// The seat to move has a piece on `place`, which `what` needs.
    pub(crate) fn piece_on(&mut self, place: Place, what: &'static str) {
        let seat = self.s.to_move;
        if !self.s.seats[seat].board.contains(&place) {
            self.problems.push(Problem::NoPiece { seat, place, what });
        }
    }

    /// The stage cannot be played: it needs `what`, which the position lacks.
    pub(crate) fn stage_lacks(&mut self, lacks: bool, what: &'static str) {
        let stage = self.s.stage;
        self.problems
            .check(lacks, || Problem::StageNeeds { stage, what });
    }

    /// Every problem found, or `value`.
    pub(crate) fn finish<T>(self, value: T) -> Result<T, PositionError> {
        self.problems.result(value)
    }

    /// A seat that has won (`won(seat)`) is the winner of an `over` stage, and an `over`
    /// stage's winner has won (`win_shown(seat)`: the pieces show the win).
    pub(crate) fn result(&mut self, won: impl Fn(Seat) -> bool, win_shown: impl Fn(Seat) -> bool) {
        for seat in Seat::BOTH {
            if won(seat) && self.s.stage != Stage::Over(Outcome::Win(seat)) {
                self.problems.push(Problem::NotOver { winner: seat });
            }
        }
        if let Stage::Over(Outcome::Win(seat)) = self.s.stage
            && !win_shown(seat)
        {
            self.problems.push(Problem::NoWin { seat });
        }
    }

    /// Pieces of both seats on each place of `places` that holds one piece only (every
    /// board place but those `shared` says may hold more).
    pub(crate) fn single(&mut self, places: &[Place], shared: impl Fn(Place) -> Option<u32>) {
        let mut seen: Vec<Place> = places.to_vec();
        seen.sort();
        let mut i = 0;
        while i < seen.len() {
            let p = seen[i];
            let n = seen[i..].iter().take_while(|&&q| q == p).count();
            let holds = shared(p).unwrap_or(1);
            if n as u32 > holds {
                self.problems.push(Problem::Crowded {
                    place: p,
                    count: n as u32,
                    holds,
                });
            }
            i += n;
        }
    }
}

/// The configuration of the setup's options, parsed with `parse` (a rule set's
/// `Config::from_options`): nothing else can be checked without it.
pub(crate) fn config_of<C>(
    s: &Setup,
    parse: impl FnOnce(&Options) -> Result<C, OptionError>,
) -> Result<C, PositionError> {
    parse(&s.options).map_err(|e| Problem::Options(e).into())
}

/// The pieces on `S` among `board`.
pub(crate) fn shared_count(board: &[Place]) -> u8 {
    board.iter().filter(|&&p| p == Place::Shared).count() as u8
}

/// The outcome written `over:X`.
pub(crate) fn outcome_word(o: Outcome) -> &'static str {
    match o {
        Outcome::Win(Seat::A) => "A",
        Outcome::Win(Seat::B) => "B",
        Outcome::Draw => "draw",
    }
}

/// The setup of a state of rule set `rules` from its parts (no French bonus piece, no Skiryuk
/// bonus taken: the rule sets that have them set them).
pub(crate) fn setup(
    rules: RuleSetId,
    options: Options,
    seats: ByPlayer<SeatSetup>,
    clock: &crate::skeleton::Clock,
    (stage, throw): (Stage, Option<Throw>),
) -> Setup {
    Setup {
        rules,
        options,
        seats,
        to_move: clock.to_move,
        stage,
        throw,
        piece: None,
        turns: clock.turns,
        bonus_taken: false,
        collected: Vec::new(),
        earned: 0,
    }
}

/// The common stages of the rule sets whose turn is a throw and its move (the shared phase).
pub(crate) fn shared_phase(c: &mut Check<'_>) -> Option<crate::skeleton::Phase> {
    use crate::skeleton::Phase;
    match c.s.stage {
        Stage::Throw => c.plain(Phase::Throw),
        Stage::Move => c.with_throw(Phase::Move),
        _ => c.over_or_no_stage(Phase::Over),
    }
}

/// The stage and throw of a shared phase.
pub(crate) fn shared_stage(p: crate::skeleton::Phase) -> (Stage, Option<Throw>) {
    use crate::skeleton::Phase;
    match p {
        Phase::ChooseFirst => (Stage::First, None),
        Phase::Throw => (Stage::Throw, None),
        Phase::Choose => (Stage::Water, None),
        Phase::Move(t) => (Stage::Move, Some(t)),
        Phase::Over(o) => (Stage::Over(o), None),
    }
}

/// A seat's setup with `board` and the pools.
pub(crate) fn seat_setup(board: Vec<Place>, hand: u8, off: u8) -> SeatSetup {
    SeatSetup {
        board,
        hand,
        off,
        ..SeatSetup::default()
    }
}

/// Both seats' setups.
pub(crate) fn seats(f: impl FnMut(Seat) -> SeatSetup) -> ByPlayer<SeatSetup> {
    ByPlayer(Seat::BOTH.map(f))
}
