//! `hj.washburne`: the worked checks of SPEC §4.6, the seed-000 Washburne rules SPEC §4 cites
//! (000-WA§n) and the WA- defaults. Seat A is Red on side L; positions are circuit indices
//! (1..29 own side, 30 = S, 31..59 the far side from its hole 29 down to its hole 1).
//! The clauses that come down to the legal moves at one position, or to what holds a few
//! actions after it (who throws next, the outcome, where the pieces stand), are rows of
//! `tests/clauses.rs`.

use nefer_core::hj::washburne::{State, new};
use nefer_core::{Game, Options, Outcome, Seat, Status};

mod common;
use common::{choose, has, legal, next_throw, play, run, throw};

common::positions!("hj.washburne", State);

// --- SPEC §4.6 worked checks ---

#[test]
fn check_1_l5_with_a_one_goes_along_the_line_to_l20() {
    let mut g = State::default();
    throw(&mut g, 1);
    assert_eq!(legal(&g), ["L5-L20"]);
}

#[test]
fn check_2_far_20_leads_forward_to_far_6_and_knocks_off() {
    let mut g = at("A:L1,L2,L3,L4,R22 B:R1,R2,R3,R4,R6 A 2");
    assert!(has(&legal(&g), "R22-R6"));
    play(&mut g, "R22-R6");
    assert_eq!(g.knocked_off(Seat::B), 1);
    assert!(g.indices_of(Seat::A).contains(&54));
}

// --- seed 000, Washburne rules as SPEC §4 cites them ---

#[test]
fn wa_8_every_piece_starts_on_its_home_holes_and_red_throws_first() {
    let g = State::default();
    assert_eq!(g.indices_of(Seat::A), [1, 2, 3, 4, 5]);
    assert_eq!(g.indices_of(Seat::B), [1, 2, 3, 4, 5]);
    assert_eq!(next_throw(&g), Some(Seat::A));
}

#[test]
fn wa_8_wa_9_re_entry_on_home_hole_k_one_try_no_bonus() {
    // Red has a piece knocked off: only re-entry; a 3 puts it on L3 if empty.
    let mut g = at("A:L1,L2,L10,L11,hand B:R1,R2,R3,R4,R5 A 3");
    choose(&mut g, &["hand-L3"], "hand-L3");
    assert_eq!(
        next_throw(&g),
        Some(Seat::B),
        "one try, no bonus even on orange 5"
    );
    // Occupied home hole: the try fails.
    let mut g = at("A:L1,L2,L10,L11,hand B:R1,R2,R3,R4,R5 A 2");
    choose(&mut g, &["pass"], "pass");
    assert_eq!(next_throw(&g), Some(Seat::B));
}

#[test]
fn every_random_game_ends() {
    common::random_playouts(4, 100, |g: &State| {
        assert!(g.outcome().is_some());
        let pieces = |s: Seat| g.indices_of(s).len() as u8 + g.knocked_off(s);
        assert_eq!(
            (pieces(Seat::A), pieces(Seat::B)),
            (5, 5),
            "pieces are conserved"
        );
        assert!(!matches!(g.status(), Status::Decide { .. }));
    });
}

#[test]
fn options_are_checked() {
    assert!(new(&Options::parse("hj.washburne.orange=purple").unwrap()).is_err());
    for o in [
        "hj.washburne.orange=blocking_point",
        "hj.washburne.no_passing=true",
        "hj.washburne.dice=two_d4",
        "hj.washburne.ankh_holes={10,15,25}",
        "hj.washburne.max_turns=50",
    ] {
        assert!(new(&Options::parse(o).unwrap()).is_ok(), "{o}");
    }
    // Withdrawn.
    let e = new(&Options::parse("hj.washburne.first_player=random").unwrap()).unwrap_err();
    assert!(e.to_string().contains("unknown option"), "{e}");
    let e = new(&Options::parse("hj.washburne.home_box=holes_25_29").unwrap()).unwrap_err();
    assert!(e.to_string().contains("not a value"), "{e}");
    for bad in [
        "{0}", "{30}", "{15,15}", "{015}", "{15;25}", "{-1}", "{15,}",
    ] {
        let o = Options::parse(&format!("hj.washburne.ankh_holes={bad}")).unwrap();
        let e = new(&o).unwrap_err();
        assert!(e.to_string().contains("not a value"), "{bad}: {e}");
    }
}

#[test]
fn bitboards_read_each_seat_in_its_own_and_the_other_seats_indices() {
    // Index i of one seat is index 60 − i of the other: B's 58 is hole L2, A's index 2.
    let g = at("A:L3,L17,S,R19,R4 B:R6,R20,L2,hand*2 A throw");
    assert_eq!(g.indices_of(Seat::A), [3, 17, 30, 41, 56]);
    assert_eq!(
        g.bits_of(Seat::A),
        1 << 3 | 1 << 17 | 1 << 30 | 1 << 41 | 1 << 56
    );
    assert_eq!(g.opponent_bits(Seat::A), 1 << 54 | 1 << 40 | 1 << 2);
    assert_eq!(
        g.opponent_bits(Seat::B),
        1 << 57 | 1 << 43 | 1 << 30 | 1 << 19 | 1 << 4
    );
}

