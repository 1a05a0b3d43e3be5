//! Per-call cost of a tiny MLP forward pass (88 binary inputs -> 64 ReLU -> 3 softmax):
//! hand-written Rust loops vs candle-core (CPU), single-threaded, one position per call,
//! plus candle batched (1024 positions per call).
//!
//! Run: RAYON_NUM_THREADS=1 CARGO_TARGET_DIR=/work/exp/target cargo run --release -j 1
//! (main() also forces RAYON_NUM_THREADS=1 if it is unset.)

use candle_core::{DType, Device, Tensor, D};
use std::hint::black_box;
use std::time::Instant;

const N_IN: usize = 88;
const N_HID: usize = 64;
const N_OUT: usize = 3;
const BATCH: usize = 1024;
/// Number of distinct input positions cycled through by the benchmarks.
const N_POS: usize = 4;

// ---------------------------------------------------------------------------------------------
// Deterministic weights (SplitMix64, fixed seed) -- no `rand` dependency.
struct SplitMix64(u64);
impl SplitMix64 {
    fn next_u64(&mut self) -> u64 {
        self.0 = self.0.wrapping_add(0x9E37_79B9_7F4A_7C15);
        let mut z = self.0;
        z = (z ^ (z >> 30)).wrapping_mul(0xBF58_476D_1CE4_E5B9);
        z = (z ^ (z >> 27)).wrapping_mul(0x94D0_49BB_1331_11EB);
        z ^ (z >> 31)
    }
    /// Uniform in [-scale, scale).
    fn next_f32(&mut self, scale: f32) -> f32 {
        let u = (self.next_u64() >> 40) as f32 / (1u64 << 24) as f32; // [0,1)
        (2.0 * u - 1.0) * scale
    }
}

struct Weights {
    /// 88 x 64, row-major: row i = weights from input i to all hidden units.
    w1: Vec<f32>,
    b1: Vec<f32>,
    /// 3 x 64, row-major (transposed second layer, for plain dot products).
    w2t: Vec<f32>,
    /// 64 x 3, row-major (for candle `h.matmul(w2)`).
    w2: Vec<f32>,
    b2: Vec<f32>,
}

impl Weights {
    fn new(seed: u64) -> Self {
        let mut r = SplitMix64(seed);
        let s1 = 1.0 / (N_IN as f32).sqrt();
        let s2 = 1.0 / (N_HID as f32).sqrt();
        let w1: Vec<f32> = (0..N_IN * N_HID).map(|_| r.next_f32(s1 * 2.0)).collect();
        let b1: Vec<f32> = (0..N_HID).map(|_| r.next_f32(0.1)).collect();
        let w2t: Vec<f32> = (0..N_OUT * N_HID).map(|_| r.next_f32(s2 * 2.0)).collect();
        let b2: Vec<f32> = (0..N_OUT).map(|_| r.next_f32(0.1)).collect();
        let mut w2 = vec![0.0f32; N_HID * N_OUT];
        for o in 0..N_OUT {
            for k in 0..N_HID {
                w2[k * N_OUT + o] = w2t[o * N_HID + k];
            }
        }
        Weights { w1, b1, w2t, w2, b2 }
    }
}

/// Position p has input i = 1 iff (i + p) % 4 == 0, i.e. every 4th input: 22 active of 88.
fn active_indices(p: usize) -> Vec<u16> {
    (0..N_IN).filter(|i| (i + p) % 4 == 0).map(|i| i as u16).collect()
}
fn dense_input(p: usize) -> [f32; N_IN] {
    let mut x = [0.0f32; N_IN];
    for i in active_indices(p) {
        x[i as usize] = 1.0;
    }
    x
}

#[inline(always)]
fn head(w: &Weights, mut h: [f32; N_HID]) -> [f32; N_OUT] {
    for v in h.iter_mut() {
        *v = v.max(0.0);
    }
    let mut z = [0.0f32; N_OUT];
    for o in 0..N_OUT {
        let row = &w.w2t[o * N_HID..(o + 1) * N_HID];
        let mut s = 0.0f32;
        for k in 0..N_HID {
            s += h[k] * row[k];
        }
        z[o] = s + w.b2[o];
    }
    let m = z[0].max(z[1]).max(z[2]);
    let mut sum = 0.0f32;
    for v in z.iter_mut() {
        *v = (*v - m).exp();
        sum += *v;
    }
    let inv = 1.0 / sum;
    [z[0] * inv, z[1] * inv, z[2] * inv]
}

