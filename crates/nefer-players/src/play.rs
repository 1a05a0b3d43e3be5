//! A match: one game of two seats, its dice and its history, with no transport around it.
//!
//! The loop "throw the sticks, ask the seat's player, apply, record" is written here once for
//! every front end: the terminal game (`nefer play`), the play server's games and anything that
//! replays or reviews a game. A [`Match`] holds
//!
//! - the game ([`AnyGame`]) and the state it started from;
//! - its history: every action with who took it, how the sticks fell and how many legal moves
//!   the decision offered ([`Entry`]);
//! - the [`Dice`]: where the throws come from — seeded ([`SeededDice`], ChaCha8) or scripted
//!   ([`ScriptedDice`], for tests);
//! - the seats' players: a computer [`Player`], or `None` where a person acts from outside.
//!
//! A person's move, or a chance outcome decided elsewhere (a record, sticks thrown by hand),
//! comes in through [`Match::act`] / [`Match::act_throw`]; [`Match::throw`] lets the dice decide
//! the outcome that is due; [`Match::play_computers`] lets the computer seats (and the random
//! seat draws of C-9) play until a person must act or the game is over. [`Match::undo`] goes
//! back to a seat's last real decision keeping the throw that stands, and puts the dice back
//! where they were, so that the same throws follow: a person cannot fish for throws by undoing.
//!
//! The computer seats are played by [`nefer_core::game::play_out`], the one playout loop of
//! the workspace, with a [`Playout`] that records; the simulator ([`crate::sim`]) drives the
//! same loop without recording.
//!
//! ```
//! use nefer_core::{Action, ByPlayer, Options, RuleSetId};
//! use nefer_players::play::{Match, Next, SeededDice};
//! use nefer_players::{PlayerSpec, sorted_moves};
//!
//! // A person in seat A against `greedy` in seat B; the sticks are seeded.
//! let players = ByPlayer([None, Some(PlayerSpec::Greedy.build(7))]);
//! let dice = Box::new(SeededDice::new(1));
//! let mut m = Match::new(RuleSetId::SenetSchool, Options::new(), players, dice)?;
//! while m.outcome().is_none() {
//!     match m.next() {
//!         // The person throws (the dice decide) and always takes the first move listed.
//!         Next::Throw(_) => {
//!             m.throw()?;
//!         }
//!         Next::Decide(_) => {
//!             m.act(Action::Move(sorted_moves(m.game())[0]))?;
//!         }
//!         // Seat B's throws and moves.
//!         _ => {
//!             m.play_computers()?;
//!         }
//!     }
//! }
//! // The record replays to the same game; the position after any ply can be rebuilt.
//! let again = Match::from_record(&m.to_record(), ByPlayer::default(), Box::new(SeededDice::new(1)))?;
//! assert_eq!(again.game(), m.game());
//! assert_eq!(m.position_after(0)?, *m.start());
//! # Ok::<(), nefer_players::play::MatchError>(())
//! ```

use core::fmt;
use core::str::FromStr;

use nefer_core::game::{Playout, draw_seat, play_out};
use nefer_core::notation::ParseError;
use nefer_core::options::{Common, Dice as Thrown};
use nefer_core::record::{POSITION_HEADER, action_token, legal_strings, play_token, start_of};
use nefer_core::{
    Action, AnyGame, ByPlayer, Chance, DicePair, Game, Move, MoveList, Options, Outcome, PlayError,
    Record, ReplayError, RuleSetId, Seat, Status, StickBias, Sticks,
};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::Player;

/// Where a match's throws come from.
///
/// A source is a sequence: each throw or seat draw takes the next outcome, and
/// [`Dice::position`] / [`Dice::seek`] go back to an earlier point of it so that the same
/// outcomes come again (undo replays the same throws).
pub trait Dice: Send {
    /// Throws the four sticks with `bias`; `None` when the source has no throw to give.
    fn throw(&mut self, bias: StickBias) -> Option<Sticks>;

    /// Draws a seat fairly (who throws first, C-9); `None` when the source has no seat to give.
    fn seat(&mut self) -> Option<Seat>;

    /// Throws Washburne's two d4 (`hj.washburne.dice=two_d4`, SPEC R-5); `None` when the source
    /// has no such throw to give.
    fn two_d4(&mut self) -> Option<DicePair>;

    /// How far the sequence has gone, for [`Dice::seek`].
    fn position(&self) -> u64;

    /// Goes back (or on) to a point that [`Dice::position`] gave.
    fn seek(&mut self, position: u64);
}

/// Seeded dice: ChaCha8 (a named, portable algorithm), so a seed gives the same throws on every
/// machine.
///
/// A throw is [`StickBias::throw`] and a seat draw [`draw_seat`] on the generator: exactly what
/// every rule set's [`Game::sample_chance`] draws, so a game sampled through the game from the
/// same generator (as the simulator does, [`crate::sim::play_one`]) gets the same outcomes.
#[derive(Clone, Debug)]
pub struct SeededDice {
    rng: ChaCha8Rng,
}

impl SeededDice {
    /// Dice seeded with `seed` (`ChaCha8Rng::seed_from_u64`).
    pub fn new(seed: u64) -> SeededDice {
        SeededDice::from_rng(ChaCha8Rng::seed_from_u64(seed))
    }

    /// Dice drawing from `rng` (e.g. seeded from the operating system, or with a full 256-bit
    /// secret seed).
    pub fn from_rng(rng: ChaCha8Rng) -> SeededDice {
        SeededDice { rng }
    }
}

impl Dice for SeededDice {
    fn throw(&mut self, bias: StickBias) -> Option<Sticks> {
        Some(bias.throw(&mut self.rng))
    }

    fn seat(&mut self) -> Option<Seat> {
        Some(draw_seat(&mut self.rng))
    }

    fn two_d4(&mut self) -> Option<DicePair> {
        Some(DicePair::throw(&mut self.rng))
    }

    /// The generator's position in 32-bit words (2^64 words are beyond any game).
    fn position(&self) -> u64 {
        u64::try_from(self.rng.get_word_pos()).unwrap_or(u64::MAX)
    }

    fn seek(&mut self, position: u64) {
        self.rng.set_word_pos(u128::from(position));
    }
}

