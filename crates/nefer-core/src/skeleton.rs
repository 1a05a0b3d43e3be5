//! The skeleton every rule set shares, written once.
//!
//! A rule-set module writes only what is its own: its options (`option_specs`, and `Config`
//! through [`config!`](crate::options::config)), its position (`State` through [`state!`]: its
//! pieces, plus a [`Clock`], a phase and its `Config`), and its rules: [`Turns`] (what the state
//! waits for, and how chance advances it), [`Moves`] (the moves of the decision due), [`Rules`]
//! (what a move does) and [`Board`] (where the pieces are, the text board).
//!
//! [`rule_set!`] adds the items that have the same shape in every module (`KEY`, `new`,
//! `Config::from_options` and `to_options`, the defaults, `config`, `to_move`, [`Parts`]), and,
//! where a rule set has nothing of its own there, [`Turns`] from the shared [`Phase`] of a turn
//! that is a throw and its move, [`Moves`] from an H&J move generator, and [`Board`] with the
//! position accessors of the Senet board. The blanket `impl Game` below makes all that a
//! [`Game`]: the rule set's id, the turn count, the common options, C-2's `pass` and the chance
//! nodes (from [`Game`]'s provided methods) come from here.

use core::fmt::Debug;
use core::hash::Hash;

use crate::game::{Chance, Game, Move, MoveList, Outcome, Rank, Seat, SeatLayout, Status};
use crate::options::{Common, Dice};
use crate::rules::RuleSetId;
use crate::sticks::{DicePair, Throw};

/// The seat to move and the number of turns begun (a turn: a player's throws before control
/// passes; 0 while an opening decides who starts).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct Clock {
    /// The seat whose turn it is.
    pub(crate) to_move: Seat,
    /// Turns begun so far.
    pub(crate) turns: u32,
}

impl Clock {
    /// A clock at turn `turns` with `to_move` to move.
    pub(crate) const fn new(to_move: Seat, turns: u32) -> Clock {
        Clock { to_move, turns }
    }

    /// The first turn begins with `seat` (after a draw or an opening decided who starts).
    #[inline]
    pub(crate) fn begin(&mut self, seat: Seat) {
        self.to_move = seat;
        self.turns = 1;
    }

    /// Control passes to the other seat and a new turn begins; the C-7 cap of `common` may end
    /// the game then, as a draw (the outcome returned).
    #[inline]
    pub(crate) fn pass(&mut self, common: &Common) -> Option<Outcome> {
        self.to_move = self.to_move.other();
        self.turns += 1;
        common.capped(self.turns).then_some(Outcome::Draw)
    }
}

/// Where a turn stands, for the rule sets whose turns are no more than a throw and its move
/// (`hj.walker`, `hj.washburne`, `senet.school`); the others add phases of their own
/// (openings, water turns, bonus throws).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    /// Who throws first is drawn (C-9).
    ChooseFirst,
    /// The seat to move throws.
    Throw,
    /// The seat to move decides before any throw (the school sheet's give-up from 27, SB-18).
    Choose,
    /// The seat to move uses this throw.
    Move(Throw),
    /// The game is over.
    Over(Outcome),
}

impl Phase {
    /// What a game in this phase waits for, with `seat` to move.
    #[inline]
    pub(crate) const fn status(self, seat: Seat) -> Status {
        match self {
            Phase::ChooseFirst => Status::Chance { seat: None },
            Phase::Throw => Status::Chance { seat: Some(seat) },
            Phase::Choose => Status::Decide { seat, throw: None },
            Phase::Move(t) => Status::Decide {
                seat,
                throw: Some(t),
            },
            Phase::Over(o) => Status::Over(o),
        }
    }

    /// The phase once control passes to the other seat: its throw, unless the C-7 cap ends
    /// the game.
    #[inline]
    pub(crate) fn next_turn(clock: &mut Clock, common: &Common) -> Phase {
        clock.pass(common).map_or(Phase::Throw, Phase::Over)
    }

    /// After the chance outcome `c`: the drawn seat begins the first turn and throws, or the
    /// throw is to be used.
    #[inline]
    pub(crate) fn after_chance(&mut self, clock: &mut Clock, c: Chance) {
        *self = match c {
            Chance::Seat(s) => {
                clock.begin(s);
                Phase::Throw
            }
            Chance::Throw(t) => Phase::Move(t),
            // Only Washburne throws dice, with phases of its own.
            Chance::Dice(_) => {
                debug_assert!(false, "a throw of dice in a game of sticks");
                *self
            }
        };
    }
}

