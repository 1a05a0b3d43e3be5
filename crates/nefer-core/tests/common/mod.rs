//! Helpers shared by the core's tests: scripted throws, sorted legal moves, moves by name, random
//! options.

#![allow(dead_code)]

use nefer_core::{Chance, Game, Move, MoveList, Options, RuleSetId, Seat, Status, Throw};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

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

/// The defaults for even seeds; for odd ones, each option of `id` drawn among the values the
/// engine implements (the listed ones, and samples of the `N` and `(0,1)` patterns).
pub fn options_for(id: RuleSetId, seed: u64) -> Options {
    let mut o = Options::new();
    if seed % 2 == 0 {
        return o;
    }
    let mut rng = ChaCha8Rng::seed_from_u64(seed ^ 0x0123_4567_89ab_cdef);
    let mut drawn = Vec::new();
    for spec in id.option_specs() {
        let mut values: Vec<&str> = spec
            .values
            .iter()
            .copied()
            .filter(|&v| v != "N" && v != "(0,1)" && spec.implements(v))
            .collect();
        if spec.implements("N") {
            values.push("150");
        }
        if spec.implements("(0,1)") {
            values.extend(["2/5", "3/5"]);
        }
        drawn.push((spec.name.clone(), values[rng.random_range(0..values.len())]));
    }
    // Random play under the Senet gate `all_in_last_row` (KE-22) takes up to hundreds of
    // thousands of actions to bring all pieces into the last row at once (pieces keep being sent
    // back); the game still ends, but only the C-7 cap keeps it within this test's bound.
    let slow = drawn
        .iter()
        .any(|(k, v)| k == "senet.bear_off_gate" && *v == "all_in_last_row");
    for (k, v) in drawn {
        let v = if slow && k.ends_with(".max_turns") {
            "150"
        } else {
            v
        };
        o.set(&k, v).unwrap();
    }
    o
}
