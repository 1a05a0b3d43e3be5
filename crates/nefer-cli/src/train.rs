//! `nefer train`: self-play training of a rule set's learned evaluator
//! ([`nefer_players::train`]), with a progress bar, checkpoints and a learning curve.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::sync::Arc;
use std::time::Instant;

use anyhow::{Context as _, Result};
use nefer_core::RuleSetId;
use nefer_players::PlayerSpec;
use nefer_players::eval::neural::{Neural, Weights};
use nefer_players::sim::{SimConfig, Summary, run};
use nefer_players::train::{TrainConfig, Trainer};

use crate::sim::{RunArgs, parse_options};

/// Arguments of `nefer train`.
#[derive(clap::Args)]
pub struct TrainArgs {
    /// The rule set (see `nefer rules`).
    #[arg(long)]
    rules: String,
    /// A rule option NAME=VALUE (repeatable): the network learns that variant.
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Self-play games in all (a resumed run counts the checkpoint's).
    #[arg(long, default_value_t = 100_000,
          value_parser = clap::value_parser!(u64).range(1..=1_000_000_000))]
    games: u64,
    /// Seed of the first weights and of every game's sticks: a seed gives the same weights.
    #[arg(long, default_value_t = 1)]
    seed: u64,
    /// The weights file to write (a checkpoint at every point of the learning curve).
    #[arg(long)]
    out: PathBuf,
    /// Go on from the checkpoint in `--out` (made with the same settings) instead of starting.
    /// With the same `--games` as the run that wrote it, the run ends with the weights of one
    /// that never stopped (the learning rate falls over `--games`).
    #[arg(long)]
    resume: bool,
    /// Hidden units.
    #[arg(long, default_value_t = 64,
          value_parser = clap::value_parser!(u64).range(4..=1024))]
    hidden: u64,
    /// λ of TD(λ): 0 learns from the next position only, 1 from the result only.
    #[arg(long, default_value_t = 0.7)]
    lambda: f32,
    /// Learning rate at the start (it falls linearly to a tenth by the last game).
    #[arg(long, default_value_t = 0.01)]
    rate: f32,
    /// Games between two points of the learning curve (default: a tenth of the games).
    #[arg(long, value_parser = clap::value_parser!(u64).range(1..))]
    eval_every: Option<u64>,
    /// Games against each opponent at each point of the curve (the network one ply deep,
    /// seats alternating; 0: no curve).
    #[arg(long, default_value_t = 200)]
    eval_games: u32,
    /// The opponents of the learning curve.
    #[arg(long, value_delimiter = ',', default_value = "random,expert")]
    against: Vec<PlayerSpec>,
    /// Worker threads of the learning curve's games (the training is one thread).
    #[arg(long, value_parser = clap::value_parser!(u16).range(1..=crate::sim::MAX_THREADS))]
    threads: Option<u16>,
}

