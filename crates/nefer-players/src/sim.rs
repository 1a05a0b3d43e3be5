//! The simulator: N games between two players, in parallel, with seats swapped in half of them.
//!
//! Game `i` draws its sticks and its players' seeds from a seed derived from the master seed and
//! `i` alone, and results are collected in game order, so the same seed gives the same results
//! whatever the number of threads (as long as no time cap cuts a search short).

use nefer_core::endless::Guard;
use nefer_core::game::{Playout, play_out};
use nefer_core::{
    AnyGame, ByPlayer, Chance, Game, Move, MoveList, Options, Outcome, RuleSetId, Seat, Visit,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::analysis::{after_chance, win_chance};
use crate::eval::Evaluator;
use crate::{Player, PlayerSpec, RandomPlayer};

/// What to simulate.
#[derive(Clone, Debug)]
pub struct SimConfig {
    /// The rule set.
    pub rules: RuleSetId,
    /// Its options.
    pub options: Options,
    /// Player a.
    pub a: PlayerSpec,
    /// Player b.
    pub b: PlayerSpec,
    /// Number of games.
    pub games: u32,
    /// Master seed.
    pub seed: u64,
    /// Duplicate dice: games `2k` and `2k + 1` throw the same sticks seat by seat — seat A
    /// draws its throws from one stream and seat B from another, the same two streams in both
    /// games — and the players change seats between them, so each player gets in one game the
    /// throws the other got in the other, and the luck of the throws largely cancels within a
    /// pair (as wildbg's duel and duplicate bridge do). A stream per seat, not one for the
    /// game: extra throws would otherwise shift every later throw to the other seat. See
    /// [`Duplicate`] and the simulator's `Dice`.
    pub duplicate: bool,
}

/// One finished game.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct GameResult {
    /// The seat player a sat in (A in even games, B in odd ones).
    pub a_seat: Seat,
    /// The winning seat, `None` for a draw.
    pub winner: Option<Seat>,
    /// The seat whose turn was the game's first: SPEC's first player. Throws that only decide
    /// the order are not turns: in `hj.skiryuk` the lower opening thrower moves first although A
    /// throws first (§3.3); in `hj.french` the search for a 1 is made of turns, so its first
    /// thrower is the first player (§6.2, C-9).
    pub first_seat: Seat,
    /// Turns played.
    pub turns: u32,
    /// Decisions taken (moves and passes).
    pub moves: u32,
    /// The game could never end and was stopped unfinished, neither won nor drawn: the guard
    /// of [`nefer_core::endless`] found, past [`GUARD_TURNS`](nefer_core::endless::GUARD_TURNS)
    /// turns, that no throws and no choices lead to an end (or still could not tell at
    /// [`GUARD_CEILING`](nefer_core::endless::GUARD_CEILING) turns). `winner` is then `None`.
    pub endless: bool,
}

/// SplitMix64: derives independent per-game seeds from the master seed.
pub fn derive_seed(seed: u64, i: u64) -> u64 {
    let mut z = seed ^ i.wrapping_add(1).wrapping_mul(0x9e37_79b9_7f4a_7c15);
    z = (z ^ (z >> 30)).wrapping_mul(0xbf58_476d_1ce4_e5b9);
    z = (z ^ (z >> 27)).wrapping_mul(0x94d0_49bb_1331_11eb);
    z ^ (z >> 31)
}

/// Plays game `i` of `cfg`.
///
/// Game `i` is the match [`crate::play::Match`] plays with [`SeededDice`](crate::play::SeededDice)
/// seeded by `derive_seed(cfg.seed, i)`, player a in seat A for even `i` (B for odd), a's
/// player seeded by `derive_seed(game seed, 1)` and b's by `derive_seed(game seed, 2)`, and
/// [`Match::play_computers`](crate::play::Match::play_computers) to the end (a test keeps them
/// equal). It is not written on the match but on the playout loop the match's computer seats
/// use ([`play_out`]), with the same semantics and none of what a simulation does not need:
/// no history, no per-decision count of the legal moves, no legality check of the players'
/// moves outside debug builds (every player chooses among the legal moves), and chance drawn
/// by the game ([`Game::sample_chance`], which draws what the seeded dice draw). Making the
/// simulator faster (issue 19) happens in its playout (`SimSeats`) and below, not in the match.
///
/// # Panics
/// If the options are invalid (check them with [`RuleSetId::new_game`] first).
pub fn play_one(cfg: &SimConfig, i: u64) -> GameResult {
    let start = cfg
        .rules
        .new_game(&cfg.options)
        .expect("options were checked");
    Simulator::new(cfg).play(&start, i)
}

/// What a thread keeps from one game to the next: the random players, whose generators are
/// seeded again for each game (a random player has no other state that outlives a decision),
/// so that a game with them allocates nothing.
struct Simulator<'c> {
    cfg: &'c SimConfig,
    /// Both players are `random`: the game is played on the rule set's own state, with no
    /// dynamic call per decision (see [`RandomSeats`]).
    randoms: Option<ByPlayer<RandomPlayer>>,
}

impl<'c> Simulator<'c> {
    fn new(cfg: &'c SimConfig) -> Simulator<'c> {
        let both_random = cfg.a == PlayerSpec::Random && cfg.b == PlayerSpec::Random;
        Simulator {
            cfg,
            randoms: both_random.then(|| ByPlayer::both(0).map(RandomPlayer::new)),
        }
    }

    /// Plays game `i` from `start`, the rule set's new game under the options: read once for
    /// a whole simulation rather than once a game (reading options formats and allocates).
    fn play(&mut self, start: &AnyGame, i: u64) -> GameResult {
        let cfg = self.cfg;
        let (seed, a_seat) = (derive_seed(cfg.seed, i), seat_of_a(i));
        let dice = Dice::of(cfg, i);
        let played = match &mut self.randoms {
            Some(randoms) => {
                // The seeds `seats_of` gives the players it builds.
                randoms[a_seat].reseed(derive_seed(seed, 1));
                randoms[a_seat.other()].reseed(derive_seed(seed, 2));
                // Without duplicate dice, the game's one stream ([`Streams`]).
                if dice.seats.is_none() {
                    start.visit(RandomSeats {
                        dice: dice.game,
                        randoms,
                    })
                } else {
                    start.visit(RandomSeats { dice, randoms })
                }
            }
            None => {
                let players = seat_players(cfg, seed, a_seat);
                let mut g = start.clone();
                play_game(&mut g, &mut SimSeats { dice, players })
            }
        };
        played.result(a_seat)
    }
}

impl Simulator<'_> {
    /// [`Simulator::play`] on the players' [`SimSeats`] whatever they are (the same games: a
    /// test keeps them so), with player a's luck as `judge` sees it ([`run_judged`]).
    fn play_judged(
        &mut self,
        start: &AnyGame,
        i: u64,
        judge: &dyn Evaluator,
        depth: u32,
    ) -> (GameResult, f64) {
        let cfg = self.cfg;
        let (seed, a_seat) = (derive_seed(cfg.seed, i), seat_of_a(i));
        let seats = SimSeats {
            dice: Dice::of(cfg, i),
            players: seat_players(cfg, seed, a_seat),
        };
        let mut judged = Judged {
            seats,
            judge,
            depth,
            luck_a: 0.0,
        };
        let mut g = start.clone();
        let played = play_game(&mut g, &mut judged);
        let luck = if a_seat == Seat::A {
            judged.luck_a
        } else {
            -judged.luck_a
        };
        (played.result(a_seat), luck)
    }
}

/// [`SimSeats`] that value every chance event before its outcome falls, and sum seat A's luck
/// ([`run_judged`]).
struct Judged<'j> {
    seats: SimSeats,
    judge: &'j dyn Evaluator,
    /// Decisions searched to value an outcome.
    depth: u32,
    /// Seat A's luck so far, in expected score.
    luck_a: f64,
}

