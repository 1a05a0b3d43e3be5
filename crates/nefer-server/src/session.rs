//! A live game: what is the server's (the id, the mode, the seats and their tokens, the event
//! stream, the stored rows) around a [`Match`], which holds everything about the game itself
//! (the state and its start, the history with seats and sticks, the dice, the computer's
//! player, undo, replay).
//!
//! Every change goes through one path ([`Session::throw`], [`Session::play`],
//! [`Session::run_computer`], [`Session::undo`]): the match moves on, the new actions are
//! stored in one transaction, and if storing fails the match is cut back (the dice with it), so
//! that no one ever sees a state the database does not hold. The throws come from the game's
//! own dice ([`DiceSeed`], stored with the game): a restart or an undo brings the same throws.

use std::fmt;
use std::sync::Arc;
use std::time::{Duration, Instant};

use nefer_core::notation::ParseError;
use nefer_core::record::{action_token, legal_strings};
use nefer_core::{
    Action, AnyGame, Game, Move, MoveList, Options, Record, RuleSetId, Seat, Status, Sticks,
};
use nefer_players::PlayerSpec;
use nefer_players::play::{Entry, Match, MatchError, Next, SeededDice};
use rand::rngs::SysRng;
use rand::{Rng, RngExt, SeedableRng, TryRng};
use rand_chacha::ChaCha8Rng;
use sha2::{Digest, Sha256};
use tokio::sync::broadcast;

use crate::error::SessionError;
use crate::limits::{SearchBounds, SearchBudget};
use crate::store::{ActionRow, GameRow, Store};
use crate::view::GameView;

/// Who plays a game (`"computer"`, `"local"` or `"online"` in the API).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, serde::Serialize, serde::Deserialize, utoipa::ToSchema,
)]
#[serde(rename_all = "lowercase")]
pub enum Mode {
    /// A person against the computer.
    Computer,
    /// Two people on the same screen (one token holds both seats).
    Local,
    /// Two people in two browsers, a token each.
    Online,
}

impl Mode {
    /// The name in the API.
    pub fn as_str(self) -> &'static str {
        match self {
            Mode::Computer => "computer",
            Mode::Local => "local",
            Mode::Online => "online",
        }
    }

    /// Parses the name used in the API.
    pub fn parse(s: &str) -> Option<Mode> {
        match s {
            "computer" => Some(Mode::Computer),
            "local" => Some(Mode::Local),
            "online" => Some(Mode::Online),
            _ => None,
        }
    }
}

/// One seat of a game.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct SeatInfo {
    /// The name shown.
    pub name: String,
    /// Whether the computer plays it.
    pub computer: bool,
}

/// The player of a level or spec, within `bounds`: a deeper search, more iterations or more
/// time than `bounds` allow are cut to them (a game stored under looser bounds plays on under
/// the server's present ones), and every search has a time cap. [`check_level`] refuses what
/// is beyond the bounds instead, for new games.
///
/// # Errors
/// An unknown level or spec, or `perfect` for a game it cannot play.
pub fn computer_spec(
    level: &str,
    game: &AnyGame,
    bounds: SearchBounds,
) -> Result<PlayerSpec, String> {
    let spec: PlayerSpec = level.parse().map_err(|e| format!("{e}"))?;
    if !spec.supports(game) {
        return Err(format!(
            "{level} plays only the pure races as solved (fair sticks, compulsory moves): hj.french and basic hj.walker"
        ));
    }
    let cap = |t: Option<Duration>| Some(t.map_or(bounds.move_time, |t| t.min(bounds.move_time)));
    Ok(match spec {
        PlayerSpec::Expectimax { depth, time } => PlayerSpec::Expectimax {
            depth: depth.min(bounds.max_depth),
            time: cap(time),
        },
        PlayerSpec::Master { depth, time, net } => PlayerSpec::Master {
            depth: depth.min(bounds.max_depth),
            time: cap(time),
            net,
        },
        PlayerSpec::Mcts { iterations, time } => PlayerSpec::Mcts {
            iterations: iterations.min(bounds.max_iterations),
            time: cap(time),
        },
        s => s,
    })
}

