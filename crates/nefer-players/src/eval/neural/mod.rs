//! The learned evaluator: a small network per rule set, trained by self-play
//! ([`crate::train`]), that estimates the chances of a position — P(win), P(draw), P(loss) of the
//! seat that asks: its value is the expected result. Its chances count as probabilities
//! ([`Evaluator::calibrated`]) where its calibration was measured and met the aim: the shipped
//! networks' measurements are [`SHIPPED_ECE`].
//!
//! - [`encode`](mod@encode): the inputs, per family;
//! - [`net`]: the network and its forward and backward passes;
//! - [`file`](mod@file): the weights file, its header and its checks.
//!
//! The weights of the six default rule sets and the Walker variation ship with nefer
//! (`crates/nefer-players/weights/`, embedded in the binary): [`shipped_for`] finds the network
//! of a game's rules, and [`Shipped`] values any game that has one. A game whose options differ
//! from every shipped network's has none: players fall back to the hand-written evaluation
//! ([`learned_or_hand_written`]), and front ends say so ([`fallback_note`]).

pub mod encode;
pub mod file;
pub mod net;

use std::path::Path;
use std::sync::{Arc, OnceLock};

use nefer_core::{AnyGame, Seat};

use super::{CALIBRATED_ECE, Chances, Evaluator, Fallback, HandWritten, outcome_value};
pub use encode::{Active, Encoding, encode, encode_as};
pub use file::{BadWeights, Header, Weights};
pub use net::Network;

/// A trained network for one rule set under one set of options.
#[derive(Debug)]
pub struct Neural {
    weights: Weights,
    /// A start position of the network's rules: [`AnyGame::same_rules_but_cap`] against it says whether
    /// a game is one the network knows.
    start: AnyGame,
    /// Its expected calibration error as measured on games of its rules, if it was
    /// (`nefer calibrate`; the shipped networks' in [`SHIPPED_ECE`]).
    ece: Option<f64>,
}

/// Two networks are the same when their weights and headers are.
impl PartialEq for Neural {
    fn eq(&self, other: &Neural) -> bool {
        self.weights == other.weights
    }
}

impl Neural {
    /// The evaluator of `weights`, whose calibration is not known.
    pub fn new(weights: Weights) -> Neural {
        let start = weights.start();
        Neural {
            weights,
            start,
            ece: None,
        }
    }

    /// The network, with the expected calibration error measured on games of its rules
    /// (`nefer calibrate`): at most [`CALIBRATED_ECE`], its chances are read as probabilities
    /// ([`Evaluator::calibrated`]).
    pub fn with_measured_ece(self, ece: f64) -> Neural {
        Neural {
            ece: Some(ece),
            ..self
        }
    }

    /// The expected calibration error measured for this network, if one was.
    pub fn measured_ece(&self) -> Option<f64> {
        self.ece
    }

    /// Reads a weights file.
    ///
    /// # Errors
    /// The file cannot be read or is not a weights file ([`Weights::from_bytes`]).
    pub fn load(path: &Path) -> Result<Neural, BadWeights> {
        let bytes = std::fs::read(path)
            .map_err(|e| BadWeights(format!("cannot read {}: {e}", path.display())))?;
        Weights::from_bytes(&bytes)
            .map(Neural::new)
            .map_err(|e| BadWeights(format!("{}: {}", path.display(), e.0)))
    }

    /// The weights and their header.
    pub fn weights(&self) -> &Weights {
        &self.weights
    }

    /// The network's chances of unfinished `g` for `seat`, without checking that `g` is of the
    /// network's rules.
    #[inline]
    fn estimate(&self, g: &AnyGame, seat: Seat) -> Chances {
        let mut active = Active::new();
        encode_as(self.weights.header.encoding, g, seat, &mut active);
        let [win, draw, _] = self.weights.net.forward(&active);
        Chances {
            win: f64::from(win),
            draw: f64::from(draw),
        }
    }
}

impl Evaluator for Neural {
    #[inline]
    fn value(&self, g: &AnyGame, seat: Seat) -> f64 {
        if let Some(v) = outcome_value(g, seat) {
            return v;
        }
        debug_assert!(self.supports(g), "a network valued a game of other rules");
        self.estimate(g, seat).value()
    }

    fn chances(&self, g: &AnyGame, seat: Seat) -> Option<Chances> {
        if let Some(o) = g.outcome() {
            return Some(Chances::of_outcome(o, seat));
        }
        self.supports(g).then(|| self.estimate(g, seat))
    }

    fn calibrated(&self, g: &AnyGame) -> bool {
        self.ece.is_some_and(|e| e <= CALIBRATED_ECE) && self.supports(g)
    }

    /// The games of the network's rules; a turn cap (C-7) is not a rule of play, and the
    /// network does not see the turn count: a capped game is valued as the uncapped one (the
    /// server caps its games at 1,000 turns, far beyond their length).
    fn supports(&self, g: &AnyGame) -> bool {
        self.start.same_rules_but_cap(g)
    }

