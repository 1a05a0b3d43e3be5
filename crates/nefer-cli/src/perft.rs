//! `nefer perft`: the node counts of `nefer_core::perft` below a position, as the perft files
//! of nefer-core (`crates/nefer-core/tests/perft/*.perft`) write them, and `--divide` to find
//! the first action under which a count changed.

use std::io::Write as _;

use anyhow::{Context as _, Result};
use clap::Args;
use nefer_core::AnyGame;
use nefer_core::perft::{divide, perft};
use nefer_core::record::action_token;

/// Arguments of `nefer perft`.
#[derive(Args)]
pub struct PerftArgs {
    /// The position string (docs/dev/positions.md), e.g.
    /// "senet.kendall A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A throw".
    position: String,
    /// Count to this many plies (chance outcomes and decisions alike); the tree grows about
    /// fivefold a ply.
    #[arg(long, default_value_t = 1, value_parser = clap::value_parser!(u32).range(1..=64))]
    depth: u32,
    /// Only at --depth, split by the first action: one line per action, then the total.
    #[arg(long)]
    divide: bool,
}

/// Prints `perft D nodes=… decisions=… chances=… over=… moves=… outcomes=…` for every depth
/// 1..=D, or with `--divide` one such count per first action at depth D.
pub fn run(args: PerftArgs) -> Result<()> {
    let game =
        AnyGame::from_position(&args.position).with_context(|| format!("`{}`", args.position))?;
    let stdout = std::io::stdout();
    let mut out = stdout.lock();
    if args.divide {
        for (action, counts) in divide(&game, args.depth) {
            writeln!(out, "{} {counts}", action_token(action))?;
        }
        writeln!(out, "perft {} {}", args.depth, perft(&game, args.depth))?;
    } else {
        for depth in 1..=args.depth {
            writeln!(out, "perft {depth} {}", perft(&game, depth))?;
            out.flush()?;
        }
    }
    Ok(())
}
