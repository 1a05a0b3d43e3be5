//! The 58-hole board (SPEC §2): two sides of 29 holes, the shared hole `S` (hole 30), the
//! connecting lines 6↔20 and 8↔10 on each side, and the two path models of §2.5.
//!
//! Rule sets work on *path indices*: on the single-side path index `n` is hole `Xn` (30 = `S`);
//! on the circuit path indices 1..=59 run `X1..X29, S, Y29..Y1`.

use crate::game::{Move, MoveList, Place, Seat, SeatLayout, Side};
use crate::options::{OptionSpec, option_group, option_values};

/// The shared hole's index on both paths.
pub const SHARED: u8 = 30;
/// Last index of the circuit path (`Y1`).
pub const CIRCUIT_END: u8 = 59;

/// The physical lines of one side, as hole pairs (§2.1): 6↔20 and 8↔10.
pub const LINES: [(u8, u8); 2] = [(6, 20), (8, 10)];

/// A cubic Bézier: start, two control points, end.
pub type Bezier = [(i8, i8); 4];

/// The lines of one side as SPEC §2.2 draws them: the holes at the start and the end of each
/// cubic Bézier and its four points (start, control 1, control 2, end) in §2.2's graph
/// coordinates for the right side (x to the right, y up; the left side's are mirrored, x → −x).
/// The 8↔10 loop is drawn from beside hole 10 to beside hole 8.
pub const LINE_CURVES: [(u8, u8, Bezier); 2] = [
    (6, 20, [(4, 12), (7, 12), (5, 18), (8, 18)]),
    (10, 8, [(4, 0), (7, 0), (7, 6), (4, 6)]),
];

/// The side a seat plays (NOTATION §1: A on L, B on R).
#[inline]
pub const fn side(seat: Seat) -> Side {
    // A table, not a `match`: inlined into a move generator a `match` can become a branch on
    // the seat, mispredicted at every change of turn.
    const SIDES: [Side; 2] = [Side::L, Side::R];
    SIDES[seat.index()]
}

/// The other end of the line from each path index, 0 where no line starts (index: path index
/// 0..=59). A table, not a `match`: move generators look it up for every landing.
const PARTNER: [u8; 60] = {
    let mut t = [0; 60];
    let mut k = 0;
    while k < LINES.len() {
        let (a, b) = LINES[k];
        // The side's own holes, and the far side's on the circuit (hole `n` is index `60 − n`).
        t[a as usize] = b;
        t[b as usize] = a;
        t[60 - a as usize] = 60 - b;
        t[60 - b as usize] = 60 - a;
        k += 1;
    }
    t
};

/// The index at the other end of a line from path index `i`, if a line starts there: on the
/// single-side path and the first half of the circuit the hole `Xi` itself (6↔20, 8↔10); on the
/// circuit's far half (31..=59, hole `Y(60−i)`) the far side's lines, mirrored (§2.5).
#[inline]
pub const fn line_partner(i: u8) -> Option<u8> {
    let i = i as usize;
    if i < PARTNER.len() && PARTNER[i] != 0 {
        Some(PARTNER[i])
    } else {
        None
    }
}

option_values! {
    /// Which way the lines may be followed (`hj.lines`: SK-13, WA-5, WB-2, FR-4), in path-index
    /// terms: a forward jump raises the mover's path index (on the circuit `Y20→Y6` is forward).
    pub enum Lines {
        /// Both directions.
        Both = "both",
        /// Only jumps that raise the path index.
        ForwardOnly = "forward_only",
        /// Only jumps that lower the path index.
        BackwardOnly = "backward_only",
    }
}

impl Lines {
    /// Whether a line from index `l` to index `d` may be followed.
    #[inline]
    pub const fn allows(self, l: u8, d: u8) -> bool {
        match self {
            Lines::Both => true,
            Lines::ForwardOnly => d > l,
            Lines::BackwardOnly => d < l,
        }
    }
}

option_values! {
    /// C-5 `null_line_move`: a move whose line leads back to its start hole.
    pub enum NullLineMove {
        /// It is no move.
        Illegal = "illegal",
        /// It may be chosen; it changes nothing, so it is offered as `pass` (NOTATION §3 has
        /// no other string for it).
        AllowedAsPass = "allowed_as_pass",
    }
}

