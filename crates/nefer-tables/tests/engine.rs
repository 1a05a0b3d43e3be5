//! The race model of the exact tables against the engine (issue 14, item 8).
//!
//! `nefer-tables` does not use `nefer-core`: it models one player's race of `hj.french` and of
//! basic `hj.walker` by itself (a few bits and counters per state), so that the one-player space
//! can be ranked and solved. This test holds that model to the engine's rules, move by move.
//! It plays seeded random games with the engine and, at every throw of either seat on the way
//! (bonus throws and the French opening included), compares for each throw value 1..=5:
//!
//! - the race states after the engine's legal moves, each with what follows (the turn ends, or
//!   a bonus throw for which piece), against the model's `Race::steps`, as multisets, both ways;
//!   a throw the engine can only pass (or that decides nothing, as the French opening's throws
//!   other than 1) is one the model loses, and the other way round;
//! - what the model takes for granted: a move leaves the other seat's race untouched, every
//!   piece is somewhere the accessors show, and the game is won exactly when the race is done;
//!
//! and at every throw the engine's `chance_outcomes()` against the table's law, `THROW_P`.
//!
//! The engine's positions are read through its accessors (`holes_of`, `in_hand`, `out` in
//! French; `indices_of`, `in_hand`, `borne_off` in Walker). What they cannot see:
//! - the phase. Whether a throw is a bonus throw, and for which piece (FR-2), is kept by this
//!   test from the move that earned it (its landing hole; in Walker any piece, WB-6); a wrong
//!   guess shows at the next throw, whose moves then differ. Who throws first (a chance choice
//!   of seat) and the French opening's search for a 1 are not part of one player's race;
//! - the turn count and the C-7 cap, and the C-8 jam check in Walker: the defaults have no cap,
//!   and a game of the engine that ends in a draw is reported as a difference;
//! - the options: the model is the default race, so the games use the default options and the
//!   test checks `standard_race()`. French pieces resting on hole 30 (FR-7
//!   `stay_then_exit_on_any`) are not shown by `holes_of`/`out`; the conservation check (five
//!   pieces found) would catch them.

use std::collections::{BTreeMap, HashSet};
use std::fmt;

use nefer_core::{
    AnyGame, Chance, Game, Move, MoveList, Options, Outcome, Place, RuleSetId, Seat, Status, Throw,
};
use nefer_tables::race::{Ctx, Race, RaceState, Step, THROW_P};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// The two pure-race rule sets.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Rules {
    French,
    Walker,
}

impl Rules {
    const BOTH: [Rules; 2] = [Rules::French, Rules::Walker];

    fn id(self) -> RuleSetId {
        match self {
            Rules::French => RuleSetId::HjFrench,
            Rules::Walker => RuleSetId::HjWalker,
        }
    }

    /// The table's model of one player's race, on the full board, as the players take it.
    fn model(self) -> Box<dyn Race> {
        nefer_tables::race_for(self.id().key(), 5, 29).expect("a pure race")
    }

    /// A new engine game with the default options: the race the tables model.
    fn new_game(self) -> AnyGame {
        let g = self
            .id()
            .new_game(&Options::new())
            .expect("the defaults are valid options");
        let standard = match &g {
            AnyGame::HjFrench(f) => f.standard_race(),
            AnyGame::HjWalker(w) => w.standard_race(),
            _ => false,
        };
        assert!(
            standard,
            "{}: the defaults are the modelled race",
            self.id()
        );
        g
    }

    /// Holes where landing follows a line when its far end is free (FR-4: one way in French;
    /// 001§10: both ways in Walker): landing there and staying means the far end was taken.
    fn line_starts(self) -> &'static [u8] {
        match self {
            Rules::French => &[6, 8],
            Rules::Walker => &[6, 8, 10, 20],
        }
    }
}

