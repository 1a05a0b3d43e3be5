//! `hj.skiryuk`: Hounds & Jackals after Dmitriy Skiryuk (seed 000, first rule set; SPEC §3).
//!
//! Each player runs his pieces up his own side, `X1..X29`, to the shared hole `S`, which holds
//! any number of pieces of both players. Pieces enter only by *loads*: crossing a nefer hole (15
//! or 25) loads a piece from hand on hole 1, and a player whose path is empty loads one at once.
//! Each arrival in `S` captures the opponent's rearmost path piece for good; a piece in `S` goes
//! back to hand on a throw of 1. The first to hold all five opposing pieces wins.

use rand::Rng;

use super::board::{self, Follow, LineRules};
use crate::game::{
    Chance, ChanceList, Game, Move, MoveList, Outcome, Place, Seat, SeatLayout, Side, Status,
    throw_outcomes,
};
use crate::options::{Common, OptionError, OptionSpec, Options, common_specs};
use crate::rules::{RuleInfo, RuleSetId};
use crate::sticks::Throw;

const KEY: &str = "hj.skiryuk";
/// Pieces per player (000-SK§6).
pub const PIECES: u8 = 5;
/// The shared hole's index on the single-side path.
const SHARED: u8 = board::SHARED;
/// Holes 1..=29 of a side as bits 1..=29.
const PATH: u32 = ((1 << 30) - 1) & !1;

/// Name, source and rules in plain words.
pub const INFO: RuleInfo = RuleInfo {
    key: KEY,
    title: "Hounds & Jackals (Dmitriy Skiryuk)",
    source: "seed 000, first rule set (Skiryuk); SPEC §2, §3, defaults SK-1..SK-22",
    rules: "\
Board: 58 holes, 29 on each side of the palm tree, and the big shared hole S (hole 30) at the top. Seat A plays the jackals on side L, seat B the hounds on side R; each runs up his own side, 1 to 29, then into S.
Pieces: five each; one starts on hole 1, four wait in hand.
Sticks: four two-sided sticks; the score is the number of flat faces up, 1-4, or 5 when all four rounded faces show.
Start: both players throw (A, then B; again while equal). The lower thrower moves his piece on hole 1 by his opening score; then the higher thrower takes a normal turn with a fresh throw, and turns alternate.
A turn: one throw, one move of one piece by the full score; a player who can move must. A piece may neither land on nor pass over another of its own pieces, and only an exact throw reaches S.
Lines: a piece whose count ends on 6, 20, 8 or 10 follows the line to 20, 6, 10 or 8 if that hole is free, else stays (one line per move; a move that would bring it back where it started is not allowed).
Nefer holes 15 and 25: a piece whose count passes or lands on one (not by a line) loads a piece from hand onto hole 1, if hole 1 is empty; landing exactly on 15 or 25 also earns one more throw, and these chain.
S: holds any number of pieces of both players and is safe. Each piece that enters S captures the opponent's rearmost piece on his holes 1-29, which becomes a trophy for good. A piece in S goes back to hand on a throw of 1.
Whenever a player has no piece on holes 1-29 and a piece in hand, one is loaded on his hole 1 at once.
Winning: the first to capture all five opposing pieces wins.",
};