option_values! {
    /// C-6 `blocked_line`: a move whose line's far end cannot be entered.
    pub enum BlockedLine {
        /// The piece stays on the line's near end.
        Stay = "stay",
        /// The move is not legal.
        Illegal = "illegal",
    }
}

// `hj.lines` and the rule set's C-5 and C-6 options.
option_group!(LineRules {
    dir: shared "hj.lines",
    null_line_move: own "null_line_move",
    blocked_line: own "blocked_line",
});

/// Where a move ends once the line at its counted landing hole is considered (§1.3 C-5, C-6).
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Follow {
    /// The piece ends on this index (the line's far end, or the landing hole itself).
    Stop(u8),
    /// The line leads back to the start hole (C-5): not a move, or a pass under
    /// `null_line_move=allowed_as_pass`.
    Null,
    /// The line's far end is taken and `blocked_line=illegal` (C-6): no move.
    Illegal,
}

/// The line options common to the four H&J rule sets, typed: `hj.lines`, C-5
/// `KEY.null_line_move` and C-6 `KEY.blocked_line`. A member of each H&J `Config`.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub struct LineRules {
    /// Which directions may be followed.
    pub dir: Lines,
    /// C-5.
    pub null_line_move: NullLineMove,
    /// C-6.
    pub blocked_line: BlockedLine,
}

impl LineRules {
    /// Lines both ways, C-5 and C-6 at their defaults (`hj.french` defaults to forward only).
    pub const DEFAULT: LineRules = LineRules {
        dir: Lines::Both,
        null_line_move: NullLineMove::Illegal,
        blocked_line: BlockedLine::Stay,
    };

    /// The registry entries of the line options of rule set `key`: `hj.lines` with its values
    /// `dirs` (the rule set's default first), its clause and help, then C-5, then C-6 with
    /// the rule set's clause and help for it.
    pub(crate) fn specs(
        key: &str,
        dirs: &'static [&'static str],
        (dir_clause, dir_help): (&'static str, &'static str),
        (blocked_clause, blocked_help): (&'static str, &'static str),
    ) -> [OptionSpec; 3] {
        [
            OptionSpec {
                name: "hj.lines".into(),
                values: dirs,
                // Every direction, in the rule set's order (`dirs` lists `Lines::VALUES`).
                implemented: dirs,
                clause: dir_clause,
                help: dir_help,
            },
            OptionSpec {
                name: format!("{key}.null_line_move"),
                values: NullLineMove::VALUES,
                implemented: NullLineMove::VALUES,
                clause: "C-5",
                help: "a move ending where it started",
            },
            OptionSpec {
                name: format!("{key}.blocked_line"),
                values: BlockedLine::VALUES,
                implemented: BlockedLine::VALUES,
                clause: blocked_clause,
                help: blocked_help,
            },
        ]
    }

    /// Ends the moves of a throw (C-5): `pass` when there is none, and beside them when a move
    /// whose line leads back to its start exists (`null`) and `allowed_as_pass` lets it be
    /// chosen.
    #[inline]
    pub fn finish(self, null: bool, out: &mut MoveList) {
        if out.is_empty() || (null && self.null_line_move == NullLineMove::AllowedAsPass) {
            out.push(Move::Pass);
        }
    }

    /// Where a move from index `p` whose count ends on index `l` stops: along the line to
    /// `partner` (the far end of a line at `l`, if any) when its direction is allowed and
    /// `enterable(partner)`; the mover's start counts as free (C-5), so a line back to `p` is
    /// [`Follow::Null`]. A far end that cannot be entered leaves the piece on `l` (C-6 `stay`)
    /// or makes the move illegal (C-6 `illegal`).
    #[inline(always)]
    pub fn follow(
        self,
        p: u8,
        l: u8,
        partner: Option<u8>,
        enterable: impl FnOnce(u8) -> bool,
    ) -> Follow {
        match partner {
            Some(d) if self.dir.allows(l, d) => {
                if d == p {
                    Follow::Null
                } else if enterable(d) {
                    Follow::Stop(d)
                } else if self.blocked_line == BlockedLine::Illegal {
                    Follow::Illegal
                } else {
                    Follow::Stop(l)
                }
            }
            _ => Follow::Stop(l),
        }
    }
}