/// Checks that a new game may ask for `level`: a named level (`GET /api/levels`), or a
/// player spec within `bounds` (docs/dev/operations.md: what a stranger may make the server
/// think).
///
/// # Errors
/// An unknown level or spec, `perfect` for a game it cannot play, or a search beyond `bounds`.
pub fn check_level(level: &str, game: &AnyGame, bounds: SearchBounds) -> Result<(), String> {
    computer_spec(level, game, bounds)?;
    if nefer_players::LEVELS.iter().any(|(name, _)| *name == level) {
        return Ok(());
    }
    let beyond = match level.parse::<PlayerSpec>() {
        Ok(PlayerSpec::Expectimax { depth, .. } | PlayerSpec::Master { depth, .. })
            if depth > bounds.max_depth =>
        {
            format!("depth={depth} (at most depth={})", bounds.max_depth)
        }
        Ok(PlayerSpec::Mcts { iterations, .. }) if iterations > bounds.max_iterations => {
            format!(
                "iters={iterations} (at most iters={})",
                bounds.max_iterations
            )
        }
        Ok(
            PlayerSpec::Expectimax { time: Some(t), .. }
            | PlayerSpec::Master { time: Some(t), .. }
            | PlayerSpec::Mcts { time: Some(t), .. },
        ) if t > bounds.move_time => {
            format!(
                "ms={} (at most ms={})",
                t.as_millis(),
                bounds.move_time.as_millis()
            )
        }
        _ => return Ok(()),
    };
    Err(format!(
        "{level} asks this server for more than it gives a computer player: {beyond}; the \
         levels of GET /api/levels are always offered"
    ))
}

/// A generator seeded from the operating system, for dice, ids and tokens.
///
/// # Errors
/// When the system has no randomness to give.
pub fn os_seeded() -> Result<ChaCha8Rng, SessionError> {
    ChaCha8Rng::try_from_rng(&mut SysRng).map_err(|e| SessionError::NoRandomness(e.to_string()))
}

/// A new secret: 128 random bits from the operating system, in hex.
///
/// # Errors
/// When the system has no randomness to give.
pub fn new_token() -> Result<String, SessionError> {
    let mut b = [0u8; 16];
    SysRng
        .try_fill_bytes(&mut b)
        .map_err(|e| SessionError::NoRandomness(e.to_string()))?;
    Ok(b.iter().map(|x| format!("{x:02x}")).collect())
}

/// A new game id: 12 letters and digits (71 bits).
///
/// # Errors
/// When the system has no randomness to give.
pub fn new_id() -> Result<String, SessionError> {
    const ALPHABET: &[u8] = b"ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789";
    let mut rng = os_seeded()?;
    Ok((0..12)
        .map(|_| char::from(ALPHABET[rng.random_range(0..ALPHABET.len())]))
        .collect())
}

/// The stored form of a token: its SHA-256 in hex. A stolen database then holds no usable
/// token, and a token of 128 random bits needs no salt.
pub fn hash_token(token: &str) -> String {
    Sha256::digest(token.as_bytes())
        .iter()
        .map(|x| format!("{x:02x}"))
        .collect()
}

/// A game's dice seed: 256 bits from the operating system that decide every throw of the game
/// (ChaCha8, [`SeededDice`]). It is kept in the game's row, so that a restart goes on with the
/// same throws, and never sent to a client while the game runs: whoever knew it would know
/// every throw to come.
#[derive(Clone, Copy, PartialEq, Eq)]
pub struct DiceSeed([u8; 32]);

impl DiceSeed {
    /// A fresh seed.
    ///
    /// # Errors
    /// When the system has no randomness to give.
    pub fn new() -> Result<DiceSeed, SessionError> {
        let mut b = [0u8; 32];
        SysRng
            .try_fill_bytes(&mut b)
            .map_err(|e| SessionError::NoRandomness(e.to_string()))?;
        Ok(DiceSeed(b))
    }

    /// The dice of this seed, at the first throw.
    pub fn dice(&self) -> SeededDice {
        SeededDice::from_rng(ChaCha8Rng::from_seed(self.0))
    }

    /// The commitment to this seed: its SHA-256 (of the 32 bytes), in hex. Given with the game
    /// from its start, it binds the server to the seed, which the record reveals once the game
    /// is over ([`verify_dice`]).
    pub fn commitment(&self) -> String {
        Sha256::digest(self.0)
            .iter()
            .map(|x| format!("{x:02x}"))
            .collect()
    }

