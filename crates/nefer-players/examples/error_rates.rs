//! Each level's error rate as the game review measures it (issue 17, item 6): do the review's
//! marks mean something? Adjacent levels play each other (`beginner`–`easy`, `easy`–`medium`, …,
//! seats alternating), every game is reviewed as `nefer review` reviews it (depth 3, on the
//! shipped network, or in the pure races on the exact tables), and each level's decisions are
//! summed over the games it played:
//!
//! `cargo run --release -p nefer-players --example error_rates -- senet.kendall 200`
//! `cargo run --release -p nefer-players --example error_rates -- hj.french 200 beginner easy medium`
//!
//! Arguments: the rule set, games per pair of adjacent levels (default 200), then the levels in
//! ladder order (default: all six), and `depth=N` to review at another depth than the default.
//! Prints one Markdown row per level: unforced decisions, error rate (mean loss of win chance
//! per unforced decision, gnubg's measure) with its 95 % interval over games, accuracy, and
//! inaccuracies, mistakes and blunders per 100 unforced decisions; then each pair in its own
//! games (both levels' rates and their difference, paired by game); then whether the error rates
//! order the levels as the ladder does. `worst=N` also prints each level's N costliest decisions
//! (the position before it as text, the move played, the best one and the loss), to see where a
//! level's error rate comes from.

use std::sync::Arc;

use nefer_core::{Action, AnyGame, Game, Options, RuleSetId, Seat, Status};
use nefer_players::analysis::{REVIEW_DEPTH, default_evaluator};
use nefer_players::eval::{Evaluator, RaceTables};
use nefer_players::perfect;
use nefer_players::review::{Review, SeatReview, accuracy, review};
use nefer_players::sim::{Z95, derive_seed};
use nefer_players::{LEVELS, PlayerSpec};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

/// One level's decisions in one game: (loss, unforced decisions, spread, inaccuracies,
/// mistakes, blunders).
#[derive(Clone, Copy, Default)]
struct Tally {
    loss: f64,
    decisions: f64,
    spread: f64,
    inaccuracies: f64,
    mistakes: f64,
    blunders: f64,
}

/// A ratio estimator of an error rate (loss over decisions, summed over games) with what its
/// standard error needs, the game as the unit (decisions within a game are not independent).
struct Ratio {
    rate: f64,
    mean_decisions: f64,
    n: f64,
    sum_sq: f64,
}

impl Ratio {
    fn of(tallies: &[Tally]) -> Ratio {
        let sum = tallies.iter().fold(Tally::default(), |a, &b| a.add(b));
        let n = tallies.len() as f64;
        let rate = sum.loss / sum.decisions.max(1.0);
        let mut r = Ratio {
            rate,
            mean_decisions: sum.decisions / n.max(1.0),
            n,
            sum_sq: 0.0,
        };
        r.sum_sq = tallies.iter().map(|t| r.linear(t).powi(2)).sum();
        r
    }

    /// One game's linearised contribution to the ratio (delta method).
    fn linear(&self, t: &Tally) -> f64 {
        (t.loss - self.rate * t.decisions) / self.mean_decisions.max(f64::MIN_POSITIVE)
    }

    /// The 95 % interval's half-width.
    fn half(&self) -> f64 {
        Z95 * (self.sum_sq / (self.n * (self.n - 1.0)).max(1.0)).sqrt()
    }
}

impl Tally {
    fn of(s: &SeatReview) -> Tally {
        Tally {
            loss: s.total_loss,
            decisions: s.decisions as f64,
            spread: s.total_spread,
            inaccuracies: s.inaccuracies as f64,
            mistakes: s.mistakes as f64,
            blunders: s.blunders as f64,
        }
    }

    fn add(self, o: Tally) -> Tally {
        Tally {
            loss: self.loss + o.loss,
            decisions: self.decisions + o.decisions,
            spread: self.spread + o.spread,
            inaccuracies: self.inaccuracies + o.inaccuracies,
            mistakes: self.mistakes + o.mistakes,
            blunders: self.blunders + o.blunders,
        }
    }
}

