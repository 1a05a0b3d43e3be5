//! `hj.skiryuk`: Hounds & Jackals after Dmitriy Skiryuk (seed 000, first rule set; SPEC §3).
//!
//! Each player runs his pieces up his own side, `X1..X29`, to the shared hole `S`, which holds
//! any number of pieces of both players. Pieces enter only by *loads*: crossing a nefer hole (15
//! or 25) loads a piece from hand on hole 1, and a player whose path is empty loads one at once.
//! Each arrival in `S` captures the opponent's rearmost path piece for good; a piece in `S` goes
//! back to hand on a throw of 1. The first to hold all five opposing pieces wins.

use super::board::{self, Follow, LineRules, side};
use crate::game::{ByPlayer, Chance, Move, MoveList, Outcome, Place, Seat, SeatLayout, Status};
use crate::options::{OptionSpec, Registry, config, option_values};
use crate::rules::RuleInfo;
use crate::skeleton::{Clock, Moves, Rules, Turns, rule_set, seat_counts, state};
use crate::sticks::Throw;

rule_set!(HjSkiryuk; jam: generate, board: hj(&NEFER, ["in hand", "", "trophies"]));

/// Pieces per player (000-SK§6).
pub const PIECES: u8 = 5;
/// The shared hole's index on the single-side path.
const SHARED: u8 = board::SHARED;
/// Holes 1..=29 of a side as bits 1..=29.
const PATH: u32 = ((1 << 30) - 1) & !1;
/// The nefer holes E and G (000-SK§3, SK-19): crossing one loads a piece, stopping on one
/// earns another throw.
pub(crate) const NEFER: [u8; 2] = [15, 25];

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
/// defaults by name, and every alternative SPEC §10 and §13 give.
pub fn option_specs() -> Vec<OptionSpec> {
    Registry::new(KEY, &[])
        .with(LineRules::specs(
            KEY,
            &["both", "forward_only", "backward_only"],
            ("SK-13", "direction of the lines 6↔20 and 8↔10"),
            ("SK-11", "a line whose far end is taken"),
        ))
        .own(
            "opening",
            Opening::VALUES,
            "SK-2",
            "what the opening throws do",
        )
        .own(
            "bonus_chain",
            BonusChain::VALUES,
            "SK-4",
            "bonus throws for landing on 15 or 25 chain",
        )
        .own(
            "bonus",
            Bonus::VALUES,
            "SK-20",
            "whether a bonus throw may be declined",
        )
        .own(
            "retrigger",
            Retrigger::VALUES,
            "SK-6",
            "which nefer crossings load",
        )
        .own(
            "entry_by_one",
            &["false", "true"],
            "SK-7",
            "a throw of 1 may enter a piece on an empty hole 1",
        )
        .own(
            "load",
            Load::VALUES,
            "SK-8",
            "whether a load may be refused",
        )
        .own(
            "blocked_load",
            BlockedLoad::VALUES,
            "SK-9",
            "a load while hole 1 is taken",
        )
        .own(
            "capture_target",
            CaptureTarget::VALUES,
            "SK-14",
            "which opposing piece an arrival in S captures",
        )
        .own(
            "no_target",
            NoTarget::VALUES,
            "SK-15",
            "an arrival in S with no opposing piece on the path",
        )
        .own(
            "auto_load",
            AutoLoad::VALUES,
            "SK-16",
            "when an empty path is refilled from hand",
        )
        .own("exit_s", ExitS::VALUES, "SK-17", "how pieces leave S")
        .done()
}

option_values! {
    /// SK-2: what the opening throws do.
    pub enum Opening {
        /// The lower thrower moves first, by his opening throw.
        LowestMovesWithOpeningThrow = "lowest_moves_with_opening_throw",
        /// The lower thrower moves first, with a fresh throw.
        OpeningOnlyDecidesOrder = "opening_only_decides_order",
    }
}

option_values! {
    /// SK-4: bonus throws for landing on 15 or 25.
    pub enum BonusChain {
        /// They chain.
        Unlimited = "unlimited",
        /// At most one a turn.
        OnePerTurn = "one_per_turn",
    }
}

option_values! {
    /// SK-20: whether the nefer bonus throw may be declined.
    pub enum Bonus {
        /// It is thrown.
        Automatic = "automatic",
        /// The mover decides, `throw` or `pass`.
        Declinable = "declinable",
    }
}