    /// The stored form: 64 hex digits.
    pub fn to_hex(&self) -> String {
        self.0.iter().map(|x| format!("{x:02x}")).collect()
    }

    /// Reads the stored form; `None` unless it is 64 hex digits.
    pub fn from_hex(s: &str) -> Option<DiceSeed> {
        if s.len() != 64 || !s.is_ascii() {
            return None;
        }
        let mut b = [0u8; 32];
        for (i, x) in b.iter_mut().enumerate() {
            *x = u8::from_str_radix(&s[2 * i..2 * i + 2], 16).ok()?;
        }
        Some(DiceSeed(b))
    }
}

/// The seed is a secret: debug output does not show it.
impl fmt::Debug for DiceSeed {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str("DiceSeed(..)")
    }
}

/// A game being played: the server's part (seats, tokens, events, storage) and the [`Match`].
pub struct Session {
    /// The game id.
    pub id: String,
    /// Who plays.
    pub mode: Mode,
    /// The seats, A then B.
    pub seats: [SeatInfo; 2],
    token_hashes: [Option<String>; 2],
    /// The computer's level as asked for (computer mode).
    pub level: Option<String>,
    /// The player the level names, capped ([`computer_spec`]): a computer seat whose player
    /// was lost (a search cut short) gets a new one from it.
    spec: Option<PlayerSpec>,
    /// Unix seconds of creation.
    pub created: i64,
    seed: DiceSeed,
    /// The number of stored actions that were not thrown by `seed`: a game stored before games
    /// had a seed got one when it was first read again, for the throws from there on.
    seed_from: usize,
    m: Match,
    /// Every new view (without `you`) goes here, for the server-sent events.
    pub events: broadcast::Sender<Arc<GameView>>,
    /// Which seats are connected (in memory only: presence is of the moment).
    pub presence: Presence,
    /// The seat that offered a rematch not yet accepted (online games; stored).
    pub rematch_offer: Option<Seat>,
    /// The rematch's game id, once it exists (stored).
    pub rematch: Option<String>,
}

/// What a new game needs.
pub struct NewGame {
    /// The rule set.
    pub rules: RuleSetId,
    /// Its options.
    pub options: Options,
    /// Who plays.
    pub mode: Mode,
    /// The seats.
    pub seats: [SeatInfo; 2],
    /// Token hashes per seat.
    pub token_hashes: [Option<String>; 2],
    /// The computer's level.
    pub level: Option<String>,
    /// The position the game is set up from (local mode, for analysis); `None`: the rule
    /// set's start with `options`.
    pub start: Option<AnyGame>,
    /// What the computer's searches may ask for.
    pub search: SearchBounds,
}

impl Session {
    /// A new session at the start of its game, with fresh dice (nothing stored yet: see
    /// [`Session::settle`]).
    ///
    /// # Errors
    /// Unusable options or level, or no system randomness.
    pub fn new(id: String, g: NewGame) -> Result<Session, SessionError> {
        Session::with_seed(id, g, DiceSeed::new()?, 0)
    }

    fn with_seed(
        id: String,
        g: NewGame,
        seed: DiceSeed,
        seed_from: usize,
    ) -> Result<Session, SessionError> {
        let game = match g.start {
            Some(start) => Match::from_position(start, Default::default(), Box::new(seed.dice())),
            None => Match::new(
                g.rules,
                g.options,
                Default::default(),
                Box::new(seed.dice()),
            )?,
        };
        let spec = match &g.level {
            Some(l) => {
                Some(computer_spec(l, game.start(), g.search).map_err(SessionError::BadLevel)?)
            }
            None => None,
        };
        let mut s = Session {
            id,
            mode: g.mode,
            seats: g.seats,
            token_hashes: g.token_hashes,
            level: g.level,
            spec,
            created: Store::now(),
            seed,
            seed_from,
            m: game,
            events: broadcast::channel(64).0,
            presence: Presence::default(),
            rematch_offer: None,
            rematch: None,
        };
        s.seat_players()?;
        Ok(s)
    }