/// Plays one game between `players` (indexed by seat) with dice from `seed`, and returns the
/// start and the actions.
fn play(id: RuleSetId, players: [&PlayerSpec; 2], seed: u64) -> (AnyGame, Vec<Action>) {
    let start = id.new_game(&Options::new()).expect("defaults");
    let mut g = start.clone();
    let mut dice = ChaCha8Rng::seed_from_u64(seed);
    let mut seats = players.map(|p| p.build(derive_seed(seed, 1)));
    let mut actions = Vec::new();
    loop {
        match g.status() {
            Status::Over(_) => return (start, actions),
            Status::Chance { .. } => {
                let c = g.sample_chance(&mut dice);
                actions.push(Action::Chance(c));
                g.play_chance_unchecked(c);
            }
            Status::Decide { seat, .. } => {
                let m = seats[seat.index()].choose(&g);
                actions.push(Action::Move(m));
                g.play_unchecked(m);
            }
        }
    }
}

fn main() {
    let mut args = std::env::args().skip(1);
    let id: RuleSetId = args
        .next()
        .unwrap_or_else(|| "senet.kendall".into())
        .parse()
        .expect("a rule set key");
    let games: u64 = args.next().and_then(|s| s.parse().ok()).unwrap_or(200);
    // `depth=N` among the levels reviews at depth N instead of the default.
    let mut depth = REVIEW_DEPTH;
    let mut worst = 0usize;
    let mut levels: Vec<String> = args
        .filter(|a| {
            if let Some(d) = a.strip_prefix("depth=") {
                depth = d.parse().expect("depth=N, N a number");
                false
            } else if let Some(n) = a.strip_prefix("worst=") {
                worst = n.parse().expect("worst=N, N a number");
                false
            } else {
                true
            }
        })
        .collect();
    if levels.is_empty() {
        levels = LEVELS.iter().map(|(name, _)| (*name).to_owned()).collect();
    }
    let specs: Vec<PlayerSpec> = levels
        .iter()
        .map(|l| l.parse().expect("a level or a player"))
        .collect();
    let start = id.new_game(&Options::new()).expect("defaults");
    // In the pure races the exact tables judge (solved here, a second or two): the truth, and
    // no level's own evaluator. Elsewhere the review's default, the shipped network, which
    // `master` searches too: its error rate there is measured by its own judge.
    let eval: Arc<dyn Evaluator> = if perfect::supports(&start) {
        Arc::new(RaceTables::new(id).expect("the pure races solve"))
    } else {
        default_evaluator(&start)
    };
    let t = std::time::Instant::now();
    // Per level, one tally per game it played; per pair, both levels' tallies game by game
    // (the lower level's first).
    let mut per_level: Vec<Vec<Tally>> = vec![Vec::new(); levels.len()];
    let mut per_pair: Vec<Vec<(Tally, Tally)>> = vec![Vec::new(); levels.len().saturating_sub(1)];
    // Per level, its costliest decisions: (loss, position before it, played, best).
    let mut costliest: Vec<Vec<(f64, String, String, String)>> = vec![Vec::new(); levels.len()];
    for pair in 0..levels.len().saturating_sub(1) {
        let reviews: Vec<(Seat, Review, AnyGame, Vec<Action>)> = (0..games)
            .into_par_iter()
            .map(|i| {
                let seed = derive_seed(derive_seed(17, pair as u64), i);
                // The lower level sits in A in even games, in B in odd ones.
                let (lower_seat, players) = if i % 2 == 0 {
                    (Seat::A, [&specs[pair], &specs[pair + 1]])
                } else {
                    (Seat::B, [&specs[pair + 1], &specs[pair]])
                };
                let (start, actions) = play(id, players, seed);
                let r = review(&start, &actions, depth, eval.clone(), &|_, _| {})
                    .expect("a played game reviews");
                (lower_seat, r, start, actions)
            })
            .collect();
        for (lower, r, start, actions) in &reviews {
            let (low, up) = (
                Tally::of(r.seats.of(*lower)),
                Tally::of(r.seats.of(lower.other())),
            );
            per_level[pair].push(low);
            per_level[pair + 1].push(up);
            per_pair[pair].push((low, up));
            if worst == 0 {
                continue;
            }
            for d in r.decisions.iter().filter(|d| d.loss > 0.0) {
                let mut g = start.clone();
                for a in &actions[..d.ply] {
                    g.apply(*a).expect("the game's own actions");
                }
                let level = if d.seat == *lower { pair } else { pair + 1 };
                costliest[level].push((
                    d.loss,
                    g.to_string(),
                    d.played.to_string(),
                    d.best.to_string(),
                ));
            }
        }
        eprintln!(
            "{} – {}: {games} games reviewed ({:.0} s so far)",
            levels[pair],
            levels[pair + 1],
            t.elapsed().as_secs_f64()
        );
    }
    println!(
        "{id}: {games} games per pair of adjacent levels, reviewed at depth {depth} with `{}`\n",
        eval.name()
    );
    println!(
        "| level | player | games | unforced decisions | error rate (‰ win chance per decision) | accuracy | inaccuracies / mistakes / blunders per 100 decisions |"
    );
    println!("|---|---|---|---|---|---|---|");
    let mut rates = Vec::new();
    for (i, tallies) in per_level.iter().enumerate() {
        let sum = tallies.iter().fold(Tally::default(), |a, &b| a.add(b));
        let rate = Ratio::of(tallies);
        let (rate, half) = (rate.rate, rate.half());
        rates.push(rate);
        let per100 = |x: f64| 100.0 * x / sum.decisions.max(1.0);
        println!(
            "| {} | `{}` | {} | {} | {:.1} [{:.1}–{:.1}] | {:.1} % | {:.1} / {:.1} / {:.1} |",
            levels[i],
            specs[i],
            tallies.len(),
            sum.decisions,
            1000.0 * rate,
            1000.0 * (rate - half).max(0.0),
            1000.0 * (rate + half),
            accuracy(sum.loss, sum.spread),
            per100(sum.inaccuracies),
            per100(sum.mistakes),
            per100(sum.blunders),
        );
    }
    for (i, list) in costliest.iter_mut().enumerate().filter(|_| worst > 0) {
        list.sort_by(|a, b| b.0.total_cmp(&a.0));
        println!("\n{}'s {worst} costliest decisions:", levels[i]);
        for (loss, pos, played, best) in list.iter().take(worst) {
            println!(
                "  {:5.1} points: {played} (best {best}) in `{pos}`",
                100.0 * loss
            );
        }
    }
    // Each pair in its own games: both levels met the same opponent and the same kind of
    // positions, which a level's rate over all its games mixes (a level errs less against a
    // weaker opponent, whose games are easier to play).
    println!(
        "\n| pair | games | lower level's rate | higher level's rate | difference (lower − higher), paired by game |"
    );
    println!("|---|---|---|---|---|");
    let mut pairs_ordered = true;
    for (p, games) in per_pair.iter().enumerate() {
        let low: Vec<Tally> = games.iter().map(|g| g.0).collect();
        let up: Vec<Tally> = games.iter().map(|g| g.1).collect();
        let (rl, ru) = (Ratio::of(&low), Ratio::of(&up));
        // The difference's standard error with the game as the unit: each game's linearised
        // contributions to both ratios, taken together (the two levels' errors in one game are
        // not independent).
        let n = games.len() as f64;
        let var = games
            .iter()
            .map(|(l, u)| (rl.linear(l) - ru.linear(u)).powi(2))
            .sum::<f64>()
            / (n * (n - 1.0)).max(1.0);
        let (diff, half) = (rl.rate - ru.rate, Z95 * var.sqrt());
        pairs_ordered &= diff - half > 0.0;
        println!(
            "| {} – {} | {} | {:.2} [{:.2}–{:.2}] | {:.2} [{:.2}–{:.2}] | {:+.2} [{:+.2} to {:+.2}] |",
            levels[p],
            levels[p + 1],
            games.len(),
            1000.0 * rl.rate,
            1000.0 * (rl.rate - rl.half()).max(0.0),
            1000.0 * (rl.rate + rl.half()),
            1000.0 * ru.rate,
            1000.0 * (ru.rate - ru.half()).max(0.0),
            1000.0 * (ru.rate + ru.half()),
            1000.0 * diff,
            1000.0 * (diff - half),
            1000.0 * (diff + half),
        );
    }
    println!(
        "\nIn every pair's games the lower level {} the higher (the difference's interval above 0).",
        if pairs_ordered {
            "erred more than"
        } else {
            "did not always err more than"
        }
    );
    let ordered = rates.windows(2).all(|w| w[0] > w[1]);
    println!(
        "\nError rates {} the ladder's order ({:.0} s).",
        if ordered { "follow" } else { "do not follow" },
        t.elapsed().as_secs_f64()
    );
}
