//! What a game's board is: its places with their coordinates, the marked places and what they
//! mean under the game's options, the lines and which way they may be followed, each seat's
//! path, and the pieces. A front end draws the board from this alone.

use crate::game::{ByPlayer, Place, Seat, Side};
use crate::hj::board::{self as hj, LineRules};
use crate::rules::{Family, RuleSetId};
use crate::senet::board as senet;

/// The board of a game: everything a front end needs to draw it and to name its places, for
/// the game's rule set and options (SPEC §2 for the 58 holes, §7 for Senet).
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct BoardFacts {
    /// The rule set.
    pub rule_set: RuleSetId,
    /// Which board: the 58 holes or the 3×10 squares.
    pub family: Family,
    /// Every place of the board, in a fixed order (H&J: `L1..L29`, `R1..R29`, `S`; Senet:
    /// `1..30`).
    pub places: Vec<PlaceFacts>,
    /// The marked places, with their meaning under the game's options; a place may carry
    /// several marks (drawn in this order).
    pub marks: Vec<Mark>,
    /// The lines between holes (H&J), with the directions they may be followed in.
    pub lines: Vec<LineFacts>,
    /// Each seat's path, in the order its pieces travel.
    pub paths: ByPlayer<PathFacts>,
    /// Each seat's pieces.
    pub pieces: ByPlayer<PieceKind>,
    /// The places off the board a seat's pieces can be in, as the board's trays show them.
    pub pools: Vec<Pool>,
}

/// A place of the board.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PlaceFacts {
    /// The place (NOTATION §2).
    pub place: Place,
    /// Its number as written on the board (a hole's number, 30 for `S`; a square's number).
    pub number: u8,
    /// Where it is: for the 58 holes the graph coordinates of the hole's centre of SPEC §2.2
    /// (x to the right, y up); for Senet the column and row of the square of §7 (row 0 on top).
    pub x: i8,
    /// See `x`.
    pub y: i8,
    /// The hole both seats share (`S`): drawn larger (§2.2).
    pub shared: bool,
    /// Its name in words, e.g. "hole 15 of the left side", "square 26".
    pub name: String,
}

/// What a mark stands for in the rules (the same kind may mean different things in two rule
/// sets; [`Mark::meaning`] says what).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum MarkKind {
    /// Where pieces are loaded from hand (`hj.skiryuk`'s hole 1).
    Start,
    /// Where pieces enter from hand (`hj.walker`'s entry point).
    Entry,
    /// A nefer hole (`hj.skiryuk`'s 15 and 25: loads and a bonus throw).
    Nefer,
    /// A seat's home box (`hj.washburne`: safe, and the other seat's goal).
    Home,
    /// An orange hole (`hj.washburne`: another throw).
    Orange,
    /// An ankh hole (`hj.washburne`: safe).
    Ankh,
    /// A blocking point (`hj.walker`: may not be passed).
    Blocking,
    /// A re-throw hole (`hj.french`'s "rejoue").
    Rethrow,
    /// The shared hole `S` and what it is in this rule set.
    Shared,
    /// The ends of the lines (their rule; the lines themselves are [`BoardFacts::lines`]).
    Line,
    /// Senet's House of Re-birth (15): where a piece given up from the Waters returns.
    Rebirth,
    /// Senet's square 26, the House of Happiness: every piece must land on it exactly.
    Happiness,
    /// Senet's square 27, the House of Waters (the school sheet's trap).
    Waters,
    /// A square a piece bears off from with particular throws (28, 29, 30).
    Exit,
    /// A safe square (`senet.safe_squares`): a piece there cannot be attacked.
    Safe,
}

/// The sign a mark is drawn with (as on the ancient boards, SPEC §2.4 and §7).
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Sign {
    /// An inlaid ring round the hole.
    Ring,
    /// The nefer sign (heart and windpipe).
    Nefer,
    /// The home box's colour, the owner's.
    Home,
    /// An orange ring.
    Orange,
    /// The ankh.
    Ankh,
    /// A dark square: a blocking point.
    Block,
    /// Water: zigzag lines.
    Water,
    /// This many strokes (Senet's 28, 29, 30: three, two, one).
    Strokes(u8),
    /// No sign of its own: the meaning is told in words only.
    None,
}

