//! The option values of SPEC §13 (issue 22) bring new decisions (a value-spending move, a
//! capture choice, a declinable load and bonus) and a new chance outcome (two d4): every level
//! plays games under each of them with only legal moves, and `perfect` refuses them all.

use std::time::Duration;

use nefer_core::{Game, MoveList, Options, RuleSetId, Seat, Status};
use nefer_players::{LEVELS, PlayerSpec};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Each new value of §13; its key names its rule set.
const VALUES: &[&str] = &[
    "senet.kendall.throw_mode=accumulate",
    "hj.washburne.dice=two_d4",
    "hj.washburne.dice=two_d4, hj.washburne.d4_same_piece=true",
    "hj.washburne.orange=blocking_point",
    "hj.washburne.no_passing=true",
    "hj.washburne.ankh_holes={10,15,25}",
    "hj.skiryuk.load=optional",
    "hj.skiryuk.capture_target=choice",
    "hj.skiryuk.bonus=declinable",
    "hj.skiryuk.no_target=deferred_capture",
];

/// The rule set of option values `o`: the first two parts of its (first) key.
fn rules_of(o: &str) -> RuleSetId {
    let (family, rest) = o.split_once('.').unwrap();
    let (name, _) = rest.split_once('.').unwrap();
    format!("{family}.{name}").parse().unwrap()
}

/// The levels, and MCTS; the deeper searches with a short time cap, so that a debug build
/// plays their games in seconds (the search and its evaluation are the level's).
fn players() -> Vec<(String, PlayerSpec)> {
    let mut v: Vec<(String, PlayerSpec)> = LEVELS
        .iter()
        .map(|&(name, spec)| {
            let mut p: PlayerSpec = spec.parse().unwrap();
            if let PlayerSpec::Expectimax { time, .. } = &mut p {
                *time = Some(Duration::from_millis(15));
            }
            (name.to_owned(), p)
        })
        .collect();
    v.push(("mcts".into(), "mcts:iters=40".parse().unwrap()));
    v
}

#[test]
fn every_level_plays_legal_moves_under_each_new_value() {
    for &o in VALUES {
        let rules = rules_of(o);
        let options = Options::parse(o).unwrap();
        for (name, spec) in players() {
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            let mut moves = MoveList::new();
            // Seat A is the player; B plays at random. The searching levels choose a limited
            // number of moves per game (whole games are long for a debug build); the rest of
            // the game, to its end or the cap, is random.
            let budget = if matches!(spec, PlayerSpec::Random | PlayerSpec::Greedy) {
                usize::MAX
            } else {
                12
            };
            for game in 0..2u64 {
                let mut player = spec.build(game);
                let mut g = rules.new_game(&options).unwrap();
                let mut chosen = 0;
                for _ in 0..20_000 {
                    let seat = match g.status() {
                        Status::Over(_) => break,
                        Status::Chance { .. } => {
                            g.play_chance(g.sample_chance(&mut rng)).unwrap();
                            continue;
                        }
                        Status::Decide { seat, .. } => seat,
                    };
                    g.legal_moves(&mut moves);
                    let m = if seat == Seat::A && chosen < budget {
                        chosen += 1;
                        player.choose(&g)
                    } else {
                        moves[rng.random_range(0..moves.len())]
                    };
                    assert!(
                        moves.contains(&m),
                        "{rules} ({o}) {name}: {m} is not among {moves:?}"
                    );
                    g.play(m).unwrap();
                }
                assert!(chosen > 0, "{rules} ({o}) {name} played no move");
            }
        }
    }
}

#[test]
fn perfect_refuses_the_new_values() {
    for &o in VALUES {
        let rules = rules_of(o);
        let g = rules.new_game(&Options::parse(o).unwrap()).unwrap();
        assert!(!PlayerSpec::Perfect.supports(&g), "{rules} ({o})");
    }
    // R-14 changes Walker's track under `block_lines`, which `perfect` already refuses.
    let g = RuleSetId::HjWalker
        .new_game(&Options::parse("hj.walker.block_lines=true").unwrap())
        .unwrap();
    assert!(!PlayerSpec::Perfect.supports(&g));
}
