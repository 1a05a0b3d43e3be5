//! `nefer serve`: starts the play server of `nefer-server` (the browser front end and its JSON
//! API). Only the arguments live here.

use std::net::SocketAddr;
use std::path::PathBuf;

use anyhow::{Context as _, Result};
use clap::Args;

/// Arguments of `nefer serve`.
#[derive(Args)]
pub struct ServeArgs {
    /// The address to listen on.
    #[arg(long, default_value = "127.0.0.1:8080")]
    addr: SocketAddr,
    /// Where the games are kept (SQLite); default $XDG_DATA_HOME/nefer or ~/.local/share/nefer.
    #[arg(long)]
    data: Option<PathBuf>,
}

/// The default data directory, following the XDG base directory convention.
fn default_data_dir() -> Result<PathBuf> {
    if let Some(d) = std::env::var_os("XDG_DATA_HOME").filter(|d| !d.is_empty()) {
        return Ok(PathBuf::from(d).join("nefer"));
    }
    let home = std::env::var_os("HOME")
        .filter(|h| !h.is_empty())
        .context("neither XDG_DATA_HOME nor HOME is set: give --data DIR")?;
    Ok(PathBuf::from(home).join(".local/share/nefer"))
}

/// Runs the server until Ctrl-C.
pub fn run(args: ServeArgs) -> Result<()> {
    let data = match args.data {
        Some(d) => d,
        None => default_data_dir()?,
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    rt.block_on(nefer_server::serve(args.addr, &data))
        .with_context(|| format!("nefer serve on {}", args.addr))
}