/// One seat's race, read from the engine's position through its accessors.
///
/// # Panics
/// If the position is not one of the two modelled rule sets, or a piece is where the basic
/// race has no place for it (Walker's variation path beyond point 30).
fn race_of(g: &AnyGame, seat: Seat) -> RaceState {
    let holes = |it: &mut dyn Iterator<Item = u8>| {
        it.fold(0u32, |m, h| {
            assert!((1..=29).contains(&h), "a piece on hole {h}");
            m | 1 << h
        })
    };
    match g {
        AnyGame::HjFrench(f) => RaceState {
            holes: holes(&mut f.holes_of(seat)),
            hand: f.in_hand(seat),
            at_end: 0,
            off: f.out(seat),
        },
        AnyGame::HjWalker(w) => {
            let idx = w.indices_of(seat);
            // Index 30 is the shared point, once per piece resting there (WB-3).
            let at_end = idx.iter().filter(|&&i| i == 30).count() as u8;
            RaceState {
                holes: holes(&mut idx.into_iter().filter(|&i| i != 30)),
                hand: w.in_hand(seat),
                at_end,
                off: w.borne_off(seat),
            }
        }
        other => panic!("{} is not a modelled race", other.rule_set()),
    }
}

/// What follows a use of a throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
enum Then {
    /// The turn ends.
    TurnEnds,
    /// The same seat throws again, in this context.
    Again(Ctx),
}

/// Where a use of a throw leads.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Next {
    race: RaceState,
    then: Then,
}

impl Next {
    fn of(step: Step) -> Next {
        match step {
            Step::End(race) => Next {
                race,
                then: Then::TurnEnds,
            },
            Step::Again(race, c) => Next {
                race,
                then: Then::Again(c),
            },
        }
    }

    /// A total order for comparing multisets (`Ctx` has none).
    fn key(self) -> (RaceState, u16) {
        let then = match self.then {
            Then::TurnEnds => 0,
            Then::Again(Ctx::Start) => 1,
            Then::Again(Ctx::Bonus(q)) => 2 + u16::from(q),
        };
        (self.race, then)
    }
}

/// A difference between the engine and the model, with everything needed to replay it.
#[derive(Debug)]
struct Finding {
    rules: Rules,
    seed: u64,
    /// Actions played in the game before the state compared.
    ply: u32,
    what: String,
    board: String,
    seat: Seat,
    race: RaceState,
    ctx: Ctx,
    throw: u8,
    /// The engine's moves and where each leads.
    engine: Vec<(Move, Next)>,
    /// The model's steps.
    model: Vec<Step>,
}

impl fmt::Display for Finding {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        writeln!(
            f,
            "{} seed {} ply {}: {}",
            self.rules.id(),
            self.seed,
            self.ply,
            self.what
        )?;
        writeln!(
            f,
            "seat {:?}, race {:?}, {:?}, throw {}",
            self.seat, self.race, self.ctx, self.throw
        )?;
        writeln!(f, "engine:")?;
        for (m, n) in &self.engine {
            writeln!(f, "  {m} -> {n:?}")?;
        }
        writeln!(f, "model:")?;
        for s in &self.model {
            writeln!(f, "  {s:?}")?;
        }
        write!(f, "{}", self.board)
    }
}

/// What the comparisons went through, so that the sweep can show it exercised every rule the
/// model has.
#[derive(Debug, Default)]
struct Coverage {
    games: u32,
    /// Throws compared (five per chance node).
    throws: u64,
    /// Engine moves matched with a model step.
    moves: u64,
    /// Throws compared, by seat.
    by_seat: [u64; 2],
    /// Throws lost: no model step, the engine only passes or decides nothing.
    lost: u64,
    /// Throws after which the engine asks for no decision (the French opening).
    undecided: u64,
    /// Throws compared in a bonus context, by the hole of its piece (0: any piece), and how
    /// many of them were lost.
    bonus: BTreeMap<u8, (u64, u64)>,
    entries: u64,
    lines_forward: u64,
    lines_backward: u64,
    /// Moves landing on a line's start whose far end was taken (C-6 `stay`).
    lines_blocked: u64,
    /// Throws where some piece could not pass a blocking point it would otherwise (Walker).
    passage_blocked: u64,
    /// Pieces reaching Walker's point 30, and moves while two or more rest there.
    arrivals: u64,
    crowded_end: u64,
    /// Pieces out (French) or borne off (Walker).
    exits: u64,
    /// Wins, by seat.
    wins: [u32; 2],
    /// Distinct (race state, context) pairs compared.
    states: HashSet<(RaceState, u16)>,
}

