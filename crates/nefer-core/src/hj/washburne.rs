//! `hj.washburne`: Hounds & Jackals after Donna Washburne (seed 000, second rule set; SPEC §4),
//! on the reconstructed board of §4.1: each player starts on his home holes 1–5, runs the circuit
//! (own side up, `S`, the opponent's side down) and wins by filling the opponent's home box.
//!
//! Pieces are bits of circuit indices per seat, as in `hj.walker`'s Variation: index `i` ≤ 29 is
//! the seat's own hole, 30 is `S` (single occupancy here, WA-13), `i` ≥ 31 the opponent's hole
//! `60 − i`; the opponent's pieces seen from this seat are its bits mirrored around 30.

use super::board::{
    self, CIRCUIT_END, Follow, LineRules, SHARED, circuit_place, line_partner, mirror, side,
};
use crate::game::{ByPlayer, Chance, Move, MoveList, Outcome, Place, Seat, SeatLayout, Status};
use crate::options::{Dice, HoleSet, OptionSpec, OptionValue, Registry, config, option_values};
use crate::rules::RuleInfo;
use crate::skeleton::{Clock, Moves, Rules, Turns, rule_set, seat_counts, state};
use crate::sticks::{DicePair, Throw};

rule_set!(HjWashburne; board: hj(&[5, 15, 25], ["knocked off", "", ""]));

/// Pieces per player (000-WA§8).
pub const PIECES: u8 = 5;
/// The last index of the circuit: the opponent's hole 1 (WA-14).
const END: u8 = CIRCUIT_END;
/// Home box: own holes 1..5 (WA-1).
pub(crate) const HOME: u64 = 0b11_1110;
/// Goal: the opponent's home box, indices 55..59 (WA-2).
pub(crate) const GOAL: u64 = 0b11111 << 55;
/// Orange holes: every fifth hole of each side (000-WA§5); landing there re-throws (WA-3), or
/// they are blocking points (`orange=blocking_point`, R-6).
pub(crate) const ORANGE: u64 = 1 << 5
    | 1 << 10
    | 1 << 15
    | 1 << 20
    | 1 << 25
    | 1 << 55
    | 1 << 50
    | 1 << 45
    | 1 << 40
    | 1 << 35;

/// Name, source and rules in plain words.
pub const INFO: RuleInfo = RuleInfo {
    key: KEY,
    title: "Hounds & Jackals, Donna Washburne (reconstructed board)",
    source: "seed 000, second rule set (Washburne, rules 1-17); SPEC §2, §4, defaults WA-1..WA-21. The board is a reconstruction: the original diagram is lost",
    rules: "\
Board: 58 holes, 29 on each side, and the big hole S (30) at the top. Seat A (Red, first to move) owns side L, seat B (Blue) side R. Holes 1-5 of each side are its owner's home box.
Pieces: five each, starting on the home holes 1-5.
Path: up your own side 1-29, through S, then down the opponent's side from 29 to 1. The goal is the opponent's home box (his holes 1-5).
Sticks: four two-sided sticks; the score is the number of flat sides up, 1-4, or 5 when all are rounded.
A turn: throw and move one piece forward by the score (a throw that cannot be used is lost). Pieces may jump over any pieces. Nothing moves past the opponent's hole 1.
Lines: 6 and 20, and 8 and 10, are joined on both sides: a piece landing on one end goes on to the other (forwards or backwards) if it could stop there.
Landing: on an empty hole, or on an opponent's piece that is not on a safe hole, which is knocked off the board. Never on your own piece. Safe holes: both home boxes and holes 15 and 25 of each side.
Orange holes (5, 10, 15, 20, 25 of each side): stopping on one gives another throw.
Knocked-off pieces: while you have one, your turn is a single throw to bring one back: a throw of k puts it on your home hole k if that hole is empty; otherwise nothing happens. Nothing else moves.
Winning: fill the opponent's home box with your five pieces. You lose at once if you have a piece knocked off while all five of your home holes are occupied.",
};

