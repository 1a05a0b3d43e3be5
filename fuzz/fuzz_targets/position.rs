//! Position strings (docs/dev/positions.md): any text is a game or a list of problems, never
//! a panic, and a game read writes back to a string that reads to the same game. A position
//! the reader accepts is one the engine can play from: its moves are generated, and each one
//! played gives a position that writes and reads back too.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nefer_core::{AnyGame, Game as _, MoveList, Status};

/// `game`'s position string, which must read back to the same string.
fn round_trip(game: &AnyGame) {
    let written = game.position();
    let again = AnyGame::from_position(&written)
        .unwrap_or_else(|e| panic!("{written:?} does not read back: {e}"));
    assert_eq!(
        again.position(),
        written,
        "the canonical string is a fixed point"
    );
}

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(game) = AnyGame::from_position(text) else {
        return;
    };
    round_trip(&game);
    let _ = game.board_text();
    match game.status() {
        Status::Over(_) => {}
        Status::Chance { .. } => {
            for (chance, _) in game.chance_outcomes() {
                let mut next = game.clone();
                next.play_chance_unchecked(chance);
                round_trip(&next);
            }
        }
        Status::Decide { .. } => {
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            for &m in &moves {
                let mut next = game.clone();
                next.play_unchecked(m);
                round_trip(&next);
            }
        }
    }
});