/// Options of `hj.skiryuk` (SPEC §10). The common options, the line direction, and the SK
/// defaults by name (alternatives are listed but not yet implemented).
pub fn option_specs() -> Vec<OptionSpec> {
    let mut v = common_specs(KEY, &[]);
    let spec = |name: String, values: &'static [&'static str], clause, help| OptionSpec {
        name,
        values,
        implemented: &values[..1],
        clause,
        help,
    };
    v.push(OptionSpec {
        implemented: &["both", "forward_only", "backward_only"],
        ..spec(
            "hj.lines".into(),
            &["both", "forward_only", "backward_only"],
            "SK-13",
            "direction of the lines 6↔20 and 8↔10",
        )
    });
    for (name, values, clause, help) in [
        (
            "null_line_move",
            &["illegal", "allowed_as_pass"][..],
            "C-5",
            "a move ending where it started",
        ),
        (
            "blocked_line",
            &["stay", "illegal"],
            "SK-11",
            "a line whose far end is taken",
        ),
        (
            "opening",
            &[
                "lowest_moves_with_opening_throw",
                "opening_only_decides_order",
            ],
            "SK-2",
            "what the opening throws do",
        ),
        (
            "bonus_chain",
            &["unlimited", "one_per_turn"],
            "SK-4",
            "bonus throws for landing on 15 or 25 chain",
        ),
        (
            "bonus",
            &["automatic", "declinable"],
            "SK-20",
            "whether a bonus throw may be declined",
        ),
        (
            "retrigger",
            &["every_crossing", "once_per_piece_per_hole"],
            "SK-6",
            "which nefer crossings load",
        ),
        (
            "entry_by_one",
            &["false", "true"],
            "SK-7",
            "a throw of 1 may enter a piece on an empty hole 1",
        ),
        (
            "load",
            &["automatic", "optional"],
            "SK-8",
            "whether a load may be refused",
        ),
        (
            "blocked_load",
            &["lost", "deferred"],
            "SK-9",
            "a load while hole 1 is taken",
        ),
        (
            "capture_target",
            &["rearmost", "foremost", "choice"],
            "SK-14",
            "which opposing piece an arrival in S captures",
        ),
        (
            "no_target",
            &["nothing", "deferred_capture", "take_from_hand"],
            "SK-15",
            "an arrival in S with no opposing piece on the path",
        ),
        (
            "auto_load",
            &["always", "after_capture_only"],
            "SK-16",
            "when an empty path is refilled from hand",
        ),
        (
            "exit_s",
            &["by_one", "immediate_return_to_hand"],
            "SK-17",
            "how pieces leave S",
        ),
    ] {
        let mut o = spec(format!("{KEY}.{name}"), values, clause, help);
        match name {
            "entry_by_one" | "exit_s" | "bonus_chain" | "null_line_move" | "blocked_line"
            | "opening" | "blocked_load" | "retrigger" | "auto_load" => o.implemented = values,
            // `deferred_capture` would need a rule for when the owed capture is taken, which
            // SPEC does not give.
            "no_target" => o.implemented = &["nothing", "take_from_hand"],
            // `choice` would need a decision after the move; not yet.
            "capture_target" => o.implemented = &values[..2],
            _ => {}
        }
        v.push(o);
    }
    v
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Phase {
    /// Opening: A throws (000-SK§7).
    OpeningA,
    /// Opening: B throws; A threw this.
    OpeningB(Throw),
    /// The seat to move throws: a turn, or a bonus throw (3.6 step 7).
    Throw,
    /// The seat to move uses this throw.
    Move(Throw),
    /// Over.
    Over(Outcome),
}

/// A `hj.skiryuk` position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Holes 1..=29 of each seat's own side (bit n = hole n).
    holes: [u32; 2],
    /// Pieces of each seat in `S`.
    shared: [u8; 2],
    /// Pieces of each seat in hand: never entered, or back from `S` (SK-10).
    hand: [u8; 2],
    /// Opposing pieces each seat has captured (000-SK§19).
    trophies: [u8; 2],
    to_move: Seat,
    phase: Phase,
    turns: u32,
    /// SK-11..SK-13, C-5, C-6.
    lines: LineRules,
    /// SK-7 `entry_by_one=true`: a 1 may enter a piece from hand on an empty hole 1.
    entry_by_one: bool,
    /// SK-17 `exit_s=immediate_return_to_hand`: a piece reaching S goes back to hand at once.
    exit_at_once: bool,
    /// SK-14 `capture_target=foremost`: an arrival in S captures the opponent's front piece.
    capture_foremost: bool,
    /// SK-4 `bonus_chain=one_per_turn`: at most one bonus throw a turn.
    one_bonus: bool,
    /// Whether this turn has had its bonus throw (for `one_bonus`).
    bonus_taken: bool,
    /// SK-2 `opening=opening_only_decides_order`: the lower opener starts with a fresh throw.
    opening_decides_only: bool,
    /// SK-9 `blocked_load=deferred`: a load while hole 1 is taken waits until it is free.
    defer_loads: bool,
    /// Deferred loads of each seat (only with `defer_loads`).
    pending_loads: [u8; 2],
    /// SK-15 `no_target=take_from_hand`: with no opposing path piece, an arrival captures one
    /// from the opponent's hand.
    take_from_hand: bool,
    /// SK-16 `auto_load=always` (the default); `after_capture_only` refills only a path a
    /// capture has emptied.
    auto_load_always: bool,
    /// SK-6 `retrigger=once_per_piece_per_hole`: each piece loads at most once per nefer hole.
    once_per_piece: bool,
    /// With `once_per_piece`: per seat, the holes whose piece has already crossed 15
    /// (`[0]`) and 25 (`[1]`). The memory goes with the piece along the path and ends when it
    /// leaves it: pieces in hand are one pool of identical pieces (SK-10).
    crossed: [[u32; 2]; 2],
    common: Common,
}

