//! What a legal move does, as data and in words: where a line carried the piece, the pieces it
//! exchanges, sends away, knocks off or captures, the loads, a bonus throw, a backward move, a
//! fall into the Waters, a lost throw and why.
//!
//! The effects on other pieces are read off the layouts before and after the move, which the
//! rule set's own move code produced: whatever is not the moving piece going from its start to
//! its end is explained as one of the [`Effect`]s, so the words can never tell a different story
//! than the rules play. Where two effects would look the same in the layouts (a capture from a
//! hole that a load fills again at once), the rule set says what happened
//! ([`Describe::hidden_effects`]).

use super::board::{BoardFacts, MarkKind};
use super::events::{End, end_of};
use super::words::{Names, Voice, a_number, on_place, shown};
use crate::game::{Game, Move, Place, Seat, SeatLayout, Status};
use crate::rules::AnyGame;
use crate::sticks::Throw;

/// A legal move and what it does.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct MoveFacts {
    /// The move.
    pub mv: Move,
    /// The seat that makes it.
    pub seat: Seat,
    /// The throw it uses (`None` for a decision before any throw, as the water turn's).
    pub throw: Option<Throw>,
    /// What kind of move it is.
    pub kind: MoveKind,
    /// What it does besides carrying its piece from `from` to `to`, in the order it happens.
    pub effects: Vec<Effect>,
    /// How the game ends with it, if it does.
    pub ends: Option<End>,
}

/// What kind of move a move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MoveKind {
    /// A piece comes onto the board from hand (an entry, a re-entry).
    Enter {
        /// Where it comes.
        to: Place,
    },
    /// A piece moves along the board.
    Step {
        /// Its start.
        from: Place,
        /// Its end (after any line).
        to: Place,
    },
    /// A piece leaves the board for good.
    BearOff {
        /// Where it leaves from.
        from: Place,
    },
    /// A piece goes back to hand (`hj.skiryuk`: from `S` on a 1).
    ToHand {
        /// Where it leaves from.
        from: Place,
    },
    /// A piece in the House of Waters is given up, before any throw (KE-18, SB-18).
    GiveUp {
        /// The Waters.
        from: Place,
        /// Where it goes.
        to: Place,
    },
    /// The water turn's try: throw for a 4 (8.5).
    Throw,
    /// A bonus throw is taken (`hj.skiryuk`, SK-20 `declinable`, R-10).
    BonusThrow,
    /// The piece of the opponent's on `from` is chosen for capture (`hj.skiryuk`, SK-14
    /// `choice`, R-9).
    Capture {
        /// Where it stands.
        from: Place,
    },
    /// The throw is not used (see [`Effect::ThrowLost`] for why).
    Pass,
}

/// Something a move does besides carrying its piece from its start to its end.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Effect {
    /// The count ended on `landing`, and the line there carried the piece on to the move's
    /// end (SPEC §2.1, C-5, C-6).
    Line {
        /// Where the count ended.
        landing: Place,
        /// Where the line led.
        to: Place,
        /// Whether the line led back along the path.
        back: bool,
    },
    /// The piece moves backwards: no piece could move forwards (KE-8, SB-16).
    Backward,
    /// The opponent's piece on the move's end takes the mover's start: the two change places.
    Exchange {
        /// Whose piece.
        seat: Seat,
        /// Where it stood (the move's end).
        from: Place,
        /// Where it goes (the move's start).
        to: Place,
    },
    /// The opponent's piece attacked on `from` goes to `to` (Senet: to 27 when attacked on
    /// 28–30; KE-12's 15).
    SentTo {
        /// Whose piece.
        seat: Seat,
        /// Where it stood.
        from: Place,
        /// Where it goes.
        to: Place,
    },
    /// The opponent's piece on `from` is knocked off the board, back to its owner's hand
    /// (`hj.washburne`).
    KnockedOff {
        /// Whose piece.
        seat: Seat,
        /// Where it stood.
        from: Place,
    },
    /// The opponent's piece on `from` (a hole, or its hand) is captured, kept by the mover for
    /// good (`hj.skiryuk`).
    Captured {
        /// Whose piece.
        seat: Seat,
        /// Where it was taken from.
        from: Place,
    },
    /// A piece of `seat` comes from hand onto `to` by itself: a load (`hj.skiryuk`'s nefer
    /// holes, an empty path refilled).
    Loaded {
        /// Whose piece.
        seat: Seat,
        /// Where it comes.
        to: Place,
    },
    /// The moved piece does not stay where it arrived but goes back to hand at once (SK-17
    /// `immediate_return_to_hand`).
    BackToHand,
    /// The piece falls into the House of Waters (27): the turn ends there (KE-20).
    IntoWaters,
    /// The player throws again.
    ThrowAgain {
        /// Why.
        cause: BonusCause,
    },
    /// Giving up costs the next turn too (KE-19 `this_and_next_turn`).
    LosesNextTurn,
    /// The throw is lost, and why.
    ThrowLost {
        /// Why.
        reason: PassReason,
    },
}

