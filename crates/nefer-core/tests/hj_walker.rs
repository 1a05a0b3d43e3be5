//! `hj.walker`: the worked checks of SPEC §5.6, the rules of seed 001 and the WB- defaults, basic
//! game and Variation. Seat A plays side L, B side R; positions are given as circuit indices
//! (1..29 own side, 30 = S, 31..59 the far side from its hole 29 down to 1).

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

#[test]
fn wb_2_option_line_directions() {
    // 18 →2→ 20 → back to 6; 4 →2→ 6 → on to 20.
    let from = |hole: u8| format!("A:L{hole},hand*4 B:hand*5 A 2");
    assert!(has(&moves(&from(18)), "L18-L6"));
    for (lines, hole, want) in [
        ("forward_only", 18, "L18-L20"),
        ("forward_only", 4, "L4-L20"),
        ("backward_only", 4, "L4-L6"),
        ("backward_only", 18, "L18-L6"),
    ] {
        let o = format!("hj.lines={lines}");
        assert_eq!(moves_with(&o, &from(hole)), [want], "{lines}");
    }
}

#[test]
fn c_5_option_a_line_back_to_the_start_may_be_played_as_a_pass() {
    assert_eq!(moves("A:L3,L8,hand*3 B:hand*5 A 2"), ["L3-L5"]);
    assert_eq!(
        moves_with(
            "hj.walker.null_line_move=allowed_as_pass",
            "A:L3,L8,hand*3 B:hand*5 A 2"
        ),
        ["L3-L5", "pass"]
    );
    // With forward lines only, 10 leads nowhere: 8 → 10 is an ordinary move.
    assert_eq!(
        moves_with("hj.lines=forward_only", "A:L3,L8,hand*3 B:hand*5 A 2"),
        ["L3-L5", "L8-L10"]
    );
}

#[test]
fn c_6_wb_8_option_a_blocked_line_makes_the_move_illegal() {
    assert_eq!(moves("A:L4,L20,hand*3 B:hand*5 A 2"), ["L20-L22", "L4-L6"]);
    assert_eq!(
        moves_with(
            "hj.walker.blocked_line=illegal",
            "A:L4,L20,hand*3 B:hand*5 A 2"
        ),
        ["L20-L22"]
    );
}

#[test]
fn wb_7_option_bear_off_values() {
    // Default: only an exact 5 bears off from point 30 (001§13).
    assert_eq!(moves("A:S*2,off*3 B:hand*5 A 1"), ["pass"]);
    let five_or_one = "hj.walker.bear_off=five_or_one";
    assert_eq!(
        moves_with(five_or_one, "A:S*2,off*3 B:hand*5 A 1"),
        ["S-off"]
    );
    assert_eq!(
        moves_with(five_or_one, "A:S*2,off*3 B:hand*5 A 5"),
        ["S-off"]
    );
    assert_eq!(
        moves_with(five_or_one, "A:S*2,off*3 B:hand*5 A 3"),
        ["pass"]
    );
    for t in 1..=5 {
        assert_eq!(
            moves_with(
                "hj.walker.bear_off=any",
                &format!("A:S,off*4 B:hand*5 A {t}")
            ),
            ["S-off"]
        );
    }
    // Still only once every piece has entered (WB-7 changes the value, not 001§14).
    assert_eq!(
        moves_with("hj.walker.bear_off=any", "A:S,hand,off*3 B:hand*5 A 3"),
        ["pass"]
    );
    // The variation bears off "as per rule 13", so with the same values.
    assert_eq!(
        var_with("hj.walker.bear_off=any", "A:R1,off*4 B:hand*5 A 2"),
        ["R1-off"]
    );
}

#[test]
fn wb_3_option_point_30_holds_one_piece() {
    // B's piece on S: A may land there by default, not under `single` (001§9 literal).
    let land = |opts: &str| moves_with(opts, "A:L28,hand*4 B:S,hand*4 A 2");
    assert_eq!(land(""), ["L28-S"]);
    assert_eq!(land("hj.walker.shared_30=single"), ["pass"]);
    // An own piece there blocks too; an empty S takes one.
    let single = "hj.walker.shared_30=single";
    assert_eq!(moves_with(single, "A:L28,S,hand*3 B:hand*5 A 2"), ["pass"]);
    assert_eq!(moves_with(single, "A:L28,hand*4 B:hand*5 A 2"), ["L28-S"]);
}

#[test]
fn wb_4_option_blocking_points_stop_line_jumps() {
    // 4 →2→ 6 → 20 passes the own piece on blocking point 10: allowed by default (WB-4).
    assert!(has(&moves("A:L4,L10,hand*3 B:hand*5 A 2"), "L4-L20"));
    // block_lines: the line cannot be followed, so the piece stays on 6 (C-6 `stay`) ...
    let block = "hj.walker.block_lines=true";
    assert_eq!(
        moves_with(block, "A:L4,L10,hand*3 B:hand*5 A 2"),
        ["L10-L12", "L4-L6"]
    );
    // ... or the move is illegal under C-6 `illegal`.
    assert_eq!(
        moves_with(
            "hj.walker.block_lines=true, hj.walker.blocked_line=illegal",
            "A:L4,L10,hand*3 B:hand*5 A 2"
        ),
        ["L10-L12"]
    );
    // 20 → 6 backwards passes 15: blocked by a piece on 15.
    assert_eq!(
        moves_with(block, "A:L15,L18,hand*3 B:hand*5 A 2"),
        ["L15-L17", "L18-L20"]
    );
    // 10 → 8 passes only 9, no blocking point.
    assert!(has(
        &moves_with(block, "A:L7,L15,hand*3 B:hand*5 A 3"),
        "L7-L8"
    ));
}

/// The legal moves at the Variation's position `text` with the options `opts`.
fn var_with(opts: &str, text: &str) -> Vec<String> {
    moves_with(opts, &format!("[variation=true] {text}"))
}

#[test]
fn wb_11_option_whose_pieces_on_blocking_points_block() {
    // B's piece on its own 25 (A's index 35) blocks A's piece on index 33 by default.
    assert_eq!(var("A:R27,hand*4 B:R25,hand*4 A 4"), ["pass"]);
    // owner_only: a piece blocks only its owner's pieces, so B's does not block A ...
    let owner = "hj.walker.v_block=owner_only";
    assert_eq!(
        var_with(owner, "A:R27,hand*4 B:R25,hand*4 A 4"),
        ["R27-R23"]
    );
    // ... while A's own piece on index 35 still blocks A's piece on 33.
    assert_eq!(
        var_with(owner, "A:R27,R25,hand*3 B:hand*5 A 4"),
        ["R25-R21"]
    );
    // none: no blocking at all in the variation.
    assert_eq!(
        var_with("hj.walker.v_block=none", "A:R27,R25,hand*3 B:hand*5 A 4"),
        ["R25-R21", "R27-R23"]
    );
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
