//! The study: measures rule sets by self-play (issue 18's first part).
//!
//! A study plays the games of [`sim`](crate::sim) — the same per-game seeds, the same seats,
//! the same throws and choices, in parallel with results collected in game order — and records
//! more of each game ([`GameRecord`]): how it ended (a win, a jam C-8, the turn cap C-7), its
//! length in turns and decisions, how many decisions offered a real choice and how many moves
//! they offered, and, when asked, what the moves played did to the other side's pieces
//! ([`Interaction`]). [`StudySummary::of`] turns the records into the outcome, duration,
//! decision and interaction metrics, each with a 95 % interval; `docs/dev/study.md` defines
//! them.
//!
//! [`plan`] lays out which games a study plays: rule sets ([`Variant`]s), options, and a
//! [`Sweep`] over an option's values, checked before any game is played.
//!
//! Where asked ([`StudyConfig::win_chances`]), each game is also reviewed
//! ([`review`]) and its win chances kept ([`Trajectory`]) for the metrics of
//! [`chances`](crate::chances): luck, critical decisions, drama, lead changes, decisiveness
//! and comebacks.

use core::fmt;

use nefer_core::endless::Guard;
use nefer_core::facts::{self, Effect, EndReason, PassReason};
use nefer_core::game::{Playout, play_out};
use nefer_core::options::PATTERNS;
use nefer_core::{
    Action, AnyGame, ByPlayer, Chance, Game, Move, MoveList, OptionError, Options, Outcome,
    RuleSetId, Seat,
};
use rayon::prelude::*;

use std::sync::Arc;
use std::sync::atomic::{AtomicU64, Ordering};
use std::time::{Duration, Instant};

use crate::Player;
use crate::analysis::default_evaluator;
use crate::chances::{ChanceSummary, Trajectory};
use crate::eval::Evaluator;
use crate::review::review;
use crate::sim::{Distribution, Mean, Rate, Ratio, SimConfig, Unit, nanos};

/// What to study: a simulation, and whether to record each move's effects.
#[derive(Clone, Debug)]
pub struct StudyConfig {
    /// The rule set, options, players, games and seed, as `nefer sim` takes them.
    pub sim: SimConfig,
    /// Whether to record what each move played did ([`Interaction`]): it costs a copy of the
    /// position and a look at the rule set's board for every decision.
    pub interaction: bool,
    /// Review each game at this depth ([`review`]) and keep its win chances
    /// ([`Trajectory`]) for the metrics of [`chances`](crate::chances); `None` to skip. A
    /// review analyses every position, which costs more than playing the game at low depths
    /// (`docs/dev/study.md` gives the figures).
    pub win_chances: Option<u32>,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize)]
pub enum Ending {
    /// A seat won.
    Won,
    /// Neither seat could move any more: a draw (C-8).
    Jam,
    /// The turn cap was reached: a draw (C-7).
    TurnCap,
    /// The game could never end and was stopped unfinished: neither a win nor a draw (the
    /// guard of [`nefer_core::endless`]; see [`GameResult::endless`](crate::sim::GameResult)).
    Endless,
}

/// What the moves of one game did to pieces, counted from their effects
/// ([`facts::move_facts`]).
#[derive(
    Clone, Copy, Debug, Default, PartialEq, Eq, Hash, serde::Serialize, serde::Deserialize,
)]
pub struct Interaction {
    /// Opposing pieces captured for good ([`Effect::Captured`], `hj.skiryuk`).
    pub captures: u32,
    /// Opposing pieces knocked off back to hand ([`Effect::KnockedOff`], `hj.washburne`).
    pub knock_offs: u32,
    /// Opposing pieces that changed places with the mover's ([`Effect::Exchange`], Senet).
    pub exchanges: u32,
    /// Opposing pieces sent to another square ([`Effect::SentTo`], Senet's attacks on 28–30).
    pub sent_to: u32,
    /// Pieces that fell into the House of Waters ([`Effect::IntoWaters`], Senet).
    pub falls_into_waters: u32,
    /// Throws earned again ([`Effect::ThrowAgain`]).
    pub bonus_throws: u32,
    /// Throws lost because no piece could move by them ([`PassReason::Blocked`]): the
    /// nearest measure of blocking.
    pub blocked_throws: u32,
}

impl Interaction {
    /// The counts' names, in [`Interaction::counts`]'s order (the JSON's keys).
    pub const NAMES: [&'static str; 7] = [
        "captures",
        "knock_offs",
        "exchanges",
        "sent_to",
        "falls_into_waters",
        "bonus_throws",
        "blocked_throws",
    ];

    /// The counts, in [`Interaction::NAMES`]'s order.
    pub fn counts(&self) -> [u32; 7] {
        [
            self.captures,
            self.knock_offs,
            self.exchanges,
            self.sent_to,
            self.falls_into_waters,
            self.bonus_throws,
            self.blocked_throws,
        ]
    }

    /// Counts one effect of a move played.
    fn note(&mut self, e: &Effect) {
        match e {
            Effect::Captured { .. } => self.captures += 1,
            Effect::KnockedOff { .. } => self.knock_offs += 1,
            Effect::Exchange { .. } => self.exchanges += 1,
            Effect::SentTo { .. } => self.sent_to += 1,
            Effect::IntoWaters => self.falls_into_waters += 1,
            Effect::ThrowAgain { .. } => self.bonus_throws += 1,
            Effect::ThrowLost {
                reason: PassReason::Blocked,
            } => self.blocked_throws += 1,
            _ => {}
        }
    }
}

/// One game of a study: what the metrics need of it, and no more (a shard of a study sends
/// these between machines, [`Shard`]).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct GameRecord {
    /// The seat player a sat in (A in even games, B in odd ones).
    pub a_seat: Seat,
    /// The winning seat, `None` for a draw.
    pub winner: Option<Seat>,
    /// The seat whose turn was the game's first, as [`sim::GameResult`](crate::sim::GameResult)
    /// defines it.
    pub first_seat: Seat,
    /// How the game ended.
    pub ending: Ending,
    /// Turns played.
    pub turns: u32,
    /// Decisions taken (moves and passes).
    pub decisions: u32,
    /// Decisions that offered more than one legal move.
    pub choices: u32,
    /// The legal moves offered, summed over the decisions.
    pub legal_moves: u32,
    /// What the moves played did, where the study asked for it.
    pub interaction: Option<Interaction>,
    /// The game's win chances, where the study asked for them ([`StudyConfig::win_chances`]).
    pub chances: Option<Trajectory>,
}

/// Plays game `i` of `cfg` from `start`, the rule set's new game under the options, and
/// reviews it on `eval` where the study asks for win chances.
fn play_from(cfg: &StudyConfig, start: &AnyGame, eval: &Arc<dyn Evaluator>, i: u64) -> GameRecord {
    let (a_seat, mut seats) = StudySeats::of(cfg, i);
    let mut g = start.clone();
    // The simulator's guard: a game that cannot end is stopped as it is in `nefer sim`.
    let mut guarded = Guard::new(&mut seats);
    let decisions = play_out(&mut g, &mut guarded);
    let endless = guarded.stopped().is_some();
    let ending = match facts::end(&g).map(|e| e.reason) {
        _ if endless => Ending::Endless,
        Some(EndReason::Jammed) => Ending::Jam,
        Some(EndReason::TurnCap { .. }) => Ending::TurnCap,
        _ => Ending::Won,
    };
    GameRecord {
        a_seat,
        winner: g.outcome().and_then(Outcome::winner),
        first_seat: seats.first_seat.unwrap_or(Seat::A),
        ending,
        turns: g.turns_played(),
        decisions,
        choices: seats.choices,
        legal_moves: seats.legal_moves,
        interaction: seats.interaction,
        chances: cfg.win_chances.zip(seats.actions).map(|(depth, actions)| {
            // The players chose legal moves and the dice drew possible outcomes, and the
            // evaluator was chosen for this game: the review cannot fail.
            let r = review(start, &actions, depth, eval.clone(), &|_, _| ())
                .expect("a played game reviews");
            Trajectory::of_review(&r)
        }),
    }
}

/// The seats of a studied game: the simulator's, counting the choices they had and what
/// their moves did.
struct StudySeats {
    dice: crate::sim::Dice,
    players: ByPlayer<Box<dyn Player>>,
    first_seat: Option<Seat>,
    moves: MoveList,
    choices: u32,
    legal_moves: u32,
    interaction: Option<Interaction>,
    /// The game's actions, kept where it will be reviewed.
    actions: Option<Vec<Action>>,
}

