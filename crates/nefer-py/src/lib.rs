//! # nefer-py
//!
//! The Rust half of the Python package `nefer` (module `nefer._nefer`; `python/nefer` re-exports
//! it and adds the OpenSpiel, Gymnasium and PettingZoo adapters). A thin layer: every rule lives
//! in `nefer-core`, every player in `nefer-players`; this crate converts strings and numbers.
//!
//! Actions cross the boundary as notation strings (NOTATION §3-§4), positions as position
//! strings (docs/dev/positions.md), games as records (NOTATION §5), so what Python sees is what
//! the command line and the server show. Loops that run many actions (a playout, a batch of
//! playouts, a simulation) run here, without the GIL.

use std::path::Path;
use std::sync::{Arc, Mutex};
use std::time::Instant;

use nefer_core::endless::{Guard, guarded_random_playout};
use nefer_core::game::{Playout, play_out};
use nefer_core::record::{Record, action_token, legal_strings, play_token, replay};
use nefer_core::{
    Action, AnyGame, Chance, DicePair, Family, Game, Move, MoveList, OptionSpec, Options, Outcome,
    Place, RuleSetId, Seat, Side, Status,
};
use nefer_players::analysis::{self, DEFAULT_DEPTH, default_evaluator};
use nefer_players::eval::{Evaluator, Neural};
use nefer_players::review;
use nefer_players::sim::{
    LuckAdjusted, Rate, SimConfig, Spread, Summary, Unit, derive_seed, run, run_judged,
};
use nefer_players::study::json as study_json;
use nefer_players::study::{Shard, ShardError, StudyConfig, StudyKey, StudySummary};
use nefer_players::{LEVELS, PlayerSpec};
use pyo3::create_exception;
use pyo3::exceptions::PyValueError;
use pyo3::prelude::*;
use pyo3::types::{PyBytes, PyDict, PyList, PyString};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use rayon::prelude::*;

create_exception!(
    nefer,
    NeferError,
    PyValueError,
    "An unknown rule set, option or player, a malformed position or record, or an illegal action; \
     the message is the engine's. A subclass of ValueError."
);

/// The record `text` (NOTATION §5), or a NeferError naming the line that is wrong.
fn parse_record(text: &str) -> PyResult<Record> {
    Record::parse(text).map_err(|e| err(format!("line {}: {}", e.line, e.message)))
}

/// A NeferError with `e`'s message.
fn err(e: impl ToString) -> PyErr {
    NeferError::new_err(e.to_string())
}

/// The rule set of key `key`.
fn rule_set_id(key: &str) -> PyResult<RuleSetId> {
    key.parse().map_err(err)
}

/// Reads options given as `None`, a `"a=b, c=d"` string, a list of `"NAME=VALUE"` strings, or
/// a dict of names to values (`True`/`False` become `true`/`false`, others their `str`).
fn read_options(options: Option<&Bound<'_, PyAny>>) -> PyResult<Options> {
    let Some(o) = options else {
        return Ok(Options::new());
    };
    if o.is_none() {
        return Ok(Options::new());
    }
    if let Ok(s) = o.cast::<PyString>() {
        return Options::parse(&s.to_cow()?).map_err(err);
    }
    let mut out = Options::new();
    if let Ok(d) = o.cast::<PyDict>() {
        for (k, v) in d.iter() {
            let value = match v.extract::<bool>() {
                Ok(b) if v.is_instance_of::<pyo3::types::PyBool>() => b.to_string(),
                _ => v.str()?.to_string(),
            };
            out.set(&k.str()?.to_string(), &value).map_err(err)?;
        }
        return Ok(out);
    }
    for item in o.try_iter()? {
        let item = item?;
        let s: String = item.extract()?;
        let (k, v) = s
            .split_once('=')
            .ok_or_else(|| err(format!("option `{s}` is not NAME=VALUE")))?;
        out.set(k, v).map_err(err)?;
    }
    Ok(out)
}

/// Options as a dict of names to values (as written).
fn options_dict<'py>(py: Python<'py>, o: &Options) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    for (k, v) in o.iter() {
        d.set_item(k, v)?;
    }
    Ok(d)
}

/// One rule set: its key, names, rules and options.
#[pyclass(module = "nefer", frozen, eq, hash, skip_from_py_object)]
#[derive(Clone, PartialEq, Eq, Hash)]
struct RuleSet {
    id: RuleSetId,
}

#[pymethods]
impl RuleSet {
    /// The rule set of key `key` (e.g. ``"senet.kendall"``).
    #[new]
    fn new(key: &str) -> PyResult<RuleSet> {
        Ok(RuleSet {
            id: rule_set_id(key)?,
        })
    }

    /// The key, e.g. ``"senet.kendall"``.
    #[getter]
    fn key(&self) -> &'static str {
        self.id.key()
    }

    /// The game's name with its author.
    #[getter]
    fn title(&self) -> &'static str {
        self.id.info().title
    }

    /// ``"senet"`` or ``"hounds_and_jackals"``.
    #[getter]
    fn family(&self) -> &'static str {
        match self.id.family() {
            Family::Senet => "senet",
            Family::HoundsAndJackals => "hounds_and_jackals",
        }
    }

    /// Where the rules come from.
    #[getter]
    fn source(&self) -> &'static str {
        self.id.info().source
    }

    /// The rules in plain words, defaults included.
    #[getter]
    fn rules(&self) -> &'static str {
        self.id.info().rules
    }

    /// The options: one dict per option with ``name``, ``values`` (default first),
    /// ``default``, ``implemented``, ``clause`` and ``help``.
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyList>> {
        let list = PyList::empty(py);
        for s in self.id.option_specs() {
            list.append(spec_dict(py, &s)?)?;
        }
        Ok(list)
    }

    /// A new game of this rule set (see :class:`Game`).
    #[pyo3(signature = (options=None))]
    fn new_game(&self, options: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
        PyGame::start(self.id, read_options(options)?)
    }

    fn __repr__(&self) -> String {
        format!("RuleSet('{}')", self.id.key())
    }

    fn __str__(&self) -> &'static str {
        self.id.key()
    }
}

