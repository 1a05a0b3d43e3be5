//! The metrics of win chances along games (issue 18): luck against decisions, critical
//! decisions, drama, lead changes, decisiveness, comebacks — and the skill figure, an Elo
//! spread from win rates.
//!
//! A game's win chances come from its [`Review`] (the review
//! already values every action: seat A's win chance after each, every throw's luck, every
//! decision's best and worst move), so nothing is searched here: a [`Trajectory`] keeps what
//! the metrics need, and each metric is a plain function of it, tested on lists of win
//! chances worked out by hand. `docs/dev/study.md` defines each metric and names its source:
//! Cameron Browne's thesis *Automatic generation and evaluation of recombination games*
//! (2008) and Ludii's `Evaluation/src/metrics`, which computes Browne's metrics from its
//! own state evaluations; here they are computed from calibrated win chances instead.
//!
//! ```
//! use nefer_core::Seat;
//! use nefer_players::chances::{Trajectory, lead_changes, drama};
//!
//! // Seat A leads, falls behind, and wins.
//! let t = Trajectory::new(vec![0.6, 0.3, 0.4, 1.0], vec![true, false, true], vec![], Some(Seat::A));
//! assert_eq!(lead_changes(&t.graph), 2);
//! assert!((drama(&t.graph, Seat::A) - (0.0 + 0.4 + 0.2) / 3.0).abs() < 1e-12);
//! ```

use nefer_core::Seat;

use crate::review::Review;
use crate::sim::{Mean, Rate, Ratio, Unit, Z95};

/// A decision is critical where its best and worst legal moves differ by more than this in
/// win chance (ten points, issue 18's definition).
pub const CRITICAL_SPREAD: f64 = 0.10;

/// A game is a comeback where its winner's win chance fell below this (20 %, issue 18's
/// definition) at some point before the end.
pub const COMEBACK_BELOW: f64 = 0.20;

/// What the win-chance metrics need of one game.
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Trajectory {
    /// Seat A's win chance at the start (`graph[0]`) and after each action (`graph[k]` after
    /// the first `k`), the final position's score at a finished game's end: the review's
    /// [`graph`](Review::graph).
    pub graph: Vec<f64>,
    /// For each action, whether it was a chance event (a throw, the draw of who starts)
    /// rather than a decision; one shorter than `graph`.
    pub throws: Vec<bool>,
    /// For each decision, its spread: the best legal move's win chance less the worst's (0
    /// for a forced move).
    pub spreads: Vec<f64>,
    /// The winner, `None` for a draw or an unfinished game.
    pub winner: Option<Seat>,
}

impl Trajectory {
    /// A trajectory from its parts.
    ///
    /// # Panics
    /// If `throws` is not one shorter than `graph` (a programming error: both come from one
    /// game).
    pub fn new(
        graph: Vec<f64>,
        throws: Vec<bool>,
        spreads: Vec<f64>,
        winner: Option<Seat>,
    ) -> Trajectory {
        assert_eq!(
            throws.len() + 1,
            graph.len(),
            "one action between two values"
        );
        Trajectory {
            graph,
            throws,
            spreads,
            winner,
        }
    }

    /// The trajectory of a reviewed game.
    pub fn of_review(r: &Review) -> Trajectory {
        let mut throws = vec![false; r.plies];
        for t in &r.throws {
            throws[t.ply] = true;
        }
        Trajectory::new(
            r.graph.clone(),
            throws,
            r.decisions
                .iter()
                .map(|d| d.best_win_chance - d.worst_win_chance)
                .collect(),
            r.result.and_then(|o| o.winner()),
        )
    }

    /// The sum of the absolute changes of win chance over the throws and their number, then
    /// the same over the decisions.
    pub fn swings(&self) -> ((f64, u32), (f64, u32)) {
        let mut throws = (0.0, 0);
        let mut decisions = (0.0, 0);
        for (k, &is_throw) in self.throws.iter().enumerate() {
            let d = (self.graph[k + 1] - self.graph[k]).abs();
            let acc = if is_throw {
                &mut throws
            } else {
                &mut decisions
            };
            acc.0 += d;
            acc.1 += 1;
        }
        (throws, decisions)
    }

