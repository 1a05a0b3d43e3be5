//! The rule sets, chosen at run time by key, and [`AnyGame`], a state of any of them.

use core::fmt;
use core::str::FromStr;

use rand::Rng;

use crate::game::{Chance, ChanceList, Game, Move, MoveList, Rank, SeatLayout, Status};
use crate::options::{Common, OptionError, OptionSpec, Options};
use crate::position::{FromSetup, PositionError, Setup};
use crate::{hj, senet};

/// Which game a rule set plays.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Family {
    /// Senet, 3×10 squares.
    Senet,
    /// Hounds & Jackals, 58 holes.
    HoundsAndJackals,
}

/// Facts about a rule set for people: its name, source and rules in plain words.
#[derive(Clone, Copy, Debug)]
pub struct RuleInfo {
    /// The key, e.g. `senet.kendall`.
    pub key: &'static str,
    /// The game's name with its author.
    pub title: &'static str,
    /// Where the rules come from (seed and SPEC sections).
    pub source: &'static str,
    /// The rules in plain words, defaults included.
    pub rules: &'static str,
}

macro_rules! rule_sets {
    ($( $variant:ident = $key:literal, $family:ident, $($seg:ident)::+; )*) => {
        /// A rule set, by key (SPEC's table of rule sets).
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
        pub enum RuleSetId { $(
            #[doc = concat!("`", $key, "`")]
            $variant,
        )* }

        impl RuleSetId {
            /// Every rule set, in SPEC's order.
            pub const ALL: &'static [RuleSetId] = &[$(RuleSetId::$variant),*];

            /// The key, e.g. `senet.kendall`.
            pub const fn key(self) -> &'static str {
                match self { $(RuleSetId::$variant => $key,)* }
            }

            /// The game family.
            pub const fn family(self) -> Family {
                match self { $(RuleSetId::$variant => Family::$family,)* }
            }

            /// Name, source and rules for people.
            pub fn info(self) -> &'static RuleInfo {
                match self { $(RuleSetId::$variant => &$($seg)::+::INFO,)* }
            }

            /// The options this rule set knows (SPEC §10), defaults first.
            pub fn option_specs(self) -> Vec<OptionSpec> {
                match self { $(RuleSetId::$variant => $($seg)::+::option_specs(),)* }
            }

            /// A new game at its start position.
            ///
            /// # Errors
            /// An unknown option, or a value that is not allowed or not implemented.
            pub fn new_game(self, options: &Options) -> Result<AnyGame, OptionError> {
                match self { $(RuleSetId::$variant => Ok(AnyGame::$variant($($seg)::+::new(options)?)),)* }
            }
        }

        /// A game of any rule set. Front ends hold this; hot loops use the concrete types.
        #[derive(Clone, Debug, PartialEq, Eq, Hash)]
        pub enum AnyGame { $(
            #[doc = concat!("A `", $key, "` game.")]
            $variant($($seg)::+::State),
        )* }

        macro_rules! each_game {
            ($g:expr, $x:ident => $e:expr) => { match $g { $(AnyGame::$variant($x) => $e,)* } };
        }

        impl Game for AnyGame {
            fn rule_set(&self) -> RuleSetId { each_game!(self, g => g.rule_set()) }
            fn status(&self) -> Status { each_game!(self, g => g.status()) }
            fn common(&self) -> &Common { each_game!(self, g => g.common()) }
            fn chance_outcomes(&self) -> ChanceList { each_game!(self, g => g.chance_outcomes()) }
            fn legal_moves(&self, moves: &mut MoveList) { each_game!(self, g => g.legal_moves(moves)) }
            #[inline]
            fn moves_in_notation_order(&self) -> bool { each_game!(self, g => g.moves_in_notation_order()) }
            #[inline]
            fn play_chance_unchecked(&mut self, c: Chance) { each_game!(self, g => g.play_chance_unchecked(c)) }
            fn play_unchecked(&mut self, m: Move) { each_game!(self, g => g.play_unchecked(m)) }
            fn turns(&self) -> u32 { each_game!(self, g => g.turns()) }
            fn forget_turns(&mut self) { each_game!(self, g => g.forget_turns()) }
            fn board_text(&self) -> String { each_game!(self, g => g.board_text()) }
            fn layout(&self) -> [SeatLayout; 2] { each_game!(self, g => g.layout()) }
            fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Chance {
                each_game!(self, g => g.sample_chance(rng))
            }
            #[inline]
            fn ranked_move<R: ?Sized>(&self, rng: &mut R, rank: impl Rank<R>) -> Option<Move> {
                each_game!(self, g => g.ranked_move(rng, rank))
            }

            #[inline]
            fn play_ranked<R: ?Sized>(&mut self, rng: &mut R, rank: impl Rank<R>) -> bool {
                each_game!(self, g => g.play_ranked(rng, rank))
            }
        }

        impl FromSetup for AnyGame {
            fn from_setup(s: &Setup) -> Result<AnyGame, PositionError> {
                match s.rules {
                    $(RuleSetId::$variant => <$($seg)::+::State as FromSetup>::from_setup(s).map(AnyGame::$variant),)*
                }
            }

            fn to_setup(&self) -> Setup {
                each_game!(self, g => g.to_setup())
            }
        }

        impl AnyGame {
            /// The options of the game's rules that are not the default, in the registry's
            /// order: a game started with these options has the same rules.
            pub fn options(&self) -> Options {
                each_game!(self, g => g.config().to_options())
            }

            /// Whether `other` is a game of the same rule set under the same rules but perhaps
            /// another turn cap (C-7): the rules of play are the same, only when a long game
            /// is called a draw differs. A learned evaluator, which does not see the turn
            /// count, values both alike.
            pub fn same_rules_but_cap(&self, other: &AnyGame) -> bool {
                match (self, other) {
                    $((AnyGame::$variant(a), AnyGame::$variant(b)) => {
                        a.config().uncapped() == b.config().uncapped()
                    })*
                    _ => false,
                }
            }

            /// `visitor` called with the game's own state, whose type is the rule set's: what it
            /// does is compiled for each rule set alone, where [`AnyGame`]'s own [`Game`]
            /// methods choose the rule set by a `match` at every call (the simulator's hot
            /// loop, issue 19).
            #[inline]
            pub fn visit<V: Visit>(&self, visitor: V) -> V::Output {
                each_game!(self, g => visitor.visit(g))
            }

            /// What the game's rule set tells about itself (the rule facts).
            pub(crate) fn describe(&self) -> &dyn crate::facts::Describe {
                each_game!(self, g => g)
            }
        }
    };
}