impl Playout<AnyGame> for Judged<'_> {
    fn chance(&mut self, g: &AnyGame, seat: Option<Seat>) -> Option<Chance> {
        // Valued for the seat that throws (seat A where who starts is drawn), as a review
        // values the throw: an evaluator's value for one seat need not be exactly the negation
        // of its value for the other (a network asks from each seat's side).
        let judged = seat.unwrap_or(Seat::A);
        let outcomes = g.chance_outcomes();
        let values: Vec<f64> = outcomes
            .iter()
            .map(|&(c, _)| {
                let mut x = g.clone();
                x.play_chance_unchecked(c);
                after_chance(&x, judged, self.depth, self.judge).0
            })
            .collect();
        let expected: f64 = outcomes
            .iter()
            .zip(&values)
            .map(|(&(_, p), v)| p.to_f64() * v)
            .sum();
        let fell = self.seats.chance(g, seat)?;
        if let Some(i) = outcomes.iter().position(|&(c, _)| c == fell) {
            let luck = win_chance(values[i]) - win_chance(expected);
            self.luck_a += if judged == Seat::A { luck } else { -luck };
        }
        Some(fell)
    }

    fn decide(&mut self, g: &AnyGame, seat: Seat) -> Option<Move> {
        self.seats.decide(g, seat)
    }
}

/// The seat of player a in game `i`: A in even games, B in odd ones.
fn seat_of_a(i: u64) -> Seat {
    if i % 2 == 0 { Seat::A } else { Seat::B }
}

/// The players of a game seeded `seed` (the game's seed), player a in `a_seat`.
fn seat_players(cfg: &SimConfig, seed: u64, a_seat: Seat) -> ByPlayer<Box<dyn Player>> {
    let pa = cfg.a.build(derive_seed(seed, 1));
    let pb = cfg.b.build(derive_seed(seed, 2));
    ByPlayer(if a_seat == Seat::A {
        [pa, pb]
    } else {
        [pb, pa]
    })
}

/// Game `i` of `cfg` as [`play_one`] describes it: the seat of player a, the dice, and the
/// seats' players. The study plays the same games from it.
pub(crate) fn seats_of(cfg: &SimConfig, i: u64) -> (Seat, Dice, ByPlayer<Box<dyn Player>>) {
    let a_seat = seat_of_a(i);
    let players = seat_players(cfg, derive_seed(cfg.seed, i), a_seat);
    (a_seat, Dice::of(cfg, i), players)
}

/// The chance of a simulated game: one stream for the game, or under duplicate dice
/// ([`SimConfig::duplicate`]) one stream per seat for the seats' throws (the game's stream
/// keeps the draws that are no seat's, such as C-9's draw of the first seat).
pub(crate) struct Dice {
    game: ChaCha8Rng,
    seats: Option<ByPlayer<ChaCha8Rng>>,
}

impl Dice {
    /// The dice of game `i` of `cfg`.
    fn of(cfg: &SimConfig, i: u64) -> Dice {
        if cfg.duplicate {
            let pair = derive_seed(cfg.seed, i & !1);
            Dice {
                game: ChaCha8Rng::seed_from_u64(pair),
                seats: Some(ByPlayer(
                    [3, 4].map(|k| ChaCha8Rng::seed_from_u64(derive_seed(pair, k))),
                )),
            }
        } else {
            Dice {
                game: ChaCha8Rng::seed_from_u64(derive_seed(cfg.seed, i)),
                seats: None,
            }
        }
    }

    /// The stream that draws a chance outcome of `seat`'s.
    #[inline]
    pub(crate) fn stream(&mut self, seat: Option<Seat>) -> &mut ChaCha8Rng {
        match (&mut self.seats, seat) {
            (Some(seats), Some(s)) => &mut seats[s],
            _ => &mut self.game,
        }
    }
}

/// Where the chance outcomes of a game of random players are drawn: its [`Dice`], or the one
/// stream of dice that are not duplicate, chosen once a game rather than at every throw.
trait Streams {
    /// The stream that draws a chance outcome of `seat`'s.
    fn stream(&mut self, seat: Option<Seat>) -> &mut ChaCha8Rng;
}

impl Streams for Dice {
    #[inline]
    fn stream(&mut self, seat: Option<Seat>) -> &mut ChaCha8Rng {
        Dice::stream(self, seat)
    }
}

impl Streams for ChaCha8Rng {
    #[inline]
    fn stream(&mut self, _seat: Option<Seat>) -> &mut ChaCha8Rng {
        self
    }
}

/// How a simulated game went.
struct Played {
    winner: Option<Seat>,
    first_seat: Option<Seat>,
    turns: u32,
    moves: u32,
    endless: bool,
}

impl Played {
    /// The result of the game played, player a in `a_seat`.
    fn result(&self, a_seat: Seat) -> GameResult {
        GameResult {
            a_seat,
            winner: self.winner,
            first_seat: self.first_seat.unwrap_or(Seat::A),
            turns: self.turns,
            moves: self.moves,
            endless: self.endless,
        }
    }
}

/// Plays `g` to its end with `seats`, noting the seat acting in the first state where a turn
/// has begun (SPEC's first player), under the guard that stops a game that cannot end
/// ([`Guard`]: a compare of the turn count at each throw, and nothing else while the game is
/// shorter than its first check).
///
/// Inlined, with [`play_out`] and the seats' `act`, into each rule set's loop of random seats:
/// one function from the throw to the move, 285 instructions a Kendall decision where the calls
/// left 299 (docs/BENCHMARKS.md).
#[inline(always)]
fn play_game<G: Game, P: Playout<G>>(g: &mut G, seats: &mut P) -> Played {
    // Until the first turn has begun, each action asks whose it is; then the loop runs on
    // without that question.
    let mut opening = Opening {
        seats: &mut *seats,
        first_seat: None,
    };
    let mut moves = play_out(g, &mut opening);
    let first_seat = opening.first_seat;
    let mut guarded = Guard::new(seats);
    moves += play_out(g, &mut guarded);
    Played {
        winner: g.outcome().and_then(Outcome::winner),
        first_seat,
        turns: g.turns_played(),
        moves,
        endless: guarded.stopped().is_some(),
    }
}

/// The seats of a game until the first state where a turn has begun and a seat acts: there
/// it stops the playout and keeps that seat.
struct Opening<'s, P> {
    seats: &'s mut P,
    first_seat: Option<Seat>,
}

impl<G: Game, P: Playout<G>> Playout<G> for Opening<'_, P> {
    #[inline]
    fn chance(&mut self, g: &G, seat: Option<Seat>) -> Option<Chance> {
        if g.turns() >= 1 && seat.is_some() {
            self.first_seat = seat;
            return None;
        }
        self.seats.chance(g, seat)
    }

    #[inline]
    fn decide(&mut self, g: &G, seat: Seat) -> Option<Move> {
        if g.turns() >= 1 {
            self.first_seat = Some(seat);
            return None;
        }
        self.seats.decide(g, seat)
    }

    #[inline(always)]
    fn act(&mut self, g: &mut G, seat: Seat) -> bool {
        if g.turns() >= 1 {
            self.first_seat = Some(seat);
            return false;
        }
        self.seats.act(g, seat)
    }
}

/// The two seats of a simulated game as a [`Playout`]: the dice and the players.
struct SimSeats {
    dice: Dice,
    players: ByPlayer<Box<dyn Player>>,
}

impl Playout<AnyGame> for SimSeats {
    #[inline]
    fn chance(&mut self, g: &AnyGame, seat: Option<Seat>) -> Option<Chance> {
        Some(g.sample_chance(self.dice.stream(seat)))
    }

    #[inline]
    fn decide(&mut self, g: &AnyGame, seat: Seat) -> Option<Move> {
        let m = self.players[seat].choose(g);
        debug_assert!(
            {
                let mut legal = MoveList::new();
                g.legal_moves(&mut legal);
                legal.contains(&m)
            },
            "{} chose the illegal move {m}",
            self.players[seat].name()
        );
        Some(m)
    }
}

/// Two random players' seats: [`SimSeats`] for any rule set's own state ([`Visit`]), the
/// players called directly rather than through [`Player`].
struct RandomSeats<'r, D> {
    dice: D,
    randoms: &'r mut ByPlayer<RandomPlayer>,
}

impl<G: Game, D: Streams> Playout<G> for RandomSeats<'_, D> {
    #[inline]
    fn chance(&mut self, g: &G, seat: Option<Seat>) -> Option<Chance> {
        Some(g.sample_chance(self.dice.stream(seat)))
    }

    #[inline]
    fn decide(&mut self, g: &G, seat: Seat) -> Option<Move> {
        Some(self.randoms[seat].choose_in(g))
    }

    #[inline(always)]
    fn act(&mut self, g: &mut G, seat: Seat) -> bool {
        let player = &mut self.randoms[seat];
        // The move of the random player's draw, played where the rule set plays it without
        // building it (`play_ranked` draws nothing where it declines).
        if !g.play_ranked(&mut player.rng, nefer_core::random_index) {
            let m = player.choose_in(g);
            g.play_unchecked(m);
        }
        true
    }
}

