//! Hints: the best move for the seat to decide and, in the pure races, its chance of winning.
//!
//! The move is the `hard` level's, or the `perfect` player's where its exact table is solved
//! in this process. The exact tables hold expected turns, not the law of the whole race, so the
//! win chance is estimated by playing the position out many times with `perfect` on both sides
//! (at most [`WIN_CHANCE_BUDGET`], about ±2 % with the playouts that fit). Without a solved
//! table it is `null`: solving takes seconds, so a hint never waits for it, and never starts a
//! solve; a new game against `perfect` starts one in the background (see
//! [`crate::AppState::with_table_solving`]).

use std::time::{Duration, Instant};

use nefer_core::game::{Sampled, play_out};
use nefer_core::{AnyGame, Game, Outcome, Status};
use nefer_players::perfect::{self, Perfect};
use nefer_players::{Player, PlayerSpec};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use utoipa::ToSchema;

/// Time spent estimating a win chance.
pub const WIN_CHANCE_BUDGET: Duration = Duration::from_millis(1500);

/// Playouts that give the estimate (±1 % at 95 % confidence); the budget may stop earlier.
const PLAYOUTS: u32 = 10_000;

/// Fewer playouts than this give no estimate (±10 %).
const MIN_PLAYOUTS: u32 = 100;

/// A hint: the move to play and, in a pure race with its table solved, the chance of winning.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Hint {
    /// The move, in notation (NOTATION §3).
    #[serde(rename = "move")]
    pub mv: String,
    /// The player that chose it: `perfect`, or the `hard` level's spec.
    #[schema(examples("perfect", "expectimax:depth=3,ms=1000"))]
    pub player: String,
    /// The deciding seat's chance of winning with perfect play on both sides (pure races, once
    /// their table is solved; two decimals), else `null`.
    #[schema(required = true, minimum = 0.0, maximum = 1.0)]
    pub win_chance: Option<f64>,
}

/// The hint for `game`, which waits for a decision. Runs a search: call it off the runtime.
pub fn hint(game: &AnyGame) -> Hint {
    let table = perfect::supports(game)
        .then(|| perfect::solved(game.rule_set()))
        .flatten();
    if table.is_some() {
        let m = Perfect.choose(game);
        return Hint {
            mv: m.to_string(),
            player: "perfect".to_owned(),
            win_chance: win_chance(game),
        };
    }
    let spec: PlayerSpec = nefer_players::LEVELS[3]
        .1
        .parse()
        .unwrap_or(PlayerSpec::Greedy);
    // A fixed seed: the same position gets the same hint.
    let m = spec.build(0x5eed).choose(game);
    Hint {
        mv: m.to_string(),
        player: spec.to_string(),
        win_chance: None,
    }
}

/// The chance that the seat to decide wins with `perfect` play on both sides, estimated by
/// playouts; `None` when too few fit in the budget.
fn win_chance(game: &AnyGame) -> Option<f64> {
    estimate(game, &mut Perfect, PLAYOUTS, WIN_CHANCE_BUDGET)
}

/// The chance that the seat to decide wins with `player` playing both sides: the share of at
/// most `playouts` games (within `budget`) it wins, a draw counting half, on the workspace's
/// one playout loop ([`play_out`], [`Sampled`]: the sticks from a fixed seed, so the same
/// position gets the same estimate); `None` when fewer than [`MIN_PLAYOUTS`] fit.
fn estimate(
    game: &AnyGame,
    player: &mut dyn Player,
    playouts: u32,
    budget: Duration,
) -> Option<f64> {
    let Status::Decide { seat, .. } = game.status() else {
        return None;
    };
    let start = Instant::now();
    let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
    let (mut wins, mut n) = (0.0, 0);
    while n < playouts && start.elapsed() < budget {
        let mut g = game.clone();
        let both_sides = |g: &AnyGame, _: &mut ChaCha8Rng| Some(player.choose(g));
        play_out(&mut g, &mut Sampled::new(&mut rng, both_sides));
        wins += match g.outcome() {
            Some(Outcome::Win(w)) if w == seat => 1.0,
            Some(Outcome::Draw) => 0.5,
            // The player always answers: a playout ends with the game.
            Some(Outcome::Win(_)) | None => 0.0,
        };
        n += 1;
    }
    // Two decimals: the estimate is not finer than that.
    (n >= MIN_PLAYOUTS).then(|| (wins / f64::from(n) * 100.0).round() / 100.0)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nefer_core::{Options, RuleSetId};

    /// The loop the estimate ran on before the shared playout loop: the same draws, so the same
    /// figures.
    fn by_hand(game: &AnyGame, player: &mut dyn Player, playouts: u32) -> f64 {
        let Status::Decide { seat, .. } = game.status() else {
            unreachable!()
        };
        let mut rng = ChaCha8Rng::seed_from_u64(0x5eed);
        let mut wins = 0.0;
        for _ in 0..playouts {
            let mut g = game.clone();
            loop {
                match g.status() {
                    Status::Chance { .. } => {
                        let c = g.sample_chance(&mut rng);
                        g.play_chance_unchecked(c);
                    }
                    Status::Decide { .. } => {
                        let m = player.choose(&g);
                        g.play_unchecked(m);
                    }
                    Status::Over(o) => {
                        wins += match o {
                            Outcome::Win(w) if w == seat => 1.0,
                            Outcome::Win(_) => 0.0,
                            Outcome::Draw => 0.5,
                        };
                        break;
                    }
                }
            }
        }
        (wins / f64::from(playouts) * 100.0).round() / 100.0
    }

    #[test]
    fn the_estimate_is_the_share_of_playouts_won_and_needs_enough_of_them() {
        let mut g = RuleSetId::HjWalker.new_game(&Options::new()).unwrap();
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        while !matches!(g.status(), Status::Decide { .. }) {
            let c = g.sample_chance(&mut rng);
            g.play_chance_unchecked(c);
        }
        let long = Duration::from_secs(3600);
        let greedy = || PlayerSpec::Greedy.build(1);
        let e = estimate(&g, &mut *greedy(), 120, long).unwrap();
        assert_eq!(e, by_hand(&g, &mut *greedy(), 120));
        assert!(e > 0.0 && e < 1.0, "{e}");
        assert_eq!(estimate(&g, &mut *greedy(), MIN_PLAYOUTS - 1, long), None);
        assert_eq!(estimate(&g, &mut *greedy(), 120, Duration::ZERO), None);
    }
}
