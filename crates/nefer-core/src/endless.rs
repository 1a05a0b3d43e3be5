//! Games that can never end, and the guard that stops them.
//!
//! SPEC ends a game by a win, by C-8's jam (neither seat has a legal move for any throw) or by
//! C-7's turn cap, which is off by default. Some positions are none of these and still never
//! end: in `hj.washburne` with two d4, `A:R7,R5,R4,R3,R2 B:R1,L4,L3,L2,L1` leaves B without a
//! move for ever while A's one free piece runs from R20 to R7 and a 1 from R7 sends it back
//! by the line, round and round. A seat can always move, so it is no jam.
//!
//! [`can_end`] decides, for a position, whether any end (a win or a C-8 draw) is reachable
//! under some throws and some choices; [`Guard`] asks it of a game that has run
//! [`GUARD_TURNS`] turns, and stops the game if it cannot end. A game that ends is played on
//! exactly as without the guard: the check draws nothing from the game's dice and changes
//! nothing in the game.

use std::collections::HashSet;

use rand::SeedableRng;
use rand_chacha::ChaCha8Rng;

use crate::game::{Chance, Game, Move, MoveList, Playout, Sampled, Seat, Status, play_out};

/// Whether a position can still end ([`can_end`]).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Reach {
    /// Some throws and some choices lead to an end (or the game is over already, or its turn
    /// cap will end it).
    CanEnd,
    /// No throws and no choices ever lead to an end: every position reachable was seen, and
    /// none is over.
    CannotEnd,
    /// The search was stopped at its budget of positions before it could tell.
    Unknown,
}

/// The positions [`can_end`]'s first, small search keeps, before its random games.
pub const FIRST_LOOK: usize = 4096;

/// Random games [`can_end`] plays from a position before it searches it through: one that ends
/// proves an end reachable, at far less cost than a search of a position early in a game.
pub const PROBES: u32 = 16;

/// The most decisions of each of [`can_end`]'s random games: far more than a random game of
/// any rule set takes (hundreds of turns at the 95th percentile).
pub const PROBE_DECISIONS: u32 = 20_000;

/// The positions [`Guard`] lets [`can_end`] keep: 2¹⁸, some 60 MB at most (a state of
/// [`crate::AnyGame`] is 80 bytes, kept in a hash set and on the search's stack), and far more
/// than a game going round in circles reaches (342 positions from the one found).
pub const STATE_BUDGET: usize = 1 << 18;

/// Decides whether `g` can still end: whether some throws and some choices of both seats lead
/// to a position that is over (a win, or a jam of C-8), keeping at most `budget` positions.
///
/// A game over, or one with a turn cap (C-7), can end. Otherwise it visits every position
/// reachable from `g` ([`search`]), each once, with its turn count forgotten
/// ([`Game::forget_turns`]): every chance outcome of nonzero probability and every legal move.
/// One over: [`Reach::CanEnd`]. None over among them all: [`Reach::CannotEnd`]. More than
/// `budget` of them before an end is found: [`Reach::Unknown`]. Where a first search of
/// [`FIRST_LOOK`] positions cannot tell, it plays [`PROBES`] random games of at most
/// [`PROBE_DECISIONS`] decisions from `g` (a fixed seed: the answer depends on `g` alone), one
/// of which ending proves an end reachable far sooner than a search of a position early in a
/// game, before it searches with the whole budget.
pub fn can_end<G: Game>(g: &G, budget: usize) -> Reach {
    if g.outcome().is_some() || g.common().max_turns != 0 {
        return Reach::CanEnd;
    }
    // A game going round in circles reaches few positions (the one found, a few hundred): a
    // small search settles it before the random games, which cost more.
    match search(g, budget.min(FIRST_LOOK)) {
        Reach::Unknown => {}
        r => return r,
    }
    let mut rng = ChaCha8Rng::seed_from_u64(0x6e65_6665_7200_0001);
    for _ in 0..PROBES {
        let mut left = PROBE_DECISIONS;
        let mut p = g.clone();
        let mut moves = MoveList::new();
        play_out(
            &mut p,
            &mut Sampled::new(&mut rng, |g: &G, rng: &mut ChaCha8Rng| {
                left = left.checked_sub(1)?;
                if let Some(m) = g.ranked_move(rng, crate::random_index) {
                    return Some(m);
                }
                g.legal_moves(&mut moves);
                Some(moves[crate::random_index(rng, moves.len())])
            }),
        );
        if p.outcome().is_some() {
            return Reach::CanEnd;
        }
    }
    if budget > FIRST_LOOK {
        search(g, budget)
    } else {
        Reach::Unknown
    }
}

