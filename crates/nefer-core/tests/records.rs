//! Property tests of records and of the generic game interface, over every registered rule set:
//! a random game written as `.ngr` and read back is the same game; replay rebuilds the state;
//! decisions are well formed and pieces conserved. Half of the cases draw the rule set's options
//! at random among the values the engine implements, so the properties hold under every option.

use nefer_core::record::legal_strings;
use nefer_core::{
    Family, Game, MoveList, Options, Place, Record, RuleSetId, SeatLayout, Status, replay,
};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

mod common;
use common::{options_for, random_game};

/// Pieces per seat at the start of rule set `id` with `options`.
fn pieces(id: RuleSetId, options: &Options) -> usize {
    match id.family() {
        Family::Senet if options.get("senet.pieces") == Some("5") => 5,
        Family::Senet => 7,
        Family::HoundsAndJackals => 5,
    }
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(96))]

    #[test]
    fn records_round_trip(seed in any::<u64>(), which in 0usize..64, cut in 0usize..2000) {
        let id = RuleSetId::ALL[which % RuleSetId::ALL.len()];
        let options = options_for(id, seed);
        let (actions, g) = random_game(id, &options, seed, cut.max(1) + 1);
        let mut rec = Record::new(id, options);
        rec.set_header("player-A", "random");
        rec.comments.push(format!("seed {seed}"));
        for &a in &actions {
            rec.push(a);
        }
        let text = rec.to_text();
        let back = Record::parse(&text).unwrap();
        prop_assert_eq!(&back, &rec);
        let r = replay(&back).unwrap();
        prop_assert_eq!(&r.actions, &actions);
        prop_assert_eq!(&r.game, &g);
    }

    #[test]
    fn decision_points_are_well_formed(seed in any::<u64>(), which in 0usize..64) {
        let id = RuleSetId::ALL[which % RuleSetId::ALL.len()];
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let options = options_for(id, seed);
        let mut g = id.new_game(&options).unwrap();
        let mut moves = MoveList::new();
        for _ in 0..20_000 {
            match g.status() {
                Status::Chance { .. } => {
                    let outcomes = g.chance_outcomes();
                    prop_assert!(!outcomes.is_empty());
                    // Exact probabilities sum to one.
                    let den: u64 = outcomes.iter().map(|(_, p)| p.den).max().unwrap();
                    let sum: u64 = outcomes.iter().map(|(_, p)| p.num * (den / p.den)).sum();
                    prop_assert_eq!(sum, den);
                    let c = g.sample_chance(&mut rng);
                    g.play_chance(c).unwrap();
                }
                Status::Decide { .. } => {
                    g.legal_moves(&mut moves);
                    prop_assert!(!moves.is_empty());
                    // C-2 `false` offers `pass` beside moves; so do C-5 `allowed_as_pass` (a
                    // line back to the start hole is played as a pass), KE-27 `true` (a lone
                    // bear-off may be declined, R-16), and Skiryuk's declinable load and bonus
                    //
                    let compulsory = options.get(&format!("{id}.compulsory_move")) != Some("false")
                        && options.get(&format!("{id}.null_line_move")) != Some("allowed_as_pass")
                        && options.get("senet.kendall.bear_off_optional") != Some("true")
                        && options.get("hj.skiryuk.load") != Some("optional")
                        && options.get("hj.skiryuk.bonus") != Some("declinable");
                    if compulsory && moves.contains(&nefer_core::Move::Pass) {
                        prop_assert_eq!(moves.len(), 1, "pass only alone (C-2)");
                    }
                    // Two legal moves never share a string (NOTATION §3).
                    let strings = legal_strings(&g);
                    let mut dedup = strings.clone();
                    dedup.dedup();
                    prop_assert_eq!(strings, dedup);
                    let m = moves[rng.random_range(0..moves.len())];
                    g.play(m).unwrap();
                }
                Status::Over(_) => break,
            }
            // Pieces are conserved: each seat's pieces are on the board, in hand, off, or a
            // trophy of the other seat, and no two seats share a hole other than `S`.
            let [a, b] = g.layout();
            let count = |me: &SeatLayout, other: &SeatLayout| {
                me.board.len() + usize::from(me.hand + me.off + other.trophies)
            };
            prop_assert_eq!(count(&a, &b), pieces(id, &options));
            prop_assert_eq!(count(&b, &a), pieces(id, &options));
            let mut places: Vec<Place> = a.board.iter().chain(&b.board).copied()
                .filter(|&p| p != Place::Shared).collect();
            places.sort();
            let n = places.len();
            places.dedup();
            prop_assert_eq!(places.len(), n, "two pieces on one place");
        }
        prop_assert!(g.outcome().is_some(), "{} ({}) did not end in 20,000 actions", id, options);
    }
}

#[test]
fn a_wrong_kind_of_action_leaves_the_state_unchanged() {
    for &id in RuleSetId::ALL {
        let g = id.new_game(&Options::new()).unwrap();
        let mut h = g.clone();
        let wrong = match g.status() {
            Status::Chance { .. } => h.play(nefer_core::Move::Pass),
            _ => h.play_chance(nefer_core::Chance::Throw(
                nefer_core::Throw::new(1).unwrap(),
            )),
        };
        assert!(wrong.is_err());
        assert_eq!(g, h);
    }
}