/// Options of `hj.washburne` (SPEC §10). C-9's `first_player` is withdrawn here: seat A
/// is Red and moves first by definition (NOTATION §1).
pub fn option_specs() -> Vec<OptionSpec> {
    Registry::new(KEY, &[])
        .with(LineRules::specs(
            KEY,
            &["both", "forward_only", "backward_only"],
            ("WA-5", "directions of the lines"),
            ("WA-6", "a line whose far end cannot be entered"),
        ))
        // `holes_25_29` is withdrawn: no path through the board starts there.
        .own(
            "home_box",
            &["holes_1_5"],
            "WA-1",
            "where the home boxes are",
        )
        // With `blocking_point` games can cycle for ever, so the turn cap defaults to 1000
        // turns (R-6; see `Config`).
        .own("orange", Orange::VALUES, "WA-3", "what an orange hole does")
        .own(
            "ankh_holes",
            &["{15,25}", HoleSet::PATTERN],
            "WA-4",
            "the safe ankh holes: any set of holes 1-29, such as {10,15,25}",
        )
        .own(
            "capture_via_line",
            &["true", "false"],
            "WA-6",
            "a line may end on an unsafe opponent",
        )
        .own(
            "reentry",
            Reentry::VALUES,
            "WA-8",
            "where a knocked-off piece comes back",
        )
        .own(
            "blocked_home_loss",
            BlockedHomeLoss::VALUES,
            "WA-11",
            "when a full home box loses",
        )
        .own("shared_hole", SharedHole::VALUES, "WA-13", "what S is")
        // `no_passing=true`: on the circuit the two players run head-on, so their pieces can
        // lock each other while free pieces cycle through the backward lines 20→6: the turn cap
        // defaults to 1000 turns.
        .own(
            "no_passing",
            &["false", "true"],
            "WA-20",
            "pieces may not jump others",
        )
        .own("dice", Dice::VALUES, "000-WA§17", "the dice variation")
        .own(
            "d4_same_piece",
            &["false", "true"],
            "WA-18",
            "both dice may move one piece",
        )
        .done()
}

option_values! {
    /// WA-3: what an orange hole does (the discriminant indexes `UNPASSABLE`).
    #[repr(u8)]
    pub enum Orange {
        /// Stopping on it gives another throw.
        BonusThrow = "bonus_throw" => 0,
        /// Nothing.
        Plain = "none" => 1,
        /// A piece of either seat on it may not be passed (as Walker's blocking points, R-6).
        BlockingPoint = "blocking_point" => 2,
    }
}

/// The holes (circuit bits) whose pieces may not be passed, by [`Orange`]: the orange holes
/// when they are blocking points, else none.
const UNPASSABLE: [u64; 3] = [0, 0, ORANGE];

/// WA-4: the ankh holes (`hj.washburne.ankh_holes`), a set of holes 1..=29 of each side, kept
/// as circuit bits of both sides (in two halves: a `u64` would double the alignment, and so
/// the size, of every `hj.washburne` state).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Ankh([u32; 2]);

impl Ankh {
    /// The ankh holes `holes`, on both sides.
    pub const fn new(holes: HoleSet) -> Ankh {
        let mut bits = 0u64;
        let mut n = 1;
        while n <= 29 {
            if holes.bits() >> n & 1 == 1 {
                // The own side's hole n and the far side's, index 60 − n.
                bits |= 1 << n | 1 << (60 - n);
            }
            n += 1;
        }
        Ankh([bits as u32, (bits >> 32) as u32])
    }

    /// The holes (the same on both sides): the own side's, bits 1..=29 (the far side's hole
    /// 29 is bit 31).
    pub const fn holes(self) -> HoleSet {
        HoleSet::from_bits(self.0[0] & ((1 << 30) - 2))
    }

    /// The safe holes, the ankh holes and both home boxes (000-WA§13), as circuit indices of
    /// either seat (the set is the same on both sides, so its bits are their own mirror).
    #[inline]
    pub const fn safe(self) -> u64 {
        HOME | GOAL | self.0[0] as u64 | (self.0[1] as u64) << 32
    }
}

impl OptionValue for Ankh {
    fn parse_value(s: &str) -> Option<Ankh> {
        HoleSet::parse(s).map(Ankh::new)
    }

    fn value_str(&self) -> std::borrow::Cow<'static, str> {
        self.holes().value_str()
    }
}