    /// The decisions whose spread exceeds [`CRITICAL_SPREAD`].
    pub fn critical(&self) -> u32 {
        self.spreads
            .iter()
            .filter(|&&s| s > CRITICAL_SPREAD)
            .count() as u32
    }
}

/// `seat`'s win chance where seat A's is `a`.
fn of_seat(a: f64, seat: Seat) -> f64 {
    match seat {
        Seat::A => a,
        Seat::B => 1.0 - a,
    }
}

/// The times the leader changes along `graph` (seat A's win chances): the leader is the seat
/// whose win chance is above one half; a position at exactly one half has none and changes
/// nothing (the lead passes when the other seat gets above one half). After Ludii's
/// `LeadChange`, which counts changes of the set of leading players by its evaluations;
/// Browne (2008) counts lead changes the same way.
pub fn lead_changes(graph: &[f64]) -> u32 {
    let mut leader: Option<bool> = None;
    let mut changes = 0;
    for &w in graph {
        let now = if w > 0.5 {
            Some(true)
        } else if w < 0.5 {
            Some(false)
        } else {
            None
        };
        if let Some(now) = now {
            if leader.is_some_and(|l| l != now) {
                changes += 1;
            }
            leader = Some(now);
        }
    }
    changes
}

/// Drama: how far behind the eventual winner was, on average over the positions before the
/// end — the mean over `graph[0..n−1]` of max(0, 1 − 2·v), v the winner's win chance: the
/// leader's win chance less the winner's, as Ludii's `Drama` (after Browne's drama) takes
/// the highest evaluation less the winner's. 0 where the winner never trailed; 1 at most.
/// 0 for a graph of one value (no position before the end).
pub fn drama(graph: &[f64], winner: Seat) -> f64 {
    let before = &graph[..graph.len().saturating_sub(1)];
    if before.is_empty() {
        return 0.0;
    }
    before
        .iter()
        .map(|&w| (1.0 - 2.0 * of_seat(w, winner)).max(0.0))
        .sum::<f64>()
        / before.len() as f64
}

/// Decisiveness, as Ludii's `DecisivenessMoves` with its `DecisivenessThreshold`: the share
/// of the game's actions played before the winner's win chance first rose above the highest
/// win chance the loser ever had. The lower, the earlier a game is settled; 1 where the
/// winner only got there at the end. `None` for a graph of one value.
pub fn decided_at(graph: &[f64], winner: Seat) -> Option<f64> {
    let actions = graph.len().checked_sub(1).filter(|&n| n > 0)?;
    // The loser's best, over the positions before the end (the end is the result).
    let threshold = graph[..actions]
        .iter()
        .map(|&w| of_seat(w, winner.other()))
        .fold(0.0, f64::max);
    let first = graph
        .iter()
        .position(|&w| of_seat(w, winner) > threshold)
        .unwrap_or(actions);
    Some(first as f64 / actions as f64)
}

/// Whether the winner came back: its win chance was below [`COMEBACK_BELOW`] at some
/// position before the end (RoyalUr's and backgammon's sense of a comeback).
pub fn comeback(graph: &[f64], winner: Seat) -> bool {
    graph[..graph.len().saturating_sub(1)]
        .iter()
        .any(|&w| of_seat(w, winner) < COMEBACK_BELOW)
}

/// A game's swings of win chance: (Σ|Δw|, count) over its throws, then over its decisions
/// ([`Trajectory::swings`]).
type Swings = ((f64, u32), (f64, u32));

