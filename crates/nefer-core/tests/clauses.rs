//! The rule clauses of every rule set (the worked checks of SPEC §3.8 … §9.6, the seeds' rules,
//! the defaults, options and resolutions of SPEC §13) that come down to the legal moves at one
//! position, or to what holds a few actions after it (the legal moves, who throws next, the
//! outcome, where the pieces stand), as two tables: a clause a row, each failing apart, named.
//! The clauses that need a longer script or a look at a rule set's own state are tested in its
//! own file (`senet_kendall.rs` … `resolutions_senet.rs`).

use nefer_core::{AnyGame, Game, Seat};

mod common;
use common::{has, legal, next_throw, pos, run, winner};

const KE: &str = "senet.kendall";
const SB: &str = "senet.school";
const WB: &str = "hj.walker";
const FR: &str = "hj.french";
const SK: &str = "hj.skiryuk";
const WA: &str = "hj.washburne";

/// What a rule clause says of the state it reaches: of its legal moves (written as [`legal`]
/// sorts them, separated by spaces), of whose throw is next, of the winner, of the pieces.
#[derive(Clone, Copy, Debug)]
enum Then {
    /// Exactly these legal moves.
    Exactly(&'static str),
    /// This legal move, among any others.
    Has(&'static str),
    /// Not this move.
    Lacks(&'static str),
    /// This seat (`A` or `B`) throws next.
    ThrowsNext(&'static str),
    /// The game is over, won by this seat (`A` or `B`).
    Wins(&'static str),
    /// The pieces stand so: the `A:… B:…` part of the position string.
    Pieces(&'static str),
    /// The game goes on (`none`) or is drawn (`draw`).
    Outcome(&'static str),
}
use Then::{Exactly, Has, Lacks, Outcome, Pieces, ThrowsNext, Wins};

/// The clauses on one position: (rule set, clause, position without the rule set's key and
/// options first in brackets, as [`at`] reads it, what holds there). Seat A plays first: green
/// on the even squares in Senet, side L in Hounds & Jackals.
#[rustfmt::skip] // one clause a line
const CLAUSES: &[(&str, &str, &str, Then)] = &[
    // --- senet.kendall: SPEC §8.7, seed 002, KE- ---
    // SPEC §8.7 worked checks.
    (KE, "check 2: green on 12 and 14 do not protect red 13", "A:10,12,14,off*4 B:13,20,off*5 A 3", Has("10-13")),
    (KE, "check 2: red on 12 and 13 protect each other", "A:10,14,off*5 B:12,13,off*5 A 3", Lacks("10-13")),
    (KE, "check 2: red on 12 and 13 protect each other", "A:10,14,off*5 B:12,13,off*5 A 2", Lacks("10-12")),
    (KE, "check 2: red on 11 and 13 are not adjacent", "A:10,14,off*5 B:11,13,off*5 A 3", Has("10-13")),
    (KE, "check 5: overshooting 26 is illegal, not a fall into the Waters: back", "A:23,off*6 B:1,off*6 A 4", Exactly("23-19")),
    // Seed 002.
    (KE, "002: every piece lands exactly on 26", "A:24,off*6 B:1,off*6 A 2", Exactly("24-26")),
    (KE, "002: every piece lands exactly on 26", "A:24,off*6 B:1,off*6 A 3", Lacks("24-27")),
    (KE, "002: no forward move (24 + 3 overshoots) forces a backward move", "A:24,off*6 B:1,off*6 A 3", Exactly("24-21")),
    (KE, "002: no move (overshoot, 22 protected) forfeits the throw", "A:25,off*6 B:21,22,off*5 A 3", Exactly("pass")),
    (KE, "check 4: the penalty 26 to 27 is the only move", "A:28,29,off*5 B:26,off*6 B 3", Exactly("26-27")),
    (KE, "002: a piece in the Waters moves only by a 4 or back to rebirth", "A:5,27,off*5 B:1,off*6 A water", Exactly("27-15 throw")),
    (KE, "002: exits from 28 with a 3", "A:28,off*6 B:1,off*6 A 3", Exactly("28-off")),
    (KE, "002: exits from 29 with a 2", "A:29,off*6 B:1,off*6 A 2", Exactly("29-off")),
    (KE, "002: exits from 30 with any throw", "A:30,off*6 B:1,off*6 A 1", Has("30-off")),
    (KE, "002: exits from 30 with any throw", "A:30,off*6 B:1,off*6 A 2", Has("30-off")),
    (KE, "002: exits from 30 with any throw", "A:30,off*6 B:1,off*6 A 3", Has("30-off")),
    (KE, "002: exits from 30 with any throw", "A:30,off*6 B:1,off*6 A 4", Has("30-off")),
    (KE, "002: exits from 30 with any throw", "A:30,off*6 B:1,off*6 A 5", Has("30-off")),
    (KE, "002: 28 with a 2: no move", "A:28,off*6 B:1,off*6 A 2", Exactly("pass")),
    (KE, "002: 29 with a 3: no move", "A:29,off*6 B:1,off*6 A 3", Exactly("pass")),
    (KE, "KE-8: not back from 27 to 30: with a 1, 28 does not move", "A:28,off*6 B:1,off*6 A 1", Exactly("pass")),
    (KE, "KE-20: the penalty 26 to 27 also with a 4", "A:26,off*6 B:7,29,30,off*4 A 4", Exactly("26-27")),
    // KE- defaults.
    (KE, "KE-1: the track runs through the turns of the board", "A:9,off*6 B:1,off*6 A 3", Exactly("9-12")),
    (KE, "KE-1: the track runs through the turns of the board", "A:19,off*6 B:1,off*6 A 3", Exactly("19-22")),
    (KE, "KE-6: red 28 protected by 27; 26 cannot attack with a 2", "A:3,26,off*5 B:27,28,off*5 A 2", Exactly("3-5")),
    (KE, "KE-6: 5 and 16 are grid, not path, neighbours: 16 attackable", "A:13,off*6 B:5,16,off*5 A 3", Has("13-16")),
    (KE, "KE-7: three in a row can be passed", "A:9,off*6 B:10,11,12,off*4 A 4", Has("9-13")),
    (KE, "KE-9, KE-26: exact landing on 26", "A:25,off*6 B:1,off*6 A 1", Exactly("25-26")),
    (KE, "KE-9, KE-26: overshooting 26 is illegal", "A:10,25,off*5 B:1,off*6 A 2", Exactly("10-12")),
    (KE, "KE-10: a 1 from 26 is an ordinary choice", "A:10,26,off*5 B:1,off*6 A 1", Exactly("10-11 26-27")),
    (KE, "KE-11: a piece on 28 only leaves", "A:28,off*6 B:1,off*6 A 1", Exactly("pass")),
    (KE, "KE-11: a piece on 29 only leaves", "A:29,off*6 B:1,off*6 A 1", Exactly("pass")),
    (KE, "KE-12, KE-13: red alone on 29, 27 taken: no attack, no penalty; back", "A:26,off*6 B:27,29,off*5 A 3", Exactly("26-23")),
    (KE, "KE-12, KE-13: with 27 empty the attack is legal", "A:26,off*6 B:29,off*6 A 3", Exactly("26-29")),
    (KE, "KE-12, KE-13: 27 taken: a 1 from 26 cannot enter it", "A:26,off*6 B:2,27,off*5 A 1", Exactly("26-25")),
    (KE, "KE-14: 15 is not safe", "A:12,off*6 B:1,15,off*5 A 3", Has("12-15")),
    (KE, "KE-14: 26 is not safe", "A:24,off*6 B:1,26,off*5 A 2", Has("24-26")),
    (KE, "KE-15: the penalty replaces the backward move 10-7", "A:10,26,off*5 B:11,12,13,14,28,29,off A 2", Exactly("26-27")),
    (KE, "KE-16: a piece in 27 freezes the others", "A:5,9,27,off*4 B:1,off*6 A water", Exactly("27-15 throw")),
    (KE, "KE-18: give-up to the nearest empty square before 15", "A:15,27,off*5 B:14,off*6 A water", Exactly("27-13 throw")),
    (KE, "KE-18: give-up to the nearest empty square before 15", "A:14,27,off*5 B:12,13,15,off*4 A water", Exactly("27-11 throw")),
    (KE, "KE-22: no gate before bearing off", "A:2,30,off*5 B:1,off*6 A 2", Has("30-off")),
    (KE, "KE-27: a lone bear-off is compulsory", "A:30,off*6 B:1,off*6 A 2", Exactly("30-off")),
    // Options.
    (KE, "KE-22 bear_off_gate=first_row_empty: nothing leaves with a piece on 1-10", "A:2,30,off*5 B:1,off*6 A 2", Exactly("2-4 30-off")),
    (KE, "KE-22 bear_off_gate=first_row_empty: nothing leaves with a piece on 1-10", "[senet.bear_off_gate=first_row_empty] A:2,30,off*5 B:1,off*6 A 2", Exactly("2-4")),
    (KE, "KE-22 bear_off_gate=first_row_empty: nothing leaves with a piece on 1-10", "[senet.bear_off_gate=first_row_empty] A:11,30,off*5 B:1,off*6 A 2", Exactly("11-13 30-off")),
    (KE, "KE-22 bear_off_gate=first_row_empty: nothing leaves with a piece on 1-10", "[senet.bear_off_gate=first_row_empty] A:5,26,off*5 B:1,off*6 A 5", Exactly("5-10")),
    (KE, "KE-22 bear_off_gate=all_in_last_row: the gate closed and nothing else to do loses the throw", "[senet.bear_off_gate=all_in_last_row] A:15,30,off*5 B:1,off*6 A 2", Exactly("15-17")),
    (KE, "KE-22 bear_off_gate=all_in_last_row: the gate closed and nothing else to do loses the throw", "[senet.bear_off_gate=all_in_last_row] A:21,30,off*5 B:1,off*6 A 2", Exactly("21-23 30-off")),
    (KE, "KE-22 bear_off_gate=all_in_last_row: the gate closed and nothing else to do loses the throw", "[senet.bear_off_gate=all_in_last_row] A:20,28,off*5 B:16,17,23,24,off*3 A 3", Exactly("pass")),
    (KE, "KE-6 adjacency=grid: protection by grid neighbours, path ones still count", "A:13,off*6 B:5,16,off*5 A 3", Has("13-16")),
    (KE, "KE-6 adjacency=grid: protection by grid neighbours, path ones still count", "[senet.adjacency=grid] A:13,off*6 B:5,16,off*5 A 3", Exactly("13-10")),
    (KE, "KE-6 adjacency=grid: protection by grid neighbours, path ones still count", "[senet.adjacency=grid] A:13,off*6 B:16,25,off*5 A 3", Exactly("13-10")),
    (KE, "KE-6 adjacency=grid: protection by grid neighbours, path ones still count", "[senet.adjacency=grid] A:13,off*6 B:16,17,off*5 A 3", Exactly("13-10")),
    (KE, "KE-6 adjacency=grid: protection by grid neighbours, path ones still count", "[senet.adjacency=grid] A:13,off*6 B:4,16,off*5 A 3", Exactly("13-16")),
    (KE, "KE-6 adjacency=grid: red 29 protected by red 12 above it, the penalty applies", "A:26,off*6 B:12,29,off*5 A 3", Exactly("26-29")),
    (KE, "KE-6 adjacency=grid: red 29 protected by red 12 above it, the penalty applies", "[senet.adjacency=grid] A:26,off*6 B:12,29,off*5 A 3", Exactly("26-27")),
    (KE, "KE-7 blockade=3: three in a row cannot be jumped, forward or backward", "A:9,off*6 B:10,11,12,off*4 A 4", Exactly("9-13")),
    (KE, "KE-7 blockade=3: three in a row cannot be jumped, forward or backward", "[senet.kendall.blockade=3] A:9,off*6 B:10,11,12,off*4 A 4", Exactly("9-5")),
    (KE, "KE-7 blockade=3: three in a row cannot be jumped, forward or backward", "[senet.kendall.blockade=3] A:9,off*6 B:1,10,11,off*4 A 4", Exactly("9-13")),
    (KE, "KE-7 blockade=3: three in a row cannot be jumped, forward or backward", "A:24,28,off*5 B:20,21,22,off*4 A 5", Exactly("24-19")),
    (KE, "KE-7 blockade=3: three in a row cannot be jumped, forward or backward", "[senet.kendall.blockade=3] A:24,28,off*5 B:20,21,22,off*4 A 5", Exactly("pass")),
    (KE, "KE-7 blockade=3: three in a row cannot be jumped, forward or backward", "[senet.kendall.blockade=3] A:9,10,11,12,off*3 B:1,off*6 A 4", Has("9-13")),
    (KE, "KE-7 blockade=3: three in a row cannot be jumped, forward or backward", "[senet.kendall.blockade=3] A:8,off*6 B:10,11,12,off*4 A 1", Exactly("8-9")),
    (KE, "KE-7 blockade=3: three in a row cannot be jumped, forward or backward", "[senet.kendall.blockade=3] A:26,off*6 B:27,28,29,off*4 A 4", Exactly("26-22")),
    (KE, "KE-10 one_from_26=only_if_forced: into the Waters only with no other forward move, then before backward ones", "[senet.kendall.one_from_26=only_if_forced] A:10,26,off*5 B:1,off*6 A 1", Exactly("10-11")),
    (KE, "KE-10 one_from_26=only_if_forced: into the Waters only with no other forward move, then before backward ones", "[senet.kendall.one_from_26=only_if_forced] A:26,off*6 B:1,off*6 A 1", Exactly("26-27")),
    (KE, "KE-15 penalty_priority=after_backward: the penalty waits behind the backward moves", "A:10,26,off*5 B:11,12,13,14,28,29,off A 2", Exactly("26-27")),
    (KE, "KE-15 penalty_priority=after_backward: the penalty waits behind the backward moves", "[senet.kendall.penalty_priority=after_backward] A:10,26,off*5 B:11,12,13,14,28,29,off A 2", Exactly("10-8 26-24")),
    (KE, "KE-15 penalty_priority=after_backward: the penalty waits behind the backward moves", "[senet.kendall.penalty_priority=after_backward] A:26,off*6 B:24,25,28,29,off*3 A 2", Exactly("26-27")),
    (KE, "KE-18 rebirth_blocked=forbid: no give-up while 15 is taken", "[senet.kendall.rebirth_blocked=forbid] A:5,27,off*5 B:15,off*6 A water", Exactly("throw")),
    (KE, "KE-18 rebirth_blocked=forbid: no give-up while 15 is taken", "[senet.kendall.rebirth_blocked=forbid] A:5,27,off*5 B:14,off*6 A water", Exactly("27-15 throw")),
    (KE, "KE-12 attack_when_27_full=send_to_15: with 27 taken, red alone on 29 may be attacked", "[attack_when_27_full=send_to_15] A:26,off*6 B:27,29,off*5 A 3", Exactly("26-29")),
    // --- senet.school: SPEC §9.6, seed 004, SB- ---
    // SPEC §9.6 worked checks.
    (SB, "check 1: a 1 does not move a counter from 26", "A:10,26,off*5 B:1,off*6 A 1", Exactly("10-11")),
    (SB, "check 1: with no forward move at all, 26 may go back", "A:26,off*6 B:1,off*6 A 1", Exactly("26-25")),
    (SB, "check 2: 30 leaves on a 1 only", "A:30,off*6 B:1,off*6 A 2", Exactly("pass")),
    (SB, "check 2: 30 leaves on a 1", "A:30,off*6 B:1,off*6 A 1", Exactly("30-off")),
    // Seed 004.
    (SB, "004§4: land on an undefended counter", "A:10,off*6 B:1,13,off*5 A 3", Has("10-13")),
    (SB, "004§4: not on a defended one", "A:10,14,off*5 B:12,13,off*5 A 3", Lacks("10-13")),
    (SB, "004§4: not on an own one", "A:10,13,off*5 B:1,off*6 A 3", Lacks("10-13")),
    (SB, "004§5, SB-5: green neighbours do not defend red 13 (own_adjacent)", "A:10,12,14,off*4 B:1,13,off*5 A 3", Has("10-13")),
    (SB, "004§7: backward only without a forward move", "A:24,off*6 B:1,off*6 A 3", Exactly("24-21")),
    (SB, "004§7: else the score is lost", "A:25,off*6 B:21,22,off*5 A 3", Exactly("pass")),
    (SB, "004§9: exact throw onto 26", "A:24,off*6 B:1,off*6 A 2", Exactly("24-26")),
    (SB, "004§9: no overshoot of 26", "A:10,25,off*5 B:1,off*6 A 2", Exactly("10-12")),
    (SB, "004§10: from 26 a 5 bears off", "A:26,off*6 B:1,off*6 A 5", Exactly("26-off")),
    (SB, "004§10: from 26 a 2 to 28", "A:26,off*6 B:1,off*6 A 2", Exactly("26-28")),
    (SB, "004§10: from 26 a 3 to 29", "A:26,off*6 B:1,off*6 A 3", Exactly("26-29")),
    (SB, "004§10: from 26 a 4 to 30", "A:26,off*6 B:1,off*6 A 4", Exactly("26-30")),
    (SB, "004§10: out of 28 with a 3", "A:28,off*6 B:1,off*6 A 3", Exactly("28-off")),
    (SB, "004§10: out of 29 with a 2", "A:29,off*6 B:1,off*6 A 2", Exactly("29-off")),
    (SB, "004§11: square 27 freezes until a 4", "A:5,27,off*5 B:1,off*6 A 1", Exactly("pass")),
    (SB, "004§11: a 4 frees it", "A:5,27,off*5 B:1,off*6 A 4", Exactly("27-off")),
    (SB, "SB-18: nothing but a 4 frees 27", "A:5,27,off*5 B:1,off*6 A 5", Exactly("pass")),
    // SB- defaults.
    (SB, "SB-1: the path runs through the turns", "A:9,off*6 B:1,off*6 A 3", Exactly("9-12")),
    (SB, "SB-6: 10 and 11 are path neighbours: red 10 defended by red 11", "A:7,off*6 B:10,11,off*5 A 3", Lacks("7-10")),
    (SB, "SB-6: 5 and 16 are grid neighbours only", "A:13,off*6 B:5,16,off*5 A 3", Has("13-16")),
    (SB, "SB-9, SB-10: no move from 26 with a 1", "A:20,26,off*5 B:1,21,off*5 A 1", Exactly("20-21")),
    (SB, "SB-11, SB-16: 28 never moves within or back", "A:28,off*6 B:1,off*6 A 1", Exactly("pass")),
    (SB, "SB-11, SB-16: 29 never moves within or back", "A:29,off*6 B:1,off*6 A 1", Exactly("pass")),
    (SB, "SB-11, SB-16: 30 never moves within or back", "A:30,off*6 B:1,off*6 A 3", Exactly("pass")),
    (SB, "SB-12: no attack on 28 to 30 while 27 is taken", "A:26,off*6 B:27,29,off*5 A 3", Exactly("26-23")),
    (SB, "SB-14: 26 is not safe", "A:24,off*6 B:1,26,off*5 A 2", Has("24-26")),
    (SB, "SB-15: no blockades", "A:9,off*6 B:10,11,12,off*4 A 4", Has("9-13")),
    (SB, "SB-17: a single legal move is offered alone, never with `pass`", "A:24,off*6 B:1,off*6 A 3", Exactly("24-21")),
    // Options.
    (SB, "KE-22 bear_off_gate (both Senets): no counter leaves while the gate is closed; the exit from 27 is not gated", "A:2,30,off*5 B:1,off*6 A 1", Exactly("2-3 30-off")),
    (SB, "KE-22 bear_off_gate (both Senets): no counter leaves while the gate is closed; the exit from 27 is not gated", "[senet.bear_off_gate=first_row_empty] A:2,30,off*5 B:1,off*6 A 1", Exactly("2-3")),
    (SB, "KE-22 bear_off_gate (both Senets): no counter leaves while the gate is closed; the exit from 27 is not gated", "[senet.bear_off_gate=first_row_empty] A:5,26,off*5 B:1,off*6 A 5", Exactly("5-10")),
    (SB, "KE-22 bear_off_gate (both Senets): no counter leaves while the gate is closed; the exit from 27 is not gated", "[senet.bear_off_gate=all_in_last_row] A:15,30,off*5 B:1,off*6 A 1", Exactly("15-16")),
    (SB, "KE-22 bear_off_gate (both Senets): no counter leaves while the gate is closed; the exit from 27 is not gated", "[senet.bear_off_gate=all_in_last_row] A:21,30,off*5 B:1,off*6 A 1", Exactly("21-22 30-off")),
    (SB, "KE-22 bear_off_gate (both Senets): no counter leaves while the gate is closed; the exit from 27 is not gated", "[senet.bear_off_gate=all_in_last_row] A:3,27,off*5 B:1,off*6 A 4", Exactly("27-off")),
    (SB, "SB-6 adjacency=grid: red 16 defended by red 5 above it; SB-5 any_adjacent: by any counter", "[senet.adjacency=grid] A:13,off*6 B:5,16,off*5 A 3", Exactly("13-10")),
    (SB, "SB-6 adjacency=grid: red 16 defended by red 5 above it; SB-5 any_adjacent: by any counter", "[senet.adjacency=grid] A:13,off*6 B:4,16,off*5 A 3", Exactly("13-16")),
    (SB, "SB-6 adjacency=grid: red 16 defended by red 5 above it; SB-5 any_adjacent: by any counter", "[senet.adjacency=grid,senet.school.defence=any_adjacent] A:5,13,off*5 B:1,16,off*5 A 3", Exactly("5-8")),
    (SB, "SB-15 blockade=3: three opposing counters in a row cannot be jumped", "[senet.school.blockade=3] A:9,off*6 B:10,11,12,off*4 A 4", Exactly("9-5")),
    (SB, "SB-15 blockade=3: three opposing counters in a row cannot be jumped", "[senet.school.blockade=3] A:9,off*6 B:1,10,11,off*4 A 4", Exactly("9-13")),
    (SB, "SB-15 blockade=3: three opposing counters in a row cannot be jumped", "A:24,28,off*5 B:20,21,22,off*4 A 5", Exactly("24-19")),
    (SB, "SB-15 blockade=3: three opposing counters in a row cannot be jumped", "[senet.school.blockade=3] A:24,28,off*5 B:20,21,22,off*4 A 5", Exactly("pass")),
    (SB, "SB-5 defence=any_adjacent: green's 12 and 14 now defend red 13", "[defence=any_adjacent] A:10,12,14,off*4 B:1,13,off*5 A 3", Lacks("10-13")),
    (SB, "SB-12 attack_when_27_full=send_to_start: with 27 taken the attack is legal", "[attack_when_27_full=send_to_start] A:26,off*6 B:27,29,off*5 A 3", Exactly("26-29")),
    (SB, "SB-12 attack_when_27_full=send_to_start: with 27 empty too", "[attack_when_27_full=send_to_start] A:26,off*6 B:1,29,off*5 A 3", Exactly("26-29")),
    // --- hj.walker: SPEC §5.6, seed 001, WB-, the Variation ---
    // SPEC §5.6 worked checks.
    (WB, "check 1: a blocking point stops passage", "A:L13,L15,hand*3 B:hand*5 A 3", Lacks("L13-L16")),
    (WB, "check 1: no landing on an occupied point", "A:L12,L15,hand*3 B:hand*5 A 3", Lacks("L12-L15")),
    (WB, "check 2: the line 6 to 20 ignores blocking points", "A:L4,L10,L15,hand*2 B:hand*5 A 2", Has("L4-L20")),
    (WB, "check 4: no bear-off with a piece in hand", "A:S,hand,off*3 B:hand*5 A 5", Exactly("pass")),
    (WB, "check 4: bear-off once all have entered", "A:S*2,off*3 B:hand*5 A 5", Exactly("S-off")),
    // Seed 001.
    (WB, "001§7, WB-5: a 1 may enter or move the piece on 5 (to 6, on to 20)", "A:L5,hand*4 B:hand*5 A 1", Exactly("L5-L20 hand-L1")),
    (WB, "001§8: only blocking points stop passage", "A:L11,L12,hand*3 B:hand*5 A 3", Has("L11-L14")),
    (WB, "001§8: blocking point 20 stops passage", "A:L19,L20,hand*3 B:hand*5 A 3", Lacks("L19-L22")),
    (WB, "001§8: blocking point 20 stops passage", "A:L18,L20,hand*3 B:hand*5 A 4", Lacks("L18-L22")),
    (WB, "001§9: no landing on an occupied point", "A:L3,L5,hand*3 B:hand*5 A 2", Lacks("L3-L5")),
    (WB, "001§9: nor entering on an occupied hole 1", "A:L1,hand*4 B:hand*5 A 1", Lacks("hand-L1")),
    (WB, "001§10: lines both ways, 20 back to 6", "A:L17,hand*4 B:hand*5 A 3", Has("L17-L6")),
    (WB, "001§10: lines both ways, 10 back to 8", "A:L7,hand*4 B:hand*5 A 3", Has("L7-L8")),
    (WB, "001§10: lines both ways, 8 on to 10", "A:L5,hand*4 B:hand*5 A 3", Has("L5-L10")),
    (WB, "001§10: lines both ways, 8 on to 10", "A:L7,hand*4 B:hand*5 A 1", Has("L7-L10")),
    (WB, "001§11: no move past point 30", "A:L28,hand*4 B:hand*5 A 3", Exactly("pass")),
    (WB, "001§11: a move onto point 30", "A:L28,hand*4 B:hand*5 A 2", Has("L28-S")),
    (WB, "001§12: a usable throw must be used", "A:L3,hand*4 B:hand*5 A 2", Exactly("L3-L5")),
    (WB, "001§12: an unusable throw is passed", "A:hand*5 B:hand*5 A 2", Exactly("pass")),
    // WB- defaults.
    (WB, "WB-3: point 30 holds many", "A:L27,S,hand*3 B:hand*5 A 3", Has("L27-S")),
    (WB, "WB-4: lines ignore blocking points", "A:L3,L10,L15,hand*2 B:hand*5 A 3", Has("L3-L20")),
    (WB, "WB-8, C-6: a blocked line stays", "A:L4,L20,hand*3 B:hand*5 A 2", Has("L4-L6")),
    // 8 + 2 = 10, whose line leads back to 8: the start hole counts as free, so the move would
    // end where it began and is illegal.
    (WB, "WB-10, C-5: one line per move and no null move", "A:L8,hand*4 B:hand*5 A 2", Lacks("L8-L10")),
    (WB, "WB-10, C-5: one line per move and no null move", "A:L8,hand*4 B:hand*5 A 2", Lacks("L8-L8")),
    (WB, "WB-10, C-5: one line per move and no null move", "A:L8,hand*4 B:hand*5 A 2", Exactly("pass")),
    // The Variation.
    (WB, "Variation: pieces pass 30 and go round", "[variation=true] A:L28,hand*4 B:hand*5 A 4", Has("L28-R28")),
    (WB, "Variation: pieces pass 30 and go round", "[variation=true] A:L27,hand*4 B:hand*5 A 3", Has("L27-S")),
    (WB, "Variation: bear-off from the opponent's hole 1 with a 5", "[variation=true] A:R1,off*4 B:hand*5 A 5", Exactly("R1-off")),
    (WB, "Variation: all entered first (WB-17 default)", "[variation=true] A:R1,hand,off*3 B:hand*5 A 5", Exactly("pass")),
    (WB, "Variation: not past index 59 (WB-14)", "[variation=true] A:R3,off*4 B:hand*5 A 3", Exactly("pass")),
    // B's piece on its own 25 (A's index 35) blocks A's piece on R27 (index 33) passing it.
    (WB, "Variation: any piece on a blocking point blocks all", "[variation=true] A:R27,hand*4 B:R25,hand*4 A 4", Exactly("pass")),
    (WB, "Variation: A's own piece on B's 25 blocks A's other piece; it moves itself", "[variation=true] A:R27,R25,hand*3 B:hand*5 A 4", Exactly("R25-R21")),
    (WB, "Variation: landing on the far 20 (index 40) jumps forward to the far 6 (index 54)", "[variation=true] A:R23,hand*4 B:hand*5 A 3", Has("R23-R6")),
    (WB, "Variation: B waits on A's hole 1 (B's index 59): A cannot enter (WB-12)", "[variation=true] A:L5,hand*4 B:L1,off*4 A 1", Lacks("hand-L1")),
    (WB, "Variation: no landing on B's piece on L7 (B's index 53)", "[variation=true] A:L5,hand*4 B:L7,hand*4 A 2", Lacks("L5-L7")),
    // Options.
    (WB, "C-5 null_line_move=allowed_as_pass; forward lines only: 8 → 10 is an ordinary move", "A:L3,L8,hand*3 B:hand*5 A 2", Exactly("L3-L5")),
    (WB, "C-5 null_line_move=allowed_as_pass; forward lines only: 8 → 10 is an ordinary move", "[hj.walker.null_line_move=allowed_as_pass] A:L3,L8,hand*3 B:hand*5 A 2", Exactly("L3-L5 pass")),
    (WB, "C-5 null_line_move=allowed_as_pass; forward lines only: 8 → 10 is an ordinary move", "[hj.lines=forward_only] A:L3,L8,hand*3 B:hand*5 A 2", Exactly("L3-L5 L8-L10")),
    (WB, "C-6, WB-8 blocked_line=illegal", "A:L4,L20,hand*3 B:hand*5 A 2", Exactly("L20-L22 L4-L6")),
    (WB, "C-6, WB-8 blocked_line=illegal", "[hj.walker.blocked_line=illegal] A:L4,L20,hand*3 B:hand*5 A 2", Exactly("L20-L22")),
    (WB, "WB-4 block_lines=true: blocking points stop line jumps (C-6 stay or illegal)", "A:L4,L10,hand*3 B:hand*5 A 2", Has("L4-L20")),
    (WB, "WB-4 block_lines=true: blocking points stop line jumps (C-6 stay or illegal)", "[hj.walker.block_lines=true] A:L4,L10,hand*3 B:hand*5 A 2", Exactly("L10-L12 L4-L6")),
    (WB, "WB-4 block_lines=true: blocking points stop line jumps (C-6 stay or illegal)", "[hj.walker.block_lines=true,hj.walker.blocked_line=illegal] A:L4,L10,hand*3 B:hand*5 A 2", Exactly("L10-L12")),
    (WB, "WB-4 block_lines=true: blocking points stop line jumps (C-6 stay or illegal)", "[hj.walker.block_lines=true] A:L15,L18,hand*3 B:hand*5 A 2", Exactly("L15-L17 L18-L20")),
    (WB, "WB-4 block_lines=true: blocking points stop line jumps (C-6 stay or illegal)", "[hj.walker.block_lines=true] A:L7,L15,hand*3 B:hand*5 A 3", Has("L7-L8")),
    (WB, "WB-11 v_block: whose pieces on blocking points block", "[hj.walker.variation=true] A:R27,hand*4 B:R25,hand*4 A 4", Exactly("pass")),
    (WB, "WB-11 v_block: whose pieces on blocking points block", "[hj.walker.v_block=owner_only,hj.walker.variation=true] A:R27,hand*4 B:R25,hand*4 A 4", Exactly("R27-R23")),
    (WB, "WB-11 v_block: whose pieces on blocking points block", "[hj.walker.v_block=owner_only,hj.walker.variation=true] A:R27,R25,hand*3 B:hand*5 A 4", Exactly("R25-R21")),
    (WB, "WB-11 v_block: whose pieces on blocking points block", "[hj.walker.v_block=none,hj.walker.variation=true] A:R27,R25,hand*3 B:hand*5 A 4", Exactly("R25-R21 R27-R23")),
    (WB, "WB-2 lines: 18 →2→ 20 → back to 6; 4 →2→ 6 → on to 20", "A:L18,hand*4 B:hand*5 A 2", Has("L18-L6")),
    (WB, "WB-2 lines: 18 →2→ 20 → back to 6; 4 →2→ 6 → on to 20", "[hj.lines=forward_only] A:L18,hand*4 B:hand*5 A 2", Exactly("L18-L20")),
    (WB, "WB-2 lines: 18 →2→ 20 → back to 6; 4 →2→ 6 → on to 20", "[hj.lines=forward_only] A:L4,hand*4 B:hand*5 A 2", Exactly("L4-L20")),
    (WB, "WB-2 lines: 18 →2→ 20 → back to 6; 4 →2→ 6 → on to 20", "[hj.lines=backward_only] A:L4,hand*4 B:hand*5 A 2", Exactly("L4-L6")),
    (WB, "WB-2 lines: 18 →2→ 20 → back to 6; 4 →2→ 6 → on to 20", "[hj.lines=backward_only] A:L18,hand*4 B:hand*5 A 2", Exactly("L18-L6")),
    (WB, "WB-3 shared_30=single: point 30 holds one piece, B's or A's", "A:L28,hand*4 B:S,hand*4 A 2", Exactly("L28-S")),
    (WB, "WB-3 shared_30=single: point 30 holds one piece, B's or A's", "[hj.walker.shared_30=single] A:L28,hand*4 B:S,hand*4 A 2", Exactly("pass")),
    (WB, "WB-3 shared_30=single: point 30 holds one piece, B's or A's", "[hj.walker.shared_30=single] A:L28,S,hand*3 B:hand*5 A 2", Exactly("pass")),
    (WB, "WB-3 shared_30=single: point 30 holds one piece, B's or A's", "[hj.walker.shared_30=single] A:L28,hand*4 B:hand*5 A 2", Exactly("L28-S")),
    (WB, "WB-7 bear_off: by default only an exact 5 (001§13); five_or_one; any, still once all have entered (001§14), in the Variation too", "A:S*2,off*3 B:hand*5 A 1", Exactly("pass")),
    (WB, "WB-7 bear_off: by default only an exact 5 (001§13); five_or_one; any, still once all have entered (001§14), in the Variation too", "[hj.walker.bear_off=five_or_one] A:S*2,off*3 B:hand*5 A 1", Exactly("S-off")),
    (WB, "WB-7 bear_off: by default only an exact 5 (001§13); five_or_one; any, still once all have entered (001§14), in the Variation too", "[hj.walker.bear_off=five_or_one] A:S*2,off*3 B:hand*5 A 5", Exactly("S-off")),
    (WB, "WB-7 bear_off: by default only an exact 5 (001§13); five_or_one; any, still once all have entered (001§14), in the Variation too", "[hj.walker.bear_off=five_or_one] A:S*2,off*3 B:hand*5 A 3", Exactly("pass")),
    (WB, "WB-7 bear_off: by default only an exact 5 (001§13); five_or_one; any, still once all have entered (001§14), in the Variation too", "[hj.walker.bear_off=any] A:S,off*4 B:hand*5 A 1", Exactly("S-off")),
    (WB, "WB-7 bear_off: by default only an exact 5 (001§13); five_or_one; any, still once all have entered (001§14), in the Variation too", "[hj.walker.bear_off=any] A:S,off*4 B:hand*5 A 2", Exactly("S-off")),
    (WB, "WB-7 bear_off: by default only an exact 5 (001§13); five_or_one; any, still once all have entered (001§14), in the Variation too", "[hj.walker.bear_off=any] A:S,off*4 B:hand*5 A 3", Exactly("S-off")),
    (WB, "WB-7 bear_off: by default only an exact 5 (001§13); five_or_one; any, still once all have entered (001§14), in the Variation too", "[hj.walker.bear_off=any] A:S,off*4 B:hand*5 A 4", Exactly("S-off")),
    (WB, "WB-7 bear_off: by default only an exact 5 (001§13); five_or_one; any, still once all have entered (001§14), in the Variation too", "[hj.walker.bear_off=any] A:S,off*4 B:hand*5 A 5", Exactly("S-off")),
    (WB, "WB-7 bear_off: by default only an exact 5 (001§13); five_or_one; any, still once all have entered (001§14), in the Variation too", "[hj.walker.bear_off=any] A:S,hand,off*3 B:hand*5 A 3", Exactly("pass")),
    (WB, "WB-7 bear_off: by default only an exact 5 (001§13); five_or_one; any, still once all have entered (001§14), in the Variation too", "[hj.walker.bear_off=any,hj.walker.variation=true] A:R1,off*4 B:hand*5 A 2", Exactly("R1-off")),
    // --- hj.french: seed 003, FR- ---
    (FR, "003: one piece per hole", "A:L3,L5,hand*3 B:hand*5 A 2", Lacks("L3-L5")),
    (FR, "003: jumping over a piece is allowed", "A:L3,L4,hand*3 B:hand*5 A 2", Has("L3-L5")),
    (FR, "FR-4, FR-5: one-way shortcut 6 to 20", "A:L4,hand*4 B:hand*5 A 2", Exactly("L4-L20")),
    (FR, "FR-4, FR-5: one-way shortcut 8 to 10", "A:L5,hand*4 B:hand*5 A 3", Exactly("L5-L10")),
    (FR, "FR-4, FR-5: landing on 20 does nothing", "A:L17,hand*4 B:hand*5 A 3", Exactly("L17-L20")),
    (FR, "FR-4, FR-5: landing on 10 does nothing", "A:L7,hand*4 B:hand*5 A 3", Exactly("L7-L10")),
    (FR, "FR-4, FR-5: far end 20 taken: the piece stays on 6", "A:L4,L20,hand*3 B:hand*5 A 2", Has("L4-L6")),
    (FR, "FR-4, FR-5: far end 10 taken: the piece stays on 8", "A:L5,L10,hand*3 B:hand*5 A 3", Has("L5-L8")),
    (FR, "FR-7, FR-8: out by an exact throw", "A:L27,off*4 B:hand*5 A 3", Exactly("L27-off")),
    (FR, "FR-7, FR-8: out once all have entered, not with a piece still in hand", "A:L27,hand,off*3 B:hand*5 A 3", Exactly("pass")),
    (FR, "FR-10: no overshoot", "A:L27,off*4 B:hand*5 A 4", Exactly("pass")),
    (FR, "FR-9: a 1 may move instead of entering", "A:L2,hand*4 B:hand*5 A 1", Exactly("L2-L3 hand-L1")),
    // Options.
    (FR, "C-5 null_line_move=allowed_as_pass: 10 leads back to 8 under lines=both", "A:L3,L8,hand*3 B:hand*5 A 2", Exactly("L3-L5 L8-L10")),
    (FR, "C-5 null_line_move=allowed_as_pass: 10 leads back to 8 under lines=both", "[hj.lines=both] A:L3,L8,hand*3 B:hand*5 A 2", Exactly("L3-L5")),
    (FR, "C-5 null_line_move=allowed_as_pass: 10 leads back to 8 under lines=both", "[hj.lines=both,hj.french.null_line_move=allowed_as_pass] A:L3,L8,hand*3 B:hand*5 A 2", Exactly("L3-L5 pass")),
    (FR, "C-6, FR-5 blocked_line=illegal", "A:L4,L20,hand*3 B:hand*5 A 2", Exactly("L20-L22 L4-L6")),
    (FR, "C-6, FR-5 blocked_line=illegal", "[hj.french.blocked_line=illegal] A:L4,L20,hand*3 B:hand*5 A 2", Exactly("L20-L22")),
    (FR, "FR-4 lines: forward only by default (4 →2→ 6 → 20, 18 →2→ 20 stays); both; backward only", "A:L4,hand*4 B:hand*5 A 2", Exactly("L4-L20")),
    (FR, "FR-4 lines: forward only by default (4 →2→ 6 → 20, 18 →2→ 20 stays); both; backward only", "A:L18,hand*4 B:hand*5 A 2", Exactly("L18-L20")),
    (FR, "FR-4 lines: forward only by default (4 →2→ 6 → 20, 18 →2→ 20 stays); both; backward only", "[hj.lines=both] A:L18,hand*4 B:hand*5 A 2", Exactly("L18-L6")),
    (FR, "FR-4 lines: forward only by default (4 →2→ 6 → 20, 18 →2→ 20 stays); both; backward only", "[hj.lines=both] A:L4,hand*4 B:hand*5 A 2", Exactly("L4-L20")),
    (FR, "FR-4 lines: forward only by default (4 →2→ 6 → 20, 18 →2→ 20 stays); both; backward only", "[hj.lines=backward_only] A:L4,hand*4 B:hand*5 A 2", Exactly("L4-L6")),
    (FR, "FR-4 lines: forward only by default (4 →2→ 6 → 20, 18 →2→ 20 stays); both; backward only", "[hj.lines=backward_only] A:L18,hand*4 B:hand*5 A 2", Exactly("L18-L6")),
    // --- hj.skiryuk: SPEC §3.8, seed 000 (Skiryuk), SK- ---
    // SPEC §3.8 worked checks.
    (SK, "check 5: 20 leads back to 6", "A:L18,hand*4 B:R3,hand*4 A 2", Exactly("L18-L6")),
    (SK, "check 5: ... unless 6 is taken", "A:L6,L18,hand*3 B:R3,hand*4 A 2", Has("L18-L20")),
    // 8 →2→ 10 → line → 8: illegal (C-5), and not a stay on 10 either.
    (SK, "check 6: a line back to the start hole is not a move", "A:L8,hand*4 B:R3,hand*4 A 2", Exactly("pass")),
    // Seed 000, Skiryuk's rules, and SK- defaults.
    (SK, "000-SK§3: each side has its own path ending in S (L26 and R26 with a 4)", "A:L26,hand*4 B:R26,hand*4 A 4", Exactly("L26-S")),
    (SK, "SK-9, SK-15, SK-16: lines both ways, 6 on to 20", "A:L4,hand*4 B:R3,hand*4 A 2", Exactly("L4-L20")),
    (SK, "SK-9, SK-15, SK-16: lines both ways, 20 back to 6", "A:L17,hand*4 B:R3,hand*4 A 3", Exactly("L17-L6")),
    (SK, "SK-9, SK-15, SK-16: lines both ways, 8 on to 10", "A:L5,hand*4 B:R3,hand*4 A 3", Exactly("L5-L10")),
    (SK, "SK-9, SK-15, SK-16: lines both ways, 10 back to 8", "A:L7,hand*4 B:R3,hand*4 A 3", Exactly("L7-L8")),
    (SK, "SK-12: any piece may move", "A:L2,L11,hand*3 B:R3,hand*4 A 1", Exactly("L11-L12 L2-L3")),
    (SK, "SK-13, SK-14: no landing on an own piece", "A:L2,L4,hand*3 B:R3,hand*4 A 2", Exactly("L4-L20")),
    (SK, "SK-13, SK-14: no passing an own piece", "A:L2,L4,hand*3 B:R3,hand*4 A 3", Exactly("L4-L7")),
    (SK, "SK-13, SK-14: the opponent's pieces stand on the other side and never block", "A:L2,hand*4 B:R3,R4,R5,hand*2 A 2", Exactly("L2-L4")),
    (SK, "SK-20: S needs the exact throw", "A:L28,hand*4 B:R3,hand*4 A 2", Exactly("L28-S")),
    (SK, "SK-20: S needs the exact throw", "A:L28,hand*4 B:R3,hand*4 A 3", Exactly("pass")),
    (SK, "SK-21: pieces stay in S until a 1", "A:L3,S,hand*3 B:R3,hand*4 A 2", Lacks("S-hand")),
    (SK, "SK-21: pieces stay in S until a 1", "A:L3,S,hand*3 B:R3,hand*4 A 3", Lacks("S-hand")),
    (SK, "SK-21: pieces stay in S until a 1", "A:L3,S,hand*3 B:R3,hand*4 A 4", Lacks("S-hand")),
    (SK, "SK-21: pieces stay in S until a 1", "A:L3,S,hand*3 B:R3,hand*4 A 5", Lacks("S-hand")),
    (SK, "SK-21: a 1 takes a piece from S", "A:L3,S,hand*3 B:R3,hand*4 A 1", Exactly("L3-L4 S-hand")),
    (SK, "SK-7: no entry by a throw of 1", "A:L3,hand*4 B:R3,hand*4 A 1", Exactly("L3-L4")),
    (SK, "SK-11: one line per move: 6 to 20, not on back to 6", "A:L4,hand*4 B:R3,hand*4 A 2", Exactly("L4-L20")),
    (SK, "SK-12: a blocked line (20 taken) stays on 6", "A:L4,L20,hand*3 B:R3,hand*4 A 2", Exactly("L20-L22 L4-L6")),
    // Options.
    (SK, "C-6, SK-11 blocked_line=illegal: 20 taken; a line that may not be followed is no line", "A:L4,L20,hand*3 B:R3,hand*4 A 2", Exactly("L20-L22 L4-L6")),
    (SK, "C-6, SK-11 blocked_line=illegal: 20 taken; a line that may not be followed is no line", "[hj.skiryuk.blocked_line=illegal] A:L4,L20,hand*3 B:R3,hand*4 A 2", Exactly("L20-L22")),
    (SK, "C-6, SK-11 blocked_line=illegal: 20 taken; a line that may not be followed is no line", "[hj.skiryuk.blocked_line=illegal,hj.lines=backward_only] A:L4,L20,hand*3 B:R3,hand*4 A 2", Exactly("L20-L22 L4-L6")),
    // --- hj.washburne: SPEC §4.6, seed 000 (Washburne), WA- ---
    // SPEC §4.6 worked checks.
    (WA, "check 3: the far 8 jumps backward to the far 20", "A:L1,L2,L3,L4,R8 B:R1,R2,R3,R4,R5 A 2", Has("R8-R20")),
    (WA, "check 3: the far 10 jumps forward to the far 8", "A:L1,L2,L3,L4,R12 B:R1,R2,R3,R4,R5 A 2", Has("R12-R8")),
    // Seed 000, Washburne rules as SPEC §4 cites them.
    // Indices 53..57 with a 3: 53→56 and 54→57 are own pieces, 57→60 is past the end.
    (WA, "WA-10, WA-14: forward only and not past the far hole 1", "A:R7,R6,R5,R4,R3 B:R10,R11,R12,R13,R14 A 3", Exactly("R4-R1 R5-R2")),
    (WA, "WA-10, WA-14: from the far hole 1 (index 59) nothing moves on", "A:R6,R4,R3,R2,R1 B:R10,R11,R12,R13,R14 A 1", Exactly("R6-R5")),
    (WA, "WA-11: never onto an own piece", "A:L1,L2,L3,L7,L9 B:R1,R2,R3,R4,R5 A 2", Lacks("L7-L9")),
    (WA, "WA-4, WA-12: Blue on the ankh L15 is safe", "A:L1,L2,L3,L4,L12 B:R1,R2,R3,R4,L15 A 3", Lacks("L12-L15")),
    (WA, "WA-4, WA-12: Blue on its home hole R3 (Red's index 57) is safe", "A:L1,L2,L3,L4,R6 B:R3,R10,R11,R12,R13 A 3", Lacks("R6-R3")),
    (WA, "WA-6: 6 to 20 with an own piece on 20: the piece stays on 6", "A:L1,L2,L3,L4,L20 B:R1,R2,R3,R4,R5 A 2", Has("L4-L6")),
    (WA, "WA-7: only the final hole matters: 6 taken, 20 empty", "A:L1,L2,L3,L4,L6 B:R1,R2,R3,R4,R5 A 2", Has("L4-L20")),
    (WA, "WA-20: pieces jump over others", "A:L1,L2,L3,L4,L7 B:R5,L11,L10,L9,L8 A 5", Has("L7-L12")),
    // Options.
    (WA, "C-6, WA-6 blocked_line=illegal", "A:L1,L2,L3,L4,L20 B:R1,R2,R3,R4,R5 A 2", Has("L4-L6")),
    (WA, "C-6, WA-6 blocked_line=illegal", "[hj.washburne.blocked_line=illegal] A:L1,L2,L3,L4,L20 B:R1,R2,R3,R4,R5 A 2", Lacks("L4-L6")),
    (WA, "WA-5 lines: both ways by default; forward only: 18 stays on 20; backward only: 4 stays on 6", "A:L1,L2,L3,L4,L18 B:R1,R2,R3,R4,R5 A 2", Has("L18-L6")),
    (WA, "WA-5 lines: both ways by default; forward only: 18 stays on 20; backward only: 4 stays on 6", "[hj.lines=forward_only] A:L1,L2,L3,L4,L18 B:R1,R2,R3,R4,R5 A 2", Has("L18-L20")),
    (WA, "WA-5 lines: both ways by default; forward only: 18 stays on 20; backward only: 4 stays on 6", "[hj.lines=forward_only] A:L1,L2,L3,L4,L18 B:R1,R2,R3,R4,R5 A 2", Lacks("L18-L6")),
    (WA, "WA-5 lines: both ways by default; forward only: 18 stays on 20; backward only: 4 stays on 6", "A:L1,L2,L3,L4,L12 B:R1,R2,R3,R4,R5 A 2", Has("L4-L20")),
    (WA, "WA-5 lines: both ways by default; forward only: 18 stays on 20; backward only: 4 stays on 6", "[hj.lines=backward_only] A:L1,L2,L3,L4,L12 B:R1,R2,R3,R4,R5 A 2", Has("L4-L6")),
    (WA, "WA-5 lines: both ways by default; forward only: 18 stays on 20; backward only: 4 stays on 6", "[hj.lines=backward_only] A:L1,L2,L3,L4,L12 B:R1,R2,R3,R4,R5 A 2", Lacks("L4-L20")),
];

/// The clauses: (rule set, clause, position as in [`CLAUSES`], actions as a record writes them
/// (NOTATION §4), what follows).
#[rustfmt::skip] // one clause a line
const SEQUENCES: &[(&str, &str, &str, &str, Then)] = &[
    (KE, "002: a 1 earns another throw, but falling into 27 ends the turn", "A:26,off*6 B:1,off*6 A 1", "26-27", ThrowsNext("B")),
    (KE, "002: the first to bear off all seven wins", "A:30,off*6 B:1,off*6 A 2", "30-off", Wins("A")),
    (KE, "KE-17: the freeing 4 throws again", "A:5,27,off*5 B:1,off*6 A water", "throw 4 27-off", ThrowsNext("A")),
    (KE, "KE-19: giving up uses the turn", "A:5,27,off*5 B:1,off*6 A water", "27-15", ThrowsNext("B")),
    (KE, "KE-21 extra_on_pass=false: a lost 4 throws no more", "[extra_on_pass=false] A:28,off*6 B:1,off*6 A 4", "pass", ThrowsNext("B")),
    (KE, "KE-17 water_four_extra=false: the freeing 4 ends the turn", "[water_four_extra=false] A:5,27,off*5 B:1,off*6 A water", "throw 4 27-off", ThrowsNext("B")),
    (KE, "check 4: the penalty 26 to 27 ends the turn", "A:28,29,off*5 B:26,off*6 B 3", "26-27", ThrowsNext("A")),
    (KE, "002: exchange with an unprotected piece", "A:10,off*6 B:1,13,off*5 A 3", "10-13", Pieces("A:13,off*6 B:1,10,off*5")),
    (KE, "002: an unprotected piece on 26 is exchanged", "A:23,off*6 B:1,26,off*5 A 3", "23-26", Pieces("A:26,off*6 B:1,23,off*5")),
    (KE, "002: a piece in the Waters moves only by a 4", "A:5,27,off*5 B:1,off*6 A water", "throw 4", Exactly("27-off")),
    (KE, "002: ... or back to rebirth on 15", "A:5,27,off*5 B:1,off*6 A water", "27-15", Pieces("A:5,15,off*5 B:1,off*6")),
    (KE, "KE-8: backward moves may exchange", "A:24,off*6 B:1,21,off*5 A 3", "24-21", Pieces("A:21,off*6 B:1,24,off*5")),
    (KE, "KE-20: the penalty also cancels pending throws (a 4 would throw again)", "A:26,off*6 B:7,29,30,off*4 A 4", "26-27", ThrowsNext("B")),
    (KE, "KE-21: a lost 1, 4 or 5 still throws again", "A:28,off*6 B:1,off*6 A 1", "pass", ThrowsNext("A")),
    (KE, "KE-21: a lost 2 does not", "A:28,off*6 B:1,off*6 A 1", "pass 2 pass", ThrowsNext("B")),
    (KE, "KE-23, KE-24: after rebirth any piece may move", "A:5,27,off*5 B:1,off*6 A water", "27-15 3 1-4 2", Exactly("15-17 5-7")),
    (KE, "KE-12 attack_when_27_full=send_to_15: with 27 taken, red alone on 29 is attacked and goes to 15", "[attack_when_27_full=send_to_15] A:26,off*6 B:27,29,off*5 A 3", "26-29", Pieces("A:29,off*6 B:15,27,off*5")),
    (KE, "KE-12 attack_when_27_full=send_to_15: 15 taken, to the nearest empty square before it (KE-18)", "[attack_when_27_full=send_to_15] A:15,26,off*5 B:14,27,29,off*4 A 3", "26-29", Pieces("A:15,29,off*5 B:13,14,27,off*4")),
    (KE, "KE-12 attack_when_27_full=send_to_15: with 27 empty the attacked piece still falls into 27 (002)", "[attack_when_27_full=send_to_15] A:26,off*6 B:1,29,off*5 A 3", "26-29", Pieces("A:29,off*6 B:1,27,off*5")),
    (KE, "KE-19 give_up_cost=this_and_next_turn: after giving up, green's next turn is lost too", "[give_up_cost=this_and_next_turn] A:5,27,off*5 B:1,20,off*5 A water", "27-15", ThrowsNext("B")),
    (KE, "KE-19 give_up_cost=this_and_next_turn: red plays twice", "[give_up_cost=this_and_next_turn] A:5,27,off*5 B:1,20,off*5 A water", "27-15 2 1-3", ThrowsNext("B")),
    (KE, "KE-19 give_up_cost=this_and_next_turn: then green again", "[give_up_cost=this_and_next_turn] A:5,27,off*5 B:1,20,off*5 A water", "27-15 2 1-3 2 3-5", ThrowsNext("A")),
    (SB, "004§12: the first to remove all seven wins", "A:30,off*6 B:1,off*6 A 1", "30-off", Wins("A")),
    (SB, "SB-8: a lost 5 still throws again", "A:28,off*6 B:1,off*6 A 5", "pass", ThrowsNext("A")),
    (SB, "SB-13: a counter freed from 27 counts as borne off", "A:27,off*6 B:1,off*6 A 4", "27-off", Wins("A")),
    (SB, "SB-8 extra_on_pass=false: a lost 5 throws no more", "[extra_on_pass=false] A:28,off*6 B:1,off*6 A 5", "pass", ThrowsNext("B")),
    (SB, "check 3: attacked on 29 goes to 27", "A:5,29,off*5 B:1,26,off*5 B 3", "26-29", Pieces("A:5,27,off*5 B:1,29,off*5")),
    (SB, "check 3: ... and is frozen until a 4", "A:5,29,off*5 B:1,26,off*5 B 3", "26-29 2", Exactly("pass")),
    (SB, "check 3: ... which frees it", "A:5,29,off*5 B:1,26,off*5 B 3", "26-29 2 pass 1 1-2 4", Exactly("27-off")),
    (SB, "004§3, SB-3, SB-4: the even squares start, with A's throw (no opening throws in the record)", "A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A throw", "", ThrowsNext("A")),
    (SB, "004§6: the attacked counter goes where the attacker came from", "A:10,off*6 B:1,13,off*5 A 3", "10-13", Pieces("A:13,off*6 B:1,10,off*5")),
    (SB, "004§8: a 5 gives another throw", "A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A throw", "5 14-19", ThrowsNext("A")),
    (SB, "004§8: a 4 earns nothing", "A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A throw", "5 14-19 4 19-23", ThrowsNext("B")),
    (SB, "SB-7: backward moves may attack", "A:24,off*6 B:1,21,off*5 A 3", "24-21", Pieces("A:21,off*6 B:1,24,off*5")),
    (SB, "SB-18: the freeing 4 ends the turn", "A:5,27,off*5 B:1,off*6 A 4", "27-off", ThrowsNext("B")),
    (SB, "SB-18: a 5 on 27 does nothing but throws again", "A:5,27,off*5 B:1,off*6 A 5", "pass", ThrowsNext("A")),
    (SB, "SB-12 attack_when_27_full=send_to_start: with 27 taken the attacked counter goes to the attacker's start square (004§6)", "[attack_when_27_full=send_to_start] A:26,off*6 B:27,29,off*5 A 3", "26-29", Pieces("A:29,off*6 B:26,27,off*5")),
    (SB, "SB-12 attack_when_27_full=send_to_start: with 27 empty the attacked counter still goes to 27 (004§11)", "[attack_when_27_full=send_to_start] A:26,off*6 B:1,29,off*5 A 3", "26-29", Pieces("A:29,off*6 B:1,27,off*5")),
    (WB, "WB-6: moving with a 1 earns nothing", "A:L3,hand*4 B:hand*5 A 1", "L3-L4", ThrowsNext("B")),
    (FR, "003: the first to take out all five wins", "A:L29,off*4 B:hand*5 A 1", "L29-off", Wins("A")),
    // The piece on 15 earned a bonus; a 5 to 20 is blocked by an own piece.
    (FR, "FR-2: a landing on 15 earns a bonus for the piece", "A:L12,L20,hand*3 B:hand*5 A 3", "L12-L15", ThrowsNext("A")),
    (FR, "FR-2: a bonus the piece cannot use is lost", "A:L12,L20,hand*3 B:hand*5 A 3", "L12-L15 5", Exactly("pass")),
    (FR, "FR-2: ... and the turn passes", "A:L12,L20,hand*3 B:hand*5 A 3", "L12-L15 5 pass", ThrowsNext("B")),
    (SK, "000-SK§24: five trophies win", "A:L29,hand*4 B:R4,captured*4 A 1", "L29-S", Wins("A")),
    (SK, "SK-4: bonus throws chain", "A:L13,L22,hand*3 B:R3,hand*4 A 2", "L13-L15 3 L22-L25", ThrowsNext("A")),
    (SK, "SK-20: the bonus throw is taken even when it forces a bad move: no choice to decline", "A:L13,hand*4 B:R3,hand*4 A 2", "L13-L15", ThrowsNext("A")),
    (SK, "SK-7, SK-2: A throws first for the opening", "A:L1,hand*4 B:R1,hand*4 A opening", "", ThrowsNext("A")),
    (SK, "SK-7, SK-2: then B", "A:L1,hand*4 B:R1,hand*4 A opening", "3", ThrowsNext("B")),
    (SK, "SK-7, SK-2: the lower opening thrower moves by it", "A:L1,hand*4 B:R1,hand*4 A opening", "3 2", Exactly("R1-R3")),
    (SK, "SK-21: then the higher thrower throws anew (000-SK§8)", "A:L1,hand*4 B:R1,hand*4 A opening", "3 2 R1-R3", ThrowsNext("A")),
    (SK, "SK-21: ... and moves by it", "A:L1,hand*4 B:R1,hand*4 A opening", "3 2 R1-R3 4", Exactly("L1-L5")),
    (SK, "SK-21: and turns alternate", "A:L1,hand*4 B:R1,hand*4 A opening", "3 2 R1-R3 4 L1-L5", ThrowsNext("B")),
    (SK, "SK-4 bonus_chain=one_per_turn: the first landing on a nefer hole earns a bonus", "[bonus_chain=one_per_turn] A:L13,L22,hand*3 B:R3,hand*4 A 2", "L13-L15", ThrowsNext("A")),
    (SK, "SK-4 bonus_chain=one_per_turn: the second loads but earns no second bonus this turn", "[bonus_chain=one_per_turn] A:L13,L22,hand*3 B:R3,hand*4 A 2", "L13-L15 3 L22-L25", ThrowsNext("B")),
    (SK, "SK-4 bonus_chain=one_per_turn: the next turn has its bonus again", "[bonus_chain=one_per_turn] A:L13,L23,hand*3 B:R3,hand*4 A 2", "L13-L15 1 L1-L2 1 R3-R4 2 L23-L25", ThrowsNext("A")),
    (SK, "check 1: a line jump past 15 does not load", "A:L4,hand*4 B:R3,hand*4 A 2", "L4-L20", Pieces("A:L20,hand*4 B:R3,hand*4")),
    (SK, "check 1: ... and earns no bonus", "A:L4,hand*4 B:R3,hand*4 A 2", "L4-L20", ThrowsNext("B")),
    (SK, "check 2: landing on 15 loads", "A:L13,hand*4 B:R3,hand*4 A 2", "L13-L15", Pieces("A:L1,L15,hand*3 B:R3,hand*4")),
    (SK, "check 2: ... and throws again", "A:L13,hand*4 B:R3,hand*4 A 2", "L13-L15", ThrowsNext("A")),
    (SK, "check 3: passing 15 loads", "A:L12,hand*4 B:R3,hand*4 A 5", "L12-L17", Pieces("A:L1,L17,hand*3 B:R3,hand*4")),
    (SK, "check 3: ... without a bonus", "A:L12,hand*4 B:R3,hand*4 A 5", "L12-L17", ThrowsNext("B")),
    (SK, "check 7: arrival in S captures the rearmost path piece", "A:L26,hand*4 B:R3,R17,S,hand*2 A 4", "L26-S", Pieces("A:L1,S,hand*3 B:R17,S,hand*2,captured")),
    (SK, "check 7: the opponent's only path piece goes: he loads one on hole 1 at once", "A:L26,hand*4 B:R3,hand*4 A 4", "L26-S", Pieces("A:L1,S,hand*3 B:R1,hand*3,captured")),
    // A's only other pieces are trophies of B: the path is empty after the move, so the piece
    // just returned is loaded on hole 1 at once.
    (SK, "check 8: a 1 takes a piece from S back to hand", "A:S,captured*4 B:R5,hand*4 A 1", "S-hand", Pieces("A:L1,captured*4 B:R5,hand*4")),
    (SK, "000-SK§1: equal opening throws are thrown again", "A:L1,hand*4 B:R1,hand*4 A opening", "2 2", ThrowsNext("A")),
    (SK, "000-SK§1: ... until they differ", "A:L1,hand*4 B:R1,hand*4 A opening", "2 2 1 5", Exactly("L1-L2")),
    (SK, "000-SK§10: landing on 25 loads too", "A:L22,hand*4 B:R3,hand*4 A 3", "L22-L25", Pieces("A:L1,L25,hand*3 B:R3,hand*4")),
    (SK, "000-SK§10: ... and throws again", "A:L22,hand*4 B:R3,hand*4 A 3", "L22-L25", ThrowsNext("A")),
    (SK, "000-SK§10: passing 25 loads too", "A:L23,hand*4 B:R3,hand*4 A 4", "L23-L27", Pieces("A:L1,L27,hand*3 B:R3,hand*4")),
    (SK, "000-SK§10: ... without a bonus", "A:L23,hand*4 B:R3,hand*4 A 4", "L23-L27", ThrowsNext("B")),
    (SK, "000-SK§17: a backward line crossing 15 does not load", "A:L18,hand*4 B:R3,hand*4 A 2", "L18-L6", Pieces("A:L6,hand*4 B:R3,hand*4")),
    (SK, "000-SK§18: hole 1 taken loses the load", "A:L1,L13,hand*3 B:R3,hand*4 A 2", "L13-L15", Pieces("A:L1,L15,hand*3 B:R3,hand*4")),
    (SK, "000-SK§18: ... but not the bonus", "A:L1,L13,hand*3 B:R3,hand*4 A 2", "L13-L15", ThrowsNext("A")),
    // B: one piece on the path, one in S, three captured by A already; nothing in hand.
    (SK, "000-SK§19: captured pieces never return, and nothing is loaded", "A:L2,L29,hand*3 B:R5,S,captured*3 A 1", "L29-S", Pieces("A:L2,S,hand*3 B:S,captured*4")),
    (SK, "000-SK§20: a throw with no move is lost", "A:L28,hand*4 B:R3,hand*4 A 5", "pass", Pieces("A:L28,hand*4 B:R3,hand*4")),
    (SK, "000-SK§20: ... and the turn passes", "A:L28,hand*4 B:R3,hand*4 A 5", "pass", ThrowsNext("B")),
    (SK, "000-SK§22: S holds any number of both players' pieces safely; the path piece is captured", "A:L29,S*2,hand*2 B:R4,S*3,hand A 1", "L29-S", Pieces("A:L1,S*3,hand B:R1,S*3,captured")),
    (SK, "000-SK§23, SK-16: a player left with an empty path loads at once, the mover too", "A:L27,hand*4 B:R9,hand*4 A 3", "L27-S", Pieces("A:L1,S,hand*3 B:R1,hand*3,captured")),
    (SK, "SK-5: starting on a nefer hole does not load", "A:L15,hand*4 B:R3,hand*4 A 2", "L15-L17", Pieces("A:L17,hand*4 B:R3,hand*4")),
    (SK, "SK-9: a lost load (hole 1 taken) is not made once hole 1 is free", "A:L1,L13,hand*3 B:R3,hand*4 A 3", "L13-L16 2 R3-R5 1 L1-L2", Pieces("A:L2,L16,hand*3 B:R5,hand*4")),
    // A has no piece that never entered: hand holds only the one returned from S.
    (SK, "SK-10: a piece back from S goes to hand", "A:L13,S,captured*3 B:R3,hand*4 A 1", "S-hand", Pieces("A:L13,hand,captured*3 B:R3,hand*4")),
    (SK, "SK-10: ... and is loaded like any other", "A:L13,S,captured*3 B:R3,hand*4 A 1", "S-hand 1 R3-R4 2 L13-L15", Pieces("A:L1,L15,captured*3 B:R4,hand*4")),
    // Blue's home R1..R5 is Blue's indices 1..5 = Red's 59..55. Blue keeps R1 and R2, Red holds
    // R3 and R4 and moves a third piece in from R7 (index 53) to R5: full, with Blue's piece off.
    (WA, "check 4: a knocked-off piece and a full home box lose at once", "A:L10,L11,R7,R4,R3 B:R1,R2,R20,R21,hand A 2", "R7-R5", Wins("A")),
    (WA, "WA-3: orange holes re-throw", "A:L1,L2,L3,L4,L12 B:R1,R2,R3,R4,R5 A 3", "L12-L15", ThrowsNext("A")),
    (WA, "WA-3: landing on 10 follows the line to 8, which is not orange: no bonus", "A:L1,L2,L3,L4,L7 B:R1,R2,R3,R4,R5 A 3", "L7-L8", ThrowsNext("B")),
    (WA, "WA-3: landing on 6 goes to orange 20 and re-throws", "A:L1,L2,L3,L4,L11 B:R1,R2,R3,R4,R5 A 2", "L4-L20", ThrowsNext("A")),
    (WA, "WA-9: filling the opponent's home box wins", "A:R6,R5,R4,R3,R2 B:R10,R11,R12,R13,R14 A 5", "R6-R1", Wins("A")),
    (WA, "WA-3 orange=none: no bonus", "[orange=none] A:L1,L2,L3,L4,L12 B:R1,R2,R3,R4,R5 A 3", "L12-L15", ThrowsNext("B")),
    // Blue's piece on L12 is Blue's index 48.
    (WA, "WA-12: landing on an unsafe opponent knocks it off", "A:L1,L2,L3,L4,L9 B:R1,R2,R3,R4,L12 A 3", "L9-L12", Pieces("A:L1,L2,L3,L4,L12 B:R1,R2,R3,R4,hand")),
    // Blue on S (its index 30, Red's 30).
    (WA, "WA-13: S is an ordinary hole: Red can land there and knock Blue off", "A:L1,L2,L3,L4,L27 B:R1,R2,R3,R4,S A 3", "L27-S", Pieces("A:L1,L2,L3,L4,S B:R1,R2,R3,R4,hand")),
    // --- Kendall's throw_mode=accumulate (SPEC §13) ---
    (KE, "R-4: a value collected twice is listed once", "[throw_mode=accumulate] A:10,20,off*5 B:1,off*6 A throw", "1 1 3", Exactly("1:10-11 1:20-21 3:10-13 3:20-23")),
    (KE, "R-4: ... and spent twice", "[throw_mode=accumulate] A:10,20,off*5 B:1,off*6 A throw", "1 1 3 1:20-21", Exactly("1:10-11 1:21-22 3:10-13 3:21-24")),
    (KE, "R-4: ... then only the other value is left", "[throw_mode=accumulate] A:10,20,off*5 B:1,off*6 A throw", "1 1 3 1:20-21 1:10-11", Exactly("3:11-14 3:21-24")),
    (KE, "R-4 extra_throws=none: a turn collects one throw", "[throw_mode=accumulate,extra_throws=none] A:10,off*6 B:1,off*6 A throw", "4", Exactly("4:10-14")),
    (KE, "R-4 extra_throws=none: ... and spending it ends the turn", "[throw_mode=accumulate,extra_throws=none] A:10,off*6 B:1,off*6 A throw", "4 4:10-14", ThrowsNext("B")),
    (KE, "R-4, KE-4: by default the 4 earns another throw, spent with it", "[throw_mode=accumulate] A:10,off*6 B:1,off*6 A throw", "4", ThrowsNext("A")),
    // --- Skiryuk's capture from the hand (SPEC §13) ---
    (SK, "R-13: a capture from the hand refills the victim's empty path", "[no_target=take_from_hand,auto_load=after_capture_only] A:L26,hand*4 B:S*3,hand*2 A throw", "4 L26-S", Pieces("A:S,hand*4 B:R1,S*3,captured")),
    (SK, "R-13: ... and B can move the piece, not only pass", "[no_target=take_from_hand,auto_load=after_capture_only] A:L26,hand*4 B:S*3,hand*2 A throw", "4 L26-S 2", Exactly("R1-R3")),
    // --- what a turn is, for the turn cap (SPEC §13) ---
    (KE, "R-17: a 1 earns another throw: still green's first turn", "[max_turns=1] A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A throw", "1 14-15", Outcome("none")),
    (KE, "R-17: the end of the turn that brings the count to 1", "[max_turns=1] A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A throw", "1 14-15 2 15-17", Outcome("draw")),
    (KE, "R-17: the accumulated turn counts once, however many values it spends", "[throw_mode=accumulate,max_turns=1] A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A throw", "1 2 2:14-16", Outcome("none")),
    (KE, "R-17: ... and ends with its last value", "[throw_mode=accumulate,max_turns=1] A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A throw", "1 2 2:14-16 1:16-17", Outcome("draw")),
    (SB, "R-17, SB-3 use_the_one: the 1 that decided the seats is A's first turn", "[opening=use_the_one,max_turns=1] A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A 1", "14-15", Outcome("draw")),
    (WB, "R-17: the seat draw is no turn; B enters with a 1 and throws again in the same turn", "[max_turns=1] A:hand*5 B:hand*5 A first", "B 1 hand-R1", Outcome("none")),
    (WB, "R-17: ... which ends with the throw after", "[max_turns=1] A:hand*5 B:hand*5 A first", "B 1 hand-R1 3 R1-R4", Outcome("draw")),
    (FR, "R-17: each throw of the alternate search for a 1 is a turn", "[first_player=p1,max_turns=2] A:hand*5 B:hand*5 A opening", "3", Outcome("none")),
    (FR, "R-17: ... the second ends the game", "[first_player=p1,max_turns=2] A:hand*5 B:hand*5 A opening", "3 2", Outcome("draw")),
    (WA, "R-17: a turn holds both dice", "[dice=two_d4,max_turns=1] A:L1,L2,L3,L4,L5 B:R1,R2,R3,R4,R5 A throw", "1+1 1:L5-L20", Outcome("none")),
    (WA, "R-17: ... and the bonus throws of two orange landings", "[dice=two_d4,max_turns=1] A:L1,L2,L3,L4,L5 B:R1,R2,R3,R4,R5 A throw", "1+1 1:L5-L20 1:L4-L5 1+2 1:L20-L21 2:L2-L4", Outcome("none")),
    (WA, "R-17: ... until control passes", "[dice=two_d4,max_turns=1] A:L1,L2,L3,L4,L5 B:R1,R2,R3,R4,R5 A throw", "1+1 1:L5-L20 1:L4-L5 1+2 1:L20-L21 2:L2-L4 1+2 1:L21-L22 2:L5-L7", Outcome("draw")),
];

/// The state of rule set `rules` at `text` (docs/dev/positions.md, without the rule set's key;
/// options first as `[variation=true] A:…`).
fn at(rules: &str, text: &str) -> AnyGame {
    let gap = if text.starts_with('[') { "" } else { " " };
    pos(&format!("{rules}{gap}{text}"))
}

/// The `A:… B:…` part of `g`'s position string: where the pieces stand.
fn pieces(g: &AnyGame) -> String {
    let text = g.position();
    let mut parts = text
        .split(' ')
        .filter(|p| p.starts_with("A:") || p.starts_with("B:"));
    format!("{} {}", parts.next().unwrap(), parts.next().unwrap())
}

/// The seat written `s`.
fn seat_of(s: &str) -> Seat {
    match s {
        "A" => Seat::A,
        "B" => Seat::B,
        _ => panic!("no seat {s}"),
    }
}

/// Whether `then` holds at `g`.
fn holds(g: &AnyGame, then: Then) -> bool {
    let moves = legal(g);
    match then {
        Exactly(want) => moves == want.split(' ').collect::<Vec<_>>(),
        Has(m) => has(&moves, m),
        Lacks(m) => !has(&moves, m),
        ThrowsNext(seat) => next_throw(g) == Some(seat_of(seat)),
        Wins(seat) => winner(g) == Some(seat_of(seat)),
        Pieces(want) => pieces(g) == want,
        Outcome("none") => g.outcome().is_none(),
        Outcome("draw") => g.outcome() == Some(nefer_core::Outcome::Draw),
        Outcome(other) => panic!("no outcome {other}"),
    }
}

/// Checks the cases (rule set, clause, position, actions, what follows): fails naming every
/// clause that does not hold, so that one broken clause hides no other.
fn check<'a>(cases: impl IntoIterator<Item = (&'a str, &'a str, &'a str, &'a str, Then)>) {
    let (mut total, mut failures) = (0, Vec::new());
    for (rules, clause, text, tokens, then) in cases {
        total += 1;
        let mut g = at(rules, text);
        run(&mut g, tokens);
        if !holds(&g, then) {
            failures.push(format!(
                "{rules} {clause}: at {text}, after [{tokens}], want {then:?}; got {} with {:?}",
                g.position(),
                legal(&g)
            ));
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {total} clauses fail:\n{}",
        failures.len(),
        failures.join("\n")
    );
}

#[test]
fn every_clause_on_the_legal_moves_holds() {
    check(
        CLAUSES
            .iter()
            .map(|&(rules, clause, text, then)| (rules, clause, text, "", then)),
    );
}

#[test]
fn every_clause_on_what_follows_a_few_actions_holds() {
    check(SEQUENCES.iter().copied());
}
