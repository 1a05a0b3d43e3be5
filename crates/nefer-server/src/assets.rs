//! The browser front end, embedded in the binary: every file under `crates/nefer-server/web/`.
//! The pages (`/`, `/game/{id}`, `/replay`, `/rules`, `/rules/{key}`) are all `index.html`, which
//! reads the address itself; other files are served under their path (`/assets/…`).

use axum::Router;
use axum::http::{StatusCode, header};
use axum::response::{IntoResponse, Response};
use axum::routing::get;

use crate::api::{AppState, PathParam};
use crate::error::ApiError;

#[derive(rust_embed::Embed)]
#[folder = "web/"]
struct Web;

/// The routes of the pages and assets.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(index))
        .route("/game/{id}", get(index))
        .route("/replay", get(index))
        .route("/rules", get(index))
        .route("/rules/{key}", get(index))
        .route("/assets/{*path}", get(asset))
        .route("/favicon.ico", get(favicon))
}

async fn index() -> Response {
    file("index.html")
}

/// Browsers ask for `/favicon.ico` whatever the page says; the icon is the SVG one.
async fn favicon() -> Response {
    file("assets/favicon.svg")
}

async fn asset(PathParam(path): PathParam) -> Response {
    file(&format!("assets/{path}"))
}

/// Any other embedded file at its own path (e.g. `/dev.html`), if there is one.
pub fn embedded(path: &str) -> Option<Response> {
    let path = path.trim_start_matches('/');
    Web::get(path).is_some().then(|| file(path))
}

fn file(path: &str) -> Response {
    match Web::get(path) {
        Some(f) => {
            let mime = f.metadata.mimetype().to_owned();
            // Text types need their charset spelled out for browsers that guess otherwise.
            let mime = if (mime.starts_with("text/") || mime.contains("javascript"))
                && !mime.contains("charset")
            {
                format!("{mime}; charset=utf-8")
            } else {
                mime
            };
            (
                StatusCode::OK,
                [
                    (header::CONTENT_TYPE, mime),
                    (header::CACHE_CONTROL, "no-cache".to_owned()),
                ],
                f.data,
            )
                .into_response()
        }
        None => ApiError::not_found(format!("no file /{path}")).into_response(),
    }
}