/// The parts of a rule set's state the skeleton reads; [`rule_set!`] implements it.
pub(crate) trait Parts {
    /// The rule set.
    const ID: RuleSetId;
    /// Its typed options.
    type Config;
    /// Whose turn it is, and the turn count.
    fn clock(&self) -> &Clock;
    /// The same, to change ([`Game::forget_turns`]).
    fn clock_mut(&mut self) -> &mut Clock;
    /// The common options of SPEC §1.3.
    fn common(&self) -> &Common;
}

/// What the state waits for, and how chance advances it (see [`Game`]).
pub(crate) trait Turns: Parts {
    /// Whether the rule set may throw dice rather than sticks (`hj.washburne.dice=two_d4`,
    /// where it may not, drawing a throw does not look at [`Common::dice`].
    const DICE: bool = false;

    /// See [`Game::status`].
    fn status(&self) -> Status;
    /// See [`Game::play_chance_unchecked`].
    fn play_chance_unchecked(&mut self, c: Chance);
}

/// Where the pieces are (see [`Game`]).
pub(crate) trait Board {
    /// See [`Game::layout`].
    fn layout(&self) -> [SeatLayout; 2];
    /// See [`Game::board_text`].
    fn board_text(&self) -> String;
}

/// The legal moves (see [`Game::legal_moves`]).
pub(crate) trait Moves {
    /// Appends the moves of the decision due, if any, and says whether it uses a throw
    /// ([`Status::Decide`] with one): [`Game::legal_moves`] then offers C-2's `pass` beside
    /// them where moving is not compulsory, which it does not at a decision before any throw
    /// (a water turn).
    fn decision_moves(&self, out: &mut MoveList) -> bool;

    /// See [`Game::moves_in_notation_order`]: whether every list this rule set makes, under
    /// any options, is in notation order (the test `notation_order` holds it to its word).
    const NOTATION_ORDER: bool = false;

    /// See [`Game::ranked_move`]: `None` unless the rule set can find a decision's move of a
    /// rank without listing the moves.
    #[inline]
    fn ranked_move<R: ?Sized>(&self, _rng: &mut R, _rank: impl Rank<R>) -> Option<Move> {
        None
    }
}

/// What a move does, and the rest a rule set needs to be a [`Game`].
pub(crate) trait Rules:
    Turns + Moves + Board + Clone + Eq + Hash + Debug + Send + Sync + 'static
{
    /// See [`Game::play_unchecked`].
    fn play_unchecked(&mut self, m: Move);

    /// See [`Game::play_ranked`]: [`Moves::ranked_move`]'s move played, unless a rule set
    /// plays it without building the move.
    #[inline]
    fn play_ranked<R: ?Sized>(&mut self, rng: &mut R, rank: impl Rank<R>) -> bool {
        Moves::ranked_move(self, rng, rank)
            .map(|m| Rules::play_unchecked(self, m))
            .is_some()
    }
}

impl<T: Rules> Game for T {
    #[inline]
    fn rule_set(&self) -> RuleSetId {
        T::ID
    }

    #[inline]
    fn status(&self) -> Status {
        Turns::status(self)
    }

    #[inline]
    fn common(&self) -> &Common {
        Parts::common(self)
    }

    #[inline]
    fn moves_in_notation_order(&self) -> bool {
        T::NOTATION_ORDER
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList) {
        moves.clear();
        if Moves::decision_moves(self, moves) {
            Parts::common(self).offer_pass(moves);
        }
    }

    #[inline]
    fn ranked_move<R: ?Sized>(&self, rng: &mut R, rank: impl Rank<R>) -> Option<Move> {
        Moves::ranked_move(self, rng, rank)
    }

    #[inline(always)]
    fn play_ranked<R: ?Sized>(&mut self, rng: &mut R, rank: impl Rank<R>) -> bool {
        Rules::play_ranked(self, rng, rank)
    }

    #[inline]
    fn play_chance_unchecked(&mut self, c: Chance) {
        Turns::play_chance_unchecked(self, c);
    }

    #[inline]
    fn sample_chance<R: rand::Rng + ?Sized>(&self, rng: &mut R) -> Chance {
        match Turns::status(self) {
            Status::Chance { seat: None } => Chance::Seat(crate::game::draw_seat(rng)),
            _ if T::DICE && Parts::common(self).dice == Dice::TwoD4 => {
                Chance::Dice(DicePair::throw(rng))
            }
            _ => Chance::Throw(Parts::common(self).bias.throw(rng).score()),
        }
    }

    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        Rules::play_unchecked(self, m);
    }

    #[inline]
    fn turns(&self) -> u32 {
        self.clock().turns
    }

    fn forget_turns(&mut self) {
        let clock = Parts::clock_mut(self);
        clock.turns = clock.turns.min(1);
    }

    fn board_text(&self) -> String {
        Board::board_text(self)
    }

    fn layout(&self) -> [SeatLayout; 2] {
        Board::layout(self)
    }
}

