//! Move analysis: every choice a position offers, with its value, for a person who wants to
//! know what each move (or each throw) is worth and what a worse move costs — what
//! `nefer analyze` prints and the play server's `POST /api/analyze` answers.
//!
//! - At a **decision**, every legal move with its value from an [expectimax](Expectimax)
//!   search `depth` decisions deep (the move itself is the first, as in
//!   [`Expectimax::analyse`]), its win chance for the seat to decide and its loss against the
//!   best move, best first.
//! - At a **throw**, every outcome with its probability and the win chance of the seat that
//!   throws once it has fallen (the best move's value at the decision that follows, searched
//!   `depth` deep), and the expectation over the outcomes.
//! - A **finished** game: its result.
//!
//! # Win chance
//!
//! A value is on the evaluators' scale ([`crate::eval`]): the expected result in [-1, 1]. The
//! **win chance** is `(1 + value) / 2`: the expected score with a win counting 1, a draw ½ and a
//! loss 0. With a **calibrated** evaluator (the exact race tables, a learned network measured
//! calibrated: [`Evaluator::calibrated`]) it is the chance of winning where no draw is
//! possible, and the chance of winning plus half the chance of a draw where one is. With a
//! ranking evaluator (the hand-written ones) it only orders the moves: 60 % then does not mean
//! six games in ten. [`Analysis::calibrated`] says which.
//!
//! ```
//! use std::sync::Arc;
//! use nefer_core::AnyGame;
//! use nefer_players::analysis::{Node, analyze};
//! use nefer_players::eval::HandWritten;
//!
//! let g = AnyGame::from_position("senet.kendall A:20,26,off*5 B:1,2,3,off*4 A 1")?;
//! let a = analyze(&g, 2, Arc::new(HandWritten));
//! let Node::Decide { moves, .. } = &a.node else { unreachable!() };
//! // Best first; the best move loses nothing.
//! assert_eq!(moves[0].mv.to_string(), "20-21");
//! assert_eq!(moves[0].loss, 0.0);
//! assert!(!a.calibrated, "hand-written values only rank moves");
//! # Ok::<(), nefer_core::PositionError>(())
//! ```

use std::sync::Arc;

use nefer_core::{AnyGame, Chance, Game, Move, Outcome, Seat, Status, Throw};
use serde::{Serialize, Serializer};

use crate::eval::{Evaluator, HandWritten, RaceTables, neural, outcome_value};
use crate::perfect;
use crate::search::expectimax::Expectimax;

/// The depth an analysis searches when nobody asks for another: two decisions (the move and
/// the opponent's reply) take milliseconds in every rule set.
pub const DEFAULT_DEPTH: u32 = 2;

/// The depth a game review searches when nobody asks for another: three decisions. A judge two
/// decisions deep agrees too often with the players that search as deep: at depth 2 the review
/// ranked `hj.washburne`'s `medium` (expectimax two decisions deep) above `hard` in their own
/// games, the other way round from the ladder; at depth 3 every pair of levels the ladder
/// separates is separated (docs/STRENGTH.md, "Error rates by level"). A whole Senet game still
/// takes one to three seconds on one core; hints and `nefer analyze` keep [`DEFAULT_DEPTH`],
/// where a position must come in milliseconds.
pub const REVIEW_DEPTH: u32 = 3;

/// The analysis of one position.
///
/// It serializes flat (what `nefer analyze --json` prints and the server answers): the
/// position, `kind` (`decide`, `throw` or `over`), `seat`, `throw`, `depth`, `evaluator`,
/// `calibrated`, `value` and `win_chance` of the position, `best_move`, `moves`, `outcomes` and
/// `result`, every field always there (`null` or `[]` where it does not apply).
#[derive(Clone, Debug, PartialEq)]
pub struct Analysis {
    /// The position analysed (docs/dev/positions.md).
    pub position: String,
    /// Decisions searched for each value (at least 1).
    pub depth: u32,
    /// The evaluator's [name](Evaluator::name): `hand-written`, `neural`, `race-tables`, …
    pub evaluator: String,
    /// Whether the win chances are chances: the evaluator knew the chances of every position
    /// right after the choices as probabilities ([`Evaluator::calibrated`]; a finished game's
    /// result always counts as known). `false` for the hand-written evaluations, whose values
    /// only rank moves, and for a network whose calibration was not measured or missed.
    pub calibrated: bool,
    /// What the position waits for, and the value of each choice.
    pub node: Node,
}

