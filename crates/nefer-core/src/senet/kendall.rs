//! `senet.kendall`: Senet following Timothy Kendall (seed 002, SPEC §8).
//!
//! Seat A is green on the even squares 2..14 and moves first; seat B is red on 1..13 (KE-2,
//! KE-3). Throws of 1, 4 and 5 give another throw (KE-4), each throw is played at once (KE-5).

use super::board::{
    self, HAPPINESS, Listed, Listing, OFF, REBIRTH, Ranked, Squares, WATERS, bear_off, between,
    bit, jammed_origins, runs_of_three, square_or_off, step_back_square, up_to,
    waters_exit_blocked,
};
use super::{Blockade, FamilyConfig};
use crate::game::{ByPlayer, Chance, Move, MoveList, Outcome, Place, Rank, Seat, Status};
use crate::options::{OptionSpec, Registry, config, option_values};
use crate::rules::RuleInfo;
use crate::skeleton::{Clock, Moves, Rules, Turns, rule_set, state};
use crate::sticks::Throw;

rule_set!(SenetKendall; board: senet);

/// Name, source and rules in plain words.
pub const INFO: RuleInfo = RuleInfo {
    key: KEY,
    title: "Senet, following Timothy Kendall",
    source: "seed 002 (\"the following rules are based on those of Timothy Kendall\"); SPEC §7-8, defaults KE-1..KE-27",
    rules: "\
Board: 30 squares in three rows, walked in an S: 1-10 left to right, 11-20 right to left, 21-30 left to right.
Pieces: seven each. Green (seat A) starts on the even squares 2-14, red (seat B) on the odd squares 1-13. Green throws first.
Sticks: four two-sided sticks; the score is the number of unmarked sides up (1-4), or 5 when all four marks show.
A turn: throw and move one piece by the full score. A throw of 1, 4 or 5 earns another throw, even when it could not be used; 2 and 3 end the turn.
Moving: a piece may land on an empty square, or on an opponent's piece that is not protected (the opponent has another piece on the square just before or after it on the path): the two pieces change places. It may never land on its own piece.
Square 26, the House of Happiness: every piece must land on it with an exact throw before going further. From 26: a 1 falls into 27, a 2, 3 or 4 goes to 28, 29 or 30, a 5 bears off.
Squares 28, 29, 30: a piece on 28 leaves only with a 3, on 29 only with a 2, on 30 with any throw. An unprotected piece there that is attacked from 26 goes to 27 (only while 27 is empty).
Backward: only when no piece can move forward, a piece must move back by the score (it may exchange with an unprotected piece). If nothing can move the throw is lost.
Penalty: if no piece can move forward and the piece on 26 is blocked by a protected piece, it must fall into 27.
Square 27, the House of Waters: a piece that falls in ends the turn and loses any pending throws. While it is there, no other piece of its owner may move. At the start of each turn its owner either throws once for a 4 (a 4 bears it off and, being a 4, earns another throw; anything else ends the turn), or gives up and puts it on 15 (or the nearest empty square before 15), which uses the turn.
Winning: the first to bear off all seven pieces wins.",
};

/// Options of `senet.kendall` (SPEC §10).
pub fn option_specs() -> Vec<OptionSpec> {
    Registry::new(KEY, &[])
        .with(super::family_specs())
        .own(
            "setup",
            Setup::VALUES,
            "KE-2",
            "which seat starts on the even squares",
        )
        .own(
            "opening",
            Opening::VALUES,
            "KE-3",
            "how the first player is chosen",
        )
        .own(
            "extra_throws",
            ExtraThrows::VALUES,
            "KE-4",
            "throws that earn another throw",
        )
        .own(
            "throw_mode",
            ThrowMode::VALUES,
            "KE-5",
            "play each throw at once, or collect them first",
        )
        .own(
            "blockade",
            Blockade::VALUES,
            "KE-7",
            "three pieces in a row cannot be passed",
        )
        .own(
            "one_from_26",
            OneFrom26::VALUES,
            "KE-10",
            "a 1 from 26 into the Waters",
        )
        .own(
            "attack_when_27_full",
            AttackWhen27Full::VALUES,
            "KE-12",
            "attacks on 28-30 while 27 is taken",
        )
        .own(
            "penalty_priority",
            PenaltyPriority::VALUES,
            "KE-15",
            "the 26→27 penalty against backward moves",
        )
        .own(
            "water_freezes",
            &["true", "false"],
            "KE-16",
            "a piece in 27 freezes its owner's other pieces",
        )
        .own(
            "water_four_extra",
            &["true", "false"],
            "KE-17",
            "the 4 that frees a piece from 27 earns another throw",
        )
        .own(
            "rebirth_blocked",
            RebirthBlocked::VALUES,
            "KE-18",
            "give-up target when 15 is taken",
        )
        .own(
            "give_up_cost",
            GiveUpCost::VALUES,
            "KE-19",
            "what giving up costs",
        )
        .own(
            "extra_on_pass",
            &["true", "false"],
            "KE-21",
            "a lost 1, 4 or 5 still earns another throw",
        )
        .own(
            "rebirth_must_move",
            &["false", "true"],
            "KE-23",
            "the reborn piece must move next",
        )
        .own(
            "trap",
            Trap::VALUES,
            "KE-26",
            "an overshoot of 26 falls into 27",
        )
        .own(
            "bear_off_optional",
            &["false", "true"],
            "KE-27",
            "a lone bear-off may be declined",
        )
        .done()
}