impl<D: Streams> Visit for RandomSeats<'_, D> {
    type Output = Played;

    #[inline]
    fn visit<G: Game>(mut self, start: &G) -> Played {
        let mut g = start.clone();
        play_game(&mut g, &mut self)
    }
}

/// Games a thread plays between two calls of the progress callback of [`run`], at most: often
/// enough for a progress bar (a few milliseconds of random games), rarely enough that the bar's
/// shared counter is no contention between threads.
const BATCH: usize = 256;

/// Batches per thread that [`run`] cuts a simulation into, at least: a batch is what one
/// thread plays alone, so a run of a few hundred searching games (a study's `--players`
/// pairs, `master` at a second or more a game) cut into batches of [`BATCH`] was one batch on
/// one thread while the others idled; cut finer, the threads share the games and the last
/// batch to finish is short.
const BATCHES_PER_THREAD: usize = 32;

/// The games of a batch of [`run`] for `games` games on `threads` threads: `BATCH`, or fewer
/// where that would leave fewer than `BATCHES_PER_THREAD` batches per thread (at least one
/// game). The games played do not depend on it (game `i` is the same game in any batch).
pub fn batch_len(games: usize, threads: usize) -> usize {
    (games / (threads.max(1) * BATCHES_PER_THREAD)).clamp(1, BATCH)
}

/// Plays all games of `cfg` on the current rayon pool, calling `tick(n)` after each batch of
/// `n` games played.
///
/// Each thread plays batches of consecutive games ([`batch_len`]) into their places of the
/// result, with players of its own; nothing is shared between threads but the read-only
/// configuration and the progress callback, called once a batch.
///
/// # Panics
/// If the options are invalid (check them with [`RuleSetId::new_game`] first).
pub fn run(cfg: &SimConfig, tick: &(dyn Fn(u64) + Sync)) -> Vec<GameResult> {
    run_timed(cfg, tick).0
}

/// [`run`], and the time its games took summed over the threads that played them (what the
/// games cost, whatever else the pool ran beside them: a study plays its rows at once).
///
/// # Panics
/// As [`run`].
pub fn run_timed(cfg: &SimConfig, tick: &(dyn Fn(u64) + Sync)) -> (Vec<GameResult>, Duration) {
    run_each(cfg, tick, UNPLAYED, |sim, start, i| sim.play(start, i))
}

/// A result slot before its game is played.
const UNPLAYED: GameResult = GameResult {
    a_seat: Seat::A,
    winner: None,
    first_seat: Seat::A,
    turns: 0,
    moves: 0,
    endless: false,
};

/// Plays every game of `cfg` with `play` (game `i` from the rule set's new game) on the
/// current thread pool, in batches ([`batch_len`]), and collects what each returns in game
/// order, with the time the games took summed over the threads.
fn run_each<T: Clone + Send>(
    cfg: &SimConfig,
    tick: &(dyn Fn(u64) + Sync),
    unplayed: T,
    play: impl Fn(&mut Simulator<'_>, &AnyGame, u64) -> T + Sync,
) -> (Vec<T>, Duration) {
    let start = cfg
        .rules
        .new_game(&cfg.options)
        .expect("options were checked");
    let mut results = vec![unplayed; cfg.games as usize];
    let len = batch_len(results.len(), rayon::current_num_threads());
    let busy = AtomicU64::new(0);
    results.par_chunks_mut(len).enumerate().for_each_init(
        || Simulator::new(cfg),
        |sim, (batch, out)| {
            let clock = Instant::now();
            let first = (batch * len) as u64;
            for (i, r) in (first..).zip(out.iter_mut()) {
                *r = play(sim, &start, i);
            }
            busy.fetch_add(nanos(clock.elapsed()), Ordering::Relaxed);
            tick(out.len() as u64);
        },
    );
    (results, Duration::from_nanos(busy.into_inner()))
}

/// [`run`], with each game's **luck** for player a as judged by `judge`: the games are
/// [`run`]'s, to the move (judging draws nothing from the dice), and beside each result is the
/// sum over its chance events of what the outcome that fell was worth to player a against
/// what the event was worth on average, in expected score (a win 1, a draw ½): an outcome is
/// valued as [`analysis::analyze`](crate::analysis::analyze) values a throw's outcomes,
/// searched `depth` decisions deep on `judge` (so that the luck is [`review`](crate::review)'s
/// at that depth, to the bit).
///
/// The result less the luck (gnubg's "luck-adjusted result") has the same expectation as the
/// result, whatever the judge: each event's luck has expectation 0 under the event's known
/// probabilities, the judge being a function of the position alone. With a judge that sees
/// the game well, most of a game's luck is taken out of its result, and the score of many games
/// is measured with a narrower interval (AIVAT, Burch et al. 2018, is this control variate in
/// general; see [`LuckAdjusted`]). A judge that sees the game badly costs precision, never
/// truth.
///
/// # Panics
/// As [`run`], or if `judge` cannot value the game ([`Evaluator::supports`]).
pub fn run_judged(
    cfg: &SimConfig,
    judge: &dyn Evaluator,
    depth: u32,
    tick: &(dyn Fn(u64) + Sync),
) -> Vec<(GameResult, f64)> {
    let depth = depth.max(1);
    run_each(cfg, tick, (UNPLAYED, 0.0), |sim, start, i| {
        sim.play_judged(start, i, judge, depth)
    })
    .0
}

/// Player a's luck-adjusted score over a simulation ([`run_judged`]), beside its plain score.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct LuckAdjusted {
    /// Player a's plain score (a win 1, a draw ½, a loss or an endless game 0 as in
    /// [`Summary`]'s rate; here an endless game scores ½, as in [`Duplicate`]), with its 95 %
    /// normal interval over the units (games, or pairs on duplicate dice).
    pub score: Mean,
    /// The score less each game's luck: an estimate of the same expectation, with its interval
    /// over the same units.
    pub adjusted: Mean,
    /// The share of the score's variance (over the units) that the luck explained:
    /// 1 − var(adjusted) / var(score).
    pub variance_removed: f64,
}

impl LuckAdjusted {
    /// The scores of `judged` (in game order, as [`run_judged`] returns them), in `unit`s.
    pub fn of(judged: &[(GameResult, f64)], unit: Unit) -> LuckAdjusted {
        let score = |r: &GameResult| match r.winner {
            Some(w) if w == r.a_seat => 1.0,
            Some(_) => 0.0,
            None => 0.5,
        };
        let plain: Vec<Option<f64>> = judged.iter().map(|(r, _)| Some(score(r))).collect();
        let adjusted: Vec<Option<f64>> = judged
            .iter()
            .map(|(r, luck)| Some(score(r) - luck))
            .collect();
        let (score, adjusted) = (
            Mean::in_units(&plain, unit),
            Mean::in_units(&adjusted, unit),
        );
        // The intervals' half widths are z·s/√units, so their squared ratio is the units'
        // variance ratio.
        let half = |m: &Mean| (m.ci95.1 - m.ci95.0) / 2.0;
        LuckAdjusted {
            score,
            adjusted,
            variance_removed: 1.0 - (half(&adjusted) / half(&score)).powi(2),
        }
    }
}

/// A duration in nanoseconds, saturated (584 years).
pub fn nanos(d: Duration) -> u64 {
    u64::try_from(d.as_nanos()).unwrap_or(u64::MAX)
}

/// The 95 % Wilson score interval of `k` successes in `n` trials.
pub fn wilson(k: u32, n: u32) -> (f64, f64) {
    if n == 0 {
        return (0.0, 1.0);
    }
    let z = 1.959_963_984_540_054_f64;
    let n = f64::from(n);
    let p = f64::from(k) / n;
    let denom = 1.0 + z * z / n;
    let centre = (p + z * z / (2.0 * n)) / denom;
    let half = z * ((p * (1.0 - p) / n + z * z / (4.0 * n * n)).sqrt()) / denom;
    ((centre - half).max(0.0), (centre + half).min(1.0))
}

/// Mean, median and 95th percentile (nearest rank) of a sample.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Spread {
    /// Arithmetic mean.
    pub mean: f64,
    /// Median (mean of the two middle values for an even count).
    pub median: f64,
    /// 95th percentile, nearest-rank.
    pub p95: f64,
}