fn spec_dict<'py>(py: Python<'py>, s: &OptionSpec) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("name", &s.name)?;
    d.set_item("values", s.values.to_vec())?;
    d.set_item("default", s.default_value())?;
    d.set_item("implemented", s.implemented.to_vec())?;
    d.set_item("clause", s.clause)?;
    d.set_item("help", s.help)?;
    Ok(d)
}

/// Every rule set, in SPEC's order.
#[pyfunction]
fn rule_sets() -> Vec<RuleSet> {
    RuleSetId::ALL.iter().map(|&id| RuleSet { id }).collect()
}

/// A seat as a letter.
fn seat_str(s: Seat) -> &'static str {
    match s {
        Seat::A => "A",
        Seat::B => "B",
    }
}

/// A game of any rule set, with explicit chance: it waits for a chance outcome, for a seat's
/// decision, or is over. Actions are notation strings; the game keeps its record.
#[pyclass(name = "Game", module = "nefer", skip_from_py_object)]
#[derive(Clone)]
struct PyGame {
    game: AnyGame,
    /// The record: the start's rule set and options, a `position:` header when the game began
    /// elsewhere than at the rule set's start, and every action applied since.
    record: Record,
}

impl PyGame {
    fn start(id: RuleSetId, options: Options) -> PyResult<PyGame> {
        let game = id.new_game(&options).map_err(err)?;
        Ok(PyGame {
            game,
            record: Record::new(id, options),
        })
    }

    fn push(&mut self, a: Action) {
        self.record.actions.push(action_token(a));
    }
}

#[pymethods]
impl PyGame {
    /// A new game of rule set `rules` (a key such as ``"senet.kendall"``) with `options`: a dict
    /// ``{name: value}``, a ``"NAME=VALUE, ..."`` string or a list of ``"NAME=VALUE"``.
    ///
    /// Raises NeferError (a ValueError) on an unknown rule set or option.
    #[new]
    #[pyo3(signature = (rules, options=None))]
    fn new(rules: &str, options: Option<&Bound<'_, PyAny>>) -> PyResult<PyGame> {
        PyGame::start(rule_set_id(rules)?, read_options(options)?)
    }

    /// The game a position string describes (``game.position()`` writes one).
    #[staticmethod]
    fn from_position(text: &str) -> PyResult<PyGame> {
        let game = AnyGame::from_position(text).map_err(err)?;
        let mut record = Record::new(game.rule_set(), game.options());
        record.set_header(nefer_core::record::POSITION_HEADER, &game.position());
        Ok(PyGame { game, record })
    }

    /// The game a record's text describes, replayed to its last action.
    #[staticmethod]
    fn from_record(text: &str) -> PyResult<PyGame> {
        let record = parse_record(text)?;
        let r = replay(&record).map_err(err)?;
        let mut record = record;
        record.actions = r.actions.iter().map(|&a| action_token(a)).collect();
        Ok(PyGame {
            game: r.game,
            record,
        })
    }