/// What an analysed position waits for, with the value of each choice.
#[derive(Clone, Debug, PartialEq)]
pub enum Node {
    /// A decision of `seat`.
    Decide {
        /// The seat to decide: the win chances are its.
        seat: Seat,
        /// The throw it plays (`None` before any throw, as Kendall's water turn).
        throw: Option<Throw>,
        /// Every legal move, best first (among equal values in notation order).
        moves: Vec<MoveValue>,
    },
    /// A chance event: a throw, or the draw of who starts.
    Throw {
        /// The seat whose win chances these are: the seat that throws, or seat A while who
        /// starts is drawn (`thrower` is then `None`).
        seat: Seat,
        /// The seat that throws; `None` for a random draw of who starts.
        thrower: Option<Seat>,
        /// Every outcome, in the game's order (throws from 1 up).
        outcomes: Vec<OutcomeValue>,
        /// The expectation of the outcomes' values.
        value: f64,
    },
    /// The game is over.
    Over(Outcome),
}

/// A move and what it is worth.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct MoveValue {
    /// The move.
    #[serde(rename = "move", serialize_with = "as_text")]
    pub mv: Move,
    /// Its value for the seat to decide, in [-1, 1] (the search's value).
    pub value: f64,
    /// Its win chance for the seat to decide, `(1 + value) / 2` (see the module's doc).
    pub win_chance: f64,
    /// What it gives up against the best move, in win chance (0 for the best; 0.05 is five
    /// points of percentage).
    pub loss: f64,
}

/// An outcome of a chance event and what it is worth.
#[derive(Clone, Copy, Debug, PartialEq, Serialize)]
pub struct OutcomeValue {
    /// The outcome: a throw (`1`…`5`), two dice, or the seat drawn to start.
    #[serde(serialize_with = "as_text")]
    pub outcome: Chance,
    /// Its probability (the outcomes' sum to 1).
    pub probability: f64,
    /// The value, for the analysis's seat, of the position once it has fallen: the best move's
    /// at the decision that follows, searched `depth` deep.
    pub value: f64,
    /// `(1 + value) / 2`.
    pub win_chance: f64,
    /// The best move of the decision that follows (whoever decides); `None` where another
    /// throw or the end follows.
    #[serde(serialize_with = "as_text_or_null")]
    pub best_move: Option<Move>,
}

/// The win chance of `value`: the expected score, a draw counting half.
pub fn win_chance(value: f64) -> f64 {
    ((1.0 + value) / 2.0).clamp(0.0, 1.0)
}

impl Analysis {
    /// The seat whose win chances these are; `None` for a finished game.
    pub fn seat(&self) -> Option<Seat> {
        match self.node {
            Node::Decide { seat, .. } | Node::Throw { seat, .. } => Some(seat),
            Node::Over(_) => None,
        }
    }

    /// The moves, best first (empty unless a decision is due).
    pub fn moves(&self) -> &[MoveValue] {
        match &self.node {
            Node::Decide { moves, .. } => moves,
            _ => &[],
        }
    }

    /// The best move, where a decision is due.
    pub fn best(&self) -> Option<&MoveValue> {
        self.moves().first()
    }

    /// The outcomes (empty unless a chance event is due).
    pub fn outcomes(&self) -> &[OutcomeValue] {
        match &self.node {
            Node::Throw { outcomes, .. } => outcomes,
            _ => &[],
        }
    }

    /// The position's value for [`seat`](Analysis::seat): the best move's at a decision, the
    /// expectation at a throw; `None` for a finished game.
    pub fn value(&self) -> Option<f64> {
        match &self.node {
            Node::Decide { moves, .. } => moves.first().map(|m| m.value),
            Node::Throw { value, .. } => Some(*value),
            Node::Over(_) => None,
        }
    }

