//! `senet.school`: the school sheet's Senet (seed 004, SPEC §9).
//!
//! Seat A takes the counters on the even squares and starts (004§3); who that is was decided by
//! throwing for a 1, which only says who sits where and is not part of the game (NOTATION §4).

use rand::Rng;

use super::{
    FamilyConfig, Squares, between, bit, blockaded, next_to, render, runs_of_three, squares,
    step_back_square, up_to,
};
use crate::game::{
    Chance, ChanceList, Game, Move, MoveList, Outcome, Place, Seat, SeatLayout, Status,
    throw_outcomes,
};
use crate::options::{Common, OptionError, OptionSpec, Options, common_specs};
use crate::rules::{RuleInfo, RuleSetId};
use crate::sticks::Throw;

const KEY: &str = "senet.school";

/// Every counter must land exactly on 26 (004§9).
const GATE: u8 = 26;
/// The counter attacked on 28–30 goes to 27 (004§11).
const TRAP: u8 = 27;
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
    let mut v = common_specs(KEY, &[]);
    v.extend(super::family_specs());
    let spec =
        |name: &str, values: &'static [&'static str], implemented, clause, help| OptionSpec {
            name: format!("{KEY}.{name}"),
            values,
            implemented,
            clause,
            help,
        };
    v.extend([
        spec(
            "opening",
            &["decide_only", "use_the_one"],
            &["decide_only", "use_the_one"],
            "SB-3",
            "whether the opening 1 is also a move",
        ),
        spec(
            "opening_throws",
            &["alternate", "simultaneous"],
            &["alternate", "simultaneous"],
            "SB-4",
            "how the players throw for the first 1",
        ),
        spec(
            "defence",
            &["own_adjacent", "any_adjacent"],
            &["own_adjacent", "any_adjacent"],
            "SB-5",
            "which neighbours defend a counter",
        ),
        spec(
            "extra_on_pass",
            &["true", "false"],
            &["true", "false"],
            "SB-8",
            "a lost 5 still gives another throw",
        ),
        spec(
            "one_from_26",
            &["none", "to_27"],
            &["none", "to_27"],
            "SB-10",
            "a 1 from square 26",
        ),
        spec(
            "attack_when_27_full",
            &["illegal", "send_to_start"],
            &["illegal", "send_to_start"],
            "SB-12",
            "attacks on 28-30 while 27 is taken",
        ),
        spec(
            "blockade",
            &["off", "3"],
            &["off", "3"],
            "SB-15",
            "three counters in a row cannot be passed",
        ),
        spec(
            "water_give_up",
            &["false", "true"],
            &["false", "true"],
            "SB-18",
            "Kendall-style give-up from 27",
        ),
    ]);
    v
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
struct Config {
    common: Common,
    /// The options both Senets share.
    fam: FamilyConfig,
    /// SB-15: three opposing counters in a row cannot be jumped.
    blockade: bool,
    /// SB-5 literal reading: any counter next to it defends.
    any_adjacent: bool,
    /// SB-8.
    extra_on_pass: bool,
    /// SB-10 `to_27`: a 1 takes a counter from 26 into 27.
    one_to_27: bool,
    /// SB-12 `send_to_start`: attacks on 28–30 while 27 is taken are legal; the attacked
    /// counter goes to the attacker's start square (26), as any attacked counter does (004§6).
    send_to_start: bool,
    /// SB-18 `water_give_up`: at the start of a turn a counter on 27 may give up to 15.
    water_give_up: bool,
}

/// The throw of 1 that opens the game under SB-3 `use_the_one`.
const ONE: Throw = Throw::new(1).unwrap();

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Phase {
    Throw,
    /// SB-18 `water_give_up`: give up to 15 or throw (decision before any throw).
    WaterChoice,
    Move(Throw),
    Over(Outcome),
}

/// A `senet.school` position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    men: [Squares; 2],
    off: [u8; 2],
    to_move: Seat,
    phase: Phase,
    turns: u32,
    cfg: Config,
}

/// The start position with `options`.
///
/// # Errors
/// Options not valid for `senet.school`.
pub fn new(options: &Options) -> Result<State, OptionError> {
    let specs = option_specs();
    options.validate(KEY, &specs)?;
    let value = |name: &str| options.value(&specs, &format!("{KEY}.{name}"));
    let cfg = Config {
        common: Common::read(KEY, options),
        fam: FamilyConfig::read(options, &specs),
        blockade: options.value(&specs, &format!("{KEY}.blockade")) == "3",
        any_adjacent: options.value(&specs, &format!("{KEY}.defence")) == "any_adjacent",
        extra_on_pass: options.value(&specs, &format!("{KEY}.extra_on_pass")) == "true",
        one_to_27: value("one_from_26") == "to_27",
        send_to_start: value("attack_when_27_full") == "send_to_start",
        water_give_up: value("water_give_up") == "true",
    };
    // SB-4: how the players throw for the first 1 only decides who takes seat A, which is not
    // part of the game (NOTATION §4), so `opening_throws` changes nothing here. SB-3
    // `use_the_one`: that 1 is the throw of A's first turn, played at once; being a 1 it earns
    // no further throw (004§8), so the turn then passes to B.
    let phase = if value("opening") == "use_the_one" {
        Phase::Move(ONE)
    } else {
        Phase::Throw
    };
    Ok(State {
        men: cfg.fam.start(),
        off: [0, 0],
        to_move: Seat::A,
        phase,
        turns: 1,
        cfg,
    })
}

