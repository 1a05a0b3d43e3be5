//! `hj.french`: *Chien et Chacal*, the French rule sheet (seed 003, SPEC §6).
//!
//! Each player races five pieces along his own side, `X1..X29`, and takes them out on an exact
//! throw to hole 30. Entering needs a 1; holes 1, 15 and 25 give a bonus throw for the same
//! piece; 6 and 8 are one-way shortcuts to 20 and 10. The players never meet.

use rand::Rng;

use super::board::{self, Follow, LineRules, Lines};
use crate::game::{
    Chance, ChanceList, Game, Move, MoveList, Outcome, Place, Seat, SeatLayout, Side, Status,
    seat_outcomes, throw_outcomes,
};
use crate::options::{Common, OptionError, OptionSpec, Options, common_specs, fixed_first_player};
use crate::rules::{RuleInfo, RuleSetId};
use crate::sticks::Throw;

const KEY: &str = "hj.french";
/// Pieces per player (003 "5 pions").
pub const PIECES: u8 = 5;
/// The arrival: reaching it by an exact throw takes the piece out (FR-7).
const ARRIVAL: u8 = 30;

/// Name, source and rules in plain words.
pub const INFO: RuleInfo = RuleInfo {
    key: KEY,
    title: "Chien et Chacal (the French rule sheet)",
    source: "seed 003 (\"jeu des 58 trous\" rule sheet); SPEC §2, §6, defaults FR-1..FR-10",
    rules: "\
Board: 58 holes, 29 on each side of the palm tree, and the shared arrival hole 30. Seat A plays side L, seat B side R; each player has his own track 1-29, so the pieces never meet.
Pieces: five each, all in hand at the start.
Sticks: four two-sided sticks; the score is the number of flat (white) faces up, 1-4, or 5 when all four rounded faces show.
Start: the players throw in turn (who throws first is drawn at random) until one throws a 1. He enters a piece on his hole 1 and throws again for that piece; then the other player takes his turn.
A turn: throw and move one piece of your choice by the score. Only one piece may stand on a hole; pieces may jump over others.
Entering: every new piece needs a 1 and goes on hole 1, which must be empty.
Shortcuts: a piece that stops on 6 goes on to 20, one that stops on 8 goes on to 10, if that hole is empty (one way only).
Bonus throws: a piece that stops on 1, 15 or 25 earns a bonus throw, which only that piece may use; if it cannot, the bonus is lost.
Going out: once no piece is left in hand, a piece that reaches hole 30 by an exact throw goes out. A throw too large for every piece is lost.
Winning: the first to take all five pieces out wins.",
};

/// Options of `hj.french` (SPEC §10).
pub fn option_specs() -> Vec<OptionSpec> {
    let mut v = common_specs(KEY, &["random", "p1", "p2"]);
    let spec = |name: String, values: &'static [&'static str], clause, help| OptionSpec {
        name,
        values,
        implemented: values,
        clause,
        help,
    };
    v.extend([
        spec(
            "hj.lines".into(),
            &["forward_only", "both", "backward_only"],
            "FR-4",
            "direction of the shortcuts (French default: forward only)",
        ),
        spec(
            format!("{KEY}.null_line_move"),
            &["illegal", "allowed_as_pass"],
            "C-5",
            "a move ending where it started",
        ),
        spec(
            format!("{KEY}.blocked_line"),
            &["stay", "illegal"],
            "C-6",
            "a shortcut whose far end is taken",
        ),
        spec(
            format!("{KEY}.opening"),
            &["alternate", "simultaneous"],
            "FR-1",
            "how the players throw for the first 1",
        ),
        spec(
            format!("{KEY}.bonus_fallback"),
            &["lost", "any_piece"],
            "FR-2",
            "a bonus the piece that earned it cannot use",
        ),
        spec(
            format!("{KEY}.hole_30"),
            &["exit_immediately", "stay_then_exit_on_any"],
            "FR-7",
            "what reaching hole 30 does",
        ),
    ]);
    v
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Phase {
    /// The first thrower is drawn (FR-1).
    ChooseFirst,
    /// Opening: the seat to move throws; anything but a 1 passes the sticks on, with no decision
    /// (NOTATION §4).
    Opening,
    /// The seat to move throws to start a turn.
    Throw,
    /// A bonus throw for the piece on this hole (FR-2, FR-3).
    Bonus(u8),
    /// The seat to move uses throw `t`, with any piece (`0`) or only the piece on a hole.
    Move(Throw, u8),
    /// FR-1 `simultaneous`: both throw for a 1, A's throw first (a chance action each).
    SimultaneousA,
    /// FR-1 `simultaneous`: B throws; A threw this.
    SimultaneousB(Throw),
    /// Over.
    Over(Outcome),
}

