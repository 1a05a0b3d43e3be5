//! `nefer`: the command line of nefer. A thin layer over `nefer-core`: it reads files, parses
//! arguments and prints; every rule lives in the core.

mod analyze;
mod calibrate;
mod perft;
mod play;
mod report;
mod review;
mod serve;
mod sim;
mod solve;
mod study;
mod train;

mod output;

use std::io::{Read as _, Write as _};
use std::path::{Path, PathBuf};
use std::process::ExitCode;

use anyhow::{Context as _, Result};
use clap::{Parser, Subcommand};
use nefer_core::options::{OptionSpec, Topic};
use nefer_core::{Game, Options, Record, RuleSetId, replay};

use crate::output::stdout;

/// The largest record `nefer replay` reads: a long game is a few hundred kilobytes (a turn is
/// a throw and a move, a few bytes each), so 16 MiB is far beyond any real record, and reading
/// stops there instead of filling the memory with `/dev/zero`.
pub const MAX_RECORD_BYTES: u64 = 16 << 20;

/// nefer: Senet and Hounds & Jackals, the race games of ancient Egypt.
#[derive(Parser)]
#[command(name = "nefer", version, about, long_about = None)]
struct Cli {
    #[command(subcommand)]
    command: Command,
}

#[derive(Subcommand)]
enum Command {
    /// List the rule sets, or show one's rules in plain words with its source and options.
    Rules {
        /// A rule set key, e.g. senet.kendall.
        key: Option<String>,
    },
    /// Replay an .ngr record; with --trace print the conformance trace (NOTATION §6), with
    /// --position the position string (docs/dev/positions.md).
    Replay {
        /// The record file.
        file: PathBuf,
        /// Print one JSON line per decision point and the result.
        #[arg(long, conflicts_with = "position")]
        trace: bool,
        /// Replay only the first N actions (0: the start position).
        #[arg(long, value_name = "N")]
        ply: Option<usize>,
        /// Print the position string where the replay stops (after N actions with --ply,
        /// else at the end).
        #[arg(long)]
        position: bool,
    },
    /// Play a game in the terminal against the computer or a second person.
    Play(play::PlayArgs),
    /// Pit two players against each other over many games and report the statistics.
    Sim(sim::SimArgs),
    /// Measure rule sets by self-play: outcome, length, decisions and interaction, with 95 %
    /// intervals, for every rule set or those named, and each value of a swept option.
    Study(study::StudyArgs),
    /// Solve a pure-race rule set exactly (hj.french, hj.walker) and write its table.
    Solve(solve::SolveArgs),
    /// Serve the game in the browser (and its JSON API) on 127.0.0.1:8080.
    Serve(serve::ServeArgs),
    /// Count the game tree below a position to a depth (perft), to check move generators.
    Perft(perft::PerftArgs),
    /// Train a rule set's learned evaluator by self-play (TD(λ)), writing a weights file.
    Train(train::TrainArgs),
    /// Measure how well the learned evaluator's chances match the results of games
    /// (Brier score, calibration error, reliability diagram).
    Calibrate(calibrate::CalibrateArgs),
    /// Analyse a position (or a record's, at a ply): every move with its win chance and its
    /// loss against the best, or every throw with its probability and the win chance after it.
    Analyze(analyze::AnalyzeArgs),
    /// Review a recorded game: each decision's loss against the best move and its mark
    /// (inaccuracy, mistake, blunder), each throw's luck, each seat's accuracy and
    /// luck-adjusted result, and the moments that turned the game.
    Review(review::ReviewArgs),
}

fn main() -> ExitCode {
    let cli = Cli::parse();
    let result = match cli.command {
        Command::Rules { key } => rules(key.as_deref()),
        Command::Replay {
            file,
            trace,
            ply,
            position,
        } => replay_file(&file, trace, ply, position),
        Command::Play(args) => play::run(args),
        Command::Sim(args) => sim::run_sim(args),
        Command::Study(args) => study::run_study(args),
        Command::Solve(args) => solve::run(args),
        Command::Serve(args) => serve::run(args),
        Command::Perft(args) => perft::run(args),
        Command::Train(args) => train::run_train(args),
        Command::Calibrate(args) => calibrate::run_calibrate(args),
        Command::Analyze(args) => analyze::run(args),
        Command::Review(args) => review::run(args),
    };
    match result {
        Ok(()) => ExitCode::SUCCESS,
        // A reader that went away (`nefer rules | head -1`) is no failure: stop quietly, as
        // Unix tools do.
        Err(e) if output::is_closed_pipe(&e) => ExitCode::SUCCESS,
        Err(e) => {
            // Written, not printed: a closed or full standard error must not panic either.
            let _ = writeln!(std::io::stderr(), "nefer: {e:#}");
            ExitCode::FAILURE
        }
    }
}

