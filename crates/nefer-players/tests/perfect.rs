//! The exact race tables. The `perfect` player of `hj.french` plays from the exact table: it
//! always chooses a legal move, beats a random player almost always, and chooses exactly the
//! table's best move. The exact evaluator ([`RaceTables`]) gives the chances of `perfect` against
//! `perfect`: the published match figures from the start, and hand-computed ones near the end.
//!
//! Every test that needs the French table first asks for the evaluator's, which the `perfect`
//! player then reuses: one solve serves the whole file.

use std::sync::Arc;

use nefer_core::{AnyGame, Game, Options, RuleSetId, Seat};
use nefer_players::PlayerSpec;
use nefer_players::eval::{Chances, Evaluator, Fallback, HandWritten, NoRaceTable, RaceTables};
use nefer_players::perfect::{race_state, solved, table};
use nefer_players::sim::{SimConfig, run};

/// The French tables, solved once for every test of this file.
fn french_tables() -> RaceTables {
    RaceTables::new(RuleSetId::HjFrench).unwrap()
}

/// The game of a position string (docs/dev/positions.md).
fn pos(text: &str) -> AnyGame {
    text.parse().unwrap_or_else(|e| panic!("{text}: {e}"))
}

fn close(got: f64, want: f64, tol: f64, what: &str) {
    assert!((got - want).abs() < tol, "{what}: {got} for {want}");
}

#[test]
fn perfect_beats_random_and_plays_the_table() {
    french_tables();
    let cfg = SimConfig {
        rules: RuleSetId::HjFrench,
        options: Options::new(),
        a: PlayerSpec::Perfect,
        b: PlayerSpec::Random,
        games: 40,
        seed: 5,
        duplicate: false,
    };
    let results = run(&cfg, &|_| {});
    let wins = results
        .iter()
        .filter(|r| r.winner == Some(r.a_seat))
        .count();
    // Perfect wins ~90 % of games against random; 28 of 40 fails with probability < 1e-3.
    assert!(wins >= 28, "perfect won only {wins} of 40");

    // From the start with a 1 there is one move; the table's start value is the documented one.
    let t = table(RuleSetId::HjFrench);
    // Once solved, the table is there without waiting; Senet has none.
    assert!(solved(RuleSetId::HjFrench).is_some());
    assert!(solved(RuleSetId::SenetKendall).is_none());
    let g = RuleSetId::HjFrench.new_game(&Options::new()).unwrap();
    assert!((t.expected(race_state(&g, Seat::A)) - 41.414822).abs() < 1e-6);
}

