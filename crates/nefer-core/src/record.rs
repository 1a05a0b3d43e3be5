//! `.ngr` game records (NOTATION §5) and the replay trace (NOTATION §6).
//!
//! Reading and writing are plain string work; the CLI does the file I/O.

use core::fmt::Write as _;

use crate::game::{Action, Chance, Game, Move, MoveList, Outcome, Status};
use crate::options::Options;
use crate::rules::{AnyGame, RuleSetId};

/// A game record: rule set, options, other header lines, and the action tokens.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Record {
    /// The rule set key (`rules:`).
    pub rules: String,
    /// The options (`options:`).
    pub options: Options,
    /// Other `key: value` header lines, kept in order (player names, seeds…).
    pub headers: Vec<(String, String)>,
    /// Comment lines (without the `#`), written before the header.
    pub comments: Vec<String>,
    /// The action tokens, in play order.
    pub actions: Vec<String>,
}

/// Why a record could not be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("line {line}: {message}")]
pub struct RecordError {
    /// The line (from 1).
    pub line: usize,
    /// What is wrong there.
    pub message: String,
}

impl Record {
    /// A record of rule set `rules` with `options` and no actions yet.
    pub fn new(rules: RuleSetId, options: Options) -> Record {
        Record {
            rules: rules.key().to_owned(),
            options,
            headers: Vec::new(),
            comments: Vec::new(),
            actions: Vec::new(),
        }
    }

    /// Reads a record.
    ///
    /// # Errors
    /// A header line that is not `key: value`, a missing or repeated `rules:` line, malformed
    /// options, or no `actions:` line; each names its line.
    pub fn parse(text: &str) -> Result<Record, RecordError> {
        let mut rules: Option<String> = None;
        let mut options = Options::new();
        let mut headers = Vec::new();
        let mut comments = Vec::new();
        let mut actions = Vec::new();
        let mut in_actions = false;
        let mut last_line = 0;
        for (n, raw) in text.lines().enumerate() {
            let line = n + 1;
            last_line = line;
            if in_actions {
                actions.extend(raw.split_whitespace().map(str::to_owned));
                continue;
            }
            let s = raw.trim();
            if s.is_empty() {
                continue;
            }
            if let Some(c) = s.strip_prefix('#') {
                comments.push(c.trim_start().to_owned());
                continue;
            }
            let (key, value) = s.split_once(':').ok_or_else(|| RecordError {
                line,
                message: format!("`{s}` is not a `key: value` header line"),
            })?;
            let (key, value) = (key.trim(), value.trim());
            let bad = |message: String| RecordError { line, message };
            match key {
                "rules" if rules.is_some() => return Err(bad("a second `rules:` line".into())),
                "rules" if value.is_empty() => {
                    return Err(bad("`rules:` names no rule set".into()));
                }
                "rules" => rules = Some(value.to_owned()),
                "options" => options = Options::parse(value).map_err(|e| bad(e.to_string()))?,
                "actions" => {
                    in_actions = true;
                    actions.extend(value.split_whitespace().map(str::to_owned));
                }
                "" => return Err(bad(format!("`{s}` has an empty key"))),
                _ => headers.push((key.to_owned(), value.to_owned())),
            }
        }
        let rules = rules.ok_or(RecordError {
            line: 1,
            message: "no `rules:` line".into(),
        })?;
        if !in_actions {
            return Err(RecordError {
                line: last_line.max(1),
                message: "no `actions:` line".into(),
            });
        }
        Ok(Record {
            rules,
            options,
            headers,
            comments,
            actions,
        })
    }

    /// The value of header `key`, if present.
    pub fn header(&self, key: &str) -> Option<&str> {
        self.headers
            .iter()
            .find(|(k, _)| k == key)
            .map(|(_, v)| v.as_str())
    }

    /// Sets (or replaces) header `key`.
    pub fn set_header(&mut self, key: &str, value: &str) {
        match self.headers.iter_mut().find(|(k, _)| k == key) {
            Some(h) => h.1 = value.to_owned(),
            None => self.headers.push((key.to_owned(), value.to_owned())),
        }
    }

    /// Writes the record as text, ten actions to a line.
    pub fn to_text(&self) -> String {
        let mut s = String::new();
        for c in &self.comments {
            let _ = writeln!(s, "# {c}");
        }
        let _ = writeln!(s, "rules: {}", self.rules);
        if !self.options.is_empty() {
            let _ = writeln!(s, "options: {}", self.options);
        }
        for (k, v) in &self.headers {
            let _ = writeln!(s, "{k}: {v}");
        }
        s.push_str("actions:\n");
        for chunk in self.actions.chunks(10) {
            s.push_str(&chunk.join(" "));
            s.push('\n');
        }
        s
    }

    /// Appends an action.
    pub fn push(&mut self, a: Action) {
        self.actions.push(action_token(a));
    }
}

/// The token of an action.
pub fn action_token(a: Action) -> String {
    match a {
        Action::Chance(c) => c.to_string(),
        Action::Move(m) => m.to_string(),
    }
}

