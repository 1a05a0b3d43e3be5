//! `hj.french`: *Chien et Chacal*, the French rule sheet (seed 003, SPEC §6).
//!
//! Each player races five pieces along his own side, `X1..X29`, and takes them out on an exact
//! throw to hole 30. Entering needs a 1; holes 1, 15 and 25 give a bonus throw for the same
//! piece; 6 and 8 are one-way shortcuts to 20 and 10. The players never meet.

use super::board::{self, Follow, LineRules, Lines, NullLineMove, side};
use crate::game::{
    ByPlayer, Chance, Move, MoveList, Outcome, Place, Rank, Seat, SeatLayout, Status,
};
use crate::options::{FirstPlayer, OpeningThrows, OptionSpec, Registry, config, option_values};
use crate::rules::RuleInfo;
use crate::skeleton::{Clock, Moves, Rules, Turns, rule_set, seat_counts, state};
use crate::sticks::Throw;

rule_set!(HjFrench; board: hj(&RETHROW, ["in hand", "out", ""]));

/// Pieces per player (003 "5 pions").
pub const PIECES: u8 = 5;
/// The arrival: reaching it by an exact throw takes the piece out (FR-7).
const ARRIVAL: u8 = 30;
/// The holes that give the piece stopping there a bonus throw ("rejoue", FR-3): 1, where every
/// piece enters, then 15 and 25.
pub(crate) const RETHROW: [u8; 3] = [1, 15, 25];

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
    Registry::new(KEY, FirstPlayer::VALUES)
        .with(LineRules::specs(
            KEY,
            &["forward_only", "both", "backward_only"],
            (
                "FR-4",
                "direction of the shortcuts (French default: forward only)",
            ),
            ("C-6", "a shortcut whose far end is taken"),
        ))
        .own(
            "opening",
            OpeningThrows::VALUES,
            "FR-1",
            "how the players throw for the first 1",
        )
        .own(
            "bonus_fallback",
            BonusFallback::VALUES,
            "FR-2",
            "a bonus the piece that earned it cannot use",
        )
        .own(
            "hole_30",
            Hole30::VALUES,
            "FR-7",
            "what reaching hole 30 does",
        )
        .done()
}

option_values! {
    /// FR-2: a bonus throw the piece that earned it cannot use.
    pub enum BonusFallback {
        /// It is lost.
        Lost = "lost",
        /// It is played like a normal throw, by any piece.
        AnyPiece = "any_piece",
    }
}

option_values! {
    /// FR-7: what reaching hole 30 by an exact throw does.
    pub enum Hole30 {
        /// The piece goes out at once.
        ExitImmediately = "exit_immediately",
        /// The piece stops on 30 and goes out on a later throw, any throw.
        StayThenExitOnAny = "stay_then_exit_on_any",
    }
}

config! {
    /// The rules of a `hj.french` game, read once from its options: they never change
    /// during the game.
    pub struct Config {
        /// C-9: who throws first (not drawn when fixed).
        first_player: FirstPlayer,
        /// FR-4, FR-5 (C-6), C-5.
        lines: LineRules,
        /// FR-1: how the players throw for the first 1.
        opening: OpeningThrows,
        /// FR-2.
        bonus_fallback: BonusFallback,
        /// FR-7.
        hole_30: Hole30,
    }
}

/// Where the game stands.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub(crate) enum Phase {
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

state! {
    /// A `hj.french` position, with the game's [`Config`].
    pub struct State {
        /// Holes 1..=29 of each seat's own side (bit n = hole n).
        holes: ByPlayer<u32>,
        hand: ByPlayer<u8>,
        /// Pieces resting on hole 30 (only under FR-7 `hole_30=stay_then_exit_on_any`).
        arrived: ByPlayer<u8>,
        off: ByPlayer<u8>,
    }
}

seat_counts! {
    /// Pieces of `seat` in hand.
    in_hand => hand,
    /// Pieces of `seat` gone out.
    out => off,
    /// Pieces of `seat` resting on hole 30 (only under `hj.french.hole_30=stay_then_exit_on_any`).
    on_30 => arrived,
}

