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
    Cell, Interaction, StudyConfig, StudySummary, Sweep, Variant, plan, run,
};
use serde_json::{Value, json};

use crate::sim::RunArgs;

/// The pairs `--skill` pits: the strong player against each weaker level.
pub const SKILL_PAIRS: [&str; 3] = ["master/random", "master/greedy", "master/expert"];

/// How many positions of a sample game's win chances the JSON keeps for the report's chart
/// (a longer game is thinned to this many, evenly spread, the ends kept).
pub const SAMPLE_POINTS: usize = 300;

/// How many games of each row keep their win chances in the JSON as samples.
pub const SAMPLE_GAMES: usize = 3;

/// Arguments of `nefer study`.
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
    #[command(flatten)]
    run: RunArgs,
    /// Also play this many games of --strong against itself per row, review each (every
    /// position's win chance, on the learned evaluator) and measure luck, critical decisions,
    /// drama, lead changes, decisiveness and comebacks (0: none).
    #[arg(long, default_value_t = 0, value_name = "N",
          value_parser = clap::value_parser!(u32).range(0..=1_000_000))]
    win_chances: u32,
    /// The player of the --win-chances games and of --skill's pairs.
    #[arg(long, default_value = "master")]
    strong: PlayerSpec,
    /// Decisions searched by the review of each --win-chances game (its analysis's depth).
    #[arg(long, default_value_t = 2, value_parser = clap::value_parser!(u32).range(1..=4))]
    depth: u32,
    /// A pair to pit for the skill metrics, A/B (repeatable): a's score against b with its
    /// Elo difference.
    #[arg(long = "players", value_name = "A/B")]
    players: Vec<String>,
    /// Pit --strong against random, greedy and expert (the pairs of --players
    /// STRONG/random, STRONG/greedy, STRONG/expert).
    #[arg(long)]
    skill: bool,
    /// Games per --players pair and row (default: --games).
    #[arg(long, value_name = "N",
          value_parser = clap::value_parser!(u32).range(1..=i64::from(crate::sim::MAX_GAMES)))]
    skill_games: Option<u32>,
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
        let odd = [
            ("--games", Some(args.run.games)),
            ("--skill-games", args.skill_games),
        ]
        .into_iter()
        .find(|(_, n)| n.is_some_and(|n| n % 2 == 1));
        if let Some((flag, Some(n))) = odd {
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
    let mut pairs = args
        .players
        .iter()
        .map(|p| parse_pair(p))
        .collect::<Result<Vec<_>>>()?;
    if args.skill {
        for p in SKILL_PAIRS {
            let (_, b) = parse_pair(p)?;
            pairs.push((args.strong.clone(), b));
        }
    }
    let skill_games = args.skill_games.unwrap_or(args.run.games);
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
    let per_cell = u64::from(args.run.games)
        + u64::from(args.win_chances)
        + u64::from(skill_games) * pairs.len() as u64;
    let bar = RunArgs::progress(
        per_cell * cells.len() as u64,
        "{bar:40} {pos}/{len} games, {per_sec}, eta {eta} {msg}",
    );
    let mut rows = Vec::new();
    for cell in cells {
        bar.set_message(label(&cell));
        let sim = |a: &PlayerSpec, b: &PlayerSpec, games: u32| SimConfig {
            rules: cell.variant.rules,
            options: cell.options.clone(),
            a: a.clone(),
            b: b.clone(),
            games,
            seed: args.run.seed,
            duplicate: args.run.duplicate,
        };
        let cfg = StudyConfig {
            sim: sim(&args.a, &args.b, args.run.games),
            interaction: args.interaction,
            win_chances: None,
        };
        let start = Instant::now();
        let records = pool.install(|| run(&cfg, &|| bar.inc(1)));
        let summary = StudySummary::of_units(&records, unit);
        let seconds = start.elapsed().as_secs_f64();
        let chances = (args.win_chances > 0).then(|| {
            let g = cell
                .variant
                .rules
                .new_game(&cell.options)
                .expect("options were checked");
            let eval = default_evaluator(&g);
            let evaluator = eval.name().to_owned();
            if eval.chances(&g, Seat::A).is_none() {
                bar.inc(u64::from(args.win_chances));
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
                    ..sim(&args.strong, &args.strong, args.win_chances)
                },
                interaction: false,
                win_chances: Some(args.depth),
            };
            let start = Instant::now();
            let records = pool.install(|| run(&cfg, &|| bar.inc(1)));
            ChanceRow {
                samples: records
                    .iter()
                    .take(SAMPLE_GAMES)
                    .filter_map(|r| r.chances.as_ref().map(|t| thin(&t.graph, SAMPLE_POINTS)))
                    .collect(),
                summary: Some(StudySummary::of(&records)),
                why: None,
                evaluator,
                seconds: start.elapsed().as_secs_f64(),
            }
        });
        let skill = pairs
            .iter()
            .map(|(a, b)| {
                let cfg = sim(a, b, skill_games);
                let start = Instant::now();
                let results = pool.install(|| nefer_players::sim::run(&cfg, &|n| bar.inc(n)));
                let wins = results
                    .iter()
                    .filter(|r| r.winner == Some(r.a_seat))
                    .count() as u32;
                let draws = results.iter().filter(|r| r.winner.is_none()).count() as u32;
                let mut score = Score::of(wins, draws, skill_games);
                // On duplicate dice, the interval of `nefer sim --duplicate`: over the pairs.
                if let Some(d) = Duplicate::of(&results).filter(|_| args.run.duplicate) {
                    score.ci95 = (d.ci95.0.max(0.0), d.ci95.1.min(1.0));
                    score.elo_ci95 = (elo(score.ci95.0), elo(score.ci95.1));
                }
                PairScore {
                    a: a.clone(),
                    b: b.clone(),
                    score,
                    seconds: start.elapsed().as_secs_f64(),
                }
            })
            .collect();
        rows.push(Row {
            cell,
            summary,
            seconds,
            chances,
            skill,
        });
    }
    bar.finish_and_clear();
    let markdown = to_markdown(&args, &rows);
    let mut out = crate::output::stdout();
    match &args.out {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            let value = to_json(&args, &rows);
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

/// The whole study as `study.json` (schema in `docs/dev/study.md`).
fn to_json(args: &StudyArgs, rows: &[Row]) -> Value {
    json!({
        "nefer": env!("CARGO_PKG_VERSION"),
        "a": args.a.to_string(),
        "b": args.b.to_string(),
        "games": args.run.games,
        "seed": args.run.seed,
        "duplicate": args.run.duplicate,
        "interaction": args.interaction,
        "win_chances": args.win_chances,
        "strong": args.strong.to_string(),
        "depth": args.depth,
        "skill_games": if rows.iter().any(|r| !r.skill.is_empty()) {
            json!(args.skill_games.unwrap_or(args.run.games))
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
fn to_markdown(args: &StudyArgs, rows: &[Row]) -> String {
    use std::fmt::Write as _;
    let mut out = String::new();
    let _ = writeln!(out, "# nefer study\n");
    let _ = writeln!(
        out,
        "{} (a) against {} (b), {} games per row, seed {}{}. Figures with their 95 % intervals \
         in parentheses{}; `docs/dev/study.md` defines each.",
        args.a,
        args.b,
        args.run.games,
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
             review {} decisions deep.",
            args.win_chances, args.strong, args.depth
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
    out
}