impl Spread {
    /// The spread of `values` (all zero for no values).
    pub fn of(values: &[u32]) -> Spread {
        if values.is_empty() {
            return Spread {
                mean: 0.0,
                median: 0.0,
                p95: 0.0,
            };
        }
        let mut v = values.to_vec();
        v.sort_unstable();
        let n = v.len();
        let mean = v.iter().map(|&x| f64::from(x)).sum::<f64>() / n as f64;
        let median = if n % 2 == 1 {
            f64::from(v[n / 2])
        } else {
            (f64::from(v[n / 2 - 1]) + f64::from(v[n / 2])) / 2.0
        };
        let rank = (0.95 * n as f64).ceil() as usize;
        let p95 = f64::from(v[rank.clamp(1, n) - 1]);
        Spread { mean, median, p95 }
    }
}

/// Wins and their rate with its 95 % interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Rate {
    /// Games won.
    pub wins: u32,
    /// Wins over all games.
    pub rate: f64,
    /// 95 % Wilson interval of the rate.
    pub ci95: (f64, f64),
}

impl Rate {
    /// `wins` of `games`, with the Wilson interval ([`wilson`]); a rate of 0 for no games.
    pub fn of(wins: u32, games: u32) -> Rate {
        Rate {
            wins,
            rate: if games == 0 {
                0.0
            } else {
                f64::from(wins) / f64::from(games)
            },
            ci95: wilson(wins, games),
        }
    }
}

/// What a simulation found.
#[derive(Clone, Debug, PartialEq)]
pub struct Summary {
    /// Games played.
    pub games: u32,
    /// Player a's wins.
    pub a: Rate,
    /// Player b's wins.
    pub b: Rate,
    /// Games drawn (a jam, C-8, or the turn cap, C-7).
    pub draws: u32,
    /// Games stopped because they could never end ([`GameResult::endless`]): neither won nor
    /// drawn.
    pub endless: u32,
    /// Wins of the seat whose turn was the first (SPEC's first player).
    pub first_seat: Rate,
    /// Game length in turns, over the games that ended (an endless game's length is where
    /// the guard stopped it, not the game's).
    pub turns: Spread,
    /// Game length in decisions, over the games that ended.
    pub moves: Spread,
}

impl Summary {
    /// Summarises `results`.
    pub fn of(results: &[GameResult]) -> Summary {
        let n = results.len() as u32;
        let count =
            |f: &dyn Fn(&GameResult) -> bool| results.iter().filter(|r| f(r)).count() as u32;
        let a = count(&|r| r.winner == Some(r.a_seat));
        let b = count(&|r| r.winner.is_some_and(|w| w != r.a_seat));
        let first = count(&|r| r.winner == Some(r.first_seat));
        let endless = count(&|r| r.endless);
        let ended = || results.iter().filter(|r| !r.endless);
        let turns: Vec<u32> = ended().map(|r| r.turns).collect();
        let moves: Vec<u32> = ended().map(|r| r.moves).collect();
        Summary {
            games: n,
            a: Rate::of(a, n),
            b: Rate::of(b, n),
            draws: n - a - b - endless,
            endless,
            first_seat: Rate::of(first, n),
            turns: Spread::of(&turns),
            moves: Spread::of(&moves),
        }
    }
}

/// Player a's score over pairs of games played on duplicate dice ([`SimConfig::duplicate`]),
/// with its interval taken two ways, to show what the pairing buys.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Duplicate {
    /// Whole pairs of games (games `2k`, `2k + 1`) that threw the same sticks.
    pub pairs: u32,
    /// Player a's score over the pairs' games: a win 1, a draw ½, a loss 0, averaged (a game
    /// stopped because it could never end, [`GameResult::endless`], scores ½ as a draw: nobody
    /// won it).
    pub score: f64,
    /// The score's 95 % normal interval with the pair as the unit, x̄ ± z·s/√pairs over the
    /// pairs' mean scores: the games of a pair share their luck, so they are not independent.
    pub ci95: (f64, f64),
    /// The same score's 95 % normal interval with each game as the unit, as independent dice
    /// would give it (x̄ ± z·s/√games over the games' scores).
    pub independent_ci95: (f64, f64),
}

impl Duplicate {
    /// The paired score of `results` in game order (a last unpaired game is left out); `None`
    /// for fewer than two pairs.
    pub fn of(results: &[GameResult]) -> Option<Duplicate> {
        let pairs = results.len() / 2;
        if pairs < 2 {
            return None;
        }
        // Scores in half points (win 2, draw 1, loss 0), so that `Mean` counts whole numbers.
        let half_points = |r: &GameResult| match r.winner {
            Some(w) if w == r.a_seat => 2,
            Some(_) => 0,
            None => 1,
        };
        let games: Vec<u32> = results[..2 * pairs].iter().map(half_points).collect();
        let pair_sums: Vec<u32> = games.chunks(2).map(|p| p[0] + p[1]).collect();
        let (by_game, by_pair) = (Mean::of(&games), Mean::of(&pair_sums));
        let scale = |(lo, hi): (f64, f64), f: f64| (lo / f, hi / f);
        Some(Duplicate {
            pairs: pairs as u32,
            score: by_game.mean / 2.0,
            ci95: scale(by_pair.ci95, 4.0),
            independent_ci95: scale(by_game.ci95, 2.0),
        })
    }
}

/// z of a two-sided 95 % normal interval: the 97.5th percentile of the standard normal.
pub const Z95: f64 = 1.959_963_984_540_054;

/// Number of bins [`Histogram::of`] aims at: fine enough to show a distribution's shape in a
/// table or chart, coarse enough that a few hundred games fill most bins.
pub const HISTOGRAM_BINS: u32 = 20;

/// A sample's mean with its sample standard deviation and 95 % normal interval.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Mean {
    /// Values in the sample.
    pub n: u32,
    /// Arithmetic mean, x̄ = Σx / n.
    pub mean: f64,
    /// Sample standard deviation, s = √(Σ(x − x̄)² / (n − 1)); 0 for fewer than two values.
    pub sd: f64,
    /// 95 % normal interval of the mean, x̄ ± z·s/√n with z = [`Z95`]; NaN (unknown) for fewer
    /// than two values.
    pub ci95: (f64, f64),
}

impl Mean {
    /// The mean of `values` (mean 0, interval unknown for no values).
    pub fn of(values: &[u32]) -> Mean {
        Mean::of_f64(&values.iter().map(|&x| f64::from(x)).collect::<Vec<_>>())
    }

    /// [`Mean::of`] for values that are not whole numbers (a game's drama, its share of
    /// actions played before it was decided).
    pub fn of_f64(values: &[f64]) -> Mean {
        let n = values.len();
        let nf = n as f64;
        let mean = if n == 0 {
            0.0
        } else {
            values.iter().sum::<f64>() / nf
        };
        if n < 2 {
            return Mean {
                n: n as u32,
                mean,
                sd: 0.0,
                ci95: (f64::NAN, f64::NAN),
            };
        }
        let ss: f64 = values.iter().map(|&x| (x - mean).powi(2)).sum();
        let sd = (ss / (nf - 1.0)).sqrt();
        let half = Z95 * sd / nf.sqrt();
        Mean {
            n: n as u32,
            mean,
            sd,
            ci95: (mean - half, mean + half),
        }
    }
}

/// Counts of a sample in bins of equal width: bin `k` holds the values in
/// `[start + k·width, start + (k + 1)·width)`.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Histogram {
    /// The first bin's lower bound: the smallest value.
    pub start: u32,
    /// Each bin's width, at least 1: ⌈(max − min + 1) / [`HISTOGRAM_BINS`]⌉.
    pub width: u32,
    /// Values in each bin; the last bin holds the largest value.
    pub counts: Vec<u32>,
}

impl Histogram {
    /// The histogram of `values` in at most [`HISTOGRAM_BINS`] bins (no bins for no values).
    pub fn of(values: &[u32]) -> Histogram {
        let (Some(&min), Some(&max)) = (values.iter().min(), values.iter().max()) else {
            return Histogram {
                start: 0,
                width: 1,
                counts: Vec::new(),
            };
        };
        let range = u64::from(max - min) + 1;
        let width = range.div_ceil(u64::from(HISTOGRAM_BINS)) as u32;
        let bins = range.div_ceil(u64::from(width)) as usize;
        let mut counts = vec![0; bins];
        for &x in values {
            counts[((x - min) / width) as usize] += 1;
        }
        Histogram {
            start: min,
            width,
            counts,
        }
    }
}

