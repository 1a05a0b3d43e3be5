//! `nefer serve`: starts the play server of `nefer-server` (the browser front end and its JSON
//! API). Only the arguments live here.

use std::ffi::OsString;
use std::net::SocketAddr;
use std::path::PathBuf;
use std::time::Duration;

use anyhow::{Context as _, Result};
use clap::Args;
use nefer_server::Limits;
use nefer_server::limits::Rate;

/// A rate limit as given: `N/min`, `N/s`, or `off` (`None`).
#[derive(Clone, Copy, Debug)]
struct RateFlag(Option<Rate>);

fn parse_rate(s: &str) -> Result<RateFlag, String> {
    match s {
        "off" => Ok(RateFlag(None)),
        _ => s.parse().map(|r| RateFlag(Some(r))),
    }
}

/// Arguments of `nefer serve` (docs/dev/operations.md: every limit, and why).
#[derive(Args)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Where the games are kept (SQLite); default $XDG_DATA_HOME/nefer or ~/.local/share/nefer.
    #[arg(long)]
    data: Option<PathBuf>,
    /// New games per client: N/min, N/s or off.
    #[arg(long, value_name = "RATE", default_value = "20/min", value_parser = parse_rate)]
    rate_create: RateFlag,
    /// Hints, analyses and replays per client: N/min, N/s or off.
    #[arg(long, value_name = "RATE", default_value = "60/min", value_parser = parse_rate)]
    rate_costly: RateFlag,
    /// API requests per client: N/min, N/s or off.
    #[arg(long, value_name = "RATE", default_value = "600/min", value_parser = parse_rate)]
    rate_requests: RateFlag,
    /// No rate limits at all (a trusted network, a load test).
    #[arg(long)]
    no_rate_limits: bool,
    /// Clients are named by the last address of X-Forwarded-For (behind a proxy that sets it);
    /// the proxy then limits connections per client.
    #[arg(long)]
    behind_proxy: bool,
    /// An origin (such as <https://example.org>) whose pages may make state-changing requests, besides
    /// the server's own address (repeatable).
    #[arg(long = "origin", value_name = "ORIGIN")]
    origins: Vec<String>,
    /// Computer searches (moves and hints) at once, one thread each (default: one per core).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=256))]
    search_threads: Option<u16>,
    /// The deepest expectimax a game may ask for.
    #[arg(long, default_value_t = 4, value_parser = clap::value_parser!(u32).range(1..=8))]
    max_depth: u32,
    /// The most MCTS iterations a game may ask for.
    #[arg(long, default_value_t = 20_000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_iterations: u32,
    /// The longest a computer move may think, in milliseconds.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u64).range(1..=60_000))]
    move_ms: u64,
    /// C-7's turn cap of every new game that sets none or a larger one.
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=100_000))]
    max_turns: u32,
    /// Games kept in memory; idle ones beyond leave it (they stay in the database).
    #[arg(long, default_value_t = 1000, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    cached_games: u32,
    /// Connections open at once.
    #[arg(long, default_value_t = 4096, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections: u32,
    /// Connections open at once from one client (an IPv4 address, an IPv6 /64).
    #[arg(long, default_value_t = 128, value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    max_connections_per_client: u32,
    /// Seconds a client has to send a request's head, and a kept-alive connection may idle.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    header_timeout: u64,
    /// Seconds a client has to send a request's body.
    #[arg(long, default_value_t = 10, value_parser = clap::value_parser!(u64).range(1..=3600))]
    body_timeout: u64,
    /// Do not offer the `perfect` level (which solves an exact race table, tens to hundreds of
    /// megabytes, for its first game).
    #[arg(long)]
    no_tables: bool,
    /// For browser tests only: each position of a review takes at least this many
    /// milliseconds, so that a test sees the review page's graph grow on any machine.
    #[arg(long, hide = true, default_value_t = 0, value_parser = clap::value_parser!(u64).range(0..=100))]
    review_pace_ms: u64,
    /// Seconds a game's review may take; past them it stops and the page asks again two
    /// decisions deep (a long game three deep takes seconds; the wait for a thread counts).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=600))]
    review_timeout: u64,
    /// Seconds a seat counts as connected after its page last said so (the page says so every
    /// 5 s while it is open).
    #[arg(long, default_value_t = 20, value_parser = clap::value_parser!(u64).range(1..=3600))]
    presence_timeout: u64,
}

