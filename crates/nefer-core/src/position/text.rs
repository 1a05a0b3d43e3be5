//! The position string (docs/dev/positions.md): one line of space-separated fields,
//!
//! ```text
//! RULES[OPTIONS] A:PIECES B:PIECES TO-MOVE STAGE [turn=N] [skip=SEATS] [loads=N/N] [bonus=taken]
//!     [owed=N/N] [collected=T,...] [earned=N]
//! ```
//!
//! with places as NOTATION §2 writes them.

use core::fmt::{self, Write as _};
use core::str::FromStr;

use super::{Mark, PositionError, Problem, SeatSetup, Setup, Stage, outcome_word};
use crate::game::{ByPlayer, Outcome, Place, Seat};
use crate::options::Options;
use crate::rules::RuleSetId;
use crate::sticks::{DicePair, Throw};

/// The word of a mark, with its `+`.
pub(crate) fn mark_word(m: Mark) -> &'static str {
    match m {
        Mark::Crossed15 => "+15",
        Mark::Crossed25 => "+25",
        Mark::Reborn => "+reborn",
    }
}

/// The prefixes an option name loses in a position string: the rule set's key, then the
/// family's (`senet.`, `hj.`), so `senet.kendall.trap` is `trap` and `hj.lines` is `lines`.
fn prefixes(rules: RuleSetId) -> [String; 2] {
    let key = rules.key();
    let family = &key[..key.find('.').map_or(0, |i| i + 1)];
    [format!("{key}."), family.to_owned()]
}

/// The short name of option `name` of rule set `rules`.
pub(crate) fn short_name(rules: RuleSetId, name: &str) -> &str {
    let [own, family] = prefixes(rules);
    let rest = name
        .strip_prefix(own.as_str())
        .or_else(|| name.strip_prefix(family.as_str()))
        .unwrap_or(name);
    // A name that keeps a dot would read as a full name: keep it whole.
    if rest.contains('.') { name } else { rest }
}

/// The full name of an option written `name`: itself when it has a dot, else the registry's
/// option with that short name, else `KEY.name` (which the option parse then refuses with
/// the known names).
fn full_name(rules: RuleSetId, name: &str) -> String {
    if name.contains('.') {
        return name.to_owned();
    }
    rules
        .option_specs()
        .into_iter()
        .map(|s| s.name)
        .find(|n| short_name(rules, n) == name)
        .unwrap_or_else(|| format!("{}.{name}", rules.key()))
}

impl fmt::Display for Setup {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.rules.key())?;
        if !self.options.is_empty() {
            f.write_char('[')?;
            for (i, (k, v)) in self.options.iter().enumerate() {
                if i > 0 {
                    f.write_char(',')?;
                }
                write!(f, "{}={v}", short_name(self.rules, k))?;
            }
            f.write_char(']')?;
        }
        for (seat, st) in self.seats.iter() {
            write!(f, " {seat}:")?;
            write_seat(f, st)?;
        }
        write!(f, " {} ", self.to_move)?;
        write_stage(f, self)?;
        if self.turns != self.stage.default_turns(self.rules) {
            write!(f, " turn={}", self.turns)?;
        }
        let [a, b] = &self.seats.0;
        match (a.skip, b.skip) {
            (false, false) => {}
            (true, false) => f.write_str(" skip=A")?,
            (false, true) => f.write_str(" skip=B")?,
            (true, true) => f.write_str(" skip=AB")?,
        }
        if a.loads > 0 || b.loads > 0 {
            write!(f, " loads={}/{}", a.loads, b.loads)?;
        }
        if self.bonus_taken {
            f.write_str(" bonus=taken")?;
        }
        if a.owed > 0 || b.owed > 0 {
            write!(f, " owed={}/{}", a.owed, b.owed)?;
        }
        for (i, t) in self.collected.iter().enumerate() {
            f.write_str(if i == 0 { " collected=" } else { "," })?;
            write!(f, "{t}")?;
        }
        if self.earned > 0 {
            write!(f, " earned={}", self.earned)?;
        }
        Ok(())
    }
}