#[test]
fn perfect_refuses_what_it_cannot_play() {
    let g = RuleSetId::SenetKendall.new_game(&Options::new()).unwrap();
    assert!(!PlayerSpec::Perfect.supports(&g));
    let v = RuleSetId::HjWalker
        .new_game(&Options::parse("hj.walker.variation=true").unwrap())
        .unwrap();
    assert!(!PlayerSpec::Perfect.supports(&v));
    // Its table is solved for fair sticks and compulsory moves: with biased sticks, or passes
    // allowed, it would not play its best.
    for key in ["hj.french", "hj.walker"] {
        for other in [
            "stick_bias=1/3",
            "compulsory_move=false",
            "null_line_move=allowed_as_pass",
            "blocked_line=illegal",
        ] {
            let o = Options::parse(&format!("{key}.{other}")).unwrap();
            let g = key.parse::<RuleSetId>().unwrap().new_game(&o).unwrap();
            assert!(!PlayerSpec::Perfect.supports(&g), "{key}.{other}");
        }
        // Other line directions make another race than the tables'.
        let lines = if key == "hj.french" {
            "both"
        } else {
            "forward_only"
        };
        let o = Options::parse(&format!("hj.lines={lines}")).unwrap();
        let g = key.parse::<RuleSetId>().unwrap().new_game(&o).unwrap();
        assert!(!PlayerSpec::Perfect.supports(&g), "{key} hj.lines={lines}");
        let fair = Options::parse(&format!("{key}.stick_bias=1/2")).unwrap();
        let g = key.parse::<RuleSetId>().unwrap().new_game(&fair).unwrap();
        assert!(PlayerSpec::Perfect.supports(&g), "{key}");
    }
    // French's FR-2 and FR-7 options make other races; its opening (FR-1) only says who starts.
    for other in ["bonus_fallback=any_piece", "hole_30=stay_then_exit_on_any"] {
        let o = Options::parse(&format!("hj.french.{other}")).unwrap();
        let g = RuleSetId::HjFrench.new_game(&o).unwrap();
        assert!(!PlayerSpec::Perfect.supports(&g), "hj.french.{other}");
    }
    let o = Options::parse("hj.french.opening=simultaneous").unwrap();
    assert!(PlayerSpec::Perfect.supports(&RuleSetId::HjFrench.new_game(&o).unwrap()));
    // Walker's track options make other races (WB-3, WB-4, WB-7).
    for other in [
        "shared_30=single",
        "block_lines=true",
        "bear_off=five_or_one",
    ] {
        let o = Options::parse(&format!("hj.walker.{other}")).unwrap();
        let g = RuleSetId::HjWalker.new_game(&o).unwrap();
        assert!(!PlayerSpec::Perfect.supports(&g), "hj.walker.{other}");
    }
    {
        let key = "hj.walker";
        let fair = Options::parse(&format!("{key}.stick_bias=1/2")).unwrap();
        let g = key.parse::<RuleSetId>().unwrap().new_game(&fair).unwrap();
        assert!(PlayerSpec::Perfect.supports(&g), "{key}");
    }
    let f: AnyGame = RuleSetId::HjFrench.new_game(&Options::new()).unwrap();
    assert!(PlayerSpec::Perfect.supports(&f));
    assert_eq!(PlayerSpec::Perfect.build(0).name(), "perfect");
    let _ = f.status();
}

#[test]
fn the_exact_evaluator_gives_the_published_match_figures() {
    let t = french_tables();
    assert_eq!(t.rule_set(), RuleSetId::HjFrench);
    assert!(t.left_out() < 1e-6, "{}", t.left_out());
    // The perfect player now reads the same table: no second solve.
    assert!(solved(RuleSetId::HjFrench).is_some());
    // docs/SOLUTIONS.md: the first thrower of the French race wins 0.522095 of the games between
    // players minimising their expected turns (the match of the start's distributions, computed
    // by nefer-tables apart from this evaluator).
    let fixed = RuleSetId::HjFrench
        .new_game(&Options::parse("hj.french.first_player=p1").unwrap())
        .unwrap();
    let c = t.chances(&fixed, Seat::A).unwrap();
    close(c.win, 0.522095, 1.5e-6, "first thrower");
    assert_eq!(c.draw, 0.0);
    close(t.value(&fixed, Seat::B), -c.value(), 1e-12, "zero-sum");
    // Who starts drawn at random, or thrown for together (FR-1 `simultaneous`, repeated on two
    // 1s or none): an even game.
    for opts in ["", "hj.french.opening=simultaneous"] {
        let g = RuleSetId::HjFrench
            .new_game(&Options::parse(opts).unwrap())
            .unwrap();
        assert!(t.supports(&g), "{opts}");
        close(t.chances(&g, Seat::A).unwrap().win, 0.5, 1e-9, opts);
    }
}

