//! `nefer study`: measures rule sets by self-play (see `nefer_players::study`) and writes
//! `study.json` and `study.md` (`docs/dev/study.md` has the schema).

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context as _, Result};
use nefer_core::{Options, RuleSetId, Seat};
use nefer_players::PlayerSpec;
use nefer_players::analysis::default_evaluator;
use nefer_players::chances::{Score, elo};
use nefer_players::eval::Evaluator as _;
use nefer_players::sim::{Distribution, Duplicate, Rate, SimConfig, Unit};
use nefer_players::study::json::{self, finite, pair};
use nefer_players::study::{
    Cell, Interaction, StudyConfig, StudySummary, Sweep, Variant, plan, run_range_timed,
};
use rayon::prelude::*;
use serde_json::{Value, json};

use crate::sim::RunArgs;

/// The pairs `--skill` pits: the strong player against each weaker level.
pub const SKILL_PAIRS: [&str; 3] = ["master/random", "master/greedy", "master/expert"];

/// The pairs a study pits where neither `--players` nor `--skill` names any: the strong player
/// against `random` (the skill figure, `docs/dev/study.md`) and against `greedy`. `expert`
/// (`--skill`) searches four decisions deep on every move and costs as much a game as
/// `master` itself, which the default study's time cannot hold (`docs/STUDY.md`, "Time").
pub const DEFAULT_PAIRS: [&str; 2] = ["master/random", "master/greedy"];

/// Games a row by default: enough for a 95 % interval of ±1 point on the outcome rates (the
/// first player's wins, the balance) where they are widest, at ½: n = z²·p(1 − p)/h² with
/// z = 1.96, p = ½ and h = 0.01, 9,604 games (their Wilson interval is then ±0.9998 points).
pub const DEFAULT_GAMES: u32 = 9_604;

/// `--strong` games a row by default for the win-chance metrics (`docs/STUDY.md`, "Time",
/// gives the intervals and the time they cost).
pub const DEFAULT_WIN_CHANCES: u32 = 300;

/// Games a `--players` pair by default.
pub const DEFAULT_SKILL_GAMES: u32 = 200;

/// The turn cap (C-7) of the win-chance games by default: above all a bound that makes every
/// game end. `master` against itself in the Walker variation plays a quarter of its games past
/// 5,000 turns (36,147 at most in 40; most throws of both seats are lost to pieces held where
/// they block the other's, docs/EVALUATOR.md), and a cap there would draw a quarter of the
/// row's games and change its metrics; no game of the other rows comes near 1,000 turns. At
/// 20,000 turns 18 of the default study's 300 variation games (6 %) were drawn at the cap
/// (`docs/STUDY.md`, "Time").
pub const DEFAULT_CHANCE_TURNS: u32 = 20_000;

/// How many positions of a sample game's win chances the JSON keeps for the report's chart
/// (a longer game is thinned to this many, evenly spread, the ends kept).
pub const SAMPLE_POINTS: usize = 300;

/// How many games of each row keep their win chances in the JSON as samples.
pub const SAMPLE_GAMES: usize = 3;