/// The win-chance metrics of many games, each with its 95 % interval (`docs/dev/study.md`).
#[derive(Clone, Debug, PartialEq)]
pub struct ChanceSummary {
    /// Games.
    pub games: u32,
    /// Luck per throw: Σ|Δw| over throws / throws, the games as clusters.
    pub luck_per_throw: Ratio,
    /// Change per decision: Σ|Δw| over decisions / decisions.
    pub change_per_decision: Ratio,
    /// The share of all change of win chance that throws made: Σ|Δw| over throws / Σ|Δw|.
    pub luck_share: Ratio,
    /// Critical decisions over all decisions.
    pub critical: Ratio,
    /// [`drama`] per decisive game.
    pub drama: Mean,
    /// [`lead_changes`] per game.
    pub lead_changes: Mean,
    /// [`decided_at`] per decisive game.
    pub decisiveness: Mean,
    /// Comebacks over decisive games.
    pub comebacks: Rate,
}

impl ChanceSummary {
    /// Summarises the trajectories of a row's games, independent games in game order.
    pub fn of(games: &[Trajectory]) -> ChanceSummary {
        ChanceSummary::of_units(games, Unit::Game)
    }

    /// Summarises the trajectories of a row's games in game order, every interval taken with
    /// `unit` as the unit of independent results (the pair on duplicate dice): ratios with the
    /// unit as the cluster, means and the comeback rate with the unit as the cluster of the
    /// games they count ([`Mean::in_units`], [`Rate::in_units`]).
    pub fn of_units(games: &[Trajectory], unit: Unit) -> ChanceSummary {
        let swings: Vec<_> = games.iter().map(Trajectory::swings).collect();
        let ratio = |f: &dyn Fn(&Swings) -> (f64, f64), share| {
            Ratio::in_units(&swings.iter().map(f).collect::<Vec<_>>(), unit, share)
        };
        // The metrics of decisive games: `None` for a draw, which counts in no mean.
        let of_won = |f: &dyn Fn(&Trajectory, Seat) -> Option<f64>| -> Vec<Option<f64>> {
            games
                .iter()
                .map(|t| t.winner.and_then(|w| f(t, w)))
                .collect()
        };
        ChanceSummary {
            games: games.len() as u32,
            luck_per_throw: ratio(&|&((s, n), _)| (s, f64::from(n)), false),
            change_per_decision: ratio(&|&(_, (s, n))| (s, f64::from(n)), false),
            luck_share: ratio(&|&((t, _), (d, _))| (t, t + d), true),
            critical: Ratio::in_units(
                &games
                    .iter()
                    .map(|t| (f64::from(t.critical()), t.spreads.len() as f64))
                    .collect::<Vec<_>>(),
                unit,
                true,
            ),
            drama: Mean::in_units(&of_won(&|t, w| Some(drama(&t.graph, w))), unit),
            lead_changes: Mean::in_units(
                &games
                    .iter()
                    .map(|t| Some(f64::from(lead_changes(&t.graph))))
                    .collect::<Vec<_>>(),
                unit,
            ),
            decisiveness: Mean::in_units(&of_won(&|t, w| decided_at(&t.graph, w)), unit),
            comebacks: Rate::in_units(
                &games
                    .iter()
                    .map(|t| match t.winner {
                        Some(w) => (comeback(&t.graph, w), true),
                        None => (false, false),
                    })
                    .collect::<Vec<_>>(),
                unit,
            ),
        }
    }
}

/// A score (wins, plus half the draws, over the games) with its 95 % interval and the Elo
/// difference it implies.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Score {
    /// Games.
    pub games: u32,
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// (wins + draws/2) / games.
    pub score: f64,
    /// Its 95 % Wilson interval (draws counted as half a win).
    pub ci95: (f64, f64),
    /// The Elo difference the score implies, 400·log₁₀(s / (1 − s)): infinite at 0 or 1.
    pub elo: f64,
    /// The Elo difference at each bound of the interval.
    pub elo_ci95: (f64, f64),
}

/// The Elo difference of a score `s` in [0, 1]: 400·log₁₀(s/(1 − s)), the logistic model's
/// inverse (±∞ at 1 and 0).
pub fn elo(s: f64) -> f64 {
    400.0 * (s / (1.0 - s)).log10()
}