/// A `hj.french` position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Holes 1..=29 of each seat's own side (bit n = hole n).
    holes: [u32; 2],
    hand: [u8; 2],
    /// Pieces resting on hole 30 (only under FR-7 `hole_30=stay_then_exit_on_any`).
    arrived: [u8; 2],
    off: [u8; 2],
    to_move: Seat,
    phase: Phase,
    turns: u32,
    /// FR-4, FR-5 (C-6), C-5.
    lines: LineRules,
    /// FR-1 `simultaneous`: both throw at once for the first 1.
    simultaneous: bool,
    /// FR-2 `any_piece`: a bonus its piece cannot use may move any piece.
    bonus_any: bool,
    /// FR-7 `stay_then_exit_on_any`: a piece stops on 30 and goes out on a later throw.
    stay_on_30: bool,
    common: Common,
}

/// The start position with `options`.
///
/// # Errors
/// Options not valid for `hj.french`.
pub fn new(options: &Options) -> Result<State, OptionError> {
    let specs = option_specs();
    options.validate(KEY, &specs)?;
    let value = |name: &str| options.value(&specs, &format!("{KEY}.{name}"));
    let simultaneous = value("opening") == "simultaneous";
    // C-9: a first thrower fixed by option is not drawn, so the game starts with his throw.
    // Under FR-1 `simultaneous` nobody throws first, so C-9 has nothing to decide.
    let first = fixed_first_player(KEY, options).filter(|_| !simultaneous);
    Ok(State {
        holes: [0, 0],
        hand: [PIECES, PIECES],
        arrived: [0, 0],
        off: [0, 0],
        to_move: first.unwrap_or(Seat::A),
        phase: if simultaneous {
            Phase::SimultaneousA
        } else if first.is_some() {
            Phase::Opening
        } else {
            Phase::ChooseFirst
        },
        turns: u32::from(first.is_some()),
        lines: LineRules::read(KEY, options, &specs),
        simultaneous,
        bonus_any: value("bonus_fallback") == "any_piece",
        stay_on_30: value("hole_30") == "stay_then_exit_on_any",
        common: Common::read(KEY, options),
    })
}

impl Default for State {
    fn default() -> Self {
        new(&Options::new()).expect("defaults are valid")
    }
}

/// The side a seat plays (NOTATION §1).
pub(crate) const fn side(seat: Seat) -> Side {
    match seat {
        Seat::A => Side::L,
        Seat::B => Side::R,
    }
}

impl State {
    /// A position in the middle of the game, about to throw: `a`, `b` the holes of seat A and B,
    /// `hand` and `off` their pools.
    ///
    /// # Panics
    /// If a hole is outside 1..=29 or a seat does not have five pieces in all.
    pub fn from_holes(a: &[u8], b: &[u8], hand: [u8; 2], off: [u8; 2], to_move: Seat) -> State {
        let set = |v: &[u8]| {
            v.iter().fold(0u32, |s, &n| {
                assert!((1..=29).contains(&n), "hole {n}");
                s | 1 << n
            })
        };
        let holes = [set(a), set(b)];
        for i in 0..2 {
            assert_eq!(holes[i].count_ones() as u8 + hand[i] + off[i], PIECES);
        }
        State {
            holes,
            hand,
            off,
            to_move,
            phase: Phase::Throw,
            turns: 1,
            ..State::default()
        }
    }