option_values! {
    /// KE-2: which seat starts on the even squares.
    pub enum Setup {
        /// The first player (seat A, green) on the even squares.
        FirstOnEven = "first_on_even",
        /// The first player on the odd squares.
        FirstOnOdd = "first_on_odd",
    }
}

option_values! {
    /// KE-3: how the first player is chosen.
    pub enum Opening {
        /// Green (seat A) simply throws first.
        GreenFirst = "green_first",
        /// The first to throw a 1 is green and plays that 1 with his front piece.
        FirstToThrowOne = "first_to_throw_one",
    }
}

option_values! {
    /// KE-4: the throws that earn another throw (the discriminant has bit `t` for each).
    #[repr(u8)]
    pub enum ExtraThrows {
        /// 1, 4 and 5.
        OneFourFive = "{1,4,5}" => 1 << 1 | 1 << 4 | 1 << 5,
        /// 5 only.
        Five = "{5}" => 1 << 5,
        /// None.
        Never = "none" => 0,
    }
}

impl ExtraThrows {
    /// Whether throw `t` earns another throw.
    #[inline]
    pub const fn earns(self, t: Throw) -> bool {
        self as u8 >> t.value() & 1 == 1
    }
}

option_values! {
    /// KE-5: when the throws of a turn are played.
    pub enum ThrowMode {
        /// Each throw at once.
        Immediate = "immediate",
        /// The turn's throws are collected first, then spent one decision at a time, each
        /// decision choosing a value and a move for it (R-4, `4:26-off`).
        Accumulate = "accumulate",
    }
}

option_values! {
    /// KE-10: a 1 from 26 into the Waters.
    pub enum OneFrom26 {
        /// Like any other move.
        Allowed = "allowed",
        /// Only when no other forward move exists.
        OnlyIfForced = "only_if_forced",
    }
}

option_values! {
    /// KE-12: attacks on 28–30 while 27 is taken.
    pub enum AttackWhen27Full {
        /// Not allowed (the attacked piece would go to 27).
        Illegal = "illegal",
        /// Allowed: the attacked piece goes to 15 instead.
        SendTo15 = "send_to_15",
    }
}

option_values! {
    /// KE-15: the 26→27 penalty against backward moves.
    pub enum PenaltyPriority {
        /// The penalty comes before any backward move.
        BeforeBackward = "before_backward",
        /// Only when no backward move exists either.
        AfterBackward = "after_backward",
    }
}

option_values! {
    /// KE-18: where a give-up goes when 15 is taken.
    pub enum RebirthBlocked {
        /// The nearest empty square before 15.
        StepBack = "step_back",
        /// Nowhere: giving up needs 15 empty.
        Forbid = "forbid",
        /// To 15 all the same, the opponent's piece there going to 27.
        Swap = "swap",
    }
}

option_values! {
    /// KE-19: what giving up costs.
    pub enum GiveUpCost {
        /// This turn.
        ThisTurn = "this_turn",
        /// This turn and the next.
        ThisAndNextTurn = "this_and_next_turn",
    }
}

option_values! {
    /// KE-26: whether an overshoot of 26 falls into 27.
    pub enum Trap {
        /// No: every piece lands on 26 exactly.
        Off = "off",
        /// Yes, from 22–25.
        On = "on",
    }
}