impl Score {
    /// The score of `wins` and `draws` in `games`.
    pub fn of(wins: u32, draws: u32, games: u32) -> Score {
        let k = f64::from(wins) + f64::from(draws) / 2.0;
        let n = f64::from(games);
        let score = if games == 0 { 0.5 } else { k / n };
        let ci95 = wilson_f64(k, n);
        Score {
            games,
            wins,
            draws,
            score,
            ci95,
            elo: elo(score),
            elo_ci95: (elo(ci95.0), elo(ci95.1)),
        }
    }
}

/// The 95 % Wilson interval of `k` successes (fractional: half a win for a draw) in `n`.
fn wilson_f64(k: f64, n: f64) -> (f64, f64) {
    if n <= 0.0 {
        return (0.0, 1.0);
    }
    let z = Z95;
    let p = k / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    // At k = n (or 0) the bound is 1 (or 0) exactly; rounding leaves it a hair inside, which
    // the Elo scale turns into a large finite number instead of infinity.
    let lo = if k <= 0.0 {
        0.0
    } else {
        (centre - half).max(0.0)
    };
    let hi = if k >= n {
        1.0
    } else {
        (centre + half).min(1.0)
    };
    (lo, hi)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nefer_core::Seat::{A, B};

    fn close(x: f64, want: f64) -> bool {
        (x - want).abs() < 1e-9
    }

    /// A game of six actions: throw, decision, throw, decision, throw, decision. Seat A's
    /// win chances 0.50 0.30 0.30 0.15 0.20 0.60 1.00: B leads from the first throw, A falls
    /// below 20 %, comes back and wins.
    fn comeback_game() -> Trajectory {
        Trajectory::new(
            vec![0.5, 0.3, 0.3, 0.15, 0.2, 0.6, 1.0],
            vec![true, false, true, false, true, false],
            vec![0.0, 0.25, 0.05],
            Some(A),
        )
    }

    #[test]
    fn swings_split_throws_from_decisions() {
        let ((t, nt), (d, nd)) = comeback_game().swings();
        // Throws: |0.3 − 0.5| + |0.15 − 0.3| + |0.6 − 0.2| = 0.2 + 0.15 + 0.4 = 0.75.
        assert!(close(t, 0.75) && nt == 3);
        // Decisions: 0 + |0.2 − 0.15| + |1 − 0.6| = 0.05 + 0.4 = 0.45.
        assert!(close(d, 0.45) && nd == 3);
        // One decision of three spread over ten points.
        assert_eq!(comeback_game().critical(), 1);
    }

    #[test]
    fn lead_changes_by_hand() {
        // 0.5 has no leader; B leads from 0.3; A from 0.6: one change.
        assert_eq!(lead_changes(&comeback_game().graph), 1);
        // A, even, B, even, A, B: the even positions change nothing; three changes.
        assert_eq!(lead_changes(&[0.7, 0.5, 0.4, 0.5, 0.9, 0.2]), 3);
        assert_eq!(lead_changes(&[0.5, 0.5]), 0);
        assert_eq!(lead_changes(&[]), 0);
    }

    #[test]
    fn drama_by_hand() {
        // A wins; before the end A's chances 0.5 0.3 0.3 0.15 0.2 0.6: the shortfalls
        // max(0, 1 − 2v) are 0, 0.4, 0.4, 0.7, 0.6, 0: sum 2.1 over 6 = 0.35.
        let g = comeback_game();
        assert!(close(drama(&g.graph, A), 0.35));
        // Had B won (a graph ending at 0), B's chances 0.5 0.7 0.7 0.85 0.8 0.4: only the
        // last trails, by 1 − 0.8 = 0.2: 0.2 / 6.
        let mut b = g.graph.clone();
        *b.last_mut().unwrap() = 0.0;
        assert!(close(drama(&b, B), 0.2 / 6.0));
        assert_eq!(drama(&[1.0], A), 0.0);
    }

    #[test]
    fn decisiveness_by_hand() {
        // Loser B's best before the end: 1 − 0.15 = 0.85. A first exceeds 0.85 at the end,
        // position 6 of 6 actions: decided at 1.
        let g = comeback_game();
        assert_eq!(decided_at(&g.graph, A), Some(1.0));
        // A leads 0.6 0.8 0.7 0.9 then wins: B's best is 0.4; A is above it from position 0.
        assert_eq!(decided_at(&[0.6, 0.8, 0.7, 0.9, 1.0], A), Some(0.0));
        // 0.5 0.45 0.7 0.65 0.8 1: B's best 0.55; A above it first at position 2 of 5: 0.4.
        assert_eq!(
            decided_at(&[0.5, 0.45, 0.7, 0.65, 0.8, 1.0], A),
            Some(2.0 / 5.0)
        );
        assert_eq!(decided_at(&[1.0], A), None);
    }

    #[test]
    fn comebacks_by_hand() {
        let g = comeback_game();
        assert!(comeback(&g.graph, A));
        // B never fell below 0.2 (its lowest before the end, 1 − 0.6 = 0.4).
        let mut b = g.graph.clone();
        *b.last_mut().unwrap() = 0.0;
        assert!(!comeback(&b, B));
        // The end itself does not count: a loser's 0 is no comeback of the winner's.
        assert!(!comeback(&[0.5, 0.3, 0.0], B));
    }

    /// Two games summarised: every figure by hand.
    #[test]
    fn a_summary_by_hand() {
        let one = comeback_game();
        // A second game: B wins without drama. B's chances 0.5 0.6 0.6 0.8 1 (A's 0.5 0.4
        // 0.4 0.2 0): throw, decision, throw, decision.
        let two = Trajectory::new(
            vec![0.5, 0.4, 0.4, 0.2, 0.0],
            vec![true, false, true, false],
            vec![0.0, 0.12],
            Some(B),
        );
        let s = ChanceSummary::of(&[one, two]);
        assert_eq!(s.games, 2);
        // Throws: 0.75 over 3 and 0.1 + 0.2 = 0.3 over 2: 1.05 / 5 = 0.21.
        assert!(close(s.luck_per_throw.value, 0.21));
        // Decisions: 0.45 over 3 and 0 + 0.2 over 2: 0.65 / 5 = 0.13.
        assert!(close(s.change_per_decision.value, 0.13));
        // Luck's share: (0.75 + 0.3) / (1.2 + 0.5) = 1.05 / 1.7.
        assert!(close(s.luck_share.value, 1.05 / 1.7));
        // Critical: 1 of 3 and 1 of 2: 2 of 5.
        assert!(close(s.critical.value, 0.4));
        // Drama: 0.35 and 0 (B never trailed: its chances 0.5 0.6 0.6 0.8 before the end).
        assert!(close(s.drama.mean, 0.175));
        // Lead changes 1 and 0.
        assert!(close(s.lead_changes.mean, 0.5));
        // Decided at 1 and, for B (A's best before the end 0.5; B above it from position 1
        // of 4), 0.25.
        assert!(close(s.decisiveness.mean, 0.625));
        // One comeback in two decisive games.
        assert_eq!((s.comebacks.wins, s.comebacks.rate), (1, 0.5));
        // Means of two values have an interval; the decisiveness's: 0.625 ± 1.96·s/√2 with
        // s = √((0.375² + 0.375²)/1) = 0.53033.
        assert!(close(
            s.decisiveness.ci95.1,
            0.625 + Z95 * 0.530_330_085_889_910_6 / 2f64.sqrt()
        ));
        // A drawn game counts in luck and lead changes, not in drama or comebacks.
        let drawn = Trajectory::new(vec![0.5, 0.7, 0.5], vec![true, false], vec![0.0], None);
        let s = ChanceSummary::of(&[comeback_game(), drawn]);
        assert_eq!((s.drama.n, s.comebacks.wins, s.comebacks.rate), (1, 1, 1.0));
        assert_eq!(s.lead_changes.n, 2);
    }

    #[test]
    fn scores_and_elo_by_hand() {
        // 75 of 100: Elo 400·log₁₀3 = 190.85.
        let s = Score::of(75, 0, 100);
        assert!(close(s.score, 0.75));
        assert!((s.elo - 190.848_501_887_864_9).abs() < 1e-9);
        // Wilson for 75 of 100: centre (0.75 + 1.96²/200) / (1 + 1.96²/100) = 0.740755,
        // half-width 1.96·√(0.001875 + 1.96²/40000) / 1.038415 = 0.083800: [0.656955,
        // 0.824548]; Elo at the bounds.
        assert!((s.ci95.0 - 0.656_955).abs() < 1e-6 && (s.ci95.1 - 0.824_548).abs() < 1e-6);
        assert!(close(s.elo_ci95.0, elo(s.ci95.0)));
        // A draw counts half: 70 wins and 10 draws of 100 score 0.75 too.
        assert!(close(Score::of(70, 10, 100).score, 0.75));
        // Even: 0 Elo; a clean sweep: infinite, with a finite lower bound.
        assert_eq!(Score::of(5, 0, 10).elo, 0.0);
        let all = Score::of(10, 0, 10);
        assert!(all.elo.is_infinite() && all.elo_ci95.0.is_finite());
        assert_eq!((all.ci95.1, all.elo_ci95.1), (1.0, f64::INFINITY));
        let none = Score::of(0, 0, 10);
        assert_eq!((none.ci95.0, none.elo_ci95.0), (0.0, f64::NEG_INFINITY));
    }

    /// Two pairs on duplicate dice whose games mirror each other: in each pair the same seat
    /// wins after one lead change and the other game has none, so every pair has the same
    /// sums and the pair-unit intervals close on the value, where the game-unit ones stay wide.
    #[test]
    fn pair_unit_win_chance_metrics_by_hand() {
        let t = |graph: &[f64], winner| {
            let throws = (0..graph.len() - 1).map(|k| k % 2 == 0).collect();
            Trajectory::new(graph.to_vec(), throws, vec![], Some(winner))
        };
        let games = [
            // Lead changes 2 (A, B, A); A's drama (0 + 0 + 0.2)/3 = 1/15.
            t(&[0.5, 0.6, 0.4, 1.0], A),
            // No lead change, no drama.
            t(&[0.5, 0.7, 1.0], A),
            // B wins after two changes (B, A, B); B's chances 0.5 0.7 0.4: drama 1/15.
            t(&[0.5, 0.3, 0.6, 0.0], B),
            t(&[0.5, 0.4, 0.0], B),
        ];
        let by_game = ChanceSummary::of(&games);
        let by_pair = ChanceSummary::of_units(&games, Unit::Pair);
        // Lead changes 2, 0, 2, 0: mean 1; by game, s = √(4/3), 1 ± 1.959964·1.154701/2 =
        // 1 ± 1.131607; by pair, sums 2 and 2 over 2 games each: no spread, [1, 1].
        assert_eq!(
            (by_pair.lead_changes.mean, by_pair.lead_changes.ci95),
            (1.0, (1.0, 1.0))
        );
        assert!(close(
            by_game.lead_changes.ci95.1,
            1.0 + 1.959_963_984_540_054 * (4f64 / 3.0).sqrt() / 2.0
        ));
        // Drama 1/15, 0, 1/15, 0: pairs (1/15, 2) and (1/15, 2), R = 1/30 without spread.
        assert!(close(by_pair.drama.mean, 1.0 / 30.0));
        assert!(close(by_pair.drama.ci95.0, 1.0 / 30.0) && close(by_pair.drama.ci95.1, 1.0 / 30.0));
        assert!(by_game.drama.ci95.1 - by_game.drama.ci95.0 > 0.05);
        // No comebacks: 0 of 4; Wilson's [0, 0.4899] by game, [0, 0] by pair (a normal
        // interval has no width where every pair counts the same).
        assert_eq!(by_pair.comebacks.wins, 0);
        assert_eq!(by_pair.comebacks.ci95, (0.0, 0.0));
        assert!(close(by_game.comebacks.ci95.1, crate::sim::wilson(0, 4).1));
        // The figures do not depend on the unit.
        assert_eq!(by_pair.luck_per_throw.value, by_game.luck_per_throw.value);
        assert_eq!(by_pair.luck_share.value, by_game.luck_share.value);
    }
}