rule_sets! {
    HjSkiryuk = "hj.skiryuk", HoundsAndJackals, hj::skiryuk;
    HjWashburne = "hj.washburne", HoundsAndJackals, hj::washburne;
    HjWalker = "hj.walker", HoundsAndJackals, hj::walker;
    HjFrench = "hj.french", HoundsAndJackals, hj::french;
    SenetKendall = "senet.kendall", Senet, senet::kendall;
    SenetSchool = "senet.school", Senet, senet::school;
}

/// Work on a game whose rule set is known only at run time, done with its concrete state
/// ([`AnyGame::visit`]): generic over [`Game`], so compiled once per rule set.
pub trait Visit {
    /// What the work gives.
    type Output;

    /// Does the work on `game`.
    fn visit<G: Game>(self, game: &G) -> Self::Output;
}

impl fmt::Display for RuleSetId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.key())
    }
}

/// A key that names no rule set.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("unknown rule set `{0}`; known: {known}", known = RuleSetId::ALL.iter().map(|r| r.key()).collect::<Vec<_>>().join(", "))]
pub struct UnknownRuleSet(pub String);

impl FromStr for RuleSetId {
    type Err = UnknownRuleSet;

    fn from_str(s: &str) -> Result<RuleSetId, UnknownRuleSet> {
        RuleSetId::ALL
            .iter()
            .copied()
            .find(|r| r.key() == s)
            .ok_or_else(|| UnknownRuleSet(s.to_owned()))
    }
}

impl AnyGame {
    /// The game's position string (docs/dev/positions.md): rule set, options, every piece,
    /// whose turn and where it stands; [`AnyGame::from_position`] reads it back to this very
    /// state.
    pub fn position(&self) -> String {
        self.to_string()
    }

    /// The game a position string describes.
    ///
    /// # Errors
    /// A string that is not a position string, or a position that is not consistent: every
    /// problem found ([`PositionError`]).
    pub fn from_position(text: &str) -> Result<AnyGame, PositionError> {
        text.parse()
    }

    /// A new game of rule set `key` with `options`.
    ///
    /// # Errors
    /// An unknown key or option.
    pub fn new(key: &str, options: &Options) -> Result<AnyGame, OptionError> {
        let id: RuleSetId = key.parse()?;
        id.new_game(options)
    }
}

impl fmt::Display for AnyGame {
    /// The position string.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        fmt::Display::fmt(&self.to_setup(), f)
    }
}

impl FromStr for AnyGame {
    type Err = PositionError;

    /// Reads a position string of any rule set.
    fn from_str(s: &str) -> Result<AnyGame, PositionError> {
        AnyGame::from_setup(&s.parse()?)
    }
}