/// The holes 1..=29 of a side (bit `n`: hole `n`) in groups that follow each other in the
/// order of their notations, each group in numeric order: a hole is written as its side's
/// letter and its number, so `L1` < `L10` < … < `L19` < `L2` < `L20` < … < `L29` < `L3` < `L4`
/// < … < `L9`; then come `R…`, `S` and `hand`. A generator that walks a side's holes group by
/// group lists its moves in notation order, as traces (NOTATION §6) and players do.
pub const NOTATION_GROUPS: [u32; 5] = [
    1 << 1,
    HOLES_10_TO_29,
    1 << 2,
    HOLES_10_TO_29 << 10,
    HOLES_4_TO_9 | 1 << 3,
];

/// A side's holes 1..=29 (bit `n`: hole `n`) laid out in the order of their notations: bit `i`
/// of the result is hole [`NOTATION_HOLES`]`[i]`, each group of [`NOTATION_GROUPS`] moved into
/// place with one shift and mask. Its lowest set bits, one by one, walk the holes as the
/// groups do; the `k`-th is found without walking the others (a random player's move of rank
/// `k`, issue 19).
#[inline(always)]
pub const fn notation_ranked(holes: u32) -> u32 {
    (holes >> 1 & 1)
        | (holes >> 9 & 0x3ff << 1)
        | (holes >> 2 & 1) << 11
        | (holes >> 8 & 0x3ff << 12)
        | (holes >> 3 & 1) << 22
        | (holes & 0x3f << 4) << 19
}

/// The holes 1..=29 in the order of their notations (`L1` < `L10` < … < `L19` < `L2` < `L20` <
/// … < `L29` < `L3` < `L4` < … < `L9`): bit `i` of [`notation_ranked`] is `NOTATION_HOLES[i]`.
pub const NOTATION_HOLES: [u8; 29] = {
    let mut t = [0; 29];
    let (mut i, mut g) = (0, 0);
    while g < NOTATION_GROUPS.len() {
        let mut h = NOTATION_GROUPS[g];
        while h != 0 {
            t[i] = h.trailing_zeros() as u8;
            h &= h - 1;
            i += 1;
        }
        g += 1;
    }
    assert!(i == 29);
    t
};

/// [`NOTATION_HOLES`] as a [`SelectTable`](crate::game::SelectTable): the hole of the move of
/// rank `k` at once.
pub(crate) static NOTATION_SELECT: crate::game::SelectTable =
    crate::game::select_table(&NOTATION_HOLES);

/// Holes 10..=19 (bit `n`: hole `n`), shifted by ten for 20..=29.
const HOLES_10_TO_29: u32 = 0b11_1111_1111 << 10;

/// Holes 4..=9.
const HOLES_4_TO_9: u32 = 0b11_1111 << 4;

/// [`NOTATION_GROUPS`] for a set of holes without 1, 2 or 3, where they come down to two:
/// 10..=29, then 4..=9. Two walks instead of five: most of a game's lists (docs/BENCHMARKS.md).
pub const NOTATION_GROUPS_FROM_4: [u32; 2] = [HOLES_10_TO_29 | HOLES_10_TO_29 << 10, HOLES_4_TO_9];

/// Holes 1, 2 and 3: a set without them walks [`NOTATION_GROUPS_FROM_4`].
pub const HOLES_1_TO_3: u32 = 0b1110;

/// The place of index `i` (1..=30) on the single-side path of side `side`.
///
/// # Panics
/// If `i` is outside 1..=30.
pub fn single_place(side: Side, i: u8) -> Place {
    match i {
        1..=29 => Place::Hole(side, i),
        SHARED => Place::Shared,
        _ => panic!("single-side path index {i} outside 1..=30"),
    }
}

/// The index of `p` on the single-side path of side `side`, if it lies on it.
pub fn single_index(side: Side, p: Place) -> Option<u8> {
    match p {
        Place::Hole(s, n) if s == side => Some(n),
        Place::Shared => Some(SHARED),
        _ => None,
    }
}