impl State {
    /// The start position under `cfg`: every piece in hand, the first thrower drawn or fixed (C-9), or the simultaneous throws of FR-1.
    pub fn start(cfg: Config) -> State {
        let simultaneous = cfg.opening == OpeningThrows::Simultaneous;
        // C-9: a first thrower fixed by option is not drawn, so the game starts with his throw.
        // Under FR-1 `simultaneous` nobody throws first, so C-9 has nothing to decide.
        let first = cfg.first_player.fixed().filter(|_| !simultaneous);
        State {
            holes: ByPlayer::both(0),
            hand: ByPlayer::both(PIECES),
            arrived: ByPlayer::both(0),
            off: ByPlayer::both(0),
            clock: Clock::new(first.unwrap_or(Seat::A), u32::from(first.is_some())),
            phase: if simultaneous {
                Phase::SimultaneousA
            } else if first.is_some() {
                Phase::Opening
            } else {
                Phase::ChooseFirst
            },
            cfg,
        }
    }

    /// The holes of `seat`'s pieces on its side.
    pub fn holes_of(&self, seat: Seat) -> impl Iterator<Item = u8> {
        crate::game::ones(self.holes[seat])
    }

    /// Whether the race is the one SPEC's defaults define (one-way shortcuts, C-5/C-6, FR-2
    /// and FR-7 at their defaults): what exact race tables model. The opening (FR-1) only
    /// decides who starts, so it does not matter here.
    pub fn standard_race(&self) -> bool {
        self.cfg.lines == FRENCH_LINES
            && self.cfg.bonus_fallback == BonusFallback::Lost
            && self.cfg.hole_30 == Hole30::ExitImmediately
    }

    /// The text board's legend, before the counts (see `rule_set!`'s `board: hj`).
    fn legend(&self) -> String {
        "* = re-throw (1, 15, 25); shortcuts 6→20, 8→10 one way".to_owned()
    }

    /// Where `seat`'s pieces are (see [`Game::layout`](crate::Game::layout)).
    fn seat_layout(&self, seat: Seat) -> SeatLayout {
        SeatLayout {
            board: self
                .holes_of(seat)
                .map(|n| board::single_place(side(seat), n))
                .chain(core::iter::repeat_n(
                    Place::Shared,
                    usize::from(self.arrived[seat]),
                ))
                .collect(),
            hand: self.hand[seat],
            off: self.off[seat],
            trophies: 0,
        }
    }

    /// Appends the moves of `me`'s piece on `p` by `t` (SPEC §6.3 b); says whether its line
    /// leads back to `p` (C-5).
    #[inline]
    fn piece_moves(&self, me: Seat, p: u8, t: u8, out: &mut MoveList) -> bool {
        match self.piece_move(me, p, t) {
            Follow::Stop(f) => out.push(self.piece_to(me, p, f)),
            Follow::Null => return true,
            Follow::Illegal => {}
        }
        false
    }

    /// Whether `me`'s piece on `p` has a move by `t` (SPEC §6.3 b): [`Follow::Stop`] at the
    /// index it ends on ([`State::piece_to`]), [`Follow::Null`] where its line leads back to
    /// `p` (C-5), [`Follow::Illegal`] where it has none.
    #[inline(always)]
    fn piece_move(&self, me: Seat, p: u8, t: u8) -> Follow {
        let own = self.holes[me];
        let l = p + t;
        if l == ARRIVAL {
            // FR-7/FR-8: out at once (or onto 30 under `stay_then_exit_on_any`), once nothing
            // is left in hand.
            if self.hand[me] == 0 {
                return Follow::Stop(ARRIVAL);
            }
        } else if l < ARRIVAL && own >> l & 1 == 0 {
            // The shortcuts (FR-4 one way by default, `hj.lines`), followed when the far end is
            // free, else the piece stays (FR-5, C-6).
            return self
                .cfg
                .lines
                .follow(p, l, board::line_partner(l), |d| own >> d & 1 == 0);
        }
        Follow::Illegal
    }

    /// The move of `me`'s piece on `p` by `t`, where [`State::piece_move`] stops.
    #[inline(always)]
    fn piece_target(&self, me: Seat, p: u8, t: u8) -> Move {
        match self.piece_move(me, p, t) {
            Follow::Stop(f) => self.piece_to(me, p, f),
            _ => {
                debug_assert!(false, "hole {p} has no move by {t}");
                Move::Pass
            }
        }
    }

    /// The move of `me`'s piece on `p` to index `f`, where [`State::piece_move`] stops it (30:
    /// the arrival, FR-7).
    #[inline(always)]
    fn piece_to(&self, me: Seat, p: u8, f: u8) -> Move {
        let s = side(me);
        Move::Go {
            from: Place::Hole(s, p),
            to: if f == ARRIVAL {
                match self.cfg.hole_30 {
                    Hole30::ExitImmediately => Place::Off,
                    Hole30::StayThenExitOnAny => Place::Shared,
                }
            } else {
                Place::Hole(s, f)
            },
        }
    }

