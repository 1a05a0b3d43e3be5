//! The combinatorial number system: a bijection between k-subsets of {0..n} and 0..C(n, k).

/// Binomial coefficients C(n, k) for n, k ≤ 32.
pub struct Binomial([[u64; 33]; 33]);

impl Default for Binomial {
    fn default() -> Self {
        Binomial::new()
    }
}

impl Binomial {
    /// Pascal's triangle up to 32.
    pub fn new() -> Binomial {
        let mut c = [[0u64; 33]; 33];
        for n in 0..33 {
            c[n][0] = 1;
            for k in 1..=n {
                c[n][k] = c[n - 1][k - 1] + if k < n { c[n - 1][k] } else { 0 };
            }
        }
        Binomial(c)
    }

    /// C(n, k), 0 when k > n.
    pub fn choose(&self, n: u32, k: u32) -> u64 {
        if k > n {
            0
        } else {
            self.0[n as usize][k as usize]
        }
    }

    /// Colexicographic rank of the subset whose members are the set bits of `mask`:
    /// Σ C(position of the i-th lowest member, i) for i = 1..k.
    pub fn colex_rank(&self, mask: u32) -> u64 {
        let mut r = 0;
        let mut m = mask;
        let mut i = 1;
        while m != 0 {
            r += self.choose(m.trailing_zeros(), i);
            m &= m - 1;
            i += 1;
        }
        r
    }

    /// The k-subset of colexicographic rank `r`, as a mask.
    pub fn colex_unrank(&self, k: u32, mut r: u64) -> u32 {
        let mut mask = 0;
        for i in (1..=k).rev() {
            // The largest position p with C(p, i) ≤ r.
            let mut p = i - 1;
            while self.choose(p + 1, i) <= r {
                p += 1;
            }
            r -= self.choose(p, i);
            mask |= 1 << p;
        }
        mask
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn colex_is_a_bijection() {
        let b = Binomial::new();
        for k in 0..=4u32 {
            let n = 10;
            let mut seen = vec![false; b.choose(n, k) as usize];
            for mask in 0u32..(1 << n) {
                if mask.count_ones() != k {
                    continue;
                }
                let r = b.colex_rank(mask);
                assert!(!seen[r as usize]);
                seen[r as usize] = true;
                assert_eq!(b.colex_unrank(k, r), mask);
            }
            assert!(seen.iter().all(|&x| x));
        }
        assert_eq!(b.choose(29, 5), 118_755);
    }
}