/// The exhaustive part of [`can_end`], without its random games: a depth-first walk of every
/// position reachable from `g`, each kept once with its turn count forgotten, that answers as
/// soon as one is over ([`Reach::CanEnd`]), when all were seen ([`Reach::CannotEnd`]) or when
/// it would keep more than `budget` ([`Reach::Unknown`]). It looks at no turn cap.
pub fn search<G: Game>(g: &G, budget: usize) -> Reach {
    let mut start = g.clone();
    start.forget_turns();
    let mut seen: HashSet<G> = HashSet::new();
    let mut stack = vec![start.clone()];
    seen.insert(start);
    let mut moves = MoveList::new();
    while let Some(s) = stack.pop() {
        let mut next = |mut child: G| {
            if child.outcome().is_some() {
                return Some(Reach::CanEnd);
            }
            child.forget_turns();
            if !seen.contains(&child) {
                if seen.len() >= budget {
                    return Some(Reach::Unknown);
                }
                seen.insert(child.clone());
                stack.push(child);
            }
            None
        };
        match s.status() {
            Status::Chance { .. } => {
                for (c, p) in s.chance_outcomes() {
                    if p.to_f64() > 0.0 {
                        let mut child = s.clone();
                        child.play_chance_unchecked(c);
                        if let Some(r) = next(child) {
                            return r;
                        }
                    }
                }
            }
            Status::Decide { .. } => {
                s.legal_moves(&mut moves);
                for &m in &moves {
                    let mut child = s.clone();
                    child.play_unchecked(m);
                    if let Some(r) = next(child) {
                        return r;
                    }
                }
            }
            Status::Over(_) => return Reach::CanEnd,
        }
    }
    Reach::CannotEnd
}

/// The turns a game plays before [`Guard`] first asks whether it can end: 10,000, far above
/// every game measured (the longest, of the Walker variation between two `master` players,
/// ran 36,147 turns, docs/STUDY.md; random games of every rule set end within hundreds).
pub const GUARD_TURNS: u32 = 10_000;

/// The turns after which [`Guard`] stops a game whose end it still could not decide
/// ([`Reach::Unknown`] at every check): a hundred times [`GUARD_TURNS`], never reached by a
/// game measured, so that no game runs for ever.
pub const GUARD_CEILING: u32 = 1_000_000;

/// Why [`Guard`] stopped a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Stopped {
    /// [`can_end`] proved that no end is reachable.
    CannotEnd,
    /// The game reached [`GUARD_CEILING`] turns and [`can_end`] could not tell.
    Ceiling,
}

/// A [`Playout`] that plays as `P` and stops a game that cannot end.
///
/// At each chance node it compares the game's turn count with the next check (a throw begins
/// every turn, so no turn passes unchecked); that compare is all it costs while the count stays
/// below [`GUARD_TURNS`]. There, and at 2, 4, 8… times as many turns, it asks [`can_end`]
/// (with [`STATE_BUDGET`]); a game that cannot end is stopped before its throw, unfinished, and
/// [`Guard::stopped`] says so. A game still undecided at [`GUARD_CEILING`] turns is stopped
/// too. The checks are doubled apart so that their cost stays a small share of a long game's.
pub struct Guard<P> {
    /// The playout guarded.
    pub inner: P,
    next: u32,
    stopped: Option<Stopped>,
}

impl<P> Guard<P> {
    /// `inner`, guarded.
    pub fn new(inner: P) -> Guard<P> {
        Guard {
            inner,
            next: GUARD_TURNS,
            stopped: None,
        }
    }

    /// Why the guard stopped the game, if it did.
    pub fn stopped(&self) -> Option<Stopped> {
        self.stopped
    }