/// Why a player throws again.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum BonusCause {
    /// The piece stopped on a marked place that earns another throw.
    Mark {
        /// The place.
        place: Place,
        /// The mark's kind.
        kind: MarkKind,
    },
    /// The throw's value earns another throw (Kendall's 1, 4 and 5; the school sheet's 5).
    Value(Throw),
    /// The opening 1 was played, and the player who threw it throws again (KE-3).
    Opening,
    /// An orange landing earlier in this throw of two d4 earned it (`hj.washburne`, R-5).
    Earned,
}

/// Why a throw is lost.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PassReason {
    /// No piece can move by the throw.
    Blocked,
    /// No piece is on the board, and only a 1 enters one.
    NeedsOne,
    /// The bonus throw belongs to the piece that earned it, which cannot use it (FR-2).
    BonusUnusable {
        /// The piece's place.
        piece: Place,
    },
    /// A knocked-off piece must come back first, and the home hole the throw names is taken
    /// (`hj.washburne`, WA-8); `None` when only a 1 brings it back and this is no 1, or every
    /// home hole is taken.
    ReentryBlocked {
        /// The home hole the throw names.
        hole: Option<Place>,
    },
    /// The try for a 4 from the House of Waters failed (8.5).
    WaterTryFailed,
    /// A piece in 27 freezes its owner's others, and only a 4 frees it (004§11).
    Trapped,
    /// A move was possible, but the player chose not to make it (C-2, C-5, KE-27).
    Declined,
}

impl Effect {
    /// Whether the effect shows on the board beyond the moving piece's start and end: what a
    /// front end previews before the move is committed (a line, an exchange, a capture…).
    pub const fn shows_on_board(self) -> bool {
        matches!(
            self,
            Effect::Line { .. }
                | Effect::Exchange { .. }
                | Effect::SentTo { .. }
                | Effect::KnockedOff { .. }
                | Effect::Captured { .. }
                | Effect::Loaded { .. }
                | Effect::BackToHand
        )
    }

    /// The order effects are told in: how the piece got there, what it did to others, then
    /// what comes next.
    const fn rank(self) -> u8 {
        match self {
            Effect::Line { .. } | Effect::Backward => 0,
            Effect::BackToHand => 1,
            Effect::Exchange { .. }
            | Effect::SentTo { .. }
            | Effect::KnockedOff { .. }
            | Effect::Captured { .. } => 2,
            Effect::Loaded { .. } => 3,
            Effect::IntoWaters => 4,
            Effect::ThrowLost { .. } => 5,
            Effect::ThrowAgain { .. } => 6,
            Effect::LosesNextTurn => 7,
        }
    }

    /// Applies the effect to the layouts after the move's own piece moved, as the rules do: the
    /// effects of a move and its plain step together give the layout after it (a test checks it
    /// for every move of random games).
    pub fn apply(self, mover: Seat, to: Place, layout: &mut [SeatLayout; 2]) {
        let take = |l: &mut SeatLayout, p: Place| {
            if let Some(i) = l.board.iter().position(|&q| q == p) {
                l.board.remove(i);
            }
        };
        match self {
            Effect::Exchange { seat, from, to } | Effect::SentTo { seat, from, to } => {
                take(&mut layout[seat.index()], from);
                layout[seat.index()].board.push(to);
            }
            Effect::KnockedOff { seat, from } => {
                take(&mut layout[seat.index()], from);
                layout[seat.index()].hand += 1;
            }
            Effect::Captured { seat, from } => {
                let l = &mut layout[seat.index()];
                if from == Place::Hand {
                    l.hand -= 1;
                } else {
                    take(l, from);
                }
                // The capturer is the victim's opponent: the mover, or under R-11 the opponent
                // whose owed capture takes the mover's piece.
                layout[seat.other().index()].trophies += 1;
            }
            Effect::Loaded { seat, to } => {
                layout[seat.index()].hand -= 1;
                layout[seat.index()].board.push(to);
            }
            Effect::BackToHand => {
                take(&mut layout[mover.index()], to);
                layout[mover.index()].hand += 1;
            }
            _ => {}
        }
    }