    /// The rule set's key.
    #[getter]
    fn rules(&self) -> &'static str {
        self.game.rule_set().key()
    }

    /// The options that are not the default, as a dict.
    #[getter]
    fn options<'py>(&self, py: Python<'py>) -> PyResult<Bound<'py, PyDict>> {
        options_dict(py, &self.game.options())
    }

    /// ``"chance"``, ``"decide"`` or ``"over"``.
    #[getter]
    fn status(&self) -> &'static str {
        match self.game.status() {
            Status::Chance { .. } => "chance",
            Status::Decide { .. } => "decide",
            Status::Over(_) => "over",
        }
    }

    /// Whose seat acts: the thrower at a chance node (``None`` for a random choice of seat), the
    /// decider at a decision, ``None`` once over.
    #[getter]
    fn seat(&self) -> Option<&'static str> {
        match self.game.status() {
            Status::Chance { seat } => seat.map(seat_str),
            Status::Decide { seat, .. } => Some(seat_str(seat)),
            Status::Over(_) => None,
        }
    }

    /// The throw a decision uses (``None`` elsewhere, and before any throw).
    #[getter]
    fn throw(&self) -> Option<u8> {
        match self.game.status() {
            Status::Decide { throw, .. } => throw.map(|t| t.value()),
            _ => None,
        }
    }

    /// Whether the game waits for a chance outcome.
    #[getter]
    fn is_chance(&self) -> bool {
        matches!(self.game.status(), Status::Chance { .. })
    }

    /// Whether the game is over.
    #[getter]
    fn is_over(&self) -> bool {
        matches!(self.game.status(), Status::Over(_))
    }

    /// The winning seat, ``None`` while playing or for a draw.
    #[getter]
    fn winner(&self) -> Option<&'static str> {
        self.game.outcome().and_then(Outcome::winner).map(seat_str)
    }

    /// ``"A"``, ``"B"``, ``"draw"``, or ``None`` while playing.
    #[getter]
    fn result(&self) -> Option<&'static str> {
        self.game.outcome().map(|o| match o {
            Outcome::Win(s) => seat_str(s),
            Outcome::Draw => "draw",
        })
    }

    /// Turns begun so far.
    #[getter]
    fn turns(&self) -> u32 {
        self.game.turns()
    }

    /// The returns of seats A and B: ``[1.0, -1.0]`` or ``[-1.0, 1.0]`` for a win, ``[0.0, 0.0]``
    /// for a draw or a game not over.
    fn returns(&self) -> [f64; 2] {
        match self.game.outcome() {
            Some(Outcome::Win(Seat::A)) => [1.0, -1.0],
            Some(Outcome::Win(Seat::B)) => [-1.0, 1.0],
            _ => [0.0, 0.0],
        }
    }

    /// The chance outcomes with their exact probabilities, as ``(outcome, probability,
    /// numerator, denominator)``; empty unless the game waits for chance.
    fn chance_outcomes(&self) -> Vec<(String, f64, u64, u64)> {
        self.game
            .chance_outcomes()
            .iter()
            .map(|(c, p)| (c.to_string(), p.to_f64(), p.num, p.den))
            .collect()
    }

    /// The legal moves in notation, sorted; empty unless the game waits for a decision. A
    /// decision where nothing can be done offers ``["pass"]``.
    fn legal_moves(&self) -> Vec<String> {
        match self.game.status() {
            Status::Decide { .. } => legal_strings(&self.game),
            _ => Vec::new(),
        }
    }

    /// The legal actions of either kind, sorted: chance outcomes at a chance node, moves at a
    /// decision, none once over.
    fn legal_actions(&self) -> Vec<String> {
        legal_strings(&self.game)
    }

    /// Applies a move or a chance outcome, written in notation (``"14-16"``, ``"pass"``,
    /// ``"3"``). Raises NeferError (a ValueError) naming the legal actions when it is not one.
    fn apply(&mut self, action: &str) -> PyResult<()> {
        let a = play_token(&mut self.game, self.record.actions.len(), action).map_err(err)?;
        self.push(a);
        Ok(())
    }

    /// Applies the chance outcome or move of code `code` (see :meth:`chance_codes` and
    /// :meth:`move_codes`). Raises NeferError naming the legal codes when none has it.
    fn apply_code(&mut self, code: usize) -> PyResult<()> {
        let action = match self.game.status() {
            Status::Chance { .. } => self
                .game
                .chance_outcomes()
                .iter()
                .map(|&(c, _)| Action::Chance(c))
                .find(|&a| matches!(a, Action::Chance(c) if chance_code(c) == code)),
            Status::Decide { .. } => {
                let mut moves = MoveList::new();
                self.game.legal_moves(&mut moves);
                moves
                    .iter()
                    .find(|&&m| move_code(m) == code)
                    .map(|&m| Action::Move(m))
            }
            Status::Over(_) => return Err(err("the game is over")),
        };
        let Some(a) = action else {
            let legal: Vec<String> = match self.game.status() {
                Status::Chance { .. } => self
                    .chance_codes()
                    .into_iter()
                    .map(|(c, o, _)| format!("{c} ({o})"))
                    .collect(),
                _ => self
                    .move_codes()?
                    .into_iter()
                    .map(|(c, m)| format!("{c} ({m})"))
                    .collect(),
            };
            return Err(err(format!(
                "no legal action has code {code}; legal here: {}",
                legal.join(", ")
            )));
        };
        self.game.apply(a).map_err(err)?;
        self.push(a);
        Ok(())
    }

    /// A copy that plays on independently.
    #[pyo3(name = "clone")]
    fn clone_py(&self) -> PyGame {
        self.clone()
    }

    fn __copy__(&self) -> PyGame {
        self.clone()
    }

    fn __deepcopy__(&self, _memo: &Bound<'_, PyAny>) -> PyGame {
        self.clone()
    }

    /// The position string: reads back with :meth:`Game.from_position` to this very state.
    fn position(&self) -> String {
        self.game.position()
    }

    /// The game's record (NOTATION §5): rule set, options, a ``position:`` header when it began
    /// elsewhere than at the start, and its actions. `headers` adds ``key: value`` lines.
    #[pyo3(signature = (headers=None))]
    fn record(&self, headers: Option<&Bound<'_, PyDict>>) -> PyResult<String> {
        let mut r = self.record.clone();
        if let Some(h) = headers {
            for (k, v) in h.iter() {
                r.set_header(&k.str()?.to_string(), &v.str()?.to_string());
            }
        }
        Ok(r.to_text())
    }

    /// The actions played since the start, in notation.
    fn actions(&self) -> Vec<String> {
        self.record.actions.clone()
    }

    /// The board drawn as text.
    fn board(&self) -> String {
        self.game.board_text()
    }

    /// Plays the game to its end here, in one call: chance drawn with its probabilities and
    /// moves uniformly among the legal ones, both from a generator seeded by `seed`; the
    /// actions are recorded. Returns the number of decisions taken. A game that can never end
    /// (the simulator's guard, past 10,000 turns) is left unfinished where it was found so.
    fn random_playout(&mut self, py: Python<'_>, seed: u64) -> u32 {
        let game = &mut self.game;
        let (n, actions) = py.detach(|| {
            let mut p = Guard::new(RecordingRandom {
                rng: ChaCha8Rng::seed_from_u64(seed),
                moves: MoveList::new(),
                actions: Vec::new(),
            });
            let n = play_out(game, &mut p);
            (n, p.inner.actions)
        });
        for a in actions {
            self.push(a);
        }
        n
    }

    /// The legal moves as ``(code, move)``, sorted by code: each move's integer code in
    /// ``range(NUM_MOVE_CODES)`` (see :data:`NUM_MOVE_CODES`), the same for every rule set.
    /// Raises NeferError if two legal moves share a code (the encoding's assumption failed).
    fn move_codes(&self) -> PyResult<Vec<(usize, String)>> {
        let mut moves = MoveList::new();
        if matches!(self.game.status(), Status::Decide { .. }) {
            self.game.legal_moves(&mut moves);
        }
        let mut v: Vec<(usize, String)> = moves
            .iter()
            .map(|&m| (move_code(m), m.to_string()))
            .collect();
        v.sort();
        if let Some(w) = v.windows(2).find(|w| w[0].0 == w[1].0) {
            return Err(err(format!(
                "moves {} and {} share the code {} at {}",
                w[0].1,
                w[1].1,
                w[0].0,
                self.game.position()
            )));
        }
        Ok(v)
    }

    /// The chance outcomes as ``(code, outcome, probability)``, sorted by code: each outcome's
    /// integer code in ``range(NUM_CHANCE_CODES)``.
    fn chance_codes(&self) -> Vec<(usize, String, f64)> {
        let mut v: Vec<(usize, String, f64)> = self
            .game
            .chance_outcomes()
            .iter()
            .map(|&(c, p)| (chance_code(c), c.to_string(), p.to_f64()))
            .collect();
        v.sort_by_key(|x| x.0);
        v
    }

    /// The observation tensor from `seat`'s side (``"A"`` or ``"B"``), a flat list of
    /// ``observation_size(rules)`` floats; layout in docs/dev/python.md.
    fn observation(&self, seat: &str) -> PyResult<Vec<f32>> {
        let me = match seat {
            "A" => Seat::A,
            "B" => Seat::B,
            _ => return Err(err(format!("`{seat}` is not a seat: A or B"))),
        };
        Ok(observation(&self.game, me))
    }

    fn __str__(&self) -> String {
        self.game.position()
    }

    fn __repr__(&self) -> String {
        format!("Game.from_position('{}')", self.game.position())
    }

    fn __eq__(&self, other: &PyGame) -> bool {
        self.game == other.game
    }

    fn __hash__(&self) -> u64 {
        use std::hash::{Hash, Hasher};
        let mut h = std::collections::hash_map::DefaultHasher::new();
        self.game.hash(&mut h);
        h.finish()
    }
}