option_values! {
    /// WA-8: where a knocked-off piece comes back.
    pub enum Reentry {
        /// A throw of k puts it on home hole k, if empty (000-WA§15).
        KthHole = "kth_hole",
        /// Only a 1 re-enters, on the first empty home hole (000-WA§14).
        OnlyOneToFirstFree = "only_one_to_first_free",
    }
}

option_values! {
    /// WA-11: when a full home box with a piece knocked off loses.
    pub enum BlockedHomeLoss {
        /// At once.
        Immediate = "immediate",
        /// When its owner's re-entry attempt fails.
        AtFailedReentry = "at_failed_reentry",
    }
}

option_values! {
    /// WA-13: what the shared hole `S` is.
    pub enum SharedHole {
        /// An ordinary hole: one piece, which may be knocked off.
        Ordinary = "ordinary",
        /// It holds any number of pieces of both seats and is safe.
        SafeUnlimited = "safe_unlimited",
    }
}

config! {
    /// The rules of a `hj.washburne` game, read once from its options: they never change
    /// during the game. The dice (000-WA§17) are `common.dice`, what every game throws.
    pub struct Config {
        /// WA-5, WA-6 (C-6), C-5.
        lines: LineRules,
        /// WA-3.
        orange: Orange,
        /// WA-4.
        ankh_holes: Ankh,
        /// WA-6: a line's far end may hold an unsafe opponent (else it must be empty to be
        /// followed).
        capture_via_line: bool,
        /// WA-8.
        reentry: Reentry,
        /// WA-11.
        blocked_home_loss: BlockedHomeLoss,
        /// WA-13.
        shared_hole: SharedHole,
        /// WA-20: no piece may pass another.
        no_passing: bool,
        /// WA-18: under two d4, both dice may move the same piece.
        d4_same_piece: bool,
    }
    after(cfg, o) {
        // 000-WA§17: what the game throws is a common member, so that chance nodes and
        // front ends know it.
        cfg.common.dice = o.own("dice")?;
        // under a blocking orange or without passing a game can cycle for ever; the C-7
        // cap is then 1000 turns unless the options give it (`off` included).
        let may_cycle = cfg.orange == Orange::BlockingPoint || cfg.no_passing;
        if may_cycle && o.given(&format!("{KEY}.max_turns")).is_none() {
            cfg.common.max_turns = CYCLE_CAP;
        }
    }
    written(cfg, w) {
        w.own("dice", cfg.common.dice.value_str());
        // R-6, backwards: the implied cap is not written, and no cap at all must be said.
        if cfg.orange == Orange::BlockingPoint || cfg.no_passing {
            match cfg.common.max_turns {
                CYCLE_CAP => w.forget_own("max_turns"),
                0 => w.own_always("max_turns", "off"),
                _ => {}
            }
        }
    }
}

/// the turn cap of a game under `orange=blocking_point` or `no_passing=true` when the
/// options give none.
pub const CYCLE_CAP: u32 = 1000;

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    /// The seat to move throws (the sticks, or two d4).
    Throw,
    /// The seat to move uses this throw of the sticks.
    Move(Throw),
    /// Two d4: the first decision, the moves of both values (or re-entries).
    Dice(DicePair),
    /// Two d4: the second decision, spending the die left with a piece other than the
    /// one the first moved.
    Second(SecondDie),
    /// Over.
    Over(Outcome),
}

/// The second decision of a throw of two d4: the die left, and the circuit index where
/// the piece the first die moved stands (0: any piece may move, `d4_same_piece`), in one byte
/// so that a phase stays two.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) struct SecondDie(u8);

impl SecondDie {
    pub(crate) const fn new(value: u8, moved: u8) -> SecondDie {
        SecondDie((value - 1) << 6 | moved)
    }

    pub(crate) const fn value(self) -> u8 {
        (self.0 >> 6) + 1
    }

    pub(crate) const fn moved(self) -> u8 {
        self.0 & 63
    }
}

