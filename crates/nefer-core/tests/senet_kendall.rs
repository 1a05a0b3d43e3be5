//! `senet.kendall`: one test per worked check of SPEC §8.7, per rule of seed 002 and per KE-
//! default, each failing if its clause breaks. Seat A is green (even squares), B red (odd).

use nefer_core::senet::kendall::{State, new};
use nefer_core::{Game, Options, Outcome, Seat, Status};

mod common;
use common::{legal, play, throw};

/// Legal moves of `seat` for throw `t` in the position `a`/`b`.
fn moves(a: &[u8], b: &[u8], to_move: Seat, t: u8) -> Vec<String> {
    let mut g = State::from_squares(a, b, [0, 0], to_move);
    throw(&mut g, t);
    legal(&g)
}

fn still_my_throw(g: &State, seat: Seat) -> bool {
    g.status() == Status::Chance { seat: Some(seat) }
}

// --- SPEC §8.7 worked checks ---

#[test]
fn check_1_opening_green_on_evens_and_a_one_throws_again() {
    let mut g = State::default();
    assert_eq!(
        g.squares_of(Seat::A).collect::<Vec<_>>(),
        [2, 4, 6, 8, 10, 12, 14]
    );
    assert_eq!(
        g.squares_of(Seat::B).collect::<Vec<_>>(),
        [1, 3, 5, 7, 9, 11, 13]
    );
    throw(&mut g, 1);
    assert!(legal(&g).contains(&"14-15".to_owned()));
    play(&mut g, "14-15");
    assert!(still_my_throw(&g, Seat::A));
}

#[test]
fn check_2_protection_needs_an_own_neighbour_on_the_path() {
    // Green on 12 and 14 with red on 13: green's pieces do not protect red 13.
    assert!(moves(&[10, 12, 14], &[13, 20], Seat::A, 3).contains(&"10-13".to_owned()));
    // Red on 12 and 13 protect each other.
    assert!(!moves(&[10, 14], &[12, 13], Seat::A, 3).contains(&"10-13".to_owned()));
    assert!(!moves(&[10, 14], &[12, 13], Seat::A, 2).contains(&"10-12".to_owned()));
    // Red on 11 and 13 do not (11 and 13 are not adjacent).
    assert!(moves(&[10, 14], &[11, 13], Seat::A, 3).contains(&"10-13".to_owned()));
}