impl StudySeats {
    /// The seats of game `i` of `cfg`, and the seat player a sits in.
    fn of(cfg: &StudyConfig, i: u64) -> (Seat, StudySeats) {
        // The seeds and seats of `sim::play_one`: a study's games are the simulator's.
        let (a_seat, dice, players) = crate::sim::seats_of(&cfg.sim, i);
        let seats = StudySeats {
            dice,
            players,
            first_seat: None,
            moves: MoveList::new(),
            choices: 0,
            legal_moves: 0,
            interaction: cfg.interaction.then(Interaction::default),
            actions: cfg.win_chances.map(|_| Vec::new()),
        };
        (a_seat, seats)
    }

    /// Notes the seat acting in the first state where a turn has begun (as the simulator).
    fn watch(&mut self, g: &AnyGame, seat: Option<Seat>) {
        if self.first_seat.is_none() && g.turns() >= 1 {
            self.first_seat = seat;
        }
    }
}

impl Playout<AnyGame> for StudySeats {
    fn chance(&mut self, g: &AnyGame, seat: Option<Seat>) -> Option<Chance> {
        self.watch(g, seat);
        let c = g.sample_chance(self.dice.stream(seat));
        if let Some(a) = &mut self.actions {
            a.push(Action::Chance(c));
        }
        Some(c)
    }

    fn decide(&mut self, g: &AnyGame, seat: Seat) -> Option<Move> {
        self.watch(g, Some(seat));
        // Listing the moves draws nothing: the players choose as in the simulator.
        g.legal_moves(&mut self.moves);
        let n = self.moves.len() as u32;
        self.legal_moves += n;
        if n > 1 {
            self.choices += 1;
        }
        let m = self.players[seat].choose(g);
        debug_assert!(self.moves.contains(&m), "an illegal move {m}");
        if let Some(counts) = &mut self.interaction {
            let played = facts::move_facts(g, m).expect("players choose legal moves");
            for e in &played.effects {
                counts.note(e);
            }
        }
        if let Some(a) = &mut self.actions {
            a.push(Action::Move(m));
        }
        Some(m)
    }
}

/// Plays game `i` of `cfg`.
///
/// # Panics
/// If the options are invalid (check them with [`RuleSetId::new_game`] first).
pub fn play_one(cfg: &StudyConfig, i: u64) -> GameRecord {
    let start = cfg
        .sim
        .rules
        .new_game(&cfg.sim.options)
        .expect("options were checked");
    play_from(cfg, &start, &default_evaluator(&start), i)
}

/// Plays all games of `cfg` on the current rayon pool, calling `tick` after each; the records
/// come in game order, so they do not depend on the number of threads.
///
/// # Panics
/// If the options are invalid (check them with [`RuleSetId::new_game`] or [`plan`] first).
pub fn run(cfg: &StudyConfig, tick: &(dyn Fn() + Sync)) -> Vec<GameRecord> {
    let start = cfg
        .sim
        .rules
        .new_game(&cfg.sim.options)
        .expect("options were checked");
    run_with(cfg, &default_evaluator(&start), tick)
}

/// [`run`], the games reviewed on `eval` (where [`StudyConfig::win_chances`] asks for it)
/// rather than on the [`default_evaluator`], which changes within a process once it has
/// solved the race tables (a study never solves them; tests that run beside one that does
/// name their evaluator).
///
/// # Panics
/// If the options are invalid, or `eval` cannot value the game.
pub fn run_with(
    cfg: &StudyConfig,
    eval: &Arc<dyn Evaluator>,
    tick: &(dyn Fn() + Sync),
) -> Vec<GameRecord> {
    run_range(cfg, eval, 0..u64::from(cfg.sim.games), tick)
}

/// Plays games `range` of `cfg` (indices into its games, in order), reviewed on `eval` where
/// the study asks for win chances: what one worker of a cluster plays ([`Shard`]). Game `i`
/// depends on the study's seed and `i` alone (its dice, its players' seeds, its seats, its
/// duplicate partner's throws), so the records of ranges covering `0..games` in order are the
/// records of [`run_with`].
///
/// # Panics
/// If the options are invalid, or `eval` cannot value the game.
pub fn run_range(
    cfg: &StudyConfig,
    eval: &Arc<dyn Evaluator>,
    range: core::ops::Range<u64>,
    tick: &(dyn Fn() + Sync),
) -> Vec<GameRecord> {
    run_range_timed(cfg, eval, range, tick).0
}

/// [`run_range`], and the time its games took summed over the threads that played them: what
/// the games cost, whatever else the pool ran beside them (`nefer study` plays all its rows at
/// once, so a row's wall time says little).
///
/// # Panics
/// As [`run_range`].
pub fn run_range_timed(
    cfg: &StudyConfig,
    eval: &Arc<dyn Evaluator>,
    range: core::ops::Range<u64>,
    tick: &(dyn Fn() + Sync),
) -> (Vec<GameRecord>, Duration) {
    let start = cfg
        .sim
        .rules
        .new_game(&cfg.sim.options)
        .expect("options were checked");
    let busy = AtomicU64::new(0);
    let records = range
        .into_par_iter()
        .map(|i| {
            let clock = Instant::now();
            let r = play_from(cfg, &start, eval, i);
            busy.fetch_add(nanos(clock.elapsed()), Ordering::Relaxed);
            tick();
            r
        })
        .collect();
    (records, Duration::from_nanos(busy.into_inner()))
}

/// The metrics of a study's games, each with its 95 % interval. `docs/dev/study.md` gives the
/// formulas; `n` is the number of games below.
#[derive(Clone, Debug, PartialEq)]
pub struct StudySummary {
    /// Games played, n.
    pub games: u32,
    /// The unit of the intervals: each game, or each pair of games on duplicate dice.
    pub unit: Unit,
    /// Games won by a seat (not drawn), d.
    pub decisive: u32,
    /// The first player's wins over all n games (Wilson interval): the first-move advantage,
    /// 0.5 for a fair game without draws.
    pub first_player: Rate,
    /// The first player's wins over the d decisive games (Wilson interval): the advantage with
    /// draws set aside.
    pub first_player_decisive: Rate,
    /// Balance: player a's wins over all n games, a in seat A in even games and B in odd ones
    /// (Wilson interval); for two equal players it measures nothing but luck and draws.
    pub balance: Rate,
    /// Draws, jams and turn caps together, over n (Wilson interval); not the endless games.
    pub draws: Rate,
    /// Games drawn by a jam (C-8), over n (Wilson interval).
    pub jams: Rate,
    /// Games drawn at the turn cap (C-7), over n (Wilson interval).
    pub turn_caps: Rate,
    /// Games stopped because they could never end ([`Ending::Endless`]), over n (Wilson
    /// interval): neither won nor drawn.
    pub endless: Rate,
    /// Length in turns.
    pub turns: Distribution,
    /// Length in decisions (moves and passes).
    pub decisions: Distribution,
    /// The share of decisions with more than one legal move: Σ choicesᵢ / Σ decisionsᵢ, with
    /// the games as clusters ([`Ratio::share`]).
    pub real_choices: Ratio,
    /// The branching factor: legal moves per decision, Σ legal movesᵢ / Σ decisionsᵢ
    /// ([`Ratio::of`]).
    pub branching: Ratio,
    /// Each [`Interaction`] count's mean per game with its normal interval, in
    /// [`Interaction::NAMES`]'s order; `None` unless every record counted them.
    pub interaction: Option<[Mean; 7]>,
    /// The metrics of win chances; `None` unless every record kept them.
    pub chances: Option<ChanceSummary>,
}

impl StudySummary {
    /// Summarises `records`, independent games in game order.
    pub fn of(records: &[GameRecord]) -> StudySummary {
        StudySummary::of_units(records, Unit::Game)
    }