/// The text of file `path`, read within `limit` bytes.
///
/// # Errors
/// A file that cannot be read, is larger than `limit` (named, with the limit) or is not UTF-8.
pub fn read_bounded(path: &Path, limit: u64) -> Result<String> {
    let file =
        std::fs::File::open(path).with_context(|| format!("cannot read {}", path.display()))?;
    let mut bytes = Vec::new();
    file.take(limit + 1)
        .read_to_end(&mut bytes)
        .with_context(|| format!("cannot read {}", path.display()))?;
    if bytes.len() as u64 > limit {
        anyhow::bail!(
            "{} is larger than {} MiB: not a record nefer reads",
            path.display(),
            limit >> 20
        );
    }
    String::from_utf8(bytes).with_context(|| format!("{} is not UTF-8 text", path.display()))
}

fn rules(key: Option<&str>) -> Result<()> {
    let mut out = stdout();
    let Some(key) = key else {
        writeln!(out, "Rule sets (nefer rules KEY shows one):")?;
        for id in RuleSetId::ALL {
            writeln!(out, "  {:<14} {}", id.key(), id.info().title)?;
        }
        return Ok(out.flush()?);
    };
    let id: RuleSetId = key.parse()?;
    let info = id.info();
    writeln!(out, "{} — {}\n", info.key, info.title)?;
    writeln!(out, "Source: {}\n", info.source)?;
    for line in info.rules.lines() {
        writeln!(out, "{line}")?;
    }
    writeln!(
        out,
        "\nOptions by topic, each value in plain words (--option NAME=VALUE; the first value \
         is the default):"
    )?;
    let specs = id.option_specs();
    // The core words every option; one without words would still be listed, under "Other".
    let topic_of = |spec: &OptionSpec| spec.words().map(|w| w.topic.title()).unwrap_or("Other");
    let titles = Topic::ALL.iter().map(|t| t.title()).chain(["Other"]);
    for title in titles {
        let here: Vec<&OptionSpec> = specs.iter().filter(|s| topic_of(s) == title).collect();
        if here.is_empty() {
            continue;
        }
        writeln!(out, "\n {title}")?;
        for spec in here {
            let todo: Vec<&str> = spec
                .values
                .iter()
                .filter(|v| !spec.implements(v))
                .copied()
                .collect();
            let note = if todo.is_empty() {
                String::new()
            } else {
                format!(" [not yet implemented: {}]", todo.join(", "))
            };
            writeln!(
                out,
                "  {} = {}  ({}: {}){note}",
                spec.name,
                spec.values.join(" | "),
                spec.clause,
                spec.help
            )?;
            let words = spec.words();
            for v in spec.values {
                if let Some(text) = words.and_then(|w| w.sentence(v)) {
                    writeln!(out, "      {v:<14} {text}")?;
                }
            }
        }
    }
    writeln!(
        out,
        "\nBoard at the start:\n{}",
        id.new_game(&Options::new())?.board_text()
    )?;
    out.flush()?;
    Ok(())
}

/// Cuts `record` (read from `file`) to its first `ply` actions, as `--ply` asks (nothing
/// without it): `nefer replay` and `nefer analyze` count plies alike.
///
/// # Errors
/// A ply past the record's end, named with the file and the plies there are.
pub fn cut_at_ply(record: &mut Record, file: &Path, ply: Option<usize>) -> Result<()> {
    if let Some(n) = ply {
        let played = record.actions.len();
        if n > played {
            anyhow::bail!(
                "{}: --ply {n} is past the end: the record has {played} actions (--ply 0..={played})",
                file.display()
            );
        }
        record.actions.truncate(n);
    }
    Ok(())
}

fn replay_file(
    file: &std::path::Path,
    trace: bool,
    ply: Option<usize>,
    position: bool,
) -> Result<()> {
    let text = read_bounded(file, MAX_RECORD_BYTES)?;
    let mut record = Record::parse(&text).with_context(|| format!("{}", file.display()))?;
    // A finished server game reveals its dice seed: its throws must be that seed's, and the
    // seed the one the game committed to from its start.
    let dice = nefer_server::session::verify_dice(&record)
        .with_context(|| format!("{}: the dice do not check out", file.display()))?;
    cut_at_ply(&mut record, file, ply)?;
    let replayed = replay(&record).with_context(|| format!("{}", file.display()))?;
    let mut out = stdout();
    if position {
        writeln!(out, "{}", replayed.game.position())?;
    } else if trace {
        for line in &replayed.trace {
            writeln!(out, "{line}")?;
        }
    } else {
        writeln!(
            out,
            "{}: {} actions, {} turns",
            record.rules,
            replayed.actions.len(),
            replayed.game.turns_played()
        )?;
        write!(out, "{}", replayed.game.board_text())?;
        writeln!(out, "{}", replayed.trace.last().map_or("", String::as_str))?;
        if let Some(n) = dice {
            writeln!(
                out,
                "dice: the {n} chance outcomes are the revealed seed's, and the seed is the one committed to"
            )?;
        }
    }
    out.flush()?;
    Ok(())
}