/// Arguments of `nefer study`. With none, the default study: every rule set, 9,604 games of
/// `--a` against `--b` a row (±1 point on the outcome rates), 300 games of `master` against
/// itself for the win-chance metrics and 200 of each default `--players` pair.
#[derive(clap::Args)]
pub struct StudyArgs {
    /// A rule set to study, KEY or KEY:NAME=VALUE,... for a variant (repeatable; default: all
    /// six and the Walker variation, hj.walker:hj.walker.variation=true, each left out where it
    /// lacks an --option or --sweep named).
    #[arg(long = "rules", value_name = "RULES")]
    rules: Vec<String>,
    /// A rule option NAME=VALUE for every rule set studied (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Study each value of an option: NAME for every implemented value, NAME=v1,v2,... for
    /// these (needed where the option takes any number, fraction or set).
    #[arg(long, value_name = "NAME[=V1,V2,...]")]
    sweep: Option<String>,
    /// Player a (as in `nefer sim`); the study measures the games these two play.
    #[arg(long, default_value = "random")]
    a: PlayerSpec,
    /// Player b.
    #[arg(long, default_value = "random")]
    b: PlayerSpec,
    /// Games of a against b per rule set and option value; player a takes seat A in the
    /// even-numbered ones and B in the others (1 to 10,000,000). The default, 9,604, gives the
    /// outcome rates a 95 % interval of ±1 point at most.
    #[arg(long, default_value_t = DEFAULT_GAMES,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::sim::MAX_GAMES)))]
    games: u32,
    #[command(flatten)]
    run: RunArgs,
    /// Also play this many games of --strong against itself per row, review each (every
    /// position's win chance, on the learned evaluator) and measure luck, critical decisions,
    /// drama, lead changes, decisiveness and comebacks (0: none).
    #[arg(long, default_value_t = DEFAULT_WIN_CHANCES, value_name = "N",
          value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    win_chances: u32,
    /// The turn cap (C-7, KEY.max_turns) of the --win-chances games, and of them only: a game
    /// that reaches it is a draw (0: none; a row that sets max_turns keeps its own).
    #[arg(long, default_value_t = DEFAULT_CHANCE_TURNS, value_name = "TURNS")]
    chance_turns: u32,
    /// The player of the --win-chances games and of the skill pairs.
    #[arg(long, default_value = "master")]
    strong: PlayerSpec,
    /// Decisions searched by the review of each --win-chances game (its analysis's depth).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=4))]
    depth: u32,
    /// A pair to pit for the skill metrics, A/B (repeatable): a's score against b with its
    /// Elo difference. Default, where neither this nor --skill is given: STRONG/random and
    /// STRONG/greedy.
    #[arg(long = "players", value_name = "A/B")]
    players: Vec<String>,
    /// Pit --strong against random, greedy and expert (the pairs of --players
    /// STRONG/random, STRONG/greedy, STRONG/expert).
    #[arg(long)]
    skill: bool,
    /// Games per skill pair and row (0: no pairs at all).
    #[arg(long, value_name = "N", default_value_t = DEFAULT_SKILL_GAMES,
          value_parser = clap::value_parser!(u32).range(0..=i64::from(crate::sim::MAX_GAMES)))]
    skill_games: u32,
    /// Also count what the moves played did (captures, exchanges, bonus throws…): slower.
    #[arg(long)]
    interaction: bool,
    /// Write study.json, study.md and report.html (charts) into this folder (created if
    /// needed) instead of printing the Markdown.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
    /// Play nothing: draw report.html into --out from these study.json files (repeatable),
    /// their rows one after another — a report of studies run apart.
    #[arg(long, value_name = "FILE", requires = "out")]
    report_from: Vec<PathBuf>,
}

/// The studies of `files` as one: the first file's settings, every file's rows in turn.
///
/// # Errors
/// A file that cannot be read or is not a study's JSON.
pub fn merge_studies(files: &[PathBuf]) -> Result<Value> {
    let mut merged: Option<Value> = None;
    for f in files {
        let text =
            std::fs::read_to_string(f).with_context(|| format!("cannot read {}", f.display()))?;
        let v: Value =
            serde_json::from_str(&text).with_context(|| format!("{} is not JSON", f.display()))?;
        let rows = v["studies"]
            .as_array()
            .with_context(|| format!("{} is not a study.json (no `studies`)", f.display()))?
            .clone();
        match &mut merged {
            None => merged = Some(v),
            Some(m) => m["studies"]
                .as_array_mut()
                .expect("checked when it was read")
                .extend(rows),
        }
    }
    merged.context("--report-from needs at least one file")
}

/// One line of the study, measured.
struct Row {
    cell: Cell,
    summary: StudySummary,
    seconds: f64,
    /// The --win-chances games, where asked.
    chances: Option<ChanceRow>,
    /// The --players pairs' scores.
    skill: Vec<PairScore>,
}

/// The games of the strong player against itself, reviewed.
struct ChanceRow {
    /// Their summary, the metrics of win chances in it; `None` where no calibrated evaluator
    /// knows the row's options (then `why` says so).
    summary: Option<StudySummary>,
    why: Option<String>,
    evaluator: String,
    seconds: f64,
    /// Seat A's win chances along the first games, thinned to [`SAMPLE_POINTS`].
    samples: Vec<Vec<f64>>,
}

/// One pair's games.
struct PairScore {
    a: PlayerSpec,
    b: PlayerSpec,
    score: Score,
    seconds: f64,
}

/// A `--players` item: `A/B`.
fn parse_pair(s: &str) -> Result<(PlayerSpec, PlayerSpec)> {
    let (a, b) = s
        .split_once('/')
        .with_context(|| format!("--players `{s}` is not A/B (two players, e.g. master/random)"))?;
    Ok((
        a.parse().with_context(|| format!("in --players {s}"))?,
        b.parse().with_context(|| format!("in --players {s}"))?,
    ))
}

/// `graph` thinned to at most `n` values, evenly spread, first and last kept.
pub fn thin(graph: &[f64], n: usize) -> Vec<f64> {
    if graph.len() <= n || n < 2 {
        return graph.to_vec();
    }
    (0..n)
        .map(|k| graph[k * (graph.len() - 1) / (n - 1)])
        .collect()
}

