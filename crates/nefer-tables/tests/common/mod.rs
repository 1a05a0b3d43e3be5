//! The races the tests run on, shared by the test files (each uses some of them).

#![allow(dead_code)]

use nefer_tables::french::French;
use nefer_tables::race::Race;
use nefer_tables::walker::Walker;

/// `hj.french` with `pieces` pieces on `holes` holes.
pub fn french(pieces: u8, holes: u8) -> Box<dyn Race> {
    Box::new(French { pieces, holes })
}

/// `hj.walker` (basic game) with `pieces` pieces on `holes` holes.
pub fn walker(pieces: u8, holes: u8) -> Box<dyn Race> {
    Box::new(Walker { pieces, holes })
}

/// Both races for each `(pieces, holes)` of `sizes`: French then Walker, size after size.
pub fn both(sizes: &[(u8, u8)]) -> Vec<Box<dyn Race>> {
    sizes
        .iter()
        .flat_map(|&(pieces, holes)| [french(pieces, holes), walker(pieces, holes)])
        .collect()
}
