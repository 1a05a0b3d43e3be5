//! The four throw sticks shared by all six rule sets (SPEC §1.1).
//!
//! Each stick is two-sided and shows its *counted* face with probability `p` (1/2 by default,
//! option `*.stick_bias`, C-1). With `k` counted faces showing the score is `k`, or 5 when `k = 0`,
//! which gives the fair law 4/16, 6/16, 4/16, 1/16, 1/16 for the scores 1..5.

use core::fmt;

use rand::Rng;

/// The score of one throw of the sticks: 1 to 5.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Throw(u8);

impl Throw {
    /// Every score, in increasing order.
    pub const ALL: [Throw; 5] = [Throw(1), Throw(2), Throw(3), Throw(4), Throw(5)];

    /// The throw of value `v`, if `v` is 1..=5.
    pub const fn new(v: u8) -> Option<Throw> {
        if v >= 1 && v <= 5 {
            Some(Throw(v))
        } else {
            None
        }
    }

    /// The value 1..=5.
    pub const fn value(self) -> u8 {
        self.0
    }
}

impl fmt::Display for Throw {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}", self.0)
    }
}

/// A throw of Washburne's two four-sided dice (000-WA§17, SPEC §4.7, R-5): two independent
/// uniform values 1..=4, kept (and written, NOTATION §4) smaller first, `1+3`.
///
/// The ten pairs are one chance node: a pair of equal dice has probability 1/16, any other
/// pair 2/16 (it falls in either order).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct DicePair {
    /// `4·(lo − 1) + (hi − 1)`: one byte, so that a [`crate::Chance`] stays two.
    code: u8,
}

impl DicePair {
    /// The pair of dice showing `a` and `b` (in either order), if both are 1..=4.
    pub const fn new(a: u8, b: u8) -> Option<DicePair> {
        if a < 1 || a > 4 || b < 1 || b > 4 {
            return None;
        }
        let (lo, hi) = if a <= b { (a, b) } else { (b, a) };
        Some(DicePair {
            code: 4 * (lo - 1) + (hi - 1),
        })
    }

    /// The smaller value.
    pub const fn lo(self) -> u8 {
        self.code / 4 + 1
    }

    /// The larger value.
    pub const fn hi(self) -> u8 {
        self.code % 4 + 1
    }

    /// The values to spend: both, or one when the dice are equal (a decision lists the moves
    /// of each value once).
    pub fn values(self) -> impl Iterator<Item = u8> {
        let second = (self.hi() != self.lo()).then_some(self.hi());
        core::iter::once(self.lo()).chain(second)
    }

    /// The ten pairs, in increasing order (`1+1`, `1+2`, …, `4+4`).
    pub const ALL: [DicePair; 10] = {
        let mut all = [DicePair { code: 0 }; 10];
        let (mut k, mut a) = (0, 1);
        while a <= 4 {
            let mut b = a;
            while b <= 4 {
                all[k] = DicePair {
                    code: 4 * (a - 1) + (b - 1),
                };
                k += 1;
                b += 1;
            }
            a += 1;
        }
        all
    };

    /// The exact probability of the pair: 1/16 for equal dice, 2/16 otherwise.
    pub const fn prob(self) -> Prob {
        if self.lo() == self.hi() {
            Prob { num: 1, den: 16 }
        } else {
            Prob { num: 1, den: 8 }
        }
    }

    /// Throws the two dice: four random bits, two for each die.
    pub fn throw<R: Rng + ?Sized>(rng: &mut R) -> DicePair {
        let bits = rng.next_u32();
        let (a, b) = ((bits & 3) as u8 + 1, (bits >> 2 & 3) as u8 + 1);
        DicePair::new(a, b).expect("1..=4")
    }
}

impl fmt::Display for DicePair {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}+{}", self.lo(), self.hi())
    }
}

/// How four sticks fell: bit `i` set means stick `i` shows its counted face.
///
/// The 16 patterns are equally likely with fair sticks; a front end draws them, the rules only
/// use [`Sticks::score`].
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct Sticks(u8);

impl Sticks {
    /// The pattern from its low four bits.
    pub const fn from_bits(bits: u8) -> Sticks {
        Sticks(bits & 0b1111)
    }

    /// The four bits, stick 0 in bit 0.
    pub const fn bits(self) -> u8 {
        self.0
    }