/// A `--rules` item: `KEY` or `KEY:NAME=VALUE,...`.
fn parse_variant(s: &str) -> Result<Variant> {
    let (key, options) = s.split_once(':').unwrap_or((s, ""));
    let rules: RuleSetId = key.parse()?;
    let options = Options::parse(options).with_context(|| format!("the options of --rules {s}"))?;
    Ok(Variant { rules, options })
}

/// Runs the study and writes or prints its results.
///
/// # Errors
/// Unknown rule sets, options or sweeps, players that cannot play a rule set, a thread pool
/// that cannot start, an output folder that cannot be written.
pub fn run_study(args: StudyArgs) -> Result<()> {
    if let (false, Some(dir)) = (args.report_from.is_empty(), &args.out) {
        let html = crate::report::html(&merge_studies(&args.report_from)?)?;
        std::fs::create_dir_all(dir).with_context(|| format!("cannot create {}", dir.display()))?;
        let path = dir.join("report.html");
        std::fs::write(&path, html).with_context(|| format!("cannot write {}", path.display()))?;
        let mut out = crate::output::stdout();
        writeln!(out, "wrote {}", path.display())?;
        out.flush()?;
        return Ok(());
    }
    if args.run.duplicate {
        // A pair is the unit of every interval: a game without its partner would be a unit
        // of one game, its luck not cancelled.
        let odd = [("--games", args.games), ("--skill-games", args.skill_games)]
            .into_iter()
            .find(|(_, n)| n % 2 == 1);
        if let Some((flag, n)) = odd {
            anyhow::bail!(
                "--duplicate plays games in pairs on the same throws: {flag} must be even, not {n}"
            );
        }
    }
    let unit = Unit::of(args.run.duplicate);
    let explicit = !args.rules.is_empty();
    let variants = if explicit {
        args.rules
            .iter()
            .map(|s| parse_variant(s))
            .collect::<Result<Vec<_>>>()?
    } else {
        Variant::defaults()
    };
    let options = args
        .options
        .iter()
        .map(|o| {
            o.split_once('=')
                .map(|(k, v)| (k.to_owned(), v.to_owned()))
                .with_context(|| format!("option `{o}` is not NAME=VALUE"))
        })
        .collect::<Result<Vec<_>>>()?;
    let sweep: Option<Sweep> = args.sweep.as_deref().map(str::parse).transpose()?;
    let cells = plan(&variants, &options, sweep.as_ref(), explicit)?;
    let pairs = skill_pairs(&args)?;
    for c in &cells {
        let g = c.variant.rules.new_game(&c.options)?;
        let strong = (args.win_chances > 0).then_some(&args.strong);
        let skill = pairs.iter().flat_map(|(a, b)| [a, b]);
        for p in [&args.a, &args.b].into_iter().chain(strong).chain(skill) {
            if !p.supports(&g) {
                anyhow::bail!(
                    "{p} plays only the pure races as solved (fair sticks, compulsory moves): {} is not one",
                    c.variant
                );
            }
        }
    }
    let pool = args.run.pool()?;
    let per_cell = u64::from(args.games)
        + u64::from(args.win_chances)
        + u64::from(args.skill_games) * pairs.len() as u64;
    let bar = RunArgs::progress(
        per_cell * cells.len() as u64,
        "{bar:40} {pos}/{len} games, {per_sec}, eta {eta}",
    );
    // Every row at once, each row's three kinds of games at once: the pool's threads take
    // games from wherever some are left, so that no thread idles at the end of a row while
    // another plays its last long game (rows one after another did). Each game depends on the
    // seed and its index alone and each row's records come back in game order, so the results
    // are the same on any number of threads.
    let clock = Instant::now();
    let rows: Vec<Row> = pool.install(|| {
        cells
            .into_par_iter()
            .map(|cell| measure(&args, &pairs, unit, cell, &|n| bar.inc(n)))
            .collect()
    });
    let wall = clock.elapsed().as_secs_f64();
    bar.finish_and_clear();
    let markdown = to_markdown(&args, &rows, wall);
    let mut out = crate::output::stdout();
    match &args.out {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            let value = to_json(&args, &rows, wall);
            let html = crate::report::html(&value)?;
            let json = serde_json::to_string_pretty(&value)?;
            for (name, text) in [
                ("study.json", json + "\n"),
                ("study.md", markdown),
                ("report.html", html),
            ] {
                let path = dir.join(name);
                std::fs::write(&path, text)
                    .with_context(|| format!("cannot write {}", path.display()))?;
            }
            writeln!(
                out,
                "wrote {}, {} and {}",
                dir.join("study.json").display(),
                dir.join("study.md").display(),
                dir.join("report.html").display()
            )?;
        }
        None => write!(out, "{markdown}")?,
    }
    out.flush()?;
    Ok(())
}

