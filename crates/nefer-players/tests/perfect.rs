//! The `perfect` player of `hj.french` plays from the exact table: it always chooses a legal move,
//! beats a random player almost always, and chooses exactly the table's best move.

use nefer_core::{AnyGame, Game, Options, RuleSetId, Seat};
use nefer_players::PlayerSpec;
use nefer_players::perfect::{race_state, solved, table};
use nefer_players::sim::{SimConfig, run};

#[test]
fn perfect_beats_random_and_plays_the_table() {
    let cfg = SimConfig {
        rules: RuleSetId::HjFrench,
        options: Options::new(),
        a: PlayerSpec::Perfect,
        b: PlayerSpec::Random,
        games: 40,
        seed: 5,
    };
    let results = run(&cfg, &|| {});
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
