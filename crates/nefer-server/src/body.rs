//! The bodies of the API's requests (`Deserialize`) and of its answers other than the game
//! view (`Serialize`): creating a game, the rule-set and level listings, a replay. Each has its
//! schema (`ToSchema`), from which the OpenAPI document is generated.

use nefer_core::options::{OptionSpec, Topic};
use nefer_core::{Family, Options, RuleSetId};
use serde::{Deserialize, Deserializer, Serialize, Serializer};
use serde_json::Value;
use utoipa::ToSchema;

use crate::facts::BoardView;
use crate::session::Mode;
use crate::view::{Frame, GameResult, GameView, SeatKey};

/// The longest seat name kept.
pub const NAME_MAX: usize = 40;

/// `POST /api/games`: the game to start.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
#[schema(as = CreateGame)]
pub struct CreateGame {
    /// The rule set's key (`GET /api/rules`).
    #[schema(examples("hj.french"))]
    pub rules: String,
    /// The rule options: an object `{name: value}`, or a string `name=value, …` as a record's
    /// `options:` line; none for every default.
    #[serde(default)]
    pub options: RuleOptions,
    /// Who plays; `computer` when absent (`local` with a `position`).
    #[serde(default)]
    pub mode: Option<Mode>,
    /// Local mode only: a position string (docs/dev/positions.md) to set the game up from, for
    /// analysis; both seats go to the creator. Its rule set must be `rules`, and its options
    /// are the game's (`options`, if given, must make the same rules).
    #[serde(default)]
    #[schema(
        nullable = false,
        examples("senet.kendall A:5,28,off*5 B:1,26,off*5 B 2")
    )]
    pub position: Option<String>,
    /// Computer mode: the computer's level (`GET /api/levels`) or a player spec such as
    /// `expectimax:depth=3` within the server's limits (by default depth at most 4, iters at
    /// most 20000, ms at most 1000); `medium` when absent. Every search is capped at 1 s a
    /// move.
    #[serde(default)]
    #[schema(examples("hard"))]
    pub level: Option<String>,
    /// Computer and online modes: the creator's seat; `null` (or `""`): drawn at random.
    #[serde(default, deserialize_with = "seat_or_none")]
    pub seat: Option<SeatKey>,
    /// Names for the seats (at most 40 characters each, no control characters).
    #[serde(default)]
    pub names: Option<SeatNames>,
}

/// A seat, `null` or `""` (none).
fn seat_or_none<'de, D: Deserializer<'de>>(d: D) -> Result<Option<SeatKey>, D::Error> {
    match Option::<String>::deserialize(d)?.as_deref() {
        None | Some("") => Ok(None),
        Some("A") => Ok(Some(SeatKey::A)),
        Some("B") => Ok(Some(SeatKey::B)),
        Some(x) => Err(serde::de::Error::custom(format!(
            "seat must be \"A\", \"B\" or null, not {x:?}"
        ))),
    }
}

/// Names for the seats of a new game; a seat left out gets a default name.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct SeatNames {
    /// Seat A's name.
    #[serde(rename = "A", default)]
    #[schema(max_length = 40, nullable = false)]
    pub a: Option<String>,
    /// Seat B's name.
    #[serde(rename = "B", default)]
    #[schema(max_length = 40, nullable = false)]
    pub b: Option<String>,
}

/// Rule options as a request gives them: an object `{name: value}` (values strings, numbers or
/// booleans), a string `name=value, …`, or `null`.
#[derive(Debug, Default)]
pub struct RuleOptions(pub Options);

impl<'de> Deserialize<'de> for RuleOptions {
    fn deserialize<D: Deserializer<'de>>(d: D) -> Result<RuleOptions, D::Error> {
        use serde::de::Error;
        let options = match Value::deserialize(d)? {
            Value::Null => Options::new(),
            Value::String(s) => Options::parse(&s).map_err(D::Error::custom)?,
            Value::Object(m) => {
                let mut o = Options::new();
                for (k, v) in m {
                    let v = match v {
                        Value::String(s) => s,
                        Value::Number(n) => n.to_string(),
                        Value::Bool(b) => b.to_string(),
                        _ => {
                            return Err(D::Error::custom(format!(
                                "option {k} must be a string, number or boolean"
                            )));
                        }
                    };
                    o.set(&k, &v).map_err(D::Error::custom)?;
                }
                o
            }
            _ => {
                return Err(D::Error::custom(
                    "options must be an object {name: value} or a string `name=value, …`",
                ));
            }
        };
        Ok(RuleOptions(options))
    }
}

