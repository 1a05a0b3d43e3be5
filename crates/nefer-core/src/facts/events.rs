//! What happened in a game, action by action, in words: who was drawn to throw first, each
//! throw (whose, its value, whether it is a bonus or another throw of the same turn), each move
//! with what it did, each lost throw with why, and the end of the game with its reason.

use super::board::BoardFacts;
use super::moves::{MoveFacts, facts_of, only_move};
use super::words::{Names, Voice, on_place};
use crate::game::{Action, Chance, Game, Outcome, Place, PlayError, Seat, Status};
use crate::rules::AnyGame;
use crate::sticks::{DicePair, Throw};

/// How a game ended, and why.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct End {
    /// The result.
    pub outcome: Outcome,
    /// Why.
    pub reason: EndReason,
}

/// Why a game ended.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum EndReason {
    /// The winner bore off every piece.
    AllBorneOff,
    /// The winner captured every opposing piece (`hj.skiryuk`).
    AllCaptured {
        /// How many.
        pieces: u8,
    },
    /// The winner's pieces fill the opponent's home box (`hj.washburne`, WA-2).
    GoalFilled,
    /// The loser has a knocked-off piece and a full home box, so the piece can never come back
    /// (000-WA§15.7, SPEC §4.5): however the state came about (a knock-off into a full box, or
    /// the box filled while a piece was off), at once or at the failed try to bring it back
    /// (WA-11).
    HomeBlocked,
    /// The C-7 cap of this many turns was reached: a draw.
    TurnCap {
        /// The cap.
        turns: u32,
    },
    /// Neither seat can move any more (C-8): a draw.
    Jammed,
}

impl End {
    /// The end in words, naming the seats with `names`: "Ahmose (seat A) wins: every piece
    /// is borne off."
    pub fn words(&self, names: &Names<'_>) -> String {
        match self.outcome {
            Outcome::Win(s) => {
                let why = match self.reason {
                    EndReason::AllBorneOff => "every piece is borne off".to_owned(),
                    EndReason::AllCaptured { pieces } => {
                        format!("it has captured all {pieces} of the opponent's pieces")
                    }
                    EndReason::GoalFilled => {
                        "its five pieces fill the opponent's home box".to_owned()
                    }
                    // SPEC §4.5: the state lost in, not the order it came about in (the box
                    // may fill after the knock-off), true under both WA-11 values.
                    EndReason::HomeBlocked => format!(
                        "{} has a knocked-off piece, and every hole of its home box is taken, so the piece can never come back",
                        names.with_seat(s.other())
                    ),
                    EndReason::TurnCap { .. } | EndReason::Jammed => "the game is won".to_owned(),
                };
                format!("{} wins: {why}.", names.with_seat(s))
            }
            Outcome::Draw => match self.reason {
                EndReason::TurnCap { turns } => {
                    format!("a draw: the cap of {turns} turns was reached (C-7).")
                }
                _ => "a draw: neither seat can move any more (C-8).".to_owned(),
            },
        }
    }
}

/// How `g` ended, if it is over.
pub fn end_of(g: &AnyGame) -> Option<End> {
    let Status::Over(outcome) = g.status() else {
        return None;
    };
    let reason = match outcome {
        Outcome::Win(s) => g.describe().win_reason(s),
        Outcome::Draw if g.common().capped(g.turns()) => EndReason::TurnCap {
            turns: g.common().max_turns,
        },
        Outcome::Draw => EndReason::Jammed,
    };
    Some(End { outcome, reason })
}

/// What a throw is, beyond its value.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum ThrowKind {
    /// The first throw of a turn.
    Turn,
    /// Another throw of the same turn (a bonus or extra throw the last move or throw earned).
    Again,
    /// A bonus throw only the piece on `piece` may use (FR-2).
    Bonus {
        /// The piece's place.
        piece: Place,
    },
    /// An opening throw, deciding who starts (SK-1, SK-2).
    Opening,
    /// A throw looking for the first 1, which starts the game (FR-1).
    SeekingOne,
    /// The water turn's try for a 4 (8.5).
    WaterTry,
}

/// One action of a game, described.
#[derive(Clone, Debug, PartialEq, Eq)]
pub enum Event {
    /// `seat` was drawn to throw first (C-9).
    FirstPlayer {
        /// The seat.
        seat: Seat,
    },
    /// `seat` threw the sticks.
    Throw {
        /// Who threw.
        seat: Seat,
        /// The score.
        value: Throw,
        /// What kind of throw.
        kind: ThrowKind,
        /// How the game ends with it, if it does (a turn cap reached by an opening throw).
        ends: Option<End>,
    },
    /// `seat` threw two d4 (`hj.washburne.dice=two_d4`, R-5).
    Dice {
        /// Who threw.
        seat: Seat,
        /// The dice.
        dice: DicePair,
        /// What kind of throw.
        kind: ThrowKind,
        /// How the game ends with it, if it does.
        ends: Option<End>,
    },
    /// A seat decided: a move, a pass, a water try.
    Move(MoveFacts),
}