impl Coverage {
    fn note(&mut self, rules: Rules, s: RaceState, ctx: Ctx, seat: Seat, t: u8, steps: &[Step]) {
        self.throws += 1;
        self.by_seat[seat.index()] += 1;
        self.states.insert(
            Next {
                race: s,
                then: Then::Again(ctx),
            }
            .key(),
        );
        if let Ctx::Bonus(q) = ctx {
            let e = self.bonus.entry(q).or_default();
            e.0 += 1;
            e.1 += u64::from(steps.is_empty());
        }
        self.lost += u64::from(steps.is_empty());
        if rules == Rules::Walker {
            let occupied = |h: u8| s.holes >> h & 1 == 1;
            let stopped = (1..=29u8).filter(|&p| occupied(p)).any(|p| {
                [10, 15, 20, 25]
                    .iter()
                    .any(|&b| p < b && b < p + t && p + t <= 30 && occupied(b))
            });
            self.passage_blocked += u64::from(stopped);
        }
        for st in steps {
            let n = match *st {
                Step::End(n) | Step::Again(n, _) => n,
            };
            self.moves += 1;
            self.entries += u64::from(n.hand < s.hand);
            self.exits += u64::from(n.off > s.off);
            self.arrivals += u64::from(n.at_end > s.at_end);
            self.crowded_end += u64::from(s.at_end >= 2);
            let (gone, came) = (s.holes & !n.holes, n.holes & !s.holes);
            if gone.count_ones() == 1 && came.count_ones() == 1 {
                let (p, f) = (gone.trailing_zeros() as u8, came.trailing_zeros() as u8);
                let l = p + t;
                self.lines_forward += u64::from(f > l);
                self.lines_backward += u64::from(f < l);
                self.lines_blocked += u64::from(f == l && rules.line_starts().contains(&l));
            }
        }
    }
}

/// The bonus context a move that keeps the turn going earns, read from the move alone: in
/// French the bonus is for the piece that moved, on its landing hole (FR-2, FR-3); in Walker
/// any piece may use the throw after an entry (WB-6).
fn bonus_after(rules: Rules, m: Move) -> Ctx {
    match (rules, m) {
        (
            Rules::French,
            Move::Go {
                to: Place::Hole(_, f),
                ..
            },
        ) => Ctx::Bonus(f),
        // A French move elsewhere keeps no turn going: let the comparison show it.
        (Rules::French, _) => Ctx::Start,
        (Rules::Walker, _) => Ctx::Bonus(0),
    }
}

/// What followed in the engine, from `before` (where `seat` used a throw) to `after`.
fn then_of(rules: Rules, before: &AnyGame, after: &AnyGame, seat: Seat, m: Move) -> Then {
    match after.status() {
        Status::Chance { seat: Some(s) } if s == seat && after.turns() == before.turns() => {
            Then::Again(bonus_after(rules, m))
        }
        _ => Then::TurnEnds,
    }
}

/// A chance node where a seat throws, with both seats' races read once.
struct Node<'a> {
    g: &'a AnyGame,
    seat: Seat,
    ctx: Ctx,
    mine: RaceState,
    theirs: RaceState,
}

/// One game's walk: the rule set, the model, the seed, how far it went.
struct Walk<'a> {
    rules: Rules,
    model: &'a dyn Race,
    seed: u64,
    ply: u32,
}