/// The schema of [`RuleOptions`], written out since the type is read by hand.
impl utoipa::PartialSchema for RuleOptions {
    fn schema() -> utoipa::openapi::RefOr<utoipa::openapi::schema::Schema> {
        use utoipa::openapi::schema::{ObjectBuilder, OneOfBuilder, SchemaType, Type};
        let value = ObjectBuilder::new().schema_type(SchemaType::from_iter([
            Type::String,
            Type::Number,
            Type::Boolean,
        ]));
        OneOfBuilder::new()
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::Object)
                    .additional_properties(Some(value))
                    .description(Some(
                        "`{name: value}`, e.g. `{\"hj.french.opening\": \"alternate\"}`.",
                    )),
            )
            .item(
                ObjectBuilder::new()
                    .schema_type(Type::String)
                    .description(Some("`name=value, …`, as a record's `options:` line.")),
            )
            .item(ObjectBuilder::new().schema_type(Type::Null))
            .description(Some(
                "The rule options; none (or `null`) for every default.",
            ))
            .into()
    }
}

impl ToSchema for RuleOptions {}

/// `POST …/throw` and `POST …/undo`: an optional version.
#[derive(Debug, Default, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct VersionBody {
    /// The version the client saw; a different one is refused with `409`.
    #[serde(default)]
    #[schema(minimum = 0, nullable = false)]
    pub version: Option<u64>,
}

/// `POST …/move`: the move and an optional version.
#[derive(Debug, Deserialize, ToSchema)]
#[serde(deny_unknown_fields)]
pub struct MoveBody {
    /// A legal move in notation (NOTATION §3).
    #[serde(rename = "move")]
    #[schema(examples("L4-L20", "14-16", "hand-L1", "pass"))]
    pub mv: String,
    /// The version the client saw; a different one is refused with `409`.
    #[serde(default)]
    #[schema(minimum = 0, nullable = false)]
    pub version: Option<u64>,
}

/// The answer to `POST /api/games`: the game view, the creator's tokens and the links.
#[derive(Debug, Serialize, ToSchema)]
pub struct CreatedGame {
    /// The game view (for the creator's token).
    #[serde(flatten)]
    pub view: GameView,
    /// The seat tokens given to the creator (online: the creator's seat only; the other
    /// seat's is in the invite link).
    pub tokens: Tokens,
    /// Addresses of the game's page.
    pub links: Links,
    /// Where the computer's level plays on the learned evaluator (`master`, `neural`) but no
    /// network was trained for the game's options: it plays on the hand-written evaluation,
    /// and this says so in words; `null` otherwise.
    #[schema(required = true)]
    pub evaluator_note: Option<String>,
}

/// Seat tokens, by seat.
#[derive(Debug, Default, Serialize, ToSchema)]
pub struct Tokens {
    /// Seat A's token.
    #[serde(rename = "A", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub a: Option<String>,
    /// Seat B's token.
    #[serde(rename = "B", skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub b: Option<String>,
}

/// Addresses of a game's page.
#[derive(Debug, Serialize, ToSchema)]
pub struct Links {
    /// The creator's own link, with the token.
    #[serde(rename = "self")]
    pub own: String,
    /// The spectators' link (no token).
    pub watch: String,
    /// Online mode: the other seat's link, with its token.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub invite: Option<String>,
}

/// The family of a rule set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub enum FamilyKey {
    /// Senet.
    #[serde(rename = "senet")]
    Senet,
    /// Hounds & Jackals (58 holes).
    #[serde(rename = "hj")]
    HoundsAndJackals,
}

/// A rule set of `GET /api/rules`.
#[derive(Debug, Serialize, ToSchema)]
pub struct RuleSetInfo {
    /// The key, e.g. `senet.kendall`.
    pub key: &'static str,
    /// The game's name with its author.
    pub title: &'static str,
    /// Senet or Hounds & Jackals.
    pub family: FamilyKey,
    /// Where the rules come from.
    pub source: &'static str,
    /// The rules in plain words, defaults included.
    pub rules: &'static str,
    /// Its options, in the registry's order.
    pub options: Vec<OptionInfo>,
    /// The topics of its options (each option's `topic`), in the order to show them.
    pub topics: Vec<&'static str>,
    /// Its board with every option at its default (a game's view carries its own).
    pub board: BoardView,
}

/// An option of a rule set.
#[derive(Debug, Serialize, ToSchema)]
pub struct OptionInfo {
    /// The full name, e.g. `senet.kendall.extra_throws`.
    pub name: String,
    /// The values, default first (`N` a whole number, `(0,1)` a fraction).
    pub values: &'static [&'static str],
    /// The default value.
    pub default: &'static str,
    /// The values the engine implements.
    pub implemented: &'static [&'static str],
    /// The listed values it does not implement.
    pub not_implemented: Vec<&'static str>,
    /// The SPEC clause id that defines it.
    pub clause: &'static str,
    /// What it means, in one line.
    pub help: &'static str,
    /// What it is about, in people's words (the core's topics, e.g. "The Waters").
    #[schema(examples("The Waters"))]
    pub topic: &'static str,
    /// Each value of `values`, in its order, with what it means in a plain sentence.
    pub words: Vec<ValueWords>,
}