/// The start position with `options`.
///
/// # Errors
/// Options not valid for `hj.skiryuk`.
pub fn new(options: &Options) -> Result<State, OptionError> {
    let specs = option_specs();
    options.validate(KEY, &specs)?;
    let lines = LineRules::read(KEY, options, &specs);
    let value = |name: &str| options.value(&specs, &format!("{KEY}.{name}"));
    Ok(State {
        holes: [1 << 1, 1 << 1],
        shared: [0, 0],
        hand: [PIECES - 1, PIECES - 1],
        trophies: [0, 0],
        to_move: Seat::A,
        phase: Phase::OpeningA,
        turns: 0,
        lines,
        entry_by_one: options.value(&specs, &format!("{KEY}.entry_by_one")) == "true",
        exit_at_once: options.value(&specs, &format!("{KEY}.exit_s")) == "immediate_return_to_hand",
        capture_foremost: options.value(&specs, &format!("{KEY}.capture_target")) == "foremost",
        one_bonus: options.value(&specs, &format!("{KEY}.bonus_chain")) == "one_per_turn",
        bonus_taken: false,
        opening_decides_only: value("opening") == "opening_only_decides_order",
        defer_loads: value("blocked_load") == "deferred",
        pending_loads: [0, 0],
        take_from_hand: value("no_target") == "take_from_hand",
        once_per_piece: value("retrigger") == "once_per_piece_per_hole",
        auto_load_always: value("auto_load") == "always",
        crossed: [[0; 2]; 2],
        common: Common::read(KEY, options),
    })
}

impl Default for State {
    fn default() -> Self {
        new(&Options::new()).expect("defaults are valid")
    }
}

/// The side a seat plays (NOTATION §1: A the jackals on L, B the hounds on R).
const fn side(seat: Seat) -> Side {
    match seat {
        Seat::A => Side::L,
        Seat::B => Side::R,
    }
}

/// Bits `from..=to` (empty when `from > to`).
#[inline]
const fn span(from: u8, to: u8) -> u32 {
    if from > to {
        0
    } else {
        (u32::MAX >> (31 - to)) & !((1u32 << from) - 1)
    }
}

impl State {
    /// A position in the middle of the game, `to_move` about to throw: `a`, `b` the path holes
    /// (1..=29) of seat A and B; `shared`, `hand` and `trophies` per seat.
    ///
    /// # Panics
    /// If a hole is outside 1..=29 or repeated, or a seat's pieces (path, `S`, hand, and those
    /// the opponent holds as trophies) are not five.
    pub fn from_holes(
        a: &[u8],
        b: &[u8],
        shared: [u8; 2],
        hand: [u8; 2],
        trophies: [u8; 2],
        to_move: Seat,
    ) -> State {
        let set = |v: &[u8]| {
            v.iter().fold(0u32, |s, &n| {
                assert!((1..=29).contains(&n), "hole {n}");
                assert_eq!(s >> n & 1, 0, "hole {n} twice");
                s | 1 << n
            })
        };
        let holes = [set(a), set(b)];
        for i in 0..2 {
            assert_eq!(
                holes[i].count_ones() as u8 + shared[i] + hand[i] + trophies[1 - i],
                PIECES,
                "pieces of seat {i}"
            );
        }
        State {
            holes,
            shared,
            hand,
            trophies,
            to_move,
            phase: Phase::Throw,
            turns: 1,
            ..State::default()
        }
    }

