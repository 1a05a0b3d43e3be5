//! Self-play training of the learned evaluator by temporal differences: TD(λ) as TD-Gammon, in
//! its forward ("λ-return") form, with a cross-entropy loss on the three outcomes.
//!
//! Each game is played by the network against itself, one ply deep (every move valued by the
//! network from the mover's seat; no exploration: the sticks vary the games enough, as the dice
//! did for TD-Gammon). Every position of the game is kept — throws due and decisions — with the
//! network's prediction of it. At the end the λ-return of each position is computed backwards
//! from the result,
//!
//! ```text
//! G_T = the result (win, draw or loss of seat A, as a distribution)
//! G_t = (1 − λ) · V(s_{t+1}) + λ · G_{t+1}
//! ```
//!
//! and the network takes one gradient step toward `G_t` on every position, seen by seat A
//! (target `G_t`) and by seat B (`G_t` with win and loss swapped). This is offline TD(λ): the
//! same targets as the eligibility traces of TD-Gammon's online updates over a game, but
//! computed on the game's predictions rather than on weights that change within the game, and
//! with the loss that fits probabilities (a softmax over win/draw/loss trained by
//! cross-entropy, where TD-Gammon's sigmoid was trained by squared error). The λ-return needs no
//! gradient of the output per weight, so the three outputs cost no more than one.
//!
//! Game `i` draws its sticks from `derive_seed(seed, i)`: the weights after `n` games depend only
//! on the seed and the settings, so a run stopped and resumed from a checkpoint ends with the
//! very weights of a run that never stopped (a test checks both).

use std::sync::Arc;

use nefer_core::{AnyGame, Chance, Game, MoveList, Options, Outcome, RuleSetId, Seat, Status};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::eval::neural::net::{OUTPUTS, Pass};
use crate::eval::neural::{Active, Encoding, Header, Network, Neural, Weights, encode};
use crate::sim::derive_seed;

/// What to train.
#[derive(Clone, Debug, PartialEq)]
pub struct TrainConfig {
    /// The rule set.
    pub rules: RuleSetId,
    /// Its options.
    pub options: Options,
    /// Self-play games in all.
    pub games: u64,
    /// The seed of the initial weights and of every game's sticks.
    pub seed: u64,
    /// Hidden units.
    pub hidden: usize,
    /// λ of TD(λ).
    pub lambda: f32,
    /// Learning rate of the first game; it falls linearly to a tenth of it at the last.
    pub rate: f32,
    /// Positions after which a self-play game is cut ([`MAX_POSITIONS`] by default).
    pub max_positions: usize,
    /// The command line, written in the weights' header.
    pub command: String,
}

impl TrainConfig {
    /// The defaults of `nefer train` for `rules`: 64 hidden units, λ = 0.7, rate 0.01.
    pub fn new(rules: RuleSetId, games: u64, seed: u64) -> TrainConfig {
        TrainConfig {
            rules,
            options: Options::new(),
            games,
            seed,
            hidden: 64,
            lambda: 0.7,
            rate: 0.01,
            max_positions: MAX_POSITIONS,
            command: String::new(),
        }
    }
}

/// Why training cannot start or resume.
#[derive(Clone, Debug, PartialEq, thiserror::Error)]
pub enum TrainError {
    /// The options are not valid.
    #[error("{0}")]
    Options(#[from] nefer_core::OptionError),
    /// The checkpoint was made with other settings.
    #[error("the checkpoint does not match this training: {0}")]
    Mismatch(String),
}

/// A training run: the weights so far and the games they have learned from.
pub struct Trainer {
    cfg: TrainConfig,
    start: AnyGame,
    net: Network,
    done: u64,
    seconds: u64,
    scratch: Pass,
}

/// Positions after which a self-play game is cut by default: twenty times the longest games
/// seen under the default options (Senet's, about 500 positions).
pub const MAX_POSITIONS: usize = 10_000;

/// One position of a self-play game: its inputs seen by each seat, and the network's chances
/// for seat A.
struct Step {
    seen: [Active; 2],
    p: [f32; OUTPUTS],
}

impl Trainer {
    /// A run from random weights.
    ///
    /// # Errors
    /// The options are not valid for the rule set.
    pub fn new(cfg: TrainConfig) -> Result<Trainer, TrainError> {
        let start = cfg.rules.new_game(&cfg.options)?;
        let net = Network::random(Encoding::of(&start).inputs(), cfg.hidden, cfg.seed);
        Ok(Trainer {
            scratch: net.scratch(),
            cfg,
            start,
            net,
            done: 0,
            seconds: 0,
        })
    }