#[test]
fn check_3_attack_from_26_sends_the_piece_into_the_waters() {
    let mut g = State::from_squares(&[28, 5], &[26, 1], [0, 0], Seat::B);
    throw(&mut g, 2);
    play(&mut g, "26-28");
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

#[test]
fn check_4_penalty_26_to_27_ends_the_turn() {
    let mut g = State::from_squares(&[28, 29], &[26], [5, 6], Seat::B);
    throw(&mut g, 3);
    assert_eq!(legal(&g), ["26-27"]);
    play(&mut g, "26-27");
    assert_eq!(
        g.status(),
        Status::Chance {
            seat: Some(Seat::A)
        }
    );
}

#[test]
fn check_5_overshooting_26_is_illegal() {
    // Not a fall into the Waters: with no forward move the piece must go back instead.
    assert_eq!(moves(&[23], &[1], Seat::A, 4), ["23-19"]);
}

// --- seed 002, rule by rule ---

#[test]
fn seed_exchange_with_an_unprotected_piece() {
    let mut g = State::from_squares(&[10], &[13, 1], [0, 0], Seat::A);
    throw(&mut g, 3);
    play(&mut g, "10-13");
    assert_eq!((g.at(13), g.at(10)), (Some(Seat::A), Some(Seat::B)));
}

#[test]
fn seed_every_piece_lands_exactly_on_26() {
    assert_eq!(moves(&[24], &[1], Seat::A, 2), ["24-26"]);
    assert!(!moves(&[24], &[1], Seat::A, 3).contains(&"24-27".to_owned()));
}

#[test]
fn seed_no_forward_move_forces_a_backward_move() {
    // 24 + 3 overshoots; the only piece must go back.
    assert_eq!(moves(&[24], &[1], Seat::A, 3), ["24-21"]);
}

#[test]
fn seed_no_move_forfeits_the_throw() {
    // Green on 25 with a 3: no forward move (overshoot), backward 22 taken by a protected pair.
    assert_eq!(moves(&[25], &[21, 22], Seat::A, 3), ["pass"]);
}

#[test]
fn seed_an_unprotected_piece_on_26_is_exchanged() {
    let mut g = State::from_squares(&[23], &[26, 1], [0, 0], Seat::A);
    throw(&mut g, 3);
    play(&mut g, "23-26");
    assert_eq!((g.at(26), g.at(23)), (Some(Seat::A), Some(Seat::B)));
}

#[test]
fn seed_a_piece_forced_into_the_waters_loses_remaining_throws() {
    // A 1 earns another throw, but falling into 27 ends the turn.
    let mut g = State::from_squares(&[26], &[1], [6, 0], Seat::A);
    throw(&mut g, 1);
    play(&mut g, "26-27");
    assert_eq!(
        g.status(),
        Status::Chance {
            seat: Some(Seat::B)
        }
    );
}

#[test]
fn seed_a_piece_in_the_waters_moves_only_by_a_four_or_back_to_rebirth() {
    let mut g = State::from_squares(&[27, 5], &[1], [0, 0], Seat::A);
    assert_eq!(legal(&g), ["27-15", "throw"]);
    play(&mut g, "throw");
    throw(&mut g, 4);
    assert_eq!(legal(&g), ["27-off"]);
    let mut g = State::from_squares(&[27, 5], &[1], [0, 0], Seat::A);
    play(&mut g, "27-15");
    assert_eq!(g.at(15), Some(Seat::A));
}

#[test]
fn seed_one_try_for_a_four_per_turn() {
    for t in [1, 2, 3, 5] {
        let mut g = State::from_squares(&[27, 5], &[1], [0, 0], Seat::A);
        play(&mut g, "throw");
        throw(&mut g, t);
        assert_eq!(legal(&g), ["pass"], "throw {t}");
        play(&mut g, "pass");
        assert_eq!(
            g.status(),
            Status::Chance {
                seat: Some(Seat::B)
            },
            "throw {t}"
        );
    }
}

#[test]
fn seed_exits_from_28_29_30() {
    assert_eq!(moves(&[28], &[1], Seat::A, 3), ["28-off"]);
    assert_eq!(moves(&[29], &[1], Seat::A, 2), ["29-off"]);
    for t in 1..=5 {
        assert!(moves(&[30], &[1], Seat::A, t).contains(&"30-off".to_owned()));
    }
    // 28 with a 2, 29 with a 3: no move for them.
    assert_eq!(moves(&[28], &[1], Seat::A, 2), ["pass"]);
    assert_eq!(moves(&[29], &[1], Seat::A, 3), ["pass"]);
}

#[test]
fn seed_first_to_bear_off_all_seven_wins() {
    let mut g = State::from_squares(&[30], &[1], [6, 0], Seat::A);
    throw(&mut g, 2);
    play(&mut g, "30-off");
    assert_eq!(g.outcome(), Some(Outcome::Win(Seat::A)));
}

// --- KE defaults ---

#[test]
fn ke_1_the_track_runs_through_the_turns_of_the_board() {
    assert_eq!(moves(&[9], &[1], Seat::A, 3), ["9-12"]);
    assert_eq!(moves(&[19], &[1], Seat::A, 3), ["19-22"]);
}

#[test]
fn ke_2_ke_3_green_on_evens_throws_first() {
    let g = State::default();
    assert_eq!(
        g.status(),
        Status::Chance {
            seat: Some(Seat::A)
        }
    );
    assert_eq!(g.at(14), Some(Seat::A));
    assert_eq!(g.at(13), Some(Seat::B));
}

#[test]
fn ke_4_ones_fours_and_fives_throw_again_twos_and_threes_do_not() {
    for (t, again) in [(1, true), (2, false), (3, false), (4, true), (5, true)] {
        let mut g = State::from_squares(&[5], &[20], [6, 0], Seat::A);
        throw(&mut g, t);
        play(&mut g, &format!("5-{}", 5 + t));
        assert_eq!(still_my_throw(&g, Seat::A), again, "throw {t}");
    }
}

#[test]
fn ke_5_each_throw_is_played_at_once() {
    let mut g = State::default();
    throw(&mut g, 1);
    assert!(matches!(g.status(), Status::Decide { throw: Some(_), .. }));
}

#[test]
fn ke_6_protection_counts_27_and_only_path_neighbours() {
    // Red on 28 with red on 27: protected; green on 26 with a 2 cannot attack (and 27 is full).
    assert_eq!(moves(&[26, 3], &[27, 28], Seat::A, 2), ["3-5"]);
    // 5 and 16 are grid neighbours, not path neighbours: red 16 is attackable.
    assert!(moves(&[13], &[5, 16], Seat::A, 3).contains(&"13-16".to_owned()));
}

#[test]
fn ke_7_three_in_a_row_can_be_passed() {
    assert!(moves(&[9], &[10, 11, 12], Seat::A, 4).contains(&"9-13".to_owned()));
}

#[test]
fn ke_8_backward_moves_may_exchange_but_not_from_27_to_30() {
    let mut g = State::from_squares(&[24], &[21, 1], [0, 0], Seat::A);
    throw(&mut g, 3);
    assert_eq!(legal(&g), ["24-21"]);
    play(&mut g, "24-21");
    assert_eq!((g.at(21), g.at(24)), (Some(Seat::A), Some(Seat::B)));
    // A piece on 28 never goes back: with a 1 nothing moves.
    assert_eq!(moves(&[28], &[1], Seat::A, 1), ["pass"]);
}

#[test]
fn ke_9_ke_26_exact_landing_overshoots_are_illegal() {
    assert_eq!(moves(&[25], &[1], Seat::A, 1), ["25-26"]);
    assert_eq!(moves(&[25, 10], &[1], Seat::A, 2), ["10-12"]);
}

#[test]
fn ke_10_a_one_from_26_is_an_ordinary_choice() {
    assert_eq!(moves(&[26, 10], &[1], Seat::A, 1), ["10-11", "26-27"]);
}

#[test]
fn ke_11_pieces_on_28_and_29_only_leave() {
    assert_eq!(moves(&[28], &[1], Seat::A, 1), ["pass"]);
    assert_eq!(moves(&[29], &[1], Seat::A, 1), ["pass"]);
}

#[test]
fn ke_12_ke_13_no_attack_on_28_to_30_while_27_is_taken() {
    // Green on 26, red alone on 29 (unprotected: 28 and 30 empty) but 27 taken: no attack,
    // no penalty (the target is not protected), so green goes back.
    assert_eq!(moves(&[26], &[27, 29], Seat::A, 3), ["26-23"]);
    // With 27 empty the attack is legal.
    assert_eq!(moves(&[26], &[29], Seat::A, 3), ["26-29"]);
    // 27 taken: a 1 from 26 cannot enter it.
    assert_eq!(moves(&[26], &[27, 2], Seat::A, 1), ["26-25"]);
}

#[test]
fn ke_14_26_and_15_are_not_safe() {
    assert!(moves(&[12], &[15, 1], Seat::A, 3).contains(&"12-15".to_owned()));
    assert!(moves(&[24], &[26, 1], Seat::A, 2).contains(&"24-26".to_owned()));
}

#[test]
fn ke_15_the_penalty_replaces_backward_moves() {
    // No forward move; backward 10-7 would exist, but the penalty takes precedence.
    assert_eq!(
        moves(&[26, 10], &[28, 29, 11, 12, 13, 14], Seat::A, 2),
        ["26-27"]
    );
}

#[test]
fn ke_16_a_piece_in_27_freezes_the_others() {
    let g = State::from_squares(&[27, 5, 9], &[1], [0, 0], Seat::A);
    assert_eq!(legal(&g), ["27-15", "throw"]);
}

#[test]
fn ke_17_the_freeing_four_throws_again() {
    let mut g = State::from_squares(&[27, 5], &[1], [0, 0], Seat::A);
    play(&mut g, "throw");
    throw(&mut g, 4);
    play(&mut g, "27-off");
    assert!(still_my_throw(&g, Seat::A));
}

#[test]
fn ke_18_give_up_goes_to_the_nearest_empty_square_before_15() {
    assert_eq!(
        legal(&State::from_squares(&[27, 15], &[14], [0, 0], Seat::A)),
        ["27-13", "throw"]
    );
    assert_eq!(
        legal(&State::from_squares(
            &[27, 14],
            &[15, 13, 12],
            [0, 0],
            Seat::A
        )),
        ["27-11", "throw"]
    );
}

#[test]
fn ke_19_giving_up_uses_the_turn() {
    let mut g = State::from_squares(&[27, 5], &[1], [0, 0], Seat::A);
    play(&mut g, "27-15");
    assert_eq!(
        g.status(),
        Status::Chance {
            seat: Some(Seat::B)
        }
    );
}

#[test]
fn ke_20_the_penalty_also_cancels_pending_throws() {
    // Throw 4 (which would throw again): penalty into 27 ends the turn.
    let mut g = State::from_squares(&[26], &[30, 29, 7], [6, 0], Seat::A);
    throw(&mut g, 4);
    assert_eq!(legal(&g), ["26-27"]);
    play(&mut g, "26-27");
    assert_eq!(
        g.status(),
        Status::Chance {
            seat: Some(Seat::B)
        }
    );
}

#[test]
fn ke_21_a_lost_one_four_or_five_still_throws_again() {
    let mut g = State::from_squares(&[28], &[1], [6, 0], Seat::A);
    throw(&mut g, 1);
    play(&mut g, "pass");
    assert!(still_my_throw(&g, Seat::A));
    throw(&mut g, 2);
    play(&mut g, "pass");
    assert_eq!(
        g.status(),
        Status::Chance {
            seat: Some(Seat::B)
        }
    );
}

#[test]
fn ke_22_no_gate_before_bearing_off() {
    assert!(moves(&[30, 2], &[1], Seat::A, 2).contains(&"30-off".to_owned()));
}

#[test]
fn ke_23_ke_24_after_rebirth_any_piece_may_move() {
    let mut g = State::from_squares(&[27, 5], &[1], [0, 0], Seat::A);
    play(&mut g, "27-15");
    throw(&mut g, 3);
    play(&mut g, "1-4"); // red
    throw(&mut g, 2);
    assert_eq!(legal(&g), ["15-17", "5-7"]);
}

#[test]
fn ke_25_seven_pieces_each() {
    let g = State::default();
    assert_eq!(g.squares_of(Seat::A).count(), 7);
    assert_eq!(g.squares_of(Seat::B).count(), 7);
}

#[test]
fn ke_27_a_lone_bear_off_is_compulsory() {
    assert_eq!(moves(&[30], &[1], Seat::A, 2), ["30-off"]);
}

// --- implemented options ---

fn with(opts: &str) -> State {
    new(&Options::parse(opts).unwrap()).unwrap()
}

#[test]
fn option_extra_throws_five_only_and_none() {
    let mut g = with("senet.kendall.extra_throws={5}");
    throw(&mut g, 1);
    play(&mut g, "14-15");
    assert_eq!(
        g.status(),
        Status::Chance {
            seat: Some(Seat::B)
        }
    );
    let mut g = with("senet.kendall.extra_throws=none");
    throw(&mut g, 5);
    play(&mut g, "14-19");
    assert_eq!(
        g.status(),
        Status::Chance {
            seat: Some(Seat::B)
        }
    );
}

#[test]
fn option_extra_on_pass_false() {
    let opts = Options::parse("senet.kendall.extra_on_pass=false").unwrap();
    let mut g = State::from_squares(&[28], &[1], [6, 0], Seat::A)
        .with_options(&opts)
        .unwrap();
    throw(&mut g, 4);
    play(&mut g, "pass");
    assert_eq!(
        g.status(),
        Status::Chance {
            seat: Some(Seat::B)
        }
    );
}

#[test]
fn option_water_four_extra_false() {
    let opts = Options::parse("senet.kendall.water_four_extra=false").unwrap();
    let mut g = State::from_squares(&[27, 5], &[1], [0, 0], Seat::A)
        .with_options(&opts)
        .unwrap();
    play(&mut g, "throw");
    throw(&mut g, 4);
    play(&mut g, "27-off");
    assert_eq!(
        g.status(),
        Status::Chance {
            seat: Some(Seat::B)
        }
    );
}

#[test]
fn option_max_turns_ends_in_a_draw() {
    let mut g = with("senet.kendall.max_turns=2");
    throw(&mut g, 2);
    play(&mut g, "14-16");
    throw(&mut g, 2);
    play(&mut g, "13-15");
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

/// Legal moves of `seat` for throw `t` in the position `a`/`b` under `opts`.
fn moves_with(opts: &str, a: &[u8], b: &[u8], to_move: Seat, t: u8) -> Vec<String> {
    let mut g = State::from_squares(a, b, [0, 0], to_move)
        .with_options(&Options::parse(opts).unwrap())
        .unwrap();
    throw(&mut g, t);
    legal(&g)
}

#[test]
fn option_safe_squares_15() {
    // KE-14 {15}: an unprotected piece on 15 cannot be attacked; green goes back instead.
    assert_eq!(moves(&[12], &[15, 1], Seat::A, 3), ["12-15"]);
    assert_eq!(
        moves_with("senet.safe_squares={15}", &[12], &[15, 1], Seat::A, 3),
        ["12-9"]
    );
    // 26 is still open to attack under {15}.
    assert_eq!(
        moves_with("senet.safe_squares={15}", &[24], &[26, 1], Seat::A, 2),
        ["24-26"]
    );
}

#[test]
fn option_safe_squares_15_26_28_29() {
    let o = "senet.safe_squares={15,26,28,29}";
    assert_eq!(moves_with(o, &[24], &[26, 1], Seat::A, 2), ["24-22"]);
    // KE-14: red alone on 28 is safe, so 26-28 is no attack; 8.4 needs a *protected* piece,
    // so no penalty either: green goes back.
    assert_eq!(moves(&[26], &[28, 1], Seat::A, 2), ["26-28"]);
    assert_eq!(moves_with(o, &[26], &[28, 1], Seat::A, 2), ["26-24"]);
    // 30 is not in the set: the attack from 26 stands.
    assert_eq!(moves_with(o, &[26], &[30, 1], Seat::A, 4), ["26-30"]);
    // Safe squares also bar backward exchanges.
    assert_eq!(moves(&[18], &[15, 21, 22], Seat::A, 3), ["18-15"]);
    assert_eq!(moves_with(o, &[18], &[15, 21, 22], Seat::A, 3), ["pass"]);
}

#[test]
fn option_backward_attack_false() {
    // KE-8 false: a backward move may only land on an empty square.
    assert_eq!(
        moves_with("senet.backward_attack=false", &[24], &[21, 1], Seat::A, 3),
        ["pass"]
    );
    assert_eq!(
        moves_with("senet.backward_attack=false", &[24], &[20, 1], Seat::A, 3),
        ["24-21"]
    );
    // Forward attacks are unchanged.
    assert_eq!(
        moves_with("senet.backward_attack=false", &[10], &[13, 1], Seat::A, 3),
        ["10-13"]
    );
}

#[test]
fn option_bear_off_gate_first_row_empty() {
    // KE-22: with a piece on 2 nothing leaves the board.
    let o = "senet.bear_off_gate=first_row_empty";
    assert_eq!(moves(&[30, 2], &[1], Seat::A, 2), ["2-4", "30-off"]);
    assert_eq!(moves_with(o, &[30, 2], &[1], Seat::A, 2), ["2-4"]);
    assert_eq!(
        moves_with(o, &[30, 11], &[1], Seat::A, 2),
        ["11-13", "30-off"]
    );
    assert_eq!(moves_with(o, &[26, 5], &[1], Seat::A, 5), ["5-10"]);
}

#[test]
fn option_bear_off_gate_all_in_last_row() {
    let o = "senet.bear_off_gate=all_in_last_row";
    assert_eq!(moves_with(o, &[30, 15], &[1], Seat::A, 2), ["15-17"]);
    assert_eq!(
        moves_with(o, &[30, 21], &[1], Seat::A, 2),
        ["21-23", "30-off"]
    );
    // The gate closed and nothing else to do: the throw is lost.
    assert_eq!(
        moves_with(o, &[28, 20], &[23, 24, 16, 17], Seat::A, 3),
        ["pass"]
    );
}

#[test]
fn option_bear_off_gate_does_not_hold_the_waters() {
    // The exit from 27 is the escape of 8.5, not a bear-off from the end of the track.
    let opts = Options::parse("senet.bear_off_gate=first_row_empty").unwrap();
    let mut g = State::from_squares(&[27, 3], &[1], [0, 0], Seat::A)
        .with_options(&opts)
        .unwrap();
    play(&mut g, "throw");
    throw(&mut g, 4);
    assert_eq!(legal(&g), ["27-off"]);
}

#[test]
fn option_adjacency_grid() {
    // KE-6 grid: red 16 is protected by red 5 above it, so green goes back.
    assert!(moves(&[13], &[5, 16], Seat::A, 3).contains(&"13-16".to_owned()));
    assert_eq!(
        moves_with("senet.adjacency=grid", &[13], &[5, 16], Seat::A, 3),
        ["13-10"]
    );
    // 16 over 25: protected from below too; path neighbours still count.
    assert_eq!(
        moves_with("senet.adjacency=grid", &[13], &[25, 16], Seat::A, 3),
        ["13-10"]
    );
    assert_eq!(
        moves_with("senet.adjacency=grid", &[13], &[17, 16], Seat::A, 3),
        ["13-10"]
    );
    // 4 is not next to 16 on the grid (4 sits above 17).
    assert_eq!(
        moves_with("senet.adjacency=grid", &[13], &[4, 16], Seat::A, 3),
        ["13-16"]
    );
}

#[test]
fn option_adjacency_grid_and_the_penalty() {
    // Red 29 protected by red 12 above it (row 1 col 8 over row 2 col 8): the penalty applies.
    let o = "senet.adjacency=grid";
    assert_eq!(moves(&[26], &[29, 12], Seat::A, 3), ["26-29"]);
    assert_eq!(moves_with(o, &[26], &[29, 12], Seat::A, 3), ["26-27"]);
}

#[test]
fn option_blockade_3() {
    // KE-7: red 10, 11, 12 cannot be jumped, forward or backward.
    let o = "senet.kendall.blockade=3";
    assert_eq!(moves(&[9], &[10, 11, 12], Seat::A, 4), ["9-13"]);
    assert_eq!(moves_with(o, &[9], &[10, 11, 12], Seat::A, 4), ["9-5"]);
    assert_eq!(moves_with(o, &[9], &[10, 11, 1], Seat::A, 4), ["9-13"]);
    assert_eq!(moves(&[24, 28], &[20, 21, 22], Seat::A, 5), ["24-19"]);
    assert_eq!(
        moves_with(o, &[24, 28], &[20, 21, 22], Seat::A, 5),
        ["pass"]
    );
    // Own pieces in a row are no blockade for their owner.
    assert!(moves_with(o, &[9, 10, 11, 12], &[1], Seat::A, 4).contains(&"9-13".to_owned()));
    // Nor is a run of the opponent's pieces that the move does not jump whole.
    assert_eq!(moves_with(o, &[8], &[10, 11, 12], Seat::A, 1), ["8-9"]);
    // From 26: 27-29 block a 4 to 30 (and so do not leave 26-30 to the penalty).
    assert_eq!(moves_with(o, &[26], &[27, 28, 29], Seat::A, 4), ["26-22"]);
}

#[test]
fn unknown_or_unimplemented_options_are_errors() {
    let e = new(&Options::parse("senet.kendall.frobnicate=1").unwrap()).unwrap_err();
    assert!(e.0.contains("unknown option"));
    let e = new(&Options::parse("senet.pieces=5").unwrap()).unwrap_err();
    assert!(e.0.contains("not implemented"));
    let e = new(&Options::parse("senet.kendall.extra_throws={2}").unwrap()).unwrap_err();
    assert!(e.0.contains("not a value"));
}