    /// Whether stick `i` (0..4) shows the counted face.
    pub const fn counted(self, i: usize) -> bool {
        self.0 >> i & 1 == 1
    }

    /// The score: the number of counted faces, or 5 when none shows (SPEC §1.1).
    pub const fn score(self) -> Throw {
        // A table rather than `count_ones`, which compiles to a dozen instructions on CPUs
        // without POPCNT (the baseline x86-64 target): one throw a decision (issue 19).
        const SCORES: [u8; 16] = {
            let mut t = [0; 16];
            let mut bits = 0;
            while bits < 16 {
                t[bits] = match (bits as u8).count_ones() {
                    0 => 5,
                    k => k as u8,
                };
                bits += 1;
            }
            t
        };
        Throw(SCORES[self.0 as usize])
    }

    /// All 16 patterns.
    pub fn all() -> impl Iterator<Item = Sticks> {
        (0..16u8).map(Sticks)
    }

    /// A pattern that scores `t`, for drawing a throw that was given rather than thrown
    /// (a replayed record keeps only the score).
    pub fn showing(t: Throw) -> Sticks {
        match t.value() {
            5 => Sticks(0),
            k => Sticks((1u8 << k) - 1),
        }
    }
}

/// An exact probability `num / den`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
#[cfg_attr(feature = "serde", derive(serde::Serialize, serde::Deserialize))]
pub struct Prob {
    /// Numerator.
    pub num: u64,
    /// Denominator, never 0.
    pub den: u64,
}

impl Prob {
    /// Probability one.
    pub const ONE: Prob = Prob { num: 1, den: 1 };
    /// Probability one half (a fair choice between two seats).
    pub const HALF: Prob = Prob { num: 1, den: 2 };

    /// As a floating-point number.
    pub fn to_f64(self) -> f64 {
        self.num as f64 / self.den as f64
    }
}

impl fmt::Display for Prob {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

/// The law of one throw: the probability `num/den` that one stick shows its counted face.
///
/// Kept as a small exact fraction so that states stay small and the score law stays exact.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct StickBias {
    num: u16,
    den: u16,
}

impl Default for StickBias {
    fn default() -> Self {
        StickBias::FAIR
    }
}

impl StickBias {
    /// Fair sticks, p = 1/2 (C-1 default).
    pub const FAIR: StickBias = StickBias { num: 1, den: 2 };

    /// A bias `num/den`, strictly between 0 and 1.
    pub fn new(num: u16, den: u16) -> Option<StickBias> {
        (num > 0 && num < den).then(|| {
            let g = gcd(num, den);
            StickBias {
                num: num / g,
                den: den / g,
            }
        })
    }

    /// Parses a decimal such as `0.5` or `0.55` (at most four decimals) or a fraction `11/20`.
    pub fn parse(s: &str) -> Option<StickBias> {
        let s = s.trim();
        if let Some((n, d)) = s.split_once('/') {
            return StickBias::new(n.trim().parse().ok()?, d.trim().parse().ok()?);
        }
        let (int, frac) = s.split_once('.').unwrap_or((s, ""));
        if !int.trim_start_matches('0').is_empty() || frac.len() > 4 || frac.is_empty() {
            return None;
        }
        if !frac.bytes().all(|b| b.is_ascii_digit()) {
            return None;
        }
        let den = 10u16.pow(frac.len() as u32);
        StickBias::new(frac.parse().ok()?, den)
    }

    /// Whether the sticks are fair.
    #[inline]
    pub fn is_fair(self) -> bool {
        // Both halves in one comparison: the derived `==` compared them one by one, at every
        // throw of a simulation (issue 19).
        (u32::from(self.den) << 16 | u32::from(self.num))
            == (u32::from(StickBias::FAIR.den) << 16 | u32::from(StickBias::FAIR.num))
    }

    /// The exact probability of each score 1..=5, in that order.
    pub fn law(self) -> [Prob; 5] {
        let (a, b) = (u64::from(self.num), u64::from(self.den));
        let c = b - a;
        let den = b.pow(4);
        // C(4,k) a^k c^(4-k) for k counted faces; score 5 is k = 0.
        let p = |k: u32| [1, 4, 6, 4, 1][k as usize] * a.pow(k) * c.pow(4 - k);
        [p(1), p(2), p(3), p(4), p(0)].map(|num| {
            let g = gcd64(num, den);
            Prob {
                num: num / g,
                den: den / g,
            }
        })
    }