impl Walk<'_> {
    fn finding(&self, g: &AnyGame, seat: Seat, ctx: Ctx, t: u8, what: String) -> Box<Finding> {
        Box::new(Finding {
            rules: self.rules,
            seed: self.seed,
            ply: self.ply,
            what,
            board: g.board_text(),
            seat,
            race: race_of(g, seat),
            ctx,
            throw: t,
            engine: Vec::new(),
            model: Vec::new(),
        })
    }

    /// The engine's law of one throw against the table's.
    fn check_law(
        &self,
        g: &AnyGame,
        seat: Seat,
        ctx: Ctx,
        law: &[f64; 6],
    ) -> Result<(), Box<Finding>> {
        let outcomes = g.chance_outcomes();
        let engine: Vec<(Chance, u64, u64)> =
            outcomes.iter().map(|&(c, p)| (c, p.num, p.den)).collect();
        // The table's law in sixteenths (fair sticks, SPEC §1.1): exact in binary, so exact here.
        let expected: Vec<(Chance, f64)> = (1..=5u8)
            .map(|t| {
                (
                    Chance::Throw(Throw::new(t).expect("1..=5")),
                    law[usize::from(t)],
                )
            })
            .collect();
        let same = engine.len() == expected.len()
            && engine
                .iter()
                .zip(&expected)
                .all(|(&(c, num, den), &(d, p))| c == d && num as f64 == p * den as f64);
        if same && law[0] == 0.0 {
            Ok(())
        } else {
            Err(self.finding(
                g,
                seat,
                ctx,
                0,
                format!("throw law: engine {engine:?}, table {expected:?}"),
            ))
        }
    }

    /// Every throw at the chance node `g`, where `seat` throws in context `ctx`: the law, then
    /// each throw value.
    fn check_node(
        &self,
        g: &AnyGame,
        seat: Seat,
        ctx: Ctx,
        law: &[f64; 6],
        cov: &mut Coverage,
    ) -> Result<(), Box<Finding>> {
        self.check_law(g, seat, ctx, law)?;
        let node = Node {
            g,
            seat,
            ctx,
            mine: race_of(g, seat),
            theirs: race_of(g, seat.other()),
        };
        (1..=5).try_for_each(|t| self.check_throw(&node, t, cov))
    }

    /// Throw `t` at a chance node: the engine's successors against the model's.
    fn check_throw(&self, node: &Node, t: u8, cov: &mut Coverage) -> Result<(), Box<Finding>> {
        let &Node {
            g,
            seat,
            ctx,
            mine: s,
            theirs,
        } = node;
        let mut model = Vec::new();
        self.model.steps(s, ctx, t, &mut model);
        let fail = |what: String, engine: Vec<(Move, Next)>| {
            let mut f = self.finding(g, seat, ctx, t, what);
            f.engine = engine;
            f.model = model.clone();
            Err(f)
        };
        let pieces = |r: RaceState| r.on_holes() + r.hand + r.at_end + r.off;
        if pieces(s) != self.model.pieces() || pieces(theirs) != self.model.pieces() {
            return fail("pieces the accessors do not show".into(), Vec::new());
        }
        let mut h = g.clone();
        let throw = Throw::new(t).expect("1..=5");
        if let Err(e) = h.play_chance(Chance::Throw(throw)) {
            return fail(format!("the engine refuses the throw: {e}"), Vec::new());
        }
        let mut engine: Vec<(Move, Next)> = Vec::new();
        let mut after = Vec::new();
        match h.status() {
            Status::Decide { seat: d, throw: dt } => {
                if d != seat || dt != Some(throw) {
                    return fail(format!("the engine asks {d:?} to use {dt:?}"), engine);
                }
                let mut moves = MoveList::new();
                h.legal_moves(&mut moves);
                for &m in &moves {
                    let mut k = h.clone();
                    // Straight from `legal_moves`: the checked `play` would only generate them
                    // again (the sampled line of play below uses it).
                    k.play_unchecked(m);
                    engine.push((
                        m,
                        Next {
                            race: race_of(&k, seat),
                            then: then_of(self.rules, g, &k, seat, m),
                        },
                    ));
                    after.push(k);
                }
            }
            // The throw decided nothing: the French opening's throws other than 1 pass the
            // sticks on (NOTATION §4). One player's race sees a lost throw.
            _ => {
                cov.undecided += 1;
                engine.push((
                    Move::Pass,
                    Next {
                        race: race_of(&h, seat),
                        then: then_of(self.rules, g, &h, seat, Move::Pass),
                    },
                ));
                after.push(h);
            }
        }
        // A lost throw: the model has no step, the engine only a pass that changes nothing.
        let expected: Vec<Next> = if model.is_empty() {
            vec![Next {
                race: s,
                then: Then::TurnEnds,
            }]
        } else {
            model.iter().map(|&st| Next::of(st)).collect()
        };
        let only_pass = engine.iter().all(|&(m, _)| m == Move::Pass);
        if model.is_empty() != only_pass {
            return fail(
                "a pass where the model has a step, or none where it has none".into(),
                engine,
            );
        }
        let mut a: Vec<_> = engine.iter().map(|(_, n)| n.key()).collect();
        let mut b: Vec<_> = expected.iter().map(|n| n.key()).collect();
        a.sort_unstable();
        b.sort_unstable();
        if a != b {
            return fail("the successor sets differ".into(), engine);
        }
        for (k, &(m, n)) in after.iter().zip(&engine) {
            if pieces(n.race) != self.model.pieces() {
                return fail(format!("{m}: pieces the accessors do not show"), engine);
            }
            if race_of(k, seat.other()) != theirs {
                return fail(format!("{m} changes the other seat's race"), engine);
            }
            let won = k.status() == Status::Over(Outcome::Win(seat));
            if won != self.model.done(n.race) {
                return fail(format!("{m}: the engine says {:?}", k.status()), engine);
            }
            if matches!(k.status(), Status::Over(Outcome::Draw)) {
                return fail(format!("{m}: the engine draws"), engine);
            }
        }
        cov.note(self.rules, s, ctx, seat, t, &model);
        Ok(())
    }
}

