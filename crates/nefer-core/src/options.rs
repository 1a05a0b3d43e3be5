//! Rule-set options as data (SPEC §10): each rule set lists its options with their values (the
//! first is the default), the clause they come from and which values the engine implements.

use core::fmt;

/// One option of a rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// Full name as written in records, e.g. `senet.kendall.extra_throws`.
    pub name: String,
    /// The values, default first. `N` stands for a whole number, `(0,1)` for a fraction.
    pub values: &'static [&'static str],
    /// The values the engine implements (for `N`/`(0,1)`: that pattern).
    pub implemented: &'static [&'static str],
    /// The SPEC clause id that defines it (e.g. `KE-4`).
    pub clause: &'static str,
    /// What it means, in one line.
    pub help: &'static str,
}

impl OptionSpec {
    /// The default value.
    pub fn default_value(&self) -> &'static str {
        self.values[0]
    }

    /// Whether the engine implements `value`, given as written or as one of the listed values
    /// (so `0.5` is implemented when the pattern `(0,1)` is).
    pub fn implements(&self, value: &str) -> bool {
        self.implemented
            .iter()
            .any(|p| *p == value || matches_pattern(p, value))
    }

    fn accepts(&self, value: &str) -> Result<(), String> {
        let pattern_ok = |pat: &str| matches_pattern(pat, value);
        if !self.values.iter().any(|p| pattern_ok(p)) {
            return Err(format!(
                "`{value}` is not a value of {}; its values are {}",
                self.name,
                self.values.join(", ")
            ));
        }
        if !self.implemented.iter().any(|p| pattern_ok(p)) {
            return Err(format!(
                "{}={value} is not implemented yet; implemented: {}",
                self.name,
                self.implemented.join(", ")
            ));
        }
        Ok(())
    }
}

/// Whether `value` is `pattern`: literally, or as a whole number for `N` and a fraction for `(0,1)`.
fn matches_pattern(pattern: &str, value: &str) -> bool {
    match pattern {
        "N" => value.parse::<u32>().is_ok_and(|n| n > 0),
        "(0,1)" => crate::sticks::StickBias::parse(value).is_some(),
        p => p == value,
    }
}

/// Options of one game, as `name=value` pairs in the order given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options(Vec<(String, String)>);

/// An option that is unknown, malformed, or has a value the engine does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("{0}")]
pub struct OptionError(pub String);

impl Options {
    /// No options: every default.
    pub fn new() -> Options {
        Options::default()
    }

    /// Parses `a=b, c=d` (commas and/or whitespace between pairs), as in a record's `options:`.
    /// A value in braces keeps its commas (`senet.kendall.extra_throws={1,4,5}`, SPEC §10).
    ///
    /// # Errors
    /// A pair without `=`, an empty name or value, or a name given twice.
    pub fn parse(text: &str) -> Result<Options, OptionError> {
        let mut out = Options::new();
        let mut items = Vec::new();
        let (mut depth, mut start) = (0usize, 0);
        for (i, c) in text.char_indices() {
            match c {
                '{' => depth += 1,
                '}' => depth = depth.saturating_sub(1),
                ',' | ' ' | '\t' if depth == 0 => {
                    items.push(&text[start..i]);
                    start = i + 1;
                }
                _ => {}
            }
        }
        items.push(&text[start..]);
        for item in items.into_iter().filter(|s| !s.is_empty()) {
            let (k, v) = item.split_once('=').ok_or_else(|| {
                OptionError(format!("option `{item}` is not of the form name=value"))
            })?;
            out.set(k.trim(), v.trim())?;
        }
        Ok(out)
    }

    /// Sets one option.
    ///
    /// # Errors
    /// An empty name or value, or a name already set.
    pub fn set(&mut self, name: &str, value: &str) -> Result<(), OptionError> {
        if name.is_empty() || value.is_empty() {
            return Err(OptionError(format!(
                "option `{name}={value}` has an empty name or value"
            )));
        }
        if self.get(name).is_some() {
            return Err(OptionError(format!("option {name} is given twice")));
        }
        self.0.push((name.to_owned(), value.to_owned()));
        Ok(())
    }

    /// The value given for `name`, if any.
    pub fn get(&self, name: &str) -> Option<&str> {
        self.0
            .iter()
            .find(|(k, _)| k == name)
            .map(|(_, v)| v.as_str())
    }