    /// Summarises `records` in game order, every interval taken with `unit` as the unit of
    /// independent results (the pair for a study on duplicate dice, [`Unit::Pair`]); the
    /// figures themselves do not depend on it, and neither do the descriptive ones (sd,
    /// percentiles, histograms). `docs/dev/study.md` lists which interval changes how.
    pub fn of_units(records: &[GameRecord], unit: Unit) -> StudySummary {
        let n = records.len() as u32;
        let decisive = records.iter().filter(|r| r.winner.is_some()).count() as u32;
        let rate = |f: &dyn Fn(&GameRecord) -> (bool, bool)| {
            Rate::in_units(&records.iter().map(f).collect::<Vec<_>>(), unit)
        };
        let all = |f: &dyn Fn(&GameRecord) -> bool| rate(&|r| (f(r), true));
        // The length, decisions and interaction of an endless game are where the guard stopped
        // it, not the game's: those figures count the games that ended (`None` for the others,
        // which keeps a pair's games together where the pair is the unit).
        let ended = |r: &GameRecord| r.ending != Ending::Endless;
        let column = |f: &dyn Fn(&GameRecord) -> u32| {
            records
                .iter()
                .map(|r| ended(r).then(|| f(r)))
                .collect::<Vec<_>>()
        };
        let distribution = |values: Vec<Option<u32>>| {
            let present: Vec<u32> = values.iter().flatten().copied().collect();
            let mut d = Distribution::of(&present);
            let v: Vec<Option<f64>> = values.iter().map(|x| x.map(f64::from)).collect();
            d.mean = Mean::in_units(&v, unit);
            d
        };
        let ratio = |f: &dyn Fn(&GameRecord) -> (u32, u32), share| {
            // A game left out adds nothing to its pair's sums; alone, it is no cluster.
            let per_game: Vec<(f64, f64)> = records
                .iter()
                .filter(|r| unit == Unit::Pair || ended(r))
                .map(|r| {
                    let (y, x) = if ended(r) { f(r) } else { (0, 0) };
                    (f64::from(y), f64::from(x))
                })
                .collect();
            Ratio::in_units(&per_game, unit, share)
        };
        let interaction = records
            .iter()
            .map(|r| r.interaction.map(|i| ended(r).then(|| i.counts())))
            .collect::<Option<Vec<_>>>()
            .filter(|c| !c.is_empty())
            .map(|counts| {
                core::array::from_fn(|k| {
                    let v: Vec<Option<f64>> =
                        counts.iter().map(|c| c.map(|c| f64::from(c[k]))).collect();
                    Mean::in_units(&v, unit)
                })
            });
        StudySummary {
            games: n,
            unit,
            decisive,
            first_player: all(&|r| r.winner == Some(r.first_seat)),
            first_player_decisive: rate(&|r| (r.winner == Some(r.first_seat), r.winner.is_some())),
            balance: all(&|r| r.winner == Some(r.a_seat)),
            draws: all(&|r| matches!(r.ending, Ending::Jam | Ending::TurnCap)),
            jams: all(&|r| r.ending == Ending::Jam),
            turn_caps: all(&|r| r.ending == Ending::TurnCap),
            endless: all(&|r| r.ending == Ending::Endless),
            turns: distribution(column(&|r| r.turns)),
            decisions: distribution(column(&|r| r.decisions)),
            real_choices: ratio(&|r| (r.choices, r.decisions), true),
            branching: ratio(&|r| (r.legal_moves, r.decisions), false),
            interaction,
            chances: records
                .iter()
                .map(|r| r.chances.clone())
                .collect::<Option<Vec<_>>>()
                .filter(|c| !c.is_empty())
                .map(|c| ChanceSummary::of_units(&c, unit)),
        }
    }
}

/// A rule set as a study lists it: a rule set with options of its own (the Walker variation is
/// `hj.walker` with `hj.walker.variation=true`).
#[derive(Clone, Debug, PartialEq)]
pub struct Variant {
    /// The rule set.
    pub rules: RuleSetId,
    /// The options that make this variant (empty for the rule set as written).
    pub options: Options,
}

impl Variant {
    /// The rule set with its defaults.
    pub fn plain(rules: RuleSetId) -> Variant {
        Variant {
            rules,
            options: Options::new(),
        }
    }

    /// What a study studies by default: every rule set, and the Walker variation
    /// (001§16–17).
    pub fn defaults() -> Vec<Variant> {
        let mut all: Vec<Variant> = RuleSetId::ALL.iter().map(|&r| Variant::plain(r)).collect();
        let mut variation = Options::new();
        variation
            .set("hj.walker.variation", "true")
            .expect("a well-formed option");
        all.push(Variant {
            rules: RuleSetId::HjWalker,
            options: variation,
        });
        all
    }
}

impl fmt::Display for Variant {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rules.key())?;
        if !self.options.is_empty() {
            write!(f, " ({})", self.options)?;
        }
        Ok(())
    }
}

/// An option whose values a study runs one after another: `NAME` (every implemented value)
/// or `NAME=v1,v2,...` (these values; commas inside braces belong to a set of holes).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Sweep {
    /// The option's full name, e.g. `senet.kendall.extra_throws`.
    pub name: String,
    /// The values given, `None` for every implemented value.
    pub values: Option<Vec<String>>,
}

impl core::str::FromStr for Sweep {
    type Err = StudyError;

    fn from_str(s: &str) -> Result<Sweep, StudyError> {
        let bad = || StudyError::BadSweep(s.to_owned());
        let Some((name, list)) = s.split_once('=') else {
            return if s.is_empty() {
                Err(bad())
            } else {
                Ok(Sweep {
                    name: s.to_owned(),
                    values: None,
                })
            };
        };
        let values = split_outside_braces(list);
        let mut seen = Vec::new();
        for v in &values {
            if v.is_empty() || seen.contains(v) {
                return Err(bad());
            }
            seen.push(v.clone());
        }
        if name.is_empty() {
            return Err(bad());
        }
        Ok(Sweep {
            name: name.to_owned(),
            values: Some(values),
        })
    }
}

/// `a,{1,2},b` → `a`, `{1,2}`, `b`: commas split, except inside braces.
fn split_outside_braces(list: &str) -> Vec<String> {
    let mut out = Vec::new();
    let (mut depth, mut item) = (0usize, String::new());
    for c in list.chars() {
        match c {
            '{' => depth += 1,
            '}' => depth = depth.saturating_sub(1),
            ',' if depth == 0 => {
                out.push(core::mem::take(&mut item).trim().to_owned());
                continue;
            }
            _ => {}
        }
        item.push(c);
    }
    out.push(item.trim().to_owned());
    out
}

/// A study that cannot be laid out.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum StudyError {
    /// `--sweep` is not `NAME` or `NAME=v1,v2,...` with distinct, non-empty values.
    #[error(
        "`{0}` is not a sweep: write NAME (every implemented value) or NAME=v1,v2,... (distinct values)"
    )]
    BadSweep(String),
    /// A rule set of the study has no option of that name.
    #[error("{rules} has no option `{name}`; its options: {}", known.join(", "))]
    UnknownOption {
        /// The rule set.
        rules: String,
        /// The name given.
        name: String,
        /// The rule set's options.
        known: Vec<String>,
    },
    /// No rule set has an option of that name.
    #[error("no rule set has an option `{name}` (`nefer rules KEY` lists a rule set's options)")]
    NoSuchOption {
        /// The name given.
        name: String,
    },
    /// The option takes any number, fraction or set: its values cannot be listed.
    #[error(
        "{name} takes any value of the form {pattern}: list the values to sweep, --sweep {name}=v1,v2,..."
    )]
    NotEnumerable {
        /// The option.
        name: String,
        /// The pattern among its values.
        pattern: &'static str,
    },
    /// The options of one study are not the rule set's.
    #[error("{variant}: {source}")]
    Options {
        /// The variant, with its own options.
        variant: String,
        /// What is wrong.
        source: OptionError,
    },
}

/// One line of a study: a variant with the study's options and, in a sweep, one value of the
/// swept option.
#[derive(Clone, Debug, PartialEq)]
pub struct Cell {
    /// The variant.
    pub variant: Variant,
    /// Every option the games are played with: the variant's, the study's and the swept one.
    pub options: Options,
    /// The swept option and its value here.
    pub swept: Option<(String, String)>,
}

/// The implemented values of option `name` of `rules`, in the registry's order (default
/// first).
///
/// # Errors
/// An option the rule set does not have, or one whose implemented values include a pattern
/// (a number, a fraction, a set of holes) that cannot be listed.
pub fn option_values(rules: RuleSetId, name: &str) -> Result<Vec<String>, StudyError> {
    let specs = rules.option_specs();
    let spec = specs
        .iter()
        .find(|s| s.name == name)
        .ok_or_else(|| StudyError::UnknownOption {
            rules: rules.key().to_owned(),
            name: name.to_owned(),
            known: specs.iter().map(|s| s.name.clone()).collect(),
        })?;
    if let Some(p) = PATTERNS.iter().find(|p| spec.implemented.contains(p)) {
        return Err(StudyError::NotEnumerable {
            name: name.to_owned(),
            pattern: p,
        });
    }
    Ok(spec
        .values
        .iter()
        .filter(|v| spec.implements(v))
        .map(|v| (*v).to_owned())
        .collect())
}