    /// The holes of `seat`'s pieces on its side.
    pub fn holes_of(&self, seat: Seat) -> impl Iterator<Item = u8> {
        crate::game::ones(self.holes[seat.index()])
    }

    /// Pieces of `seat` in hand.
    pub fn in_hand(&self, seat: Seat) -> u8 {
        self.hand[seat.index()]
    }

    /// Pieces of `seat` gone out.
    pub fn out(&self, seat: Seat) -> u8 {
        self.off[seat.index()]
    }

    /// The common options (SPEC §1.3): the exact race tables assume fair sticks and compulsory
    /// moves.
    pub fn common(&self) -> &Common {
        &self.common
    }

    /// The seat to move.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Appends the moves of the piece on `p` by `t` (SPEC §6.3 b); says whether its line leads
    /// back to `p` (C-5).
    #[inline]
    fn piece_moves(&self, me: usize, p: u8, t: u8, out: &mut MoveList) -> bool {
        let own = self.holes[me];
        let l = p + t;
        let s = side(self.to_move);
        if l == ARRIVAL {
            // FR-7/FR-8: out at once (or onto 30 under `stay_then_exit_on_any`), once nothing
            // is left in hand.
            if self.hand[me] == 0 {
                out.push(Move::Go {
                    from: Place::Hole(s, p),
                    to: if self.stay_on_30 {
                        Place::Shared
                    } else {
                        Place::Off
                    },
                });
            }
        } else if l < ARRIVAL && own >> l & 1 == 0 {
            // The shortcuts (FR-4 one way by default, `hj.lines`), followed when the far end is
            // free, else the piece stays (FR-5, C-6).
            match self
                .lines
                .follow(p, l, board::line_partner(l), |d| own >> d & 1 == 0)
            {
                Follow::Stop(f) => out.push(Move::Go {
                    from: Place::Hole(s, p),
                    to: Place::Hole(s, f),
                }),
                Follow::Null => return true,
                Follow::Illegal => {}
            }
        }
        false
    }

    /// Appends the moves of any piece for `t` (§6.3 a, b); says whether a null line move exists.
    fn all_moves(&self, me: usize, t: u8, out: &mut MoveList) -> bool {
        if t == 1 && self.hand[me] > 0 && self.holes[me] & 2 == 0 {
            out.push(Move::Go {
                from: Place::Hand,
                to: Place::Hole(side(self.to_move), 1),
            });
        }
        let mut null = false;
        let mut h = self.holes[me];
        while h != 0 {
            let p = h.trailing_zeros() as u8;
            h &= h - 1;
            null |= self.piece_moves(me, p, t, out);
        }
        // FR-7 `stay_then_exit_on_any`: a piece resting on 30 goes out on any throw.
        if self.arrived[me] > 0 {
            out.push(Move::Go {
                from: Place::Shared,
                to: Place::Off,
            });
        }
        null
    }

    fn moves_for(&self, t: Throw, only: u8, out: &mut MoveList) {
        let me = self.to_move.index();
        let t = t.value();
        let mut null = if only != 0 {
            self.piece_moves(me, only, t, out)
        } else {
            self.all_moves(me, t, out)
        };
        // FR-2 `any_piece`: a bonus its own piece cannot use is played like a normal throw.
        // A null line move of that piece counts as a use under C-5 `allowed_as_pass` only.
        if only != 0 && self.bonus_any && out.is_empty() && !(null && self.lines.null_as_pass) {
            null = self.all_moves(me, t, out);
        }
        // C-5 `allowed_as_pass`: the null move may be chosen; it changes nothing, so it is a pass.
        if out.is_empty() || (null && self.lines.null_as_pass) {
            out.push(Move::Pass);
        }
    }

