//! Game review: a whole game walked action by action, as gnubg's analysis of a match or the
//! game reviews of lichess and RoyalUr.net — what `nefer review` prints and the play server's
//! `GET /api/games/{id}/review` answers (docs/dev/review.md documents every field).
//!
//! - Every **decision** (a move, forced ones and passes included) is set against the
//!   [`analysis`] of the position before it: the played move's win chance, the
//!   best move's, the **loss** between them and a [`Mark`] by the thresholds below.
//! - Every **chance event** (a throw, or the draw of who starts) gets its **luck**: the win
//!   chance of the seat that throws once the outcome has fallen, less its expected win chance
//!   before the throw (the throw's analysis values every outcome, so luck needs no search of
//!   its own, and averages to zero over the outcomes).
//! - Per seat: [accuracy], the mean loss per decision (the error rate),
//!   the count of each mark, the sum of its luck and the **luck-adjusted result**.
//! - The **win-chance graph** (seat A's win chance after every action) and the **key
//!   moments** (the actions that moved it most).
//!
//! Each position is analysed once: a throw's analysis already searches the decision after
//! each outcome, and the one the game took is kept whole for that decision
//! (`analysis::analyze_chance_then`). So a review costs about one throw's analysis per
//! turn: in Senet, five searches `depth` decisions deep.
//!
//! Win chances are those of the evaluator: chances where it is calibrated (a network, the
//! exact race tables: [`Review::calibrated`]), only a ranking otherwise, and then losses, luck
//! and accuracy only rank too.
//!
//! ```
//! use std::sync::Arc;
//! use nefer_core::{Action, AnyGame, Move};
//! use nefer_players::eval::HandWritten;
//! use nefer_players::review::{Mark, review};
//!
//! // A to play a 1 near the end of a Senet game, then B's throw.
//! let g = AnyGame::from_position("senet.kendall A:20,26,off*5 B:1,2,3,off*4 A 1")?;
//! let played: Move = "20-21".parse().unwrap();
//! let r = review(&g, &[Action::Move(played)], 2, Arc::new(HandWritten), &|_, _| ())
//!     .expect("a legal game");
//! assert_eq!(r.decisions[0].mark, Mark::Best);
//! assert_eq!(r.seats.a.accuracy, Some(100.0));
//! assert_eq!(r.graph.len(), 2, "the start and the position after the move");
//! # Ok::<(), nefer_core::PositionError>(())
//! ```

use std::ops::ControlFlow;
use std::sync::Arc;
use std::time::Instant;

use nefer_core::record::{action_token, legal_strings, start_of};
use nefer_core::{Action, AnyGame, Chance, Game, Move, Outcome, Record, ReplayError, Seat, Status};
use serde::{Serialize, Serializer};

use crate::analysis::{self, Analysis, Node, analyze, as_text, as_text_or_null, default_evaluator};
use crate::eval::Evaluator;

/// A loss up to this (in win chance: 0.001 is a tenth of a point) still marks the best move:
/// searches round, and moves of equal worth differ by less.
///
/// Provisional, as every threshold here: gnubg's defaults, to be calibrated by the strength
/// measurement (what loss separates the levels' play in won games).
pub const BEST_WITHIN: f64 = 0.001;

/// A loss below this (two points of win chance) is a good move.
pub const GOOD_BELOW: f64 = 0.02;

/// A loss below this (five points), and at least [`GOOD_BELOW`], is an inaccuracy.
pub const INACCURACY_BELOW: f64 = 0.05;

/// A loss below this (ten points), and at least [`INACCURACY_BELOW`], is a mistake; from here
/// on, a blunder.
pub const MISTAKE_BELOW: f64 = 0.10;

/// How many key moments a review names.
pub const KEY_MOMENTS: usize = 5;

/// What a decision was, by its loss.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize)]
#[serde(rename_all = "lowercase")]
pub enum Mark {
    /// The only legal move (a pass included): no choice, so no mark, and out of accuracy.
    Forced,
    /// Lost at most [`BEST_WITHIN`].
    Best,
    /// Lost less than [`GOOD_BELOW`].
    Good,
    /// Lost less than [`INACCURACY_BELOW`].
    Inaccuracy,
    /// Lost less than [`MISTAKE_BELOW`].
    Mistake,
    /// Lost [`MISTAKE_BELOW`] or more.
    Blunder,
}

impl Mark {
    /// The mark of an unforced decision that lost `loss` (in win chance) against the best.
    pub fn of_loss(loss: f64) -> Mark {
        if loss <= BEST_WITHIN {
            Mark::Best
        } else if loss < GOOD_BELOW {
            Mark::Good
        } else if loss < INACCURACY_BELOW {
            Mark::Inaccuracy
        } else if loss < MISTAKE_BELOW {
            Mark::Mistake
        } else {
            Mark::Blunder
        }
    }

    /// The mark as the JSON writes it: `forced`, `best`, `good`, `inaccuracy`, `mistake`,
    /// `blunder`.
    pub fn as_str(self) -> &'static str {
        match self {
            Mark::Forced => "forced",
            Mark::Best => "best",
            Mark::Good => "good",
            Mark::Inaccuracy => "inaccuracy",
            Mark::Mistake => "mistake",
            Mark::Blunder => "blunder",
        }
    }

    /// Whether the mark is an inaccuracy or worse (what `nefer review` lists by default).
    pub fn is_error(self) -> bool {
        matches!(self, Mark::Inaccuracy | Mark::Mistake | Mark::Blunder)
    }
}

/// A seat's accuracy, in [0, 100]: `100 · (1 − total loss / total spread)` over its unforced
/// decisions, where a decision's spread is its best move's win chance less its worst's. The
/// share of what its choices put at stake that it kept: 100 for a seat that always played
/// the best move, 0 for one that always played the worst, and about 50 for random play,
/// whatever the rule set and the evaluator's scale. 100 where nothing was at stake (every
/// choice was worth the same).
///
/// Why not lichess's `100 · exp(−k · loss)` per decision: in a race game most decisions
/// are worth little, so a decay fit for chess calls random play 98 % accurate in Senet
/// (measured on the conformance records: a random player's mean loss is a third of a point
/// there, three points in Hounds & Jackals).
pub fn accuracy(total_loss: f64, total_spread: f64) -> f64 {
    if total_spread <= 0.0 {
        return 100.0;
    }
    (100.0 * (1.0 - total_loss / total_spread)).clamp(0.0, 100.0)
}

