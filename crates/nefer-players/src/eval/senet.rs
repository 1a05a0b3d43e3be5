//! The hand-written evaluation of both Senets (`senet.kendall`, `senet.school`): progress along
//! the track (pieces borne off count most), guards (pieces side by side protect each other),
//! exposure to an exchange, and the special squares (the House of Waters costs turns; 28 and 29
//! need exact throws). It ranks positions (see [the scale](super)).

use nefer_core::{AnyGame, ByPlayer, Seat};

use super::{THROW_P, family};

family! {
    /// The Senet evaluation.
    Senet, "senet",
    // The House of Waters costs more in the school rules (`kendall_rules` false).
    AnyGame::SenetKendall => |s| raw(
        ByPlayer(Seat::BOTH.map(|seat| s.square_set(seat))),
        ByPlayer(Seat::BOTH.map(|seat| s.borne_off(seat))),
        true,
    ),
    AnyGame::SenetSchool => |s| raw(
        ByPlayer(Seat::BOTH.map(|seat| s.square_set(seat))),
        ByPlayer(Seat::BOTH.map(|seat| s.borne_off(seat))),
        false,
    ),
}

/// Raw Senet scores of both seats from their square sets and pieces borne off.
#[inline]
fn raw(men: ByPlayer<u32>, off: ByPlayer<u8>, kendall_rules: bool) -> ByPlayer<f64> {
    let mut out = ByPlayer::both(0.0);
    for me in Seat::BOTH {
        let own = men[me];
        let opp = men[me.other()];
        let guarded = own & ((own << 1) | (own >> 1));
        // A borne-off piece is worth a full track and a little more: it can no longer be hit.
        let mut v = 34.0 * f64::from(off[me]);
        for q in 1..=30u8 {
            if own >> q & 1 == 0 {
                continue;
            }
            v += f64::from(q);
            match q {
                // In Kendall a piece in the Waters freezes its owner's other pieces (KE-16) and
                // leaves a one-in-sixteen try for a 4 a turn; giving it up puts it on 15 for a
                // turn (KE-18, KE-19; a turn with its extra throws is worth about 3.7 squares),
                // so it is worth about 11 squares, 16 below its square. At 10 below, `easy`
                // always tried for the 4 and lost 4.4 ‰ of win chance a decision, more than
                // `random` (docs/STRENGTH.md, "Error rates by level").
                27 => v -= if kendall_rules { 16.0 } else { 12.0 },
                28 | 29 => v -= 1.5,
                _ => {}
            }
            if guarded >> q & 1 == 1 {
                v += 0.75;
            } else if q <= 26 {
                // An exchange costs the hit piece t squares and gains them for the attacker.
                for t in 1..=5u8 {
                    if q > t && opp >> (q - t) & 1 == 1 {
                        v -= 2.0 * THROW_P[usize::from(t)] * f64::from(t);
                    }
                }
            }
        }
        out[me] = v;
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::eval::Evaluator;
    use nefer_core::{Options, RuleSetId};

    #[test]
    fn start_is_near_even_and_symmetric() {
        let g = RuleSetId::SenetKendall.new_game(&Options::new()).unwrap();
        let a = Senet.value(&g, Seat::A);
        let b = Senet.value(&g, Seat::B);
        assert!((a + b).abs() < 1e-12);
        assert!(a > 0.0 && a < 0.3, "{a}");
    }

    #[test]
    fn progress_and_water_count() {
        let pos = |text: &str| text.parse::<AnyGame>().unwrap();
        let ahead = pos("senet.kendall A:20,22,off*5 B:5,7,off*5 A throw");
        assert!(Senet.value(&ahead, Seat::A) > 0.3);
        let wet = pos("senet.kendall A:10,27,off*5 B:9,26,off*5 A water");
        let dry = pos("senet.kendall A:10,25,off*5 B:9,26,off*5 A throw");
        assert!(Senet.value(&wet, Seat::A) < Senet.value(&dry, Seat::A));
    }

    #[test]
    fn giving_up_the_waters_beats_waiting_for_a_four() {
        // The water turn of docs/STRENGTH.md, where playouts won 66 % after giving up and 53 %
        // after trying for the 4: the one-ply player must give up.
        let g: AnyGame = "senet.kendall A:27,off*6 B:22,25,26,off*4 A water turn=153"
            .parse()
            .unwrap();
        let mut easy = crate::search::greedy::Greedy::new(1);
        assert_eq!(crate::Player::choose(&mut easy, &g).to_string(), "27-15");
        // And a piece given up to 15 is worth more than one left in the Waters.
        let pos = |text: &str| text.parse::<AnyGame>().unwrap();
        let wet = pos("senet.kendall A:10,27,off*5 B:9,26,off*5 A water");
        let given_up = pos("senet.kendall A:10,15,off*5 B:9,26,off*5 B throw");
        assert!(Senet.value(&given_up, Seat::A) > Senet.value(&wet, Seat::A));
    }
}
