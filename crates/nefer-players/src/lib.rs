//! # nefer-players
//!
//! Computer players for every nefer rule set, behind one [`Player`] trait; the match that seats
//! them and people at a game ([`play::Match`]), and the simulator that pits them against each
//! other ([`sim`]).
//!
//! - [`random`](PlayerSpec::Random): uniform among the legal moves;
//! - [`greedy`](PlayerSpec::Greedy): one ply on an [`Evaluator`] (the levels use
//!   the hand-written [`HandWritten`](eval::HandWritten));
//! - [`expectimax`](PlayerSpec::Expectimax): expectiminimax over the explicit chance nodes with
//!   Star1/Star2 pruning, a transposition table and iterative deepening;
//! - [`mcts`](PlayerSpec::Mcts): Monte Carlo tree search with explicit chance nodes.
//!
//! Every player is deterministic for a given seed: given the same game and seed it chooses the
//! same moves (time budgets are a safety cap only; levels use depth and iteration budgets).
//!
//! ```
//! use nefer_core::{Game, Options, RuleSetId, Status};
//! use nefer_players::{PlayerSpec, Player};
//!
//! let mut g = RuleSetId::SenetKendall.new_game(&Options::new()).unwrap();
//! let mut p = "greedy".parse::<PlayerSpec>().unwrap().build(7);
//! g.play_chance(nefer_core::Chance::Throw(nefer_core::Throw::new(3).unwrap())).unwrap();
//! let m = p.choose(&g);
//! g.play(m).unwrap();
//! ```

pub mod analysis;
pub mod calibration;
pub mod chances;
pub mod eval;
pub mod perfect;
pub mod play;
pub mod review;
pub mod search;
pub mod sim;
pub mod study;
pub mod train;

use core::fmt;
use core::str::FromStr;
use std::sync::Arc;
use std::time::Duration;

use arrayvec::ArrayVec;
use nefer_core::game::MAX_MOVES;
use nefer_core::notation::NotationKey;
use nefer_core::{AnyGame, Game, Move, MoveList, Place};
use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use eval::Evaluator;
use search::{expectimax, greedy, mcts};

/// A computer player.
pub trait Player: Send {
    /// Chooses one of the legal moves of `game`, which waits for this player's decision.
    fn choose(&mut self, game: &AnyGame) -> Move;

    /// The player's name with its budget, e.g. `expectimax:depth=3`.
    fn name(&self) -> String;
}

/// The legal moves of `g`, sorted by notation so that choices do not depend on generation order.
pub fn sorted_moves(g: &AnyGame) -> MoveList {
    let mut moves = MoveList::new();
    sorted_moves_into(g, &mut moves);
    moves
}

/// [`sorted_moves`] into a list the caller keeps (a player's, between its decisions): no list
/// copied out per decision.
pub fn sorted_moves_into(g: &AnyGame, moves: &mut MoveList) {
    moves.clear();
    g.legal_moves(moves);
    if !g.moves_in_notation_order() {
        sort_by_notation(moves);
    }
}

/// Sorts `moves` by their notation strings' order.
///
/// By the notation's bytes as one number, not by `to_string`: the same order without
/// formatting or allocating, each key computed once. An insertion sort over the keys beside the
/// moves: lists are short (a handful of moves), and keys are unique (the notation names a
/// move), so the order is the strings' order whatever the generator's.
pub fn sort_by_notation(moves: &mut MoveList) {
    if moves.len() < 2 {
        return;
    }
    let mut keys = ArrayVec::<u16, MAX_MOVES>::new();
    if go_keys(moves, &mut keys) {
        sort_by_keys(moves, &mut keys);
    } else {
        let mut keys: ArrayVec<NotationKey, MAX_MOVES> =
            moves.iter().map(|m| m.notation_key()).collect();
        sort_by_keys(moves, &mut keys);
    }
}

