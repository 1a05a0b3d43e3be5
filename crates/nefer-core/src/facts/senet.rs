//! What the two Senet rule sets tell about themselves (SPEC §7–9), read from each game's typed
//! configuration and position.

use super::Describe;
use super::board::{BoardFacts, Mark, MarkKind, Sign};
use super::events::{EndReason, ThrowKind};
use super::moves::{BonusCause, Effect, PassReason};
use super::words::{a_number, clause, list};
use crate::game::{Move, Seat};
use crate::rules::RuleSetId;
use crate::senet::board::{HAPPINESS, REBIRTH, Squares, WATERS, bit, squares};
use crate::senet::{BearOffGate, FamilyConfig, kendall, school};

/// The signs of 28, 29 and 30 on the boards of Amenhotep III: three, two and one strokes
/// (the House of Three Truths has three), whatever the rule set makes of those squares.
const fn strokes(n: u8) -> Sign {
    Sign::Strokes(31 - n)
}

/// The exit squares 28–30, each with the throws that bear a piece off from it (`exits`: the
/// squares a piece leaves from, by throw), and what the bear-off gate asks first (KE-22).
fn exit_marks(
    exits: &[Squares; 8],
    family: &FamilyConfig,
    names: &[&str; 3],
    piece: &str,
) -> Vec<Mark> {
    let gate = match family.bear_off_gate {
        BearOffGate::Open => "",
        BearOffGate::FirstRowEmpty => ", once none of its owner's pieces is on 1-10",
        BearOffGate::AllInLastRow => ", once all its owner's pieces are in the last row",
    };
    (28..=30u8)
        .zip(names)
        .map(|(n, name)| {
            let by: Vec<u8> = (1..=5u8)
                .filter(|&t| exits[usize::from(t)] & bit(n) != 0)
                .collect();
            let how = if by.len() == 5 {
                "with any throw".to_owned()
            } else {
                let t: Vec<String> = by.iter().map(|&t| a_number(t)).collect();
                format!("only with {}", list(&t))
            };
            Mark::squares(
                MarkKind::Exit,
                strokes(n),
                &[n],
                name,
                format!("a {piece} here bears off {how}{gate}"),
            )
        })
        .collect()
}

/// The safe squares of `senet.safe_squares` (KE-14, SB-14), if any.
fn safe_mark(family: &FamilyConfig, piece: &str) -> Option<Mark> {
    let safe: Vec<u8> = squares(family.safe()).collect();
    (!safe.is_empty()).then(|| {
        Mark::squares(
            MarkKind::Safe,
            Sign::None,
            &safe,
            "safe square",
            format!("a {piece} here cannot be attacked"),
        )
    })
}

/// The marks both Senets have, after a rule set's own: the exit squares 28–30, named
/// `names` (see [`exit_marks`]), then the safe squares (see [`safe_mark`]).
fn family_marks(
    names: &[&str; 3],
    exits: &[Squares; 8],
    family: &FamilyConfig,
    piece: &str,
) -> impl Iterator<Item = Mark> {
    exit_marks(exits, family, names, piece)
        .into_iter()
        .chain(safe_mark(family, piece))
}

/// Kendall's name of marked square `n` (the text board's).
fn kendall_name(n: u8) -> &'static str {
    kendall::MARKS
        .iter()
        .find(|&&(m, _)| m == n)
        .map_or("", |&(_, name)| name)
}

/// A mark on Kendall's square `n`, with its name on the text board.
fn kendall_mark(kind: MarkKind, sign: Sign, n: u8, meaning: String) -> Mark {
    Mark::squares(kind, sign, &[n], kendall_name(n), meaning)
}

