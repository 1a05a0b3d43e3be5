//! `GET /api/games/{id}/review`: the review of a game of this server on the wire
//! ([`nefer_players::review`], docs/dev/review.md), with its schema. The wire form is the one
//! `nefer review --json` prints: the players' crate serializes it, and these types only mirror
//! it for the OpenAPI document (a test checks that both write the same JSON).

use nefer_players::analysis::REVIEW_DEPTH;
use nefer_players::review::{
    DecisionReview, KeyMoment, Mark, Review, ReviewStep, SeatReview, Seats, StepAction, Thresholds,
    ThrowReview,
};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::view::{GameResult, SeatKey, result_of};

/// The deepest review the server runs: as an analysis (`crate::analyze::MAX_DEPTH`), each
/// position at most a few tens of milliseconds (release build), so that a whole game's
/// review stays within [`crate::api`]'s review timeout.
pub const MAX_DEPTH: u32 = crate::analyze::MAX_DEPTH;

/// The query of `GET /api/games/{id}/review`: `?depth=D`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct ReviewQuery {
    /// Decisions searched for each value, the move itself the first: 1 to 3, 3 when absent
    /// (`REVIEW_DEPTH`; 2 is about ten times faster).
    #[param(minimum = 1, maximum = 3)]
    pub depth: Option<u32>,
}

impl ReviewQuery {
    /// The depth asked for, within the server's bound.
    ///
    /// # Errors
    /// `400` for a depth outside `1..=MAX_DEPTH`.
    pub fn depth(&self) -> Result<u32, ApiError> {
        match self.depth {
            None => Ok(REVIEW_DEPTH),
            Some(d) if (1..=MAX_DEPTH).contains(&d) => Ok(d),
            Some(d) => Err(ApiError::bad_request(format!(
                "depth {d} is out of bounds: this server reviews 1 to {MAX_DEPTH} decisions deep"
            ))),
        }
    }
}

/// The review of a game: each decision's loss against the best move and its mark, each
/// throw's luck, each seat's summary, seat A's win chance after every action and the key
/// moments (docs/dev/review.md). Win chances and losses are in [0, 1] (0.05 is five points);
/// they are chances where `calibrated`, else only a ranking.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(as = Review)]
pub struct ReviewView {
    /// The rule set's key.
    #[schema(examples("senet.kendall"))]
    pub rules: String,
    /// The position the game started from (docs/dev/positions.md).
    pub start: String,
    /// Decisions searched for each value.
    #[schema(minimum = 1)]
    pub depth: u32,
    /// What valued the positions: `hand-written`, `neural` or `race-tables`.
    #[schema(examples("hand-written", "neural", "race-tables"))]
    pub evaluator: String,
    /// Whether every win chance is a chance: `false` where some only rank moves (the
    /// hand-written evaluation), and then losses, luck and accuracy only rank too.
    pub calibrated: bool,
    /// The actions reviewed.
    #[schema(minimum = 0)]
    pub plies: usize,
    /// The result; `null` while the game goes on.
    #[schema(required = true)]
    pub result: Option<GameResult>,
    /// The thresholds the marks were given by.
    pub thresholds: ThresholdsView,
    /// Each seat's summary.
    pub seats: SeatsView,
    /// Every decision, in play order.
    pub decisions: Vec<DecisionView>,
    /// Every chance event (throw, or draw of who starts), in play order.
    pub throws: Vec<ThrowView>,
    /// Seat A's win chance at the start and after each action (`graph[k]`: after the first
    /// `k`; `plies + 1` values); a finished game's last is A's score.
    pub graph: Vec<f64>,
    /// The actions that moved seat A's win chance most, largest swing first (at most 5).
    pub key_moments: Vec<KeyMomentView>,
}

/// The thresholds of the marks, in win chance.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(as = ReviewThresholds)]
pub struct ThresholdsView {
    /// A loss up to this is `best`.
    pub best_within: f64,
    /// Below this, `good`.
    pub good_below: f64,
    /// Below this, `inaccuracy`.
    pub inaccuracy_below: f64,
    /// Below this, `mistake`; from here on, `blunder`.
    pub mistake_below: f64,
}

/// Both seats' summaries.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(as = ReviewSeats)]
pub struct SeatsView {
    /// Seat A's.
    #[serde(rename = "A")]
    pub a: SeatReviewView,
    /// Seat B's.
    #[serde(rename = "B")]
    pub b: SeatReviewView,
}