/// Insertion sort of `moves` by `keys` (a key per move, unique): lists are short.
fn sort_by_keys<K: Ord + Copy>(moves: &mut [Move], keys: &mut [K]) {
    for i in 1..moves.len() {
        let (k, m) = (keys[i], moves[i]);
        let mut j = i;
        while j > 0 && keys[j - 1] > k {
            keys[j] = keys[j - 1];
            moves[j] = moves[j - 1];
            j -= 1;
        }
        keys[j] = k;
        moves[j] = m;
    }
}

/// The move that [`sort_by_notation`] would put at index `rank`, without sorting: the one with
/// exactly `rank` smaller keys (keys are unique). A random player needs only that one, and a
/// count of the keys below each candidate writes nothing, where a sort moves keys and moves.
///
/// # Panics
/// When `rank` is not below the number of moves.
#[inline]
pub fn nth_by_notation(moves: &[Move], rank: usize) -> Move {
    assert!(rank < moves.len(), "rank {rank} of {} moves", moves.len());
    if moves.len() == 1 {
        return moves[0];
    }
    // Nearly every list moves each piece at most once: its moves' origins differ, and their
    // order is their origins' (a move's key is its origin's rank, then its target's). A set of
    // the origins' ranks then gives the move of each rank by dropping the `rank` lowest: a few
    // instructions a move, where counting the keys below each takes a pass over the list per
    // candidate (docs/BENCHMARKS.md, issue 19). A Senet list's origins are squares, a 58-hole
    // board's holes or the hand: each has its own rank of one table read, below 64, and the
    // first move says which to try.
    let ranked = match moves[0] {
        Move::Go {
            from: Place::Square(_),
            ..
        } => nth_by_origins(moves, rank, Move::square_origin_rank),
        _ => nth_by_origins(moves, rank, Move::hole_origin_rank),
    };
    ranked.unwrap_or_else(|| by_all_origins(moves, rank))
}

/// The move of rank `rank` in notation order among `moves`, `game`'s legal list: at its index
/// where the rule set lists its moves so ([`Game::moves_in_notation_order`]), else ranked by
/// [`nth_by_notation`]. What a random choice draws, so that it does not depend on the generator.
#[inline]
pub fn move_of_rank<G: Game>(game: &G, moves: &[Move], rank: usize) -> Move {
    if game.moves_in_notation_order() {
        moves[rank]
    } else {
        nth_by_notation(moves, rank)
    }
}

/// [`nth_by_notation`] for the lists the shorter origin ranks do not rank: out of line, so that
/// its tables do not weigh on the frame of every decision's call.
#[cold]
#[inline(never)]
fn by_all_origins(moves: &[Move], rank: usize) -> Move {
    // Pieces' moves and one `throw` or `pass` (Kendall's water turn: give up or throw; a bonus
    // or a load declined): the `throw` or `pass` comes last, as a piece's move is written from
    // a digit (a square), a capital (`L`, `R`, `S`) or `hand`, all below `p` and `t`; the
    // others keep their order among themselves. Checked here, out of the way of the lists of
    // pieces' moves alone: a check in their loop cost more than it saved (docs/BENCHMARKS.md).
    let mut pieces = ArrayVec::<Move, MAX_MOVES>::new();
    let mut last = None;
    for &m in moves {
        match m {
            Move::Go { .. } => pieces.push(m),
            Move::Throw | Move::Pass if last.is_none() => last = Some(m),
            _ => {
                last = None;
                break;
            }
        }
    }
    if let Some(last) = last.filter(|_| pieces.len() + 1 == moves.len()) {
        return if rank == pieces.len() {
            last
        } else {
            nth_by_notation(&pieces, rank)
        };
    }
    // Two words, not a u128: shifts of a u128 by a variable cost a dozen instructions.
    let mut origins = [0u64; 2];
    let mut index_of = [0u8; 128];
    for (i, m) in moves.iter().enumerate() {
        let Some(from) = m.origin_rank() else {
            return by_keys(moves, rank);
        };
        let (word, b) = (usize::from(from >> 6) & 1, 1u64 << (from & 63));
        if origins[word] & b != 0 {
            return by_keys(moves, rank);
        }
        origins[word] |= b;
        index_of[usize::from(from) & 127] = i as u8;
    }
    let low = origins[0].count_ones() as usize;
    let (set, base, rank) = if rank < low {
        (origins[0], 0, rank)
    } else {
        (origins[1], 64, rank - low)
    };
    moves[usize::from(index_of[base + nth_bit(set, rank)])]
}

