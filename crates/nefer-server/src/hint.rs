//! Hints: the best move for the seat to decide and, where it is known, its chance of winning.
//!
//! The move is the best of the position's analysis ([`nefer_players::analysis`]: expectimax
//! [`HINT_DEPTH`] decisions deep on the default evaluator: the exact race tables once solved,
//! the shipped network of the game's rules, else the hand-written evaluation), or the `perfect`
//! player's where its exact table is solved in this process. The win chance is the analysis's
//! where its evaluator is calibrated (the race tables, a network measured calibrated), and
//! `null` where it only ranks moves (the hand-written evaluation, the Walker variation's
//! network). In a pure race whose `perfect` table is solved
//! without the tables of the whole race's law (they hold expected turns only), it is estimated
//! by playing the position out many times with `perfect` on both sides (at most
//! [`WIN_CHANCE_BUDGET`], about ±2 % with the playouts that fit). A hint never waits for a
//! table, and never starts a solve; a new game against `perfect` starts one in the background
//! (see [`crate::AppState::with_table_solving`]).
//!
//! Beside the move, a hint ranks every legal move (`moves`, the analysis's, best first) with
//! its win chance, its loss against the best and the mark a review would give it
//! ([`Mark::of_loss`], docs/dev/review.md), so that the page can show them all and its tutor
//! can warn before a mistake without knowing a threshold of its own.

use std::time::{Duration, Instant};

use nefer_core::game::{Sampled, play_out};
use nefer_core::{AnyGame, Game, Outcome, Status};
use nefer_players::Player;
use nefer_players::analysis::{self, Analysis};
use nefer_players::perfect::{self, Perfect};
use nefer_players::review::Mark;
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use utoipa::ToSchema;

use crate::review::MarkView;

/// Time spent estimating a win chance by playouts.
pub const WIN_CHANCE_BUDGET: Duration = Duration::from_millis(1500);

/// Decisions the hint's analysis searches: two take a few milliseconds in every rule set
/// (docs/dev/api.md), so a hint answers at once.
pub const HINT_DEPTH: u32 = 2;

/// Playouts that give the estimate (±1 % at 95 % confidence); the budget may stop earlier.
const PLAYOUTS: u32 = 10_000;

/// Fewer playouts than this give no estimate (±10 %).
const MIN_PLAYOUTS: u32 = 100;

/// A hint: the move to play and, where it is known, the chance of winning.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct Hint {
    /// The move, in notation (NOTATION §3).
    #[serde(rename = "move")]
    pub mv: String,
    /// What chose it: `perfect`, or the analysis's search (`expectimax:depth=2`, with
    /// `+neural` or `+race-tables` where it values with a network or the exact tables).
    #[schema(examples("perfect", "expectimax:depth=2", "expectimax:depth=2+neural"))]
    pub player: String,
    /// The deciding seat's chance of winning with the move (a draw counting half): the
    /// analysis's where its evaluator knows the chances (the exact race tables, a learned
    /// network; three decimals), a playout estimate with perfect play on both sides in a pure
    /// race whose `perfect` table alone is solved (two decimals), else `null`.
    #[schema(required = true, minimum = 0.0, maximum = 1.0)]
    pub win_chance: Option<f64>,
    /// Whether the ranked moves' win chances are chances (the evaluator knows them: the race
    /// tables, a network); `false` for the hand-written evaluation, whose values only rank.
    pub calibrated: bool,
    /// Every legal move, ranked by the analysis (best first, equals in notation order); with
    /// `perfect`, `move` is the exact table's choice and may differ from the first of these.
    pub moves: Vec<RankedMove>,
}

/// A legal move, its worth for the seat to decide and the mark a review would give it.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
pub struct RankedMove {
    /// The move, in notation (NOTATION §3).
    #[serde(rename = "move")]
    pub mv: String,
    /// `(1 + value) / 2` for the seat to decide: a chance where `calibrated`, else a rank.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub win_chance: f64,
    /// What it gives up against the best move, in win chance (0 for the best).
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub loss: f64,
    /// The review's mark for this loss (`best` … `blunder`; `forced` where it is the only
    /// legal move), by the thresholds of docs/dev/review.md.
    pub mark: MarkView,
}

/// The moves of `analysis`, best first, each with its review mark.
fn ranked(analysis: &Analysis) -> Vec<RankedMove> {
    let moves = analysis.moves();
    let forced = moves.len() == 1;
    moves
        .iter()
        .map(|m| RankedMove {
            mv: m.mv.to_string(),
            win_chance: m.win_chance,
            loss: m.loss,
            mark: if forced {
                Mark::Forced
            } else {
                Mark::of_loss(m.loss)
            }
            .into(),
        })
        .collect()
}

