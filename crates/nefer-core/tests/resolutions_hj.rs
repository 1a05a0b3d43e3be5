//! The Hounds & Jackals resolutions of SPEC §13 (2026-11-25): Washburne's two d4 (R-5), blocking
//! orange holes, no passing and their turn cap (R-6), any set of ankh holes (R-18), the withdrawn
//! values (R-2, R-7); Skiryuk's optional load (R-8), capture choice (R-9), declinable bonus (R-10),
//! owed captures (R-11); and the readings corrected by R-12 … R-14 and R-17. One test per clause,
//! each failing if its clause breaks. Seat A plays side L, seat B side R.
//! The clauses that come down to the legal moves at one position, or to what holds a few
//! actions after it (who throws next, the outcome, where the pieces stand), are rows of
//! `tests/clauses.rs`.

use nefer_core::hj::{french, skiryuk, walker, washburne};
use nefer_core::{Chance, DicePair, Game, Options, Outcome, Prob, Record, Seat, Status, replay};

mod common;
use common::{choose, circuit, items, legal, next_throw, play, run, throw};

fn opts(o: &str) -> Options {
    Options::parse(o).unwrap()
}

/// Throws the two d4 `a` and `b`.
fn dice<G: Game>(g: &mut G, a: u8, b: u8) {
    g.play_chance(Chance::Dice(DicePair::new(a, b).unwrap()))
        .unwrap();
}

fn decides_without_a_throw<G: Game>(g: &G, seat: Seat) -> bool {
    g.status() == Status::Decide { seat, throw: None }
}

/// A Washburne position (circuit indices of A and B, knocked-off counts), A to throw, under `o`.
fn wa(a: &[u8], b: &[u8], knocked: [u8; 2], o: &str) -> washburne::State {
    let seat = |own, v: &[u8], k| items(v.iter().map(|&i| circuit(own, i)), &[("hand", k)]);
    let text = format!(
        "hj.washburne A:{} B:{} A throw",
        seat('L', a, knocked[0]),
        seat('R', b, knocked[1])
    );
    common::pos_with(&text, o)
}

const D4: &str = "hj.washburne.dice=two_d4";

// --- R-5: Washburne's two d4 ---

#[test]
fn r_5_a_throw_is_two_d4_with_exact_probabilities() {
    let g = washburne::new(&opts(D4)).unwrap();
    let law: Vec<(String, Prob)> = g
        .chance_outcomes()
        .iter()
        .map(|&(c, p)| (c.to_string(), p))
        .collect();
    assert_eq!(law.len(), 10);
    let sixteenth = Prob { num: 1, den: 16 };
    let eighth = Prob { num: 1, den: 8 };
    assert_eq!(law[0], ("1+1".to_owned(), sixteenth));
    assert_eq!(law[1], ("1+2".to_owned(), eighth));
    assert_eq!(law[9], ("4+4".to_owned(), sixteenth));
    // The sticks are not thrown in this game.
    let mut h = g.clone();
    assert!(
        h.play_chance(Chance::Throw(nefer_core::Throw::new(2).unwrap()))
            .is_err()
    );
    // And the dice are not thrown with the sticks.
    let mut s = washburne::State::default();
    assert!(
        s.play_chance(Chance::Dice(DicePair::new(1, 2).unwrap()))
            .is_err()
    );
}

#[test]
fn r_5_the_first_decision_lists_both_values_the_second_the_other_die_with_another_piece() {
    let home = [1, 2, 3, 4, 5];
    let mut g = wa(&home, &home, [0, 0], D4);
    dice(&mut g, 2, 2);
    assert!(decides_without_a_throw(&g, Seat::A));
    choose(&mut g, &["2:L4-L20", "2:L5-L7"], "2:L5-L7");
    // The piece now on L7 has used a die.
    choose(&mut g, &["2:L3-L5", "2:L4-L20"], "2:L3-L5");
    // L5 is orange (WA-3): one more throw of both dice.
    assert_eq!(next_throw(&g), Some(Seat::A));
    // Two values: both listed first, then the one left.
    let mut g = wa(&home, &home, [0, 0], D4);
    dice(&mut g, 1, 4);
    assert_eq!(
        legal(&g),
        ["1:L5-L20", "4:L2-L20", "4:L3-L7", "4:L4-L10", "4:L5-L9"]
    );
    play(&mut g, "4:L4-L10");
    assert_eq!(legal(&g), ["1:L3-L4", "1:L5-L20"]);
}

