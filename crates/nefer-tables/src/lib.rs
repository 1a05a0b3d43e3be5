//! # nefer-tables
//!
//! Exact solutions of the pure-race rule sets, `hj.french` and `hj.walker` (basic game): in both
//! the players never interact, so a game is two independent races with alternating turns.
//!
//! - [`race`]: one player's race state with a perfect ranking ([`race::Indexer`]), the policy
//!   minimising the expected number of turns to finish and, for every state, the distribution of
//!   turns to finish under it ([`race::solve`]); the match figures of two such races
//!   ([`race::race_match`]).
//! - [`solver`]: how [`race::solve`] works (successor lists, values in dependency order,
//!   distributions turn by turn) and its compact rows ([`solver::solve_rows`]).
//! - [`pair`]: the exact win-maximising policy, on reduced piece counts.
//! - [`table`]: the binary table format.

pub mod french;
pub mod pair;
pub mod race;
pub mod rank;
pub mod solver;
pub mod table;
pub mod walker;

use race::Race;

/// The race of rule set `key` with `pieces` pieces on `holes` holes, if it is a pure race.
pub fn race_for(key: &str, pieces: u8, holes: u8) -> Option<Box<dyn Race>> {
    match key {
        "hj.french" => Some(Box::new(french::French { pieces, holes })),
        "hj.walker" => Some(Box::new(walker::Walker { pieces, holes })),
        _ => None,
    }
}

/// How many turns of each state's distribution a table of rule set `key`'s race keeps unless
/// told otherwise: enough that the start's tail beyond is below 1e-12 (Walker's race is about
/// two and a half times as long as French's). `None` for a rule set that is not a pure race.
pub fn default_max_turns(key: &str) -> Option<usize> {
    match key {
        "hj.french" => Some(192),
        "hj.walker" => Some(640),
        _ => None,
    }
}
