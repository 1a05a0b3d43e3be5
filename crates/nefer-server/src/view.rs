//! The game view of the API (docs/dev/api.md, "The game view") as types, built from the core's
//! status, layout and legal moves; and the frames of a replayed record. Every answer is a
//! `Serialize` type with its schema (`ToSchema`), so the OpenAPI document is generated from the
//! very types that are sent.

use std::collections::HashMap;
use std::sync::{LazyLock, Mutex, PoisonError};

use nefer_core::facts::{self, Chronicle, Names, Voice};
use nefer_core::{Action, AnyGame, Chance, Game, Outcome, Seat, SeatLayout, Status, Sticks};
use serde::{Deserialize, Serialize};
use utoipa::ToSchema;

pub use crate::facts::{BoardView, EffectView, MoveKindKey};
use crate::session::{Mode, Session};

/// A seat on the wire: `"A"` or `"B"` (NOTATION §1).
#[derive(
    Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord, Serialize, Deserialize, ToSchema,
)]
pub enum SeatKey {
    /// Seat A.
    A,
    /// Seat B.
    B,
}

impl From<Seat> for SeatKey {
    fn from(s: Seat) -> SeatKey {
        match s {
            Seat::A => SeatKey::A,
            Seat::B => SeatKey::B,
        }
    }
}

impl From<SeatKey> for Seat {
    fn from(s: SeatKey) -> Seat {
        match s {
            SeatKey::A => Seat::A,
            SeatKey::B => Seat::B,
        }
    }
}

/// Where one seat's pieces are (the core's `SeatLayout`, places in notation).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = SeatLayout)]
pub struct SeatLayoutView {
    /// Places of the pieces on the board (NOTATION §2), path order.
    pub board: Vec<String>,
    /// Pieces waiting to enter or re-enter.
    pub hand: u8,
    /// Pieces borne off.
    pub off: u8,
    /// Opponent pieces captured and kept.
    pub trophies: u8,
}

impl From<&SeatLayout> for SeatLayoutView {
    fn from(l: &SeatLayout) -> SeatLayoutView {
        SeatLayoutView {
            board: l.board.iter().map(ToString::to_string).collect(),
            hand: l.hand,
            off: l.off,
            trophies: l.trophies,
        }
    }
}

/// Both seats' layouts.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Layouts {
    /// Seat A's.
    #[serde(rename = "A")]
    pub a: SeatLayoutView,
    /// Seat B's.
    #[serde(rename = "B")]
    pub b: SeatLayoutView,
}

/// Both seats' layouts of `g`.
pub fn layouts(g: &AnyGame) -> Layouts {
    let [a, b] = g.layout();
    Layouts {
        a: (&a).into(),
        b: (&b).into(),
    }
}

/// How the four sticks fell, stick 0 first; `true`: the counted face shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize)]
pub struct SticksView(pub [bool; 4]);

impl utoipa::PartialSchema for SticksView {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ArrayBuilder, ObjectBuilder, Type};
        ArrayBuilder::new()
            .items(ObjectBuilder::new().schema_type(Type::Boolean))
            .min_items(Some(4))
            .max_items(Some(4))
            .description(Some(
                "How the four sticks fell, stick 0 first; `true`: the counted face shows.",
            ))
            .into()
    }
}

impl ToSchema for SticksView {
    fn name() -> std::borrow::Cow<'static, str> {
        "Sticks".into()
    }
}

impl From<Sticks> for SticksView {
    fn from(s: Sticks) -> SticksView {
        SticksView([0, 1, 2, 3].map(|i| s.counted(i)))
    }
}

/// What the game waits for.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum StatusKind {
    /// A throw of the sticks.
    Throw,
    /// A decision (a move, or `pass`).
    Decide,
    /// Nothing: the game is over.
    Over,
}

/// How a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub enum GameResult {
    /// Seat A won.
    A,
    /// Seat B won.
    B,
    /// Nobody won.
    #[serde(rename = "draw")]
    Draw,
}