state! {
    /// A `hj.washburne` position, with the game's [`Config`].
    pub struct State {
        /// Circuit indices of each seat's pieces on the board (bit i = index i, 30 = `S`).
        bits: ByPlayer<u64>,
        /// Knocked-off pieces waiting to re-enter.
        knocked: ByPlayer<u8>,
        /// Pieces of each seat on `S` beyond the one its bit 30 stands for (only under WA-13
        /// `safe_unlimited`), so that every other rule keeps reading the bitboards.
        extra_on_s: ByPlayer<u8>,
        /// Two d4: the throws of both dice the mover's orange landings have earned and
        /// that follow the current throw's decisions.
        bonus_throws: u8,
    }
}

seat_counts! {
    /// Pieces of `seat` on `S` beyond the one bit 30 of [`State::bits_of`] stands for (only
    /// under `hj.washburne.shared_hole=safe_unlimited`).
    extra_on_shared => extra_on_s,
    /// Knocked-off pieces of `seat`.
    knocked_off => knocked,
}

impl State {
    /// The start position under `cfg`: each seat on its home holes 1-5, Red (seat A) to throw (NOTATION §4).
    pub fn start(cfg: Config) -> State {
        State {
            bits: ByPlayer::both(HOME),
            knocked: ByPlayer::both(0),
            extra_on_s: ByPlayer::both(0),
            bonus_throws: 0,
            clock: Clock::new(Seat::A, 1),
            phase: Phase::Throw,
            cfg,
        }
    }

    /// The circuit indices of `seat`'s pieces on the board, lowest first (30 once per piece on
    /// `S`).
    pub fn indices_of(&self, seat: Seat) -> Vec<u8> {
        let mut v: Vec<u8> = crate::game::ones(self.bits_of(seat)).collect();
        let extra = usize::from(self.extra_on_s[seat]);
        if extra > 0 {
            let at = v.iter().position(|&i| i > SHARED).unwrap_or(v.len());
            v.splice(at..at, core::iter::repeat_n(SHARED, extra));
        }
        v
    }

    /// `seat`'s pieces as bits of its circuit indices (bit `i` for index `i`; bit 30 stands
    /// for one or more pieces on `S`).
    pub fn bits_of(&self, seat: Seat) -> u64 {
        self.bits[seat]
    }

    /// The other seat's pieces as bits of `seat`'s circuit indices: where `seat` could hit them.
    pub fn opponent_bits(&self, seat: Seat) -> u64 {
        mirror(self.bits[seat.other()])
    }

    /// The text board's legend, before the counts (see `rule_set!`'s `board: hj`).
    fn legend(&self) -> String {
        let orange = match self.cfg.orange {
            Orange::BonusThrow => "orange (re-throw)",
            Orange::Plain => "orange",
            Orange::BlockingPoint => "orange (blocking point)",
        };
        let ankh: Vec<String> = self
            .cfg
            .ankh_holes
            .holes()
            .holes()
            .map(|n| n.to_string())
            .collect();
        let ankh = if ankh.is_empty() {
            "no ankh hole".to_owned()
        } else {
            ankh.join(", ")
        };
        format!("* = {orange}; safe: home boxes 1-5 and {ankh}")
    }

    /// Where `seat`'s pieces are (see [`Game::layout`](crate::Game::layout)).
    fn seat_layout(&self, seat: Seat) -> SeatLayout {
        SeatLayout {
            board: self
                .indices_of(seat)
                .into_iter()
                .map(|i| circuit_place(side(seat), i))
                .collect(),
            hand: self.knocked[seat],
            ..SeatLayout::default()
        }
    }

    /// Appends the legal moves (without `pass`) of `seat` for throw `t`, and says whether a
    /// move whose line leads back to its start exists (C-5).
    fn generate(&self, seat: Seat, t: u8, out: &mut MoveList) -> bool {
        self.generate_except(seat, t, 0, out)
    }

    /// The second die's moves: [`State::generate`] without the piece on `except`. Out of
    /// line, so that the hot `generate` keeps its own copy of the generator.
    #[inline(never)]
    fn generate_second(&self, seat: Seat, t: u8, except: u8, out: &mut MoveList) -> bool {
        self.generate_except(seat, t, except, out)
    }