/// A seat's pieces: board places in the order given (a run of the same place as `PLACE*N`),
/// each with its marks, then the pools.
fn write_seat(f: &mut fmt::Formatter<'_>, st: &SeatSetup) -> fmt::Result {
    let mut first = true;
    let mut item = |f: &mut fmt::Formatter<'_>, text: fmt::Arguments<'_>| {
        if !first {
            f.write_char(',')?;
        }
        first = false;
        f.write_fmt(text)
    };
    let mut i = 0;
    while i < st.board.len() {
        let p = st.board[i];
        let n = st.board[i..].iter().take_while(|&&q| q == p).count();
        let mut marks: Vec<Mark> = st
            .marks
            .iter()
            .filter(|&&(q, _)| q == p)
            .map(|&(_, m)| m)
            .collect();
        marks.sort();
        let marks: String = marks.into_iter().map(mark_word).collect();
        if n > 1 {
            item(f, format_args!("{p}*{n}{marks}"))?;
        } else {
            item(f, format_args!("{p}{marks}"))?;
        }
        i += n;
    }
    for (name, n) in [
        ("hand", st.hand),
        ("off", st.off),
        ("captured", st.captured),
    ] {
        match n {
            0 => {}
            1 => item(f, format_args!("{name}"))?,
            n => item(f, format_args!("{name}*{n}"))?,
        }
    }
    Ok(())
}

/// The stage token: its word (the throw itself for [`Stage::Move`]), then `:` and the throw
/// and the piece where the stage has them.
fn write_stage(f: &mut fmt::Formatter<'_>, s: &Setup) -> fmt::Result {
    let mut throw = s.throw;
    match s.stage {
        Stage::Move => match throw.take() {
            Some(t) => write!(f, "{t}")?,
            None => f.write_str("move")?,
        },
        Stage::Over(o) => write!(f, "over:{}", outcome_word(o))?,
        Stage::Dice(d) => write!(f, "{d}")?,
        Stage::Load { bonus: true } => f.write_str("load:bonus")?,
        stage => f.write_str(stage.word())?,
    }
    if let Some(t) = throw {
        write!(f, ":{t}")?;
    }
    if let Some(p) = s.piece {
        write!(f, ":{p}")?;
    }
    Ok(())
}

fn syntax(field: &'static str, text: &str, expected: &'static str) -> PositionError {
    Problem::Syntax {
        field,
        text: text.to_owned(),
        expected,
    }
    .into()
}

impl FromStr for Setup {
    type Err = PositionError;

    /// Reads a position string; checks only its form (see [`super::FromSetup`] for the rest).
    fn from_str(text: &str) -> Result<Setup, PositionError> {
        let mut fields = text.split_whitespace();
        let mut next = |field: &'static str, expected: &'static str| {
            fields.next().ok_or_else(|| syntax(field, "", expected))
        };
        let head = next("rule set", "a rule set key")?;
        let (key, opts) = match head.split_once('[') {
            Some((key, rest)) => {
                let inner = rest
                    .strip_suffix(']')
                    .ok_or_else(|| syntax("options", rest, "`[name=value,…]`"))?;
                (key, Some(inner))
            }
            None => (head, None),
        };
        let rules: RuleSetId = key.parse().map_err(|_| {
            syntax(
                "rule set",
                key,
                "a rule set key (hj.french, senet.kendall…)",
            )
        })?;
        let options = match opts {
            Some(o) => parse_options(rules, o)?,
            None => Options::new(),
        };
        let a = parse_seat(Seat::A, next("seat A", "`A:` and seat A's pieces")?)?;
        let b = parse_seat(Seat::B, next("seat B", "`B:` and seat B's pieces")?)?;
        let to_move = match next("to move", "the seat to move, A or B")? {
            "A" => Seat::A,
            "B" => Seat::B,
            t => return Err(syntax("to move", t, "the seat to move, A or B")),
        };
        let (stage, throw, piece) = parse_stage(next("stage", "the stage (throw, 1..5, …)")?)?;
        let mut s = Setup {
            rules,
            options,
            seats: ByPlayer::new(a, b),
            to_move,
            stage,
            throw,
            piece,
            turns: stage.default_turns(rules),
            bonus_taken: false,
            collected: Vec::new(),
            earned: 0,
        };
        let mut seen: Vec<&str> = Vec::new();
        for field in fields {
            let (name, value) = field
                .split_once('=')
                .ok_or_else(|| syntax("field", field, "a field `name=value`"))?;
            if seen.contains(&name) {
                return Err(syntax("field", field, "a field not given before"));
            }
            seen.push(name);
            match name {
                "turn" => {
                    s.turns = value
                        .parse()
                        .map_err(|_| syntax("turn", value, "a turn count"))?;
                }
                "skip" => {
                    let (a, b) = match value {
                        "A" => (true, false),
                        "B" => (false, true),
                        "AB" => (true, true),
                        _ => return Err(syntax("skip", value, "the seats A, B or AB")),
                    };
                    s.seats[Seat::A].skip = a;
                    s.seats[Seat::B].skip = b;
                }
                "loads" => {
                    let bad = || syntax("loads", value, "two counts `A/B`");
                    let (a, b) = value.split_once('/').ok_or_else(bad)?;
                    s.seats[Seat::A].loads = a.parse().map_err(|_| bad())?;
                    s.seats[Seat::B].loads = b.parse().map_err(|_| bad())?;
                }
                "bonus" if value == "taken" => s.bonus_taken = true,
                "bonus" => return Err(syntax("bonus", value, "`taken`")),
                "owed" => {
                    let bad = || syntax("owed", value, "two counts `A/B`");
                    let (a, b) = value.split_once('/').ok_or_else(bad)?;
                    s.seats[Seat::A].owed = a.parse().map_err(|_| bad())?;
                    s.seats[Seat::B].owed = b.parse().map_err(|_| bad())?;
                }
                "collected" => {
                    let bad = || syntax("collected", value, "throws 1..5 separated by commas");
                    s.collected = value
                        .split(',')
                        .map(|t| parse_throw(t).ok_or_else(bad))
                        .collect::<Result<_, _>>()?;
                }
                "earned" => {
                    s.earned = value
                        .parse()
                        .map_err(|_| syntax("earned", value, "a count of throws"))?;
                }
                _ => {
                    return Err(syntax(
                        "field",
                        field,
                        "a field turn=, skip=, loads=, bonus=, owed=, collected= or earned=",
                    ));
                }
            }
        }
        Ok(s)
    }
}