/// Place codes of the action encoding: `hand` 0, `off` 1, `S` 2, squares 3..=32, `L1..L29`
/// 33..=61, `R1..R29` 62..=90 (the core keeps the same order for its own packing).
const PLACES: usize = 91;

fn place_code(p: Place) -> usize {
    match p {
        Place::Hand => 0,
        Place::Off => 1,
        Place::Shared => 2,
        Place::Square(n) => 2 + usize::from(n),
        Place::Hole(Side::L, n) => 32 + usize::from(n),
        Place::Hole(Side::R, n) => 61 + usize::from(n),
    }
}

/// How many move codes there are: `pass` 0, `throw` 1, a capture of each place, and for each
/// spent value (none for a plain move, 1 to 5) a code for each starting place.
const NUM_MOVE_CODES: usize = 2 + PLACES + 6 * PLACES;

/// A move's code. A move is named by what it spends and where its piece starts: the rules give
/// a piece at most one move for a value (SPEC; `move_codes` checks it at every decision).
fn move_code(m: Move) -> usize {
    match m {
        Move::Pass => 0,
        Move::Throw => 1,
        Move::Capture(p) => 2 + place_code(p),
        Move::Go { from, .. } => 2 + PLACES + place_code(from),
        Move::Spend(s) => {
            2 + PLACES + usize::from(s.value().value()) * PLACES + place_code(s.from())
        }
    }
}

/// How many chance codes there are: five throws, two seats, ten pairs of d4.
const NUM_CHANCE_CODES: usize = 5 + 2 + 10;

/// A chance outcome's code: throw `t` is `t - 1`, seat A 5 and B 6, a pair of d4 7 plus its
/// index among the ten pairs.
fn chance_code(c: Chance) -> usize {
    match c {
        Chance::Throw(t) => usize::from(t.value()) - 1,
        Chance::Seat(s) => 5 + s.index(),
        Chance::Dice(d) => {
            7 + DicePair::ALL
                .iter()
                .position(|&x| x == d)
                .expect("a pair of d4 is one of the ten")
        }
    }
}

/// The cells of a family's board in the observation: Senet's squares 1-30; the 58 holes
/// `L1..L29`, `R1..R29` and `S`.
fn cells(family: Family) -> usize {
    match family {
        Family::Senet => 30,
        Family::HoundsAndJackals => 59,
    }
}

fn cell(p: Place) -> Option<usize> {
    match p {
        Place::Square(n) => Some(usize::from(n) - 1),
        Place::Hole(Side::L, n) => Some(usize::from(n) - 1),
        Place::Hole(Side::R, n) => Some(29 + usize::from(n) - 1),
        Place::Shared => Some(58),
        Place::Hand | Place::Off => None,
    }
}

/// Length of the observation of a family: per seat (the observer's first) one count per cell
/// and the counts in hand, off and kept as trophies; then four flags (the observer acts, the
/// opponent acts, chance is due, the game is over) and the throw in use, one-hot over 1-5.
fn observation_len(family: Family) -> usize {
    2 * (cells(family) + 3) + 4 + 5
}

fn observation(g: &AnyGame, me: Seat) -> Vec<f32> {
    let family = g.rule_set().family();
    let n = cells(family);
    let mut v = vec![0.0f32; observation_len(family)];
    let layout = g.layout();
    for (k, seat) in [me, me.other()].into_iter().enumerate() {
        let l = &layout[seat.index()];
        let base = k * (n + 3);
        for &p in &l.board {
            if let Some(c) = cell(p) {
                v[base + c] += 1.0;
            }
        }
        v[base + n] = f32::from(l.hand);
        v[base + n + 1] = f32::from(l.off);
        v[base + n + 2] = f32::from(l.trophies);
    }
    let tail = 2 * (n + 3);
    let (actor, throw) = match g.status() {
        Status::Chance { seat } => {
            v[tail + 2] = 1.0;
            (seat, None)
        }
        Status::Decide { seat, throw } => (Some(seat), throw),
        Status::Over(_) => {
            v[tail + 3] = 1.0;
            (None, None)
        }
    };
    match actor {
        Some(s) if s == me => v[tail] = 1.0,
        Some(_) => v[tail + 1] = 1.0,
        None => {}
    }
    if let Some(t) = throw {
        v[tail + 4 + usize::from(t.value()) - 1] = 1.0;
    }
    v
}

/// The length of the observation tensor of rule set `rules` (see :meth:`Game.observation`).
#[pyfunction]
fn observation_size(rules: &str) -> PyResult<usize> {
    Ok(observation_len(rule_set_id(rules)?.family()))
}

/// A random playout that keeps its actions.
struct RecordingRandom {
    rng: ChaCha8Rng,
    moves: MoveList,
    actions: Vec<Action>,
}

impl Playout<AnyGame> for RecordingRandom {
    fn chance(&mut self, game: &AnyGame, _seat: Option<Seat>) -> Option<Chance> {
        let c = game.sample_chance(&mut self.rng);
        self.actions.push(Action::Chance(c));
        Some(c)
    }

    fn decide(&mut self, game: &AnyGame, _seat: Seat) -> Option<Move> {
        game.legal_moves(&mut self.moves);
        let m = random_move(&self.moves, &mut self.rng);
        self.actions.push(Action::Move(m));
        Some(m)
    }
}

fn random_move(moves: &MoveList, rng: &mut ChaCha8Rng) -> Move {
    if moves.len() == 1 {
        moves[0]
    } else {
        moves[rng.random_range(0..moves.len())]
    }
}