impl Event {
    /// The seat that acted, if any (a draw of the first player has none).
    pub fn seat(&self) -> Option<Seat> {
        match self {
            Event::FirstPlayer { .. } => None,
            Event::Throw { seat, .. } | Event::Dice { seat, .. } => Some(*seat),
            Event::Move(m) => Some(m.seat),
        }
    }

    /// The event in words, naming the seats with `names`: "Ahmose throws 4 again.",
    /// "Nefertari enters a piece on 1: another throw follows, …" (places as the board shows
    /// them to the seat that acted).
    pub fn words(&self, names: &Names<'_>) -> String {
        match self {
            Event::FirstPlayer { seat } => format!("{} is drawn to throw first.", names.of(*seat)),
            Event::Throw {
                seat,
                value,
                kind,
                ends,
            } => throw_words(names, *seat, &value.to_string(), *kind, ends.as_ref()),
            Event::Dice {
                seat,
                dice,
                kind,
                ends,
            } => throw_words(names, *seat, &dice.to_string(), *kind, ends.as_ref()),
            Event::Move(m) => {
                let mut text = format!("{} {}", names.of(m.seat), m.words(Voice::Third, names));
                if !text.ends_with('.') {
                    text.push('.');
                }
                text
            }
        }
    }
}

/// "Ahmose throws 4 again.": a throw of `value` by `seat`, of `kind`, and the end it brings.
fn throw_words(
    names: &Names<'_>,
    seat: Seat,
    value: &str,
    kind: ThrowKind,
    ends: Option<&End>,
) -> String {
    let what = match kind {
        ThrowKind::Turn => String::new(),
        ThrowKind::Again => " again".to_owned(),
        ThrowKind::Bonus { piece } => {
            format!(
                ": a bonus throw for the piece {} alone",
                on_place(piece, seat, names)
            )
        }
        ThrowKind::Opening => " to decide who starts".to_owned(),
        ThrowKind::SeekingOne => ", looking for the 1 that starts the game".to_owned(),
        ThrowKind::WaterTry => ", trying for a 4".to_owned(),
    };
    let mut text = format!("{} throws {value}{what}.", names.of(seat));
    if let Some(end) = ends {
        text.push(' ');
        text.push_str(&end.words(names));
    }
    text
}

/// A game's events, told action by action from its start: feed it the actions in order.
#[derive(Clone, Debug)]
pub struct Chronicle {
    game: AnyGame,
    board: BoardFacts,
    /// The seat of the last decision and the turn it was made in.
    last: Option<(Seat, u32)>,
}

impl Chronicle {
    /// A chronicle of the game that starts at `start`.
    pub fn new(start: &AnyGame) -> Chronicle {
        Chronicle {
            board: start.describe().board(),
            game: start.clone(),
            last: None,
        }
    }

    /// The position the next action is played at.
    pub fn game(&self) -> &AnyGame {
        &self.game
    }

    /// Describes `action` at the current position and plays it.
    ///
    /// # Errors
    /// As [`Game::apply`]: the action is not possible there (the chronicle is then unchanged).
    pub fn push(&mut self, action: Action) -> Result<Event, PlayError> {
        match action {
            Action::Chance(c) => {
                let status = self.game.status();
                let turns = self.game.turns();
                let kind = self.game.describe().throw_kind();
                self.game.play_chance(c)?;
                let kind_of = |seat| {
                    kind.unwrap_or(if self.last == Some((seat, turns)) {
                        ThrowKind::Again
                    } else {
                        ThrowKind::Turn
                    })
                };
                Ok(match (c, status) {
                    (Chance::Seat(seat), _) => Event::FirstPlayer { seat },
                    (Chance::Dice(dice), Status::Chance { seat: Some(seat) }) => Event::Dice {
                        seat,
                        dice,
                        kind: kind_of(seat),
                        ends: end_of(&self.game),
                    },
                    (Chance::Throw(value), Status::Chance { seat: Some(seat) }) => Event::Throw {
                        seat,
                        value,
                        kind: kind_of(seat),
                        ends: end_of(&self.game),
                    },
                    // `play_chance` checked the outcome: a throw is only due from a seat.
                    (Chance::Throw(_) | Chance::Dice(_), _) => {
                        unreachable!("a throw where none is due")
                    }
                })
            }
            Action::Move(m) => {
                let mut after = self.game.clone();
                after.play(m)?;
                let facts = facts_of(&self.game, &self.board, m, &after, || only_move(&self.game));
                self.last = Some((facts.seat, self.game.turns()));
                self.game = after;
                Ok(Event::Move(facts))
            }
        }
    }
}