/// Dice that give a fixed list of outcomes, in order: for tests, and for replaying throws
/// decided elsewhere. A throw is shown as [`Sticks::showing`] its score.
///
/// ```
/// use nefer_core::Seat;
/// use nefer_players::play::{Dice, ScriptedDice};
///
/// let mut d: ScriptedDice = "A 3 5".parse().unwrap();
/// assert_eq!(d.seat(), Some(Seat::A));
/// assert_eq!(d.throw(Default::default()).map(|s| s.score().value()), Some(3));
/// // A seat is asked where a throw comes next: nothing is given, nothing is used up.
/// assert_eq!(d.seat(), None);
/// assert_eq!(d.throw(Default::default()).map(|s| s.score().value()), Some(5));
/// assert_eq!(d.throw(Default::default()), None);
/// ```
#[derive(Clone, Debug, Default, PartialEq, Eq)]
pub struct ScriptedDice {
    outcomes: Vec<Chance>,
    next: usize,
}

impl ScriptedDice {
    /// Dice that give `outcomes` in order, then nothing.
    pub fn new(outcomes: impl IntoIterator<Item = Chance>) -> ScriptedDice {
        ScriptedDice {
            outcomes: outcomes.into_iter().collect(),
            next: 0,
        }
    }

    /// The outcomes not given yet.
    pub fn left(&self) -> &[Chance] {
        &self.outcomes[self.next.min(self.outcomes.len())..]
    }

    /// The next outcome as `kind` reads it, used up only when it is of that kind (`kind` gives
    /// `None` for another): what each question of [`Dice`] asks.
    fn give<T>(&mut self, kind: impl FnOnce(Chance) -> Option<T>) -> Option<T> {
        let given = kind(*self.left().first()?)?;
        self.next += 1;
        Some(given)
    }
}

impl FromStr for ScriptedDice {
    type Err = ParseError;

    /// Chance tokens (NOTATION §4) separated by whitespace: `A 3 2 5`.
    fn from_str(s: &str) -> Result<ScriptedDice, ParseError> {
        s.split_whitespace()
            .map(str::parse)
            .collect::<Result<Vec<Chance>, _>>()
            .map(ScriptedDice::new)
    }
}

impl Dice for ScriptedDice {
    fn throw(&mut self, _bias: StickBias) -> Option<Sticks> {
        self.give(|c| match c {
            Chance::Throw(t) => Some(Sticks::showing(t)),
            Chance::Seat(_) | Chance::Dice(_) => None,
        })
    }

    fn seat(&mut self) -> Option<Seat> {
        self.give(|c| match c {
            Chance::Seat(s) => Some(s),
            Chance::Throw(_) | Chance::Dice(_) => None,
        })
    }

    fn two_d4(&mut self) -> Option<DicePair> {
        self.give(|c| match c {
            Chance::Dice(d) => Some(d),
            Chance::Throw(_) | Chance::Seat(_) => None,
        })
    }

    fn position(&self) -> u64 {
        self.next as u64
    }

    fn seek(&mut self, position: u64) {
        self.next = usize::try_from(position).unwrap_or(usize::MAX);
    }
}

/// One action of a match with what its history shows of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The action.
    pub action: Action,
    /// The seat that threw or moved; `None` for a random seat draw.
    pub seat: Option<Seat>,
    /// How the sticks fell, for a throw the dice made or sticks given from outside (a record
    /// keeps only the score).
    pub sticks: Option<Sticks>,
    /// The number of legal moves at the decision this move answered (0 for chance): undo goes
    /// back over forced moves to a real choice.
    pub choices: usize,
}

/// What a match waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Next {
    /// The dice: a random seat draw, or a computer seat's throw ([`Match::step`]).
    Dice,
    /// A computer seat's decision ([`Match::step`]).
    Computer(Seat),
    /// A person's throw: [`Match::throw`] (the dice decide) or [`Match::act_throw`] /
    /// [`Match::act`] (thrown elsewhere).
    Throw(Seat),
    /// A person's decision: [`Match::act`] with a move.
    Decide(Seat),
    /// The game is over.
    Over(Outcome),
}

/// Why a match could not do what it was asked. The match is left as it was.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum MatchError {
    /// The rule set or options are not usable.
    #[error("{0}")]
    Setup(String),
    /// A record that does not replay.
    #[error(transparent)]
    Record(#[from] ReplayError),
    /// The action is not legal here.
    #[error("{} is not legal here; legal: {}", action_token(*action), legal.join(" "))]
    Illegal {
        /// The action tried.
        action: Action,
        /// What is legal here (moves, or chance outcomes), sorted.
        legal: Vec<String>,
    },
    /// A move was given where a chance outcome is due, or the reverse.
    #[error("the game waits for {expected}")]
    WrongKind {
        /// What the game waits for, in words.
        expected: &'static str,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// A throw was asked for where a seat must decide.
    #[error("no throw is due: seat {seat} must move (or pass) first")]
    NoThrowDue {
        /// The seat to decide.
        seat: Seat,
    },
    /// A computer player chose a move that is not legal (a bug in the player).
    #[error("seat {seat}'s player {player} chose {mv}, which is not legal here; legal: {}", legal.join(" "))]
    PlayerIllegal {
        /// The seat.
        seat: Seat,
        /// The player's name.
        player: String,
        /// The move it chose.
        mv: Move,
        /// What was legal.
        legal: Vec<String>,
    },
    /// The dice gave nothing (a scripted sequence ran out, or has the other kind next).
    #[error("the dice have no {due} to give")]
    DiceExhausted {
        /// What was due: `throw` or `seat draw`.
        due: &'static str,
    },
    /// A record that these dice did not throw ([`Match::resume`]).
    #[error("action {index}: the record says {recorded} where the dice give {drawn}")]
    NotTheseDice {
        /// Index of the action in the record (from 0).
        index: usize,
        /// The outcome in the record.
        recorded: Chance,
        /// The outcome the dice give.
        drawn: Chance,
    },
    /// Undo found no earlier decision of the seat with more than one legal move.
    #[error("there is no earlier decision of seat {seat} to undo")]
    NothingToUndo {
        /// The seat asking.
        seat: Seat,
    },
    /// A ply past the end of the history.
    #[error("ply {ply} is past the {played} actions played")]
    NoSuchPly {
        /// The ply asked for.
        ply: usize,
        /// Actions played so far.
        played: usize,
    },
}

/// The players of a match's seats: a computer player, or `None` where a person acts.
pub type Seats = ByPlayer<Option<Box<dyn Player>>>;

/// One game between two seats: the game, its history, its dice and its players.
///
/// See the [module documentation](self) for what it does and an example.
pub struct Match {
    options: Options,
    /// What the game throws and with which bias.
    common: Common,
    start: AnyGame,
    game: AnyGame,
    entries: Vec<Entry>,
    /// The dice's position before each entry: undo puts the dice back there.
    marks: Vec<u64>,
    dice: Box<dyn Dice>,
    players: Seats,
}

impl fmt::Debug for Match {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.debug_struct("Match")
            .field("rules", &self.rules())
            .field("options", &self.options)
            .field("plies", &self.entries.len())
            .field("status", &self.game.status())
            .field("computers", &Seat::BOTH.map(|s| self.is_computer(s)))
            .finish_non_exhaustive()
    }
}

