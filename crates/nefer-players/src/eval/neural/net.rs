//! The network: one hidden layer of rectified units over binary inputs, and three outputs, the
//! probabilities that the evaluating seat wins, draws and loses (a softmax).
//!
//! The inputs are sparse (a few dozen 1s among one or two hundred), so the first layer is the
//! sum of the weight rows of the inputs that are 1: no multiplication, a row of `hidden` floats
//! per input, which the compiler turns into vector additions. A plain forward pass, written
//! here: at this size a tensor library's per-call overhead alone is larger than the whole
//! evaluation (`docs/EVALUATOR.md` has the figures).

use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

/// Outputs: P(win), P(draw), P(loss) of the evaluating seat.
pub const OUTPUTS: usize = 3;

/// The largest hidden layer a weights file may ask for (a bound on what a file makes us
/// allocate).
pub const MAX_HIDDEN: usize = 1024;

/// The weights of one network.
#[derive(Clone, Debug, PartialEq)]
pub struct Network {
    /// Number of inputs.
    pub inputs: usize,
    /// Number of hidden units.
    pub hidden: usize,
    /// First layer: `inputs` rows of `hidden` weights.
    pub w1: Vec<f32>,
    /// First layer's biases (`hidden`).
    pub b1: Vec<f32>,
    /// Second layer: `OUTPUTS` rows of `hidden` weights.
    pub w2: Vec<f32>,
    /// Second layer's biases.
    pub b2: [f32; OUTPUTS],
}

/// What a forward pass leaves for the backward one.
pub struct Pass {
    /// Hidden units before the rectifier.
    pub pre: Vec<f32>,
    /// The outputs' probabilities.
    pub p: [f32; OUTPUTS],
}

impl Network {
    /// A network of `inputs` × `hidden` with small random weights from `seed`.
    pub fn random(inputs: usize, hidden: usize, seed: u64) -> Network {
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        // About a dozen inputs are 1 at once: rows of ±0.15 give hidden sums of order 0.5.
        let mut draw =
            |n: usize, r: f32| -> Vec<f32> { (0..n).map(|_| rng.random_range(-r..r)).collect() };
        Network {
            inputs,
            hidden,
            w1: draw(inputs * hidden, 0.15),
            b1: draw(hidden, 0.05),
            w2: draw(OUTPUTS * hidden, 1.0 / (hidden as f32).sqrt()),
            b2: [0.0; OUTPUTS],
        }
    }

    /// Number of weights and biases.
    pub fn parameters(&self) -> usize {
        self.w1.len() + self.b1.len() + self.w2.len() + OUTPUTS
    }

    /// The hidden sums of `active` into `pre`.
    #[inline]
    fn hidden_sums(&self, active: &[u16], pre: &mut [f32]) {
        // The shipped networks' width, with the sums kept in registers across the rows instead
        // of loaded and stored back for each (`docs/EVALUATOR.md`, "The forward pass"). Each
        // sum adds the same numbers in the same order as the general loop: the same bits.
        if self.hidden == 64 {
            return self.hidden_sums_of::<64>(active, pre);
        }
        pre.copy_from_slice(&self.b1);
        let h = self.hidden;
        for &i in active {
            let row = &self.w1[usize::from(i) * h..][..h];
            for (p, w) in pre.iter_mut().zip(row) {
                *p += w;
            }
        }
    }

    /// [`Network::hidden_sums`] for a width `H` known when compiling.
    #[inline]
    fn hidden_sums_of<const H: usize>(&self, active: &[u16], pre: &mut [f32]) {
        let mut acc: [f32; H] = self.b1[..H].try_into().expect("H biases");
        for &i in active {
            let row: &[f32; H] = self.w1[usize::from(i) * H..][..H]
                .try_into()
                .expect("a row of H weights");
            for (a, w) in acc.iter_mut().zip(row) {
                *a += w;
            }
        }
        pre.copy_from_slice(&acc);
    }