/// One seat's play and luck over the game.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(as = SeatReview)]
pub struct SeatReviewView {
    /// Its decisions with a choice.
    #[schema(minimum = 0)]
    pub decisions: usize,
    /// Its forced decisions (one legal move, a pass included), left out of accuracy.
    #[schema(minimum = 0)]
    pub forced: usize,
    /// `100 · (1 − total_loss / total_spread)`: the share of what its decisions put at stake
    /// that it kept (100 best play, about 50 random, 0 the worst); `null` without decisions.
    #[schema(required = true, minimum = 0.0, maximum = 100.0)]
    pub accuracy: Option<f64>,
    /// Its mean loss per decision, in win chance; `null` without decisions.
    #[schema(required = true, minimum = 0.0, maximum = 1.0)]
    pub error_rate: Option<f64>,
    /// The sum of its losses.
    #[schema(minimum = 0.0)]
    pub total_loss: f64,
    /// The sum of its decisions' spreads (best less worst move's win chance).
    #[schema(minimum = 0.0)]
    pub total_spread: f64,
    /// Decisions marked `best`.
    #[schema(minimum = 0)]
    pub best: usize,
    /// … `good`.
    #[schema(minimum = 0)]
    pub good: usize,
    /// … `inaccuracy`.
    #[schema(minimum = 0)]
    pub inaccuracies: usize,
    /// … `mistake`.
    #[schema(minimum = 0)]
    pub mistakes: usize,
    /// … `blunder`.
    #[schema(minimum = 0)]
    pub blunders: usize,
    /// Its throws.
    #[schema(minimum = 0)]
    pub throws: usize,
    /// The sum of its throws' luck, in its win chance.
    pub luck: f64,
    /// Its luck less the other seat's, plus the draw of who starts' for it.
    pub net_luck: f64,
    /// Its score once the game is over (1, 0.5, 0); `null` while it goes on.
    #[schema(required = true, minimum = 0.0, maximum = 1.0)]
    pub result: Option<f64>,
    /// `result − net_luck`: its score with average luck; `null` while the game goes on.
    #[schema(required = true)]
    pub luck_adjusted_result: Option<f64>,
}

/// What a decision was, by its loss (`forced`: one legal move, no choice).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
#[schema(as = DecisionMark)]
pub enum MarkView {
    /// One legal move.
    Forced,
    /// Lost at most `best_within`.
    Best,
    /// Lost less than `good_below`.
    Good,
    /// Lost less than `inaccuracy_below`.
    Inaccuracy,
    /// Lost less than `mistake_below`.
    Mistake,
    /// Lost `mistake_below` or more.
    Blunder,
}

/// A decision and what it cost, for the seat that decided.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(as = ReviewedDecision)]
pub struct DecisionView {
    /// Its index among the game's actions: the position after the first `ply` actions.
    #[schema(minimum = 0)]
    pub ply: usize,
    /// The seat that decided.
    pub seat: SeatKey,
    /// The throw it played (`null` before any throw, as Kendall's water turn).
    #[schema(required = true, minimum = 1, maximum = 5)]
    pub throw: Option<u8>,
    /// The move played, in notation.
    pub played: String,
    /// Its win chance.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub win_chance: f64,
    /// The best move.
    pub best: String,
    /// The best move's win chance.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub best_win_chance: f64,
    /// The worst move's win chance.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub worst_win_chance: f64,
    /// `best_win_chance − win_chance`.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub loss: f64,
    /// What the decision was.
    pub mark: MarkView,
    /// Whether it had one legal move only.
    pub forced: bool,
    /// Its legal moves.
    #[schema(minimum = 1)]
    pub choices: usize,
}

/// A chance event and its luck, for the seat that threw (seat A for the draw of who starts).
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(as = ReviewedThrow)]
pub struct ThrowView {
    /// Its index among the game's actions.
    #[schema(minimum = 0)]
    pub ply: usize,
    /// The seat that threw; `null` for the draw of who starts.
    #[schema(required = true)]
    pub seat: Option<SeatKey>,
    /// The outcome: a throw (`1`…`5`), two dice, or the seat drawn to start.
    #[schema(examples("3"))]
    pub outcome: String,
    /// Its probability.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub probability: f64,
    /// The expected win chance before the throw.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub expected: f64,
    /// The win chance once it fell.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub win_chance: f64,
    /// `win_chance − expected`.
    #[schema(minimum = -1.0, maximum = 1.0)]
    pub luck: f64,
}

