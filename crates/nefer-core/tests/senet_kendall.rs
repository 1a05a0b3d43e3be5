//! `senet.kendall`: the worked checks of SPEC §8.7, the rules of seed 002, the KE- defaults and
//! options that need a script or a look at the board, one test each, each failing if its clause
//! breaks. Seat A is green (even squares), B red (odd).
//! The clauses that come down to the legal moves at one position, or to what holds a few
//! actions after it (who throws next, the outcome, where the pieces stand), are rows of
//! `tests/clauses.rs`.

use nefer_core::senet::kendall::{State, new};
use nefer_core::{Game, Options, Outcome, Seat, Status};

mod common;
use common::{choose, deciding, legal, next_throw, play, run, throw};

common::positions!("senet.kendall", State);

/// The squares of `seat`'s pieces, in order.
fn squares(g: &State, seat: Seat) -> Vec<u8> {
    g.squares_of(seat).collect()
}

// --- SPEC §8.7 worked checks ---

#[test]
fn check_1_opening_green_on_evens_and_a_one_throws_again() {
    let mut g = State::default();
    assert_eq!(squares(&g, Seat::A), [2, 4, 6, 8, 10, 12, 14]);
    assert_eq!(squares(&g, Seat::B), [1, 3, 5, 7, 9, 11, 13]);
    throw(&mut g, 1);
    assert!(legal(&g).contains(&"14-15".to_owned()));
    play(&mut g, "14-15");
    assert_eq!(next_throw(&g), Some(Seat::A));
}

#[test]
fn check_3_attack_from_26_sends_the_piece_into_the_waters() {
    let g = after("A:5,28,off*5 B:1,26,off*5 B 2", "26-28");
    assert_eq!(g.at(28), Some(Seat::B));
    assert_eq!(g.at(27), Some(Seat::A));
    // 2 ends red's turn; green's next turn is a water turn (frozen).
    assert_eq!(
        g.status(),
        Status::Decide {
            seat: Seat::A,
            throw: None
        }
    );
    assert_eq!(legal(&g), ["27-15", "throw"]);
}

// --- seed 002, rule by rule ---

#[test]
fn seed_one_try_for_a_four_per_turn() {
    for t in [1, 2, 3, 5] {
        let mut g = after("A:5,27,off*5 B:1,off*6 A water", "throw");
        throw(&mut g, t);
        assert_eq!(legal(&g), ["pass"], "throw {t}");
        play(&mut g, "pass");
        assert_eq!(next_throw(&g), Some(Seat::B), "throw {t}");
    }
}

// --- KE defaults ---

#[test]
fn ke_2_ke_3_green_on_evens_throws_first() {
    let g = State::default();
    assert_eq!(next_throw(&g), Some(Seat::A));
    assert_eq!(g.at(14), Some(Seat::A));
    assert_eq!(g.at(13), Some(Seat::B));
}

#[test]
fn ke_4_ones_fours_and_fives_throw_again_twos_and_threes_do_not() {
    for (t, again) in [(1, true), (2, false), (3, false), (4, true), (5, true)] {
        let mut g = at("A:5,off*6 B:20,off*6 A throw");
        throw(&mut g, t);
        play(&mut g, &format!("5-{}", 5 + t));
        assert_eq!(next_throw(&g) == Some(Seat::A), again, "throw {t}");
    }
}

#[test]
fn ke_5_each_throw_is_played_at_once() {
    let mut g = State::default();
    throw(&mut g, 1);
    assert!(matches!(g.status(), Status::Decide { throw: Some(_), .. }));
}

#[test]
fn ke_25_seven_pieces_each() {
    let g = State::default();
    assert_eq!(g.squares_of(Seat::A).count(), 7);
    assert_eq!(g.squares_of(Seat::B).count(), 7);
}

// --- implemented options ---

fn with(opts: &str) -> State {
    new(&Options::parse(opts).unwrap()).unwrap()
}