option_values! {
    /// SK-8: whether a load may be refused.
    pub enum Load {
        /// The piece is loaded at once.
        Automatic = "automatic",
        /// The mover decides, `hand-X1` or `pass`.
        Optional = "optional",
    }
}

option_values! {
    /// SK-6: which crossings of a nefer hole load a piece.
    pub enum Retrigger {
        /// Every crossing.
        EveryCrossing = "every_crossing",
        /// Each piece loads at most once per nefer hole.
        OncePerPiecePerHole = "once_per_piece_per_hole",
    }
}

option_values! {
    /// SK-9: a load while hole 1 is taken.
    pub enum BlockedLoad {
        /// It is lost.
        Lost = "lost",
        /// It waits until hole 1 is free.
        Deferred = "deferred",
    }
}

option_values! {
    /// SK-14: which opposing path piece an arrival in S captures.
    pub enum CaptureTarget {
        /// The rearmost.
        Rearmost = "rearmost",
        /// The foremost.
        Foremost = "foremost",
        /// The mover chooses, `capture-R3`, among two or more.
        Choice = "choice",
    }
}

option_values! {
    /// SK-15: an arrival in S with no opposing piece on the path.
    pub enum NoTarget {
        /// Captures nothing.
        Nothing = "nothing",
        /// Leaves a capture owed, taken as soon as the opponent has a path piece.
        DeferredCapture = "deferred_capture",
        /// Captures a piece from the opponent's hand.
        TakeFromHand = "take_from_hand",
    }
}

option_values! {
    /// SK-16: when an empty path is refilled from hand.
    pub enum AutoLoad {
        /// Whenever a player's path is empty.
        Always = "always",
        /// Only a path a capture has just emptied.
        AfterCaptureOnly = "after_capture_only",
    }
}

option_values! {
    /// SK-17: how pieces leave S.
    pub enum ExitS {
        /// Back to hand on a throw of 1.
        ByOne = "by_one",
        /// Back to hand at once, on arrival.
        ImmediateReturnToHand = "immediate_return_to_hand",
    }
}

