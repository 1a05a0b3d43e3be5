//! `Game::moves_in_notation_order`: a rule set that says its legal lists are in the order of
//! their notations (the byte order of the strings, as traces list them, NOTATION §6) keeps its
//! word in every list of random games under every value of every option; and the rule sets
//! whose generators were written for it say so (docs/BENCHMARKS.md, issue 19). Where a rule set
//! finds the move of a rank without listing the moves (`Game::ranked_move`, the random players'
//! way), every rank gives the move the list has there, and `Game::play_ranked` plays it.

use nefer_core::{Game, MoveList, Options, RuleSetId, Status};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The values to try for an option value or pattern of the registry.
fn samples(value: &str) -> Vec<&str> {
    match value {
        "N" => vec!["150"],
        "(0,1)" => vec!["2/5"],
        "{...}" => vec!["{10,15,25}", "{}", "{3}"],
        v => vec![v],
    }
}

/// Every list of `games` random games of `start` is in notation order; returns how many lists
/// were checked.
fn check_lists(start: &nefer_core::AnyGame, what: &str, games: u32) -> u32 {
    let mut rng = ChaCha8Rng::seed_from_u64(1);
    let mut moves = MoveList::new();
    let mut lists = 0;
    for _ in 0..games {
        let mut g = start.clone();
        // A cap: a few option sets make games that random play may never end.
        for _ in 0..3000 {
            match g.status() {
                Status::Over(_) => break,
                Status::Chance { .. } => {
                    let c = g.sample_chance(&mut rng);
                    g.play_chance_unchecked(c);
                }
                Status::Decide { .. } => {
                    g.legal_moves(&mut moves);
                    lists += 1;
                    let keys: Vec<_> = moves.iter().map(|m| m.notation_key()).collect();
                    assert!(
                        keys.windows(2).all(|w| w[0] < w[1]),
                        "{what}: not in notation order: {}",
                        moves
                            .iter()
                            .map(|m| m.to_string())
                            .collect::<Vec<_>>()
                            .join(" ")
                    );
                    // `ranked_move` finds the move of every rank without the list, or
                    // declines without asking for a rank.
                    for k in 0..moves.len() {
                        let mut asked = None;
                        let found = g.ranked_move(&mut (), |_, n| {
                            asked = Some(n);
                            k
                        });
                        match found {
                            Some(m) => {
                                assert_eq!(asked, Some(moves.len()), "{what}: {}", g.position());
                                assert_eq!(m, moves[k], "{what}: rank {k} of {}", g.position());
                            }
                            None => assert_eq!(asked, None, "{what}"),
                        }
                        // `play_ranked` plays that move, or declines and changes nothing.
                        let mut played = g.clone();
                        if played.play_ranked(&mut (), |_, _| k) {
                            let mut by_hand = g.clone();
                            by_hand.play_unchecked(moves[k]);
                            assert_eq!(played, by_hand, "{what}: rank {k} of {}", g.position());
                        } else {
                            assert_eq!(played, g, "{what}: declined");
                        }
                    }
                    g.play_unchecked(moves[rng.random_range(0..moves.len())]);
                }
            }
        }
    }
    lists
}

#[test]
fn rule_sets_that_list_moves_in_notation_order_do_so_under_every_option() {
    let mut ordered = Vec::new();
    for &id in RuleSetId::ALL {
        let start = id.new_game(&Options::new()).unwrap();
        if !start.moves_in_notation_order() {
            continue;
        }
        ordered.push(id.to_string());
        let mut configs = vec![String::new()];
        for spec in id.option_specs() {
            for value in spec.values.iter().flat_map(|v| samples(v)) {
                configs.push(format!("{}={value}", spec.name));
            }
        }
        for c in configs {
            let game = id.new_game(&Options::parse(&c).unwrap()).unwrap();
            assert!(game.moves_in_notation_order(), "{id} [{c}]");
            let lists = check_lists(&game, &format!("{id} [{c}]"), 60);
            assert!(lists > 1000, "{id} [{c}]: {lists} lists");
        }
    }
    assert_eq!(ordered, ["hj.french", "senet.kendall", "senet.school"]);
}