/// `n` random playouts of rule set `rules` from its start, in parallel (on `threads` workers,
/// by default one per core), without the GIL.
///
/// Game `i` draws from a generator seeded by the simulator's per-game seed of `seed` and `i`,
/// so the result does not depend on the number of threads. Returns a dict with ``games``,
/// ``wins`` (``{"A": .., "B": ..}``), ``draws``, ``endless`` (games that could never end,
/// stopped by the simulator's guard: neither won nor drawn), ``decisions`` and ``turns``
/// (their totals).
#[pyfunction]
#[pyo3(signature = (rules, n, seed=1, options=None, threads=None))]
fn playouts<'py>(
    py: Python<'py>,
    rules: &str,
    n: u32,
    seed: u64,
    options: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
) -> PyResult<Bound<'py, PyDict>> {
    let start = rule_set_id(rules)?
        .new_game(&read_options(options)?)
        .map_err(err)?;
    let pool = thread_pool(threads)?;
    let results: Vec<(Option<Outcome>, u32, u32, bool)> = py.detach(|| {
        pool.install(|| {
            (0..u64::from(n))
                .into_par_iter()
                .map(|i| {
                    let mut g = start.clone();
                    let mut rng = ChaCha8Rng::seed_from_u64(derive_seed(seed, i));
                    let (d, stopped) = guarded_random_playout(&mut g, &mut rng);
                    (g.outcome(), d, g.turns_played(), stopped.is_some())
                })
                .collect()
        })
    });
    let count = |s: Seat| {
        results
            .iter()
            .filter(|r| r.0.and_then(Outcome::winner) == Some(s))
            .count()
    };
    let d = PyDict::new(py);
    d.set_item("rules", rules)?;
    d.set_item("games", n)?;
    d.set_item("seed", seed)?;
    let wins = PyDict::new(py);
    wins.set_item("A", count(Seat::A))?;
    wins.set_item("B", count(Seat::B))?;
    d.set_item("wins", wins)?;
    let endless = results.iter().filter(|r| r.3).count();
    d.set_item(
        "draws",
        n as usize - count(Seat::A) - count(Seat::B) - endless,
    )?;
    d.set_item("endless", endless)?;
    d.set_item(
        "decisions",
        results.iter().map(|r| u64::from(r.1)).sum::<u64>(),
    )?;
    d.set_item("turns", results.iter().map(|r| u64::from(r.2)).sum::<u64>())?;
    Ok(d)
}

/// A computer player: a level (``beginner``, ``easy``, ``medium``, ``hard``, ``expert``) or a
/// player spec (``random``, ``greedy``, ``expectimax:depth=3``, ``mcts:iters=500``, ``perfect``)
/// with its own seeded generator.
#[pyclass(name = "Player", module = "nefer")]
struct PyPlayer {
    spec: PlayerSpec,
    seed: u64,
    player: Mutex<Box<dyn nefer_players::Player>>,
}

#[pymethods]
impl PyPlayer {
    /// A player of kind `spec` seeded by `seed`. Raises NeferError on an unknown spec.
    #[new]
    #[pyo3(signature = (spec, seed=0))]
    fn new(spec: &str, seed: u64) -> PyResult<PyPlayer> {
        let spec: PlayerSpec = spec.parse().map_err(err)?;
        let player = Mutex::new(spec.build(seed));
        Ok(PyPlayer { spec, seed, player })
    }

    /// The spec with its budget, e.g. ``"expectimax:depth=4,ms=1000"``.
    #[getter]
    fn spec(&self) -> String {
        self.spec.to_string()
    }

    /// The seed it was built with.
    #[getter]
    fn seed(&self) -> u64 {
        self.seed
    }

    /// The move this player chooses at `game`, which must wait for a decision; the GIL is
    /// released while it thinks. Raises NeferError elsewhere, or where the player cannot play
    /// (``perfect`` plays only the pure races).
    fn choose(&self, py: Python<'_>, game: &PyGame) -> PyResult<String> {
        if !matches!(game.game.status(), Status::Decide { .. }) {
            return Err(err(format!(
                "a player chooses at a decision; the game is at {}",
                game.status()
            )));
        }
        if !self.spec.supports(&game.game) {
            return Err(err(format!(
                "{} plays only the pure races as solved (fair sticks, compulsory moves)",
                self.spec
            )));
        }
        let g = &game.game;
        let m = py.detach(|| {
            let mut p = self.player.lock().unwrap_or_else(|e| e.into_inner());
            p.choose(g)
        });
        Ok(m.to_string())
    }

    fn __repr__(&self) -> String {
        format!("Player('{}', {})", self.spec, self.seed)
    }
}

/// A pool of `threads` workers (by default one per core; 0 is refused).
fn thread_pool(threads: Option<usize>) -> PyResult<rayon::ThreadPool> {
    let mut pool = rayon::ThreadPoolBuilder::new();
    if let Some(t) = threads {
        if t == 0 {
            return Err(err("threads: at least 1"));
        }
        pool = pool.num_threads(t);
    }
    pool.build().map_err(err)
}

/// The named levels, weakest first, as ``(level, spec)`` pairs.
#[pyfunction]
fn levels() -> Vec<(&'static str, &'static str)> {
    LEVELS.to_vec()
}

fn rate_dict<'py>(py: Python<'py>, r: &Rate) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("wins", r.wins)?;
    d.set_item("win_rate", r.rate)?;
    d.set_item("ci95", vec![r.ci95.0, r.ci95.1])?;
    Ok(d)
}

fn spread_dict<'py>(py: Python<'py>, s: &Spread) -> PyResult<Bound<'py, PyDict>> {
    let d = PyDict::new(py);
    d.set_item("mean", s.mean)?;
    d.set_item("median", s.median)?;
    d.set_item("p95", s.p95)?;
    Ok(d)
}

