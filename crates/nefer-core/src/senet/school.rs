//! `senet.school`: the school sheet's Senet (seed 004, SPEC §9).
//!
//! Seat A takes the counters on the even squares and starts (004§3); who that is was decided by
//! throwing for a 1, which only says who sits where and is not part of the game (NOTATION §4).

use super::board::{
    HAPPINESS, Listed, Listing, Squares, WATERS, bear_off, between, bit, jammed_origins, next_to,
    step_back_square, up_to, waters_exit_blocked,
};
use super::{Blockade, FamilyConfig};
use crate::game::{ByPlayer, Move, MoveList, Outcome, Place, Rank, Seat};
use crate::options::{OpeningThrows, OptionSpec, Registry, config, option_values};
use crate::rules::RuleInfo;
use crate::skeleton::{Clock, Moves, Phase, Rules, rule_set, state};
use crate::sticks::Throw;

rule_set!(SenetSchool; turns: shared, board: senet);

/// Every counter must land exactly on 26 (004§9).
const GATE: u8 = HAPPINESS;
/// The counter attacked on 28–30 goes to 27 (004§11).
pub(crate) const TRAP: u8 = WATERS;
/// The one throw that removes a counter from 27 (004§11).
const TRAP_EXIT: u8 = 4;
/// The one throw that gives an extra turn (004§8).
const EXTRA: u8 = 5;

/// Name, source and rules in plain words.
pub const INFO: RuleInfo = RuleInfo {
    key: KEY,
    title: "Senet, school sheet (3×10 board, 7 counters)",
    source: "seed 004 (Birmingham Grid for Learning KS2 sheet); SPEC §7, §9, defaults SB-1..SB-18",
    rules: "\
Board: 30 squares in three rows, walked in an S: 1-10 left to right, 11-20 right to left, 21-30 left to right. Squares 26-30 are marked.
Counters: seven each. Seat A has the counters on the even squares 2-14 and starts (the first to throw a 1 takes them); seat B has the odd squares 1-13.
Sticks: four two-sided sticks; the score is the number of plain sides up (1-4), or 5 when all four decorated sides show.
A turn: throw and move one counter by the score, to an empty square or onto an undefended opposing counter, which goes back to the square the attacker came from. A counter is defended when its owner has another counter on the square just before or after it.
Backward: if no counter can move forward, one must move back by the score. If nothing can move, the score is lost.
A throw of 5 gives another throw, even when it could not be used. No other throw does.
Square 26: every counter must land on it exactly. From 26 a 5 bears the counter off and a 2, 3 or 4 takes it to 28, 29 or 30; a 1 does not move it.
Leaving: from 28 only with a 3, from 29 only with a 2, from 30 only with a 1. Counters on 28-30 never move within 28-30.
Square 27: an undefended counter on 28, 29 or 30 that is attacked (from 26) goes to 27, if 27 is empty. While a player has a counter on 27 he cannot move any other counter: each of his throws either removes it with a 4 (it counts as borne off, and the turn ends) or does nothing (a 5 still gives another throw).
Winning: the first to remove all seven counters wins.",
};

/// Options of `senet.school` (SPEC §10).
pub fn option_specs() -> Vec<OptionSpec> {
    Registry::new(KEY, &[])
        .with(super::family_specs())
        .own(
            "opening",
            Opening::VALUES,
            "SB-3",
            "whether the opening 1 is also a move",
        )
        .own(
            "opening_throws",
            OpeningThrows::VALUES,
            "SB-4",
            "how the players throw for the first 1",
        )
        .own(
            "defence",
            Defence::VALUES,
            "SB-5",
            "which neighbours defend a counter",
        )
        .own(
            "extra_on_pass",
            &["true", "false"],
            "SB-8",
            "a lost 5 still gives another throw",
        )
        .own(
            "one_from_26",
            OneFrom26::VALUES,
            "SB-10",
            "a 1 from square 26",
        )
        .own(
            "attack_when_27_full",
            AttackWhen27Full::VALUES,
            "SB-12",
            "attacks on 28-30 while 27 is taken",
        )
        .own(
            "blockade",
            Blockade::VALUES,
            "SB-15",
            "three counters in a row cannot be passed",
        )
        .own(
            "water_give_up",
            &["false", "true"],
            "SB-18",
            "Kendall-style give-up from 27",
        )
        .done()
}

option_values! {
    /// SB-3: whether the opening 1 is also a move.
    pub enum Opening {
        /// It only decides who takes seat A.
        DecideOnly = "decide_only",
        /// It is also the throw of A's first turn.
        UseTheOne = "use_the_one",
    }
}

option_values! {
    /// SB-5: which neighbours defend a counter.
    pub enum Defence {
        /// Its owner's counters (as Kendall's protection).
        OwnAdjacent = "own_adjacent",
        /// Any counter (the sheet's literal words).
        AnyAdjacent = "any_adjacent",
    }
}

option_values! {
    /// SB-10: a 1 from square 26.
    pub enum OneFrom26 {
        /// It does not move the counter.
        Stays = "none",
        /// It takes the counter into 27.
        To27 = "to_27",
    }
}