/// The status of a game. Every field is always there, `null` where it does not apply.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = Status)]
pub struct StatusView {
    /// What the game waits for.
    pub kind: StatusKind,
    /// The seat to throw or decide; `null` when over (or for a random seat draw).
    #[schema(required = true)]
    pub seat: Option<SeatKey>,
    /// The throw to use (decide only; `null` before a throw, as Kendall's water turn).
    #[schema(required = true, minimum = 1, maximum = 5)]
    pub throw: Option<u8>,
    /// The result (over only).
    #[schema(required = true)]
    pub result: Option<GameResult>,
    /// Why the game is over, in words (over only).
    #[schema(required = true)]
    pub reason: Option<String>,
}

/// The status of `g`; `names` words the reason when the game is over.
pub fn status(g: &AnyGame, names: &Names<'_>) -> StatusView {
    let nothing = StatusView {
        kind: StatusKind::Throw,
        seat: None,
        throw: None,
        result: None,
        reason: None,
    };
    match g.status() {
        Status::Chance { seat } => StatusView {
            seat: seat.map(SeatKey::from),
            ..nothing
        },
        Status::Decide { seat, throw } => StatusView {
            kind: StatusKind::Decide,
            seat: Some(seat.into()),
            throw: throw.map(|t| t.value()),
            ..nothing
        },
        Status::Over(o) => StatusView {
            kind: StatusKind::Over,
            result: Some(result_of(o)),
            // The core says why the game ended (its rule set's own end, a cap, a jam).
            reason: facts::end(g).map(|e| e.words(names)),
            ..nothing
        },
    }
}

/// The result of a finished game on the wire.
pub fn result_of(o: Outcome) -> GameResult {
    match o.winner() {
        Some(Seat::A) => GameResult::A,
        Some(Seat::B) => GameResult::B,
        None => GameResult::Draw,
    }
}

/// A legal move with what it does, from the core's rule facts: its kind, its effects (a line
/// jump, an exchange, a capture, a load, a bonus throw, a lost throw and why…) as data and in
/// words, and the layout after it, so that the move shows before the player commits to it.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct LegalMove {
    /// The move in notation (NOTATION §3), as `POST …/move` takes it.
    #[serde(rename = "move")]
    #[schema(examples("L4-L20", "14-16", "hand-L1", "pass"))]
    pub mv: String,
    /// What kind of move.
    pub kind: MoveKindKey,
    /// What it does besides carrying its piece from `from` to `to`, in order.
    pub effects: Vec<EffectView>,
    /// Whether it does no more than carry its piece from `from` to `to` (nothing else on the
    /// board changes: a client may play it at once, and preview the others).
    pub plain: bool,
    /// The move in words, for the player about to choose it, naming places as the board shows
    /// them ("move 4 → 20: the count ends on 6 and the line carries the piece on to 20"; the
    /// notation is in `move`, `from` and `to`).
    pub text: String,
    /// The move in a few words, for a button: the move and its main effect, no reasons
    /// ("Move 14 → 16, exchanging with Nefertari's piece").
    #[schema(examples(
        "Move 14 → 16, exchanging with Nefertari's piece",
        "Enter a piece on 1"
    ))]
    pub label: String,
    /// Both layouts after the move.
    pub after: Layouts,
    /// The place the piece leaves (a move from one place to another only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub from: Option<String>,
    /// The place the piece is moved to, before any line it lands on (same).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub to: Option<String>,
}

/// The legal moves of `g` with what each does and the layout after it (empty unless a
/// decision is due), in the order players see them; `names` name the seats in the words.
pub fn legal(g: &AnyGame, names: &Names<'_>) -> Vec<LegalMove> {
    if !matches!(g.status(), Status::Decide { .. }) {
        return Vec::new();
    }
    let all = facts::legal_moves(g);
    nefer_players::sorted_moves(g)
        .iter()
        .filter_map(|&m| all.iter().find(|f| f.mv == m))
        .map(|f| {
            let mut after = g.clone();
            after.play_unchecked(f.mv);
            // A value-spending move has places too.
            let (from, to) = match f.mv.places() {
                Some((from, to)) => (Some(from.to_string()), Some(to.to_string())),
                None => (None, None),
            };
            LegalMove {
                mv: f.mv.to_string(),
                kind: f.kind.into(),
                effects: f
                    .effects
                    .iter()
                    .map(|&e| EffectView::new(e, f.seat, names))
                    .collect(),
                plain: f.plain(),
                text: f.words(Voice::Imperative, names),
                label: f.label(names),
                after: layouts(&after),
                from,
                to,
            }
        })
        .collect()
}