/// A mark on the board: places with a meaning under the game's rules.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct Mark {
    /// What it stands for.
    pub kind: MarkKind,
    /// How it is drawn.
    pub sign: Sign,
    /// The places it marks (H&J: the same holes on both sides, L before R).
    pub places: Vec<Place>,
    /// The seat it belongs to, where it is one seat's (a home box).
    pub owner: Option<Seat>,
    /// Its name, e.g. "nefer hole", "House of Happiness".
    pub name: String,
    /// What it does under this game's options, in words.
    pub meaning: String,
    /// Whether a piece that stops on it earns another throw.
    pub throws_again: bool,
}

impl Mark {
    /// A mark on the holes `holes` of both sides of the 58-hole board.
    pub(crate) fn holes(
        kind: MarkKind,
        sign: Sign,
        holes: &[u8],
        name: &str,
        meaning: String,
    ) -> Mark {
        Mark {
            kind,
            sign,
            places: holes
                .iter()
                .flat_map(|&n| [Place::Hole(Side::L, n), Place::Hole(Side::R, n)])
                .collect(),
            owner: None,
            name: name.to_owned(),
            meaning,
            throws_again: false,
        }
    }

    /// A mark on the shared hole `S`.
    pub(crate) fn shared(name: &str, meaning: String) -> Mark {
        Mark {
            kind: MarkKind::Shared,
            sign: Sign::None,
            places: vec![Place::Shared],
            owner: None,
            name: name.to_owned(),
            meaning,
            throws_again: false,
        }
    }

    /// A mark on the Senet squares `squares`.
    pub(crate) fn squares(
        kind: MarkKind,
        sign: Sign,
        squares: &[u8],
        name: &str,
        meaning: String,
    ) -> Mark {
        Mark {
            kind,
            sign,
            places: squares.iter().map(|&n| Place::Square(n)).collect(),
            owner: None,
            name: name.to_owned(),
            meaning,
            throws_again: false,
        }
    }

    /// The same mark, earning another throw where `yes`.
    pub(crate) fn throwing_again(self, yes: bool) -> Mark {
        Mark {
            throws_again: yes,
            ..self
        }
    }

    /// The numbers of its places as a list in words ("15 and 25", "1, 2, 3, 4 and 5"): a
    /// hole's number stands for the hole on both sides.
    pub fn numbers(&self) -> String {
        let mut ns: Vec<String> = Vec::new();
        for p in &self.places {
            let n = match *p {
                Place::Hole(_, n) | Place::Square(n) => n.to_string(),
                Place::Shared => "S".to_owned(),
                _ => continue,
            };
            if !ns.contains(&n) {
                ns.push(n);
            }
        }
        super::words::list(&ns)
    }
}

/// A line between two holes of one side (SPEC §2.1): a piece whose count ends on one end may be
/// carried on to the other.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct LineFacts {
    /// The holes at the start and the end of its drawing (`curve`).
    pub ends: [Place; 2],
    /// SPEC §2.2's cubic Bézier from beside `ends[0]` to beside `ends[1]`: start, two control
    /// points and end, in the graph coordinates of [`PlaceFacts`].
    pub curve: crate::hj::board::Bezier,
    /// Whether some seat may follow it from `ends[0]` to `ends[1]` under the game's options.
    pub forth: bool,
    /// Whether some seat may follow it from `ends[1]` to `ends[0]`.
    pub back: bool,
}

/// A seat's path: the places its pieces travel, in order.
#[derive(Clone, Debug, PartialEq, Eq)]
pub struct PathFacts {
    /// The places, first to last; a place's path index (SPEC §2.5) is its position plus one.
    pub places: Vec<Place>,
    /// Whether it runs round the opponent's side too (SPEC §2.5's circuit).
    pub circuit: bool,
}

impl PathFacts {
    /// The path index (1-based) of `p`, if `p` is on the path.
    pub fn index(&self, p: Place) -> Option<usize> {
        self.places.iter().position(|&q| q == p).map(|i| i + 1)
    }

    /// The place at path index `i` (1-based), if the path is that long.
    pub fn at(&self, i: usize) -> Option<Place> {
        i.checked_sub(1).and_then(|k| self.places.get(k)).copied()
    }
}

/// The pieces a seat plays with, as they are drawn and named.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum PieceKind {
    /// A jackal-headed pin (Hounds & Jackals, seat A: the left side).
    Jackal,
    /// A hound-headed pin (Hounds & Jackals, seat B: the right side).
    Hound,
    /// A cone (Senet, seat A).
    Cone,
    /// A spool (Senet, seat B).
    Spool,
}

