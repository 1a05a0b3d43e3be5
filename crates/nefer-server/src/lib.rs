//! # nefer-server
//!
//! `nefer serve`: the play server of nefer. An axum router ([`router`]) serves the JSON API of
//! docs/dev/api.md and the embedded browser front end; games live in SQLite ([`store`]) and are
//! rebuilt by replaying their actions through `nefer-core`. The server owns the game and the
//! dice; the computer plays through `nefer-players`.
//!
//! The server knows the games only through `nefer-core`'s `Game` interface and its rule facts
//! (`nefer_core::facts`, on the wire in [`facts`]): no rule lives here.

pub mod analyze;
pub mod api;
pub mod assets;
pub mod body;
pub mod cache;
pub mod error;
pub mod facts;
pub mod guard;
pub mod hint;
pub mod limits;
pub mod net;
pub mod online;
pub mod openapi;
pub mod review;
pub mod session;
pub mod store;
pub mod tutorial;
pub mod view;

use std::io::Write as _;
use std::net::SocketAddr;
use std::path::{Path, PathBuf};

pub use api::{AppState, router};
pub use limits::Limits;
pub use store::Store;

/// Why the server could not start or stopped: each names what it was about.
#[derive(Debug, thiserror::Error)]
pub enum ServeError {
    /// The data directory cannot be made or its database opened.
    #[error("the data directory {dir}: {why}")]
    Data {
        /// The directory.
        dir: PathBuf,
        /// What went wrong.
        why: String,
    },
    /// The address cannot be listened on.
    #[error("cannot listen on {addr}: {source}")]
    Bind {
        /// The address.
        addr: SocketAddr,
        /// The system's reason.
        source: std::io::Error,
    },
    /// Serving failed.
    #[error("serving failed: {0}")]
    Serve(#[from] std::io::Error),
}

/// Opens the database in `data_dir` (created if missing) and the server state over it, with
/// the default [`Limits`].
///
/// # Errors
/// When the directory or the database cannot be created or opened ([`ServeError::Data`]).
pub fn open(data_dir: &Path) -> Result<AppState, ServeError> {
    open_with(data_dir, Limits::default())
}

/// Opens the database in `data_dir` (created if missing) and the server state over it.
///
/// # Errors
/// When the directory or the database cannot be created or opened ([`ServeError::Data`]).
pub fn open_with(data_dir: &Path, limits: Limits) -> Result<AppState, ServeError> {
    let data = |why: String| ServeError::Data {
        dir: data_dir.to_owned(),
        why,
    };
    if data_dir.exists() && !data_dir.is_dir() {
        return Err(data("it is not a directory".into()));
    }
    std::fs::create_dir_all(data_dir).map_err(|e| data(format!("cannot create it: {e}")))?;
    let store =
        Store::open(data_dir).map_err(|e| data(format!("cannot open its database: {e}")))?;
    Ok(AppState::with_limits(store, limits))
}

/// Serves on `addr` with the data in `data_dir` within `limits` until Ctrl-C.
///
/// # Errors
/// When the data directory cannot be opened or the address cannot be bound.
pub async fn serve(addr: SocketAddr, data_dir: &Path, limits: Limits) -> Result<(), ServeError> {
    let state = open_with(data_dir, limits)?.with_table_solving(true);
    let listener = tokio::net::TcpListener::bind(addr)
        .await
        .map_err(|source| ServeError::Bind { addr, source })?;
    let local = listener.local_addr()?;
    // Written, not printed: a server whose standard output was closed goes on serving.
    let say = |what: String| {
        let _ = writeln!(std::io::stdout(), "nefer serve: {what}");
    };
    say(format!("http://{local}/ (data in {})", data_dir.display()));
    let stopping = state.clone();
    let limits = state.limits().clone();
    net::serve(listener, router(state), &limits, async move {
        let _ = tokio::signal::ctrl_c().await;
        say("stopping".into());
        stopping.stop_events();
    })
    .await?;
    Ok(())
}
