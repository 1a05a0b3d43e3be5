//! `senet.school`: the worked checks of SPEC §9.6, rules 1–12 of seed 004, the SB- defaults and
//! options that need a script or a look at the board, one test each, each failing if its clause
//! breaks. Seat A holds the even squares and starts.
//! The clauses that come down to the legal moves at one position, or to what holds a few
//! actions after it (who throws next, the outcome, where the pieces stand), are rows of
//! `tests/clauses.rs`.

use nefer_core::senet::school::{State, new};
use nefer_core::{Game, Options, Outcome, Seat};

mod common;
use common::{choose, deciding, legal, next_throw, play, run, winner};

common::positions!("senet.school", State);

/// The squares of `seat`'s pieces, in order.
fn squares(g: &State, seat: Seat) -> Vec<u8> {
    g.squares_of(seat).collect()
}

// --- SPEC §9.6 worked checks ---

// --- seed 004, rules 1–12 ---

#[test]
fn rule_1_odd_and_even_squares() {
    let g = State::default();
    assert_eq!(squares(&g, Seat::A), [2, 4, 6, 8, 10, 12, 14]);
    assert_eq!(squares(&g, Seat::B), [1, 3, 5, 7, 9, 11, 13]);
}

#[test]
fn rule_2_the_throw_law() {
    let law: Vec<String> = State::default()
        .chance_outcomes()
        .iter()
        .map(|(c, p)| format!("{c}:{p}"))
        .collect();
    assert_eq!(law, ["1:1/4", "2:3/8", "3:1/4", "4:1/16", "5:1/16"]);
}

// --- SB defaults ---

// --- implemented options ---

#[test]
fn option_max_turns() {
    let mut g = new(&Options::parse("senet.school.max_turns=1").unwrap()).unwrap();
    run(&mut g, "2 14-16");
    assert_eq!(g.outcome(), Some(Outcome::Draw));
}

#[test]
fn option_one_from_26_to_27() {
    // SB-10 `to_27`: a 1 takes the counter from 26 into 27, if 27 is empty.
    let o = "senet.school.one_from_26=to_27";
    assert_eq!(moves("A:10,26,off*5 B:1,off*6 A 1"), ["10-11"]);
    assert_eq!(
        moves_with(o, "A:10,26,off*5 B:1,off*6 A 1"),
        ["10-11", "26-27"]
    );
    assert_eq!(moves_with(o, "A:26,off*6 B:1,27,off*5 A 1"), ["26-25"]);
    // Then the counter is frozen there as any other (004§11).
    let mut g = at_with(o, "A:10,26,off*5 B:1,off*6 A 1");
    run(&mut g, "26-27 2 1-3 1");
    assert_eq!(legal(&g), ["pass"]);
}

#[test]
fn option_water_give_up() {
    // SB-18 `water_give_up`: before throwing, the counter on 27 may go to 15, using the turn.
    let water = "[water_give_up=true] A:5,27,off*5 B:1,off*6 A water";
    let mut g = at(water);
    choose(&mut g, &["27-15", "throw"], "27-15");
    assert_eq!(g.at(15), Some(Seat::A));
    assert_eq!(next_throw(&g), Some(Seat::B));
    // Or throw: only a 4 frees it, as by default.
    let mut g = at(water);
    run(&mut g, "throw 2");
    assert_eq!(legal(&g), ["pass"]);
    // 15 taken: the nearest empty square before it (as KE-18).
    assert_eq!(
        moves("[water_give_up=true] A:5,27,off*5 B:14,15,off*5 A water"),
        ["27-13", "throw"]
    );
}

#[test]
fn option_opening_use_the_one() {
    // SB-3 `use_the_one`: the opening 1 is A's first throw, played at once; a 1 earns no
    // further throw (004§8), so B throws next.
    let mut g = new(&Options::parse("senet.school.opening=use_the_one").unwrap()).unwrap();
    assert_eq!(g.status(), deciding(Seat::A, 1));
    assert_eq!(
        legal(&g),
        ["10-11", "12-13", "14-15", "2-3", "4-5", "6-7", "8-9"]
    );
    play(&mut g, "14-15");
    assert_eq!(next_throw(&g), Some(Seat::B));
}

#[test]
fn option_opening_throws_simultaneous() {
    // SB-4: how the first 1 is thrown for only decides who takes seat A (NOTATION §4).
    let g = new(&Options::parse("senet.school.opening_throws=simultaneous").unwrap()).unwrap();
    assert_eq!(g, State::default());
}

#[test]
fn option_pieces_5() {
    // KE-25 (both Senets): five counters each on 1..10, and five removed win.
    let g = new(&Options::parse("senet.pieces=5").unwrap()).unwrap();
    assert_eq!(squares(&g, Seat::A), [2, 4, 6, 8, 10]);
    assert_eq!(squares(&g, Seat::B), [1, 3, 5, 7, 9]);
    assert_eq!(
        winner(&after("[pieces=5] A:30,off*4 B:1,off*4 A 1", "30-off")),
        Some(Seat::A)
    );
}

#[test]
fn unknown_or_unimplemented_options_are_errors() {
    assert!(
        new(&Options::parse("senet.school.x=1").unwrap())
            .unwrap_err()
            .to_string()
            .contains("unknown option")
    );
    assert!(
        new(&Options::parse("senet.pieces=6").unwrap())
            .unwrap_err()
            .to_string()
            .contains("not a value")
    );
}