    /// The position's win chance for [`seat`](Analysis::seat) (see [`value`](Analysis::value)).
    pub fn win_chance(&self) -> Option<f64> {
        self.value().map(win_chance)
    }

    /// The search as a player would be named for it: `expectimax:depth=2`, with `+` and the
    /// evaluator's name where it is not the hand-written one.
    pub fn search_name(&self) -> String {
        let mut name = format!("expectimax:depth={}", self.depth);
        if self.evaluator != HandWritten::NAME {
            name += &format!("+{}", self.evaluator);
        }
        name
    }
}

/// The evaluator an analysis of `game` uses by default: the exact race tables where
/// [`perfect::supports`] the game and this process has solved them already
/// ([`RaceTables::solved`]: the tables with the law of the whole race, which `perfect`'s own
/// expected-turns table does not hold); else the shipped network of the game's rules
/// ([`neural::shipped_for`]); else the hand-written evaluation. Never starts a solve.
pub fn default_evaluator(game: &AnyGame) -> Arc<dyn Evaluator> {
    if perfect::supports(game)
        && let Some(t) = RaceTables::solved(game.rule_set())
    {
        return Arc::new(t);
    }
    if neural::shipped_for(game).is_some() {
        // The network where it knows the game, as the learned players value it.
        return neural::learned_or_hand_written(None);
    }
    // Named as what it is: a fallback evaluator takes its first's name even where it falls
    // back, and the analysis must say which values it shows.
    Arc::new(HandWritten)
}

/// [`analyze`] with the [`default_evaluator`] of `game`.
pub fn analyze_default(game: &AnyGame, depth: u32) -> Analysis {
    analyze(game, depth, default_evaluator(game))
}

/// The analysis of `game`: each choice valued by an expectimax search on `eval`, `depth`
/// decisions deep (0 counts as 1). Each level of depth costs five to fifteen times the one
/// before: in Senet (release build) 2 and 3 take milliseconds, 4 up to a few tenths of a
/// second, 5 seconds and 6 tens of seconds at a throw.
///
/// # Panics
/// If `eval` cannot value `game` (a family's evaluation given another family's game, a table
/// or network of other rules: check [`Evaluator::supports`]).
pub fn analyze(game: &AnyGame, depth: u32, eval: Arc<dyn Evaluator>) -> Analysis {
    let depth = depth.max(1);
    let (node, calibrated) = match game.status() {
        Status::Over(o) => (Node::Over(o), true),
        Status::Decide { seat, throw } => {
            let ranked = Expectimax::with_evaluator(eval.clone(), depth, None, 0).analyse(game);
            let best = ranked.first().map_or(0.0, |&(_, v)| win_chance(v));
            let calibrated = ranked.iter().all(|&(m, _)| {
                let mut after = game.clone();
                after.play_unchecked(m);
                knows(eval.as_ref(), &after, seat)
            });
            let moves = ranked
                .into_iter()
                .map(|(mv, value)| MoveValue {
                    mv,
                    value,
                    win_chance: win_chance(value),
                    // Never below 0: the best is first, and rounding must not make a gain.
                    loss: (best - win_chance(value)).max(0.0),
                })
                .collect();
            (Node::Decide { seat, throw, moves }, calibrated)
        }
        Status::Chance { seat: thrower } => {
            let (node, calibrated, _) = chance_node(game, thrower, depth, &eval, None);
            (node, calibrated)
        }
    };
    Analysis {
        position: game.position(),
        depth,
        evaluator: eval.name().to_owned(),
        calibrated,
        node,
    }
}

/// [`analyze`] of `game`, where a chance event is due, with the whole analysis of the decision
/// that outcome `then` leads to (`None` where no decision follows it, or `then` is not one of
/// the outcomes). Valuing each outcome already searches the decision after it: the one of
/// `then` is kept, whole, rather than searched again, so that a walk through a game (a
/// [review](crate::review)) analyses no position twice. The throw's analysis is [`analyze`]'s,
/// to the bit.
pub(crate) fn analyze_chance_then(
    game: &AnyGame,
    depth: u32,
    eval: Arc<dyn Evaluator>,
    then: Chance,
) -> (Analysis, Option<Analysis>) {
    let depth = depth.max(1);
    let Status::Chance { seat: thrower } = game.status() else {
        return (analyze(game, depth, eval), None);
    };
    let (node, calibrated, kept) = chance_node(game, thrower, depth, &eval, Some(then));
    let a = Analysis {
        position: game.position(),
        depth,
        evaluator: eval.name().to_owned(),
        calibrated,
        node,
    };
    (a, kept)
}

