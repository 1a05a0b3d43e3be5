//! The table file: `NEFERTBL`, a little-endian `u32` version, a `u32` length and that many
//! bytes of JSON metadata (rule set, options, ranking scheme, figures), then for every state index
//! in rank order its expected turns (`f64`), then for every state its distribution of turns to
//! finish (`max_turns + 1` × `f32`: P(T = 0..max_turns−1), then P(T ≥ max_turns)).

use crate::race::Solution;

/// The file's first eight bytes.
pub const MAGIC: &[u8; 8] = b"NEFERTBL";
/// The format version this code writes and reads.
pub const VERSION: u32 = 1;

/// A table file that cannot be read.
#[derive(Debug, thiserror::Error)]
pub enum TableError {
    /// Not a nefer table.
    #[error("not a nefer table (bad magic)")]
    Magic,
    /// A version this code does not read.
    #[error("table version {0}, this nefer reads version {VERSION}")]
    Version(u32),
    /// Cut short or inconsistent.
    #[error("table is truncated or malformed: {0}")]
    Malformed(String),
}

/// Serialises a solution with its metadata (a JSON object).
pub fn write(meta: &serde_json::Value, sol: &Solution) -> Vec<u8> {
    let meta = serde_json::to_vec(meta).expect("JSON values serialise");
    let mut out = Vec::with_capacity(16 + meta.len() + sol.expected.len() * 8 + sol.dist.len() * 4);
    out.extend_from_slice(MAGIC);
    out.extend_from_slice(&VERSION.to_le_bytes());
    out.extend_from_slice(&(meta.len() as u32).to_le_bytes());
    out.extend_from_slice(&meta);
    for v in &sol.expected {
        out.extend_from_slice(&v.to_le_bytes());
    }
    for d in &sol.dist {
        out.extend_from_slice(&d.to_le_bytes());
    }
    out
}

/// A table read back.
#[derive(Debug)]
pub struct Table {
    /// The metadata.
    pub meta: serde_json::Value,
    /// Expected turns per state index.
    pub expected: Vec<f64>,
    /// Distributions, `max_turns + 1` per state.
    pub dist: Vec<f32>,
}

/// Reads a table.
///
/// # Errors
/// Bad magic, another version, or a size that does not match the metadata.
pub fn read(bytes: &[u8]) -> Result<Table, TableError> {
    if bytes.len() < 16 || &bytes[..8] != MAGIC {
        return Err(TableError::Magic);
    }
    let word = |at: usize| u32::from_le_bytes(bytes[at..at + 4].try_into().expect("4 bytes"));
    let version = word(8);
    if version != VERSION {
        return Err(TableError::Version(version));
    }
    let meta_len = word(12) as usize;
    let body = 16 + meta_len;
    if bytes.len() < body {
        return Err(TableError::Malformed("metadata cut short".into()));
    }
    let meta: serde_json::Value = serde_json::from_slice(&bytes[16..body])
        .map_err(|e| TableError::Malformed(format!("metadata: {e}")))?;
    let field = |k: &str| {
        meta[k]
            .as_u64()
            .ok_or_else(|| TableError::Malformed(format!("metadata has no `{k}`")))
    };
    let states = field("states")? as usize;
    let per = field("max_turns")? as usize + 1;
    let want = body + states * 8 + states * per * 4;
    if bytes.len() != want {
        return Err(TableError::Malformed(format!(
            "{} bytes, expected {want}",
            bytes.len()
        )));
    }
    let expected = bytes[body..body + states * 8]
        .chunks_exact(8)
        .map(|c| f64::from_le_bytes(c.try_into().expect("8 bytes")))
        .collect();
    let dist = bytes[body + states * 8..]
        .chunks_exact(4)
        .map(|c| f32::from_le_bytes(c.try_into().expect("4 bytes")))
        .collect();
    Ok(Table {
        meta,
        expected,
        dist,
    })
}