    /// The same position under `options` (for building test and analysis positions).
    ///
    /// # Errors
    /// Options not valid for `hj.skiryuk`.
    pub fn with_options(self, options: &Options) -> Result<State, OptionError> {
        let rules = new(options)?;
        Ok(State {
            lines: rules.lines,
            entry_by_one: rules.entry_by_one,
            exit_at_once: rules.exit_at_once,
            capture_foremost: rules.capture_foremost,
            one_bonus: rules.one_bonus,
            opening_decides_only: rules.opening_decides_only,
            defer_loads: rules.defer_loads,
            take_from_hand: rules.take_from_hand,
            once_per_piece: rules.once_per_piece,
            auto_load_always: rules.auto_load_always,
            common: rules.common,
            ..self
        })
    }

    /// The holes (1..=29) of `seat`'s pieces on its path.
    pub fn holes_of(&self, seat: Seat) -> impl Iterator<Item = u8> {
        crate::game::ones(self.holes[seat.index()])
    }

    /// Pieces of `seat` in the shared hole.
    pub fn in_shared(&self, seat: Seat) -> u8 {
        self.shared[seat.index()]
    }

    /// Pieces of `seat` in hand.
    pub fn in_hand(&self, seat: Seat) -> u8 {
        self.hand[seat.index()]
    }

    /// Opposing pieces `seat` has captured.
    pub fn trophies(&self, seat: Seat) -> u8 {
        self.trophies[seat.index()]
    }

    /// The seat to move.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The legal moves of the seat to move for throw `t` (SPEC §3.5), `pass` if none.
    fn moves_for(&self, t: Throw, out: &mut MoveList) {
        let null = self.generate(self.to_move, t.value(), out);
        // C-5 `allowed_as_pass`: the null move may be chosen; it changes nothing, so it is a pass.
        if out.is_empty() || (null && self.lines.null_as_pass) {
            out.push(Move::Pass);
        }
    }

    /// Appends the legal moves (without `pass`) of `seat` for throw `t`, and says whether a
    /// move whose line leads back to its start exists (C-5).
    fn generate(&self, seat: Seat, t: u8, out: &mut MoveList) -> bool {
        let me = seat.index();
        let s = side(seat);
        let own = self.holes[me];
        // A move whose line leads back to its start (C-5).
        let mut null = false;
        let mut h = own;
        while h != 0 {
            let p = h.trailing_zeros() as u8;
            h &= h - 1;
            let l = p + t;
            // Nothing beyond S; no landing on or passing over an own piece (000-SK§13–14, §20–21).
            if l > SHARED || own & span(p + 1, l.min(29)) != 0 {
                continue;
            }
            let to = if l == SHARED {
                Place::Shared
            } else {
                // SK-11..SK-13: the line's far end must be free of the player's other pieces.
                let others = own & !(1 << p);
                match self
                    .lines
                    .follow(p, l, board::line_partner(l), |d| others >> d & 1 == 0)
                {
                    Follow::Stop(f) => Place::Hole(s, f),
                    Follow::Null => {
                        null = true;
                        continue;
                    }
                    Follow::Illegal => continue,
                }
            };
            out.push(Move::Go {
                from: Place::Hole(s, p),
                to,
            });
        }
        // SK-7 option: a 1 enters a piece on an empty hole 1.
        if t == 1 && self.entry_by_one && self.hand[me] > 0 && own & 2 == 0 {
            out.push(Move::Go {
                from: Place::Hand,
                to: Place::Hole(s, 1),
            });
        }
        // A piece in S goes back to hand on a 1 (000-SK§19, §21; SK-17).
        if t == 1 && self.shared[me] > 0 {
            out.push(Move::Go {
                from: Place::Shared,
                to: Place::Hand,
            });
        }
        null
    }

    /// SK-16: every player whose path is empty loads a piece from hand on hole 1 at once; under
    /// `auto_load=after_capture_only` only the player whose path a capture has just emptied
    /// (`captured`, his seat index).
    fn auto_load(&mut self, captured: Option<usize>) {
        for i in 0..2 {
            if !self.auto_load_always && captured != Some(i) {
                continue;
            }
            if self.holes[i] & PATH == 0 && self.hand[i] > 0 {
                self.holes[i] |= 1 << 1;
                self.hand[i] -= 1;
            }
        }
    }