#[test]
fn the_exact_evaluator_agrees_with_chances_computed_by_hand() {
    let t = french_tables();
    // One piece each on 29: each goes out on a 1 (4 in 16) and else loses the throw, so the
    // first to throw wins p / (1 − q²).
    let (p1, p2) = (4.0 / 16.0, 6.0 / 16.0);
    let last = "A:L29,off*4 B:R29,off*4 A";
    let g = pos(&format!("hj.french {last} throw"));
    close(
        t.chances(&g, Seat::A).unwrap().win,
        p1 / (1.0 - (1.0 - p1) * (1.0 - p1)),
        1e-6,
        "29 v 29",
    );
    // A on 28 goes out on a 2 (6 in 16) and must step to 29 on a 1 (4 in 16). With
    // f_h = Σ_k P(A needs k turns from h) q^(k − 1), q = 12/16 the chance that B misses a turn:
    // f_29 = p / (1 − 12/16 q) and f_28 = (6/16 + 4/16 q f_29) / (1 − 6/16 q).
    let q = 1.0 - p1;
    let f29 = p1 / (1.0 - (1.0 - p1) * q);
    let f28 = (p2 + p1 * q * f29) / (1.0 - (1.0 - p1 - p2) * q);
    let g = pos("hj.french A:L28,off*4 B:R29,off*4 A throw");
    close(t.chances(&g, Seat::A).unwrap().win, f28, 1e-6, "28 v 29");
    // On 29 with a 3 thrown, A cannot move: it passes, and B throws first.
    let thrown = pos(&format!("hj.french {last} 3"));
    close(t.value(&thrown, Seat::B), 2.0 * f29 - 1.0, 2e-6, "A passes");
    // A turn cap (C-7): from turn 1, turns 1 and 3 are A's, 2 is B's, and none follows.
    let g = pos(&format!("hj.french[max_turns=3] {last} throw"));
    assert!(t.supports(&g));
    let c = t.chances(&g, Seat::A).unwrap();
    close(c.win, p1 + q * q * p1, 1e-6, "capped win");
    close(c.draw, q * q * q, 1e-6, "capped draw");
    close(c.loss(), q * p1, 1e-6, "capped loss");
    // A finished game has its result.
    let mut won = pos(&format!("hj.french {last} 1"));
    won.play("L29-off".parse().unwrap()).unwrap();
    assert_eq!(t.chances(&won, Seat::B), Some(Chances::LOSS));
}

#[test]
fn the_exact_evaluator_keeps_to_its_race_and_falls_back_elsewhere() {
    assert_eq!(
        RaceTables::new(RuleSetId::SenetKendall).err(),
        Some(NoRaceTable(RuleSetId::SenetKendall))
    );
    let t = french_tables();
    let exact_or_hand = Fallback {
        first: t.clone(),
        fallback: HandWritten,
    };
    // Another track than the table's (FR-7): the hand-written evaluation, which ranks only.
    let other =
        pos("hj.french[hole_30=stay_then_exit_on_any] A:L12,L20,off*3 B:R3,R4,off*3 A throw");
    assert!(!t.supports(&other) && exact_or_hand.supports(&other));
    assert_eq!(
        exact_or_hand.value(&other, Seat::A),
        HandWritten.value(&other, Seat::A)
    );
    assert_eq!(exact_or_hand.chances(&other, Seat::A), None);
    let walker = RuleSetId::HjWalker.new_game(&Options::new()).unwrap();
    assert!(!t.supports(&walker));
    // A search on the exact evaluator plays legal moves.
    let g = pos("hj.french A:L5,L12,L14,off*2 B:R3,R4,off*3 A 1");
    let shared: Arc<dyn Evaluator> = Arc::new(t);
    let mut p = "expectimax:depth=2"
        .parse::<PlayerSpec>()
        .unwrap()
        .build_with(0, shared);
    let m = p.choose(&g);
    assert!(g.clone().play(m).is_ok(), "{m}");
    assert_eq!(p.name(), "expectimax:depth=2+race-tables");
}

/// The Walker table takes several minutes to solve: `cargo test -p nefer-players --release
/// --test perfect -- --ignored`.
#[test]
#[ignore]
fn the_exact_walker_evaluator_gives_the_published_and_hand_computed_chances() {
    let t = RaceTables::new(RuleSetId::HjWalker).unwrap();
    assert!(t.left_out() < 1e-6, "{}", t.left_out());
    // docs/SOLUTIONS.md: the first thrower of basic Walker wins 0.504574.
    let fixed = RuleSetId::HjWalker
        .new_game(&Options::parse("hj.walker.first_player=p2").unwrap())
        .unwrap();
    close(
        t.chances(&fixed, Seat::B).unwrap().win,
        0.504574,
        1.5e-6,
        "first thrower",
    );
    // One piece each on point 30, waiting for a 5 (1 in 16) to bear off.
    let g = pos("hj.walker A:S,off*4 B:S,off*4 A throw");
    let p = 1.0 / 16.0;
    close(
        t.chances(&g, Seat::A).unwrap().win,
        p / (1.0 - (1.0 - p) * (1.0 - p)),
        1e-6,
        "30 v 30",
    );
}
