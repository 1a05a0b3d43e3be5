//! Hints: the best move for the seat to decide, by the `hard` level.

use nefer_core::AnyGame;
use serde_json::{Value, json};

/// The hint for `game`, which waits for a decision. Runs a search: call it off the runtime.
pub fn hint(game: &AnyGame) -> Value {
    let spec = crate::api::hint_spec();
    let mut p = spec.build(0x5eed);
    let m = p.choose(game);
    json!({"move": m.to_string(), "player": spec.to_string(), "win_chance": null})
}