    /// The pairs, in the order given.
    pub fn iter(&self) -> impl Iterator<Item = (&str, &str)> {
        self.0.iter().map(|(k, v)| (k.as_str(), v.as_str()))
    }

    /// Whether no option is set.
    pub fn is_empty(&self) -> bool {
        self.0.is_empty()
    }

    /// Checks every option against `specs`.
    ///
    /// # Errors
    /// An unknown name (listing the known ones), a value outside the option's values, or a value
    /// not implemented yet.
    pub fn validate(&self, rules: &str, specs: &[OptionSpec]) -> Result<(), OptionError> {
        for (k, v) in self.iter() {
            let spec = specs.iter().find(|s| s.name == k).ok_or_else(|| {
                let known: Vec<&str> = specs.iter().map(|s| s.name.as_str()).collect();
                OptionError(format!(
                    "unknown option `{k}` for {rules}; known options: {}",
                    known.join(", ")
                ))
            })?;
            spec.accepts(v).map_err(OptionError)?;
        }
        Ok(())
    }

    /// The value of `name`, or its default from `specs`.
    pub fn value<'a>(&'a self, specs: &'a [OptionSpec], name: &str) -> &'a str {
        self.get(name).unwrap_or_else(|| {
            specs
                .iter()
                .find(|s| s.name == name)
                .map_or("", |s| s.default_value())
        })
    }
}

impl fmt::Display for Options {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (i, (k, v)) in self.iter().enumerate() {
            if i > 0 {
                f.write_str(", ")?;
            }
            write!(f, "{k}={v}")?;
        }
        Ok(())
    }
}

/// The options of SPEC §1.3 that every rule set has, named `KEY.option`, with C-9's
/// `first_player` where the rule set leaves the first thrower open: `first_player` lists its
/// implemented values (empty: the rule set has no such option).
pub fn common_specs(key: &str, first_player: &'static [&'static str]) -> Vec<OptionSpec> {
    let mut v = vec![
        OptionSpec {
            name: format!("{key}.stick_bias"),
            values: &["0.5", "(0,1)"],
            implemented: &["(0,1)"],
            clause: "C-1",
            help: "probability that one stick shows its counted face (decimal or fraction)",
        },
        OptionSpec {
            name: format!("{key}.compulsory_move"),
            values: &["true", "false"],
            implemented: &["true", "false"],
            clause: "C-2",
            help: "a player who can move must move",
        },
        OptionSpec {
            name: format!("{key}.max_turns"),
            values: &["off", "N"],
            implemented: &["off", "N"],
            clause: "C-7",
            help: "end the game as a draw once N turns have been played",
        },
    ];
    if !first_player.is_empty() {
        v.push(OptionSpec {
            name: format!("{key}.first_player"),
            values: &["random", "p1", "p2"],
            implemented: first_player,
            clause: "C-9",
            help: "who throws first where the rules leave it open",
        });
    }
    v
}

/// C-9 read from `KEY.first_player` (already validated): the seat that throws first when fixed
/// (`p1` is seat A, `p2` seat B), `None` when it is drawn at random.
pub fn fixed_first_player(key: &str, opts: &Options) -> Option<crate::Seat> {
    match opts.get(&format!("{key}.first_player")) {
        Some("p1") => Some(crate::Seat::A),
        Some("p2") => Some(crate::Seat::B),
        _ => None,
    }
}

/// The values of the common options, read once when a game is set up.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Common {
    /// C-1.
    pub bias: crate::sticks::StickBias,
    /// C-7: 0 means no cap.
    pub max_turns: u32,
    /// C-2 `false`: a player may pass although he could move (so the default, `false` here, is
    /// compulsory movement).
    pub may_pass: bool,
}

impl Common {
    /// Whether the C-7 cap ends the game once `turns` turns have begun.
    #[inline]
    pub fn capped(&self, turns: u32) -> bool {
        self.max_turns != 0 && turns > self.max_turns
    }

