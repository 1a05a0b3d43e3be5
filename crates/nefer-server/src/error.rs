//! Errors of the API: every one becomes a status code and a JSON body `{"error": "…"}`, so that
//! no plain-text rejection of axum ever reaches a client.

use axum::Json;
use axum::http::StatusCode;
use axum::response::{IntoResponse, Response};
use serde_json::{Value, json};

/// An error answer: a status, a reason in words, and extra JSON fields (`legal`, `index`, …).
#[derive(Debug)]
pub struct ApiError {
    /// The HTTP status.
    pub status: StatusCode,
    /// What was wrong, in words.
    pub message: String,
    /// More fields merged into the body, e.g. the legal moves.
    pub extra: Option<serde_json::Map<String, Value>>,
}

impl ApiError {
    /// An error with `status` and `message`.
    pub fn new(status: StatusCode, message: impl Into<String>) -> ApiError {
        ApiError {
            status,
            message: message.into(),
            extra: None,
        }
    }

    /// 400: a malformed body or a bad field.
    pub fn bad_request(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::BAD_REQUEST, message)
    }

    /// 404: no such game (or resource).
    pub fn not_found(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::NOT_FOUND, message)
    }

    /// 409: a stale version or an action of the wrong kind.
    pub fn conflict(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::CONFLICT, message)
    }

    /// 422: a well-formed request the game refuses.
    pub fn unprocessable(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::UNPROCESSABLE_ENTITY, message)
    }

    /// 500: the server failed (storage, a crashed task); the message says where.
    pub fn internal(message: impl Into<String>) -> ApiError {
        ApiError::new(StatusCode::INTERNAL_SERVER_ERROR, message)
    }

    /// Adds a field to the body.
    pub fn with(mut self, key: &str, value: impl Into<Value>) -> ApiError {
        self.extra
            .get_or_insert_with(Default::default)
            .insert(key.to_owned(), value.into());
        self
    }
}

impl From<rusqlite::Error> for ApiError {
    fn from(e: rusqlite::Error) -> ApiError {
        ApiError::internal(format!("storage error: {e}"))
    }
}

impl IntoResponse for ApiError {
    fn into_response(self) -> Response {
        let mut body = serde_json::Map::new();
        body.insert("error".into(), json!(self.message));
        if let Some(extra) = self.extra {
            body.extend(extra);
        }
        (self.status, Json(Value::Object(body))).into_response()
    }
}

/// The result type of handlers.
pub type ApiResult<T> = Result<T, ApiError>;