config! {
    /// The rules of a `hj.skiryuk` game, read once from its options: they never change
    /// during the game.
    pub struct Config {
        /// SK-11..SK-13, C-5, C-6.
        lines: LineRules,
        /// SK-2.
        opening: Opening,
        /// SK-4.
        bonus_chain: BonusChain,
        /// SK-20, R-10.
        bonus: Bonus,
        /// SK-6.
        retrigger: Retrigger,
        /// SK-7: a 1 may enter a piece from hand on an empty hole 1.
        entry_by_one: bool,
        /// SK-8, R-8.
        load: Load,
        /// SK-9.
        blocked_load: BlockedLoad,
        /// SK-14.
        capture_target: CaptureTarget,
        /// SK-15.
        no_target: NoTarget,
        /// SK-16.
        auto_load: AutoLoad,
        /// SK-17.
        exit_s: ExitS,
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    /// Opening: A throws (000-SK§7).
    OpeningA,
    /// Opening: B throws; A threw this.
    OpeningB(Throw),
    /// The seat to move throws: a turn, or a bonus throw (3.6 step 7).
    Throw,
    /// The seat to move uses this throw.
    Move(Throw),
    /// R-9 (`capture_target=choice`): the mover's piece has just arrived in S with two or more
    /// opposing path pieces; he chooses the one captured (a decision before any throw).
    Capture,
    /// R-8 (`load=optional`): the move recorded a load trigger with hole 1 empty and a piece in
    /// hand; the mover loads or declines. `bonus`: the move also earned the nefer bonus.
    Load {
        /// The move landed on 15 or 25 (§3.6 step 7 follows the decision).
        bonus: bool,
    },
    /// R-10 (`bonus=declinable`): the mover takes the bonus throw or ends his turn.
    Bonus,
    /// Over.
    Over(Outcome),
}

state! {
    /// A `hj.skiryuk` position, with the game's [`Config`].
    pub struct State {
        /// Holes 1..=29 of each seat's own side (bit n = hole n).
        holes: ByPlayer<u32>,
        /// Pieces of each seat in `S`.
        shared: ByPlayer<u8>,
        /// Pieces of each seat in hand: never entered, or back from `S` (SK-10).
        hand: ByPlayer<u8>,
        /// Opposing pieces each seat has captured (000-SK§19).
        trophies: ByPlayer<u8>,
        /// Whether this turn has had its bonus throw (for SK-4 `one_per_turn`).
        bonus_taken: bool,
        /// Deferred loads of each seat (only under SK-9 `deferred`).
        pending_loads: ByPlayer<u8>,
        /// Under SK-6 `once_per_piece_per_hole`: per seat, the holes whose piece has already
        /// crossed 15 (`[0]`) and 25 (`[1]`). The memory goes with the piece along the path and
        /// ends when it leaves it: pieces in hand are one pool of identical pieces (SK-10).
        crossed: ByPlayer<[u32; 2]>,
        /// Captures each seat is owed (only under SK-15 `deferred_capture`, R-11).
        owed: ByPlayer<u8>,
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

seat_counts! {
    /// Pieces of `seat` in the shared hole.
    in_shared => shared,
    /// Pieces of `seat` in hand.
    in_hand => hand,
    /// Opposing pieces `seat` has captured.
    trophies => trophies,
    /// Captures `seat` is owed and will take once the opponent has a path piece (only under
    /// `hj.skiryuk.no_target=deferred_capture`, R-11).
    owed_captures => owed,
}

impl State {
    /// The start position under `cfg`: one piece on each hole 1, the opening throws to come (000-SK§7).
    pub fn start(cfg: Config) -> State {
        State {
            holes: ByPlayer::both(1 << 1),
            shared: ByPlayer::both(0),
            hand: ByPlayer::both(PIECES - 1),
            trophies: ByPlayer::both(0),
            clock: Clock::new(Seat::A, 0),
            phase: Phase::OpeningA,
            bonus_taken: false,
            pending_loads: ByPlayer::both(0),
            crossed: ByPlayer::both([0; 2]),
            owed: ByPlayer::both(0),
            cfg,
        }
    }

    /// The holes (1..=29) of `seat`'s pieces on its path.
    pub fn holes_of(&self, seat: Seat) -> impl Iterator<Item = u8> {
        crate::game::ones(self.holes[seat])
    }

    /// The text board's legend, before the counts (see `rule_set!`'s `board: hj`).
    fn legend(&self) -> String {
        "* = nefer (15, 25: load, and a bonus throw on landing)".to_owned()
    }

    /// Where `seat`'s pieces are (see [`Game::layout`](crate::Game::layout)).
    fn seat_layout(&self, seat: Seat) -> SeatLayout {
        let mut board: Vec<Place> = self
            .holes_of(seat)
            .map(|n| Place::Hole(side(seat), n))
            .collect();
        board.extend((0..self.shared[seat]).map(|_| Place::Shared));
        SeatLayout {
            board,
            hand: self.hand[seat],
            off: 0,
            trophies: self.trophies[seat],
        }
    }

    /// Appends the legal moves (without `pass`) of `seat` for throw `t`, and says whether a
    /// move whose line leads back to its start exists (C-5).
    fn generate(&self, seat: Seat, t: u8, out: &mut MoveList) -> bool {
        let s = side(seat);
        let own = self.holes[seat];
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
                // the move is written with the piece's final place, the hand when it
                // goes back at once (SK-17 `immediate_return_to_hand`).
                match self.cfg.exit_s {
                    ExitS::ByOne => Place::Shared,
                    ExitS::ImmediateReturnToHand => Place::Hand,
                }
            } else {
                // SK-11..SK-13: the line's far end must be free of the player's other pieces.
                let others = own & !(1 << p);
                match self
                    .cfg
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
        if t == 1 && self.cfg.entry_by_one && self.hand[seat] > 0 && own & 2 == 0 {
            out.push(Move::Go {
                from: Place::Hand,
                to: Place::Hole(s, 1),
            });
        }
        // A piece in S goes back to hand on a 1 (000-SK§19, §21; SK-17).
        if t == 1 && self.shared[seat] > 0 {
            out.push(Move::Go {
                from: Place::Shared,
                to: Place::Hand,
            });
        }
        null
    }

    /// SK-16: every player whose path is empty loads a piece from hand on hole 1 at once; under
    /// `auto_load=after_capture_only` only the player whose path a capture has just emptied
    /// (`captured`).
    fn auto_load(&mut self, captured: Option<Seat>) {
        for seat in Seat::BOTH {
            if self.cfg.auto_load == AutoLoad::AfterCaptureOnly && captured != Some(seat) {
                continue;
            }
            if self.holes[seat] & PATH == 0 && self.hand[seat] > 0 {
                self.holes[seat] |= 1 << 1;
                self.hand[seat] -= 1;
            }
        }
    }

    /// Moves the piece on hole `p` whose count ends on `l` to `to` and applies the effects of
    /// SPEC §3.6 in its order, stopping at a decision an option puts among them (R-8, R-9,
    /// R-10); the decision's answer goes on from there.
    fn move_piece(&mut self, p: u8, l: u8, to: Place) {
        let me = self.clock.to_move;
        let them = me.other();
        // 1. The counted steps p+1..=l cross a nefer hole (never the line jump; SK-5); under
        // SK-6 `once_per_piece_per_hole` only a piece that has not crossed it before loads.
        let crosses = NEFER.map(|n| p < n && l >= n);
        let trigger = match self.cfg.retrigger {
            Retrigger::EveryCrossing => crosses[0] || crosses[1],
            Retrigger::OncePerPiecePerHole => {
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
            }
        };
        // 2. The move, line included.
        self.holes[me] &= !(1 << p);
        if let Place::Hole(_, f) = to {
            self.holes[me] |= 1 << f;
            self.load(trigger, l == NEFER[0] || l == NEFER[1], None);
            return;
        }
        // 3. Arrival in S (`to` is the hand under SK-17 `immediate_return_to_hand`, R-12): the
        // piece stays in S, or goes back to hand at once; it captures the opponent's rearmost
        // path piece (SK-14, SK-15). An exact arrival in S starts on 25..29, so it never crosses
        // a nefer hole nor lands on one: no load, no bonus follows.
        match self.cfg.exit_s {
            ExitS::ByOne => self.shared[me] += 1,
            ExitS::ImmediateReturnToHand => self.hand[me] += 1,
        }
        let theirs = self.holes[them];
        let mut captured = None;
        if theirs != 0 {
            let victim = match self.cfg.capture_target {
                CaptureTarget::Rearmost => theirs & theirs.wrapping_neg(),
                CaptureTarget::Foremost => 1 << (31 - theirs.leading_zeros()),
                // with two or more targets the mover chooses (a decision); one is taken.
                CaptureTarget::Choice if theirs.count_ones() > 1 => {
                    self.phase = Phase::Capture;
                    return;
                }
                CaptureTarget::Choice => theirs,
            };
            self.capture(me, victim);
            captured = Some(them);
        } else {
            match self.cfg.no_target {
                NoTarget::Nothing => {}
                // the capture is owed, and taken at the end of an action that gives the
                // opponent a path piece.
                NoTarget::DeferredCapture => self.owed[me] = self.owed[me].saturating_add(1),
                // SK-15 `take_from_hand`: no path piece, so one from his hand; a capture like
                // any other, so the victim's empty path is refilled.
                NoTarget::TakeFromHand => {
                    if self.hand[them] > 0 {
                        self.hand[them] -= 1;
                        self.trophies[me] += 1;
                        captured = Some(them);
                    }
                }
            }
        }
        self.load(trigger, false, captured);
    }

    /// `seat` captures the opponent's path piece(s) `victim` (one bit) and keeps it (000-SK§19).
    fn capture(&mut self, seat: Seat, victim: u32) {
        let them = seat.other();
        self.holes[them] &= !victim;
        for c in &mut self.crossed[them] {
            *c &= !victim;
        }
        self.trophies[seat] += 1;
    }

    /// §3.6 step 4, the load of a `trigger`, then the rest of the move (`bonus`: the move landed
    /// on 15 or 25; `captured`: whose piece it captured). The load is lost if hole 1 is taken
    /// (SK-9), or kept until hole 1 is free under SK-9 `deferred` (then made like a fresh load,
    /// automatically, R-8: none if the hand is empty by then); with hole 1 free it is made at
    /// once, or under SK-8 `optional` the mover decides.
    #[inline(always)]
    fn load(&mut self, trigger: bool, bonus: bool, captured: Option<Seat>) {
        let me = self.clock.to_move;
        // Most moves trigger nothing: they test `trigger` alone.
        if trigger {
            let can_load = self.holes[me] & 2 == 0 && self.hand[me] > 0;
            if can_load && self.cfg.load == Load::Optional {
                // A load trigger never comes with an arrival in S (see `move_piece`), so no
                // capture waits for this decision.
                debug_assert!(captured.is_none());
                self.phase = Phase::Load { bonus };
                return;
            }
            match self.cfg.blocked_load {
                BlockedLoad::Lost => {
                    if can_load {
                        self.holes[me] |= 2;
                        self.hand[me] -= 1;
                    }
                }
                BlockedLoad::Deferred => {
                    self.pending_loads[me] = (self.pending_loads[me] + 1).min(PIECES);
                }
            }
        }
        self.deferred_loads();
        self.settle(bonus, captured);
    }

    /// SK-9 `deferred`: the waiting loads of either seat whose hole 1 is free now (the move or
    /// its capture may have freed it) are made, or lapse with an empty hand.
    #[inline]
    fn deferred_loads(&mut self) {
        if self.cfg.blocked_load != BlockedLoad::Deferred {
            return;
        }
        for seat in Seat::BOTH {
            if self.pending_loads[seat] > 0 && self.holes[seat] & 2 == 0 {
                self.pending_loads[seat] -= 1;
                if self.hand[seat] > 0 {
                    self.holes[seat] |= 2;
                    self.hand[seat] -= 1;
                }
            }
        }
    }

    /// The end of an action (§3.6 steps 5–7): the auto-loads, the captures owed, the
    /// bonus throw (step 7; a decision under SK-20 `declinable`, R-10) or the end of the turn,
    /// and the win (step 6, which overrides whatever comes next).
    #[inline(always)]
    fn settle(&mut self, bonus: bool, captured: Option<Seat>) {
        let me = self.clock.to_move;
        // 5.
        self.auto_load(captured);
        let owed = self.owed != ByPlayer::both(0);
        if owed {
            self.take_owed();
        }
        // 7.
        let one_bonus = self.cfg.bonus_chain == BonusChain::OnePerTurn;
        if bonus && !(one_bonus && self.bonus_taken) {
            self.bonus_taken = one_bonus;
            self.phase = match self.cfg.bonus {
                Bonus::Automatic => Phase::Throw,
                Bonus::Declinable => Phase::Bonus,
            };
        } else {
            self.end_turn();
        }
        // 6. An owed capture may complete either seat's five, the mover's first (the
        // opponent's only by an owed capture: his own captures are checked on his moves).
        if self.trophies[me] == PIECES {
            self.phase = Phase::Over(Outcome::Win(me));
        } else if owed && self.trophies[me.other()] == PIECES {
            self.phase = Phase::Over(Outcome::Win(me.other()));
        }
    }

    /// each owed capture is taken while the opponent has a path piece, rearmost first
    /// (whatever `capture_target` says), the mover's first; after each the victim is refilled
    /// by the auto-load as after any capture.
    fn take_owed(&mut self) {
        let me = self.clock.to_move;
        for seat in [me, me.other()] {
            let them = seat.other();
            while self.owed[seat] > 0 && self.holes[them] != 0 {
                let theirs = self.holes[them];
                self.capture(seat, theirs & theirs.wrapping_neg());
                self.owed[seat] -= 1;
                self.auto_load(Some(them));
            }
        }
    }

    /// The decisions an option adds (R-8..R-10) and the entry by a 1 (SK-7): out of line, as
    /// a game with the default options never makes them.
    #[inline(never)]
    fn play_other(&mut self, m: Move) {
        let me = self.clock.to_move;
        match (self.phase, m) {
            (
                Phase::Move(_),
                Move::Go {
                    from: Place::Hand, ..
                },
            ) => {
                self.holes[me] |= 2;
                self.hand[me] -= 1;
                self.settle(false, None);
            }
            (Phase::Capture, Move::Capture(Place::Hole(_, n))) => {
                let them = me.other();
                self.capture(me, 1 << n);
                self.load(false, false, Some(them));
            }
            (Phase::Load { bonus }, m) => {
                if m != Move::Pass {
                    self.holes[me] |= 2;
                    self.hand[me] -= 1;
                }
                self.deferred_loads();
                self.settle(bonus, None);
            }
            (Phase::Bonus, Move::Throw) => self.phase = Phase::Throw,
            (Phase::Bonus, _) => self.end_turn(),
            _ => debug_assert!(false, "{m} is not legal in {:?}", self.phase),
        }
    }

    fn end_turn(&mut self) {
        self.bonus_taken = false;
        let over = self.clock.pass(&self.cfg.common);
        self.phase = over.map_or(Phase::Throw, Phase::Over);
    }
}

impl Turns for State {
    #[inline]
    fn status(&self) -> Status {
        match self.phase {
            Phase::OpeningA => Status::Chance {
                seat: Some(Seat::A),
            },
            Phase::OpeningB(_) => Status::Chance {
                seat: Some(Seat::B),
            },
            Phase::Throw => Status::Chance {
                seat: Some(self.clock.to_move),
            },
            Phase::Move(t) => Status::Decide {
                seat: self.clock.to_move,
                throw: Some(t),
            },
            // decisions that are no throw's (NOTATION §6: `throw` null).
            Phase::Capture | Phase::Load { .. } | Phase::Bonus => Status::Decide {
                seat: self.clock.to_move,
                throw: None,
            },
            Phase::Over(o) => Status::Over(o),
        }
    }

    #[inline]
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
                self.clock.begin(seat);
                match self.cfg.opening {
                    Opening::LowestMovesWithOpeningThrow => Phase::Move(low),
                    Opening::OpeningOnlyDecidesOrder => Phase::Throw,
                }
            }
            _ => Phase::Move(t),
        };
    }
}

