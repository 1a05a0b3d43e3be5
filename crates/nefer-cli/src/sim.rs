//! `nefer sim`: pits two players against each other over many games (see `nefer_players::sim`).

use std::io::Write;
use std::time::Instant;

use anyhow::{Context as _, Result};
use indicatif::{ProgressBar, ProgressStyle};
use nefer_core::{Options, RuleSetId};
use nefer_players::PlayerSpec;
use nefer_players::analysis::default_evaluator;
use nefer_players::sim::{
    Duplicate, LuckAdjusted, Rate, SimConfig, Spread, Summary, Unit, run, run_judged,
};
use serde_json::json;

/// The most games one `nefer sim` plays: a result is kept per game (a few bytes), so this bounds
/// the memory at a few hundred megabytes, and it is hours of play for the fastest players.
pub const MAX_GAMES: u32 = 10_000_000;

/// The most worker threads: far more than any machine's cores, far fewer than a system's limit.
pub const MAX_THREADS: i64 = 1024;

/// What `nefer sim` and `nefer study` both take: from which seed, on how many threads, on
/// which dice (each takes `--games` itself: their defaults differ).
#[derive(clap::Args)]
pub struct RunArgs {
    /// Master seed (in a study the same for every rule set and value, so that a sweep compares
    /// its values on the same throws as far as the games agree).
    #[arg(long, default_value_t = 1)]
    pub seed: u64,
    /// Worker threads (default: one per core; at most 1024). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=MAX_THREADS))]
    pub threads: Option<u16>,
    /// Duplicate dice: each pair of games (0 and 1, 2 and 3, …) throws the same sticks with
    /// the seats swapped, so that luck largely cancels; `nefer sim` then also gives player a's
    /// score with its interval over the pairs, and `nefer study` takes the pair as the unit of
    /// every interval (its game counts must be even).
    #[arg(long)]
    pub duplicate: bool,
}

impl RunArgs {
    /// The thread pool the games run on.
    ///
    /// # Errors
    /// A pool that cannot start.
    pub fn pool(&self) -> Result<rayon::ThreadPool> {
        let mut pool = rayon::ThreadPoolBuilder::new();
        if let Some(t) = self.threads {
            pool = pool.num_threads(usize::from(t));
        }
        Ok(pool.build()?)
    }

    /// A progress bar over `total` games on standard error (hidden when it is not a terminal).
    pub fn progress(total: u64, template: &str) -> ProgressBar {
        let bar = ProgressBar::new(total);
        bar.set_style(ProgressStyle::with_template(template).expect("a valid template"));
        bar
    }
}

/// Arguments of `nefer sim`.
#[derive(clap::Args)]
pub struct SimArgs {
    /// The rule set (see `nefer rules`).
    #[arg(long)]
    rules: String,
    /// A rule option NAME=VALUE (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Player a: a level or a player (random, greedy, expectimax[:depth=D,ms=T], neural,
    /// master[:depth=D,ms=T], mcts[:iters=N,ms=T]).
    #[arg(long)]
    a: PlayerSpec,
    /// Player b.
    #[arg(long)]
    b: PlayerSpec,
    /// Number of games; player a takes seat A in the even-numbered ones and B in the others
    /// (1 to 10,000,000: each game's result is kept for the statistics).
    #[arg(long, default_value_t = 1000,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_GAMES)))]
    games: u32,
    /// A weights file (`nefer train --out`) for the learned players (`neural`, `master`),
    /// instead of the network shipped for the rule set.
    #[arg(long, value_name = "FILE")]
    weights: Option<std::path::PathBuf>,
    /// Player b's weights file, where it differs from `--weights` (to play one network
    /// against another: `--a neural --b neural --weights NEW --weights-b OLD`).
    #[arg(long, value_name = "FILE")]
    weights_b: Option<std::path::PathBuf>,
    #[command(flatten)]
    run: RunArgs,
    /// Also give player a's luck-adjusted score (gnubg's "luck-adjusted result"): each throw's
    /// luck, valued DEPTH decisions deep (default 1) on the evaluator `nefer analyze` uses (the
    /// shipped network, the race tables once solved, else the hand-written evaluation), is
    /// taken out of each game's result. The same expectation as the plain score, with a
    /// narrower interval where the evaluator sees the game well; the games are the same.
    #[arg(long, value_name = "DEPTH", num_args = 0..=1, default_missing_value = "1",
          value_parser = clap::value_parser!(u32).range(1..=4))]
    luck: Option<u32>,
    /// Print one JSON object instead of a table.
    #[arg(long)]
    json: bool,
}

