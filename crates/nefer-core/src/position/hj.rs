//! The setups of the four Hounds & Jackals rule sets: holes `L1`..`R29`, the shared hole `S`,
//! and the pools `hand`, `off` and (Skiryuk) `captured`.

use super::{
    Check, Counter, FromSetup, Keeps, Mark, PositionError, Problem, Setup, Stage, config_of,
    seat_setup, seats, setup, shared_count, shared_phase, shared_stage,
};
use crate::game::{ByPlayer, Place, Seat};
use crate::hj::board::{SHARED, circuit_index, circuit_place, side, single_index, single_place};
use crate::hj::{french, skiryuk, walker, washburne};
use crate::rules::RuleSetId;
use crate::skeleton::{Clock, Phase};
use crate::sticks::Throw;

/// The pieces every H&J rule set gives a seat.
const PIECES: u8 = 5;

/// What Washburne keeps: the pieces and those knocked off (`hand`).
const HAND: Keeps = Keeps {
    pools: [true, false, false],
    ..Keeps::pieces(PIECES)
};

/// What Walker and the French sheet keep: the pieces, in hand and off.
const HAND_OFF: Keeps = Keeps {
    pools: [true, true, false],
    ..Keeps::pieces(PIECES)
};

/// The path index of each board piece of each seat, by `index` (`None`: not on the seat's
/// path, a problem), with every board place of both seats for the one-piece-a-hole check.
fn indices(c: &mut Check<'_>, index: impl Fn(Seat, Place) -> Option<u8>) -> ByPlayer<Vec<u8>> {
    let mut out = ByPlayer::<Vec<u8>>::default();
    for (seat, st) in c.s.seats.iter() {
        for &p in &st.board {
            match index(seat, p) {
                Some(i) => out[seat].push(i),
                None => c.push(Problem::NotAPlace {
                    seat,
                    item: p.to_string(),
                    rules: c.s.rules,
                }),
            }
        }
    }
    out
}

/// Every board place of both seats.
fn all_places(s: &Setup) -> Vec<Place> {
    s.seats
        .0
        .iter()
        .flat_map(|st| st.board.iter().copied())
        .collect()
}

/// The bits of path indices `v` other than `S` (index 30).
fn bits_of(v: &[u8]) -> u64 {
    v.iter()
        .filter(|&&i| i != SHARED)
        .fold(0, |b, &i| b | 1 << i)
}

/// The board places of `seat`'s pieces at circuit indices `v`.
fn circuit_board(seat: Seat, v: Vec<u8>) -> Vec<Place> {
    v.into_iter()
        .map(|i| circuit_place(side(seat), i))
        .collect()
}

/// The board places of holes `holes` (bit `n`: hole `n`) of `seat`'s own side.
fn own_holes(seat: Seat, holes: u32) -> impl Iterator<Item = Place> {
    crate::game::ones(holes).map(move |n| Place::Hole(side(seat), n))
}

/// The index of `p` on `seat`'s own side, 1..=29, or 30 for `S`.
fn own_index(seat: Seat, p: Place) -> Option<u8> {
    single_index(side(seat), p)
}

impl FromSetup for skiryuk::State {
    fn to_setup(&self) -> Setup {
        use skiryuk::Phase;
        let s = seats(|seat| {
            let mut board: Vec<Place> = own_holes(seat, self.holes[seat]).collect();
            board.extend((0..self.shared[seat]).map(|_| Place::Shared));
            let mut st = seat_setup(board, self.hand[seat], 0);
            st.captured = self.trophies[seat.other()];
            st.loads = self.pending_loads[seat];
            st.owed = self.owed[seat];
            for (k, mark) in [Mark::Crossed15, Mark::Crossed25].into_iter().enumerate() {
                st.marks
                    .extend(own_holes(seat, self.crossed[seat][k]).map(|p| (p, mark)));
            }
            st
        });
        let stage = match self.phase {
            Phase::OpeningA => (Stage::Opening, None),
            Phase::OpeningB(t) => (Stage::Opening, Some(t)),
            Phase::Throw => (Stage::Throw, None),
            Phase::Move(t) => (Stage::Move, Some(t)),
            Phase::Capture => (Stage::Capture, None),
            Phase::Load { bonus } => (Stage::Load { bonus }, None),
            Phase::Bonus => (Stage::Bonus, None),
            Phase::Over(o) => (Stage::Over(o), None),
        };
        let mut setup = setup(
            RuleSetId::HjSkiryuk,
            self.cfg.to_options(),
            s,
            &self.clock,
            stage,
        );
        setup.bonus_taken = self.bonus_taken;
        setup
    }

