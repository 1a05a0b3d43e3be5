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

use nefer_core::facts::{self, Effect, EndReason, PassReason};
use nefer_core::game::{Playout, play_out};
use nefer_core::options::PATTERNS;
use nefer_core::{
    Action, AnyGame, ByPlayer, Chance, Game, Move, MoveList, OptionError, Options, Outcome,
    RuleSetId, Seat,
};
use rayon::prelude::*;

use std::sync::Arc;

use crate::Player;
use crate::analysis::default_evaluator;
use crate::chances::{ChanceSummary, Trajectory};
use crate::eval::Evaluator;
use crate::review::review;
use crate::sim::{Distribution, Mean, Rate, Ratio, SimConfig};

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
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ending {
    /// A seat won.
    Won,
    /// Neither seat could move any more: a draw (C-8).
    Jam,
    /// The turn cap was reached: a draw (C-7).
    TurnCap,
}

/// What the moves of one game did to pieces, counted from their effects
/// ([`facts::move_facts`]).
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
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
    pub into_waters: u32,
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
        "into_waters",
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
            self.into_waters,
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
            Effect::IntoWaters => self.into_waters += 1,
            Effect::ThrowAgain { .. } => self.bonus_throws += 1,
            Effect::ThrowLost {
                reason: PassReason::Blocked,
            } => self.blocked_throws += 1,
            _ => {}
        }
    }
}

/// One game of a study.
#[derive(Clone, Debug, PartialEq)]
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
    // The seeds and seats of `sim::play_one`: a study's games are the simulator's.
    let (a_seat, dice, players) = crate::sim::seats_of(&cfg.sim, i);
    let mut seats = StudySeats {
        dice,
        players,
        first_seat: None,
        moves: MoveList::new(),
        choices: 0,
        legal_moves: 0,
        interaction: cfg.interaction.then(Interaction::default),
        actions: cfg.win_chances.map(|_| Vec::new()),
    };
    let mut g = start.clone();
    let decisions = play_out(&mut g, &mut seats);
    let ending = match facts::end(&g).map(|e| e.reason) {
        Some(EndReason::Jammed) => Ending::Jam,
        Some(EndReason::TurnCap { .. }) => Ending::TurnCap,
        _ => Ending::Won,
    };
    GameRecord {
        a_seat,
        winner: g.outcome().and_then(Outcome::winner),
        first_seat: seats.first_seat.unwrap_or(Seat::A),
        ending,
        turns: g.turns(),
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
    let start = cfg
        .sim
        .rules
        .new_game(&cfg.sim.options)
        .expect("options were checked");
    (0..u64::from(cfg.sim.games))
        .into_par_iter()
        .map(|i| {
            let r = play_from(cfg, &start, eval, i);
            tick();
            r
        })
        .collect()
}

/// The metrics of a study's games, each with its 95 % interval. `docs/dev/study.md` gives the
/// formulas; `n` is the number of games below.
#[derive(Clone, Debug, PartialEq)]
pub struct StudySummary {
    /// Games played, n.
    pub games: u32,
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
    /// Draws, jams and turn caps together, over n (Wilson interval).
    pub draws: Rate,
    /// Games drawn by a jam (C-8), over n (Wilson interval).
    pub jams: Rate,
    /// Games drawn at the turn cap (C-7), over n (Wilson interval).
    pub turn_caps: Rate,
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
    /// Summarises `records`.
    pub fn of(records: &[GameRecord]) -> StudySummary {
        let n = records.len() as u32;
        let count = |f: &dyn Fn(&GameRecord) -> bool| records.iter().filter(|r| f(r)).count();
        let count = |f: &dyn Fn(&GameRecord) -> bool| count(f) as u32;
        let decisive = count(&|r| r.winner.is_some());
        let first = count(&|r| r.winner == Some(r.first_seat));
        let column = |f: &dyn Fn(&GameRecord) -> u32| records.iter().map(f).collect::<Vec<_>>();
        let pairs = |f: &dyn Fn(&GameRecord) -> (u32, u32)| -> Vec<(u32, u32)> {
            records.iter().map(f).collect()
        };
        let interaction = records
            .iter()
            .map(|r| r.interaction.map(|i| i.counts()))
            .collect::<Option<Vec<_>>>()
            .filter(|c| !c.is_empty())
            .map(|counts| {
                core::array::from_fn(|k| Mean::of(&counts.iter().map(|c| c[k]).collect::<Vec<_>>()))
            });
        StudySummary {
            games: n,
            decisive,
            first_player: Rate::of(first, n),
            first_player_decisive: Rate::of(first, decisive),
            balance: Rate::of(count(&|r| r.winner == Some(r.a_seat)), n),
            draws: Rate::of(n - decisive, n),
            jams: Rate::of(count(&|r| r.ending == Ending::Jam), n),
            turn_caps: Rate::of(count(&|r| r.ending == Ending::TurnCap), n),
            turns: Distribution::of(&column(&|r| r.turns)),
            decisions: Distribution::of(&column(&|r| r.decisions)),
            real_choices: Ratio::share(&pairs(&|r| (r.choices, r.decisions))),
            branching: Ratio::of(&pairs(&|r| (r.legal_moves, r.decisions))),
            interaction,
            chances: records
                .iter()
                .map(|r| r.chances.clone())
                .collect::<Option<Vec<_>>>()
                .filter(|c| !c.is_empty())
                .map(|c| ChanceSummary::of(&c)),
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::PlayerSpec;

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
}