config! {
    /// The rules of a `senet.kendall` game, read once from its options: they never change
    /// during the game.
    pub struct Config {
        /// The options both Senets share.
        family: FamilyConfig,
        /// KE-2.
        setup: Setup,
        /// KE-3.
        opening: Opening,
        /// KE-4.
        extra_throws: ExtraThrows,
        /// KE-5.
        throw_mode: ThrowMode,
        /// KE-7.
        blockade: Blockade,
        /// KE-10.
        one_from_26: OneFrom26,
        /// KE-12.
        attack_when_27_full: AttackWhen27Full,
        /// KE-15.
        penalty_priority: PenaltyPriority,
        /// KE-16: a piece in 27 freezes its owner's other pieces.
        water_freezes: bool,
        /// KE-17: the 4 that frees a piece from 27 earns another throw.
        water_four_extra: bool,
        /// KE-18.
        rebirth_blocked: RebirthBlocked,
        /// KE-19.
        give_up_cost: GiveUpCost,
        /// KE-21: a lost 1, 4 or 5 still earns another throw.
        extra_on_pass: bool,
        /// KE-23: the reborn piece must move next.
        rebirth_must_move: bool,
        /// KE-26.
        trap: Trap,
        /// KE-27: a throw whose only moves are bear-offs may be passed.
        bear_off_optional: bool,
    }
    derived {
        /// The options that shape a throw's moves beyond masks are at their defaults: no
        /// blockade (KE-7), no trap (KE-26), path neighbours only (KE-6), KE-10 `allowed`, no
        /// reborn piece (KE-23 `false`: `reborn` stays 0) and no optional bear-off (KE-27
        /// `false`). The moves are then gathered by a copy of [`State::listed`] compiled
        /// without those checks, 5-6 % of a random game's time (docs/BENCHMARKS.md).
        plain: bool,
    }
    after(cfg, _o) {
        cfg.plain = cfg.blockade == Blockade::Off
            && cfg.trap == Trap::Off
            && !cfg.family.grid()
            && cfg.one_from_26 == OneFrom26::Allowed
            && !cfg.rebirth_must_move
            && !cfg.bear_off_optional;
    }
}

/// The marked squares, named under the text board.
pub(crate) const MARKS: &[(u8, &str)] = &[
    (15, "House of Re-birth"),
    (26, "House of Happiness"),
    (27, "House of Waters"),
    (28, "House of Three Truths"),
    (29, "House of Re-Atoum"),
    (30, "leaves on any throw"),
];

/// The squares a piece leaves the board from with each throw (index: the throw): 28 on a 3, 29
/// on a 2, 30 on any (002, KE-11). Eight entries, read at `throw & 7`, so that the compiler
/// sees the index in range (a throw is at most 5); a `static`, which a `const` indexed at run
/// time is not: the compiler copied that onto the stack at every throw.
pub(crate) static EXITS: [Squares; 8] = [
    0,
    bit(30),
    bit(29) | bit(30),
    bit(28) | bit(30),
    bit(30),
    bit(30),
    0,
    0,
];

/// The throw of 1 that opens the game under KE-3 `first_to_throw_one`.
const ONE: Throw = Throw::new(1).unwrap();

/// Where the turn stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
    /// The seat to move throws.
    Throw,
    /// The seat to move plays this throw.
    Move(Throw),
    /// Water turn: give up or try for a 4 (decision before any throw).
    WaterChoice,
    /// Water turn: the try's throw.
    WaterThrow,
    /// Water turn: the try gave this throw (`27-off` on a 4, else `pass`).
    WaterResult(Throw),
    /// KE-3 `first_to_throw_one`: the opening 1, to be played by the front piece.
    Opening,
    /// KE-5 `accumulate`: the collected values are spent, one decision at a time.
    Spend,
    /// Game over.
    Over(Outcome),
}

state! {
    /// A `senet.kendall` position, with the game's [`Config`].
    pub struct State {
        /// Each seat's squares.
        men: ByPlayer<Squares>,
        /// Each seat's pieces borne off.
        off: ByPlayer<u8>,
        /// KE-19 `this_and_next_turn`: the seat's next turn is skipped.
        skip: ByPlayer<bool>,
        /// KE-23: the square of the seat's reborn piece while it has not moved yet (0: none).
        reborn: ByPlayer<u8>,
        /// KE-5 `accumulate`: how many of each value 1..=5 (index: value − 1) the mover
        /// has collected and not spent yet.
        pool: [u8; 5],
    }
}

impl State {
    /// The start position of a game under `cfg`: KE-2's setup, green (seat A) to throw or to play KE-3's opening 1.
    pub fn start(cfg: Config) -> State {
        // KE-2 `first_on_odd`: the first player (seat A, green) takes the odd squares.
        let start = cfg.family.start();
        let men = match cfg.setup {
            Setup::FirstOnEven => start,
            Setup::FirstOnOdd => ByPlayer::new(start[Seat::B], start[Seat::A]),
        };
        // KE-3 `first_to_throw_one`: who became green by throwing the first 1 is not part of
        // the game (NOTATION §4), but that 1 is: the game opens with green playing it.
        let phase = match cfg.opening {
            Opening::GreenFirst => Phase::Throw,
            Opening::FirstToThrowOne => Phase::Opening,
        };
        State {
            men,
            off: ByPlayer::both(0),
            clock: Clock::new(Seat::A, 1),
            phase,
            skip: ByPlayer::both(false),
            reborn: ByPlayer::both(0),
            pool: [0; 5],
            cfg,
        }
    }

