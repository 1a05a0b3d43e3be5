//! Errors, in two layers: [`SessionError`], what the game service refuses or fails at (in the
//! game's words, no HTTP), and [`ApiError`], an HTTP status with the JSON body [`ErrorBody`].
//! `From<SessionError> for ApiError` is the one place where a domain error gets its status;
//! the HTTP layer itself makes only the errors of the request's form (a malformed body, an
//! unknown path). No plain-text rejection of axum ever reaches a client.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use nefer_core::record::RecordError;
use nefer_core::{Action, Move, PlayError, ReplayError, Seat};
use nefer_players::play::MatchError;
use serde::Serialize;
use utoipa::ToSchema;

/// What the game service refuses or fails at. Handlers turn it into an [`ApiError`] with `?`.
#[derive(Debug, thiserror::Error)]
pub enum SessionError {
    /// No game has this id.
    #[error("no game `{0}`")]
    UnknownGame(String),
    /// The action needs a seat's token and none came (the words say which action).
    #[error("{0}: send `authorization: Bearer TOKEN`")]
    NoToken(&'static str),
    /// The token holds no seat of the game.
    #[error("this token holds no seat of game {game}")]
    NotASeat {
        /// The game id.
        game: String,
    },
    /// The token holds a seat, but not the one to act.
    #[error("it is seat {seat}'s turn; this token holds seat {held}")]
    NotYourTurn {
        /// The seat to act.
        seat: Seat,
        /// The seats the token holds, in words (`A`, or `A and B`).
        held: String,
    },
    /// The client acted on a version of the game that is no longer the current one.
    #[error("stale version {sent}: the game is at version {now}; reload it")]
    Stale {
        /// The version the client sent.
        sent: u64,
        /// The game's version.
        now: u64,
    },
    /// Nobody can act any more.
    #[error("the game is over")]
    GameOver,
    /// A move was asked for while a throw is due.
    #[error("seat {0} must throw first: no move is due")]
    MustThrowFirst(Seat),
    /// A throw was asked for while a decision is due.
    #[error("seat {0} must move (or pass) first: no throw is due")]
    MustMoveFirst(Seat),
    /// A hint was asked for while no decision is due.
    #[error("no decision is due: nothing to hint")]
    NothingToHint,
    /// A move that is not among the legal ones (listed, in notation).
    #[error("{mv} is not legal here")]
    Illegal {
        /// The move tried.
        mv: Move,
        /// The legal moves there.
        legal: Vec<String>,
    },
    /// Text that is not a move in notation; the legal moves listed.
    #[error("`{text}` is not a move: {reason}")]
    NotAMove {
        /// The text sent.
        text: String,
        /// Why it is not a move.
        reason: String,
        /// The legal moves there.
        legal: Vec<String>,
    },
    /// The game refused an action (the core's reason).
    #[error(transparent)]
    Refused(PlayError),
    /// A rematch asked for before the game is over.
    #[error("the game is not over: a rematch is offered at its end")]
    NotOver,
    /// A seat the token does not hold (to name it).
    #[error("this token holds seat {held}, not seat {seat}{}", if *.computer { " (the computer's seat, named by its level)" } else { "" })]
    NotYourSeat {
        /// The seat asked for.
        seat: Seat,
        /// The seats the token holds, in words.
        held: String,
        /// Whether the computer plays it.
        computer: bool,
    },
    /// A token that holds both seats named no seat.
    #[error("this token holds both seats: say which one (`\"seat\": \"A\"` or `\"B\"`)")]
    WhichSeat,
    /// A name that cannot be a seat's (too long, empty, control characters); says why.
    #[error("{0}")]
    BadName(String),
    /// Undo outside a game against the computer.
    #[error("undo is only possible in a game against the computer")]
    UndoNotAgainstComputer,
    /// Undo with no earlier decision of the person's with a real choice.
    #[error("there is no earlier decision of yours to undo")]
    NothingToUndo,
    /// An unusable computer level or player spec.
    #[error("{0}")]
    BadLevel(String),
    /// Rule options the rule set does not take (unknown, a value not allowed or not
    /// implemented).
    #[error("{0}")]
    BadSetup(String),
    /// A position to set a game up from that is not a consistent position, or not of the
    /// game's rule set and options (the core's words: every problem found).
    #[error("{0}")]
    BadPosition(String),
    /// The hint did not come within its time.
    #[error("the hint took too long")]
    HintTooSlow,
    /// The analysis did not come within its time.
    #[error("the analysis took too long: ask for less depth")]
    AnalysisTooSlow,
    /// The review of a game did not come within its time.
    #[error("the review took too long: ask for less depth")]
    ReviewTooSlow,
    /// Every search thread of the server stayed busy (`nefer serve --search-threads`).
    #[error("the server's computer players are all busy; try again in {} s", retry_after.as_secs().max(1))]
    Busy {
        /// When to try again.
        retry_after: std::time::Duration,
    },
    /// The database failed.
    #[error("storage error: {0}")]
    Storage(#[from] rusqlite::Error),
    /// The operating system gave no randomness (dice, ids, tokens).
    #[error("no system randomness: {0}")]
    NoRandomness(String),
    /// A stored game that no longer replays (only this server writes the database).
    #[error("stored game {id}: {what}")]
    BrokenStoredGame {
        /// The game id.
        id: String,
        /// What did not make sense.
        what: String,
    },
    /// The computer player failed (a crashed search, an illegal choice).
    #[error("the computer player failed: {0}")]
    Computer(String),
    /// Anything else the server got wrong (a poisoned lock, a crashed task); says where.
    #[error("{0}")]
    Internal(String),
}

impl SessionError {
    /// What kind of error this is, for programs: a stable `snake_case` name (docs/dev/api.md
    /// lists them), where the words of [`ErrorBody::error`] are for people and may change. A
    /// page that asks again at less depth when a review is too slow reads this, not the words.
    pub fn code(&self) -> &'static str {
        use SessionError as E;
        match self {
            E::UnknownGame(_) => "unknown_game",
            E::NoToken(_) => "no_token",
            E::NotASeat { .. } => "not_a_seat",
            E::NotYourTurn { .. } => "not_your_turn",
            E::Stale { .. } => "stale_version",
            E::GameOver | E::Refused(PlayError::GameOver) => "game_over",
            E::MustThrowFirst(_) => "must_throw_first",
            E::MustMoveFirst(_) => "must_move_first",
            E::NothingToHint => "nothing_to_hint",
            E::Illegal { .. } | E::Refused(PlayError::IllegalMove { .. }) => "illegal_move",
            E::NotAMove { .. } => "not_a_move",
            E::Refused(PlayError::WrongKind { .. }) => "wrong_kind",
            E::Refused(PlayError::ImpossibleChance { .. }) => "impossible_chance",
            E::NotOver => "not_over",
            E::NotYourSeat { .. } => "not_your_seat",
            E::WhichSeat => "which_seat",
            E::BadName(_) => "bad_name",
            E::UndoNotAgainstComputer => "undo_not_against_computer",
            E::NothingToUndo => "nothing_to_undo",
            E::BadLevel(_) => "bad_level",
            E::BadSetup(_) => "bad_setup",
            E::BadPosition(_) => "bad_position",
            E::HintTooSlow => "hint_too_slow",
            E::AnalysisTooSlow => "analysis_too_slow",
            E::ReviewTooSlow => "review_too_slow",
            E::Busy { .. } => "busy",
            E::Storage(_) => "storage",
            E::NoRandomness(_) => "no_randomness",
            E::BrokenStoredGame { .. } => "broken_stored_game",
            E::Computer(_) => "computer_failed",
            E::Internal(_) => "internal",
        }
    }

    /// The HTTP status of this error: the one table of docs/dev/api.md's "Conventions".
    pub fn status(&self) -> StatusCode {
        use SessionError as E;
        match self {
            E::UnknownGame(_) => StatusCode::NOT_FOUND,
            E::NoToken(_) => StatusCode::UNAUTHORIZED,
            E::NotASeat { .. } | E::NotYourTurn { .. } | E::NotYourSeat { .. } => {
                StatusCode::FORBIDDEN
            }
            E::Stale { .. }
            | E::GameOver
            | E::MustThrowFirst(_)
            | E::MustMoveFirst(_)
            | E::NothingToHint
            | E::NotOver => StatusCode::CONFLICT,
            E::Refused(PlayError::WrongKind { .. } | PlayError::GameOver) => StatusCode::CONFLICT,
            E::Illegal { .. }
            | E::Refused(PlayError::IllegalMove { .. } | PlayError::ImpossibleChance { .. })
            | E::UndoNotAgainstComputer
            | E::NothingToUndo
            | E::BadPosition(_) => StatusCode::UNPROCESSABLE_ENTITY,
            E::BadLevel(_) | E::BadSetup(_) | E::NotAMove { .. } | E::WhichSeat | E::BadName(_) => {
                StatusCode::BAD_REQUEST
            }
            E::HintTooSlow | E::AnalysisTooSlow | E::ReviewTooSlow | E::Busy { .. } => {
                StatusCode::SERVICE_UNAVAILABLE
            }
            E::Storage(_)
            | E::NoRandomness(_)
            | E::BrokenStoredGame { .. }
            | E::Computer(_)
            | E::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }
}

/// What the match refuses, in the game service's words: the server's dice, players and stored
/// games are its own, so only a person's action can be refused; the rest is the server's fault.
impl From<MatchError> for SessionError {
    fn from(e: MatchError) -> SessionError {
        match e {
            MatchError::Setup(m) => SessionError::BadSetup(m),
            MatchError::Illegal {
                action: Action::Move(mv),
                legal,
            } => SessionError::Illegal { mv, legal },
            MatchError::WrongKind { expected } => {
                SessionError::Refused(PlayError::WrongKind { expected })
            }
            MatchError::GameOver => SessionError::GameOver,
            MatchError::NoThrowDue { seat } => SessionError::MustMoveFirst(seat),
            MatchError::NothingToUndo { .. } => SessionError::NothingToUndo,
            e @ MatchError::PlayerIllegal { .. } => SessionError::Computer(e.to_string()),
            e @ (MatchError::Illegal { .. }
            | MatchError::Record(_)
            | MatchError::DiceExhausted { .. }
            | MatchError::NotTheseDice { .. }
            | MatchError::NoSuchPly { .. }) => SessionError::Internal(e.to_string()),
        }
    }
}

impl From<SessionError> for ApiError {
    fn from(e: SessionError) -> ApiError {
        let mut out = ApiError::new(e.status(), e.to_string()).with_code(e.code());
        match e {
            SessionError::Busy { retry_after } => out.retry_after = Some(retry_after),
            SessionError::Stale { now, .. } => out.body.version = Some(now),
            SessionError::Illegal { legal, .. } | SessionError::NotAMove { legal, .. } => {
                out.body.legal = Some(legal);
            }
            _ => {}
        }
        out
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(e: rusqlite::Error) -> ApiError {
        SessionError::from(e).into()
    }
}

/// A record that cannot be read: `422` naming the line.
impl From<RecordError> for ApiError {
    fn from(e: RecordError) -> ApiError {
        let mut out = ApiError::unprocessable(format!("record line {}: {}", e.line, e.message))
            .with_code("bad_record");
        out.body.line = Some(e.line);
        out
    }
}

/// A record whose actions do not replay: `422` naming the action, with the legal ones there.
impl From<ReplayError> for ApiError {
    fn from(e: ReplayError) -> ApiError {
        match e {
            ReplayError::Illegal {
                index,
                token,
                reason,
                legal,
            } => {
                let mut out =
                    ApiError::unprocessable(format!("action {index} `{token}`: {reason}"))
                        .with_code("illegal_action");
                out.body.index = Some(index);
                out.body.token = Some(token);
                out.body.legal = Some(legal);
                out
            }
            ReplayError::Setup(m) => ApiError::unprocessable(m).with_code("bad_setup"),
        }
    }
}

impl IntoResponse for SessionError {
    fn into_response(self) -> Response {
        ApiError::from(self).into_response()
    }
}

/// The body of every error answer: the reason in words and, where they help, the fields a
/// client acts on.
#[derive(Clone, Debug, Default, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = Error)]
pub struct ErrorBody {
    /// What was wrong, in words.
    pub error: String,
    /// What kind of error it is, for programs: a stable `snake_case` name (`review_too_slow`,
    /// `illegal_move`, `unknown_game`, … as docs/dev/api.md lists them; for the errors of a
    /// request's form, the status's: `bad_request`, `not_found`, `too_many_requests`, …).
    pub code: &'static str,
    /// A replayed record's illegal action: its index (0 is the first action).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false, minimum = 0)]
    pub index: Option<usize>,
    /// A replayed record's illegal action: its token.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub token: Option<String>,
    /// An illegal action: the legal moves there, in notation (NOTATION §3).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub legal: Option<Vec<String>>,
    /// A stale version: the game's version now.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false, minimum = 0)]
    pub version: Option<u64>,
    /// A malformed record: the line (1 is the first).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false, minimum = 1)]
    pub line: Option<usize>,
}

/// An error answer: a status and its [`ErrorBody`].
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// The JSON body (boxed: errors travel in `Result`s, which stay small).
    pub body: Box<ErrorBody>,
    /// When to try again (`429`, `503`): sent as `Retry-After`, in whole seconds.
    pub retry_after: Option<std::time::Duration>,
}

impl ApiError {
    /// An error with `status` and `message`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            body: Box::new(ErrorBody {
                error: message.into(),
                code: status_code(status),
                ..ErrorBody::default()
            }),
            retry_after: None,
        }
    }

    /// 429: `client` asked for `what` more often than its rate allows; again in `wait`.
    pub fn too_many(what: &str, wait: std::time::Duration) -> ApiError {
        let secs = wait.as_secs_f64().ceil().max(1.0) as u64;
        ApiError {
            retry_after: Some(std::time::Duration::from_secs(secs)),
            ..ApiError::new(
                StatusCode::TOO_MANY_REQUESTS,
                format!("too many {what} from your address; try again in {secs} s"),
            )
        }
    }

    /// 400: a malformed body or a bad field.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 404: no such resource.
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 422: a well-formed request the game refuses.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// The same error with the [`ErrorBody::code`] of its kind, where the status's is too
    /// general.
    pub fn with_code(mut self, code: &'static str) -> ApiError {
        self.body.code = code;
        self
    }

    /// The same error listing the legal moves.
    pub fn with_legal(mut self, legal: Vec<String>) -> ApiError {
        self.body.legal = Some(legal);
        self
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut resp = (self.status, Json(self.body)).into_response();
        if let Some(wait) = self.retry_after {
            // Whole seconds, rounded up (RFC 9110 §10.2.3).
            let secs = wait.as_secs() + u64::from(wait.subsec_nanos() > 0);
            resp.headers_mut()
                .insert(axum::http::header::RETRY_AFTER, secs.max(1).into());
        }
        resp
    }
}