/// The skill pairs of `args`: its `--players`, and `--skill`'s three, or where it names
/// neither [`DEFAULT_PAIRS`] (the strong player in each pair's first seat); none for
/// `--skill-games 0`.
///
/// # Errors
/// A pair that is not A/B or names no player, or pairs named with `--skill-games 0`.
fn skill_pairs(args: &StudyArgs) -> Result<Vec<(PlayerSpec, PlayerSpec)>> {
    if args.skill_games == 0 {
        if args.skill || !args.players.is_empty() {
            anyhow::bail!(
                "--skill-games 0 plays no skill games: leave out --players and --skill, or give a number of games"
            );
        }
        return Ok(Vec::new());
    }
    let mut pairs = args
        .players
        .iter()
        .map(|p| parse_pair(p))
        .collect::<Result<Vec<_>>>()?;
    let strong_against: &[&str] = if args.skill {
        &SKILL_PAIRS
    } else if pairs.is_empty() {
        &DEFAULT_PAIRS
    } else {
        &[]
    };
    for p in strong_against {
        let (_, b) = parse_pair(p)?;
        pairs.push((args.strong.clone(), b));
    }
    Ok(pairs)
}

/// The options of `cell`'s win-chance games: the row's, capped at `turns` (C-7) unless the
/// row sets its own cap or `turns` is 0.
fn chance_options(cell: &Cell, turns: u32) -> Options {
    let mut options = cell.options.clone();
    let cap = format!("{}.max_turns", cell.variant.rules.key());
    if turns > 0 && options.get(&cap).is_none() {
        options
            .set(&cap, &turns.to_string())
            .expect("every rule set has a turn cap (C-7)");
    }
    options
}

/// One row of the study: its games of a against b, its win-chance games and its skill pairs,
/// all played at once on the current pool, `tick(n)` told of every `n` games played.
fn measure(
    args: &StudyArgs,
    pairs: &[(PlayerSpec, PlayerSpec)],
    unit: Unit,
    cell: Cell,
    tick: &(dyn Fn(u64) + Sync),
) -> Row {
    let sim = |options: &Options, a: &PlayerSpec, b: &PlayerSpec, games: u32| SimConfig {
        rules: cell.variant.rules,
        options: options.clone(),
        a: a.clone(),
        b: b.clone(),
        games,
        seed: args.run.seed,
        duplicate: args.run.duplicate,
    };
    let g = cell
        .variant
        .rules
        .new_game(&cell.options)
        .expect("options were checked");
    let eval = default_evaluator(&g);
    let outcome = || {
        let cfg = StudyConfig {
            sim: sim(&cell.options, &args.a, &args.b, args.games),
            interaction: args.interaction,
            win_chances: None,
        };
        let (records, busy) = run_range_timed(&cfg, &eval, 0..u64::from(args.games), &|| tick(1));
        (StudySummary::of_units(&records, unit), busy.as_secs_f64())
    };
    let chances = || {
        (args.win_chances > 0).then(|| {
            let evaluator = eval.name().to_owned();
            if eval.chances(&g, Seat::A).is_none() {
                tick(u64::from(args.win_chances));
                return ChanceRow {
                    summary: None,
                    why: Some(format!(
                        "no calibrated evaluator knows these options (the {evaluator} evaluation only ranks positions)"
                    )),
                    evaluator,
                    seconds: 0.0,
                    samples: Vec::new(),
                };
            }
            // A player against itself on duplicate dice plays each pair's second game as the
            // first, seats swapped: the same game twice, or nearly (docs/dev/study.md measures
            // it). These games stay on independent dice, their intervals over the games.
            let cfg = StudyConfig {
                sim: SimConfig {
                    duplicate: false,
                    ..sim(
                        &chance_options(&cell, args.chance_turns),
                        &args.strong,
                        &args.strong,
                        args.win_chances,
                    )
                },
                interaction: false,
                win_chances: Some(args.depth),
            };
            let (records, busy) =
                run_range_timed(&cfg, &eval, 0..u64::from(args.win_chances), &|| tick(1));
            ChanceRow {
                samples: records
                    .iter()
                    .take(SAMPLE_GAMES)
                    .filter_map(|r| r.chances.as_ref().map(|t| thin(&t.graph, SAMPLE_POINTS)))
                    .collect(),
                summary: Some(StudySummary::of(&records)),
                why: None,
                evaluator,
                seconds: busy.as_secs_f64(),
            }
        })
    };
    let skill = || {
        pairs
            .par_iter()
            .map(|(a, b)| {
                let cfg = sim(&cell.options, a, b, args.skill_games);
                let (results, busy) = nefer_players::sim::run_timed(&cfg, tick);
                let wins = results
                    .iter()
                    .filter(|r| r.winner == Some(r.a_seat))
                    .count() as u32;
                let draws = results.iter().filter(|r| r.winner.is_none()).count() as u32;
                let mut score = Score::of(wins, draws, args.skill_games);
                // On duplicate dice, the interval of `nefer sim --duplicate`: over the pairs.
                if let Some(d) = Duplicate::of(&results).filter(|_| args.run.duplicate) {
                    score.ci95 = (d.ci95.0.max(0.0), d.ci95.1.min(1.0));
                    score.elo_ci95 = (elo(score.ci95.0), elo(score.ci95.1));
                }
                PairScore {
                    a: a.clone(),
                    b: b.clone(),
                    score,
                    seconds: busy.as_secs_f64(),
                }
            })
            .collect()
    };
    // The costliest games first: the others fill the threads around them.
    let (chances, (skill, (summary, seconds))) =
        rayon::join(chances, || rayon::join(skill, outcome));
    Row {
        cell,
        summary,
        seconds,
        chances,
        skill,
    }
}