/// Lays out a study: each variant with `options` (`NAME`, `VALUE` pairs) and, if `sweep`
/// names an option, once per value; every cell's options checked against its rule set.
///
/// With `explicit` (the rule sets were named), every variant must have every option named.
/// Otherwise (the default list of [`Variant::defaults`]) a variant without one of them is left
/// out, and so is a variant whose own options the study sets (the plain rule set covers it).
///
/// # Errors
/// A malformed sweep, an option a named rule set (or every rule set) lacks, an option given
/// twice, a value that is not the option's or not implemented, a sweep over values that cannot
/// be listed.
pub fn plan(
    variants: &[Variant],
    options: &[(String, String)],
    sweep: Option<&Sweep>,
    explicit: bool,
) -> Result<Vec<Cell>, StudyError> {
    let names: Vec<&str> = options
        .iter()
        .map(|(k, _)| k.as_str())
        .chain(sweep.map(|s| s.name.as_str()))
        .collect();
    // A name no rule set has is a mistake, whichever rule sets were chosen.
    for name in &names {
        let known = |r: &RuleSetId| r.option_specs().iter().any(|s| s.name == *name);
        if !RuleSetId::ALL.iter().any(known) {
            return Err(StudyError::NoSuchOption {
                name: (*name).to_owned(),
            });
        }
    }
    let mut cells = Vec::new();
    for v in variants {
        let specs = v.rules.option_specs();
        if let Some(missing) = names.iter().find(|n| !specs.iter().any(|s| s.name == **n)) {
            if explicit {
                return Err(StudyError::UnknownOption {
                    rules: v.rules.key().to_owned(),
                    name: (*missing).to_owned(),
                    known: specs.iter().map(|s| s.name.clone()).collect(),
                });
            }
            continue;
        }
        if !explicit && v.options.iter().any(|(k, _)| names.contains(&k)) {
            continue;
        }
        let wrap = |source| StudyError::Options {
            variant: v.to_string(),
            source,
        };
        let mut base = v.options.clone();
        for (k, val) in options {
            base.set(k, val).map_err(wrap)?;
        }
        let values: Vec<Option<(String, String)>> = match sweep {
            None => vec![None],
            Some(s) => {
                let values = match &s.values {
                    Some(given) => given.clone(),
                    None => option_values(v.rules, &s.name)?,
                };
                values
                    .into_iter()
                    .map(|val| Some((s.name.clone(), val)))
                    .collect()
            }
        };
        for swept in values {
            let mut opts = base.clone();
            if let Some((k, val)) = &swept {
                opts.set(k, val).map_err(wrap)?;
            }
            v.rules.new_game(&opts).map_err(wrap)?;
            cells.push(Cell {
                variant: v.clone(),
                options: opts,
                swept,
            });
        }
    }
    Ok(cells)
}

/// What makes the games of a study the games they are: two shards can be merged only when
/// every field agrees, and a shard names the study it was played for ([`Shard`]).
#[derive(Clone, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize)]
pub struct StudyKey {
    /// The version of nefer that played the games (workers need the same build).
    pub nefer: String,
    /// The rule set's key.
    pub rules: String,
    /// Its options, as text.
    pub options: String,
    /// Player a, as text.
    pub a: String,
    /// Player b.
    pub b: String,
    /// Games in the whole study.
    pub games: u32,
    /// The master seed.
    pub seed: u64,
    /// Whether the moves' effects were counted.
    pub interaction: bool,
    /// The review's depth where win chances were kept.
    pub win_chances: Option<u32>,
    /// Whether pairs of games share their throws.
    pub duplicate: bool,
    /// The evaluator that valued the positions, where win chances were kept.
    pub evaluator: Option<String>,
}

impl StudyKey {
    /// The key of `cfg`, its games reviewed on `eval` where it keeps win chances.
    pub fn of(cfg: &StudyConfig, eval: &dyn Evaluator) -> StudyKey {
        StudyKey {
            nefer: env!("CARGO_PKG_VERSION").to_owned(),
            rules: cfg.sim.rules.key().to_owned(),
            options: cfg.sim.options.to_string(),
            a: cfg.sim.a.to_string(),
            b: cfg.sim.b.to_string(),
            games: cfg.sim.games,
            seed: cfg.sim.seed,
            interaction: cfg.interaction,
            win_chances: cfg.win_chances,
            duplicate: cfg.sim.duplicate,
            evaluator: cfg.win_chances.map(|_| eval.name().to_owned()),
        }
    }

    /// The first field in which `self` (a shard's) differs from `study`'s, as a sentence.
    fn mismatch(&self, study: &StudyKey) -> Option<String> {
        let fields: [(&str, String, String); 11] = [
            ("nefer version", self.nefer.clone(), study.nefer.clone()),
            ("rule set", self.rules.clone(), study.rules.clone()),
            ("options", self.options.clone(), study.options.clone()),
            ("player a", self.a.clone(), study.a.clone()),
            ("player b", self.b.clone(), study.b.clone()),
            ("games", self.games.to_string(), study.games.to_string()),
            ("seed", self.seed.to_string(), study.seed.to_string()),
            (
                "interaction",
                self.interaction.to_string(),
                study.interaction.to_string(),
            ),
            (
                "win chances",
                format!("{:?}", self.win_chances),
                format!("{:?}", study.win_chances),
            ),
            (
                "duplicate",
                self.duplicate.to_string(),
                study.duplicate.to_string(),
            ),
            (
                "evaluator",
                format!("{:?}", self.evaluator),
                format!("{:?}", study.evaluator),
            ),
        ];
        fields
            .into_iter()
            .find(|(_, a, b)| a != b)
            .map(|(name, a, b)| format!("its {name} is {a}, the study's {b}"))
    }
}

/// A range of a study's games, played on one machine of a cluster: the study's key, the
/// index of its first game, and the games' records in order. Its bytes
/// ([`Shard::to_bytes`]) are postcard's compact form of the records (varint counts, exact
/// floats): 15–22 bytes a game, kilobytes with win chances (`docs/dev/python.md`).
#[derive(Clone, Debug, PartialEq, serde::Serialize, serde::Deserialize)]
pub struct Shard {
    /// The study the games belong to.
    pub key: StudyKey,
    /// The index of the first game.
    pub start: u64,
    /// The games `start..start + records.len()`, in order.
    pub records: Vec<GameRecord>,
}

/// A shard, or a set of shards, that does not make up the study asked for.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ShardError {
    /// The bytes are not a shard of this version of nefer.
    #[error("shard {index} is not a nefer study shard ({why})")]
    Corrupt {
        /// Its position in the list given.
        index: usize,
        /// What postcard says.
        why: String,
    },
    /// A shard was played for another study.
    #[error("shard {index} (games {start}..{stop}) belongs to another study: {why}")]
    OtherStudy {
        /// Its position in the list given.
        index: usize,
        /// Its first game.
        start: u64,
        /// One past its last game.
        stop: u64,
        /// The first field that differs.
        why: String,
    },
    /// The shards leave games out, or play some twice.
    #[error("the shards do not cover games 0..{games} once each: {why}")]
    Coverage {
        /// Games in the study.
        games: u32,
        /// The first gap or overlap.
        why: String,
    },
    /// A range of games that is not within the study.
    #[error("games {start}..{stop} are not a range of the study's {games} games")]
    BadRange {
        /// The first game asked for.
        start: u64,
        /// One past the last.
        stop: u64,
        /// Games in the study.
        games: u32,
    },
}

impl Shard {
    /// Plays games `start..stop` of `cfg` on the current rayon pool, reviewed on `eval` where
    /// the study keeps win chances.
    ///
    /// # Errors
    /// A range that is empty, reversed or past the study's games.
    ///
    /// # Panics
    /// If the options are invalid (check them with [`RuleSetId::new_game`] first).
    pub fn play(
        cfg: &StudyConfig,
        eval: &Arc<dyn Evaluator>,
        start: u64,
        stop: u64,
    ) -> Result<Shard, ShardError> {
        if start >= stop || stop > u64::from(cfg.sim.games) {
            return Err(ShardError::BadRange {
                start,
                stop,
                games: cfg.sim.games,
            });
        }
        Ok(Shard {
            key: StudyKey::of(cfg, eval.as_ref()),
            start,
            records: run_range(cfg, eval, start..stop, &|| {}),
        })
    }

    /// The shard as bytes, to send between machines.
    pub fn to_bytes(&self) -> Vec<u8> {
        postcard::to_stdvec(self).expect("a shard always serializes")
    }

    /// The shard of `bytes`; `index` names it in errors.
    ///
    /// # Errors
    /// Bytes that are not a whole shard.
    pub fn from_bytes(bytes: &[u8], index: usize) -> Result<Shard, ShardError> {
        match postcard::take_from_bytes::<Shard>(bytes) {
            Ok((shard, [])) => Ok(shard),
            Ok((_, rest)) => Err(ShardError::Corrupt {
                index,
                why: format!("{} bytes after its end", rest.len()),
            }),
            Err(e) => Err(ShardError::Corrupt {
                index,
                why: e.to_string(),
            }),
        }
    }