/// A sample's distribution in full: [`Mean`], [`Spread`], the 5th percentile, the extremes and
/// a [`Histogram`].
#[derive(Clone, Debug, PartialEq)]
pub struct Distribution {
    /// Mean, standard deviation and the mean's 95 % interval.
    pub mean: Mean,
    /// Smallest value.
    pub min: u32,
    /// 5th percentile, nearest rank: the ⌈0.05·n⌉-th smallest value.
    pub p5: f64,
    /// Median (mean of the two middle values for an even count), as [`Spread`].
    pub median: f64,
    /// 95th percentile, nearest rank: the ⌈0.95·n⌉-th smallest value, as [`Spread`].
    pub p95: f64,
    /// Largest value.
    pub max: u32,
    /// The counts in bins.
    pub histogram: Histogram,
}

impl Distribution {
    /// The distribution of `values` (zeros and no bins for no values).
    pub fn of(values: &[u32]) -> Distribution {
        let spread = Spread::of(values);
        let mut v = values.to_vec();
        v.sort_unstable();
        let n = v.len();
        let p5 = if n == 0 {
            0.0
        } else {
            let rank = (0.05 * n as f64).ceil() as usize;
            f64::from(v[rank.clamp(1, n) - 1])
        };
        Distribution {
            mean: Mean::of(values),
            min: v.first().copied().unwrap_or(0),
            p5,
            median: spread.median,
            p95: spread.p95,
            max: v.last().copied().unwrap_or(0),
            histogram: Histogram::of(values),
        }
    }
}

/// A ratio of two sums over independent games, R = Σyᵢ / Σxᵢ (say, decisions with a choice
/// over decisions), with a 95 % interval that treats each game as one cluster: the delta
/// method's standard error of a ratio estimator,
/// se = √(Σ(yᵢ − R·xᵢ)² / (n·(n − 1))) / x̄, and R ± z·se with z = [`Z95`]. Decisions of one
/// game are not independent; games are.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Ratio {
    /// Σy / Σx (0 when Σx is 0).
    pub value: f64,
    /// The 95 % interval; NaN (unknown) for fewer than two games or Σx = 0.
    pub ci95: (f64, f64),
}

impl Ratio {
    /// The ratio of the sums of `pairs` (yᵢ, xᵢ), one pair a game.
    pub fn of(pairs: &[(u32, u32)]) -> Ratio {
        Ratio::of_f64(
            &pairs
                .iter()
                .map(|&(y, x)| (f64::from(y), f64::from(x)))
                .collect::<Vec<_>>(),
        )
    }

    /// [`Ratio::of`] for sums that are not whole numbers (changes of win chance).
    pub fn of_f64(pairs: &[(f64, f64)]) -> Ratio {
        let n = pairs.len() as f64;
        let sy: f64 = pairs.iter().map(|&(y, _)| y).sum();
        let sx: f64 = pairs.iter().map(|&(_, x)| x).sum();
        if sx == 0.0 {
            return Ratio {
                value: 0.0,
                ci95: (f64::NAN, f64::NAN),
            };
        }
        let r = sy / sx;
        if pairs.len() < 2 {
            return Ratio {
                value: r,
                ci95: (f64::NAN, f64::NAN),
            };
        }
        let ss: f64 = pairs.iter().map(|&(y, x)| (y - r * x).powi(2)).sum();
        let se = (ss / (n * (n - 1.0))).sqrt() / (sx / n);
        Ratio {
            value: r,
            ci95: (r - Z95 * se, r + Z95 * se),
        }
    }

    /// As [`Ratio::of`], for a share (every yᵢ ≤ xᵢ): the interval clipped to [0, 1].
    pub fn share(pairs: &[(u32, u32)]) -> Ratio {
        Ratio::clipped(Ratio::of(pairs))
    }

    /// [`Ratio::share`] for sums that are not whole numbers.
    pub fn share_f64(pairs: &[(f64, f64)]) -> Ratio {
        Ratio::clipped(Ratio::of_f64(pairs))
    }

    /// `r` with its interval clipped to [0, 1].
    fn clipped(r: Ratio) -> Ratio {
        // An unknown bound stays unknown (`f64::max` would turn NaN into 0).
        let clip = |x: f64| if x.is_nan() { x } else { x.clamp(0.0, 1.0) };
        Ratio {
            value: r.value,
            ci95: (clip(r.ci95.0), clip(r.ci95.1)),
        }
    }
}

/// The independent units of a sample of games, in game order: each game, or each pair of
/// games `2k`, `2k + 1` played on duplicate dice ([`SimConfig::duplicate`]). The two games of a
/// pair throw the same sticks, so their results are correlated (luck cancels in some figures
/// and adds up in others) and only the pairs are independent: an interval must take the pair
/// as its unit. With [`Unit::Pair`], a last game without its partner is a unit of its own.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub enum Unit {
    /// Every game is independent of the others (one stream of throws per game).
    #[default]
    Game,
    /// Games `2k` and `2k + 1` share their throws: the pair is the unit.
    Pair,
}

impl Unit {
    /// The unit of a simulation with or without duplicate dice.
    pub fn of(duplicate: bool) -> Unit {
        if duplicate { Unit::Pair } else { Unit::Game }
    }

    /// Games per unit.
    pub fn size(self) -> usize {
        match self {
            Unit::Game => 1,
            Unit::Pair => 2,
        }
    }

    /// The per-game (y, x) of `per_game` summed over each unit, in order.
    pub fn sums(self, per_game: &[(f64, f64)]) -> Vec<(f64, f64)> {
        per_game
            .chunks(self.size())
            .map(|c| {
                c.iter()
                    .fold((0.0, 0.0), |(y, x), &(dy, dx)| (y + dy, x + dx))
            })
            .collect()
    }
}

impl Rate {
    /// The games where `counted` holds over those where `of` holds (`counted` implies `of`),
    /// one flag pair a game in game order, with its 95 % interval taken with `unit` as the
    /// unit: [`Rate::of`]'s Wilson interval for independent games; for pairs, the interval of
    /// the ratio estimator with the pair as the cluster ([`Ratio::share_f64`] of each pair's
    /// count over its games), which is x̄ ± z·s/√m over the m pairs' rates when every pair
    /// counts both its games. The count and the rate do not depend on the unit; with no game
    /// counted in `of`, the interval is [0, 1], as Wilson's.
    pub fn in_units(per_game: &[(bool, bool)], unit: Unit) -> Rate {
        let k = per_game.iter().filter(|&&(c, o)| c && o).count() as u32;
        let n = per_game.iter().filter(|&&(_, o)| o).count() as u32;
        let game = Rate::of(k, n);
        if unit == Unit::Game || n == 0 {
            return game;
        }
        let flags: Vec<(f64, f64)> = per_game
            .iter()
            .map(|&(c, o)| (f64::from(u8::from(c && o)), f64::from(u8::from(o))))
            .collect();
        Rate {
            ci95: Ratio::share_f64(&unit.sums(&flags)).ci95,
            ..game
        }
    }
}

impl Mean {
    /// The mean of the values present (`None`: the game does not count, e.g. a draw for a
    /// winner's drama), one a game in game order, with its 95 % interval taken with `unit` as
    /// the unit: [`Mean::of_f64`]'s for independent games; for pairs, the ratio estimator's
    /// with the pair as the cluster ([`Ratio::of_f64`] of each pair's sum over its values
    /// present), which is x̄ ± z·s/√m over the m pairs' means when every game counts. The mean
    /// and sd (of the games) do not depend on the unit.
    pub fn in_units(per_game: &[Option<f64>], unit: Unit) -> Mean {
        let present: Vec<f64> = per_game.iter().flatten().copied().collect();
        let game = Mean::of_f64(&present);
        if unit == Unit::Game || game.ci95.0.is_nan() {
            return game;
        }
        let sums: Vec<(f64, f64)> = per_game
            .iter()
            .map(|v| v.map_or((0.0, 0.0), |v| (v, 1.0)))
            .collect();
        Mean {
            ci95: Ratio::of_f64(&unit.sums(&sums)).ci95,
            ..game
        }
    }
}

