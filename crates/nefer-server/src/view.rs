//! The game view of the API (docs/dev/api.md, "The game view"), built from the core's status,
//! layout and legal moves; and the frames of a replayed record.

use nefer_core::{Action, AnyGame, Chance, Game, Move, Outcome, Seat, SeatLayout, Status, Sticks};
use serde_json::{Value, json};

use crate::session::Session;

/// A seat's layout as JSON.
pub fn layout_json(l: &SeatLayout) -> Value {
    json!({
        "board": l.board.iter().map(ToString::to_string).collect::<Vec<_>>(),
        "hand": l.hand,
        "off": l.off,
        "trophies": l.trophies,
    })
}

/// Both seats' layouts, keyed `A` and `B`.
pub fn layouts_json(g: &AnyGame) -> Value {
    let [a, b] = g.layout();
    json!({"A": layout_json(&a), "B": layout_json(&b)})
}

/// Four stick bits as booleans, stick 0 first (`true`: the counted face shows).
pub fn sticks_json(s: Sticks) -> Value {
    json!((0..4).map(|i| s.counted(i)).collect::<Vec<_>>())
}

/// The status object; `names` words the reason when the game is over.
pub fn status_json(g: &AnyGame, names: &[String; 2]) -> Value {
    match g.status() {
        Status::Chance { seat } => json!({
            "kind": "throw", "seat": seat.map(|s| s.to_string()), "throw": null,
            "result": null, "reason": null,
        }),
        Status::Decide { seat, throw } => json!({
            "kind": "decide", "seat": seat.to_string(), "throw": throw.map(|t| t.value()),
            "result": null, "reason": null,
        }),
        Status::Over(o) => {
            let (result, reason) = over_reason(g, o, names);
            json!({"kind": "over", "seat": null, "throw": null, "result": result, "reason": reason})
        }
    }
}

/// The result and why, in words.
fn over_reason(g: &AnyGame, o: Outcome, names: &[String; 2]) -> (String, String) {
    let who = |s: Seat| format!("{} (seat {s})", names[s.index()]);
    match o {
        Outcome::Win(s) => {
            let l = &g.layout()[s.index()];
            let why = if l.board.is_empty() && l.hand == 0 {
                "every piece is borne off".to_owned()
            } else if let AnyGame::HjWashburne(w) = g {
                // The two ends of SPEC §4.5: the goal filled (path indices 55..59, WA-2), or
                // the loser knocked off with a full home box (WA-11).
                let on = w.indices_of(s);
                if on.len() == usize::from(nefer_core::hj::washburne::PIECES)
                    && on.iter().all(|&i| i >= 55)
                {
                    "its five pieces fill the opponent's home box".to_owned()
                } else {
                    format!(
                        "{} had a piece knocked off while its home box was full",
                        who(s.other())
                    )
                }
            } else if let AnyGame::HjSkiryuk(_) = g {
                // SK: the first to capture all five opposing pieces wins.
                format!(
                    "it has captured all {} of the opponent's pieces",
                    l.trophies
                )
            } else {
                "the game is won".to_owned()
            };
            (s.to_string(), format!("{} wins: {why}.", who(s)))
        }
        Outcome::Draw => {
            let common = g.common();
            let why = if common.capped(g.turns()) {
                format!(
                    "a draw: the cap of {} turns was reached (C-7).",
                    common.max_turns
                )
            } else {
                "a draw: neither seat can move any more (C-8).".to_owned()
            };
            ("draw".to_owned(), why)
        }
    }
}

/// The legal moves with the layout after each (empty unless a decision is due).
pub fn legal_json(g: &AnyGame) -> Value {
    if !matches!(g.status(), Status::Decide { .. }) {
        return json!([]);
    }
    let moves = nefer_players::sorted_moves(g);
    Value::Array(
        moves
            .iter()
            .map(|&m| {
                let mut after = g.clone();
                after.play_unchecked(m);
                let mut v = json!({"move": m.to_string(), "after": layouts_json(&after)});
                if let Move::Go { from, to } = m {
                    v["from"] = json!(from.to_string());
                    v["to"] = json!(to.to_string());
                }
                v
            })
            .collect(),
    )
}

/// The game view without `you` (the same for every watcher; the API adds `you`).
pub fn view(s: &Session) -> Value {
    let history: Vec<Value> = s
        .entries
        .iter()
        .enumerate()
        .map(|(i, e)| {
            let kind = match e.action {
                Action::Chance(Chance::Throw(_)) => "throw",
                Action::Chance(Chance::Seat(_)) => "seat",
                Action::Move(_) => "move",
            };
            let mut h = json!({
                "i": i, "seat": e.seat.map(|s| s.to_string()), "kind": kind,
                "token": nefer_core::record::action_token(e.action),
            });
            if let Action::Chance(Chance::Throw(t)) = e.action {
                h["sticks"] = sticks_json(e.sticks.unwrap_or_else(|| Sticks::showing(t)));
            }
            h
        })
        .collect();
    let last_sticks = s.entries.iter().rev().find_map(|e| match e.action {
        Action::Chance(Chance::Throw(t)) => Some(e.sticks.unwrap_or_else(|| Sticks::showing(t))),
        _ => None,
    });
    let names = s.seats.clone().map(|x| x.name);
    let seat = |i: usize| json!({"name": s.seats[i].name, "kind": if s.seats[i].computer { "computer" } else { "human" }});
    json!({
        "id": s.id,
        "rules": s.rules.key(),
        "options": s.options.to_string(),
        "mode": s.mode.as_str(),
        "seats": {"A": seat(0), "B": seat(1)},
        "you": [],
        "version": s.entries.len(),
        "status": status_json(&s.game, &names),
        "layout": layouts_json(&s.game),
        "legal": legal_json(&s.game),
        "sticks": last_sticks.map(sticks_json),
        "history": history,
        "turns": s.game.turns(),
        "can_undo": s.undo_point().is_some(),
        "board_text": s.game.board_text(),
    })
}

/// The view with `you` set to the seats a token holds.
pub fn view_for(base: &Value, you: &[Seat]) -> Value {
    let mut v = base.clone();
    v["you"] = json!(you.iter().map(ToString::to_string).collect::<Vec<_>>());
    v
}