/// The items every rule-set module has in the same shape, for rule set `$id` (a
/// [`RuleSetId`] variant). The module provides `option_specs()`, `Config` (with `Config::read`,
/// see [`config!`](crate::options::config)), and `State` with the fields `clock`, `phase` and
/// `cfg`, `State::start(Config)` and [`Rules`]. After a `;`:
/// - `turns: shared`: the state's `phase` is the shared [`Phase`], which gives [`Turns`];
/// - `moves: generate`: an H&J rule set whose `generate(seat, throw, out)` appends the moves of
///   a throw (without `pass`) and says whether a line leads a piece back to its start (C-5);
///   this gives [`Moves`] (with `cfg.lines` ending the moves) and `draw_if_jammed` (C-8);
/// - `jam: generate`: only `draw_if_jammed`, for an H&J rule set with decisions of its own
///   (`hj.skiryuk`'s loads, captures and bonuses, R-8..R-10);
/// - `board: senet`: the state's `men` and `off` are on the Senet board, with the module's
///   `MARKS` named under the text board; this gives [`Board`] and the position accessors
///   `squares_of`, `borne_off` and `at`.
/// - `board: hj(marked, counted)`: the 58-hole board, where `State::seat_layout(seat)` says
///   where a seat's pieces are; the text board marks the holes `marked` with `*`, under
///   `State::legend()` and the counts `counted` names (see
///   [`TextBoard`](crate::hj::board::TextBoard)); this gives [`Board`].
macro_rules! rule_set {
    ($id:ident $(; $($part:ident: $kind:ident $(($($arg:tt)*))?),* )?) => {
        $crate::skeleton::rule_set!(@core $id);
        $($( $crate::skeleton::rule_set!(@$part $kind $(($($arg)*))?); )*)?
    };
    (@turns shared) => {
        impl $crate::skeleton::Turns for State {
            #[inline]
            fn status(&self) -> $crate::Status {
                self.phase.status(self.clock.to_move)
            }

            #[inline]
            fn play_chance_unchecked(&mut self, c: $crate::Chance) {
                self.phase.after_chance(&mut self.clock, c);
            }
        }
    };
    (@moves generate) => {
        impl $crate::skeleton::Moves for State {
            #[inline]
            fn decision_moves(&self, out: &mut $crate::MoveList) -> bool {
                let Phase::Move(t) = self.phase else {
                    return false;
                };
                let null = self.generate(self.clock.to_move, t.value(), out);
                self.cfg.lines.finish(null, out);
                true
            }
        }

        $crate::skeleton::rule_set!(@jam generate);
    };
    (@jam generate) => {
        impl State {
            /// C-8: the game is drawn once neither seat can move with any throw of the sticks.
            fn draw_if_jammed(&mut self) {
                if !matches!(self.phase, Phase::Over(_))
                    && $crate::hj::board::jammed::<5>(|s, t, out| {
                        self.generate(s, t, out);
                    })
                {
                    self.phase = Phase::Over($crate::Outcome::Draw);
                }
            }
        }
    };
    (@board hj($marked:expr, $counted:expr)) => {
        impl $crate::skeleton::Board for State {
            fn layout(&self) -> [$crate::SeatLayout; 2] {
                $crate::Seat::BOTH.map(|seat| self.seat_layout(seat))
            }

            fn board_text(&self) -> String {
                $crate::hj::board::TextBoard {
                    marked: $marked,
                    counted: $counted,
                }
                .render(&self.layout(), &self.legend())
            }
        }
    };
    (@board senet) => {
        impl $crate::skeleton::Board for State {
            fn layout(&self) -> [$crate::SeatLayout; 2] {
                $crate::senet::board::layout(&self.men, &self.off)
            }

            fn board_text(&self) -> String {
                $crate::senet::board::render(&self.men, &self.off, MARKS)
            }
        }

        impl State {
            /// The squares of `seat`'s pieces.
            pub fn squares_of(&self, seat: $crate::Seat) -> impl Iterator<Item = u8> {
                $crate::senet::board::squares(self.men[seat])
            }

            /// The squares of `seat`'s pieces as a set: bit `n` for square `n`.
            pub fn square_set(&self, seat: $crate::Seat) -> $crate::senet::board::Squares {
                self.men[seat]
            }

            /// Who is on square `n`.
            pub fn at(&self, n: u8) -> Option<$crate::Seat> {
                $crate::senet::board::at(&self.men, n)
            }
        }

        $crate::skeleton::seat_counts! {
            /// Pieces of `seat` borne off.
            borne_off => off,
        }
    };
    (@core $id:ident) => {
        /// The rule set's key.
        const KEY: &str = $crate::RuleSetId::$id.key();

        /// The start position with `options`.
        ///
        /// # Errors
        /// An unknown option, or a value that is not allowed or not implemented.
        pub fn new(options: &$crate::Options) -> Result<State, $crate::OptionError> {
            Config::from_options(options).map(State::start)
        }

        impl Config {
            /// Parses a game's options (SPEC §10), once, when the game is set up.
            ///
            /// # Errors
            /// An unknown option, or a value that is not allowed or not implemented.
            pub fn from_options(options: &$crate::Options) -> Result<Config, $crate::OptionError> {
                let o = $crate::options::OptionReader::new(KEY, option_specs(), options)?;
                let cfg = Config::read(&o)?;
                o.finish();
                Ok(cfg)
            }

            /// The options that give this configuration: the reverse of
            /// [`Config::from_options`], naming only the values that are not the default, in
            /// the registry's order (what a position string writes).
            pub fn to_options(&self) -> $crate::Options {
                let mut w = $crate::options::OptionWriter::new(KEY, option_specs());
                self.write(&mut w);
                w.finish()
            }
        }

        impl Config {
            /// This configuration without C-7's turn cap: what two games compare when a cap far
            /// beyond their length should not make their rules differ.
            pub(crate) fn uncapped(&self) -> Config {
                let mut c = *self;
                c.common.max_turns = 0;
                c
            }
        }

        impl Default for Config {
            fn default() -> Config {
                Config::from_options(&$crate::Options::new()).expect("defaults are valid")
            }
        }

        impl Default for State {
            fn default() -> State {
                State::start(Config::default())
            }
        }

        impl State {
            /// The game's rules, read once from its options.
            pub fn config(&self) -> &Config {
                &self.cfg
            }

            /// The seat whose turn it is.
            pub fn to_move(&self) -> $crate::Seat {
                self.clock.to_move
            }
        }

        impl $crate::skeleton::Parts for State {
            const ID: $crate::RuleSetId = $crate::RuleSetId::$id;
            type Config = Config;

            #[inline]
            fn clock(&self) -> &$crate::skeleton::Clock {
                &self.clock
            }

            fn clock_mut(&mut self) -> &mut $crate::skeleton::Clock {
                &mut self.clock
            }

            #[inline]
            fn common(&self) -> &$crate::options::Common {
                &self.cfg.common
            }
        }
    };
}
pub(crate) use rule_set;