/// A value of an option and what it means, in people's words.
#[derive(Debug, Serialize, ToSchema)]
pub struct ValueWords {
    /// The value as `values` lists it (`N`, `(0,1)`, `{...}`: a pattern).
    pub value: &'static str,
    /// What it means, one sentence.
    #[schema(examples("A throw of 1, 4 or 5 earns another throw."))]
    pub text: &'static str,
}

impl From<&OptionSpec> for OptionInfo {
    fn from(o: &OptionSpec) -> OptionInfo {
        // Every option has its words (a test in the core goes over the registry).
        let words = o.words();
        OptionInfo {
            name: o.name.clone(),
            values: o.values,
            default: o.default_value(),
            implemented: o.implemented,
            not_implemented: o
                .values
                .iter()
                .filter(|v| !o.implements(v))
                .copied()
                .collect(),
            clause: o.clause,
            help: o.help,
            topic: words.map_or("Other", |w| w.topic.title()),
            words: o
                .values
                .iter()
                .map(|&value| ValueWords {
                    value,
                    text: words.and_then(|w| w.sentence(value)).unwrap_or(o.help),
                })
                .collect(),
        }
    }
}

impl From<RuleSetId> for RuleSetInfo {
    fn from(id: RuleSetId) -> RuleSetInfo {
        let info = id.info();
        let options: Vec<OptionInfo> = id.option_specs().iter().map(OptionInfo::from).collect();
        let topics = Topic::ALL
            .iter()
            .map(|t| t.title())
            .chain(["Other"])
            .filter(|t| options.iter().any(|o| o.topic == *t))
            .collect();
        RuleSetInfo {
            key: info.key,
            title: info.title,
            family: match id.family() {
                Family::Senet => FamilyKey::Senet,
                Family::HoundsAndJackals => FamilyKey::HoundsAndJackals,
            },
            source: info.source,
            rules: info.rules,
            options,
            topics,
            board: BoardView::from(
                &nefer_core::facts::board_of(id, &Options::new()).expect("the defaults are valid"),
            ),
        }
    }
}

/// A computer level of `GET /api/levels`.
#[derive(Debug, Serialize, ToSchema)]
pub struct Level {
    /// The level's name, as `POST /api/games` takes it.
    #[schema(examples("hard"))]
    pub name: &'static str,
    /// Its name for people, which also names the computer's seat.
    #[schema(examples("Hard"))]
    pub title: &'static str,
    /// What it does, in one line for people.
    #[schema(examples("looks three moves ahead, weighing every throw"))]
    pub description: &'static str,
    /// The player spec it stands for.
    #[schema(examples("expectimax:depth=3,ms=1000"))]
    pub player: &'static str,
    /// The only rule sets it plays, where it does not play them all.
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false)]
    pub rules: Option<&'static [&'static str]>,
}

/// The answer to `POST /api/replay`.
#[derive(Debug, Serialize, ToSchema)]
#[schema(as = Replay)]
pub struct ReplayView {
    /// The rule set's key.
    pub rules: String,
    /// The rule set's name for people, with its author.
    pub title: String,
    /// The options, as the record's `options:` line.
    pub options: String,
    /// The board under the record's rules.
    pub board: BoardView,
    /// The record's other header lines (player names, seeds…), in order.
    #[serde(serialize_with = "as_map")]
    #[schema(value_type = std::collections::BTreeMap<String, String>)]
    pub headers: Vec<(String, String)>,
    /// The index of the first frame here (`?from=`).
    #[schema(minimum = 0)]
    pub from: usize,
    /// The record's frames in all: its actions and the start.
    #[schema(minimum = 1)]
    pub total: usize,
    /// Frame 0 is the start, frame k the position after k actions: those from `from`, at most
    /// 1000.
    pub frames: Vec<Frame>,
    /// How the record ends; `null` while the game goes on.
    #[schema(required = true)]
    pub result: Option<GameResult>,
}

/// The query of a paged answer: `?from=K&limit=N`.
#[derive(Debug, Default, Deserialize, utoipa::IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct Page {
    /// The index of the first item (0 by default).
    pub from: Option<usize>,
    /// The most items (the endpoint's maximum by default, and at most).
    pub limit: Option<usize>,
}

/// `GET /api/games/{id}/history`: a page of the game's history.
#[derive(Debug, Serialize, ToSchema)]
pub struct HistoryPage {
    /// The index of the first action here.
    #[schema(minimum = 0)]
    pub from: usize,
    /// The game's actions in all (its version).
    #[schema(minimum = 0)]
    pub total: usize,
    /// The actions from `from`.
    pub history: Vec<crate::view::HistoryEntry>,
}

/// Header lines as one JSON object; a key given twice keeps its first place and its last value.
fn as_map<S: Serializer>(headers: &[(String, String)], s: S) -> Result<S::Ok, S::Error> {
    let mut map = serde_json::Map::new();
    for (k, v) in headers {
        map.insert(k.clone(), Value::String(v.clone()));
    }
    map.serialize(s)
}
