//! # nefer-server
//!
//! `nefer serve`: the play server of nefer. An axum router ([`router`]) serves the JSON API of
//! docs/dev/api.md and the embedded browser front end; games live in SQLite ([`store`]) and are
//! rebuilt by replaying their actions through `nefer-core`. The server owns the game and the
//! dice; the computer plays through `nefer-players`.
//!
//! The server knows the games only through `nefer-core`'s `Game` interface and its rule facts
//! (`nefer_core::facts`, on the wire in [`facts`]): no rule lives here.

pub mod api;
pub mod assets;
pub mod body;
pub mod error;
pub mod facts;
pub mod hint;
pub mod openapi;
pub mod session;
pub mod store;
pub mod view;

use std::net::SocketAddr;
use std::path::Path;

pub use api::{AppState, router};
pub use store::Store;

/// Opens the database in `data_dir` (created if missing) and the server state over it.
///
/// # Errors
/// When the directory or the database cannot be created or opened.
pub fn open(data_dir: &Path) -> std::io::Result<AppState> {
    std::fs::create_dir_all(data_dir)?;
    let store = Store::open(data_dir).map_err(|e| {
        std::io::Error::other(format!(
            "cannot open the database in {}: {e}",
            data_dir.display()
        ))
    })?;
    Ok(AppState::new(store))
}

/// Serves on `addr` with the data in `data_dir` until Ctrl-C.
///
/// # Errors
/// When the data directory cannot be opened or the address cannot be bound.
pub async fn serve(addr: SocketAddr, data_dir: &Path) -> std::io::Result<()> {
    let state = open(data_dir)?.with_table_solving(true);
    let listener = tokio::net::TcpListener::bind(addr).await?;
    let local = listener.local_addr()?;
    println!(
        "nefer serve: http://{local}/ (data in {})",
        data_dir.display()
    );
    let stopping = state.clone();
    axum::serve(listener, router(state))
        .with_graceful_shutdown(async move {
            let _ = tokio::signal::ctrl_c().await;
            println!("nefer serve: stopping");
            stopping.stop_events();
        })
        .await
}