/// Declares accessors of `State`'s per-seat counts of pieces: each `name => field`, with its
/// doc, gives `pub fn name(&self, seat) -> u8`, the count `field[seat]` (a field of
/// `ByPlayer<u8>`).
macro_rules! seat_counts {
    ($( $(#[$meta:meta])* $name:ident => $field:ident ),+ $(,)?) => {
        impl State {
            $(
                $(#[$meta])*
                pub fn $name(&self, seat: $crate::Seat) -> u8 {
                    self.$field[seat]
                }
            )+
        }
    };
}
pub(crate) use seat_counts;

/// Declares a rule set's `State`: the position fields given (crate-visible, for the modules
/// that read positions), then the skeleton's: the [`Clock`], the module's `Phase` and its
/// `Config`.
macro_rules! state {
    (
        $(#[$meta:meta])*
        pub struct State {
            $( $(#[$fmeta:meta])* $field:ident: $ty:ty, )*
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub struct State {
            $( $(#[$fmeta])* pub(crate) $field: $ty, )*
            /// Whose turn it is, and the turn count.
            pub(crate) clock: $crate::skeleton::Clock,
            /// Where the turn stands.
            pub(crate) phase: Phase,
            /// The game's rules, kept apart from the position: they never change in a game.
            pub(crate) cfg: Config,
        }
    };
}
pub(crate) use state;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_cap_ends_the_game_once_n_turns_were_played() {
        let cap = Common {
            max_turns: 2,
            ..Common::default()
        };
        let mut c = Clock::new(Seat::A, 1);
        assert_eq!(c.pass(&cap), None);
        assert_eq!((c.to_move, c.turns), (Seat::B, 2));
        assert_eq!(c.pass(&cap), Some(Outcome::Draw));
        let mut c = Clock::new(Seat::B, 0);
        c.begin(Seat::A);
        assert_eq!((c.to_move, c.turns), (Seat::A, 1));
        assert_eq!(c.pass(&Common::default()), None);
    }
}