/// The move of `rank` among `moves` when `origin` gives every move an origin rank below 64 and
/// no two moves the same: `None` otherwise (then the caller ranks the list another way).
#[inline(always)]
fn nth_by_origins(moves: &[Move], rank: usize, origin: fn(Move) -> Option<u8>) -> Option<Move> {
    let mut set = 0u64;
    let mut index_of = [0u8; 64];
    for (i, &m) in moves.iter().enumerate() {
        let from = origin(m)?;
        let b = 1u64 << (from & 63);
        if set & b != 0 {
            return None;
        }
        set |= b;
        index_of[usize::from(from & 63)] = i as u8;
    }
    Some(moves[usize::from(index_of[nth_bit(set, rank) & 63])])
}

/// The index of the set bit of `set` with `rank` set bits below it (`rank` below their count).
#[inline(always)]
fn nth_bit(mut set: u64, rank: usize) -> usize {
    for _ in 0..rank {
        set &= set - 1;
    }
    set.trailing_zeros() as usize
}

/// [`nth_by_notation`] for any list: every move's key, and the one with `rank` keys below it.
fn by_keys(moves: &[Move], rank: usize) -> Move {
    // A key per move in an array rather than pushed: no capacity check per key.
    let mut keys = [0u16; MAX_MOVES];
    for (k, m) in keys.iter_mut().zip(moves) {
        match m.go_key() {
            Some(key) => *k = key,
            None => {
                let keys: ArrayVec<NotationKey, MAX_MOVES> =
                    moves.iter().map(|m| m.notation_key()).collect();
                return moves[index_of_rank(&keys, rank)];
            }
        }
    }
    moves[index_of_rank(&keys[..moves.len()], rank)]
}

/// The index of the key with exactly `rank` keys below it (keys are unique): a count for
/// each key in turn, a handful of compares, as lists are short.
fn index_of_rank<K: Ord + Copy>(keys: &[K], rank: usize) -> usize {
    keys.iter()
        .position(|&k| {
            keys.iter()
                .fold(0, |below, &other| below + usize::from(other < k))
                == rank
        })
        .expect("unique keys have every rank below their count")
}

/// The cheaper keys of a list of pieces' moves alone (nearly all lists), which order such
/// moves as their notations ([`Move::go_key`]); `false` when a move is not a piece's, and
/// only [`Move::notation_key`] orders the list.
fn go_keys(moves: &[Move], keys: &mut ArrayVec<u16, MAX_MOVES>) -> bool {
    for m in moves {
        match m.go_key() {
            Some(k) => keys.push(k),
            None => return false,
        }
    }
    true
}

/// Chooses uniformly among the legal moves.
pub struct RandomPlayer {
    rng: ChaCha8Rng,
    /// The legal moves of the current decision, kept between calls so that a simulation
    /// neither allocates nor copies a list per decision.
    moves: MoveList,
}

impl RandomPlayer {
    /// A random player with its own seeded generator.
    pub fn new(seed: u64) -> RandomPlayer {
        RandomPlayer {
            rng: ChaCha8Rng::seed_from_u64(seed),
            moves: MoveList::new(),
        }
    }

    /// The player [`RandomPlayer::new`] gives for `seed`, in place: what a simulation does
    /// between games instead of building a player anew.
    pub fn reseed(&mut self, seed: u64) {
        self.rng = ChaCha8Rng::seed_from_u64(seed);
    }