    fn from_setup(s: &Setup) -> Result<Self, PositionError> {
        use skiryuk::{
            BlockedLoad, Bonus, BonusChain, CaptureTarget, Load, NoTarget, Phase, Retrigger,
        };
        let cfg = config_of(s, skiryuk::Config::from_options)?;
        let keeps = Keeps {
            pools: [true, false, true],
            marks: &[Mark::Crossed15, Mark::Crossed25],
            counters: &[Counter::Loads, Counter::Bonus, Counter::Owed],
            ..Keeps::pieces(PIECES)
        };
        let mut c = Check::new(s, keeps);
        let idx = indices(&mut c, own_index);
        // The sides are apart: only a seat's own pieces can meet on a hole; `S` holds any
        // number.
        for st in &s.seats.0 {
            c.single(&st.board, |p| (p == Place::Shared).then_some(u32::MAX));
        }
        let mut crossed = ByPlayer::both([0u32; 2]);
        for (seat, st) in s.seats.iter() {
            for &(p, m) in &st.marks {
                match own_index(seat, p) {
                    Some(n) if n < SHARED => {
                        crossed[seat][usize::from(m == Mark::Crossed25)] |= 1 << n;
                    }
                    _ => c.push(Problem::NoPiece {
                        seat,
                        place: p,
                        what: "its mark (a piece on a hole of its path)",
                    }),
                }
            }
            c.needs_all([
                (
                    !st.marks.is_empty(),
                    cfg.retrigger == Retrigger::OncePerPiecePerHole,
                    "a mark +15 or +25",
                    "hj.skiryuk.retrigger=once_per_piece_per_hole",
                ),
                (
                    st.loads > 0,
                    cfg.blocked_load == BlockedLoad::Deferred,
                    "a pending load",
                    "hj.skiryuk.blocked_load=deferred",
                ),
                (
                    st.owed > 0,
                    cfg.no_target == NoTarget::DeferredCapture,
                    "a capture owed",
                    "hj.skiryuk.no_target=deferred_capture",
                ),
            ]);
        }
        let one_bonus = cfg.bonus_chain == BonusChain::OnePerTurn;
        c.needs(
            s.bonus_taken,
            one_bonus,
            "bonus=taken",
            "hj.skiryuk.bonus_chain=one_per_turn",
        );
        let captured = s.seats.clone().map(|st| st.captured);
        let won = |seat: Seat| captured[seat.other()] == skiryuk::PIECES;
        c.result(won, won);
        let phase = match s.stage {
            Stage::Opening => {
                c.argument(None, false);
                Some(s.throw.map_or(Phase::OpeningA, Phase::OpeningB))
            }
            Stage::Throw => c.plain(Phase::Throw),
            Stage::Move => c.with_throw(Phase::Move),
            // the mover chooses among two or more of the opponent's path pieces.
            Stage::Capture => {
                c.stage_needs(
                    cfg.capture_target == CaptureTarget::Choice,
                    "hj.skiryuk.capture_target=choice",
                );
                let targets = idx[s.to_move.other()]
                    .iter()
                    .filter(|&&i| i < SHARED)
                    .count();
                c.stage_lacks(targets < 2, "two or more path pieces of the opponent");
                c.plain(Phase::Capture)
            }
            // hole 1 free and a piece in hand, or there is nothing to decide.
            Stage::Load { bonus } => {
                c.stage_needs(cfg.load == Load::Optional, "hj.skiryuk.load=optional");
                let me = &s.seats[s.to_move];
                let hole_1 = single_place(side(s.to_move), 1);
                c.stage_lacks(
                    me.hand == 0 || me.board.contains(&hole_1),
                    "a piece in hand and hole 1 free",
                );
                c.plain(Phase::Load { bonus })
            }
            // take the bonus throw or decline it.
            Stage::Bonus => {
                c.stage_needs(
                    cfg.bonus == Bonus::Declinable,
                    "hj.skiryuk.bonus=declinable",
                );
                c.plain(Phase::Bonus)
            }
            _ => c.over_or_no_stage(Phase::Over),
        };
        let state = skiryuk::State {
            holes: idx.map(|v| bits_of(&v) as u32),
            shared: s.seats.clone().map(|st| shared_count(&st.board)),
            hand: s.seats.clone().map(|st| st.hand),
            trophies: ByPlayer::new(captured[Seat::B], captured[Seat::A]),
            bonus_taken: s.bonus_taken,
            pending_loads: s.seats.clone().map(|st| st.loads),
            crossed,
            owed: s.seats.clone().map(|st| st.owed),
            clock: Clock::new(s.to_move, s.turns),
            phase: phase.unwrap_or(Phase::Throw),
            cfg,
        };
        c.finish(state)
    }
}

