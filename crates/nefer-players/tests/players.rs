//! Every player chooses only legal moves on every rule set, and a seed reproduces its games.

use nefer_core::{Options, RuleSetId};
use nefer_players::PlayerSpec;
use nefer_players::sim::{SimConfig, run};

#[test]
fn every_player_plays_legal_moves_on_every_rule_set() {
    // `run` applies each choice with the checked `Game::play` and panics on an illegal one.
    let players = ["random", "greedy", "expectimax:depth=1", "mcts:iters=30"];
    for &rules in RuleSetId::ALL {
        for p in players {
            let cfg = SimConfig {
                rules,
                options: Options::new(),
                a: p.parse().unwrap(),
                b: PlayerSpec::Random,
                games: 2,
                seed: 11,
            };
            let first = run(&cfg, &|| {});
            assert_eq!(first.len(), 2);
            assert_eq!(
                first,
                run(&cfg, &|| {}),
                "{rules} {p}: same seed, same games"
            );
        }
    }
}

#[test]
fn the_walker_variation_is_played_too() {
    let cfg = SimConfig {
        rules: RuleSetId::HjWalker,
        options: Options::parse("hj.walker.variation=true").unwrap(),
        a: PlayerSpec::Greedy,
        b: "expectimax:depth=1".parse().unwrap(),
        games: 4,
        seed: 2,
    };
    assert_eq!(run(&cfg, &|| {}).len(), 4);
}