    /// As [`State::generate`], with no move of the piece on circuit index `except` (0: none):
    /// the second die's piece must differ from the first's. Inlined into `generate`, so
    /// that `except = 0` costs nothing there.
    #[inline(always)]
    fn generate_except(&self, seat: Seat, t: u8, except: u8, out: &mut MoveList) -> bool {
        let cfg = &self.cfg;
        let own = self.bits[seat];
        let opp = mirror(self.bits[seat.other()]);
        let home = side(seat);
        let occupied = own | opp;
        if self.knocked[seat] > 0 {
            // Re-entry turn: home hole t if nobody is on it (000-WA§15, WA-8); under
            // `only_one_to_first_free` only a 1 re-enters, on the first empty home hole (§14).
            let hole = match cfg.reentry {
                Reentry::KthHole => (occupied >> t & 1 == 0).then_some(t),
                Reentry::OnlyOneToFirstFree => {
                    let free = HOME & !occupied;
                    (t == 1 && free != 0).then(|| free.trailing_zeros() as u8)
                }
            };
            if let Some(h) = hole {
                out.push(Move::Go {
                    from: Place::Hand,
                    to: circuit_place(home, h),
                });
            }
            return false;
        }
        // Enterable: empty, or an opponent not on a safe hole (000-WA§11–13: the home boxes and
        // the ankh holes, WA-4); `S` always under WA-13 `safe_unlimited`.
        let mut blocked = own | (opp & cfg.ankh_holes.safe());
        if cfg.shared_hole == SharedHole::SafeUnlimited {
            blocked &= !(1 << SHARED);
        }
        // The far end of a line: as any final hole, or only empty under WA-6
        // `capture_via_line=false` (a far end with an unsafe opponent is then not followed).
        let line_blocked = if cfg.capture_via_line {
            blocked
        } else {
            occupied
        };
        // Pieces that may not be passed: every piece under WA-20 `no_passing`, pieces on the
        // orange holes when they are blocking points (R-6, as Walker's 001§8). A line jump
        // passes nothing.
        let unpassable =
            occupied & (UNPASSABLE[cfg.orange as usize] | (cfg.no_passing as u64).wrapping_neg());
        let mut b = own & !(1u64 << except);
        if unpassable != 0 {
            // The origins whose count passes one: it lies k = 1..t−1 holes ahead.
            for k in 1..t {
                b &= !(unpassable >> k);
            }
        }
        let mut null = false;
        while b != 0 {
            let i = b.trailing_zeros() as u8;
            b &= b - 1;
            let l = i + t;
            if l > END {
                continue; // WA-14.
            }
            // The mover's own start hole counts as free for the line's far end (C-5).
            let free = |h: u8| h == i || blocked >> h & 1 == 0;
            let far_free = |h: u8| line_blocked >> h & 1 == 0;
            // WA-6: a far end that cannot be entered is not followed (C-6 `stay`), or makes
            // the move illegal (C-6 `illegal`); only the final hole must be enterable (WA-7).
            let f = match cfg.lines.follow(i, l, line_partner(l), far_free) {
                Follow::Stop(f) => f,
                Follow::Null => {
                    null = true;
                    continue;
                }
                Follow::Illegal => continue,
            };
            if !free(f) {
                continue;
            }
            out.push(Move::Go {
                from: circuit_place(home, i),
                to: circuit_place(home, f),
            });
        }
        null
    }

    /// Whether `seat` has a knocked-off piece while all five of its home holes are occupied
    /// (000-WA§15.7): a state that lasts, since it can neither move nor re-enter.
    pub(crate) fn home_blocked(&self, seat: Seat) -> bool {
        let occupied = self.bits[seat] | mirror(self.bits[seat.other()]);
        self.knocked[seat] > 0 && occupied & HOME == HOME
    }

    /// The end checks of §4.5, after every move and every re-entry attempt; `failed_reentry`
    /// says the mover has just failed a re-entry attempt.
    fn end_checks(&mut self, failed_reentry: bool) -> bool {
        let mover = self.clock.to_move;
        let at_once = self.cfg.blocked_home_loss == BlockedHomeLoss::Immediate;
        let outcome = [mover, mover.other()].into_iter().find_map(|s| {
            if self.bits[s] & GOAL == GOAL {
                // All five in the opponent's home box (000-WA§9, §16).
                return Some(Outcome::Win(s));
            }
            // A knocked-off piece and a full home box: lost (000-WA§15.7), at once (WA-11), or
            // under `at_failed_reentry` when its owner's re-entry attempt fails.
            let now = at_once || (failed_reentry && s == mover);
            (now && self.home_blocked(s)).then_some(Outcome::Win(s.other()))
        });
        if let Some(o) = outcome {
            self.phase = Phase::Over(o);
            return true;
        }
        false
    }