/// The hint for `game`; `None` where no decision is due. Runs a search: call it off the
/// runtime.
pub fn hint(game: &AnyGame) -> Option<Hint> {
    if !matches!(game.status(), Status::Decide { .. }) {
        return None;
    }
    let analysis = analysis::analyze_default(game, HINT_DEPTH);
    let table = perfect::supports(game)
        .then(|| perfect::solved(game.rule_set()))
        .flatten();
    if table.is_some() {
        let m = Perfect.choose(game).to_string();
        let win_chance = if analysis.calibrated {
            chance_of(&analysis, &m)
        } else {
            win_chance(game)
        };
        return Some(Hint {
            mv: m,
            player: "perfect".to_owned(),
            win_chance,
            calibrated: analysis.calibrated,
            moves: ranked(&analysis),
        });
    }
    let best = analysis.best()?.mv.to_string();
    Some(Hint {
        win_chance: analysis
            .calibrated
            .then(|| chance_of(&analysis, &best))
            .flatten(),
        mv: best,
        player: analysis.search_name(),
        calibrated: analysis.calibrated,
        moves: ranked(&analysis),
    })
}

/// The win chance the analysis gives move `mv`, to three decimals (a tenth of a percent, as
/// the page shows it).
fn chance_of(a: &Analysis, mv: &str) -> Option<f64> {
    a.moves()
        .iter()
        .find(|m| m.mv.to_string() == mv)
        .map(|m| (m.win_chance * 1000.0).round() / 1000.0)
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
    fn without_a_table_the_hint_is_the_analysis_best_move() {
        // Senet after Kendall, A to play a 1: 20-21 stays out of the House of Waters.
        let g = AnyGame::from_position("senet.kendall A:20,26,off*5 B:1,2,3,off*4 A 1").unwrap();
        let h = hint(&g).unwrap();
        let a = analysis::analyze_default(&g, HINT_DEPTH);
        assert_eq!(h.mv, "20-21");
        assert_eq!(h.mv, a.best().unwrap().mv.to_string());
        assert_eq!(h.player, a.search_name());
        // Every legal move, ranked as the analysis ranks them, each with its review mark.
        assert_eq!(h.calibrated, a.calibrated);
        assert_eq!(h.moves.len(), a.moves().len());
        assert!(h.moves.len() > 1);
        assert_eq!(h.moves[0].mv, h.mv);
        for (r, m) in h.moves.iter().zip(a.moves()) {
            assert_eq!(
                (r.mv.clone(), r.win_chance, r.loss),
                (m.mv.to_string(), m.win_chance, m.loss)
            );
            assert_eq!(r.mark, Mark::of_loss(m.loss).into());
        }
        assert!(h.moves.windows(2).all(|w| w[0].loss <= w[1].loss));
        // The hand-written evaluation only ranks moves: no chance is claimed from it.
        assert_eq!(h.win_chance.is_some(), a.calibrated);
        if !a.calibrated {
            assert_eq!(h.player, "expectimax:depth=2");
        }
        // A French race without its tables: the analysis's move, with a win chance where the
        // analysis knows it (the shipped French network), none where it only ranks.
        let race =
            AnyGame::from_position("hj.french A:L5,L12,L14,L16,L18 B:R3,R4,R7,R9,R11 A 1").unwrap();
        if perfect::solved(RuleSetId::HjFrench).is_none() {
            let h = hint(&race).unwrap();
            let a = analysis::analyze_default(&race, HINT_DEPTH);
            assert_eq!(h.mv, a.best().unwrap().mv.to_string());
            assert_eq!(h.win_chance.is_some(), a.calibrated);
        }
    }

    #[test]
    fn no_hint_where_no_decision_is_due() {
        for text in [
            "senet.kendall A:20,26,off*5 B:1,2,3,off*4 A throw",
            "senet.kendall A:off*7 B:20,24,off*5 A over:A turn=155",
        ] {
            assert_eq!(hint(&AnyGame::from_position(text).unwrap()), None, "{text}");
        }
        let start = RuleSetId::SenetSchool.new_game(&Options::new()).unwrap();
        assert_eq!(hint(&start), None);
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
        let greedy = || nefer_players::PlayerSpec::Greedy.build(1);
        let e = estimate(&g, &mut *greedy(), 120, long).unwrap();
        assert_eq!(e, by_hand(&g, &mut *greedy(), 120));
        assert!(e > 0.0 && e < 1.0, "{e}");
        assert_eq!(estimate(&g, &mut *greedy(), MIN_PLAYOUTS - 1, long), None);
        assert_eq!(estimate(&g, &mut *greedy(), 120, Duration::ZERO), None);
    }
}