/// The review of a game.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct Review {
    /// The rule set's key.
    pub rules: String,
    /// The position the game started from (docs/dev/positions.md).
    pub start: String,
    /// Decisions searched for each value ([`analysis::analyze`]'s depth).
    pub depth: u32,
    /// The evaluator's name: `hand-written`, `neural`, `race-tables`, …
    pub evaluator: String,
    /// Whether every win chance is a chance (every analysis was calibrated); `false` where
    /// some only rank, and then losses, luck and accuracy only rank too.
    pub calibrated: bool,
    /// The actions reviewed (plies).
    pub plies: usize,
    /// The result where the game is over: `A`, `B`, `draw`; `null` while it goes on.
    #[serde(serialize_with = "result_or_null")]
    pub result: Option<Outcome>,
    /// The thresholds of the marks and the accuracy's decay, as this review used them.
    pub thresholds: Thresholds,
    /// Each seat's summary.
    pub seats: Seats,
    /// Every decision, in play order.
    pub decisions: Vec<DecisionReview>,
    /// Every chance event, in play order.
    pub throws: Vec<ThrowReview>,
    /// Seat A's win chance at the start (`graph[0]`) and after each action (`graph[k]` after
    /// the first `k`), as the analysis of that position values it; the game's score for A
    /// at a finished game's end. Seat B's is `1 − graph[k]`.
    pub graph: Vec<f64>,
    /// The actions that moved seat A's win chance most, largest swing first (at most
    /// [`KEY_MOMENTS`]; none that moved nothing).
    pub key_moments: Vec<KeyMoment>,
}

/// The thresholds a review marks decisions by, and the accuracy's decay.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct Thresholds {
    /// [`BEST_WITHIN`].
    pub best_within: f64,
    /// [`GOOD_BELOW`].
    pub good_below: f64,
    /// [`INACCURACY_BELOW`].
    pub inaccuracy_below: f64,
    /// [`MISTAKE_BELOW`].
    pub mistake_below: f64,
}

impl Thresholds {
    /// The thresholds of this module's constants.
    pub const CURRENT: Thresholds = Thresholds {
        best_within: BEST_WITHIN,
        good_below: GOOD_BELOW,
        inaccuracy_below: INACCURACY_BELOW,
        mistake_below: MISTAKE_BELOW,
    };
}

/// Both seats' summaries, written `{"A": …, "B": …}`.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct Seats {
    /// Seat A's.
    #[serde(rename = "A")]
    pub a: SeatReview,
    /// Seat B's.
    #[serde(rename = "B")]
    pub b: SeatReview,
}

impl Seats {
    /// The summary of `seat`.
    pub fn of(&self, seat: Seat) -> &SeatReview {
        match seat {
            Seat::A => &self.a,
            Seat::B => &self.b,
        }
    }

    fn of_mut(&mut self, seat: Seat) -> &mut SeatReview {
        match seat {
            Seat::A => &mut self.a,
            Seat::B => &mut self.b,
        }
    }
}

/// One seat's play and luck over the game.
#[derive(Clone, Debug, Default, PartialEq, Serialize)]
pub struct SeatReview {
    /// Its decisions with a choice (forced ones apart).
    pub decisions: usize,
    /// Its forced decisions (one legal move, a pass included).
    pub forced: usize,
    /// Its [`accuracy`] over its unforced decisions, in [0, 100]; `None` where it had none.
    pub accuracy: Option<f64>,
    /// Its mean loss per unforced decision, in win chance (gnubg's error rate; 0.004 is 4
    /// thousandths); `None` where it had none.
    pub error_rate: Option<f64>,
    /// The sum of its losses, in win chance.
    pub total_loss: f64,
    /// The sum of its unforced decisions' spreads (best less worst win chance).
    pub total_spread: f64,
    /// Its decisions marked best.
    pub best: usize,
    /// … good.
    pub good: usize,
    /// … inaccuracy.
    pub inaccuracies: usize,
    /// … mistake.
    pub mistakes: usize,
    /// … blunder.
    pub blunders: usize,
    /// Its throws.
    pub throws: usize,
    /// The sum of its throws' luck, in its win chance.
    pub luck: f64,
    /// Its luck net of the other seat's: its own luck, less the other's, plus the draw of
    /// who starts' for it (where the game draws who starts).
    pub net_luck: f64,
    /// Its score where the game is over: 1 a win, ½ a draw, 0 a loss; `None` while it goes
    /// on.
    pub result: Option<f64>,
    /// `result − net_luck`: what it would have scored with average luck (gnubg's "luck
    /// adjusted result"); `None` while the game goes on.
    pub luck_adjusted_result: Option<f64>,
}

/// A decision and what it cost.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct DecisionReview {
    /// Its index among the game's actions (from 0): `nefer analyze --record FILE --ply PLY`
    /// analyses the position it was made in.
    pub ply: usize,
    /// The seat that decided.
    #[serde(serialize_with = "as_text")]
    pub seat: Seat,
    /// The throw it played (`None` before any throw, as Kendall's water turn).
    pub throw: Option<u8>,
    /// The move played.
    #[serde(serialize_with = "as_text")]
    pub played: Move,
    /// Its win chance, for the seat that decided.
    pub win_chance: f64,
    /// The best move (the first of the analysis: among equals, the first in notation).
    #[serde(serialize_with = "as_text")]
    pub best: Move,
    /// The best move's win chance.
    pub best_win_chance: f64,
    /// The worst move's win chance (`best_win_chance − worst_win_chance` is the decision's
    /// spread: what it put at stake).
    pub worst_win_chance: f64,
    /// `best_win_chance − win_chance`, never below 0.
    pub loss: f64,
    /// What the decision was.
    pub mark: Mark,
    /// Whether it had one legal move only (then `mark` is `forced`).
    pub forced: bool,
    /// Its legal moves.
    pub choices: usize,
}