/// The learned players `a` and `b`, each with the network of its file in `weights` (a file of
/// `nefer train`) if given, for games like `g`; says on standard error where no network knows
/// `g`'s rules and a learned player falls back to the hand-written evaluation.
///
/// # Errors
/// A weights file that cannot be read, or one trained for other rules than `g`'s.
pub fn learned_players(
    players: [PlayerSpec; 2],
    weights: [Option<&std::path::Path>; 2],
    g: &nefer_core::AnyGame,
) -> Result<[PlayerSpec; 2]> {
    use nefer_players::eval::neural::{Neural, fallback_note};
    let load = |path: &std::path::Path| -> Result<std::sync::Arc<Neural>> {
        let n = Neural::load(path)?;
        if !nefer_players::eval::Evaluator::supports(&n, g) {
            let h = &n.weights().header;
            anyhow::bail!(
                "{} was trained for {}{}, not for these rules",
                path.display(),
                h.rules,
                if h.options.is_empty() {
                    String::new()
                } else {
                    format!(" with {}", h.options)
                }
            );
        }
        Ok(std::sync::Arc::new(n))
    };
    let mut out = players.clone();
    let mut noted = false;
    for ((p, w), slot) in players.into_iter().zip(weights).zip(&mut out) {
        let net = w.map(load).transpose()?;
        if p.is_learned()
            && !noted
            && let Some(note) = fallback_note(g, net.as_deref())
        {
            eprintln!("nefer: {note}");
            noted = true;
        }
        if let Some(n) = net {
            *slot = p.with_network(n);
        }
    }
    Ok(out)
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
    let weights_b = args.weights_b.as_deref().or(args.weights.as_deref());
    let [a, b] = learned_players([args.a, args.b], [args.weights.as_deref(), weights_b], &g)?;
    let cfg = SimConfig {
        rules,
        options,
        a,
        b,
        games: args.games,
        seed: args.run.seed,
        duplicate: args.run.duplicate,
    };
    let pool = args.run.pool()?;
    let bar = RunArgs::progress(
        u64::from(cfg.games),
        "{bar:40} {pos}/{len} games, {per_sec}, eta {eta}",
    );
    let start = Instant::now();
    let judge = args.luck.map(|depth| (default_evaluator(&g), depth));
    let (results, luck) = match &judge {
        Some((eval, depth)) => {
            let judged = pool.install(|| run_judged(&cfg, eval.as_ref(), *depth, &|n| bar.inc(n)));
            let luck = LuckAdjusted::of(&judged, Unit::of(cfg.duplicate));
            (judged.into_iter().map(|(r, _)| r).collect(), Some(luck))
        }
        None => (pool.install(|| run(&cfg, &|n| bar.inc(n))), None),
    };
    bar.finish_and_clear();
    let seconds = start.elapsed().as_secs_f64();
    let s = Summary::of(&results);
    let dup = if cfg.duplicate {
        Duplicate::of(&results)
    } else {
        None
    };
    let mut out = crate::output::stdout();
    if args.json {
        let mut json = to_json(&cfg, &s, seconds);
        if let Some(d) = &dup {
            json["duplicate"] = duplicate_json(d);
        }
        if let (Some(l), Some((eval, depth))) = (&luck, &judge) {
            json["luck_adjusted"] = luck_json(l, eval.name(), *depth);
        }
        writeln!(out, "{json}")?;
    } else {
        print_table(&mut out, &cfg, &s, seconds)?;
        if let Some(d) = &dup {
            print_duplicate(&mut out, d)?;
        }
        if let (Some(l), Some((eval, depth))) = (&luck, &judge) {
            print_luck(&mut out, l, eval.name(), *depth)?;
        }
    }
    out.flush()?;
    Ok(())
}

fn rate_json(r: &Rate) -> serde_json::Value {
    json!({"wins": r.wins, "win_rate": r.rate, "ci95": [r.ci95.0, r.ci95.1]})
}

fn spread_json(s: &Spread) -> serde_json::Value {
    json!({"mean": s.mean, "median": s.median, "p95": s.p95})
}

/// The machine-readable summary (issue 4's schema), with `endless`: the games stopped because
/// they could never end (`nefer_players::sim::GameResult::endless`), counted in neither the
/// wins nor `draws`.
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
        // Last, after the time, so that the summaries pinned before it (which end at
        // `seconds`) read the same.
        "endless": s.endless,
    })
}

