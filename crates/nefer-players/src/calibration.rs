//! Calibration of an evaluator's chances: are the positions it gives 70 % won 70 % of the time?
//!
//! Games are played between two players (the `master` level against itself for the published
//! figures) on seeds the training never used; at every decision of every game the evaluator's
//! P(win) for the deciding seat is set beside what happened (1 for a win, 0 for a loss, ½ for a
//! draw). From these pairs come
//!
//! - the **Brier score**, the mean of (predicted − realised)²: 0.25 for a coin, 0 for a
//!   prophet;
//! - the **expected calibration error** (ECE): positions grouped in ten bins of predicted P(win)
//!   (0–10 %, …), the mean |mean predicted − share realised| of the bins weighted by their sizes;
//! - the **reliability diagram**: each bin's mean prediction against its realised share;
//! - where an exact evaluator knows the same positions (the race tables of `hj.french` and
//!   `hj.walker`), the mean absolute difference between the two predictions.
//!
//! Game `i` is game `i` of [`crate::sim`] with the same seed: the samples do not depend on the
//! number of threads.

use nefer_core::game::{Playout, play_out};
use nefer_core::{AnyGame, Chance, Game, Move, Options, Outcome, RuleSetId, Seat};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

use crate::PlayerSpec;
use crate::eval::Evaluator;
use crate::sim::derive_seed;

/// One decision's prediction and what came of it.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Sample {
    /// The evaluator's P(win) for the deciding seat.
    pub predicted: f64,
    /// The result for that seat: 1 won, 0 lost, ½ drawn.
    pub realised: f64,
    /// The exact evaluator's P(win) of the same position, where one was given.
    pub exact: Option<f64>,
}

/// Where the samples come from.
#[derive(Clone, Debug)]
pub struct SampleConfig {
    /// The rule set.
    pub rules: RuleSetId,
    /// Its options.
    pub options: Options,
    /// The player of both seats.
    pub player: PlayerSpec,
    /// Games to play.
    pub games: u32,
    /// Master seed.
    pub seed: u64,
}

/// Plays the games of `cfg` on the current rayon pool and samples every decision: `eval`'s
/// chances (which must be [calibrated](crate::eval): `chances` answers) and `exact`'s where
/// given. `tick` is called after each game.
///
/// # Panics
/// If the options are invalid, or `eval` gives no chances for a position of the games.
pub fn sample(
    cfg: &SampleConfig,
    eval: &dyn Evaluator,
    exact: Option<&dyn Evaluator>,
    tick: &(dyn Fn() + Sync),
) -> Vec<Sample> {
    let start = cfg
        .rules
        .new_game(&cfg.options)
        .expect("options were checked");
    let per_game: Vec<Vec<Sample>> = (0..u64::from(cfg.games))
        .into_par_iter()
        .map(|i| {
            let s = one_game(cfg, &start, i, eval, exact);
            tick();
            s
        })
        .collect();
    per_game.into_iter().flatten().collect()
}

/// The predictions of game `i`, each with its seat, and then the result.
fn one_game(
    cfg: &SampleConfig,
    start: &AnyGame,
    i: u64,
    eval: &dyn Evaluator,
    exact: Option<&dyn Evaluator>,
) -> Vec<Sample> {
    struct Seats<'a> {
        rng: ChaCha8Rng,
        players: [Box<dyn crate::Player>; 2],
        eval: &'a dyn Evaluator,
        exact: Option<&'a dyn Evaluator>,
        seen: Vec<(Seat, f64, Option<f64>)>,
    }
    impl Playout<AnyGame> for Seats<'_> {
        fn chance(&mut self, g: &AnyGame, _: Option<Seat>) -> Option<Chance> {
            Some(g.sample_chance(&mut self.rng))
        }
        fn decide(&mut self, g: &AnyGame, seat: Seat) -> Option<Move> {
            let p = self
                .eval
                .chances(g, seat)
                .expect("a calibrated evaluator gives chances")
                .win;
            let x = self
                .exact
                .map(|e| e.chances(g, seat).expect("exact chances").win);
            self.seen.push((seat, p, x));
            Some(self.players[seat.index()].choose(g))
        }
    }
    let seed = derive_seed(cfg.seed, i);
    let mut seats = Seats {
        rng: ChaCha8Rng::seed_from_u64(seed),
        players: [1, 2].map(|k| cfg.player.build(derive_seed(seed, k))),
        eval,
        exact,
        seen: Vec::new(),
    };
    let mut g = start.clone();
    play_out(&mut g, &mut seats);
    let outcome = g.outcome();
    seats
        .seen
        .into_iter()
        .map(|(seat, predicted, exact)| Sample {
            predicted,
            realised: match outcome {
                Some(Outcome::Win(w)) if w == seat => 1.0,
                Some(Outcome::Win(_)) => 0.0,
                _ => 0.5,
            },
            exact,
        })
        .collect()
}