    /// The records of the study `key` from its shards, in game order: every shard must have
    /// been played for that study, and together they must cover its games once each (in any
    /// order).
    ///
    /// # Errors
    /// A shard of another study (another seed, rule set, players…), a gap or an overlap.
    pub fn merge(key: &StudyKey, shards: Vec<Shard>) -> Result<Vec<GameRecord>, ShardError> {
        let mut shards: Vec<(usize, Shard)> = shards.into_iter().enumerate().collect();
        for (index, s) in &shards {
            if let Some(why) = s.key.mismatch(key) {
                return Err(ShardError::OtherStudy {
                    index: *index,
                    start: s.start,
                    stop: s.start + s.records.len() as u64,
                    why,
                });
            }
        }
        shards.sort_by_key(|(_, s)| s.start);
        let mut next = 0u64;
        let mut records = Vec::with_capacity(key.games as usize);
        let coverage = |why: String| ShardError::Coverage {
            games: key.games,
            why,
        };
        for (index, s) in shards {
            let stop = s.start + s.records.len() as u64;
            if s.start != next {
                return Err(coverage(if s.start > next {
                    format!("games {next}..{} are in no shard", s.start)
                } else {
                    format!(
                        "shard {index} (games {}..{stop}) plays games before {next} again",
                        s.start
                    )
                }));
            }
            records.extend(s.records);
            next = stop;
        }
        if next != u64::from(key.games) {
            return Err(coverage(format!(
                "games {next}..{} are in no shard",
                key.games
            )));
        }
        Ok(records)
    }
}

/// A study's metrics as JSON, the blocks of `study.json`'s rows (`docs/dev/study.md`): the
/// same for `nefer study` and the Python module, so a study gives the same figures either way.
/// A bound that is not finite (unknown, or an Elo difference of a clean sweep) is `null`.
pub mod json {
    use serde_json::{Value, json};

    use super::{Interaction, StudySummary};
    use crate::chances::ChanceSummary;
    use crate::sim::{Distribution, Mean, Rate, Ratio, Unit};

    /// A number, `null` where it is not finite (JSON has no infinity or NaN).
    pub fn finite(x: f64) -> Value {
        if x.is_finite() { json!(x) } else { Value::Null }
    }

    /// An interval as a two-element array.
    pub fn pair(x: (f64, f64)) -> Value {
        json!([x.0, x.1])
    }

    /// `count`, `rate`, `ci95`.
    pub fn rate(r: &Rate) -> Value {
        json!({"count": r.wins, "rate": r.rate, "ci95": pair(r.ci95)})
    }

    /// `mean`, `sd`, `ci95`.
    pub fn mean(m: &Mean) -> Value {
        json!({"mean": m.mean, "sd": m.sd, "ci95": pair(m.ci95)})
    }

    /// `value`, `ci95`.
    pub fn ratio(r: &Ratio) -> Value {
        json!({"value": r.value, "ci95": pair(r.ci95)})
    }