option_values! {
    /// SB-12: attacks on 28–30 while 27 is taken.
    pub enum AttackWhen27Full {
        /// Not allowed.
        Illegal = "illegal",
        /// Allowed: the attacked counter goes to the attacker's start square (26), as any
        /// attacked counter does (004§6).
        SendToStart = "send_to_start",
    }
}

config! {
    /// The rules of a `senet.school` game, read once from its options: they never change
    /// during the game.
    pub struct Config {
        /// The options both Senets share.
        family: FamilyConfig,
        /// SB-3.
        opening: Opening,
        /// SB-5.
        defence: Defence,
        /// SB-8: a lost 5 still gives another throw.
        extra_on_pass: bool,
        /// SB-10.
        one_from_26: OneFrom26,
        /// SB-12.
        attack_when_27_full: AttackWhen27Full,
        /// SB-15.
        blockade: Blockade,
        /// SB-18: at the start of a turn a counter on 27 may give up to 15.
        water_give_up: bool,
    }
    // SB-4: how the players throw for the first 1 only decides who takes seat A, which is not
    // part of the game (NOTATION §4): checked, and not kept, so that it changes nothing.
    ignored {
        opening_throws: OpeningThrows,
    }
}

/// The marked squares, named under the text board.
const MARKS: &[(u8, &str)] = &[
    (26, "exact landing; 5 bears off"),
    (27, "trap: only a 4 frees it"),
    (28, "leaves on a 3"),
    (29, "leaves on a 2"),
    (30, "leaves on a 1"),
];

/// The square a counter leaves the board from with each throw (index: the throw): 30 on a 1,
/// 29 on a 2, 28 on a 3 (004§10). Eight entries, read at `throw & 7` (see Kendall's `EXITS`).
pub(crate) static EXITS: [Squares; 8] = [0, bit(30), bit(29), bit(28), 0, 0, 0, 0];

/// The throw of 1 that opens the game under SB-3 `use_the_one`.
const ONE: Throw = Throw::new(1).unwrap();

state! {
    /// A `senet.school` position, with the game's [`Config`].
    pub struct State {
        /// Each seat's squares.
        men: ByPlayer<Squares>,
        /// Each seat's counters removed.
        off: ByPlayer<u8>,
    }
}

impl State {
    /// The start position under `cfg`: the counters alternate from square 1, seat A to throw (or to play SB-3's opening 1).
    pub fn start(cfg: Config) -> State {
        // SB-4: how the players throw for the first 1 only decides who takes seat A. SB-3
        // `use_the_one`: that 1 is the throw of A's first turn, played at once; being a 1 it
        // earns no further throw (004§8), so the turn then passes to B.
        let phase = match cfg.opening {
            Opening::DecideOnly => Phase::Throw,
            Opening::UseTheOne => Phase::Move(ONE),
        };
        State {
            men: cfg.family.start(),
            off: ByPlayer::both(0),
            clock: Clock::new(Seat::A, 1),
            phase,
            cfg,
        }
    }

    fn turn_start_phase(&self) -> Phase {
        if self.cfg.water_give_up && self.men[self.clock.to_move] & bit(TRAP) != 0 {
            Phase::Choose
        } else {
            Phase::Throw
        }
    }

    /// The counters of the opponent of the seat to move that may not be attacked: defended
    /// ones (SB-5, SB-6) and those on safe squares (SB-14).
    fn defended(&self) -> Squares {
        let opp = self.men[self.clock.to_move.other()];
        let fam = &self.cfg.family;
        let defended = match self.cfg.defence {
            Defence::OwnAdjacent => fam.guarded(opp),
            Defence::AnyAdjacent => {
                opp & next_to(self.men[Seat::A] | self.men[Seat::B], fam.grid())
            }
        };
        defended | (opp & fam.safe())
    }

    fn moves_for(&self, t: Throw, out: &mut MoveList) {
        self.listed(t).push(out);
    }