    /// Rebuilds stored game `id` by replaying its actions: the throws are drawn again from its
    /// dice, which then stand where they stood, so the game goes on with the throws it would
    /// have had. A game stored without a seed gets one here, stored for the throws to come.
    ///
    /// # Errors
    /// No such game; a row that no longer makes sense (an unknown rule set, an illegal action,
    /// throws its seed did not give): a 500, since only this server writes the database.
    pub fn load(store: &Store, id: &str, search: SearchBounds) -> Result<Session, SessionError> {
        let (row, actions) = store
            .load(id)?
            .ok_or_else(|| SessionError::UnknownGame(id.to_owned()))?;
        let broken = |what: String| SessionError::BrokenStoredGame {
            id: row.id.clone(),
            what,
        };
        let rules: RuleSetId = row.rules.parse().map_err(|e| broken(format!("{e}")))?;
        let options = Options::parse(&row.options).map_err(|e| broken(e.to_string()))?;
        let mode = Mode::parse(&row.mode).ok_or_else(|| broken(format!("mode {}", row.mode)))?;
        let seats = [0, 1].map(|i| SeatInfo {
            name: row.names[i].clone(),
            computer: row.kinds[i] == "computer",
        });
        let (seed, seed_from) = match &row.seed {
            Some(hex) => (
                DiceSeed::from_hex(hex).ok_or_else(|| broken("a malformed dice seed".into()))?,
                row.seed_from.min(actions.len()),
            ),
            None => {
                let seed = DiceSeed::new()?;
                store.set_seed(&row.id, &seed.to_hex(), actions.len())?;
                (seed, actions.len())
            }
        };
        let start = match &row.position {
            Some(p) => Some(AnyGame::from_position(p).map_err(|e| broken(e.to_string()))?),
            None => None,
        };
        let new = NewGame {
            rules,
            options,
            mode,
            seats,
            token_hashes: row.token_hashes.clone(),
            level: row.level.clone(),
            start,
            search,
        };
        let mut s =
            Session::with_seed(row.id.clone(), new, seed, seed_from).map_err(|e| match e {
                e @ (SessionError::BadSetup(_) | SessionError::BadLevel(_)) => {
                    broken(e.to_string())
                }
                e => e,
            })?;
        s.created = row.created;
        s.rematch_offer = match row.rematch_offer.as_deref() {
            None => None,
            Some("A") => Some(Seat::A),
            Some("B") => Some(Seat::B),
            Some(x) => return Err(broken(format!("a rematch offered by seat {x}"))),
        };
        s.rematch.clone_from(&row.rematch);
        for (i, a) in actions.iter().enumerate() {
            s.m.replay_token(&a.token, a.sticks.map(Sticks::from_bits), i >= seed_from)
                .map_err(|e| broken(e.to_string()))?;
        }
        Ok(s)
    }

    /// Gives every computer seat its player where it has none (a new game, or a player lost
    /// with a search that was cut short).
    fn seat_players(&mut self) -> Result<(), SessionError> {
        for seat in Seat::BOTH {
            if self.seats[seat.index()].computer && !self.m.is_computer(seat) {
                let spec = self.spec.as_ref().ok_or_else(|| {
                    SessionError::Computer("a computer seat without a level".into())
                })?;
                let player = spec.build(os_seeded()?.next_u64());
                self.m.set_player(seat, Some(player));
            }
        }
        Ok(())
    }

    /// The match: the game's state, history, dice and players.
    pub fn game_match(&self) -> &Match {
        &self.m
    }

    /// The state now.
    pub fn game(&self) -> &AnyGame {
        self.m.game()
    }

    /// Every action so far.
    pub fn history(&self) -> &[Entry] {
        self.m.history()
    }

    /// The rule set.
    pub fn rules(&self) -> RuleSetId {
        self.m.rules()
    }

    /// Its options.
    pub fn options(&self) -> &Options {
        self.m.options()
    }

    /// The game's version: the number of actions so far.
    pub fn version(&self) -> u64 {
        self.history().len() as u64
    }

    /// The seat whose throw or decision is due, if any.
    pub fn to_act(&self) -> Option<Seat> {
        self.m.to_act()
    }

    /// The seats `token` holds (none for a wrong token or a spectator).
    pub fn holds(&self, token: Option<&str>) -> Vec<Seat> {
        let Some(token) = token else {
            return Vec::new();
        };
        let h = hash_token(token);
        Seat::BOTH
            .into_iter()
            .filter(|s| self.token_hashes[s.index()].as_deref() == Some(h.as_str()))
            .collect()
    }