impl Match {
    /// A match of `rules` with `options` at its start, nothing played yet (not even a random
    /// seat draw: [`Match::play_computers`] or [`Match::throw`] makes it).
    ///
    /// # Errors
    /// An unknown option, or a value that is not allowed or not implemented.
    pub fn new(
        rules: RuleSetId,
        options: Options,
        players: Seats,
        dice: Box<dyn Dice>,
    ) -> Result<Match, MatchError> {
        let start = rules
            .new_game(&options)
            .map_err(|e| MatchError::Setup(e.to_string()))?;
        Ok(Match::starting_at(start, options, players, dice))
    }

    /// A match that starts from the position `start` (a game set up for analysis, read from a
    /// position string, docs/dev/positions.md), nothing played yet. Its record names that
    /// start in a `position:` header ([`Match::to_record`]).
    ///
    /// ```
    /// use nefer_core::{AnyGame, ByPlayer};
    /// use nefer_players::play::{Match, SeededDice};
    ///
    /// let start: AnyGame = "senet.kendall A:5,28,off*5 B:1,26,off*5 B 2".parse()?;
    /// let mut m = Match::from_position(start, ByPlayer::default(), Box::new(SeededDice::new(1)));
    /// m.act("26-28".parse::<nefer_core::Move>().map(nefer_core::Action::Move)?)?;
    /// let record = m.to_record();
    /// assert_eq!(record.header("position"), Some("senet.kendall A:5,28,off*5 B:1,26,off*5 B 2"));
    /// let again = Match::from_record(&record, ByPlayer::default(), Box::new(SeededDice::new(1)))?;
    /// assert_eq!(again.game(), m.game());
    /// # Ok::<(), Box<dyn std::error::Error>>(())
    /// ```
    pub fn from_position(start: AnyGame, players: Seats, dice: Box<dyn Dice>) -> Match {
        let options = start.options();
        Match::starting_at(start, options, players, dice)
    }

    /// A match from `start`, a game of `options` (as given: a record writes them back).
    fn starting_at(start: AnyGame, options: Options, players: Seats, dice: Box<dyn Dice>) -> Match {
        Match {
            common: *start.common(),
            options,
            game: start.clone(),
            start,
            entries: Vec::new(),
            marks: Vec::new(),
            dice,
            players,
        }
    }

    /// The match a record describes, its actions replayed; the dice are not used for them.
    ///
    /// # Errors
    /// An unknown rule set or option, or an action that is malformed or illegal (naming its
    /// index, the token and what was legal there).
    pub fn from_record(
        record: &Record,
        players: Seats,
        dice: Box<dyn Dice>,
    ) -> Result<Match, MatchError> {
        Match::replay_record(record, players, dice, false)
    }

    /// A match these dice played, stored as a record: its actions are replayed and every chance
    /// outcome is drawn again from the dice, which must give what the record says. The dice
    /// then stand where they stood and the game goes on with the same throws (a game reloaded
    /// after a restart), and a record can be checked against the seed it was thrown with.
    ///
    /// # Errors
    /// As [`Match::from_record`]; [`MatchError::NotTheseDice`] where the dice give another
    /// outcome than the record, [`MatchError::DiceExhausted`] where they give none.
    pub fn resume(
        record: &Record,
        players: Seats,
        dice: Box<dyn Dice>,
    ) -> Result<Match, MatchError> {
        Match::replay_record(record, players, dice, true)
    }

    fn replay_record(
        record: &Record,
        players: Seats,
        dice: Box<dyn Dice>,
        redraw: bool,
    ) -> Result<Match, MatchError> {
        let start = start_of(record)?;
        let mut m = Match::starting_at(start, record.options.clone(), players, dice);
        for token in &record.actions {
            m.replay_token(token, None, redraw)?;
        }
        Ok(m)
    }