    /// The effect of a move of `mover`'s in words, as a clause after the move: "Nefertari's
    /// piece on 15 goes to 12". Places are named as the board shows them (`words::shown`, the
    /// one function every sentence uses): the mover's as the mover sees them, another seat's
    /// piece where its owner sees it.
    pub fn words(self, mover: Seat, names: &Names<'_>) -> String {
        let at = |p: Place| shown(p, mover, names);
        // A seat's piece, and where it goes, as that seat's path numbers the holes.
        let piece =
            |s: Seat, p: Place| format!("{} piece {}", names.possessive(s), on_place(p, s, names));
        match self {
            Effect::Line { landing, to, back } => format!(
                "the count ends on {} and the line carries the piece {} to {}",
                at(landing),
                if back { "back" } else { "on" },
                at(to)
            ),
            Effect::Backward => "backwards, as no piece can move forwards".to_owned(),
            Effect::Exchange { seat, from, to } => {
                format!(
                    "{} goes to {} (they change places)",
                    piece(seat, from),
                    shown(to, seat, names)
                )
            }
            Effect::SentTo { seat, from, to } => {
                format!(
                    "{} is attacked and goes to {}",
                    piece(seat, from),
                    shown(to, seat, names)
                )
            }
            Effect::KnockedOff { seat, from } => {
                format!("{} is knocked off, back to hand", piece(seat, from))
            }
            Effect::Captured {
                seat,
                from: Place::Hand,
            } => format!(
                "a piece from {} hand is captured, for good",
                names.possessive(seat)
            ),
            Effect::Captured { seat, from } => {
                format!("{} is captured, for good", piece(seat, from))
            }
            Effect::Loaded { seat, to } => {
                format!(
                    "a piece from {} hand is loaded onto {}",
                    names.possessive(seat),
                    shown(to, seat, names)
                )
            }
            Effect::BackToHand => "the piece goes back to hand at once".to_owned(),
            Effect::IntoWaters => {
                "it falls into the House of Waters, which ends the turn".to_owned()
            }
            Effect::ThrowAgain { cause } => match cause {
                BonusCause::Mark { place, kind } => {
                    format!(
                        "another throw follows, for stopping on {} ({})",
                        at(place),
                        mark_name(kind)
                    )
                }
                BonusCause::Value(t) => {
                    format!("another throw follows ({} earns one)", a_number(t.value()))
                }
                BonusCause::Opening => "another throw follows, after the opening 1".to_owned(),
                BonusCause::Earned => {
                    "another throw follows, earned by an orange hole in this throw".to_owned()
                }
            },
            Effect::LosesNextTurn => "the next turn is lost too".to_owned(),
            Effect::ThrowLost { reason } => reason.words(mover, names),
        }
    }
}

/// A mark kind's name in a clause ("stopping on 15 (a nefer hole)").
fn mark_name(kind: MarkKind) -> &'static str {
    match kind {
        MarkKind::Nefer => "a nefer hole",
        MarkKind::Orange => "an orange hole",
        MarkKind::Rethrow => "a re-throw hole",
        MarkKind::Entry => "the entry point",
        MarkKind::Start => "the start hole",
        _ => "a marked place",
    }
}

