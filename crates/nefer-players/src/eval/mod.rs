//! Evaluators: how good a position is for a seat, behind one trait, [`Evaluator`].
//!
//! The searches ([`crate::search`]) never name a concrete evaluation: they take any
//! `Evaluator`, and [`PlayerSpec::build`](crate::PlayerSpec::build) gives them [`HandWritten`].
//! (wildbg keeps its evaluators the same way: `Evaluator`, a composite, a fake for tests.)
//!
//! # The scale
//!
//! A value is the **expected result** of the game for the seat, in [-1, 1]: a win counts +1, a
//! loss −1, a draw 0, so a value is `P(win) − P(loss)` = `2·P(win) + P(draw) − 1`. A finished
//! game has exactly its result (+1, −1 or 0); an unfinished one a value strictly inside where the
//! evaluator cannot be sure. The scale is zero-sum: the other seat's value is the negation.
//!
//! Evaluators come in two kinds:
//!
//! - **calibrated** ones know the chances: their value *is* the expected result, and
//!   [`Evaluator::chances`] gives `P(win)` and `P(draw)`. [`RaceTables`] is one (the exact
//!   one-sided tables of the pure races, exact for the tables' policy); a learned evaluator is
//!   meant to be one.
//! - **ranking** ones only order positions: the hand-written evaluations ([`HandWritten`] and its
//!   families) squash a score into (−1, 1) with `tanh`, so a greater value is a better position
//!   but 0.2 does not mean a 60 % chance. Their `chances` is `None`.
//!
//! Searches combine values linearly (expectimax averages them over the throws), which is exact
//! for a calibrated evaluator and a heuristic for a ranking one; both kinds keep every value in
//! [-1, 1], which the pruning of [`crate::search::expectimax`] relies on.

pub mod fake;
pub mod neural;
pub mod race;
pub mod senet;
pub mod skiryuk;
pub mod tables;
pub mod washburne;

use std::sync::Arc;

use nefer_core::{AnyGame, ByPlayer, Game, Outcome, Seat, Status};

pub use fake::FakeEvaluator;
pub use neural::{Neural, Shipped};
pub use race::{FRENCH_FEATURES, FittedRace, WALKER_FEATURES, french_features, walker_features};
pub use senet::Senet;
pub use skiryuk::Skiryuk;
pub use tables::{NoRaceTable, RaceTables};
pub use washburne::Washburne;

/// A seat's chances in a position, from a calibrated evaluator.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Chances {
    /// P(the seat wins).
    pub win: f64,
    /// P(the game is drawn): a turn cap (C-7) or a jam (C-8); 0 in rule sets without draws.
    pub draw: f64,
}

impl Chances {
    /// A sure win.
    pub const WIN: Chances = Chances {
        win: 1.0,
        draw: 0.0,
    };
    /// A sure loss.
    pub const LOSS: Chances = Chances {
        win: 0.0,
        draw: 0.0,
    };
    /// A sure draw.
    pub const DRAW: Chances = Chances {
        win: 0.0,
        draw: 1.0,
    };

    /// P(the seat loses).
    pub fn loss(self) -> f64 {
        (1.0 - self.win - self.draw).max(0.0)
    }

    /// The expected result, on the scale of [`Evaluator::value`]: `2·win + draw − 1`.
    pub fn value(self) -> f64 {
        2.0 * self.win + self.draw - 1.0
    }

    /// The same chances seen from the other seat.
    pub fn other_seat(self) -> Chances {
        Chances {
            win: self.loss(),
            draw: self.draw,
        }
    }

    /// The chances of a finished game with outcome `o`, for `seat`.
    pub fn of_outcome(o: Outcome, seat: Seat) -> Chances {
        match o {
            Outcome::Win(s) if s == seat => Chances::WIN,
            Outcome::Win(_) => Chances::LOSS,
            Outcome::Draw => Chances::DRAW,
        }
    }

    /// `self` weighted by `p`, plus `other` (for averaging over chance outcomes).
    pub fn add_weighted(self, p: f64, other: Chances) -> Chances {
        Chances {
            win: self.win + p * other.win,
            draw: self.draw + p * other.draw,
        }
    }
}