/// 1. Plain sparse: hidden = b1 + sum of the weight rows of the active inputs.
#[inline(never)]
fn forward_sparse(w: &Weights, active: &[u16]) -> [f32; N_OUT] {
    let mut h = [0.0f32; N_HID];
    h.copy_from_slice(&w.b1);
    for &i in active {
        let row = &w.w1[i as usize * N_HID..(i as usize + 1) * N_HID];
        for k in 0..N_HID {
            h[k] += row[k];
        }
    }
    head(w, h)
}

/// 2. Plain dense: 88-float input times 88x64 matrix (no zero skipping).
#[inline(never)]
fn forward_dense(w: &Weights, x: &[f32; N_IN]) -> [f32; N_OUT] {
    let mut h = [0.0f32; N_HID];
    h.copy_from_slice(&w.b1);
    for i in 0..N_IN {
        let xi = x[i];
        let row = &w.w1[i * N_HID..(i + 1) * N_HID];
        for k in 0..N_HID {
            h[k] += xi * row[k];
        }
    }
    head(w, h)
}

struct CandleNet {
    dev: Device,
    w1: Tensor, // (88, 64)
    b1: Tensor, // (64,)
    w2: Tensor, // (64, 3)
    b2: Tensor, // (3,)
}

impl CandleNet {
    fn new(w: &Weights) -> candle_core::Result<Self> {
        let dev = Device::Cpu;
        Ok(CandleNet {
            w1: Tensor::from_slice(&w.w1, (N_IN, N_HID), &dev)?,
            b1: Tensor::from_slice(&w.b1, N_HID, &dev)?,
            w2: Tensor::from_slice(&w.w2, (N_HID, N_OUT), &dev)?,
            b2: Tensor::from_slice(&w.b2, N_OUT, &dev)?,
            dev,
        })
    }

    /// Logits for a (rows, 88) input built from `x` (row-major).
    #[inline(always)]
    fn logits(&self, x: &[f32], rows: usize) -> candle_core::Result<Tensor> {
        let x = Tensor::from_slice(x, (rows, N_IN), &self.dev)?;
        let h = x.matmul(&self.w1)?.broadcast_add(&self.b1)?.relu()?;
        h.matmul(&self.w2)?.broadcast_add(&self.b2)
    }

    /// 3. candle, one position: from_slice, matmul, bias, relu, matmul, bias,
    ///    candle_nn::ops::softmax_last_dim, to_vec1.
    #[inline(never)]
    fn forward1(&self, x: &[f32; N_IN]) -> candle_core::Result<Vec<f32>> {
        let z = self.logits(x, 1)?;
        candle_nn::ops::softmax_last_dim(&z)?.flatten_all()?.to_vec1::<f32>()
    }

    /// 3b. Same, with the generic candle_nn::ops::softmax(.., D::Minus1) (built from exp/sum/div).
    #[inline(never)]
    fn forward1_generic_softmax(&self, x: &[f32; N_IN]) -> candle_core::Result<Vec<f32>> {
        let z = self.logits(x, 1)?;
        candle_nn::ops::softmax(&z, D::Minus1)?.flatten_all()?.to_vec1::<f32>()
    }

    /// 4. candle batched: (1024, 88) in, 1024*3 probabilities out (flat).
    #[inline(never)]
    fn forward_batch(&self, xs: &[f32]) -> candle_core::Result<Vec<f32>> {
        let rows = xs.len() / N_IN;
        let z = self.logits(xs, rows)?;
        candle_nn::ops::softmax_last_dim(&z)?.flatten_all()?.to_vec1::<f32>()
    }
}