impl FromSetup for washburne::State {
    fn to_setup(&self) -> Setup {
        use washburne::Phase;
        let me = self.clock.to_move;
        let s = seats(|seat| {
            seat_setup(
                circuit_board(seat, self.indices_of(seat)),
                self.knocked[seat],
                0,
            )
        });
        let (stage, throw, piece) = match self.phase {
            Phase::Throw => (Stage::Throw, None, None),
            Phase::Move(t) => (Stage::Move, Some(t), None),
            Phase::Dice(d) => (Stage::Dice(d), None, None),
            Phase::Second(second) => (
                Stage::Second,
                Throw::new(second.value()),
                (second.moved() != 0).then(|| circuit_place(side(me), second.moved())),
            ),
            Phase::Over(o) => (Stage::Over(o), None, None),
        };
        let mut setup = setup(
            RuleSetId::HjWashburne,
            self.cfg.to_options(),
            s,
            &self.clock,
            (stage, throw),
        );
        setup.piece = piece;
        setup.earned = self.bonus_throws;
        setup
    }

    fn from_setup(s: &Setup) -> Result<Self, PositionError> {
        use crate::options::Dice;
        use washburne::{BlockedHomeLoss, GOAL, Orange, Phase, SecondDie, SharedHole};
        let cfg = config_of(s, washburne::Config::from_options)?;
        let keeps = Keeps {
            counters: &[Counter::Earned],
            ..HAND
        };
        let mut c = Check::new(s, keeps);
        let idx = indices(&mut c, |seat, p| circuit_index(side(seat), p));
        // The circuit: both seats on every hole; `S` holds one piece, or any number of both
        // seats under WA-13 `safe_unlimited`.
        let open = cfg.shared_hole == SharedHole::SafeUnlimited;
        c.single(&all_places(s), |p| {
            (open && p == Place::Shared).then_some(u32::MAX)
        });
        // a game throws the sticks or two d4, never both.
        let dice = cfg.common.dice == Dice::TwoD4;
        let (sticks_only, dice_only) = ("hj.washburne.dice=sticks", "hj.washburne.dice=two_d4");
        c.needs_all([
            (s.earned > 0, dice, "earned throws (earned=)", dice_only),
            (
                s.earned > 0,
                cfg.orange == Orange::BonusThrow,
                "earned throws (earned=)",
                "hj.washburne.orange=bonus_throw",
            ),
        ]);
        let phase = match s.stage {
            Stage::Move => {
                c.stage_needs(!dice, sticks_only);
                c.with_throw(Phase::Move)
            }
            Stage::Dice(d) => {
                c.stage_needs(dice, dice_only);
                c.plain(Phase::Dice(d))
            }
            // The die left, and unless WA-18 lets both dice move one piece, the piece the
            // first moved, which the seat to move has there.
            Stage::Second => {
                c.stage_needs(dice, dice_only);
                c.argument(Some(true), !cfg.d4_same_piece);
                if let Some(p) = s.piece {
                    c.piece_on(p, "the first die's move");
                }
                let die = s.throw.filter(|t| t.value() <= 4);
                c.stage_lacks(s.throw.is_some() && die.is_none(), "a die's value, 1..4");
                let moved = s.piece.and_then(|p| circuit_index(side(s.to_move), p));
                c.stage_lacks(
                    !cfg.d4_same_piece && moved.is_none(),
                    "the piece the first die moved (second:T:PLACE)",
                );
                die.map(|t| Phase::Second(SecondDie::new(t.value(), moved.unwrap_or(0))))
            }
            Stage::Throw => c.plain(Phase::Throw),
            _ => c.over_or_no_stage(Phase::Over),
        };
        let on_s = s.seats.clone().map(|st| shared_count(&st.board));
        let state = washburne::State {
            bits: idx.map(|v| bits_of(&v) | u64::from(v.contains(&SHARED)) << SHARED),
            knocked: s.seats.clone().map(|st| st.hand),
            extra_on_s: on_s.map(|n| n.saturating_sub(1)),
            bonus_throws: s.earned,
            clock: Clock::new(s.to_move, s.turns),
            phase: phase.unwrap_or(Phase::Throw),
            cfg,
        };
        // A win: all five in the opponent's home box (000-WA§9), or the opponent's piece
        // knocked off while his home box is full (000-WA§15.7), at once unless WA-11 waits for
        // his failed re-entry.
        let goal = |seat: Seat| state.bits[seat] & GOAL == GOAL;
        let at_once = cfg.blocked_home_loss == BlockedHomeLoss::Immediate;
        c.result(
            |seat| goal(seat) || (at_once && state.home_blocked(seat.other())),
            |seat| goal(seat) || state.home_blocked(seat.other()),
        );
        c.finish(state)
    }
}