/// What moved the game: a move or a throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum MomentKind {
    /// A seat's move.
    Move,
    /// A throw, or the draw of who starts.
    Throw,
}

/// An action that moved seat A's win chance a lot.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(as = KeyMoment)]
pub struct KeyMomentView {
    /// Its index among the game's actions.
    #[schema(minimum = 0)]
    pub ply: usize,
    /// A move or a throw.
    pub kind: MomentKind,
    /// The seat that moved or threw; `null` for the draw of who starts.
    #[schema(required = true)]
    pub seat: Option<SeatKey>,
    /// The action, in notation (as the game's history writes it).
    pub action: String,
    /// Seat A's win chance before it.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub before: f64,
    /// … after it.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub after: f64,
    /// `after − before`.
    #[schema(minimum = -1.0, maximum = 1.0)]
    pub swing: f64,
}

/// A line of a streamed review (`GET /api/games/{id}/review/stream`, `POST
/// /api/review/stream`: one JSON object a line, `application/x-ndjson`): `progress` lines as
/// the positions are analysed, then one `review` line with the whole review, or an `error`
/// line where it could not be finished.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "lowercase")]
#[schema(as = ReviewStreamLine)]
pub enum StreamLine {
    /// What was analysed since the last line: the points of the graph from `from` on, and the
    /// decisions and throws of those positions, in play order.
    Progress {
        /// Positions analysed so far (the actions and the final position).
        #[schema(minimum = 1)]
        done: usize,
        /// Positions to analyse: `plies + 1`.
        #[schema(minimum = 1)]
        total: usize,
        /// The index in the review's `graph` of this line's first point.
        #[schema(minimum = 0)]
        from: usize,
        /// Seat A's win chance at positions `from` to `done − 1`, as `graph` has them.
        graph: Vec<f64>,
        /// The decisions among those positions, as `decisions` has them.
        decisions: Vec<DecisionView>,
        /// The chance events among those positions, as `throws` has them.
        throws: Vec<ThrowView>,
    },
    /// The whole review, the last line: as `GET /api/games/{id}/review` answers it.
    Review {
        /// The review.
        review: Box<ReviewView>,
    },
    /// The review could not be finished (the last line): the status the plain review would
    /// have answered, and why.
    Error {
        /// The HTTP status of the same failure without streaming (`503`: too slow).
        #[schema(minimum = 400, maximum = 599)]
        status: u16,
        /// What went wrong, in words.
        error: String,
        /// What kind of error, for programs: as the plain review's `code` (`review_too_slow`).
        code: &'static str,
    },
}

impl StreamLine {
    /// The `progress` line of `steps` (at least one, consecutive, in order).
    pub fn progress(steps: &[ReviewStep]) -> StreamLine {
        let (mut decisions, mut throws) = (Vec::new(), Vec::new());
        for s in steps {
            match &s.action {
                Some(StepAction::Decision(d)) => decisions.push(DecisionView::from(d)),
                Some(StepAction::Throw(t)) => throws.push(ThrowView::from(t)),
                None => {}
            }
        }
        let last = steps.last().map_or((0, 0), |s| (s.done, s.total));
        StreamLine::Progress {
            done: last.0,
            total: last.1,
            from: steps.first().map_or(0, |s| s.done - 1),
            graph: steps.iter().map(|s| s.point).collect(),
            decisions,
            throws,
        }
    }

    /// The line as sent: its JSON and a newline.
    pub fn to_line(&self) -> axum::body::Bytes {
        // The views serialize without fail (strings, numbers and lists only).
        let mut text = serde_json::to_vec(self).unwrap_or_default();
        text.push(b'\n');
        text.into()
    }
}

impl From<Mark> for MarkView {
    fn from(m: Mark) -> MarkView {
        match m {
            Mark::Forced => MarkView::Forced,
            Mark::Best => MarkView::Best,
            Mark::Good => MarkView::Good,
            Mark::Inaccuracy => MarkView::Inaccuracy,
            Mark::Mistake => MarkView::Mistake,
            Mark::Blunder => MarkView::Blunder,
        }
    }
}