    /// The values collected and not spent yet, each as often as collected, lowest first (KE-5
    /// `accumulate`, R-4; empty otherwise).
    pub fn collected(&self) -> Vec<Throw> {
        Throw::ALL
            .iter()
            .flat_map(|&t| {
                core::iter::repeat_n(t, usize::from(self.pool[usize::from(t.value() - 1)]))
            })
            .collect()
    }

    fn occupied(&self) -> Squares {
        self.men[Seat::A] | self.men[Seat::B]
    }

    fn turn_start_phase(&self) -> Phase {
        if self.men[self.clock.to_move] & bit(WATERS) != 0 {
            Phase::WaterChoice
        } else {
            Phase::Throw
        }
    }

    fn end_turn(&mut self) {
        // Values not spent are lost with the turn (R-4, KE-20).
        self.pool = [0; 5];
        loop {
            if let Some(o) = self.clock.pass(&self.cfg.common) {
                self.phase = Phase::Over(o);
                return;
            }
            // A turn lost to KE-19 `this_and_next_turn` passes without any decision.
            let me = self.clock.to_move;
            if !self.skip[me] {
                break;
            }
            self.skip[me] = false;
        }
        self.phase = self.turn_start_phase();
    }

    /// After a throw `t` was used or lost: throw again or pass control (8.2 step 5).
    #[inline]
    fn after_throw(&mut self, t: Throw, used: bool) {
        if self.cfg.extra_throws.earns(t) && (used || self.cfg.extra_on_pass) {
            self.phase = Phase::Throw;
        } else {
            self.end_turn();
        }
    }

    /// The give-up target (KE-18): 15 when empty; else per `rebirth_blocked`.
    fn rebirth_square(&self) -> Option<u8> {
        if self.occupied() & bit(REBIRTH) == 0 {
            return Some(REBIRTH);
        }
        let opp = self.men[self.clock.to_move.other()];
        match self.cfg.rebirth_blocked {
            RebirthBlocked::StepBack => step_back_square(self.occupied()),
            RebirthBlocked::Forbid => None,
            // SPEC names no more than `swap`: we read it as an exchange with the piece on 15,
            // which goes to 27. With the player's own piece there the exchange would leave the
            // position as it is (C-5: a move must change it), so giving up is then impossible.
            RebirthBlocked::Swap => (opp & bit(REBIRTH) != 0).then_some(REBIRTH),
        }
    }

    /// Legal moves of the seat to move for throw `t` in a normal turn (8.2–8.4), with the
    /// options that restrict or widen them afterwards (KE-23, KE-27).
    #[inline(always)]
    fn moves_for(&self, t: Throw, out: &mut MoveList) {
        self.base_moves_for(t, out);
        self.restrict(out);
    }

    /// The options that restrict or widen a decision's moves once they are listed: KE-23 (the
    /// reborn piece must move next, when it can) and KE-27 (`pass` beside bear-offs only).
    #[inline(always)]
    fn restrict(&self, out: &mut MoveList) {
        let reborn = self.reborn[self.clock.to_move];
        if reborn != 0 {
            // KE-23: the reborn piece must move next, when it can.
            let from_reborn = |m: &Move| {
                m.places()
                    .is_some_and(|(from, _)| from == Place::Square(reborn))
            };
            if out.iter().any(from_reborn) {
                out.retain(|m| from_reborn(m));
            }
        }
        if self.cfg.bear_off_optional
            && out
                .iter()
                .all(|m| m.places().is_some_and(|(_, to)| to == Place::Off))
        {
            // KE-27 `true`: a throw whose only moves are bear-offs may be passed.
            out.push(Move::Pass);
        }
    }

    /// KE-5 `accumulate`: the moves of every distinct value collected, each written with
    /// the value it spends (`4:26-off`); for a value those of 8.2 step 2 for that throw
    /// (forward, else the penalty, else backward). `pass` alone when no value has a move.
    fn spend_moves(&self, out: &mut MoveList) {
        let mut one = MoveList::new();
        for t in Throw::ALL {
            if self.pool[usize::from(t.value() - 1)] == 0 {
                continue;
            }
            one.clear();
            self.base_moves_for(t, &mut one);
            for m in &one {
                if let Move::Go { from, to } = *m {
                    out.push(Move::spend(t, from, to));
                }
            }
        }
        if out.is_empty() {
            out.push(Move::Pass);
        } else {
            self.restrict(out);
        }
    }

    #[inline(always)]
    fn base_moves_for(&self, t: Throw, out: &mut MoveList) {
        self.listed(t).push(out);
    }

