//! The table format: round trips, and every way a file can be wrong — cut short, a byte
//! changed, a header that lies, input that never ends — gives an error, never a panic or an
//! allocation the header did not justify.

use std::io::Read;

use nefer_tables::french::French;
use nefer_tables::race::solve;
use nefer_tables::solver::{Keep, Solved, solve_rows};
use nefer_tables::table::{self, HEADER_LEN, MAX_STATES, TableError};
use nefer_tables::walker::Walker;
use proptest::prelude::*;

fn small() -> (Solved, Vec<u8>) {
    let race = French {
        pieces: 2,
        holes: 12,
    };
    let keep = Keep {
        max_turns: 64,
        cutoff: 1e-9,
    };
    let sol = solve_rows(&race, keep, &|_, _| {});
    let meta = serde_json::json!({"rules": "hj.french", "pieces": 2, "holes": 12});
    let bytes = table::encode(&meta, &sol.expected, &sol.dists, keep.max_turns).unwrap();
    (sol, bytes)
}

/// A header with a valid checksum saying whatever the test wants.
fn header(meta_len: u32, states: u64, kept: u64, max_turns: u32) -> Vec<u8> {
    let mut h = Vec::new();
    h.extend_from_slice(b"NEFERTBL");
    h.extend_from_slice(&2u32.to_le_bytes());
    h.extend_from_slice(&meta_len.to_le_bytes());
    h.extend_from_slice(&states.to_le_bytes());
    h.extend_from_slice(&kept.to_le_bytes());
    h.extend_from_slice(&max_turns.to_le_bytes());
    let crc = crc32fast::hash(&h);
    h.extend_from_slice(&crc.to_le_bytes());
    assert_eq!(h.len(), HEADER_LEN);
    h
}

#[test]
fn a_table_reads_back_as_written() {
    let (sol, bytes) = small();
    let t = table::read(&bytes).unwrap();
    assert_eq!(t.expected, sol.expected);
    assert_eq!(t.dists, sol.dists);
    assert_eq!(t.max_turns, 64);
    assert_eq!(t.meta["rules"], "hj.french");
    let s = table::info(&bytes[..]).unwrap();
    assert_eq!(s.bytes, bytes.len() as u64);
    assert_eq!(s.states, sol.expected.len() as u64);
    assert_eq!(s.kept, sol.dists.values.len() as u64);
    // The file is what the format says: header, metadata, 16 bytes a state, 4 a value, CRC.
    let meta_len = u32::from_le_bytes(bytes[12..16].try_into().unwrap()) as usize;
    assert_eq!(
        bytes.len(),
        HEADER_LEN + meta_len + 16 * sol.expected.len() + 4 * sol.dists.values.len() + 4
    );
}

#[test]
fn a_dense_solution_round_trips_without_loss() {
    for race in [
        Box::new(French {
            pieces: 2,
            holes: 12,
        }) as Box<dyn nefer_tables::race::Race>,
        Box::new(Walker {
            pieces: 2,
            holes: 12,
        }),
    ] {
        for max_turns in [0, 1, 16] {
            let sol = solve(race.as_ref(), max_turns, &|_, _| {});
            let bytes = table::write(&serde_json::json!({}), &sol);
            let t = table::read(&bytes).unwrap();
            assert_eq!(t.expected, sol.expected);
            assert_eq!(t.dists.to_dense(max_turns), sol.dist, "{}", race.name());
            // Deterministic: the same solve writes the same bytes.
            let again = solve(race.as_ref(), max_turns, &|_, _| {});
            assert_eq!(table::write(&serde_json::json!({}), &again), bytes);
        }
    }
}

#[test]
fn every_cut_is_an_error() {
    let (_, bytes) = small();
    for len in 0..bytes.len() {
        let e = table::read(&bytes[..len]).unwrap_err();
        assert!(
            matches!(e, TableError::Truncated { .. }),
            "cut at {len}: {e}"
        );
        assert!(table::info(&bytes[..len]).is_err());
    }
    let e = table::read(&bytes[..HEADER_LEN + 1])
        .unwrap_err()
        .to_string();
    assert!(e.contains("truncated") && e.contains("metadata"), "{e}");
}

#[test]
fn every_changed_byte_is_an_error() {
    let (_, bytes) = small();
    for at in 0..bytes.len() {
        for bit in [0, 7] {
            let mut b = bytes.clone();
            b[at] ^= 1 << bit;
            let e = table::read(&b).expect_err("a changed byte is found");
            // The magic, the version and the header's checksum catch the header; the file's
            // checksum everything else (unless a size changed first and the sections no longer
            // add up).
            assert!(
                matches!(
                    e,
                    TableError::Magic
                        | TableError::Version(_)
                        | TableError::Checksum(_)
                        | TableError::Malformed(_)
                        | TableError::Truncated { .. }
                ),
                "byte {at}: {e}"
            );
            // Past the header, the file's checksum, or a row found inconsistent before it.
            if at >= HEADER_LEN {
                assert!(
                    matches!(e, TableError::Checksum("file") | TableError::Malformed(_)),
                    "byte {at}: {e}"
                );
            }
        }
    }
}

#[test]
fn bytes_after_the_checksum_are_an_error() {
    let (_, mut bytes) = small();
    bytes.push(0);
    let e = table::read(&bytes).unwrap_err().to_string();
    assert!(e.contains("after the checksum"), "{e}");
}

