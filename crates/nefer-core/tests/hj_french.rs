//! `hj.french`: the rules of seed 003 and the FR- defaults of SPEC §6. Seat A plays side L.
//! The clauses that come down to the legal moves at one position, or to what holds a few
//! actions after it (who throws next, the outcome, where the pieces stand), are rows of
//! `tests/clauses.rs`.

use nefer_core::hj::french::{State, new};
use nefer_core::{Chance, Game, Options, Outcome, Seat, Status};

mod common;
use common::{choose, legal, next_throw, play, run, throw};

common::positions!("hj.french", State);

#[test]
fn opening_throws_alternate_until_a_one_without_decisions() {
    let mut g = State::default();
    assert_eq!(
        g.status(),
        Status::Chance { seat: None },
        "FR-1: the first thrower is drawn"
    );
    g.play_chance(Chance::Seat(Seat::B)).unwrap();
    throw(&mut g, 3);
    assert_eq!(
        next_throw(&g),
        Some(Seat::A),
        "no decision after a non-1 opening throw"
    );
    throw(&mut g, 2);
    assert_eq!(next_throw(&g), Some(Seat::B));
    throw(&mut g, 1);
    choose(&mut g, &["hand-R1"], "hand-R1");
    // The re-throw is for that piece.
    assert_eq!(next_throw(&g), Some(Seat::B));
    throw(&mut g, 3);
    choose(&mut g, &["R1-R4"], "R1-R4");
    // Then the other player's normal turn: a throw he cannot use is a `pass` decision.
    throw(&mut g, 2);
    assert_eq!(legal(&g), ["pass"]);
}

#[test]
fn fr_3_every_entry_needs_a_one_and_re_throws() {
    assert_eq!(moves("A:hand*5 B:hand*5 A 2"), ["pass"]);
    let mut g = at("A:L10,hand*4 B:hand*5 A 1");
    assert_eq!(legal(&g), ["L10-L11", "hand-L1"]);
    run(&mut g, "hand-L1 2");
    assert_eq!(legal(&g), ["L1-L3"], "FR-2: only the entered piece");
}

#[test]
fn fr_6_only_1_15_25_re_throw() {
    for (from, t, to, again) in [
        (12u8, 3u8, 15u8, true),
        (22, 3, 25, true),
        (17, 3, 20, false),
        (4, 2, 20, false),
        (7, 3, 10, false),
    ] {
        let mut g = at(&format!("A:L{from},hand*4 B:hand*5 A {t}"));
        play(&mut g, &format!("L{from}-L{to}"));
        assert_eq!(next_throw(&g) == Some(Seat::A), again, "{from}->{to}");
    }
}

#[test]
fn no_jam_and_every_random_game_has_a_winner() {
    common::random_playouts(9, 300, |g: &State| {
        assert!(matches!(g.outcome(), Some(Outcome::Win(_))));
        assert_eq!(g.out(Seat::A).max(g.out(Seat::B)), 5);
    });
}

#[test]
fn options_are_checked() {
    assert!(new(&Options::parse("hj.lines=sideways").unwrap()).is_err());
    assert!(new(&Options::parse("hj.french.max_turns=3").unwrap()).is_ok());
    assert!(new(&Options::parse("hj.french.opening=x").unwrap()).is_err());
}

#[test]
fn c_9_a_first_player_fixed_by_option_throws_first_without_a_draw() {
    for (value, seat) in [("p1", Seat::A), ("p2", Seat::B)] {
        let mut g =
            new(&Options::parse(&format!("hj.french.first_player={value}")).unwrap()).unwrap();
        assert_eq!(g.status(), Status::Chance { seat: Some(seat) }, "{value}");
        assert_eq!(g.turns(), 1, "{value}: his first throw is turn 1");
        assert!(g.play_chance(Chance::Seat(seat)).is_err(), "no seat token");
        // The search for a 1 goes on as usual (FR-1).
        throw(&mut g, 2);
        assert_eq!(next_throw(&g), Some(seat.other()), "{value}");
    }
}