    /// The moves of [`State::base_moves_for`], gathered and not yet listed.
    #[inline(always)]
    fn listed(&self, t: Throw) -> Listed {
        if self.cfg.plain {
            self.listed_as::<true>(t)
        } else {
            self.listed_as::<false>(t)
        }
    }

    /// [`State::listed`], compiled for [`Config::plain`] (`PLAIN`) or for any options.
    #[inline(always)]
    fn listed_as<const PLAIN: bool>(&self, t: Throw) -> Listed {
        debug_assert!(!PLAIN || self.cfg.plain && self.reborn == ByPlayer::both(0));
        let cfg = &self.cfg;
        let me = self.clock.to_move;
        let own = self.men[me];
        let opp = self.men[me.other()];
        let occ = own | opp;
        // Protected pieces (KE-6), and pieces on safe squares (KE-14), cannot be attacked. While
        // the opponent's reborn piece has not moved, his pairs lose protection (KE-23).
        let protected = if PLAIN {
            board::guarded(opp)
        } else if self.reborn[me.other()] != 0 {
            0
        } else {
            cfg.family.guarded(opp)
        };
        let shielded = protected | (opp & cfg.family.safe());
        let blocked = own | shielded;
        let t8 = t.value();
        let waters_free = occ & bit(WATERS) == 0;
        // Origins whose move would jump three opposing pieces in a row (KE-7).
        let blockade = !PLAIN && cfg.blockade == Blockade::Three;
        let (jam_fwd, jam_back) = jammed_origins(blockade, opp, t8);
        let may_leave = cfg.family.may_bear_off(own);
        // (i) forward. From 1..25 onto at most 26: exact landing on 26 (KE-9). Gathered by
        // kind, then listed in notation order ([`Listing`]).
        let mut list = Listing::new(t8);
        // Squares past 26 count as blocked: a step lands on 26 at most (one shift and mask,
        // where `own & up_to(26 - t)` took a shift by a variable).
        list.forward(own & !jam_fwd, blocked | !up_to(HAPPINESS));
        if !PLAIN && cfg.trap == Trap::On && waters_free {
            // KE-26 `on`: an overshoot from 22..25 drops into 27 (only while 27 is empty,
            // KE-13), unless it would jump a blockade on the way to 26.
            let runs = if blockade { runs_of_three(opp) } else { 0 };
            for s in board::squares(own & between(HAPPINESS + 1 - t8, HAPPINESS - 1)) {
                if runs & between(s + 1, HAPPINESS - 2) == 0 {
                    list.falls_into_waters(bit(s));
                }
            }
        }
        let one_to_waters = t8 == 1 && own & bit(HAPPINESS) != 0 && waters_free;
        let one_only_if_forced = !PLAIN && cfg.one_from_26 == OneFrom26::OnlyIfForced;
        if own & bit(HAPPINESS) & !jam_fwd != 0 {
            match t8 {
                1 if one_to_waters && !one_only_if_forced => {
                    list.end(HAPPINESS, Place::Square(WATERS));
                }
                2..=4 => {
                    let to = HAPPINESS + t8;
                    let free = occ & bit(to) == 0;
                    // An attack sends the piece to 27, so it needs 27 empty (002, KE-12), unless
                    // it goes to 15 instead (`send_to_15`).
                    let attack = opp & bit(to) != 0
                        && shielded & bit(to) == 0
                        && (waters_free || cfg.attack_when_27_full == AttackWhen27Full::SendTo15);
                    if free || attack {
                        list.end(HAPPINESS, Place::Square(to));
                    }
                }
                5 if may_leave => list.end(HAPPINESS, Place::Off),
                _ => {}
            }
        }
        // 28 leaves on a 3, 29 on a 2, 30 on anything (002, KE-11), once the gate is open
        // (KE-22).
        if may_leave {
            list.bear_off(own & EXITS[usize::from(t8 & 7)]);
        }
        // KE-16 `false`: the piece in 27 is not a frozen turn's only hope but one more piece,
        // which a 4 bears off (8.5) whenever it comes, unless a blockade on 28–30 stops it
        //
        if t8 == 4 && own & bit(WATERS) != 0 && !waters_exit_blocked(blockade, opp) {
            list.end(WATERS, Place::Off);
        }
        // KE-10 `only_if_forced`: the 1 into the Waters when nothing else goes forward.
        if one_to_waters && one_only_if_forced && list.is_empty() {
            list.end(HAPPINESS, Place::Square(WATERS));
        }
        if !list.is_empty() {
            return Listed::Moves(list);
        }
        // (ii) the 26→27 penalty (8.4, KE-15). 8.4 names a *protected* piece: a piece that is
        // only on a safe square (KE-14) does not trigger it.
        let penalty = own & bit(HAPPINESS) != 0
            && (2..=4).contains(&t8)
            && protected & bit(HAPPINESS + t8) != 0
            && waters_free;
        let penalty_first = cfg.penalty_priority == PenaltyPriority::BeforeBackward;
        if penalty && penalty_first {
            return Listed::One(Move::squares(HAPPINESS, WATERS));
        }
        // (iii) backward, from 1..26 (KE-8); onto empty squares only without backward attacks.
        let back_blocked = if cfg.family.backward_attack {
            blocked
        } else {
            occ
        };
        let mut back = Listing::new(t8);
        back.backward(own & between(t8 + 1, HAPPINESS) & !jam_back, back_blocked);
        if !back.is_empty() {
            Listed::Moves(back)
        } else {
            // KE-15 `after_backward`: the penalty only when no backward move exists.
            Listed::One(if penalty {
                Move::squares(HAPPINESS, WATERS)
            } else {
                Move::Pass
            })
        }
    }

