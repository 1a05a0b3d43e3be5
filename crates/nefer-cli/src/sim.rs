//! `nefer sim`: pits two players against each other over many games (see `nefer_players::sim`).

use std::time::Instant;

use anyhow::{Context as _, Result};
use indicatif::{ProgressBar, ProgressStyle};
use nefer_core::{Options, RuleSetId};
use nefer_players::PlayerSpec;
use nefer_players::sim::{Rate, SimConfig, Spread, Summary, run};
use serde_json::json;

/// Arguments of `nefer sim`.
#[derive(clap::Args)]
pub struct SimArgs {
    /// The rule set (see `nefer rules`).
    #[arg(long)]
    rules: String,
    /// A rule option NAME=VALUE (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Player a: a level or a player (random, greedy, expectimax[:depth=D,ms=T], mcts[:iters=N,ms=T]).
    #[arg(long)]
    a: PlayerSpec,
    /// Player b.
    #[arg(long)]
    b: PlayerSpec,
    /// Number of games; player a takes seat A in the even-numbered ones and B in the others.
    #[arg(long, default_value_t = 1000)]
    games: u32,
    /// Master seed.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// Worker threads (default: one per core).
    #[arg(long)]
    threads: Option<usize>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

/// Parses repeated `--option NAME=VALUE` arguments.
///
/// # Errors
/// A malformed pair or a name given twice.
pub fn parse_options(items: &[String]) -> Result<Options> {
    let mut options = Options::new();
    for o in items {
        let (k, v) = o
            .split_once('=')
            .with_context(|| format!("option `{o}` is not NAME=VALUE"))?;
        options.set(k, v)?;
    }
    Ok(options)
}

/// Runs the simulation and prints its summary.
///
/// # Errors
/// Unknown rule set or options, or a thread pool that cannot start.
pub fn run_sim(args: SimArgs) -> Result<()> {
    let rules: RuleSetId = args.rules.parse()?;
    let options = parse_options(&args.options)?;
    let g = rules.new_game(&options)?;
    for p in [&args.a, &args.b] {
        if !p.supports(&g) {
            anyhow::bail!(
                "{p} plays only the pure races as solved (fair sticks, compulsory moves): hj.french and basic hj.walker"
            );
        }
    }
    let cfg = SimConfig {
        rules,
        options,
        a: args.a,
        b: args.b,
        games: args.games,
        seed: args.seed,
    };
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = args.threads {
        pool = pool.num_threads(t.max(1));
    }
    let pool = pool.build()?;
    let bar = ProgressBar::new(u64::from(cfg.games));
    bar.set_style(
        ProgressStyle::with_template("{bar:40} {pos}/{len} games, {per_sec}, eta {eta}")
            .expect("a valid template"),
    );
    let start = Instant::now();
    let results = pool.install(|| run(&cfg, &|| bar.inc(1)));
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let s = Summary::of(&results);
    if args.json {
        println!("{}", to_json(&cfg, &s, seconds));
    } else {
        print_table(&cfg, &s, seconds);
    }
    Ok(())
}

fn rate_json(r: &Rate) -> serde_json::Value {
    json!({"wins": r.wins, "win_rate": r.rate, "ci95": [r.ci95.0, r.ci95.1]})
}

fn spread_json(s: &Spread) -> serde_json::Value {
    json!({"mean": s.mean, "median": s.median, "p95": s.p95})
}

/// The machine-readable summary (issue 4's schema).
pub fn to_json(cfg: &SimConfig, s: &Summary, seconds: f64) -> serde_json::Value {
    let mut a = rate_json(&s.a);
    a["player"] = json!(cfg.a.to_string());
    let mut b = rate_json(&s.b);
    b["player"] = json!(cfg.b.to_string());
    json!({
        "rules": cfg.rules.key(),
        "options": cfg.options.to_string(),
        "games": s.games,
        "seed": cfg.seed,
        "a": a,
        "b": b,
        "draws": s.draws,
        "first_seat": rate_json(&s.first_seat),
        "turns": spread_json(&s.turns),
        "moves": spread_json(&s.moves),
        "seconds": seconds,
    })
}

fn print_table(cfg: &SimConfig, s: &Summary, seconds: f64) {
    let pct = |x: f64| format!("{:5.1} %", 100.0 * x);
    let row = |name: &str, r: &Rate| {
        println!(
            "  {name:<28} {:>6}  {}  [{} – {}]",
            r.wins,
            pct(r.rate),
            pct(r.ci95.0),
            pct(r.ci95.1)
        );
    };
    // The options are part of the rule set being measured: say them.
    let options = if cfg.options.to_string().is_empty() {
        String::new()
    } else {
        format!(" ({})", cfg.options)
    };
    println!(
        "{}{options} — {} games, seed {}, {:.1} s ({:.0} games/s)",
        cfg.rules,
        s.games,
        cfg.seed,
        seconds,
        f64::from(s.games) / seconds.max(1e-9)
    );
    println!("  {:<28} {:>6}  {:>7}  95 % interval", "", "wins", "rate");
    row(&format!("a: {}", cfg.a), &s.a);
    row(&format!("b: {}", cfg.b), &s.b);
    row("first player (turn 1)", &s.first_seat);
    println!("  draws: {}", s.draws);
    println!(
        "  length in turns:     mean {:.1}, median {}, 95th percentile {}",
        s.turns.mean, s.turns.median, s.turns.p95
    );
    println!(
        "  length in decisions: mean {:.1}, median {}, 95th percentile {}",
        s.moves.mean, s.moves.median, s.moves.p95
    );
}
