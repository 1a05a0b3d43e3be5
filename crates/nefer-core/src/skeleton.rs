//! The skeleton every rule set shares, written once.
//!
//! A rule-set module writes only what is its own: its options (`option_specs`, `Config` and
//! `Config::read`), its position (`State`, with a [`Clock`] and its `Config`), and its rules (the
//! [`Rules`] trait: status, legal moves, how chance and moves change the position, the layout and
//! text board). [`rule_set!`] adds the items that have the same shape in every module (`new`,
//! `Config::from_options`, the defaults, `config`, `to_move`, `with_options`, [`Parts`]), and
//! the blanket `impl Game` below turns any [`Rules`] into a [`Game`]: the rule set's id, the turn
//! count, the common options and the chance nodes (from [`Game`]'s provided methods) come from
//! here.

use core::fmt::Debug;
use core::hash::Hash;

use crate::game::{Chance, Game, Move, MoveList, Outcome, Seat, SeatLayout, Status};
use crate::options::Common;
use crate::rules::RuleSetId;

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

/// The parts of a rule set's state the skeleton reads; [`rule_set!`] implements it.
pub(crate) trait Parts {
    /// The rule set.
    const ID: RuleSetId;
    /// Whose turn it is, and the turn count.
    fn clock(&self) -> &Clock;
    /// The common options of SPEC §1.3.
    fn common(&self) -> &Common;
}

/// What a rule set writes of the [`Game`] interface (the methods mean what they mean there).
pub(crate) trait Rules: Parts + Clone + Eq + Hash + Debug + Send + Sync + 'static {
    /// See [`Game::status`].
    fn status(&self) -> Status;
    /// See [`Game::legal_moves`].
    fn legal_moves(&self, out: &mut MoveList);
    /// See [`Game::play_chance_unchecked`].
    fn play_chance_unchecked(&mut self, c: Chance);
    /// See [`Game::play_unchecked`].
    fn play_unchecked(&mut self, m: Move);
    /// See [`Game::layout`].
    fn layout(&self) -> [SeatLayout; 2];
    /// See [`Game::board_text`].
    fn board_text(&self) -> String;
}

impl<T: Rules> Game for T {
    #[inline]
    fn rule_set(&self) -> RuleSetId {
        T::ID
    }

    #[inline]
    fn status(&self) -> Status {
        Rules::status(self)
    }

    #[inline]
    fn common(&self) -> &Common {
        Parts::common(self)
    }

    #[inline]
    fn legal_moves(&self, moves: &mut MoveList) {
        Rules::legal_moves(self, moves);
    }

    #[inline]
    fn play_chance_unchecked(&mut self, c: Chance) {
        Rules::play_chance_unchecked(self, c);
    }

    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        Rules::play_unchecked(self, m);
    }

    #[inline]
    fn turns(&self) -> u32 {
        self.clock().turns
    }

    fn board_text(&self) -> String {
        Rules::board_text(self)
    }

    fn layout(&self) -> [SeatLayout; 2] {
        Rules::layout(self)
    }
}

/// The items every rule-set module has in the same shape, for rule set `$id` (a
/// [`RuleSetId`] variant). The module provides `option_specs()`, `Config` with
/// `Config::read`, and `State` with the fields `clock` and `cfg`, `State::start(Config)`,
/// `State::with_config(Config)` (the same position under other rules) and [`Rules`].
macro_rules! rule_set {
    ($id:ident) => {
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

            /// The same position under `options` (for building test and analysis positions).
            ///
            /// # Errors
            /// As [`Config::from_options`].
            pub fn with_options(
                self,
                options: &$crate::Options,
            ) -> Result<State, $crate::OptionError> {
                Ok(self.with_config(Config::from_options(options)?))
            }
        }

        impl $crate::skeleton::Parts for State {
            const ID: $crate::RuleSetId = $crate::RuleSetId::$id;

            #[inline]
            fn clock(&self) -> &$crate::skeleton::Clock {
                &self.clock
            }

            #[inline]
            fn common(&self) -> &$crate::options::Common {
                &self.cfg.common
            }
        }
    };
}
pub(crate) use rule_set;

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
