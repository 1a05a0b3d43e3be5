//! `hj.skiryuk`: the worked checks of SPEC §3.8, the numbered rules of seed 000 (Skiryuk,
//! 000-SK§n) and the SK- defaults of SPEC §3.9. Seat A plays side L, seat B side R.
//! The clauses that come down to the legal moves at one position, or to what holds a few
//! actions after it (who throws next, the outcome, where the pieces stand), are rows of
//! `tests/clauses.rs`.

use nefer_core::hj::skiryuk::{State, new};
use nefer_core::{Game, Options, Outcome, Seat};

mod common;
use common::{choose, has, legal, next_throw, play, run, throw};

common::positions!("hj.skiryuk", State);

fn holes(g: &State, seat: Seat) -> Vec<u8> {
    g.holes_of(seat).collect()
}

// --- SPEC §3.8 worked checks ---

#[test]
fn check_4_a_line_may_overtake_an_own_piece_a_count_may_not() {
    let p = "A:L7,L9,hand*3 B:R3,hand*4 A";
    assert!(has(&moves(&format!("{p} 1")), "L7-L10"));
    let three = moves(&format!("{p} 3"));
    assert!(!three.iter().any(|m| m.starts_with("L7-")), "{three:?}");
    assert!(has(&three, "L9-L12"));
}

// --- seed 000, Skiryuk's rules ---

#[test]
fn sk_5_no_extra_throw_for_a_four_or_a_five() {
    for t in [4, 5] {
        let mut g = at("A:L9,hand*4 B:R3,hand*4 A throw");
        throw(&mut g, t);
        play(&mut g, &format!("L9-L{}", 9 + t));
        assert_eq!(next_throw(&g), Some(Seat::B), "throw {t}");
    }
}

#[test]
fn sk_6_one_piece_each_on_hole_1_the_rest_in_hand() {
    let g = State::default();
    for seat in Seat::BOTH {
        assert_eq!(holes(&g, seat), [1]);
        assert_eq!(g.in_hand(seat), 4);
        assert_eq!(g.in_shared(seat), 0);
        assert_eq!(g.trophies(seat), 0);
    }
}

// --- SK- defaults ---

#[test]
fn sk_6_every_crossing_loads_again() {
    // One piece crosses 15, is sent back 20 → 6, and crosses 15 again: two loads. B's only
    // piece waits on R28 and passes every 5.
    let mut g = at("A:L13,hand*4 B:R28,hand*4 A throw");
    let b_passes = |g: &mut State| {
        throw(g, 5);
        play(g, "pass");
    };
    for (t, m) in [
        (3, "L13-L16"),
        (1, "L1-L2"),
        (2, "L16-L18"),
        (2, "L18-L6"),
        (5, "L6-L11"),
    ] {
        throw(&mut g, t);
        play(&mut g, m);
        b_passes(&mut g);
    }
    assert_eq!(holes(&g, Seat::A), [2, 11]);
    assert_eq!(g.in_hand(Seat::A), 3);
    run(&mut g, "5 L11-L16");
    assert_eq!(holes(&g, Seat::A), [1, 2, 16]);
    assert_eq!(g.in_hand(Seat::A), 2);
}

#[test]
fn sk_13_line_direction_option() {
    let with = |v: &str| {
        let mut o = Options::new();
        o.set("hj.lines", v).unwrap();
        let g = new(&o).unwrap();
        // Opening: A throws 1, B 2: A moves L1 by 1. Then B's turn; use A's position later.
        let mut g2 = g.clone();
        run(&mut g2, "1 2 L1-L2 5");
        legal(&g2)
    };
    // B's piece on R1 with a 5 counts to R6: forward line to R20 unless only backward lines.
    assert_eq!(with("both"), ["R1-R20"]);
    assert_eq!(with("forward_only"), ["R1-R20"]);
    assert_eq!(with("backward_only"), ["R1-R6"]);
}

#[test]
fn sk_14_the_rearmost_piece_is_captured() {
    assert_eq!(
        holes(
            &after("A:L26,hand*4 B:R7,R12,R20,hand*2 A 4", "L26-S"),
            Seat::B
        ),
        [12, 20]
    );
}

#[test]
fn sk_15_sk_18_no_path_piece_no_capture_and_hand_pieces_are_safe() {
    // B's pieces: two in S, three captured already, none on the path nor in hand.
    let g = after("A:L26,hand*4 B:S*2,captured*3 A 4", "L26-S");
    assert_eq!(g.trophies(Seat::A), 3);
    assert_eq!(g.in_shared(Seat::A), 1);
    assert_eq!(g.in_shared(Seat::B), 2);
}

#[test]
fn sk_17_leaving_s_is_a_move_like_any_other() {
    // Not compulsory while another move exists; the player chooses.
    let g = at("A:L3,S,hand*3 B:R3,hand*4 A throw");
    let mut stay = g.clone();
    run(&mut stay, "1 L3-L4");
    assert_eq!(stay.in_shared(Seat::A), 1);
}