    fn end_turn(&mut self) {
        self.bonus_throws = 0;
        let over = self.clock.pass(&self.cfg.common);
        self.phase = over.map_or(Phase::Throw, Phase::Over);
    }

    /// Moves a piece of the seat to move (`Go` or `Spend`): a re-entry from the hand, or a move
    /// that knocks off an opponent piece on its final hole; says whether it earned an orange
    /// bonus.
    #[inline(always)]
    fn move_piece(&mut self, from: Place, to: Place) -> bool {
        let me = self.clock.to_move;
        let them = me.other();
        let open_shared = self.cfg.shared_hole == SharedHole::SafeUnlimited;
        let f = board::circuit_index_of(me, to);
        let mut bonus = false;
        if from == Place::Hand {
            self.knocked[me] -= 1;
        } else {
            let i = board::circuit_index_of(me, from);
            if i == SHARED && self.extra_on_s[me] > 0 {
                self.extra_on_s[me] -= 1;
            } else {
                self.bits[me] &= !(1u64 << i);
            }
            // An opponent piece on the final hole is knocked off (000-WA§12), never on a
            // safe `S` (WA-13 `safe_unlimited`).
            let theirs = 60 - f;
            if !(open_shared && f == SHARED) && self.bits[them] >> theirs & 1 == 1 {
                self.bits[them] &= !(1u64 << theirs);
                self.knocked[them] += 1;
            }
            // Orange holes re-throw, chainably; never after a re-entry (WA-3, WA-9).
            bonus = self.cfg.orange == Orange::BonusThrow && ORANGE >> f & 1 == 1;
        }
        if self.bits[me] >> f & 1 == 1 {
            // Only on an open `S` can a seat land where it already stands.
            self.extra_on_s[me] += 1;
        } else {
            self.bits[me] |= 1u64 << f;
        }
        bonus
    }

    /// C-8 after a decision, unless a loss waits for a failed re-entry (WA-11
    /// `at_failed_reentry`): the blocked player's next attempt ends the game, so it is no jam.
    /// The sticks try the throws 1..=5, two d4 the values 1..=4: `MAX`.
    #[inline(always)]
    fn draw_if_jammed<const MAX: u8>(&mut self) {
        if matches!(self.phase, Phase::Over(_)) {
            return;
        }
        let loss_pending = self.cfg.blocked_home_loss == BlockedHomeLoss::AtFailedReentry
            && Seat::BOTH.iter().any(|&s| self.home_blocked(s));
        if !loss_pending
            && board::jammed::<MAX>(|s, t, out| {
                self.generate(s, t, out);
            })
        {
            self.phase = Phase::Over(Outcome::Draw);
        }
    }

    /// After the last decision of a throw of two d4: the throws its orange landings earned,
    /// one at a time, or the end of the turn.
    fn after_dice(&mut self) {
        if self.bonus_throws > 0 {
            self.bonus_throws -= 1;
            self.phase = Phase::Throw;
        } else {
            self.end_turn();
        }
    }
}

/// The moves `out[start..]` of one die, rewritten to spend it (NOTATION §3.1: `2:L3-L5`).
fn spending(value: u8, out: &mut MoveList, start: usize) {
    let value = Throw::new(value).expect("a die is 1..=4");
    for m in &mut out[start..] {
        if let Move::Go { from, to } = *m {
            *m = Move::spend(value, from, to);
        }
    }
}

impl Turns for State {
    const DICE: bool = true;

    #[inline]
    fn status(&self) -> Status {
        let seat = self.clock.to_move;
        match self.phase {
            Phase::Throw => Status::Chance { seat: Some(seat) },
            Phase::Move(t) => Status::Decide {
                seat,
                throw: Some(t),
            },
            // A decision whose moves carry their die (NOTATION §6: `throw` null).
            Phase::Dice(_) | Phase::Second(_) => Status::Decide { seat, throw: None },
            Phase::Over(o) => Status::Over(o),
        }
    }