impl Describe for kendall::State {
    fn board(&self) -> BoardFacts {
        use kendall::{GiveUpCost, OneFrom26, RebirthBlocked, Trap};
        let c = self.config();
        let mut marks = vec![
            kendall_mark(
                MarkKind::Rebirth,
                Sign::Ankh,
                REBIRTH,
                format!(
                    "a piece given up from the House of Waters comes back here{}{}",
                    match c.rebirth_blocked {
                        RebirthBlocked::StepBack => {
                            "; if it is taken, to the nearest empty square before it"
                        }
                        RebirthBlocked::Forbid => "; if it is taken, the piece cannot be given up",
                        RebirthBlocked::Swap => {
                            "; an opponent's piece on it goes to 27 in exchange"
                        }
                    },
                    clause(c.rebirth_must_move, "; the reborn piece must move next")
                ),
            ),
            kendall_mark(
                MarkKind::Happiness,
                Sign::Nefer,
                HAPPINESS,
                format!(
                    "every piece must land here exactly before going further; from here a 2, 3 or 4 goes to 28, 29 or 30 and a 5 bears off{}{}",
                    match c.one_from_26 {
                        OneFrom26::Allowed => "; a 1 falls into the House of Waters",
                        OneFrom26::OnlyIfForced => {
                            "; a 1 falls into the House of Waters only when no other piece can move forwards"
                        }
                    },
                    match c.trap {
                        Trap::Off => "",
                        Trap::On =>
                            "; a piece that overshoots it from 22-25 falls into the House of Waters",
                    }
                ),
            ),
            kendall_mark(
                MarkKind::Waters,
                Sign::Water,
                WATERS,
                format!(
                    "a piece that falls in (from 26, or attacked on 28-30) ends the turn; at the start of each turn its owner throws once for a 4, which bears it off, or gives it up to 15{}{}",
                    match c.give_up_cost {
                        GiveUpCost::ThisTurn => "",
                        GiveUpCost::ThisAndNextTurn => ", which costs this turn and the next",
                    },
                    clause(
                        c.water_freezes,
                        "; meanwhile its owner's other pieces cannot move"
                    )
                ),
            ),
        ];
        marks.extend(family_marks(
            &[kendall_name(28), kendall_name(29), "House of Re-Horakhty"],
            &kendall::EXITS,
            &c.family,
            "piece",
        ));
        BoardFacts::senet(RuleSetId::SenetKendall, marks)
    }

    fn pass_reason(&self) -> PassReason {
        if matches!(self.phase, kendall::Phase::WaterResult(_)) {
            PassReason::WaterTryFailed
        } else {
            PassReason::Blocked
        }
    }

    fn throw_kind(&self) -> Option<ThrowKind> {
        (self.phase == kendall::Phase::WaterThrow).then_some(ThrowKind::WaterTry)
    }

    fn win_reason(&self, _winner: Seat) -> EndReason {
        EndReason::AllBorneOff
    }

    fn hidden_effects(&self, m: Move, out: &mut Vec<Effect>) {
        // KE-19: giving up may cost the next turn too, which no layout shows.
        if self.phase == kendall::Phase::WaterChoice
            && matches!(m, Move::Go { .. })
            && self.config().give_up_cost == kendall::GiveUpCost::ThisAndNextTurn
        {
            out.push(Effect::LosesNextTurn);
        }
    }

    fn bonus_cause(&self, _m: Move) -> Option<BonusCause> {
        // KE-3 `first_to_throw_one`: having played the opening 1, green throws again.
        (self.phase == kendall::Phase::Opening).then_some(BonusCause::Opening)
    }
}

impl Describe for school::State {
    fn board(&self) -> BoardFacts {
        use school::OneFrom26;
        let c = self.config();
        let mut marks = vec![
            Mark::squares(
                MarkKind::Happiness,
                Sign::Nefer,
                &[HAPPINESS],
                "square 26",
                format!(
                    "every counter must land here exactly; from here a 5 bears it off and a 2, 3 or 4 takes it to 28, 29 or 30{}",
                    match c.one_from_26 {
                        OneFrom26::Stays => "; a 1 does not move it",
                        OneFrom26::To27 => "; a 1 takes it into 27",
                    }
                ),
            ),
            Mark::squares(
                MarkKind::Waters,
                Sign::Water,
                &[school::TRAP],
                "square 27, the trap",
                format!(
                    "an undefended counter on 28-30 attacked from 26 goes here; while a counter is here its owner can move nothing else, and only a 4 removes it{}",
                    clause(
                        c.water_give_up,
                        "; at the start of a turn it may give up to 15 instead"
                    )
                ),
            ),
        ];
        marks.extend(family_marks(
            &["square 28", "square 29", "square 30"],
            &school::EXITS,
            &c.family,
            "counter",
        ));
        BoardFacts::senet(RuleSetId::SenetSchool, marks)
    }

    fn pass_reason(&self) -> PassReason {
        if self.men[self.to_move()] & bit(school::TRAP) != 0 {
            PassReason::Trapped
        } else {
            PassReason::Blocked
        }
    }

    fn win_reason(&self, _winner: Seat) -> EndReason {
        EndReason::AllBorneOff
    }
}