    /// Applies the next action of a stored game, given as its token (NOTATION §4), as a record
    /// or a database holds it. With `redraw`, a chance outcome is drawn again from the dice,
    /// which must give the stored one (a game these dice threw: the dice then stand where they
    /// stood, [`Match::resume`]); otherwise it is taken as given, keeping `sticks` (how they
    /// fell) where they show the stored score.
    ///
    /// # Errors
    /// A malformed or illegal token ([`ReplayError::Illegal`], its index the length of the
    /// history), [`MatchError::NotTheseDice`] or [`MatchError::DiceExhausted`] with `redraw`;
    /// the match is then unchanged.
    pub fn replay_token(
        &mut self,
        token: &str,
        sticks: Option<Sticks>,
        redraw: bool,
    ) -> Result<Entry, MatchError> {
        let index = self.entries.len();
        let before = self.decider();
        let mark = self.dice.position();
        let mut game = self.game.clone();
        let action = play_token(&mut game, index, token)?;
        let sticks = match action {
            Action::Chance(recorded) if redraw => {
                let drawn = draw(&mut *self.dice, &self.common, before.0);
                match drawn {
                    Ok((drawn, s)) if drawn == recorded => s,
                    Ok((drawn, _)) => {
                        self.dice.seek(mark);
                        return Err(MatchError::NotTheseDice {
                            index,
                            recorded,
                            drawn,
                        });
                    }
                    Err(e) => {
                        self.dice.seek(mark);
                        return Err(e);
                    }
                }
            }
            Action::Chance(Chance::Throw(t)) => sticks.filter(|s| s.score() == t),
            _ => None,
        };
        self.game = game;
        Ok(self.push(action, before, sticks, mark))
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSetId {
        self.game.rule_set()
    }

    /// The rule options.
    pub fn options(&self) -> &Options {
        &self.options
    }

    /// The law of the sticks (C-1), read once from the options.
    pub fn bias(&self) -> StickBias {
        self.common.bias
    }

    /// The state the match started from.
    pub fn start(&self) -> &AnyGame {
        &self.start
    }

    /// The position string of the start where the match did not start at the rule set's
    /// start ([`Match::from_position`]); `None` for a match from the start.
    pub fn start_position(&self) -> Option<String> {
        let at_start = self.rules().new_game(&self.options).as_ref() == Ok(&self.start);
        (!at_start).then(|| self.start.position())
    }

    /// The state now.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// Every action so far, in order.
    pub fn history(&self) -> &[Entry] {
        &self.entries
    }

    /// What the state waits for.
    pub fn status(&self) -> Status {
        self.game.status()
    }

    /// The result, once the game is over.
    pub fn outcome(&self) -> Option<Outcome> {
        self.game.outcome()
    }

    /// The seat whose throw or decision is due (`None` for a random seat draw or when over).
    pub fn to_act(&self) -> Option<Seat> {
        match self.game.status() {
            Status::Chance { seat } => seat,
            Status::Decide { seat, .. } => Some(seat),
            Status::Over(_) => None,
        }
    }

    /// What the match waits for, and from whom.
    pub fn next(&self) -> Next {
        match self.game.status() {
            Status::Over(o) => Next::Over(o),
            Status::Chance { seat: None } => Next::Dice,
            Status::Chance { seat: Some(s) } if self.is_computer(s) => Next::Dice,
            Status::Chance { seat: Some(s) } => Next::Throw(s),
            Status::Decide { seat, .. } if self.is_computer(seat) => Next::Computer(seat),
            Status::Decide { seat, .. } => Next::Decide(seat),
        }
    }

    /// Whether a computer player holds `seat`.
    pub fn is_computer(&self, seat: Seat) -> bool {
        self.players[seat].is_some()
    }

    /// The computer player of `seat`, if one holds it.
    pub fn player(&self, seat: Seat) -> Option<&dyn Player> {
        self.players[seat].as_deref()
    }

    /// Takes `seat`'s player out (to let it think on another thread, say); the seat is a
    /// person's until [`Match::set_player`] puts one back.
    pub fn take_player(&mut self, seat: Seat) -> Option<Box<dyn Player>> {
        self.players[seat].take()
    }

    /// Gives `seat` a computer player, or to a person (`None`).
    pub fn set_player(&mut self, seat: Seat, player: Option<Box<dyn Player>>) {
        self.players[seat] = player;
    }

    /// The seat acting now and the number of its legal moves (0 at chance).
    fn decider(&self) -> (Option<Seat>, usize) {
        match self.game.status() {
            Status::Chance { seat } => (seat, 0),
            Status::Decide { seat, .. } => {
                let mut moves = MoveList::new();
                self.game.legal_moves(&mut moves);
                (Some(seat), moves.len())
            }
            Status::Over(_) => (None, 0),
        }
    }

    fn push(
        &mut self,
        action: Action,
        (seat, choices): (Option<Seat>, usize),
        sticks: Option<Sticks>,
        mark: u64,
    ) -> Entry {
        let e = Entry {
            action,
            seat,
            sticks,
            choices,
        };
        self.entries.push(e);
        self.marks.push(mark);
        e
    }

    /// Applies an action decided outside the match: a person's move, a computer move chosen
    /// elsewhere, or a chance outcome given from outside (a record, sticks thrown by hand). The
    /// dice are not used.
    ///
    /// # Errors
    /// An action that is not legal here, of the wrong kind, or a game over; the match is then
    /// unchanged.
    pub fn act(&mut self, action: Action) -> Result<Entry, MatchError> {
        self.apply(action, None)
    }

    /// Applies a throw made outside the match (sticks thrown by hand, a stored game), keeping how
    /// the sticks fell.
    ///
    /// # Errors
    /// No throw is due, or the game is over; the match is then unchanged.
    pub fn act_throw(&mut self, sticks: Sticks) -> Result<Entry, MatchError> {
        self.throw_due()?;
        self.apply(Action::Chance(Chance::Throw(sticks.score())), Some(sticks))
    }

    fn apply(&mut self, action: Action, sticks: Option<Sticks>) -> Result<Entry, MatchError> {
        let before = self.decider();
        self.game
            .apply(action)
            .map_err(|e| refusal(&self.game, action, e))?;
        let mark = self.dice.position();
        Ok(self.push(action, before, sticks, mark))
    }

    /// `Ok` where a chance outcome is due.
    fn throw_due(&self) -> Result<(), MatchError> {
        match self.game.status() {
            Status::Chance { .. } => Ok(()),
            Status::Decide { seat, .. } => Err(MatchError::NoThrowDue { seat }),
            Status::Over(_) => Err(MatchError::GameOver),
        }
    }

    /// Lets the dice decide the chance outcome that is due: the throw of whichever seat must
    /// throw, or a random seat draw.
    ///
    /// # Errors
    /// No chance outcome is due, or the dice give none; the match is then unchanged.
    pub fn throw(&mut self) -> Result<Entry, MatchError> {
        self.throw_due()?;
        let before = self.decider();
        let mark = self.dice.position();
        let (c, sticks) = draw(&mut *self.dice, &self.common, before.0)?;
        if let Err(e) = self.game.play_chance(c) {
            self.dice.seek(mark);
            return Err(refusal(&self.game, Action::Chance(c), e));
        }
        Ok(self.push(Action::Chance(c), before, sticks, mark))
    }

    /// Makes the next action that no person has to make: a random seat draw, a computer seat's
    /// throw or its decision. `None` when a person must act or the game is over.
    ///
    /// # Errors
    /// The dice give nothing, or a computer player chose an illegal move (not applied).
    pub fn step(&mut self) -> Result<Option<Entry>, MatchError> {
        let n = self.entries.len();
        self.run_computers(1)?;
        Ok(self.entries.get(n).copied())
    }

    /// Lets the dice and the computer seats play until a person must act or the game is over;
    /// returns the actions they made.
    ///
    /// # Errors
    /// As [`Match::step`]; the actions made before the failure stay.
    pub fn play_computers(&mut self) -> Result<&[Entry], MatchError> {
        let n = self.entries.len();
        self.run_computers(usize::MAX)?;
        Ok(&self.entries[n..])
    }

    /// At most `limit` actions of the dice and the computer seats, through the shared playout
    /// loop.
    fn run_computers(&mut self, limit: usize) -> Result<(), MatchError> {
        let mut seats = Recording {
            dice: &mut *self.dice,
            players: &mut self.players,
            entries: &mut self.entries,
            marks: &mut self.marks,
            common: self.common,
            left: limit,
            error: None,
        };
        play_out(&mut self.game, &mut seats);
        seats.error.map_or(Ok(()), Err)
    }

    /// The index [`Match::undo`] would cut the history back to for `seat`: its last decision
    /// that offered a real choice (more than one legal move). Forced moves and passes are gone
    /// over, so undo never stops where nothing could be chosen.
    pub fn undo_point(&self, seat: Seat) -> Option<usize> {
        self.entries.iter().rposition(|e| {
            matches!(e.action, Action::Move(_)) && e.seat == Some(seat) && e.choices > 1
        })
    }

    /// Goes back to `seat`'s last real decision ([`Match::undo_point`]): the throw it answered
    /// stands, the seat decides again, and the dice go back to where they were, so the throws
    /// that follow are the same ones. Returns the new length of the history.
    ///
    /// # Errors
    /// No such decision; the match is then unchanged.
    pub fn undo(&mut self, seat: Seat) -> Result<usize, MatchError> {
        let keep = self
            .undo_point(seat)
            .ok_or(MatchError::NothingToUndo { seat })?;
        self.truncate(keep)?;
        Ok(keep)
    }

    /// Cuts the history back to its first `plies` actions, the dice with it.
    ///
    /// # Errors
    /// `plies` past the end of the history; the match is then unchanged.
    pub fn truncate(&mut self, plies: usize) -> Result<(), MatchError> {
        self.game = self.position_after(plies)?;
        if let Some(&mark) = self.marks.get(plies) {
            self.dice.seek(mark);
        }
        self.entries.truncate(plies);
        self.marks.truncate(plies);
        Ok(())
    }

    /// The state after the first `ply` actions (0: the start).
    ///
    /// # Errors
    /// `ply` past the end of the history.
    pub fn position_after(&self, ply: usize) -> Result<AnyGame, MatchError> {
        let played = self.entries.len();
        if ply > played {
            return Err(MatchError::NoSuchPly { ply, played });
        }
        if ply == played {
            return Ok(self.game.clone());
        }
        let mut g = self.start.clone();
        // Every entry was legal when it was played: no need to check it again.
        for e in &self.entries[..ply] {
            match e.action {
                Action::Chance(c) => g.play_chance_unchecked(c),
                Action::Move(m) => g.play_unchecked(m),
            }
        }
        Ok(g)
    }

    /// The record of the match: rule set, options and actions (add names, seeds and comments as
    /// headers), and the start position in a `position:` header where the match did not start
    /// at the rule set's start ([`Match::from_position`]).
    pub fn to_record(&self) -> Record {
        let mut r = Record::new(self.rules(), self.options.clone());
        if let Some(p) = self.start_position() {
            r.set_header(POSITION_HEADER, &p);
        }
        for e in &self.entries {
            r.push(e.action);
        }
        r
    }
}

/// The error of an action the game refused.
fn refusal(game: &AnyGame, action: Action, e: PlayError) -> MatchError {
    match e {
        PlayError::IllegalMove { .. } | PlayError::ImpossibleChance { .. } => MatchError::Illegal {
            action,
            legal: legal_strings(game),
        },
        PlayError::WrongKind { expected } => MatchError::WrongKind { expected },
        PlayError::GameOver => MatchError::GameOver,
    }
}

/// The outcome the dice give at a chance node where `seat` throws (`None`: a seat draw) what
/// `common` says the game throws.
fn draw(
    dice: &mut dyn Dice,
    common: &Common,
    seat: Option<Seat>,
) -> Result<(Chance, Option<Sticks>), MatchError> {
    match seat {
        Some(_) if common.dice == Thrown::TwoD4 => dice
            .two_d4()
            .map(|d| (Chance::Dice(d), None))
            .ok_or(MatchError::DiceExhausted { due: "throw" }),
        Some(_) => dice
            .throw(common.bias)
            .map(|s| (Chance::Throw(s.score()), Some(s)))
            .ok_or(MatchError::DiceExhausted { due: "throw" }),
        None => dice
            .seat()
            .map(|s| (Chance::Seat(s), None))
            .ok_or(MatchError::DiceExhausted { due: "seat draw" }),
    }
}

/// The dice and the computer seats of a match as a [`Playout`] that records every action; it
/// stops where a person must act, after `left` actions, or at the first error.
struct Recording<'m> {
    dice: &'m mut dyn Dice,
    players: &'m mut Seats,
    entries: &'m mut Vec<Entry>,
    marks: &'m mut Vec<u64>,
    common: Common,
    left: usize,
    error: Option<MatchError>,
}

