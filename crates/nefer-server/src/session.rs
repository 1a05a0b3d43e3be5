//! A live game: the state, its actions, the seats and their tokens, the dice and the computer
//! player. Every change goes through [`Session::act`], which stores the actions before the state
//! moves on, so that memory never runs ahead of the database.

use std::sync::Arc;
use std::time::Duration;

use nefer_core::record::play_token;
use nefer_core::{
    Action, AnyGame, Chance, Game, MoveList, Options, PlayError, RuleSetId, Seat, Status,
    StickBias, Sticks,
};
use nefer_players::{Player, PlayerSpec};
use rand::rngs::SysRng;
use rand::{Rng, RngExt, SeedableRng, TryRng};
use rand_chacha::ChaCha8Rng;
use sha2::{Digest, Sha256};
use tokio::sync::broadcast;

use crate::error::SessionError;
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

/// One action of the game with what the history shows of it.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Entry {
    /// The action.
    pub action: Action,
    /// The seat that threw or moved; `None` for a random seat draw.
    pub seat: Option<Seat>,
    /// How the sticks fell, for a throw drawn here (records keep only the score).
    pub sticks: Option<Sticks>,
    /// Number of legal moves at the decision this move answered (0 for chance).
    pub choices: usize,
}

/// Time cap of any computer move, so that no player spec can hold a game for long.
pub const MOVE_CAP: Duration = Duration::from_secs(5);