#[test]
fn option_extra_throws_five_only_and_none() {
    let mut g = with("senet.kendall.extra_throws={5}");
    run(&mut g, "1 14-15");
    assert_eq!(next_throw(&g), Some(Seat::B));
    let mut g = with("senet.kendall.extra_throws=none");
    run(&mut g, "5 14-19");
    assert_eq!(next_throw(&g), Some(Seat::B));
}

#[test]
fn option_max_turns_ends_in_a_draw() {
    let mut g = with("senet.kendall.max_turns=2");
    run(&mut g, "2 14-16 2 13-15");
    assert_eq!(g.outcome(), Some(Outcome::Draw));
}

#[test]
fn option_stick_bias_changes_the_law() {
    let g = with("senet.kendall.stick_bias=0.6");
    let law: Vec<String> = g
        .chance_outcomes()
        .iter()
        .map(|(c, p)| format!("{c}:{p}"))
        .collect();
    assert_eq!(
        law,
        ["1:96/625", "2:216/625", "3:216/625", "4:81/625", "5:16/625"]
    );
}

#[test]
fn option_bear_off_gate_does_not_hold_the_waters() {
    // The exit from 27 is the escape of 8.5, not a bear-off from the end of the track.
    assert_eq!(
        legal(&after(
            "[bear_off_gate=first_row_empty] A:3,27,off*5 B:1,off*6 A water",
            "throw 4",
        )),
        ["27-off"]
    );
}

#[test]
fn option_water_freezes_false() {
    // KE-16: the other pieces move; a 4 may free the piece in 27 at any throw of the turn.
    let o = "senet.kendall.water_freezes=false";
    let mut g = at_with(o, "A:5,27,off*5 B:1,off*6 A water");
    assert_eq!(legal(&g), ["27-15", "throw"]);
    run(&mut g, "throw 1");
    choose(&mut g, &["5-6"], "5-6");
    assert_eq!(next_throw(&g), Some(Seat::A));
    throw(&mut g, 4);
    choose(&mut g, &["27-off", "6-10"], "27-off");
    assert_eq!(
        g.borne_off(Seat::A),
        6,
        "the five borne off before, and this one"
    );
    assert_eq!(next_throw(&g), Some(Seat::A), "a 4 throws again (KE-17)");
}

#[test]
fn option_rebirth_blocked_swap() {
    // KE-18: the give-up takes 15 and red's piece there goes to 27.
    let o = "senet.kendall.rebirth_blocked=swap";
    let mut g = at_with(o, "A:5,27,off*5 B:1,15,off*5 A water");
    choose(&mut g, &["27-15", "throw"], "27-15");
    assert_eq!((g.at(15), g.at(27)), (Some(Seat::A), Some(Seat::B)));
    // Red now plays a water turn, and may swap back.
    assert_eq!(legal(&g), ["27-15", "throw"]);
    // An own piece on 15: the swap would change nothing, so no give-up.
    assert_eq!(
        legal(&at_with(o, "A:15,27,off*5 B:1,off*6 A water")),
        ["throw"]
    );
}

#[test]
fn option_rebirth_must_move() {
    // KE-23: green's pair 8-9 loses protection until the reborn piece has moved...
    let o = "senet.kendall.rebirth_must_move=true";
    let mut g = at_with(o, "A:8,9,27,off*4 B:6,20,off*5 A water");
    run(&mut g, "27-15 2");
    choose(&mut g, &["20-22", "6-8"], "6-8");
    // ...and it must move next (8 is now red's, green's 9 and 6 could move too).
    throw(&mut g, 2);
    assert_eq!(legal(&g), ["15-17"]);
    run(&mut g, "15-17 2 20-22 2");
    assert_eq!(legal(&g), ["17-19", "6-8", "9-11"]);
    // Without the option: the pair protects, and any piece may move.
    assert_eq!(
        legal(&after("A:8,9,27,off*4 B:6,20,off*5 A water", "27-15 2")),
        ["20-22"]
    );
}