impl From<&SeatReview> for SeatReviewView {
    fn from(s: &SeatReview) -> SeatReviewView {
        SeatReviewView {
            decisions: s.decisions,
            forced: s.forced,
            accuracy: s.accuracy,
            error_rate: s.error_rate,
            total_loss: s.total_loss,
            total_spread: s.total_spread,
            best: s.best,
            good: s.good,
            inaccuracies: s.inaccuracies,
            mistakes: s.mistakes,
            blunders: s.blunders,
            throws: s.throws,
            luck: s.luck,
            net_luck: s.net_luck,
            result: s.result,
            luck_adjusted_result: s.luck_adjusted_result,
        }
    }
}

impl From<&Seats> for SeatsView {
    fn from(s: &Seats) -> SeatsView {
        SeatsView {
            a: (&s.a).into(),
            b: (&s.b).into(),
        }
    }
}

impl From<&Thresholds> for ThresholdsView {
    fn from(t: &Thresholds) -> ThresholdsView {
        ThresholdsView {
            best_within: t.best_within,
            good_below: t.good_below,
            inaccuracy_below: t.inaccuracy_below,
            mistake_below: t.mistake_below,
        }
    }
}

impl From<&DecisionReview> for DecisionView {
    fn from(d: &DecisionReview) -> DecisionView {
        DecisionView {
            ply: d.ply,
            seat: d.seat.into(),
            throw: d.throw,
            played: d.played.to_string(),
            win_chance: d.win_chance,
            best: d.best.to_string(),
            best_win_chance: d.best_win_chance,
            worst_win_chance: d.worst_win_chance,
            loss: d.loss,
            mark: d.mark.into(),
            forced: d.forced,
            choices: d.choices,
        }
    }
}

impl From<&ThrowReview> for ThrowView {
    fn from(t: &ThrowReview) -> ThrowView {
        ThrowView {
            ply: t.ply,
            seat: t.seat.map(SeatKey::from),
            outcome: t.outcome.to_string(),
            probability: t.probability,
            expected: t.expected,
            win_chance: t.win_chance,
            luck: t.luck,
        }
    }
}

impl From<&KeyMoment> for KeyMomentView {
    fn from(k: &KeyMoment) -> KeyMomentView {
        KeyMomentView {
            ply: k.ply,
            kind: if k.kind == "move" {
                MomentKind::Move
            } else {
                MomentKind::Throw
            },
            seat: k.seat.map(SeatKey::from),
            action: k.action.clone(),
            before: k.before,
            after: k.after,
            swing: k.swing,
        }
    }
}

impl From<&Review> for ReviewView {
    fn from(r: &Review) -> ReviewView {
        ReviewView {
            rules: r.rules.clone(),
            start: r.start.clone(),
            depth: r.depth,
            evaluator: r.evaluator.clone(),
            calibrated: r.calibrated,
            plies: r.plies,
            result: r.result.map(result_of),
            thresholds: (&r.thresholds).into(),
            seats: (&r.seats).into(),
            decisions: r.decisions.iter().map(DecisionView::from).collect(),
            throws: r.throws.iter().map(ThrowView::from).collect(),
            graph: r.graph.clone(),
            key_moments: r.key_moments.iter().map(KeyMomentView::from).collect(),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nefer_core::record::Record;
    use nefer_players::review::{record_actions, review_default};

    #[test]
    fn the_view_writes_what_nefer_review_prints() {
        // A whole French race (a draw of who starts, forced moves, a result) and a Senet game
        // cut short (no result).
        for text in [
            include_str!("../../nefer-core/tests/conformance/hj.french/hj.french-0001-001.ngr"),
            "rules: senet.kendall\nactions: 2 14-16 3\n",
        ] {
            let record = Record::parse(text).unwrap();
            let (start, actions) = record_actions(&record).unwrap();
            let r = review_default(&start, &actions, 1, &|_, _| ()).unwrap();
            assert_eq!(
                serde_json::to_string(&ReviewView::from(&r)).unwrap(),
                serde_json::to_string(&r).unwrap(),
                "{text}"
            );
        }
    }

    #[test]
    fn the_depth_is_bounded() {
        let q = |depth| ReviewQuery { depth };
        assert_eq!(q(None).depth().unwrap(), REVIEW_DEPTH);
        assert_eq!(q(Some(3)).depth().unwrap(), 3);
        for d in [0, 4, u32::MAX] {
            let e = q(Some(d)).depth().unwrap_err();
            assert_eq!(e.status, axum::http::StatusCode::BAD_REQUEST);
            assert!(e.body.error.contains("out of bounds"), "{}", e.body.error);
        }
    }
}