impl FromSetup for walker::State {
    fn to_setup(&self) -> Setup {
        let s = seats(|seat| {
            let board = circuit_board(seat, self.indices_of(seat));
            seat_setup(board, self.hand[seat], self.off[seat])
        });
        let options = self.cfg.to_options();
        setup(
            RuleSetId::HjWalker,
            options,
            s,
            &self.clock,
            shared_stage(self.phase),
        )
    }

    fn from_setup(s: &Setup) -> Result<Self, PositionError> {
        use walker::Shared30;
        let cfg = config_of(s, walker::Config::from_options)?;
        let mut c = Check::new(s, HAND_OFF);
        // The basic game runs up the own side to `S`; the variation round the circuit.
        let idx = indices(&mut c, |seat, p| {
            if cfg.variation {
                circuit_index(side(seat), p)
            } else {
                own_index(seat, p)
            }
        });
        // WB-3: `S` holds any number of both seats, or one piece under `single`.
        let open = cfg.shared_30 == Shared30::Unlimited;
        c.single(&all_places(s), |p| {
            (open && p == Place::Shared).then_some(u32::MAX)
        });
        let phase = match s.stage {
            Stage::First => {
                c.stage_needs(
                    cfg.first_player.fixed().is_none(),
                    "hj.walker.first_player=random",
                );
                c.plain(Phase::ChooseFirst)
            }
            _ => shared_phase(&mut c),
        };
        let off = s.seats.clone().map(|st| st.off);
        let won = |seat: Seat| off[seat] == walker::PIECES;
        c.result(won, won);
        let state = walker::State {
            bits: idx.map(|v| bits_of(&v)),
            shared: s.seats.clone().map(|st| shared_count(&st.board)),
            hand: s.seats.clone().map(|st| st.hand),
            off,
            clock: Clock::new(s.to_move, s.turns),
            phase: phase.unwrap_or(Phase::Throw),
            cfg,
        };
        c.finish(state)
    }
}