/// The rule set, options, start and two players of a simulation or a study, each checked: a player
/// that plays only the solved races (`perfect`) is refused elsewhere.
fn matchup(
    rules: &str,
    options: Option<&Bound<'_, PyAny>>,
    a: &str,
    b: &str,
) -> PyResult<(RuleSetId, Options, AnyGame, PlayerSpec, PlayerSpec)> {
    let id = rule_set_id(rules)?;
    let options = read_options(options)?;
    let g = id.new_game(&options).map_err(err)?;
    let a: PlayerSpec = a.parse().map_err(err)?;
    let b: PlayerSpec = b.parse().map_err(err)?;
    for p in [&a, &b] {
        if !p.supports(&g) {
            return Err(err(format!(
                "{p} plays only the pure races as solved (fair sticks, compulsory moves): hj.french and basic hj.walker"
            )));
        }
    }
    Ok((id, options, g, a, b))
}

/// Plays `games` games between players `a` and `b` (levels or specs), a in seat A in the even
/// games and B in the odd ones, in parallel without the GIL; the same seed gives the same
/// result as ``nefer sim --json`` and whatever the number of threads. Returns the dict that
/// ``nefer sim --json`` prints. ``luck`` (a depth, 1 to 4) also gives player a's luck-adjusted
/// score under ``"luck_adjusted"``, as ``nefer sim --luck=DEPTH``: each throw's luck, valued
/// that deep on the evaluator ``analyze`` uses, taken out of each game's result (the same
/// games; the same expectation, a narrower interval).
#[pyfunction]
#[pyo3(signature = (rules, a, b, games=1000, seed=1, options=None, threads=None, luck=None))]
#[allow(clippy::too_many_arguments)]
fn sim<'py>(
    py: Python<'py>,
    rules: &str,
    a: &str,
    b: &str,
    games: u32,
    seed: u64,
    options: Option<&Bound<'py, PyAny>>,
    threads: Option<usize>,
    luck: Option<u32>,
) -> PyResult<Bound<'py, PyDict>> {
    let (id, options, g, a, b) = matchup(rules, options, a, b)?;
    if let Some(depth) = luck
        && !(1..=4).contains(&depth)
    {
        return Err(err(format!("luck is a depth from 1 to 4, not {depth}")));
    }
    let judge = luck.map(|depth| (default_evaluator(&g), depth));
    let cfg = SimConfig {
        rules: id,
        options,
        a,
        b,
        games,
        seed,
        duplicate: false,
    };
    let pool = thread_pool(threads)?;
    let (summary, adjusted, seconds) = py.detach(|| {
        let start = Instant::now();
        let (results, adjusted) = match &judge {
            Some((eval, depth)) => {
                let judged = pool.install(|| run_judged(&cfg, eval.as_ref(), *depth, &|_| {}));
                let adjusted = LuckAdjusted::of(&judged, Unit::Game);
                (judged.into_iter().map(|(r, _)| r).collect(), Some(adjusted))
            }
            None => (pool.install(|| run(&cfg, &|_| {})), None),
        };
        (
            Summary::of(&results),
            adjusted,
            start.elapsed().as_secs_f64(),
        )
    });
    let d = PyDict::new(py);
    d.set_item("rules", cfg.rules.key())?;
    d.set_item("options", cfg.options.to_string())?;
    d.set_item("games", summary.games)?;
    d.set_item("seed", cfg.seed)?;
    let pa = rate_dict(py, &summary.a)?;
    pa.set_item("player", cfg.a.to_string())?;
    d.set_item("a", pa)?;
    let pb = rate_dict(py, &summary.b)?;
    pb.set_item("player", cfg.b.to_string())?;
    d.set_item("b", pb)?;
    d.set_item("draws", summary.draws)?;
    d.set_item("first_seat", rate_dict(py, &summary.first_seat)?)?;
    d.set_item("turns", spread_dict(py, &summary.turns)?)?;
    d.set_item("moves", spread_dict(py, &summary.moves)?)?;
    d.set_item("seconds", seconds)?;
    d.set_item("endless", summary.endless)?;
    if let (Some(l), Some((eval, depth))) = (adjusted, &judge) {
        let j = PyDict::new(py);
        j.set_item("judge", eval.name())?;
        j.set_item("depth", depth)?;
        j.set_item("score", l.score.mean)?;
        j.set_item("score_ci95", vec![l.score.ci95.0, l.score.ci95.1])?;
        j.set_item("adjusted", l.adjusted.mean)?;
        j.set_item("adjusted_ci95", vec![l.adjusted.ci95.0, l.adjusted.ci95.1])?;
        j.set_item("variance_removed", l.variance_removed)?;
        d.set_item("luck_adjusted", j)?;
    }
    Ok(d)
}

/// A study of one rule set (``nefer study``'s metrics of the games players a and b play),
/// split in two steps so that its games can be played on many machines: :meth:`play` plays a
/// range of its games and returns their records as bytes (a shard); :meth:`summary` merges the
/// shards of all its games and computes the metrics. Game ``i`` depends on the seed and ``i``
/// alone, so any split gives the figures of one machine, to the bit. ``nefer.study`` runs both
/// steps, on a Dask cluster where given one; a Study pickles (its arguments) to travel to the
/// cluster's workers.
#[pyclass(name = "Study", module = "nefer", frozen)]
struct PyStudy {
    cfg: StudyConfig,
    eval: Arc<dyn Evaluator>,
    key: StudyKey,
}

#[pymethods]
impl PyStudy {
    /// The study of ``games`` games of player ``a`` against ``b`` (a in seat A in the even
    /// games) from ``seed``; ``interaction`` counts the moves' effects; ``win_chances`` (a depth,
    /// 1 to 4) reviews every game and adds the metrics of win chances; ``duplicate`` plays pairs
    /// of games on the same throws, seats swapped, and takes the pair as the unit of every
    /// interval (``games`` must then be even). Raises NeferError on a bad rule set, option,
    /// player or count.
    #[new]
    #[pyo3(signature = (rules, a="random", b="random", games=1000, seed=1, options=None, interaction=false, win_chances=None, duplicate=false))]
    #[allow(clippy::too_many_arguments)]
    fn new(
        rules: &str,
        a: &str,
        b: &str,
        games: u32,
        seed: u64,
        options: Option<&Bound<'_, PyAny>>,
        interaction: bool,
        win_chances: Option<u32>,
        duplicate: bool,
    ) -> PyResult<PyStudy> {
        let (id, options, g, a, b) = matchup(rules, options, a, b)?;
        if games == 0 {
            return Err(err("games: at least 1"));
        }
        if duplicate && games % 2 == 1 {
            return Err(err(format!(
                "duplicate plays games in pairs on the same throws: games must be even, not {games}"
            )));
        }
        if let Some(d) = win_chances.filter(|d| !(1..=MAX_DEPTH).contains(d)) {
            return Err(err(format!(
                "win_chances is a review's depth, 1 to {MAX_DEPTH}, not {d}"
            )));
        }
        let eval = default_evaluator(&g);
        if win_chances.is_some() && eval.chances(&g, Seat::A).is_none() {
            return Err(err(format!(
                "no calibrated evaluator knows these options (the {} evaluation only ranks positions): no win chances",
                eval.name()
            )));
        }
        let cfg = StudyConfig {
            sim: SimConfig {
                rules: id,
                options,
                a,
                b,
                games,
                seed,
                duplicate,
            },
            interaction,
            win_chances,
        };
        let key = StudyKey::of(&cfg, eval.as_ref());
        Ok(PyStudy { cfg, eval, key })
    }