    /// [`Player::choose`] for a game of any [`Game`] type: the same choice, compiled for the
    /// rule set's own state where the caller has it (the simulator's random games).
    #[inline]
    pub fn choose_in<G: Game>(&mut self, game: &G) -> Move {
        random_move(game, &mut self.rng, &mut self.moves)
    }
}

/// A uniformly random legal move of `game`, drawn as a rank in the moves' notation order (one
/// draw from `rng` at every decision, forced or not): the random player's choice and MCTS's
/// rollouts'. Found without listing the moves where the rule set can
/// ([`Game::ranked_move`]), else from the list made in `moves`.
#[inline(always)]
pub(crate) fn random_move<G: Game>(game: &G, rng: &mut ChaCha8Rng, moves: &mut MoveList) -> Move {
    if let Some(m) = game.ranked_move(rng, nefer_core::random_index) {
        return m;
    }
    game.legal_moves(moves);
    let rank = nefer_core::random_index(rng, moves.len());
    move_of_rank(game, moves, rank)
}

impl Player for RandomPlayer {
    fn choose(&mut self, game: &AnyGame) -> Move {
        self.choose_in(game)
    }

    fn name(&self) -> String {
        "random".into()
    }
}

/// A player and its budget, as written on the command line.
#[derive(Clone, Debug, PartialEq)]
pub enum PlayerSpec {
    /// `random`.
    Random,
    /// `greedy`.
    Greedy,
    /// `expectimax[:depth=D][,ms=T]`: decisions searched, and a time cap per move.
    Expectimax {
        /// Depth in decisions (chance nodes do not count).
        depth: u32,
        /// Time cap per move.
        time: Option<Duration>,
    },
    /// `perfect`: the exact min-expected-turns policy of the pure races.
    Perfect,
    /// `neural`: one ply on the learned evaluator ([`eval::neural`]): the shipped network of
    /// the game's rules, or `net`.
    Neural {
        /// A network to play with instead of the shipped one (`--weights`).
        net: Option<Arc<eval::Neural>>,
    },
    /// `master[:depth=D][,ms=T]`: expectimax on the learned evaluator.
    Master {
        /// Depth in decisions.
        depth: u32,
        /// Time cap per move.
        time: Option<Duration>,
        /// A network to play with instead of the shipped one (`--weights`).
        net: Option<Arc<eval::Neural>>,
    },
    /// `mcts[:iters=N][,ms=T]`.
    Mcts {
        /// Iterations per move.
        iterations: u32,
        /// Time cap per move.
        time: Option<Duration>,
    },
}

/// The named levels for people, weakest first.
pub const LEVELS: [(&str, &str); 6] = [
    ("beginner", "random"),
    ("easy", "greedy"),
    ("medium", "expectimax:depth=2"),
    // Depth 3 takes well under a millisecond a move in Senet, depth 4 a few milliseconds; the
    // caps keep both within 1 s on positions with many moves. Deeper searches cost ten times
    // more per level for gains that luck mostly hides (docs/STRENGTH.md).
    ("hard", "expectimax:depth=3,ms=1000"),
    ("expert", "expectimax:depth=4,ms=1000"),
    // Expectimax over the learned evaluator: three decisions deep on leaves that know the
    // chances plays better than `expert`'s four on hand-written scores, in a few milliseconds a
    // move (docs/STRENGTH.md).
    ("master", "master:depth=3,ms=1000"),
];

/// A level in people's words: its name and what it does in one line, for the lobby and the
/// computer's seat ("Medium — looks two moves ahead"); `None` for anything but a level of
/// [`LEVELS`] or `perfect`.
pub fn level_words(level: &str) -> Option<(&'static str, &'static str)> {
    Some(match level {
        "beginner" => ("Beginner", "plays any move at random"),
        "easy" => (
            "Easy",
            "takes the move that looks best now, without looking ahead",
        ),
        "medium" => ("Medium", "looks two moves ahead, weighing every throw"),
        "hard" => ("Hard", "looks three moves ahead, weighing every throw"),
        "expert" => ("Expert", "looks four moves ahead, weighing every throw"),
        "master" => (
            "Master",
            "looks three moves ahead with a judgement it learned by playing itself",
        ),
        "perfect" => (
            "Perfect",
            "plays the pure race perfectly, from exact tables",
        ),
        _ => return None,
    })
}