impl FromSetup for french::State {
    fn to_setup(&self) -> Setup {
        use french::Phase;
        let me = self.clock.to_move;
        let s = seats(|seat| {
            let mut board: Vec<Place> = own_holes(seat, self.holes[seat]).collect();
            board.extend((0..self.arrived[seat]).map(|_| Place::Shared));
            seat_setup(board, self.hand[seat], self.off[seat])
        });
        let hole = |q: u8| (q != 0).then(|| single_place(side(me), q));
        let (stage, throw, piece) = match self.phase {
            Phase::ChooseFirst => (Stage::First, None, None),
            Phase::Opening => (Stage::Opening, None, None),
            Phase::Throw => (Stage::Throw, None, None),
            Phase::Bonus(q) => (Stage::Bonus, None, hole(q)),
            Phase::Move(t, q) => (Stage::Move, Some(t), hole(q)),
            Phase::SimultaneousA => (Stage::Simultaneous, None, None),
            Phase::SimultaneousB(t) => (Stage::Simultaneous, Some(t), None),
            Phase::Over(o) => (Stage::Over(o), None, None),
        };
        let mut setup = setup(
            RuleSetId::HjFrench,
            self.cfg.to_options(),
            s,
            &self.clock,
            (stage, throw),
        );
        setup.piece = piece;
        setup
    }

    fn from_setup(s: &Setup) -> Result<Self, PositionError> {
        use crate::options::OpeningThrows;
        use french::{Hole30, Phase};
        let cfg = config_of(s, french::Config::from_options)?;
        let mut c = Check::new(s, HAND_OFF);
        let idx = indices(&mut c, own_index);
        // The sides are apart; pieces resting on hole 30 (FR-7 `stay_then_exit_on_any`) share
        // it.
        for st in &s.seats.0 {
            c.single(&st.board, |p| (p == Place::Shared).then_some(u32::MAX));
        }
        let arrived = s.seats.clone().map(|st| shared_count(&st.board));
        c.needs(
            arrived.0.iter().any(|&n| n > 0),
            cfg.hole_30 == Hole30::StayThenExitOnAny,
            "a piece resting on S (hole 30)",
            "hj.french.hole_30=stay_then_exit_on_any",
        );

        let alternate = cfg.opening == OpeningThrows::Alternate;
        // The hole of the piece a bonus throw belongs to, which the seat to move has there.
        let me = s.to_move;
        let bonus_hole = |c: &mut Check<'_>| -> u8 {
            match s.piece {
                Some(p) => {
                    c.piece_on(p, "its bonus throw");
                    own_index(me, p).filter(|&q| q < SHARED).unwrap_or(0)
                }
                None => 0,
            }
        };
        let phase = match s.stage {
            Stage::First => {
                c.stage_needs(
                    cfg.first_player.fixed().is_none() && alternate,
                    "hj.french.first_player=random (with opening=alternate)",
                );
                c.plain(Phase::ChooseFirst)
            }
            Stage::Opening => {
                c.stage_needs(alternate, "hj.french.opening=alternate");
                c.plain(Phase::Opening)
            }
            Stage::Simultaneous => {
                c.stage_needs(!alternate, "hj.french.opening=simultaneous");
                c.argument(None, false);
                Some(s.throw.map_or(Phase::SimultaneousA, Phase::SimultaneousB))
            }
            Stage::Throw => c.plain(Phase::Throw),
            Stage::Bonus => {
                c.argument(Some(false), true);
                if s.piece.is_none() {
                    c.push(Problem::MissingPiece { stage: s.stage });
                }
                Some(Phase::Bonus(bonus_hole(&mut c)))
            }
            Stage::Move => {
                c.argument(Some(true), true);
                let q = bonus_hole(&mut c);
                s.throw.map(|t| Phase::Move(t, q))
            }
            _ => c.over_or_no_stage(Phase::Over),
        };
        let off = s.seats.clone().map(|st| st.off);
        let won = |seat: Seat| off[seat] == french::PIECES;
        c.result(won, won);
        let state = french::State {
            holes: idx.map(|v| bits_of(&v) as u32),
            hand: s.seats.clone().map(|st| st.hand),
            arrived,
            off,
            clock: Clock::new(s.to_move, s.turns),
            phase: phase.unwrap_or(Phase::Throw),
            cfg,
        };
        c.finish(state)
    }
}