/// Player a's score on duplicate dice, as JSON: `pairs`, `score`, `ci95` (the pair as the
/// unit) and `independent_ci95` (each game as the unit).
pub fn duplicate_json(d: &Duplicate) -> serde_json::Value {
    json!({
        "pairs": d.pairs,
        "score": d.score,
        "ci95": [d.ci95.0, d.ci95.1],
        "independent_ci95": [d.independent_ci95.0, d.independent_ci95.1],
    })
}

/// Player a's luck-adjusted score, as JSON: the `judge` and its `depth`, the plain `score` and
/// the `adjusted` one with their 95 % normal intervals over the units (games, or pairs on
/// duplicate dice), and the share of the score's variance the luck explained.
pub fn luck_json(l: &LuckAdjusted, judge: &str, depth: u32) -> serde_json::Value {
    json!({
        "judge": judge,
        "depth": depth,
        "score": l.score.mean,
        "score_ci95": [l.score.ci95.0, l.score.ci95.1],
        "adjusted": l.adjusted.mean,
        "adjusted_ci95": [l.adjusted.ci95.0, l.adjusted.ci95.1],
        "variance_removed": l.variance_removed,
    })
}

fn print_luck(out: &mut dyn Write, l: &LuckAdjusted, judge: &str, depth: u32) -> Result<()> {
    writeln!(
        out,
        "  luck-adjusted (judge: {judge}, depth {depth}): a scores {:.1} %, 95 % interval \
         [{:.1} – {:.1}] (plain score {:.1} % [{:.1} – {:.1}]; the luck explained {:.0} % of its variance)",
        100.0 * l.adjusted.mean,
        100.0 * l.adjusted.ci95.0,
        100.0 * l.adjusted.ci95.1,
        100.0 * l.score.mean,
        100.0 * l.score.ci95.0,
        100.0 * l.score.ci95.1,
        100.0 * l.variance_removed
    )?;
    Ok(())
}

fn print_duplicate(out: &mut dyn Write, d: &Duplicate) -> Result<()> {
    let width = |(lo, hi): (f64, f64)| 100.0 * (hi - lo);
    writeln!(
        out,
        "  duplicate dice, {} pairs: a scores {:.1} %, 95 % interval [{:.1} – {:.1}] over the pairs \
         ({:.1} points wide; {:.1} with each game counted alone)",
        d.pairs,
        100.0 * d.score,
        100.0 * d.ci95.0,
        100.0 * d.ci95.1,
        width(d.ci95),
        width(d.independent_ci95)
    )?;
    Ok(())
}

fn print_table(out: &mut dyn Write, cfg: &SimConfig, s: &Summary, seconds: f64) -> Result<()> {
    let pct = |x: f64| format!("{:5.1} %", 100.0 * x);
    let row = |out: &mut dyn Write, name: &str, r: &Rate| {
        writeln!(
            out,
            "  {name:<28} {:>6}  {}  [{} – {}]",
            r.wins,
            pct(r.rate),
            pct(r.ci95.0),
            pct(r.ci95.1)
        )
    };
    // The options are part of the rule set being measured: say them.
    let options = if cfg.options.to_string().is_empty() {
        String::new()
    } else {
        format!(" ({})", cfg.options)
    };
    writeln!(
        out,
        "{}{options} — {} games, seed {}, {:.1} s ({:.0} games/s)",
        cfg.rules,
        s.games,
        cfg.seed,
        seconds,
        f64::from(s.games) / seconds.max(1e-9)
    )?;
    writeln!(
        out,
        "  {:<28} {:>6}  {:>7}  95 % interval",
        "", "wins", "rate"
    )?;
    row(out, &format!("a: {}", cfg.a), &s.a)?;
    row(out, &format!("b: {}", cfg.b), &s.b)?;
    row(out, "first player (turn 1)", &s.first_seat)?;
    writeln!(out, "  draws: {}", s.draws)?;
    if s.endless > 0 {
        writeln!(
            out,
            "  endless: {} (games that could never end, stopped unfinished: neither won nor drawn)",
            s.endless
        )?;
    }
    writeln!(
        out,
        "  length in turns:     mean {:.1}, median {}, 95th percentile {}",
        s.turns.mean, s.turns.median, s.turns.p95
    )?;
    writeln!(
        out,
        "  length in decisions: mean {:.1}, median {}, 95th percentile {}",
        s.moves.mean, s.moves.median, s.moves.p95
    )?;
    Ok(())
}