/// The place of index `i` (1..=59) on the circuit path of the player whose home side is `home`.
///
/// # Panics
/// If `i` is outside 1..=59.
pub fn circuit_place(home: Side, i: u8) -> Place {
    match i {
        1..=29 => Place::Hole(home, i),
        SHARED => Place::Shared,
        31..=CIRCUIT_END => Place::Hole(home.other(), 60 - i),
        _ => panic!("circuit path index {i} outside 1..=59"),
    }
}

/// The index of `p` on the circuit path of the player whose home side is `home`.
pub fn circuit_index(home: Side, p: Place) -> Option<u8> {
    match p {
        Place::Hole(s, n) if s == home => Some(n),
        Place::Hole(_, n) => Some(60 - n),
        Place::Shared => Some(SHARED),
        _ => None,
    }
}

/// The index on `seat`'s circuit of the board place `p` (a legal move's `from` or `to`).
///
/// # Panics
/// If `p` is not on the board (hand or off).
pub(crate) fn circuit_index_of(seat: Seat, p: Place) -> u8 {
    circuit_index(side(seat), p).expect("a board place")
}

/// Circuit bits mirrored to the other seat's indices (i ↔ 60 − i): on the circuit boards of
/// `hj.walker`'s Variation and `hj.washburne` index `i` of one seat is index `60 − i` of the other.
#[inline]
pub const fn mirror(bits: u64) -> u64 {
    bits.reverse_bits() >> 3
}

/// C-8: whether neither seat has a legal move for any throw value 1..=`MAX` (5 for the sticks,
/// 4 for two d4, R-5), given a rule set's move generator `moves_of(seat, throw, out)` (which
/// appends, and offers no `pass`).
pub(crate) fn jammed<const MAX: u8>(mut moves_of: impl FnMut(Seat, u8, &mut MoveList)) -> bool {
    let mut moves = MoveList::new();
    Seat::BOTH.iter().all(|&s| {
        (1..=MAX).all(|t| {
            moves.clear();
            moves_of(s, t, &mut moves);
            moves.is_empty()
        })
    })
}