    /// Reads the common options of `key` (already validated).
    pub fn read(key: &str, opts: &Options) -> Common {
        let bias = opts
            .get(&format!("{key}.stick_bias"))
            .and_then(crate::sticks::StickBias::parse)
            .unwrap_or_default();
        let max_turns = opts
            .get(&format!("{key}.max_turns"))
            .and_then(|v| v.parse().ok())
            .unwrap_or(0);
        let may_pass = opts.get(&format!("{key}.compulsory_move")) == Some("false");
        Common {
            bias,
            max_turns,
            may_pass,
        }
    }

    /// C-2: where moving is not compulsory, `pass` stands beside the moves of a throw (a pass
    /// then does what it does when no move exists: the throw is lost).
    #[inline]
    pub fn offer_pass(&self, moves: &mut crate::MoveList) {
        if self.may_pass && !moves.contains(&crate::Move::Pass) {
            moves.push(crate::Move::Pass);
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn parse_and_display_round_trip() {
        let o = Options::parse("hj.skiryuk.entry_by_one=true, hj.lines=forward_only").unwrap();
        assert_eq!(o.get("hj.lines"), Some("forward_only"));
        assert_eq!(
            o.to_string(),
            "hj.skiryuk.entry_by_one=true, hj.lines=forward_only"
        );
    }

    #[test]
    fn a_set_value_keeps_its_commas() {
        let o = Options::parse("senet.kendall.extra_throws={1,4,5}, senet.kendall.max_turns=9")
            .unwrap();
        assert_eq!(o.get("senet.kendall.extra_throws"), Some("{1,4,5}"));
        assert_eq!(o.get("senet.kendall.max_turns"), Some("9"));
        assert_eq!(Options::parse(&o.to_string()).unwrap(), o);
    }

    #[test]
    fn bad_options_say_what_is_wrong() {
        assert!(Options::parse("x").unwrap_err().0.contains("name=value"));
        assert!(Options::parse("a=1,a=2").unwrap_err().0.contains("twice"));
        let specs = common_specs("senet.kendall", &[]);
        let unknown = Options::parse("senet.kendall.nope=1").unwrap();
        let e = unknown.validate("senet.kendall", &specs).unwrap_err().0;
        assert!(e.contains("unknown option") && e.contains("senet.kendall.max_turns"));
        let bad = Options::parse("senet.kendall.max_turns=-3").unwrap();
        assert!(bad.validate("senet.kendall", &specs).is_err());
        let ok = Options::parse("senet.kendall.max_turns=300").unwrap();
        ok.validate("senet.kendall", &specs).unwrap();
        assert_eq!(Common::read("senet.kendall", &ok).max_turns, 300);
        let unimpl = Options::parse("senet.kendall.first_player=p1").unwrap();
        let e = unimpl.validate("senet.kendall", &specs).unwrap_err().0;
        assert!(e.contains("unknown option"), "{e}");
        let specs = common_specs("hj.washburne", &["random"]);
        let unimpl = Options::parse("hj.washburne.first_player=p2").unwrap();
        let e = unimpl.validate("hj.washburne", &specs).unwrap_err().0;
        assert!(e.contains("not implemented"), "{e}");
    }

    #[test]
    fn implemented_values_are_listed_as_implemented() {
        let specs = common_specs("hj.washburne", &["random"]);
        let find = |n: &str| specs.iter().find(|s| s.name.ends_with(n)).unwrap();
        // The default 0.5 is covered by the implemented pattern (0,1).
        assert!(find(".stick_bias").implements("0.5"));
        assert!(find(".stick_bias").implements("(0,1)"));
        assert!(find(".max_turns").implements("N"));
        assert!(find(".max_turns").implements("40"));
        assert!(find(".compulsory_move").implements("false"));
        assert!(find(".first_player").implements("random"));
        assert!(!find(".first_player").implements("p2"));
        let specs = common_specs("senet.kendall", &[]);
        assert!(!specs.iter().any(|s| s.name.ends_with(".first_player")));
    }

    #[test]
    fn a_fixed_first_player_is_a_seat() {
        let read = |v: &str| {
            let o = Options::parse(&format!("hj.french.first_player={v}")).unwrap();
            fixed_first_player("hj.french", &o)
        };
        assert_eq!(read("p1"), Some(crate::Seat::A));
        assert_eq!(read("p2"), Some(crate::Seat::B));
        assert_eq!(read("random"), None);
        assert_eq!(fixed_first_player("hj.french", &Options::new()), None);
    }
}
