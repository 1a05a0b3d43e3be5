//! The rules of a rule set shown on its board, step by step (issue 16 item 8): entering a
//! piece, a special square or hole, meeting the other side's pieces (a line, an exchange, a
//! capture…), bearing off and the end. Every step is a real position of the rule set (under its
//! default options) with a move to make there, its words and what it does — all from the core:
//! the positions come from seeded games played at random until each topic has come up, so no
//! position is written by hand and none can be wrong, and a page plays them without knowing a
//! rule.

use std::collections::HashMap;
use std::sync::{Arc, LazyLock, Mutex, PoisonError};

use nefer_core::facts::Names;
use nefer_core::{Action, Family, Game, Move, Options, RuleSetId, Status};
use nefer_players::play::{Match, Next, SeededDice};
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;
use serde::Serialize;
use utoipa::ToSchema;

use axum::Json;

use crate::api::PathParam;
use crate::error::{ApiError, ApiResult, ErrorBody, SessionError};
use crate::view::{Layouts, LegalMove, SeatKey, layouts, legal};

/// What a step shows.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum Topic {
    /// A piece comes onto the board (an entry, or a load from hand).
    Enter,
    /// A piece reaches a marked square or hole: a line, a throw again, the Waters.
    Special,
    /// A move meets the other side: an exchange, a piece sent back, knocked off or captured.
    Meet,
    /// A piece leaves the board for good.
    BearOff,
    /// The move that ends the game.
    End,
}

/// The topics in the order a tutorial shows them.
const TOPICS: [Topic; 5] = [
    Topic::Enter,
    Topic::Special,
    Topic::Meet,
    Topic::BearOff,
    Topic::End,
];

/// The most games played at random to find every topic (a rule set without one, such as a
/// race without captures, stops here). Each is a few hundred decisions: milliseconds.
const GAMES: u64 = 24;

/// One step of a tutorial: a position, and the move to make there.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TutorialStep {
    /// What it shows.
    pub topic: Topic,
    /// Its title.
    pub title: String,
    /// What to do and why, in words.
    pub text: String,
    /// The position (docs/dev/positions.md): `POST /api/games` with it plays on from there.
    pub position: String,
    /// The seat to move.
    pub seat: SeatKey,
    /// The throw to use (`null` for a decision before any throw).
    #[schema(required = true)]
    pub throw: Option<u8>,
    /// Where every piece is.
    pub layout: Layouts,
    /// The move to make, with its words, what it does and the layout after it.
    #[serde(rename = "move")]
    pub mv: LegalMove,
}

/// A rule set's tutorial.
#[derive(Clone, Debug, Serialize, ToSchema)]
pub struct TutorialView {
    /// The rule set's key.
    pub rules: String,
    /// Its steps, in order; a topic the rule set does not have is left out.
    pub steps: Vec<TutorialStep>,
}

/// The topics a legal move shows (a move that ends the game shows the end, and only that).
fn topics_of(m: &LegalMove, ends: bool) -> Vec<Topic> {
    if ends {
        return vec![Topic::End];
    }
    let kinds: Vec<serde_json::Value> = m
        .effects
        .iter()
        .filter_map(|e| serde_json::to_value(e).ok())
        .collect();
    let has = |k: &str| kinds.iter().any(|e| e["kind"] == k);
    let kind = serde_json::to_value(m.kind).unwrap_or_default();
    let mut topics = Vec::new();
    // A piece loaded from hand (`hj.skiryuk`'s way in) enters too.
    if kind == "enter" || has("loaded") {
        topics.push(Topic::Enter);
    }
    let by_mark = kinds
        .iter()
        .any(|e| e["kind"] == "throw_again" && e["cause"]["kind"] == "mark");
    if has("line") || has("into_waters") || by_mark {
        topics.push(Topic::Special);
    }
    if ["exchange", "sent_to", "knocked_off", "captured"]
        .iter()
        .any(|k| has(k))
    {
        topics.push(Topic::Meet);
    }
    if kind == "bear_off" {
        topics.push(Topic::BearOff);
    }
    topics
}

/// The step's title and its words, around the move's own words (the core's).
fn words(
    topic: Topic,
    family: Family,
    seat: SeatKey,
    throw: Option<u8>,
    m: &LegalMove,
) -> (String, String) {
    let place = match family {
        Family::Senet => "square",
        Family::HoundsAndJackals => "hole",
    };
    let threw = throw.map_or_else(
        || format!("Seat {seat:?} decides before throwing"),
        |t| format!("Seat {seat:?} threw {t}"),
    );
    let title = match topic {
        Topic::Enter => "Entering a piece".to_owned(),
        Topic::Special => format!("A special {place}"),
        Topic::Meet => "Meeting the other side".to_owned(),
        Topic::BearOff => "Bearing off".to_owned(),
        Topic::End => "The end of the game".to_owned(),
    };
    let mut text = m.text.clone();
    if let Some(first) = text.get(..1) {
        text.replace_range(..1, &first.to_uppercase());
    }
    (title, format!("{threw}. {text}."))
}