/// How a game's random player chooses: uniform play keeps the pieces together, so half of
/// the games lean on the rearmost or the foremost piece to reach more of the race's states.
#[derive(Clone, Copy, Debug)]
enum Style {
    Uniform,
    Rear,
    Front,
}

impl Style {
    const ALL: [Style; 3] = [Style::Uniform, Style::Rear, Style::Front];

    fn choose(self, moves: &MoveList, rng: &mut ChaCha8Rng) -> Move {
        // Where a move starts, along the path: hand first, Walker's point 30 last.
        let start = |m: &&Move| match **m {
            Move::Go {
                from: Place::Hole(_, p),
                ..
            } => p,
            Move::Go {
                from: Place::Shared,
                ..
            } => 30,
            _ => 0,
        };
        let lean = rng.random_bool(0.5);
        let chosen = match self {
            Style::Rear if lean => moves.iter().min_by_key(start),
            Style::Front if lean => moves.iter().max_by_key(start),
            _ => None,
        };
        chosen
            .copied()
            .unwrap_or_else(|| moves[rng.random_range(0..moves.len())])
    }
}

/// Plays one seeded random game of `rules` with the engine, comparing every throw of either
/// seat on the way with `model` and `law`.
fn check_game(
    rules: Rules,
    model: &dyn Race,
    law: &[f64; 6],
    seed: u64,
    cov: &mut Coverage,
) -> Result<(), Box<Finding>> {
    let mut rng = ChaCha8Rng::seed_from_u64(seed);
    let style = Style::ALL[(seed % 3) as usize];
    let mut g = rules.new_game();
    let mut walk = Walk {
        rules,
        model,
        seed,
        ply: 0,
    };
    for seat in Seat::BOTH {
        if race_of(&g, seat) != model.start() {
            return Err(walk.finding(&g, seat, Ctx::Start, 0, "the start differs".into()));
        }
    }
    // The context of the next throw, which the engine keeps in its phase (not visible).
    let mut ctx = Ctx::Start;
    let mut moves = MoveList::new();
    loop {
        match g.status() {
            Status::Over(Outcome::Win(s)) => {
                cov.games += 1;
                cov.wins[s.index()] += 1;
                return Ok(());
            }
            Status::Over(Outcome::Draw) => {
                return Err(walk.finding(&g, Seat::A, ctx, 0, "the game is drawn".into()));
            }
            // Who throws first is no part of one player's race.
            Status::Chance { seat: None } => {
                let c = g.sample_chance(&mut rng);
                g.play_chance(c).expect("a sampled outcome plays");
            }
            Status::Chance { seat: Some(seat) } => {
                walk.check_node(&g, seat, ctx, law, cov)?;
                let before = g.clone();
                let c = g.sample_chance(&mut rng);
                g.play_chance(c).expect("a sampled outcome plays");
                if let Status::Decide { .. } = g.status() {
                    g.legal_moves(&mut moves);
                    let m = style.choose(&moves, &mut rng);
                    g.play(m).expect("a legal move plays");
                    walk.ply += 1;
                    ctx = match then_of(rules, &before, &g, seat, m) {
                        Then::Again(c) => c,
                        Then::TurnEnds => Ctx::Start,
                    };
                } else {
                    ctx = Ctx::Start;
                }
            }
            Status::Decide { .. } => unreachable!("every decision follows a throw"),
        }
        walk.ply += 1;
    }
}