/// A chance event and its luck.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct ThrowReview {
    /// Its index among the game's actions (from 0).
    pub ply: usize,
    /// The seat that threw; `None` for the draw of who starts, whose values are seat A's.
    #[serde(serialize_with = "as_text_or_null")]
    pub seat: Option<Seat>,
    /// The outcome: a throw (`1`…`5`), two dice, or the seat drawn to start.
    #[serde(serialize_with = "as_text")]
    pub outcome: Chance,
    /// Its probability.
    pub probability: f64,
    /// The throwing seat's expected win chance before the throw.
    pub expected: f64,
    /// Its win chance once the outcome fell.
    pub win_chance: f64,
    /// `win_chance − expected`: positive for a good throw.
    pub luck: f64,
}

/// An action that moved seat A's win chance a lot.
#[derive(Clone, Debug, PartialEq, Serialize)]
pub struct KeyMoment {
    /// Its index among the game's actions.
    pub ply: usize,
    /// `move` or `throw` (a draw of who starts is a `throw`).
    pub kind: &'static str,
    /// The seat that moved or threw; `None` for the draw of who starts.
    #[serde(serialize_with = "as_text_or_null")]
    pub seat: Option<Seat>,
    /// The action, in notation.
    pub action: String,
    /// Seat A's win chance before it (`graph[ply]`).
    pub before: f64,
    /// … and after it (`graph[ply + 1]`).
    pub after: f64,
    /// `after − before`.
    pub swing: f64,
}

/// Why a game could not be reviewed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReviewError {
    /// The record's rule set, options or start are not usable, or an action is not legal where
    /// it stands.
    #[error(transparent)]
    Replay(#[from] ReplayError),
    /// The evaluator cannot value the game (a network of other rules).
    #[error("the {evaluator} evaluation cannot value this {rules} game")]
    Unsupported {
        /// The evaluator's name.
        evaluator: String,
        /// The game's rule set.
        rules: String,
    },
    /// The review was not done by its deadline ([`review_within`]).
    #[error("the review was not done in time: {done} of {total} positions analysed")]
    TooSlow {
        /// Positions analysed by then.
        done: usize,
        /// Positions to analyse.
        total: usize,
    },
    /// The observer of [`review_streaming`] asked it to stop (nobody reads on).
    #[error("the review was stopped: {done} of {total} positions analysed")]
    Stopped {
        /// Positions analysed by then.
        done: usize,
        /// Positions to analyse.
        total: usize,
    },
}

/// What a review has just computed, as [`review_streaming`] hands it on: position
/// `done − 1`'s point of the graph and, where an action was played there, its decision or
/// throw — the pieces of the [`Review`] in the order they come, so that a page can draw the
/// graph while the rest is analysed.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct ReviewStep {
    /// Positions analysed so far (the point below is the `done`-th, `graph[done − 1]`).
    pub done: usize,
    /// Positions to analyse: the actions and the final position.
    pub total: usize,
    /// Seat A's win chance at position `done − 1` ([`Review::graph`]).
    pub point: f64,
    /// The action played at that position, as the review has it; `None` for the final
    /// position.
    pub action: Option<StepAction>,
}

/// The review of the action of a [`ReviewStep`].
#[derive(Clone, Copy, Debug, PartialEq)]
pub enum StepAction {
    /// A move, as it goes into [`Review::decisions`].
    Decision(DecisionReview),
    /// A chance event, as it goes into [`Review::throws`].
    Throw(ThrowReview),
}

/// Reviews the game that starts at `start` and goes on with `actions`, each position valued
/// by [`analysis::analyze`] on `eval`, `depth` decisions deep (0 counts as 1). `progress` is
/// called with the positions analysed and their total (the actions and the final position)
/// after each.
///
/// Each depth costs ten to fifteen times the one before (see [`analysis::analyze`]): a whole
/// Senet game (530 actions) takes a tenth of a second at depth 2, 1.4 s at depth 3 and 22 s
/// at depth 4 (release build, one core).
///
/// # Errors
/// An action that is not legal where it stands (its index, token and the legal actions
/// there), or an evaluator that cannot value the game.
pub fn review(
    start: &AnyGame,
    actions: &[Action],
    depth: u32,
    eval: Arc<dyn Evaluator>,
    progress: &dyn Fn(usize, usize),
) -> Result<Review, ReviewError> {
    review_within(start, actions, depth, eval, progress, None)
}

/// [`review`] with the [`default_evaluator`] of the game.
///
/// # Errors
/// As [`review`].
pub fn review_default(
    start: &AnyGame,
    actions: &[Action],
    depth: u32,
    progress: &dyn Fn(usize, usize),
) -> Result<Review, ReviewError> {
    review(start, actions, depth, default_evaluator(start), progress)
}

/// The start and the actions of `record` (NOTATION §5), checked as [`nefer_core::replay`]
/// checks them, ready for [`review`].
///
/// # Errors
/// As [`nefer_core::replay`]: unknown rule set or options, a `position:` that does not fit,
/// an action malformed or illegal (its index, token and the legal actions there).
pub fn record_actions(record: &Record) -> Result<(AnyGame, Vec<Action>), ReplayError> {
    let start = start_of(record)?;
    let mut g = start.clone();
    let mut actions = Vec::with_capacity(record.actions.len());
    for (i, token) in record.actions.iter().enumerate() {
        actions.push(nefer_core::record::play_token(&mut g, i, token)?);
    }
    Ok((start, actions))
}

/// [`review`], stopping with [`ReviewError::TooSlow`] once `deadline` has passed (checked
/// before each position's analysis, each of which takes milliseconds at the depths a server
/// allows), so that a review nobody waits for any more does not hold a thread to its end.
///
/// # Errors
/// As [`review`], and [`ReviewError::TooSlow`].
pub fn review_within(
    start: &AnyGame,
    actions: &[Action],
    depth: u32,
    eval: Arc<dyn Evaluator>,
    progress: &dyn Fn(usize, usize),
    deadline: Option<Instant>,
) -> Result<Review, ReviewError> {
    review_streaming(
        start,
        actions,
        depth,
        eval,
        &mut |step| {
            progress(step.done, step.total);
            ControlFlow::Continue(())
        },
        deadline,
    )
}

