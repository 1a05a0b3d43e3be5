//! Rule-set options (SPEC §10) and their parse into a typed configuration.
//!
//! Three layers, as OpenSpiel keeps a game's parameters apart from its states:
//! - [`OptionSpec`], the registry: each rule set lists its options with their values (the first
//!   is the default), the clause they come from and which values the engine implements. `nefer
//!   rules` and the API print it.
//! - [`Options`], the options of one game as given (`name=value` pairs, kept as written so that
//!   records write them back unchanged).
//! - A rule set's `Config` (e.g. [`crate::senet::kendall::Config`]), parsed once from `Options`
//!   by `Config::from_options`: typed and immutable, it is what the rules read. Nothing else
//!   looks an option up by name; the parse goes through `OptionReader`, which checks every
//!   given option against the registry first and reads each value with the type that implements
//!   it, so the registry and the parse cannot disagree unnoticed (a test parses every
//!   implemented value of every option and sees every other one refused).

pub mod words;

use std::borrow::Cow;

use core::cell::Cell;
use core::fmt;

use crate::game::Seat;
use crate::sticks::StickBias;
pub use words::{OptionWords, Topic};

/// One option of a rule set.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct OptionSpec {
    /// Full name as written in records, e.g. `senet.kendall.extra_throws`.
    pub name: String,
    /// The values, default first. `N` stands for a whole number, `(0,1)` for a fraction,
    /// `{...}` for a set of holes written as the other set values are, `{10,15,25}`.
    pub values: &'static [&'static str],
    /// The values the engine implements (for `N`/`(0,1)`/`{...}`: that pattern).
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

    /// Checks a given value: one of the option's values, and implemented.
    fn check(&self, value: &str) -> Result<(), OptionError> {
        let pattern_ok = |pat: &str| matches_pattern(pat, value);
        if !self.values.iter().any(|p| pattern_ok(p)) {
            return Err(OptionError::BadValue {
                name: self.name.clone(),
                value: value.to_owned(),
                allowed: self.values,
            });
        }
        if !self.implemented.iter().any(|p| pattern_ok(p)) {
            return Err(OptionError::NotImplemented {
                name: self.name.clone(),
                value: value.to_owned(),
                implemented: self.implemented,
            });
        }
        Ok(())
    }
}

/// The patterns an option may list among its values: a whole number, a fraction in (0,1), a
/// set of holes.
pub const PATTERNS: [&str; 3] = ["N", "(0,1)", HoleSet::PATTERN];

/// Whether `value` is `pattern`: literally, or as a whole number for `N`, a fraction for
/// `(0,1)` and a set of holes for `{...}`.
fn matches_pattern(pattern: &str, value: &str) -> bool {
    match pattern {
        "N" => value.parse::<u32>().is_ok_and(|n| n > 0),
        "(0,1)" => StickBias::parse(value).is_some(),
        HoleSet::PATTERN => HoleSet::parse(value).is_some(),
        p => p == value,
    }
}

/// A set of hole numbers 1..=29 (the same holes on both sides of the 58-hole board), an
/// option value written `{10,15,25}` as SPEC §10 writes its other sets: numbers
/// without signs or leading zeros, each once, in any order; `{}` is the empty set.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct HoleSet(u32);

impl HoleSet {
    /// How the registry lists "any set of holes" among an option's values.
    pub const PATTERN: &'static str = "{...}";

    /// The set of the holes `holes`.
    ///
    /// # Panics
    /// If a hole is outside 1..=29.
    pub const fn of(holes: &[u8]) -> HoleSet {
        let mut bits = 0;
        let mut k = 0;
        while k < holes.len() {
            assert!(holes[k] >= 1 && holes[k] <= 29, "a hole 1..=29");
            bits |= 1 << holes[k];
            k += 1;
        }
        HoleSet(bits)
    }

    /// The set of bits `bits` (bit `n` for hole `n`), holes outside 1..=29 dropped.
    pub const fn from_bits(bits: u32) -> HoleSet {
        HoleSet(bits & ((1 << 30) - 2))
    }