    /// The moves of throw `t`, gathered and not yet listed.
    #[inline(always)]
    fn listed(&self, t: Throw) -> Listed {
        let me = self.clock.to_move;
        let own = self.men[me];
        let opp = self.men[me.other()];
        let occ = own | opp;
        let t8 = t.value();
        if own & bit(TRAP) != 0 {
            // Every other counter is frozen; only a 4 removes this one (004§11, SB-18). No
            // bear-off gate holds it (KE-22 reading): with the others frozen a closed gate
            // would keep the player from ever moving again. A blockade on 28–30 does.
            let blockade = self.cfg.blockade == Blockade::Three;
            return Listed::One(if t8 == TRAP_EXIT && !waters_exit_blocked(blockade, opp) {
                bear_off(TRAP)
            } else {
                Move::Pass
            });
        }
        let blocked = own | self.defended();
        // Origins whose move would jump three opposing counters in a row (SB-15).
        let (jam_fwd, jam_back) = jammed_origins(self.cfg.blockade == Blockade::Three, opp, t8);
        let may_leave = self.cfg.family.may_bear_off(own);
        // Gathered by kind, then listed in notation order ([`Listing`]).
        let mut list = Listing::new(t8);
        // Squares past the gate count as blocked: a step lands on it at most.
        list.forward(own & !jam_fwd, blocked | !up_to(GATE));
        if own & bit(GATE) & !jam_fwd != 0 {
            match t8 {
                5 if may_leave => list.end(GATE, Place::Off),
                // SB-10 `to_27`: into 27, which must be empty (one counter a square).
                1 if self.cfg.one_from_26 == OneFrom26::To27 && occ & bit(TRAP) == 0 => {
                    list.end(GATE, Place::Square(TRAP));
                }
                // 2, 3, 4 → 28, 29, 30 (004§10); a 1 does not move it (SB-10).
                2..=4 => {
                    let to = GATE + t8;
                    let attack = opp & bit(to) & !blocked != 0
                        && (occ & bit(TRAP) == 0
                            || self.cfg.attack_when_27_full == AttackWhen27Full::SendToStart);
                    if occ & bit(to) == 0 || attack {
                        list.end(GATE, Place::Square(to));
                    }
                }
                _ => {}
            }
        }
        // 28 leaves on a 3, 29 on a 2, 30 on a 1 (004§10), once the gate is open (KE-22).
        if may_leave {
            list.bear_off(own & EXITS[usize::from(t8 & 7)]);
        }
        if !list.is_empty() {
            return Listed::Moves(list);
        }
        // Backward from 1..26 when nothing goes forward (004§7, SB-16); onto empty squares only
        // without backward attacks (SB-7).
        let back_blocked = if self.cfg.family.backward_attack {
            blocked
        } else {
            occ
        };
        let mut back = Listing::new(t8);
        back.backward(own & between(t8 + 1, GATE) & !jam_back, back_blocked);
        if back.is_empty() {
            Listed::One(Move::Pass)
        } else {
            Listed::Moves(back)
        }
    }

    fn end_turn(&mut self) {
        self.phase = (self.clock.pass(&self.cfg.common))
            .map_or_else(|| self.turn_start_phase(), Phase::Over);
    }
}

impl Moves for State {
    // Pieces' moves listed by `board::Listing`; `pass` and `throw` sort after them.
    const NOTATION_ORDER: bool = true;

    #[inline]
    fn decision_moves(&self, out: &mut MoveList) -> bool {
        match self.phase {
            Phase::Move(t) => {
                self.moves_for(t, out);
                true
            }
            Phase::Choose => {
                // SB-18, before any throw: give up to 15 (or the nearest empty square before
                // it), or throw.
                if let Some(n) = step_back_square(self.men[Seat::A] | self.men[Seat::B]) {
                    out.push(Move::squares(TRAP, n));
                }
                out.push(Move::Throw);
                false
            }
            _ => false,
        }
    }

    #[inline]
    fn ranked_move<R: ?Sized>(&self, rng: &mut R, rank: impl Rank<R>) -> Option<Move> {
        let Phase::Move(t) = self.phase else {
            return None;
        };
        Some(
            self.listed(t)
                .ranked(&self.cfg.common, rng, rank)
                .into_move(),
        )
    }
}

impl Rules for State {
    fn play_unchecked(&mut self, m: Move) {
        let me = self.clock.to_move;
        let them = me.other();
        if self.phase == Phase::Choose {
            match m {
                Move::Go {
                    to: Place::Square(to),
                    ..
                } => {
                    // Giving up uses the turn, as in Kendall's 8.5 (KE-19).
                    self.men[me] ^= bit(TRAP) | bit(to);
                    self.end_turn();
                }
                _ => self.phase = Phase::Throw,
            }
            return;
        }
        let Phase::Move(t) = self.phase else {
            debug_assert!(false, "{m} played while no move is due");
            return;
        };
        let mut used = false;
        if let Move::Go {
            from: Place::Square(from),
            to,
        } = m
        {
            used = true;
            self.men[me] &= !bit(from);
            match to {
                Place::Square(to) => {
                    if self.men[them] & bit(to) != 0 {
                        // Attacked on 28–30: to 27; elsewhere, or with 27 taken under
                        // `send_to_start` (SB-12), to the attacker's square (004§6, §11).
                        let waters_free = (self.men[me] | self.men[them]) & bit(TRAP) == 0;
                        let dest = if from == GATE && to > TRAP && waters_free {
                            TRAP
                        } else {
                            from
                        };
                        self.men[them] ^= bit(to) | bit(dest);
                    }
                    self.men[me] |= bit(to);
                }
                _ => {
                    self.off[me] += 1;
                    if self.off[me] >= self.cfg.family.pieces() {
                        self.phase = Phase::Over(Outcome::Win(me));
                        return;
                    }
                    if from == TRAP {
                        // The removing 4 ends the turn (SB-18).
                        self.end_turn();
                        return;
                    }
                }
            }
        }
        if t.value() == EXTRA && (used || self.cfg.extra_on_pass) {
            self.phase = Phase::Throw;
        } else {
            self.end_turn();
        }
    }
}
