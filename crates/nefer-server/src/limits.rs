//! What one server process gives to strangers, and how it says no. Every bound of
//! docs/dev/operations.md lives in [`Limits`] (the operator sets them with `nefer serve`'s
//! flags); the rate limits are token buckets per client ([`RateLimiter`], keyed by
//! [`ClientKey`]); the computer's searches share a budget of threads ([`SearchBudget`]).

use std::collections::HashMap;
use std::fmt;
use std::net::IpAddr;
use std::str::FromStr;
use std::sync::{Arc, Mutex, PoisonError};
use std::time::{Duration, Instant};

use crate::error::SessionError;

/// A rate: at most `per_minute` requests a minute on average, and as many at once (the bucket
/// starts full, so a client that was quiet may spend a minute's worth in a burst).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Rate {
    /// Requests a minute, and the burst.
    pub per_minute: u32,
}

impl Rate {
    /// `n` requests a minute.
    pub const fn per_minute(n: u32) -> Rate {
        Rate { per_minute: n }
    }
}

/// `N/min`, `N/s` (N a second, as N·60 a minute) or `off` (no limit: `None`).
impl FromStr for Rate {
    type Err = String;

    fn from_str(s: &str) -> Result<Rate, String> {
        let bad = || format!("`{s}` is not a rate: N/min or N/s (N from 1 to 1000000)");
        let (n, unit) = s.split_once('/').ok_or_else(bad)?;
        let n: u32 = n.trim().parse().map_err(|_| bad())?;
        let per_minute = match unit.trim() {
            "min" | "m" => Some(n),
            "s" | "sec" => n.checked_mul(60),
            _ => None,
        }
        .filter(|&n| (1..=60_000_000).contains(&n))
        .ok_or_else(bad)?;
        Ok(Rate { per_minute })
    }
}

impl fmt::Display for Rate {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/min", self.per_minute)
    }
}

/// The rate limits per client (`None`: no limit).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Rates {
    /// `POST /api/games`: each game is a row kept for good and a session in memory.
    pub create: Option<Rate>,
    /// Requests that cost a search or a replay: hints, analyses, reviews, replays.
    pub costly: Option<Rate>,
    /// Every request to the API.
    pub requests: Option<Rate>,
}

impl Default for Rates {
    fn default() -> Rates {
        Rates {
            // A person starts a game every few minutes; a page that retries, a few a minute.
            create: Some(Rate::per_minute(20)),
            // A hint per move of a quick player, and the replay page's pages.
            costly: Some(Rate::per_minute(60)),
            // Ten a second: a page makes one or two per action.
            requests: Some(Rate::per_minute(600)),
        }
    }
}

/// How deep and long the computer may think for a stranger.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct SearchBounds {
    /// The deepest `expectimax:depth=D` a game may ask for: the `expert` level's.
    pub max_depth: u32,
    /// The most `mcts:iters=N` a game may ask for: its tree (a few hundred bytes a node) is
    /// a few megabytes at most.
    pub max_iterations: u32,
    /// The longest any computer move may think.
    pub move_time: Duration,
}

impl Default for SearchBounds {
    fn default() -> SearchBounds {
        SearchBounds {
            max_depth: 4,
            max_iterations: 20_000,
            move_time: Duration::from_secs(1),
        }
    }
}