    /// The human seat of a computer game.
    pub fn human_seat(&self) -> Option<Seat> {
        match self.mode {
            Mode::Computer => Seat::BOTH
                .into_iter()
                .find(|s| !self.seats[s.index()].computer),
            _ => None,
        }
    }

    /// Makes the random seat draws a new game starts with; returns the rows to store with it.
    ///
    /// # Errors
    /// Dice that give nothing (a bug: seeded dice always give).
    pub fn settle(&mut self) -> Result<Vec<ActionRow>, SessionError> {
        self.draw_seats()?;
        Ok(self.history().iter().map(row_of).collect())
    }

    /// Makes the random seat draws (C-9) that are due: the server's to make at once, never
    /// asked for.
    fn draw_seats(&mut self) -> Result<(), MatchError> {
        while let Status::Chance { seat: None } = self.m.status() {
            self.m.throw()?;
        }
        Ok(())
    }

    /// Makes one action through `act` and the seat draws that follow it, stores them in one
    /// transaction and tells the event stream; if anything fails, the match is cut back to
    /// where it was (its dice too).
    fn commit(
        &mut self,
        store: &Store,
        act: impl FnOnce(&mut Match) -> Result<Entry, MatchError>,
    ) -> Result<(), SessionError> {
        let from = self.history().len();
        // `act` leaves the match unchanged when it fails.
        act(&mut self.m)?;
        let stored = self
            .draw_seats()
            .map_err(SessionError::from)
            .and_then(|()| {
                let rows: Vec<ActionRow> = self.history()[from..].iter().map(row_of).collect();
                store.append(&self.id, from, &rows)
            });
        if let Err(e) = stored {
            self.m.truncate(from)?;
            return Err(e);
        }
        self.announce();
        Ok(())
    }

    /// Sends the current view to the event stream (nobody listening is fine).
    pub fn announce(&self) {
        // Building a view costs a replay of every legal move: not for nobody.
        if self.events.receiver_count() > 0 {
            let _ = self.events.send(Arc::new(crate::view::view(self)));
        }
    }

    /// Throws for the seat whose throw is due; the game's dice decide.
    ///
    /// # Errors
    /// When no throw is due ([`SessionError::MustMoveFirst`], [`SessionError::GameOver`]), or
    /// a storage error.
    pub fn throw(&mut self, store: &Store) -> Result<(), SessionError> {
        self.commit(store, Match::throw)
    }

    /// Plays `mv` for the seat to decide.
    ///
    /// # Errors
    /// A throw is due ([`SessionError::MustThrowFirst`]), an illegal move (with the legal
    /// ones), the game is over, or a storage error; the game is then unchanged.
    pub fn play(&mut self, store: &Store, mv: Move) -> Result<(), SessionError> {
        if let Status::Chance { seat: Some(seat) } = self.m.status() {
            return Err(SessionError::MustThrowFirst(seat));
        }
        self.commit(store, |m| m.act(Action::Move(mv)))
    }

    /// Plays the move `text` (NOTATION §3) for the seat to decide.
    ///
    /// # Errors
    /// As [`Session::play`]; text that is not a move at all is [`SessionError::NotAMove`]
    /// (after a throw that is due: the kind of action is checked first).
    pub fn play_text(&mut self, store: &Store, text: &str) -> Result<(), SessionError> {
        if let Status::Chance { seat: Some(seat) } = self.m.status() {
            return Err(SessionError::MustThrowFirst(seat));
        }
        let mv = text
            .trim()
            .parse()
            .map_err(|e: ParseError| SessionError::NotAMove {
                text: text.to_owned(),
                reason: e.to_string(),
                legal: legal_strings(self.game()),
            })?;
        self.play(store, mv)
    }