/// The options between the brackets, short names made full.
fn parse_options(rules: RuleSetId, text: &str) -> Result<Options, PositionError> {
    let given = Options::parse(text).map_err(Problem::Options)?;
    let mut o = Options::new();
    for (k, v) in given.iter() {
        o.set(&full_name(rules, k), v).map_err(Problem::Options)?;
    }
    Ok(o)
}

/// `A:` (or `B:`) and the seat's items.
fn parse_seat(seat: Seat, text: &str) -> Result<SeatSetup, PositionError> {
    let (field, expected) = match seat {
        Seat::A => ("seat A", "`A:` and seat A's pieces"),
        Seat::B => ("seat B", "`B:` and seat B's pieces"),
    };
    let label = [seat.letter() as u8, b':'];
    let items = text
        .strip_prefix(core::str::from_utf8(&label).unwrap_or("?"))
        .ok_or_else(|| syntax(field, text, expected))?;
    let mut st = SeatSetup::default();
    for item in items.split(',').filter(|i| !i.is_empty()) {
        let bad = || {
            syntax(
                field,
                item,
                "a piece: PLACE, PLACE*N, hand*N, off*N or captured*N, marks +15, +25, +reborn",
            )
        };
        let mut parts = item.split('+');
        let head = parts.next().unwrap_or("");
        let (place, n) = match head.split_once('*') {
            Some((p, n)) => (p, n.parse::<u8>().ok().filter(|&n| n > 0).ok_or_else(bad)?),
            None => (head, 1),
        };
        let marks: Vec<Mark> = parts
            .map(|m| match m {
                "15" => Ok(Mark::Crossed15),
                "25" => Ok(Mark::Crossed25),
                "reborn" => Ok(Mark::Reborn),
                _ => Err(bad()),
            })
            .collect::<Result<_, _>>()?;
        let pool = match place {
            "hand" => Some(&mut st.hand),
            "off" => Some(&mut st.off),
            "captured" => Some(&mut st.captured),
            _ => None,
        };
        if let Some(pool) = pool {
            if !marks.is_empty() {
                return Err(bad());
            }
            *pool = pool.checked_add(n).ok_or_else(bad)?;
            continue;
        }
        let p: Place = place.parse().map_err(|_| bad())?;
        st.board.extend(core::iter::repeat_n(p, usize::from(n)));
        st.marks.extend(marks.into_iter().map(|m| (p, m)));
    }
    Ok(st)
}

/// The stage token: a word or a throw, then `:`-separated arguments (the result of `over`, a
/// throw, a piece's place).
fn parse_stage(text: &str) -> Result<(Stage, Option<Throw>, Option<Place>), PositionError> {
    let bad = || {
        syntax(
            "stage",
            text,
            "a stage: throw, 1..5, a pair of d4 1+3, first, opening, simultaneous, water, water-throw, bonus, spend, capture, load, load:bonus, second, over:A|B|draw, with `:THROW` or `:PLACE` where it has them",
        )
    };
    let mut parts = text.split(':');
    let head = parts.next().unwrap_or("");
    let mut throw = None;
    let stage = match head {
        "first" => Stage::First,
        "opening" => Stage::Opening,
        "simultaneous" => Stage::Simultaneous,
        "throw" => Stage::Throw,
        "move" => Stage::Move,
        "water" => Stage::Water,
        "water-throw" => Stage::WaterThrow,
        "bonus" => Stage::Bonus,
        "spend" => Stage::Spend,
        "capture" => Stage::Capture,
        "load" => Stage::Load {
            bonus: match parts.clone().next() {
                Some("bonus") => {
                    parts.next();
                    true
                }
                _ => false,
            },
        },
        "second" => Stage::Second,
        "over" => Stage::Over(match parts.next() {
            Some("A") => Outcome::Win(Seat::A),
            Some("B") => Outcome::Win(Seat::B),
            Some("draw") => Outcome::Draw,
            _ => return Err(bad()),
        }),
        t => match t.split_once('+') {
            Some((a, b)) => Stage::Dice(
                parse_die(a)
                    .zip(parse_die(b))
                    .and_then(|(a, b)| DicePair::new(a, b))
                    .ok_or_else(bad)?,
            ),
            None => {
                throw = Some(parse_throw(t).ok_or_else(bad)?);
                Stage::Move
            }
        },
    };
    let mut piece = None;
    for arg in parts {
        match parse_throw(arg) {
            Some(t) if throw.is_none() => throw = Some(t),
            Some(_) => return Err(bad()),
            None if piece.is_none() => piece = Some(arg.parse().map_err(|_| bad())?),
            None => return Err(bad()),
        }
    }
    Ok((stage, throw, piece))
}