/// A player name that is not understood.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
#[error("`{0}` is not a player: use random, greedy, perfect (pure races), expectimax[:depth=D,ms=T], neural, master[:depth=D,ms=T], mcts[:iters=N,ms=T] or a level ({levels})", levels = LEVELS.map(|l| l.0).join(", "))]
pub struct BadPlayer(pub String);

impl FromStr for PlayerSpec {
    type Err = BadPlayer;

    fn from_str(s: &str) -> Result<PlayerSpec, BadPlayer> {
        if let Some((_, spec)) = LEVELS.iter().find(|(name, _)| *name == s) {
            return spec.parse();
        }
        let bad = || BadPlayer(s.to_owned());
        let (kind, params) = s.split_once(':').unwrap_or((s, ""));
        // `expectimax:` says nothing after its colon: a mistake, not the defaults.
        if s.ends_with(':') {
            return Err(bad());
        }
        let mut depth = 2;
        let mut iterations = 1000;
        let mut time = None;
        let mut seen: Vec<&str> = Vec::new();
        for p in params.split(',').filter(|_| !params.is_empty()) {
            let (k, v) = p.split_once('=').ok_or_else(bad)?;
            // `depth=2,depth=3`: which one was meant? Neither is taken.
            if seen.contains(&k) {
                return Err(bad());
            }
            seen.push(k);
            let v: u64 = v.parse().map_err(|_| bad())?;
            match (kind, k) {
                ("expectimax" | "master", "depth") if (1..=12).contains(&v) => depth = v as u32,
                ("mcts", "iters") if (1..=10_000_000).contains(&v) => iterations = v as u32,
                ("expectimax" | "master" | "mcts", "ms") if v > 0 => {
                    time = Some(Duration::from_millis(v))
                }
                _ => return Err(bad()),
            }
        }
        match kind {
            "random" if params.is_empty() => Ok(PlayerSpec::Random),
            "greedy" if params.is_empty() => Ok(PlayerSpec::Greedy),
            "perfect" if params.is_empty() => Ok(PlayerSpec::Perfect),
            "expectimax" => Ok(PlayerSpec::Expectimax { depth, time }),
            "neural" if params.is_empty() => Ok(PlayerSpec::Neural { net: None }),
            "master" => Ok(PlayerSpec::Master {
                depth,
                time,
                net: None,
            }),
            "mcts" => Ok(PlayerSpec::Mcts { iterations, time }),
            _ => Err(bad()),
        }
    }
}

impl fmt::Display for PlayerSpec {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        let ms = |t: &Option<Duration>| {
            t.map(|t| format!(",ms={}", t.as_millis()))
                .unwrap_or_default()
        };
        match self {
            PlayerSpec::Random => f.write_str("random"),
            PlayerSpec::Greedy => f.write_str("greedy"),
            PlayerSpec::Perfect => f.write_str("perfect"),
            PlayerSpec::Expectimax { depth, time } => {
                write!(f, "expectimax:depth={depth}{}", ms(time))
            }
            PlayerSpec::Neural { .. } => f.write_str("neural"),
            PlayerSpec::Master { depth, time, .. } => {
                write!(f, "master:depth={depth}{}", ms(time))
            }
            PlayerSpec::Mcts { iterations, time } => {
                write!(f, "mcts:iters={iterations}{}", ms(time))
            }
        }
    }
}

impl PlayerSpec {
    /// Whether this player can play `rules` (`perfect` plays only the pure races).
    pub fn supports(&self, game: &AnyGame) -> bool {
        *self != PlayerSpec::Perfect || perfect::supports(game)
    }