/// Every bound of the server (docs/dev/operations.md lists them with their flags).
#[derive(Clone, Debug)]
pub struct Limits {
    /// Games kept in memory; the least recently used idle ones leave it beyond this (they stay
    /// in the database and come back on their next request).
    pub cached_games: usize,
    /// Computer searches (moves, hints) running at once, each on a thread of its own.
    pub search_threads: usize,
    /// How long a request waits for a search thread before it is answered `503`.
    pub search_wait: Duration,
    /// What a computer level may ask for.
    pub search: SearchBounds,
    /// C-7's turn cap of every new game: a game that asks for none, or a larger one, gets this
    /// one, and ends as a draw when it is reached.
    pub max_turns: u32,
    /// The rate limits per client.
    pub rates: Rates,
    /// Connections open at once.
    pub max_connections: usize,
    /// Connections open at once from one client.
    pub max_connections_per_client: usize,
    /// How long a client has to send a request's head (and how long a kept-alive connection
    /// may wait idle for the next one).
    pub header_timeout: Duration,
    /// How long a client has to send a request's body.
    pub body_timeout: Duration,
    /// The longest request target (path and query) answered; longer is a `414`.
    pub max_uri: usize,
    /// The most bytes of request headers answered; more is a `431`.
    pub max_headers: usize,
    /// Whether the server runs behind a proxy that names the client in `X-Forwarded-For` (its
    /// last address is the one the proxy saw); otherwise the peer address is the client.
    pub behind_proxy: bool,
    /// Origins (`https://example.org`) allowed to make state-changing requests besides the
    /// server's own (the `Host` the request was sent to).
    pub origins: Vec<String>,
    /// Whether the server offers the `perfect` level, whose exact race table (tens to hundreds
    /// of megabytes, seconds to solve) it solves once, for the first such game. Without it,
    /// `perfect` is refused and hints use a table only if one is solved anyway.
    pub tables: bool,
    /// For tests of the review page only (`nefer serve --review-pace-ms`, hidden): each
    /// position of a review takes at least this long, so that a browser test sees the graph
    /// grow whatever the machine's speed. Zero everywhere else.
    pub review_pace: Duration,
    /// How long a game's review may think (`nefer serve --review-timeout`): it analyses every
    /// position of the game, so a long game three decisions deep takes seconds; past this the
    /// review stops where it is (its thread comes free) and the answer is a `503` that asks
    /// for less depth. The wait for a search thread counts.
    pub review_timeout: Duration,
    /// How long a seat counts as connected after its page last said so (`POST
    /// /api/games/{id}/presence`; the page says so every few seconds while it is open).
    pub presence_timeout: Duration,
}

impl Default for Limits {
    fn default() -> Limits {
        Limits {
            cached_games: 1000,
            search_threads: std::thread::available_parallelism().map_or(2, |n| n.get()),
            search_wait: Duration::from_secs(10),
            search: SearchBounds::default(),
            max_turns: 1000,
            rates: Rates::default(),
            max_connections: 4096,
            max_connections_per_client: 128,
            header_timeout: Duration::from_secs(10),
            body_timeout: Duration::from_secs(10),
            max_uri: 4096,
            max_headers: 16 * 1024,
            behind_proxy: false,
            origins: Vec::new(),
            tables: true,
            review_pace: Duration::ZERO,
            review_timeout: Duration::from_secs(20),
            presence_timeout: crate::session::PRESENCE_TIMEOUT,
        }
    }
}

impl Limits {
    /// No rate limits: for load tests and trusted networks.
    pub fn without_rate_limits(mut self) -> Limits {
        self.rates = Rates {
            create: None,
            costly: None,
            requests: None,
        };
        self
    }
}

/// Who a client is for the limits: its address, or its IPv6 network (`/64`: one subscriber's
/// block, which a stranger could otherwise walk to get fresh buckets).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct ClientKey(IpAddr);

impl ClientKey {
    /// The key of address `ip` (an IPv4 address in IPv6 form counts as the IPv4 one).
    pub fn of(ip: IpAddr) -> ClientKey {
        match ip {
            IpAddr::V4(v4) => ClientKey(IpAddr::V4(v4)),
            IpAddr::V6(v6) => match v6.to_ipv4_mapped() {
                Some(v4) => ClientKey(IpAddr::V4(v4)),
                None => {
                    let net = u128::from(v6) & !((1u128 << 64) - 1);
                    ClientKey(IpAddr::V6(net.into()))
                }
            },
        }
    }
}