    /// A distribution's mean and its interval, sd, percentiles, extremes and histogram.
    pub fn distribution(d: &Distribution) -> Value {
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

    /// The unit of the intervals: `"game"` or `"pair"`.
    pub fn unit(u: Unit) -> Value {
        json!(match u {
            Unit::Game => "game",
            Unit::Pair => "pair",
        })
    }

    /// The `outcome` block.
    pub fn outcome(s: &StudySummary) -> Value {
        json!({
            "decisive": s.decisive,
            "first_player": rate(&s.first_player),
            "first_player_decisive": rate(&s.first_player_decisive),
            "balance": rate(&s.balance),
            "draws": rate(&s.draws),
            "jams": rate(&s.jams),
            "turn_caps": rate(&s.turn_caps),
            "endless": rate(&s.endless),
        })
    }

    /// The `duration` block.
    pub fn duration(s: &StudySummary) -> Value {
        json!({
            "turns": distribution(&s.turns),
            "decisions": distribution(&s.decisions),
        })
    }

    /// The `decisions` block.
    pub fn decisions(s: &StudySummary) -> Value {
        json!({
            "real_choice_share": ratio(&s.real_choices),
            "branching_factor": ratio(&s.branching),
        })
    }

    /// The `interaction` block: each count's mean per game, `null` where not counted.
    pub fn interaction(s: &StudySummary) -> Value {
        s.interaction.as_ref().map_or(Value::Null, |means| {
            Value::Object(
                Interaction::NAMES
                    .iter()
                    .zip(means)
                    .map(|(name, m)| ((*name).to_owned(), mean(m)))
                    .collect(),
            )
        })
    }

    /// The metrics of win chances.
    pub fn chances(c: &ChanceSummary) -> Value {
        json!({
            "games": c.games,
            "luck_per_throw": ratio(&c.luck_per_throw),
            "change_per_decision": ratio(&c.change_per_decision),
            "luck_share": ratio(&c.luck_share),
            "critical_decisions": ratio(&c.critical),
            "drama": mean(&c.drama),
            "lead_changes": mean(&c.lead_changes),
            "decisiveness": mean(&c.decisiveness),
            "comebacks": rate(&c.comebacks),
        })
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PlayerSpec;
    use nefer_core::endless::GUARD_TURNS;

    fn record(a_seat: Seat, winner: Option<Seat>, first_seat: Seat) -> GameRecord {
        GameRecord {
            a_seat,
            winner,
            first_seat,
            ending: if winner.is_some() {
                Ending::Won
            } else {
                Ending::Jam
            },
            turns: 0,
            decisions: 0,
            choices: 0,
            legal_moves: 0,
            interaction: None,
            chances: None,
        }
    }

    fn close(x: f64, want: f64) -> bool {
        (x - want).abs() < 1e-4
    }

    /// Four games, every figure worked out by hand.
    #[test]
    fn every_metric_by_hand() {
        let (a, b) = (Seat::A, Seat::B);
        let mut rs = [
            // a in A wins, A first: a win, a first-player win.
            record(a, Some(a), a),
            // a in B, A wins, A first: b wins, first player wins.
            record(b, Some(a), a),
            // a in A, B first, jam.
            record(a, None, b),
            // a in B wins, A first: a wins, second player wins.
            record(b, Some(b), a),
        ];
        rs[3].ending = Ending::Won;
        rs[2].ending = Ending::Jam;
        let turns = [10, 20, 30, 40];
        // Decisions, choices, legal moves: (12, 6, 24), (22, 11, 33), (30, 0, 30), (44, 22, 66).
        let decisions = [(12, 6, 24), (22, 11, 33), (30, 0, 30), (44, 22, 66)];
        for (k, r) in rs.iter_mut().enumerate() {
            r.turns = turns[k];
            (r.decisions, r.choices, r.legal_moves) = decisions[k];
            r.interaction = Some(Interaction {
                captures: [1, 3, 0, 0][k],
                ..Interaction::default()
            });
        }
        let s = StudySummary::of(&rs);
        assert_eq!((s.games, s.decisive), (4, 3));
        // First player: games 0 and 1, 2 of 4 (Wilson [0.1500, 0.8500]); 2 of 3 decisive.
        assert_eq!((s.first_player.wins, s.first_player.rate), (2, 0.5));
        assert!(close(s.first_player.ci95.0, 0.15004) && close(s.first_player.ci95.1, 0.84996));
        assert_eq!(s.first_player_decisive.wins, 2);
        assert!(close(s.first_player_decisive.rate, 2.0 / 3.0));
        // Balance: a wins games 0 and 3: 2 of 4.
        assert_eq!((s.balance.wins, s.balance.rate), (2, 0.5));
        // One draw, a jam; no turn cap (Wilson of 0 of 4: [0, 0.4899]).
        assert_eq!((s.draws.wins, s.jams.wins, s.turn_caps.wins), (1, 1, 0));
        assert!(close(s.turn_caps.ci95.1, 0.48990));
        // Turns 10 20 30 40: mean 25, sd √(500/3) = 12.9099, the mean's interval
        // 25 ± 1.96·12.9099/2 = 25 ± 12.6515 = [12.3485, 37.6515]; p5 the 1st value (rank
        // ⌈0.2⌉ = 1), median 25, p95 the 4th (rank ⌈3.8⌉ = 4).
        let t = &s.turns;
        assert_eq!(
            (t.mean.mean, t.min, t.p5, t.median, t.p95, t.max),
            (25.0, 10, 10.0, 25.0, 40.0, 40)
        );
        assert!(close(t.mean.sd, 12.90994));
        assert!(close(t.mean.ci95.0, 12.34849) && close(t.mean.ci95.1, 37.65151));
        // Range 31, width ⌈31/20⌉ = 2, ⌈31/2⌉ = 16 bins: 10 in bin 0, 20 in 5, 30 in 10, 40 in 15.
        assert_eq!((t.histogram.start, t.histogram.width), (10, 2));
        let mut bins = vec![0; 16];
        for k in [0, 5, 10, 15] {
            bins[k] = 1;
        }
        assert_eq!(t.histogram.counts, bins);
        // Decisions 12 22 30 44: mean 27, median 26.
        assert_eq!((s.decisions.mean.mean, s.decisions.median), (27.0, 26.0));
        // Real choices: 39 of 108 decisions = 0.361111; residuals yᵢ − R·xᵢ: 6 − 4.33333 =
        // 1.66667, 11 − 7.94444 = 3.05556, 0 − 10.83333, 22 − 15.88889 = 6.11111; their
        // squares sum to 2.77778 + 9.33642 + 117.36111 + 37.34568 = 166.82099; se =
        // √(166.82099 / 12) / 27 = 0.138093; 0.361111 ± 1.96·0.138093 = [0.090454, 0.631768].
        assert!(close(s.real_choices.value, 39.0 / 108.0));
        assert!(close(s.real_choices.ci95.0, 0.090454) && close(s.real_choices.ci95.1, 0.631768));
        // Branching: 153 legal moves over 108 decisions = 1.416667; residuals 24 − 17 = 7,
        // 33 − 31.16667 = 1.83333, 30 − 42.5 = −12.5, 66 − 62.33333 = 3.66667; squares
        // 49 + 3.36111 + 156.25 + 13.44444 = 222.05556; se = √(222.05556/12)/27 = 0.159322.
        assert!(close(s.branching.value, 153.0 / 108.0));
        assert!(close(s.branching.ci95.0, 1.416667 - 1.959964 * 0.159322));
        // Captures 1 3 0 0: mean 1, sd √(6/3) = 1.41421, interval 1 ± 1.96·1.41421/2.
        let m = s.interaction.expect("counted")[0];
        assert_eq!(m.mean, 1.0);
        assert!(close(m.sd, 2f64.sqrt()));
        assert!(close(m.ci95.1, 1.0 + 1.959964 * 2f64.sqrt() / 2.0));
        // One record without counts: no interaction metric.
        rs[0].interaction = None;
        assert_eq!(StudySummary::of(&rs).interaction, None);
    }

    /// With the pair as the unit, every interval is the ratio estimator's over the pairs;
    /// the figures stay the games'.
    #[test]
    fn pair_unit_intervals_by_hand() {
        let (a, b) = (Seat::A, Seat::B);
        // Four pairs (a in A, then a in B). a wins both games of pair 0, one of pair 1, none
        // of pair 2, one of pair 3: 4 of 8.
        let winners = [a, b, a, a, b, a, a, a];
        let mut rs: Vec<GameRecord> = winners
            .iter()
            .enumerate()
            .map(|(i, &w)| record(if i % 2 == 0 { a } else { b }, Some(w), a))
            .collect();
        let turns = [10, 20, 30, 50, 40, 40, 0, 10];
        for (r, t) in rs.iter_mut().zip(turns) {
            (r.turns, r.decisions, r.choices, r.legal_moves) = (t, t, 0, t);
        }
        let game = StudySummary::of(&rs);
        let pair = StudySummary::of_units(&rs, Unit::Pair);
        assert_eq!((game.unit, pair.unit), (Unit::Game, Unit::Pair));
        // Balance: a's pair rates 1, ½, 0, ½: mean ½, s² = (¼ + 0 + ¼ + 0)/3 = 1/6, half-width
        // 1.959964·√(1/6)/√4 = 0.400076: [0.099924, 0.900076] — against Wilson's 4 of 8,
        // [0.215206, 0.784794], which would take the 8 games as independent.
        assert_eq!((pair.balance.wins, pair.balance.rate), (4, 0.5));
        assert!(close(pair.balance.ci95.0, 0.099924) && close(pair.balance.ci95.1, 0.900076));
        assert!(close(game.balance.ci95.0, 0.215206), "{:?}", game.balance);
        // Turns 10 20 | 30 50 | 40 40 | 0 10: the pairs' means 15, 40, 40, 5, mean 25, s² =
        // (100 + 225 + 225 + 400)/3 = 316.667, half-width 1.959964·17.795130/2 = 17.438924.
        let t = &pair.turns.mean;
        assert_eq!((t.mean, t.sd), (game.turns.mean.mean, game.turns.mean.sd));
        assert!(close(t.ci95.0, 25.0 - 17.438924) && close(t.ci95.1, 25.0 + 17.438924));
        // Branching: every game one legal move a decision: a ratio of 1 without spread, in
        // pairs as in games.
        assert_eq!(
            (pair.branching.value, pair.branching.ci95),
            (1.0, (1.0, 1.0))
        );
        // The figures that are not intervals do not change.
        assert_eq!(
            (pair.turns.median, pair.turns.p95, &pair.turns.histogram),
            (game.turns.median, game.turns.p95, &game.turns.histogram)
        );
        // Over a subset (the decisive games): pairs (first-player wins, decisive games)
        // (1, 2), (1, 1), (0, 2), (2, 2): R = 4/7; residuals y − R·x = −0.142857, 0.428571,
        // −1.142857, 0.857143, squares summing to 2.244898; se = √(2.244898/12)/(7/4) =
        // 0.247155; 4/7 ± 1.959964·0.247155 = [0.087014, 1.055844], clipped to 1.
        let flags = [
            (true, true),
            (false, true),
            (true, true),
            (false, false),
            (false, true),
            (false, true),
            (true, true),
            (true, true),
        ];
        let r = Rate::in_units(&flags, Unit::Pair);
        assert_eq!((r.wins, r.rate), (4, 4.0 / 7.0));
        assert!(close(r.ci95.0, 0.087014) && r.ci95.1 == 1.0, "{r:?}");
        // A mean over a subset: values 0.2, – | 0.4, 0.6 | –, – | 0.1, 0.3: mean 0.32; pairs
        // (0.2, 1), (1.0, 2), (0, 0), (0.4, 2): residuals −0.12, 0.36, 0, −0.24, squares
        // summing to 0.2016; se = √(0.2016/12)/(5/4) = 0.103692; 0.32 ± 0.203233.
        let v = [
            Some(0.2),
            None,
            Some(0.4),
            Some(0.6),
            None,
            None,
            Some(0.1),
            Some(0.3),
        ];
        let m = Mean::in_units(&v, Unit::Pair);
        assert!(close(m.mean, 0.32) && close(m.ci95.0, 0.116767) && close(m.ci95.1, 0.523233));
        assert_eq!(
            Mean::in_units(&v, Unit::Game),
            Mean::of_f64(&[0.2, 0.4, 0.6, 0.1, 0.3])
        );
    }

    fn cfg(rules: RuleSetId, options: &str, games: u32, interaction: bool) -> StudyConfig {
        StudyConfig {
            sim: SimConfig {
                rules,
                options: Options::parse(options).unwrap(),
                a: PlayerSpec::Greedy,
                b: PlayerSpec::Random,
                games,
                seed: 11,
                duplicate: false,
            },
            interaction,
            win_chances: None,
        }
    }

    /// A study's games are the simulator's: same winners, first seats, turns and decisions.
    #[test]
    fn a_study_plays_the_simulators_games() {
        for rules in RuleSetId::ALL {
            let c = cfg(*rules, "", 20, true);
            let sim = crate::sim::run(&c.sim, &|_| {});
            let study = run(&c, &|| {});
            for (s, r) in sim.iter().zip(&study) {
                assert_eq!(
                    (s.a_seat, s.winner, s.first_seat, s.turns, s.moves),
                    (r.a_seat, r.winner, r.first_seat, r.turns, r.decisions),
                    "{rules}"
                );
                assert!(r.choices <= r.decisions && r.legal_moves >= r.decisions);
            }
        }
    }

    /// With win chances asked for, each game is reviewed: its graph runs from the start to
    /// the result, one value per action, and the summary has the metrics of win chances.
    #[test]
    fn win_chances_follow_each_game_to_its_result() {
        let mut c = cfg(RuleSetId::HjFrench, "", 6, false);
        c.win_chances = Some(1);
        // The network, named: the default evaluator turns to the race tables once another
        // test of this process has solved them.
        let net = crate::eval::neural::learned_or_hand_written(None);
        let rs = run_with(&c, &net, &|| {});
        for r in &rs {
            let t = r.chances.as_ref().expect("reviewed");
            let end = *t.graph.last().unwrap();
            assert_eq!(t.winner, r.winner);
            assert_eq!(end, if r.winner == Some(Seat::A) { 1.0 } else { 0.0 });
            assert_eq!(t.spreads.len() as u32, r.decisions);
            assert!(t.graph.iter().all(|w| (0.0..=1.0).contains(w)));
        }
        let s = StudySummary::of(&rs).chances.expect("every game reviewed");
        assert_eq!((s.games, s.comebacks.ci95.1 > 0.0), (6, true));
        assert!(s.luck_per_throw.value > 0.0 && s.luck_share.value <= 1.0);
        // The same games, threads or not.
        let one = rayon::ThreadPoolBuilder::new()
            .num_threads(1)
            .build()
            .unwrap()
            .install(|| run_with(&c, &net, &|| {}));
        assert_eq!(one, rs);
    }

    #[test]
    fn same_seed_same_records_whatever_the_threads() {
        let c = cfg(RuleSetId::SenetKendall, "", 24, true);
        let on = |t| {
            rayon::ThreadPoolBuilder::new()
                .num_threads(t)
                .build()
                .unwrap()
                .install(|| run(&c, &|| {}))
        };
        assert_eq!(on(1), on(2));
    }

    /// Interaction counts come from the moves the games played, in the rule sets that have
    /// each effect.
    #[test]
    fn interaction_is_counted_where_the_rules_have_it() {
        let total = |rules, options| {
            let rs = run(&cfg(rules, options, 40, true), &|| {});
            rs.iter().fold([0u32; 7], |mut acc, r| {
                for (a, c) in acc.iter_mut().zip(r.interaction.unwrap().counts()) {
                    *a += c;
                }
                acc
            })
        };
        // Senet exchanges pieces and throws again on 1, 4 and 5; it captures nothing.
        let ke = total(RuleSetId::SenetKendall, "");
        assert!(ke[2] > 0 && ke[5] > 0 && ke[0] == 0 && ke[1] == 0, "{ke:?}");
        // Skiryuk captures; Washburne knocks off; neither exchanges.
        let sk = total(RuleSetId::HjSkiryuk, "");
        assert!(sk[0] > 0 && sk[2] == 0, "{sk:?}");
        let wa = total(RuleSetId::HjWashburne, "");
        assert!(wa[1] > 0 && wa[2] == 0, "{wa:?}");
        // Without the flag nothing is counted.
        let rs = run(&cfg(RuleSetId::HjSkiryuk, "", 4, false), &|| {});
        assert!(rs.iter().all(|r| r.interaction.is_none()));
    }

    /// A turn cap ends games as capped draws, and the summary counts them apart from jams.
    #[test]
    fn turn_caps_are_told_apart_from_jams() {
        let rs = run(
            &cfg(
                RuleSetId::SenetKendall,
                "senet.kendall.max_turns=20",
                10,
                false,
            ),
            &|| {},
        );
        assert!(
            rs.iter()
                .all(|r| r.ending == Ending::TurnCap && r.winner.is_none())
        );
        let s = StudySummary::of(&rs);
        assert_eq!((s.turn_caps.wins, s.jams.wins, s.draws.wins), (10, 0, 10));
        // Random play jams the Walker variation's circuit now and then (001§17).
        let mut c = cfg(RuleSetId::HjWalker, "hj.walker.variation=true", 60, false);
        c.sim.a = PlayerSpec::Random;
        let rs = run(&c, &|| {});
        let s = StudySummary::of(&rs);
        assert!(s.jams.wins > 0 && s.turn_caps.wins == 0, "{s:?}");
        assert_eq!(s.draws.wins, s.jams.wins);
        assert!(
            rs.iter()
                .all(|r| (r.ending == Ending::Jam) == r.winner.is_none())
        );
    }

    /// Game 650 of `nefer sim --rules hj.washburne --option hj.washburne.dice=two_d4 --a
    /// random --b random --seed 1` goes round for ever (`nefer_core::endless`): the study
    /// stops it as the simulator does and counts it as endless, not as a draw, and leaves it
    /// out of the lengths, decisions and interaction, which are the guard's and not the game's.
    #[test]
    fn an_endless_game_is_counted_apart() {
        let mut c = cfg(
            RuleSetId::HjWashburne,
            "hj.washburne.dice=two_d4",
            651,
            true,
        );
        (c.sim.a, c.sim.seed) = (PlayerSpec::Random, 1);
        let eval = default_evaluator(&RuleSetId::HjWashburne.new_game(&c.sim.options).unwrap());
        let rs = run_range(&c, &eval, 648..651, &|| {});
        assert_eq!(
            rs.iter().map(|r| r.ending).collect::<Vec<_>>(),
            [Ending::Won, Ending::Won, Ending::Endless]
        );
        let endless = &rs[2];
        assert_eq!((endless.winner, endless.turns), (None, GUARD_TURNS));
        let sim = crate::sim::play_one(&c.sim, 650);
        assert!(sim.endless && sim.turns == endless.turns && sim.moves == endless.decisions);
        let s = StudySummary::of(&rs);
        assert_eq!(
            (
                s.decisive,
                s.draws.wins,
                s.jams.wins,
                s.turn_caps.wins,
                s.endless.wins
            ),
            (2, 0, 0, 0, 1)
        );
        let won = StudySummary::of(&rs[..2]);
        assert_eq!(
            (s.turns.clone(), s.decisions.clone()),
            (won.turns, won.decisions)
        );
        assert_eq!(s.real_choices, won.real_choices);
        assert_eq!(s.interaction, won.interaction);
        let json = json::outcome(&s);
        assert_eq!(json["endless"]["count"], 1);
        assert_eq!(json["draws"]["count"], 0);
    }

    #[test]
    fn sweeps_parse() {
        let s: Sweep = "senet.pieces".parse().unwrap();
        assert_eq!(s.values, None);
        let s: Sweep = "hj.washburne.ankh_holes={15,25}, {10,15,25},{}"
            .parse()
            .unwrap();
        assert_eq!(s.values.unwrap(), ["{15,25}", "{10,15,25}", "{}"]);
        for bad in [
            "",
            "=5",
            "senet.pieces=",
            "senet.pieces=5,",
            "senet.pieces=5,5",
        ] {
            assert_eq!(
                bad.parse::<Sweep>(),
                Err(StudyError::BadSweep(bad.to_owned())),
                "{bad}"
            );
        }
    }

    /// A sweep lists every implemented value of a small option, and runs each.
    #[test]
    fn a_sweep_runs_every_implemented_value() {
        let kendall = [Variant::plain(RuleSetId::SenetKendall)];
        let sweep: Sweep = "senet.kendall.extra_throws".parse().unwrap();
        let cells = plan(&kendall, &[], Some(&sweep), true).unwrap();
        let values: Vec<&str> = cells
            .iter()
            .map(|c| c.swept.as_ref().unwrap().1.as_str())
            .collect();
        assert_eq!(values, ["{1,4,5}", "{5}", "none"]);
        let summaries: Vec<StudySummary> = cells
            .iter()
            .map(|c| {
                let mut s = cfg(c.variant.rules, "", 30, false);
                s.sim.options = c.options.clone();
                StudySummary::of(&run(&s, &|| {}))
            })
            .collect();
        assert!(summaries.iter().all(|s| s.games == 30));
        // Fewer throws earn another: more turns for the same decisions.
        let per_turn = |s: &StudySummary| s.decisions.mean.mean / s.turns.mean.mean;
        assert!(per_turn(&summaries[0]) > per_turn(&summaries[2]));
        // The default list: hj.lines is the Hounds & Jackals rule sets' option only, and the
        // Walker variation's row is kept (the study does not set its own option).
        let sweep: Sweep = "hj.lines".parse().unwrap();
        let cells = plan(&Variant::defaults(), &[], Some(&sweep), false).unwrap();
        assert_eq!(cells.len(), 5 * 3);
        assert!(
            cells
                .iter()
                .all(|c| c.variant.rules.key().starts_with("hj."))
        );
        // Sweeping the variation itself leaves the variation's own row out.
        let sweep: Sweep = "hj.walker.variation".parse().unwrap();
        let cells = plan(&Variant::defaults(), &[], Some(&sweep), false).unwrap();
        assert_eq!(cells.len(), 2);
    }

    #[test]
    fn bad_studies_are_clear_errors() {
        let kendall = [Variant::plain(RuleSetId::SenetKendall)];
        let sweep = |s: &str| s.parse::<Sweep>().unwrap();
        let err = |v: &[Variant], o: &[(&str, &str)], s: Option<&str>, explicit| {
            let o: Vec<(String, String)> =
                o.iter().map(|(k, v)| ((*k).into(), (*v).into())).collect();
            let s = s.map(sweep);
            plan(v, &o, s.as_ref(), explicit).unwrap_err().to_string()
        };
        let e = err(&kendall, &[], Some("senet.nope"), true);
        assert!(
            e.starts_with("no rule set has an option `senet.nope`"),
            "{e}"
        );
        let e = err(&kendall, &[], Some("hj.lines"), true);
        assert!(
            e.starts_with("senet.kendall has no option `hj.lines`; its options: "),
            "{e}"
        );
        let e = err(&kendall, &[], Some("senet.kendall.stick_bias"), true);
        assert!(e.contains("(0,1): list the values to sweep"), "{e}");
        let e = err(&kendall, &[], Some("senet.kendall.max_turns"), true);
        assert!(e.contains("of the form N"), "{e}");
        let e = err(&kendall, &[], Some("senet.pieces=7,6"), true);
        assert!(
            e.starts_with("senet.kendall: `6` is not a value of senet.pieces"),
            "{e}"
        );
        let e = err(
            &kendall,
            &[("senet.pieces", "5")],
            Some("senet.pieces"),
            true,
        );
        assert!(e.contains("given twice"), "{e}");
        let e = err(&kendall, &[("senet.pieces", "9")], None, true);
        assert!(e.contains("`9` is not a value of senet.pieces"), "{e}");
        // Listed values of a pattern are checked as values.
        let cells = plan(
            &kendall,
            &[],
            Some(&sweep("senet.kendall.stick_bias=0.5,3/8")),
            true,
        );
        assert_eq!(cells.unwrap().len(), 2);
    }

    /// The throws each seat drew in game `i` of `c`, in order.
    fn throws_of(c: &StudyConfig, i: u64) -> ByPlayer<Vec<Chance>> {
        struct Recording(StudySeats, ByPlayer<Vec<Chance>>);
        impl Playout<AnyGame> for Recording {
            fn chance(&mut self, g: &AnyGame, seat: Option<Seat>) -> Option<Chance> {
                let c = self.0.chance(g, seat)?;
                if let Some(s) = seat {
                    self.1[s].push(c);
                }
                Some(c)
            }
            fn decide(&mut self, g: &AnyGame, seat: Seat) -> Option<Move> {
                self.0.decide(g, seat)
            }
        }
        let mut g = c.sim.rules.new_game(&c.sim.options).unwrap();
        let mut rec = Recording(StudySeats::of(c, i).1, ByPlayer::default());
        play_out(&mut g, &mut rec);
        rec.1
    }

    /// Whether the shorter of `x` and `y` begins the longer.
    fn one_begins_the_other(x: &[Chance], y: &[Chance]) -> bool {
        let n = x.len().min(y.len());
        x[..n] == y[..n]
    }

    /// On duplicate dice, the two games of a pair throw the same sticks seat by seat (each
    /// game as long as it lasts), players swapped; the study's games are `nefer sim
    /// --duplicate`'s.
    #[test]
    fn duplicate_games_share_their_throws() {
        for rules in [RuleSetId::SenetKendall, RuleSetId::HjWashburne] {
            let mut c = cfg(rules, "", 8, false);
            c.sim.duplicate = true;
            for k in 0..4 {
                let (x, y) = (throws_of(&c, 2 * k), throws_of(&c, 2 * k + 1));
                for seat in [Seat::A, Seat::B] {
                    assert!(x[seat].len() > 5 && y[seat].len() > 5, "{rules}");
                    assert!(one_begins_the_other(&x[seat], &y[seat]), "{rules} {k}");
                }
                // The seats' streams differ, and so do the pairs'.
                assert!(!one_begins_the_other(&x[Seat::A], &x[Seat::B]));
                let next = throws_of(&c, (2 * k + 2) % 8);
                assert!(!one_begins_the_other(&x[Seat::A], &next[Seat::A]));
            }
            let study = run(&c, &|| {});
            let sim = crate::sim::run(&c.sim, &|_| {});
            for (s, r) in sim.iter().zip(&study) {
                assert_eq!((s.winner, s.turns), (r.winner, r.turns), "{rules}");
            }
            // Without duplicate dice, games 0 and 1 throw apart.
            c.sim.duplicate = false;
            let (x, y) = (throws_of(&c, 0), throws_of(&c, 1));
            assert!(!one_begins_the_other(&x[Seat::A], &y[Seat::A]));
        }
    }

    /// Shards of any sizes, merged in any order, are the study's records, win chances
    /// included to the bit; their bytes round-trip.
    #[test]
    fn shards_merge_into_the_whole_study() {
        let mut c = cfg(RuleSetId::HjFrench, "", 10, true);
        c.win_chances = Some(1);
        c.sim.duplicate = true;
        let net = crate::eval::neural::learned_or_hand_written(None);
        let whole = run_with(&c, &net, &|| {});
        let key = StudyKey::of(&c, net.as_ref());
        let shards: Vec<Shard> = [(7, 10), (0, 3), (3, 7)]
            .iter()
            .map(|&(a, b)| Shard::play(&c, &net, a, b).unwrap())
            .collect();
        let bytes: Vec<Vec<u8>> = shards.iter().map(Shard::to_bytes).collect();
        let back: Vec<Shard> = bytes
            .iter()
            .enumerate()
            .map(|(i, b)| Shard::from_bytes(b, i).unwrap())
            .collect();
        assert_eq!(back, shards);
        let merged = Shard::merge(&key, back).unwrap();
        assert_eq!(merged, whole);
        assert_eq!(
            StudySummary::of_units(&merged, Unit::Pair),
            StudySummary::of_units(&whole, Unit::Pair)
        );
        // Without win chances a game takes a few bytes.
        let plain = cfg(RuleSetId::SenetKendall, "", 100, true);
        let s = Shard::play(&plain, &net, 0, 100).unwrap();
        assert!(s.to_bytes().len() < 100 * 40, "{}", s.to_bytes().len());
    }

    #[test]
    fn shards_that_do_not_make_the_study_are_refused() {
        let c = cfg(RuleSetId::SenetKendall, "", 10, false);
        let net = crate::eval::neural::learned_or_hand_written(None);
        let key = StudyKey::of(&c, net.as_ref());
        let play = |c: &StudyConfig, a, b| Shard::play(c, &net, a, b);
        for (a, b) in [(3, 3), (4, 2), (0, 11)] {
            assert_eq!(
                play(&c, a, b).unwrap_err().to_string(),
                format!("games {a}..{b} are not a range of the study's 10 games")
            );
        }
        let mut other = c.clone();
        other.sim.seed = 12;
        let e = Shard::merge(
            &key,
            vec![play(&c, 0, 5).unwrap(), play(&other, 5, 10).unwrap()],
        );
        assert_eq!(
            e.unwrap_err().to_string(),
            "shard 1 (games 5..10) belongs to another study: its seed is 12, the study's 11"
        );
        let mut other = c.clone();
        other.sim.duplicate = true;
        let e = Shard::merge(&key, vec![play(&other, 0, 10).unwrap()]).unwrap_err();
        assert!(
            e.to_string()
                .ends_with("its duplicate is true, the study's false"),
            "{e}"
        );
        let gap = Shard::merge(
            &key,
            vec![play(&c, 0, 4).unwrap(), play(&c, 5, 10).unwrap()],
        );
        assert_eq!(
            gap.unwrap_err().to_string(),
            "the shards do not cover games 0..10 once each: games 4..5 are in no shard"
        );
        let twice = Shard::merge(
            &key,
            vec![play(&c, 0, 6).unwrap(), play(&c, 5, 10).unwrap()],
        );
        assert!(
            twice
                .unwrap_err()
                .to_string()
                .ends_with("shard 1 (games 5..10) plays games before 6 again")
        );
        let short = Shard::merge(&key, vec![play(&c, 0, 6).unwrap()]);
        assert!(
            short
                .unwrap_err()
                .to_string()
                .ends_with("games 6..10 are in no shard")
        );
        assert!(Shard::merge(&key, vec![]).is_err());
        let bytes = play(&c, 0, 4).unwrap().to_bytes();
        let e = Shard::from_bytes(&bytes[..bytes.len() - 3], 2).unwrap_err();
        assert!(
            e.to_string()
                .starts_with("shard 2 is not a nefer study shard ("),
            "{e}"
        );
        let mut longer = bytes.clone();
        longer.push(0);
        let e = Shard::from_bytes(&longer, 0).unwrap_err();
        assert!(e.to_string().ends_with("(1 bytes after its end)"), "{e}");
        assert!(Shard::from_bytes(b"not a shard", 0).is_err());
    }
}
