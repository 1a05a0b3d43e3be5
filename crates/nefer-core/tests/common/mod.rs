//! Helpers shared by the rule-clause tests: scripted throws, sorted legal moves, moves by name.

#![allow(dead_code)]

use nefer_core::{Chance, Game, Move, MoveList, Seat, Status, Throw};

/// Plays a throw of `t`.
pub fn throw<G: Game>(g: &mut G, t: u8) {
    g.play_chance(Chance::Throw(Throw::new(t).unwrap()))
        .unwrap();
}

/// The legal moves, as sorted strings.
pub fn legal<G: Game>(g: &G) -> Vec<String> {
    let mut m = MoveList::new();
    g.legal_moves(&mut m);
    let mut v: Vec<String> = m.iter().map(Move::to_string).collect();
    v.sort();
    v
}

/// Plays the move written `m`.
pub fn play<G: Game>(g: &mut G, m: &str) {
    g.play(m.parse().unwrap()).unwrap();
}

/// The seat whose throw is next, if a throw is next.
pub fn next_throw<G: Game>(g: &G) -> Option<Seat> {
    match g.status() {
        Status::Chance { seat } => seat,
        _ => None,
    }
}

/// Whether `v` holds the move `m`.
pub fn has(v: &[String], m: &str) -> bool {
    v.iter().any(|x| x == m)
}