/// A row's name: the variant, and the swept value.
fn label(c: &Cell) -> String {
    match &c.swept {
        Some((k, v)) => format!("{} {k}={v}", c.variant),
        None => c.variant.to_string(),
    }
}

fn chance_row_json(c: &ChanceRow) -> Value {
    let s = c.summary.as_ref();
    json!({
        "evaluator": c.evaluator,
        "seconds": c.seconds,
        "unavailable": c.why,
        "metrics": s.and_then(|s| s.chances.as_ref()).map(json::chances),
        "first_player": s.map(|s| json::rate(&s.first_player)),
        "draws": s.map(|s| json::rate(&s.draws)),
        "turn_caps": s.map(|s| json::rate(&s.turn_caps)),
        "turns": s.map(|s| json::distribution(&s.turns)),
        "samples": c.samples,
    })
}

fn score_json(p: &PairScore) -> Value {
    let s = &p.score;
    json!({
        "a": p.a.to_string(),
        "b": p.b.to_string(),
        "games": s.games,
        "wins": s.wins,
        "draws": s.draws,
        "score": s.score,
        "ci95": pair(s.ci95),
        "elo": finite(s.elo),
        "elo_ci95": [finite(s.elo_ci95.0), finite(s.elo_ci95.1)],
        "seconds": p.seconds,
    })
}

/// The skill figure: the Elo difference of the first pair played against `random`
/// (`docs/dev/study.md` argues the choice), `null` without one.
fn elo_spread(skill: &[PairScore]) -> Option<&PairScore> {
    skill.iter().find(|p| p.b == PlayerSpec::Random)
}

fn row_json(r: &Row) -> Value {
    let s = &r.summary;
    json!({
        "rules": r.cell.variant.rules.key(),
        "variant": r.cell.variant.options.to_string(),
        "options": r.cell.options.to_string(),
        "sweep": r.cell.swept.as_ref().map(|(k, v)| json!({"name": k, "value": v})),
        "games": s.games,
        "seconds": r.seconds,
        "outcome": json::outcome(s),
        "duration": json::duration(s),
        "decisions": json::decisions(s),
        "interaction": json::interaction(s),
        "win_chances": r.chances.as_ref().map(chance_row_json),
        "skill": {
            "pairs": r.skill.iter().map(score_json).collect::<Vec<_>>(),
            "elo_spread": elo_spread(&r.skill).map(|p| json!({
                "a": p.a.to_string(),
                "value": finite(p.score.elo),
                "ci95": [finite(p.score.elo_ci95.0), finite(p.score.elo_ci95.1)],
            })),
        },
    })
}

/// The whole study as `study.json` (schema in `docs/dev/study.md`), `wall` seconds long.
fn to_json(args: &StudyArgs, rows: &[Row], wall: f64) -> Value {
    json!({
        "nefer": env!("CARGO_PKG_VERSION"),
        "seconds": wall,
        "a": args.a.to_string(),
        "b": args.b.to_string(),
        "games": args.games,
        "seed": args.run.seed,
        "duplicate": args.run.duplicate,
        "interaction": args.interaction,
        "win_chances": args.win_chances,
        "chance_turns": (args.chance_turns > 0).then_some(args.chance_turns),
        "strong": args.strong.to_string(),
        "depth": args.depth,
        "skill_games": if rows.iter().any(|r| !r.skill.is_empty()) {
            json!(args.skill_games)
        } else {
            Value::Null
        },
        "options": args.options,
        "sweep": args.sweep,
        "studies": rows.iter().map(row_json).collect::<Vec<_>>(),
    })
}