    /// The output logits from the hidden sums.
    ///
    /// The three dot products run side by side, each in the order of the hidden units: a float
    /// sum is a chain of dependent additions, which the compiler may not reorder, and three
    /// chains interleaved take the time of one.
    #[inline]
    fn logits(&self, pre: &[f32]) -> [f32; OUTPUTS] {
        let h = self.hidden;
        let (r0, rest) = self.w2.split_at(h);
        let (r1, r2) = rest.split_at(h);
        // From -0.0, as `Iterator::sum` of floats starts: the same bits, signed zeros included.
        let mut s = [-0.0f32; OUTPUTS];
        for (((&x, w0), w1), w2) in pre.iter().zip(r0).zip(r1).zip(&r2[..h]) {
            let x = x.max(0.0);
            s[0] += w0 * x;
            s[1] += w1 * x;
            s[2] += w2 * x;
        }
        core::array::from_fn(|k| self.b2[k] + s[k])
    }

    /// P(win), P(draw), P(loss) for the inputs `active`.
    pub fn forward(&self, active: &[u16]) -> [f32; OUTPUTS] {
        // Hidden layers up to 256 stay on the stack (all shipped ones): no allocation per call.
        let mut buf = [0f32; 256];
        if self.hidden <= buf.len() {
            let pre = &mut buf[..self.hidden];
            self.hidden_sums(active, pre);
            softmax(self.logits(pre))
        } else {
            self.pass(active).p
        }
    }

    /// A forward pass that keeps what the backward one needs.
    pub fn pass(&self, active: &[u16]) -> Pass {
        let mut pre = vec![0.0; self.hidden];
        self.hidden_sums(active, &mut pre);
        let p = softmax(self.logits(&pre));
        Pass { pre, p }
    }

    /// One step of gradient descent on the cross-entropy between the outputs for `active` and
    /// `target` (a distribution over win, draw, loss), at learning rate `rate`.
    pub fn learn(&mut self, active: &[u16], target: [f32; OUTPUTS], rate: f32, scratch: &mut Pass) {
        let h = self.hidden;
        scratch.pre.resize(h, 0.0);
        self.hidden_sums(active, &mut scratch.pre);
        let p = softmax(self.logits(&scratch.pre));
        // d(cross-entropy)/d(logit k) = p_k − target_k.
        let delta: [f32; OUTPUTS] = core::array::from_fn(|k| p[k] - target[k]);
        // The hidden units' error first, with the second layer's weights before their update.
        let pre = &mut scratch.pre;
        for (j, slot) in pre.iter_mut().enumerate() {
            let x = *slot;
            let back = if x > 0.0 {
                (0..OUTPUTS).map(|k| self.w2[k * h + j] * delta[k]).sum()
            } else {
                0.0
            };
            for (k, &d) in delta.iter().enumerate() {
                self.w2[k * h + j] -= rate * d * x.max(0.0);
            }
            // `pre` now holds the step of each hidden unit's weights.
            *slot = rate * back;
        }
        for (b, d) in self.b2.iter_mut().zip(delta) {
            *b -= rate * d;
        }
        for (b, s) in self.b1.iter_mut().zip(pre.iter()) {
            *b -= s;
        }
        for &i in active {
            let row = &mut self.w1[usize::from(i) * h..][..h];
            for (w, s) in row.iter_mut().zip(pre.iter()) {
                *w -= s;
            }
        }
        scratch.p = p;
    }

    /// A scratch pass for [`Network::learn`].
    pub fn scratch(&self) -> Pass {
        Pass {
            pre: vec![0.0; self.hidden],
            p: [0.0; OUTPUTS],
        }
    }
}

