//! `POST /api/analyze`: what to analyse (a game of this server at a ply, or a position string)
//! and the analysis on the wire ([`nefer_players::analysis`]), each with its schema. The wire
//! form is the one `nefer analyze --json` prints: the players' crate serializes it, and these
//! types only mirror it for the OpenAPI document (a test checks that both write the same JSON).

use nefer_players::analysis::{Analysis, DEFAULT_DEPTH, MoveValue, Node, OutcomeValue};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

use crate::error::ApiError;
use crate::view::{GameResult, SeatKey, StatusKind, result_of};

/// The deepest analysis the server runs for anyone who asks: depth 3 took at most a few tens
/// of milliseconds in every rule set measured (release build, two dice included), and each
/// level beyond costs five to fifteen times more, so a stranger's request stays cheap.
pub const MAX_DEPTH: u32 = 3;

/// `POST /api/analyze`: what to analyse — a game of this server (`game`, at `ply`) or a
/// `position` — and how deep.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct AnalyzeBody {
    /// The id of a game of this server: its position now, or after `ply` actions.
    #[serde(default)]
    #[schema(nullable = false)]
    pub game: Option<String>,
    /// With `game`: the position after its first `ply` actions (0: the start; the game's
    /// version is its number of actions). Without it, the game's position now.
    #[serde(default)]
    #[schema(nullable = false, minimum = 0)]
    pub ply: Option<usize>,
    /// A position string (docs/dev/positions.md) to analyse instead of a game.
    #[serde(default)]
    #[schema(
        nullable = false,
        examples("senet.kendall A:20,26,off*5 B:1,2,3,off*4 A 1")
    )]
    pub position: Option<String>,
    /// Decisions searched for each value, the move itself the first: 1 to 3, 2 when absent.
    #[serde(default)]
    #[schema(nullable = false, minimum = 1, maximum = 3)]
    pub depth: Option<u32>,
}

impl AnalyzeBody {
    /// The depth asked for, within the server's bound.
    ///
    /// # Errors
    /// `400` for a depth outside `1..=MAX_DEPTH`.
    pub fn depth(&self) -> Result<u32, ApiError> {
        match self.depth {
            None => Ok(DEFAULT_DEPTH),
            Some(d) if (1..=MAX_DEPTH).contains(&d) => Ok(d),
            Some(d) => Err(ApiError::bad_request(format!(
                "depth {d} is out of bounds: this server analyses 1 to {MAX_DEPTH} decisions deep"
            ))),
        }
    }
}

/// The analysis of a position. Every field is always there, `null` or `[]` where it does not
/// apply. A **win chance** is `(1 + value) / 2`, the expected score with a draw counting half;
/// with a calibrated evaluator (`calibrated`) it is the chance of winning (plus half the chance
/// of a draw), else it only ranks the moves.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(as = Analysis)]
pub struct AnalysisView {
    /// The position analysed (docs/dev/positions.md).
    pub position: String,
    /// What the position waits for: a `decide` lists `moves`, a `throw` its `outcomes`, and
    /// `over` has a `result`.
    pub kind: StatusKind,
    /// The seat whose values these are: the seat to decide or to throw (`A` while who starts
    /// is drawn); `null` when over.
    #[schema(required = true)]
    pub seat: Option<SeatKey>,
    /// The throw the seat to decide plays (`null` elsewhere, and before any throw, as
    /// Kendall's water turn).
    #[schema(required = true, minimum = 1, maximum = 5)]
    pub throw: Option<u8>,
    /// Decisions searched for each value.
    #[schema(minimum = 1)]
    pub depth: u32,
    /// What valued the positions: `hand-written`, `neural` or `race-tables`.
    #[schema(examples("hand-written", "neural", "race-tables"))]
    pub evaluator: String,
    /// Whether the win chances are chances (the evaluator knows them): `false` for the
    /// hand-written evaluation, whose values only rank moves.
    pub calibrated: bool,
    /// The position's value for `seat`, in [-1, 1]: the best move's, or the throw's
    /// expectation; `null` when over.
    #[schema(required = true, minimum = -1.0, maximum = 1.0)]
    pub value: Option<f64>,
    /// `(1 + value) / 2`; `null` when over.
    #[schema(required = true, minimum = 0.0, maximum = 1.0)]
    pub win_chance: Option<f64>,
    /// The best move (decide only), in notation (NOTATION §3).
    #[schema(required = true)]
    pub best_move: Option<String>,
    /// Decide: every legal move, best first (equals in notation order).
    pub moves: Vec<MoveValueView>,
    /// Throw: every outcome, in the game's order.
    pub outcomes: Vec<OutcomeView>,
    /// Over: the result.
    #[schema(required = true)]
    pub result: Option<GameResult>,
}