/// Optional (BREAKDOWN=1): thread-CPU ns per candle op, for 1 row and for 1024 rows.
fn breakdown(net: &CandleNet, x1: &[f32; N_IN], xb: &[f32]) -> candle_core::Result<()> {
    for (label, xs, rows, iters) in [("1 row", &x1[..], 1usize, 20_000usize), ("1024 rows", xb, BATCH, 100)] {
        let mut acc = [0u128; 8];
        for it in 0..iters + iters / 10 {
            let mut t = [0u128; 9];
            t[0] = thread_cpu_ns();
            let x = Tensor::from_slice(xs, (rows, N_IN), &net.dev)?;
            t[1] = thread_cpu_ns();
            let a = x.matmul(&net.w1)?;
            t[2] = thread_cpu_ns();
            let a = a.broadcast_add(&net.b1)?;
            t[3] = thread_cpu_ns();
            let h = a.relu()?;
            t[4] = thread_cpu_ns();
            let z = h.matmul(&net.w2)?;
            t[5] = thread_cpu_ns();
            let z = z.broadcast_add(&net.b2)?;
            t[6] = thread_cpu_ns();
            let p = candle_nn::ops::softmax_last_dim(&z)?;
            t[7] = thread_cpu_ns();
            let v = p.flatten_all()?.to_vec1::<f32>()?;
            t[8] = thread_cpu_ns();
            black_box(v);
            if it >= iters / 10 {
                for k in 0..8 {
                    acc[k] += t[k + 1] - t[k];
                }
            }
        }
        let names = ["from_slice", "matmul 88x64", "+b1", "relu", "matmul 64x3", "+b2", "softmax_last_dim", "flatten+to_vec1"];
        print!("breakdown {label} (thread-CPU ns/call, incl. ~timer overhead):");
        for k in 0..8 {
            print!(" {}={:.0}", names[k], acc[k] as f64 / iters as f64);
        }
        println!();
    }
    Ok(())
}

// ---------------------------------------------------------------------------------------------
/// CPU time consumed by the calling thread, in ns (excludes time the thread was descheduled
/// because other jobs were running on the shared cores).
fn thread_cpu_ns() -> u128 {
    let mut ts = libc::timespec { tv_sec: 0, tv_nsec: 0 };
    // SAFETY: valid pointer to a timespec; CLOCK_THREAD_CPUTIME_ID is supported on Linux.
    unsafe { libc::clock_gettime(libc::CLOCK_THREAD_CPUTIME_ID, &mut ts) };
    ts.tv_sec as u128 * 1_000_000_000 + ts.tv_nsec as u128
}

/// Runs `f` `warm` times, then `reps` times `calls` calls; returns (wall ns/call, thread-CPU
/// ns/call) for each rep.
fn bench(calls: usize, warm: usize, reps: usize, mut f: impl FnMut(usize) -> f32) -> (Vec<f64>, Vec<f64>) {
    let mut sink = 0.0f32;
    for c in 0..warm {
        sink += f(c);
    }
    let (mut wall, mut cpu) = (Vec::with_capacity(reps), Vec::with_capacity(reps));
    for _ in 0..reps {
        let c0 = thread_cpu_ns();
        let t = Instant::now();
        for c in 0..calls {
            sink += f(c);
        }
        wall.push(t.elapsed().as_nanos() as f64 / calls as f64);
        cpu.push((thread_cpu_ns() - c0) as f64 / calls as f64);
    }
    black_box(sink);
    (wall, cpu)
}

fn median(v: &[f64]) -> f64 {
    let mut s = v.to_vec();
    s.sort_by(|a, b| a.partial_cmp(b).unwrap());
    s[s.len() / 2]
}

fn max_abs_diff(a: &[f32], b: &[f32]) -> f32 {
    assert_eq!(a.len(), b.len());
    a.iter().zip(b).map(|(x, y)| (x - y).abs()).fold(0.0, f32::max)
}