/// Softmax of three logits.
#[inline]
fn softmax(z: [f32; OUTPUTS]) -> [f32; OUTPUTS] {
    let m = z[0].max(z[1]).max(z[2]);
    let e = z.map(|x| (x - m).exp());
    let s = e[0] + e[1] + e[2];
    e.map(|x| x / s)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn outputs_are_a_distribution_and_learning_moves_them_toward_the_target() {
        let mut n = Network::random(20, 16, 1);
        let x = [1u16, 5, 7];
        let p = n.forward(&x);
        assert!((p.iter().sum::<f32>() - 1.0).abs() < 1e-5 && p.iter().all(|&v| v > 0.0));
        let mut s = n.scratch();
        let target = [1.0, 0.0, 0.0];
        for _ in 0..200 {
            n.learn(&x, target, 0.05, &mut s);
        }
        assert!(n.forward(&x)[0] > 0.95, "{:?}", n.forward(&x));
        // The forward pass and the learning pass agree.
        assert_eq!(n.forward(&x), n.pass(&x).p);
    }

    /// The forward pass as first written: each hidden sum row after row in memory, each logit
    /// its own `sum`.
    fn reference(n: &Network, active: &[u16]) -> [f32; OUTPUTS] {
        let h = n.hidden;
        let mut pre = n.b1.clone();
        for &i in active {
            for (p, w) in pre.iter_mut().zip(&n.w1[usize::from(i) * h..][..h]) {
                *p += w;
            }
        }
        let mut z = n.b2;
        for (k, zk) in z.iter_mut().enumerate() {
            *zk += n.w2[k * h..][..h]
                .iter()
                .zip(&pre)
                .map(|(w, &x)| w * x.max(0.0))
                .sum::<f32>();
        }
        softmax(z)
    }

    #[test]
    fn the_fast_forward_pass_gives_the_same_bits_as_the_plain_one() {
        // 64 takes the registers' path, the others the general one.
        for hidden in [16, 63, 64, 65] {
            let n = Network::random(200, hidden, u64::try_from(hidden).unwrap());
            let mut rng = ChaCha8Rng::seed_from_u64(5);
            for _ in 0..500 {
                let k = rng.random_range(0..40usize);
                let active: Vec<u16> = (0..k).map(|_| rng.random_range(0..200u16)).collect();
                let (fast, plain) = (n.forward(&active), reference(&n, &active));
                assert_eq!(
                    fast.map(f32::to_bits),
                    plain.map(f32::to_bits),
                    "{hidden} {active:?}"
                );
                assert_eq!(n.pass(&active).p.map(f32::to_bits), plain.map(f32::to_bits));
            }
        }
    }

    #[test]
    fn the_gradient_is_the_derivative_of_the_loss() {
        // Finite differences on one first-layer weight and one second-layer weight.
        let n = Network::random(6, 5, 9);
        let x = [0u16, 3];
        let t = [0.2, 0.1, 0.7];
        let loss = |n: &Network| -> f64 {
            let p = n.forward(&x);
            -(0..3)
                .map(|k| f64::from(t[k]) * f64::from(p[k]).ln())
                .sum::<f64>()
        };
        let rate = 1e-3;
        let mut stepped = n.clone();
        stepped.learn(&x, t, rate, &mut n.scratch());
        for (which, idx) in [(1, 3 * 5 + 2), (2, 5 + 1)] {
            let (before, after) = match which {
                1 => (n.w1[idx], stepped.w1[idx]),
                _ => (n.w2[idx], stepped.w2[idx]),
            };
            let grad = f64::from(before - after) / rate as f64;
            let eps = 1e-3;
            let mut plus = n.clone();
            let mut minus = n.clone();
            match which {
                1 => {
                    plus.w1[idx] += eps;
                    minus.w1[idx] -= eps;
                }
                _ => {
                    plus.w2[idx] += eps;
                    minus.w2[idx] -= eps;
                }
            }
            let numeric = (loss(&plus) - loss(&minus)) / (2.0 * f64::from(eps));
            assert!(
                (grad - numeric).abs() < 2e-3,
                "{which}: {grad} vs {numeric}"
            );
        }
    }
}
