//! The options both Senets share (SPEC §10 "both Senets"): read once into the same family
//! configuration, and checked here on both rule sets with the same positions. Options whose
//! effect differs between the two are tested in `senet_kendall.rs` and `senet_school.rs`.

use nefer_core::AnyGame;

mod common;
use common::{legal, pos_with};

/// Asserts that both Senets offer exactly `want` at the position `text` (docs/dev/positions.md,
/// without the rule set's key) under the options `opts`.
fn both(opts: &str, text: &str, want: &[&str]) {
    for rules in ["senet.kendall", "senet.school"] {
        let g: AnyGame = pos_with(&format!("{rules} {text}"), opts);
        assert_eq!(legal(&g), want, "{rules}, {opts}: {text}");
    }
}

#[test]
fn safe_squares_15() {
    // KE-14, SB-14 {15}: an unprotected piece on 15 cannot be attacked; A goes back instead.
    both("", "A:12,off*6 B:1,15,off*5 A 3", &["12-15"]);
    both(
        "senet.safe_squares={15}",
        "A:12,off*6 B:1,15,off*5 A 3",
        &["12-9"],
    );
    // 26 is still open to attack under {15}.
    both(
        "senet.safe_squares={15}",
        "A:24,off*6 B:1,26,off*5 A 2",
        &["24-26"],
    );
}

#[test]
fn safe_squares_15_26_28_29() {
    let o = "senet.safe_squares={15,26,28,29}";
    both(o, "A:24,off*6 B:1,26,off*5 A 2", &["24-22"]);
    // A lone piece on 28 is safe, so 26-28 is no attack; Kendall's 8.4 penalty needs a
    // *protected* piece, so A goes back.
    both("", "A:26,off*6 B:1,28,off*5 A 2", &["26-28"]);
    both(o, "A:26,off*6 B:1,28,off*5 A 2", &["26-24"]);
    // 30 is not in the set: the attack from 26 stands.
    both(o, "A:26,off*6 B:1,30,off*5 A 4", &["26-30"]);
    // Safe squares also bar backward exchanges.
    both("", "A:18,off*6 B:15,21,22,off*4 A 3", &["18-15"]);
    both(o, "A:18,off*6 B:15,21,22,off*4 A 3", &["pass"]);
}

#[test]
fn backward_attack_false() {
    // KE-8, SB-7 false: a backward move may only land on an empty square.
    let o = "senet.backward_attack=false";
    both(o, "A:24,off*6 B:1,21,off*5 A 3", &["pass"]);
    both(o, "A:24,off*6 B:1,20,off*5 A 3", &["24-21"]);
    // Forward attacks are untouched.
    both(o, "A:10,off*6 B:1,13,off*5 A 3", &["10-13"]);
}