    /// A run that goes on from `checkpoint`, the weights of an earlier run of `cfg` stopped
    /// after some of its games.
    ///
    /// # Errors
    /// The options are not valid, or the checkpoint's rules, options, seed, network or settings
    /// differ from `cfg`'s.
    pub fn resume(cfg: TrainConfig, checkpoint: Weights) -> Result<Trainer, TrainError> {
        let mut t = Trainer::new(cfg)?;
        let h = &checkpoint.header;
        let c = &t.cfg;
        let checks = [
            ("rules", h.rules.to_string(), c.rules.to_string()),
            (
                "options",
                h.options.to_string(),
                t.start.options().to_string(),
            ),
            // A checkpoint of an older layout cannot go on in today's.
            (
                "encoding",
                h.encoding.name().to_string(),
                Encoding::of(&t.start).name().to_string(),
            ),
            ("seed", h.seed.to_string(), c.seed.to_string()),
            (
                "hidden units",
                checkpoint.net.hidden.to_string(),
                c.hidden.to_string(),
            ),
            ("lambda", h.lambda.to_string(), c.lambda.to_string()),
            ("rate", h.rate.to_string(), c.rate.to_string()),
        ];
        for (what, theirs, ours) in checks {
            if theirs != ours {
                return Err(TrainError::Mismatch(format!(
                    "{what}: {theirs} in the checkpoint, {ours} asked"
                )));
            }
        }
        if h.games > c.games {
            return Err(TrainError::Mismatch(format!(
                "it has trained {} games, more than the {} asked",
                h.games, c.games
            )));
        }
        t.done = h.games;
        t.seconds = h.seconds;
        t.net = checkpoint.net;
        Ok(t)
    }

    /// Games trained so far.
    pub fn games_done(&self) -> u64 {
        self.done
    }

    /// Whether every game asked for has been played.
    pub fn finished(&self) -> bool {
        self.done >= self.cfg.games
    }

    /// Adds to the training time written in the header.
    pub fn add_seconds(&mut self, s: u64) {
        self.seconds += s;
    }

    /// The weights so far, with their header.
    pub fn weights(&self) -> Weights {
        let c = &self.cfg;
        Weights {
            header: Header {
                rules: c.rules,
                options: self.start.options(),
                encoding: Encoding::of(&self.start),
                games: self.done,
                seed: c.seed,
                lambda: c.lambda,
                rate: c.rate,
                seconds: self.seconds,
                command: c.command.clone(),
            },
            net: self.net.clone(),
        }
    }

    /// The weights so far as an evaluator (for a learning curve).
    pub fn evaluator(&self) -> Arc<Neural> {
        Arc::new(Neural::new(self.weights()))
    }

    /// The learning rate of game `i`.
    fn rate(&self, i: u64) -> f32 {
        let progress = i as f32 / self.cfg.games.max(1) as f32;
        self.cfg.rate * (1.0 - 0.9 * progress)
    }