impl Default for State {
    fn default() -> Self {
        new(&Options::new()).expect("defaults are valid")
    }
}

impl State {
    /// A position from its parts (see [`super::kendall::State::from_squares`]).
    ///
    /// # Panics
    /// If the seats share a square, a square is outside 1..=30, or a seat has over seven counters.
    pub fn from_squares(a: &[u8], b: &[u8], off: [u8; 2], to_move: Seat) -> State {
        let men = super::position(a, b, off);
        State {
            men,
            off,
            to_move,
            ..State::default()
        }
    }

    /// With options (for option tests): the position stays, and a turn about to be thrown
    /// starts as the options say (a water choice under SB-18 `water_give_up`).
    ///
    /// The counters are taken as placed (see [`super::kendall::State::with_options`]).
    ///
    /// # Errors
    /// As [`new`].
    pub fn with_options(mut self, options: &Options) -> Result<State, OptionError> {
        self.cfg = new(options)?.cfg;
        if self.phase == Phase::Throw {
            self.phase = self.turn_start_phase();
        }
        Ok(self)
    }

    fn turn_start_phase(&self) -> Phase {
        if self.cfg.water_give_up && self.men[self.to_move.index()] & bit(TRAP) != 0 {
            Phase::WaterChoice
        } else {
            Phase::Throw
        }
    }

    /// The squares of `seat`'s counters.
    pub fn squares_of(&self, seat: Seat) -> impl Iterator<Item = u8> {
        squares(self.men[seat.index()])
    }

    /// Who is on square `n`.
    pub fn at(&self, n: u8) -> Option<Seat> {
        Seat::BOTH
            .into_iter()
            .find(|s| self.men[s.index()] & bit(n) != 0)
    }

    /// Counters of `seat` removed from the board.
    pub fn borne_off(&self, seat: Seat) -> u8 {
        self.off[seat.index()]
    }

    /// The seat whose turn it is.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// The counters of the opponent of the seat to move that may not be attacked: defended
    /// ones (SB-5, SB-6) and those on safe squares (SB-14).
    fn defended(&self) -> Squares {
        let me = self.to_move.index();
        let opp = self.men[1 - me];
        let fam = &self.cfg.fam;
        let defended = if self.cfg.any_adjacent {
            opp & next_to(self.men[0] | self.men[1], fam.grid)
        } else {
            fam.guarded(opp)
        };
        defended | (opp & fam.safe)
    }

    fn moves_for(&self, t: Throw, out: &mut MoveList) {
        let me = self.to_move.index();
        let own = self.men[me];
        let opp = self.men[1 - me];
        let occ = own | opp;
        let t8 = t.value();
        if own & bit(TRAP) != 0 {
            // Every other counter is frozen; only a 4 removes this one (004§11, SB-18). No
            // bear-off gate holds it (KE-22 reading): with the others frozen a closed gate
            // would keep the player from ever moving again.
            out.push(if t8 == TRAP_EXIT {
                bear_off(TRAP)
            } else {
                Move::Pass
            });
            return;
        }
        let blocked = own | self.defended();
        // Origins whose move would jump three opposing counters in a row (SB-15).
        let (jam_fwd, jam_back) = if self.cfg.blockade {
            let runs = runs_of_three(opp);
            (blockaded(runs, t8, false), blockaded(runs, t8, true))
        } else {
            (0, 0)
        };
        let may_leave = self.cfg.fam.may_bear_off(own);
        let from = own & up_to(GATE - t8) & !jam_fwd;
        for to in squares((from << t8) & !blocked) {
            out.push(Move::squares(to - t8, to));
        }
        if own & bit(GATE) & !jam_fwd != 0 {
            match t8 {
                5 if may_leave => out.push(bear_off(GATE)),
                // SB-10 `to_27`: into 27, which must be empty (one counter a square).
                1 if self.cfg.one_to_27 && occ & bit(TRAP) == 0 => {
                    out.push(Move::squares(GATE, TRAP));
                }
                // 2, 3, 4 → 28, 29, 30 (004§10); a 1 does not move it (SB-10).
                2..=4 => {
                    let to = GATE + t8;
                    let attack = opp & bit(to) & !blocked != 0
                        && (occ & bit(TRAP) == 0 || self.cfg.send_to_start);
                    if occ & bit(to) == 0 || attack {
                        out.push(Move::squares(GATE, to));
                    }
                }
                _ => {}
            }
        }
        // 28 leaves on a 3, 29 on a 2, 30 on a 1 (004§10), once the gate is open (KE-22).
        for (sq, need) in [(28, 3), (29, 2), (30, 1)] {
            if t8 == need && may_leave && own & bit(sq) != 0 {
                out.push(bear_off(sq));
            }
        }
        if !out.is_empty() {
            return;
        }
        // Backward from 1..26 when nothing goes forward (004§7, SB-16); onto empty squares only
        // without backward attacks (SB-7).
        let back_blocked = if self.cfg.fam.backward_attack {
            blocked
        } else {
            occ
        };
        let from = own & between(t8 + 1, GATE) & !jam_back;
        for to in squares((from >> t8) & !back_blocked) {
            out.push(Move::squares(to + t8, to));
        }
        if out.is_empty() {
            out.push(Move::Pass);
        }
    }

