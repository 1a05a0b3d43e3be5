//! The setups of the two Senets: squares `1`..`30` and the pieces borne off (`off`).

use super::{
    Check, Counter, FromSetup, Keeps, Mark, PositionError, Problem, Setup, Stage, config_of,
    seat_setup, seats, setup, shared_phase, shared_stage,
};
use crate::game::{ByPlayer, Place, Seat};
use crate::rules::RuleSetId;
use crate::senet::board::{Squares, WATERS, bit, squares};
use crate::senet::{kendall, school};
use crate::skeleton::{Clock, Phase};

/// Both seats' squares and pieces borne off, as a setup's seats.
fn senet_seats(men: &ByPlayer<Squares>, off: &ByPlayer<u8>) -> crate::ByPlayer<super::SeatSetup> {
    seats(|s| seat_setup(squares(men[s]).map(Place::Square).collect(), 0, off[s]))
}

/// What a Senet keeps: `pieces` a seat, on the board or borne off.
const fn senet_keeps(pieces: u8) -> Keeps {
    Keeps {
        pools: [false, true, false],
        ..Keeps::pieces(pieces)
    }
}

/// The squares and the pieces borne off of a Senet setup, checked: squares only, one piece a
/// square; and who has won (all `pieces` borne off).
fn senet_men(c: &mut Check<'_>, pieces: u8) -> (ByPlayer<Squares>, ByPlayer<u8>) {
    let mut men = ByPlayer::both(0);
    let mut all = Vec::new();
    for (seat, st) in c.s.seats.iter() {
        for &p in &st.board {
            match p {
                Place::Square(n) => men[seat] |= bit(n),
                _ => c.push(Problem::NotAPlace {
                    seat,
                    item: p.to_string(),
                    rules: c.s.rules,
                }),
            }
            all.push(p);
        }
    }
    c.single(&all, |_| None);
    let off = c.s.seats.clone().map(|st| st.off);
    let won = |seat: Seat| off[seat] >= pieces;
    c.result(won, won);
    (men, off)
}

/// The seat to move has a piece in the Waters (27), which `what` needs.
fn in_waters(c: &mut Check<'_>, what: &'static str) {
    c.piece_on(Place::Square(WATERS), what);
}

impl FromSetup for kendall::State {
    fn to_setup(&self) -> Setup {
        use kendall::Phase;
        let mut seats = senet_seats(&self.men, &self.off);
        for seat in Seat::BOTH {
            if self.reborn[seat] != 0 {
                seats[seat]
                    .marks
                    .push((Place::Square(self.reborn[seat]), Mark::Reborn));
            }
            seats[seat].skip = self.skip[seat];
        }
        let (stage, throw) = match self.phase {
            Phase::Throw => (Stage::Throw, None),
            Phase::Move(t) => (Stage::Move, Some(t)),
            Phase::WaterChoice => (Stage::Water, None),
            Phase::WaterThrow => (Stage::WaterThrow, None),
            Phase::WaterResult(t) => (Stage::Water, Some(t)),
            Phase::Opening => (Stage::Opening, None),
            Phase::Spend => (Stage::Spend, None),
            Phase::Over(o) => (Stage::Over(o), None),
        };
        let mut setup = setup(
            RuleSetId::SenetKendall,
            self.cfg.to_options(),
            seats,
            &self.clock,
            (stage, throw),
        );
        setup.collected = self.collected();
        setup
    }