#[test]
fn option_bear_off_optional() {
    // KE-27: a throw that can only bear off may be passed.
    let o = "senet.kendall.bear_off_optional=true";
    assert_eq!(
        moves_with(o, "A:30,off*6 B:1,off*6 A 2"),
        ["30-off", "pass"]
    );
    assert_eq!(
        moves_with(o, "A:5,30,off*5 B:1,off*6 A 2"),
        ["30-off", "5-7"]
    );
    let mut g = at_with(o, "A:30,off*6 B:1,off*6 A 2");
    play(&mut g, "pass");
    assert_eq!(next_throw(&g), Some(Seat::B));
}

#[test]
fn option_setup_first_on_odd() {
    // KE-2: green, still first, starts on the odd squares.
    let g = with("senet.kendall.setup=first_on_odd");
    assert_eq!(squares(&g, Seat::A), [1, 3, 5, 7, 9, 11, 13]);
    assert_eq!(squares(&g, Seat::B), [2, 4, 6, 8, 10, 12, 14]);
    assert_eq!(next_throw(&g), Some(Seat::A));
}

#[test]
fn option_opening_first_to_throw_one() {
    // KE-3: the game opens with green's 1, played by the front piece, then green throws again.
    let mut g = with("senet.kendall.opening=first_to_throw_one");
    assert_eq!(g.status(), deciding(Seat::A, 1));
    choose(&mut g, &["14-15"], "14-15");
    assert_eq!(next_throw(&g), Some(Seat::A));
    // With green on the odd squares the front piece is 13 (exchanging with red's 14).
    let g = with("senet.kendall.opening=first_to_throw_one, senet.kendall.setup=first_on_odd");
    assert_eq!(legal(&g), ["13-14"]);
}

#[test]
fn option_trap_on() {
    // KE-26: an overshoot of 26 falls into 27 and ends the turn (KE-20).
    let o = "senet.kendall.trap=on";
    let mut g = at_with(o, "A:23,off*6 B:1,off*6 A 4");
    choose(&mut g, &["23-27"], "23-27");
    assert_eq!(g.at(27), Some(Seat::A));
    assert_eq!(next_throw(&g), Some(Seat::B));
    // It is a forward move, chosen among the others.
    assert_eq!(
        moves_with(o, "A:10,25,off*5 B:1,off*6 A 2"),
        ["10-12", "25-27"]
    );
    // With 27 taken the overshoot stays illegal.
    assert_eq!(moves_with(o, "A:23,off*6 B:1,27,off*5 A 4"), ["23-19"]);
}

#[test]
fn option_pieces_5() {
    // KE-25: five pieces each, alternating on 1..10, and five borne off win.
    let g = with("senet.pieces=5");
    assert_eq!(squares(&g, Seat::A), [2, 4, 6, 8, 10]);
    assert_eq!(squares(&g, Seat::B), [1, 3, 5, 7, 9]);
    let g = with("senet.pieces=5, senet.kendall.setup=first_on_odd");
    assert_eq!(squares(&g, Seat::A), [1, 3, 5, 7, 9]);
    let g = after("[pieces=5] A:30,off*4 B:1,off*4 A 2", "30-off");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat::A)));
    assert_eq!(
        after("A:5,7,30,off*4 B:1,off*6 A 2", "30-off").outcome(),
        None,
        "seven are needed by default"
    );
}

#[test]
fn unknown_options_and_values_are_errors() {
    let e = new(&Options::parse("senet.kendall.frobnicate=1").unwrap()).unwrap_err();
    assert!(e.to_string().contains("unknown option"));
    let e = new(&Options::parse("senet.kendall.throw_mode=collect").unwrap()).unwrap_err();
    assert!(e.to_string().contains("not a value"));
    let e = new(&Options::parse("senet.kendall.extra_throws={2}").unwrap()).unwrap_err();
    assert!(e.to_string().contains("not a value"));
}
