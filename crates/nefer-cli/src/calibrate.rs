//! `nefer calibrate`: how well the learned evaluator's chances match what happens
//! ([`nefer_players::calibration`]): Brier score, expected calibration error, the reliability
//! diagram as an SVG chart, and in the pure races the distance to the exact chances.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;

use anyhow::{Context as _, Result};
use nefer_core::RuleSetId;
use nefer_players::PlayerSpec;
use nefer_players::calibration::{Calibration, SampleConfig, sample};
use nefer_players::eval::neural::{Neural, shipped_for};
use nefer_players::eval::{Evaluator, RaceTables};
use nefer_players::perfect;
use serde_json::json;

use crate::sim::{RunArgs, parse_options};

/// Arguments of `nefer calibrate`.
#[derive(clap::Args)]
pub struct CalibrateArgs {
    /// The rule set (see `nefer rules`).
    #[arg(long)]
    rules: String,
    /// A rule option NAME=VALUE (repeatable).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// A weights file (`nefer train --out`) instead of the network shipped for the rule set.
    #[arg(long, value_name = "FILE")]
    weights: Option<PathBuf>,
    /// The player of both seats in the sampled games.
    #[arg(long, default_value = "master")]
    player: PlayerSpec,
    /// Games to sample (every decision of each is a position).
    #[arg(long, default_value_t = 100,
          value_parser = clap::value_parser!(u32).range(1..=1_000_000))]
    games: u32,
    /// Master seed of the games (training draws its games from its own seed: a seed other
    /// than the training's gives held-out games).
    #[arg(long, default_value_t = 2026)]
    seed: u64,
    /// Worker threads (default: one per core). Results do not depend on it.
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=crate::sim::MAX_THREADS))]
    threads: Option<u16>,
    /// Write the reliability diagram to this SVG file.
    #[arg(long, value_name = "FILE")]
    svg: Option<PathBuf>,
    /// Print one JSON object instead of text.
    #[arg(long)]
    json: bool,
}

/// Runs `nefer calibrate`.
///
/// # Errors
/// Bad rules or options, no network for them, or a file that cannot be written.
pub fn run_calibrate(args: CalibrateArgs) -> Result<()> {
    let rules: RuleSetId = args.rules.parse()?;
    let options = parse_options(&args.options)?;
    let g = rules.new_game(&options)?;
    let [player, _] = crate::sim::learned_players(
        [args.player.clone(), PlayerSpec::Random],
        [args.weights.as_deref(), None],
        &g,
    )?;
    let net: Arc<Neural> = match &args.weights {
        Some(path) => Arc::new(Neural::load(path)?),
        None => Arc::new(Neural::new(
            shipped_for(&g)
                .with_context(|| {
                    format!("no network ships for {rules} with these options: give --weights")
                })?
                .weights()
                .clone(),
        )),
    };
    // The exact chances where the race tables model the game (solved here: a minute or two).
    let exact = perfect::supports(&g)
        .then(|| RaceTables::new(rules).ok())
        .flatten();
    let cfg = SampleConfig {
        rules,
        options: options.clone(),
        player,
        games: args.games,
        seed: args.seed,
    };
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = args.threads {
        pool = pool.num_threads(usize::from(t));
    }
    let bar = RunArgs::progress(
        u64::from(cfg.games),
        "{bar:40} {pos}/{len} games, eta {eta}",
    );
    let samples = pool.build()?.install(|| {
        sample(
            &cfg,
            net.as_ref(),
            exact.as_ref().map(|e| e as &dyn Evaluator),
            &|| bar.inc(1),
        )
    });
    bar.finish_and_clear();
    let c = Calibration::of(&samples, 10);
    if let Some(path) = &args.svg {
        draw(path, &c, &format!("{rules}{}", label(&options.to_string())))?;
    }
    let mut out = crate::output::stdout();
    if args.json {
        let bins: Vec<_> = c
            .bins
            .iter()
            .map(|b| json!({"lo": b.lo, "hi": b.hi, "count": b.count, "predicted": b.predicted, "realised": b.realised}))
            .collect();
        writeln!(
            out,
            "{}",
            json!({
                "rules": rules.key(), "options": options.to_string(), "player": cfg.player.to_string(),
                "games": cfg.games, "seed": cfg.seed, "positions": c.positions,
                "brier": c.brier, "ece": c.ece, "exact_mae": c.exact_mae, "bins": bins,
            })
        )?;
    } else {
        writeln!(
            out,
            "{rules}{} — {} positions from {} games of {} against itself, seed {}",
            label(&options.to_string()),
            c.positions,
            cfg.games,
            cfg.player,
            cfg.seed
        )?;
        writeln!(
            out,
            "  Brier score {:.4}   expected calibration error {:.4}",
            c.brier, c.ece
        )?;
        if let Some(mae) = c.exact_mae {
            writeln!(out, "  mean |network − exact tables| {mae:.4}")?;
        }
        writeln!(
            out,
            "  {:>11}  {:>9}  {:>9}  {:>8}",
            "predicted", "mean", "realised", "positions"
        )?;
        for b in &c.bins {
            writeln!(
                out,
                "  {:>4.0}–{:<4.0} %  {:>7.1} %  {:>7.1} %  {:>8}",
                100.0 * b.lo,
                100.0 * b.hi,
                100.0 * b.predicted,
                100.0 * b.realised,
                b.count
            )?;
        }
    }
    out.flush()?;
    Ok(())
}

fn label(options: &str) -> String {
    if options.is_empty() {
        String::new()
    } else {
        format!(" ({options})")
    }
}

/// The reliability diagram: each bin's mean prediction against its realised share, on the
/// diagonal of a perfect calibration.
fn draw(path: &Path, c: &Calibration, title: &str) -> Result<()> {
    use plotters::prelude::*;
    let failed = |e: &dyn std::fmt::Display| anyhow::anyhow!("cannot draw {}: {e}", path.display());
    let root = SVGBackend::new(path, (520, 520)).into_drawing_area();
    root.fill(&WHITE).map_err(|e| failed(&e))?;
    let mut chart = ChartBuilder::on(&root)
        .caption(
            format!("{title}: ECE {:.3}, Brier {:.3}", c.ece, c.brier),
            ("sans-serif", 18),
        )
        .margin(12)
        .x_label_area_size(44)
        .y_label_area_size(52)
        .build_cartesian_2d(0f64..1f64, 0f64..1f64)
        .map_err(|e| failed(&e))?;
    chart
        .configure_mesh()
        .x_desc("predicted P(win)")
        .y_desc("share won")
        .draw()
        .map_err(|e| failed(&e))?;
    chart
        .draw_series(LineSeries::new([(0.0, 0.0), (1.0, 1.0)], BLACK.mix(0.4)))
        .map_err(|e| failed(&e))?;
    let points: Vec<(f64, f64)> = c
        .bins
        .iter()
        .filter(|b| b.count > 0)
        .map(|b| (b.predicted, b.realised))
        .collect();
    chart
        .draw_series(LineSeries::new(points.clone(), BLUE.stroke_width(2)))
        .map_err(|e| failed(&e))?;
    chart
        .draw_series(points.iter().map(|&p| Circle::new(p, 4, BLUE.filled())))
        .map_err(|e| failed(&e))?;
    root.present().map_err(|e| failed(&e))?;
    Ok(())
}