    fn name(&self) -> &str {
        "neural"
    }
}

use nefer_core::Game;

/// The weights files that ship with nefer (`weights/NAME.nnw`), embedded in the binary.
macro_rules! shipped_files {
    ($($name:literal),* $(,)?) => {
        &[$(($name, include_bytes!(concat!(env!("CARGO_MANIFEST_DIR"), "/weights/", $name, ".nnw")))),*]
    };
}

/// The shipped weights, by name: the rule set's key, and `.variation` for the Walker variation.
pub const SHIPPED: &[(&str, &[u8])] = shipped_files![
    "senet.kendall",
    "senet.school",
    "hj.skiryuk",
    "hj.washburne",
    "hj.french",
    "hj.walker",
    "hj.walker.variation",
];

/// The expected calibration error of each shipped network, as docs/EVALUATOR.md measured it
/// (`nefer calibrate`, "Calibration" there: 120 to 1,000 `master` games, 52,000 to 983,000
/// positions each). The Walker variation's misses [`CALIBRATED_ECE`]: its chances are a ranking.
pub const SHIPPED_ECE: &[(&str, f64)] = &[
    ("senet.kendall", 0.0124),
    ("senet.school", 0.0171),
    ("hj.skiryuk", 0.0075),
    ("hj.washburne", 0.0118),
    ("hj.french", 0.0116),
    ("hj.walker", 0.0144),
    ("hj.walker.variation", 0.1239),
];

/// The shipped networks, read once, with their measured calibration ([`SHIPPED_ECE`]).
pub fn shipped() -> &'static [Neural] {
    static NETS: OnceLock<Vec<Neural>> = OnceLock::new();
    NETS.get_or_init(|| {
        SHIPPED
            .iter()
            .map(|(name, bytes)| {
                // A test reads every shipped file: a bad one cannot reach a release.
                let net = Neural::new(
                    Weights::from_bytes(bytes).unwrap_or_else(|e| panic!("shipped {name}: {e}")),
                );
                match SHIPPED_ECE.iter().find(|(n, _)| n == name) {
                    Some(&(_, ece)) => net.with_measured_ece(ece),
                    None => net,
                }
            })
            .collect()
    })
}

/// The shipped network of `g`'s rules and options, if one was trained for them.
#[inline]
pub fn shipped_for(g: &AnyGame) -> Option<&'static Neural> {
    shipped().iter().find(|n| n.supports(g))
}

/// The shipped networks as one evaluator: each game valued by the network of its rules.
#[derive(Clone, Copy, Debug, Default)]
pub struct Shipped;

impl Evaluator for Shipped {
    #[inline]
    fn value(&self, g: &AnyGame, seat: Seat) -> f64 {
        if let Some(v) = outcome_value(g, seat) {
            return v;
        }
        match shipped_for(g) {
            Some(n) => n.estimate(g, seat).value(),
            None => super::unsupported("neural", g),
        }
    }

    fn chances(&self, g: &AnyGame, seat: Seat) -> Option<Chances> {
        shipped_for(g).and_then(|n| n.chances(g, seat))
    }

    fn calibrated(&self, g: &AnyGame) -> bool {
        shipped_for(g).is_some_and(|n| n.calibrated(g))
    }

    fn supports(&self, g: &AnyGame) -> bool {
        shipped_for(g).is_some()
    }

    fn name(&self) -> &str {
        "neural"
    }
}

/// What the `neural` and `master` players value positions with: `net` (a network given on the
/// command line) or the shipped network of the game's rules, and the hand-written evaluation
/// for games neither knows.
pub fn learned_or_hand_written(net: Option<Arc<Neural>>) -> Arc<dyn Evaluator> {
    match net {
        Some(n) => Arc::new(Fallback {
            first: n,
            fallback: HandWritten,
        }),
        None => Arc::new(Fallback {
            first: Shipped,
            fallback: HandWritten,
        }),
    }
}

/// What to tell a person who asked for a learned player in `g` where no network knows its
/// rules (`None` where one does): the players then play on the hand-written evaluation.
pub fn fallback_note(g: &AnyGame, net: Option<&Neural>) -> Option<String> {
    let known = match net {
        Some(n) => n.supports(g),
        None => shipped_for(g).is_some(),
    };
    (!known).then(|| {
        let options = g.options();
        format!(
            "no trained network for {}{}: the learned players play on the hand-written \
             evaluation (train one with `nefer train --rules {}{}`)",
            g.rule_set(),
            if options.is_empty() {
                String::new()
            } else {
                format!(" with {options}")
            },
            g.rule_set(),
            options
                .iter()
                .map(|(k, v)| format!(" --option {k}={v}"))
                .collect::<String>(),
        )
    })
}
