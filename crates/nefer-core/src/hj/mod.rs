//! Hounds & Jackals (the "58 holes" game): the shared board (SPEC §2) and, one module each, the
//! four rule sets of SPEC §3–6.

pub mod board;
pub mod french;
pub mod skiryuk;
pub mod walker;
pub mod washburne;