impl PieceKind {
    /// The piece's name.
    pub const fn name(self) -> &'static str {
        match self {
            PieceKind::Jackal => "jackal",
            PieceKind::Hound => "hound",
            PieceKind::Cone => "cone",
            PieceKind::Spool => "spool",
        }
    }

    /// Its plural.
    pub const fn plural(self) -> &'static str {
        match self {
            PieceKind::Jackal => "jackals",
            PieceKind::Hound => "hounds",
            PieceKind::Cone => "cones",
            PieceKind::Spool => "spools",
        }
    }

    /// The pieces of each seat in a family: the jackals play the left side (seat A) and the
    /// hounds the right (000-SK§3), cones and spools as on the surviving Senet boxes.
    pub const fn of(family: Family) -> ByPlayer<PieceKind> {
        match family {
            Family::HoundsAndJackals => ByPlayer::new(PieceKind::Jackal, PieceKind::Hound),
            Family::Senet => ByPlayer::new(PieceKind::Cone, PieceKind::Spool),
        }
    }
}

/// A place off the board where a seat's pieces can be.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Pool {
    /// Waiting to enter or re-enter.
    Hand,
    /// Borne off.
    Off,
}

impl BoardFacts {
    /// The mark of `kind` on place `p`, if any.
    pub fn mark_at(&self, p: Place, kind: MarkKind) -> Option<&Mark> {
        self.marks
            .iter()
            .find(|m| m.kind == kind && m.places.contains(&p))
    }

    /// The marks on place `p`.
    pub fn marks_at(&self, p: Place) -> impl Iterator<Item = &Mark> {
        self.marks.iter().filter(move |m| m.places.contains(&p))
    }

    /// Whether a line joins `a` and `b`.
    pub fn line_between(&self, a: Place, b: Place) -> Option<&LineFacts> {
        self.lines
            .iter()
            .find(|l| l.ends == [a, b] || l.ends == [b, a])
    }

    /// The facts about place `p`, if it is on the board.
    pub fn place(&self, p: Place) -> Option<&PlaceFacts> {
        self.places.iter().find(|f| f.place == p)
    }

    /// The 58-hole board of rule set `id` (SPEC §2): each seat on its single-side path, or on
    /// the circuit (§2.5); the lines followed as `lines` allows on the seats' paths.
    pub(crate) fn hj(
        id: RuleSetId,
        circuit: bool,
        lines: LineRules,
        marks: Vec<Mark>,
    ) -> BoardFacts {
        let mut places = Vec::with_capacity(59);
        for side in [Side::L, Side::R] {
            let name = match side {
                Side::L => "left",
                Side::R => "right",
            };
            for n in 1..=29 {
                let p = Place::Hole(side, n);
                let (x, y) = hj::coordinates(p).expect("a hole");
                places.push(PlaceFacts {
                    place: p,
                    number: n,
                    x,
                    y,
                    shared: false,
                    name: format!("hole {n} of the {name} side"),
                });
            }
        }
        let (x, y) = hj::coordinates(Place::Shared).expect("the shared hole");
        places.push(PlaceFacts {
            place: Place::Shared,
            number: hj::SHARED,
            x,
            y,
            shared: true,
            name: "the shared hole (30)".to_owned(),
        });
        let paths = Seat::BOTH.map(|seat| {
            let home = hj::side(seat);
            let places = if circuit {
                (1..=hj::CIRCUIT_END)
                    .map(|i| hj::circuit_place(home, i))
                    .collect()
            } else {
                (1..=hj::SHARED)
                    .map(|i| hj::single_place(home, i))
                    .collect()
            };
            PathFacts { places, circuit }
        });
        let mut drawn = Vec::with_capacity(4);
        for side in [Side::L, Side::R] {
            let s: i8 = if side == Side::L { -1 } else { 1 };
            for (a, b, curve) in hj::LINE_CURVES {
                let ends = [Place::Hole(side, a), Place::Hole(side, b)];
                // A seat may follow the line one way where both ends are on its path and the
                // jump is allowed in path-index terms (`hj.lines`).
                let way = |from: Place, to: Place| {
                    paths.iter().any(|p| match (p.index(from), p.index(to)) {
                        (Some(i), Some(j)) => lines.dir.allows(i as u8, j as u8),
                        _ => false,
                    })
                };
                drawn.push(LineFacts {
                    ends,
                    curve: curve.map(|(x, y)| (x * s, y)),
                    forth: way(ends[0], ends[1]),
                    back: way(ends[1], ends[0]),
                });
            }
        }
        BoardFacts {
            rule_set: id,
            family: Family::HoundsAndJackals,
            places,
            marks,
            lines: drawn,
            paths: ByPlayer(paths),
            pieces: PieceKind::of(Family::HoundsAndJackals),
            pools: vec![Pool::Hand, Pool::Off],
        }
    }

