//! What the API test files share: a request built as a client sends it, and its answer from the
//! router (driven with `tower::ServiceExt::oneshot`, no socket).

use axum::Router;
use axum::body::Body;
use axum::http::{Request, StatusCode, header};
use http_body_util::BodyExt as _;
use tower::ServiceExt as _;

/// A request of `method` to `uri`, with a seat's `token` as a bearer token and `body` in the
/// content type the API reads there: a record (`/api/replay`) is `text` (`text/plain`, with or
/// without a charset), everything else JSON.
pub fn request(
    method: &str,
    uri: &str,
    token: Option<&str>,
    body: Option<String>,
    text: &str,
) -> Request<Body> {
    let mut req = Request::builder().method(method).uri(uri);
    if let Some(t) = token {
        req = req.header(header::AUTHORIZATION, format!("Bearer {t}"));
    }
    if body.is_some() {
        // The record endpoints take text; every other body is JSON.
        let ct = if uri.starts_with("/api/replay") || uri.starts_with("/api/review") {
            text
        } else {
            "application/json"
        };
        req = req.header(header::CONTENT_TYPE, ct);
    }
    req.body(body.map_or_else(Body::empty, Body::from))
        .expect("a request")
}

/// The router's answer to `req`: its status, its content type and its body.
pub async fn answer(router: &Router, req: Request<Body>) -> (StatusCode, Option<String>, Vec<u8>) {
    let resp = router.clone().oneshot(req).await.expect("an answer");
    let status = resp.status();
    let ctype = resp
        .headers()
        .get(header::CONTENT_TYPE)
        .map(|v| v.to_str().unwrap().to_owned());
    let bytes = resp.into_body().collect().await.expect("a body").to_bytes();
    (status, ctype, bytes.to_vec())
}

/// The next `state` event's view from an event stream's body (keep-alive comments skipped),
/// within ten seconds.
#[allow(dead_code)] // not every test file reads event streams
pub async fn next_state(body: &mut Body) -> serde_json::Value {
    let mut buf = String::new();
    loop {
        let frame = tokio::time::timeout(std::time::Duration::from_secs(10), body.frame())
            .await
            .expect("an event in time")
            .expect("the stream is open")
            .expect("a frame");
        if let Ok(data) = frame.into_data() {
            buf.push_str(std::str::from_utf8(&data).unwrap());
        }
        while let Some(end) = buf.find("\n\n") {
            let event: String = buf.drain(..end + 2).collect();
            if event.starts_with(':') {
                continue;
            }
            assert!(event.contains("event: state"), "{event}");
            let data = event
                .lines()
                .find_map(|l| l.strip_prefix("data: "))
                .expect("data");
            return serde_json::from_str(data).unwrap();
        }
    }
}
