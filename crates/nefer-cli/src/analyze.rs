//! `nefer analyze`: every move of a position with its win chance and what it gives up against
//! the best (or, where a throw is due, every outcome with its probability and the win chance
//! after it), from an expectimax search ([`nefer_players::analysis`]).

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context as _, Result};
use clap::{ArgGroup, Args};
use nefer_core::{AnyGame, Game, Outcome, Record, replay};
use nefer_players::analysis::{Analysis, DEFAULT_DEPTH, Node, analyze, default_evaluator};
use nefer_players::eval::{Evaluator, Neural, RaceTables};
use nefer_players::perfect;

use crate::output::stdout;

/// The deepest search `nefer analyze` runs: each level costs five to fifteen times the one
/// before, and depth 6 already takes tens of seconds at a Senet throw (release build).
pub const MAX_DEPTH: u32 = 6;

/// Arguments of `nefer analyze`.
#[derive(Args)]
#[command(group(ArgGroup::new("what").required(true).args(["position", "record"])))]
pub struct AnalyzeArgs {
    /// The position string (docs/dev/positions.md), e.g.
    /// "senet.kendall A:20,26,off*5 B:1,2,3,off*4 A 1".
    position: Option<String>,
    /// An .ngr record: the position after its first --ply actions (after all of them
    /// without --ply).
    #[arg(long, value_name = "FILE")]
    record: Option<PathBuf>,
    /// With --record: the position after the first N actions (0: the start), as
    /// `nefer replay --ply` counts them.
    #[arg(
        long,
        value_name = "N",
        requires = "record",
        conflicts_with = "position"
    )]
    ply: Option<usize>,
    /// Decisions searched for each value (the move itself is the first); each level costs
    /// about ten times the one before.
    #[arg(long, default_value_t = DEFAULT_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    depth: u32,
    /// Print one JSON object (the play server's `POST /api/analyze` answer).
    #[arg(long)]
    json: bool,
    /// Value positions with this network (a weights file of `nefer train`) instead of the
    /// shipped one or the hand-written evaluation.
    #[arg(long, value_name = "FILE", conflicts_with = "exact")]
    weights: Option<PathBuf>,
    /// Solve the exact race tables first and value positions with them (hj.french and basic
    /// hj.walker only; a minute or more).
    #[arg(long)]
    exact: bool,
}

/// Runs `nefer analyze`.
///
/// # Errors
/// A position that is not one, a record that cannot be read or replayed, a ply past its end,
/// a weights file that cannot be read or is of other rules, `--exact` outside the pure races,
/// or output that cannot be written.
pub fn run(args: AnalyzeArgs) -> Result<()> {
    let game = match (&args.position, &args.record) {
        (Some(text), _) => AnyGame::from_position(text).with_context(|| format!("`{text}`"))?,
        (None, Some(file)) => game_at(file, args.ply)?,
        // Clap's group requires one of them.
        (None, None) => anyhow::bail!("give a position or --record FILE"),
    };
    let eval = evaluator(&game, args.weights.as_deref(), args.exact)?;
    let analysis = analyze(&game, args.depth, eval);
    let mut out = stdout();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&analysis)?)?;
    } else {
        write!(out, "{}", table(&analysis))?;
    }
    out.flush()?;
    Ok(())
}

/// The position after the first `ply` actions of the record in `file` (all of them without
/// `ply`).
fn game_at(file: &Path, ply: Option<usize>) -> Result<AnyGame> {
    let text = crate::read_bounded(file, crate::MAX_RECORD_BYTES)?;
    let mut record = Record::parse(&text).with_context(|| format!("{}", file.display()))?;
    crate::cut_at_ply(&mut record, file, ply)?;
    let replayed = replay(&record).with_context(|| format!("{}", file.display()))?;
    Ok(replayed.game)
}