/// [`review_within`], handing each position's results to `sink` as soon as they are known
/// (a [`ReviewStep`] after each position, in play order, the final position last; `done`
/// counts as [`review`]'s progress does), so that a caller can show the graph growing. The
/// [`Review`] returned holds the same values, and its summaries and key moments besides.
/// `sink` returning [`ControlFlow::Break`] stops the review at once with
/// [`ReviewError::Stopped`]: a server stops the work of a page that went away.
///
/// One loop serves [`review`] and this: the step is a few words on the stack, and one call
/// per position costs nothing beside the position's search.
///
/// # Errors
/// As [`review_within`], and [`ReviewError::Stopped`].
pub fn review_streaming(
    start: &AnyGame,
    actions: &[Action],
    depth: u32,
    eval: Arc<dyn Evaluator>,
    sink: &mut dyn FnMut(ReviewStep) -> ControlFlow<()>,
    deadline: Option<Instant>,
) -> Result<Review, ReviewError> {
    let depth = depth.max(1);
    if !eval.supports(start) {
        return Err(ReviewError::Unsupported {
            evaluator: eval.name().to_owned(),
            rules: start.rule_set().to_string(),
        });
    }
    let positions = replay_positions(start, actions)?;
    let n = actions.len();
    let total = n + 1;
    let mut graph = Vec::with_capacity(total);
    let mut decisions = Vec::new();
    let mut throws = Vec::new();
    let mut seats = Seats::default();
    let mut calibrated = true;
    // The analysis of the next position where the throw before it gave it whole.
    let mut next: Option<Analysis> = None;
    let mut net_luck_a = 0.0;
    for (ply, (g, &action)) in positions.iter().zip(actions).enumerate() {
        if deadline.is_some_and(|d| Instant::now() >= d) {
            return Err(ReviewError::TooSlow { done: ply, total });
        }
        let kept = next.take();
        let reviewed = match action {
            Action::Chance(c) => {
                let (a, after) = analysis::analyze_chance_then(g, depth, eval.clone(), c);
                calibrated &= a.calibrated;
                graph.push(for_a(&a));
                let t = throw_review(&a, ply, c);
                if let Some(thrower) = t.seat {
                    let s = seats.of_mut(thrower);
                    s.throws += 1;
                    s.luck += t.luck;
                }
                net_luck_a += if a.seat() == Some(Seat::A) {
                    t.luck
                } else {
                    -t.luck
                };
                throws.push(t);
                next = after;
                StepAction::Throw(t)
            }
            Action::Move(m) => {
                let a = kept.unwrap_or_else(|| analyze(g, depth, eval.clone()));
                calibrated &= a.calibrated;
                graph.push(for_a(&a));
                let d = decision_review(&a, ply, m);
                let s = seats.of_mut(d.seat);
                match d.mark {
                    Mark::Forced => s.forced += 1,
                    mark => {
                        s.decisions += 1;
                        s.total_loss += d.loss;
                        *match mark {
                            Mark::Best => &mut s.best,
                            Mark::Good => &mut s.good,
                            Mark::Inaccuracy => &mut s.inaccuracies,
                            Mark::Mistake => &mut s.mistakes,
                            _ => &mut s.blunders,
                        } += 1;
                        // The sum first, the mean below.
                        s.total_spread += d.best_win_chance - d.worst_win_chance;
                    }
                }
                decisions.push(d);
                StepAction::Decision(d)
            }
        };
        let step = ReviewStep {
            done: ply + 1,
            total,
            point: graph[ply],
            action: Some(reviewed),
        };
        if sink(step).is_break() {
            return Err(ReviewError::Stopped {
                done: ply + 1,
                total,
            });
        }
    }
    // The final position: kept whole by the throw before it, or over, or analysed now.
    let end = &positions[n];
    let result = end.outcome();
    let last = match (next, result) {
        (Some(a), _) => for_a(&a),
        (None, Some(o)) => score(o, Seat::A),
        (None, None) => {
            let a = analyze(end, depth, eval.clone());
            calibrated &= a.calibrated;
            for_a(&a)
        }
    };
    graph.push(last);
    let step = ReviewStep {
        done: total,
        total,
        point: last,
        action: None,
    };
    if sink(step).is_break() {
        return Err(ReviewError::Stopped { done: total, total });
    }
    for seat in [Seat::A, Seat::B] {
        let s = seats.of_mut(seat);
        if s.decisions > 0 {
            let count = s.decisions as f64;
            s.accuracy = Some(accuracy(s.total_loss, s.total_spread));
            s.error_rate = Some(s.total_loss / count);
        }
        s.net_luck = if seat == Seat::A {
            net_luck_a
        } else {
            -net_luck_a
        };
        s.result = result.map(|o| score(o, seat));
        s.luck_adjusted_result = s.result.map(|r| r - s.net_luck);
    }
    let key_moments = key_moments(&graph, actions, &positions);
    Ok(Review {
        rules: start.rule_set().to_string(),
        start: start.position(),
        depth,
        evaluator: eval.name().to_owned(),
        calibrated,
        plies: n,
        result,
        thresholds: Thresholds::CURRENT,
        seats,
        decisions,
        throws,
        graph,
        key_moments,
    })
}

/// Every position of the game: the start, then the one after each action.
fn replay_positions(start: &AnyGame, actions: &[Action]) -> Result<Vec<AnyGame>, ReplayError> {
    let mut positions = Vec::with_capacity(actions.len() + 1);
    let mut g = start.clone();
    positions.push(g.clone());
    for (index, &a) in actions.iter().enumerate() {
        g.apply(a).map_err(|e| ReplayError::Illegal {
            index,
            token: action_token(a),
            reason: format!("not legal here ({e})"),
            legal: legal_strings(&g),
        })?;
        positions.push(g.clone());
    }
    Ok(positions)
}

/// Seat A's win chance of an analysed position: its own where it is the analysis's seat, the
/// complement where not (values are zero-sum), the score where the game is over.
fn for_a(a: &Analysis) -> f64 {
    match (&a.node, a.seat(), a.win_chance()) {
        (Node::Over(o), _, _) => score(*o, Seat::A),
        (_, Some(Seat::A), Some(w)) => w,
        (_, _, Some(w)) => 1.0 - w,
        // A decision with no move cannot be (a pass is a move): even.
        _ => 0.5,
    }
}