/// Plays seeded games of `rules` at random until every topic has a step (or [`GAMES`] are
/// played), keeping the first position where a legal move shows each.
fn build(rules: RuleSetId) -> TutorialView {
    let names = Names::new("seat A", "seat B");
    let mut found: HashMap<Topic, TutorialStep> = HashMap::new();
    for game in 0..GAMES {
        if found.len() == TOPICS.len() {
            break;
        }
        let dice = Box::new(SeededDice::new(game));
        let Ok(mut m) = Match::new(rules, Options::new(), Default::default(), dice) else {
            break;
        };
        let mut rng = ChaCha8Rng::seed_from_u64(game);
        let family = rules.family();
        loop {
            let step = match m.next() {
                Next::Over(_) => break,
                Next::Dice | Next::Throw(_) => m.throw().map(|_| ()),
                Next::Computer(_) | Next::Decide(_) => {
                    let g = m.game().clone();
                    let Status::Decide { seat, throw } = g.status() else {
                        break;
                    };
                    let moves = legal(&g, &names);
                    for lm in &moves {
                        let Ok(mv) = lm.mv.parse::<Move>() else {
                            continue;
                        };
                        let mut after = g.clone();
                        after.play_unchecked(mv);
                        // One topic a move: the first it shows that has no step yet, so
                        // that the steps show different moves (an entry onto a special
                        // hole enters; another move shows the special hole).
                        let new = topics_of(lm, after.outcome().is_some())
                            .into_iter()
                            .find(|t| !found.contains_key(t));
                        if let Some(topic) = new {
                            found.entry(topic).or_insert_with(|| {
                                let (seat, throw) = (SeatKey::from(seat), throw.map(|t| t.value()));
                                let (title, text) = words(topic, family, seat, throw, lm);
                                TutorialStep {
                                    topic,
                                    title,
                                    text,
                                    position: g.position(),
                                    seat,
                                    throw,
                                    layout: layouts(&g),
                                    mv: lm.clone(),
                                }
                            });
                        }
                    }
                    if moves.is_empty() {
                        break;
                    }
                    let pick = &moves[rng.random_range(0..moves.len())];
                    match pick.mv.parse::<Move>() {
                        Ok(mv) => m.act(Action::Move(mv)).map(|_| ()),
                        Err(_) => break,
                    }
                }
            };
            if step.is_err() {
                break;
            }
        }
    }
    TutorialView {
        rules: rules.key().to_owned(),
        steps: TOPICS.iter().filter_map(|t| found.remove(t)).collect(),
    }
}

/// The path parameter of a rule set's resources.
#[derive(utoipa::IntoParams)]
#[into_params(parameter_in = Path)]
#[allow(dead_code)] // Read by `PathParam`; here for the document.
pub(crate) struct RuleKey {
    /// The rule set's key (`GET /api/rules`).
    key: String,
}

/// The rules of a rule set on its board, step by step (its default options): entering a piece,
/// a special square or hole, meeting the other side, bearing off, the end — each a real
/// position with a move to make there, the move's words and what it does (a topic the rule
/// set does not have is left out).
#[utoipa::path(get, path = "/api/rules/{key}/tutorial", tag = "rules",
    params(RuleKey),
    responses(
        (status = 200, description = "The tutorial's steps, in order.", body = TutorialView),
        (status = 404, description = "No such rule set.", body = ErrorBody),
    ))]
pub(crate) async fn tutorial_of(PathParam(key): PathParam) -> ApiResult<Json<TutorialView>> {
    let rules: RuleSetId = key
        .parse()
        .map_err(|e: nefer_core::rules::UnknownRuleSet| ApiError::not_found(e.to_string()))?;
    // Its games take milliseconds, once: off the request threads all the same.
    let t = tokio::task::spawn_blocking(move || tutorial(rules))
        .await
        .map_err(|e| SessionError::Internal(format!("the tutorial of {rules} failed: {e}")))?;
    Ok(Json((*t).clone()))
}

/// The tutorial of `rules`, made once per process (its games are seeded: always the same).
pub fn tutorial(rules: RuleSetId) -> Arc<TutorialView> {
    static MADE: LazyLock<Mutex<HashMap<RuleSetId, Arc<TutorialView>>>> =
        LazyLock::new(Default::default);
    if let Some(t) = MADE
        .lock()
        .unwrap_or_else(PoisonError::into_inner)
        .get(&rules)
    {
        return t.clone();
    }
    let t = Arc::new(build(rules));
    MADE.lock()
        .unwrap_or_else(PoisonError::into_inner)
        .insert(rules, t.clone());
    t
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_rule_set_has_a_tutorial_of_real_positions_and_legal_moves() {
        for &rules in RuleSetId::ALL {
            let t = tutorial(rules);
            let topics: Vec<Topic> = t.steps.iter().map(|s| s.topic).collect();
            // Every game enters its pieces and ends; the rest as the rule set has them.
            assert!(
                topics.contains(&Topic::Enter) || rules.key().starts_with("senet"),
                "{rules}: {topics:?}"
            );
            assert!(topics.contains(&Topic::End), "{rules}: {topics:?}");
            assert!(topics.len() >= 3, "{rules}: {topics:?}");
            for s in &t.steps {
                // The position reads back, and the move is legal there and does what it says.
                let g = nefer_core::AnyGame::from_position(&s.position).unwrap();
                assert_eq!(g.rule_set(), rules);
                let mv: Move = s.mv.mv.parse().unwrap();
                let mut after = g.clone();
                after
                    .play(mv)
                    .unwrap_or_else(|e| panic!("{rules} {:?}: {e}", s.topic));
                assert_eq!(layouts(&after), s.mv.after, "{rules} {:?}", s.topic);
                assert_eq!(layouts(&g), s.layout);
                assert_eq!(after.outcome().is_some(), s.topic == Topic::End);
                assert!(!s.text.is_empty() && !s.title.is_empty());
            }
            // Each step its own move.
            let moves: std::collections::HashSet<_> =
                t.steps.iter().map(|s| (&s.position, &s.mv.mv)).collect();
            assert_eq!(moves.len(), t.steps.len(), "{rules}");
        }
        // Made once: the same answer again.
        let a = tutorial(RuleSetId::ALL[0]);
        assert!(Arc::ptr_eq(&a, &tutorial(RuleSetId::ALL[0])));
    }
}