    /// The same position under `options` (for building test and analysis positions).
    ///
    /// # Errors
    /// Options not valid for `hj.french`.
    pub fn with_options(self, options: &Options) -> Result<State, OptionError> {
        let rules = new(options)?;
        Ok(State {
            lines: rules.lines,
            simultaneous: rules.simultaneous,
            bonus_any: rules.bonus_any,
            stay_on_30: rules.stay_on_30,
            common: rules.common,
            ..self
        })
    }

    /// Whether the race is the one SPEC's defaults define (one-way shortcuts, C-5/C-6, FR-2
    /// and FR-7 at their defaults): what exact race tables model. The opening (FR-1) only
    /// decides who starts, so it does not matter here.
    pub fn standard_race(&self) -> bool {
        self.lines == FRENCH_LINES && !self.bonus_any && !self.stay_on_30
    }

    /// Pieces of `seat` resting on hole 30 (only under `hj.french.hole_30=stay_then_exit_on_any`).
    pub fn on_30(&self, seat: Seat) -> u8 {
        self.arrived[seat.index()]
    }

    fn end_turn(&mut self) {
        self.to_move = self.to_move.other();
        self.turns += 1;
        self.phase = if self.common.capped(self.turns) {
            Phase::Over(Outcome::Draw)
        } else {
            Phase::Throw
        };
    }
}

/// The French default lines: one way forward (FR-4), C-5 and C-6 at their defaults.
const FRENCH_LINES: LineRules = LineRules {
    dir: Lines::ForwardOnly,
    ..LineRules::DEFAULT
};