/// `seat`'s score of a finished game.
fn score(o: Outcome, seat: Seat) -> f64 {
    match o {
        Outcome::Win(w) if w == seat => 1.0,
        Outcome::Win(_) => 0.0,
        Outcome::Draw => 0.5,
    }
}

/// The review of move `played` at the decision `a` analyses.
fn decision_review(a: &Analysis, ply: usize, played: Move) -> DecisionReview {
    let Node::Decide { seat, throw, moves } = &a.node else {
        unreachable!("a move is played at a decision")
    };
    let best = moves[0];
    // Every legal move is in the analysis, and the move was checked legal.
    let mine = moves
        .iter()
        .find(|m| m.mv == played)
        .copied()
        .unwrap_or(best);
    let forced = moves.len() == 1;
    DecisionReview {
        ply,
        seat: *seat,
        throw: throw.map(|t| t.value()),
        played,
        win_chance: mine.win_chance,
        best: best.mv,
        best_win_chance: best.win_chance,
        worst_win_chance: moves.last().map_or(best.win_chance, |m| m.win_chance),
        loss: mine.loss,
        mark: if forced {
            Mark::Forced
        } else {
            Mark::of_loss(mine.loss)
        },
        forced,
        choices: moves.len(),
    }
}

/// The review of outcome `c` of the chance event `a` analyses.
fn throw_review(a: &Analysis, ply: usize, c: Chance) -> ThrowReview {
    let Node::Throw {
        thrower,
        outcomes,
        value,
        ..
    } = &a.node
    else {
        unreachable!("an outcome falls at a chance event")
    };
    let expected = analysis::win_chance(*value);
    // The outcome was checked possible, and the analysis lists every possible one.
    let o = outcomes.iter().find(|o| o.outcome == c);
    let (probability, win_chance) = o.map_or((0.0, expected), |o| (o.probability, o.win_chance));
    ThrowReview {
        ply,
        seat: *thrower,
        outcome: c,
        probability,
        expected,
        win_chance,
        luck: win_chance - expected,
    }
}

/// The [`KEY_MOMENTS`] actions with the largest swings of `graph`, largest first (the earlier
/// among equals).
fn key_moments(graph: &[f64], actions: &[Action], positions: &[AnyGame]) -> Vec<KeyMoment> {
    let mut moments: Vec<KeyMoment> = actions
        .iter()
        .enumerate()
        .filter_map(|(ply, &action)| {
            let (before, after) = (graph[ply], graph[ply + 1]);
            let swing = after - before;
            // A swing too small to show (a forced move, a throw that changes nothing).
            if swing.abs() < 1e-6 {
                return None;
            }
            let (kind, seat) = match (action, positions[ply].status()) {
                (Action::Move(_), Status::Decide { seat, .. }) => ("move", Some(seat)),
                (_, Status::Chance { seat }) => ("throw", seat),
                _ => ("move", None),
            };
            Some(KeyMoment {
                ply,
                kind,
                seat,
                action: action_token(action),
                before,
                after,
                swing,
            })
        })
        .collect();
    moments.sort_by(|a, b| b.swing.abs().total_cmp(&a.swing.abs()));
    moments.truncate(KEY_MOMENTS);
    moments
}