    /// Plays the computer's throws and moves (and any seat draw) until a person must act or
    /// the game is over; every action is stored and announced on its own. The searches run on
    /// `budget`'s threads.
    ///
    /// # Errors
    /// A storage error, a computer player that failed, or no search thread free in time
    /// ([`SessionError::Busy`]: the game waits for the computer's move, which the game's next
    /// request makes).
    pub async fn run_computer(
        &mut self,
        store: &Store,
        budget: &SearchBudget,
    ) -> Result<(), SessionError> {
        self.seat_players()?;
        loop {
            match self.m.next() {
                Next::Dice => self.throw(store)?,
                Next::Computer(seat) => {
                    let mv = self.computer_move(seat, budget).await?;
                    self.commit(store, |m| m.act(Action::Move(mv)))
                        .map_err(|e| match e {
                            SessionError::Illegal { mv, .. } => {
                                SessionError::Computer(format!("it chose the illegal move {mv}"))
                            }
                            e => e,
                        })?;
                }
                Next::Throw(_) | Next::Decide(_) | Next::Over(_) => return Ok(()),
            }
        }
    }

    /// The move of `seat`'s computer player: a forced move at once, else a search on a thread
    /// of `budget` (the player is taken out of the match meanwhile). The player that searched
    /// is dropped with its tables and tree, and the seat gets a new one for its next move: a
    /// game between moves holds no search memory.
    async fn computer_move(
        &mut self,
        seat: Seat,
        budget: &SearchBudget,
    ) -> Result<Move, SessionError> {
        let mut moves = MoveList::new();
        self.game().legal_moves(&mut moves);
        // A forced move needs no thinking.
        if let [only] = moves.as_slice() {
            return Ok(*only);
        }
        let mut player = self
            .m
            .take_player(seat)
            .ok_or_else(|| SessionError::Computer("a computer seat without a player".into()))?;
        let state = self.game().clone();
        // If the search fails or waits too long, the seat gets a new player on the next call.
        let m = budget.run(move || player.choose(&state)).await?;
        self.seat_players()?;
        Ok(m)
    }

    /// The index to cut the actions back to for an undo: the human's last decision before now
    /// that offered a real choice (more than one legal move). `None` outside computer games.
    pub fn undo_point(&self) -> Option<usize> {
        self.m.undo_point(self.human_seat()?)
    }

    /// Undoes back to [`Session::undo_point`]: the same throw stands, the human decides again,
    /// and the dice go back with the game, so that the same throws follow.
    ///
    /// # Errors
    /// Not a game against the computer, nothing to undo, or a storage error.
    pub fn undo(&mut self, store: &Store) -> Result<(), SessionError> {
        let human = self
            .human_seat()
            .ok_or(SessionError::UndoNotAgainstComputer)?;
        let keep = self
            .m
            .undo_point(human)
            .ok_or(SessionError::NothingToUndo)?;
        store.truncate(&self.id, keep)?;
        self.m.truncate(keep)?;
        self.seed_from = self.seed_from.min(keep);
        self.announce();
        Ok(())
    }

    /// The commitment to the game's dice seed ([`DiceSeed::commitment`]).
    pub fn dice_commitment(&self) -> String {
        self.seed.commitment()
    }

    /// The game as a record (NOTATION §5): its actions with the seats' names, the date, the
    /// computer's level and the result as headers, and the dice: the commitment to the seed
    /// (`dice-sha256`) always, the seed itself (`dice-seed`) once the game is over — never
    /// before, since whoever knew it would know every throw to come. [`verify_dice`] checks
    /// a record's throws against them.
    pub fn record(&self) -> Record {
        let mut r = self.m.to_record();
        r.comments.push(format!(
            "nefer serve game {} ({})",
            self.id,
            self.mode.as_str()
        ));
        for seat in Seat::BOTH {
            r.set_header(&format!("player-{seat}"), &self.seats[seat.index()].name);
        }
        r.set_header("date", &crate::store::utc_date(self.created));
        if let Some(level) = &self.level {
            r.set_header("level", level);
        }
        r.set_header(DICE_SHA256, &self.seed.commitment());
        if self.seed_from > 0 {
            r.set_header(DICE_FROM, &self.seed_from.to_string());
        }
        if let Some(o) = self.m.outcome() {
            let res = o
                .winner()
                .map_or_else(|| "draw".to_owned(), |w| w.to_string());
            r.set_header("result", &res);
            r.set_header(DICE_SEED, &self.seed.to_hex());
        }
        r
    }

