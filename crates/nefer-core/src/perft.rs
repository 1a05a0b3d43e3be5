//! Perft: the nodes of the game tree below a position, counted to a fixed depth.
//!
//! As chess engines do (shakmaty's `perft`), [`perft`] walks **every** sequence of actions from a
//! state and counts where they lead. The numbers depend on nothing but the move generators and
//! the rules that apply a move, so fixed positions with their counts (the `tests/perft/*.perft`
//! files of this crate) are a regression net for every later change of a rule set, and the walk
//! itself is a benchmark of move generation and application.
//!
//! A **ply** is one action of either kind: a chance outcome (a throw, or C-9's draw of who throws
//! first) or a decision (a move, `pass`, Kendall's `throw` in a water turn). A whole turn is two
//! plies or more; a trace (NOTATION §6) has one line per decision, a record one token per ply.
//! Passes are moves: they are decisions a seat takes, and a record writes them.
//!
//! ```
//! use nefer_core::perft::{Counts, perft};
//! use nefer_core::AnyGame;
//!
//! let g = AnyGame::from_position("senet.kendall A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A throw")
//!     .unwrap();
//! // Green throws: five outcomes, each a decision.
//! assert_eq!(perft(&g, 1), Counts { decisions: 5, outcomes: 5, ..Counts::default() });
//! // Then he plays the throw: 7 + 1 + 7 + 2 + 7 moves for 1..5 (SPEC §8.3), each followed by a
//! // throw, his own again or red's.
//! assert_eq!(perft(&g, 2), Counts { chances: 24, moves: 24, ..Counts::default() });
//! assert_eq!(perft(&g, 2).nodes(), 24);
//! ```

use core::fmt;
use core::ops::{Add, AddAssign};

use crate::game::{Action, Game, MoveList, Status};

/// What [`perft`] counts at its depth: the states reached by exactly `depth` plies, once per
/// sequence of actions that reaches them (a tree, not a graph: two sequences reaching one state
/// count twice, as in chess perft).
///
/// The states are split two ways: by what they wait for (`decisions + chances + over`), and by
/// the last action that reached them (`moves + outcomes`); both sums are [`Counts::nodes`], except
/// at depth 0, where the one state was reached by no action.
#[derive(Clone, Copy, Debug, Default, PartialEq, Eq, Hash)]
pub struct Counts {
    /// States that wait for a seat's decision ([`Status::Decide`]).
    pub decisions: u64,
    /// States that wait for a chance outcome ([`Status::Chance`]).
    pub chances: u64,
    /// Finished games ([`Status::Over`]): games that ended at exactly this depth (a game over
    /// earlier has no actions left, so no sequence of this length).
    pub over: u64,
    /// States reached by a move: the edges below the decisions one ply up (passes included).
    pub moves: u64,
    /// States reached by a chance outcome: the edges below the chance nodes one ply up.
    pub outcomes: u64,
}

impl Counts {
    /// The number of states at this depth (the chess perft number): the sequences of exactly
    /// this many actions.
    pub const fn nodes(&self) -> u64 {
        self.decisions + self.chances + self.over
    }

    /// Counts one state with `status`, reached by `action` (`None` for the root).
    #[inline]
    fn count(&mut self, status: Status, action: Option<&Action>) {
        match status {
            Status::Decide { .. } => self.decisions += 1,
            Status::Chance { .. } => self.chances += 1,
            Status::Over(_) => self.over += 1,
        }
        match action {
            Some(Action::Move(_)) => self.moves += 1,
            Some(Action::Chance(_)) => self.outcomes += 1,
            None => {}
        }
    }
}

impl Add for Counts {
    type Output = Counts;

    fn add(self, o: Counts) -> Counts {
        Counts {
            decisions: self.decisions + o.decisions,
            chances: self.chances + o.chances,
            over: self.over + o.over,
            moves: self.moves + o.moves,
            outcomes: self.outcomes + o.outcomes,
        }
    }
}

impl AddAssign for Counts {
    fn add_assign(&mut self, o: Counts) {
        *self = *self + o;
    }
}

impl fmt::Display for Counts {
    /// `nodes=N decisions=N chances=N over=N moves=N outcomes=N`: a perft file's line after
    /// `perft DEPTH`.
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(
            f,
            "nodes={} decisions={} chances={} over={} moves={} outcomes={}",
            self.nodes(),
            self.decisions,
            self.chances,
            self.over,
            self.moves,
            self.outcomes
        )
    }
}

/// Walks every sequence of `depth` plies from `game` and counts the states they reach
/// ([`Counts`]). Depth 0 counts `game` itself.
///
/// Chance outcomes are walked as they are listed ([`Game::chance_outcomes`]), whatever their
/// probability; moves as [`Game::legal_moves`] lists them, applied unchecked. The walk is
/// depth-first and allocates nothing (one move list on the stack per ply); its time grows with
/// the whole tree, about `nodes()` of the deepest level times a small factor.
pub fn perft<G: Game>(game: &G, depth: u32) -> Counts {
    let mut counts = Counts::default();
    if depth == 0 {
        counts.count(game.status(), None);
    } else {
        walk(game, depth, &mut counts);
    }
    counts
}

/// The counts of [`perft`] split by the first action: for each action at `game`, in the order
/// the game lists them, the counts of its subtree at `depth` plies from `game` (so `depth - 1`
/// below the action). The sum over the actions is `perft(game, depth)` for `depth >= 1`; a
/// finished game, or `depth == 0`, has none. As chess's "divide", it finds the first action
/// under which two move generators disagree.
pub fn divide<G: Game>(game: &G, depth: u32) -> Vec<(Action, Counts)> {
    if depth == 0 {
        return Vec::new();
    }
    let mut out = Vec::new();
    for_each_child(game, |child, action| {
        let mut counts = Counts::default();
        if depth == 1 {
            counts.count(child.status(), Some(&action));
        } else {
            walk(child, depth - 1, &mut counts);
        }
        out.push((action, counts));
    });
    out
}

/// Adds the counts of the states `depth >= 1` plies below `game`.
fn walk<G: Game>(game: &G, depth: u32, counts: &mut Counts) {
    for_each_child(game, |child, action| {
        if depth == 1 {
            counts.count(child.status(), Some(&action));
        } else {
            walk(child, depth - 1, counts);
        }
    });
}

/// Calls `f` with every state one ply below `game` and the action that reaches it.
#[inline]
fn for_each_child<G: Game>(game: &G, mut f: impl FnMut(&G, Action)) {
    match game.status() {
        Status::Over(_) => {}
        Status::Chance { .. } => {
            for (c, _) in game.chance_outcomes() {
                let mut child = game.clone();
                child.play_chance_unchecked(c);
                f(&child, Action::Chance(c));
            }
        }
        Status::Decide { .. } => {
            let mut moves = MoveList::new();
            game.legal_moves(&mut moves);
            for &m in &moves {
                let mut child = game.clone();
                child.play_unchecked(m);
                f(&child, Action::Move(m));
            }
        }
    }
}