/// What an H&J rule set's text board shows besides the pieces: the holes it marks with `*`,
/// and the names its legend gives each seat's counts of a [`SeatLayout`], `hand`, `off` and
/// `trophies` in that order ("" for a count it does not tell).
pub(crate) struct TextBoard {
    /// The holes marked `*` (on both sides).
    pub(crate) marked: &'static [u8],
    /// The legend's names of the counts `hand`, `off` and `trophies`.
    pub(crate) counted: [&'static str; 3],
}

impl TextBoard {
    /// Draws the board (see [`render_layout`]) under the legend `head` and then each count
    /// named, as `in hand A 2 B 0`.
    pub(crate) fn render(&self, layout: &[SeatLayout; 2], head: &str) -> String {
        let [a, b] = layout;
        let counts = [(a.hand, b.hand), (a.off, b.off), (a.trophies, b.trophies)];
        let mut legend = head.to_owned();
        for (name, (a, b)) in self.counted.into_iter().zip(counts) {
            if !name.is_empty() {
                legend += &format!("; {name} A {a} B {b}");
            }
        }
        render_layout(layout, self.marked, &legend)
    }
}

/// Draws the board (see [`render`]) with each seat's pieces where `layout` puts them.
pub fn render_layout(layout: &[SeatLayout; 2], marked: &[u8], legend: &str) -> String {
    let pieces: Vec<(Place, Seat)> = Seat::BOTH
        .into_iter()
        .flat_map(|s| layout[s.index()].board.iter().map(move |&p| (p, s)))
        .collect();
    render(&pieces, marked, legend)
}

/// Reference coordinates of a hole for drawing (§2.2): x to the right, y up.
pub fn coordinates(p: Place) -> Option<(i8, i8)> {
    let (side, n) = match p {
        Place::Hole(side, n) => (side, n),
        Place::Shared => return Some((0, 34)),
        _ => return None,
    };
    let s: i8 = if side == Side::L { -1 } else { 1 };
    let n = n as i8;
    Some(match n {
        1..=10 => (3 * s, 27 - 3 * (n - 1)),
        11..=25 => (9 * s, 2 * (n - 11)),
        26 => (8 * s, 30),
        27 => (6 * s, 31),
        28 => (4 * s, 32),
        29 => (2 * s, 33),
        _ => return None,
    })
}

/// Draws the board as SPEC §2.3 lays it out: one text row per unit of y (34 at the top), each
/// hole's label right-aligned to end at column 2·(x + 12).
///
/// A hole shows its number, or `A`/`B` for a piece there (`A2` for two, and `(A2B1)`-style in
/// the shared hole). After a hole's label comes one annotation character: `a` for the line
/// 6↔20, `b` for the line 8↔10, or `*` for a hole in `marked`. `legend` is printed underneath.
pub fn render(pieces: &[(Place, Seat)], marked: &[u8], legend: &str) -> String {
    let count = |p: Place, seat: Seat| pieces.iter().filter(|&&(q, s)| q == p && s == seat).count();
    let mut rows = vec![Vec::<u8>::new(); 35];
    let mut put = |x: i8, y: i8, label: &str, note: Option<char>| {
        let row = &mut rows[y as usize];
        let end = (2 * (i32::from(x) + 12)) as usize;
        let start = end.saturating_sub(label.len().max(2));
        let needed = end + 2;
        if row.len() < needed {
            row.resize(needed, b' ');
        }
        row[start..end].copy_from_slice(format!("{label:>w$}", w = end - start).as_bytes());
        if let Some(c) = note {
            row[end] = c as u8;
        }
    };
    for side in [Side::L, Side::R] {
        for n in 1..=29u8 {
            let p = Place::Hole(side, n);
            let (x, y) = coordinates(p).expect("a hole");
            let label = match (count(p, Seat::A), count(p, Seat::B)) {
                (0, 0) => n.to_string(),
                (1, 0) => "A".into(),
                (0, 1) => "B".into(),
                (a, 0) => format!("A{a}"),
                (0, b) => format!("B{b}"),
                (a, b) => format!("A{a}B{b}"),
            };
            let note = match n {
                6 | 20 => Some('a'),
                8 | 10 => Some('b'),
                _ if marked.contains(&n) => Some('*'),
                _ => None,
            };
            put(x, y, &label, note);
        }
    }
    let (a, b) = (count(Place::Shared, Seat::A), count(Place::Shared, Seat::B));
    let shared = match (a, b) {
        (0, 0) => "(30)".to_owned(),
        (a, 0) => format!("(A{a})"),
        (0, b) => format!("(B{b})"),
        (a, b) => format!("(A{a}B{b})"),
    };
    // The shared hole is centred on x = 0 rather than ending there.
    let w = shared.len();
    put(w.div_ceil(2) as i8 - 1, 34, &shared, None);
    let mut out = String::new();
    for row in rows.iter().rev() {
        out.push_str(String::from_utf8_lossy(row).trim_end());
        out.push('\n');
    }
    out.push_str(" lines: a = 6~20, b = 8~10");
    if !legend.is_empty() {
        out.push_str("; ");
        out.push_str(legend);
    }
    out.push('\n');
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn holes_rank_by_their_notations() {
        let mut by_string: Vec<u8> = (1..=29).collect();
        by_string.sort_by_key(|n| format!("L{n}"));
        assert_eq!(NOTATION_HOLES.to_vec(), by_string);
        for (i, &n) in NOTATION_HOLES.iter().enumerate() {
            assert_eq!(notation_ranked(1 << n), 1 << i, "hole {n}");
        }
    }

    #[test]
    fn mirror_maps_index_to_sixty_minus_index() {
        for i in 1..=59u8 {
            assert_eq!(mirror(1 << i), 1 << (60 - i), "{i}");
        }
    }

    #[test]
    fn circuit_runs_home_side_shared_then_far_side_backwards() {
        assert_eq!(circuit_place(Side::L, 1), Place::Hole(Side::L, 1));
        assert_eq!(circuit_place(Side::L, 29), Place::Hole(Side::L, 29));
        assert_eq!(circuit_place(Side::L, 30), Place::Shared);
        assert_eq!(circuit_place(Side::L, 31), Place::Hole(Side::R, 29));
        assert_eq!(circuit_place(Side::L, 59), Place::Hole(Side::R, 1));
        for i in 1..=59 {
            assert_eq!(circuit_index(Side::R, circuit_place(Side::R, i)), Some(i));
        }
        for i in 1..=30 {
            assert_eq!(single_index(Side::L, single_place(Side::L, i)), Some(i));
        }
        assert_eq!(single_index(Side::L, Place::Hole(Side::R, 3)), None);
    }

    #[test]
    fn lines_are_symmetric() {
        for (a, b) in LINES {
            assert_eq!(line_partner(a), Some(b));
            assert_eq!(line_partner(b), Some(a));
        }
        assert_eq!(line_partner(7), None);
    }

    #[test]
    fn far_lines_are_mirrored() {
        // The opponent's 20 (index 40) leads forward to his 6 (index 54).
        assert_eq!(line_partner(40), Some(54));
        assert_eq!(line_partner(50), Some(52));
        assert_eq!(line_partner(30), None);
        for (a, b) in LINES {
            assert_eq!(line_partner(60 - a), Some(60 - b));
            assert_eq!(line_partner(60 - b), Some(60 - a));
        }
        for i in 1..=CIRCUIT_END {
            let p = circuit_place(Side::L, i);
            let partner = line_partner(i).map(|d| circuit_place(Side::L, d));
            // The same physical line, seen from either side's path.
            assert_eq!(
                partner.and_then(|q| circuit_index(Side::R, q)),
                line_partner(circuit_index(Side::R, p).unwrap())
            );
        }
    }

    #[test]
    fn the_notation_groups_walk_a_sides_holes_in_notation_order() {
        let walk = |groups: &[u32], holes: u32| -> Vec<String> {
            groups
                .iter()
                .flat_map(|g| crate::game::ones(holes & g))
                .map(|n| single_place(Side::L, n).to_string())
                .collect()
        };
        let all = ((1u32 << 30) - 1) & !1;
        let got = walk(&NOTATION_GROUPS, all);
        let mut sorted = got.clone();
        sorted.sort();
        assert_eq!(got, sorted);
        assert_eq!(got.len(), 29, "each hole once");
        assert_eq!(&got[..3], ["L1", "L10", "L11"]);
        // Without holes 1, 2 and 3, two groups give the same order.
        let from_4 = all & !HOLES_1_TO_3;
        assert_eq!(
            walk(&NOTATION_GROUPS_FROM_4, from_4),
            walk(&NOTATION_GROUPS, from_4)
        );
        assert_eq!(walk(&NOTATION_GROUPS_FROM_4, from_4).len(), 26);
    }

    #[test]
    fn seats_play_their_sides() {
        assert_eq!(side(Seat::A), Side::L);
        assert_eq!(side(Seat::B), Side::R);
    }

    #[test]
    fn coordinates_follow_section_2_2() {
        assert_eq!(coordinates(Place::Hole(Side::L, 1)), Some((-3, 27)));
        assert_eq!(coordinates(Place::Hole(Side::R, 10)), Some((3, 0)));
        assert_eq!(coordinates(Place::Hole(Side::R, 25)), Some((9, 28)));
        assert_eq!(coordinates(Place::Hole(Side::L, 29)), Some((-2, 33)));
        assert_eq!(coordinates(Place::Shared), Some((0, 34)));
    }

    #[test]
    fn empty_board_matches_the_drawing_of_section_2_3() {
        let text = render(&[], &[], "");
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0], "                      (30)");
        assert_eq!(lines[1], "                  29      29");
        assert_eq!(lines[2], "              28              28");
        assert_eq!(lines[5], "");
        assert_eq!(lines[6], "    25                                  25");
        assert_eq!(lines[7], "                 1           1");
        assert_eq!(lines[34], "    11          10b         10b         11");
    }

    #[test]
    fn pieces_replace_hole_numbers() {
        let text = render(
            &[
                (Place::Hole(Side::L, 25), Seat::A),
                (Place::Shared, Seat::B),
                (Place::Shared, Seat::B),
            ],
            &[15, 25],
            "",
        );
        let lines: Vec<&str> = text.lines().collect();
        assert_eq!(lines[0].trim(), "(B2)");
        assert_eq!(lines[6], "     A*                                 25*");
    }
}
