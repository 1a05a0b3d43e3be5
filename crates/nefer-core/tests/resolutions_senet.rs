//! The Senet resolutions of SPEC §13 (2026-11-25): Kendall's `throw_mode=accumulate`, the
//! blockade's reach, a declinable exit from the Waters and what `max_turns` counts
//! . One test per clause, each failing if its clause breaks. Seat A is green (even squares).
//! The clauses that come down to the legal moves at one position, or to what holds a few
//! actions after it (who throws next, the outcome, where the pieces stand), are rows of
//! `tests/clauses.rs`.

use nefer_core::senet::{kendall, school};
use nefer_core::{Game, Options, Outcome, Seat, Status};

mod common;
use common::{choose, deciding, legal, next_throw, play, run, throw};

fn opts(o: &str) -> Options {
    Options::parse(o).unwrap()
}

/// The position string of a Senet game `key` with seat A on squares `a`, B on `b` (the other
/// pieces of each seat borne off), `to_move` about to throw, or to make his water choice with a
/// piece on 27 in Kendall (8.5; the school sheet's water turn is an option, SB-18).
fn senet(key: &str, a: &[u8], b: &[u8], to_move: Seat) -> String {
    let seat = |label: &str, squares: &[u8]| {
        let mut items: Vec<String> = squares.iter().map(u8::to_string).collect();
        match 7 - squares.len() {
            0 => {}
            1 => items.push("off".into()),
            n => items.push(format!("off*{n}")),
        }
        format!("{label}:{}", items.join(","))
    };
    let mover = if to_move == Seat::A { a } else { b };
    let water = key == "senet.kendall" && mover.contains(&27);
    let stage = if water { "water" } else { "throw" };
    format!("{key} {} {} {to_move} {stage}", seat("A", a), seat("B", b))
}

/// A Kendall position under `o` (see [`senet`]).
fn kendall(a: &[u8], b: &[u8], to_move: Seat, o: &str) -> kendall::State {
    common::pos_with(&senet("senet.kendall", a, b, to_move), o)
}

const ACC: &str = "senet.kendall.throw_mode=accumulate";

/// The moves of each value `ts` in the immediate mode in `g`'s position, written as R-4 spends
/// them (`4:26-off`), sorted: what a spending decision must list.
fn spent(a: &[u8], b: &[u8], ts: &[u8]) -> Vec<String> {
    let mut all = Vec::new();
    for &t in ts {
        let mut g = kendall(a, b, Seat::A, "");
        throw(&mut g, t);
        all.extend(
            legal(&g)
                .into_iter()
                .filter(|m| m != "pass")
                .map(|m| format!("{t}:{m}")),
        );
    }
    all.sort();
    all
}

fn decides_without_a_throw<G: Game>(g: &G, seat: Seat) -> bool {
    g.status() == Status::Decide { seat, throw: None }
}

// --- Kendall's accumulated throws ---

#[test]
fn r_4_throws_are_collected_while_they_earn_one_then_spent_one_decision_at_a_time() {
    let (a, b) = ([2, 4, 6, 8, 10, 12, 14], [1, 3, 5, 7, 9, 11, 13]);
    let mut g = kendall(&a, &b, Seat::A, ACC);
    // 1 and 4 earn another throw (KE-4): still collecting, no decision yet.
    throw(&mut g, 1);
    assert_eq!(next_throw(&g), Some(Seat::A));
    throw(&mut g, 4);
    assert_eq!(next_throw(&g), Some(Seat::A));
    // A 2 ends the collection: one decision (throw null) lists the moves of every value.
    throw(&mut g, 2);
    assert!(decides_without_a_throw(&g, Seat::A));
    assert_eq!(g.collected().len(), 3);
    assert_eq!(legal(&g), spent(&a, &b, &[1, 2, 4]));
    // Spending the 4 leaves the 1 and the 2, listed for the new position.
    play(&mut g, "4:14-18");
    assert_eq!(legal(&g), spent(&[2, 4, 6, 8, 10, 12, 18], &b, &[1, 2]));
    play(&mut g, "2:18-20");
    assert!(legal(&g).iter().all(|m| m.starts_with("1:")));
    play(&mut g, "1:20-21");
    // Every value spent: the turn passes.
    assert_eq!(next_throw(&g), Some(Seat::B));
}

#[test]
fn r_4_each_value_has_its_own_forward_penalty_or_backward_moves() {
    // Red's 23 and 24 protect each other: green's 21 has no forward move for a 2 or a 3 and
    // must go back with it, while a 1 goes forward (8.2 step 2 per value).
    let mut g = kendall(&[21], &[23, 24], Seat::A, ACC);
    run(&mut g, "1 2");
    assert_eq!(legal(&g), ["1:21-22", "2:21-19"]);
    // The 26→27 penalty is the move of its value (8.4).
    let mut g = kendall(&[26], &[28, 29], Seat::A, ACC);
    run(&mut g, "1 3");
    assert_eq!(legal(&g), ["1:26-27", "3:26-27"]);
}

#[test]
fn r_4_no_move_for_any_value_is_a_lone_pass_that_loses_them_all() {
    // Green's only piece is on 28: it leaves on a 3 only.
    let mut g = kendall(&[28], &[1], Seat::A, ACC);
    run(&mut g, "4 2");
    choose(&mut g, &["pass"], "pass");
    assert_eq!(next_throw(&g), Some(Seat::B));
    assert!(g.collected().is_empty());
}