#[test]
fn lying_headers_are_refused_before_anything_is_allocated() {
    // 2^61 states and no data: once described as "0 states" (the size check overflowed).
    let e = table::read(&header(2, 1 << 61, 0, 192))
        .unwrap_err()
        .to_string();
    assert!(e.contains("2305843009213693952 states"), "{e}");
    // More values than the states and turns allow; a product that would overflow.
    let e = table::read(&header(2, 1000, 1000 * 193, 192))
        .unwrap_err()
        .to_string();
    assert!(e.contains("193000 distribution values"), "{e}");
    let e = table::read(&header(2, MAX_STATES, u64::MAX, 65_535))
        .unwrap_err()
        .to_string();
    assert!(e.contains("distribution values"), "{e}");
    // max_turns past what a row start can hold; metadata past its bound.
    assert!(table::read(&header(2, 10, 0, 70_000)).is_err());
    let e = table::read(&header(u32::MAX, 10, 0, 10))
        .unwrap_err()
        .to_string();
    assert!(e.contains("metadata"), "{e}");
    // A plausible header with nothing after it: truncated in the metadata.
    let e = table::read(&header(2, MAX_STATES, 0, 192)).unwrap_err();
    assert!(matches!(e, TableError::Truncated { at: 40, .. }), "{e}");
    // The metadata and the header disagree.
    let mut b = header(14, 3, 0, 4);
    b.extend_from_slice(br#"{"states": 4}"#);
    b.push(b' ');
    let e = table::read(&b).unwrap_err().to_string();
    assert!(e.contains("says 4 states"), "{e}");
}

#[test]
fn rows_that_do_not_add_up_are_refused_before_the_values() {
    // Three states with rows of 2 turns each, but the header counts 5 values.
    let mut b = header(2, 3, 5, 4);
    b.extend_from_slice(b"{}");
    b.extend(std::iter::repeat_n(0u8, 3 * 8)); // expected
    b.extend(std::iter::repeat_n(0u8, 3 * 2)); // lo
    for _ in 0..3 {
        b.extend_from_slice(&2u16.to_le_bytes()); // lengths
    }
    let e = table::read(&b).unwrap_err().to_string();
    assert!(
        e.contains("the rows hold 6 values, the header says 5"),
        "{e}"
    );
    // A row past max_turns.
    let mut b = header(2, 1, 2, 4);
    b.extend_from_slice(b"{}");
    b.extend(std::iter::repeat_n(0u8, 8));
    b.extend_from_slice(&3u16.to_le_bytes());
    b.extend_from_slice(&2u16.to_le_bytes());
    let e = table::read(&b).unwrap_err().to_string();
    assert!(e.contains("past max_turns 4"), "{e}");
}

/// Input that never ends, counting what is read from it.
struct Endless<'a> {
    prefix: &'a [u8],
    read: u64,
}

impl Read for Endless<'_> {
    fn read(&mut self, buf: &mut [u8]) -> std::io::Result<usize> {
        let at = self.read as usize;
        let n = if at < self.prefix.len() {
            let k = buf.len().min(self.prefix.len() - at);
            buf[..k].copy_from_slice(&self.prefix[at..at + k]);
            k
        } else {
            buf.fill(0);
            buf.len()
        };
        self.read += n as u64;
        Ok(n)
    }
}

#[test]
fn endless_input_is_read_no_further_than_the_header_allows() {
    // Zeros from the start (/dev/zero): not a table, after one header.
    let mut z = Endless {
        prefix: b"",
        read: 0,
    };
    assert!(matches!(table::info(&mut z), Err(TableError::Magic)));
    assert!(z.read <= HEADER_LEN as u64);
    // A real header, then zeros forever: the checksum fails where the header says the file
    // ends, one byte past it at most.
    let mut prefix = header(2, 1000, 0, 8);
    prefix.extend_from_slice(b"{}");
    let mut z = Endless {
        prefix: &prefix,
        read: 0,
    };
    let e = table::read_from(&mut z).unwrap_err();
    assert!(matches!(e, TableError::Checksum("file")), "{e}");
    let len = (HEADER_LEN + 2 + 1000 * 16 + 4) as u64;
    assert!(z.read <= len, "read {} of {len}", z.read);
}

#[test]
fn an_old_table_is_refused_by_its_version() {
    let mut b = b"NEFERTBL".to_vec();
    b.extend_from_slice(&1u32.to_le_bytes());
    b.extend_from_slice(&[0; 64]);
    let e = table::read(&b).unwrap_err().to_string();
    assert!(e.contains("version 1"), "{e}");
}

#[test]
fn tables_the_format_cannot_hold_are_not_written() {
    let (sol, _) = small();
    // Rows that end after max_turns.
    let e = table::encode(&serde_json::json!({}), &sol.expected, &sol.dists, 3).unwrap_err();
    assert!(e.to_string().contains("at most 3 turns"), "{e}");
    let e = table::encode(&serde_json::json!({}), &sol.expected[1..], &sol.dists, 64).unwrap_err();
    assert!(e.to_string().contains("values for"), "{e}");
    let mut broken = sol.dists.clone();
    broken.values.pop();
    let e = table::encode(&serde_json::json!({}), &sol.expected, &broken, 64).unwrap_err();
    assert!(e.to_string().contains("do not agree"), "{e}");
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(256))]

    /// Any bytes after a valid header: an error or a table, never a panic.
    #[test]
    fn arbitrary_bodies_never_panic(
        states in 1u64..50,
        kept in 0u64..200,
        max_turns in 0u32..20,
        body in proptest::collection::vec(any::<u8>(), 0..2000),
    ) {
        let mut b = header(2, states, kept, max_turns);
        b.extend_from_slice(b"{}");
        b.extend_from_slice(&body);
        let _ = table::read(&b);
        let _ = table::info(&b[..]);
    }

    /// Any bytes at all.
    #[test]
    fn arbitrary_bytes_never_panic(body in proptest::collection::vec(any::<u8>(), 0..200)) {
        prop_assert!(table::read(&body).is_err());
    }
}