    fn from_setup(s: &Setup) -> Result<Self, PositionError> {
        use kendall::{GiveUpCost, Opening, Phase, ThrowMode};
        let cfg = config_of(s, kendall::Config::from_options)?;
        let pieces = cfg.family.pieces();
        let keeps = Keeps {
            marks: &[Mark::Reborn],
            counters: &[Counter::Skip, Counter::Collected],
            ..senet_keeps(pieces)
        };
        let mut c = Check::new(s, keeps);
        let (men, off) = senet_men(&mut c, pieces);
        let mut reborn = ByPlayer::both(0);
        for (seat, st) in s.seats.iter() {
            for &(p, _) in &st.marks {
                if let Place::Square(n) = p {
                    if reborn[seat] != 0 {
                        c.push(Problem::NotInRules {
                            rules: s.rules,
                            what: format!("second reborn piece of seat {seat}"),
                        });
                    }
                    reborn[seat] = n;
                }
            }
            c.needs_all([
                (
                    reborn[seat] != 0,
                    cfg.rebirth_must_move,
                    "the mark +reborn",
                    "senet.kendall.rebirth_must_move=true",
                ),
                (
                    st.skip,
                    cfg.give_up_cost == GiveUpCost::ThisAndNextTurn,
                    "a lost turn (skip)",
                    "senet.kendall.give_up_cost=this_and_next_turn",
                ),
            ]);
        }
        // the values collected, counted by value.
        let accumulate = cfg.throw_mode == ThrowMode::Accumulate;
        c.needs(
            !s.collected.is_empty(),
            accumulate,
            "collected values (collected=)",
            "senet.kendall.throw_mode=accumulate",
        );
        let mut pool = [0u8; 5];
        for t in &s.collected {
            let n = &mut pool[usize::from(t.value() - 1)];
            *n = n.saturating_add(1);
        }
        let phase = match s.stage {
            Stage::Opening => {
                c.stage_needs(
                    cfg.opening == Opening::FirstToThrowOne,
                    "senet.kendall.opening=first_to_throw_one",
                );
                c.plain(Phase::Opening)
            }
            Stage::Throw => c.plain(Phase::Throw),
            Stage::Move => c.with_throw(Phase::Move),
            Stage::Spend => {
                c.stage_needs(accumulate, "senet.kendall.throw_mode=accumulate");
                c.stage_lacks(
                    s.collected.is_empty(),
                    "values collected to spend (collected=)",
                );
                c.plain(Phase::Spend)
            }
            Stage::Water => {
                in_waters(&mut c, "its water turn");
                c.argument(None, false);
                match s.throw {
                    Some(t) => {
                        // The try's result is a decision of its own only where the try is a
                        // throw of its own (KE-16 `true`).
                        c.needs(
                            true,
                            cfg.water_freezes,
                            "the result of a try for a 4 (water:T)",
                            "senet.kendall.water_freezes=true",
                        );
                        Some(Phase::WaterResult(t))
                    }
                    None => Some(Phase::WaterChoice),
                }
            }
            Stage::WaterThrow => {
                in_waters(&mut c, "its try for a 4");
                c.stage_needs(cfg.water_freezes, "senet.kendall.water_freezes=true");
                c.plain(Phase::WaterThrow)
            }
            _ => c.over_or_no_stage(Phase::Over),
        };
        let state = kendall::State {
            men,
            off,
            skip: s.seats.clone().map(|st| st.skip),
            reborn,
            pool,
            clock: Clock::new(s.to_move, s.turns),
            phase: phase.unwrap_or(Phase::Throw),
            cfg,
        };
        c.finish(state)
    }
}

impl FromSetup for school::State {
    fn to_setup(&self) -> Setup {
        let seats = senet_seats(&self.men, &self.off);
        let stage = shared_stage(self.phase);
        setup(
            RuleSetId::SenetSchool,
            self.cfg.to_options(),
            seats,
            &self.clock,
            stage,
        )
    }

    fn from_setup(s: &Setup) -> Result<Self, PositionError> {
        let cfg = config_of(s, school::Config::from_options)?;
        let mut c = Check::new(s, senet_keeps(cfg.family.pieces()));
        let (men, off) = senet_men(&mut c, cfg.family.pieces());
        let phase = match s.stage {
            Stage::Water => {
                // SB-18: the give-up is offered before the throw.
                in_waters(&mut c, "its water turn");
                c.stage_needs(cfg.water_give_up, "senet.school.water_give_up=true");
                c.plain(Phase::Choose)
            }
            _ => shared_phase(&mut c),
        };
        let state = school::State {
            men,
            off,
            clock: Clock::new(s.to_move, s.turns),
            phase: phase.unwrap_or(Phase::Throw),
            cfg,
        };
        c.finish(state)
    }
}
