//! What the four Hounds & Jackals rule sets tell about themselves (SPEC §2.4 for the marks,
//! §3–6 for the rest), read from each game's typed configuration and position.

use super::Describe;
use super::board::{BoardFacts, Mark, MarkKind, Sign, lines_mark};
use super::events::{EndReason, ThrowKind};
use super::moves::{BonusCause, Effect, PassReason};
use super::words::clause;
use crate::game::Game as _;
use crate::game::{Move, Place, Seat, Status};
use crate::hj::board::{circuit_place, side};
use crate::hj::{french, skiryuk, walker, washburne};
use crate::rules::RuleSetId;

/// The holes of a per-seat bit set of path indices 1..=29 (bit `n`: hole `n`).
fn holes_of(bits: u64) -> Vec<u8> {
    crate::game::ones(bits & ((1 << 30) - 2)).collect()
}

/// "only a 1", "a 5 or a 1": the throws of a set, in words.
fn throws(by: impl Fn(u8) -> bool) -> String {
    let t: Vec<String> = (1..=5)
        .rev()
        .filter(|&t| by(t))
        .map(super::words::a_number)
        .collect();
    if t.len() == 5 {
        "any throw".to_owned()
    } else {
        t.join(" or ")
    }
}

impl Describe for skiryuk::State {
    fn board(&self) -> BoardFacts {
        use skiryuk::{BonusChain, CaptureTarget, ExitS, NoTarget, Retrigger};
        let c = self.config();
        let entry = clause(
            c.entry_by_one,
            "; a throw of 1 may also enter a piece here while it is empty",
        );
        let marks = vec![
            Mark::holes(
                MarkKind::Start,
                Sign::Ring,
                &[1],
                "start hole",
                format!("pieces are loaded here from hand{entry}"),
            ),
            Mark::holes(
                MarkKind::Nefer,
                Sign::Nefer,
                &skiryuk::NEFER,
                "nefer hole",
                format!(
                    "a piece whose count passes or stops on it loads a piece from hand onto hole 1{}; stopping on it earns another throw{}",
                    match c.retrigger {
                        Retrigger::EveryCrossing => "",
                        Retrigger::OncePerPiecePerHole => " (once per piece)",
                    },
                    match c.bonus_chain {
                        BonusChain::Unlimited => "",
                        BonusChain::OnePerTurn => " (one a turn)",
                    }
                ),
            )
            .throwing_again(true),
            Mark::shared(
                "shen hole S",
                format!(
                    "holds any number of pieces of both players and is safe; each piece that enters it captures the opponent's {} piece on his holes 1-29{}, for good; {}",
                    match c.capture_target {
                        CaptureTarget::Rearmost => "rearmost",
                        CaptureTarget::Foremost => "foremost",
                        CaptureTarget::Choice => "chosen",
                    },
                    match c.no_target {
                        NoTarget::Nothing => "",
                        NoTarget::TakeFromHand => " (or one from his hand when none is there)",
                        NoTarget::DeferredCapture => {
                            " (when none is there, the capture is owed and taken as soon as one is)"
                        }
                    },
                    match c.exit_s {
                        ExitS::ByOne => "a piece here goes back to hand on a throw of 1",
                        ExitS::ImmediateReturnToHand => "the piece goes back to hand at once",
                    }
                ),
            ),
            lines_mark(c.lines, false, "that hole holds none of the player's own pieces"),
        ];
        BoardFacts::hj(RuleSetId::HjSkiryuk, false, c.lines, marks)
    }

    fn throw_kind(&self) -> Option<ThrowKind> {
        matches!(
            self.phase,
            skiryuk::Phase::OpeningA | skiryuk::Phase::OpeningB(_)
        )
        .then_some(ThrowKind::Opening)
    }

    fn win_reason(&self, winner: Seat) -> EndReason {
        EndReason::AllCaptured {
            pieces: self.trophies[winner],
        }
    }