/// What kind of action a history entry is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum ActionKind {
    /// A throw of the sticks.
    Throw,
    /// A move (or `pass`).
    Move,
    /// The random draw of the seat that throws first.
    Seat,
}

/// One action of the game's history.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct HistoryEntry {
    /// Its index: 0 is the first action.
    pub i: usize,
    /// The seat that threw or moved; `null` for a random seat draw.
    #[schema(required = true)]
    pub seat: Option<SeatKey>,
    /// What kind of action.
    pub kind: ActionKind,
    /// The action's token in a record (NOTATION §4).
    pub token: String,
    /// A throw: how the sticks fell.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub sticks: Option<SticksView>,
    /// A throw: its value (the counted faces, 5 when none: SPEC §1.1).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false, minimum = 1, maximum = 5)]
    pub throw_value: Option<u8>,
    /// What happened, in words, from the core's event description: "Ahmose throws 4 again.",
    /// "Nefertari passes: no piece is on the board, and only a 1 enters one."
    pub text: String,
}

/// Who plays a seat.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum SeatKind {
    /// A person.
    Human,
    /// The computer, on the server.
    Computer,
}

/// Whether a seat's player is there.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "lowercase")]
pub enum PresenceKey {
    /// The seat's page said it is open within the presence timeout (`POST …/presence`); the
    /// computer's seat always is.
    Connected,
    /// Not heard from within the timeout, or its page was closed.
    Away,
}

/// A seat of a game as shown.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = SeatInfo)]
pub struct SeatView {
    /// The name shown: the player's (`POST …/name`), a default (`Player B`, `You`), or the
    /// computer's level.
    pub name: String,
    /// Who plays it.
    pub kind: SeatKind,
    /// Whether its player is there now.
    pub presence: PresenceKey,
}

/// A finished game's rematch (the same rules and options, the seats swapped).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct RematchView {
    /// The seat that offered a rematch the other has not yet accepted (online games);
    /// `null` when none is offered, or once the rematch exists.
    #[schema(required = true)]
    pub offered_by: Option<SeatKey>,
    /// The rematch's game id, once it exists (each token holds its player's new seat there).
    #[schema(required = true)]
    pub game: Option<String>,
}

/// Both seats of a game.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Seats {
    /// Seat A.
    #[serde(rename = "A")]
    pub a: SeatView,
    /// Seat B.
    #[serde(rename = "B")]
    pub b: SeatView,
}

/// The game view: everything a client draws, the same for every watcher except `you`.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct GameView {
    /// The game id.
    pub id: String,
    /// The rule set's key.
    #[schema(examples("hj.french"))]
    pub rules: String,
    /// The rule set's name for people, with its author (`GET /api/rules`' `title`).
    #[schema(examples("Hounds & Jackals (Dmitriy Skiryuk)"))]
    pub title: String,
    /// The options, as a record's `options:` line.
    pub options: String,
    /// The board under the game's rules: places, marks, lines, paths, pieces.
    pub board: BoardView,
    /// Who plays.
    pub mode: Mode,
    /// The seats.
    pub seats: Seats,
    /// The seats the token given holds; `[]` for spectators.
    pub you: Vec<SeatKey>,
    /// Number of actions so far (throws, seat draws, moves).
    pub version: usize,
    /// What the game waits for.
    pub status: StatusView,
    /// Where every piece is.
    pub layout: Layouts,
    /// The legal moves (empty unless `status.kind` is `decide`), each with the layout after it.
    pub legal: Vec<LegalMove>,
    /// The last throw as it fell; `null` before the first.
    #[schema(required = true)]
    pub sticks: Option<SticksView>,
    /// The last throw's value (SPEC §1.1: the counted faces of `sticks`, 5 when none); `null`
    /// before the first.
    #[schema(required = true, minimum = 1, maximum = 5)]
    pub throw_value: Option<u8>,
    /// Every action so far.
    pub history: Vec<HistoryEntry>,
    /// Turns played.
    pub turns: u32,
    /// Whether `POST …/undo` would undo something.
    pub can_undo: bool,
    /// The board as SPEC's text board.
    pub board_text: String,
    /// The position as a position string (docs/dev/positions.md): `POST /api/games` with
    /// `position` sets a game up from it.
    #[schema(examples("senet.kendall A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A throw"))]
    pub position: String,
    /// The SHA-256 (hex) of the game's secret dice seed: the server's commitment, from the
    /// game's start, to every throw; the record reveals the seed once the game is over, so
    /// that either player can check the throws (`nefer replay`, docs/dev/api.md).
    pub dice_sha256: String,
    /// The rematch offered or made (`POST …/rematch`, once the game is over).
    pub rematch: RematchView,
}

