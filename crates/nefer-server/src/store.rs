//! Persistence in SQLite: one row per game and one per action, each action committed before the
//! response that reports it, so that a restart or a crash loses no move. A game is rebuilt by
//! replaying its actions through `nefer-core`, never from a saved state.

use std::path::Path;
use std::sync::Mutex;

use rusqlite::{Connection, OptionalExtension, params};

use crate::error::SessionError;

/// The schema of a new database, version [`VERSION`]: `user_version` tells later versions what
/// they open, and [`migrate`] brings an older one up to date.
const SCHEMA: &str = "
CREATE TABLE IF NOT EXISTS games (
    id       TEXT PRIMARY KEY,
    rules    TEXT NOT NULL,
    options  TEXT NOT NULL,
    mode     TEXT NOT NULL,
    name_a   TEXT NOT NULL,
    name_b   TEXT NOT NULL,
    -- 'human' or 'computer'
    kind_a   TEXT NOT NULL,
    kind_b   TEXT NOT NULL,
    -- SHA-256 (hex) of the seat's token; NULL for a computer seat
    token_a  TEXT,
    token_b  TEXT,
    -- the computer's level or player spec, computer mode only
    level    TEXT,
    created  INTEGER NOT NULL,
    updated  INTEGER NOT NULL,
    -- the dice seed (64 hex digits, secret); NULL for a game stored before version 2
    seed     TEXT,
    -- the number of first actions not thrown by the seed (a game older than its seed)
    seed_from INTEGER NOT NULL DEFAULT 0,
    -- the position string the game was set up from (docs/dev/positions.md); NULL for a game
    -- from its rule set's start
    position TEXT,
    -- an online game's rematch offered but not yet accepted: the seat that offered it
    rematch_offer TEXT,
    -- the rematch (seats swapped) once it exists: its game id
    rematch  TEXT
);
CREATE TABLE IF NOT EXISTS actions (
    game     TEXT NOT NULL REFERENCES games(id),
    i        INTEGER NOT NULL,
    token    TEXT NOT NULL,
    -- the four stick bits of a throw as it fell, NULL for other actions
    sticks   INTEGER,
    PRIMARY KEY (game, i)
) WITHOUT ROWID;
";

/// The schema's version: 1 the first, 2 with the games' dice seeds, 3 with the positions of
/// games set up from one, 4 with the rematches.
const VERSION: i64 = 4;

/// What version 4 adds: a game's rematch offer and its rematch.
const REMATCH_COLUMNS: &str = "ALTER TABLE games ADD COLUMN rematch_offer TEXT;
     ALTER TABLE games ADD COLUMN rematch TEXT;";

/// Creates the schema in a new database, or brings an older one up to [`VERSION`], in one
/// transaction. A database of a later version is refused rather than misread.
fn migrate(conn: &mut Connection) -> rusqlite::Result<()> {
    let tx = conn.transaction()?;
    let version: i64 = tx.query_row("PRAGMA user_version", [], |r| r.get(0))?;
    match version {
        0 => tx.execute_batch(SCHEMA)?,
        1 => {
            tx.execute_batch(
                "ALTER TABLE games ADD COLUMN seed TEXT;
                 ALTER TABLE games ADD COLUMN seed_from INTEGER NOT NULL DEFAULT 0;
                 ALTER TABLE games ADD COLUMN position TEXT;",
            )?;
            tx.execute_batch(REMATCH_COLUMNS)?;
        }
        2 => {
            tx.execute_batch("ALTER TABLE games ADD COLUMN position TEXT;")?;
            tx.execute_batch(REMATCH_COLUMNS)?;
        }
        3 => tx.execute_batch(REMATCH_COLUMNS)?,
        VERSION => {}
        v => {
            return Err(rusqlite::Error::SqliteFailure(
                rusqlite::ffi::Error::new(rusqlite::ffi::SQLITE_MISMATCH),
                Some(format!(
                    "the database has schema version {v}; this server knows versions up to {VERSION}"
                )),
            ));
        }
    }
    tx.pragma_update(None, "user_version", VERSION)?;
    tx.commit()
}

/// A game's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct GameRow {
    /// The game id.
    pub id: String,
    /// Rule set key.
    pub rules: String,
    /// Options as in a record's `options:` line.
    pub options: String,
    /// `computer`, `local` or `online`.
    pub mode: String,
    /// Seat names, A then B.
    pub names: [String; 2],
    /// Seat kinds (`human`, `computer`), A then B.
    pub kinds: [String; 2],
    /// Token hashes, A then B.
    pub token_hashes: [Option<String>; 2],
    /// The computer's level, if any.
    pub level: Option<String>,
    /// Unix seconds.
    pub created: i64,
    /// The dice seed (64 hex digits); `None` for a game stored before games had one.
    pub seed: Option<String>,
    /// The number of first actions not thrown by `seed` (0 for a game that had it from the
    /// start).
    pub seed_from: usize,
    /// The position string the game was set up from; `None` for a game from its rule set's
    /// start.
    pub position: Option<String>,
    /// The seat that offered a rematch not yet accepted (`A` or `B`; online games).
    pub rematch_offer: Option<String>,
    /// The rematch's game id, once it exists.
    pub rematch: Option<String>,
}