#[test]
fn c_2_an_opening_one_may_be_declined_and_the_search_goes_on() {
    let mut g = new(&Options::parse("hj.french.compulsory_move=false").unwrap()).unwrap();
    g.play_chance(Chance::Seat(Seat::A)).unwrap();
    throw(&mut g, 1);
    choose(&mut g, &["hand-L1", "pass"], "pass");
    // Nobody has entered: B throws for a 1, and a miss is no decision (§6.2).
    throw(&mut g, 3);
    assert_eq!(next_throw(&g), Some(Seat::A));
    // Once a piece is in, a declined throw is an ordinary lost throw.
    run(&mut g, "1 hand-L1 2");
    assert_eq!(legal(&g), ["L1-L3", "pass"]);
    run(&mut g, "pass 2");
    assert_eq!(legal(&g), ["pass"], "B has nothing to move with a 2");
}

// --- options ---

#[test]
fn fr_2_option_a_bonus_its_piece_cannot_use_may_move_any_piece() {
    // As `fr_2_a_bonus_the_piece_cannot_use_is_lost`: the piece on 15 cannot use a 5 (20 is
    // taken); under `any_piece` the bonus is played like a normal throw.
    let mut g = at_with(
        "hj.french.bonus_fallback=any_piece",
        "A:L12,L20,hand*3 B:hand*5 A 3",
    );
    run(&mut g, "L12-L15 5");
    choose(&mut g, &["L20-L25"], "L20-L25");
    // 25 earns its own bonus, for that piece.
    throw(&mut g, 2);
    assert_eq!(legal(&g), ["L25-L27"]);
    // A bonus the piece can use stays its own.
    let mut g = at_with(
        "hj.french.bonus_fallback=any_piece",
        "A:L3,L12,hand*3 B:hand*5 A 3",
    );
    run(&mut g, "L12-L15 1");
    assert_eq!(legal(&g), ["L15-L16"]);
}

#[test]
fn fr_7_option_a_piece_stops_on_30_and_goes_out_on_any_throw() {
    let stay = "hj.french.hole_30=stay_then_exit_on_any";
    assert_eq!(moves_with(stay, "A:L27,off*4 B:hand*5 A 3"), ["L27-S"]);
    // Reaching 30 still needs an exact throw and every piece entered (FR-8, FR-10).
    assert_eq!(moves_with(stay, "A:L27,off*4 B:hand*5 A 4"), ["pass"]);
    assert_eq!(moves_with(stay, "A:L27,hand,off*3 B:hand*5 A 3"), ["pass"]);
    let mut g = at_with(stay, "A:L10,L27,off*3 B:hand*5 A 3");
    play(&mut g, "L27-S");
    assert_eq!((g.on_30(Seat::A), g.out(Seat::A)), (1, 3));
    assert_eq!(next_throw(&g), Some(Seat::B));
    run(&mut g, "2 pass");
    // Any value takes it out, as a move among the others.
    throw(&mut g, 4);
    choose(&mut g, &["L10-L14", "S-off"], "S-off");
    assert_eq!((g.on_30(Seat::A), g.out(Seat::A)), (0, 4));
}

#[test]
fn fr_1_option_simultaneous_opening_exactly_one_one_decides() {
    let mut g = new(&Options::parse("hj.french.opening=simultaneous").unwrap()).unwrap();
    // No seat is drawn: A throws, then B, as chance actions.
    assert_eq!(next_throw(&g), Some(Seat::A));
    assert!(g.play_chance(Chance::Seat(Seat::A)).is_err());
    // Both 1: again. Neither: again.
    throw(&mut g, 1);
    assert_eq!(next_throw(&g), Some(Seat::B));
    throw(&mut g, 1);
    assert_eq!(next_throw(&g), Some(Seat::A));
    run(&mut g, "2 3");
    assert_eq!(next_throw(&g), Some(Seat::A));
    // Only B's 1: B enters, throws again for that piece, then A's turn.
    run(&mut g, "4 1");
    assert_eq!(legal(&g), ["hand-R1"]);
    run(&mut g, "hand-R1 2");
    assert_eq!(legal(&g), ["R1-R3"]);
    run(&mut g, "R1-R3 2");
    assert_eq!(legal(&g), ["pass"], "A's ordinary turn");
    // A fixed first player (C-9) has nothing to decide here.
    let o = Options::parse("hj.french.opening=simultaneous, hj.french.first_player=p2").unwrap();
    assert_eq!(next_throw(&new(&o).unwrap()), Some(Seat::A));
}