/// A move and what it is worth, for the seat to decide.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(as = AnalysedMove)]
pub struct MoveValueView {
    /// The move, in notation (NOTATION §3).
    #[serde(rename = "move")]
    pub mv: String,
    /// Its value, in [-1, 1].
    #[schema(minimum = -1.0, maximum = 1.0)]
    pub value: f64,
    /// `(1 + value) / 2`.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub win_chance: f64,
    /// What it gives up against the best move, in win chance (0 for the best).
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub loss: f64,
}

/// An outcome of a throw (or of the draw of who starts) and what it is worth for the
/// analysis's seat.
#[derive(Clone, Debug, PartialEq, Serialize, ToSchema)]
#[schema(as = AnalysedOutcome)]
pub struct OutcomeView {
    /// The outcome: a throw (`1`…`5`), two dice, or the seat drawn to start.
    #[schema(examples("3"))]
    pub outcome: String,
    /// Its probability.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub probability: f64,
    /// The value once it has fallen: the best move's at the decision that follows.
    #[schema(minimum = -1.0, maximum = 1.0)]
    pub value: f64,
    /// `(1 + value) / 2`.
    #[schema(minimum = 0.0, maximum = 1.0)]
    pub win_chance: f64,
    /// The best move of the decision that follows; `null` where another throw or the end
    /// follows.
    #[schema(required = true)]
    pub best_move: Option<String>,
}

impl From<&MoveValue> for MoveValueView {
    fn from(m: &MoveValue) -> MoveValueView {
        MoveValueView {
            mv: m.mv.to_string(),
            value: m.value,
            win_chance: m.win_chance,
            loss: m.loss,
        }
    }
}

impl From<&OutcomeValue> for OutcomeView {
    fn from(o: &OutcomeValue) -> OutcomeView {
        OutcomeView {
            outcome: o.outcome.to_string(),
            probability: o.probability,
            value: o.value,
            win_chance: o.win_chance,
            best_move: o.best_move.map(|m| m.to_string()),
        }
    }
}

impl From<&Analysis> for AnalysisView {
    fn from(a: &Analysis) -> AnalysisView {
        let (kind, throw, result) = match &a.node {
            Node::Decide { throw, .. } => (StatusKind::Decide, throw.map(|t| t.value()), None),
            Node::Throw { .. } => (StatusKind::Throw, None, None),
            Node::Over(o) => (StatusKind::Over, None, Some(result_of(*o))),
        };
        AnalysisView {
            position: a.position.clone(),
            kind,
            seat: a.seat().map(SeatKey::from),
            throw,
            depth: a.depth,
            evaluator: a.evaluator.clone(),
            calibrated: a.calibrated,
            value: a.value(),
            win_chance: a.win_chance(),
            best_move: a.best().map(|m| m.mv.to_string()),
            moves: a.moves().iter().map(MoveValueView::from).collect(),
            outcomes: a.outcomes().iter().map(OutcomeView::from).collect(),
            result,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nefer_core::AnyGame;
    use nefer_players::analysis::analyze_default;

    #[test]
    fn the_view_writes_what_nefer_analyze_prints() {
        for text in [
            "senet.kendall A:20,26,off*5 B:1,2,3,off*4 A 1",
            "senet.kendall A:20,26,off*5 B:1,2,3,off*4 A throw",
            "senet.kendall A:off*7 B:20,24,off*5 A over:A turn=155",
            "hj.french A:L5,L12,L14,L16,L18 B:R3,R4,R7,R9,R11 A 1",
        ] {
            let a = analyze_default(&AnyGame::from_position(text).unwrap(), 1);
            assert_eq!(
                serde_json::to_string(&AnalysisView::from(&a)).unwrap(),
                serde_json::to_string(&a).unwrap(),
                "{text}"
            );
        }
    }

    #[test]
    fn the_depth_is_bounded() {
        let body = |depth| AnalyzeBody {
            depth,
            ..AnalyzeBody::default()
        };
        assert_eq!(body(None).depth().unwrap(), DEFAULT_DEPTH);
        assert_eq!(body(Some(3)).depth().unwrap(), 3);
        for d in [0, 4, u32::MAX] {
            let e = body(Some(d)).depth().unwrap_err();
            assert_eq!(e.status, axum::http::StatusCode::BAD_REQUEST);
            assert!(e.body.error.contains("out of bounds"), "{}", e.body.error);
        }
    }
}