/// How the sticks of a throw fell: as drawn here, or a pattern of the recorded score.
fn sticks_of(action: Action, drawn: Option<Sticks>) -> Option<SticksView> {
    match action {
        Action::Chance(Chance::Throw(t)) => {
            Some(drawn.unwrap_or_else(|| Sticks::showing(t)).into())
        }
        _ => None,
    }
}

/// The value of a throw of the sticks (SPEC §1.1: the counted faces, 5 when none),
/// so that a client says it without knowing the rule.
fn throw_value_of(action: Action) -> Option<u8> {
    match action {
        Action::Chance(Chance::Throw(t)) => Some(t.value()),
        _ => None,
    }
}

/// The most actions of the history in a game view: the newest (`GET /api/games/{id}/history`
/// pages the rest), so that an answer's size does not grow with the game.
pub const HISTORY_MAX: usize = 200;

/// The game view without `you` (the same for every watcher; [`GameView::for_seats`] adds it),
/// its history the newest [`HISTORY_MAX`] actions.
pub fn view(s: &Session) -> GameView {
    let mut v = full_view(s);
    let older = v.history.len().saturating_sub(HISTORY_MAX);
    v.history.drain(..older);
    v
}

/// A game's history told so far, kept between its views: each view adds the new actions' words
/// instead of telling the whole game again (a view is built after every action).
struct Told {
    /// The game's start and the seats' names the words were told from and with.
    start: AnyGame,
    names: [String; 2],
    /// The actions told, and their words.
    actions: Vec<Action>,
    texts: Vec<String>,
    /// At the position after `actions`.
    chronicle: Chronicle,
}

/// The words of every action of `s`'s history, from the chronicle of its game kept in `TOLD`
/// (told again from the start where the history is not the one told: after an undo, or for a
/// game seen for the first time).
fn history_words(s: &Session, names: &[String; 2]) -> Vec<String> {
    /// The games told, by id; emptied when it holds many (it is only a memo).
    static TOLD: LazyLock<Mutex<HashMap<String, Told>>> = LazyLock::new(Default::default);
    const KEPT: usize = 1024;
    let mut told = TOLD.lock().unwrap_or_else(PoisonError::into_inner);
    let history = s.history();
    let start = s.game_match().start();
    let fresh = |t: &Told| {
        t.start == *start
            && t.names == *names
            && t.actions.len() <= history.len()
            && t.actions.iter().zip(history).all(|(a, e)| *a == e.action)
    };
    if !told.get(&s.id).is_some_and(fresh) {
        if told.len() >= KEPT {
            told.clear();
        }
        told.insert(
            s.id.clone(),
            Told {
                start: start.clone(),
                names: names.clone(),
                actions: Vec::new(),
                texts: Vec::new(),
                chronicle: Chronicle::new(start),
            },
        );
    }
    let t = told.get_mut(&s.id).expect("just kept");
    let words = Names::new(&names[0], &names[1]);
    for e in &history[t.actions.len()..] {
        // The match holds only actions it played, so the chronicle plays them too.
        let text = t
            .chronicle
            .push(e.action)
            .map(|ev| ev.words(&words))
            .unwrap_or_default();
        t.actions.push(e.action);
        t.texts.push(text);
    }
    t.texts.clone()
}