/// The node of a chance event (`thrower` throws; `None`: who starts is drawn), whether every
/// outcome's value is a known chance, and the whole analysis of the decision after outcome
/// `keep` where one follows it ([`analyze_chance_then`]).
fn chance_node(
    game: &AnyGame,
    thrower: Option<Seat>,
    depth: u32,
    eval: &Arc<dyn Evaluator>,
    keep: Option<Chance>,
) -> (Node, bool, Option<Analysis>) {
    let seat = thrower.unwrap_or(Seat::A);
    let mut calibrated = true;
    let mut kept = None;
    let outcomes: Vec<OutcomeValue> = game
        .chance_outcomes()
        .iter()
        .map(|&(outcome, p)| {
            let mut x = game.clone();
            x.play_chance_unchecked(outcome);
            calibrated &= knows(eval.as_ref(), &x, seat);
            let (value, best_move) = match x.status() {
                // The same search as `after_chance`'s for a decision, with every move's value
                // kept.
                Status::Decide { seat: z, .. } if keep == Some(outcome) => {
                    let a = analyze(&x, depth, eval.clone());
                    let (best, v) = a.best().map_or((None, 0.0), |m| (Some(m.mv), m.value));
                    kept = Some(a);
                    (if z == seat { v } else { -v }, best)
                }
                _ => after_chance(&x, seat, depth, eval.as_ref()),
            };
            OutcomeValue {
                outcome,
                probability: p.to_f64(),
                value,
                win_chance: win_chance(value),
                best_move,
            }
        })
        .collect();
    let value = outcomes.iter().map(|o| o.probability * o.value).sum();
    let node = Node::Throw {
        seat,
        thrower,
        outcomes,
        value,
    };
    (node, calibrated, kept)
}

/// Whether `eval` knows `seat`'s chances in `g` as probabilities ([`Evaluator::calibrated`]),
/// or `g` is over: its result is known.
fn knows(eval: &dyn Evaluator, g: &AnyGame, seat: Seat) -> bool {
    g.outcome().is_some() || eval.calibrated(g) && eval.chances(g, seat).is_some()
}

/// The value for `seat` of `x`, the position a chance outcome left, searched `depth`
/// decisions deep, and the best move where a decision follows. The same valuation as the
/// search's at a chance node ([`Expectimax`]): a decision is searched, another chance event
/// (Kendall's collected throws, SPEC R-4; an opening's repeated throws) is the expectation of
/// its outcomes one ply shallower, and at depth 0 the evaluator values what is there. The
/// simulator's judge of luck values outcomes so too ([`crate::sim::run_judged`]).
pub(crate) fn after_chance(
    x: &AnyGame,
    seat: Seat,
    depth: u32,
    eval: &dyn Evaluator,
) -> (f64, Option<Move>) {
    if let Some(v) = outcome_value(x, seat) {
        return (v, None);
    }
    if depth == 0 {
        return (eval.value(x, seat), None);
    }
    match x.status() {
        Status::Decide { seat: z, .. } => {
            let ranked = Expectimax::with_evaluator(eval, depth, None, 0).analyse(x);
            let (m, v) = ranked[0];
            // The search values for the seat to decide; the other seat's value is its
            // negation (the evaluators' scale is zero-sum).
            (if z == seat { v } else { -v }, Some(m))
        }
        _ => {
            let v = x
                .chance_outcomes()
                .iter()
                .map(|&(c, p)| {
                    let mut y = x.clone();
                    y.play_chance_unchecked(c);
                    p.to_f64() * after_chance(&y, seat, depth - 1, eval).0
                })
                .sum();
            (v, None)
        }
    }
}