impl ServeArgs {
    /// The server's limits these arguments give.
    fn limits(&self) -> Limits {
        let mut l = Limits::default();
        l.rates.create = self.rate_create.0;
        l.rates.costly = self.rate_costly.0;
        l.rates.requests = self.rate_requests.0;
        if self.no_rate_limits {
            l = l.without_rate_limits();
        }
        l.behind_proxy = self.behind_proxy;
        l.origins.clone_from(&self.origins);
        if let Some(n) = self.search_threads {
            l.search_threads = usize::from(n);
        }
        l.search.max_depth = self.max_depth;
        l.search.max_iterations = self.max_iterations;
        l.search.move_time = Duration::from_millis(self.move_ms);
        l.max_turns = self.max_turns;
        l.cached_games = self.cached_games as usize;
        l.max_connections = self.max_connections as usize;
        l.max_connections_per_client = self.max_connections_per_client as usize;
        l.header_timeout = Duration::from_secs(self.header_timeout);
        l.body_timeout = Duration::from_secs(self.body_timeout);
        l.tables = !self.no_tables;
        l.review_pace = Duration::from_millis(self.review_pace_ms);
        l.review_timeout = Duration::from_secs(self.review_timeout);
        l.presence_timeout = Duration::from_secs(self.presence_timeout);
        l
    }
}

/// The default data directory, following the XDG base directory convention: `nefer` under
/// `$XDG_DATA_HOME`, else under `$HOME/.local/share` (the variables are passed in, for tests).
fn default_data_dir(xdg_data_home: Option<OsString>, home: Option<OsString>) -> Result<PathBuf> {
    // The XDG convention ignores an empty or relative XDG_DATA_HOME.
    if let Some(d) = xdg_data_home.map(PathBuf::from).filter(|d| d.is_absolute()) {
        return Ok(d.join("nefer"));
    }
    let home = home
        .filter(|h| !h.is_empty())
        .context("neither XDG_DATA_HOME nor HOME is set: give --data DIR")?;
    Ok(PathBuf::from(home).join(".local/share/nefer"))
}

/// Runs the server until Ctrl-C.
///
/// # Errors
/// A data directory or an address that cannot be used (each error names which).
pub fn run(args: ServeArgs) -> Result<()> {
    let limits = args.limits();
    let data = match args.data {
        Some(d) => d,
        None => default_data_dir(std::env::var_os("XDG_DATA_HOME"), std::env::var_os("HOME"))?,
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    rt.block_on(nefer_server::serve(args.addr, &data, limits))
        .context("nefer serve")
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        serve: ServeArgs,
    }

    #[test]
    fn the_flags_give_the_limits() {
        let l = Cli::parse_from(["nefer"]).serve.limits();
        assert_eq!(l.rates, nefer_server::limits::Rates::default());
        let l = Cli::parse_from([
            "nefer",
            "--rate-create",
            "off",
            "--rate-costly",
            "2/s",
            "--max-depth",
            "3",
            "--origin",
            "https://a.example",
            "--no-tables",
        ])
        .serve
        .limits();
        assert_eq!(l.rates.create, None);
        assert_eq!(l.rates.costly, Some(Rate::per_minute(120)));
        assert_eq!(l.search.max_depth, 3);
        assert_eq!(l.origins, ["https://a.example"]);
        assert!(!l.tables);
        let l = Cli::parse_from(["nefer", "--no-rate-limits"])
            .serve
            .limits();
        assert_eq!(l.rates.requests, None);
        assert_eq!(
            l.review_pace,
            Duration::ZERO,
            "reviews unpaced but in tests"
        );
        let l = Cli::parse_from(["nefer", "--review-pace-ms", "10"])
            .serve
            .limits();
        assert_eq!(l.review_pace, Duration::from_millis(10));
        assert_eq!(l.presence_timeout, Duration::from_secs(20));
        assert_eq!(l.review_timeout, Duration::from_secs(20));
        let l = Cli::parse_from(["nefer", "--review-timeout", "45"])
            .serve
            .limits();
        assert_eq!(l.review_timeout, Duration::from_secs(45));
        assert!(Cli::try_parse_from(["nefer", "--review-timeout", "0"]).is_err());
        let l = Cli::parse_from(["nefer", "--presence-timeout", "3"])
            .serve
            .limits();
        assert_eq!(l.presence_timeout, Duration::from_secs(3));
        assert!(Cli::try_parse_from(["nefer", "--presence-timeout", "0"]).is_err());
        assert!(Cli::try_parse_from(["nefer", "--review-pace-ms", "101"]).is_err());
        assert!(Cli::try_parse_from(["nefer", "--rate-create", "lots"]).is_err());
        assert!(Cli::try_parse_from(["nefer", "--max-depth", "9"]).is_err());
    }

    #[test]
    fn the_data_directory_follows_xdg() {
        let d = |x: Option<&str>, h: Option<&str>| {
            default_data_dir(x.map(OsString::from), h.map(OsString::from))
        };
        assert_eq!(
            d(Some("/x/data"), Some("/home/a")).unwrap(),
            PathBuf::from("/x/data/nefer")
        );
        assert_eq!(
            d(None, Some("/home/a")).unwrap(),
            PathBuf::from("/home/a/.local/share/nefer")
        );
        assert_eq!(
            d(Some("relative"), Some("/home/a")).unwrap(),
            PathBuf::from("/home/a/.local/share/nefer")
        );
        assert!(d(None, None).is_err());
    }
}
