//! The weights file (`.nnw`): a text header that says what the network is and how it was made,
//! then the weights as little-endian 32-bit floats.
//!
//! ```text
//! nefer-weights 1
//! rules: senet.kendall
//! options:                                  (name=value, … as a record's; empty: the defaults)
//! encoding: senet/1
//! inputs: 88
//! hidden: 64
//! outputs: win,draw,loss
//! games: 200000                             (self-play games trained on)
//! seed: 1
//! lambda: 0.7
//! rate: 0.01
//! seconds: 512                              (training time; informative)
//! command: nefer train --rules senet.kendall --games 200000 --seed 1 --out …
//! weights:
//! <inputs·hidden + hidden + 3·hidden + 3 floats: w1 by input row, b1, w2 by output row, b2>
//! ```
//!
//! Reading checks every line, the layout against the encoding, and the length of the data; a
//! file that fails says which line or which count is wrong.

use nefer_core::{AnyGame, Options, RuleSetId};

use super::encode::Encoding;
use super::net::{MAX_HIDDEN, Network, OUTPUTS};

/// The first line of every weights file.
pub const MAGIC: &str = "nefer-weights 1";

/// What a weights file says about its network.
#[derive(Clone, Debug, PartialEq)]
pub struct Header {
    /// The rule set it plays.
    pub rules: RuleSetId,
    /// The options it was trained under (those that are not the default).
    pub options: Options,
    /// The input layout.
    pub encoding: Encoding,
    /// Self-play games trained on.
    pub games: u64,
    /// The training seed.
    pub seed: u64,
    /// TD(λ)'s λ.
    pub lambda: f32,
    /// The learning rate at the start.
    pub rate: f32,
    /// Seconds the training took (informative: the machine is not named).
    pub seconds: u64,
    /// The command that reproduces the file.
    pub command: String,
}

/// A network with its header.
#[derive(Clone, Debug, PartialEq)]
pub struct Weights {
    /// What the network is.
    pub header: Header,
    /// The network.
    pub net: Network,
}

/// A weights file that cannot be read.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("weights file: {0}")]
pub struct BadWeights(pub String);

impl Weights {
    /// The file's bytes.
    pub fn to_bytes(&self) -> Vec<u8> {
        let h = &self.header;
        let options = &h.options;
        let mut out = format!(
            "{MAGIC}\nrules: {}\noptions: {options}\nencoding: {}\ninputs: {}\nhidden: {}\n\
             outputs: win,draw,loss\ngames: {}\nseed: {}\nlambda: {}\nrate: {}\nseconds: {}\n\
             command: {}\nweights:\n",
            h.rules,
            h.encoding.name(),
            self.net.inputs,
            self.net.hidden,
            h.games,
            h.seed,
            h.lambda,
            h.rate,
            h.seconds,
            h.command.replace('\n', " "),
        )
        .into_bytes();
        let n = &self.net;
        for x in n.w1.iter().chain(&n.b1).chain(&n.w2).chain(&n.b2) {
            out.extend_from_slice(&x.to_le_bytes());
        }
        out
    }