/// What values the positions: the network of `weights`, the exact tables (`exact`), or the
/// default of the game ([`default_evaluator`]).
pub(crate) fn evaluator(
    game: &AnyGame,
    weights: Option<&Path>,
    exact: bool,
) -> Result<Arc<dyn Evaluator>> {
    if let Some(path) = weights {
        let net = Neural::load(path)?;
        if !net.supports(game) {
            let h = &net.weights().header;
            anyhow::bail!(
                "{}: the network was trained for {}{}, not for this game's rules ({}{})",
                path.display(),
                h.rules,
                bracketed(&h.options.to_string()),
                game.rule_set(),
                bracketed(&game.options().to_string()),
            );
        }
        return Ok(Arc::new(net));
    }
    if exact {
        if !perfect::supports(game) {
            anyhow::bail!(
                "--exact: the exact tables cover only hj.french and basic hj.walker (their \
                 default track, fair sticks, compulsory moves), not this {} game",
                game.rule_set()
            );
        }
        let _ = writeln!(
            std::io::stderr(),
            "nefer analyze: solving the exact tables of {} (a minute or more)…",
            game.rule_set()
        );
        return Ok(Arc::new(RaceTables::new(game.rule_set())?));
    }
    Ok(default_evaluator(game))
}

/// ` [options]`, or nothing for the defaults.
fn bracketed(options: &str) -> String {
    if options.is_empty() {
        String::new()
    } else {
        format!(" [{options}]")
    }
}

/// A percentage with one decimal.
fn pct(x: f64) -> String {
    format!("{:.1}", x * 100.0)
}

/// The analysis as text: the position, what valued it, and a table of the choices, best first
/// (moves), or in the game's order (a throw's outcomes).
fn table(a: &Analysis) -> String {
    let mut s = format!("{}\n", a.position);
    let values = format!(
        "values: expectimax, depth {}, on the {} evaluation ({})",
        a.depth,
        a.evaluator,
        if a.calibrated {
            "calibrated: win % is the chance of winning, plus half the chance of a draw"
        } else {
            "it ranks moves: its win chances are not probabilities"
        }
    );
    match &a.node {
        Node::Over(o) => {
            s += &match o {
                Outcome::Win(w) => format!("The game is over: {w} has won.\n"),
                Outcome::Draw => "The game is over: a draw.\n".to_owned(),
            };
        }
        Node::Decide { seat, throw, moves } => {
            let with = throw.map_or_else(|| " (no throw)".to_owned(), |t| format!(" with a {t}"));
            s += &format!("{seat} to move{with}; {values}.\n\n");
            s += &format!("  {:<16} {:>7}  {:>14}\n", "move", "win %", "loss (points)");
            for m in moves {
                let loss = if m.loss < 5e-4 {
                    "best".to_owned()
                } else {
                    pct(m.loss)
                };
                s += &format!(
                    "  {:<16} {:>7}  {:>14}\n",
                    m.mv.to_string(),
                    pct(m.win_chance),
                    loss
                );
            }
        }
        Node::Throw {
            seat,
            thrower,
            outcomes,
            ..
        } => {
            let (who, column) = match thrower {
                Some(t) => (format!("{t} to throw"), "throw"),
                None => (
                    format!("Who starts is drawn; win chances are seat {seat}'s"),
                    "starts",
                ),
            };
            s += &format!("{who}; {values}.\n\n");
            s += &format!(
                "  {:<8} {:>12} {:>8}   {}\n",
                column, "probability", "win %", "best move after it"
            );
            for o in outcomes {
                let best = o
                    .best_move
                    .map_or_else(|| "—".to_owned(), |m| m.to_string());
                s += &format!(
                    "  {:<8} {:>10} % {:>8}   {}\n",
                    o.outcome.to_string(),
                    // Two decimals: the sticks' 1/16 is 6.25 %.
                    format!("{:.2}", o.probability * 100.0),
                    pct(o.win_chance),
                    best
                );
            }
            if let Some(w) = a.win_chance() {
                s += &format!("  {:<8} {:>12} {:>8}\n", "expected", "", pct(w));
            }
        }
    }
    s
}