    fn end_turn(&mut self) {
        self.to_move = self.to_move.other();
        self.turns += 1;
        self.phase = if self.cfg.common.capped(self.turns) {
            Phase::Over(Outcome::Draw)
        } else {
            self.turn_start_phase()
        };
    }
}

fn bear_off(from: u8) -> Move {
    Move::Go {
        from: Place::Square(from),
        to: Place::Off,
    }
}

impl Game for State {
    fn rule_set(&self) -> RuleSetId {
        RuleSetId::SenetSchool
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::Throw => Status::Chance {
                seat: Some(self.to_move),
            },
            Phase::Move(t) => Status::Decide {
                seat: self.to_move,
                throw: Some(t),
            },
            Phase::WaterChoice => Status::Decide {
                seat: self.to_move,
                throw: None,
            },
            Phase::Over(o) => Status::Over(o),
        }
    }

    fn chance_outcomes(&self) -> ChanceList {
        match self.phase {
            Phase::Throw => throw_outcomes(self.cfg.common.bias.law()),
            _ => ChanceList::new(),
        }
    }

    fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        match self.phase {
            Phase::Move(t) => {
                self.moves_for(t, out);
                self.cfg.common.offer_pass(out);
            }
            Phase::WaterChoice => {
                if let Some(n) = step_back_square(self.men[0] | self.men[1]) {
                    out.push(Move::squares(TRAP, n));
                }
                out.push(Move::Throw);
            }
            _ => {}
        }
    }

    fn play_chance_unchecked(&mut self, c: Chance) {
        if let Chance::Throw(t) = c {
            self.phase = Phase::Move(t);
        }
    }

    fn play_unchecked(&mut self, m: Move) {
        if self.phase == Phase::WaterChoice {
            match m {
                Move::Go {
                    to: Place::Square(to),
                    ..
                } => {
                    // Giving up uses the turn, as in Kendall's 8.5 (KE-19).
                    let me = self.to_move.index();
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
        let me = self.to_move.index();
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
                    if self.men[1 - me] & bit(to) != 0 {
                        // Attacked on 28–30: to 27; elsewhere, or with 27 taken under
                        // `send_to_start` (SB-12), to the attacker's square (004§6, §11).
                        let waters_free = (self.men[0] | self.men[1]) & bit(TRAP) == 0;
                        let dest = if from == GATE && to > TRAP && waters_free {
                            TRAP
                        } else {
                            from
                        };
                        self.men[1 - me] ^= bit(to) | bit(dest);
                    }
                    self.men[me] |= bit(to);
                }
                _ => {
                    self.off[me] += 1;
                    if self.off[me] >= self.cfg.fam.pieces {
                        self.phase = Phase::Over(Outcome::Win(self.to_move));
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

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Chance {
        Chance::Throw(self.cfg.common.bias.throw(rng).score())
    }

    fn turns(&self) -> u32 {
        self.turns
    }

    fn layout(&self) -> [SeatLayout; 2] {
        Seat::BOTH.map(|seat| SeatLayout {
            board: self.squares_of(seat).map(Place::Square).collect(),
            off: self.borne_off(seat),
            ..SeatLayout::default()
        })
    }

    fn board_text(&self) -> String {
        render(
            self.men,
            self.off,
            &[
                (26, "exact landing; 5 bears off"),
                (27, "trap: only a 4 frees it"),
                (28, "leaves on a 3"),
                (29, "leaves on a 2"),
                (30, "leaves on a 1"),
            ],
        )
    }
}