/// The [`ErrorBody::code`] of an error that only its status names (the errors of a request's
/// form, the guards' limits): the status's reason in `snake_case`.
fn status_code(status: StatusCode) -> &'static str {
    match status.as_u16() {
        400 => "bad_request",
        401 => "unauthorized",
        403 => "forbidden",
        404 => "not_found",
        405 => "method_not_allowed",
        408 => "request_timeout",
        409 => "conflict",
        413 => "body_too_large",
        414 => "uri_too_long",
        415 => "unsupported_media_type",
        422 => "unprocessable",
        429 => "too_many_requests",
        431 => "headers_too_large",
        503 => "unavailable",
        s if s >= 500 => "internal",
        _ => "error",
    }
}

/// The result type of handlers.
pub type ApiResult<T> = Result<T, ApiError>;

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_core_s_refusals_keep_their_statuses() {
        let illegal = SessionError::Refused(PlayError::GameOver);
        assert_eq!(illegal.status(), StatusCode::CONFLICT);
        let wrong = SessionError::Refused(PlayError::WrongKind {
            expected: "a throw",
        });
        assert_eq!(wrong.status(), StatusCode::CONFLICT);
        let mv: Move = "pass".parse().unwrap();
        let e = ApiError::from(SessionError::Refused(PlayError::IllegalMove { mv }));
        assert_eq!(e.status, StatusCode::UNPROCESSABLE_ENTITY);
        assert_eq!(e.body.error, "illegal move pass");
    }

    #[test]
    fn a_stale_version_and_an_illegal_move_carry_their_fields() {
        let e = ApiError::from(SessionError::Stale { sent: 3, now: 5 });
        assert_eq!(e.status, StatusCode::CONFLICT);
        assert_eq!(e.body.version, Some(5));
        let mv: Move = "pass".parse().unwrap();
        let e = ApiError::from(SessionError::Illegal {
            mv,
            legal: vec!["1-2".into()],
        });
        let body = serde_json::to_value(&e.body).unwrap();
        assert_eq!(
            body,
            serde_json::json!({"error": "pass is not legal here", "code": "illegal_move", "legal": ["1-2"]})
        );
    }

    #[test]
    fn every_error_names_its_kind_for_programs() {
        let slow = ApiError::from(SessionError::ReviewTooSlow);
        assert_eq!(
            (slow.status, slow.body.code),
            (StatusCode::SERVICE_UNAVAILABLE, "review_too_slow")
        );
        let busy = ApiError::from(SessionError::Busy {
            retry_after: std::time::Duration::from_secs(2),
        });
        assert_eq!(busy.body.code, "busy", "the other 503 is told apart");
        assert_eq!(
            ApiError::from(SessionError::UnknownGame("x".into()))
                .body
                .code,
            "unknown_game"
        );
        assert_eq!(ApiError::bad_request("no").body.code, "bad_request");
        assert_eq!(
            ApiError::too_many("games", std::time::Duration::from_secs(1))
                .body
                .code,
            "too_many_requests"
        );
        let record = ApiError::from(RecordError {
            line: 2,
            message: "no".into(),
        });
        assert_eq!(record.body.code, "bad_record");
    }
}