/// The game view with every action of its history.
pub fn full_view(s: &Session) -> GameView {
    let seat_names = s.seats.clone().map(|x| x.name);
    let names = Names::new(&seat_names[0], &seat_names[1]);
    // Each action is described at the position it was played at, from the game's start.
    let texts = history_words(s, &seat_names);
    let history = s
        .history()
        .iter()
        .zip(texts)
        .enumerate()
        .map(|(i, (e, text))| HistoryEntry {
            i,
            seat: e.seat.map(SeatKey::from),
            kind: match e.action {
                Action::Chance(Chance::Throw(_) | Chance::Dice(_)) => ActionKind::Throw,
                Action::Chance(Chance::Seat(_)) => ActionKind::Seat,
                Action::Move(_) => ActionKind::Move,
            },
            token: nefer_core::record::action_token(e.action),
            sticks: sticks_of(e.action, e.sticks),
            throw_value: throw_value_of(e.action),
            text,
        })
        .collect();
    let last_throw = s
        .history()
        .iter()
        .rev()
        .find_map(|e| Some((sticks_of(e.action, e.sticks)?, throw_value_of(e.action))));
    let now = std::time::Instant::now();
    let seat = |i: usize| SeatView {
        name: s.seats[i].name.clone(),
        kind: if s.seats[i].computer {
            SeatKind::Computer
        } else {
            SeatKind::Human
        },
        presence: if s.seats[i].computer || s.presence.connected(Seat::BOTH[i], now) {
            PresenceKey::Connected
        } else {
            PresenceKey::Away
        },
    };
    GameView {
        id: s.id.clone(),
        rules: s.rules().key().to_owned(),
        title: s.rules().info().title.to_owned(),
        options: s.options().to_string(),
        board: BoardView::from(&facts::board(s.game())),
        mode: s.mode,
        seats: Seats {
            a: seat(0),
            b: seat(1),
        },
        you: Vec::new(),
        version: s.history().len(),
        status: status(s.game(), &names),
        layout: layouts(s.game()),
        legal: legal(s.game(), &names),
        sticks: last_throw.map(|(s, _)| s),
        throw_value: last_throw.and_then(|(_, v)| v),
        history,
        turns: s.game().turns_played(),
        can_undo: s.undo_point().is_some(),
        board_text: s.game().board_text(),
        position: s.game().position(),
        dice_sha256: s.dice_commitment(),
        rematch: RematchView {
            offered_by: s.rematch_offer.map(SeatKey::from),
            game: s.rematch.clone(),
        },
    }
}

impl GameView {
    /// The view with `you` set to the seats a token holds.
    pub fn for_seats(&self, you: &[Seat]) -> GameView {
        GameView {
            you: you.iter().map(|&s| s.into()).collect(),
            ..self.clone()
        }
    }
}

/// One position of a replayed record.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Frame {
    /// Its index: frame 0 is the start, frame k the position after k actions.
    pub i: usize,
    /// The token of the action that led here; `null` for the start.
    #[schema(required = true)]
    pub token: Option<String>,
    /// That action in words (the core's event description); `null` for the start.
    #[schema(required = true)]
    pub text: Option<String>,
    /// The status there.
    pub status: StatusView,
    /// Where every piece is.
    pub layout: Layouts,
    /// A throw: a pattern of the recorded score (records keep only scores); else `null`.
    #[schema(required = true)]
    pub sticks: Option<SticksView>,
    /// A throw: its value (the recorded score); else `null`.
    #[schema(required = true, minimum = 1, maximum = 5)]
    pub throw_value: Option<u8>,
}

impl Frame {
    /// The frame `i` at `g`, reached by `action` written `token` and described `text` (none for
    /// the start).
    pub fn at(
        i: usize,
        g: &AnyGame,
        reached_by: Option<(&str, Action, String)>,
        names: &Names<'_>,
    ) -> Frame {
        let sticks = reached_by
            .as_ref()
            .and_then(|&(_, a, _)| sticks_of(a, None));
        let throw_value = reached_by.as_ref().and_then(|&(_, a, _)| throw_value_of(a));
        let (token, text) = match reached_by {
            Some((t, _, text)) => (Some(t.to_owned()), Some(text)),
            None => (None, None),
        };
        Frame {
            i,
            token,
            text,
            status: status(g, names),
            layout: layouts(g),
            sticks,
            throw_value,
        }
    }
}