/// The expected calibration error (ten bins of predicted P(win), docs/EVALUATOR.md) at or
/// below which a network's chances are read as probabilities ([`Evaluator::calibrated`]): the
/// aim the shipped networks were trained to, which six of seven meet.
pub const CALIBRATED_ECE: f64 = 0.02;

/// How good a position is for a seat.
///
/// `Send + Sync` so that one evaluator (a network's weights, a solved table) can be shared by
/// searches on several threads, e.g. behind an `Arc`.
pub trait Evaluator: Send + Sync {
    /// The value of `g` for `seat`, on the scale of this module: the expected result in [-1, 1],
    /// exactly the result in a finished game.
    ///
    /// # Panics
    /// May panic for a game this evaluator does not [support](Evaluator::supports) (a family's
    /// evaluation given another family's game); [`HandWritten`] supports every game.
    fn value(&self, g: &AnyGame, seat: Seat) -> f64;

    /// `seat`'s chances in `g`, where this evaluator estimates them (the race tables, a
    /// network); `None` for evaluations that only rank positions. Whether the estimate can be
    /// read as a probability is [`Evaluator::calibrated`]'s question.
    fn chances(&self, g: &AnyGame, seat: Seat) -> Option<Chances> {
        let _ = (g, seat);
        None
    }

    /// Whether the [`chances`](Evaluator::chances) of `g` are known to be probabilities: exact
    /// (the race tables), or a network's as measured on games of its rules, with an expected
    /// calibration error of at most [`CALIBRATED_ECE`] (docs/EVALUATOR.md). `false` for the
    /// evaluations that only rank positions, and for a network whose calibration was not
    /// measured or missed: its chances are then its output, to be read as a ranking (the Walker
    /// variation's network says 5 % where the seat wins 19 % of the time).
    fn calibrated(&self, g: &AnyGame) -> bool {
        let _ = g;
        false
    }

    /// Whether this evaluator can value `g` (its rule set and options): a family's evaluation
    /// knows its family, a table its race, a network the options it was trained on.
    fn supports(&self, g: &AnyGame) -> bool {
        let _ = g;
        true
    }

    /// A short name, for players' names and reports (`hand-written`, `race-tables`, …).
    fn name(&self) -> &str;
}

/// An evaluator behind a reference or a smart pointer is an evaluator: searches hold
/// `Arc<dyn Evaluator>` when the evaluator is chosen at run time.
macro_rules! forward_evaluator {
    ($($ptr:ty),*) => {$(
        impl<E: Evaluator + ?Sized> Evaluator for $ptr {
            #[inline]
            fn value(&self, g: &AnyGame, seat: Seat) -> f64 {
                (**self).value(g, seat)
            }
            fn chances(&self, g: &AnyGame, seat: Seat) -> Option<Chances> {
                (**self).chances(g, seat)
            }
            fn calibrated(&self, g: &AnyGame) -> bool {
                (**self).calibrated(g)
            }
            fn supports(&self, g: &AnyGame) -> bool {
                (**self).supports(g)
            }
            fn name(&self) -> &str {
                (**self).name()
            }
        }
    )*};
}

forward_evaluator!(&E, Box<E>, Arc<E>);

/// The value of a finished game for `seat` (+1, −1, 0), `None` while it goes on: what every
/// evaluator answers for a finished game.
#[inline]
pub fn outcome_value(g: &AnyGame, seat: Seat) -> Option<f64> {
    match g.status() {
        Status::Over(Outcome::Win(s)) => Some(if s == seat { 1.0 } else { -1.0 }),
        Status::Over(Outcome::Draw) => Some(0.0),
        _ => None,
    }
}

/// Probability of each throw 1..=5 with fair sticks (SPEC §1.1), for the hand-written terms.
pub(crate) const THROW_P: [f64; 6] = [0.0, 0.25, 0.375, 0.25, 0.0625, 0.0625];

/// Scale of a hand-written raw score: a lead of this many squares is worth tanh(1) ≈ 0.76.
const SCALE: f64 = 40.0;