    /// Parses `{a,b,...}`.
    pub fn parse(s: &str) -> Option<HoleSet> {
        let inner = s.strip_prefix('{')?.strip_suffix('}')?;
        let mut bits = 0u32;
        if inner.trim().is_empty() {
            return Some(HoleSet(0));
        }
        for item in inner.split(',') {
            let item = item.trim();
            if item.is_empty()
                || item.len() > 2
                || item.starts_with('0')
                || !item.bytes().all(|b| b.is_ascii_digit())
            {
                return None;
            }
            let n: u8 = item.parse().ok()?;
            if !(1..=29).contains(&n) || bits >> n & 1 == 1 {
                return None;
            }
            bits |= 1 << n;
        }
        Some(HoleSet(bits))
    }

    /// The holes as bits (bit `n` for hole `n`).
    pub const fn bits(self) -> u32 {
        self.0
    }

    /// The holes, lowest first.
    pub fn holes(self) -> impl Iterator<Item = u8> {
        crate::game::ones(self.0)
    }
}

impl OptionValue for HoleSet {
    fn parse_value(s: &str) -> Option<HoleSet> {
        HoleSet::parse(s)
    }

    fn value_str(&self) -> Cow<'static, str> {
        Cow::Owned(self.to_string())
    }
}

impl fmt::Display for HoleSet {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let holes: Vec<String> = self.holes().map(|n| n.to_string()).collect();
        write!(f, "{{{}}}", holes.join(","))
    }
}

/// Options of one game, as `name=value` pairs in the order given.
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct Options(Vec<(String, String)>);

/// An option that is malformed, unknown, or has a value the engine does not have.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum OptionError {
    /// The rule set has no option of that name.
    #[error("unknown option `{name}` for {rules}; known options: {}", known.join(", "))]
    Unknown {
        /// The rule set's key.
        rules: String,
        /// The name given.
        name: String,
        /// The rule set's options.
        known: Vec<String>,
    },
    /// The value is not one of the option's values.
    #[error("`{value}` is not a value of {name}; its values are {}", allowed.join(", "))]
    BadValue {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// The option's values (`N`: a whole number, `(0,1)`: a fraction).
        allowed: &'static [&'static str],
    },
    /// The value is one of the option's values, but the engine does not play it yet.
    #[error("{name}={value} is not implemented yet; implemented: {}", implemented.join(", "))]
    NotImplemented {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// The values the engine plays.
        implemented: &'static [&'static str],
    },
    /// The same option was given twice.
    #[error("option {name} is given twice")]
    GivenTwice {
        /// The option.
        name: String,
    },
    /// An item that is not `name=value` with a non-empty name and value.
    #[error("option `{item}` is not of the form name=value (a name and a value, both non-empty)")]
    Malformed {
        /// The item as given.
        item: String,
    },
    /// The rule set itself is unknown.
    #[error(transparent)]
    UnknownRuleSet(#[from] crate::rules::UnknownRuleSet),
}

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
            let (k, v) = item.split_once('=').ok_or_else(|| OptionError::Malformed {
                item: item.to_owned(),
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
            return Err(OptionError::Malformed {
                item: format!("{name}={value}"),
            });
        }
        if self.get(name).is_some() {
            return Err(OptionError::GivenTwice {
                name: name.to_owned(),
            });
        }
        self.0.push((name.to_owned(), value.to_owned()));
        Ok(())
    }

    /// The value given for `name`, if any, as written (what a record keeps). A rule set reads
    /// its options through its `Config`, never by name.
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

    /// Checks every option against `specs` (the registry of rule set `rules`).
    ///
    /// # Errors
    /// An unknown name (listing the known ones), a value outside the option's values, or a value
    /// not implemented yet.
    pub fn validate(&self, rules: &str, specs: &[OptionSpec]) -> Result<(), OptionError> {
        for (k, v) in self.iter() {
            let spec = specs
                .iter()
                .find(|s| s.name == k)
                .ok_or_else(|| OptionError::Unknown {
                    rules: rules.to_owned(),
                    name: k.to_owned(),
                    known: specs.iter().map(|s| s.name.clone()).collect(),
                })?;
            spec.check(v)?;
        }
        Ok(())
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

/// A typed option value: how a `Config` field is read from its option's string.
pub(crate) trait OptionValue: Sized {
    /// The value written `s`, if this type has it.
    fn parse_value(s: &str) -> Option<Self>;
    /// The string this value is written as (what [`OptionValue::parse_value`] reads back):
    /// borrowed for a named value, owned for a set of holes.
    fn value_str(&self) -> Cow<'static, str>;
}

impl OptionValue for bool {
    fn parse_value(s: &str) -> Option<bool> {
        match s {
            "true" => Some(true),
            "false" => Some(false),
            _ => None,
        }
    }

    fn value_str(&self) -> Cow<'static, str> {
        Cow::Borrowed(if *self { "true" } else { "false" })
    }
}