/// Serializes with `Display`: moves, seats and outcomes in notation (NOTATION §1–3).
pub(crate) fn as_text<T: std::fmt::Display, S: Serializer>(x: &T, s: S) -> Result<S::Ok, S::Error> {
    s.collect_str(x)
}

/// [`as_text`], `null` for `None`.
pub(crate) fn as_text_or_null<T: std::fmt::Display, S: Serializer>(
    x: &Option<T>,
    s: S,
) -> Result<S::Ok, S::Error> {
    match x {
        Some(x) => s.collect_str(x),
        None => s.serialize_none(),
    }
}

/// The flat form of an [`Analysis`] on the wire.
#[derive(Serialize)]
struct Wire<'a> {
    position: &'a str,
    kind: &'static str,
    seat: Option<String>,
    throw: Option<u8>,
    depth: u32,
    evaluator: &'a str,
    calibrated: bool,
    value: Option<f64>,
    win_chance: Option<f64>,
    best_move: Option<String>,
    moves: &'a [MoveValue],
    outcomes: &'a [OutcomeValue],
    result: Option<&'static str>,
}

/// Flat, every field always there (see [`Analysis`]).
impl Serialize for Analysis {
    fn serialize<S: Serializer>(&self, s: S) -> Result<S::Ok, S::Error> {
        let (kind, throw, result) = match &self.node {
            Node::Decide { throw, .. } => ("decide", throw.map(Throw::value), None),
            Node::Throw { .. } => ("throw", None, None),
            Node::Over(o) => ("over", None, Some(result_word(*o))),
        };
        Wire {
            position: &self.position,
            kind,
            seat: self.seat().map(|s| s.to_string()),
            throw,
            depth: self.depth,
            evaluator: &self.evaluator,
            calibrated: self.calibrated,
            value: self.value(),
            win_chance: self.win_chance(),
            best_move: self.best().map(|m| m.mv.to_string()),
            moves: self.moves(),
            outcomes: self.outcomes(),
            result,
        }
        .serialize(s)
    }
}