fn main() -> candle_core::Result<()> {
    // Single-threaded: candle's matmul (gemm) and candle-nn's softmax use rayon otherwise.
    if std::env::var("RAYON_NUM_THREADS").is_err() {
        std::env::set_var("RAYON_NUM_THREADS", "1");
    }
    let reps = 5;
    let scale: usize = std::env::var("BENCH_SCALE").ok().and_then(|s| s.parse().ok()).unwrap_or(1);
    let n_plain = 1_000_000 * scale;
    let n_candle = 100_000 * scale;
    let n_batch = 200 * scale; // calls of 1024 positions each

    let w = Weights::new(0x5EED_1234_ABCD_0001);
    let net = CandleNet::new(&w)?;
    let actives: Vec<Vec<u16>> = (0..N_POS).map(active_indices).collect();
    let denses: Vec<[f32; N_IN]> = (0..N_POS).map(dense_input).collect();
    let mut batch = Vec::with_capacity(BATCH * N_IN);
    for r in 0..BATCH {
        batch.extend_from_slice(&denses[r % N_POS]);
    }
    assert_eq!(net.w1.dtype(), DType::F32);

    // ---- correctness: all versions agree to ~1e-5 ----------------------------------------
    let mut worst = 0.0f32;
    let b_out = net.forward_batch(&batch)?;
    for p in 0..N_POS {
        let s = forward_sparse(&w, &actives[p]);
        let d = forward_dense(&w, &denses[p]);
        let c = net.forward1(&denses[p])?;
        let g = net.forward1_generic_softmax(&denses[p])?;
        let bt = &b_out[p * N_OUT..(p + 1) * N_OUT];
        let diffs = [
            max_abs_diff(&s, &d),
            max_abs_diff(&s, &c),
            max_abs_diff(&s, &g),
            max_abs_diff(&s, bt),
        ];
        println!(
            "pos {p}: active={} sparse={:?} max|diff| vs sparse: dense={:.2e} candle={:.2e} candle_generic={:.2e} batch={:.2e}",
            actives[p].len(), s, diffs[0], diffs[1], diffs[2], diffs[3]
        );
        worst = diffs.iter().fold(worst, |a, &b| a.max(b));
    }
    // every batch row must match its position's sparse output as well
    for r in 0..BATCH {
        let s = forward_sparse(&w, &actives[r % N_POS]);
        worst = worst.max(max_abs_diff(&s, &b_out[r * N_OUT..(r + 1) * N_OUT]));
    }
    println!("worst max|diff| over all versions and batch rows: {worst:.2e}");
    assert!(worst < 1e-5, "outputs disagree: {worst}");

    // ---- timing ---------------------------------------------------------------------------
    println!(
        "\nRAYON_NUM_THREADS={}, reps={reps}, plain calls/rep={n_plain}, candle calls/rep={n_candle}, batch calls/rep={n_batch}x{BATCH}",
        std::env::var("RAYON_NUM_THREADS").unwrap()
    );
    let mut rows: Vec<(String, (Vec<f64>, Vec<f64>))> = Vec::new();

    let v = bench(n_plain, n_plain / 10, reps, |c| {
        forward_sparse(&w, black_box(&actives[c % N_POS]))[0]
    });
    rows.push(("1. plain sparse (sum of 22 active rows)".into(), v));

    let v = bench(n_plain, n_plain / 10, reps, |c| {
        forward_dense(&w, black_box(&denses[c % N_POS]))[0]
    });
    rows.push(("2. plain dense (88x64 matvec)".into(), v));

    let v = bench(n_candle, n_candle / 10, reps, |c| {
        net.forward1(black_box(&denses[c % N_POS])).unwrap()[0]
    });
    rows.push(("3. candle single, softmax_last_dim".into(), v));

    let v = bench(n_candle, n_candle / 10, reps, |c| {
        net.forward1_generic_softmax(black_box(&denses[c % N_POS])).unwrap()[0]
    });
    rows.push(("3b. candle single, generic softmax(D::Minus1)".into(), v));

    let (bw, bc) = bench(n_batch, n_batch / 10, reps, |_| net.forward_batch(black_box(&batch)).unwrap()[0]);
    let per = |v: Vec<f64>| v.iter().map(|ns| ns / BATCH as f64).collect::<Vec<f64>>();
    let v = (per(bw), per(bc));
    rows.push(("4. candle batched 1024, per position".into(), v));

    let mn = |v: &[f64]| v.iter().cloned().fold(f64::INFINITY, f64::min);
    let mx = |v: &[f64]| v.iter().cloned().fold(0.0, f64::max);
    println!("\n| version | wall ns/call, median of {reps} | wall min..max | thread-CPU ns/call, median | CPU min..max |");
    println!("|---|---:|---:|---:|---:|");
    for (name, (w, c)) in &rows {
        println!(
            "| {name} | {:.1} | {:.0}..{:.0} | {:.1} | {:.0}..{:.0} |",
            median(w), mn(w), mx(w), median(c), mn(c), mx(c)
        );
    }
    let r1 = |v: &[f64]| v.iter().map(|x| (x * 10.0).round() / 10.0).collect::<Vec<_>>();
    println!("\nall reps (wall ns/call | thread-CPU ns/call):");
    for (name, (w, c)) in &rows {
        println!("  {name}: {:?} | {:?}", r1(w), r1(c));
    }
    if std::env::var("BREAKDOWN").is_ok() {
        breakdown(&net, &denses[0], &batch)?;
    }
    Ok(())
}
