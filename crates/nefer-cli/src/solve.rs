//! `nefer solve`: exact one-sided tables of the pure-race rule sets (see `nefer_tables`).

use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context as _, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use nefer_core::RuleSetId;
use nefer_tables::pair::solve_pair;
use nefer_tables::race::{Indexer, race_match, solve};
use nefer_tables::{race_for, table};
use serde_json::json;

/// Arguments of `nefer solve`.
#[derive(clap::Args)]
pub struct SolveArgs {
    /// The rule set: hj.french or hj.walker (basic game).
    #[arg(long, required_unless_present = "info")]
    rules: Option<String>,
    /// A rule option NAME=VALUE (only defaults are pure races today).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Write the table to this file (documented binary format, see `nefer_tables::table`).
    #[arg(long)]
    out: Option<PathBuf>,
    /// Turns of distribution kept per state in the table, the rest summed in a tail slot
    /// (default: 192 for hj.french, 640 for hj.walker, where the start's tail is below 1e-12).
    #[arg(long)]
    max_turns: Option<usize>,
    /// Pieces per player (fewer than 5 solves a reduced variant).
    #[arg(long, default_value_t = 5)]
    pieces: u8,
    /// Solve the exact two-player game too, up to this many pieces (the pair space is the square
    /// of the one-player space: 2 pieces take seconds, 3 take hours).
    #[arg(long, default_value_t = 2)]
    exact_up_to: u8,
    /// Print the figures as one JSON object.
    #[arg(long)]
    json: bool,
    /// Describe a table file instead of solving.
    #[arg(long, value_name = "FILE", conflicts_with = "rules")]
    info: Option<PathBuf>,
}

/// Runs `nefer solve`.
///
/// # Errors
/// A rule set that is not a pure race, non-default options, or a file that cannot be written or
/// read.
pub fn run(args: SolveArgs) -> Result<()> {
    if let Some(path) = &args.info {
        let bytes =
            std::fs::read(path).with_context(|| format!("cannot read {}", path.display()))?;
        let t = table::read(&bytes).with_context(|| format!("{}", path.display()))?;
        println!("{}", serde_json::to_string_pretty(&t.meta)?);
        println!(
            "{} states, {} distribution values",
            t.expected.len(),
            t.dist.len()
        );
        return Ok(());
    }
    let key = args.rules.as_deref().expect("clap requires --rules");
    let id: RuleSetId = key.parse()?;
    let options = crate::sim::parse_options(&args.options)?;
    id.new_game(&options)?;
    if !options.is_empty() {
        bail!("only the default options of {key} are solved so far; `{options}` given");
    }
    if !(1..=5).contains(&args.pieces) {
        bail!("--pieces must be 1 to 5");
    }
    let Some(race) = race_for(key, args.pieces, 29) else {
        bail!("{key} is not a pure race; nefer solves hj.french and hj.walker (basic game)");
    };
    let max_turns = args
        .max_turns
        .unwrap_or(if key == "hj.walker" { 640 } else { 192 });
    let bar = ProgressBar::new(60);
    bar.set_style(
        ProgressStyle::with_template("{msg} {bar:40} {percent}%").expect("a valid template"),
    );
    bar.set_message(format!("solving {key}"));
    let start = Instant::now();
    let sol = solve(race.as_ref(), max_turns, &|done, _| bar.set_position(done));
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let idx = Indexer::new(race.as_ref());
    let s0 = idx.rank(race.start()) as usize;
    let m = race_match(&sol.start_dist);
    // The exact pair game for reduced piece counts: how far the one-sided policy is from it.
    let mut reduced = Vec::new();
    for n in 1..=args.exact_up_to.min(args.pieces) {
        let r = race_for(key, n, 29).expect("a pure race");
        let pair = solve_pair(r.as_ref());
        let one = race_match(&solve(r.as_ref(), 8, &|_, _| {}).start_dist);
        reduced.push(json!({
            "pieces": n,
            "p_first_thrower_wins_one_sided": one.p_first_wins,
            "p_first_thrower_wins_exact": pair.p_first_wins(r.as_ref()),
        }));
    }
    let exact = if args.pieces <= args.exact_up_to {
        reduced
            .last()
            .map(|r| r["p_first_thrower_wins_exact"].clone())
    } else {
        None
    };
    let figures = json!({
        "rules": key,
        "options": options.to_string(),
        "pieces": args.pieces,
        "states": idx.len(),
        "expected_turns_to_finish": sol.expected[s0],
        "p_first_thrower_wins": m.p_first_wins,
        "p_first_thrower_wins_exact": exact,
        "expected_game_turns": m.expected_game_turns,
        "reduced_exact": reduced,
        "sweeps": sol.sweeps,
        "seconds": seconds,
    });
    if let Some(path) = &args.out {
        let meta = json!({
            "format": "nefer one-sided race table",
            "rules": key,
            "options": options.to_string(),
            "pieces": args.pieces,
            "holes": 29,
            "states": idx.len(),
            "max_turns": max_turns,
            "tail_from_start": sol.dist[s0 * (max_turns + 1) + max_turns],
            "ranking": "groups (k pieces on holes, in hand, on point 30) in increasing k, hand, point-30 order; inside a group the occupied holes 1..29 as a k-subset in colexicographic order (combinatorial number system)",
            "values": "per state: f64 expected turns to finish (min-expected-turns policy), then per state max_turns+1 f32: P(T=0..max_turns-1), P(T>=max_turns)",
            "policy": "minimise expected turns; ties to the first move in generation order",
            "expected_turns_to_finish": sol.expected[s0],
            "p_first_thrower_wins": m.p_first_wins,
            "expected_game_turns": m.expected_game_turns,
        });
        std::fs::write(path, table::write(&meta, &sol))
            .with_context(|| format!("cannot write {}", path.display()))?;
    }
    if args.json {
        println!("{figures}");
    } else {
        println!(
            "{key} ({} pieces), exact one-sided solution: {} states, solved in {seconds:.1} s",
            args.pieces,
            idx.len()
        );
        println!(
            "  minimum expected turns for one player to finish:      {:.6}",
            sol.expected[s0]
        );
        println!(
            "  P(first thrower wins), both minimising expected turns: {:.6}",
            m.p_first_wins
        );
        println!(
            "  expected game length in turns:                         {:.4}",
            m.expected_game_turns
        );
        for r in &reduced {
            println!(
                "  with {} piece(s): P(first wins) one-sided {:.6}, exact win-maximising {:.6}",
                r["pieces"],
                r["p_first_thrower_wins_one_sided"].as_f64().unwrap_or(0.0),
                r["p_first_thrower_wins_exact"].as_f64().unwrap_or(0.0)
            );
        }
        println!("  (a turn is a throw and every bonus throw it earns; see docs/SOLUTIONS.md)");
        if let Some(path) = &args.out {
            println!("  table written to {}", path.display());
        }
    }
    Ok(())
}