    /// Throws the four sticks.
    #[inline]
    pub fn throw<R: Rng + ?Sized>(self, rng: &mut R) -> Sticks {
        if self.is_fair() {
            return Sticks::from_bits(rng.next_u32() as u8);
        }
        self.throw_biased(rng)
    }

    /// [`StickBias::throw`] for biased sticks: four draws, one a stick. Kept out of line, so
    /// that the fair throw, one draw, inlines into the playouts.
    #[inline(never)]
    fn throw_biased<R: Rng + ?Sized>(self, rng: &mut R) -> Sticks {
        let mut bits = 0;
        for i in 0..4 {
            if (rng.next_u32() % u32::from(self.den)) < u32::from(self.num) {
                bits |= 1 << i;
            }
        }
        Sticks(bits)
    }
}

impl fmt::Display for StickBias {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "{}/{}", self.num, self.den)
    }
}

fn gcd(a: u16, b: u16) -> u16 {
    if b == 0 { a } else { gcd(b, a % b) }
}

fn gcd64(a: u64, b: u64) -> u64 {
    if b == 0 { a } else { gcd64(b, a % b) }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn fair_law_is_4_6_4_1_1_of_16() {
        let law = StickBias::FAIR.law();
        let sixteenths: Vec<u64> = law.iter().map(|p| p.num * 16 / p.den).collect();
        assert_eq!(sixteenths, [4, 6, 4, 1, 1]);
    }

    #[test]
    fn the_16_patterns_give_the_law() {
        let mut count = [0; 5];
        for s in Sticks::all() {
            count[usize::from(s.score().value()) - 1] += 1;
        }
        assert_eq!(count, [4, 6, 4, 1, 1]);
        assert_eq!(Sticks::from_bits(0).score(), Throw::new(5).unwrap());
        assert_eq!(Sticks::from_bits(0b1111).score(), Throw::new(4).unwrap());
    }

    #[test]
    fn showing_scores_what_it_shows() {
        for t in Throw::ALL {
            assert_eq!(Sticks::showing(t).score(), t);
        }
    }

    #[test]
    fn biased_law_sums_to_one() {
        let b = StickBias::parse("0.6").unwrap();
        let law = b.law();
        let total: f64 = law.iter().map(|p| p.to_f64()).sum();
        assert!((total - 1.0).abs() < 1e-12);
        // p^4 for four counted faces.
        assert_eq!(law[3], Prob { num: 81, den: 625 });
    }

    #[test]
    fn ten_dice_pairs_with_their_law() {
        assert_eq!(DicePair::ALL.len(), 10);
        let sixteenths: u64 = DicePair::ALL
            .iter()
            .map(|d| d.prob().num * 16 / d.prob().den)
            .sum();
        assert_eq!(sixteenths, 16);
        assert_eq!(DicePair::new(3, 1), DicePair::new(1, 3));
        assert_eq!(DicePair::new(3, 1).unwrap().to_string(), "1+3");
        assert_eq!(DicePair::new(0, 1), None);
        assert_eq!(DicePair::new(2, 5), None);
        assert_eq!(
            DicePair::new(2, 2).unwrap().values().collect::<Vec<_>>(),
            [2]
        );
        assert_eq!(
            DicePair::new(4, 2).unwrap().values().collect::<Vec<_>>(),
            [2, 4]
        );
        // The sixteen ways two dice fall give each pair its weight.
        let mut count = std::collections::HashMap::new();
        for bits in 0..16u32 {
            let d = DicePair::new((bits & 3) as u8 + 1, (bits >> 2) as u8 + 1).unwrap();
            *count.entry(d).or_insert(0u64) += 1;
        }
        for d in DicePair::ALL {
            assert_eq!(count[&d] * d.prob().den, 16 * d.prob().num, "{d}");
        }
    }

    #[test]
    fn bias_parsing_rejects_nonsense() {
        for bad in ["0", "1", "1.5", "0.", "x", "0.12345", "2/1"] {
            assert!(StickBias::parse(bad).is_none(), "{bad}");
        }
        assert_eq!(StickBias::parse("0.5"), Some(StickBias::FAIR));
        assert_eq!(StickBias::parse("1/2"), Some(StickBias::FAIR));
    }
}