    /// The check, off the hot path: whether to stop `g`.
    #[cold]
    #[inline(never)]
    fn check<G: Game>(&mut self, g: &G) -> bool {
        let turns = g.turns();
        self.stopped = match can_end(g, STATE_BUDGET) {
            Reach::CannotEnd => Some(Stopped::CannotEnd),
            Reach::Unknown if turns >= GUARD_CEILING => Some(Stopped::Ceiling),
            Reach::CanEnd | Reach::Unknown => None,
        };
        // Doubling the turns between checks keeps their cost a small share of a long game's;
        // the ceiling gets a check of its own.
        self.next = if turns < GUARD_CEILING {
            turns.saturating_mul(2).min(GUARD_CEILING)
        } else {
            turns.saturating_mul(2)
        };
        self.stopped.is_some()
    }
}

impl<G: Game, P: Playout<G>> Playout<G> for Guard<P> {
    #[inline]
    fn chance(&mut self, g: &G, seat: Option<Seat>) -> Option<Chance> {
        if g.turns() >= self.next && self.check(g) {
            return None;
        }
        self.inner.chance(g, seat)
    }

    #[inline]
    fn decide(&mut self, g: &G, seat: Seat) -> Option<Move> {
        self.inner.decide(g, seat)
    }

    #[inline(always)]
    fn act(&mut self, g: &mut G, seat: Seat) -> bool {
        self.inner.act(g, seat)
    }
}

/// [`crate::random_playout`] under a [`Guard`]: plays `game` to its end, or until the guard stops it
/// (then `game` is not over); returns the number of decisions and why the guard stopped it.
pub fn guarded_random_playout<G: Game, R: rand::Rng + ?Sized>(
    game: &mut G,
    rng: &mut R,
) -> (u32, Option<Stopped>) {
    let mut moves = MoveList::new();
    let mut guard = Guard::new(Sampled::new(rng, |g: &G, rng: &mut R| {
        Some(crate::game::random_choice(g, rng, &mut moves))
    }));
    let n = play_out(game, &mut guard);
    (n, guard.stopped())
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::{AnyGame, FromSetup, Options, RuleSetId};

    /// `g` with its turn count set to `turns`.
    fn at_turn(g: &AnyGame, turns: u32) -> AnyGame {
        let mut s = g.to_setup();
        s.turns = turns;
        AnyGame::from_setup(&s).unwrap()
    }

    /// A game that can end is checked again at twice its turns, up to the ceiling, which has a
    /// check of its own, and on past it; one that cannot is stopped.
    #[test]
    fn the_checks_come_at_doubling_turns() {
        let g = RuleSetId::HjWashburne.new_game(&Options::new()).unwrap();
        let mut guard = Guard::new(());
        assert_eq!(guard.next, GUARD_TURNS);
        for (turns, next) in [
            (GUARD_TURNS, 2 * GUARD_TURNS),
            (320_000, 640_000),
            (640_000, GUARD_CEILING),
            (GUARD_CEILING, 2 * GUARD_CEILING),
        ] {
            assert!(!guard.check(&at_turn(&g, turns)), "{turns}");
            assert_eq!((guard.next, guard.stopped()), (next, None), "{turns}");
        }
        let round: AnyGame = "hj.washburne[dice=two_d4] A:R7,R5,R4,R3,R2 B:R1,L4,L3,L2,L1 B throw"
            .parse()
            .unwrap();
        assert!(guard.check(&at_turn(&round, 3 * GUARD_CEILING)));
        assert_eq!(guard.stopped(), Some(Stopped::CannotEnd));
    }

    /// The exhaustive search alone, without the random games, finds an end one action away,
    /// and says so before it has kept more than a position.
    #[test]
    fn the_search_finds_an_end_one_action_away() {
        for &rules in RuleSetId::ALL {
            let mut rng = ChaCha8Rng::seed_from_u64(3);
            let mut g = rules.new_game(&Options::new()).unwrap();
            let mut moves = MoveList::new();
            let last = loop {
                let before = g.clone();
                match g.status() {
                    Status::Chance { .. } => g.play_chance_unchecked(g.sample_chance(&mut rng)),
                    Status::Decide { .. } => {
                        g.legal_moves(&mut moves);
                        let m = moves[rand::RngExt::random_range(&mut rng, 0..moves.len())];
                        g.play_unchecked(m);
                    }
                    Status::Over(_) => unreachable!(),
                }
                if g.outcome().is_some() {
                    break before;
                }
            };
            assert_eq!(search(&last, 1), Reach::CanEnd, "{rules}: {last:?}");
        }
    }
}
