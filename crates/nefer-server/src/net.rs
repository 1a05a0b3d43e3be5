//! The accept loop: HTTP/1.1 connections served by hyper with the bounds `axum::serve` does not
//! offer ([`Limits`]): a header-read timeout (also the idle timeout of a kept-alive connection:
//! hyper starts it whenever it waits for a request's head), the connections open at once, in
//! all and per client, and the size of a request's head. Each request carries its peer
//! address (`ConnectInfo`) for the rate limits.

use std::collections::HashMap;
use std::future::Future;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::Duration;

use axum::Router;
use axum::body::Body;

use axum::extract::ConnectInfo;
use hyper::body::Incoming;
use hyper_util::rt::{TokioIo, TokioTimer};
use hyper_util::server::graceful::GracefulShutdown;
use hyper_util::service::TowerToHyperService;
use tokio::net::TcpListener;
use tower::ServiceExt as _;

use crate::limits::{ClientKey, Limits};

/// The largest request head hyper reads at all (its own `431`, with an empty body, beyond):
/// well above [`Limits::max_headers`], so that the JSON `431` of [`crate::guard`] answers
/// every head between the two.
pub const HEAD_BUFFER: usize = 64 * 1024;

/// How long a stopping server waits for its connections to finish their requests.
const DRAIN: Duration = Duration::from_secs(5);

/// The connections open per client.
#[derive(Clone, Default)]
struct Open(Arc<Mutex<HashMap<ClientKey, usize>>>);

/// A connection counted in [`Open`]; uncounted when dropped.
struct Counted {
    open: Open,
    client: ClientKey,
}

impl Open {
    /// Counts a connection of `client`, unless it has `max` open already.
    fn claim(&self, client: ClientKey, max: usize) -> Option<Counted> {
        let mut open = self.0.lock().unwrap_or_else(PoisonError::into_inner);
        let n = open.entry(client).or_insert(0);
        if *n >= max {
            return None;
        }
        *n += 1;
        Some(Counted {
            open: self.clone(),
            client,
        })
    }
}

impl Drop for Counted {
    fn drop(&mut self) {
        let mut open = self.open.0.lock().unwrap_or_else(PoisonError::into_inner);
        if let Some(n) = open.get_mut(&self.client) {
            *n -= 1;
            if *n == 0 {
                open.remove(&self.client);
            }
        }
    }
}

/// Serves `router` on `listener` within `limits` until `stop` completes; then stops accepting,
/// lets the open connections finish (at most a few seconds) and returns.
///
/// # Errors
/// None so far: a failed accept (no file descriptors left, a connection reset before it was
/// taken) is waited out, not returned.
pub async fn serve(
    listener: TcpListener,
    router: Router,
    limits: &Limits,
    stop: impl Future<Output = ()>,
) -> std::io::Result<()> {
    let slots = Arc::new(tokio::sync::Semaphore::new(limits.max_connections.max(1)));
    let open = Open::default();
    let graceful = GracefulShutdown::new();
    let mut builder = hyper::server::conn::http1::Builder::new();
    builder
        .timer(TokioTimer::new())
        .header_read_timeout(limits.header_timeout)
        .max_buf_size(HEAD_BUFFER);
    tokio::pin!(stop);
    loop {
        let (tcp, peer) = tokio::select! {
            accepted = listener.accept() => match accepted {
                Ok(c) => c,
                Err(_) => {
                    // Out of descriptors, or a connection gone before it was taken: wait a
                    // little rather than spin.
                    tokio::time::sleep(Duration::from_millis(50)).await;
                    continue;
                }
            },
            () = &mut stop => break,
        };
        // Over a limit: the connection is closed at once, before a byte is read.
        let Ok(slot) = slots.clone().try_acquire_owned() else {
            continue;
        };
        let counted = if limits.behind_proxy {
            // Every connection comes from the proxy: it limits its clients' connections.
            None
        } else {
            match open.claim(ClientKey::of(peer.ip()), limits.max_connections_per_client) {
                Some(c) => Some(c),
                None => continue,
            }
        };
        let _ = tcp.set_nodelay(true);
        let service = router
            .clone()
            .map_request(move |mut req: axum::http::Request<Incoming>| {
                // The peer address, for the rate limits (`crate::guard::client_of`).
                req.extensions_mut().insert(ConnectInfo(peer));
                req.map(Body::new)
            });
        let conn = builder.serve_connection(TokioIo::new(tcp), TowerToHyperService::new(service));
        let conn = graceful.watch(conn);
        tokio::spawn(async move {
            // A connection that fails (reset, a malformed head hyper answered itself) is the
            // client's business.
            let _ = conn.await;
            drop((slot, counted));
        });
    }
    drop(listener);
    let _ = tokio::time::timeout(DRAIN, graceful.shutdown()).await;
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn connections_are_counted_per_client_and_uncounted_when_closed() {
        let open = Open::default();
        let a = ClientKey::of("10.0.0.1".parse().unwrap());
        let b = ClientKey::of("10.0.0.2".parse().unwrap());
        let first = open.claim(a, 2).unwrap();
        let second = open.claim(a, 2).unwrap();
        assert!(open.claim(a, 2).is_none());
        assert!(open.claim(b, 2).is_some());
        drop(first);
        let third = open.claim(a, 2).unwrap();
        drop((second, third));
        assert!(open.0.lock().unwrap().is_empty());
    }
}
