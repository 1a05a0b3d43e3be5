//! The learned evaluator as shipped: every weights file reads, says what it is, knows the games
//! of its rules and only those, and its players choose legal moves; a game of other options
//! falls back to the hand-written evaluation and says so; a tiny training run beats random.

use std::sync::Arc;

use nefer_core::{AnyGame, Game, MoveList, Options, RuleSetId, Status};
use nefer_players::eval::Evaluator;
use nefer_players::eval::neural::{SHIPPED, Weights, fallback_note, shipped, shipped_for};
use nefer_players::sim::{SimConfig, Summary, run};
use nefer_players::train::{TrainConfig, Trainer};
use nefer_players::{Player, PlayerSpec};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

#[test]
fn every_shipped_file_matches_its_name_and_header() {
    assert_eq!(shipped().len(), SHIPPED.len());
    for (name, bytes) in SHIPPED {
        let w = Weights::from_bytes(bytes).unwrap();
        let h = &w.header;
        let (key, variation) = match name.split_once('.') {
            Some((family, rest)) => match rest.split_once('.') {
                Some((r, v)) => (format!("{family}.{r}"), Some(v)),
                None => (name.to_string(), None),
            },
            None => unreachable!(),
        };
        assert_eq!(h.rules.key(), key, "{name}");
        assert_eq!(
            h.options.is_empty(),
            variation.is_none(),
            "{name}: {}",
            h.options
        );
        assert!(h.games >= 10_000, "{name}: {} games", h.games);
        // The header's command reproduces the file.
        assert!(
            h.command.starts_with(&format!("nefer train --rules {key}"))
                && h.command.contains(&format!("--seed {}", h.seed))
                && h.command.contains(&format!("--games {}", h.games)),
            "{name}: {}",
            h.command
        );
        assert!(shipped_for(&w.start()).is_some(), "{name}");
    }
}

#[test]
fn the_default_rule_sets_and_the_walker_variation_have_networks() {
    let mut games: Vec<AnyGame> = RuleSetId::ALL
        .iter()
        .map(|id| id.new_game(&Options::new()).unwrap())
        .collect();
    games.push(
        AnyGame::new(
            "hj.walker",
            &Options::parse("hj.walker.variation=true").unwrap(),
        )
        .unwrap(),
    );
    let missing: Vec<String> = games
        .iter()
        .filter(|g| shipped_for(g).is_none())
        .map(|g| format!("{} {}", g.rule_set(), g.options()))
        .collect();
    assert!(missing.is_empty(), "no network: {missing:?}");
}

/// Plays `games` random games and checks every choice of `player` is legal.
fn plays_legal_moves(g0: &AnyGame, player: &mut dyn Player, games: usize) {
    let mut rng = ChaCha8Rng::seed_from_u64(5);
    let mut legal = MoveList::new();
    for _ in 0..games {
        let mut g = g0.clone();
        let mut decisions = 0;
        while g.outcome().is_none() && decisions < 60 {
            match g.status() {
                Status::Decide { .. } => {
                    g.legal_moves(&mut legal);
                    let m = player.choose(&g);
                    assert!(legal.contains(&m), "{} chose {m} in {g}", player.name());
                    g.play(m).unwrap();
                    decisions += 1;
                }
                _ => {
                    let c = g.sample_chance(&mut rng);
                    g.play_chance(c).unwrap();
                }
            }
        }
    }
}

#[test]
fn the_learned_players_choose_legal_moves_with_every_network() {
    for net in shipped() {
        let g = net.weights().start();
        for spec in ["neural", "master:depth=1"] {
            let mut p = spec.parse::<PlayerSpec>().unwrap().build(3);
            plays_legal_moves(&g, p.as_mut(), 2);
        }
        // The chances are a distribution and the value their expectation.
        let c = net.chances(&g, nefer_core::Seat::A).unwrap();
        assert!(c.win >= 0.0 && c.draw >= 0.0 && c.win + c.draw <= 1.0 + 1e-6);
        assert!((net.value(&g, nefer_core::Seat::A) - c.value()).abs() < 1e-6);
    }
}

#[test]
fn other_options_fall_back_to_the_hand_written_evaluation_and_say_so() {
    let g = AnyGame::new(
        "senet.kendall",
        &Options::parse("senet.kendall.setup=first_on_odd").unwrap(),
    )
    .unwrap();
    assert!(shipped_for(&g).is_none());
    let note = fallback_note(&g, None).unwrap();
    assert!(
        note.contains("no trained network for senet.kendall with senet.kendall.setup=first_on_odd")
            && note.contains("--option senet.kendall.setup=first_on_odd"),
        "{note}"
    );
    let mut p = "master:depth=1".parse::<PlayerSpec>().unwrap().build(1);
    plays_legal_moves(&g, p.as_mut(), 2);
    let default = RuleSetId::SenetKendall.new_game(&Options::new()).unwrap();
    assert!(fallback_note(&default, None).is_none());
}

#[test]
fn a_tiny_training_run_beats_random_and_the_untrained_network() {
    let cfg = TrainConfig {
        hidden: 16,
        ..TrainConfig::new(RuleSetId::HjFrench, 300, 4)
    };
    let mut t = Trainer::new(cfg).unwrap();
    let untrained = Arc::new(t.evaluator().as_ref().weights().clone());
    while !t.finished() {
        t.train_game();
    }
    let score = |w: Weights| {
        let net = Arc::new(nefer_players::eval::Neural::new(w));
        let cfg = SimConfig {
            rules: RuleSetId::HjFrench,
            options: Options::new(),
            a: PlayerSpec::Neural { net: None }.with_network(net),
            b: PlayerSpec::Random,
            games: 200,
            seed: 9,
            duplicate: false,
        };
        Summary::of(&run(&cfg, &|_| {})).a
    };
    let before = score(Arc::unwrap_or_clone(untrained));
    let after = score(t.weights());
    assert!(after.ci95.0 > 0.5, "trained: {after:?}");
    assert!(
        after.rate > before.rate,
        "trained {after:?}, untrained {before:?}"
    );
}