/// One bin of the reliability diagram.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Bin {
    /// The bin's range of predictions, `[lo, hi)` (the last bin includes 1).
    pub lo: f64,
    /// Its upper end.
    pub hi: f64,
    /// Positions in the bin.
    pub count: usize,
    /// Their mean prediction.
    pub predicted: f64,
    /// Their realised share.
    pub realised: f64,
}

/// What the samples say about the evaluator.
#[derive(Clone, Debug, PartialEq)]
pub struct Calibration {
    /// Positions sampled.
    pub positions: usize,
    /// Brier score.
    pub brier: f64,
    /// Expected calibration error over the bins.
    pub ece: f64,
    /// The bins, lowest first (empty ones included, with zero counts).
    pub bins: Vec<Bin>,
    /// Mean |predicted − exact| where an exact evaluator was given.
    pub exact_mae: Option<f64>,
}

impl Calibration {
    /// The figures of `samples` with `bins` bins of equal width.
    pub fn of(samples: &[Sample], bins: usize) -> Calibration {
        let n = samples.len().max(1) as f64;
        let brier = samples
            .iter()
            .map(|s| (s.predicted - s.realised).powi(2))
            .sum::<f64>()
            / n;
        let mut acc = vec![(0usize, 0.0, 0.0); bins];
        for s in samples {
            let b = ((s.predicted * bins as f64) as usize).min(bins - 1);
            acc[b].0 += 1;
            acc[b].1 += s.predicted;
            acc[b].2 += s.realised;
        }
        let bins: Vec<Bin> = acc
            .iter()
            .enumerate()
            .map(|(k, &(count, p, r))| {
                let c = count.max(1) as f64;
                Bin {
                    lo: k as f64 / acc.len() as f64,
                    hi: (k + 1) as f64 / acc.len() as f64,
                    count,
                    predicted: p / c,
                    realised: r / c,
                }
            })
            .collect();
        let ece = bins
            .iter()
            .map(|b| b.count as f64 / n * (b.predicted - b.realised).abs())
            .sum();
        let exact: Vec<f64> = samples
            .iter()
            .filter_map(|s| s.exact.map(|x| (s.predicted - x).abs()))
            .collect();
        Calibration {
            positions: samples.len(),
            brier,
            ece,
            bins,
            exact_mae: (!exact.is_empty()).then(|| exact.iter().sum::<f64>() / exact.len() as f64),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn s(predicted: f64, realised: f64) -> Sample {
        Sample {
            predicted,
            realised,
            exact: None,
        }
    }

    #[test]
    fn a_perfectly_calibrated_sample_has_no_error_and_a_coin_has_a_quarter() {
        // Predictions of 0.25 that come true one time in four, 0.75 three in four.
        let mut v = Vec::new();
        for k in 0..4 {
            v.push(s(0.25, f64::from(u8::from(k == 0))));
            v.push(s(0.75, f64::from(u8::from(k != 0))));
        }
        let c = Calibration::of(&v, 10);
        assert!(c.ece.abs() < 1e-12, "{c:?}");
        assert!((c.brier - 0.1875).abs() < 1e-12);
        assert_eq!(c.bins.iter().map(|b| b.count).sum::<usize>(), 8);
        let coin = Calibration::of(&[s(0.5, 1.0), s(0.5, 0.0)], 10);
        assert!((coin.brier - 0.25).abs() < 1e-12 && coin.ece.abs() < 1e-12);
        // Overconfident: says 90 %, wins half.
        let over = Calibration::of(&[s(0.9, 1.0), s(0.9, 0.0)], 10);
        assert!((over.ece - 0.4).abs() < 1e-12);
        assert!(over.exact_mae.is_none());
    }

    #[test]
    fn the_race_tables_are_calibrated_on_a_small_sample_of_their_own_games() {
        // The exact chances of `perfect` against `perfect`, sampled in their own games: the
        // figures a test can afford (a few hundred positions) are loose but must hold.
        let cfg = SampleConfig {
            rules: RuleSetId::HjFrench,
            options: Options::new(),
            player: PlayerSpec::Perfect,
            games: 20,
            seed: 11,
        };
        let tables = crate::eval::RaceTables::new(RuleSetId::HjFrench).unwrap();
        let v = sample(&cfg, &tables, Some(&tables), &|| {});
        assert!(v.len() > 300, "{}", v.len());
        let c = Calibration::of(&v, 10);
        assert_eq!(c.exact_mae, Some(0.0));
        assert!(c.brier < 0.2, "{c:?}");
        assert!(c.ece < 0.15, "{c:?}");
    }
}
