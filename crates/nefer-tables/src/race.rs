//! One player's race in a pure-race rule set, its perfect ranking, and the one-sided solution:
//! the policy minimising the expected number of turns to finish, and for every state the whole
//! distribution of turns to finish under that policy (as gnubg's one-sided bearoff databases).

use crate::rank::Binomial;

/// Probability of each throw 1..=5 with fair sticks (SPEC §1.1), index = throw value.
pub const THROW_P: [f64; 6] = [
    0.0,
    4.0 / 16.0,
    6.0 / 16.0,
    4.0 / 16.0,
    1.0 / 16.0,
    1.0 / 16.0,
];

/// What one player of a pure race carries between throws: occupied holes (bit `n` = hole `n`,
/// one piece per hole), pieces in hand, pieces resting on the shared end hole (Walker's point 30,
/// any number), pieces gone out.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash, PartialOrd, Ord)]
pub struct RaceState {
    /// Bit `n` set: a piece on hole `n` (1..=holes).
    pub holes: u32,
    /// Pieces not entered yet.
    pub hand: u8,
    /// Pieces on the shared end hole (Walker; always 0 in French).
    pub at_end: u8,
    /// Pieces borne off / gone out.
    pub off: u8,
}

impl RaceState {
    /// Pieces on the holes.
    pub fn on_holes(self) -> u8 {
        self.holes.count_ones() as u8
    }

    /// Whether a piece stands on hole `h`.
    pub fn occupied(self, h: u8) -> bool {
        self.holes >> h & 1 == 1
    }

    /// The holes with a piece, in increasing order.
    pub fn pieces_on(self) -> impl Iterator<Item = u8> {
        let mut h = self.holes;
        std::iter::from_fn(move || {
            (h != 0).then(|| {
                let p = h.trailing_zeros() as u8;
                h &= h - 1;
                p
            })
        })
    }

    /// The state after throw `t` enters a piece, if it does: in both races a 1 enters a piece
    /// from the hand on hole 1 when hole 1 is free, and earns a bonus throw (French FR-3,
    /// Walker 001§6; what the bonus may move is each race's own).
    pub fn entry(self, t: u8) -> Option<RaceState> {
        (t == 1 && self.hand > 0 && !self.occupied(1)).then(|| RaceState {
            holes: self.holes | 2,
            hand: self.hand - 1,
            ..self
        })
    }

    /// The state after the piece on hole `p` moves to hole `f`.
    #[inline]
    pub fn moved(self, p: u8, f: u8) -> RaceState {
        RaceState {
            holes: self.holes & !(1 << p) | 1 << f,
            ..self
        }
    }

    /// The state after the piece on hole `p` reaches the end: it rests on the end hole where
    /// the race keeps pieces there (`rests`: Walker's point 30), else it goes out (French FR-7).
    #[inline]
    pub fn ended(self, p: u8, rests: bool) -> RaceState {
        let holes = self.holes & !(1 << p);
        if rests {
            RaceState {
                holes,
                at_end: self.at_end + 1,
                ..self
            }
        } else {
            RaceState {
                holes,
                off: self.off + 1,
                ..self
            }
        }
    }

    /// Total progress, with `end` the end hole's number: the holes of the pieces on the track,
    /// `end` for each piece on the end hole, `end + 1` for each piece out. Every move but a
    /// backward line raises it, so states in order of decreasing progress come after (most of)
    /// the states their turns lead to.
    pub fn progress(self, end: u32) -> u32 {
        self.pieces_on().map(u32::from).sum::<u32>()
            + u32::from(self.at_end) * end
            + u32::from(self.off) * (end + 1)
    }
}

/// Where a turn stands when the next throw is made.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Ctx {
    /// The first throw of a turn.
    Start,
    /// A bonus throw; for the piece on this hole only (French, FR-2), or any piece (0, Walker).
    Bonus(u8),
}

/// The result of one legal use of a throw.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Step {
    /// The turn ends in this state.
    End(RaceState),
    /// The same turn goes on with a bonus throw.
    Again(RaceState, Ctx),
}