/// Why a record could not be replayed.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum ReplayError {
    /// The rule set or options are not usable.
    #[error("{0}")]
    Setup(String),
    /// An action token is malformed or not legal where it stands.
    #[error("action {index} `{token}`: {reason}; legal here: {}", legal.join(" "))]
    Illegal {
        /// Index of the token among the actions (from 0).
        index: usize,
        /// The token.
        token: String,
        /// What is wrong with it.
        reason: String,
        /// What would have been legal there.
        legal: Vec<String>,
    },
}

/// A replayed record: the actions, the final state and the trace lines.
#[derive(Clone, Debug)]
pub struct Replay {
    /// The state after the last action.
    pub game: AnyGame,
    /// The actions, parsed.
    pub actions: Vec<Action>,
    /// The trace of NOTATION §6, one line per element, without newlines.
    pub trace: Vec<String>,
}

/// The sorted strings of the legal moves (or of the chance outcomes) of a state.
pub fn legal_strings<G: Game>(g: &G) -> Vec<String> {
    let mut v: Vec<String> = match g.status() {
        Status::Decide { .. } => {
            let mut moves = MoveList::new();
            g.legal_moves(&mut moves);
            moves.iter().map(Move::to_string).collect()
        }
        Status::Chance { .. } => g
            .chance_outcomes()
            .iter()
            .map(|(c, _)| c.to_string())
            .collect(),
        Status::Over(_) => Vec::new(),
    };
    v.sort_unstable();
    v
}

/// The trace line of a decision point answered by token `index` (NOTATION §6).
pub fn decision_line<G: Game>(g: &G, index: usize) -> Option<String> {
    let Status::Decide { seat, throw } = g.status() else {
        return None;
    };
    let legal: Vec<String> = legal_strings(g)
        .into_iter()
        .map(|m| format!("\"{m}\""))
        .collect();
    let throw = throw.map_or_else(|| "null".to_owned(), |t| t.to_string());
    Some(format!(
        "{{\"i\":{index},\"player\":\"{seat}\",\"throw\":{throw},\"legal\":[{}]}}",
        legal.join(",")
    ))
}

/// The closing trace line.
pub fn result_line(outcome: Option<Outcome>) -> String {
    let r = match outcome {
        None => "ongoing".to_owned(),
        Some(Outcome::Draw) => "draw".to_owned(),
        Some(Outcome::Win(s)) => s.to_string(),
    };
    format!("{{\"result\":\"{r}\"}}")
}

/// Parses token `token` at state `g` and applies it.
///
/// # Errors
/// A malformed token or one that is not legal at `g`; `g` is then unchanged.
pub fn play_token<G: Game>(g: &mut G, index: usize, token: &str) -> Result<Action, ReplayError> {
    let illegal = |g: &G, reason: String| ReplayError::Illegal {
        index,
        token: token.to_owned(),
        reason,
        legal: legal_strings(g),
    };
    let action = match g.status() {
        Status::Over(_) => return Err(illegal(g, "the game is already over".into())),
        Status::Chance { .. } => Action::Chance(
            token
                .parse::<Chance>()
                .map_err(|e| illegal(g, format!("the game waits for a chance outcome: {e}")))?,
        ),
        Status::Decide { .. } => Action::Move(
            token
                .parse::<Move>()
                .map_err(|e| illegal(g, format!("the game waits for a move: {e}")))?,
        ),
    };
    g.apply(action)
        .map_err(|e| illegal(g, format!("not legal here ({e})")))?;
    Ok(action)
}

/// The header of a record whose game starts from a position of its own rather than the rule
/// set's start (a game set up for analysis): its position string (docs/dev/positions.md, an
/// extension of NOTATION §5).
pub const POSITION_HEADER: &str = "position";

/// The state a record's game starts from: the position of its `position:` header where it has
/// one, else the start of its rule set under its options.
///
/// # Errors
/// An unknown rule set or options; a `position:` that is not a position, or whose rule set or
/// rules are not the record's.
pub fn start_of(record: &Record) -> Result<AnyGame, ReplayError> {
    let id: RuleSetId = record
        .rules
        .parse()
        .map_err(|e: crate::rules::UnknownRuleSet| ReplayError::Setup(e.to_string()))?;
    let start = id
        .new_game(&record.options)
        .map_err(|e| ReplayError::Setup(e.to_string()))?;
    let Some(text) = record.header(POSITION_HEADER) else {
        return Ok(start);
    };
    let game =
        AnyGame::from_position(text).map_err(|e| ReplayError::Setup(format!("position: {e}")))?;
    if game.rule_set() != id {
        return Err(ReplayError::Setup(format!(
            "position: a {} position in a {id} record",
            game.rule_set()
        )));
    }
    // The same rules, however the options are written.
    if game.options() != start.options() {
        return Err(ReplayError::Setup(format!(
            "position: its options [{}] are not the record's [{}]",
            game.options(),
            record.options
        )));
    }
    Ok(game)
}