    /// Moves the piece on hole `p` whose count ends on `l` (SPEC §3.6, in its order) and says
    /// whether it earned a bonus throw.
    fn move_piece(&mut self, p: u8, l: u8, to: Place) -> bool {
        let me = self.to_move.index();
        // 1. The counted steps p+1..=l cross a nefer hole (never the line jump; SK-5); under
        // SK-6 `once_per_piece_per_hole` only a piece that has not crossed it before loads.
        let crosses = [p < 15 && l >= 15, p < 25 && l >= 25];
        let trigger = if self.once_per_piece {
            let had = self.crossed[me].map(|c| c >> p & 1 == 1);
            for k in 0..2 {
                self.crossed[me][k] &= !(1 << p);
                if let Place::Hole(_, f) = to
                    && (had[k] || crosses[k])
                {
                    self.crossed[me][k] |= 1 << f;
                }
            }
            (crosses[0] && !had[0]) || (crosses[1] && !had[1])
        } else {
            crosses[0] || crosses[1]
        };
        // 2. The move, line included.
        let mut captured = None;
        self.holes[me] &= !(1 << p);
        match to {
            Place::Hole(_, f) => self.holes[me] |= 1 << f,
            _ => {
                // 3. Arrival in S captures the opponent's rearmost path piece (SK-14, SK-15).
                let theirs = self.holes[1 - me];
                if theirs != 0 {
                    let victim = if self.capture_foremost {
                        1 << (31 - theirs.leading_zeros())
                    } else {
                        theirs & theirs.wrapping_neg()
                    };
                    self.holes[1 - me] &= !victim;
                    captured = Some(1 - me);
                    for c in &mut self.crossed[1 - me] {
                        *c &= !victim;
                    }
                    self.trophies[me] += 1;
                } else if self.take_from_hand && self.hand[1 - me] > 0 {
                    // SK-15 `take_from_hand`: no path piece, so one from his hand.
                    self.hand[1 - me] -= 1;
                    self.trophies[me] += 1;
                }
                // SK-17 option: the piece does not stay in S but goes back to hand at once.
                if self.exit_at_once {
                    self.hand[me] += 1;
                } else {
                    self.shared[me] += 1;
                }
            }
        }
        // 4. The load, lost if hole 1 is taken (SK-8, SK-9), or kept until it is free under
        // SK-9 `deferred` (then made like a fresh load: none if the hand is empty by then).
        if self.defer_loads {
            if trigger {
                self.pending_loads[me] = (self.pending_loads[me] + 1).min(PIECES);
            }
            // The move or its capture may have freed hole 1 of either seat.
            for i in 0..2 {
                if self.pending_loads[i] > 0 && self.holes[i] & 2 == 0 {
                    self.pending_loads[i] -= 1;
                    if self.hand[i] > 0 {
                        self.holes[i] |= 2;
                        self.hand[i] -= 1;
                    }
                }
            }
        } else if trigger && self.holes[me] & 2 == 0 && self.hand[me] > 0 {
            self.holes[me] |= 2;
            self.hand[me] -= 1;
        }
        // 5.
        self.auto_load(captured);
        // 7. (Step 6, the win, is checked by the caller.)
        l == 15 || l == 25
    }

    fn end_turn(&mut self) {
        self.to_move = self.to_move.other();
        self.turns += 1;
        self.bonus_taken = false;
        self.phase = if self.common.capped(self.turns) {
            Phase::Over(Outcome::Draw)
        } else {
            Phase::Throw
        };
    }
}

