//! A test double: an evaluator whose values are scripted, per position or per move, so that a
//! test can dictate what a search must choose and prove that it asks its evaluator (as wildbg's
//! `EvaluatorFake`).

use std::collections::HashMap;
use std::sync::atomic::{AtomicU64, Ordering};

use nefer_core::{AnyGame, Game, Move, Seat};

use super::{Evaluator, outcome_value};

/// A scoring function for the positions no script names.
type ValueFn = dyn Fn(&AnyGame, Seat) -> f64 + Send + Sync;

/// What an unscripted, unfinished position is worth.
enum Otherwise {
    /// Nothing: asking panics, so a test learns that its search looked where it should not.
    Panic,
    /// This value for seat A (its negation for B).
    Value(f64),
    /// A function of the position.
    Fn(Box<ValueFn>),
}

/// Scripted values. A finished game is worth its result unless scripted; an unscripted,
/// unfinished position is worth the default (a value or a function), or panics without one.
///
/// ```
/// use nefer_core::{AnyGame, Seat};
/// use nefer_players::Player;
/// use nefer_players::eval::FakeEvaluator;
/// use nefer_players::search::greedy::Greedy;
///
/// // A French race, A to play a 1: the hand-written evaluation takes the shortcut 5 → 6 → 20.
/// let g: AnyGame = "hj.french A:L5,L12,L14,L16,L18 B:R3,R4,R7,R9,R11 A 1".parse()?;
/// let wanted = "L12-L13".parse().unwrap();
/// let mut fake = FakeEvaluator::with_default(0.0);
/// fake.insert_after(&g, wanted, Seat::A, 0.9);
/// assert_eq!(Greedy::with_evaluator(fake, 1).choose(&g), wanted);
/// assert_ne!(Greedy::new(1).choose(&g), wanted);
/// # Ok::<(), nefer_core::PositionError>(())
/// ```
pub struct FakeEvaluator {
    /// Values for seat A.
    values: HashMap<AnyGame, f64>,
    otherwise: Otherwise,
    calls: AtomicU64,
}

impl FakeEvaluator {
    /// A fake that panics on any unfinished position not scripted.
    pub fn without_default() -> FakeEvaluator {
        FakeEvaluator::new(Otherwise::Panic)
    }

    /// A fake worth `value` for seat A (−`value` for B) wherever no script says otherwise.
    ///
    /// # Panics
    /// If `value` is outside [-1, 1].
    pub fn with_default(value: f64) -> FakeEvaluator {
        FakeEvaluator::new(Otherwise::Value(checked(value)))
    }

    /// A fake worth `f(position, seat)` wherever no script says otherwise (`f` must keep to
    /// [-1, 1] and be zero-sum: f(g, B) = −f(g, A)).
    pub fn from_fn(f: impl Fn(&AnyGame, Seat) -> f64 + Send + Sync + 'static) -> FakeEvaluator {
        FakeEvaluator::new(Otherwise::Fn(Box::new(f)))
    }

    fn new(otherwise: Otherwise) -> FakeEvaluator {
        FakeEvaluator {
            values: HashMap::new(),
            otherwise,
            calls: AtomicU64::new(0),
        }
    }

    /// Scripts position `g` as worth `value` for `seat` (and −`value` for the other seat).
    ///
    /// # Panics
    /// If `value` is outside [-1, 1], the scale every search relies on.
    pub fn insert(&mut self, g: &AnyGame, seat: Seat, value: f64) -> &mut FakeEvaluator {
        let v = checked(value);
        self.values
            .insert(g.clone(), if seat == Seat::A { v } else { -v });
        self
    }

    /// Scripts the position after move `m` in `g` as worth `value` for `seat`.
    ///
    /// # Panics
    /// If `m` is not legal in `g`, or `value` is outside [-1, 1].
    pub fn insert_after(&mut self, g: &AnyGame, m: Move, seat: Seat, value: f64) -> &mut Self {
        let mut after = g.clone();
        if let Err(e) = after.play(m) {
            panic!("the fake cannot script {m}: {e}");
        }
        self.insert(&after, seat, value)
    }

    /// How many times a value was asked for.
    pub fn calls(&self) -> u64 {
        self.calls.load(Ordering::Relaxed)
    }
}

fn checked(value: f64) -> f64 {
    assert!(
        (-1.0..=1.0).contains(&value),
        "a value must lie in [-1, 1], not {value}"
    );
    value
}

impl Evaluator for FakeEvaluator {
    fn value(&self, g: &AnyGame, seat: Seat) -> f64 {
        self.calls.fetch_add(1, Ordering::Relaxed);
        let for_seat = |a: f64| if seat == Seat::A { a } else { -a };
        if let Some(&v) = self.values.get(g) {
            return for_seat(v);
        }
        if let Some(v) = outcome_value(g, seat) {
            return v;
        }
        match &self.otherwise {
            Otherwise::Value(v) => for_seat(*v),
            Otherwise::Fn(f) => f(g, seat),
            Otherwise::Panic => panic!("the fake has no value for {g:?}"),
        }
    }

    fn name(&self) -> &str {
        "fake"
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nefer_core::{Options, RuleSetId};

    #[test]
    fn scripted_values_are_zero_sum_and_counted() {
        let g = RuleSetId::HjWashburne.new_game(&Options::new()).unwrap();
        let mut fake = FakeEvaluator::with_default(0.25);
        assert_eq!(fake.value(&g, Seat::B), -0.25);
        fake.insert(&g, Seat::B, 0.5);
        assert_eq!(fake.value(&g, Seat::A), -0.5);
        assert_eq!(fake.value(&g, Seat::B), 0.5);
        assert_eq!(fake.calls(), 3);
    }

    #[test]
    #[should_panic(expected = "no value")]
    fn without_a_default_an_unscripted_position_panics() {
        let g = RuleSetId::HjSkiryuk.new_game(&Options::new()).unwrap();
        FakeEvaluator::without_default().value(&g, Seat::A);
    }

    #[test]
    #[should_panic(expected = "must lie in [-1, 1]")]
    fn values_off_the_scale_are_refused() {
        FakeEvaluator::with_default(1.5);
    }
}