    /// An arrival in S (written to the hand under SK-17 `immediate_return_to_hand`, R-12)
    /// captures a piece of the opponent's (3.6 step 3): which one is the rules' choice (SK-14,
    /// SK-15), and a load may fill its hole again at once. Under `choice` with two or more
    /// targets the capture is a decision of its own, and an owed capture is taken
    /// later.
    fn hidden_effects(&self, m: Move, out: &mut Vec<Effect>) {
        if let Move::Go {
            from: Place::Hole(..),
            to: Place::Shared | Place::Hand,
        } = m
        {
            let them = self.to_move().other();
            let theirs = self.holes[them];
            let from = if theirs != 0 {
                let n = match self.config().capture_target {
                    skiryuk::CaptureTarget::Rearmost => theirs.trailing_zeros(),
                    skiryuk::CaptureTarget::Foremost => 31 - theirs.leading_zeros(),
                    skiryuk::CaptureTarget::Choice if theirs.count_ones() > 1 => return,
                    skiryuk::CaptureTarget::Choice => theirs.trailing_zeros(),
                };
                Some(Place::Hole(side(them), n as u8))
            } else {
                (self.config().no_target == skiryuk::NoTarget::TakeFromHand && self.hand[them] > 0)
                    .then_some(Place::Hand)
            };
            if let Some(from) = from {
                out.push(Effect::Captured { seat: them, from });
            }
        }
    }
}

impl Describe for washburne::State {
    fn board(&self) -> BoardFacts {
        use washburne::{Orange, SharedHole};
        let c = self.config();
        let home = |seat: Seat| {
            let s = side(seat);
            Mark {
                places: holes_of(washburne::HOME)
                    .into_iter()
                    .map(|n| Place::Hole(s, n))
                    .collect(),
                owner: Some(seat),
                ..Mark::holes(
                    MarkKind::Home,
                    Sign::Home,
                    &[],
                    &format!(
                        "home box of seat {seat} ({} side)",
                        if s == crate::game::Side::L {
                            "left"
                        } else {
                            "right"
                        }
                    ),
                    format!(
                        "safe: a piece here cannot be knocked off; seat {}'s five pieces win by filling it",
                        seat.other()
                    ),
                )
            }
        };
        let orange = c.orange == Orange::BonusThrow;
        let safe: Vec<u8> = c.ankh_holes.holes().holes().collect();
        let marks = vec![
            home(Seat::A),
            home(Seat::B),
            Mark::holes(
                MarkKind::Orange,
                Sign::Orange,
                &holes_of(washburne::ORANGE),
                "orange hole",
                match c.orange {
                    Orange::BonusThrow => {
                        "stopping on it earns another throw (never after a re-entry)".to_owned()
                    }
                    Orange::Plain => "no effect in this game".to_owned(),
                    Orange::BlockingPoint => {
                        "a piece standing here, of either player, may not be passed (a line passes nothing)"
                            .to_owned()
                    }
                },
            )
            .throwing_again(orange),
            Mark::holes(
                MarkKind::Ankh,
                Sign::Ankh,
                &safe,
                "ankh hole",
                "safe: a piece here cannot be knocked off".to_owned(),
            ),
            Mark::shared(
                "the big hole S",
                match c.shared_hole {
                    SharedHole::Ordinary => {
                        "an ordinary hole on both circuits: one piece, which may be knocked off"
                    }
                    SharedHole::SafeUnlimited => {
                        "holds any number of pieces of both seats, and is safe"
                    }
                }
                .to_owned(),
            ),
            lines_mark(
                c.lines,
                true,
                if c.capture_via_line {
                    "the piece could stop there"
                } else {
                    "that hole is empty"
                },
            ),
        ];
        BoardFacts::hj(RuleSetId::HjWashburne, true, c.lines, marks)
    }

    fn pass_reason(&self) -> PassReason {
        let me = self.to_move();
        if self.knocked[me] == 0 {
            return PassReason::Blocked;
        }
        let hole = match (self.config().reentry, self.status()) {
            (washburne::Reentry::KthHole, Status::Decide { throw: Some(t), .. }) => {
                Some(circuit_place(side(me), t.value()))
            }
            _ => None,
        };
        PassReason::ReentryBlocked { hole }
    }

    /// Under two d4 an orange landing's throw follows both dice: the move before it may
    /// have landed elsewhere.
    fn bonus_cause(&self, m: Move) -> Option<BonusCause> {
        let Move::Spend(s) = m else { return None };
        let f = crate::hj::board::circuit_index(side(self.to_move()), s.to())?;
        (washburne::ORANGE >> f & 1 == 0).then_some(BonusCause::Earned)
    }

    fn win_reason(&self, winner: Seat) -> EndReason {
        if self.bits[winner] & washburne::GOAL == washburne::GOAL {
            EndReason::GoalFilled
        } else {
            EndReason::HomeBlocked
        }
    }
}