impl Game for State {
    fn rule_set(&self) -> RuleSetId {
        RuleSetId::HjSkiryuk
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::OpeningA => Status::Chance {
                seat: Some(Seat::A),
            },
            Phase::OpeningB(_) => Status::Chance {
                seat: Some(Seat::B),
            },
            Phase::Throw => Status::Chance {
                seat: Some(self.to_move),
            },
            Phase::Move(t) => Status::Decide {
                seat: self.to_move,
                throw: Some(t),
            },
            Phase::Over(o) => Status::Over(o),
        }
    }

    fn chance_outcomes(&self) -> ChanceList {
        match self.phase {
            Phase::OpeningA | Phase::OpeningB(_) | Phase::Throw => {
                throw_outcomes(self.common.bias.law())
            }
            _ => ChanceList::new(),
        }
    }

    fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        if let Phase::Move(t) = self.phase {
            self.moves_for(t, out);
            self.common.offer_pass(out);
        }
    }

    fn play_chance_unchecked(&mut self, c: Chance) {
        let Chance::Throw(t) = c else {
            debug_assert!(false, "chance {c} in {:?}", self.phase);
            return;
        };
        self.phase = match self.phase {
            Phase::OpeningA => Phase::OpeningB(t),
            // Equal opening throws are thrown again (SK-1).
            Phase::OpeningB(a) if a == t => Phase::OpeningA,
            // The lower thrower moves first, by his opening throw (SK-2), or with a fresh throw
            // under `opening_only_decides_order`.
            Phase::OpeningB(a) => {
                let (seat, low) = if a < t { (Seat::A, a) } else { (Seat::B, t) };
                self.to_move = seat;
                self.turns = 1;
                if self.opening_decides_only {
                    Phase::Throw
                } else {
                    Phase::Move(low)
                }
            }
            _ => Phase::Move(t),
        };
    }

    fn play_unchecked(&mut self, m: Move) {
        let me = self.to_move.index();
        let Phase::Move(t) = self.phase else {
            debug_assert!(false, "move {m} in {:?}", self.phase);
            return;
        };
        match m {
            Move::Go {
                from: Place::Hole(_, p),
                to,
            } => {
                if self.move_piece(p, p + t.value(), to) && !(self.one_bonus && self.bonus_taken) {
                    self.bonus_taken = self.one_bonus;
                    self.phase = Phase::Throw;
                } else {
                    self.end_turn();
                }
                if self.trophies[me] == PIECES {
                    self.phase = Phase::Over(Outcome::Win(Seat::BOTH[me]));
                }
            }
            Move::Go {
                from: Place::Hand, ..
            } => {
                self.holes[me] |= 2;
                self.hand[me] -= 1;
                self.end_turn();
            }
            Move::Go {
                from: Place::Shared,
                ..
            } => {
                self.shared[me] -= 1;
                self.hand[me] += 1;
                self.auto_load(None);
                self.end_turn();
            }
            // A lost throw ends the turn.
            _ => self.end_turn(),
        }
        // C-8. With auto-load always (SK-16 default) no jam exists: the front piece on the path
        // can always move with some throw (nothing of its own lies ahead of it; from 26..29 a
        // throw reaches S, from lower holes a throw of 2..5 lands on a hole that is not a line
        // hole or whose line it may follow), and a player with no path piece has a piece in S
        // (auto-load empties the hand first), which a 1 takes back to hand. Under
        // `after_capture_only` a player can be left with every piece in hand for good.
        if !self.auto_load_always
            && !matches!(self.phase, Phase::Over(_))
            && board::jammed(|s, t, out| {
                self.generate(s, t, out);
            })
        {
            self.phase = Phase::Over(Outcome::Draw);
        }
    }

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Chance {
        Chance::Throw(self.common.bias.throw(rng).score())
    }

    fn turns(&self) -> u32 {
        self.turns
    }

    fn layout(&self) -> [SeatLayout; 2] {
        Seat::BOTH.map(|seat| {
            let i = seat.index();
            let mut board: Vec<Place> = self
                .holes_of(seat)
                .map(|n| Place::Hole(side(seat), n))
                .collect();
            board.extend((0..self.shared[i]).map(|_| Place::Shared));
            SeatLayout {
                board,
                hand: self.hand[i],
                off: 0,
                trophies: self.trophies[i],
            }
        })
    }

    fn board_text(&self) -> String {
        let mut pieces = Vec::new();
        for seat in Seat::BOTH {
            for p in self.layout()[seat.index()].board.iter() {
                pieces.push((*p, seat));
            }
        }
        let legend = format!(
            "* = nefer (15, 25: load, and a bonus throw on landing); in hand A {} B {}; trophies A {} B {}",
            self.hand[0], self.hand[1], self.trophies[0], self.trophies[1]
        );
        board::render(&pieces, &[15, 25], &legend)
    }
}