impl Ratio {
    /// [`Ratio::of_f64`] (or [`Ratio::share_f64`] with `share`) of per-game (y, x), its
    /// interval taken with `unit` as the cluster: each game, or each pair's sums. The value
    /// (Σy / Σx) does not depend on the unit.
    pub fn in_units(per_game: &[(f64, f64)], unit: Unit, share: bool) -> Ratio {
        let of = |p: &[(f64, f64)]| {
            if share {
                Ratio::share_f64(p)
            } else {
                Ratio::of_f64(p)
            }
        };
        let game = of(per_game);
        if unit == Unit::Game {
            return game;
        }
        Ratio {
            ci95: of(&unit.sums(per_game)).ci95,
            ..game
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::play::{Match, SeededDice};
    use nefer_core::{Action, Status};

    /// A game of player a with its result, for summaries (the other fields do not count).
    fn scored(a_seat: Seat, winner: Option<Seat>) -> GameResult {
        GameResult {
            a_seat,
            winner,
            first_seat: Seat::A,
            turns: 1,
            moves: 1,
            endless: false,
        }
    }

    #[test]
    fn duplicate_scores_by_hand() {
        use Seat::{A, B};
        // Pairs (a in A, then a in B): a wins both; a wins one; a loses both; a wins one and
        // draws one. Half points per game 2,2 | 2,0 | 0,0 | 2,1 → games mean 9/8 half points =
        // a score of 9/16 = 0.5625. A fifth, unpaired game is left out.
        let results = [
            scored(A, Some(A)),
            scored(B, Some(B)),
            scored(A, Some(A)),
            scored(B, Some(A)),
            scored(A, Some(B)),
            scored(B, Some(A)),
            scored(A, Some(A)),
            scored(B, None),
            scored(A, Some(A)),
        ];
        let d = Duplicate::of(&results).unwrap();
        assert_eq!(d.pairs, 4);
        assert!((d.score - 0.5625).abs() < 1e-12, "{}", d.score);
        // Pair sums 4, 2, 0, 3 (half points): mean 2.25, s² = (3.0625+0.0625+5.0625+0.5625)/3
        // = 2.916667, half-width 1.959964·√(2.916667/4) = 1.673616 half points per pair, over 4
        // → 0.418404 of a score.
        let half = 1.959_963_984_540_054 * (2.916_666_666_666_667f64 / 4.0).sqrt() / 4.0;
        assert!((d.ci95.0 - (0.5625 - half)).abs() < 1e-9, "{:?}", d.ci95);
        assert!((d.ci95.1 - (0.5625 + half)).abs() < 1e-9, "{:?}", d.ci95);
        // Games 2,2,2,0,0,0,2,1: mean 1.125, s² = (3·0.765625+3·1.265625+0.765625+0.015625)/7
        // = 0.982143; half-width 1.959964·√(0.982143/8) / 2 = 0.343364 of a score.
        let half = 1.959_963_984_540_054 * (0.982_142_857_142_857f64 / 8.0).sqrt() / 2.0;
        assert!((d.independent_ci95.1 - (0.5625 + half)).abs() < 1e-9);
        assert_eq!(Duplicate::of(&results[..3]), None);
    }

    #[test]
    fn duplicate_dice_throw_the_same_sticks_in_a_pair() {
        let cfg = |duplicate| SimConfig {
            rules: RuleSetId::SenetKendall,
            options: Options::new(),
            a: PlayerSpec::Random,
            b: PlayerSpec::Random,
            games: 4,
            seed: 9,
            duplicate,
        };
        // The first 16 draws of each stream: the game's, seat A's, seat B's.
        let draws = |cfg: &SimConfig, i| {
            let (_, mut dice, _) = seats_of(cfg, i);
            [None, Some(Seat::A), Some(Seat::B)].map(|seat| {
                (0..16)
                    .map(|_| rand::Rng::next_u64(dice.stream(seat)))
                    .collect::<Vec<_>>()
            })
        };
        let on = cfg(true);
        let pair = draws(&on, 2);
        assert_eq!(pair, draws(&on, 3));
        assert_ne!(draws(&on, 1), pair);
        // Each seat throws from a stream of its own.
        assert!(pair[0] != pair[1] && pair[1] != pair[2] && pair[0] != pair[2]);
        // Without it, every game has one stream of its own, whoever throws, as before.
        let off = cfg(false);
        let (two, three) = (draws(&off, 2), draws(&off, 3));
        assert_ne!(two[0], three[0]);
        let mut alone = ChaCha8Rng::seed_from_u64(derive_seed(9, 2));
        let first: Vec<u64> = (0..16).map(|_| rand::Rng::next_u64(&mut alone)).collect();
        assert_eq!(two[0], first);
        assert_eq!(
            two[1],
            (16..32)
                .map(|_| rand::Rng::next_u64(&mut alone))
                .collect::<Vec<_>>()
        );
    }

    #[test]
    fn wilson_matches_hand_computed_values() {
        // 50 of 100: 0.5 ± 0.0962 (centre 0.5, half-width 1.96·sqrt(.25/100+.96/40000)/1.0384).
        let (lo, hi) = wilson(50, 100);
        assert!(
            (lo - 0.40383).abs() < 1e-4 && (hi - 0.59617).abs() < 1e-4,
            "{lo} {hi}"
        );
        // 0 of 10: [0, 0.2775].
        let (lo, hi) = wilson(0, 10);
        assert!(lo.abs() < 1e-12 && (hi - 0.27753).abs() < 1e-4, "{lo} {hi}");
        // 10 of 10: [0.7225, 1].
        let (lo, hi) = wilson(10, 10);
        assert!((lo - 0.72247).abs() < 1e-4 && (hi - 1.0).abs() < 1e-12);
    }

    #[test]
    fn spread_by_hand() {
        let s = Spread::of(&[5, 1, 3, 2, 4]);
        assert_eq!((s.mean, s.median, s.p95), (3.0, 3.0, 5.0));
        let s = Spread::of(&[1, 2, 3, 4]);
        assert_eq!((s.mean, s.median, s.p95), (2.5, 2.5, 4.0));
        let v: Vec<u32> = (1..=100).collect();
        assert_eq!(Spread::of(&v).p95, 95.0);
    }

    #[test]
    fn distribution_mean_and_ratio_by_hand() {
        // 1..=100: p5 is the 5th value, p95 the 95th; range 100 in 20 bins of 5.
        let v: Vec<u32> = (1..=100).collect();
        let d = Distribution::of(&v);
        assert_eq!(
            (d.p5, d.median, d.p95, d.min, d.max),
            (5.0, 50.5, 95.0, 1, 100)
        );
        assert_eq!((d.histogram.start, d.histogram.width), (1, 5));
        assert_eq!(d.histogram.counts, vec![5; 20]);
        // One value: one bin, a mean without an interval.
        let d = Distribution::of(&[7]);
        assert_eq!(
            (d.histogram.counts.clone(), d.mean.mean, d.mean.sd),
            (vec![1], 7.0, 0.0)
        );
        assert!(d.mean.ci95.0.is_nan());
        // 2, 4: mean 3, sd √2, 3 ± 1.96·√2/√2 = [1.04004, 4.95996].
        let m = Mean::of(&[2, 4]);
        assert!((m.sd - 2f64.sqrt()).abs() < 1e-12 && (m.ci95.0 - (3.0 - Z95)).abs() < 1e-12);
        // Equal ratios in every game: R = 1/2 with no spread at all.
        let r = Ratio::of(&[(1, 2), (2, 4), (3, 6)]);
        assert_eq!((r.value, r.ci95), (0.5, (0.5, 0.5)));
        assert!(Ratio::of(&[(0, 0)]).ci95.0.is_nan());
        assert!(Ratio::share(&[(1, 2)]).ci95.1.is_nan());
    }

    #[test]
    fn summary_counts_seats_and_draws() {
        let r = |a_seat, winner, first_seat| GameResult {
            a_seat,
            winner,
            first_seat,
            turns: 10,
            moves: 20,
            endless: false,
        };
        let results = [
            r(Seat::A, Some(Seat::A), Seat::A), // a wins, first wins
            r(Seat::B, Some(Seat::A), Seat::A), // b wins, first wins
            r(Seat::A, None, Seat::A),          // draw
            r(Seat::B, Some(Seat::B), Seat::A), // a wins, second wins
        ];
        let s = Summary::of(&results);
        assert_eq!(
            (s.a.wins, s.b.wins, s.draws, s.first_seat.wins),
            (2, 1, 1, 2)
        );
        assert_eq!(s.a.rate, 0.5);
    }

    /// Replays game `i`'s sticks up to its first decision (no player draws before it) and
    /// returns the throws made, in order, with the seat that then decides.
    fn opening(cfg: &SimConfig, i: u64) -> (Vec<(Option<Seat>, Chance)>, Seat) {
        let mut dice = ChaCha8Rng::seed_from_u64(derive_seed(cfg.seed, i));
        let mut g = cfg.rules.new_game(&cfg.options).unwrap();
        let mut throws = Vec::new();
        loop {
            match g.status() {
                Status::Chance { seat } => {
                    let c = g.sample_chance(&mut dice);
                    throws.push((seat, c));
                    g.play_chance_unchecked(c);
                }
                Status::Decide { seat, .. } => return (throws, seat),
                Status::Over(_) => panic!("a game over before any decision"),
            }
        }
    }

    #[test]
    fn the_first_seat_is_the_seat_of_the_first_turn() {
        let cfg = |rules| SimConfig {
            rules,
            options: Options::new(),
            a: PlayerSpec::Random,
            b: PlayerSpec::Random,
            games: 30,
            seed: 5,
            duplicate: false,
        };
        // hj.skiryuk (SPEC §3.3): A and B throw until they differ; the lower moves first,
        // although A always throws first.
        let sk = cfg(RuleSetId::HjSkiryuk);
        let results = run(&sk, &|_| {});
        for (i, r) in results.iter().enumerate() {
            let (throws, _) = opening(&sk, i as u64);
            let value = |c: Chance| match c {
                Chance::Throw(t) => t.value(),
                Chance::Seat(_) | Chance::Dice(_) => unreachable!("Skiryuk throws only sticks"),
            };
            let [(Some(Seat::A), a), (Some(Seat::B), b)] = throws[throws.len() - 2..] else {
                panic!("game {i}: the opening ends with A's and B's throws: {throws:?}");
            };
            let lower = if value(a) < value(b) {
                Seat::A
            } else {
                Seat::B
            };
            assert_ne!(value(a), value(b), "game {i}");
            assert_eq!(r.first_seat, lower, "game {i}: {throws:?}");
        }
        assert!(results.iter().any(|r| r.first_seat == Seat::B));
        // hj.french (SPEC §6.2, C-9): the seat drawn at random throws first, and its throws in
        // the search for a 1 are turns of the race (a miss passes the sticks on); hj.walker
        // (001§3): the seat drawn at random throws first.
        for rules in [RuleSetId::HjFrench, RuleSetId::HjWalker] {
            let c = cfg(rules);
            let results = run(&c, &|_| {});
            for (i, r) in results.iter().enumerate() {
                let (throws, _) = opening(&c, i as u64);
                assert_eq!(throws[0], (None, Chance::Seat(r.first_seat)), "{rules} {i}");
            }
            assert!(results.iter().any(|r| r.first_seat == Seat::B), "{rules}");
        }
        // senet.school and senet.kendall: A (the even squares, green) always starts.
        for rules in [RuleSetId::SenetSchool, RuleSetId::SenetKendall] {
            assert!(
                run(&cfg(rules), &|_| {})
                    .iter()
                    .all(|r| r.first_seat == Seat::A)
            );
        }
    }

    /// Batches of [`BATCH`] games where there are many, cut finer where there are few: a few
    /// hundred searching games (a study's skill pairs) fill every thread rather than one.
    #[test]
    fn few_games_are_cut_into_small_batches() {
        assert_eq!(batch_len(100_000, 2), BATCH);
        assert_eq!(batch_len(9_604, 2), 150);
        assert_eq!(batch_len(200, 2), 3);
        assert_eq!(batch_len(200, 1), 6);
        assert_eq!(batch_len(10, 16), 1);
        assert_eq!(batch_len(0, 0), 1);
        // 150 games on two threads, as `docs/STUDY.md`'s skill pairs: 75 batches, not one.
        assert_eq!(150_usize.div_ceil(batch_len(150, 2)), 75);
    }

    #[test]
    fn same_seed_same_results_whatever_the_threads() {
        let cfg = SimConfig {
            rules: RuleSetId::SenetSchool,
            options: Options::new(),
            a: PlayerSpec::Greedy,
            b: PlayerSpec::Random,
            games: 200,
            seed: 42,
            duplicate: false,
        };
        // One, two and three threads cut the games into batches of 6, 3 and 2.
        let on = |threads| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(threads)
                .build()
                .unwrap()
                .install(|| run(&cfg, &|_| {}))
        };
        let (one, two, three) = (on(1), on(2), on(3));
        assert_eq!(one, two);
        assert_eq!(one, three);
        assert!(
            one.iter()
                .enumerate()
                .all(|(i, r)| r.a_seat == if i % 2 == 0 { Seat::A } else { Seat::B })
        );
    }

    /// A seeded simulation's result, as `nefer sim --rules hj.french --a greedy --b random
    /// --games 300 --seed 3` gave it before the simulator ran on the shared playout loop: it
    /// must not drift (issue 19 keeps seeded sims identical while making them faster).
    #[test]
    fn a_seeded_sim_does_not_drift() {
        let cfg = SimConfig {
            rules: RuleSetId::HjFrench,
            options: Options::new(),
            a: PlayerSpec::Greedy,
            b: PlayerSpec::Random,
            games: 300,
            seed: 3,
            duplicate: false,
        };
        let s = Summary::of(&run(&cfg, &|_| {}));
        assert_eq!(
            (s.games, s.a.wins, s.b.wins, s.draws, s.first_seat.wins),
            (300, 277, 23, 0, 153)
        );
        assert_eq!((s.turns.median, s.turns.p95), (85.0, 109.0));
        assert_eq!((s.moves.median, s.moves.p95), (96.0, 119.0));
        // Means as exact sums: 25949 turns and 29186 decisions over the 300 games.
        assert_eq!((s.turns.mean * 300.0).round(), 25949.0);
        assert_eq!((s.moves.mean * 300.0).round(), 29186.0);
    }

    /// `play_one` is the match of its documentation, played out by `Match::play_computers`.
    /// Game `i` of `cfg` played to its end as a [`Match`] with the simulator's seeds.
    fn match_of(cfg: &SimConfig, i: u64) -> Match {
        let seed = derive_seed(cfg.seed, i);
        let (pa, pb) = (
            Some(cfg.a.build(derive_seed(seed, 1))),
            Some(cfg.b.build(derive_seed(seed, 2))),
        );
        let players = ByPlayer(if i % 2 == 0 { [pa, pb] } else { [pb, pa] });
        let dice = Box::new(SeededDice::new(seed));
        let mut m = Match::new(cfg.rules, cfg.options.clone(), players, dice).unwrap();
        m.play_computers().unwrap();
        m
    }

    #[test]
    fn a_simulated_game_is_the_match_with_the_same_seeds() {
        let options = [
            (RuleSetId::SenetKendall, ""),
            (RuleSetId::SenetSchool, ""),
            (RuleSetId::HjSkiryuk, ""),
            (RuleSetId::HjWashburne, ""),
            (RuleSetId::HjWalker, ""),
            (RuleSetId::HjFrench, ""),
            // Biased sticks draw four numbers a throw, and French and Walker draw a seat first.
            (RuleSetId::HjFrench, "hj.french.stick_bias=0.6"),
            (RuleSetId::HjWalker, "hj.walker.stick_bias=3/8"),
        ];
        for (rules, opts) in options {
            // Greedy against random plays through `Player`; random against random on the
            // rule set's own state, with players seeded again for each game.
            for a in [PlayerSpec::Greedy, PlayerSpec::Random] {
                let cfg = SimConfig {
                    rules,
                    options: Options::parse(opts).unwrap(),
                    a,
                    b: PlayerSpec::Random,
                    games: 6,
                    seed: 17,
                    duplicate: false,
                };
                let mut simulator = Simulator::new(&cfg);
                let start = rules.new_game(&cfg.options).unwrap();
                for i in 0..u64::from(cfg.games) {
                    assert_eq!(
                        simulator.play(&start, i),
                        play_one(&cfg, i),
                        "{rules} {opts} game {i}"
                    );
                    let sim = play_one(&cfg, i);
                    let m = match_of(&cfg, i);
                    let h = m.history();
                    let moves = h.iter().filter(|e| matches!(e.action, Action::Move(_)));
                    // The seat acting in the first state where a turn has begun.
                    let first_seat = (0..=h.len()).find_map(|n| {
                        let g = m.position_after(n).unwrap();
                        (g.turns() >= 1).then(|| match g.status() {
                            Status::Chance { seat } => seat,
                            Status::Decide { seat, .. } => Some(seat),
                            Status::Over(_) => None,
                        })?
                    });
                    let from_match = GameResult {
                        a_seat: sim.a_seat,
                        winner: m.outcome().and_then(Outcome::winner),
                        first_seat: first_seat.unwrap_or(Seat::A),
                        turns: m.game().turns_played(),
                        moves: moves.count() as u32,
                        endless: false,
                    };
                    assert_eq!(sim, from_match, "{rules} {opts} {} game {i}", cfg.a);
                }
            }
        }
    }

    /// Game 650 of this seed goes round for ever (B cannot move; A's one free piece goes from
    /// R20 to R7 and back by the line, `nefer_core::endless`): the simulator stops it at the
    /// guard's first check and counts it as endless, neither a win nor a draw.
    #[test]
    fn a_game_that_cannot_end_is_stopped_and_counted_endless() {
        let cfg = SimConfig {
            rules: RuleSetId::HjWashburne,
            options: Options::parse("hj.washburne.dice=two_d4").unwrap(),
            a: PlayerSpec::Random,
            b: PlayerSpec::Random,
            games: 651,
            seed: 1,
            duplicate: false,
        };
        let r = play_one(&cfg, 650);
        assert!(r.endless && r.winner.is_none(), "{r:?}");
        assert_eq!(r.turns, nefer_core::endless::GUARD_TURNS);
        let mut results: Vec<GameResult> = (640..650).map(|i| play_one(&cfg, i)).collect();
        assert!(results.iter().all(|r| !r.endless && r.winner.is_some()));
        let ended = Summary::of(&results);
        results.push(r);
        let s = Summary::of(&results);
        assert_eq!((s.games, s.draws, s.endless), (11, 0, 1));
        assert_eq!(s.a.wins + s.b.wins, 10);
        // Its length is the guard's, not the game's: the lengths are the others'.
        assert_eq!((s.turns, s.moves), (ended.turns, ended.moves));
    }

    #[test]
    fn progress_is_told_once_a_batch_and_counts_every_game() {
        use std::sync::atomic::{AtomicU64, Ordering};
        let cfg = SimConfig {
            rules: RuleSetId::HjFrench,
            options: Options::new(),
            a: PlayerSpec::Random,
            b: PlayerSpec::Random,
            games: 2 * BATCH as u32 + 5,
            seed: 1,
            duplicate: false,
        };
        let (calls, games) = (AtomicU64::new(0), AtomicU64::new(0));
        // One thread: 517 games in batches of 517 / 32 = 16, the last of 5.
        let (results, busy) = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| {
                run_timed(&cfg, &|n| {
                    calls.fetch_add(1, Ordering::Relaxed);
                    games.fetch_add(n, Ordering::Relaxed);
                })
            });
        assert_eq!(games.into_inner(), u64::from(cfg.games));
        assert_eq!(calls.into_inner(), 33);
        assert!(busy > Duration::ZERO);
        // Every game was played into its place: game i's result is play_one's.
        for i in [0, BATCH - 1, BATCH, 2 * BATCH + 4] {
            assert_eq!(results[i], play_one(&cfg, i as u64), "game {i}");
        }
        assert!(results.iter().all(|r| r.moves > 0));
    }