impl Game for State {
    fn rule_set(&self) -> RuleSetId {
        RuleSetId::HjFrench
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::ChooseFirst => Status::Chance { seat: None },
            Phase::Opening | Phase::Throw | Phase::Bonus(_) => Status::Chance {
                seat: Some(self.to_move),
            },
            Phase::SimultaneousA => Status::Chance {
                seat: Some(Seat::A),
            },
            Phase::SimultaneousB(_) => Status::Chance {
                seat: Some(Seat::B),
            },
            Phase::Move(t, _) => Status::Decide {
                seat: self.to_move,
                throw: Some(t),
            },
            Phase::Over(o) => Status::Over(o),
        }
    }

    fn chance_outcomes(&self) -> ChanceList {
        match self.phase {
            Phase::ChooseFirst => seat_outcomes(),
            Phase::Opening
            | Phase::Throw
            | Phase::Bonus(_)
            | Phase::SimultaneousA
            | Phase::SimultaneousB(_) => throw_outcomes(self.common.bias.law()),
            _ => ChanceList::new(),
        }
    }

    fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        if let Phase::Move(t, only) = self.phase {
            self.moves_for(t, only, out);
            self.common.offer_pass(out);
        }
    }

    fn play_chance_unchecked(&mut self, c: Chance) {
        match (self.phase, c) {
            (Phase::ChooseFirst, Chance::Seat(s)) => {
                self.to_move = s;
                self.turns = 1;
                self.phase = Phase::Opening;
            }
            (Phase::Opening, Chance::Throw(t)) => {
                if t.value() == 1 {
                    self.phase = Phase::Move(t, 0);
                } else {
                    // No decision: the sticks pass to the other player (NOTATION §4).
                    self.end_turn();
                    if self.phase == Phase::Throw {
                        self.phase = Phase::Opening;
                    }
                }
            }
            (Phase::SimultaneousA, Chance::Throw(a)) => self.phase = Phase::SimultaneousB(a),
            // FR-1 `simultaneous`: the sheet does not say how; as SB-4's simultaneous opening
            // (the only one SPEC spells out), exactly one 1 decides and he enters; else both
            // throw again.
            (Phase::SimultaneousB(a), Chance::Throw(b)) => {
                self.phase = match (a.value() == 1, b.value() == 1) {
                    (true, false) | (false, true) => {
                        self.to_move = if a.value() == 1 { Seat::A } else { Seat::B };
                        self.turns = 1;
                        Phase::Move(if a.value() == 1 { a } else { b }, 0)
                    }
                    _ => Phase::SimultaneousA,
                };
            }
            (Phase::Bonus(q), Chance::Throw(t)) => self.phase = Phase::Move(t, q),
            (_, Chance::Throw(t)) => self.phase = Phase::Move(t, 0),
            _ => debug_assert!(false, "chance {c} in {:?}", self.phase),
        }
    }

    fn play_unchecked(&mut self, m: Move) {
        let me = self.to_move.index();
        match m {
            Move::Go {
                from: Place::Hand, ..
            } => {
                self.holes[me] |= 2;
                self.hand[me] -= 1;
                // Hole 1 re-throws for the piece just entered (FR-3).
                self.phase = Phase::Bonus(1);
            }
            Move::Go {
                from: Place::Hole(_, p),
                to: Place::Hole(_, f),
            } => {
                self.holes[me] ^= 1 << p | 1 << f;
                if f == 15 || f == 25 {
                    self.phase = Phase::Bonus(f);
                } else {
                    self.end_turn();
                }
            }
            Move::Go {
                from: Place::Hole(_, p),
                to: Place::Shared,
            } => {
                // FR-7 `stay_then_exit_on_any`: the piece stops on 30.
                self.holes[me] &= !(1 << p);
                self.arrived[me] += 1;
                self.end_turn();
            }
            Move::Go {
                from: from @ (Place::Hole(..) | Place::Shared),
                ..
            } => {
                match from {
                    Place::Hole(_, p) => self.holes[me] &= !(1 << p),
                    _ => self.arrived[me] -= 1,
                }
                self.off[me] += 1;
                if self.off[me] == PIECES {
                    self.phase = Phase::Over(Outcome::Win(self.to_move));
                } else {
                    self.end_turn();
                }
            }
            // A lost throw or a lost bonus ends the turn (FR-2, 003 "il passe son tour"). The
            // C-8 jam check is not needed: a player who cannot move with any throw would need his
            // front piece stuck before 30 with pieces in hand and hole 1 taken, and the piece on
            // hole 1 can always step to an empty hole 2..6, so no jam exists (SPEC §6.4).
            _ => {
                self.end_turn();
                // An opening 1 declined (C-2 `false`) leaves nobody entered: the search for a
                // 1 goes on, without decisions (§6.2).
                if self.phase == Phase::Throw && self.hand == [PIECES, PIECES] {
                    self.phase = if self.simultaneous {
                        Phase::SimultaneousA
                    } else {
                        Phase::Opening
                    };
                }
            }
        }
    }

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Chance {
        match self.phase {
            Phase::ChooseFirst => Chance::Seat(crate::game::draw_seat(rng)),
            _ => Chance::Throw(self.common.bias.throw(rng).score()),
        }
    }

    fn turns(&self) -> u32 {
        self.turns
    }

    fn layout(&self) -> [SeatLayout; 2] {
        Seat::BOTH.map(|seat| SeatLayout {
            board: self
                .holes_of(seat)
                .map(|n| board::single_place(side(seat), n))
                .chain(core::iter::repeat_n(
                    Place::Shared,
                    usize::from(self.arrived[seat.index()]),
                ))
                .collect(),
            hand: self.in_hand(seat),
            off: self.out(seat),
            trophies: 0,
        })
    }

    fn board_text(&self) -> String {
        let mut pieces = Vec::new();
        for seat in Seat::BOTH {
            for p in &self.layout()[seat.index()].board {
                pieces.push((*p, seat));
            }
        }
        let legend = format!(
            "* = re-throw (1, 15, 25); shortcuts 6→20, 8→10 one way; in hand A {} B {}; out A {} B {}",
            self.hand[0], self.hand[1], self.off[0], self.off[1]
        );
        board::render(&pieces, &[1, 15, 25], &legend)
    }
}