#[test]
fn r_5_d4_same_piece_lets_one_piece_use_both_dice() {
    let home = [1, 2, 3, 4, 5];
    let mut g = wa(
        &home,
        &home,
        [0, 0],
        &format!("{D4}, hj.washburne.d4_same_piece=true"),
    );
    dice(&mut g, 1, 1);
    play(&mut g, "1:L5-L20");
    assert_eq!(legal(&g), ["1:L20-L21", "1:L4-L5"]);
    let mut g = wa(&home, &home, [0, 0], D4);
    dice(&mut g, 1, 1);
    play(&mut g, "1:L5-L20");
    assert_eq!(legal(&g), ["1:L4-L5"]);
}

#[test]
fn r_5_no_look_ahead_a_die_left_without_a_move_is_a_pass() {
    // A's four pieces in the goal are stuck (B's R1 is safe); only L10 moves.
    let (a, b) = ([10, 55, 56, 57, 58], [1, 10, 11, 12, 13]);
    let mut g = wa(&a, &b, [0, 0], D4);
    dice(&mut g, 1, 2);
    choose(&mut g, &["1:L10-L11", "2:L10-L12"], "1:L10-L11");
    choose(&mut g, &["pass"], "pass");
    assert_eq!(next_throw(&g), Some(Seat::B));
    // A throw neither die can use is one lone pass.
    let mut g = wa(&[54, 55, 56, 57, 58], &b, [0, 0], D4);
    dice(&mut g, 1, 2);
    choose(&mut g, &["pass"], "pass");
    assert_eq!(next_throw(&g), Some(Seat::B));
}

#[test]
fn r_5_a_re_entry_turn_is_one_decision_with_either_die() {
    let b = [20, 21, 22, 23, 24];
    let mut g = wa(&[10, 11, 12, 13], &b, [1, 0], D4);
    dice(&mut g, 1, 3);
    choose(&mut g, &["1:hand-L1", "3:hand-L3"], "3:hand-L3");
    assert_eq!(next_throw(&g), Some(Seat::B));
    // A taken home hole: the other die only.
    let mut g = wa(&[1, 11, 12, 13], &b, [1, 0], D4);
    dice(&mut g, 1, 3);
    assert_eq!(legal(&g), ["3:hand-L3"]);
    let mut g = wa(&[1, 3, 12, 13], &b, [1, 0], D4);
    dice(&mut g, 1, 3);
    assert_eq!(legal(&g), ["pass"]);
}

#[test]
fn r_5_each_orange_landing_earns_a_throw_of_both_dice_after_the_throw() {
    let b = [20, 21, 22, 23, 24];
    let mut g = wa(&[2, 12, 17, 18, 19], &b, [0, 0], D4);
    dice(&mut g, 3, 3);
    play(&mut g, "3:L2-L5");
    // The second die comes first, then the bonus.
    assert!(decides_without_a_throw(&g, Seat::A));
    play(&mut g, "3:L12-L15");
    assert_eq!(next_throw(&g), Some(Seat::A));
    dice(&mut g, 1, 1);
    run(&mut g, "1:L15-L16 1:L19-L6");
    // The second orange landing's throw.
    assert_eq!(next_throw(&g), Some(Seat::A));
    dice(&mut g, 1, 1);
    run(&mut g, "1:L6-L7 1:L18-L19");
    assert_eq!(next_throw(&g), Some(Seat::B));
}

#[test]
fn r_5_another_piece_in_a_shared_s_is_another_piece() {
    let o = format!("{D4}, hj.washburne.shared_hole=safe_unlimited");
    let mut g = wa(&[28, 30, 1, 2, 3], &[1, 2, 3, 4, 5], [0, 0], &o);
    dice(&mut g, 1, 2);
    play(&mut g, "2:L28-S");
    assert!(legal(&g).iter().any(|m| m == "1:S-R29"), "{:?}", legal(&g));
}