    /// A player of this kind with its own generator seeded by `seed`, on the hand-written
    /// evaluation.
    pub fn build(&self, seed: u64) -> Box<dyn Player> {
        match *self {
            PlayerSpec::Random => Box::new(RandomPlayer::new(seed)),
            PlayerSpec::Greedy => Box::new(greedy::Greedy::new(seed)),
            PlayerSpec::Perfect => Box::new(perfect::Perfect),
            PlayerSpec::Expectimax { depth, time } => {
                Box::new(expectimax::Expectimax::new(depth, time, seed))
            }
            PlayerSpec::Neural { ref net } => Box::new(greedy::Greedy::with_evaluator(
                eval::neural::learned_or_hand_written(net.clone()),
                seed,
            )),
            PlayerSpec::Master {
                depth,
                time,
                ref net,
            } => Box::new(expectimax::Expectimax::with_evaluator(
                eval::neural::learned_or_hand_written(net.clone()),
                depth,
                time,
                seed,
            )),
            PlayerSpec::Mcts { iterations, time } => {
                Box::new(mcts::Mcts::new(iterations, time, seed))
            }
        }
    }

    /// This player with `net` as its network where it plays on one (`neural`, `master`); other
    /// players are left as they are.
    pub fn with_network(self, net: Arc<eval::Neural>) -> PlayerSpec {
        match self {
            PlayerSpec::Neural { .. } => PlayerSpec::Neural { net: Some(net) },
            PlayerSpec::Master { depth, time, .. } => PlayerSpec::Master {
                depth,
                time,
                net: Some(net),
            },
            other => other,
        }
    }

    /// Whether this player values positions with a learned network.
    pub fn is_learned(&self) -> bool {
        matches!(self, PlayerSpec::Neural { .. } | PlayerSpec::Master { .. })
    }

    /// A player of this kind whose search values positions with `eval` (`random` and `perfect`
    /// use none: they are built as by [`build`](PlayerSpec::build)).
    pub fn build_with(&self, seed: u64, eval: Arc<dyn Evaluator>) -> Box<dyn Player> {
        match *self {
            PlayerSpec::Random | PlayerSpec::Perfect => self.build(seed),
            PlayerSpec::Greedy | PlayerSpec::Neural { .. } => {
                Box::new(greedy::Greedy::with_evaluator(eval, seed))
            }
            PlayerSpec::Expectimax { depth, time } | PlayerSpec::Master { depth, time, .. } => {
                Box::new(expectimax::Expectimax::with_evaluator(
                    eval, depth, time, seed,
                ))
            }
            PlayerSpec::Mcts { iterations, time } => {
                Box::new(mcts::Mcts::with_evaluator(eval, iterations, time, seed))
            }
        }
    }
}

#[cfg(test)]
mod tests {
    /// Every level has people's words, and they name no player spec.
    #[test]
    fn every_level_has_words() {
        for (name, _) in super::LEVELS.iter().chain(&[("perfect", "perfect")]) {
            let (title, what) = super::level_words(name).expect(name);
            assert_eq!(title.to_lowercase(), *name);
            assert!(!what.contains(':') && !what.contains('='), "{what}");
        }
        assert_eq!(super::level_words("expectimax:depth=2"), None);
    }

    use super::*;
    use nefer_core::{Options, RuleSetId, Status};

    #[test]
    fn a_reseeded_random_player_is_a_new_one() {
        let g = RuleSetId::SenetKendall.new_game(&Options::new()).unwrap();
        let mut g = g;
        g.play_chance(nefer_core::Chance::Throw(
            nefer_core::Throw::new(1).unwrap(),
        ))
        .unwrap();
        let mut used = RandomPlayer::new(1);
        for _ in 0..5 {
            used.choose(&g);
        }
        used.reseed(9);
        let mut fresh = RandomPlayer::new(9);
        for _ in 0..20 {
            assert_eq!(used.choose(&g), fresh.choose(&g));
        }
    }