impl Recording<'_> {
    fn record(&mut self, action: Action, seat: Option<Seat>, sticks: Option<Sticks>, n: usize) {
        self.entries.push(Entry {
            action,
            seat,
            sticks,
            choices: n,
        });
        self.left -= 1;
    }
}

impl Playout<AnyGame> for Recording<'_> {
    fn chance(&mut self, game: &AnyGame, seat: Option<Seat>) -> Option<Chance> {
        // A person's throw waits for the person.
        if self.left == 0 || seat.is_some_and(|s| self.players[s].is_none()) {
            return None;
        }
        let mark = self.dice.position();
        let drawn = draw(self.dice, &self.common, seat).and_then(|(c, sticks)| {
            // The unchecked playout applies what is returned: check the dice first.
            if game.chance_outcomes().iter().any(|&(o, _)| o == c) {
                Ok((c, sticks))
            } else {
                Err(MatchError::Illegal {
                    action: Action::Chance(c),
                    legal: legal_strings(game),
                })
            }
        });
        match drawn {
            Ok((c, sticks)) => {
                self.marks.push(mark);
                self.record(Action::Chance(c), seat, sticks, 0);
                Some(c)
            }
            Err(e) => {
                self.dice.seek(mark);
                self.error = Some(e);
                None
            }
        }
    }

    fn decide(&mut self, game: &AnyGame, seat: Seat) -> Option<Move> {
        if self.left == 0 {
            return None;
        }
        // A person's decision waits for the person.
        let player = self.players[seat].as_mut()?;
        let mut moves = MoveList::new();
        game.legal_moves(&mut moves);
        // The player is asked even when the move is forced: players that draw random numbers
        // then draw the same ones whatever the front end (the simulator asks too).
        let m = player.choose(game);
        if !moves.contains(&m) {
            self.error = Some(MatchError::PlayerIllegal {
                seat,
                player: player.name(),
                mv: m,
                legal: legal_strings(game),
            });
            return None;
        }
        self.marks.push(self.dice.position());
        self.record(Action::Move(m), Some(seat), None, moves.len());
        Some(m)
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{PlayerSpec, sorted_moves};
    use nefer_core::Throw;
    use proptest::prelude::*;

    fn computers(a: &str, b: &str, seed: u64) -> Seats {
        let p = |s: &str, k| Some(s.parse::<PlayerSpec>().unwrap().build(seed ^ k));
        ByPlayer([p(a, 1), p(b, 2)])
    }

    /// A match of `rules` (default options) between the computers `a` and `b` (see
    /// [`computers`]) with the dice seeded by `dice`, played to the end.
    fn computers_to_the_end(rules: RuleSetId, a: &str, b: &str, seed: u64, dice: u64) -> Match {
        let dice = Box::new(SeededDice::new(dice));
        let mut m = Match::new(rules, Options::new(), computers(a, b, seed), dice).unwrap();
        m.play_computers().unwrap();
        m
    }

    /// A match of `rules` (default options) between two people, with `dice`.
    fn people(rules: RuleSetId, dice: impl Dice + 'static) -> Match {
        Match::new(rules, Options::new(), ByPlayer::default(), Box::new(dice)).unwrap()
    }

    fn throw(v: u8) -> Action {
        Action::Chance(Chance::Throw(Throw::new(v).unwrap()))
    }

    /// Plays on until the game is over or `plies` actions were played: the dice and the
    /// computer seats as the match lets them, the person always taking the last move listed.
    fn play_on(m: &mut Match, plies: usize) {
        while m.history().len() < plies {
            match m.next() {
                Next::Over(_) => break,
                Next::Throw(_) => {
                    m.throw().unwrap();
                }
                Next::Decide(_) => {
                    let moves = sorted_moves(m.game());
                    m.act(Action::Move(moves[moves.len() - 1])).unwrap();
                }
                Next::Dice | Next::Computer(_) => {
                    m.step().unwrap();
                }
            }
        }
    }

    /// A person in seat A against random in seat B (see [`play_on`]), `plies` actions in.
    fn person_vs_random(rules: RuleSetId, seed: u64, plies: usize) -> Match {
        let players = ByPlayer([None, Some(PlayerSpec::Random.build(seed))]);
        let dice = Box::new(SeededDice::new(seed));
        let mut m = Match::new(rules, Options::new(), players, dice).unwrap();
        play_on(&mut m, plies);
        m
    }

    #[test]
    fn two_seeded_players_play_the_same_match_twice() {
        for &rules in RuleSetId::ALL {
            let play = |dice| computers_to_the_end(rules, "greedy", "random", 3, dice);
            let (a, b) = (play(9), play(9));
            assert!(a.outcome().is_some(), "{rules}: computers play to the end");
            assert_eq!(a.history(), b.history(), "{rules}");
            assert_eq!(a.game(), b.game(), "{rules}");
            assert_eq!(a.next(), Next::Over(a.outcome().unwrap()));
            // Another seed of the dice, another game.
            let c = play(10);
            assert_ne!(a.history(), c.history(), "{rules}");
        }
    }

    #[test]
    fn the_history_says_who_threw_how_and_how_many_choices_there_were() {
        let m = person_vs_random(RuleSetId::HjFrench, 4, 60);
        // hj.french draws who throws first (C-9): the dice, no seat.
        let first = m.history()[0];
        assert!(matches!(first.action, Action::Chance(Chance::Seat(_))));
        assert_eq!((first.seat, first.sticks, first.choices), (None, None, 0));
        let mut g = m.start().clone();
        for e in m.history() {
            let (seat, choices) = match g.status() {
                Status::Chance { seat } => (seat, 0),
                Status::Decide { seat, .. } => {
                    let mut moves = MoveList::new();
                    g.legal_moves(&mut moves);
                    (Some(seat), moves.len())
                }
                Status::Over(_) => unreachable!(),
            };
            assert_eq!((e.seat, e.choices), (seat, choices));
            if let Action::Chance(Chance::Throw(t)) = e.action {
                assert_eq!(
                    e.sticks.map(Sticks::score),
                    Some(t),
                    "the sticks show the throw"
                );
            }
            g.apply(e.action).unwrap();
        }
        assert_eq!(&g, m.game());
    }

    #[test]
    fn the_record_round_trips() {
        for &rules in RuleSetId::ALL {
            let m = person_vs_random(rules, 5, 120);
            let text = m.to_record().to_text();
            let r = Record::parse(&text).unwrap();
            let back =
                Match::from_record(&r, ByPlayer::default(), Box::new(SeededDice::new(0))).unwrap();
            assert_eq!(back.game(), m.game(), "{rules}");
            let actions = |m: &Match| m.history().iter().map(|e| e.action).collect::<Vec<_>>();
            assert_eq!(actions(&back), actions(&m), "{rules}");
            // Seats and choices are derived again; only the sticks' faces are not in a record.
            for (a, b) in back.history().iter().zip(m.history()) {
                assert_eq!((a.seat, a.choices), (b.seat, b.choices));
            }
            assert_eq!(back.to_record(), m.to_record());
        }
    }

    #[test]
    fn a_bad_record_is_an_error_naming_the_action() {
        let r = Record::parse("rules: senet.kendall\nactions: 2 12-14\n").unwrap();
        let e = Match::from_record(&r, ByPlayer::default(), Box::new(ScriptedDice::default()))
            .unwrap_err();
        assert!(
            matches!(
                &e,
                MatchError::Record(ReplayError::Illegal { index: 1, .. })
            ),
            "{e}"
        );
        assert!(e.to_string().contains("legal here: 14-16"), "{e}");
        let r = Record::parse("rules: senet.nope\nactions:\n").unwrap();
        let e = Match::from_record(&r, ByPlayer::default(), Box::new(ScriptedDice::default()))
            .unwrap_err();
        assert!(e.to_string().contains("unknown rule set"), "{e}");
        let r =
            Record::parse("rules: senet.kendall\noptions: senet.kendall.x=1\nactions:\n").unwrap();
        let e = Match::from_record(&r, ByPlayer::default(), Box::new(ScriptedDice::default()))
            .unwrap_err();
        assert!(e.to_string().contains("unknown option"), "{e}");
    }

    #[test]
    fn resuming_draws_the_same_throws_again_and_catches_other_dice() {
        let m = person_vs_random(RuleSetId::HjWalker, 6, 80);
        let r = m.to_record();
        // The person's seat stays a person's; seat B's player is not asked during the replay.
        let players = || ByPlayer([None, Some(PlayerSpec::Random.build(1))]);
        let mut resumed = Match::resume(&r, players(), Box::new(SeededDice::new(6))).unwrap();
        assert_eq!(
            resumed.history(),
            m.history(),
            "the sticks' faces come back too"
        );
        // The dice stand where they stood: the next throws are the ones the match would get.
        let mut on = person_vs_random(RuleSetId::HjWalker, 6, 120);
        on.truncate(80).unwrap();
        for _ in 0..20 {
            match resumed.next() {
                Next::Over(_) => break,
                // The same moves in both (B's player in `on` has drawn on for 80 plies).
                Next::Decide(_) | Next::Computer(_) => {
                    let moves = sorted_moves(resumed.game());
                    let mv = Action::Move(moves[moves.len() - 1]);
                    resumed.act(mv).unwrap();
                    on.act(mv).unwrap();
                }
                _ => assert_eq!(resumed.throw().unwrap(), on.throw().unwrap()),
            }
        }
        let e = Match::resume(&r, players(), Box::new(SeededDice::new(7))).unwrap_err();
        assert!(matches!(e, MatchError::NotTheseDice { .. }), "{e}");
        let e = Match::resume(&r, players(), Box::new(ScriptedDice::default())).unwrap_err();
        assert!(matches!(e, MatchError::DiceExhausted { .. }), "{e}");
    }

    #[test]
    fn stored_actions_replay_one_at_a_time_given_or_redrawn() {
        // A game whose first actions came from other dice (given as stored, sticks and all),
        // then from these dice (drawn again, checked).
        let m = person_vs_random(RuleSetId::SenetKendall, 3, 40);
        let tokens: Vec<String> = m.to_record().actions;
        let (given, drawn) = tokens.split_at(20);
        let mut dice = SeededDice::new(3);
        dice.seek(m.marks[20]);
        let mut back = people(RuleSetId::SenetKendall, dice);
        for (t, e) in given.iter().zip(m.history()) {
            back.replay_token(t, e.sticks, false).unwrap();
        }
        for t in drawn {
            back.replay_token(t, None, true).unwrap();
        }
        assert_eq!(
            back.history(),
            m.history(),
            "the sticks as they fell, both ways"
        );
        assert_eq!(back.game(), m.game());
        // Sticks that do not show the stored score are not kept.
        let mut other = people(RuleSetId::SenetKendall, ScriptedDice::default());
        let e = other
            .replay_token("2", Some(Sticks::from_bits(0b0111)), false)
            .unwrap();
        assert_eq!(e.sticks, None);
        // A refused token, or a throw the dice do not give, leaves the match as it was.
        let before = (other.game().clone(), other.history().to_vec());
        let e = other.replay_token("1-30", None, false).unwrap_err();
        assert!(
            matches!(
                &e,
                MatchError::Record(ReplayError::Illegal { index: 1, .. })
            ),
            "{e}"
        );
        let mut scripted = people(
            RuleSetId::SenetKendall,
            "3".parse::<ScriptedDice>().unwrap(),
        );
        let e = scripted.replay_token("2", None, true).unwrap_err();
        assert!(
            matches!(e, MatchError::NotTheseDice { index: 0, .. }),
            "{e}"
        );
        assert!(scripted.history().is_empty());
        // The dice were put back: the 3 is still to come.
        assert_eq!(
            scripted.replay_token("3", None, true).unwrap().action,
            throw(3)
        );
        assert_eq!((other.game().clone(), other.history().to_vec()), before);
    }

    #[test]
    fn scripted_dice_decide_the_throws() {
        // hj.french: B is drawn to throw first and searches for a 1 (SPEC §6.2): 3 misses,
        // A throws 2 and misses, B throws 1 and enters.
        let dice: ScriptedDice = "B 3 2 1".parse().unwrap();
        let mut m = people(RuleSetId::HjFrench, dice);
        assert_eq!(m.next(), Next::Dice);
        assert_eq!(m.play_computers().unwrap().len(), 1, "the seat draw only");
        assert_eq!(m.next(), Next::Throw(Seat::B));
        let tokens = |m: &Match| m.to_record().actions.join(" ");
        for _ in 0..3 {
            m.throw().unwrap();
        }
        assert_eq!(tokens(&m), "B 3 2 1");
        assert!(matches!(m.next(), Next::Decide(Seat::B)), "{:?}", m.next());
        // The script is spent: a throw that is due cannot be made, and nothing changes.
        m.act(Action::Move(sorted_moves(m.game())[0])).unwrap();
        let before = m.history().to_vec();
        if let Next::Throw(_) = m.next() {
            assert_eq!(
                m.throw().unwrap_err(),
                MatchError::DiceExhausted { due: "throw" }
            );
        }
        assert_eq!(m.history(), before);
    }

    #[test]
    fn illegal_actions_leave_the_match_unchanged() {
        let mut m = person_vs_random(RuleSetId::SenetKendall, 8, 0);
        assert_eq!(m.next(), Next::Throw(Seat::A));
        // A move where a throw is due, an impossible throw cannot be built: the wrong kind.
        let e = m.act(Action::Move(Move::Pass)).unwrap_err();
        assert_eq!(
            e,
            MatchError::WrongKind {
                expected: "a chance outcome"
            }
        );
        m.act(throw(2)).unwrap();
        // Only 14-16 is legal at Kendall's start after a 2.
        let before = (m.game().clone(), m.history().to_vec());
        let e = m.act(Action::Move(Move::squares(12, 14))).unwrap_err();
        assert_eq!(
            e,
            MatchError::Illegal {
                action: Action::Move(Move::squares(12, 14)),
                legal: vec!["14-16".into()],
            }
        );
        assert!(
            e.to_string()
                .contains("12-14 is not legal here; legal: 14-16")
        );
        assert_eq!(
            m.throw().unwrap_err(),
            MatchError::NoThrowDue { seat: Seat::A }
        );
        assert_eq!(
            m.act_throw(Sticks::from_bits(1)).unwrap_err(),
            MatchError::NoThrowDue { seat: Seat::A }
        );
        assert_eq!(
            m.act(throw(3)).unwrap_err(),
            MatchError::WrongKind { expected: "a move" }
        );
        assert_eq!((m.game().clone(), m.history().to_vec()), before);
        assert_eq!(
            m.undo(Seat::A).unwrap_err(),
            MatchError::NothingToUndo { seat: Seat::A }
        );
        assert_eq!(
            m.position_after(3).unwrap_err(),
            MatchError::NoSuchPly { ply: 3, played: 1 }
        );
        assert_eq!((m.game().clone(), m.history().to_vec()), before);
        // A game that is over takes nothing.
        let mut over = computers_to_the_end(RuleSetId::SenetSchool, "random", "random", 1, 1);
        assert_eq!(over.act(throw(1)).unwrap_err(), MatchError::GameOver);
        assert_eq!(over.throw().unwrap_err(), MatchError::GameOver);
        assert_eq!(over.step().unwrap(), None);
    }

    #[test]
    fn a_throw_from_outside_keeps_its_sticks() {
        let mut m = person_vs_random(RuleSetId::SenetKendall, 8, 0);
        let e = m.act_throw(Sticks::from_bits(0b1010)).unwrap();
        assert_eq!(e.action, throw(2));
        assert_eq!(
            (e.seat, e.sticks),
            (Some(Seat::A), Some(Sticks::from_bits(0b1010)))
        );
    }

    #[test]
    fn undo_keeps_the_throw_and_the_throws_that_follow() {
        let is_move = |e: &Entry| matches!(e.action, Action::Move(_));
        let throws = |es: &[Entry]| -> Vec<(Action, Option<Sticks>)> {
            es.iter()
                .filter(|e| !is_move(e))
                .map(|e| (e.action, e.sticks))
                .collect()
        };
        for &rules in RuleSetId::ALL {
            let mut m = person_vs_random(rules, 12, 150);
            assert!(
                m.outcome().is_none(),
                "{rules}: 150 plies do not end a game"
            );
            let keep = m.undo_point(Seat::A).expect("a real decision in 150 plies");
            let undone = m.history()[keep..].to_vec();
            // The point is the person's last real choice: later moves of A were forced.
            assert!(is_move(&undone[0]) && undone[0].seat == Some(Seat::A));
            assert!(undone[0].choices > 1);
            assert!(
                undone[1..]
                    .iter()
                    .all(|e| !is_move(e) || e.seat == Some(Seat::B) || e.choices == 1),
                "{rules}"
            );
            assert_eq!(m.undo(Seat::A).unwrap(), keep);
            assert_eq!(m.history().len(), keep);
            // The person decides again with the throw that stood.
            assert_eq!(m.next(), Next::Decide(Seat::A), "{rules}");
            assert_eq!(*m.game(), m.position_after(keep).unwrap());
            let last_throw = |es: &[Entry]| throws(es).last().copied();
            assert!(last_throw(m.history()).is_some());
            // Playing on brings the same throws again, in the same order (the random player
            // draws on, so its moves may differ; the sticks do not): compare with the same
            // match played on without the undo.
            play_on(&mut m, keep + 100);
            let longer = person_vs_random(rules, 12, keep + 100);
            assert_eq!(longer.history()[..keep + 1], m.history()[..keep + 1]);
            let again = throws(&m.history()[keep..]);
            let before = throws(&longer.history()[keep..]);
            let n = again.len().min(before.len());
            assert!(n > 10, "{rules}");
            assert_eq!(again[..n], before[..n], "{rules}");
        }
    }

    #[test]
    fn the_same_throw_after_undo_whatever_the_seat() {
        // Scripted: A throws 3, moves; B throws 2 (computer). Undo A: the 3 stands and the dice
        // give B the same 2 again.
        let mut m = Match::new(
            RuleSetId::SenetSchool,
            Options::new(),
            ByPlayer([None, Some(PlayerSpec::Random.build(1))]),
            Box::new("3 2 2 2 2".parse::<ScriptedDice>().unwrap()),
        )
        .unwrap();
        m.throw().unwrap();
        let moves = sorted_moves(m.game());
        assert!(moves.len() > 1, "a real choice: {moves:?}");
        m.act(Action::Move(moves[0])).unwrap();
        let played = m.play_computers().unwrap().to_vec();
        assert_eq!(played[0].action, throw(2));
        assert_eq!(m.undo(Seat::A).unwrap(), 1);
        assert_eq!(m.history()[0].action, throw(3));
        m.act(Action::Move(moves[1])).unwrap();
        assert_eq!(m.play_computers().unwrap()[0], played[0]);
    }

    #[test]
    fn a_computer_that_plays_illegally_is_an_error_not_a_panic() {
        struct Cheat;
        impl Player for Cheat {
            fn choose(&mut self, _: &AnyGame) -> Move {
                Move::squares(1, 30)
            }
            fn name(&self) -> String {
                "cheat".into()
            }
        }
        let mut m = Match::new(
            RuleSetId::SenetKendall,
            Options::new(),
            ByPlayer([Some(Box::new(Cheat) as Box<dyn Player>), None]),
            Box::new(SeededDice::new(2)),
        )
        .unwrap();
        let e = m.play_computers().unwrap_err();
        assert!(
            matches!(&e, MatchError::PlayerIllegal { seat: Seat::A, player, .. } if player == "cheat"),
            "{e}"
        );
        // The throw before it stands; the illegal move was not applied.
        assert_eq!(m.history().len(), 1);
        assert!(matches!(m.status(), Status::Decide { seat: Seat::A, .. }));
        // A person may take the seat over.
        m.set_player(Seat::A, None);
        assert_eq!(m.next(), Next::Decide(Seat::A));
        assert!(m.take_player(Seat::A).is_none());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(24))]

        /// Replaying to ply N gives the state after N actions, and truncating to N goes back
        /// there.
        #[test]
        fn replay_to_ply_n_is_the_state_after_n_actions(
            rules in proptest::sample::select(RuleSetId::ALL),
            seed in any::<u64>(),
            n in 0usize..200,
        ) {
            let m = person_vs_random(rules, seed, 200);
            let n = n.min(m.history().len());
            let stepped = person_vs_random(rules, seed, n);
            prop_assert_eq!(m.position_after(n).unwrap(), stepped.game().clone());
            let mut cut = person_vs_random(rules, seed, 200);
            cut.truncate(n).unwrap();
            prop_assert_eq!(cut.game(), stepped.game());
            prop_assert_eq!(cut.history(), stepped.history());
        }
    }
}