/// Replays a record from its start (the rule set's, or its `position:`) and builds its trace
/// (NOTATION §6).
///
/// # Errors
/// Unknown rule set or options, a `position:` that does not fit the record (see
/// [`start_of`]), or an action that is malformed or illegal (naming its index, the token and
/// the legal actions there).
pub fn replay(record: &Record) -> Result<Replay, ReplayError> {
    let mut game = start_of(record)?;
    let mut trace = Vec::new();
    let mut actions = Vec::with_capacity(record.actions.len());
    for (i, tok) in record.actions.iter().enumerate() {
        if let Some(line) = decision_line(&game, i) {
            trace.push(line);
        }
        actions.push(play_token(&mut game, i, tok)?);
    }
    if let Some(line) = decision_line(&game, record.actions.len()) {
        trace.push(line);
    }
    trace.push(result_line(game.outcome()));
    Ok(Replay {
        game,
        actions,
        trace,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn reads_the_example_of_notation_5() {
        let text = "# any comment line\nrules: hj.skiryuk\noptions: hj.skiryuk.entry_by_one=true, hj.lines=forward_only\nplayer-A: Ahmose\nplayer-B: Nefertari\nactions:\n3 2 R1-R3\n4 L1-L5\n2 R3-R5\n";
        let r = Record::parse(text).unwrap();
        assert_eq!(r.rules, "hj.skiryuk");
        assert_eq!(r.options.get("hj.lines"), Some("forward_only"));
        assert_eq!(r.header("player-B"), Some("Nefertari"));
        assert_eq!(r.actions, ["3", "2", "R1-R3", "4", "L1-L5", "2", "R3-R5"]);
        assert_eq!(Record::parse(&r.to_text()).unwrap(), r);
    }

    #[test]
    fn malformed_records_name_the_line() {
        let e = Record::parse("rules: senet.kendall\nnonsense\nactions:\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = Record::parse("player-A: x\nactions: 1\n").unwrap_err();
        assert!(e.message.contains("rules"));
        let e = Record::parse("rules: senet.kendall\n").unwrap_err();
        assert!(e.message.contains("actions"));
        let e = Record::parse("rules: a\nrules: b\nactions:\n").unwrap_err();
        assert_eq!(e.line, 2);
        let e = Record::parse("rules: senet.kendall\noptions: x\nactions:\n").unwrap_err();
        assert_eq!(e.line, 2);
    }

    #[test]
    fn a_position_header_is_the_start_of_the_game() {
        let text = "rules: senet.kendall\nposition: senet.kendall A:5,28,off*5 B:1,26,off*5 B 2\nactions: 26-28\n";
        let r = replay(&Record::parse(text).unwrap()).unwrap();
        assert_eq!(
            r.game.position(),
            "senet.kendall A:5,27,off*5 B:1,28,off*5 A water turn=2"
        );
        assert_eq!(
            r.trace[0],
            r#"{"i":0,"player":"B","throw":2,"legal":["1-3","26-28"]}"#
        );
        let options = "rules: senet.kendall\noptions: senet.kendall.trap=on\nposition: senet.kendall[trap=on] A:5,28,off*5 B:1,26,off*5 B 2\nactions: 26-28\n";
        assert!(replay(&Record::parse(options).unwrap()).is_ok());
        for (bad, what) in [
            (
                "rules: senet.school\nposition: senet.kendall A:5,28,off*5 B:1,26,off*5 B 2\nactions:\n",
                "a senet.kendall position in a senet.school record",
            ),
            (
                "rules: senet.kendall\nposition: senet.kendall[trap=on] A:5,28,off*5 B:1,26,off*5 B 2\nactions:\n",
                "are not the record's",
            ),
            (
                "rules: senet.kendall\nposition: senet.kendall A:5 B:1 B 2\nactions:\n",
                "position: not a position",
            ),
        ] {
            let e = replay(&Record::parse(bad).unwrap())
                .unwrap_err()
                .to_string();
            assert!(e.contains(what), "{e}");
        }
    }

    #[test]
    fn an_illegal_action_names_index_token_and_legal_moves() {
        let r = Record::parse("rules: senet.kendall\nactions: 2 12-14\n").unwrap();
        match replay(&r).unwrap_err() {
            ReplayError::Illegal {
                index,
                token,
                legal,
                ..
            } => {
                assert_eq!((index, token.as_str()), (1, "12-14"));
                assert_eq!(legal, ["14-16"]);
            }
            e => panic!("{e}"),
        }
        let r = Record::parse("rules: senet.kendall\nactions: 7\n").unwrap();
        let e = replay(&r).unwrap_err().to_string();
        assert!(e.contains("action 0 `7`") && e.contains("1 2 3 4 5"), "{e}");
        let r = Record::parse("rules: nope\nactions:\n").unwrap();
        assert!(
            replay(&r)
                .unwrap_err()
                .to_string()
                .contains("unknown rule set")
        );
    }
}