#[test]
fn r_5_the_jam_test_tries_the_die_values_1_to_4() {
    // Each seat's only move needs a 5 (every other landing is a safe, taken home hole).
    let pos = [1, 55, 56, 57, 58];
    let mut g = wa(&pos, &pos, [0, 0], D4);
    dice(&mut g, 1, 2);
    play(&mut g, "pass");
    assert_eq!(g.outcome(), Some(Outcome::Draw));
    // With the sticks a 5 still moves: no jam.
    let mut g = wa(&pos, &pos, [0, 0], "");
    run(&mut g, "1 pass");
    assert_eq!(g.outcome(), None);
}

#[test]
fn r_5_records_write_the_dice_and_traces_give_no_throw() {
    let text = "rules: hj.washburne\noptions: hj.washburne.dice=two_d4\nactions: 1+1 1:L5-L20 1:L4-L5 2+4\n";
    let rec = Record::parse(text).unwrap();
    let r = replay(&rec).unwrap();
    assert_eq!(
        r.trace,
        [
            r#"{"i":1,"player":"A","throw":null,"legal":["1:L5-L20"]}"#,
            r#"{"i":2,"player":"A","throw":null,"legal":["1:L4-L5"]}"#,
            // Both landings were orange (L20, L5): A throws again, twice.
            r#"{"i":4,"player":"A","throw":null,"legal":["2:L2-L4","2:L20-L22","2:L5-L7","4:L2-L6","4:L20-L24","4:L3-L7","4:L5-L9"]}"#,
            r#"{"result":"ongoing"}"#,
        ]
    );
    let mut back = Record::new(nefer_core::RuleSetId::HjWashburne, rec.options.clone());
    for &a in &r.actions {
        back.push(a);
    }
    assert_eq!(back.actions, rec.actions);
    // A pair is written smaller die first; `4+2` is no token.
    let bad =
        Record::parse("rules: hj.washburne\noptions: hj.washburne.dice=two_d4\nactions: 4+2\n")
            .unwrap();
    assert!(replay(&bad).is_err());
}

// --- R-6: blocking orange holes, no passing, and the turn cap ---

#[test]
fn r_6_an_orange_hole_holding_a_piece_is_a_blocking_point() {
    let b = [20, 21, 22, 23, 24];
    let moves = |a: &[u8], b: &[u8], o: &str, t: u8| {
        let mut g = wa(a, b, [0, 0], o);
        throw(&mut g, t);
        legal(&g)
    };
    let block = "hj.washburne.orange=blocking_point";
    // A's own piece on L5 blocks L3: a 3 may not pass it to L6 (and its line to L20).
    assert_eq!(
        moves(&[3, 5, 21, 22, 23], &b, "", 3),
        ["L21-L24", "L22-L25", "L23-L26", "L3-L20", "L5-L10"]
    );
    assert_eq!(
        moves(&[3, 5, 21, 22, 23], &b, block, 3),
        ["L21-L24", "L22-L25", "L23-L26", "L5-L10"]
    );
    // So does B's piece there (B's index 55 is A's L5).
    let b2 = [55, 21, 22, 23, 24];
    assert!(!moves(&[3, 11, 12, 13, 14], &b2, block, 3).contains(&"L3-L20".to_owned()));
    // A line jump passes nothing: L6 → L20 over the blocked L10 and L15.
    assert!(moves(&[3, 10, 15, 26, 27], &b, block, 3).contains(&"L3-L20".to_owned()));
    // Landing on an orange hole earns nothing then.
    let mut g = wa(&[3, 5, 21, 22, 23], &b, [0, 0], block);
    run(&mut g, "3 L22-L25");
    assert_eq!(next_throw(&g), Some(Seat::B));
}

#[test]
fn r_6_without_passing_no_piece_jumps_another_but_a_line_passes_nothing() {
    let b = [20, 21, 22, 23, 24];
    let mut g = wa(
        &[3, 5, 21, 22, 23],
        &b,
        [0, 0],
        "hj.washburne.no_passing=true",
    );
    throw(&mut g, 3);
    assert_eq!(legal(&g), ["L23-L26", "L5-L10"]);
}