/// Checks the seeded games of `rules` with `seeds`.
fn sweep(rules: Rules, seeds: std::ops::Range<u64>) -> Result<Coverage, Box<Finding>> {
    let mut cov = Coverage::default();
    let model = rules.model();
    for seed in seeds {
        check_game(rules, model.as_ref(), &THROW_P, seed, &mut cov)?;
    }
    Ok(cov)
}

#[test]
fn every_move_of_the_engine_is_a_step_of_the_model_and_back() {
    // Walker's games are longer (a lost throw is a decision) and its position is read through
    // a list of indices, so it takes fewer games to about as many states.
    let check = |rules, seeds| sweep(rules, seeds).unwrap_or_else(|f| panic!("{f}"));
    let french = check(Rules::French, 0..400);
    let walker = check(Rules::Walker, 0..250);
    for (rules, c) in Rules::BOTH.iter().zip([&french, &walker]) {
        eprintln!(
            "{}: {} games, {} throws, {} moves, {} distinct states, {} lost, bonus {:?}, \
             entries {}, lines +{} -{} blocked {}, passage blocked {}, arrivals {} (crowded {}), \
             exits {}, wins {:?}",
            rules.id(),
            c.games,
            c.throws,
            c.moves,
            c.states.len(),
            c.lost,
            c.bonus,
            c.entries,
            c.lines_forward,
            c.lines_backward,
            c.lines_blocked,
            c.passage_blocked,
            c.arrivals,
            c.crowded_end,
            c.exits,
            c.wins
        );
        assert!(
            c.states.len() > 10_000,
            "{}: many thousands of states",
            rules.id()
        );
        assert!(
            c.by_seat.iter().all(|&n| n > 1000),
            "{}: both seats",
            rules.id()
        );
        assert!(
            c.wins.iter().all(|&n| n > 0),
            "{}: both seats win",
            rules.id()
        );
        assert!(
            c.lost > 100 && c.entries > 100 && c.exits > 100,
            "{}",
            rules.id()
        );
        assert!(
            c.lines_forward > 10 && c.lines_blocked > 0,
            "{}",
            rules.id()
        );
    }
    // French: bonus throws for the piece on 1, 15 and 25 (FR-2, FR-3), used and lost; no
    // backward shortcut (FR-4).
    for q in [1, 15, 25] {
        let (n, lost) = french.bonus.get(&q).copied().unwrap_or_default();
        assert!(
            n > 100 && lost > 0,
            "hj.french bonus on {q}: {n} / {lost} lost"
        );
    }
    assert_eq!(
        french.bonus.keys().copied().collect::<Vec<_>>(),
        [1, 15, 25]
    );
    assert_eq!(french.lines_backward, 0);
    assert!(
        french.undecided > 100,
        "hj.french: the opening's search for a 1"
    );
    assert_eq!(
        walker.undecided, 0,
        "hj.walker: every throw is a decision, if only a pass"
    );
    // Walker: the extra throw after entering is for any piece (WB-6), lines go both ways,
    // blocking points stop passage, point 30 holds several pieces (WB-3).
    assert_eq!(walker.bonus.keys().copied().collect::<Vec<_>>(), [0]);
    assert!(walker.lines_backward > 10 && walker.passage_blocked > 100);
    assert!(walker.arrivals > 100 && walker.crowded_end > 100);
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(24))]

    #[test]
    fn seeded_games_agree_with_the_model(seed in any::<u64>()) {
        for rules in Rules::BOTH {
            check_game(rules, rules.model().as_ref(), &THROW_P, seed, &mut Coverage::default())
                .map_err(|f| TestCaseError::fail(f.to_string()))?;
        }
    }
}