    /// The piece on `from` goes to square `to`, or off the board for [`OFF`] (8.2): an
    /// opponent's piece there is attacked, the last piece borne off wins. Says whether the game
    /// is over, which only a bear-off can make it: the callers need not look at the phase after
    /// every move.
    #[inline(always)]
    #[must_use]
    fn move_piece(&mut self, from: u8, to: u8) -> bool {
        let me = self.clock.to_move;
        let them = me.other();
        self.men[me] &= !bit(from);
        // The player has made his next move (KE-23).
        self.reborn[me] = 0;
        match to {
            OFF => {
                self.off[me] += 1;
                // `>=`: a test position built under `senet.pieces=5` with more pieces borne
                // off is simply won at its next bear-off (KE-25).
                if self.off[me] >= self.cfg.family.pieces() {
                    self.phase = Phase::Over(Outcome::Win(me));
                    return true;
                }
            }
            to => {
                if self.men[them] & bit(to) != 0 {
                    // An attacked piece on 28-30 goes to 27, anywhere else it takes the
                    // attacker's square (002). With 27 taken it can only have been attacked
                    // under `send_to_15` (KE-12): it goes to 15, or, 15 being taken, to the
                    // nearest empty square before it as a give-up would (KE-18 default).
                    let dest = if from == HAPPINESS && to > WATERS {
                        if self.occupied() & bit(WATERS) == 0 {
                            WATERS
                        } else {
                            step_back_square(self.occupied()).unwrap_or(from)
                        }
                    } else {
                        from
                    };
                    self.men[them] ^= bit(to) | bit(dest);
                    if self.reborn[them] == to {
                        self.reborn[them] = dest;
                    }
                }
                self.men[me] |= bit(to);
            }
        }
        false
    }
}

impl Turns for State {
    #[inline]
    fn status(&self) -> Status {
        let seat = self.clock.to_move;
        match self.phase {
            Phase::Throw | Phase::WaterThrow => Status::Chance { seat: Some(seat) },
            Phase::Move(t) | Phase::WaterResult(t) => Status::Decide {
                seat,
                throw: Some(t),
            },
            Phase::Opening => Status::Decide {
                seat,
                throw: Some(ONE),
            },
            // The water choice comes before any throw; a spending decision's moves carry their
            // value (NOTATION §6: `throw` null for both).
            Phase::WaterChoice | Phase::Spend => Status::Decide { seat, throw: None },
            Phase::Over(o) => Status::Over(o),
        }
    }

    #[inline]
    fn play_chance_unchecked(&mut self, c: Chance) {
        let Chance::Throw(t) = c else { return };
        self.phase = match self.phase {
            // Nearly every throw of a game, tested first.
            Phase::Throw if self.cfg.throw_mode == ThrowMode::Immediate => Phase::Move(t),
            Phase::WaterThrow => Phase::WaterResult(t),
            // KE-5 `accumulate`: throw while the value earns another throw (KE-4), then
            // spend.
            Phase::Throw if self.cfg.throw_mode == ThrowMode::Accumulate => {
                let n = &mut self.pool[usize::from(t.value() - 1)];
                *n = n.saturating_add(1);
                if self.cfg.extra_throws.earns(t) {
                    Phase::Throw
                } else {
                    Phase::Spend
                }
            }
            _ => Phase::Move(t),
        };
    }
}

impl Moves for State {
    // Pieces' moves listed by `board::Listing`; `pass` and `throw` sort after them.
    const NOTATION_ORDER: bool = true;

