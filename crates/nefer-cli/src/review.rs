//! `nefer review`: a recorded game reviewed move by move — each decision's loss against the
//! best move and its mark, each throw's luck, each seat's accuracy and luck-adjusted result,
//! and the moments that turned the game ([`nefer_players::review`], docs/dev/review.md).

use std::fmt::Write as _;
use std::io::Write as _;
use std::path::PathBuf;

use anyhow::{Context as _, Result};
use clap::Args;
use indicatif::{ProgressBar, ProgressStyle};
use nefer_core::{Outcome, Record, Seat};
use nefer_players::analysis::REVIEW_DEPTH;
use nefer_players::review::{Review, SeatReview, record_actions, review};

use crate::output::stdout;

/// The deepest review `nefer review` runs: a review analyses every position of the game, and
/// each level of depth costs ten to fifteen times the one before (a Senet game of 530
/// actions takes 0.1 s at depth 2, 1.4 s at 3 and 22 s at 4 in a release build).
pub const MAX_DEPTH: u32 = 4;

/// Arguments of `nefer review`.
#[derive(Args)]
pub struct ReviewArgs {
    /// The .ngr record of the game.
    file: PathBuf,
    /// Decisions searched for each value (the move itself is the first); each level costs
    /// five to fifteen times the one before.
    #[arg(long, default_value_t = REVIEW_DEPTH,
          value_parser = clap::value_parser!(u32).range(1..=i64::from(MAX_DEPTH)))]
    depth: u32,
    /// Print one JSON object (the play server's `GET /api/games/{id}/review` answer).
    #[arg(long)]
    json: bool,
    /// List every decision, not only the inaccuracies and worse.
    #[arg(long, conflicts_with = "json")]
    all: bool,
    /// Value positions with this network (a weights file of `nefer train`) instead of the
    /// shipped one or the hand-written evaluation.
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
}

/// Runs `nefer review`.
///
/// # Errors
/// A record that cannot be read or replayed, a weights file that cannot be read or is of
/// other rules, or output that cannot be written.
pub fn run(args: ReviewArgs) -> Result<()> {
    let file = &args.file;
    let text = crate::read_bounded(file, crate::MAX_RECORD_BYTES)?;
    let record = Record::parse(&text).with_context(|| format!("{}", file.display()))?;
    let (start, actions) =
        record_actions(&record).with_context(|| format!("{}", file.display()))?;
    let eval = crate::analyze::evaluator(&start, args.weights.as_deref(), false)?;
    // On standard error, and drawn only where it is a terminal.
    let bar = ProgressBar::new(actions.len() as u64 + 1);
    bar.set_style(
        ProgressStyle::with_template("reviewing {bar:40} {pos}/{len} positions")
            .expect("a valid template"),
    );
    let r = review(&start, &actions, args.depth, eval, &|done, total| {
        bar.set_length(total as u64);
        bar.set_position(done as u64);
    })
    .with_context(|| format!("{}", file.display()))?;
    bar.finish_and_clear();
    let mut out = stdout();
    if args.json {
        writeln!(out, "{}", serde_json::to_string(&r)?)?;
    } else {
        write!(out, "{}", table(&r, &record, args.all))?;
    }
    out.flush()?;
    Ok(())
}

/// Points of win chance (a win chance of 0.05 is 5.0 points), one decimal.
fn points(x: f64) -> String {
    format!("{:.1}", x * 100.0)
}

/// Points with their sign.
fn signed(x: f64) -> String {
    format!("{:+.1}", x * 100.0)
}