impl Describe for walker::State {
    fn board(&self) -> BoardFacts {
        use walker::{Shared30, VBlock};
        let c = self.config();
        let blocks = match (c.variation, c.v_block) {
            (false, _) => "a piece standing here may not be passed by its owner's other pieces",
            (true, VBlock::All) => "a piece standing here, of either seat, may not be passed",
            (true, VBlock::OwnerOnly) => {
                "a piece standing here may not be passed by its owner's other pieces"
            }
            (true, VBlock::Nobody) => "no effect in this game",
        };
        let lines = clause(
            c.block_lines && !(c.variation && c.v_block == VBlock::Nobody),
            "; no line may be followed past it",
        );
        let off = throws(|t| c.bear_off.by(t));
        let gate = if c.variation && c.v_bear_off_gate == walker::VBearOffGate::Open {
            ""
        } else {
            " once all five pieces have entered"
        };
        let holds = match c.shared_30 {
            Shared30::Unlimited => "holds any number of pieces",
            Shared30::Single => "holds one piece, of either seat",
        };
        let marks = vec![
            Mark::holes(
                MarkKind::Entry,
                Sign::Ring,
                &[1],
                "entry point",
                "a 1 enters a piece here while it is empty, and entering earns another throw"
                    .to_owned(),
            )
            .throwing_again(true),
            Mark::holes(
                MarkKind::Blocking,
                Sign::Block,
                &holes_of(walker::OWN_BLOCKERS),
                "blocking point",
                format!("{blocks}{lines}"),
            ),
            Mark::shared(
                "point 30",
                if c.variation {
                    format!(
                        "{holds}; pieces go on round the opponent's side, from his 29 down to his 1, and bear off from there with {off}{gate}"
                    )
                } else {
                    format!("{holds}; a piece here bears off with {off}{gate}")
                },
            ),
            lines_mark(c.lines, c.variation, "that hole is empty"),
        ];
        BoardFacts::hj(RuleSetId::HjWalker, c.variation, c.lines, marks)
    }

    fn pass_reason(&self) -> PassReason {
        let me = self.to_move();
        let one = matches!(self.status(), Status::Decide { throw: Some(t), .. } if t.value() == 1);
        if self.bits[me] == 0 && self.shared[me] == 0 && self.hand[me] > 0 && !one {
            PassReason::NeedsOne
        } else {
            PassReason::Blocked
        }
    }

    fn win_reason(&self, _winner: Seat) -> EndReason {
        EndReason::AllBorneOff
    }
}

impl Describe for french::State {
    fn board(&self) -> BoardFacts {
        use french::{BonusFallback, Hole30};
        let c = self.config();
        let marks = vec![
            Mark::holes(
                MarkKind::Rethrow,
                Sign::Ring,
                &french::RETHROW,
                "re-throw hole (\"rejoue\")",
                format!(
                    "a piece that stops here (or enters on 1, with a 1) throws again, and only that piece may use the throw{}",
                    match c.bonus_fallback {
                        BonusFallback::Lost => "; if it cannot, the throw is lost",
                        BonusFallback::AnyPiece => "; if it cannot, any piece may",
                    }
                ),
            )
            .throwing_again(true),
            Mark::shared(
                "the arrival, hole 30",
                match c.hole_30 {
                    Hole30::ExitImmediately => {
                        "a piece that reaches it by an exact throw goes out, once no piece is left in hand"
                    }
                    Hole30::StayThenExitOnAny => {
                        "a piece that reaches it by an exact throw, once no piece is left in hand, stops there and goes out on any later throw"
                    }
                }
                .to_owned(),
            ),
            lines_mark(c.lines, false, "that hole is empty"),
        ];
        BoardFacts::hj(RuleSetId::HjFrench, false, c.lines, marks)
    }

    fn pass_reason(&self) -> PassReason {
        let me = self.to_move();
        match self.phase {
            french::Phase::Move(_, only)
                if only != 0 && self.config().bonus_fallback == french::BonusFallback::Lost =>
            {
                PassReason::BonusUnusable {
                    piece: Place::Hole(side(me), only),
                }
            }
            french::Phase::Move(t, _)
                if t.value() != 1
                    && self.holes[me] == 0
                    && self.arrived[me] == 0
                    && self.hand[me] > 0 =>
            {
                PassReason::NeedsOne
            }
            _ => PassReason::Blocked,
        }
    }

    fn throw_kind(&self) -> Option<ThrowKind> {
        match self.phase {
            french::Phase::Opening
            | french::Phase::SimultaneousA
            | french::Phase::SimultaneousB(_) => Some(ThrowKind::SeekingOne),
            french::Phase::Bonus(q) => Some(ThrowKind::Bonus {
                piece: Place::Hole(side(self.to_move()), q),
            }),
            _ => None,
        }
    }

    fn win_reason(&self, _winner: Seat) -> EndReason {
        EndReason::AllBorneOff
    }
}
