//! The options both Senets share (SPEC §10 "both Senets"): read once into the same family
//! configuration, and checked here on both rule sets with the same positions. Options whose
//! effect differs between the two are tested in `senet_kendall.rs` and `senet_school.rs`.

use nefer_core::senet::{kendall, school};
use nefer_core::{AnyGame, Options, Seat};

mod common;
use common::{legal, throw};

/// The legal moves of seat `to_move` with throw `t`, pieces on `a` (seat A) and `b` (seat B),
/// under `opts`, in both Senets: `[kendall, school]`.
fn moves_with(opts: &str, a: &[u8], b: &[u8], to_move: Seat, t: u8) -> [Vec<String>; 2] {
    let o = Options::parse(opts).unwrap();
    let games = [
        AnyGame::SenetKendall(
            kendall::State::from_squares(a, b, [0, 0], to_move)
                .with_options(&o)
                .unwrap(),
        ),
        AnyGame::SenetSchool(
            school::State::from_squares(a, b, [0, 0], to_move)
                .with_options(&o)
                .unwrap(),
        ),
    ];
    games.map(|mut g| {
        throw(&mut g, t);
        legal(&g)
    })
}

/// Asserts that both Senets offer exactly `want`.
fn both(opts: &str, a: &[u8], b: &[u8], t: u8, want: &[&str]) {
    let [k, s] = moves_with(opts, a, b, Seat::A, t);
    assert_eq!(k, want, "senet.kendall, {opts}: {a:?} {b:?} throw {t}");
    assert_eq!(s, want, "senet.school, {opts}: {a:?} {b:?} throw {t}");
}

#[test]
fn safe_squares_15() {
    // KE-14, SB-14 {15}: an unprotected piece on 15 cannot be attacked; A goes back instead.
    both("", &[12], &[15, 1], 3, &["12-15"]);
    both("senet.safe_squares={15}", &[12], &[15, 1], 3, &["12-9"]);
    // 26 is still open to attack under {15}.
    both("senet.safe_squares={15}", &[24], &[26, 1], 2, &["24-26"]);
}

#[test]
fn safe_squares_15_26_28_29() {
    let o = "senet.safe_squares={15,26,28,29}";
    both(o, &[24], &[26, 1], 2, &["24-22"]);
    // A lone piece on 28 is safe, so 26-28 is no attack; Kendall's 8.4 penalty needs a
    // *protected* piece, so A goes back.
    both("", &[26], &[28, 1], 2, &["26-28"]);
    both(o, &[26], &[28, 1], 2, &["26-24"]);
    // 30 is not in the set: the attack from 26 stands.
    both(o, &[26], &[30, 1], 4, &["26-30"]);
    // Safe squares also bar backward exchanges.
    both("", &[18], &[15, 21, 22], 3, &["18-15"]);
    both(o, &[18], &[15, 21, 22], 3, &["pass"]);
}

#[test]
fn backward_attack_false() {
    // KE-8, SB-7 false: a backward move may only land on an empty square.
    let o = "senet.backward_attack=false";
    both(o, &[24], &[21, 1], 3, &["pass"]);
    both(o, &[24], &[20, 1], 3, &["24-21"]);
    // Forward attacks are untouched.
    both(o, &[10], &[13, 1], 3, &["10-13"]);
}
