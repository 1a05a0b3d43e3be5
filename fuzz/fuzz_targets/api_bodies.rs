//! The API's request bodies (and queries): whatever a stranger sends to the routes that take
//! one is answered, never with a panic or a `5xx`, and every refusal carries its JSON reason.
//!
//! The first byte picks the route, the rest is the body (or the query): a new game, a throw, a
//! move or an undo on a fresh local game, a replay; the query of a hint or a page of history. The server is
//! the real router over a database in a temporary directory, without rate limits (the fuzzer is
//! one client sending thousands of requests) and with searches cut short.
#![no_main]

use std::sync::OnceLock;
use std::time::Duration;

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt as _;
use libfuzzer_sys::fuzz_target;
use nefer_server::Limits;
use tower::ServiceExt as _;

struct Server {
    runtime: tokio::runtime::Runtime,
    router: Router,
    _dir: tempfile::TempDir,
}

fn server() -> &'static Server {
    static SERVER: OnceLock<Server> = OnceLock::new();
    SERVER.get_or_init(|| {
        let dir = tempfile::tempdir().expect("a temporary directory");
        let mut limits = Limits::default().without_rate_limits();
        limits.search.move_time = Duration::from_millis(5);
        limits.search.max_depth = 1;
        limits.search.max_iterations = 50;
        limits.tables = false;
        limits.cached_games = 64;
        let state = nefer_server::open_with(dir.path(), limits).expect("the store opens");
        let runtime = tokio::runtime::Builder::new_current_thread()
            .enable_all()
            .build()
            .expect("a runtime");
        Server {
            runtime,
            router: nefer_server::router(state),
            _dir: dir,
        }
    })
}

/// Sends a request; its status and body.
async fn send(
    router: &Router,
    method: &str,
    uri: &str,
    content_type: &str,
    token: Option<&str>,
    body: Vec<u8>,
) -> (StatusCode, Vec<u8>) {
    let mut b = Request::builder()
        .method(method)
        .uri(uri)
        .header(header::CONTENT_TYPE, content_type);
    if let Some(t) = token {
        b = b.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    let Ok(request) = b.body(Body::from(body)) else {
        // Not a request hyper would have let through (a URI that does not parse).
        return (StatusCode::BAD_REQUEST, b"{\"error\":\"-\"}".to_vec());
    };
    let resp = router.clone().oneshot(request).await.expect("infallible");
    let status = resp.status();
    let bytes = resp.into_body().collect().await.expect("a body").to_bytes();
    (status, bytes.to_vec())
}

/// A fresh local game of `rules`: its id and token.
async fn local_game(router: &Router, rules: &str) -> (String, String) {
    let body = format!(r#"{{"rules":"{rules}","mode":"local"}}"#).into_bytes();
    let (status, bytes) = send(router, "POST", "/api/games", "application/json", None, body).await;
    assert_eq!(status, StatusCode::CREATED);
    let v: serde_json::Value = serde_json::from_slice(&bytes).expect("a view");
    let token = v["tokens"]["A"].as_str().expect("a token").to_owned();
    (v["id"].as_str().expect("an id").to_owned(), token)
}

fuzz_target!(|data: &[u8]| {
    let Some((&pick, rest)) = data.split_first() else {
        return;
    };
    let s = server();
    let router = &s.router;
    let body = rest.to_vec();
    let (status, answer) = s.runtime.block_on(async {
        const JSON: &str = "application/json";
        let rules = if pick & 0x80 == 0 {
            "hj.french"
        } else {
            "senet.kendall"
        };
        match pick & 0x7 {
            0 => send(router, "POST", "/api/games", JSON, None, body).await,
            1..=3 => {
                let (id, token) = local_game(router, rules).await;
                let action = ["throw", "move", "undo"][usize::from(pick & 0x7) - 1];
                let uri = format!("/api/games/{id}/{action}");
                send(router, "POST", &uri, JSON, Some(&token), body).await
            }
            5 => send(router, "POST", "/api/replay", "text/plain", None, body).await,
            n => {
                let (id, token) = local_game(router, rules).await;
                let query = String::from_utf8_lossy(rest);
                let what = if n == 4 { "hint" } else { "history" };
                let uri = format!("/api/games/{id}/{what}?{query}");
                send(router, "GET", &uri, JSON, Some(&token), Vec::new()).await
            }
        }
    });
    assert!(
        !status.is_server_error(),
        "{status}: {}",
        String::from_utf8_lossy(&answer)
    );
    if !status.is_success() {
        let v: serde_json::Value = serde_json::from_slice(&answer).unwrap_or_else(|_| {
            panic!(
                "{status} without JSON: {}",
                String::from_utf8_lossy(&answer)
            )
        });
        assert!(
            v["error"].as_str().is_some_and(|e| !e.is_empty()),
            "{status}: {v}"
        );
    }
});