impl Moves for State {
    #[inline]
    fn decision_moves(&self, out: &mut MoveList) -> bool {
        if let Phase::Move(t) = self.phase {
            let null = self.generate(self.clock.to_move, t.value(), out);
            self.cfg.lines.finish(null, out);
            return true;
        }
        self.option_moves(out);
        false
    }
}

impl State {
    /// The moves of the decisions an option adds (R-8..R-10), before any throw; out of line,
    /// as a game with the default options never makes them.
    #[inline(never)]
    fn option_moves(&self, out: &mut MoveList) {
        let me = self.clock.to_move;
        match self.phase {
            // which of the opponent's path pieces to capture.
            Phase::Capture => {
                let them = me.other();
                for n in crate::game::ones(self.holes[them]) {
                    out.push(Move::Capture(Place::Hole(side(them), n)));
                }
            }
            // load, or decline.
            Phase::Load { .. } => {
                out.push(Move::Go {
                    from: Place::Hand,
                    to: Place::Hole(side(me), 1),
                });
                out.push(Move::Pass);
            }
            // take the bonus throw, or end the turn.
            Phase::Bonus => {
                out.push(Move::Pass);
                out.push(Move::Throw);
            }
            _ => {}
        }
    }
}

impl Rules for State {
    fn play_unchecked(&mut self, m: Move) {
        let me = self.clock.to_move;
        match (self.phase, m) {
            (
                Phase::Move(t),
                Move::Go {
                    from: Place::Hole(_, p),
                    to,
                },
            ) => self.move_piece(p, p + t.value(), to),
            (
                Phase::Move(_),
                Move::Go {
                    from: Place::Shared,
                    ..
                },
            ) => {
                self.shared[me] -= 1;
                self.hand[me] += 1;
                self.settle(false, None);
            }
            // A lost throw ends the turn; it changes nothing that the end of an action would
            // settle (§3.6 steps 5–6, R-11).
            (Phase::Move(_), Move::Pass) => self.end_turn(),
            _ => self.play_other(m),
        }
        // C-8. With auto-load always (SK-16 default) no jam exists: the front piece on the path
        // can always move with some throw (nothing of its own lies ahead of it; from 26..29 a
        // throw reaches S, from lower holes a throw of 2..5 lands on a hole that is not a line
        // hole or whose line it may follow), and a player with no path piece has a piece in S
        // (auto-load empties the hand first), which a 1 takes back to hand. Under
        // `after_capture_only` a player can be left with every piece in hand for good. Checked
        // when a throw is due, not while a decision of the move waits (R-8..R-10).
        if self.cfg.auto_load == AutoLoad::AfterCaptureOnly && self.phase == Phase::Throw {
            self.draw_if_jammed();
        }
    }
}