    /// Games in the study.
    #[getter]
    fn games(&self) -> u32 {
        self.cfg.sim.games
    }

    /// The master seed.
    #[getter]
    fn seed(&self) -> u64 {
        self.cfg.sim.seed
    }

    /// Plays games ``start`` to ``stop`` (excluded) on ``threads`` threads (default: one per
    /// core), without the GIL, and returns their records as bytes: a shard for
    /// :meth:`summary`. Raises NeferError on a range outside the study or empty.
    #[pyo3(signature = (start, stop, threads=None))]
    fn play<'py>(
        &self,
        py: Python<'py>,
        start: u64,
        stop: u64,
        threads: Option<usize>,
    ) -> PyResult<Bound<'py, PyBytes>> {
        let pool = thread_pool(threads)?;
        let shard = py
            .detach(|| pool.install(|| Shard::play(&self.cfg, &self.eval, start, stop)))
            .map_err(err)?;
        Ok(PyBytes::new(py, &shard.to_bytes()))
    }

    /// The study's metrics from the shards (bytes of :meth:`play`, from this process or
    /// others) that cover its games once each, in any order: the dict of ``nefer.study``.
    /// Raises NeferError on a shard of another study (another seed, players, options,
    /// version...) or that is not a shard, and on games left out or played twice.
    fn summary<'py>(
        &self,
        py: Python<'py>,
        shards: Vec<Bound<'py, PyAny>>,
    ) -> PyResult<Bound<'py, PyAny>> {
        let shards = shards
            .iter()
            .enumerate()
            .map(|(i, b)| {
                let bytes = b.cast::<PyBytes>().map_err(|_| {
                    err(format!(
                        "shard {i} is not bytes but {}: give the values Study.play returns",
                        b.get_type()
                            .name()
                            .map_or("?".to_owned(), |n| n.to_string())
                    ))
                })?;
                Shard::from_bytes(bytes.as_bytes(), i).map_err(err)
            })
            .collect::<PyResult<Vec<_>>>()?;
        let text = py
            .detach(|| -> Result<String, ShardError> {
                let records = Shard::merge(&self.key, shards)?;
                let unit = Unit::of(self.cfg.sim.duplicate);
                let s = StudySummary::of_units(&records, unit);
                Ok(study_json(&self.cfg, &self.key, &s).to_string())
            })
            .map_err(err)?;
        // JSON's shortest round-trip floats read back exactly: the figures are Rust's.
        py.import("json")?.call_method1("loads", (text,))
    }

    /// ``(Study, arguments)``: a study pickles as the arguments that make it.
    fn __reduce__<'py>(slf: &Bound<'py, Self>) -> PyResult<Bound<'py, PyAny>> {
        let s = slf.get();
        let c = &s.cfg;
        let args = (
            c.sim.rules.key(),
            c.sim.a.to_string(),
            c.sim.b.to_string(),
            c.sim.games,
            c.sim.seed,
            c.sim.options.to_string(),
            c.interaction,
            c.win_chances,
            c.sim.duplicate,
        );
        (slf.get_type(), args)
            .into_pyobject(slf.py())
            .map(|t| t.into_any())
    }

    fn __repr__(&self) -> String {
        let c = &self.cfg;
        format!(
            "Study('{}', '{}', '{}', games={}, seed={}, options='{}', interaction={}, win_chances={}, duplicate={})",
            c.sim.rules.key(),
            c.sim.a,
            c.sim.b,
            c.sim.games,
            c.sim.seed,
            c.sim.options,
            if c.interaction { "True" } else { "False" },
            c.win_chances.map_or("None".to_owned(), |d| d.to_string()),
            if c.sim.duplicate { "True" } else { "False" },
        )
    }
}

/// A study's dict: what was studied, then the blocks of a `study.json` row.
fn study_json(cfg: &StudyConfig, key: &StudyKey, s: &StudySummary) -> serde_json::Value {
    serde_json::json!({
        "rules": key.rules,
        "options": key.options,
        "a": key.a,
        "b": key.b,
        "games": s.games,
        "seed": cfg.sim.seed,
        "duplicate": cfg.sim.duplicate,
        "unit": study_json::unit(s.unit),
        "depth": cfg.win_chances,
        "evaluator": key.evaluator,
        "outcome": study_json::outcome(s),
        "duration": study_json::duration(s),
        "decisions": study_json::decisions(s),
        "interaction": study_json::interaction(s),
        "win_chances": s.chances.as_ref().map(study_json::chances),
    })
}

/// The most decisions an analysis or a review searches for each value: each level costs five to
/// fifteen times the one before, and 4 already takes tenths of a second a position in Senet.
const MAX_DEPTH: u32 = 4;

/// What values positions for `game`: the network of the weights file at `weights` (checked to
/// know the game's rules and options), or the game's default — the exact race tables where
/// they are built, the shipped network where one knows the options, else the hand-written
/// evaluation.
fn evaluator_for(game: &AnyGame, weights: Option<&str>) -> PyResult<Arc<dyn Evaluator>> {
    let Some(path) = weights else {
        return Ok(default_evaluator(game));
    };
    let net = Neural::load(Path::new(path)).map_err(|e| err(format!("{path}: {e}")))?;
    if !net.supports(game) {
        let h = &net.weights().header;
        return Err(err(format!(
            "{path}: the network was trained for {} ({}), not for this game's rules ({} ({}))",
            h.rules,
            h.options,
            game.rule_set(),
            game.options()
        )));
    }
    Ok(Arc::new(net))
}