/// Runs `nefer train`.
///
/// # Errors
/// Bad settings, a checkpoint of other settings, or a file that cannot be written.
pub fn run_train(args: TrainArgs) -> Result<()> {
    let rules: RuleSetId = args.rules.parse()?;
    let options = parse_options(&args.options)?;
    if !(0.0..=1.0).contains(&args.lambda) {
        anyhow::bail!("--lambda {} is not within 0..=1", args.lambda);
    }
    if !(args.rate > 0.0 && args.rate <= 1.0) {
        anyhow::bail!("--rate {} is not within (0, 1]", args.rate);
    }
    let command = std::iter::once("nefer".to_owned())
        .chain(std::env::args().skip(1).filter(|a| a != "--resume"))
        .collect::<Vec<_>>()
        .join(" ");
    let cfg = TrainConfig {
        rules,
        options: options.clone(),
        games: args.games,
        seed: args.seed,
        hidden: args.hidden as usize,
        lambda: args.lambda,
        rate: args.rate,
        command,
        ..TrainConfig::new(rules, args.games, args.seed)
    };
    let mut trainer = if args.resume {
        let bytes = std::fs::read(&args.out)
            .with_context(|| format!("cannot read the checkpoint {}", args.out.display()))?;
        let w = Weights::from_bytes(&bytes)
            .with_context(|| format!("{} is not a checkpoint", args.out.display()))?;
        Trainer::resume(cfg, w)?
    } else {
        Trainer::new(cfg)?
    };
    let every = args.eval_every.unwrap_or((args.games / 10).max(1));
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = args.threads {
        pool = pool.num_threads(usize::from(t));
    }
    let pool = pool.build()?;
    let mut err = std::io::stderr();
    writeln!(
        err,
        "training {rules}{} from game {} to {}, seed {}; curve every {every} games, {} games against {}",
        if options.is_empty() {
            String::new()
        } else {
            format!(" ({options})")
        },
        trainer.games_done(),
        args.games,
        args.seed,
        args.eval_games,
        args.against
            .iter()
            .map(ToString::to_string)
            .collect::<Vec<_>>()
            .join(", "),
    )?;
    let mut out = crate::output::stdout();
    writeln!(
        out,
        "{:>10}  {:>9}  {}",
        "games",
        "seconds",
        args.against
            .iter()
            .map(|p| format!("  {:<22}", format!("vs {p}")))
            .collect::<String>()
    )?;
    out.flush()?;
    let bar = RunArgs::progress(
        args.games,
        "{bar:40} {pos}/{len} self-play games, {per_sec}, eta {eta}",
    );
    bar.set_position(trainer.games_done());
    let mut since = Instant::now();
    while !trainer.finished() {
        trainer.train_game();
        bar.inc(1);
        let done = trainer.games_done();
        if done % every == 0 || trainer.finished() {
            trainer.add_seconds(since.elapsed().as_secs());
            let w = trainer.weights();
            save(&args.out, &w)?;
            let net = Arc::new(Neural::new(w.clone()));
            let mut line = format!("{done:>10}  {:>9}", w.header.seconds);
            for opponent in &args.against {
                if args.eval_games == 0 {
                    break;
                }
                let s = bar.suspend(|| {
                    pool.install(|| curve_point(&trainer, &net, opponent, args.eval_games))
                });
                line += &format!(
                    "  {:<22}",
                    format!(
                        "{:.1} % [{:.1}–{:.1}]",
                        100.0 * s.a.rate,
                        100.0 * s.a.ci95.0,
                        100.0 * s.a.ci95.1
                    )
                );
            }
            // The curve's games are not training time.
            since = Instant::now();
            bar.suspend(|| -> Result<()> {
                writeln!(out, "{line}")?;
                Ok(out.flush()?)
            })?;
        }
    }
    bar.finish_and_clear();
    writeln!(
        err,
        "wrote {} ({} games, {} s of training)",
        args.out.display(),
        trainer.games_done(),
        trainer.weights().header.seconds
    )?;
    Ok(())
}

/// The network, one ply deep, against `opponent`: `games` games on a fixed seed, so that the
/// points of a curve are measured on the same throws.
fn curve_point(trainer: &Trainer, net: &Arc<Neural>, opponent: &PlayerSpec, games: u32) -> Summary {
    let w = trainer.weights();
    let cfg = SimConfig {
        rules: w.header.rules,
        options: w.header.options.clone(),
        a: PlayerSpec::Neural { net: None }.with_network(net.clone()),
        b: opponent.clone(),
        games,
        seed: 0x00c0_ffee,
        duplicate: false,
    };
    Summary::of(&run(&cfg, &|_| {}))
}

/// Writes `w` to `path` whole or not at all: a run stopped while writing keeps its last
/// checkpoint.
fn save(path: &Path, w: &Weights) -> Result<()> {
    let tmp = path.with_extension("nnw.partial");
    std::fs::write(&tmp, w.to_bytes())
        .with_context(|| format!("cannot write {}", tmp.display()))?;
    std::fs::rename(&tmp, path).with_context(|| format!("cannot write {}", path.display()))?;
    Ok(())
}