    /// The stored row of this game.
    pub fn row(&self) -> GameRow {
        GameRow {
            id: self.id.clone(),
            rules: self.rules().key().to_owned(),
            options: self.options().to_string(),
            mode: self.mode.as_str().to_owned(),
            names: self.seats.clone().map(|s| s.name),
            kinds: self
                .seats
                .clone()
                .map(|s| if s.computer { "computer" } else { "human" }.to_owned()),
            token_hashes: self.token_hashes.clone(),
            level: self.level.clone(),
            created: self.created,
            seed: Some(self.seed.to_hex()),
            seed_from: self.seed_from,
            position: self.m.start_position(),
            rematch_offer: self.rematch_offer.map(|s| s.to_string()),
            rematch: self.rematch.clone(),
        }
    }

    /// Names seat `seat` `name` (checked by the caller), stored and announced.
    ///
    /// # Errors
    /// A storage error; the name is then unchanged.
    pub fn rename(&mut self, store: &Store, seat: Seat, name: String) -> Result<(), SessionError> {
        store.set_name(&self.id, seat.index(), &name)?;
        self.seats[seat.index()].name = name;
        self.announce();
        Ok(())
    }

    /// The rematch of this game as a new game asks for it: the same rule set, options, mode
    /// and level, with the seats swapped — each seat's name, kind and token hash go to the
    /// other seat, so that every player's token holds their new seat at once.
    pub fn rematch_game(&self, search: SearchBounds) -> NewGame {
        let [a, b] = self.seats.clone();
        let [ta, tb] = self.token_hashes.clone();
        NewGame {
            rules: self.rules(),
            options: self.options().clone(),
            mode: self.mode,
            seats: [b, a],
            token_hashes: [tb, ta],
            level: self.level.clone(),
            start: None,
            search,
        }
    }
}

/// How long a seat counts as connected after its page last said so, unless the server is told
/// otherwise ([`crate::Limits::presence_timeout`]).
pub const PRESENCE_TIMEOUT: Duration = Duration::from_secs(20);

/// Which seats of a game are connected: a seat is when its token said so within the presence
/// timeout (`POST …/presence`); only changes are announced, so that a page that says so often
/// sends nobody anything.
#[derive(Debug)]
pub struct Presence {
    /// How long a seat stays connected after its token last said so (the server's
    /// [`crate::Limits::presence_timeout`], set by whoever marks a seat).
    pub timeout: Duration,
    /// When each seat's token last said it was there; `None`: never, or it said it left.
    last: [Option<Instant>; 2],
    /// The presence the event stream last announced.
    shown: [bool; 2],
    /// Whether a task waits to announce the seat's going away.
    pub watching: [bool; 2],
}

impl Default for Presence {
    fn default() -> Presence {
        Presence {
            timeout: PRESENCE_TIMEOUT,
            last: [None; 2],
            shown: [false; 2],
            watching: [false; 2],
        }
    }
}

impl Presence {
    /// Whether `seat` is connected at `now`.
    pub fn connected(&self, seat: Seat, now: Instant) -> bool {
        self.last[seat.index()].is_some_and(|t| now.saturating_duration_since(t) < self.timeout)
    }

    /// When `seat` goes away unless its token says it is there again; `None` if it is away.
    pub fn expires(&self, seat: Seat, now: Instant) -> Option<Instant> {
        if !self.connected(seat, now) {
            return None;
        }
        self.last[seat.index()].map(|t| t + self.timeout)
    }

    /// Marks `seat` connected at `now` (`true`) or gone (`false`).
    pub fn mark(&mut self, seat: Seat, present: bool, now: Instant) {
        self.last[seat.index()] = present.then_some(now);
    }

    /// Whether either seat's presence differs from the one last announced (and takes it as
    /// announced now).
    pub fn changed(&mut self, now: Instant) -> bool {
        let mut changed = false;
        for seat in Seat::BOTH {
            let c = self.connected(seat, now);
            changed |= c != self.shown[seat.index()];
            self.shown[seat.index()] = c;
        }
        changed
    }
}

/// The record header of the commitment to a game's dice seed ([`DiceSeed::commitment`]).
pub const DICE_SHA256: &str = "dice-sha256";
/// The record header of a finished game's dice seed, revealed ([`DiceSeed::to_hex`]).
pub const DICE_SEED: &str = "dice-seed";
/// The record header of the number of first actions the seed did not throw (a game stored
/// before games had seeds); absent when the seed threw them all.
pub const DICE_FROM: &str = "dice-from";