/// A depth from 1 to [`MAX_DEPTH`], or a NeferError that says so.
fn checked_depth(depth: u32) -> PyResult<u32> {
    if (1..=MAX_DEPTH).contains(&depth) {
        Ok(depth)
    } else {
        Err(err(format!("depth {depth}: from 1 to {MAX_DEPTH}")))
    }
}

/// `value` as Python objects, through its JSON form (the command line's `--json` and the
/// server's answer are the same objects).
fn to_python<'py>(py: Python<'py>, value: &impl serde::Serialize) -> PyResult<Bound<'py, PyAny>> {
    let text = serde_json::to_string(value).map_err(err)?;
    py.import("json")?.call_method1("loads", (text,))
}

/// The analysis of `game`'s position: every choice valued by an expectimax search `depth`
/// decisions deep (1 to 4) on the game's default evaluator or the network of the weights file
/// `weights`. Returns the dict ``nefer analyze --json`` prints: ``kind`` (``decide``,
/// ``throw``, ``over``), ``seat``, ``win_chance``, ``best_move``, ``moves`` (each ``move``,
/// ``win_chance`` and ``loss`` against the best, best first), ``outcomes`` at a throw,
/// ``evaluator`` and whether the chances are ``calibrated``. The GIL is released while it
/// searches.
#[pyfunction]
#[pyo3(signature = (game, depth=DEFAULT_DEPTH, weights=None))]
fn analyze<'py>(
    py: Python<'py>,
    game: &PyGame,
    depth: u32,
    weights: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let depth = checked_depth(depth)?;
    let eval = evaluator_for(&game.game, weights)?;
    let g = &game.game;
    let a = py.detach(|| analysis::analyze(g, depth, eval));
    to_python(py, &a)
}

/// The review of a recorded game (an ``.ngr`` record's text, or ``game.record()``): each
/// decision's loss against the best move and its mark, each throw's luck, each seat's accuracy,
/// error rate and luck-adjusted result, the win-chance graph and the key moments. Returns the
/// dict ``nefer review --json`` prints (docs/dev/review.md). The GIL is released while it
/// works; a Senet game takes one to three seconds at the default depth (3; 2 is ten times faster).
#[pyfunction]
#[pyo3(name = "review", signature = (record, depth=analysis::REVIEW_DEPTH, weights=None))]
fn review_record<'py>(
    py: Python<'py>,
    record: &str,
    depth: u32,
    weights: Option<&str>,
) -> PyResult<Bound<'py, PyAny>> {
    let depth = checked_depth(depth)?;
    let record = parse_record(record)?;
    let (start, actions) = review::record_actions(&record).map_err(err)?;
    let eval = evaluator_for(&start, weights)?;
    let r = py
        .detach(|| review::review(&start, &actions, depth, eval, &|_, _| {}))
        .map_err(err)?;
    to_python(py, &r)
}

/// The chances of `seat` (``"A"`` or ``"B"``; by default the seat to act, or A at a draw of who
/// starts) in `game`'s position, as the evaluator values it without search: a dict with
/// ``win``, ``draw``, ``loss`` and ``evaluator`` (``race-tables``, ``neural`` …). Raises
/// NeferError where the evaluator only ranks positions (the hand-written evaluation, for
/// options no network knows).
#[pyfunction]
#[pyo3(signature = (game, seat=None, weights=None))]
fn win_chances<'py>(
    py: Python<'py>,
    game: &PyGame,
    seat: Option<&str>,
    weights: Option<&str>,
) -> PyResult<Bound<'py, PyDict>> {
    let g = &game.game;
    let seat = match seat {
        None => match g.status() {
            Status::Decide { seat, .. } | Status::Chance { seat: Some(seat) } => seat,
            _ => Seat::A,
        },
        Some("A") => Seat::A,
        Some("B") => Seat::B,
        Some(s) => return Err(err(format!("seat {s:?}: \"A\" or \"B\""))),
    };
    let eval = evaluator_for(g, weights)?;
    let c = eval.chances(g, seat).ok_or_else(|| {
        err(format!(
            "the {} evaluation of this {} game only ranks positions: it knows no chances",
            eval.name(),
            g.rule_set()
        ))
    })?;
    let d = PyDict::new(py);
    d.set_item("win", c.win)?;
    d.set_item("draw", c.draw)?;
    d.set_item("loss", (1.0 - c.win - c.draw).max(0.0))?;
    d.set_item("seat", seat_str(seat))?;
    d.set_item("evaluator", eval.name())?;
    Ok(d)
}

/// The Rust part of the `nefer` package.
#[pymodule]
fn _nefer(m: &Bound<'_, PyModule>) -> PyResult<()> {
    m.add("NeferError", m.py().get_type::<NeferError>())?;
    m.add("__version__", env!("CARGO_PKG_VERSION"))?;
    m.add_class::<RuleSet>()?;
    m.add_class::<PyGame>()?;
    m.add_class::<PyPlayer>()?;
    m.add_class::<PyStudy>()?;
    m.add_function(wrap_pyfunction!(rule_sets, m)?)?;
    m.add_function(wrap_pyfunction!(levels, m)?)?;
    m.add_function(wrap_pyfunction!(playouts, m)?)?;
    m.add_function(wrap_pyfunction!(sim, m)?)?;
    m.add_function(wrap_pyfunction!(analyze, m)?)?;
    m.add_function(wrap_pyfunction!(review_record, m)?)?;
    m.add_function(wrap_pyfunction!(win_chances, m)?)?;
    m.add_function(wrap_pyfunction!(observation_size, m)?)?;
    m.add("NUM_MOVE_CODES", NUM_MOVE_CODES)?;
    m.add("NUM_CHANCE_CODES", NUM_CHANCE_CODES)?;
    Ok(())
}
