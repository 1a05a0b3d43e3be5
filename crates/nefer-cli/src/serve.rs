//! `nefer serve`: starts the play server of `nefer-server` (the browser front end and its JSON
//! API). Only the arguments live here.

use std::ffi::OsString;
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
pub fn run(args: ServeArgs) -> Result<()> {
    let data = match args.data {
        Some(d) => d,
        None => default_data_dir(std::env::var_os("XDG_DATA_HOME"), std::env::var_os("HOME"))?,
    };
    let rt = tokio::runtime::Builder::new_multi_thread()
        .enable_all()
        .build()
        .context("cannot start the async runtime")?;
    rt.block_on(nefer_server::serve(args.addr, &data))
        .with_context(|| format!("nefer serve on {}", args.addr))
}

#[cfg(test)]
mod tests {
    use super::*;

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