    /// Plays the next self-play game and learns from it; returns the number of positions it
    /// learned from.
    pub fn train_game(&mut self) -> usize {
        let i = self.done;
        let mut rng = ChaCha8Rng::seed_from_u64(derive_seed(self.cfg.seed, i));
        let mut g = self.start.clone();
        let mut steps: Vec<Step> = Vec::with_capacity(512);
        let mut moves = MoveList::new();
        let mut after = Active::new();
        let outcome = loop {
            let status = g.status();
            if let Status::Over(o) = status {
                break Some(o);
            }
            // A game without a turn cap need not end soon: a training run of the Walker
            // variation slowed more than tenfold after its first minutes while its memory grew,
            // as games of hundreds of thousands of positions would. Such a game is cut, and
            // learns toward its last prediction.
            if steps.len() >= self.cfg.max_positions {
                break None;
            }
            let mut seen = [Active::new(), Active::new()];
            encode(&g, Seat::A, &mut seen[0]);
            encode(&g, Seat::B, &mut seen[1]);
            let p = self.net.forward(&seen[0]);
            steps.push(Step { seen, p });
            match status {
                Status::Decide { seat, .. } => {
                    g.legal_moves(&mut moves);
                    let mut best = (f32::NEG_INFINITY, moves[0]);
                    for &m in &moves {
                        let mut next = g.clone();
                        next.play_unchecked(m);
                        let v = match next.outcome() {
                            Some(o) => outcome_of(o, seat).map_or(0.0, |o| o[0] - o[2]),
                            None => {
                                encode(&next, seat, &mut after);
                                let q = self.net.forward(&after);
                                q[0] - q[2]
                            }
                        };
                        if v > best.0 {
                            best = (v, m);
                        }
                    }
                    g.play_unchecked(best.1);
                }
                _ => {
                    let c: Chance = g.sample_chance(&mut rng);
                    g.play_chance_unchecked(c);
                }
            }
        };
        let rate = self.rate(i);
        let lambda = self.cfg.lambda;
        // The result, or where a game was cut, the network's view of its last position (the
        // truncated λ-return).
        let mut target = match outcome {
            Some(o) => outcome_of(o, Seat::A).unwrap_or([0.0, 1.0, 0.0]),
            None => steps.last().map_or([0.0, 1.0, 0.0], |s| s.p),
        };
        let mut next_p = target;
        for step in steps.iter().rev() {
            target = core::array::from_fn(|k| (1.0 - lambda) * next_p[k] + lambda * target[k]);
            self.net
                .learn(&step.seen[0], target, rate, &mut self.scratch);
            let mirrored = [target[2], target[1], target[0]];
            self.net
                .learn(&step.seen[1], mirrored, rate, &mut self.scratch);
            next_p = step.p;
        }
        self.done += 1;
        steps.len()
    }
}

/// The result of a finished game for `seat` as a distribution over win, draw, loss.
fn outcome_of(o: Outcome, seat: Seat) -> Option<[f32; OUTPUTS]> {
    Some(match o {
        Outcome::Win(s) if s == seat => [1.0, 0.0, 0.0],
        Outcome::Win(_) => [0.0, 0.0, 1.0],
        Outcome::Draw => [0.0, 1.0, 0.0],
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    fn small(rules: RuleSetId, games: u64) -> TrainConfig {
        TrainConfig {
            hidden: 16,
            ..TrainConfig::new(rules, games, 7)
        }
    }

    #[test]
    fn training_is_deterministic_for_a_seed_and_resumes_to_the_same_weights() {
        let cfg = small(RuleSetId::HjFrench, 6);
        let mut whole = Trainer::new(cfg.clone()).unwrap();
        while !whole.finished() {
            whole.train_game();
        }
        let mut again = Trainer::new(cfg.clone()).unwrap();
        for _ in 0..3 {
            again.train_game();
        }
        // A checkpoint written and read back, then the rest.
        let bytes = again.weights().to_bytes();
        let mut resumed =
            Trainer::resume(cfg.clone(), Weights::from_bytes(&bytes).unwrap()).unwrap();
        while !resumed.finished() {
            resumed.train_game();
        }
        assert_eq!(whole.weights().net, resumed.weights().net);
        // Another seed, other weights.
        let mut other = Trainer::new(TrainConfig { seed: 8, ..cfg }).unwrap();
        other.train_game();
        assert_ne!(other.weights().net, whole.weights().net);
    }

    /// A game cut at its bound learns from the positions before the cut, toward the network's
    /// own view of the last one: no result, yet the weights move.
    #[test]
    fn a_game_longer_than_the_bound_is_cut_and_still_learns() {
        let cfg = TrainConfig {
            max_positions: 12,
            ..small(RuleSetId::SenetKendall, 2)
        };
        let mut t = Trainer::new(cfg.clone()).unwrap();
        let before = t.weights().net;
        assert_eq!(t.train_game(), 12, "cut at 12 positions");
        assert_ne!(t.weights().net, before, "a cut game learns");
        // Without the bound the same game is played to its end, far past 12 positions.
        let mut whole = Trainer::new(TrainConfig {
            max_positions: MAX_POSITIONS,
            ..cfg
        })
        .unwrap();
        assert!(whole.train_game() > 100);
    }

    #[test]
    fn a_checkpoint_of_other_settings_is_refused() {
        let cfg = small(RuleSetId::HjFrench, 4);
        let mut t = Trainer::new(cfg.clone()).unwrap();
        t.train_game();
        let w = t.weights();
        let e = Trainer::resume(
            TrainConfig {
                seed: 9,
                ..cfg.clone()
            },
            w.clone(),
        )
        .err()
        .unwrap();
        assert!(
            e.to_string().contains("seed: 7 in the checkpoint, 9 asked"),
            "{e}"
        );
        let e = Trainer::resume(TrainConfig { games: 0, ..cfg }, w)
            .err()
            .unwrap();
        assert!(e.to_string().contains("more than the 0 asked"), "{e}");
        // A Senet checkpoint of the older layout cannot go on in today's.
        let cfg = small(RuleSetId::SenetKendall, 4);
        let mut w = Trainer::new(cfg.clone()).unwrap().weights();
        w.header.encoding = Encoding::Senet;
        w.net = Network::random(Encoding::Senet.inputs(), cfg.hidden, cfg.seed);
        let e = Trainer::resume(cfg, w).err().unwrap();
        assert!(
            e.to_string()
                .contains("encoding: senet/1 in the checkpoint, senet/2 asked"),
            "{e}"
        );
    }
}