#[test]
fn r_6_either_value_caps_the_game_at_1000_turns_unless_the_options_say_otherwise() {
    let cap = |o: &str| washburne::new(&opts(o)).unwrap().common().max_turns;
    assert_eq!(cap(""), 0);
    assert_eq!(cap("hj.washburne.orange=blocking_point"), 1000);
    assert_eq!(cap("hj.washburne.no_passing=true"), 1000);
    assert_eq!(
        cap("hj.washburne.no_passing=true, hj.washburne.max_turns=off"),
        0
    );
    assert_eq!(
        cap("hj.washburne.orange=blocking_point, hj.washburne.max_turns=40"),
        40
    );
    assert_eq!(cap("hj.washburne.orange=none"), 0);
}

// --- R-18: any set of ankh holes ---

#[test]
fn r_18_the_ankh_holes_are_any_set_of_holes_on_both_sides() {
    let moves = |a: &[u8], b: &[u8], o: &str, t: u8| {
        let mut g = wa(a, b, [0, 0], o);
        throw(&mut g, t);
        legal(&g)
    };
    let a = [9, 11, 1, 2, 3];
    // B's piece on L12 (its index 48): unsafe by default, safe as an ankh hole.
    let b = [48, 20, 21, 22, 23];
    assert!(moves(&a, &b, "", 3).contains(&"L9-L12".to_owned()));
    let ankh = "hj.washburne.ankh_holes={10,12,25}";
    assert!(!moves(&a, &b, ankh, 3).contains(&"L9-L12".to_owned()));
    // On the far side too: B's own R12 (A's index 48).
    let a = [45, 11, 1, 2, 3];
    let b = [12, 20, 21, 22, 23];
    assert!(moves(&a, &b, "", 3).contains(&"R15-R12".to_owned()));
    assert!(!moves(&a, &b, ankh, 3).contains(&"R15-R12".to_owned()));
    // With no ankh hole, 15 is not safe.
    let a = [13, 11, 1, 2, 3];
    let b = [45, 20, 21, 22, 23];
    assert!(!moves(&a, &b, "", 2).contains(&"L13-L15".to_owned()));
    assert!(moves(&a, &b, "hj.washburne.ankh_holes={}", 2).contains(&"L13-L15".to_owned()));
}

#[test]
fn r_2_r_7_the_withdrawn_values_are_gone() {
    let specs = nefer_core::RuleSetId::HjWashburne.option_specs();
    assert!(!specs.iter().any(|s| s.name == "hj.washburne.first_player"));
    let home = specs
        .iter()
        .find(|s| s.name == "hj.washburne.home_box")
        .unwrap();
    assert_eq!(home.values, ["holes_1_5"]);
}

// --- R-8 … R-13: Skiryuk ---

/// A Skiryuk position under `o`, A to throw: path holes, pieces in S, in hand, and trophies of
/// A and B.
fn sk(
    a: &[u8],
    b: &[u8],
    shared: [u8; 2],
    hand: [u8; 2],
    trophies: [u8; 2],
    o: &str,
) -> skiryuk::State {
    // A seat's pieces the opponent holds are its `captured`.
    let seat = |own: char, v: &[u8], k: usize| {
        let mut places: Vec<String> = v.iter().map(|&n| format!("{own}{n}")).collect();
        places.extend((0..shared[k]).map(|_| "S".to_owned()));
        items(places, &[("hand", hand[k]), ("captured", trophies[1 - k])])
    };
    let text = format!(
        "hj.skiryuk A:{} B:{} A throw",
        seat('L', a, 0),
        seat('R', b, 1)
    );
    common::pos_with(&text, o)
}

fn holes(g: &skiryuk::State, seat: Seat) -> Vec<u8> {
    g.holes_of(seat).collect()
}