    /// The pieces of `me` that have a move by `t` with the French lines (one way forward,
    /// `blocked_line=stay`: the near end is always a stop) and nothing else, as holes: those
    /// whose count lands on a free hole before 30, and those it takes exactly to 30 once the
    /// hand is empty. What [`State::piece_move`] says piece by piece, found for all at once.
    #[inline(always)]
    fn movable(&self, me: Seat, t: u8) -> u32 {
        debug_assert!(self.cfg.lines == FRENCH_LINES);
        let own = self.holes[me];
        let free = !own & ((1 << ARRIVAL) - 2);
        let exits = if self.hand[me] == 0 {
            own & 1 << (ARRIVAL - t)
        } else {
            0
        };
        own & free >> t | exits
    }

    /// Appends the moves of any of `me`'s pieces for `t` (§6.3 a, b), in the order of their
    /// notations (NOTATION §6; see [`board::NOTATION_GROUPS`]): the holes of the mover's side,
    /// then `S`, then `hand`. Says whether a null line move exists.
    fn all_moves(&self, me: Seat, t: u8, out: &mut MoveList) -> bool {
        let mut null = false;
        let mut walk = |mut h: u32| {
            while h != 0 {
                let p = h.trailing_zeros() as u8;
                h &= h - 1;
                null |= self.piece_moves(me, p, t, out);
            }
        };
        let holes = self.holes[me];
        if holes & board::HOLES_1_TO_3 == 0 {
            for g in board::NOTATION_GROUPS_FROM_4 {
                walk(holes & g);
            }
        } else {
            for g in board::NOTATION_GROUPS {
                walk(holes & g);
            }
        }
        // FR-7 `stay_then_exit_on_any`: a piece resting on 30 goes out on any throw.
        if self.arrived[me] > 0 {
            out.push(Move::Go {
                from: Place::Shared,
                to: Place::Off,
            });
        }
        if t == 1 && self.hand[me] > 0 && self.holes[me] & 2 == 0 {
            out.push(Move::Go {
                from: Place::Hand,
                to: Place::Hole(side(me), 1),
            });
        }
        null
    }

    fn moves_for(&self, t: Throw, only: u8, out: &mut MoveList) {
        let me = self.clock.to_move;
        let t = t.value();
        let lines = self.cfg.lines;
        let mut null = if only != 0 {
            self.piece_moves(me, only, t, out)
        } else {
            self.all_moves(me, t, out)
        };
        // FR-2 `any_piece`: a bonus its own piece cannot use is played like a normal throw.
        // A null line move of that piece counts as a use under C-5 `allowed_as_pass` only.
        if only != 0
            && self.cfg.bonus_fallback == BonusFallback::AnyPiece
            && out.is_empty()
            && !(null && lines.null_line_move == NullLineMove::AllowedAsPass)
        {
            null = self.all_moves(me, t, out);
        }
        lines.finish(null, out);
    }

    fn end_turn(&mut self) {
        let over = self.clock.pass(&self.cfg.common);
        self.phase = over.map_or(Phase::Throw, Phase::Over);
    }
}

/// The French default lines: one way forward (FR-4), C-5 and C-6 at their defaults.
const FRENCH_LINES: LineRules = LineRules {
    dir: Lines::ForwardOnly,
    ..LineRules::DEFAULT
};

impl Turns for State {
    #[inline]
    fn status(&self) -> Status {
        let seat = self.clock.to_move;
        match self.phase {
            Phase::ChooseFirst => Status::Chance { seat: None },
            Phase::Opening | Phase::Throw | Phase::Bonus(_) => Status::Chance { seat: Some(seat) },
            Phase::SimultaneousA => Status::Chance {
                seat: Some(Seat::A),
            },
            Phase::SimultaneousB(_) => Status::Chance {
                seat: Some(Seat::B),
            },
            Phase::Move(t, _) => Status::Decide {
                seat,
                throw: Some(t),
            },
            Phase::Over(o) => Status::Over(o),
        }
    }

    #[inline]
    fn play_chance_unchecked(&mut self, c: Chance) {
        match (self.phase, c) {
            (Phase::ChooseFirst, Chance::Seat(s)) => {
                self.clock.begin(s);
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
                        let (seat, one) = if a.value() == 1 {
                            (Seat::A, a)
                        } else {
                            (Seat::B, b)
                        };
                        self.clock.begin(seat);
                        Phase::Move(one, 0)
                    }
                    _ => Phase::SimultaneousA,
                };
            }
            (Phase::Bonus(q), Chance::Throw(t)) => self.phase = Phase::Move(t, q),
            (_, Chance::Throw(t)) => self.phase = Phase::Move(t, 0),
            _ => debug_assert!(false, "chance {c} in {:?}", self.phase),
        }
    }
}