impl PassReason {
    /// Why `seat`'s throw is lost, in words ("no piece is on the board, and only a 1 enters
    /// one"), naming places as the board shows them to `seat` (`words::shown`).
    pub fn words(self, seat: Seat, names: &Names<'_>) -> String {
        match self {
            PassReason::Blocked => "no piece can move by this throw".to_owned(),
            PassReason::NeedsOne => "no piece is on the board, and only a 1 enters one".to_owned(),
            PassReason::BonusUnusable { piece } => {
                format!(
                    "the bonus throw is for the piece {} alone, which cannot use it",
                    on_place(piece, seat, names)
                )
            }
            PassReason::ReentryBlocked { hole: Some(h) } => {
                format!(
                    "a knocked-off piece must come back first, and home hole {} is taken",
                    shown(h, seat, names)
                )
            }
            PassReason::ReentryBlocked { hole: None } => {
                "a knocked-off piece must come back first, and it cannot".to_owned()
            }
            PassReason::WaterTryFailed => "the try for a 4 failed".to_owned(),
            PassReason::Trapped => {
                "the piece on 27 freezes the others, and only a 4 frees it".to_owned()
            }
            PassReason::Declined => "the player may pass, and does".to_owned(),
        }
    }
}

impl MoveFacts {
    /// Whether the move does no more than carry its piece from its start to its end: nothing
    /// else changes on the board (a front end commits it at once, else it previews it).
    pub fn plain(&self) -> bool {
        !self.effects.iter().any(|e| e.shows_on_board())
    }

    /// The move in words, in `voice`, with what it does, naming places as the board shows them
    /// to the mover (`words::shown`, as [`MoveFacts::label`] does): "move 4 → 20: the count
    /// ends on 6 and the line carries the piece on to 20".
    pub fn words(&self, voice: Voice, names: &Names<'_>) -> String {
        let v = |verb: &str| voice.verb(verb);
        let me = self.seat;
        let at = |p: Place| shown(p, me, names);
        let on = |p: Place| on_place(p, me, names);
        let mut text = match self.kind {
            MoveKind::Enter { to } => format!("{} a piece {}", v("enter"), on(to)),
            // A piece is not a place: "move the shared hole" would say otherwise.
            MoveKind::Step {
                from: Place::Shared,
                to,
            } => format!("{} from the shared hole → {}", v("move"), at(to)),
            MoveKind::Step { from, to } => format!("{} {} → {}", v("move"), at(from), at(to)),
            MoveKind::BearOff { from } => format!("{} the piece {}", v("bear off"), on(from)),
            MoveKind::ToHand { from } => {
                format!("{} the piece {} back to hand", v("take"), on(from))
            }
            MoveKind::GiveUp { from, to } => {
                format!(
                    "{} the piece {}: it goes to {}",
                    v("give up"),
                    on(from),
                    at(to)
                )
            }
            MoveKind::Throw => format!("{} for a 4 to free the piece in the Waters", v("throw")),
            MoveKind::BonusThrow => format!("{} the bonus throw", v("take")),
            // The piece is the opponent's: its hole is numbered along the opponent's path.
            MoveKind::Capture { from } => format!(
                "{} {} piece {}",
                v("capture"),
                names.possessive(me.other()),
                on_place(from, me.other(), names)
            ),
            MoveKind::Pass => v("pass"),
        };
        // A chosen capture's own capture is the move itself: said once.
        let own = |e: &Effect| match (*e, self.kind) {
            (Effect::Captured { from, .. }, MoveKind::Capture { from: f }) => from == f,
            _ => false,
        };
        let clauses: Vec<String> = self
            .effects
            .iter()
            .filter(|e| !own(e))
            .map(|e| e.words(me, names))
            .collect();
        if !clauses.is_empty() {
            let sep = if clauses.len() == 1 && matches!(self.effects[0], Effect::Backward) {
                " "
            } else {
                ": "
            };
            text.push_str(sep);
            text.push_str(&clauses.join("; "));
        }
        if let Some(end) = &self.ends {
            text.push_str(". ");
            text.push_str(&end.words(names));
        }
        text
    }
}