    /// A simulation of `games` games of `a` against `b`, seed 5.
    fn sim_of(
        rules: RuleSetId,
        a: PlayerSpec,
        b: PlayerSpec,
        games: u32,
        duplicate: bool,
    ) -> SimConfig {
        SimConfig {
            rules,
            options: Options::new(),
            a,
            b,
            games,
            seed: 5,
            duplicate,
        }
    }

    #[test]
    fn judged_games_are_the_games_of_run() {
        let judge = crate::eval::HandWritten;
        for rules in [
            RuleSetId::SenetKendall,
            RuleSetId::HjFrench,
            RuleSetId::HjWashburne,
        ] {
            for (a, duplicate) in [(PlayerSpec::Greedy, false), (PlayerSpec::Random, true)] {
                let cfg = sim_of(rules, a, PlayerSpec::Random, 8, duplicate);
                let judged: Vec<GameResult> = run_judged(&cfg, &judge, 1, &|_| {})
                    .into_iter()
                    .map(|(r, _)| r)
                    .collect();
                assert_eq!(judged, run(&cfg, &|_| {}), "{rules} {}", cfg.a);
            }
        }
    }

    #[test]
    fn luck_is_the_reviews_net_luck_one_ply_deep() {
        // The review values each throw's outcomes by the same one-ply search: its net luck of
        // seat a is the simulator's luck of player a.
        for rules in [
            RuleSetId::SenetKendall,
            RuleSetId::HjFrench,
            RuleSetId::HjSkiryuk,
        ] {
            let cfg = sim_of(rules, PlayerSpec::Greedy, PlayerSpec::Random, 2, false);
            let start = rules.new_game(&cfg.options).unwrap();
            let judge = crate::analysis::default_evaluator(&start);
            let judged = run_judged(&cfg, judge.as_ref(), 1, &|_| {});
            for (i, (r, luck)) in judged.iter().enumerate() {
                let m = match_of(&cfg, i as u64);
                let actions: Vec<Action> = m.history().iter().map(|e| e.action).collect();
                let review =
                    crate::review::review(&start, &actions, 1, judge.clone(), &|_, _| {}).unwrap();
                let net = review.seats.of(r.a_seat).net_luck;
                assert!(
                    (net - luck).abs() < 1e-9,
                    "{rules} game {i}: review {net}, sim {luck}"
                );
                assert!(*luck != 0.0, "{rules} game {i}: a game of throws has luck");
            }
        }
    }

