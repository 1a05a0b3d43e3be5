//! The checks every request passes before a handler sees it, and the headers every answer
//! carries (docs/dev/operations.md):
//!
//! - a request target longer than [`Limits::max_uri`] is a `414`, headers larger than
//!   [`Limits::max_headers`] a `431`, both with the JSON reason (hyper's own limits beyond
//!   these answer with an empty body: they come before any code of ours runs);
//! - the rate limits per client ([`crate::limits::Limiters`]): `429` with `Retry-After`;
//! - a state-changing request from another site's page (its `Origin` or `Sec-Fetch-Site` says
//!   so) is a `403`: a page elsewhere cannot create games or move for a visitor;
//! - every answer carries the security headers ([`SECURITY_HEADERS`], and a
//!   Content-Security-Policy unless the answer has its own).
//!
//! The content type of bodies is checked where they are read (`415`: `crate::api::JsonBody`).

use std::net::{IpAddr, SocketAddr};
use std::time::Instant;

use axum::extract::{ConnectInfo, Request, State};
use axum::http::{HeaderMap, HeaderName, HeaderValue, Method, StatusCode, header};
use axum::middleware::Next;
use axum::response::{IntoResponse, Response};

use crate::api::AppState;
use crate::error::ApiError;
use crate::limits::{ClientKey, Limits};

/// The policy of every page: scripts and styles from this server only (inline styles are
/// allowed: the board sets them), no frames, no plug-ins, requests to this server only.
pub const CONTENT_SECURITY_POLICY: &str = "default-src 'self'; script-src 'self'; \
    style-src 'self' 'unsafe-inline'; img-src 'self' data:; connect-src 'self'; \
    object-src 'none'; base-uri 'none'; form-action 'self'; frame-ancestors 'none'";

/// Headers on every answer: no framing (clickjacking), no content-type sniffing, and no
/// address in the `Referer` of links followed from a page (a game's address is its own).
pub const SECURITY_HEADERS: [(HeaderName, &str); 3] = [
    (header::X_FRAME_OPTIONS, "DENY"),
    (header::X_CONTENT_TYPE_OPTIONS, "nosniff"),
    (header::REFERRER_POLICY, "no-referrer"),
];

/// What a request costs, for the rate limits.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Cost {
    /// A page or an asset: not limited.
    Page,
    /// An API request.
    Request,
    /// A request that runs a search or a replay.
    Costly,
    /// A new game.
    Create,
}

fn cost(method: &Method, path: &str) -> Cost {
    let Some(api) = path.strip_prefix("/api/") else {
        return Cost::Page;
    };
    // A rematch starts a new game.
    if method == Method::POST
        && (api.trim_end_matches('/') == "games"
            || (api.starts_with("games/") && api.ends_with("/rematch")))
    {
        return Cost::Create;
    }
    let costly = api == "replay"
        || api.starts_with("review")
        || api.starts_with("analyze")
        || (api.starts_with("games/")
            && (api.ends_with("/hint")
                || api.ends_with("/analyze")
                || api.ends_with("/review")
                || api.ends_with("/review/stream")));
    if costly { Cost::Costly } else { Cost::Request }
}

/// The client of a request: the peer address, or with [`Limits::behind_proxy`] the last
/// address of `X-Forwarded-For` (the one the proxy itself saw). `None` for a request that came
/// through no socket (the tests drive the router directly).
pub fn client_of(req: &Request, limits: &Limits) -> Option<ClientKey> {
    let peer = req
        .extensions()
        .get::<ConnectInfo<SocketAddr>>()
        .map(|c| c.0.ip())?;
    if limits.behind_proxy {
        // Only the last entry is the proxy's own word: the earlier ones are the client's.
        let forwarded = req
            .headers()
            .get_all("x-forwarded-for")
            .iter()
            .next_back()
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.rsplit(',').next())
            .and_then(|a| a.trim().parse::<IpAddr>().ok());
        return Some(ClientKey::of(forwarded.unwrap_or(peer)));
    }
    Some(ClientKey::of(peer))
}

/// Whether a state-changing request comes from another site's page. Browsers send `Origin`
/// with every cross-origin `POST` (and `Sec-Fetch-Site` with every request); bots and
/// command-line clients send neither and are let through.
fn cross_site(headers: &HeaderMap, limits: &Limits) -> Option<String> {
    if let Some(site) = headers.get("sec-fetch-site").and_then(|v| v.to_str().ok())
        && !matches!(site, "same-origin" | "none")
    {
        return Some(format!(
            "a request from another site (sec-fetch-site: {site})"
        ));
    }
    let origin = headers.get(header::ORIGIN)?;
    let origin = origin.to_str().unwrap_or("(not text)");
    let host = headers
        .get(header::HOST)
        .and_then(|h| h.to_str().ok())
        .unwrap_or("");
    let own = origin
        .strip_prefix("http://")
        .or_else(|| origin.strip_prefix("https://"))
        .is_some_and(|o| !host.is_empty() && o.eq_ignore_ascii_case(host));
    let allowed = limits
        .origins
        .iter()
        .any(|o| o.trim_end_matches('/').eq_ignore_ascii_case(origin));
    (!own && !allowed).then(|| format!("a request from the page of another origin ({origin})"))
}