#[test]
fn sk_22_c_7_the_turn_cap_draws() {
    let mut o = Options::new();
    o.set("hj.skiryuk.max_turns", "2").unwrap();
    let mut g = new(&o).unwrap();
    run(&mut g, "1 2");
    play(&mut g, "L1-L2"); // turn 1
    throw(&mut g, 1);
    play(&mut g, "R1-R2"); // turn 2
    assert_eq!(g.outcome(), Some(Outcome::Draw));
}

/// A game with `opts` whose opening is A 1, B 2: A has moved L1-L2 and it is B's throw.
fn opened(opts: &str) -> State {
    let mut g = new(&Options::parse(opts).unwrap()).unwrap();
    run(&mut g, "1 2 L1-L2");
    g
}

#[test]
fn sk_7_option_entry_by_one() {
    // B's hole 1 is taken by its first piece: no entry; once it has moved, a 1 may enter.
    let mut g = opened("hj.skiryuk.entry_by_one=true");
    throw(&mut g, 1);
    assert_eq!(legal(&g), ["R1-R2"]);
    run(&mut g, "R1-R2 1");
    choose(&mut g, &["L2-L3", "hand-L1"], "hand-L1");
    assert_eq!(holes(&g, Seat::A), [1, 2]);
    assert_eq!(g.in_hand(Seat::A), 3);
    assert_eq!(next_throw(&g), Some(Seat::B));
    // The default has no such move.
    let mut g = opened("");
    run(&mut g, "1 R1-R2 1");
    assert_eq!(legal(&g), ["L2-L3"]);
}

#[test]
fn sk_17_option_immediate_return_to_hand() {
    let opts = "hj.skiryuk.exit_s=immediate_return_to_hand";
    let g = at_with(opts, "A:L4,L26,hand*3 B:R3,R17,hand*3 A 4");
    // the move is written with the piece's final place, the hand.
    assert_eq!(common::legal(&g), ["L26-hand", "L4-L10"]);
    let mut g = g;
    play(&mut g, "L26-hand");
    // The capture happens; the piece is back in hand, not in S.
    assert_eq!(g.trophies(Seat::A), 1);
    assert_eq!(holes(&g, Seat::B), [17]);
    assert_eq!(g.in_shared(Seat::A), 0);
    assert_eq!(g.in_hand(Seat::A), 4);
    // From 25 (no crossing): A's path is then empty, and a piece from hand is loaded at once.
    let g = at_with(opts, "A:L25,hand*4 B:R3,hand*4 A 5");
    assert_eq!(common::legal(&g), ["L25-hand"]);
    let mut g = g;
    play(&mut g, "L25-hand");
    assert_eq!(holes(&g, Seat::A), [1]);
    assert_eq!(g.in_hand(Seat::A), 4);
    // With the default the piece stays in S.
    assert_eq!(
        after("A:L4,L26,hand*3 B:R3,R17,hand*3 A 4", "L26-S").in_shared(Seat::A),
        1
    );
}

#[test]
fn sk_14_option_foremost_capture() {
    let opts = "hj.skiryuk.capture_target=foremost";
    let mut g = at_with(opts, "A:L26,hand*4 B:R7,R12,R20,hand*2 A 4");
    play(&mut g, "L26-S");
    assert_eq!(holes(&g, Seat::B), [7, 12]);
}

#[test]
fn bad_option_values_are_refused_by_name() {
    let mut o = Options::new();
    o.set("hj.skiryuk.capture_target", "nearest").unwrap();
    let e = new(&o).unwrap_err().to_string();
    assert!(e.contains("hj.skiryuk.capture_target"), "{e}");
}

#[test]
fn random_games_with_the_options_end_and_keep_every_piece() {
    use rand::SeedableRng;
    let opts =
        Options::parse("hj.skiryuk.entry_by_one=true, hj.skiryuk.exit_s=immediate_return_to_hand, hj.skiryuk.capture_target=foremost, hj.skiryuk.bonus_chain=one_per_turn")
            .unwrap();
    let mut rng = rand_chacha::ChaCha8Rng::seed_from_u64(7);
    for _ in 0..200 {
        let mut g = new(&opts).unwrap();
        common::random_steps(&mut g, &mut rng, 20_000, |g, _| {
            for seat in Seat::BOTH {
                let n = g.holes_of(seat).count() as u8
                    + g.in_shared(seat)
                    + g.in_hand(seat)
                    + g.trophies(seat.other());
                assert_eq!(n, 5);
                assert_eq!(g.in_shared(seat), 0);
            }
        });
        assert!(g.outcome().is_some());
    }
}