#[test]
fn r_8_an_optional_load_is_a_decision_then_the_move_goes_on() {
    let o = "hj.skiryuk.load=optional";
    // Landing on 15: load or not, then the bonus throw.
    let mut g = sk(&[13], &[3], [0, 0], [4, 4], [0, 0], o);
    run(&mut g, "2 L13-L15");
    assert!(decides_without_a_throw(&g, Seat::A));
    choose(&mut g, &["hand-L1", "pass"], "pass");
    assert_eq!((holes(&g, Seat::A), g.in_hand(Seat::A)), (vec![15], 4));
    assert_eq!(next_throw(&g), Some(Seat::A));
    let mut g = sk(&[13], &[3], [0, 0], [4, 4], [0, 0], o);
    run(&mut g, "2 L13-L15 hand-L1");
    assert_eq!((holes(&g, Seat::A), g.in_hand(Seat::A)), (vec![1, 15], 3));
    assert_eq!(next_throw(&g), Some(Seat::A));
    // Passing 15: the turn ends after the decision.
    let mut g = sk(&[12], &[3], [0, 0], [4, 4], [0, 0], o);
    run(&mut g, "5 L12-L17 hand-L1");
    assert_eq!(next_throw(&g), Some(Seat::B));
    // Hole 1 taken: the load is lost, nothing to decide.
    let mut g = sk(&[1, 13], &[3], [0, 0], [3, 4], [0, 0], o);
    run(&mut g, "2 L13-L15");
    assert_eq!(next_throw(&g), Some(Seat::A));
}

#[test]
fn r_8_a_deferred_load_made_later_is_automatic() {
    let o = "hj.skiryuk.load=optional, hj.skiryuk.blocked_load=deferred";
    let mut g = sk(&[1, 13], &[3], [0, 0], [3, 4], [0, 0], o);
    run(&mut g, "2 L13-L15");
    // The bonus throw frees hole 1: the waiting load is made with no decision.
    run(&mut g, "1 L1-L2");
    assert_eq!(holes(&g, Seat::A), [1, 2, 15]);
    assert_eq!(next_throw(&g), Some(Seat::B));
}

#[test]
fn r_9_the_mover_chooses_among_two_or_more_targets() {
    let o = "hj.skiryuk.capture_target=choice";
    let mut g = sk(&[26], &[3, 17], [0, 0], [4, 3], [0, 0], o);
    run(&mut g, "4 L26-S");
    assert!(decides_without_a_throw(&g, Seat::A));
    choose(&mut g, &["capture-R17", "capture-R3"], "capture-R17");
    assert_eq!(holes(&g, Seat::B), [3]);
    assert_eq!(g.trophies(Seat::A), 1);
    assert_eq!(next_throw(&g), Some(Seat::B));
    // One target: taken at once.
    let mut g = sk(&[26], &[17], [0, 0], [4, 4], [0, 0], o);
    run(&mut g, "4 L26-S");
    assert_eq!(g.trophies(Seat::A), 1);
    assert_eq!(next_throw(&g), Some(Seat::B));
}

#[test]
fn r_10_a_declinable_bonus_is_a_decision() {
    let o = "hj.skiryuk.bonus=declinable";
    let mut g = sk(&[13], &[3], [0, 0], [4, 4], [0, 0], o);
    run(&mut g, "2 L13-L15");
    // The load is automatic, then the bonus is offered.
    assert_eq!(holes(&g, Seat::A), [1, 15]);
    assert!(decides_without_a_throw(&g, Seat::A));
    assert_eq!(legal(&g), ["pass", "throw"]);
    let mut taken = g.clone();
    play(&mut taken, "throw");
    assert_eq!(next_throw(&taken), Some(Seat::A));
    play(&mut g, "pass");
    assert_eq!(next_throw(&g), Some(Seat::B));
    // With an optional load: the load's decision first, then the bonus's.
    let o = "hj.skiryuk.bonus=declinable, hj.skiryuk.load=optional";
    let mut g = sk(&[13], &[3], [0, 0], [4, 4], [0, 0], o);
    run(&mut g, "2 L13-L15");
    choose(&mut g, &["hand-L1", "pass"], "hand-L1");
    assert_eq!(legal(&g), ["pass", "throw"]);
}