/// The values of a `true`/`false` option, for its `implemented` list.
pub(crate) const BOOL: &[&str] = &["true", "false"];

/// Declares an enum whose variants are the values of an option, each with the string it is
/// written as, in the registry's order (the default first where the option has one default).
/// `VALUES` lists the strings: a registry entry takes its `implemented` list from it, so an
/// implemented value is by construction one the parse knows.
///
/// A variant may give its discriminant after the string (`Five = "5" => 5`, with a `#[repr]` on
/// the enum): a move generator then reads the value it stands for, a mask or a count, as
/// `value as T`, with no `match`.
macro_rules! option_values {
    (
        $(#[$meta:meta])*
        pub enum $name:ident {
            $( $(#[$vmeta:meta])* $variant:ident = $text:literal $(=> $disc:expr)? ),+ $(,)?
        }
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
        pub enum $name {
            $( $(#[$vmeta])* $variant $(= $disc)? ),+
        }

        impl $name {
            /// The values as written in options, in declaration order.
            pub const VALUES: &'static [&'static str] = &[$($text),+];

            /// The value as written in options.
            pub const fn as_str(self) -> &'static str {
                match self {
                    $( $name::$variant => $text ),+
                }
            }
        }

        impl $crate::options::OptionValue for $name {
            fn parse_value(s: &str) -> Option<$name> {
                match s {
                    $( $text => Some($name::$variant), )+
                    _ => None,
                }
            }

            fn value_str(&self) -> ::std::borrow::Cow<'static, str> {
                ::std::borrow::Cow::Borrowed(self.as_str())
            }
        }
    };
}
pub(crate) use option_values;

/// How a field of a rule set's `Config` is read: an option value of its own, `KEY.field`, or
/// a group of options read as a whole (the Senet family's, the H&J lines').
pub(crate) trait ReadOption: Sized {
    /// Reads the field `field` of a `Config`.
    fn read_as(o: &OptionReader<'_>, field: &str) -> Result<Self, OptionError>;
}

impl<T: OptionValue> ReadOption for T {
    fn read_as(o: &OptionReader<'_>, field: &str) -> Result<T, OptionError> {
        o.own(field)
    }
}

/// How a field of a rule set's `Config` is written back as options, the reverse of
/// [`ReadOption`] (a position string names its game's options, `crate::position`).
pub(crate) trait WriteOption {
    /// Writes the field `field` of a `Config`.
    fn write_as(&self, w: &mut OptionWriter, field: &str);
}

impl<T: OptionValue> WriteOption for T {
    fn write_as(&self, w: &mut OptionWriter, field: &str) {
        w.own(field, self.value_str());
    }
}

/// Implements [`ReadOption`] and [`WriteOption`] for `$group`, a struct of options read and
/// written as a whole (a `Config` field that stands for several options): each field is one
/// option, `shared "name"` for the option of that full name, or `own "suffix"` for the rule
/// set's own `KEY.suffix`. The field a `Config` names the group by is not an option.
macro_rules! option_group {
    ($group:ident { $( $field:ident: $kind:ident $name:literal ),+ $(,)? }) => {
        impl $crate::options::ReadOption for $group {
            fn read_as(
                o: &$crate::options::OptionReader<'_>,
                _field: &str,
            ) -> Result<$group, $crate::OptionError> {
                Ok($group {
                    $( $field: $crate::options::option_group!(@read $kind o $name)?, )+
                })
            }
        }

        impl $crate::options::WriteOption for $group {
            fn write_as(&self, w: &mut $crate::options::OptionWriter, _field: &str) {
                use $crate::options::OptionValue;
                $(
                    $crate::options::option_group!(@write $kind w $name, self.$field.value_str());
                )+
            }
        }
    };
    (@read shared $o:ident $name:literal) => { $o.get($name) };
    (@read own $o:ident $name:literal) => { $o.own($name) };
    (@write shared $w:ident $name:literal, $value:expr) => { $w.set($name, $value) };
    (@write own $w:ident $name:literal, $value:expr) => { $w.own($name, $value) };
}
pub(crate) use option_group;

/// The options that give a rule set's `Config`, collected field by field: only the values
/// that are not the option's default, in the registry's order (the short form of a default
/// game is no option at all).
pub(crate) struct OptionWriter {
    key: &'static str,
    specs: Vec<OptionSpec>,
    given: Vec<(usize, String)>,
}

impl OptionWriter {
    /// A writer for rule set `key` with its registry `specs`.
    pub(crate) fn new(key: &'static str, specs: Vec<OptionSpec>) -> OptionWriter {
        OptionWriter {
            key,
            specs,
            given: Vec::new(),
        }
    }

    /// Option `name` has `value`: kept unless it is the default.
    ///
    /// # Panics
    /// In debug builds, when the registry has no option `name` (the writer and the registry
    /// disagree: a test writes every implemented value).
    pub(crate) fn set(&mut self, name: &str, value: impl Into<String>) {
        let value = value.into();
        let Some(i) = self.specs.iter().position(|s| s.name == name) else {
            debug_assert!(false, "{}: no option {name} to write", self.key);
            return;
        };
        if value != self.specs[i].default_value() {
            self.given.push((i, value));
        }
    }

    /// The rule set's own option `KEY.suffix` has `value`.
    pub(crate) fn own(&mut self, suffix: &str, value: impl Into<String>) {
        self.set(&format!("{}.{suffix}", self.key), value);
    }

    /// The rule set's own option `KEY.suffix` is written as `value`, in place of what was
    /// written for it before, even where `value` is the option's default: where another option
    /// changes that default, `off` must be said.
    pub(crate) fn own_always(&mut self, suffix: &str, value: impl Into<String>) {
        self.forget_own(suffix);
        let name = format!("{}.{suffix}", self.key);
        match self.specs.iter().position(|s| s.name == name) {
            Some(i) => self.given.push((i, value.into())),
            None => debug_assert!(false, "{}: no option {name} to write", self.key),
        }
    }

    /// Nothing is written for the rule set's own option `KEY.suffix`: the value written before
    /// is the one another option implies.
    pub(crate) fn forget_own(&mut self, suffix: &str) {
        let name = format!("{}.{suffix}", self.key);
        self.given.retain(|&(i, _)| self.specs[i].name != name);
    }

    /// The options written, in the registry's order.
    pub(crate) fn finish(mut self) -> Options {
        self.given.sort_by_key(|&(i, _)| i);
        let mut o = Options::new();
        for (i, v) in self.given {
            o.0.push((self.specs[i].name.clone(), v));
        }
        o
    }
}

/// Declares a rule set's `Config`: the common options of SPEC §1.3 (`common`), then one field
/// per option (its name is the option's `KEY.name`, its type reads it, see [`ReadOption`]),
/// and `Config::read` and `Config::write` (its reverse, see [`WriteOption`]). Options listed in
/// an optional `ignored { name: Type, }` section are checked and read, but not kept: they
/// change nothing in play (and are not written back). Fields of an optional
/// `derived { name: Type, }` section are no options: they start at their `Default` and the
/// `after` block computes them from the options read, once per game rather than at every move
/// (Kendall's `plain`). An optional `after(cfg, o) { ... }`
/// block then adjusts the configuration read (`cfg: &mut Config`) with the reader `o` at hand:
/// where one option changes another's default or sets a common member (R-5's dice); its
/// reverse, an optional `written(cfg, w) { ... }` block, then writes what `after` read
/// (`cfg: &Config`, `w: &mut OptionWriter`), so that the options written give the same
/// configuration.
macro_rules! config {
    (
        $(#[$meta:meta])*
        pub struct Config {
            $( $(#[$fmeta:meta])* $field:ident: $ty:ty, )*
        }
        $( ignored { $( $ifield:ident: $ity:ty, )* } )?
        $( derived { $( $(#[$dmeta:meta])* $dfield:ident: $dty:ty, )* } )?
        $( after($cfg:ident, $rd:ident) $after:block )?
        $( written($wcfg:ident, $wr:ident) $written:block )?
    ) => {
        $(#[$meta])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq)]
        pub struct Config {
            /// The common options (SPEC §1.3).
            pub common: $crate::options::Common,
            $( $(#[$fmeta])* pub $field: $ty, )*
            $($( $(#[$dmeta])* pub(crate) $dfield: $dty, )*)?
        }

        /// Hashes nothing: a game's configuration never changes, so the states of one game (a
        /// search's transposition table) differ by their positions alone, and hashing the
        /// configuration with each of them only cost time. Equal configurations still hash
        /// equal, as `Hash` asks.
        impl core::hash::Hash for Config {
            #[inline]
            fn hash<H: core::hash::Hasher>(&self, _: &mut H) {}
        }

        impl Config {
            /// Reads the typed options (see [`Config::from_options`]).
            pub(crate) fn read(
                o: &$crate::options::OptionReader<'_>,
            ) -> Result<Config, $crate::OptionError> {
                use $crate::options::ReadOption;
                $($(
                    let _: $ity = ReadOption::read_as(o, stringify!($ifield))?;
                )*)?
                #[allow(unused_mut)]
                let mut cfg = Config {
                    common: $crate::options::Common::read(o)?,
                    $( $field: ReadOption::read_as(o, stringify!($field))?, )*
                    $($( $dfield: Default::default(), )*)?
                };
                $({
                    let $cfg = &mut cfg;
                    let $rd = o;
                    $after
                })?
                Ok(cfg)
            }

            /// Writes the typed options back (see [`Config::to_options`]).
            pub(crate) fn write(&self, w: &mut $crate::options::OptionWriter) {
                use $crate::options::WriteOption;
                self.common.write(w);
                $( WriteOption::write_as(&self.$field, w, stringify!($field)); )*
                $({
                    let $wcfg = self;
                    let $wr = w;
                    $written
                })?
            }
        }
    };
}
pub(crate) use config;

/// A rule set's options checked against its registry, ready to be read into its `Config`: the
/// one place where an option is looked up by name.
pub(crate) struct OptionReader<'a> {
    key: &'static str,
    specs: Vec<OptionSpec>,
    options: &'a Options,
    /// Bit `i`: `specs[i]` has been read (to check that the parse reads every option that has
    /// a choice).
    read: Cell<u64>,
}

impl<'a> OptionReader<'a> {
    /// Checks `options` against `specs`, the registry of rule set `key`.
    ///
    /// # Errors
    /// As [`Options::validate`].
    pub(crate) fn new(
        key: &'static str,
        specs: Vec<OptionSpec>,
        options: &'a Options,
    ) -> Result<OptionReader<'a>, OptionError> {
        debug_assert!(specs.len() <= 64, "one bit a spec");
        options.validate(key, &specs)?;
        Ok(OptionReader {
            key,
            specs,
            options,
            read: Cell::new(0),
        })
    }

    /// The rule set's key.
    pub(crate) fn key(&self) -> &'static str {
        self.key
    }

    /// The value given for option `name`, if it was given (not its default).
    pub(crate) fn given(&self, name: &str) -> Option<&str> {
        self.options.get(name)
    }

    /// The value of option `name` (as given, else its default) read by `parse`.
    ///
    /// # Errors
    /// `Unknown` when the registry has no such option, `NotImplemented` when `parse` does not
    /// know the value: the registry and the parse disagree (a test sees that neither happens).
    pub(crate) fn get_with<T>(
        &self,
        name: &str,
        parse: impl FnOnce(&str) -> Option<T>,
    ) -> Result<T, OptionError> {
        let (i, spec) = self
            .specs
            .iter()
            .enumerate()
            .find(|(_, s)| s.name == name)
            .ok_or_else(|| OptionError::Unknown {
                rules: self.key.to_owned(),
                name: name.to_owned(),
                known: self.specs.iter().map(|s| s.name.clone()).collect(),
            })?;
        self.read.set(self.read.get() | 1 << i);
        let value = self
            .options
            .get(name)
            .unwrap_or_else(|| spec.default_value());
        parse(value).ok_or_else(|| OptionError::NotImplemented {
            name: name.to_owned(),
            value: value.to_owned(),
            implemented: spec.implemented,
        })
    }

    /// The value of option `name` as `T`.
    ///
    /// # Errors
    /// As [`OptionReader::get_with`].
    pub(crate) fn get<T: OptionValue>(&self, name: &str) -> Result<T, OptionError> {
        self.get_with(name, T::parse_value)
    }

    /// The value of the rule set's own option `KEY.suffix` as `T`.
    ///
    /// # Errors
    /// As [`OptionReader::get_with`].
    pub(crate) fn own<T: OptionValue>(&self, suffix: &str) -> Result<T, OptionError> {
        self.get(&format!("{}.{suffix}", self.key))
    }

    /// The options with a choice (more than one implemented value, or a pattern) that the parse
    /// has not read: they would be ignored. Empty once a `Config` is fully read.
    pub(crate) fn unread(&self) -> Vec<&str> {
        self.specs
            .iter()
            .enumerate()
            .filter(|&(i, s)| {
                let pattern = s.implemented.iter().any(|v| PATTERNS.contains(v));
                let choice = s.implemented.len() > 1 || pattern;
                choice && self.read.get() >> i & 1 == 0
            })
            .map(|(_, s)| s.name.as_str())
            .collect()
    }

    /// Ends the parse, checking (in debug builds) that every option with a choice was read.
    pub(crate) fn finish(self) {
        debug_assert!(
            self.unread().is_empty(),
            "{}: options not read into the configuration: {:?}",
            self.key,
            self.unread()
        );
    }
}

/// A rule set's registry, built in SPEC §10's order: the common options of §1.3, the options
/// it shares with other rule sets, then its own (named `KEY.name`).
pub(crate) struct Registry {
    key: &'static str,
    specs: Vec<OptionSpec>,
}

impl Registry {
    /// The common options of rule set `key`, with `first_player`'s implemented values (see
    /// [`common_specs`]).
    pub(crate) fn new(key: &'static str, first_player: &'static [&'static str]) -> Registry {
        Registry {
            key,
            specs: common_specs(key, first_player),
        }
    }

    /// Adds options shared with other rule sets.
    pub(crate) fn with(mut self, specs: impl IntoIterator<Item = OptionSpec>) -> Registry {
        self.specs.extend(specs);
        self
    }

    /// Adds the own option `KEY.name` with its `values` (default first), all implemented.
    pub(crate) fn own(
        mut self,
        name: &str,
        values: &'static [&'static str],
        clause: &'static str,
        help: &'static str,
    ) -> Registry {
        self.specs.push(OptionSpec {
            name: format!("{}.{name}", self.key),
            values,
            implemented: values,
            clause,
            help,
        });
        self
    }

    /// The options.
    pub(crate) fn done(self) -> Vec<OptionSpec> {
        self.specs
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
            implemented: BOOL,
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
            values: FirstPlayer::VALUES,
            implemented: first_player,
            clause: "C-9",
            help: "who throws first where the rules leave it open",
        });
    }
    v
}

option_values! {
    /// C-9: who throws first where the rules leave it open.
    pub enum FirstPlayer {
        /// Drawn at random (a chance node).
        Random = "random",
        /// Seat A.
        P1 = "p1",
        /// Seat B.
        P2 = "p2",
    }
}

impl FirstPlayer {
    /// The seat that throws first when fixed, `None` when it is drawn at random.
    pub const fn fixed(self) -> Option<Seat> {
        match self {
            FirstPlayer::Random => None,
            FirstPlayer::P1 => Some(Seat::A),
            FirstPlayer::P2 => Some(Seat::B),
        }
    }
}

option_values! {
    /// How the players throw for the first 1 that decides who starts (SB-4, FR-1).
    pub enum OpeningThrows {
        /// In turn.
        Alternate = "alternate",
        /// Both at once.
        Simultaneous = "simultaneous",
    }
}

option_values! {
    /// What a game throws (000-WA§17, SPEC §4.7): the four sticks of §1.1, or Washburne's two
    /// d4 (`hj.washburne.dice`, R-5).
    #[derive(Default)]
    pub enum Dice {
        /// The four throw sticks.
        #[default]
        Sticks = "sticks",
        /// Two four-sided dice.
        TwoD4 = "two_d4",
    }
}

/// The common options of SPEC §1.3, typed: a member of every rule set's `Config`; with them
/// what the game throws, so that chance nodes and front ends need nothing else.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Common {
    /// What the game throws: the sticks everywhere, two d4 under `hj.washburne.dice=two_d4`
    /// (R-5; set by that rule set's `Config`).
    pub dice: Dice,
    /// C-1.
    pub bias: StickBias,
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
        // One comparison, as every turn's end asks: no cap (0) wraps to 2^32, beyond any turn.
        u64::from(turns) > u64::from(self.max_turns.wrapping_sub(1)) + 1
    }

    /// Reads the common options of the rule set `o` reads.
    pub(crate) fn read(o: &OptionReader<'_>) -> Result<Common, OptionError> {
        let key = o.key();
        Ok(Common {
            dice: Dice::Sticks,
            bias: o.get_with(&format!("{key}.stick_bias"), StickBias::parse)?,
            max_turns: o.get_with(&format!("{key}.max_turns"), |v| match v {
                "off" => Some(0),
                n => n.parse().ok().filter(|&n| n > 0),
            })?,
            may_pass: !o.own::<bool>("compulsory_move")?,
        })
    }

    /// Writes the common options back (the reverse of [`Common::read`]).
    pub(crate) fn write(&self, w: &mut OptionWriter) {
        // `1/2` is the default `0.5` written as a fraction: not written.
        if !self.bias.is_fair() {
            w.own("stick_bias", self.bias.to_string());
        }
        if self.max_turns != 0 {
            w.own("max_turns", self.max_turns.to_string());
        }
        w.own("compulsory_move", (!self.may_pass).value_str());
    }

    /// C-2: where moving is not compulsory, `pass` stands beside the moves of a throw (a pass
    /// then does what it does when no move exists: the throw is lost).
    #[inline]
    pub fn offer_pass(&self, moves: &mut crate::MoveList) {
        if self.offers_pass(|| moves.contains(&crate::Move::Pass)) {
            moves.push(crate::Move::Pass);
        }
    }

    /// Whether [`Common::offer_pass`] adds `pass` to a list, which `has_pass` says holds it
    /// already (asked only where moving is not compulsory): what a count of the moves without
    /// the list adds ([`crate::Game::ranked_move`]).
    #[inline]
    pub(crate) fn offers_pass(&self, has_pass: impl FnOnce() -> bool) -> bool {
        self.may_pass && !has_pass()
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_turn_cap_ends_a_game_past_it_and_none_ends_none() {
        let cap = |max_turns| Common {
            max_turns,
            ..Common::default()
        };
        for turns in [0, 1, 1000, u32::MAX] {
            assert!(!cap(0).capped(turns), "no cap, {turns} turns");
        }
        assert!(!cap(5).capped(0) && !cap(5).capped(5));
        assert!(cap(5).capped(6) && cap(5).capped(u32::MAX));
        assert!(!cap(u32::MAX).capped(u32::MAX));
        assert!(cap(1).capped(2) && !cap(1).capped(1));
    }

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

    fn reader<'a>(
        key: &'static str,
        fp: &'static [&'static str],
        o: &'a Options,
    ) -> Result<OptionReader<'a>, OptionError> {
        OptionReader::new(key, common_specs(key, fp), o)
    }

    #[test]
    fn bad_options_say_what_is_wrong() {
        let e = Options::parse("x").unwrap_err();
        assert_eq!(e, OptionError::Malformed { item: "x".into() });
        assert!(e.to_string().contains("name=value"));
        let e = Options::parse("a=").unwrap_err();
        assert!(matches!(e, OptionError::Malformed { .. }), "{e}");
        let e = Options::parse("a=1,a=2").unwrap_err();
        assert_eq!(e, OptionError::GivenTwice { name: "a".into() });
        assert!(e.to_string().contains("twice"));
        let unknown = Options::parse("senet.kendall.nope=1").unwrap();
        let e = reader("senet.kendall", &[], &unknown).err().unwrap();
        assert!(matches!(&e, OptionError::Unknown { name, known, .. }
            if name == "senet.kendall.nope" && known.iter().any(|k| k == "senet.kendall.max_turns")));
        let e = e.to_string();
        assert!(e.contains("unknown option") && e.contains("senet.kendall.max_turns"));
        let bad = Options::parse("senet.kendall.max_turns=-3").unwrap();
        let e = reader("senet.kendall", &[], &bad).err().unwrap();
        assert!(
            matches!(
                e,
                OptionError::BadValue {
                    allowed: ["off", "N"],
                    ..
                }
            ),
            "{e}"
        );
        assert!(e.to_string().contains("not a value"));
        let ok = Options::parse("senet.kendall.max_turns=300").unwrap();
        let r = reader("senet.kendall", &[], &ok).unwrap();
        assert_eq!(Common::read(&r).unwrap().max_turns, 300);
        let unimpl = Options::parse("senet.kendall.first_player=p1").unwrap();
        let e = reader("senet.kendall", &[], &unimpl)
            .err()
            .unwrap()
            .to_string();
        assert!(e.contains("unknown option"), "{e}");
        let unimpl = Options::parse("hj.washburne.first_player=p2").unwrap();
        let e = reader("hj.washburne", &["random"], &unimpl).err().unwrap();
        assert!(matches!(
            e,
            OptionError::NotImplemented {
                implemented: ["random"],
                ..
            }
        ));
        assert!(e.to_string().contains("not implemented"), "{e}");
    }

    #[test]
    fn the_common_options_read_typed() {
        let o = Options::parse(
            "hj.french.stick_bias=3/5, hj.french.compulsory_move=false, hj.french.max_turns=off",
        )
        .unwrap();
        let r = reader("hj.french", FirstPlayer::VALUES, &o).unwrap();
        let c = Common::read(&r).unwrap();
        assert_eq!(c.bias, StickBias::new(3, 5).unwrap());
        assert!(c.may_pass);
        assert_eq!(c.max_turns, 0);
        assert_eq!(
            r.own::<FirstPlayer>("first_player").unwrap(),
            FirstPlayer::Random
        );
        assert!(r.unread().is_empty());
        let none = Options::new();
        let d = reader("hj.french", FirstPlayer::VALUES, &none).unwrap();
        assert_eq!(Common::read(&d).unwrap(), Common::default());
        // Not read yet: the option with a choice is listed.
        assert_eq!(d.unread(), ["hj.french.first_player"]);
    }

    #[test]
    fn a_name_outside_the_registry_is_an_error_not_a_default() {
        let o = Options::new();
        let r = reader("hj.french", &[], &o).unwrap();
        let e = r.own::<bool>("nope").unwrap_err();
        assert!(matches!(e, OptionError::Unknown { .. }));
        // A registry value the type does not know is refused, not read as a default.
        let e = r
            .get_with("hj.french.max_turns", |_| None::<u32>)
            .unwrap_err();
        assert!(matches!(e, OptionError::NotImplemented { .. }));
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
            let r = reader("hj.french", FirstPlayer::VALUES, &o).unwrap();
            r.own::<FirstPlayer>("first_player").unwrap().fixed()
        };
        assert_eq!(read("p1"), Some(Seat::A));
        assert_eq!(read("p2"), Some(Seat::B));
        assert_eq!(read("random"), None);
    }
}