impl MoveFacts {
    /// The move in a few words, for a button: what it does and its main effect, without the
    /// reasons, naming places as the board shows them to the mover (`words::shown`): "Move 14
    /// → 16, exchanging with Nefertari's piece", "Enter a piece on 1", "Bear off the piece on
    /// 30", "Move 4 → 6, by the line to 20", "Move 13 → 15, loading a piece onto 1".
    /// [`MoveFacts::words`] says it all.
    pub fn label(&self, names: &Names<'_>) -> String {
        let me = self.seat;
        let at = |p: Place| shown(p, me, names);
        let on = |p: Place| on_place(p, me, names);
        let mut text = match self.kind {
            MoveKind::Enter { to } => format!("enter a piece {}", on(to)),
            MoveKind::Step { from, to } => {
                // A line is told where it is taken: the count, then the line to its end.
                match self.effects.iter().find_map(|e| match *e {
                    Effect::Line { landing, back, .. } => Some((landing, back)),
                    _ => None,
                }) {
                    Some((landing, back)) => format!(
                        "move {} → {}, {}by the line to {}",
                        at(from),
                        at(landing),
                        if back { "back " } else { "" },
                        at(to)
                    ),
                    // A piece is not a place: "move the shared hole" would say otherwise.
                    None if from == Place::Shared => format!("move from {} → {}", at(from), at(to)),
                    None => format!("move {} → {}", at(from), at(to)),
                }
            }
            MoveKind::BearOff { from } => format!("bear off the piece {}", on(from)),
            MoveKind::ToHand { from } => format!("take the piece {} back to hand", on(from)),
            MoveKind::GiveUp { from, to } => {
                format!("give up the piece {} (to {})", on(from), at(to))
            }
            MoveKind::Throw => "throw for a 4".to_owned(),
            MoveKind::BonusThrow => "take the bonus throw".to_owned(),
            // The piece is the opponent's: its hole is numbered along the opponent's path.
            MoveKind::Capture { from } => format!(
                "capture {} piece {}",
                names.possessive(me.other()),
                on_place(from, me.other(), names)
            ),
            MoveKind::Pass => "pass".to_owned(),
        };
        let piece = |s: Seat| format!("{} piece", names.possessive(s));
        for e in &self.effects {
            let clause = match *e {
                Effect::Backward => Some(", backwards".to_owned()),
                Effect::Exchange { seat, .. } => Some(format!(", exchanging with {}", piece(seat))),
                Effect::SentTo { seat, .. } => Some(format!(", attacking {}", piece(seat))),
                Effect::KnockedOff { seat, .. } => Some(format!(", knocking off {}", piece(seat))),
                // A chosen capture's own capture is the move itself.
                Effect::Captured { from, .. } if self.kind == (MoveKind::Capture { from }) => None,
                Effect::Captured { seat, .. } => Some(format!(", capturing {}", piece(seat))),
                // A load brings a piece onto the board as an entry does: the label says so.
                Effect::Loaded { seat, to } if seat == me => {
                    Some(format!(", loading a piece from hand onto {}", at(to)))
                }
                Effect::IntoWaters => Some(", into the Waters".to_owned()),
                Effect::ThrowAgain { .. } if self.kind != MoveKind::BonusThrow => {
                    Some(", then throw again".to_owned())
                }
                _ => None,
            };
            if let Some(c) = clause {
                text.push_str(&c);
            }
        }
        super::capital(&text)
    }
}

/// The facts of every legal move of `g` (in [`Game::legal_moves`]' order); empty unless a
/// decision is due.
pub fn legal_moves(g: &AnyGame) -> Vec<MoveFacts> {
    let mut moves = crate::MoveList::new();
    g.legal_moves(&mut moves);
    if moves.is_empty() {
        return Vec::new();
    }
    let board = g.describe().board();
    let alone = moves.len() == 1;
    moves
        .iter()
        .map(|&m| {
            let mut after = g.clone();
            after.play_unchecked(m);
            facts_of(g, &board, m, &after, || alone)
        })
        .collect()
}

/// The facts of move `m` at `g`.
///
/// # Errors
/// As [`Game::play`]: no decision is due, or `m` is not legal there.
pub fn move_facts(g: &AnyGame, m: Move) -> Result<MoveFacts, crate::PlayError> {
    let mut after = g.clone();
    after.play(m)?;
    Ok(facts_of(g, &g.describe().board(), m, &after, || {
        only_move(g)
    }))
}

/// Whether `g` offers a single move.
pub(crate) fn only_move(g: &AnyGame) -> bool {
    let mut moves = crate::MoveList::new();
    g.legal_moves(&mut moves);
    moves.len() == 1
}

