//! `nefer play`: a plain-text game in the terminal.

use anyhow::Result;

/// Arguments of `nefer play`.
#[derive(clap::Args)]
pub struct PlayArgs {}

/// Runs a game.
pub fn run(_args: PlayArgs) -> Result<()> {
    anyhow::bail!("not yet")
}