impl fmt::Display for ClientKey {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self.0 {
            IpAddr::V4(a) => write!(f, "{a}"),
            IpAddr::V6(a) => write!(f, "{a}/64"),
        }
    }
}

/// A client's bucket: `tokens` requests left at `at`.
#[derive(Clone, Copy, Debug)]
struct Bucket {
    tokens: f64,
    at: Instant,
}

/// Token buckets per client, for one [`Rate`]. The table is pruned of full buckets when it
/// grows, so clients that went quiet cost nothing.
pub struct RateLimiter {
    rate: Rate,
    buckets: Mutex<HashMap<ClientKey, Bucket>>,
}

/// Buckets kept before the full ones are dropped.
const PRUNE_AT: usize = 1 << 16;

impl RateLimiter {
    /// A limiter at `rate`.
    pub fn new(rate: Rate) -> RateLimiter {
        RateLimiter {
            rate,
            buckets: Mutex::default(),
        }
    }

    fn capacity(&self) -> f64 {
        f64::from(self.rate.per_minute)
    }

    fn per_second(&self) -> f64 {
        f64::from(self.rate.per_minute) / 60.0
    }

    /// Takes one request from `client`'s bucket at `now`; when it is empty, how long until it
    /// holds one again.
    pub fn take(&self, client: ClientKey, now: Instant) -> Result<(), Duration> {
        let (cap, per_second) = (self.capacity(), self.per_second());
        let mut buckets = self.buckets.lock().unwrap_or_else(PoisonError::into_inner);
        if buckets.len() >= PRUNE_AT {
            buckets.retain(|_, b| {
                b.tokens + now.saturating_duration_since(b.at).as_secs_f64() * per_second < cap
            });
        }
        let b = buckets.entry(client).or_insert(Bucket {
            tokens: cap,
            at: now,
        });
        let elapsed = now.saturating_duration_since(b.at).as_secs_f64();
        b.tokens = (b.tokens + elapsed * per_second).min(cap);
        b.at = now;
        if b.tokens >= 1.0 {
            b.tokens -= 1.0;
            Ok(())
        } else {
            Err(Duration::from_secs_f64((1.0 - b.tokens) / per_second))
        }
    }
}

/// The limiters of a server, one per kind of request.
pub struct Limiters {
    /// Game creation.
    pub create: Option<RateLimiter>,
    /// Searches and replays.
    pub costly: Option<RateLimiter>,
    /// Every API request.
    pub requests: Option<RateLimiter>,
}

impl Limiters {
    /// The limiters of `rates`.
    pub fn new(rates: &Rates) -> Limiters {
        Limiters {
            create: rates.create.map(RateLimiter::new),
            costly: rates.costly.map(RateLimiter::new),
            requests: rates.requests.map(RateLimiter::new),
        }
    }
}

/// The budget of threads the computer's searches share: a search waits for one (at most
/// [`Limits::search_wait`]) and holds it until it is done, even where its request gave up
/// waiting for it, so that no more searches than threads ever run.
#[derive(Clone)]
pub struct SearchBudget {
    permits: Arc<tokio::sync::Semaphore>,
    wait: Duration,
    bounds: SearchBounds,
}

impl SearchBudget {
    /// `threads` searches at once, a wait of `wait` for one, searches bounded by `bounds`.
    pub fn new(threads: usize, wait: Duration, bounds: SearchBounds) -> SearchBudget {
        SearchBudget {
            permits: Arc::new(tokio::sync::Semaphore::new(threads.max(1))),
            wait,
            bounds,
        }
    }

    /// What a search may ask for.
    pub fn bounds(&self) -> SearchBounds {
        self.bounds
    }

    /// Runs `search` on a thread of the budget.
    ///
    /// # Errors
    /// [`SessionError::Busy`] when no thread comes free in time; [`SessionError::Internal`]
    /// when the search panicked.
    pub async fn run<T: Send + 'static>(
        &self,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> Result<T, SessionError> {
        self.start(search)
            .await?
            .await
            .map_err(|e| SessionError::Internal(format!("a search failed: {e}")))
    }