    /// Lists where a piece has two moves (one origin twice), or moves that are not a piece's,
    /// are ranked by their whole keys: each rank is still the strings' order.
    #[test]
    fn the_nth_move_by_notation_when_origins_repeat() {
        let lists: [&[&str]; 11] = [
            &["5-7", "5-9", "10-12", "26-27"],
            &["26-off", "26-27", "3-1", "30-off"],
            &["2:L3-L5", "4:L3-L7", "2:hand-L2"],
            &["27-15", "throw", "pass"],
            // One `throw` or `pass` beside pieces' moves from different places: after them.
            &["27-15", "throw"],
            &["throw", "27-15"],
            &["26-off", "30-off", "pass"],
            &["pass", "L3-L5", "R1-R4"],
            &["hand-L2", "L5-L8", "S-off", "throw"],
            &["capture-R3", "pass"],
            &["pass", "hand-L1"],
        ];
        for list in lists {
            let moves: Vec<Move> = list.iter().map(|s| s.parse().unwrap()).collect();
            let mut by_string = moves.clone();
            by_string.sort_by_key(|m| m.to_string());
            for (rank, m) in by_string.iter().enumerate() {
                assert_eq!(nth_by_notation(&moves, rank), *m, "{list:?}: rank {rank}");
            }
        }
    }

    /// Along random games of every rule set, the players' order is the notation strings' order,
    /// and the move of each rank is the sorted list's at that index.
    #[test]
    fn moves_are_ordered_as_their_notations() {
        let mut rng = ChaCha8Rng::seed_from_u64(19);
        for &id in RuleSetId::ALL {
            let mut g = id.new_game(&Options::new()).unwrap();
            let mut lists = 0;
            while lists < 300 {
                match g.status() {
                    Status::Over(_) => g = id.new_game(&Options::new()).unwrap(),
                    Status::Chance { .. } => g.play_chance_unchecked(g.sample_chance(&mut rng)),
                    Status::Decide { .. } => {
                        let moves = sorted_moves(&g);
                        let mut by_string: Vec<Move> = moves.to_vec();
                        by_string.sort_by_key(|m| m.to_string());
                        assert_eq!(moves.to_vec(), by_string, "{id}: {g}");
                        let mut shuffled = by_string.clone();
                        shuffled.reverse();
                        for (rank, m) in by_string.iter().enumerate() {
                            assert_eq!(nth_by_notation(&moves, rank), *m, "{id}: rank {rank}");
                            assert_eq!(nth_by_notation(&shuffled, rank), *m, "{id}: rank {rank}");
                        }
                        lists += usize::from(moves.len() > 1);
                        g.play_unchecked(moves[nefer_core::random_index(&mut rng, moves.len())]);
                    }
                }
            }
        }
    }

    #[test]
    fn specs_parse_and_print() {
        for s in [
            "random",
            "greedy",
            "expectimax:depth=3",
            "expectimax:depth=2,ms=500",
            "mcts:iters=200",
            "neural",
            "master:depth=3,ms=500",
        ] {
            assert_eq!(s.parse::<PlayerSpec>().unwrap().to_string(), s);
        }
        assert_eq!(
            "hard".parse::<PlayerSpec>().unwrap().to_string(),
            "expectimax:depth=3,ms=1000"
        );
        for s in [
            "",
            "rand",
            "greedy:depth=2",
            "expectimax:depth=0",
            "mcts:iters=x",
            "mcts:foo=1",
            "expectimax:",
            "expectimax:depth=2,depth=3",
            "mcts:iters=5,ms=9,iters=6",
            "expectimax:depth=2,",
            "expectimax:,depth=2",
            "neural:depth=2",
            "master:iters=3",
        ] {
            assert!(s.parse::<PlayerSpec>().is_err(), "{s}");
        }
    }
}