/// A ranking value from both seats' raw hand-written scores: the lead squashed into (−1, 1)
/// (×0.999 keeps it strictly inside, below a real win).
#[inline]
pub(crate) fn ranked(raw: ByPlayer<f64>, seat: Seat) -> f64 {
    let diff = raw[seat] - raw[seat.other()];
    (diff / SCALE).tanh() * 0.999
}

/// The message of a family's evaluation given another family's game.
#[cold]
pub(crate) fn unsupported(evaluator: &str, g: &AnyGame) -> ! {
    panic!(
        "the {evaluator} evaluation cannot value this {} game: check `supports`, or use HandWritten",
        g.rule_set()
    )
}

/// Declares a hand-written family's evaluation: the unit struct, and the [`Evaluator`] impl
/// every family shares — a finished game's result, the family's own value of its unfinished
/// games, and a refusal for the others'. Three forms:
///
/// - `Family, "name", games`: the family writes an inherent
///   `fn unfinished(g: &AnyGame, seat: Seat) -> Option<f64>` (`None` for a game not of the
///   family); `games`, a pattern, are the family's games for [`Evaluator::supports`];
/// - `Family, "name", AnyGame::Variant => |s| raws, …`: each game of the family valued by both
///   seats' raw scores, `raws` (of that game's state `s`), [ranked] from them;
/// - `Family, "name", AnyGame::Variant => |s, seat| raw`: a family of one game valued by a raw
///   score per seat, `raw` (of that game's state `s`), [ranked] from both seats' scores.
macro_rules! family {
    ($(#[$doc:meta])* $family:ident, $name:literal, $variant:path => |$s:ident, $seat:ident| $raw:expr) => {
        family!(
            $(#[$doc])* $family, $name,
            $variant => |$s| ::nefer_core::ByPlayer(::nefer_core::Seat::BOTH.map(|$seat| $raw))
        );
    };
    ($(#[$doc:meta])* $family:ident, $name:literal, $($variant:path => |$s:ident| $raws:expr),+ $(,)?) => {
        family!($(#[$doc])* $family, $name, $($variant(_))|+);

        impl $family {
            #[inline]
            fn unfinished(g: &::nefer_core::AnyGame, seat: ::nefer_core::Seat) -> Option<f64> {
                let raw = match g {
                    $($variant($s) => $raws,)+
                    _ => return None,
                };
                Some($crate::eval::ranked(raw, seat))
            }
        }
    };
    ($(#[$doc:meta])* $family:ident, $name:literal, $games:pat) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
        pub struct $family;

        impl $crate::eval::Evaluator for $family {
            #[inline]
            fn value(&self, g: &::nefer_core::AnyGame, seat: ::nefer_core::Seat) -> f64 {
                if let Some(v) = $crate::eval::outcome_value(g, seat) {
                    return v;
                }
                Self::unfinished(g, seat).unwrap_or_else(|| $crate::eval::unsupported($name, g))
            }

            fn supports(&self, g: &::nefer_core::AnyGame) -> bool {
                matches!(g, $games)
            }

            fn name(&self) -> &str {
                $name
            }
        }
    };
}
pub(crate) use family;

/// The hand-written evaluation of every rule set: each family's own ([`Senet`], [`Skiryuk`],
/// [`Washburne`], [`FittedRace`]), chosen by the game's rule set. It ranks positions (see the
/// scale above); it is what the levels play with.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq)]
pub struct HandWritten;

impl HandWritten {
    /// Its [name](Evaluator::name).
    pub const NAME: &str = "hand-written";
}

impl Evaluator for HandWritten {
    #[inline]
    fn value(&self, g: &AnyGame, seat: Seat) -> f64 {
        // Each rule set has its own evaluation here: the one place outside the core that names
        // them, as the architecture allows (docs/dev/architecture.md).
        match g {
            AnyGame::SenetKendall(_) | AnyGame::SenetSchool(_) => Senet.value(g, seat),
            AnyGame::HjFrench(_) | AnyGame::HjWalker(_) => FittedRace.value(g, seat),
            AnyGame::HjSkiryuk(_) => Skiryuk.value(g, seat),
            AnyGame::HjWashburne(_) => Washburne.value(g, seat),
        }
    }

    fn name(&self) -> &str {
        Self::NAME
    }
}

/// `first` where it [supports](Evaluator::supports) the game, `fallback` elsewhere — e.g. the
/// exact race tables with the hand-written evaluation for the options the tables do not model
/// (wildbg's composite evaluator plays the same part).
#[derive(Clone, Debug)]
pub struct Fallback<A, B> {
    /// Asked first.
    pub first: A,
    /// Asked where `first` does not support the game.
    pub fallback: B,
}

impl<A: Evaluator, B: Evaluator> Evaluator for Fallback<A, B> {
    fn value(&self, g: &AnyGame, seat: Seat) -> f64 {
        if self.first.supports(g) {
            self.first.value(g, seat)
        } else {
            self.fallback.value(g, seat)
        }
    }

    fn chances(&self, g: &AnyGame, seat: Seat) -> Option<Chances> {
        if self.first.supports(g) {
            self.first.chances(g, seat)
        } else {
            self.fallback.chances(g, seat)
        }
    }

    fn calibrated(&self, g: &AnyGame) -> bool {
        if self.first.supports(g) {
            self.first.calibrated(g)
        } else {
            self.fallback.calibrated(g)
        }
    }

    fn supports(&self, g: &AnyGame) -> bool {
        self.first.supports(g) || self.fallback.supports(g)
    }

    /// The first's name: the fallback only covers what it does not support.
    fn name(&self) -> &str {
        self.first.name()
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nefer_core::{Options, RuleSetId};

    #[test]
    fn chances_and_values_agree() {
        let c = Chances {
            win: 0.6,
            draw: 0.1,
        };
        assert!((c.value() - 0.3).abs() < 1e-12);
        assert!((c.loss() - 0.3).abs() < 1e-12);
        assert!((c.other_seat().value() + c.value()).abs() < 1e-12);
        assert_eq!(Chances::WIN.value(), 1.0);
        assert_eq!(Chances::LOSS.value(), -1.0);
        assert_eq!(Chances::DRAW.value(), 0.0);
    }

    #[test]
    fn the_hand_written_evaluation_is_symmetric_and_inside_the_scale() {
        for &id in RuleSetId::ALL {
            let g = id.new_game(&Options::new()).unwrap();
            let (a, b) = (
                HandWritten.value(&g, Seat::A),
                HandWritten.value(&g, Seat::B),
            );
            assert!((a + b).abs() < 1e-12, "{id}");
            assert!(a.abs() < 1.0, "{id}");
            assert!(HandWritten.supports(&g) && HandWritten.chances(&g, Seat::A).is_none());
        }
    }

    #[test]
    fn each_family_supports_its_own_rule_sets_only() {
        for &id in RuleSetId::ALL {
            let g = id.new_game(&Options::new()).unwrap();
            let families: [&dyn Evaluator; 4] = [&Senet, &Skiryuk, &Washburne, &FittedRace];
            let supported: Vec<&str> = families
                .iter()
                .filter(|e| e.supports(&g))
                .map(|e| e.name())
                .collect();
            assert_eq!(supported.len(), 1, "{id}: {supported:?}");
            let own = families.iter().find(|e| e.supports(&g)).unwrap();
            // The family's own value is the one HandWritten gives.
            assert_eq!(
                own.value(&g, Seat::A),
                HandWritten.value(&g, Seat::A),
                "{id}"
            );
        }
    }

    #[test]
    #[should_panic(expected = "cannot value this senet.kendall game")]
    fn a_family_refuses_another_familys_game() {
        let g = RuleSetId::SenetKendall.new_game(&Options::new()).unwrap();
        Washburne.value(&g, Seat::A);
    }

    #[test]
    fn fallback_asks_the_second_where_the_first_cannot() {
        let g = RuleSetId::SenetKendall.new_game(&Options::new()).unwrap();
        let e = Fallback {
            first: Washburne,
            fallback: Senet,
        };
        assert!(e.supports(&g));
        assert_eq!(e.value(&g, Seat::B), Senet.value(&g, Seat::B));
        let shared: Arc<dyn Evaluator> = Arc::new(e);
        assert_eq!(shared.value(&g, Seat::B), Senet.value(&g, Seat::B));
    }
}