    /// Starts `search` on a thread of the budget once one is free, without waiting for its
    /// end (a streamed review answers while it runs); the thread is the budget's until
    /// `search` returns.
    ///
    /// # Errors
    /// [`SessionError::Busy`] when no thread comes free in time.
    pub async fn start<T: Send + 'static>(
        &self,
        search: impl FnOnce() -> T + Send + 'static,
    ) -> Result<tokio::task::JoinHandle<T>, SessionError> {
        let permit = tokio::time::timeout(self.wait, self.permits.clone().acquire_owned())
            .await
            .map_err(|_| SessionError::Busy {
                retry_after: self.wait,
            })?
            .map_err(|_| SessionError::Internal("the search budget is closed".into()))?;
        Ok(tokio::task::spawn_blocking(move || {
            let value = search();
            drop(permit);
            value
        }))
    }
}

impl Default for SearchBudget {
    fn default() -> SearchBudget {
        let l = Limits::default();
        SearchBudget::new(l.search_threads, l.search_wait, l.search)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn rates_parse_and_print() {
        assert_eq!("30/min".parse(), Ok(Rate::per_minute(30)));
        assert_eq!("2/s".parse(), Ok(Rate::per_minute(120)));
        assert_eq!(Rate::per_minute(30).to_string(), "30/min");
        for bad in ["", "30", "0/min", "x/min", "3/h", "-1/s", "99999999/s"] {
            assert!(bad.parse::<Rate>().is_err(), "{bad}");
        }
    }

    #[test]
    fn a_bucket_gives_its_burst_then_one_per_interval() {
        let l = RateLimiter::new(Rate::per_minute(3));
        let c = ClientKey::of("10.0.0.1".parse().unwrap());
        let other = ClientKey::of("10.0.0.2".parse().unwrap());
        let t0 = Instant::now();
        for _ in 0..3 {
            assert_eq!(l.take(c, t0), Ok(()));
        }
        let wait = l.take(c, t0).unwrap_err();
        assert!((19.9..=20.0).contains(&wait.as_secs_f64()), "{wait:?}");
        assert_eq!(l.take(other, t0), Ok(()), "buckets are per client");
        assert!(l.take(c, t0 + Duration::from_secs(19)).is_err());
        assert_eq!(l.take(c, t0 + Duration::from_secs(21)), Ok(()));
    }

    #[test]
    fn an_ipv6_client_is_its_64_network() {
        let a = ClientKey::of("2001:db8:1:2:aaaa::1".parse().unwrap());
        let b = ClientKey::of("2001:db8:1:2:bbbb::9".parse().unwrap());
        let c = ClientKey::of("2001:db8:1:3::1".parse().unwrap());
        assert_eq!(a, b);
        assert_ne!(a, c);
        assert_eq!(a.to_string(), "2001:db8:1:2::/64");
        let mapped = ClientKey::of("::ffff:192.0.2.7".parse().unwrap());
        assert_eq!(mapped, ClientKey::of("192.0.2.7".parse().unwrap()));
    }

    #[tokio::test]
    async fn searches_wait_for_a_thread_and_give_up_in_time() {
        let budget = SearchBudget::new(1, Duration::from_millis(50), SearchBounds::default());
        let (tx, rx) = std::sync::mpsc::channel::<()>();
        let busy = budget.clone();
        let first = tokio::spawn(async move { busy.run(move || rx.recv().is_ok()).await });
        // The first search holds the only thread until it hears from us.
        tokio::time::sleep(Duration::from_millis(20)).await;
        let e = budget.run(|| ()).await.unwrap_err();
        assert!(matches!(e, SessionError::Busy { .. }), "{e}");
        tx.send(()).unwrap();
        assert!(first.await.unwrap().unwrap());
        assert_eq!(budget.run(|| 7).await.unwrap(), 7);
    }
}