    #[inline]
    fn play_chance_unchecked(&mut self, c: Chance) {
        self.phase = match c {
            Chance::Throw(t) => Phase::Move(t),
            Chance::Dice(d) => Phase::Dice(d),
            Chance::Seat(_) => {
                debug_assert!(false, "chance {c} in {:?}", self.phase);
                self.phase
            }
        };
    }
}

impl Moves for State {
    #[inline]
    fn decision_moves(&self, out: &mut MoveList) -> bool {
        match self.phase {
            Phase::Move(t) => {
                let null = self.generate(self.clock.to_move, t.value(), out);
                self.cfg.lines.finish(null, out);
                true
            }
            Phase::Dice(_) | Phase::Second(_) => {
                self.dice_moves(out);
                true
            }
            Phase::Throw | Phase::Over(_) => false,
        }
    }
}

impl State {
    /// The moves of a decision of two d4, out of line: a game of sticks never needs it.
    #[inline(never)]
    fn dice_moves(&self, out: &mut MoveList) {
        let me = self.clock.to_move;
        let null = match self.phase {
            // The moves of both values, each spending its die; a re-entry turn lists the
            // re-entries of both.
            Phase::Dice(d) => {
                let mut null = false;
                for v in d.values() {
                    let start = out.len();
                    null |= self.generate(me, v, out);
                    spending(v, out, start);
                }
                null
            }
            // The die left, with another piece than the first moved. Another piece on a shared
            // `S` is another piece (WA-13 `safe_unlimited`).
            Phase::Second(second) => {
                let (value, moved) = (second.value(), second.moved());
                let except = if moved == SHARED && self.extra_on_s[me] > 0 {
                    0
                } else {
                    moved
                };
                let null = self.generate_second(me, value, except, out);
                spending(value, out, 0);
                null
            }
            Phase::Move(_) | Phase::Throw | Phase::Over(_) => return,
        };
        self.cfg.lines.finish(null, out);
    }

    /// A decision of two d4, out of line as [`State::dice_moves`].
    #[inline(never)]
    fn play_dice(&mut self, m: Move) {
        let me = self.clock.to_move;
        let reentry = self.knocked[me] > 0;
        match (self.phase, m) {
            (Phase::Dice(d), Move::Spend(spent)) => {
                let (value, to) = (spent.value().value(), spent.to());
                if self.move_piece(spent.from(), to) {
                    self.bonus_throws += 1;
                }
                if self.end_checks(false) {
                    return;
                }
                if reentry {
                    // One re-entry a turn, with either die (§4.7, 000-WA§15.6).
                    self.end_turn();
                } else {
                    let left = if value == d.lo() { d.hi() } else { d.lo() };
                    let moved = if self.cfg.d4_same_piece {
                        0
                    } else {
                        board::circuit_index_of(me, to)
                    };
                    self.phase = Phase::Second(SecondDie::new(left, moved));
                }
            }
            // A pass loses both dice; at a re-entry it is a failed one (WA-11).
            (Phase::Dice(_), _) => {
                if self.end_checks(reentry) {
                    return;
                }
                self.after_dice();
            }
            (Phase::Second(_), m) => {
                if let Move::Spend(spent) = m
                    && self.move_piece(spent.from(), spent.to())
                {
                    self.bonus_throws += 1;
                }
                if self.end_checks(false) {
                    return;
                }
                self.after_dice();
            }
            _ => {
                debug_assert!(false, "{m} is not legal in {:?}", self.phase);
                return;
            }
        }
        // C-8, after every decision.
        self.draw_if_jammed::<4>();
    }
}

impl Rules for State {
    fn play_unchecked(&mut self, m: Move) {
        let Phase::Move(_) = self.phase else {
            self.play_dice(m);
            return;
        };
        let me = self.clock.to_move;
        let reentry = self.knocked[me] > 0;
        let bonus = match m {
            Move::Go { from, to } => self.move_piece(from, to),
            _ => false,
        };
        if self.end_checks(reentry && m == Move::Pass) {
            return;
        }
        if bonus && !reentry {
            self.phase = Phase::Throw;
        } else {
            self.end_turn();
        }
        // C-8, after every decision.
        self.draw_if_jammed::<5>();
    }
}
