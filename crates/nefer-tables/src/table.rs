//! The table file, version 2: a solved race's expected turns and distributions of turns to
//! finish, for every state in rank order ([`crate::race::Indexer`]).
//!
//! All numbers are little-endian.
//!
//! | bytes | what | what it buys |
//! |---|---|---|
//! | 8 | `NEFERTBL` | recognising a table |
//! | 4 | version, `u32` = 2 | refusing a layout this code does not read |
//! | 4 | metadata length, `u32` (≤ [`MAX_META`]) | |
//! | 8 | states, `u64` (≤ [`MAX_STATES`]) | every size below is known before it is read |
//! | 8 | distribution values, `u64` (= the sum of the row lengths) | |
//! | 4 | `max_turns`, `u32` (≤ 65,535) | the turn at which every row ends at the latest |
//! | 4 | CRC-32 of the 36 bytes above | sizes are trusted only once they are known intact |
//! | metadata length | JSON metadata (rule set, options, ranking, cut-off, figures) | a table that says what it is |
//! | 8 per state | expected turns to finish, `f64` | the policy and its value exactly (1e-15 relative); as `f32` (4 bytes) values near 100 turns would be off by up to 4·10⁻⁶, more than the gaps between some moves |
//! | 2 per state | first kept turn `lo`, `u16` | the turns before a state's first possible finish (probability 0) cost nothing |
//! | 2 per state | row length, `u16` | |
//! | 4 per state | tail `P(T ≥ lo + length)`, `f32` | the mass cut off: every row still sums to 1 |
//! | 4 per kept turn | `P(T = k)`, `f32`, rows one after another | 24 significant bits, a relative error of at most 6·10⁻⁸ per value |
//! | 4 | CRC-32 (IEEE) of every byte before it | a flipped or lost byte is an error, not a wrong value |
//!
//! A row keeps the turns from the first one with a nonzero probability until the mass left,
//! `P(T ≥ k)`, falls below the cut-off the table was written with (in the metadata; `nefer
//! solve` uses 10⁻⁹), or until `max_turns`. `docs/BENCHMARKS.md` measures what the cut-off and
//! `f32` cost and save.
//!
//! Reading checks everything a file could get wrong before it costs memory: the header's sizes
//! are bounded and their products computed with overflow checks, the header has its own
//! checksum, a section is read in chunks as the bytes arrive (so a short file allocates no more
//! than its length), the row lengths must add up to the header's count before the values are
//! read, and nothing may follow the final checksum. [`info`] streams a file keeping only its
//! rows' first turns (2 bytes a state).

use std::io::{Read, Write};

use crate::race::Solution;
use crate::solver::Dists;

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"NEFERTBL";
/// The format version this code writes and reads.
pub const VERSION: u32 = 2;
/// The longest metadata a table may carry (the real ones take under 2 KiB).
pub const MAX_META: u32 = 1 << 16;
/// The most states a table may hold: far above the largest race (216,448 states, five
/// pieces of `hj.walker` on 29 holes), low enough that a header cannot ask for more than
/// 256 MiB of values per state before its rows are checked.
pub const MAX_STATES: u64 = 1 << 24;
/// Bytes of the fixed header (its checksum included).
pub const HEADER_LEN: usize = 40;

/// Bytes read at a time from a section.
const CHUNK: usize = 1 << 16;