/// The review as text: what valued it, the decisions (the errors, or all), each seat's
/// summary and the key moments.
fn table(r: &Review, record: &Record, all: bool) -> String {
    let mut s = String::new();
    let result = match r.result {
        Some(Outcome::Win(w)) => format!("{w} won"),
        Some(Outcome::Draw) => "a draw".to_owned(),
        None => "not over".to_owned(),
    };
    let _ = writeln!(s, "{}: {} actions, {result}.", r.rules, r.plies);
    let _ = writeln!(
        s,
        "Values: expectimax, depth {}, on the {} evaluation ({}).",
        r.depth,
        r.evaluator,
        if r.calibrated {
            "calibrated: win chances are chances, a draw counting half"
        } else {
            "it ranks moves: its win chances, losses and luck are not probabilities"
        }
    );
    let name = |seat: Seat| {
        record
            .header(&format!("player-{seat}"))
            .map_or_else(|| seat.to_string(), |n| format!("{seat} ({n})"))
    };

    let listed: Vec<_> = r
        .decisions
        .iter()
        .filter(|d| all || d.mark.is_error())
        .collect();
    let _ = writeln!(
        s,
        "\n{} (loss in points of win chance):",
        if all {
            "Every decision"
        } else {
            "Inaccuracies, mistakes and blunders (--all lists every decision)"
        }
    );
    if listed.is_empty() {
        let _ = writeln!(s, "  none");
    } else {
        let _ = writeln!(
            s,
            "  {:>5}  {:<4} {:>5}  {:<14} {:<14} {:>6}  mark",
            "ply", "seat", "throw", "played", "best", "loss"
        );
        for d in listed {
            let throw = d.throw.map_or_else(|| "-".to_owned(), |t| t.to_string());
            let _ = writeln!(
                s,
                "  {:>5}  {:<4} {:>5}  {:<14} {:<14} {:>6}  {}",
                d.ply,
                d.seat.to_string(),
                throw,
                d.played.to_string(),
                d.best.to_string(),
                points(d.loss),
                d.mark.as_str()
            );
        }
    }

    let _ = writeln!(s, "\nSeats:");
    let _ = writeln!(s, "  {:<26} {:>12} {:>12}", "", "A", "B");
    let row = |s: &mut String, label: &str, f: &dyn Fn(&SeatReview) -> String| {
        let _ = writeln!(
            s,
            "  {:<26} {:>12} {:>12}",
            label,
            f(&r.seats.a),
            f(&r.seats.b)
        );
    };
    let or_dash = |x: Option<String>| x.unwrap_or_else(|| "-".to_owned());
    row(&mut s, "accuracy (0-100)", &|x| {
        or_dash(x.accuracy.map(|a| format!("{a:.1}")))
    });
    row(&mut s, "mean loss (points)", &|x| {
        or_dash(x.error_rate.map(|e| format!("{:.2}", e * 100.0)))
    });
    row(&mut s, "decisions (+ forced)", &|x| {
        format!("{} + {}", x.decisions, x.forced)
    });
    row(&mut s, "inaccuracies", &|x| x.inaccuracies.to_string());
    row(&mut s, "mistakes", &|x| x.mistakes.to_string());
    row(&mut s, "blunders", &|x| x.blunders.to_string());
    row(&mut s, "luck of its throws (points)", &|x| signed(x.luck));
    row(&mut s, "net luck (points)", &|x| signed(x.net_luck));
    row(&mut s, "result", &|x| {
        or_dash(x.result.map(|v| format!("{v:.1}")))
    });
    row(&mut s, "luck-adjusted result", &|x| {
        or_dash(x.luck_adjusted_result.map(|v| format!("{v:.3}")))
    });
    let _ = writeln!(s, "  A is {}, B is {}.", name(Seat::A), name(Seat::B));

    let _ = writeln!(s, "\nKey moments (seat A's win chance, %):");
    if r.key_moments.is_empty() {
        let _ = writeln!(s, "  none");
    }
    for k in &r.key_moments {
        let who = match (k.kind, k.seat) {
            ("move", Some(seat)) => format!("{seat} plays {}", k.action),
            (_, Some(seat)) => format!("{seat} throws {}", k.action),
            _ => format!("the draw: {} starts", k.action),
        };
        let _ = writeln!(
            s,
            "  ply {:>4}  {:<22} {:>5} -> {:>5}  ({})",
            k.ply,
            who,
            points(k.before),
            points(k.after),
            signed(k.swing)
        );
    }
    s
}