/// A result as the API writes it ([`analysis::result_word`]), `null` while the game goes on.
fn result_or_null<S: Serializer>(o: &Option<Outcome>, s: S) -> Result<S::Ok, S::Error> {
    match o {
        Some(o) => s.serialize_str(analysis::result_word(*o)),
        None => s.serialize_none(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::{FakeEvaluator, HandWritten};
    use crate::sorted_moves;
    use nefer_core::{Options, RuleSetId, Throw};
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;
    use std::cell::Cell;

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    /// A French race valued by progress alone (the holes' numbers, 30 for a piece out): a
    /// value that does not depend on the throw to come, so that at depth 1 a move is worth
    /// the value of the position it leaves, and a throw's outcome the best of those.
    fn progress() -> FakeEvaluator {
        FakeEvaluator::from_fn(progress_value)
    }

    fn progress_value(g: &AnyGame, seat: Seat) -> f64 {
        let AnyGame::HjFrench(s) = g else {
            unreachable!()
        };
        if let Some(v) = crate::eval::outcome_value(g, seat) {
            return v;
        }
        let p = |x: Seat| {
            f64::from(s.holes_of(x).map(u32::from).sum::<u32>() + 30 * u32::from(s.out(x)))
        };
        ((p(seat) - p(seat.other())) / 40.0).tanh() * 0.999
    }

    /// `g` after move `m`, by its notation.
    fn after(g: &AnyGame, m: &str) -> AnyGame {
        let mut x = g.clone();
        x.play(m.parse().unwrap()).unwrap();
        x
    }

    /// The win chance of `seat`'s best move at decision `g`, by the progress values alone.
    fn best_by_hand(g: &AnyGame, seat: Seat) -> f64 {
        sorted_moves(g)
            .iter()
            .map(|&m| {
                let mut x = g.clone();
                x.play_unchecked(m);
                analysis::win_chance(progress_value(&x, seat))
            })
            .fold(f64::MIN, f64::max)
    }

    const FRENCH: &str = "hj.french A:L5,L12,L14,L16,L18 B:R3,R4,R7,R9,R11 A 1";

    #[test]
    fn a_small_game_is_marked_and_its_luck_counted_as_by_hand() {
        // A plays 12-13 with a 1 where the shortcut 5 → 20 gains 15 holes more; B throws a
        // 2 and plays its best.
        let g: AnyGame = FRENCH.parse().unwrap();
        let a_move: Move = "L12-L13".parse().unwrap();
        let mut x = after(&g, "L12-L13");
        let two = Chance::Throw(Throw::new(2).unwrap());
        let before_throw = x.clone();
        x.play_chance(two).unwrap();
        let b_best = sorted_moves(&x)
            .iter()
            .copied()
            .max_by(|&m, &n| {
                let v = |m| progress_value(&after(&x, &Move::to_string(&m)), Seat::B);
                v(m).total_cmp(&v(n))
            })
            .unwrap();
        let actions = [
            Action::Move(a_move),
            Action::Chance(two),
            Action::Move(b_best),
        ];
        let r = review(&g, &actions, 1, Arc::new(progress()), &|_, _| ()).unwrap();

        // A's decision: by hand, 65 + 15 holes against B's 34, or 65 + 1.
        let wc = |diff: f64| analysis::win_chance((diff / 40.0).tanh() * 0.999);
        let d = r.decisions[0];
        assert_eq!(
            (d.ply, d.seat, d.throw, d.played),
            (0, Seat::A, Some(1), a_move)
        );
        assert_eq!(d.best.to_string(), "L5-L20");
        assert!(close(d.best_win_chance, wc(80.0 - 34.0)), "{d:?}");
        assert!(close(d.win_chance, wc(66.0 - 34.0)), "{d:?}");
        let loss = wc(46.0) - wc(32.0);
        assert!(
            close(d.loss, loss) && (0.05..0.10).contains(&loss),
            "{loss}"
        );
        assert_eq!(d.mark, Mark::Mistake);
        assert!(!d.forced && d.choices == sorted_moves(&g).len());

        // B's throw: the best move after each outcome, weighed by its probability.
        let expected: f64 = before_throw
            .chance_outcomes()
            .iter()
            .map(|&(c, p)| {
                let mut y = before_throw.clone();
                y.play_chance(c).unwrap();
                p.to_f64() * best_by_hand(&y, Seat::B)
            })
            .sum();
        let t = r.throws[0];
        assert_eq!((t.ply, t.seat, t.outcome), (1, Some(Seat::B), two));
        assert!(
            close(t.probability, 6.0 / 16.0),
            "fair sticks: 6 of 16 throw a 2"
        );
        assert!(close(t.expected, expected), "{t:?} vs {expected}");
        assert!(close(t.win_chance, best_by_hand(&x, Seat::B)));
        assert!(close(t.luck, t.win_chance - t.expected));

        // B played its best.
        let d = r.decisions[1];
        assert_eq!((d.ply, d.seat, d.mark), (2, Seat::B, Mark::Best));

        // The seats.
        let (a, b) = (&r.seats.a, &r.seats.b);
        assert_eq!((a.decisions, a.mistakes, a.best, a.throws), (1, 1, 0, 0));
        // The worst move, by hand: what A's one decision put at stake.
        let worst = sorted_moves(&g)
            .iter()
            .map(|m| analysis::win_chance(progress_value(&after(&g, &m.to_string()), Seat::A)))
            .fold(f64::MAX, f64::min);
        assert!(close(r.decisions[0].worst_win_chance, worst));
        let spread = wc(46.0) - worst;
        assert!(close(a.total_spread, spread));
        assert!(close(a.accuracy.unwrap(), 100.0 * (1.0 - loss / spread)));
        assert!(close(a.error_rate.unwrap(), loss) && close(a.total_loss, loss));
        assert_eq!((b.decisions, b.best, b.throws), (1, 1, 1));
        assert_eq!((b.accuracy, b.error_rate), (Some(100.0), Some(0.0)));
        assert!(close(b.luck, t.luck) && a.luck == 0.0);
        assert!(close(a.net_luck, -t.luck) && close(b.net_luck, t.luck));
        assert_eq!(
            (a.result, a.luck_adjusted_result, r.result),
            (None, None, None)
        );

        // The graph: A's win chance before each action and at the end; the throw moved it
        // by B's luck, exactly.
        assert_eq!(r.graph.len(), 4);
        assert!(close(r.graph[0], wc(46.0)));
        assert!(close(r.graph[1], 1.0 - expected));
        assert!(close(r.graph[2], 1.0 - t.win_chance));
        assert!(close(r.graph[1] - r.graph[2], t.luck));
        assert!(r.graph.iter().all(|w| (0.0..=1.0).contains(w)));
        assert_eq!(r.key_moments.len(), 3);
        let biggest = r
            .key_moments
            .iter()
            .map(|k| k.swing.abs())
            .fold(0.0, f64::max);
        assert_eq!(r.key_moments[0].swing.abs(), biggest);
        for k in &r.key_moments {
            assert!(close(k.swing, r.graph[k.ply + 1] - r.graph[k.ply]));
        }
        assert_eq!((r.plies, r.depth, r.evaluator.as_str()), (3, 1, "fake"));
    }

    /// A game of `rules` from its start with seeded throws, each decision taken by `choose`,
    /// at most `plies` actions.
    fn game(
        rules: RuleSetId,
        seed: u64,
        plies: usize,
        mut choose: impl FnMut(&AnyGame) -> Move,
    ) -> (AnyGame, Vec<Action>) {
        let start = rules.new_game(&Options::new()).unwrap();
        let mut g = start.clone();
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut actions = Vec::new();
        while actions.len() < plies {
            let a = match g.status() {
                Status::Over(_) => break,
                Status::Chance { .. } => Action::Chance(g.sample_chance(&mut rng)),
                Status::Decide { .. } => Action::Move(choose(&g)),
            };
            g.apply(a).unwrap();
            actions.push(a);
        }
        (start, actions)
    }

    #[test]
    fn who_plays_the_best_move_every_time_is_100_accurate() {
        let hand: Arc<dyn Evaluator> = Arc::new(HandWritten);
        let h = hand.clone();
        let (start, actions) = game(RuleSetId::SenetKendall, 3, 60, move |g| {
            analyze(g, 1, h.clone()).best().unwrap().mv
        });
        let r = review(&start, &actions, 1, hand, &|_, _| ()).unwrap();
        for seat in [Seat::A, Seat::B] {
            let s = r.seats.of(seat);
            assert!(s.decisions > 0, "{seat}: {s:?}");
            assert_eq!(s.accuracy, Some(100.0), "{seat}");
            assert_eq!(s.error_rate, Some(0.0));
            assert_eq!(s.best, s.decisions);
        }
        assert!(r.decisions.iter().all(|d| d.loss == 0.0));
    }

    #[test]
    fn forced_moves_are_never_errors_and_stay_out_of_accuracy() {
        // Random play: blunders and forced moves alike.
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (start, actions) = game(RuleSetId::SenetKendall, 9, 120, move |g| {
            use rand::RngExt;
            let moves = sorted_moves(g);
            moves[rng.random_range(0..moves.len())]
        });
        let r = review(&start, &actions, 1, Arc::new(HandWritten), &|_, _| ()).unwrap();
        let forced: Vec<&DecisionReview> = r.decisions.iter().filter(|d| d.forced).collect();
        assert!(!forced.is_empty(), "the game has forced moves");
        for d in &forced {
            assert_eq!((d.mark, d.loss, d.choices), (Mark::Forced, 0.0, 1), "{d:?}");
        }
        for d in r.decisions.iter().filter(|d| !d.forced) {
            assert_eq!(d.mark, Mark::of_loss(d.loss));
            assert!(d.choices > 1);
        }
        assert!(
            r.decisions.iter().any(|d| d.mark.is_error()),
            "random play errs"
        );
        for seat in [Seat::A, Seat::B] {
            let s = r.seats.of(seat);
            let mine: Vec<&DecisionReview> =
                r.decisions.iter().filter(|d| d.seat == seat).collect();
            let unforced: Vec<f64> = mine.iter().filter(|d| !d.forced).map(|d| d.loss).collect();
            assert_eq!(s.forced, mine.len() - unforced.len());
            assert_eq!(s.decisions, unforced.len());
            let spread: f64 = mine
                .iter()
                .filter(|d| !d.forced)
                .map(|d| d.best_win_chance - d.worst_win_chance)
                .sum();
            let acc = 100.0 * (1.0 - unforced.iter().sum::<f64>() / spread);
            assert!(close(s.accuracy.unwrap(), acc));
            // Random play keeps about half of what is at stake.
            assert!((20.0..=80.0).contains(&acc), "{seat}: {acc}");
            assert!((0.0..=100.0).contains(&acc));
            let counted = s.best + s.good + s.inaccuracies + s.mistakes + s.blunders;
            assert_eq!(counted, s.decisions);
        }
        // A seat with forced moves only has no accuracy: a pass is no choice.
        let g: AnyGame = "senet.kendall A:28,off*6 B:1,off*6 A 1".parse().unwrap();
        if sorted_moves(&g).len() == 1 {
            let m = sorted_moves(&g)[0];
            let r = review(&g, &[Action::Move(m)], 1, Arc::new(HandWritten), &|_, _| ()).unwrap();
            assert_eq!(r.decisions[0].mark, Mark::Forced);
            assert_eq!(
                (r.seats.a.accuracy, r.seats.a.decisions, r.seats.a.forced),
                (None, 0, 1)
            );
        }
    }

    #[test]
    fn luck_sums_per_seat_and_the_result_is_adjusted_by_it() {
        let mut rng = ChaCha8Rng::seed_from_u64(4);
        // A whole French race (fast: no captures), random moves.
        let (start, actions) = game(RuleSetId::HjFrench, 4, usize::MAX, move |g| {
            use rand::RngExt;
            let moves = sorted_moves(g);
            moves[rng.random_range(0..moves.len())]
        });
        let calls = Cell::new(0);
        let last = Cell::new((0, 0));
        let r = review(&start, &actions, 1, Arc::new(progress()), &|done, total| {
            calls.set(calls.get() + 1);
            assert!(done <= total && done >= last.get().0);
            last.set((done, total));
        })
        .unwrap();
        assert_eq!(last.get(), (actions.len() + 1, actions.len() + 1));
        assert!(calls.get() >= actions.len());
        let over = r.result.expect("a whole game");
        // French draws who starts: its luck counts for A (against B), in no seat's throws.
        assert_eq!(r.throws[0].seat, None);
        let draw: f64 = r
            .throws
            .iter()
            .filter(|t| t.seat.is_none())
            .map(|t| t.luck)
            .sum();
        for seat in [Seat::A, Seat::B] {
            let s = r.seats.of(seat);
            let mine: Vec<&ThrowReview> =
                r.throws.iter().filter(|t| t.seat == Some(seat)).collect();
            assert_eq!(s.throws, mine.len());
            let luck: f64 = mine.iter().map(|t| t.luck).sum();
            assert!(close(s.luck, luck), "{seat}: {} vs {luck}", s.luck);
            let other = r.seats.of(seat.other());
            let drawn = if seat == Seat::A { draw } else { -draw };
            assert!(close(s.net_luck, s.luck - other.luck + drawn));
            let score = score(over, seat);
            assert_eq!(s.result, Some(score));
            assert!(close(s.luck_adjusted_result.unwrap(), score - s.net_luck));
        }
        for t in &r.throws {
            assert!(close(t.luck, t.win_chance - t.expected));
        }
        assert_eq!(r.graph.len(), actions.len() + 1);
        assert_eq!(*r.graph.last().unwrap(), score(over, Seat::A));
        assert!(r.key_moments.len() <= KEY_MOMENTS);
        for w in r.key_moments.windows(2) {
            assert!(w[0].swing.abs() >= w[1].swing.abs());
        }
    }

    #[test]
    fn each_position_is_valued_as_its_own_analysis_values_it() {
        // The decisions' analyses are the ones kept from the throws before them: the same
        // numbers as an analysis of the position alone.
        let (start, actions) = game(RuleSetId::HjSkiryuk, 5, 40, |g| sorted_moves(g)[0]);
        let hand: Arc<dyn Evaluator> = Arc::new(HandWritten);
        let r = review(&start, &actions, 2, hand.clone(), &|_, _| ()).unwrap();
        let positions = replay_positions(&start, &actions).unwrap();
        for d in &r.decisions {
            let a = analyze(&positions[d.ply], 2, hand.clone());
            let best = a.best().unwrap();
            assert_eq!((d.best, d.best_win_chance), (best.mv, best.win_chance));
            let mine = a.moves().iter().find(|m| m.mv == d.played).unwrap();
            assert_eq!((d.win_chance, d.loss), (mine.win_chance, mine.loss));
        }
        for t in &r.throws {
            let a = analyze(&positions[t.ply], 2, hand.clone());
            assert_eq!(t.expected, a.win_chance().unwrap());
        }
        for (k, g) in positions.iter().enumerate() {
            let a = analyze(g, 2, hand.clone());
            assert!(close(r.graph[k], for_a(&a)), "{k}");
        }
    }

    #[test]
    fn bad_games_are_refused_with_a_reason() {
        let g: AnyGame = FRENCH.parse().unwrap();
        let hand = || -> Arc<dyn Evaluator> { Arc::new(HandWritten) };
        // An illegal move, at its index, with what was legal.
        let bad = [
            Action::Move("L12-L13".parse().unwrap()),
            Action::Move("L5-L20".parse().unwrap()),
        ];
        match review(&g, &bad, 1, hand(), &|_, _| ()).unwrap_err() {
            ReviewError::Replay(ReplayError::Illegal { index, legal, .. }) => {
                assert_eq!(index, 1);
                assert!(!legal.is_empty());
            }
            e => panic!("{e}"),
        }
        // A network of other rules.
        // An untrained network: its first weights, as training makes them.
        let net = crate::train::Trainer::new(crate::train::TrainConfig {
            hidden: 8,
            ..crate::train::TrainConfig::new(RuleSetId::SenetKendall, 1, 5)
        })
        .unwrap()
        .evaluator();
        let e = review(&g, &[], 1, net, &|_, _| ()).unwrap_err();
        assert!(
            e.to_string().contains("cannot value this hj.french game"),
            "{e}"
        );
        // A deadline passed.
        let e =
            review_within(&g, &bad[..1], 1, hand(), &|_, _| (), Some(Instant::now())).unwrap_err();
        assert_eq!(e, ReviewError::TooSlow { done: 0, total: 2 });
        // A record's malformed token names its index.
        let rec = Record::parse("rules: hj.french\nactions: A 3 L3-L4x\n").unwrap();
        let e = record_actions(&rec).unwrap_err().to_string();
        assert!(e.contains("action 2 `L3-L4x`"), "{e}");
    }

    #[test]
    fn the_json_is_one_object_with_every_field() {
        let g: AnyGame = FRENCH.parse().unwrap();
        let actions = [Action::Move("L12-L13".parse().unwrap())];
        let r = review(&g, &actions, 1, Arc::new(progress()), &|_, _| ()).unwrap();
        let json = serde_json::to_value(&r).unwrap();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "rules",
                "start",
                "depth",
                "evaluator",
                "calibrated",
                "plies",
                "result",
                "thresholds",
                "seats",
                "decisions",
                "throws",
                "graph",
                "key_moments"
            ]
        );
        assert_eq!(json["result"], serde_json::Value::Null);
        assert_eq!(json["decisions"][0]["mark"], "mistake");
        assert_eq!(json["decisions"][0]["played"], "L12-L13");
        assert_eq!(json["decisions"][0]["best"], "L5-L20");
        assert_eq!(json["seats"]["A"]["mistakes"], 1);
        assert_eq!(json["seats"]["B"]["accuracy"], serde_json::Value::Null);
        assert_eq!(json["thresholds"]["mistake_below"], 0.1);
        assert_eq!(json["key_moments"][0]["kind"], "move");
        assert_eq!(json["key_moments"][0]["seat"], "A");
    }

    #[test]
    fn marks_follow_the_thresholds() {
        assert_eq!(Mark::of_loss(0.0), Mark::Best);
        assert_eq!(Mark::of_loss(BEST_WITHIN), Mark::Best);
        assert_eq!(Mark::of_loss(0.0011), Mark::Good);
        assert_eq!(Mark::of_loss(0.0199), Mark::Good);
        assert_eq!(Mark::of_loss(0.02), Mark::Inaccuracy);
        assert_eq!(Mark::of_loss(0.05), Mark::Mistake);
        assert_eq!(Mark::of_loss(0.0999), Mark::Mistake);
        assert_eq!(Mark::of_loss(0.10), Mark::Blunder);
        assert_eq!(Mark::of_loss(1.0), Mark::Blunder);
        assert_eq!(accuracy(0.0, 0.3), 100.0);
        assert_eq!(accuracy(0.0, 0.0), 100.0, "nothing at stake");
        assert_eq!(accuracy(0.1, 0.4), 75.0);
        assert_eq!(accuracy(0.3, 0.3), 0.0);
        assert_eq!(accuracy(0.5, 0.3), 0.0, "never below 0");
    }

    #[test]
    fn the_steps_streamed_are_the_review_in_the_order_it_is_made() {
        let mut rng = ChaCha8Rng::seed_from_u64(9);
        let (start, actions) = game(RuleSetId::HjFrench, 9, usize::MAX, move |g| {
            use rand::RngExt;
            let moves = sorted_moves(g);
            moves[rng.random_range(0..moves.len())]
        });
        let mut steps = Vec::new();
        let streamed = review_streaming(
            &start,
            &actions,
            1,
            Arc::new(progress()),
            &mut |s| {
                steps.push(s);
                ControlFlow::Continue(())
            },
            None,
        )
        .unwrap();
        // The same review as without a sink.
        let plain = review(&start, &actions, 1, Arc::new(progress()), &|_, _| ()).unwrap();
        assert_eq!(streamed, plain);
        // A step per position, in order; the graph, the decisions and the throws rebuilt
        // from the steps alone are the review's.
        let total = actions.len() + 1;
        assert_eq!(steps.len(), total);
        let (mut graph, mut decisions, mut throws) = (vec![], vec![], vec![]);
        for (k, s) in steps.iter().enumerate() {
            assert_eq!((s.done, s.total), (k + 1, total));
            graph.push(s.point);
            match s.action {
                Some(StepAction::Decision(d)) => decisions.push(d),
                Some(StepAction::Throw(t)) => throws.push(t),
                None => assert_eq!(k + 1, total, "only the final position has no action"),
            }
        }
        assert_eq!(graph, plain.graph);
        assert_eq!(decisions, plain.decisions);
        assert_eq!(throws, plain.throws);
        // A sink that breaks stops the review there: nothing more is analysed.
        let mut calls = 0;
        let e = review_streaming(
            &start,
            &actions,
            1,
            Arc::new(progress()),
            &mut |_| {
                calls += 1;
                if calls == 3 {
                    ControlFlow::Break(())
                } else {
                    ControlFlow::Continue(())
                }
            },
            None,
        )
        .unwrap_err();
        assert_eq!(e, ReviewError::Stopped { done: 3, total });
        assert_eq!(calls, 3);
    }
}