/// A table file that cannot be read or written.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Not a nefer table.
    #[error("not a nefer table (bad magic)")]
    Magic,
    /// A version this code does not read.
    #[error("table version {0}, this nefer reads version {VERSION} (solve the table again)")]
    Version(u32),
    /// The file ends inside a section.
    #[error("table is truncated: the file ends in the {section} (byte {at})")]
    Truncated {
        /// The section the file ends in.
        section: &'static str,
        /// How many bytes were read.
        at: u64,
    },
    /// A checksum does not match: the bytes were changed.
    #[error("table is corrupt: the {0} checksum does not match")]
    Checksum(&'static str),
    /// Sizes or contents that cannot be right.
    #[error("table is malformed: {0}")]
    Malformed(String),
    /// Reading or writing failed (the cause is the error's source).
    #[error("table I/O")]
    Io(#[from] std::io::Error),
}

/// The fixed header.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
struct Header {
    meta_len: u32,
    states: u64,
    kept: u64,
    max_turns: u32,
}

impl Header {
    fn encode(&self) -> [u8; HEADER_LEN] {
        let mut h = [0u8; HEADER_LEN];
        h[..8].copy_from_slice(MAGIC);
        h[8..12].copy_from_slice(&VERSION.to_le_bytes());
        h[12..16].copy_from_slice(&self.meta_len.to_le_bytes());
        h[16..24].copy_from_slice(&self.states.to_le_bytes());
        h[24..32].copy_from_slice(&self.kept.to_le_bytes());
        h[32..36].copy_from_slice(&self.max_turns.to_le_bytes());
        let crc = crc32fast::hash(&h[..36]);
        h[36..40].copy_from_slice(&crc.to_le_bytes());
        h
    }

    fn decode(h: &[u8; HEADER_LEN]) -> Result<Header, TableError> {
        if &h[..8] != MAGIC {
            return Err(TableError::Magic);
        }
        let u32_at = |at: usize| u32::from_le_bytes(h[at..at + 4].try_into().expect("4 bytes"));
        let u64_at = |at: usize| u64::from_le_bytes(h[at..at + 8].try_into().expect("8 bytes"));
        let version = u32_at(8);
        if version != VERSION {
            return Err(TableError::Version(version));
        }
        if crc32fast::hash(&h[..36]) != u32_at(36) {
            return Err(TableError::Checksum("header"));
        }
        let header = Header {
            meta_len: u32_at(12),
            states: u64_at(16),
            kept: u64_at(24),
            max_turns: u32_at(32),
        };
        header.check()?;
        Ok(header)
    }

    /// Bounds every size, so that nothing computed from them overflows.
    fn check(&self) -> Result<(), TableError> {
        let bad = |m: String| Err(TableError::Malformed(m));
        if self.meta_len > MAX_META {
            return bad(format!(
                "{} bytes of metadata, at most {MAX_META} allowed",
                self.meta_len
            ));
        }
        if self.states == 0 || self.states > MAX_STATES {
            return bad(format!(
                "{} states, a table holds 1 to {MAX_STATES}",
                self.states
            ));
        }
        if self.max_turns > u32::from(u16::MAX) {
            return bad(format!(
                "max_turns {}, at most {} allowed",
                self.max_turns,
                u16::MAX
            ));
        }
        // Both factors are bounded above, so this cannot overflow; checked all the same.
        let most = self.states.checked_mul(u64::from(self.max_turns));
        if most.is_none_or(|m| self.kept > m) {
            return bad(format!(
                "{} distribution values for {} states of at most {} turns",
                self.kept, self.states, self.max_turns
            ));
        }
        Ok(())
    }

    /// The file's length: header, metadata, 16 bytes per state, 4 per value, checksum.
    fn file_len(&self) -> Option<u64> {
        (HEADER_LEN as u64 + 4)
            .checked_add(u64::from(self.meta_len))?
            .checked_add(self.states.checked_mul(16)?)?
            .checked_add(self.kept.checked_mul(4)?)
    }
}

/// A table read back.
#[derive(Debug)]
pub struct Table {
    /// The metadata.
    pub meta: serde_json::Value,
    /// Expected turns per state index.
    pub expected: Vec<f64>,
    /// Every state's distribution row.
    pub dists: Dists,
    /// The turn at which every row ends at the latest.
    pub max_turns: usize,
}

/// What [`info`] learns of a table without keeping its values.
#[derive(Debug)]
pub struct Summary {
    /// The metadata.
    pub meta: serde_json::Value,
    /// Number of states.
    pub states: u64,
    /// Distribution values kept, all rows together.
    pub kept: u64,
    /// The turn at which every row ends at the latest.
    pub max_turns: u32,
    /// The file's length in bytes.
    pub bytes: u64,
}

/// Writes a table: `expected` and `dists` per state in rank order, rows ending by `max_turns`.
///
/// # Errors
/// Sizes the format cannot hold (more than [`MAX_STATES`] states, `max_turns` beyond 65,535,
/// rows that do not fit it, metadata over [`MAX_META`]), or a failed write.
pub fn write_to<W: Write>(
    out: W,
    meta: &serde_json::Value,
    expected: &[f64],
    dists: &Dists,
    max_turns: usize,
) -> Result<u64, TableError> {
    let bad = |m: String| Err(TableError::Malformed(m));
    let meta = serde_json::to_vec(meta).map_err(|e| TableError::Malformed(e.to_string()))?;
    if expected.len() != dists.len() {
        return bad(format!(
            "{} values for {} rows",
            expected.len(),
            dists.len()
        ));
    }
    let n = dists.len();
    if dists.tail.len() != n
        || dists.offset.len() != n + 1
        || dists.offset.first() != Some(&0)
        || dists.offset.last() != Some(&(dists.values.len() as u64))
        || dists.offset.windows(2).any(|o| o[0] > o[1])
    {
        return bad("rows whose offsets, tails and values do not agree".into());
    }
    let header = Header {
        meta_len: u32::try_from(meta.len()).unwrap_or(u32::MAX),
        states: expected.len() as u64,
        kept: dists.values.len() as u64,
        max_turns: u32::try_from(max_turns).unwrap_or(u32::MAX),
    };
    header.check()?;
    for i in 0..dists.len() {
        if dists.row(i).end() > max_turns {
            return bad(format!("state {i}'s row goes past max_turns {max_turns}"));
        }
    }
    let mut w = Hashing {
        inner: out,
        crc: crc32fast::Hasher::new(),
        bytes: 0,
    };
    w.put(&header.encode())?;
    w.put(&meta)?;
    let mut buf = Vec::with_capacity(CHUNK);
    put_all(&mut w, &mut buf, expected.iter().map(|v| v.to_le_bytes()))?;
    put_all(&mut w, &mut buf, dists.lo.iter().map(|l| l.to_le_bytes()))?;
    let lens = dists.offset.windows(2).map(|o| (o[1] - o[0]) as u16);
    put_all(&mut w, &mut buf, lens.map(u16::to_le_bytes))?;
    put_all(&mut w, &mut buf, dists.tail.iter().map(|t| t.to_le_bytes()))?;
    put_all(
        &mut w,
        &mut buf,
        dists.values.iter().map(|p| p.to_le_bytes()),
    )?;
    let crc = w.crc.clone().finalize();
    w.put(&crc.to_le_bytes())?;
    w.inner.flush()?;
    debug_assert_eq!(Some(w.bytes), header.file_len());
    Ok(w.bytes)
}

/// Serialises a table into memory (see [`write_to`]).
///
/// # Errors
/// As [`write_to`], but never for I/O.
pub fn encode(
    meta: &serde_json::Value,
    expected: &[f64],
    dists: &Dists,
    max_turns: usize,
) -> Result<Vec<u8>, TableError> {
    let mut out = Vec::new();
    write_to(&mut out, meta, expected, dists, max_turns)?;
    Ok(out)
}

/// Serialises a dense solution (every turn up to `max_turns` per state) with its metadata; its
/// rows are stored without their leading and trailing zeros, losing nothing.
///
/// # Panics
/// If the solution is larger than a table may be (more than [`MAX_STATES`] states or
/// `max_turns` beyond 65,535): [`race::solve`](crate::race::solve) never makes one.
pub fn write(meta: &serde_json::Value, sol: &Solution) -> Vec<u8> {
    let dists = Dists::from_dense(&sol.dist, sol.max_turns);
    encode(meta, &sol.expected, &dists, sol.max_turns).expect("a solution the format can hold")
}

/// Reads a table held in memory.
///
/// # Errors
/// Bad magic, another version, a checksum that does not match, a file cut short or longer than
/// its header says, or sizes that contradict each other.
pub fn read(bytes: &[u8]) -> Result<Table, TableError> {
    read_from(bytes)
}

/// Reads a table from `r`, reading no further than its header allows (and one byte more, to
/// check that nothing follows).
///
/// # Errors
/// As [`read`], and any error of `r`.
pub fn read_from<R: Read>(r: R) -> Result<Table, TableError> {
    let (summary, table) = parse(r, true)?;
    let (expected, dists) = table.expect("kept");
    Ok(Table {
        meta: summary.meta,
        expected,
        dists,
        max_turns: summary.max_turns as usize,
    })
}

/// Checks a whole table from `r` and describes it, keeping none of its values.
///
/// # Errors
/// As [`read_from`].
pub fn info<R: Read>(r: R) -> Result<Summary, TableError> {
    Ok(parse(r, false)?.0)
}

/// A writer that counts and checksums what goes through it.
struct Hashing<W> {
    inner: W,
    crc: crc32fast::Hasher,
    bytes: u64,
}

impl<W: Write> Hashing<W> {
    fn put(&mut self, b: &[u8]) -> std::io::Result<()> {
        self.crc.update(b);
        self.bytes += b.len() as u64;
        self.inner.write_all(b)
    }
}

fn put_all<W: Write, const N: usize>(
    w: &mut Hashing<W>,
    buf: &mut Vec<u8>,
    items: impl Iterator<Item = [u8; N]>,
) -> std::io::Result<()> {
    for b in items {
        buf.extend_from_slice(&b);
        if buf.len() >= CHUNK {
            w.put(buf)?;
            buf.clear();
        }
    }
    w.put(buf)?;
    buf.clear();
    Ok(())
}

/// A reader that counts and checksums what comes through it.
struct Source<R> {
    inner: R,
    crc: crc32fast::Hasher,
    at: u64,
    buf: Vec<u8>,
}

impl<R: Read> Source<R> {
    /// Exactly `b.len()` bytes of `section`.
    fn exact(&mut self, b: &mut [u8], section: &'static str) -> Result<(), TableError> {
        let mut got = 0;
        while got < b.len() {
            match self.inner.read(&mut b[got..]) {
                Ok(0) => {
                    return Err(TableError::Truncated {
                        section,
                        at: self.at + got as u64,
                    });
                }
                Ok(k) => got += k,
                Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
                Err(e) => return Err(e.into()),
            }
        }
        self.crc.update(b);
        self.at += b.len() as u64;
        Ok(())
    }

    /// `count` items of `N` bytes, handed to `f` chunk by chunk.
    fn items<const N: usize>(
        &mut self,
        count: u64,
        section: &'static str,
        mut f: impl FnMut([u8; N]),
    ) -> Result<(), TableError> {
        let mut left = count;
        let mut buf = std::mem::take(&mut self.buf);
        while left > 0 {
            let k = left.min((CHUNK / N) as u64) as usize;
            buf.resize(k * N, 0);
            let r = self.exact(&mut buf, section);
            if let Err(e) = r {
                self.buf = buf;
                return Err(e);
            }
            for c in buf.chunks_exact(N) {
                f(c.try_into().expect("N bytes"));
            }
            left -= k as u64;
        }
        self.buf = buf;
        Ok(())
    }
}

/// Capacity for `count` items that arrive in chunks: no more than a chunk's worth up front, so
/// a header's claim alone allocates little.
fn capacity(count: u64, keep: bool) -> usize {
    if keep {
        count.min(CHUNK as u64) as usize
    } else {
        0
    }
}

type Parsed = (Summary, Option<(Vec<f64>, Dists)>);

fn parse<R: Read>(r: R, keep: bool) -> Result<Parsed, TableError> {
    let mut src = Source {
        inner: r,
        crc: crc32fast::Hasher::new(),
        at: 0,
        buf: Vec::new(),
    };
    let mut h = [0u8; HEADER_LEN];
    // A file shorter than a header is "not a table" if its magic is already wrong.
    if let Err(e) = src.exact(&mut h, "header") {
        if let TableError::Truncated { at, .. } = e
            && !MAGIC.starts_with(&h[..(at as usize).min(8)])
        {
            return Err(TableError::Magic);
        }
        return Err(e);
    }
    let header = Header::decode(&h)?;
    let bytes = header
        .file_len()
        .ok_or_else(|| TableError::Malformed("sizes overflow".into()))?;
    let mut meta = vec![0u8; header.meta_len as usize];
    src.exact(&mut meta, "metadata")?;
    let meta: serde_json::Value = serde_json::from_slice(&meta)
        .map_err(|e| TableError::Malformed(format!("metadata: {e}")))?;
    if let Some(s) = meta.get("states").and_then(serde_json::Value::as_u64)
        && s != header.states
    {
        return Err(TableError::Malformed(format!(
            "the metadata says {s} states, the header {}",
            header.states
        )));
    }
    let n = header.states;
    let mut expected = Vec::with_capacity(capacity(n, keep));
    src.items::<8>(n, "expected turns", |b| {
        if keep {
            expected.push(f64::from_le_bytes(b));
        }
    })?;
    // The row starts are kept even by `info` (2 bytes a state read), to check the lengths.
    let mut lo = Vec::with_capacity(capacity(n, true));
    src.items::<2>(n, "row starts", |b| lo.push(u16::from_le_bytes(b)))?;
    let mut bad_row = None;
    let mut i = 0u64;
    let mut offset = Vec::with_capacity(capacity(n + 1, keep));
    offset.push(0u64);
    let mut total = 0u64;
    let mut lo_iter = lo.iter();
    src.items::<2>(n, "row lengths", |b| {
        let len = u64::from(u16::from_le_bytes(b));
        total += len;
        if let Some(&l) = lo_iter.next()
            && u64::from(l) + len > u64::from(header.max_turns)
            && bad_row.is_none()
        {
            bad_row = Some(i);
        }
        i += 1;
        if keep {
            offset.push(total);
        }
    })?;
    if let Some(i) = bad_row {
        return Err(TableError::Malformed(format!(
            "state {i}'s row goes past max_turns {}",
            header.max_turns
        )));
    }
    if total != header.kept {
        return Err(TableError::Malformed(format!(
            "the rows hold {total} values, the header says {}",
            header.kept
        )));
    }
    let mut tail = Vec::with_capacity(capacity(n, keep));
    src.items::<4>(n, "tails", |b| {
        if keep {
            tail.push(f32::from_le_bytes(b));
        }
    })?;
    let mut values = Vec::with_capacity(capacity(header.kept, keep));
    src.items::<4>(header.kept, "distributions", |b| {
        if keep {
            values.push(f32::from_le_bytes(b));
        }
    })?;
    let crc = src.crc.clone().finalize();
    let mut stored = [0u8; 4];
    src.exact(&mut stored, "checksum")?;
    if u32::from_le_bytes(stored) != crc {
        return Err(TableError::Checksum("file"));
    }
    let mut one = [0u8; 1];
    loop {
        match src.inner.read(&mut one) {
            Ok(0) => break,
            Ok(_) => {
                return Err(TableError::Malformed(format!(
                    "bytes after the checksum (the header accounts for {bytes})"
                )));
            }
            Err(e) if e.kind() == std::io::ErrorKind::Interrupted => {}
            Err(e) => return Err(e.into()),
        }
    }
    let summary = Summary {
        meta,
        states: n,
        kept: header.kept,
        max_turns: header.max_turns,
        bytes,
    };
    if !keep {
        lo = Vec::new();
    }
    let table = keep.then_some((
        expected,
        Dists {
            lo,
            offset,
            values,
            tail,
        },
    ));
    Ok((summary, table))
}