/// An action's row.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct ActionRow {
    /// The action's token in notation.
    pub token: String,
    /// The stick bits of a throw.
    pub sticks: Option<u8>,
}

/// The database. One connection behind a mutex: writes are small and serialised anyway.
pub struct Store {
    conn: Mutex<Connection>,
}

fn now() -> i64 {
    std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs() as i64)
}

impl Store {
    /// Opens (or creates) `nefer.sqlite3` in `dir`, in WAL mode.
    ///
    /// # Errors
    /// When the directory or the database cannot be created or opened.
    pub fn open(dir: &Path) -> Result<Store, rusqlite::Error> {
        let conn = Connection::open(dir.join("nefer.sqlite3"))?;
        conn.pragma_update(None, "journal_mode", "WAL")?;
        // FULL: a commit is on disk before the response, so even a power cut loses no reported
        // move (NORMAL would only survive a process crash).
        conn.pragma_update(None, "synchronous", "FULL")?;
        conn.pragma_update(None, "foreign_keys", "ON")?;
        conn.busy_timeout(std::time::Duration::from_secs(5))?;
        let mut conn = conn;
        migrate(&mut conn)?;
        Ok(Store {
            conn: Mutex::new(conn),
        })
    }

    fn conn(&self) -> Result<std::sync::MutexGuard<'_, Connection>, SessionError> {
        self.conn
            .lock()
            .map_err(|_| SessionError::Internal("the database lock is poisoned".into()))
    }

    /// Inserts a new game with its first actions, in one transaction.
    ///
    /// # Errors
    /// A database error.
    pub fn insert_game(&self, g: &GameRow, actions: &[ActionRow]) -> Result<(), SessionError> {
        let mut conn = self.conn()?;
        let tx = conn.transaction()?;
        tx.execute(
            "INSERT INTO games (id, rules, options, mode, name_a, name_b, kind_a, kind_b,
                                token_a, token_b, level, created, updated, seed, seed_from,
                                position, rematch_offer, rematch)
             VALUES (?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, ?9, ?10, ?11, ?12, ?12, ?13, ?14, ?15, ?16,
                     ?17)",
            params![
                g.id,
                g.rules,
                g.options,
                g.mode,
                g.names[0],
                g.names[1],
                g.kinds[0],
                g.kinds[1],
                g.token_hashes[0],
                g.token_hashes[1],
                g.level,
                g.created,
                g.seed,
                g.seed_from as i64,
                g.position,
                g.rematch_offer,
                g.rematch,
            ],
        )?;
        insert_actions(&tx, &g.id, 0, actions)?;
        tx.commit()?;
        Ok(())
    }

    /// Appends actions numbered from `first`, in one transaction.
    ///
    /// # Errors
    /// A database error (the actions are then not stored).
    pub fn append(
        &self,
        id: &str,
        first: usize,
        actions: &[ActionRow],
    ) -> Result<(), SessionError> {
        let mut conn = self.conn()?;
        let tx = conn.transaction()?;
        insert_actions(&tx, id, first, actions)?;
        tx.execute(
            "UPDATE games SET updated = ?2 WHERE id = ?1",
            params![id, now()],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Drops the actions from index `keep` on (undo). The throws after `keep` are the seed's
    /// from then on, so a game older than its seed has no more than `keep` first actions that
    /// the seed did not throw.
    ///
    /// # Errors
    /// A database error.
    pub fn truncate(&self, id: &str, keep: usize) -> Result<(), SessionError> {
        let mut conn = self.conn()?;
        let tx = conn.transaction()?;
        tx.execute(
            "DELETE FROM actions WHERE game = ?1 AND i >= ?2",
            params![id, keep as i64],
        )?;
        tx.execute(
            "UPDATE games SET updated = ?2, seed_from = MIN(seed_from, ?3) WHERE id = ?1",
            params![id, now(), keep as i64],
        )?;
        tx.commit()?;
        Ok(())
    }

    /// Gives a game stored without a dice seed its seed, for the throws after its first
    /// `from` actions.
    ///
    /// # Errors
    /// A database error.
    pub fn set_seed(&self, id: &str, seed: &str, from: usize) -> Result<(), SessionError> {
        self.conn()?.execute(
            "UPDATE games SET seed = ?2, seed_from = ?3 WHERE id = ?1",
            params![id, seed, from as i64],
        )?;
        Ok(())
    }

    /// Renames seat `seat` (0 for A, 1 for B) of game `id`.
    ///
    /// # Errors
    /// A database error.
    pub fn set_name(&self, id: &str, seat: usize, name: &str) -> Result<(), SessionError> {
        let column = if seat == 0 { "name_a" } else { "name_b" };
        self.conn()?.execute(
            &format!("UPDATE games SET {column} = ?2, updated = ?3 WHERE id = ?1"),
            params![id, name, now()],
        )?;
        Ok(())
    }

    /// Keeps game `id`'s rematch offer (the seat that offered it, or none) and its rematch
    /// (the new game's id, once it exists).
    ///
    /// # Errors
    /// A database error.
    pub fn set_rematch(
        &self,
        id: &str,
        offer: Option<&str>,
        rematch: Option<&str>,
    ) -> Result<(), SessionError> {
        self.conn()?.execute(
            "UPDATE games SET rematch_offer = ?2, rematch = ?3, updated = ?4 WHERE id = ?1",
            params![id, offer, rematch, now()],
        )?;
        Ok(())
    }

    /// A game's row and its actions in order, if the game exists.
    ///
    /// # Errors
    /// A database error.
    pub fn load(&self, id: &str) -> Result<Option<(GameRow, Vec<ActionRow>)>, SessionError> {
        let conn = self.conn()?;
        let row = conn
            .query_row(
                "SELECT id, rules, options, mode, name_a, name_b, kind_a, kind_b, token_a,
                        token_b, level, created, seed, seed_from, position, rematch_offer,
                        rematch
                 FROM games WHERE id = ?1",
                params![id],
                |r| {
                    Ok(GameRow {
                        id: r.get(0)?,
                        rules: r.get(1)?,
                        options: r.get(2)?,
                        mode: r.get(3)?,
                        names: [r.get(4)?, r.get(5)?],
                        kinds: [r.get(6)?, r.get(7)?],
                        token_hashes: [r.get(8)?, r.get(9)?],
                        level: r.get(10)?,
                        created: r.get(11)?,
                        seed: r.get(12)?,
                        seed_from: usize::try_from(r.get::<_, i64>(13)?).unwrap_or(0),
                        position: r.get(14)?,
                        rematch_offer: r.get(15)?,
                        rematch: r.get(16)?,
                    })
                },
            )
            .optional()?;
        let Some(row) = row else { return Ok(None) };
        let mut stmt =
            conn.prepare_cached("SELECT token, sticks FROM actions WHERE game = ?1 ORDER BY i")?;
        let actions = stmt
            .query_map(params![id], |r| {
                Ok(ActionRow {
                    token: r.get(0)?,
                    sticks: r.get(1)?,
                })
            })?
            .collect::<Result<Vec<_>, _>>()?;
        Ok(Some((row, actions)))
    }

    /// The time now, as stored (Unix seconds).
    pub fn now() -> i64 {
        now()
    }
}

/// The UTC date `YYYY-MM-DD` of Unix time `secs` (for a record's `date:` line).
pub fn utc_date(secs: i64) -> String {
    // Howard Hinnant's civil_from_days: days since 1970-01-01 to a proleptic Gregorian date.
    let z = secs.div_euclid(86_400) + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z - era * 146_097;
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = doy - (153 * mp + 2) / 5 + 1;
    let m = if mp < 10 { mp + 3 } else { mp - 9 };
    let y = yoe + era * 400 + i64::from(m <= 2);
    format!("{y:04}-{m:02}-{d:02}")
}

fn insert_actions(
    tx: &rusqlite::Transaction<'_>,
    id: &str,
    first: usize,
    actions: &[ActionRow],
) -> rusqlite::Result<()> {
    let mut stmt =
        tx.prepare_cached("INSERT INTO actions (game, i, token, sticks) VALUES (?1, ?2, ?3, ?4)")?;
    for (k, a) in actions.iter().enumerate() {
        stmt.execute(params![id, (first + k) as i64, a.token, a.sticks])?;
    }
    Ok(())
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dates_are_utc_calendar_days() {
        assert_eq!(utc_date(0), "1970-01-01");
        assert_eq!(utc_date(951_782_400), "2000-02-29");
        assert_eq!(utc_date(1_795_392_000 + 86_399), "2026-11-23");
        assert_eq!(utc_date(-1), "1969-12-31");
    }

    /// The schema of version 1, as the first servers wrote it.
    const SCHEMA_V1: &str = "
        CREATE TABLE games (id TEXT PRIMARY KEY, rules TEXT NOT NULL, options TEXT NOT NULL,
            mode TEXT NOT NULL, name_a TEXT NOT NULL, name_b TEXT NOT NULL,
            kind_a TEXT NOT NULL, kind_b TEXT NOT NULL, token_a TEXT, token_b TEXT, level TEXT,
            created INTEGER NOT NULL, updated INTEGER NOT NULL);
        CREATE TABLE actions (game TEXT NOT NULL REFERENCES games(id), i INTEGER NOT NULL,
            token TEXT NOT NULL, sticks INTEGER, PRIMARY KEY (game, i)) WITHOUT ROWID;
        PRAGMA user_version = 1;
        INSERT INTO games VALUES ('old', 'senet.kendall', '', 'local', 'a', 'b', 'human',
            'human', 'h', 'h', NULL, 7, 7);
        INSERT INTO actions VALUES ('old', 0, '2', 10), ('old', 1, '14-16', NULL);
    ";

    #[test]
    fn a_version_1_database_is_read_and_its_games_get_seeds() {
        let dir = tempfile::tempdir().unwrap();
        Connection::open(dir.path().join("nefer.sqlite3"))
            .unwrap()
            .execute_batch(SCHEMA_V1)
            .unwrap();
        let store = Store::open(dir.path()).unwrap();
        let (row, actions) = store.load("old").unwrap().unwrap();
        assert_eq!((row.seed, row.seed_from, row.created), (None, 0, 7));
        assert_eq!(actions.len(), 2);
        assert_eq!(actions[0].sticks, Some(10));
        store.set_seed("old", "cd", 2).unwrap();
        // Undo below the seed's first throw: the seed throws from there.
        store.truncate("old", 1).unwrap();
        drop(store);
        let store = Store::open(dir.path()).unwrap();
        let (row, _) = store.load("old").unwrap().unwrap();
        assert_eq!((row.seed.as_deref(), row.seed_from), (Some("cd"), 1));
        let version: i64 = store
            .conn()
            .unwrap()
            .query_row("PRAGMA user_version", [], |r| r.get(0))
            .unwrap();
        assert_eq!(version, VERSION);
    }

    #[test]
    fn a_database_of_a_later_version_is_refused() {
        let dir = tempfile::tempdir().unwrap();
        Connection::open(dir.path().join("nefer.sqlite3"))
            .unwrap()
            .execute_batch("PRAGMA user_version = 5;")
            .unwrap();
        let e = Store::open(dir.path()).err().expect("refused");
        assert!(e.to_string().contains("schema version 5"), "{e}");
    }

    #[test]
    fn a_game_and_its_actions_come_back() {
        let dir = tempfile::tempdir().unwrap();
        let store = Store::open(dir.path()).unwrap();
        let row = GameRow {
            id: "abc".into(),
            rules: "hj.french".into(),
            options: String::new(),
            mode: "local".into(),
            names: ["a".into(), "b".into()],
            kinds: ["human".into(), "human".into()],
            token_hashes: [Some("h".into()), None],
            level: None,
            created: 5,
            seed: Some("ab".repeat(32)),
            seed_from: 0,
            position: Some("hj.french A:hand*5 B:hand*5 A first".into()),
            rematch_offer: None,
            rematch: None,
        };
        let a = |t: &str, s| ActionRow {
            token: t.into(),
            sticks: s,
        };
        store.insert_game(&row, &[a("B", None)]).unwrap();
        store
            .append("abc", 1, &[a("3", Some(0b0111)), a("hand-L1", None)])
            .unwrap();
        store.truncate("abc", 2).unwrap();
        store.set_seed("abc", &"ab".repeat(32), 0).unwrap();
        store.set_name("abc", 1, "Nefertari").unwrap();
        store.set_rematch("abc", Some("B"), None).unwrap();
        drop(store);
        let store = Store::open(dir.path()).unwrap();
        let (back, actions) = store.load("abc").unwrap().unwrap();
        let row = GameRow {
            names: ["a".into(), "Nefertari".into()],
            rematch_offer: Some("B".into()),
            ..row
        };
        assert_eq!(back, row);
        store.set_rematch("abc", None, Some("def")).unwrap();
        let (back, _) = store.load("abc").unwrap().unwrap();
        assert_eq!(
            (back.rematch_offer, back.rematch.as_deref()),
            (None, Some("def"))
        );
        assert_eq!(actions, [a("B", None), a("3", Some(0b0111))]);
        assert!(store.load("nope").unwrap().is_none());
        // The same index twice is refused, and nothing of that transaction is kept.
        assert!(store.append("abc", 1, &[a("4", None)]).is_err());
        assert_eq!(store.load("abc").unwrap().unwrap().1.len(), 2);
    }
}