/// The player of a level or spec, with every search capped at [`MOVE_CAP`].
///
/// # Errors
/// An unknown level or spec, or `perfect` for a game it cannot play.
pub fn computer_spec(level: &str, game: &AnyGame) -> Result<PlayerSpec, String> {
    let spec: PlayerSpec = level.parse().map_err(|e| format!("{e}"))?;
    if !spec.supports(game) {
        return Err(format!(
            "{level} plays only the pure races as solved (fair sticks, compulsory moves): hj.french and basic hj.walker"
        ));
    }
    let cap = |t: Option<Duration>| Some(t.map_or(MOVE_CAP, |t| t.min(MOVE_CAP)));
    Ok(match spec {
        PlayerSpec::Expectimax { depth, time } => PlayerSpec::Expectimax {
            depth,
            time: cap(time),
        },
        PlayerSpec::Mcts { iterations, time } => PlayerSpec::Mcts {
            iterations,
            time: cap(time),
        },
        s => s,
    })
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

/// A game being played.
pub struct Session {
    /// The game id.
    pub id: String,
    /// The rule set.
    pub rules: RuleSetId,
    /// Its options.
    pub options: Options,
    /// Who plays.
    pub mode: Mode,
    /// The seats, A then B.
    pub seats: [SeatInfo; 2],
    token_hashes: [Option<String>; 2],
    /// The computer's level as asked for (computer mode).
    pub level: Option<String>,
    /// The start position.
    pub start: AnyGame,
    /// The position now.
    pub game: AnyGame,
    /// Every action so far.
    pub entries: Vec<Entry>,
    /// Unix seconds of creation.
    pub created: i64,
    rng: ChaCha8Rng,
    bias: StickBias,
    computer: Option<Box<dyn Player>>,
    spec: Option<PlayerSpec>,
    /// Every new view (without `you`) goes here, for the server-sent events.
    pub events: broadcast::Sender<Arc<GameView>>,
}

/// What a new game needs.
pub struct NewGame {
    /// The rule set.
    pub rules: RuleSetId,
    /// Its options (already validated by `start`).
    pub options: Options,
    /// The start position.
    pub start: AnyGame,
    /// Who plays.
    pub mode: Mode,
    /// The seats.
    pub seats: [SeatInfo; 2],
    /// Token hashes per seat.
    pub token_hashes: [Option<String>; 2],
    /// The computer's level.
    pub level: Option<String>,
}

impl Session {
    /// A new session at the start of its game (nothing stored yet: see [`Session::settle`]).
    ///
    /// # Errors
    /// An unusable level, or no system randomness.
    pub fn new(id: String, g: NewGame) -> Result<Session, SessionError> {
        let mut rng = os_seeded()?;
        let spec = match &g.level {
            Some(l) => Some(computer_spec(l, &g.start).map_err(SessionError::BadLevel)?),
            None => None,
        };
        let computer = spec.as_ref().map(|s| s.build(rng.next_u64()));
        Ok(Session {
            id,
            bias: g.start.common().bias,
            rules: g.rules,
            options: g.options,
            mode: g.mode,
            seats: g.seats,
            token_hashes: g.token_hashes,
            level: g.level,
            game: g.start.clone(),
            start: g.start,
            entries: Vec::new(),
            created: Store::now(),
            rng,
            computer,
            spec,
            events: broadcast::channel(64).0,
        })
    }

    /// Rebuilds a stored game by replaying its actions.
    ///
    /// # Errors
    /// A row that no longer makes sense (an unknown rule set, an illegal action): a 500, since
    /// only this server writes the database.
    pub fn from_row(row: GameRow, actions: Vec<ActionRow>) -> Result<Session, SessionError> {
        let broken = |what: String| SessionError::BrokenStoredGame {
            id: row.id.clone(),
            what,
        };
        let rules: RuleSetId = row.rules.parse().map_err(|e| broken(format!("{e}")))?;
        let options = Options::parse(&row.options).map_err(|e| broken(e.to_string()))?;
        let start = rules
            .new_game(&options)
            .map_err(|e| broken(e.to_string()))?;
        let mode = Mode::parse(&row.mode).ok_or_else(|| broken(format!("mode {}", row.mode)))?;
        let [na, nb] = row.names.clone();
        let seats = [
            SeatInfo {
                name: na,
                computer: row.kinds[0] == "computer",
            },
            SeatInfo {
                name: nb,
                computer: row.kinds[1] == "computer",
            },
        ];
        let mut s = Session::new(
            row.id.clone(),
            NewGame {
                rules,
                options,
                start,
                mode,
                seats,
                token_hashes: row.token_hashes.clone(),
                level: row.level.clone(),
            },
        )?;
        s.created = row.created;
        for (i, a) in actions.iter().enumerate() {
            let (seat, choices) = Session::decider_of(&s.game);
            let action = play_token(&mut s.game, i, &a.token).map_err(|e| broken(e.to_string()))?;
            s.entries.push(Entry {
                action,
                seat,
                sticks: a.sticks.map(Sticks::from_bits),
                choices,
            });
        }
        Ok(s)
    }

    /// The seat whose throw or decision is due, if any.
    pub fn to_act(&self) -> Option<Seat> {
        match self.game.status() {
            Status::Chance { seat } => seat,
            Status::Decide { seat, .. } => Some(seat),
            Status::Over(_) => None,
        }
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

    /// Draws the sticks for the throw that is due.
    fn throw_sticks(&mut self) -> Sticks {
        self.bias.throw(&mut self.rng)
    }

    /// Applies `action` (with how the sticks fell, for a throw) and then any random seat draw
    /// that follows, stores them in one transaction and only then moves the game on; then
    /// tells the event stream.
    ///
    /// # Errors
    /// An action the game refuses (the session is unchanged), or a storage error.
    pub fn act(
        &mut self,
        store: &Store,
        action: Action,
        sticks: Option<Sticks>,
    ) -> Result<(), SessionError> {
        let mut game = self.game.clone();
        let mut new = Vec::new();
        let mut step = |game: &mut AnyGame, action: Action, sticks| -> Result<(), PlayError> {
            let (seat, choices) = Session::decider_of(game);
            game.apply(action)?;
            new.push(Entry {
                action,
                seat,
                sticks,
                choices,
            });
            Ok(())
        };
        step(&mut game, action, sticks).map_err(SessionError::Refused)?;
        while let Status::Chance { seat: None } = game.status() {
            let c = game.sample_chance(&mut self.rng);
            step(&mut game, Action::Chance(c), None).map_err(SessionError::Refused)?;
        }
        self.commit(store, game, new)
    }

    /// The seat acting at `game` and the number of its legal moves (kept in the history, so
    /// that undo can skip forced moves).
    fn decider_of(game: &AnyGame) -> (Option<Seat>, usize) {
        match game.status() {
            Status::Chance { seat } => (seat, 0),
            Status::Decide { seat, .. } => {
                let mut moves = MoveList::new();
                game.legal_moves(&mut moves);
                (Some(seat), moves.len())
            }
            Status::Over(_) => (None, 0),
        }
    }

    fn commit(
        &mut self,
        store: &Store,
        game: AnyGame,
        new: Vec<Entry>,
    ) -> Result<(), SessionError> {
        let rows: Vec<ActionRow> = new.iter().map(row_of).collect();
        store.append(&self.id, self.entries.len(), &rows)?;
        self.entries.extend(new);
        self.game = game;
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

    /// Makes the random seat draws a new game starts with; returns the rows to store with it.
    pub fn settle(&mut self) -> Vec<ActionRow> {
        while let Status::Chance { seat: None } = self.game.status() {
            let c = self.game.sample_chance(&mut self.rng);
            self.game.play_chance_unchecked(c);
            self.entries.push(Entry {
                action: Action::Chance(c),
                seat: None,
                sticks: None,
                choices: 0,
            });
        }
        self.entries.iter().map(row_of).collect()
    }

    /// Throws for the seat whose throw is due.
    ///
    /// # Errors
    /// When no throw is due, or a storage error.
    pub fn throw(&mut self, store: &Store) -> Result<(), SessionError> {
        match self.game.status() {
            Status::Chance { seat: Some(_) } => {}
            Status::Decide { seat, .. } => return Err(SessionError::MustMoveFirst(seat)),
            Status::Over(_) | Status::Chance { seat: None } => return Err(SessionError::GameOver),
        }
        let sticks = self.throw_sticks();
        self.act(
            store,
            Action::Chance(Chance::Throw(sticks.score())),
            Some(sticks),
        )
    }

    /// Plays the computer's throws and moves until a person must act or the game is over.
    ///
    /// # Errors
    /// A storage error, or a computer player that failed.
    pub async fn run_computer(&mut self, store: &Store) -> Result<(), SessionError> {
        loop {
            let Some(seat) = self.to_act() else {
                return Ok(());
            };
            if !self.seats[seat.index()].computer {
                return Ok(());
            }
            match self.game.status() {
                Status::Chance { .. } => self.throw(store)?,
                Status::Decide { .. } => {
                    let m = self.computer_move().await?;
                    self.act(store, Action::Move(m), None)?;
                }
                Status::Over(_) => return Ok(()),
            }
        }
    }

    async fn computer_move(&mut self) -> Result<nefer_core::Move, SessionError> {
        let moves = nefer_players::sorted_moves(&self.game);
        if moves.len() == 1 {
            return Ok(moves[0]);
        }
        let mut player = match self.computer.take() {
            Some(p) => p,
            // A player lost to a crashed task: a fresh one plays as well.
            None => self
                .spec
                .as_ref()
                .ok_or_else(|| SessionError::Computer("a computer seat without a player".into()))?
                .build(self.rng.next_u64()),
        };
        let game = self.game.clone();
        let (player, m) = tokio::task::spawn_blocking(move || {
            let m = player.choose(&game);
            (player, m)
        })
        .await
        .map_err(|e| SessionError::Computer(e.to_string()))?;
        self.computer = Some(player);
        if !moves.contains(&m) {
            return Err(SessionError::Computer(format!(
                "it chose the illegal move {m}"
            )));
        }
        Ok(m)
    }

    /// The index to cut the actions back to for an undo: the human's last decision before now
    /// that offered a real choice (more than one legal move). `None` outside computer games.
    pub fn undo_point(&self) -> Option<usize> {
        let human = self.human_seat()?;
        self.entries.iter().rposition(|e| {
            matches!(e.action, Action::Move(_)) && e.seat == Some(human) && e.choices > 1
        })
    }

    /// Undoes back to [`Session::undo_point`]: the same throw stands, the human decides again.
    ///
    /// # Errors
    /// Not a game against the computer, nothing to undo, or a storage error.
    pub fn undo(&mut self, store: &Store) -> Result<(), SessionError> {
        if self.mode != Mode::Computer {
            return Err(SessionError::UndoNotAgainstComputer);
        }
        let keep = self.undo_point().ok_or(SessionError::NothingToUndo)?;
        let mut game = self.start.clone();
        for e in &self.entries[..keep] {
            game.apply(e.action)
                .map_err(|e| SessionError::Internal(format!("replaying for undo: {e}")))?;
        }
        store.truncate(&self.id, keep)?;
        self.entries.truncate(keep);
        self.game = game;
        self.announce();
        Ok(())
    }

    /// The stored row of this game.
    pub fn row(&self) -> GameRow {
        GameRow {
            id: self.id.clone(),
            rules: self.rules.key().to_owned(),
            options: self.options.to_string(),
            mode: self.mode.as_str().to_owned(),
            names: self.seats.clone().map(|s| s.name),
            kinds: self
                .seats
                .clone()
                .map(|s| if s.computer { "computer" } else { "human" }.to_owned()),
            token_hashes: self.token_hashes.clone(),
            level: self.level.clone(),
            created: self.created,
        }
    }
}

fn row_of(e: &Entry) -> ActionRow {
    ActionRow {
        token: nefer_core::record::action_token(e.action),
        sticks: e.sticks.map(Sticks::bits),
    }
}