    #[test]
    fn luck_adjusted_score_by_hand() {
        let game = |a_seat, winner| GameResult {
            a_seat,
            winner,
            ..UNPLAYED
        };
        let judged = [
            (game(Seat::A, Some(Seat::A)), 0.3),
            (game(Seat::B, Some(Seat::A)), -0.2),
            (game(Seat::B, None), 0.1),
            (game(Seat::A, Some(Seat::A)), 0.4),
        ];
        let l = LuckAdjusted::of(&judged, Unit::Game);
        // Scores 1, 0, ½, 1; less the luck 0.7, 0.2, 0.4, 0.6.
        assert!((l.score.mean - 2.5 / 4.0).abs() < 1e-12);
        assert!((l.adjusted.mean - 1.9 / 4.0).abs() < 1e-12);
        let var = |xs: [f64; 4]| {
            let m = xs.iter().sum::<f64>() / 4.0;
            xs.iter().map(|x| (x - m).powi(2)).sum::<f64>() / 3.0
        };
        let removed = 1.0 - var([0.7, 0.2, 0.4, 0.6]) / var([1.0, 0.0, 0.5, 1.0]);
        assert!(
            (l.variance_removed - removed).abs() < 1e-9,
            "{}",
            l.variance_removed
        );
        // In pairs the games 0–1 and 2–3 are the units: the means stay, the intervals widen.
        let p = LuckAdjusted::of(&judged, Unit::Pair);
        assert!((p.adjusted.mean - l.adjusted.mean).abs() < 1e-12);
        assert!(p.adjusted.ci95.1 - p.adjusted.ci95.0 != l.adjusted.ci95.1 - l.adjusted.ci95.0);
    }

    #[test]
    fn a_judge_that_sees_the_race_takes_most_luck_out() {
        // Between equal players the French race is all throws: one ply on its network explains
        // most of who wins, and the adjusted score keeps the plain one's mean within the noise.
        // A luck counted with the wrong sign would add variance instead.
        let cfg = sim_of(
            RuleSetId::HjFrench,
            PlayerSpec::Greedy,
            PlayerSpec::Greedy,
            100,
            false,
        );
        let start = RuleSetId::HjFrench.new_game(&cfg.options).unwrap();
        let judge = crate::analysis::default_evaluator(&start);
        let l = LuckAdjusted::of(&run_judged(&cfg, judge.as_ref(), 1, &|_| {}), Unit::Game);
        // A player against itself scores ½ (seats are swapped in half the games).
        assert!(l.variance_removed > 0.5, "{l:?}");
        assert!(l.adjusted.ci95.0 < 0.5 && 0.5 < l.adjusted.ci95.1, "{l:?}");
    }
}