/// A race model with one rule changed, for the checks below.
struct Mutant {
    race: Box<dyn Race>,
    change: fn(RaceState, u8, &mut Vec<Step>),
}

impl Race for Mutant {
    fn pieces(&self) -> u8 {
        self.race.pieces()
    }
    fn holes(&self) -> u8 {
        self.race.holes()
    }
    fn uses_end(&self) -> bool {
        self.race.uses_end()
    }
    fn steps(&self, s: RaceState, ctx: Ctx, t: u8, out: &mut Vec<Step>) {
        self.race.steps(s, ctx, t, out);
        (self.change)(s, t, out);
    }
    fn name(&self) -> String {
        format!("mutant of {}", self.race.name())
    }
}

/// The first finding of a few games of `rules` against `model` and `law`.
fn first_finding(rules: Rules, model: &dyn Race, law: &[f64; 6]) -> Option<Box<Finding>> {
    (0..20).find_map(|seed| check_game(rules, model, law, seed, &mut Coverage::default()).err())
}

#[test]
fn the_comparison_finds_a_changed_rule() {
    // French with no bonus on 25: the bonus becomes the end of the turn.
    let no_bonus_25 = Mutant {
        race: Rules::French.model(),
        change: |_, _, out| {
            for st in out.iter_mut() {
                if let Step::Again(n, Ctx::Bonus(25)) = *st {
                    *st = Step::End(n);
                }
            }
        },
    };
    let f = first_finding(Rules::French, &no_bonus_25, &THROW_P).expect("a finding");
    assert!(f.what.contains("successor sets differ"), "{f}");
    // Walker with forward lines only: the engine has backward lines the model lacks.
    let forward_only = Mutant {
        race: Rules::Walker.model(),
        change: |s, t, out| {
            out.retain(|st| {
                let n = match *st {
                    Step::End(n) | Step::Again(n, _) => n,
                };
                let (gone, came) = (s.holes & !n.holes, n.holes & !s.holes);
                !(gone != 0
                    && came != 0
                    && came.trailing_zeros() < gone.trailing_zeros() + u32::from(t))
            });
        },
    };
    let f = first_finding(Rules::Walker, &forward_only, &THROW_P).expect("a finding");
    assert!(f.what.contains("differ") || f.what.contains("pass"), "{f}");
    // A Walker model that misses a move (here: entering) also leaves a pass where the engine
    // moves, or a wrong set.
    let no_entry = Mutant {
        race: Rules::Walker.model(),
        change: |s, _, out| out.retain(|st| !matches!(*st, Step::Again(n, _) if n.hand < s.hand)),
    };
    assert!(first_finding(Rules::Walker, &no_entry, &THROW_P).is_some());
    // A law with the 1 and the 2 swapped.
    let mut law = THROW_P;
    law.swap(1, 2);
    let f = first_finding(Rules::French, Rules::French.model().as_ref(), &law).expect("a finding");
    assert!(f.what.contains("throw law"), "{f}");
}