    /// Reads a weights file.
    ///
    /// # Errors
    /// A missing or malformed header line, an unknown rule set, option or encoding, a layout
    /// that is not the encoding's, or data of the wrong length.
    pub fn from_bytes(bytes: &[u8]) -> Result<Weights, BadWeights> {
        let bad = |s: String| BadWeights(s);
        let mark = b"\nweights:\n";
        let at = bytes
            .windows(mark.len())
            .position(|w| w == mark)
            .ok_or_else(|| bad("no `weights:` line ends the header".into()))?;
        let head = std::str::from_utf8(&bytes[..at])
            .map_err(|_| bad("the header is not UTF-8 text".into()))?;
        let data = &bytes[at + mark.len()..];
        let mut lines = head.lines();
        if lines.next() != Some(MAGIC) {
            return Err(bad(format!("the first line is not `{MAGIC}`")));
        }
        let mut fields = std::collections::HashMap::new();
        for (n, line) in lines.enumerate() {
            let (k, v) = line
                .split_once(':')
                .ok_or_else(|| bad(format!("line {}: `{line}` is not `key: value`", n + 2)))?;
            if fields.insert(k.trim(), v.trim()).is_some() {
                return Err(bad(format!("line {}: `{k}` given twice", n + 2)));
            }
        }
        let get = |k: &str| {
            fields
                .get(k)
                .copied()
                .ok_or_else(|| bad(format!("the header has no `{k}:` line")))
        };
        let num = |k: &str| -> Result<u64, BadWeights> {
            get(k)?.parse().map_err(|_| {
                bad(format!(
                    "`{k}: {}` is not a whole number",
                    get(k).unwrap_or("")
                ))
            })
        };
        let float = |k: &str| -> Result<f32, BadWeights> {
            get(k)?
                .parse()
                .map_err(|_| bad(format!("`{k}: {}` is not a number", get(k).unwrap_or(""))))
        };
        let rules: RuleSetId = get("rules")?.parse().map_err(|e| bad(format!("{e}")))?;
        let options = Options::parse(get("options")?).map_err(|e| bad(format!("options: {e}")))?;
        // The options must make a game: the network is for those rules.
        let start = rules
            .new_game(&options)
            .map_err(|e| bad(format!("options: {e}")))?;
        let encoding = Encoding::from_name(get("encoding")?).ok_or_else(|| {
            bad(format!(
                "unknown encoding `{}`",
                get("encoding").unwrap_or("")
            ))
        })?;
        if !encoding.fits(&start) {
            return Err(bad(format!(
                "encoding {} is not a layout of {rules}",
                encoding.name()
            )));
        }
        let inputs = num("inputs")? as usize;
        let hidden = num("hidden")? as usize;
        if inputs != encoding.inputs() {
            return Err(bad(format!(
                "{inputs} inputs, but encoding {} has {}",
                encoding.name(),
                encoding.inputs()
            )));
        }
        if hidden == 0 || hidden > MAX_HIDDEN {
            return Err(bad(format!(
                "hidden: {hidden} is not within 1..={MAX_HIDDEN}"
            )));
        }
        if get("outputs")? != "win,draw,loss" {
            return Err(bad("outputs: only `win,draw,loss` is known".into()));
        }
        let want = (inputs * hidden + hidden + OUTPUTS * hidden + OUTPUTS) * 4;
        if data.len() != want {
            return Err(bad(format!(
                "{} bytes of weights, but {inputs} inputs and {hidden} hidden units need {want}",
                data.len()
            )));
        }
        let mut floats = data
            .chunks_exact(4)
            .map(|c| f32::from_le_bytes([c[0], c[1], c[2], c[3]]));
        let mut take = |n: usize| -> Vec<f32> { floats.by_ref().take(n).collect() };
        let w1 = take(inputs * hidden);
        let b1 = take(hidden);
        let w2 = take(OUTPUTS * hidden);
        let b2 = take(OUTPUTS);
        if w1
            .iter()
            .chain(&b1)
            .chain(&w2)
            .chain(&b2)
            .any(|x| !x.is_finite())
        {
            return Err(bad("a weight is not a finite number".into()));
        }
        let header = Header {
            rules,
            options,
            encoding,
            games: num("games")?,
            seed: num("seed")?,
            lambda: float("lambda")?,
            rate: float("rate")?,
            seconds: num("seconds")?,
            command: get("command")?.to_owned(),
        };
        let net = Network {
            inputs,
            hidden,
            w1,
            b1,
            w2,
            b2: [b2[0], b2[1], b2[2]],
        };
        Ok(Weights { header, net })
    }

    /// A start position of the rules the network was trained under.
    pub fn start(&self) -> AnyGame {
        self.header
            .rules
            .new_game(&self.header.options)
            .expect("checked when read")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn sample() -> Weights {
        let enc = Encoding::Senet;
        Weights {
            header: Header {
                rules: RuleSetId::SenetSchool,
                options: Options::new(),
                encoding: enc,
                games: 10,
                seed: 3,
                lambda: 0.7,
                rate: 0.01,
                seconds: 1,
                command: "nefer train --rules senet.school".into(),
            },
            net: Network::random(enc.inputs(), 8, 3),
        }
    }

    #[test]
    fn a_file_reads_back_to_the_same_weights() {
        let w = sample();
        assert_eq!(Weights::from_bytes(&w.to_bytes()).unwrap(), w);
    }

    #[test]
    fn a_bad_file_says_what_is_wrong() {
        let good = sample().to_bytes();
        let text = |b: &[u8]| Weights::from_bytes(b).unwrap_err().to_string();
        assert!(text(&good[..good.len() - 4]).contains("bytes of weights"));
        assert!(text(b"hello").contains("no `weights:` line"));
        let swap = |from: &str, to: &str| {
            let s = String::from_utf8_lossy(&good).replacen(from, to, 1);
            // The data may not be UTF-8: rebuild from the header and the original data.
            let at = good.windows(10).position(|w| w == b"\nweights:\n").unwrap();
            let head = String::from_utf8_lossy(&good[..at]).replacen(from, to, 1);
            let _ = s;
            let mut b = head.into_bytes();
            b.extend_from_slice(&good[at..]);
            text(&b)
        };
        assert!(swap("rules: senet.school", "rules: senet.x").contains("unknown rule set"));
        assert!(swap("inputs: 88", "inputs: 87").contains("encoding senet/1 has 88"));
        assert!(swap("options: ", "options: bogus=1").contains("options"));
        assert!(swap("encoding: senet/1", "encoding: chess/1").contains("unknown encoding"));
        // A layout of another family: the inputs would mean other things.
        let other = swap("encoding: senet/1", "encoding: skiryuk/1");
        assert!(other.contains("not a layout of senet.school"), "{other}");
        assert!(swap("seed: 3", "seed: x").contains("not a whole number"));
        assert!(swap("games: 10\n", "").contains("no `games:` line"));
    }
}