/// A pure-race rule set seen from one player.
pub trait Race: Send + Sync {
    /// Pieces per player.
    fn pieces(&self) -> u8;
    /// Holes on the track before the end (29 on the full board).
    fn holes(&self) -> u8;
    /// Whether pieces rest on the end hole (Walker) rather than leaving at once (French).
    fn uses_end(&self) -> bool;
    /// The legal uses of throw `t` (1..=5) in state `s` and context `ctx`, each once.
    /// Empty when the throw is lost.
    fn steps(&self, s: RaceState, ctx: Ctx, t: u8, out: &mut Vec<Step>);
    /// A short name for metadata.
    fn name(&self) -> String;

    /// The start: every piece in hand.
    fn start(&self) -> RaceState {
        RaceState {
            holes: 0,
            hand: self.pieces(),
            at_end: 0,
            off: 0,
        }
    }

    /// Whether every piece is out.
    fn done(&self, s: RaceState) -> bool {
        s.off == self.pieces()
    }
}

/// A pure race's type: its pieces and holes as public fields (5 and 29 by default: the real
/// board), and the [`Race`] impl made of them, the rule set's key for the name, whether the end
/// hole keeps pieces, and the race's own `legal_steps` (an inherent method) for [`Race::steps`].
/// Both races are declared by it, so they differ only in their moves.
macro_rules! pure_race {
    ($(#[$doc:meta])* $race:ident, $key:literal, uses_end: $uses_end:literal) => {
        $(#[$doc])*
        #[derive(Clone, Copy, Debug)]
        pub struct $race {
            /// Pieces per player (5).
            pub pieces: u8,
            /// Holes on the track before the end hole (29).
            pub holes: u8,
        }

        impl Default for $race {
            fn default() -> Self {
                $race {
                    pieces: 5,
                    holes: 29,
                }
            }
        }

        impl $crate::race::Race for $race {
            fn pieces(&self) -> u8 {
                self.pieces
            }

            fn holes(&self) -> u8 {
                self.holes
            }

            fn uses_end(&self) -> bool {
                $uses_end
            }

            fn steps(
                &self,
                s: $crate::race::RaceState,
                ctx: $crate::race::Ctx,
                t: u8,
                out: &mut Vec<$crate::race::Step>,
            ) {
                self.legal_steps(s, ctx, t, out)
            }

            fn name(&self) -> String {
                format!(
                    concat!($key, " one-player race, {} pieces, {} holes"),
                    self.pieces, self.holes
                )
            }
        }
    };
}
pub(crate) use pure_race;

/// A perfect ranking of the race states: a bijection onto `0..len()`.
///
/// States are grouped by (pieces on holes k, in hand, at end); inside a group the occupied holes
/// are ranked in the colexicographic order of k-subsets (combinatorial number system).
pub struct Indexer {
    holes: u8,
    pieces: u8,
    uses_end: bool,
    binom: Binomial,
    /// `offset[k][hand][at_end]`: first index of the group.
    offset: Vec<Vec<Vec<u64>>>,
    len: u64,
}

impl Indexer {
    /// The ranking of `race`'s states.
    pub fn new(race: &dyn Race) -> Indexer {
        let (holes, pieces, uses_end) = (race.holes(), race.pieces(), race.uses_end());
        let binom = Binomial::new();
        let n = usize::from(pieces) + 1;
        let mut offset = vec![vec![vec![u64::MAX; n]; n]; n];
        let mut next = 0u64;
        for (k, hand, at_end) in groups(holes, pieces, uses_end) {
            offset[usize::from(k)][usize::from(hand)][usize::from(at_end)] = next;
            next += binom.choose(u32::from(holes), u32::from(k));
        }
        Indexer {
            holes,
            pieces,
            uses_end,
            binom,
            offset,
            len: next,
        }
    }

    /// Number of states.
    pub fn len(&self) -> u64 {
        self.len
    }

    /// Whether there are no states (never: the start is one).
    pub fn is_empty(&self) -> bool {
        self.len == 0
    }

    /// Every state in rank order: `states()[i] == unrank(i)`, enumerated group by group with the
    /// k-subsets of each group in colexicographic order (Gosper's next-combination step), far
    /// faster than unranking each index.
    pub fn states(&self) -> Vec<RaceState> {
        let mut out = Vec::with_capacity(self.len as usize);
        let limit = 1u64 << self.holes;
        for (k, hand, at_end) in groups(self.holes, self.pieces, self.uses_end) {
            let off = self.pieces - k - hand - at_end;
            // Masks of k bits among the holes' positions 0..holes, in increasing order, which
            // is colexicographic order.
            let mut x: u64 = (1 << k) - 1;
            while x < limit {
                out.push(RaceState {
                    holes: (x as u32) << 1,
                    hand,
                    at_end,
                    off,
                });
                if x == 0 {
                    break;
                }
                let c = x & x.wrapping_neg();
                let r = x + c;
                x = (((r ^ x) >> 2) / c) | r;
            }
        }
        debug_assert_eq!(out.len() as u64, self.len);
        out
    }

    /// The index of `s`.
    pub fn rank(&self, s: RaceState) -> u64 {
        let k = s.on_holes();
        // Holes 1..=H are bits 1..=H; the subset rank uses positions 0..H.
        self.offset[usize::from(k)][usize::from(s.hand)][usize::from(s.at_end)]
            + self.binom.colex_rank(s.holes >> 1)
    }

    /// The state of index `i`.
    ///
    /// # Panics
    /// If `i >= len()`.
    pub fn unrank(&self, i: u64) -> RaceState {
        assert!(i < self.len, "index {i} out of range");
        let mut best: Option<(u64, u8, u8, u8)> = None;
        for (k, hand, at_end) in groups(self.holes, self.pieces, self.uses_end) {
            let o = self.offset[usize::from(k)][usize::from(hand)][usize::from(at_end)];
            if o <= i && best.is_none_or(|(b, ..)| o >= b) {
                best = Some((o, k, hand, at_end));
            }
        }
        let (o, k, hand, at_end) = best.expect("index in range");
        let holes = self.binom.colex_unrank(u32::from(k), i - o) << 1;
        RaceState {
            holes,
            hand,
            at_end,
            off: self.pieces - k - hand - at_end,
        }
    }
}

/// The groups of the ranking, in rank order: `(k, hand, at_end)` for `k` pieces on the holes,
/// `hand` in hand and `at_end` on the end hole (always 0 unless `uses_end`), the rest out.
fn groups(holes: u8, pieces: u8, uses_end: bool) -> impl Iterator<Item = (u8, u8, u8)> {
    (0..=pieces.min(holes)).flat_map(move |k| {
        (0..=pieces - k).flat_map(move |hand| {
            let max_end = if uses_end { pieces - k - hand } else { 0 };
            (0..=max_end).map(move |at_end| (k, hand, at_end))
        })
    })
}

/// The one-sided solution of a race.
pub struct Solution {
    /// Expected turns to finish from the start of a turn, per state index.
    pub expected: Vec<f64>,
    /// `dist[i * (max_turns + 1) + k]` = P(finish on exactly turn k) for k < max_turns, and the
    /// last slot P(more than max_turns - 1 turns), per state index.
    pub dist: Vec<f32>,
    /// Turns kept per state in `dist`.
    pub max_turns: usize,
    /// P(T = k) from the start for every k until the tail is below 1e-13 (index k, k ≥ 1).
    pub start_dist: Vec<f64>,
    /// The most Gauss-Seidel passes one cycle of states needed until its values stopped
    /// changing (1 when the race has no cycle: every state is solved by one evaluation).
    pub sweeps: u32,
}

/// Evaluates the options of one throw under the values `v`: the best value and its step.
fn best_step(
    race: &dyn Race,
    idx: &Indexer,
    v: &[f64],
    s: RaceState,
    ctx: Ctx,
    t: u8,
    buf: &mut Vec<Step>,
) -> Option<(f64, Step)> {
    buf.clear();
    race.steps(s, ctx, t, buf);
    let steps = buf.clone();
    let mut best: Option<(f64, Step)> = None;
    for st in steps {
        let val = match st {
            Step::End(n) => v[idx.rank(n) as usize],
            Step::Again(n, c) => continuation(race, idx, v, n, c, buf),
        };
        // Ties go to the first step in generation order, so the policy is deterministic.
        if best.is_none_or(|(b, _)| val < b - 1e-12) {
            best = Some((val, st));
        }
    }
    best
}

/// Expected turns still to come from a bonus throw in state `s` (the current turn is counted).
fn continuation(
    race: &dyn Race,
    idx: &Indexer,
    v: &[f64],
    s: RaceState,
    ctx: Ctx,
    buf: &mut Vec<Step>,
) -> f64 {
    if race.done(s) {
        return 0.0;
    }
    let here = v[idx.rank(s) as usize];
    (1..=5u8)
        .map(|t| {
            THROW_P[usize::from(t)]
                * best_step(race, idx, v, s, ctx, t, buf).map_or(here, |(b, _)| b)
        })
        .sum()
}

/// Solves `race` one-sidedly, keeping `max_turns` turns of distribution per state.
///
/// `progress` is called with (step, steps) as the work goes. The work is done by
/// [`crate::solver::solve_rows`] with no cut-off, its rows then laid out densely
/// (`(max_turns + 1) × 4` bytes per state: a table writer should use the rows instead).
///
/// # Panics
/// As [`crate::solver::solve_rows`]: `max_turns` beyond `u16::MAX`.
pub fn solve(race: &dyn Race, max_turns: usize, progress: &dyn Fn(u64, u64)) -> Solution {
    let s = crate::solver::solve_rows(race, crate::solver::Keep::uncut(max_turns), progress);
    Solution {
        dist: s.dists.to_dense(max_turns),
        expected: s.expected,
        max_turns,
        start_dist: s.start_dist,
        sweeps: s.sweeps,
    }
}

impl Solution {
    /// The mean of the start's distribution of turns to finish: the expected turns from the
    /// start, as the distribution gives it (`expected` gives it too, by the values).
    pub fn start_mean(&self) -> f64 {
        self.start_dist
            .iter()
            .enumerate()
            .map(|(k, p)| k as f64 * p)
            .sum()
    }
}

/// Expected turns still to come after `step` under the values `v` (the current turn counted as
/// played): `v` of the state it ends in, or the expected rest of the turn for a bonus throw.
pub fn step_value(race: &dyn Race, idx: &Indexer, v: &[f64], step: Step) -> f64 {
    match step {
        Step::End(n) => v[idx.rank(n) as usize],
        Step::Again(n, c) => continuation(race, idx, v, n, c, &mut Vec::new()),
    }
}

/// The min-expected-turns policy read off a value table.
pub struct Policy<'a> {
    /// The race.
    pub race: &'a dyn Race,
    /// Its ranking.
    pub idx: &'a Indexer,
    /// Expected turns per state.
    pub v: &'a [f64],
}

impl Policy<'_> {
    /// The step the policy takes for throw `t` (None: the throw is lost).
    pub fn choose(&self, s: RaceState, ctx: Ctx, t: u8) -> Option<Step> {
        self.best(s, ctx, t, &mut Vec::new()).map(|(_, st)| st)
    }

    /// The step the policy takes for throw `t` with its value, the expected turns still to come
    /// after it (None: the throw is lost). `buf` is scratch space for the steps, so a caller
    /// asking for many can keep one. Ties go to the first step in generation order.
    pub fn best(&self, s: RaceState, ctx: Ctx, t: u8, buf: &mut Vec<Step>) -> Option<(f64, Step)> {
        best_step(self.race, self.idx, self.v, s, ctx, t, buf)
    }
}

/// Figures of a two-player game of two independent races with alternating turns.
#[derive(Clone, Copy, Debug, PartialEq)]
pub struct Match {
    /// P(the player who throws first wins).
    pub p_first_wins: f64,
    /// Expected game length in turns (both players' turns counted).
    pub expected_game_turns: f64,
}

/// Combines the finish-time law `d` (d\[k\] = P(T = k)) of both players: the first thrower wins
/// when he finishes on his k-th turn and the other has not finished in k − 1 turns.
pub fn race_match(d: &[f64]) -> Match {
    let n = d.len();
    let mut at_least = vec![0.0; n + 1]; // P(T ≥ k)
    for k in (0..n).rev() {
        at_least[k] = at_least[k + 1] + d[k];
    }
    let (mut p, mut len) = (0.0, 0.0);
    for k in 1..n {
        // First finishes on turn k, second not before: the game lasts 2k − 1 turns.
        let first = d[k] * at_least[k];
        // Second finishes on turn k, first not within k: 2k turns.
        let second = d[k] * at_least[k + 1];
        p += first;
        len += first * (2 * k - 1) as f64 + second * (2 * k) as f64;
    }
    Match {
        p_first_wins: p,
        expected_game_turns: len,
    }
}