/// A result as the API writes it: the winner's seat, or `draw`.
pub fn result_word(o: Outcome) -> &'static str {
    match o.winner() {
        Some(Seat::A) => "A",
        Some(Seat::B) => "B",
        None => "draw",
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::Player;
    use crate::eval::FakeEvaluator;
    use crate::search::greedy::Greedy;
    use crate::sorted_moves;
    use nefer_core::{Options, RuleSetId};

    fn hand() -> Arc<dyn Evaluator> {
        Arc::new(HandWritten)
    }

    fn close(a: f64, b: f64) -> bool {
        (a - b).abs() < 1e-9
    }

    /// Positions along a scripted game of every rule set: decisions and throws alike (the
    /// throws of the expectimax test, so that every opening ends).
    fn positions() -> Vec<AnyGame> {
        let mut out = Vec::new();
        for &id in RuleSetId::ALL {
            let mut g = id.new_game(&Options::new()).unwrap();
            let mut tries = 0;
            for t in [3u8, 2, 5, 1, 2, 4, 3, 2, 1, 5] {
                out.push(g.clone());
                match g.status() {
                    Status::Chance { seat } => {
                        tries += 1;
                        let t = if tries > 2 { 1 + tries % 2 } else { t };
                        let c = match seat {
                            Some(_) if matches!(g.chance_outcomes()[0].0, Chance::Throw(_)) => {
                                Chance::Throw(Throw::new(t).unwrap())
                            }
                            Some(_) => g.chance_outcomes()[usize::from(t) % 3].0,
                            None => Chance::Seat(Seat::A),
                        };
                        g.play_chance(c).unwrap();
                    }
                    Status::Decide { .. } => {
                        tries = 0;
                        let moves = sorted_moves(&g);
                        g.play_unchecked(moves[usize::from(t) % moves.len()]);
                    }
                    Status::Over(_) => break,
                }
            }
        }
        out
    }

    #[test]
    fn a_decision_has_the_searchs_values_best_first_with_their_losses() {
        let mut decisions = 0;
        for g in positions() {
            let Status::Decide { seat, .. } = g.status() else {
                continue;
            };
            decisions += 1;
            for depth in [1, 2] {
                let a = analyze(&g, depth, hand());
                let want = Expectimax::new(depth, None, 0).analyse(&g);
                let got: Vec<(Move, f64)> = a.moves().iter().map(|m| (m.mv, m.value)).collect();
                assert_eq!(got, want, "{}", a.position);
                assert_eq!(a.seat(), Some(seat));
                assert_eq!(a.moves().len(), sorted_moves(&g).len());
                let best = a.moves()[0].win_chance;
                for m in a.moves() {
                    assert!(close(m.win_chance, (1.0 + m.value) / 2.0));
                    assert!(close(m.loss, best - m.win_chance) && m.loss >= 0.0);
                }
                assert_eq!(a.moves()[0].loss, 0.0);
                assert_eq!(a.value(), Some(want[0].1));
                assert!(!a.calibrated && a.evaluator == "hand-written");
            }
        }
        assert!(decisions >= 12, "{decisions}");
    }

    #[test]
    fn a_throw_is_the_expectation_of_its_outcomes() {
        let mut throws = 0;
        for g in positions() {
            let Status::Chance { seat } = g.status() else {
                continue;
            };
            throws += 1;
            let depth = 2;
            let a = analyze(&g, depth, hand());
            let outcomes = a.outcomes();
            assert_eq!(outcomes.len(), g.chance_outcomes().len());
            let total: f64 = outcomes.iter().map(|o| o.probability).sum();
            assert!(close(total, 1.0), "{}: {total}", a.position);
            let mean: f64 = outcomes.iter().map(|o| o.probability * o.value).sum();
            assert!(close(a.value().unwrap(), mean));
            assert!(close(a.win_chance().unwrap(), (1.0 + mean) / 2.0));
            assert_eq!(a.seat(), Some(seat.unwrap_or(Seat::A)));
            // By hand: each outcome's value is the best move's where a decision follows.
            for o in outcomes {
                let mut x = g.clone();
                x.play_chance(o.outcome).unwrap();
                assert!(close(o.win_chance, (1.0 + o.value) / 2.0));
                if let Status::Decide { seat: z, .. } = x.status() {
                    let best = Expectimax::new(depth, None, 0).analyse(&x)[0];
                    let v = if Some(z) == a.seat() { best.1 } else { -best.1 };
                    assert!(close(o.value, v), "{} after {}", a.position, o.outcome);
                    assert_eq!(o.best_move, Some(best.0));
                } else {
                    assert_eq!(o.best_move, None);
                }
            }
        }
        assert!(throws >= 12, "{throws}");
    }

    #[test]
    fn a_throw_keeps_the_decision_after_an_outcome_whole_and_values_as_analyze() {
        // What a review relies on: the throw's analysis is `analyze`'s, and the decision after
        // the outcome kept is the analysis of that position alone.
        let mut kept = 0;
        for g in positions() {
            if !matches!(g.status(), Status::Chance { .. }) {
                continue;
            }
            let plain = analyze(&g, 2, hand());
            for &(c, _) in &g.chance_outcomes() {
                let (a, after) = analyze_chance_then(&g, 2, hand(), c);
                assert_eq!(a, plain, "{}", plain.position);
                let mut x = g.clone();
                x.play_chance_unchecked(c);
                match x.status() {
                    Status::Decide { .. } => {
                        assert_eq!(after, Some(analyze(&x, 2, hand())));
                        kept += 1;
                    }
                    _ => assert_eq!(after, None),
                }
            }
        }
        assert!(kept >= 20, "{kept}");
    }

    #[test]
    fn after_a_move_the_throws_average_to_the_moves_value_one_decision_deeper() {
        // The search values a move by the chance node it leads to: the analysis of that node,
        // one decision shallower, must give the same figure (for the mover, as the search's).
        let mut checked = 0;
        for g in positions() {
            let Status::Decide { seat, .. } = g.status() else {
                continue;
            };
            for (m, v) in Expectimax::new(3, None, 0).analyse(&g) {
                let mut after = g.clone();
                after.play_unchecked(m);
                if !matches!(after.status(), Status::Chance { seat: Some(_) }) {
                    continue;
                }
                let a = analyze(&after, 2, hand());
                let for_mover = if a.seat() == Some(seat) {
                    a.value().unwrap()
                } else {
                    -a.value().unwrap()
                };
                assert!(
                    close(for_mover, v),
                    "{} then {m}: {for_mover} vs {v}",
                    a.position
                );
                checked += 1;
            }
        }
        assert!(checked >= 20, "{checked}");
    }

    /// A French race valued by progress alone, `sign` 1 forwards, −1 backwards: a value that
    /// does not depend on the throw to come, so that one decision of expectimax (which averages
    /// over the next throw) is greedy's one ply.
    fn progress(sign: f64) -> FakeEvaluator {
        FakeEvaluator::from_fn(move |g, seat| {
            let AnyGame::HjFrench(s) = g else {
                unreachable!()
            };
            let p = |x: Seat| {
                f64::from(s.holes_of(x).map(u32::from).sum::<u32>() + 30 * u32::from(s.out(x)))
            };
            (sign * (p(seat) - p(seat.other())) / 40.0).tanh() * 0.999
        })
    }

    #[test]
    fn at_depth_one_the_order_is_greedys() {
        // A French race, A to play a 1 (tests/evaluator.rs): 5 → 20 is the shortcut, 14 → 15
        // earns a bonus throw, the others step one hole.
        let g: AnyGame = "hj.french A:L5,L12,L14,L16,L18 B:R3,R4,R7,R9,R11 A 1"
            .parse()
            .unwrap();
        for sign in [1.0, -1.0] {
            let eval = progress(sign);
            // Greedy's values, best first, equals in notation order.
            let mut want: Vec<(Move, f64)> = sorted_moves(&g)
                .iter()
                .map(|&m| {
                    let mut x = g.clone();
                    x.play_unchecked(m);
                    (m, eval.value(&x, Seat::A))
                })
                .collect();
            want.sort_by(|a, b| b.1.total_cmp(&a.1));
            let a = analyze(&g, 1, Arc::new(eval));
            let got: Vec<Move> = a.moves().iter().map(|m| m.mv).collect();
            assert_eq!(got, want.iter().map(|w| w.0).collect::<Vec<_>>());
            for (m, w) in a.moves().iter().zip(&want) {
                assert!(close(m.value, w.1), "{}: {} vs {}", m.mv, m.value, w.1);
            }
            let greedy = Greedy::with_evaluator(progress(sign), 1).choose(&g);
            assert!(close(a.moves()[0].value, want[0].1));
            assert!(
                a.moves().iter().any(|m| m.mv == greedy && m.loss < 1e-12),
                "greedy's {greedy} is one of the best"
            );
        }
        let forwards = analyze(&g, 1, Arc::new(progress(1.0)));
        assert_eq!(forwards.moves()[0].mv.to_string(), "L5-L20");
        let backwards = analyze(&g, 1, Arc::new(progress(-1.0)));
        assert_eq!(backwards.moves()[0].mv.to_string(), "L12-L13");
        assert_eq!(backwards.moves().last().unwrap().mv.to_string(), "L5-L20");
    }

    #[test]
    fn a_finished_game_says_who_won() {
        let g: AnyGame = "senet.kendall A:off*7 B:20,24,off*5 A over:A turn=155"
            .parse()
            .unwrap();
        let a = analyze(&g, 2, hand());
        assert_eq!(a.node, Node::Over(Outcome::Win(Seat::A)));
        assert_eq!((a.seat(), a.value(), a.best()), (None, None, None));
        let json = serde_json::to_value(&a).unwrap();
        assert_eq!(json["kind"], "over");
        assert_eq!(json["result"], "A");
    }

    #[test]
    fn a_network_is_calibrated_where_it_was_measured_so() {
        // An untrained network: its first weights, as training makes them. Its chances are
        // its output, not probabilities, until its calibration is measured.
        let net = crate::train::Trainer::new(crate::train::TrainConfig {
            hidden: 8,
            ..crate::train::TrainConfig::new(RuleSetId::SenetKendall, 1, 5)
        })
        .unwrap()
        .evaluator();
        let g: AnyGame = "senet.kendall A:5,28,off*5 B:1,26,off*5 B 2"
            .parse()
            .unwrap();
        let a = analyze(&g, 2, net.clone());
        assert!(!a.calibrated, "{a:?}");
        assert_eq!(a.evaluator, "neural");
        let weights = net.weights().clone();
        for (ece, calibrated) in [(0.015, true), (0.05, false)] {
            let measured = neural::Neural::new(weights.clone()).with_measured_ece(ece);
            assert_eq!(
                analyze(&g, 2, Arc::new(measured)).calibrated,
                calibrated,
                "{ece}"
            );
        }
        let a = analyze(&g, 2, net);
        assert_eq!(a.search_name(), "expectimax:depth=2+neural");
        for m in a.moves() {
            assert!((0.0..=1.0).contains(&m.win_chance));
        }
        // The default: the shipped network where one knows the rules, else the hand-written
        // evaluation, named as such (not as the fallback's first).
        let d = analyze_default(&g, 2);
        let shipped = neural::shipped_for(&g).is_some();
        assert_eq!(d.evaluator == "neural", shipped);
        assert_eq!(d.calibrated, shipped);
        assert_eq!(d.search_name() == "expectimax:depth=2", !shipped);
    }

    #[test]
    fn the_shipped_networks_are_calibrated_as_measured() {
        // Every shipped network has its measured calibration, and only the Walker variation's
        // misses the aim (docs/EVALUATOR.md).
        for (name, _) in neural::SHIPPED {
            let ece = neural::SHIPPED_ECE.iter().find(|(n, _)| n == name);
            assert!(ece.is_some(), "no measured calibration for {name}");
        }
        let variation = RuleSetId::HjWalker
            .new_game(&nefer_core::Options::parse("hj.walker.variation=true").unwrap())
            .unwrap();
        let net = neural::shipped_for(&variation).expect("the variation's network ships");
        assert!(
            net.measured_ece()
                .is_some_and(|e| e > crate::eval::CALIBRATED_ECE)
        );
        let a = analyze_default(&variation, 1);
        assert_eq!(a.evaluator, "neural");
        assert!(!a.calibrated, "the variation's chances only rank: {a:?}");
        let plain = RuleSetId::HjWalker
            .new_game(&nefer_core::Options::new())
            .unwrap();
        assert!(analyze(&plain, 1, Arc::new(neural::Shipped)).calibrated);
    }

    #[test]
    fn depth_zero_is_one_and_the_wire_form_is_flat() {
        let g: AnyGame = "senet.kendall A:20,26,off*5 B:1,2,3,off*4 A 1"
            .parse()
            .unwrap();
        assert_eq!(analyze(&g, 0, hand()), analyze(&g, 1, hand()));
        let a = analyze(&g, 2, hand());
        let json = serde_json::to_value(&a).unwrap();
        let keys: Vec<&str> = json
            .as_object()
            .unwrap()
            .keys()
            .map(String::as_str)
            .collect();
        assert_eq!(
            keys,
            [
                "position",
                "kind",
                "seat",
                "throw",
                "depth",
                "evaluator",
                "calibrated",
                "value",
                "win_chance",
                "best_move",
                "moves",
                "outcomes",
                "result"
            ]
        );
        assert_eq!(json["kind"], "decide");
        assert_eq!(json["seat"], "A");
        assert_eq!(json["throw"], 1);
        assert_eq!(json["best_move"], "20-21");
        assert_eq!(json["moves"][0]["move"], "20-21");
        assert_eq!(json["outcomes"], serde_json::json!([]));
        let mut t = g.clone();
        t.play_unchecked(a.moves()[0].mv);
        let json = serde_json::to_value(analyze(&t, 1, hand())).unwrap();
        assert_eq!(json["kind"], "throw");
        assert_eq!(json["outcomes"][0]["outcome"], "1");
        assert!(json["outcomes"][0]["best_move"].is_string());
        assert!(json["best_move"].is_null() && json["moves"] == serde_json::json!([]));
    }
}