/// The facts of `m`, a legal move of `g` on `board` that leads to `after`; `alone` says
/// whether it is the only legal move (asked only for `pass`, which is then no choice).
pub(crate) fn facts_of(
    g: &AnyGame,
    board: &BoardFacts,
    m: Move,
    after: &AnyGame,
    alone: impl FnOnce() -> bool,
) -> MoveFacts {
    let Status::Decide { seat, throw } = g.status() else {
        unreachable!("moves are made at decisions")
    };
    let d = g.describe();
    let mut effects = Vec::new();
    // A move that spends a value is a step by that value.
    let (m_go, throw) = match m {
        Move::Spend(s) => (
            Move::Go {
                from: s.from(),
                to: s.to(),
            },
            Some(s.value()),
        ),
        m => (m, throw),
    };
    let kind = match m_go {
        Move::Pass => {
            let reason = if alone() {
                d.pass_reason()
            } else {
                PassReason::Declined
            };
            effects.push(Effect::ThrowLost { reason });
            MoveKind::Pass
        }
        // Skiryuk's bonus throw is no water try.
        Move::Throw if g.rule_set() == crate::RuleSetId::HjSkiryuk => MoveKind::BonusThrow,
        Move::Throw => MoveKind::Throw,
        Move::Capture(from) => {
            // The capture, and whatever follows it (a refill of the victim's path), is read
            // off the layouts: no piece of the mover's moves.
            effects.extend(explain(&g.layout(), &after.layout(), seat, None, &[]));
            MoveKind::Capture { from }
        }
        Move::Spend(_) => unreachable!("a spend is a step by its value"),
        Move::Go { from, to } => {
            let kind = match (from, to) {
                (Place::Hand, _) => MoveKind::Enter { to },
                (_, Place::Off) => MoveKind::BearOff { from },
                (_, Place::Hand) => MoveKind::ToHand { from },
                _ if throw.is_none() => MoveKind::GiveUp { from, to },
                _ => MoveKind::Step { from, to },
            };
            if let MoveKind::Step { .. } = kind {
                let path = &board.paths[seat];
                if let (Some(i), Some(j), Some(t)) = (path.index(from), path.index(to), throw) {
                    match path.at(i + usize::from(t.value())) {
                        Some(landing)
                            if landing != to && board.line_between(landing, to).is_some() =>
                        {
                            let back = j < path.index(landing).unwrap_or(0);
                            effects.push(Effect::Line { landing, to, back });
                        }
                        _ if j < i => effects.push(Effect::Backward),
                        _ => {}
                    }
                }
                if board.mark_at(to, MarkKind::Waters).is_some() {
                    effects.push(Effect::IntoWaters);
                }
            }
            let mut known = Vec::new();
            d.hidden_effects(m, &mut known);
            effects.extend(explain(
                &g.layout(),
                &after.layout(),
                seat,
                Some((from, to)),
                &known,
            ));
            effects.extend(known);
            kind
        }
    };
    // Another throw of the same turn follows (never after the water turn's own throw, which
    // is that turn's try).
    if m != Move::Throw
        && after.status() == (Status::Chance { seat: Some(seat) })
        && after.turns() == g.turns()
    {
        let cause = d.bonus_cause(m).unwrap_or_else(|| {
            let mark = match m_go {
                Move::Go { to, .. } => {
                    board
                        .marks_at(to)
                        .find(|k| k.throws_again)
                        .map(|k| BonusCause::Mark {
                            place: to,
                            kind: k.kind,
                        })
                }
                _ => None,
            };
            mark.or(throw.map(BonusCause::Value))
                .unwrap_or(BonusCause::Opening)
        });
        effects.push(Effect::ThrowAgain { cause });
    }
    effects.sort_by_key(|e| e.rank());
    MoveFacts {
        mv: m,
        seat,
        throw,
        kind,
        effects,
        ends: end_of(after),
    }
}