impl Moves for State {
    // Holes walked by `board::NOTATION_GROUPS`, then `S` and `hand`; `pass` sorts after them.
    const NOTATION_ORDER: bool = true;

    #[inline]
    fn decision_moves(&self, out: &mut MoveList) -> bool {
        let Phase::Move(t, only) = self.phase else {
            return false;
        };
        self.moves_for(t, only, out);
        true
    }

    #[inline(always)]
    fn ranked_move<R: ?Sized>(&self, rng: &mut R, rank: impl Rank<R>) -> Option<Move> {
        // With the French lines no line leads back, so there is no null move: `pass` only
        // when nothing moves (C-5).
        let Phase::Move(t, only) = self.phase else {
            return None;
        };
        if self.cfg.lines != FRENCH_LINES {
            return None;
        }
        let (me, t) = (self.clock.to_move, t.value());
        let movable = self.movable(me, t);
        // The moves in notation order: the holes' (`all_moves`), then `S-off`, then the entry.
        let (holes, shared, entry) = if only == 0 {
            (
                board::notation_ranked(movable),
                self.arrived[me] > 0,
                t == 1 && self.hand[me] > 0 && self.holes[me] & 2 == 0,
            )
        } else if movable >> only & 1 != 0 || self.cfg.bonus_fallback == BonusFallback::Lost {
            // A bonus: the move of the piece that earned it (`piece_moves`), or `pass` where
            // it has none and FR-2 loses the bonus.
            (board::notation_ranked(movable & 1 << only), false, false)
        } else {
            // FR-2 `any_piece`, the piece having no move: the bonus is a normal throw.
            return None;
        };
        let holes = crate::game::Ones::new(holes);
        let on_holes = holes.len();
        let pieces = on_holes + usize::from(shared) + usize::from(entry);
        // With no move, `pass` is the only one (C-5); C-2 may offer it beside the moves.
        let n = pieces + usize::from(pieces == 0 || self.cfg.common.offers_pass(|| false));
        let mut k = rank(rng, n);
        if k < on_holes {
            let p = holes.nth_of(k, &board::NOTATION_SELECT);
            return Some(self.piece_target(me, p, t));
        }
        k -= on_holes;
        if shared {
            if k == 0 {
                return Some(Move::Go {
                    from: Place::Shared,
                    to: Place::Off,
                });
            }
            k -= 1;
        }
        Some(if entry && k == 0 {
            Move::Go {
                from: Place::Hand,
                to: Place::Hole(side(me), 1),
            }
        } else {
            Move::Pass
        })
    }
}

impl Rules for State {
    #[inline]
    fn play_unchecked(&mut self, m: Move) {
        let me = self.clock.to_move;
        match m {
            Move::Go {
                from: Place::Hand, ..
            } => {
                self.holes[me] |= 2;
                self.hand[me] -= 1;
                // Hole 1 re-throws for the piece just entered (FR-3).
                self.phase = Phase::Bonus(RETHROW[0]);
            }
            Move::Go {
                from: Place::Hole(_, p),
                to: Place::Hole(_, f),
            } => {
                self.holes[me] ^= 1 << p | 1 << f;
                if f == RETHROW[1] || f == RETHROW[2] {
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
                    self.phase = Phase::Over(Outcome::Win(me));
                } else {
                    self.end_turn();
                }
            }
            // A lost throw or a lost bonus ends the turn (FR-2, 003 "il passe son tour"). The
            // C-8 jam check is not needed: a player who cannot move with any throw would need his
            // front piece stuck before 30 with pieces in hand and hole 1 taken, and the piece on
            // hole 1 can always step to an empty hole 2..6, so no jam exists (SPEC §6.4).
            _ => {
                // An opening 1 declined (C-2 `false`) leaves nobody entered: the search for a
                // 1 goes on, without decisions (§6.2). In the alternate search each throw is a
                // turn; in the simultaneous one the declined 1 is none and the search's throws
                // are no turns either, so the count goes back to 0.
                let searching = self.hand == ByPlayer::both(PIECES);
                if searching && self.cfg.opening == OpeningThrows::Simultaneous {
                    self.clock.turns = 0;
                    self.phase = Phase::SimultaneousA;
                    return;
                }
                self.end_turn();
                if searching && self.phase == Phase::Throw {
                    self.phase = Phase::Opening;
                }
            }
        }
    }
}