#[test]
fn r_4_a_piece_entering_27_ends_the_turn_and_loses_the_values_left() {
    let mut g = kendall(&[26, 10], &[1], Seat::A, ACC);
    run(&mut g, "1 2");
    choose(
        &mut g,
        &["1:10-11", "1:26-27", "2:10-12", "2:26-28"],
        "1:26-27",
    );
    assert_eq!(next_throw(&g), Some(Seat::B));
    assert!(g.collected().is_empty());
    // Spending the other value first keeps the turn going.
    let mut g = kendall(&[26, 10], &[1], Seat::A, ACC);
    run(&mut g, "1 2 2:10-12");
    assert_eq!(legal(&g), ["1:12-13", "1:26-27"]);
}

#[test]
fn r_4_after_the_four_that_frees_27_the_turn_goes_on_as_a_collection() {
    let mut g = kendall(&[27, 10], &[1], Seat::A, ACC);
    choose(&mut g, &["27-15", "throw"], "throw");
    throw(&mut g, 4);
    // The try is a plain decision, with its throw (8.5).
    assert_eq!(g.status(), deciding(Seat::A, 4));
    choose(&mut g, &["27-off"], "27-off");
    assert_eq!(next_throw(&g), Some(Seat::A));
    run(&mut g, "5 3");
    assert_eq!(legal(&g), ["3:10-13", "5:10-15"]);
}

#[test]
fn r_4_a_pass_beside_the_moves_loses_every_value_left() {
    let o = format!("{ACC}, senet.kendall.compulsory_move=false");
    let mut g = kendall(&[10], &[1], Seat::A, &o);
    run(&mut g, "4 2");
    choose(&mut g, &["2:10-12", "4:10-14", "pass"], "pass");
    assert_eq!(next_throw(&g), Some(Seat::B));
    // KE-27: a pass beside bear-offs only.
    let o = format!("{ACC}, senet.kendall.bear_off_optional=true");
    let mut g = kendall(&[30], &[1], Seat::A, &o);
    throw(&mut g, 2);
    assert_eq!(legal(&g), ["2:30-off", "pass"]);
}

#[test]
fn r_4_the_reborn_piece_must_move_in_each_spending_decision() {
    // KE-23: after giving up, the piece on 15 moves next when it can, whatever the value.
    let o = format!("{ACC}, senet.kendall.rebirth_must_move=true");
    let mut g = kendall(&[27, 5], &[1], Seat::A, &o);
    play(&mut g, "27-15");
    throw(&mut g, 3); // red
    run(&mut g, "3:1-4 1 2");
    assert_eq!(legal(&g), ["1:15-16", "2:15-17"]);
}

// --- what a blockade stops ---

#[test]
fn r_15_a_blockade_on_28_to_30_stops_the_exit_from_27_in_both_senets() {
    let block = "senet.kendall.blockade=3";
    // Kendall's water turn: the 4 is thrown, but the exit passes red's 28, 29, 30.
    let mut g = kendall(&[27, 10], &[28, 29, 30], Seat::A, block);
    run(&mut g, "throw 4");
    choose(&mut g, &["pass"], "pass");
    assert_eq!(next_throw(&g), Some(Seat::B));
    let mut g = kendall(&[27, 10], &[28, 29, 30], Seat::A, "");
    run(&mut g, "throw 4");
    assert_eq!(legal(&g), ["27-off"]);
    // KE-16 `false`: the 4 that would free the piece moves another one.
    let free = "senet.kendall.water_freezes=false";
    let mut g = kendall(
        &[27, 10],
        &[28, 29, 30],
        Seat::A,
        &format!("{block}, {free}"),
    );
    run(&mut g, "throw 4");
    assert_eq!(legal(&g), ["10-14"]);
    // The school sheet's trap.
    let school = |o: &str| {
        let mut g: school::State =
            common::pos_with(&senet("senet.school", &[27, 10], &[28, 29, 30], Seat::A), o);
        throw(&mut g, 4);
        legal(&g)
    };
    assert_eq!(school("senet.school.blockade=3"), ["pass"]);
    assert_eq!(school(""), ["27-off"]);
}

#[test]
fn r_15_a_bear_off_passes_the_squares_up_to_30() {
    // From 26 a 5 passes 27..30: red's 27, 28, 29 stop it.
    let mut g = kendall(
        &[26, 10],
        &[27, 28, 29],
        Seat::A,
        "senet.kendall.blockade=3",
    );
    throw(&mut g, 5);
    assert_eq!(legal(&g), ["10-15"]);
}

// --- a declinable exit from the Waters ---

#[test]
fn r_16_the_four_that_frees_27_may_be_declined_under_bear_off_optional() {
    let o = "senet.kendall.bear_off_optional=true";
    let mut g = kendall(&[27, 10], &[1], Seat::A, o);
    run(&mut g, "throw 4");
    assert_eq!(legal(&g), ["27-off", "pass"]);
    // Declined: the piece stays in the Waters and the turn ends, as a failed try.
    play(&mut g, "pass");
    assert_eq!(g.at(27), Some(Seat::A));
    assert_eq!(next_throw(&g), Some(Seat::B));
    // By default the exit is compulsory.
    let mut g = kendall(&[27, 10], &[1], Seat::A, "");
    run(&mut g, "throw 4");
    assert_eq!(legal(&g), ["27-off"]);
}

// --- what the turn cap counts ---

#[test]
fn r_17_school_the_search_for_a_one_is_no_turn() {
    // SB-3 `use_the_one` (the 1 that decided the seats is A's first turn): tests/clauses.rs.
    // SB-4 `simultaneous` only decides the seats: the game starts with turn 1.
    let mut g = school::new(&opts(
        "senet.school.opening_throws=simultaneous, senet.school.max_turns=1",
    ))
    .unwrap();
    assert_eq!(g.turns(), 1);
    run(&mut g, "2 14-16");
    assert_eq!(g.outcome(), Some(Outcome::Draw));
}