/// The effects on the board that explain the layouts `after` a move of `mover`'s piece from
/// `from` to `to` (`moved`; `None`: no piece of the mover's moves, as in a choice of capture),
/// given the effects the rule set told (`known`, applied first): exchanges, pieces sent
/// elsewhere, knock-offs, captures and loads, whatever the plain step leaves unexplained.
fn explain(
    before: &[SeatLayout; 2],
    after: &[SeatLayout; 2],
    mover: Seat,
    moved: Option<(Place, Place)>,
    known: &[Effect],
) -> Vec<Effect> {
    let mut expected = before.clone();
    let me = &mut expected[mover.index()];
    // Without a moved piece, `from` and `to` stand for no place any effect names.
    let (from, to) = moved.unwrap_or((Place::Off, Place::Off));
    if moved.is_some() {
        match from {
            Place::Hand => me.hand = me.hand.saturating_sub(1),
            p => {
                if let Some(i) = me.board.iter().position(|&q| q == p) {
                    me.board.remove(i);
                }
            }
        }
        match to {
            Place::Off => me.off += 1,
            Place::Hand => me.hand += 1,
            p => me.board.push(p),
        }
    }
    for e in known {
        e.apply(mover, to, &mut expected);
    }
    let mut out = Vec::new();
    // Per seat: the board places gone and come, the change of the hand and of the trophies.
    let diff = |s: Seat, expected: &[SeatLayout; 2]| {
        let (e, a) = (&expected[s.index()], &after[s.index()]);
        let mut came = a.board.clone();
        let mut gone = Vec::new();
        for &p in &e.board {
            match came.iter().position(|&q| q == p) {
                Some(i) => {
                    came.remove(i);
                }
                None => gone.push(p),
            }
        }
        (
            gone,
            came,
            i16::from(a.hand) - i16::from(e.hand),
            i16::from(a.trophies) - i16::from(e.trophies),
        )
    };
    let other = mover.other();
    let (mut gone, mut came, mut hand, _) = diff(mover, &expected);
    // A capture the opponent was owed takes the mover's piece as soon as one stands on
    // the path: the moved piece itself, or one a load brought from hand.
    let (_, _, _, mut owed) = diff(other, &expected);
    gone.retain(|&p| {
        if owed > 0 {
            out.push(Effect::Captured {
                seat: mover,
                from: p,
            });
            owed -= 1;
            false
        } else {
            true
        }
    });
    // The moved piece did not stay where it arrived: it went back to hand (and a load may
    // have brought another from there at once).
    if moved.is_some() && gone.contains(&to) {
        out.push(Effect::BackToHand);
        hand -= 1;
    }
    while hand < 0 && !came.is_empty() {
        out.push(Effect::Loaded {
            seat: mover,
            to: came.remove(0),
        });
        hand += 1;
    }
    captured_from_hand(&mut out, mover, &mut hand, &mut owed);
    let (_, _, _, mut trophies) = diff(mover, &expected);
    let (gone_o, mut came_o, mut hand_o, _) = diff(other, &expected);
    while hand_o < 0 && came_o.len() > gone_o.len() {
        out.push(Effect::Loaded {
            seat: other,
            to: came_o.remove(0),
        });
        hand_o += 1;
    }
    for p in gone_o {
        if !came_o.is_empty() {
            let q = came_o.remove(0);
            out.push(if q == from {
                Effect::Exchange {
                    seat: other,
                    from: p,
                    to: q,
                }
            } else {
                Effect::SentTo {
                    seat: other,
                    from: p,
                    to: q,
                }
            });
        } else if hand_o > 0 {
            out.push(Effect::KnockedOff {
                seat: other,
                from: p,
            });
            hand_o -= 1;
        } else if trophies > 0 {
            out.push(Effect::Captured {
                seat: other,
                from: p,
            });
            trophies -= 1;
        }
    }
    captured_from_hand(&mut out, other, &mut hand_o, &mut trophies);
    out
}

/// Pieces that left a hand for no place on the board (`hand` below 0) were captured from it,
/// as long as captures (`captures`, counted down) are left to account for them: each is told
/// as a capture with `seat` and [`Place::Hand`].
fn captured_from_hand(out: &mut Vec<Effect>, seat: Seat, hand: &mut i16, captures: &mut i16) {
    while *hand < 0 && *captures > 0 {
        out.push(Effect::Captured {
            seat,
            from: Place::Hand,
        });
        *hand += 1;
        *captures -= 1;
    }
}
