//! `hj.walker`: the worked checks of SPEC §5.6, the rules of seed 001 and the WB- defaults, basic
//! game and Variation. Seat A plays side L, B side R; positions are given as circuit indices
//! (1..29 own side, 30 = S, 31..59 the far side from its hole 29 down to 1).
//! The clauses that come down to the legal moves at one position, or to what holds a few
//! actions after it (who throws next, the outcome, where the pieces stand), are rows of
//! `tests/clauses.rs`.

use nefer_core::hj::walker::{State, new};
use nefer_core::{Chance, Game, Options, Outcome, Seat, Status};

mod common;
use common::{choose, has, legal, next_throw, play, run, throw};

common::positions!("hj.walker", State);

// --- SPEC §5.6 worked checks ---

#[test]
fn check_3_landing_on_10_with_8_taken_stays_and_blocks() {
    let mut g = after("A:L3,L7,L8,hand*2 B:hand*5 A 3", "L7-L10");
    assert_eq!(g.indices_of(Seat::A), [3, 8, 10]);
    // The piece on 10 now blocks 8 from passing it.
    throw(&mut g, 1); // B
    let _ = legal(&g);
    run(&mut g, "hand-R1 2 R1-R3 4");
    assert!(!has(&legal(&g), "L8-L12"));
}

// --- seed 001 rules ---

#[test]
fn rules_1_to_3_empty_board_random_first_thrower() {
    let g = State::default();
    assert_eq!(g.status(), Status::Chance { seat: None });
    let outcomes: Vec<String> = g
        .chance_outcomes()
        .iter()
        .map(|(c, p)| format!("{c}:{p}"))
        .collect();
    assert_eq!(outcomes, ["A:1/2", "B:1/2"]);
    assert_eq!((g.in_hand(Seat::A), g.in_hand(Seat::B)), (5, 5));
}

#[test]
fn rule_6_a_one_enters_and_throws_again() {
    let mut g = State::default();
    g.play_chance(Chance::Seat(Seat::B)).unwrap();
    throw(&mut g, 1);
    choose(&mut g, &["hand-R1"], "hand-R1");
    assert_eq!(next_throw(&g), Some(Seat::B));
}

#[test]
fn rules_13_to_15_bear_off_with_five_and_win() {
    let g = after("A:S,off*4 B:hand*5 A 5", "S-off");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat::A)));
    assert_eq!(moves("A:S*2,off*3 B:hand*5 A 4"), ["pass"]);
}

// --- WB defaults ---

#[test]
fn c_8_no_jam_in_basic_random_games() {
    common::random_playouts(3, 200, |g: &State| {
        assert!(matches!(g.outcome(), Some(Outcome::Win(_))));
    });
}

// --- Variation ---

/// The legal moves at the Variation's position `text`.
fn var(text: &str) -> Vec<String> {
    moves(&format!("[variation=true] {text}"))
}

#[test]
fn variation_mutual_entry_blockade_is_a_draw() {
    // WB-17: each waits on the other's hole 1 with pieces in hand: nobody can ever move.
    let mut g = at("[variation=true] A:R2,hand*4 B:L1,hand*4 A 1");
    choose(&mut g, &["R2-R1"], "R2-R1");
    assert_eq!(g.outcome(), Some(Outcome::Draw), "{}", g.board_text());
}

#[test]
fn options_are_checked() {
    assert!(new(&Options::parse("hj.walker.variation=maybe").unwrap()).is_err());
    assert!(new(&Options::parse("hj.walker.bear_off=six").unwrap()).is_err());
    assert!(
        new(&Options::parse("hj.walker.variation=true").unwrap())
            .unwrap()
            .variation()
    );
}

#[test]
fn c_9_a_first_player_fixed_by_option_throws_first_without_a_draw() {
    for (value, seat) in [("p1", Seat::A), ("p2", Seat::B)] {
        let opts = format!("hj.walker.first_player={value}");
        for variation in ["false", "true"] {
            let o = Options::parse(&format!("{opts}, hj.walker.variation={variation}")).unwrap();
            let mut g = new(&o).unwrap();
            assert_eq!(g.status(), Status::Chance { seat: Some(seat) }, "{o}");
            assert_eq!(g.turns(), 1, "{o}: his first throw is turn 1");
            assert!(
                g.play_chance(Chance::Seat(seat)).is_err(),
                "{o}: no seat token"
            );
            throw(&mut g, 3);
            assert!(matches!(g.status(), Status::Decide { seat: s, .. } if s == seat));
        }
    }
    // By default the first thrower is drawn (001§3).
    assert_eq!(State::default().status(), Status::Chance { seat: None });
}

// --- options ---

/// The legal moves at the Variation's position `text` with the options `opts`.
fn var_with(opts: &str, text: &str) -> Vec<String> {
    moves_with(opts, &format!("[variation=true] {text}"))
}

#[test]
fn wb_17_option_bear_off_with_pieces_in_hand() {
    // Default: no bear-off from the far hole 1 while a piece is in hand.
    assert_eq!(var("A:R1,hand,off*3 B:hand*5 A 5"), ["pass"]);
    let none = "hj.walker.v_bear_off_gate=none";
    assert_eq!(var_with(none, "A:R1,hand,off*3 B:hand*5 A 5"), ["R1-off"]);
    // The mutual entry blockade of WB-17 is no jam any more: a 5 bears off.
    let mut g = at_with(none, "[variation=true] A:R2,hand*4 B:L1,hand*4 A 1");
    play(&mut g, "R2-R1");
    assert_eq!(g.outcome(), None);
    throw(&mut g, 5);
    assert_eq!(legal(&g), ["L1-off"]);
}