// --- options ---

#[test]
fn c_5_option_a_line_back_to_the_start_may_be_played_as_a_pass() {
    // 8 →2→ 10 → line → 8: no move by default; a pass beside the other moves under the option.
    let p = "A:L1,L2,L3,L4,L8 B:R1,R2,R3,R4,R5 A 2";
    let plain = moves(p);
    assert!(!has(&plain, "pass") && !has(&plain, "L8-L8"), "{plain:?}");
    let opt = "hj.washburne.null_line_move=allowed_as_pass";
    let with = moves_with(opt, p);
    let mut expected = plain.clone();
    expected.push("pass".into());
    assert_eq!(with, expected);
}

#[test]
fn wa_6_option_no_capture_via_a_line() {
    // Red 4 →2→ 6 → line → 20 where an unsafe Blue piece stands (Blue's index 40): knocked
    // off by default; under capture_via_line=false the line is not followed.
    let p = "A:L1,L2,L3,L4,L11 B:R1,R2,R3,R5,L20 A 2";
    assert!(has(&moves(p), "L4-L20"));
    let opt = "hj.washburne.capture_via_line=false";
    let m = moves_with(opt, p);
    assert!(has(&m, "L4-L6") && !has(&m, "L4-L20"), "{m:?}");
    // A plain landing on an unsafe opponent still knocks it off.
    let mut g = at_with(opt, "A:L1,L2,L3,L4,L9 B:R1,R2,R3,R4,L12 A 3");
    play(&mut g, "L9-L12");
    assert_eq!(g.knocked_off(Seat::B), 1);
}

#[test]
fn wa_8_option_only_a_one_re_enters_on_the_first_free_home_hole() {
    let opt = "hj.washburne.reentry=only_one_to_first_free";
    // Red's L1, L2 taken: a 1 re-enters on L3; a 3 (L3 empty) does nothing.
    let p = "A:L1,L2,L10,L11,hand B:R1,R2,R3,R4,R5 A";
    assert_eq!(moves_with(opt, &format!("{p} 3")), ["pass"]);
    let mut one = at_with(opt, &format!("{p} 1"));
    choose(&mut one, &["hand-L3"], "hand-L3");
    assert_eq!(one.knocked_off(Seat::A), 0);
    assert_eq!(next_throw(&one), Some(Seat::B));
}

#[test]
fn wa_11_option_the_full_home_box_loses_at_the_failed_re_entry() {
    // As check 4: Red fills Blue's home box while a Blue piece is off.
    let opt = "hj.washburne.blocked_home_loss=at_failed_reentry";
    let mut g = at_with(opt, "A:L10,L11,R7,R4,R3 B:R1,R2,R20,R21,hand A 2");
    play(&mut g, "R7-R5");
    assert_eq!(g.outcome(), None, "not yet");
    // R5 is orange: Red's bonus throw first.
    run(&mut g, "3 L10-L13");
    assert_eq!(g.outcome(), None, "not yet");
    // Blue's re-entry try fails: now Blue loses.
    throw(&mut g, 3);
    choose(&mut g, &["pass"], "pass");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat::A)));
}

#[test]
fn wa_13_option_s_is_safe_and_holds_any_number() {
    let opt = "hj.washburne.shared_hole=safe_unlimited";
    // Blue on S: Red lands there too and knocks nothing off (default: knocked off, WA-13).
    let mut g = at_with(opt, "A:L1,L2,L3,L27,L28 B:R1,R2,R3,R4,S A 3");
    assert!(has(&legal(&g), "L27-S"));
    play(&mut g, "L27-S");
    assert_eq!(g.knocked_off(Seat::B), 0);
    assert_eq!(g.indices_of(Seat::A), [1, 2, 3, 28, 30]);
    assert_eq!(g.indices_of(Seat::B), [1, 2, 3, 4, 30]);
    // Blue's turn: pass it on. Red's second piece joins the first on S.
    run(&mut g, "5 R4-R9 2 L28-S");
    assert_eq!(g.indices_of(Seat::A), [1, 2, 3, 30, 30]);
    let [red, _] = g.layout();
    assert_eq!(
        red.board
            .iter()
            .filter(|&&p| p == nefer_core::Place::Shared)
            .count(),
        2
    );
    // One leaves, the other stays.
    run(&mut g, "2 R9-R11 1");
    assert!(has(&legal(&g), "S-R29"));
    play(&mut g, "S-R29");
    assert_eq!(g.indices_of(Seat::A), [1, 2, 3, 30, 31]);
}
