//! `nefer study`: measures rule sets by self-play (see `nefer_players::study`) and writes
//! `study.json` and `study.md` (`docs/dev/study.md` has the schema).

use std::io::Write;
use std::path::PathBuf;
use std::time::Instant;

use anyhow::{Context as _, Result};
use nefer_core::{Options, RuleSetId};
use nefer_players::PlayerSpec;
use nefer_players::sim::{Distribution, Mean, Rate, Ratio, SimConfig};
use nefer_players::study::{
    Cell, Interaction, StudyConfig, StudySummary, Sweep, Variant, plan, run,
};
use serde_json::{Value, json};

use crate::sim::RunArgs;

/// The metrics of issue 18 that need win chances along games, which wait for the learned
/// evaluator (issue 15): listed in the outputs so that a reader knows they are missing, not
/// zero.
pub const PENDING: [&str; 7] = [
    "drama",
    "lead_changes",
    "decisiveness",
    "comebacks",
    "luck",
    "critical_decisions",
    "skill_against_master",
];

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
    /// Also count what the moves played did (captures, exchanges, bonus throws…): slower.
    #[arg(long)]
    interaction: bool,
    /// Write study.json and study.md into this folder (created if needed) instead of printing
    /// the Markdown.
    #[arg(long, value_name = "DIR")]
    out: Option<PathBuf>,
}

/// One line of the study, measured.
struct Row {
    cell: Cell,
    summary: StudySummary,
    seconds: f64,
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
    if args.run.duplicate {
        anyhow::bail!(
            "nefer study --duplicate is not offered yet: the study's intervals count each game as \
             independent, which two games on the same throws are not (nefer sim --duplicate gives \
             player a's score with its interval over the pairs)"
        );
    }
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
    for c in &cells {
        let g = c.variant.rules.new_game(&c.options)?;
        for p in [&args.a, &args.b] {
            if !p.supports(&g) {
                anyhow::bail!(
                    "{p} plays only the pure races as solved (fair sticks, compulsory moves): {} is not one",
                    c.variant
                );
            }
        }
    }
    let pool = args.run.pool()?;
    let bar = RunArgs::progress(
        u64::from(args.run.games) * cells.len() as u64,
        "{bar:40} {pos}/{len} games, {per_sec}, eta {eta} {msg}",
    );
    let mut rows = Vec::new();
    for cell in cells {
        bar.set_message(label(&cell));
        let cfg = StudyConfig {
            sim: SimConfig {
                rules: cell.variant.rules,
                options: cell.options.clone(),
                a: args.a.clone(),
                b: args.b.clone(),
                games: args.run.games,
                seed: args.run.seed,
                duplicate: false,
            },
            interaction: args.interaction,
        };
        let start = Instant::now();
        let records = pool.install(|| run(&cfg, &|| bar.inc(1)));
        rows.push(Row {
            cell,
            summary: StudySummary::of(&records),
            seconds: start.elapsed().as_secs_f64(),
        });
    }
    bar.finish_and_clear();
    let markdown = to_markdown(&args, &rows);
    let mut out = crate::output::stdout();
    match &args.out {
        Some(dir) => {
            std::fs::create_dir_all(dir)
                .with_context(|| format!("cannot create {}", dir.display()))?;
            let json = serde_json::to_string_pretty(&to_json(&args, &rows))?;
            for (name, text) in [("study.json", json + "\n"), ("study.md", markdown)] {
                let path = dir.join(name);
                std::fs::write(&path, text)
                    .with_context(|| format!("cannot write {}", path.display()))?;
            }
            writeln!(
                out,
                "wrote {} and {}",
                dir.join("study.json").display(),
                dir.join("study.md").display()
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

fn pair(x: (f64, f64)) -> Value {
    json!([x.0, x.1])
}

fn rate_json(r: &Rate) -> Value {
    json!({"count": r.wins, "rate": r.rate, "ci95": pair(r.ci95)})
}

fn mean_json(m: &Mean) -> Value {
    json!({"mean": m.mean, "sd": m.sd, "ci95": pair(m.ci95)})
}

fn ratio_json(r: &Ratio) -> Value {
    json!({"value": r.value, "ci95": pair(r.ci95)})
}

fn distribution_json(d: &Distribution) -> Value {
    json!({
        "mean": d.mean.mean,
        "mean_ci95": pair(d.mean.ci95),
        "sd": d.mean.sd,
        "min": d.min,
        "p5": d.p5,
        "median": d.median,
        "p95": d.p95,
        "max": d.max,
        "histogram": {
            "start": d.histogram.start,
            "width": d.histogram.width,
            "counts": d.histogram.counts,
        },
    })
}

fn row_json(r: &Row) -> Value {
    let s = &r.summary;
    let interaction = s.interaction.as_ref().map(|means| {
        Interaction::NAMES
            .iter()
            .zip(means)
            .map(|(name, m)| ((*name).to_owned(), mean_json(m)))
            .collect::<serde_json::Map<_, _>>()
    });
    json!({
        "rules": r.cell.variant.rules.key(),
        "variant": r.cell.variant.options.to_string(),
        "options": r.cell.options.to_string(),
        "sweep": r.cell.swept.as_ref().map(|(k, v)| json!({"name": k, "value": v})),
        "games": s.games,
        "seconds": r.seconds,
        "outcome": {
            "decisive": s.decisive,
            "first_player": rate_json(&s.first_player),
            "first_player_decisive": rate_json(&s.first_player_decisive),
            "balance": rate_json(&s.balance),
            "draws": rate_json(&s.draws),
            "jams": rate_json(&s.jams),
            "turn_caps": rate_json(&s.turn_caps),
        },
        "duration": {
            "turns": distribution_json(&s.turns),
            "decisions": distribution_json(&s.decisions),
        },
        "decisions": {
            "real_choice_share": ratio_json(&s.real_choices),
            "branching_factor": ratio_json(&s.branching),
        },
        "interaction": interaction,
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
        "interaction": args.interaction,
        "options": args.options,
        "sweep": args.sweep,
        "pending": PENDING,
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
         in parentheses; `docs/dev/study.md` defines each.",
        args.a,
        args.b,
        args.run.games,
        args.run.seed,
        if args.options.is_empty() {
            String::new()
        } else {
            format!(", options {}", args.options.join(", "))
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
    let _ = writeln!(
        out,
        "\nStill to come (they need the learned evaluator's win chances, issue 15): {}.",
        PENDING.join(", ")
    );
    out
}