#[test]
fn c_5_option_a_line_back_to_the_start_may_be_played_as_a_pass() {
    // 8 →2→ 10 → line → 8: illegal by default (C-5), so only the piece on 3 moves.
    let p = "A:L3,L8,hand*3 B:R3,hand*4 A 2";
    assert_eq!(moves(p), ["L3-L5"]);
    // allowed_as_pass: the null move may be chosen, written `pass`; it changes nothing.
    let mut g = at_with("hj.skiryuk.null_line_move=allowed_as_pass", p);
    choose(&mut g, &["L3-L5", "pass"], "pass");
    assert_eq!(next_throw(&g), Some(Seat::B));
    assert_eq!(holes(&g, Seat::A), [3, 8]);
}

#[test]
fn sk_2_option_the_opening_only_decides_the_order() {
    let mut g =
        new(&Options::parse("hj.skiryuk.opening=opening_only_decides_order").unwrap()).unwrap();
    run(&mut g, "3 2");
    // B threw lower: B starts, with a fresh throw, not by his opening 2.
    assert_eq!(next_throw(&g), Some(Seat::B));
    assert_eq!(g.turns(), 1);
    throw(&mut g, 4);
    assert_eq!(legal(&g), ["R1-R5"]);
    // The default: B moves by his opening 2 at once.
    let mut g = State::default();
    run(&mut g, "3 2");
    assert_eq!(legal(&g), ["R1-R3"]);
}

#[test]
fn sk_9_option_a_load_waits_for_hole_1() {
    // 12 →3→ 15 while hole 1 is taken: the load is lost by default (SK-9), but deferred it is
    // made once the piece on hole 1 moves away.
    let run = |opts: &str| {
        let mut g = at_with(opts, "A:L1,L12,hand*3 B:R3,hand*4 A 3");
        play(&mut g, "L12-L15");
        throw(&mut g, 2); // the bonus throw (SK-4)
        play(&mut g, "L1-L3");
        (holes(&g, Seat::A), g.in_hand(Seat::A))
    };
    assert_eq!(run(""), (vec![3, 15], 3));
    assert_eq!(run("hj.skiryuk.blocked_load=deferred"), (vec![1, 3, 15], 2));
}

#[test]
fn sk_15_option_take_from_hand() {
    // B has no path piece (three in S, two in hand: a position auto-load would not leave, but
    // the rule must still say what happens): A's arrival takes one from B's hand.
    let run = |opts: &str| {
        let mut g = at_with(opts, "A:L26,hand*4 B:S*3,hand*2 A 4");
        play(&mut g, "L26-S");
        (g.trophies(Seat::A), g.in_hand(Seat::B))
    };
    assert_eq!(run(""), (0, 1), "nothing captured; B auto-loads one");
    assert_eq!(run("hj.skiryuk.no_target=take_from_hand"), (1, 0));
}

#[test]
fn sk_6_option_a_piece_loads_once_per_nefer_hole() {
    let run = |opts: &str| {
        let mut g = at_with(opts, "A:L13,hand*4 B:R3,hand*4 A throw");
        for (t, m) in [
            (4, "L13-L17"), // crosses 15: loads on hole 1
            (1, "R3-R4"),
            (3, "L17-L6"), // 20, back along the line to 6
            (1, "R4-R5"),
            (5, "L6-L11"),
            (1, "R5-R20"),
            (1, "L1-L2"),
            (1, "R20-R21"),
            (5, "L11-L16"), // crosses 15 again
        ] {
            throw(&mut g, t);
            play(&mut g, m);
        }
        holes(&g, Seat::A)
    };
    assert_eq!(run(""), [1, 2, 16], "every crossing loads (SK-6)");
    assert_eq!(run("hj.skiryuk.retrigger=once_per_piece_per_hole"), [2, 16]);
}

#[test]
fn sk_16_option_auto_load_only_after_a_capture() {
    let run = |opts: &str| {
        let mut g = at_with(opts, "A:L26,hand*4 B:R3,hand*4 A 4");
        play(&mut g, "L26-S");
        (holes(&g, Seat::A), holes(&g, Seat::B))
    };
    // A's arrival captures B's only path piece: B's emptied path is refilled either way; A's
    // own path, emptied by the move, only by default.
    assert_eq!(run(""), (vec![1], vec![1]));
    assert_eq!(
        run("hj.skiryuk.auto_load=after_capture_only"),
        (vec![], vec![1])
    );
}

#[test]
fn sk_16_option_c_8_a_jam_is_a_draw() {
    // Every piece in hand and nothing refills the paths: nobody can ever move (C-8).
    let mut g = at_with(
        "hj.skiryuk.auto_load=after_capture_only",
        "A:hand*5 B:hand*5 A 1",
    );
    choose(&mut g, &["pass"], "pass");
    assert_eq!(g.outcome(), Some(Outcome::Draw));
}