fn parse_throw(s: &str) -> Option<Throw> {
    match s.as_bytes() {
        [d @ b'1'..=b'5'] => Throw::new(d - b'0'),
        _ => None,
    }
}

/// One die of a pair, `1`..`4`.
fn parse_die(s: &str) -> Option<u8> {
    match s.as_bytes() {
        [d @ b'1'..=b'4'] => Some(d - b'0'),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn option_names_are_short_and_read_back_full() {
        for &id in RuleSetId::ALL {
            let specs = id.option_specs();
            let mut shorts: Vec<&str> = specs.iter().map(|s| short_name(id, &s.name)).collect();
            for s in &specs {
                assert_eq!(full_name(id, short_name(id, &s.name)), s.name);
                assert_eq!(full_name(id, &s.name), s.name);
            }
            shorts.sort_unstable();
            let n = shorts.len();
            shorts.dedup();
            assert_eq!(shorts.len(), n, "{id}: two options share a short name");
        }
        assert_eq!(short_name(RuleSetId::HjFrench, "hj.lines"), "lines");
        assert_eq!(
            short_name(RuleSetId::SenetKendall, "senet.kendall.trap"),
            "trap"
        );
        assert_eq!(
            short_name(RuleSetId::SenetKendall, "senet.pieces"),
            "pieces"
        );
    }

    #[test]
    fn a_setup_is_written_and_read_back() {
        let text = "hj.skiryuk[retrigger=once_per_piece_per_hole,blocked_load=deferred] A:L6+15,L26+15+25,S,captured*2 B:R3,S*2,hand*2 B 4 turn=9 loads=0/1";
        let s: Setup = text.parse().unwrap();
        assert_eq!(s.seats[Seat::A].board.len(), 3);
        assert_eq!(s.seats[Seat::A].captured, 2);
        assert_eq!(s.seats[Seat::B].loads, 1);
        assert_eq!(s.options.get("hj.skiryuk.blocked_load"), Some("deferred"));
        assert_eq!((s.stage, s.throw, s.turns), (Stage::Move, Throw::new(4), 9));
        assert_eq!(s.to_string(), text);
    }

    #[test]
    fn malformed_strings_name_their_field() {
        for (text, field) in [
            ("", "rule set"),
            ("chess A:1 B:2 A throw", "rule set"),
            ("senet.kendall[trap=on A:1 B:2 A throw", "options"),
            ("senet.kendall B:1 A:2 A throw", "seat A"),
            ("senet.kendall A:1 B:2,x A throw", "seat B"),
            ("senet.kendall A:1 B:2,3*0 A throw", "seat B"),
            ("senet.kendall A:1 B:2,3+9 A throw", "seat B"),
            ("senet.kendall A:1 B:2 C throw", "to move"),
            ("senet.kendall A:1 B:2 A", "stage"),
            ("senet.kendall A:1 B:2 A 6", "stage"),
            ("senet.kendall A:1 B:2 A over:C", "stage"),
            ("senet.kendall A:1 B:2 A 3:4", "stage"),
            ("senet.kendall A:1 B:2 A throw turn=x", "turn"),
            ("senet.kendall A:1 B:2 A throw turn=2 turn=3", "field"),
            ("senet.kendall A:1 B:2 A throw colour=red", "field"),
            ("senet.kendall A:1 B:2 A throw skip=C", "skip"),
        ] {
            match text.parse::<Setup>() {
                Err(PositionError { problems }) => match &problems[..] {
                    [Problem::Syntax { field: f, .. }] => assert_eq!(*f, field, "{text}"),
                    other => panic!("{text}: {other:?}"),
                },
                Ok(s) => panic!("{text} read as {s:?}"),
            }
        }
    }
}
