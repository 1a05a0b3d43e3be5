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
        .route("/review", get(index))
        .route("/review/{id}", get(index))
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

/// The Content-Security-Policy of an HTML page: [`crate::guard::CONTENT_SECURITY_POLICY`],
/// with the SHA-256 of each of its inline scripts allowed (a development page has one; the
/// pages of the game have none), so that no other inline script ever runs.
fn page_policy(html: &[u8]) -> String {
    use sha2::{Digest, Sha256};
    let text = String::from_utf8_lossy(html);
    let mut hashes = String::new();
    let mut rest = text.as_ref();
    while let Some(open) = rest.find("<script") {
        rest = &rest[open..];
        let Some(end_tag) = rest.find('>') else { break };
        let tag = &rest[..end_tag];
        let body = &rest[end_tag + 1..];
        let Some(close) = body.find("</script>") else {
            break;
        };
        if !tag.contains("src=") {
            let digest = Sha256::digest(&body.as_bytes()[..close]);
            hashes.push_str(&format!(" 'sha256-{}'", base64(&digest)));
        }
        rest = &body[close..];
    }
    crate::guard::CONTENT_SECURITY_POLICY
        .replace("script-src 'self';", &format!("script-src 'self'{hashes};"))
}

/// Standard base64 with padding (RFC 4648 §4), as CSP hashes are written.
fn base64(bytes: &[u8]) -> String {
    const ALPHABET: &[u8; 64] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/";
    let mut out = String::with_capacity(bytes.len().div_ceil(3) * 4);
    for chunk in bytes.chunks(3) {
        let n = chunk
            .iter()
            .enumerate()
            .fold(0u32, |n, (i, &b)| n | u32::from(b) << (16 - 8 * i));
        for i in 0..4 {
            if i <= chunk.len() {
                out.push(char::from(ALPHABET[(n >> (18 - 6 * i)) as usize & 63]));
            } else {
                out.push('=');
            }
        }
    }
    out
}

fn file(path: &str) -> Response {
    match Web::get(path) {
        Some(f) if path.ends_with(".html") => {
            let policy = page_policy(&f.data);
            let mut resp = ok(f);
            if let Ok(v) = axum::http::HeaderValue::from_str(&policy) {
                resp.headers_mut()
                    .insert(header::CONTENT_SECURITY_POLICY, v);
            }
            resp
        }
        Some(f) => ok(f),
        None => ApiError::not_found(format!("no file /{path}")).into_response(),
    }
}

/// An embedded file as an answer, with its type.
fn ok(f: rust_embed::EmbeddedFile) -> Response {
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

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn base64_is_rfc_4648() {
        // RFC 4648 §10's test vectors.
        for (plain, coded) in [
            ("", ""),
            ("f", "Zg=="),
            ("fo", "Zm8="),
            ("foo", "Zm9v"),
            ("foob", "Zm9vYg=="),
            ("fooba", "Zm9vYmE="),
            ("foobar", "Zm9vYmFy"),
        ] {
            assert_eq!(base64(plain.as_bytes()), coded);
        }
    }

    #[test]
    fn a_page_allows_its_own_inline_scripts_only() {
        let page = b"<p>x</p><script src=\"/a.js\"></script><script type=\"module\">go()</script>";
        let policy = page_policy(page);
        // printf 'go()' | openssl dgst -sha256 -binary | base64
        assert!(
            policy.contains(
                "script-src 'self' 'sha256-5KYv+PUboo5h+0+YAtGRPbwv5d/QxzHslP4YGnUaxRw=';"
            ),
            "{policy}"
        );
        assert_eq!(policy.matches("'sha256-").count(), 1, "{policy}");
        assert_eq!(
            page_policy(b"<p>no script</p>"),
            crate::guard::CONTENT_SECURITY_POLICY
        );
    }
}
