//! The games in memory: a bounded cache of sessions by id. Past its capacity the least
//! recently used idle games leave memory; they stay in the database, and their next request
//! rebuilds them by replaying their actions (as after a restart). A game is idle when nobody
//! holds it (no request has its lock or waits for it) and nobody listens to its events: a game
//! that is busy or watched stays, so that two sessions of one game never exist at once and no
//! listener misses an action.

use std::collections::HashMap;
use std::sync::Arc;

use tokio::sync::Mutex;

use crate::session::Session;

/// A game in memory and when it was last asked for.
struct Slot {
    game: Arc<Mutex<Session>>,
    used: u64,
}

/// The games in memory (see the [module documentation](self)).
pub struct GameCache {
    capacity: usize,
    slots: HashMap<String, Slot>,
    clock: u64,
}

impl GameCache {
    /// A cache of at most `capacity` idle games.
    pub fn new(capacity: usize) -> GameCache {
        GameCache {
            capacity: capacity.max(1),
            slots: HashMap::new(),
            clock: 0,
        }
    }

    /// The game `id` if it is in memory, now the most recently used.
    pub fn get(&mut self, id: &str) -> Option<Arc<Mutex<Session>>> {
        self.clock += 1;
        let slot = self.slots.get_mut(id)?;
        slot.used = self.clock;
        Some(slot.game.clone())
    }

    /// Keeps `game` as `id`, then lets idle games leave until the cache is within its capacity.
    pub fn insert(&mut self, id: String, game: Arc<Mutex<Session>>) {
        self.clock += 1;
        let used = self.clock;
        self.slots.insert(id, Slot { game, used });
        if self.slots.len() > self.capacity {
            self.evict();
        }
    }

    /// Games in memory.
    pub fn len(&self) -> usize {
        self.slots.len()
    }

    /// Whether no game is in memory.
    pub fn is_empty(&self) -> bool {
        self.slots.is_empty()
    }

    /// Whether game `id` is in memory.
    pub fn contains(&self, id: &str) -> bool {
        self.slots.contains_key(id)
    }

    /// Drops the least recently used idle games until the cache is within its capacity (or
    /// every game left is busy or watched). The caller holds the cache's lock, so a game held
    /// by nobody else cannot be taken while it is looked at.
    fn evict(&mut self) {
        let mut idle: Vec<(u64, String)> = self
            .slots
            .iter()
            .filter(|(_, s)| {
                Arc::strong_count(&s.game) == 1
                    && s.game
                        .try_lock()
                        .is_ok_and(|g| g.events.receiver_count() == 0)
            })
            .map(|(id, s)| (s.used, id.clone()))
            .collect();
        let excess = self.slots.len() - self.capacity;
        if idle.len() > excess {
            idle.select_nth_unstable(excess);
            idle.truncate(excess);
        }
        for (_, id) in idle {
            self.slots.remove(&id);
        }
    }
}