    #[inline]
    fn decision_moves(&self, out: &mut MoveList) -> bool {
        match self.phase {
            Phase::Move(t) => self.moves_for(t, out),
            Phase::WaterChoice => {
                // The water turn, before any throw: give up, or try for a 4 (8.5).
                if let Some(n) = self.rebirth_square() {
                    out.push(Move::squares(WATERS, n));
                }
                out.push(Move::Throw);
                return false;
            }
            // Not held by a bear-off gate (KE-22 reading): the gate governs leaving from the end
            // of the track; the exit from 27 is the Waters' own escape (8.5). A blockade on
            // 28–30 holds it; under KE-27 `true` it may be declined.
            Phase::WaterResult(t)
                if t.value() == 4
                    && !waters_exit_blocked(
                        self.cfg.blockade == Blockade::Three,
                        self.men[self.clock.to_move.other()],
                    ) =>
            {
                out.push(bear_off(WATERS));
                if self.cfg.bear_off_optional {
                    out.push(Move::Pass);
                }
            }
            Phase::WaterResult(_) => out.push(Move::Pass),
            Phase::Spend => self.spend_moves(out),
            Phase::Opening => {
                // KE-3: the opening 1 moves the front piece (14→15 in the default setup).
                self.moves_for(ONE, out);
                let front = 31 - self.men[self.clock.to_move].leading_zeros() as u8;
                let by_front =
                    |m: &Move| matches!(m, Move::Go { from: Place::Square(f), .. } if *f == front);
                if out.iter().any(by_front) {
                    out.retain(|m| by_front(m));
                }
            }
            Phase::Throw | Phase::WaterThrow | Phase::Over(_) => return false,
        }
        true
    }

    #[inline]
    fn ranked_move<R: ?Sized>(&self, rng: &mut R, rank: impl Rank<R>) -> Option<Move> {
        self.ranked(rng, rank).map(|(_, m)| m.into_move())
    }
}

impl State {
    /// [`Moves::ranked_move`] with the throw it is played with, inlined where
    /// [`Rules::play_ranked`] plays the move at once.
    #[inline(always)]
    fn ranked<R: ?Sized>(&self, rng: &mut R, rank: impl Rank<R>) -> Option<(Throw, Ranked)> {
        // A throw's moves, unless an option reworks the list once it is made (KE-23, KE-27).
        let Phase::Move(t) = self.phase else {
            return None;
        };
        // `plain` rules out both (its reborn squares stay 0).
        if !self.cfg.plain && (self.reborn[self.clock.to_move] != 0 || self.cfg.bear_off_optional) {
            return None;
        }
        Some((t, self.listed(t).ranked(&self.cfg.common, rng, rank)))
    }
}

impl Rules for State {
    fn play_unchecked(&mut self, m: Move) {
        self.play(m);
    }

    /// One function for the move of the rank and its play: a piece's move is played from its
    /// squares, never built as a [`Move`] and matched again (docs/BENCHMARKS.md).
    #[inline(always)]
    fn play_ranked<R: ?Sized>(&mut self, rng: &mut R, rank: impl Rank<R>) -> bool {
        match self.ranked(rng, rank) {
            Some((t, Ranked::Piece { from, to })) => self.play_throw(t, from, to),
            Some((_, Ranked::Other(m))) => self.play(m),
            None => return false,
        }
        true
    }
}

impl State {
    /// [`Rules::play_unchecked`], inlined into [`Rules::play_ranked`].
    #[inline(always)]
    fn play(&mut self, m: Move) {
        // A piece moved with a throw, nearly every decision of a game: its arm first, before
        // the match on the phase and the move, which cost more than the arm itself (issue 19).
        if let (
            Phase::Move(t),
            Move::Go {
                from: Place::Square(from),
                to,
            },
        ) = (self.phase, m)
        {
            self.play_throw(t, from, square_or_off(to));
            return;
        }
        match (self.phase, m) {
            (Phase::WaterChoice, Move::Throw) => {
                // KE-16 `false`: the try is an ordinary turn in which a 4 may free the piece.
                self.phase = if self.cfg.water_freezes {
                    Phase::WaterThrow
                } else {
                    Phase::Throw
                };
            }
            (
                Phase::WaterChoice,
                Move::Go {
                    to: Place::Square(to),
                    ..
                },
            ) => {
                // Giving up uses the turn (KE-19), and under `this_and_next_turn` the next one.
                let me = self.clock.to_move;
                let them = me.other();
                if self.men[them] & bit(to) != 0 {
                    // KE-18 `swap`: the opponent's piece on 15 goes to 27.
                    self.men[them] ^= bit(to) | bit(WATERS);
                    if self.reborn[them] == to {
                        self.reborn[them] = WATERS;
                    }
                }
                self.men[me] ^= bit(WATERS) | bit(to);
                if self.cfg.rebirth_must_move {
                    self.reborn[me] = to;
                }
                self.skip[me] = self.cfg.give_up_cost == GiveUpCost::ThisAndNextTurn;
                self.end_turn();
            }
            (Phase::Opening, m) => {
                if let Move::Go {
                    from: Place::Square(from),
                    to,
                } = m
                {
                    // A 1 from the start bears nothing off.
                    let _over = self.move_piece(from, square_or_off(to));
                }
                // KE-3: having played the 1, green throws again.
                self.phase = Phase::Throw;
            }
            (Phase::WaterResult(t), Move::Go { .. }) => {
                if self.move_piece(WATERS, OFF) {
                    return;
                }
                if self.cfg.water_four_extra {
                    self.after_throw(t, true);
                } else {
                    self.end_turn();
                }
            }
            // A failed try ends the turn whatever its value (002 "one try per turn"), and so
            // does a 4 declined under KE-27: the piece stays in 27.
            (Phase::WaterResult(_), _) => self.end_turn(),
            // a pass loses every value not spent.
            (Phase::Spend, Move::Pass) => self.end_turn(),
            (Phase::Spend, Move::Spend(spent)) => {
                self.pool[usize::from(spent.value().value() - 1)] -= 1;
                let (Place::Square(from), to) = (spent.from(), spent.to()) else {
                    debug_assert!(false, "{m} starts off the board");
                    return;
                };
                if self.move_piece(from, square_or_off(to)) {
                    return;
                }
                // A piece of the mover entering 27 ends the turn and loses the values left
                // (KE-20); otherwise the next value is spent, until none is left. Nothing
                // earns a throw once the collection is over (R-4: KE-21 does not apply).
                if to == Place::Square(WATERS) || self.pool == [0; 5] {
                    self.end_turn();
                }
            }
            (Phase::Move(t), Move::Pass) => self.after_throw(t, false),
            _ => debug_assert!(false, "{m} is not legal in {:?}", self.phase),
        }
    }
}

