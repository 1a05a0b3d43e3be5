//! `nefer solve`: exact one-sided tables of the pure-race rule sets (see `nefer_tables`).

use std::io::{BufReader, BufWriter, Write as _};
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context as _, Result, bail};
use indicatif::{ProgressBar, ProgressStyle};
use nefer_core::RuleSetId;
use nefer_tables::pair::solve_pair;
use nefer_tables::race::{Indexer, race_match};
use nefer_tables::solver::{Keep, TURN_LIMIT, solve_rows};
use nefer_tables::{default_max_turns, race_for, table};
use serde_json::json;

/// The most pieces whose exact pair game `--exact-up-to` solves: 3 pieces make 2.1·10⁷ pairs
/// (`hj.french`) to 2.6·10⁷ (`hj.walker`), 8 bytes each; 4 pieces would make about 10⁹ pairs,
/// 8 GB.
const MAX_EXACT: u8 = 3;

/// The default cut-off of a table's rows: a state's distribution is kept until less than this
/// probability is left (docs/BENCHMARKS.md measures the sizes and errors).
const CUTOFF: f64 = 1e-9;

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
    /// The turn by which every state's distribution in the table ends, the rest summed in its
    /// tail (default: 192 for hj.french, 640 for hj.walker, where the start's tail is below
    /// 1e-12; 0 writes the values alone; at most 4000).
    #[arg(long)]
    max_turns: Option<usize>,
    /// A state's distribution in the table ends once less than this probability is left (its
    /// tail keeps the rest): 0 keeps every turn up to --max-turns.
    #[arg(long, default_value_t = CUTOFF)]
    cutoff: f64,
    /// Pieces per player (fewer than 5 solves a reduced variant).
    #[arg(long, default_value_t = 5)]
    pieces: u8,
    /// Solve the exact two-player game too, up to this many pieces (the pair space is the square
    /// of the one-player space: 2 pieces take a fraction of a second, 3 take tens of seconds and
    /// about 200 MB; at most 3).
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
        let file =
            std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
        // Streamed: the file is checked to its end without keeping its values.
        let t = table::info(BufReader::new(file)).with_context(|| format!("{}", path.display()))?;
        // Written, not printed: a closed pipe is an error to report, never a panic.
        let mut out = crate::output::stdout();
        writeln!(out, "{}", serde_json::to_string_pretty(&t.meta)?)?;
        writeln!(
            out,
            "{} states, {} distribution values (rows end by turn {}), {} bytes, checksum ok",
            t.states, t.kept, t.max_turns, t.bytes
        )?;
        out.flush()?;
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
        bail!("--pieces must be 1 to 5, {} given", args.pieces);
    }
    let Some(race) = race_for(key, args.pieces, 29) else {
        bail!("{key} is not a pure race; nefer solves hj.french and hj.walker (basic game)");
    };
    let max_turns = args
        .max_turns
        .or_else(|| default_max_turns(key))
        .expect("every pure race has a default");
    if max_turns > TURN_LIMIT {
        bail!("--max-turns must be at most {TURN_LIMIT} (the solver's horizon), {max_turns} given");
    }
    if !(0.0..1.0).contains(&args.cutoff) {
        bail!(
            "--cutoff must be at least 0 and below 1, {} given",
            args.cutoff
        );
    }
    if args.exact_up_to > MAX_EXACT {
        bail!(
            "--exact-up-to must be 0 to {MAX_EXACT} (4 pieces would need about 8 GB), {} given",
            args.exact_up_to
        );
    }
    let bar = ProgressBar::new(60);
    bar.set_style(
        ProgressStyle::with_template("{msg} {bar:40} {percent}%").expect("a valid template"),
    );
    bar.set_message(format!("solving {key}"));
    let start = Instant::now();
    // The distributions of every state are kept only for a table to write.
    let keep = match args.out {
        Some(_) => Keep {
            max_turns,
            cutoff: args.cutoff,
        },
        None => Keep {
            max_turns: 0,
            cutoff: 0.0,
        },
    };
    let sol = solve_rows(race.as_ref(), keep, &|done, _| bar.set_position(done));
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
        let no_rows = Keep {
            max_turns: 0,
            cutoff: 0.0,
        };
        let one = race_match(&solve_rows(r.as_ref(), no_rows, &|_, _| {}).start_dist);
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
            "cutoff": args.cutoff,
            "tail_from_start": sol.dists.row(s0).tail,
            "ranking": "groups (k pieces on holes, in hand, on point 30) in increasing k, hand, point-30 order; inside a group the occupied holes 1..29 as a k-subset in colexicographic order (combinatorial number system)",
            "values": "per state: f64 expected turns to finish (min-expected-turns policy); per state a row of f32 P(T=k) for k from its first possible finish until P(T>=k) < cutoff or k = max_turns, and that remaining mass (see nefer_tables::table)",
            "policy": "minimise expected turns; ties to the first move in generation order",
            "expected_turns_to_finish": sol.expected[s0],
            "p_first_thrower_wins": m.p_first_wins,
            "expected_game_turns": m.expected_game_turns,
        });
        let file = std::fs::File::create(path)
            .with_context(|| format!("cannot write {}", path.display()))?;
        table::write_to(
            BufWriter::new(file),
            &meta,
            &sol.expected,
            &sol.dists,
            max_turns,
        )
        .with_context(|| format!("cannot write {}", path.display()))?;
    }
    let mut out = crate::output::stdout();
    if args.json {
        writeln!(out, "{figures}")?;
    } else {
        writeln!(
            out,
            "{key} ({} pieces), exact one-sided solution: {} states, solved in {seconds:.1} s",
            args.pieces,
            idx.len()
        )?;
        writeln!(
            out,
            "  minimum expected turns for one player to finish:      {:.6}",
            sol.expected[s0]
        )?;
        writeln!(
            out,
            "  P(first thrower wins), both minimising expected turns: {:.6}",
            m.p_first_wins
        )?;
        writeln!(
            out,
            "  expected game length in turns:                         {:.4}",
            m.expected_game_turns
        )?;
        for r in &reduced {
            writeln!(
                out,
                "  with {} piece(s): P(first wins) one-sided {:.6}, exact win-maximising {:.6}",
                r["pieces"],
                r["p_first_thrower_wins_one_sided"].as_f64().unwrap_or(0.0),
                r["p_first_thrower_wins_exact"].as_f64().unwrap_or(0.0)
            )?;
        }
        writeln!(
            out,
            "  (a turn is a throw and every bonus throw it earns; see docs/SOLUTIONS.md)"
        )?;
        if let Some(path) = &args.out {
            writeln!(out, "  table written to {}", path.display())?;
        }
    }
    out.flush()?;
    Ok(())
}