#[test]
fn r_11_a_capture_with_no_target_is_owed_and_taken_when_a_target_comes() {
    let o = "hj.skiryuk.no_target=deferred_capture";
    // B's pieces are all in S: A's arrival captures nothing yet.
    let mut g = sk(&[26], &[], [0, 5], [4, 0], [0, 0], o);
    run(&mut g, "4 L26-S");
    assert_eq!(g.owed_captures(Seat::A), 1);
    assert_eq!(g.trophies(Seat::A), 0);
    // B's 1 takes a piece back to hand; the auto-load puts it on R1, and the owed capture
    // takes it at the end of that action.
    run(&mut g, "1 S-hand");
    assert_eq!(g.owed_captures(Seat::A), 0);
    assert_eq!(g.trophies(Seat::A), 1);
    assert_eq!(holes(&g, Seat::B), Vec::<u8>::new());
    assert_eq!((g.in_shared(Seat::B), g.in_hand(Seat::B)), (4, 0));
    // An owed capture may win the game, on the opponent's move.
    let mut g = sk(&[26], &[], [3, 1], [1, 0], [4, 0], o);
    run(&mut g, "4 L26-S 1 S-hand");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat::A)));
    // By default nothing is owed.
    let mut g = sk(&[26], &[], [0, 5], [4, 0], [0, 0], "");
    run(&mut g, "4 L26-S");
    assert_eq!(g.owed_captures(Seat::A), 0);
}

#[test]
fn r_12_a_piece_back_in_hand_at_once_is_written_to_the_hand() {
    for (o, want) in [
        ("hj.skiryuk.exit_s=immediate_return_to_hand", "L25-hand"),
        ("", "L25-S"),
    ] {
        let mut g = sk(&[25], &[3], [0, 0], [4, 4], [0, 0], o);
        throw(&mut g, 5);
        assert_eq!(legal(&g), [want], "{o}");
    }
}

// --- R-14: Walker's lines and the moving piece ---

#[test]
fn r_14_the_moving_piece_does_not_block_its_own_line() {
    let moves = |a: &[u8], o: &str| {
        let hand = 5 - a.len() as u8;
        let a = items(a.iter().map(|&n| format!("L{n}")), &[("hand", hand)]);
        let mut g: walker::State =
            common::pos_with(&format!("hj.walker A:{a} B:hand*5 A throw"), o);
        throw(&mut g, 5);
        legal(&g)
    };
    let block = "hj.walker.block_lines=true";
    // L15 →5→ L20 → line → L6: the piece has left L15.
    assert_eq!(moves(&[15], block), ["L15-L6"]);
    assert_eq!(
        moves(&[15], &format!("{block}, hj.walker.blocked_line=illegal")),
        ["L15-L6"]
    );
    // Another piece on a blocking point between still blocks the line: the piece stays on L20.
    assert_eq!(moves(&[15, 10], block), ["L15-L20"]);
    assert_eq!(moves(&[15, 10], ""), ["L15-L6"]);
}

// --- R-17: what the turn cap counts ---

#[test]
fn r_17_french_a_declined_one_in_the_simultaneous_search_is_no_turn() {
    let o =
        "hj.french.opening=simultaneous, hj.french.compulsory_move=false, hj.french.max_turns=1";
    let mut g = french::new(&opts(o)).unwrap();
    for _ in 0..2 {
        run(&mut g, "1 3");
        choose(&mut g, &["hand-L1", "pass"], "pass");
        assert_eq!(g.outcome(), None);
        assert_eq!(g.turns(), 0);
    }
    // The first turn: B's entry and the bonus throw for that piece.
    run(&mut g, "2 1 hand-R1 3 R1-R4");
    assert_eq!(g.outcome(), Some(Outcome::Draw));
}

#[test]
fn r_17_skiryuk_the_opening_throws_are_no_turn() {
    let mut g = skiryuk::new(&opts("hj.skiryuk.max_turns=1")).unwrap();
    // Equal, then A lower: A's opening throw is his first turn's move.
    run(&mut g, "3 3 2 4");
    assert_eq!(g.turns(), 1);
    play(&mut g, "L1-L3");
    assert_eq!(g.outcome(), Some(Outcome::Draw));
}