fn pct(r: &Rate) -> String {
    format!(
        "{:.1} % ({:.1}–{:.1})",
        100.0 * r.rate,
        100.0 * r.ci95.0,
        100.0 * r.ci95.1
    )
}

/// A figure with its interval, `—` for an unknown bound.
fn with_ci(x: f64, ci: (f64, f64), scale: f64, digits: usize) -> String {
    let f = |v: f64| {
        if v.is_nan() {
            "—".to_owned()
        } else {
            format!("{:.digits$}", scale * v)
        }
    };
    format!("{} ({}–{})", f(x), f(ci.0), f(ci.1))
}

fn table(out: &mut String, title: &str, head: &[&str], rows: &[(String, Vec<String>)]) {
    use std::fmt::Write as _;
    let _ = writeln!(out, "\n## {title}\n");
    let _ = writeln!(out, "| rule set | {} |", head.join(" | "));
    let _ = writeln!(out, "|---|{}", "--:|".repeat(head.len()));
    for (name, cells) in rows {
        let _ = writeln!(out, "| {name} | {} |", cells.join(" | "));
    }
}

/// The study as Markdown: one table per group of metrics.
fn to_markdown(args: &StudyArgs, rows: &[Row], wall: f64) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(out, "# nefer study\n");
    let _ = writeln!(
        out,
        "{} (a) against {} (b), {} games per row, seed {}{}. Figures with their 95 % intervals \
         in parentheses{}; `docs/dev/study.md` defines each.",
        args.a,
        args.b,
        args.games,
        args.run.seed,
        if args.options.is_empty() {
            String::new()
        } else {
            format!(", options {}", args.options.join(", "))
        },
        if args.run.duplicate {
            " (duplicate dice: games 2k and 2k + 1 throw the same sticks with the seats swapped, \
             and every interval takes the pair as its unit)"
        } else {
            ""
        }
    );
    let each = |f: &dyn Fn(&StudySummary) -> Vec<String>| -> Vec<(String, Vec<String>)> {
        rows.iter()
            .map(|r| (label(&r.cell), f(&r.summary)))
            .collect()
    };
    table(
        &mut out,
        "Outcome",
        &[
            "games",
            "first player wins",
            "of decisive games",
            "a wins (balance)",
            "draws",
            "jams",
            "turn caps",
            "endless",
        ],
        &each(&|s| {
            vec![
                s.games.to_string(),
                pct(&s.first_player),
                pct(&s.first_player_decisive),
                pct(&s.balance),
                pct(&s.draws),
                pct(&s.jams),
                pct(&s.turn_caps),
                pct(&s.endless),
            ]
        }),
    );
    for (title, pick) in [
        (
            "Length in turns",
            (|s: &StudySummary| &s.turns) as fn(&StudySummary) -> &Distribution,
        ),
        ("Length in decisions", |s: &StudySummary| &s.decisions),
    ] {
        table(
            &mut out,
            title,
            &["mean", "sd", "min", "p5", "median", "p95", "max"],
            &each(&|s| {
                let d = pick(s);
                vec![
                    with_ci(d.mean.mean, d.mean.ci95, 1.0, 1),
                    format!("{:.1}", d.mean.sd),
                    d.min.to_string(),
                    d.p5.to_string(),
                    d.median.to_string(),
                    d.p95.to_string(),
                    d.max.to_string(),
                ]
            }),
        );
    }
    table(
        &mut out,
        "Decisions",
        &["real choices (%)", "branching factor"],
        &each(&|s| {
            vec![
                with_ci(s.real_choices.value, s.real_choices.ci95, 100.0, 1),
                with_ci(s.branching.value, s.branching.ci95, 1.0, 2),
            ]
        }),
    );
    if rows.iter().all(|r| r.summary.interaction.is_some()) && !rows.is_empty() {
        table(
            &mut out,
            "Interaction (events per game)",
            &Interaction::NAMES,
            &each(&|s| {
                s.interaction
                    .as_ref()
                    .map(|means| {
                        means
                            .iter()
                            .map(|m| with_ci(m.mean, m.ci95, 1.0, 2))
                            .collect()
                    })
                    .unwrap_or_default()
            }),
        );
    }
    if rows.iter().any(|r| r.chances.is_some()) {
        let _ = writeln!(
            out,
            "\n## Win chances\n\n{} games per row of {} against itself, each position valued by a \
             review {} decisions deep{}.",
            args.win_chances,
            args.strong,
            args.depth,
            if args.chance_turns > 0 {
                format!(
                    ", drawn at turn {} (C-7) where the row sets no cap of its own",
                    args.chance_turns
                )
            } else {
                String::new()
            }
        );
        let body: Vec<(String, Vec<String>)> = rows
            .iter()
            .filter_map(|r| r.chances.as_ref().map(|c| (label(&r.cell), c)))
            .map(|(name, c)| {
                let cells = match c.summary.as_ref().and_then(|s| s.chances.as_ref()) {
                    Some(m) => vec![
                        with_ci(m.luck_per_throw.value, m.luck_per_throw.ci95, 100.0, 2),
                        with_ci(
                            m.change_per_decision.value,
                            m.change_per_decision.ci95,
                            100.0,
                            2,
                        ),
                        with_ci(m.luck_share.value, m.luck_share.ci95, 100.0, 1),
                        with_ci(m.critical.value, m.critical.ci95, 100.0, 1),
                        with_ci(m.drama.mean, m.drama.ci95, 100.0, 1),
                        with_ci(m.lead_changes.mean, m.lead_changes.ci95, 1.0, 2),
                        with_ci(m.decisiveness.mean, m.decisiveness.ci95, 100.0, 1),
                        pct(&m.comebacks),
                        c.summary
                            .as_ref()
                            .map_or(String::new(), |s| pct(&s.turn_caps)),
                    ],
                    None => vec![c.why.clone().unwrap_or_default()],
                };
                (name, cells)
            })
            .collect();
        table(
            &mut out,
            "Luck, critical decisions, drama",
            &[
                "luck per throw (points)",
                "change per decision (points)",
                "luck's share (%)",
                "critical decisions (%)",
                "drama (%)",
                "lead changes",
                "decided at (% of game)",
                "comebacks",
                "turn caps",
            ],
            &body,
        );
    }
    if rows.iter().any(|r| !r.skill.is_empty()) {
        let head: Vec<String> = rows[0]
            .skill
            .iter()
            .map(|p| format!("{} against {}", p.a, p.b))
            .chain(["Elo spread over random".to_owned()])
            .collect();
        let head: Vec<&str> = head.iter().map(String::as_str).collect();
        let elo = |x: f64| {
            if x.is_finite() {
                format!("{x:.0}")
            } else {
                "∞".to_owned()
            }
        };
        let body: Vec<(String, Vec<String>)> = rows
            .iter()
            .map(|r| {
                let mut cells: Vec<String> = r
                    .skill
                    .iter()
                    .map(|p| {
                        format!(
                            "{:.1} % ({:.1}–{:.1})",
                            100.0 * p.score.score,
                            100.0 * p.score.ci95.0,
                            100.0 * p.score.ci95.1
                        )
                    })
                    .collect();
                cells.push(elo_spread(&r.skill).map_or("—".to_owned(), |p| {
                    format!(
                        "{} ({}–{})",
                        elo(p.score.elo),
                        elo(p.score.elo_ci95.0),
                        elo(p.score.elo_ci95.1)
                    )
                }));
                (label(&r.cell), cells)
            })
            .collect();
        table(&mut out, "Skill (score of a against b)", &head, &body);
    }
    let body: Vec<(String, Vec<String>)> = rows
        .iter()
        .map(|r| {
            let chances = r.chances.as_ref().map_or(0.0, |c| c.seconds);
            let skill: f64 = r.skill.iter().map(|p| p.seconds).sum();
            let cells = [r.seconds, chances, skill, r.seconds + chances + skill];
            (
                label(&r.cell),
                cells.iter().map(|x| format!("{x:.1}")).collect(),
            )
        })
        .collect();
    table(
        &mut out,
        "Time (thread-seconds)",
        &[
            "games of a against b",
            "win-chance games and reviews",
            "skill pairs",
            "row",
        ],
        &body,
    );
    let _ = writeln!(
        out,
        "\nThe time each row's games took, summed over the threads that played them (the rows \
         run at once); the whole study took {wall:.1} s of wall time."
    );
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use clap::Parser;

    #[derive(Parser)]
    struct Cli {
        #[command(flatten)]
        study: StudyArgs,
    }

    fn parse(args: &[&str]) -> StudyArgs {
        Cli::try_parse_from(std::iter::once("nefer").chain(args.iter().copied()))
            .unwrap()
            .study
    }

    /// With no arguments, the default study of issue 18's item 5: every rule set, ±1 point
    /// on the outcome rates, `master` games for the win chances, the skill pairs.
    #[test]
    fn the_defaults_are_the_full_study() {
        let a = parse(&[]);
        assert!(a.rules.is_empty() && a.options.is_empty() && a.sweep.is_none());
        assert_eq!(Variant::defaults().len(), 7);
        assert_eq!(
            (
                a.games,
                a.win_chances,
                a.skill_games,
                a.chance_turns,
                a.depth
            ),
            (9_604, 300, 200, 20_000, 2)
        );
        assert_eq!(a.strong.to_string(), "master:depth=3,ms=1000");
        let pairs: Vec<String> = skill_pairs(&a)
            .unwrap()
            .iter()
            .map(|(a, b)| format!("{a}/{b}"))
            .collect();
        assert_eq!(
            pairs,
            [
                "master:depth=3,ms=1000/random",
                "master:depth=3,ms=1000/greedy"
            ]
        );
        // The first pair is against random: the skill figure (the Elo spread) comes from it.
        assert_eq!(skill_pairs(&a).unwrap()[0].1, PlayerSpec::Random);
    }

    /// 9,604 games: the count z²·p(1 − p)/h² gives for ±1 point at p = ½, and the Wilson
    /// interval the study reports is then no wider.
    #[test]
    fn the_default_games_give_one_point() {
        let z: f64 = 1.96;
        assert_eq!(
            (z * z * 0.25 / 0.01_f64.powi(2)).ceil() as u32,
            DEFAULT_GAMES
        );
        let (lo, hi) = nefer_players::sim::wilson(DEFAULT_GAMES / 2, DEFAULT_GAMES);
        assert!((hi - lo) / 2.0 <= 0.01, "{lo} {hi}");
        let (lo, hi) = nefer_players::sim::wilson(4_000, 8_000);
        assert!((hi - lo) / 2.0 > 0.01, "{lo} {hi}");
    }

    /// Every default can be set, and turned off where it is a count.
    #[test]
    fn the_defaults_are_overridable() {
        let a = parse(&[
            "--games",
            "40",
            "--win-chances",
            "0",
            "--skill-games",
            "0",
            "--chance-turns",
            "0",
        ]);
        assert_eq!(
            (a.games, a.win_chances, a.skill_games, a.chance_turns),
            (40, 0, 0, 0)
        );
        assert!(skill_pairs(&a).unwrap().is_empty());
        // Pairs named replace the default ones; --skill adds its three.
        let named = skill_pairs(&parse(&["--players", "greedy/random"])).unwrap();
        assert_eq!(named, [(PlayerSpec::Greedy, PlayerSpec::Random)]);
        let skill = skill_pairs(&parse(&["--skill", "--strong", "expert"])).unwrap();
        let b: Vec<String> = skill.iter().map(|(_, b)| b.to_string()).collect();
        assert_eq!(b, ["random", "greedy", "expectimax:depth=4,ms=1000"]);
        assert!(
            skill
                .iter()
                .all(|(a, _)| a.to_string() == "expectimax:depth=4,ms=1000")
        );
        // Pairs asked for and none to play: said, not ignored.
        for args in [
            &["--skill-games", "0", "--skill"][..],
            &["--skill-games", "0", "--players", "greedy/random"],
        ] {
            let e = skill_pairs(&parse(args)).unwrap_err().to_string();
            assert!(e.contains("--skill-games 0 plays no skill games"), "{e}");
        }
    }

    /// The win-chance games' cap: the row's own where it sets one, else `--chance-turns`, none
    /// at 0; the row's other games keep the row's options.
    #[test]
    fn the_chance_games_are_capped_unless_the_row_caps_them() {
        let cell = |options: &str| Cell {
            variant: Variant::plain(RuleSetId::HjWalker),
            options: Options::parse(options).unwrap(),
            swept: None,
        };
        let cap = |c: &Cell, turns| {
            chance_options(c, turns)
                .get("hj.walker.max_turns")
                .map(str::to_owned)
        };
        assert_eq!(cap(&cell(""), 20_000).as_deref(), Some("20000"));
        assert_eq!(cap(&cell(""), 0), None);
        assert_eq!(
            cap(&cell("hj.walker.max_turns=300"), 20_000).as_deref(),
            Some("300")
        );
        let c = cell("hj.walker.variation=true");
        let capped = chance_options(&c, 9);
        assert_eq!(capped.get("hj.walker.variation"), Some("true"));
        assert_eq!(c.options.get("hj.walker.max_turns"), None);
    }
}