/// Why a record's dice do not check out.
#[derive(Debug, thiserror::Error)]
pub enum DiceError {
    /// A dice header that does not read.
    #[error("the record's {header} header is malformed: `{value}`")]
    Malformed {
        /// The header.
        header: &'static str,
        /// Its value.
        value: String,
    },
    /// The seed revealed, but no commitment to it.
    #[error("the record reveals a dice seed but has no {DICE_SHA256} commitment to it")]
    NoCommitment,
    /// The seed revealed is not the one committed to.
    #[error("the revealed dice seed's SHA-256 is {actual}, not the committed {committed}")]
    Commitment {
        /// The commitment in the record.
        committed: String,
        /// The SHA-256 of the seed revealed.
        actual: String,
    },
    /// The record's actions, or its throws, are not those of the seed.
    #[error("the throws are not the revealed seed's: {0}")]
    Throws(#[from] MatchError),
}

/// Checks a finished game's throws against the dice seed its record reveals: the seed must be
/// the one committed to (its SHA-256 is the `dice-sha256` header the game showed from its
/// start), and replaying the record must draw every chance outcome from that seed's dice, as
/// the server did. Returns the number of chance outcomes checked, or `None` for a record that
/// reveals no seed (a game still going on, or not the server's).
///
/// # Errors
/// A malformed dice header, a seed that is not the committed one, or a record whose actions
/// do not replay or whose throws the seed did not make ([`DiceError`]).
pub fn verify_dice(record: &Record) -> Result<Option<usize>, DiceError> {
    let Some(hex) = record.header(DICE_SEED) else {
        return Ok(None);
    };
    let malformed = |header, value: &str| DiceError::Malformed {
        header,
        value: value.to_owned(),
    };
    let seed = DiceSeed::from_hex(hex).ok_or_else(|| malformed(DICE_SEED, hex))?;
    let committed = record.header(DICE_SHA256).ok_or(DiceError::NoCommitment)?;
    if !committed.eq_ignore_ascii_case(&seed.commitment()) {
        return Err(DiceError::Commitment {
            committed: committed.to_owned(),
            actual: seed.commitment(),
        });
    }
    let from = match record.header(DICE_FROM) {
        Some(n) => n.parse::<usize>().map_err(|_| malformed(DICE_FROM, n))?,
        None => 0,
    };
    let start = nefer_core::record::start_of(record).map_err(MatchError::Record)?;
    let mut m = Match::from_position(start, Default::default(), Box::new(seed.dice()));
    let mut drawn = 0;
    for (i, token) in record.actions.iter().enumerate() {
        let e = m.replay_token(token, None, i >= from)?;
        drawn += usize::from(i >= from && matches!(e.action, Action::Chance(_)));
    }
    Ok(Some(drawn))
}

fn row_of(e: &Entry) -> ActionRow {
    ActionRow {
        token: action_token(e.action),
        sticks: e.sticks.map(Sticks::bits),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use nefer_players::play::Dice;

    #[test]
    fn a_dice_seed_round_trips_through_its_stored_form_and_stays_secret() {
        let seed = DiceSeed::new().unwrap();
        let hex = seed.to_hex();
        assert_eq!(hex.len(), 64);
        assert_eq!(DiceSeed::from_hex(&hex), Some(seed));
        assert_eq!(format!("{seed:?}"), "DiceSeed(..)");
        for bad in ["", "ab", &"g".repeat(64), &"é".repeat(32), &"ab".repeat(33)] {
            assert_eq!(DiceSeed::from_hex(bad), None, "{bad}");
        }
        // The same seed, the same throws.
        let throws = |s: DiceSeed| {
            let mut d = s.dice();
            (0..8)
                .map(|_| d.throw(Default::default()))
                .collect::<Vec<_>>()
        };
        assert_eq!(throws(seed), throws(DiceSeed::from_hex(&hex).unwrap()));
        // The commitment is the SHA-256 of the 32 bytes, not of their hex.
        let zero = DiceSeed([0; 32]);
        assert_eq!(
            zero.commitment(),
            "66687aadf862bd776c8fc18b8e9f8e20089714856ee233b3902a591d0d5f2925"
        );
    }
}