/// The middleware of every request: sizes, rate limits, origins; security headers on the
/// answer.
pub async fn guard(State(st): State<AppState>, req: Request, next: Next) -> Response {
    let mut resp = match check(&st, &req) {
        Err(e) => e.into_response(),
        Ok(()) => next.run(req).await,
    };
    let headers = resp.headers_mut();
    for (name, value) in SECURITY_HEADERS {
        headers.insert(name, HeaderValue::from_static(value));
    }
    if !headers.contains_key(header::CONTENT_SECURITY_POLICY) {
        headers.insert(
            header::CONTENT_SECURITY_POLICY,
            HeaderValue::from_static(CONTENT_SECURITY_POLICY),
        );
    }
    resp
}

/// Refuses a part of the request (`what`, with its verb: "target is") of `bytes` bytes when it
/// is over `most`, with `status` and the reason in words.
fn at_most(status: StatusCode, what: &str, bytes: usize, most: usize) -> Result<(), ApiError> {
    if bytes > most {
        return Err(ApiError::new(
            status,
            format!("the request {what} {bytes} bytes; this server reads at most {most}"),
        ));
    }
    Ok(())
}

fn check(st: &AppState, req: &Request) -> Result<(), ApiError> {
    let limits = st.limits();
    let target = req.uri().path_and_query().map_or(0, |p| p.as_str().len());
    at_most(
        StatusCode::URI_TOO_LONG,
        "target is",
        target,
        limits.max_uri,
    )?;
    let head: usize = req
        .headers()
        .iter()
        .map(|(k, v)| k.as_str().len() + v.len() + 4)
        .sum();
    at_most(
        StatusCode::REQUEST_HEADER_FIELDS_TOO_LARGE,
        "headers are",
        head,
        limits.max_headers,
    )?;
    let safe = matches!(*req.method(), Method::GET | Method::HEAD | Method::OPTIONS);
    if !safe && let Some(why) = cross_site(req.headers(), limits) {
        return Err(ApiError::new(
            StatusCode::FORBIDDEN,
            format!(
                "{why}: this server takes state-changing requests only from its own pages \
                 (nefer serve --origin allows others)"
            ),
        ));
    }
    let cost = cost(req.method(), req.uri().path());
    if let Some(client) = client_of(req, limits) {
        let now = Instant::now();
        let l = st.limiters();
        let checks = [
            (cost != Cost::Page, &l.requests, "requests"),
            (
                cost == Cost::Costly,
                &l.costly,
                "hints, analyses, reviews and replays",
            ),
            (cost == Cost::Create, &l.create, "new games"),
        ];
        for (applies, limiter, what) in checks {
            if let (true, Some(limiter)) = (applies, limiter) {
                limiter
                    .take(client, now)
                    .map_err(|wait| ApiError::too_many(what, wait))?;
            }
        }
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn requests_are_priced_by_what_they_run() {
        let get = Method::GET;
        let post = Method::POST;
        assert_eq!(cost(&post, "/api/games"), Cost::Create);
        assert_eq!(cost(&post, "/api/games/x/rematch"), Cost::Create);
        assert_eq!(cost(&post, "/api/games/x/presence"), Cost::Request);
        assert_eq!(cost(&get, "/api/games"), Cost::Request);
        assert_eq!(cost(&get, "/api/games/x/hint"), Cost::Costly);
        assert_eq!(cost(&post, "/api/replay"), Cost::Costly);
        assert_eq!(cost(&post, "/api/analyze"), Cost::Costly);
        assert_eq!(cost(&get, "/api/games/x/review"), Cost::Costly);
        assert_eq!(cost(&post, "/api/review"), Cost::Costly);
        assert_eq!(cost(&get, "/api/games/x/review/stream"), Cost::Costly);
        assert_eq!(cost(&post, "/api/review/stream"), Cost::Costly);
        assert_eq!(cost(&post, "/api/games/x/move"), Cost::Request);
        assert_eq!(cost(&get, "/game/x"), Cost::Page);
        assert_eq!(cost(&get, "/assets/app.js"), Cost::Page);
    }

    #[test]
    fn only_other_sites_are_refused() {
        let limits = Limits {
            origins: vec!["https://nefer.example/".into()],
            ..Limits::default()
        };
        let h = |pairs: &[(&'static str, &'static str)]| {
            let mut m = HeaderMap::new();
            for &(k, v) in pairs {
                m.insert(k, HeaderValue::from_static(v));
            }
            m
        };
        let ok = |m: &HeaderMap| cross_site(m, &limits).is_none();
        assert!(ok(&h(&[("host", "localhost:8080")])), "no origin: a bot");
        assert!(ok(&h(&[
            ("host", "localhost:8080"),
            ("origin", "http://localhost:8080")
        ])));
        assert!(ok(&h(&[
            ("host", "play.example"),
            ("origin", "https://PLAY.example")
        ])));
        assert!(ok(&h(&[
            ("host", "localhost:8080"),
            ("origin", "https://nefer.example")
        ])));
        assert!(ok(&h(&[("sec-fetch-site", "same-origin")])));
        assert!(!ok(&h(&[
            ("host", "localhost:8080"),
            ("origin", "http://evil.example")
        ])));
        assert!(!ok(&h(&[("host", "localhost:8080"), ("origin", "null")])));
        assert!(!ok(&h(&[
            ("host", "localhost:8080"),
            ("origin", "http://localhost:8081")
        ])));
        assert!(!ok(&h(&[("sec-fetch-site", "cross-site")])));
        assert!(!ok(&h(&[("sec-fetch-site", "same-site")])));
    }
}