    /// The Senet board of rule set `id` (SPEC §7): both seats on the boustrophedon track 1..30.
    pub(crate) fn senet(id: RuleSetId, marks: Vec<Mark>) -> BoardFacts {
        let places = (1..=30u8)
            .map(|n| {
                let (row, col) = senet::row_col(n);
                PlaceFacts {
                    place: Place::Square(n),
                    number: n,
                    x: col as i8,
                    y: row as i8,
                    shared: false,
                    name: format!("square {n}"),
                }
            })
            .collect();
        let path = PathFacts {
            places: (1..=30).map(Place::Square).collect(),
            circuit: false,
        };
        BoardFacts {
            rule_set: id,
            family: Family::Senet,
            places,
            marks,
            lines: Vec::new(),
            paths: ByPlayer::new(path.clone(), path),
            pieces: PieceKind::of(Family::Senet),
            pools: vec![Pool::Off],
        }
    }
}

/// The mark of the lines' ends, with their rule in words: which way they are followed (in the
/// travellers' terms on a circuit), and what a far end that is taken does (C-6).
pub(crate) fn lines_mark(lines: LineRules, circuit: bool, far_end: &str) -> Mark {
    use crate::hj::board::{BlockedLine, Lines};
    let (holes, way): (&[u8], &str) = match (lines.dir, circuit) {
        (Lines::Both, _) => (
            &[6, 8, 10, 20],
            "a piece whose count ends on 6, 20, 8 or 10 goes on along the line to 20, 6, 10 or 8, both ways",
        ),
        (Lines::ForwardOnly, false) => (
            &[6, 8],
            "a piece whose count ends on 6 or 8 goes on along the line to 20 or 10 (one way: the arrows)",
        ),
        (Lines::BackwardOnly, false) => (
            &[10, 20],
            "a piece whose count ends on 20 or 10 goes back along the line to 6 or 8 (one way: the arrows)",
        ),
        (Lines::ForwardOnly, true) => (
            &[6, 8, 10, 20],
            "a piece whose count ends on a line's end goes on along it only forwards on its circuit (on its own side from 6 to 20 and 8 to 10, on the other side from 20 to 6 and 10 to 8)",
        ),
        (Lines::BackwardOnly, true) => (
            &[6, 8, 10, 20],
            "a piece whose count ends on a line's end goes along it only backwards on its circuit (on its own side from 20 to 6 and 10 to 8, on the other side from 6 to 20 and 8 to 10)",
        ),
    };
    let blocked = match lines.blocked_line {
        BlockedLine::Stay => format!("if {far_end}; otherwise it stays"),
        BlockedLine::Illegal => format!("and only if {far_end}: otherwise the move is not allowed"),
    };
    Mark::holes(
        MarkKind::Line,
        Sign::None,
        holes,
        "lines 6 ~ 20 and 8 ~ 10",
        format!("{way}, {blocked}"),
    )
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::hj::board::{BlockedLine, Lines, NullLineMove};

    #[test]
    fn path_indices_start_at_one() {
        let b = BoardFacts::hj(RuleSetId::HjWalker, true, LineRules::DEFAULT, Vec::new());
        let a = &b.paths[Seat::A];
        assert_eq!(a.index(Place::Hole(Side::L, 1)), Some(1));
        assert_eq!(a.index(Place::Shared), Some(30));
        assert_eq!(a.index(Place::Hole(Side::R, 1)), Some(59));
        assert_eq!(a.at(31), Some(Place::Hole(Side::R, 29)));
        assert_eq!(a.at(0), None);
        assert_eq!(a.at(60), None);
    }

    #[test]
    fn one_way_lines_on_a_circuit_go_both_ways_for_somebody() {
        let fwd = LineRules {
            dir: Lines::ForwardOnly,
            null_line_move: NullLineMove::Illegal,
            blocked_line: BlockedLine::Stay,
        };
        let single = BoardFacts::hj(RuleSetId::HjFrench, false, fwd, Vec::new());
        for l in &single.lines {
            // Forward is 6 → 20 and 8 → 10: the curve of 6~20 starts at 6, that of 8~10 at 10.
            let Place::Hole(_, a) = l.ends[0] else {
                panic!()
            };
            assert_eq!((l.forth, l.back), (a == 6, a == 10), "{l:?}");
        }
        let circuit = BoardFacts::hj(RuleSetId::HjWashburne, true, fwd, Vec::new());
        assert!(circuit.lines.iter().all(|l| l.forth && l.back));
    }
}