impl State {
    /// The piece on `from` moves to square `to`, or off the board for [`OFF`], with throw `t`
    /// (8.2).
    #[inline(always)]
    fn play_throw(&mut self, t: Throw, from: u8, to: u8) {
        if self.move_piece(from, to) {
            return;
        }
        if to == WATERS {
            // Falling into the Waters ends the turn; pending throws are lost (KE-20).
            self.end_turn();
        } else if from == WATERS && !self.cfg.water_four_extra {
            // KE-16 `false` with KE-17 `false`: the freeing 4 earns nothing.
            self.end_turn();
        } else {
            self.after_throw(t, true);
        }
    }
}

#[cfg(test)]
mod tests {
    use rand::SeedableRng;
    use rand_chacha::ChaCha8Rng;

    use super::*;
    use crate::game::{Game, random_index};
    use crate::{MoveList, Options};

    fn config(options: &str) -> Config {
        Config::from_options(&Options::parse(options).unwrap()).unwrap()
    }

    #[test]
    fn plain_is_the_defaults_and_no_option_it_names() {
        assert!(config("").plain);
        // Options that leave the moves' shape alone keep it.
        assert!(config("senet.safe_squares={15,26,28,29}, senet.kendall.extra_throws={5}").plain);
        for o in [
            "senet.kendall.blockade=3",
            "senet.kendall.trap=on",
            "senet.adjacency=grid",
            "senet.kendall.one_from_26=only_if_forced",
            "senet.kendall.rebirth_must_move=true",
            "senet.kendall.bear_off_optional=true",
        ] {
            assert!(!config(o).plain, "{o}");
        }
    }

    /// The copy of `listed` compiled for `plain` gathers what the general one gathers, at
    /// every throw of random games under options that keep `plain`.
    #[test]
    fn the_plain_copy_lists_the_general_moves() {
        for options in ["", "senet.safe_squares={15,26,28,29}, senet.pieces=5"] {
            let start = new(&Options::parse(options).unwrap()).unwrap();
            assert!(start.cfg.plain);
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            let (mut plain, mut general, mut legal) =
                (MoveList::new(), MoveList::new(), MoveList::new());
            let mut throws = 0;
            for _ in 0..200 {
                let mut g = start.clone();
                while let Some(status) =
                    Some(Game::status(&g)).filter(|s| !matches!(s, Status::Over(_)))
                {
                    if let Phase::Move(t) = g.phase {
                        plain.clear();
                        general.clear();
                        g.listed_as::<true>(t).push(&mut plain);
                        g.listed_as::<false>(t).push(&mut general);
                        assert_eq!(plain, general, "throw {t:?} in {g:?}");
                        throws += 1;
                    }
                    match status {
                        Status::Chance { .. } => {
                            let c = g.sample_chance(&mut rng);
                            Game::play_chance_unchecked(&mut g, c);
                        }
                        _ => {
                            g.legal_moves(&mut legal);
                            Game::play_unchecked(
                                &mut g,
                                legal[random_index(&mut rng, legal.len())],
                            );
                        }
                    }
                }
            }
            assert!(throws > 10_000, "{throws} throws");
        }
    }
}
