//! The rule facts (`nefer_core::facts`): the boards (SPEC §2.2's coordinates, every rule set's
//! marks under its options, the lines' directions, the paths), each move's effects on
//! hand-built positions of every rule set, the reasons a throw is lost or a game ends, and, over
//! random games of every rule set and random options, that a move's effects and its plain step
//! give exactly the position the rules produce, and that every action is described.

mod common;

use common::{items, options_for, pos, throw};
use nefer_core::facts::{
    self, BonusCause, Chronicle, Effect, EndReason, Event, MarkKind, MoveFacts, MoveKind, Names,
    PassReason, PieceKind, Sign, ThrowKind, Voice,
};
use nefer_core::{
    Action, AnyGame, Family, Game, Move, MoveList, Options, Outcome, Place, RuleSetId, Seat,
    SeatLayout, Side, Status,
};
use proptest::prelude::*;
use rand::{RngExt, SeedableRng};
use rand_chacha::ChaCha8Rng;

const L: Side = Side::L;
const R: Side = Side::R;

fn hole(side: Side, n: u8) -> Place {
    Place::Hole(side, n)
}

fn opts(text: &str) -> Options {
    Options::parse(text).unwrap()
}

/// The effect of a landing on a mark of `kind` at `place` that throws again.
fn bonus_at(place: Place, kind: MarkKind) -> Effect {
    Effect::ThrowAgain {
        cause: BonusCause::Mark { place, kind },
    }
}

/// The effect of `seat`'s piece on `from` captured.
fn captured(seat: Seat, from: Place) -> Effect {
    Effect::Captured { seat, from }
}

/// The effect of a piece of `seat` loaded onto `to`.
fn loaded(seat: Seat, to: Place) -> Effect {
    Effect::Loaded { seat, to }
}

/// The effect of a count ending on `landing` whose line carries the piece on to `to` (`back`:
/// back along the path).
fn line(landing: Place, to: Place, back: bool) -> Effect {
    Effect::Line { landing, to, back }
}

/// The effect of `seat`'s piece on `from` changing places with the mover, to `to`.
fn exchange(seat: Seat, from: Place, to: Place) -> Effect {
    Effect::Exchange { seat, from, to }
}

/// The facts of move `m` (in notation) at `g`.
fn facts_of(g: &AnyGame, m: &str) -> MoveFacts {
    facts::move_facts(g, m.parse().unwrap()).unwrap_or_else(|e| panic!("{m}: {e}"))
}

/// Holes `ns` of side `side` as NOTATION §2 writes them.
fn holes(side: &str, ns: &[u8]) -> Vec<String> {
    ns.iter().map(|n| format!("{side}{n}")).collect()
}

/// Circuit indices `ns` of `seat` (1..=29 its own side, 30 `S`, 31..=59 the far side down) as
/// holes.
fn circuit(seat: Seat, ns: &[u8]) -> Vec<String> {
    let own = if seat == Seat::A { 'L' } else { 'R' };
    ns.iter().map(|&n| common::circuit(own, n)).collect()
}

/// A Senet position of rule set `key`, seat A to play `stage`: the squares of each seat, their
/// other pieces borne off.
fn senet(key: &str, a: &[u8], b: &[u8], stage: &str) -> AnyGame {
    let seat = |v: &[u8]| {
        let off = 7 - v.len() as u8;
        items(v.iter().map(u8::to_string), &[("off", off)])
    };
    pos(&format!("{key} A:{} B:{} A {stage}", seat(a), seat(b)))
}

/// `g` after a throw of `t`.
fn thrown(mut g: AnyGame, t: u8) -> AnyGame {
    throw(&mut g, t);
    g
}

/// The only legal move of `g`, which must be `pass`, and why.
fn pass_reason(g: &AnyGame) -> PassReason {
    let moves = facts::legal_moves(g);
    assert_eq!(moves.len(), 1, "{moves:?}");
    assert_eq!(moves[0].kind, MoveKind::Pass);
    match moves[0].effects[..] {
        [Effect::ThrowLost { reason }, ..] => reason,
        _ => panic!("{:?}", moves[0].effects),
    }
}

// The board.

/// SPEC §2.2's full table: each left hole's coordinates (the right side's are mirrored).
const SPEC_2_2: [(i8, i8); 29] = [
    (-3, 27),
    (-3, 24),
    (-3, 21),
    (-3, 18),
    (-3, 15),
    (-3, 12),
    (-3, 9),
    (-3, 6),
    (-3, 3),
    (-3, 0),
    (-9, 0),
    (-9, 2),
    (-9, 4),
    (-9, 6),
    (-9, 8),
    (-9, 10),
    (-9, 12),
    (-9, 14),
    (-9, 16),
    (-9, 18),
    (-9, 20),
    (-9, 22),
    (-9, 24),
    (-9, 26),
    (-9, 28),
    (-8, 30),
    (-6, 31),
    (-4, 32),
    (-2, 33),
];

#[test]
fn the_holes_stand_where_spec_2_2_puts_them() {
    for id in RuleSetId::ALL
        .iter()
        .filter(|id| id.family() == Family::HoundsAndJackals)
    {
        let b = facts::board_of(*id, &Options::new()).unwrap();
        assert_eq!(b.places.len(), 59);
        for (i, &(x, y)) in SPEC_2_2.iter().enumerate() {
            let n = i as u8 + 1;
            let left = b.place(hole(L, n)).unwrap();
            let right = b.place(hole(R, n)).unwrap();
            assert_eq!((left.x, left.y, left.number), (x, y, n), "L{n}");
            assert_eq!((right.x, right.y), (-x, y), "R{n}");
            assert!(!left.shared);
        }
        let s = b.place(Place::Shared).unwrap();
        assert_eq!((s.x, s.y, s.number, s.shared), (0, 34, 30, true));
        assert_eq!(b.pieces.0, [PieceKind::Jackal, PieceKind::Hound]);
        assert_eq!(
            b.place(hole(R, 15)).unwrap().name,
            "hole 15 of the right side"
        );
    }
}

#[test]
fn the_senet_squares_run_in_an_s_as_spec_7_draws_them() {
    for id in [RuleSetId::SenetKendall, RuleSetId::SenetSchool] {
        let b = facts::board_of(id, &Options::new()).unwrap();
        assert_eq!(b.places.len(), 30);
        let at = |n: u8| {
            let p = b.place(Place::Square(n)).unwrap();
            (p.x, p.y)
        };
        // The rows' ends: the first row runs right, the second left, the third right.
        for (n, xy) in [
            (1, (0, 0)),
            (10, (9, 0)),
            (11, (9, 1)),
            (20, (0, 1)),
            (21, (0, 2)),
            (30, (9, 2)),
        ] {
            assert_eq!(at(n), xy, "{id}: square {n}");
        }
        // 15 sits directly above 26 (§7).
        assert_eq!(at(15).0, at(26).0);
        assert_eq!(b.pieces.0, [PieceKind::Cone, PieceKind::Spool]);
        assert!(b.lines.is_empty());
        for seat in Seat::BOTH {
            let path = &b.paths[seat];
            assert_eq!(path.places, (1..=30).map(Place::Square).collect::<Vec<_>>());
        }
    }
}

/// Each mark of a board as (kind, numbers, sign, throws again), in order.
fn marks(id: RuleSetId, options: &str) -> Vec<(MarkKind, String, Sign, bool)> {
    facts::board_of(id, &opts(options))
        .unwrap()
        .marks
        .iter()
        .map(|m| (m.kind, m.numbers(), m.sign, m.throws_again))
        .collect()
}

#[test]
fn every_rule_set_marks_its_holes_and_squares_as_spec_says() {
    use MarkKind as K;
    use RuleSetId as Id;
    // Each rule set's marks in order: (rule set, kind, numbers, sign, throws again).
    #[rustfmt::skip] // one mark a line
    let rows = [
        (Id::HjSkiryuk, K::Start, "1", Sign::Ring, false),
        (Id::HjSkiryuk, K::Nefer, "15 and 25", Sign::Nefer, true),
        (Id::HjSkiryuk, K::Shared, "S", Sign::None, false),
        (Id::HjSkiryuk, K::Line, "6, 8, 10 and 20", Sign::None, false),
        (Id::HjWashburne, K::Home, "1, 2, 3, 4 and 5", Sign::Home, false),
        (Id::HjWashburne, K::Home, "1, 2, 3, 4 and 5", Sign::Home, false),
        (Id::HjWashburne, K::Orange, "5, 10, 15, 20 and 25", Sign::Orange, true),
        (Id::HjWashburne, K::Ankh, "15 and 25", Sign::Ankh, false),
        (Id::HjWashburne, K::Shared, "S", Sign::None, false),
        (Id::HjWashburne, K::Line, "6, 8, 10 and 20", Sign::None, false),
        (Id::HjWalker, K::Entry, "1", Sign::Ring, true),
        (Id::HjWalker, K::Blocking, "10, 15, 20 and 25", Sign::Block, false),
        (Id::HjWalker, K::Shared, "S", Sign::None, false),
        (Id::HjWalker, K::Line, "6, 8, 10 and 20", Sign::None, false),
        (Id::HjFrench, K::Rethrow, "1, 15 and 25", Sign::Ring, true),
        (Id::HjFrench, K::Shared, "S", Sign::None, false),
        (Id::HjFrench, K::Line, "6 and 8", Sign::None, false),
        (Id::SenetKendall, K::Rebirth, "15", Sign::Ankh, false),
        (Id::SenetKendall, K::Happiness, "26", Sign::Nefer, false),
        (Id::SenetKendall, K::Waters, "27", Sign::Water, false),
        (Id::SenetKendall, K::Exit, "28", Sign::Strokes(3), false),
        (Id::SenetKendall, K::Exit, "29", Sign::Strokes(2), false),
        (Id::SenetKendall, K::Exit, "30", Sign::Strokes(1), false),
        (Id::SenetSchool, K::Happiness, "26", Sign::Nefer, false),
        (Id::SenetSchool, K::Waters, "27", Sign::Water, false),
        (Id::SenetSchool, K::Exit, "28", Sign::Strokes(3), false),
        (Id::SenetSchool, K::Exit, "29", Sign::Strokes(2), false),
        (Id::SenetSchool, K::Exit, "30", Sign::Strokes(1), false),
    ];
    for id in [
        Id::HjSkiryuk,
        Id::HjWashburne,
        Id::HjWalker,
        Id::HjFrench,
        Id::SenetKendall,
        Id::SenetSchool,
    ] {
        let want: Vec<_> = rows
            .iter()
            .filter(|r| r.0 == id)
            .map(|&(_, k, n, s, t)| (k, n.to_owned(), s, t))
            .collect();
        assert_eq!(marks(id, ""), want, "{id}");
    }
    // Washburne's home boxes are their owners': A's on the left, B's on the right.
    let b = facts::board_of(RuleSetId::HjWashburne, &Options::new()).unwrap();
    for (m, seat, side) in [(&b.marks[0], Seat::A, L), (&b.marks[1], Seat::B, R)] {
        assert_eq!(m.owner, Some(seat));
        assert_eq!(m.places, (1..=5).map(|n| hole(side, n)).collect::<Vec<_>>());
    }
    // The other marks are on both sides, each hole's left one first.
    assert_eq!(
        b.marks[3].places,
        [hole(L, 15), hole(R, 15), hole(L, 25), hole(R, 25)]
    );
}

#[test]
fn options_change_what_the_marks_mean() {
    // WA-3 `none`: the orange holes stay on the board and earn nothing.
    let b = facts::board_of(RuleSetId::HjWashburne, &opts("hj.washburne.orange=none")).unwrap();
    let orange = b.marks.iter().find(|m| m.kind == MarkKind::Orange).unwrap();
    assert!(!orange.throws_again);
    assert_eq!(orange.meaning, "no effect in this game");
    // KE-14, SB-14: the safe squares are marked.
    for id in [RuleSetId::SenetKendall, RuleSetId::SenetSchool] {
        let m = marks(id, "senet.safe_squares={15,26,28,29}");
        assert_eq!(m.last().unwrap().0, MarkKind::Safe);
        assert_eq!(m.last().unwrap().1, "15, 26, 28 and 29");
        assert!(marks(id, "senet.safe_squares={15}").last().unwrap().1 == "15");
    }
    // KE-11's exits under a gate (KE-22), and the school sheet's.
    let k = facts::board_of(
        RuleSetId::SenetKendall,
        &opts("senet.bear_off_gate=first_row_empty"),
    )
    .unwrap();
    let exit = |b: &facts::BoardFacts, n: u8| {
        b.mark_at(Place::Square(n), MarkKind::Exit)
            .unwrap()
            .meaning
            .clone()
    };
    assert_eq!(
        exit(&k, 30),
        "a piece here bears off with any throw, once none of its owner's pieces is on 1-10"
    );
    assert_eq!(
        exit(&k, 28),
        "a piece here bears off only with a 3, once none of its owner's pieces is on 1-10"
    );
    let s = facts::board_of(RuleSetId::SenetSchool, &Options::new()).unwrap();
    assert_eq!(exit(&s, 30), "a counter here bears off only with a 1");
    // SK-17, SK-14 in the words of S; KE-19 in those of the Waters.
    let sk = facts::board_of(
        RuleSetId::HjSkiryuk,
        &opts("hj.skiryuk.exit_s=immediate_return_to_hand, hj.skiryuk.capture_target=foremost"),
    )
    .unwrap();
    let shen = &sk.mark_at(Place::Shared, MarkKind::Shared).unwrap().meaning;
    assert!(
        shen.contains("foremost") && shen.ends_with("goes back to hand at once"),
        "{shen}"
    );
    let w = facts::board_of(
        RuleSetId::SenetKendall,
        &opts("senet.kendall.give_up_cost=this_and_next_turn"),
    )
    .unwrap();
    assert!(
        w.mark_at(Place::Square(27), MarkKind::Waters)
            .unwrap()
            .meaning
            .contains("this turn and the next")
    );
    // Walker's variation: the blocking points of both sides block everybody (WB-11).
    let v = facts::board_of(RuleSetId::HjWalker, &opts("hj.walker.variation=true")).unwrap();
    assert_eq!(
        v.mark_at(hole(R, 15), MarkKind::Blocking).unwrap().meaning,
        "a piece standing here, of either seat, may not be passed"
    );
}

#[test]
fn lines_go_the_ways_hj_lines_allows() {
    // (rule set, options, circuit, forth/back of 6~20 on the left, of 10~8 on the left).
    for (id, o, circuit, six, ten) in [
        (RuleSetId::HjWalker, "", false, (true, true), (true, true)),
        (RuleSetId::HjFrench, "", false, (true, false), (false, true)),
        (
            RuleSetId::HjFrench,
            "hj.lines=both",
            false,
            (true, true),
            (true, true),
        ),
        (
            RuleSetId::HjSkiryuk,
            "hj.lines=backward_only",
            false,
            (false, true),
            (true, false),
        ),
        (
            RuleSetId::HjWalker,
            "hj.walker.variation=true, hj.lines=forward_only",
            true,
            (true, true),
            (true, true),
        ),
        (RuleSetId::HjWashburne, "", true, (true, true), (true, true)),
    ] {
        let b = facts::board_of(id, &opts(o)).unwrap();
        assert_eq!(b.paths[Seat::A].circuit, circuit, "{id} {o}");
        assert_eq!(b.paths[Seat::B].places.len(), if circuit { 59 } else { 30 });
        assert_eq!(b.lines.len(), 4);
        let l6 = b.line_between(hole(L, 6), hole(L, 20)).unwrap();
        let l10 = b.line_between(hole(L, 8), hole(L, 10)).unwrap();
        assert_eq!(l6.ends, [hole(L, 6), hole(L, 20)]);
        assert_eq!(l10.ends, [hole(L, 10), hole(L, 8)]);
        assert_eq!((l6.forth, l6.back), six, "{id} {o}: 6~20");
        assert_eq!((l10.forth, l10.back), ten, "{id} {o}: 10~8");
        // SPEC §2.2's Béziers, mirrored on the left.
        assert_eq!(l6.curve, [(-4, 12), (-7, 12), (-5, 18), (-8, 18)]);
        let r10 = b.line_between(hole(R, 10), hole(R, 8)).unwrap();
        assert_eq!(r10.curve, [(4, 0), (7, 0), (7, 6), (4, 6)]);
    }
    // The circuit runs home side, S, far side down.
    let w = facts::board_of(RuleSetId::HjWashburne, &Options::new()).unwrap();
    let b = &w.paths[Seat::B];
    assert_eq!(
        (b.at(1), b.at(30), b.at(31), b.at(59)),
        (
            Some(hole(R, 1)),
            Some(Place::Shared),
            Some(hole(L, 29)),
            Some(hole(L, 1))
        )
    );
}

// Each move's effects, on hand-built positions.

#[test]
fn french_lines_bonus_throws_and_lost_throws() {
    let g = |a: &[u8], hand: u8| -> AnyGame {
        let off = 5 - a.len() as u8 - hand;
        pos(&format!(
            "hj.french A:{} B:hand*5 A throw",
            items(holes("L", a), &[("hand", hand), ("off", off)])
        ))
    };
    // The shortcut: a 2 from L4 counts to L6 and goes on to L20 (FR-4).
    let m = facts_of(&thrown(g(&[4], 4), 2), "L4-L20");
    assert_eq!(
        m.kind,
        MoveKind::Step {
            from: hole(L, 4),
            to: hole(L, 20)
        }
    );
    assert_eq!(m.effects, [line(hole(L, 6), hole(L, 20), false)]);
    assert!(!m.plain());
    assert_eq!(
        m.words(Voice::Imperative, &Names::default()),
        "move 4 → 20: the count ends on 6 and the line carries the piece on to 20"
    );
    // A button's few words: the move and its main effect.
    // Places as the board numbers them, the count's end, then the line.
    assert_eq!(m.label(&Names::default()), "Move 4 → 6, by the line to 20");
    // Stopping on 15 earns a bonus throw for that piece (FR-3), which the next throw is.
    let g15 = thrown(g(&[13], 4), 2);
    let m = facts_of(&g15, "L13-L15");
    assert_eq!(m.effects, [bonus_at(hole(L, 15), MarkKind::Rethrow)]);
    assert!(m.plain());
    let mut c = Chronicle::new(&g15);
    c.push(Action::Move(m.mv)).unwrap();
    let e = c
        .push(Action::Chance(nefer_core::Chance::Throw(
            nefer_core::Throw::new(5).unwrap(),
        )))
        .unwrap();
    assert_eq!(
        e,
        Event::Throw {
            seat: Seat::A,
            value: nefer_core::Throw::new(5).unwrap(),
            kind: ThrowKind::Bonus { piece: hole(L, 15) },
            ends: None
        }
    );
    assert_eq!(
        e.words(&Names::new("Ahmose", "Nefertari")),
        "Ahmose throws 5: a bonus throw for the piece on 15 alone."
    );
    // Entering on 1 with a 1 re-throws too.
    let m = facts_of(&thrown(g(&[13], 4), 1), "hand-L1");
    assert_eq!(m.kind, MoveKind::Enter { to: hole(L, 1) });
    assert_eq!(m.effects, [bonus_at(hole(L, 1), MarkKind::Rethrow)]);
    // Lost throws: nothing on the board and no 1; a bonus its piece cannot use (FR-2); a
    // throw too large for every piece.
    assert_eq!(pass_reason(&thrown(g(&[], 5), 3)), PassReason::NeedsOne);
    let mut bonus = thrown(g(&[13, 20], 3), 2);
    bonus.play("L13-L15".parse().unwrap()).unwrap();
    assert_eq!(
        pass_reason(&thrown(bonus, 5)),
        PassReason::BonusUnusable { piece: hole(L, 15) }
    );
    assert_eq!(
        pass_reason(&thrown(g(&[28, 29], 3), 5)),
        PassReason::Blocked
    );
    // The last piece out wins.
    let last: AnyGame = pos("hj.french A:L27,off*4 B:hand*5 A throw");
    let m = facts_of(&thrown(last, 3), "L27-off");
    assert_eq!(m.kind, MoveKind::BearOff { from: hole(L, 27) });
    assert_eq!(
        m.ends.map(|e| (e.outcome, e.reason)),
        Some((Outcome::Win(Seat::A), EndReason::AllBorneOff))
    );
    assert_eq!(
        m.words(Voice::Third, &Names::new("Ahmose", "Nefertari")),
        "bears off the piece on 27. Ahmose (seat A) wins: every piece is borne off."
    );
}

#[test]
fn walker_lines_back_entry_bonus_and_lost_throws() {
    let g = |a: &[u8], hand, t| {
        thrown(
            pos::<AnyGame>(&format!(
                "hj.walker A:{} B:R1,hand*4 A throw",
                items(circuit(Seat::A, a), &[("hand", hand)])
            )),
            t,
        )
    };
    // Lines go both ways by default: a count ending on L20 goes back to L6 (WB-2).
    let m = facts_of(&g(&[18], 4, 2), "L18-L6");
    assert_eq!(m.effects, [line(hole(L, 20), hole(L, 6), true)]);
    assert!(
        m.words(Voice::Imperative, &Names::default())
            .ends_with("carries the piece back to 6")
    );
    // Entering earns another throw (001§6), told by the entry point's mark.
    let m = facts_of(&g(&[18], 4, 1), "hand-L1");
    assert_eq!(m.effects, [bonus_at(hole(L, 1), MarkKind::Entry)]);
    assert_eq!(pass_reason(&g(&[], 5, 4)), PassReason::NeedsOne);
    // Nothing moves past point 30 (001§11).
    assert_eq!(pass_reason(&g(&[28, 29], 3, 3)), PassReason::Blocked);
}

#[test]
fn washburne_knock_offs_orange_holes_and_blocked_reentries() {
    let g = |a: &[u8], b: &[u8], knocked: [u8; 2], t| {
        thrown(
            pos::<AnyGame>(&format!(
                "hj.washburne A:{} B:{} A throw",
                items(circuit(Seat::A, a), &[("hand", knocked[0])]),
                items(circuit(Seat::B, b), &[("hand", knocked[1])])
            )),
            t,
        )
    };
    // B's piece on L13 (its index 47) is knocked off by A's 3 from L10 (000-WA§12).
    let m = facts_of(
        &g(&[1, 2, 3, 4, 10], &[1, 2, 3, 4, 47], [0, 0], 3),
        "L10-L13",
    );
    assert_eq!(
        m.effects,
        [Effect::KnockedOff {
            seat: Seat::B,
            from: hole(L, 13)
        }]
    );
    assert_eq!(
        m.words(Voice::Third, &Names::new("Red", "Blue")),
        "moves 10 → 13: Blue's piece on Red's hole 13 is knocked off, back to hand"
    );
    // An orange hole gives another throw (WA-3).
    let m = facts_of(
        &g(&[1, 2, 3, 4, 12], &[1, 2, 3, 4, 5], [0, 0], 3),
        "L12-L15",
    );
    assert_eq!(m.effects, [bonus_at(hole(L, 15), MarkKind::Orange)]);
    // A knocked-off piece whose home hole is taken cannot come back (WA-8).
    assert_eq!(
        pass_reason(&g(&[1, 2, 3, 4], &[1, 2, 3, 4, 5], [1, 0], 3)),
        PassReason::ReentryBlocked {
            hole: Some(hole(L, 3))
        }
    );
    // Filling the goal wins (WA-2).
    let m = facts_of(
        &g(&[54, 55, 56, 57, 58], &[11, 12, 13, 14, 16], [0, 0], 5),
        "R6-R1",
    );
    assert_eq!(m.ends.map(|e| e.reason), Some(EndReason::GoalFilled));
    // Red fills Blue's home box while a piece of Blue's is off: Blue loses (SPEC §4.5, WA-11),
    // though no knock-off came while the box was full; the words say the state, not an order.
    let full = thrown(
        pos("hj.washburne A:L10,L11,R7,R4,R3 B:R1,R2,R20,R21,hand A throw"),
        2,
    );
    let m = facts_of(&full, "R7-R5");
    assert_eq!(m.ends.map(|e| e.reason), Some(EndReason::HomeBlocked));
    assert_eq!(
        m.ends.unwrap().words(&Names::new("Red", "Blue")),
        "Red (seat A) wins: Blue (seat B) has a knocked-off piece, and every hole of its home \
         box is taken, so the piece can never come back."
    );
}

/// A Hounds & Jackals button names holes as the board numbers them for the mover (each side's
/// holes along its owner's path), never by place (`L4`, `R20`): the other side's holes with
/// their owner, the shared hole in words, an entry and a load as such (issue 16).
#[test]
fn hj_labels_name_holes_as_the_board_numbers_them() {
    let names = Names::new("Red", "Blue");
    let label = |g: &AnyGame, m: &str| facts_of(g, m).label(&names);
    // Seat B's holes are numbered along B's path too: B's move R4 → R7 is "4 → 7".
    let s = thrown(pos("hj.french A:hand*5 B:R4,hand*4 B throw"), 3);
    assert_eq!(label(&s, "R4-R7"), "Move 4 → 7");
    // An entry names the hole it comes onto.
    let s = thrown(pos("hj.walker A:L5,hand*4 B:R1,hand*4 A throw"), 1);
    assert_eq!(label(&s, "hand-L1"), "Enter a piece on 1, then throw again");
    // Walker's variation: past the shared hole a piece runs down the other seat's side.
    let v = "hj.walker[variation=true]";
    let s = thrown(pos(&format!("{v} A:S,L3,hand*3 B:R1,hand*4 A throw")), 2);
    assert_eq!(
        label(&s, "S-R28"),
        "Move from the shared hole → Blue's hole 28"
    );
    let s = thrown(pos(&format!("{v} A:L27,L3,hand*3 B:R1,hand*4 A throw")), 3);
    assert_eq!(label(&s, "L27-S"), "Move 27 → the shared hole");
    // Skiryuk: a load from hand is said; a capture names the piece by its owner's numbers;
    // the piece in S goes back to hand.
    let sk = |a: &str, b: &str, t| thrown(pos(&format!("hj.skiryuk A:{a} B:{b} A throw")), t);
    assert_eq!(
        label(&sk("L13,hand*4", "R1,hand*4", 3), "L13-L16"),
        "Move 13 → 16, loading a piece from hand onto 1"
    );
    assert_eq!(
        label(&sk("L3,S,hand*3", "R5,hand*4", 1), "S-hand"),
        "Take the piece in the shared hole back to hand"
    );
    let mut s: AnyGame =
        pos("hj.skiryuk[capture_target=choice] A:L27,hand*4 B:R5,R9,hand*3 A throw");
    common::run(&mut s, "3 L27-S");
    assert_eq!(
        label(&s, "capture-R9"),
        "Capture Blue's piece on 9, loading a piece from hand onto 1"
    );
    // Every label of random games' H&J moves is free of place names.
    for id in RuleSetId::ALL
        .iter()
        .filter(|r| r.family() == Family::HoundsAndJackals)
    {
        let mut rng = ChaCha8Rng::seed_from_u64(7);
        let mut g = id.new_game(&Options::new()).unwrap();
        let mut moves = MoveList::new();
        for _ in 0..400 {
            match g.status() {
                Status::Over(_) => break,
                Status::Chance { .. } => {
                    let c = g.sample_chance(&mut rng);
                    g.play_chance(c).unwrap();
                }
                Status::Decide { .. } => {
                    for f in facts::legal_moves(&g) {
                        let l = f.label(&names);
                        let place = l.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
                            w.len() > 1
                                && (w.starts_with('L') || w.starts_with('R'))
                                && w[1..].chars().all(|c| c.is_ascii_digit())
                        });
                        assert!(!place, "{id} {}: {l}", f.mv);
                    }
                    g.legal_moves(&mut moves);
                    let m = moves[rng.random_range(0..moves.len())];
                    g.play(m).unwrap();
                }
            }
        }
    }
}

/// Whether `text` names a place in notation: a hole as `L4`, `R20`, or the shared hole as `S`
/// (a sentence names them as the board shows them: "4", "Blue's hole 20", "the shared hole").
fn names_a_place(text: &str) -> bool {
    text.split(|c: char| !c.is_ascii_alphanumeric()).any(|w| {
        w == "S"
            || (w.len() > 1
                && (w.starts_with('L') || w.starts_with('R'))
                && w[1..].chars().all(|c| c.is_ascii_digit()))
    })
}

/// Every sentence of random Hounds & Jackals games, under their defaults and random options
/// (the circuits of Washburne and Walker's variation, Skiryuk's captures and loads, French
/// bonus throws), names holes as the board numbers them, never by place (issue 16): each legal
/// move's words, each effect's, each lost throw's reason, each event of the chronicle and the
/// end. The machine fields keep the notation.
#[test]
fn hj_sentences_name_holes_as_the_board_numbers_them() {
    let names = Names::new("Red", "Blue");
    let mut told = 0;
    let mut noted = 0;
    for id in RuleSetId::ALL
        .iter()
        .filter(|r| r.family() == Family::HoundsAndJackals)
    {
        for seed in 0..8 {
            let mut rng = ChaCha8Rng::seed_from_u64(seed);
            let mut g = id.new_game(&options_for(*id, seed)).unwrap();
            let mut chronicle = Chronicle::new(&g);
            let mut moves = MoveList::new();
            let mut check = |what: &str, text: String| {
                assert!(!names_a_place(&text), "{id} seed {seed} {what}: {text}");
                told += 1;
            };
            for _ in 0..600 {
                let action = match g.status() {
                    Status::Over(_) => break,
                    Status::Chance { .. } => Action::Chance(g.sample_chance(&mut rng)),
                    Status::Decide { .. } => {
                        for f in facts::legal_moves(&g) {
                            let what = f.mv.to_string();
                            check(&what, f.words(Voice::Imperative, &names));
                            check(&what, f.label(&names));
                            for e in &f.effects {
                                check(&what, e.words(f.seat, &names));
                                if let Effect::ThrowLost { reason } = e {
                                    check(&what, reason.words(f.seat, &names));
                                }
                            }
                            // The notation stays: the move as NOTATION writes it.
                            noted += usize::from(names_a_place(&what));
                        }
                        g.legal_moves(&mut moves);
                        Action::Move(moves[rng.random_range(0..moves.len())])
                    }
                };
                check("event", chronicle.push(action).unwrap().words(&names));
                g.apply(action).unwrap();
            }
            if let Some(end) = facts::end(&g) {
                check("end", end.words(&names));
            }
        }
    }
    assert!(
        told > 10_000 && noted > 1000,
        "{told} sentences, {noted} moves in notation"
    );
}

#[test]
fn skiryuk_captures_loads_and_bonus_throws() {
    let g = |a: &[u8], b: &[u8], hand: [u8; 2], trophies: [u8; 2], t| {
        thrown(
            // A seat's trophies are the other seat's pieces captured.
            pos::<AnyGame>(&format!(
                "hj.skiryuk A:{} B:{} A throw",
                items(
                    holes("L", a),
                    &[("hand", hand[0]), ("captured", trophies[1])]
                ),
                items(
                    holes("R", b),
                    &[("hand", hand[1]), ("captured", trophies[0])]
                )
            )),
            t,
        )
    };
    // An arrival in S captures B's rearmost piece, on R1; B's path being empty, a piece from
    // his hand is loaded onto R1 at once (3.6 steps 3 and 5): the layouts alone would not tell.
    let m = facts_of(&g(&[27, 10], &[1], [3, 4], [0, 0], 3), "L27-S");
    assert_eq!(
        m.effects,
        [captured(Seat::B, hole(R, 1)), loaded(Seat::B, hole(R, 1))]
    );
    assert!(!m.plain());
    // Crossing 15 loads one of A's pieces onto L1 (3.6 step 1).
    let m = facts_of(&g(&[13], &[1], [4, 4], [0, 0], 3), "L13-L16");
    assert_eq!(m.effects, [loaded(Seat::A, hole(L, 1))]);
    // Stopping on 25 loads and earns another throw (step 7).
    let m = facts_of(&g(&[22], &[1], [4, 4], [0, 0], 3), "L22-L25");
    assert_eq!(
        m.effects,
        [
            loaded(Seat::A, hole(L, 1)),
            bonus_at(hole(L, 25), MarkKind::Nefer)
        ]
    );
    // A line jump loads nothing (SK-5).
    let m = facts_of(&g(&[4], &[1], [4, 4], [0, 0], 2), "L4-L20");
    assert_eq!(m.effects, [line(hole(L, 6), hole(L, 20), false)]);
    // The fifth capture wins.
    let m = facts_of(&g(&[29], &[9], [4, 0], [4, 0], 1), "L29-S");
    assert_eq!(
        m.ends.map(|e| e.reason),
        Some(EndReason::AllCaptured { pieces: 5 })
    );
    // SK-17 `immediate_return_to_hand`: the arriving piece goes back to hand, and the move is
    // written so; it still captures.
    let s =
        pos("hj.skiryuk[exit_s=immediate_return_to_hand] A:L3,L27,hand*3 B:R5,R9,hand*3 A throw");
    let m = facts_of(&thrown(s, 3), "L27-hand");
    assert_eq!(m.kind, MoveKind::ToHand { from: hole(L, 27) });
    assert_eq!(m.effects, [captured(Seat::B, hole(R, 5))]);
    // R-9 `capture_target=choice`: two targets, the capture is a decision of its own; its
    // move captures the piece chosen; the mover's path, which the arrival emptied, is refilled
    // from his hand (SK-16).
    let s: AnyGame = pos("hj.skiryuk[capture_target=choice] A:L27,hand*4 B:R5,R9,hand*3 A throw");
    let m = facts_of(&thrown(s.clone(), 3), "L27-S");
    assert!(m.effects.is_empty(), "{:?}", m.effects);
    let mut s = s;
    common::run(&mut s, "3 L27-S");
    let m = facts_of(&s, "capture-R9");
    assert_eq!(m.kind, MoveKind::Capture { from: hole(R, 9) });
    assert_eq!(
        m.effects,
        [captured(Seat::B, hole(R, 9)), loaded(Seat::A, hole(L, 1))]
    );
    let words = m.words(Voice::Imperative, &Names::default());
    assert_eq!(
        words,
        "capture B's piece on 9: a piece from A's hand is loaded onto 1"
    );
    // R-10 `bonus=declinable`: the bonus is taken, or declined.
    let s: AnyGame = pos("hj.skiryuk[bonus=declinable] A:L1,L15,hand*3 B:R3,hand*4 A bonus turn=7");
    assert_eq!(facts_of(&s, "throw").kind, MoveKind::BonusThrow);
    assert_eq!(facts_of(&s, "pass").kind, MoveKind::Pass);
    // S → hand on a 1.
    let s = pos("hj.skiryuk A:L3,S,hand*3 B:R5,hand*4 A throw");
    let m = facts_of(&thrown(s, 1), "S-hand");
    assert_eq!(
        m.kind,
        MoveKind::ToHand {
            from: Place::Shared
        }
    );
}

#[test]
fn kendall_exchanges_backward_moves_and_the_waters() {
    let g = |a: &[u8], b: &[u8], t| thrown(senet("senet.kendall", a, b, "throw"), t);
    let names = Names::new("Green", "Red");
    // 12 → 15 onto Red's unprotected piece: they change places (002).
    let m = facts_of(&g(&[12], &[15, 1], 3), "12-15");
    assert_eq!(
        m.effects,
        [exchange(Seat::B, Place::Square(15), Place::Square(12))]
    );
    assert_eq!(
        m.words(Voice::Imperative, &names),
        "move 12 → 15: Red's piece on 15 goes to 12 (they change places)"
    );
    assert_eq!(m.label(&names), "Move 12 → 15, exchanging with Red's piece");
    // No forward move: backwards by the throw (KE-8).
    let m = facts_of(&g(&[5], &[7, 8], 3), "5-2");
    assert_eq!(m.effects, [Effect::Backward]);
    assert_eq!(
        m.words(Voice::Imperative, &names),
        "move 5 → 2 backwards, as no piece can move forwards"
    );
    assert_eq!(m.label(&names), "Move 5 → 2, backwards");
    // A 4 earns another throw (KE-4).
    let m = facts_of(&g(&[12], &[1], 4), "12-16");
    assert_eq!(
        m.effects,
        [Effect::ThrowAgain {
            cause: BonusCause::Value(nefer_core::Throw::new(4).unwrap())
        }]
    );
    // A 1 from 26 falls into the Waters, which ends the turn (KE-20): no other throw.
    let m = facts_of(&g(&[26], &[1], 1), "26-27");
    assert_eq!(m.effects, [Effect::IntoWaters]);
    // An unprotected piece attacked on 29 from 26 goes to 27 (002).
    let m = facts_of(&g(&[26], &[29], 3), "26-29");
    assert_eq!(
        m.effects,
        [Effect::SentTo {
            seat: Seat::B,
            from: Place::Square(29),
            to: Place::Square(27)
        }]
    );
    // The water turn: give up, or try for a 4; a failed try loses the throw.
    let w = senet("senet.kendall", &[10, 27], &[1], "water");
    let choices = facts::legal_moves(&w);
    assert_eq!(
        choices.iter().map(|m| m.kind).collect::<Vec<_>>(),
        [
            MoveKind::GiveUp {
                from: Place::Square(27),
                to: Place::Square(15)
            },
            MoveKind::Throw
        ]
    );
    let mut c = Chronicle::new(&w);
    let e = c.push(Action::Move(Move::Throw)).unwrap();
    assert_eq!(
        e.words(&names),
        "Green throws for a 4 to free the piece in the Waters."
    );
    let e = c
        .push(Action::Chance(nefer_core::Chance::Throw(
            nefer_core::Throw::new(2).unwrap(),
        )))
        .unwrap();
    assert!(matches!(
        e,
        Event::Throw {
            kind: ThrowKind::WaterTry,
            ..
        }
    ));
    assert_eq!(pass_reason(c.game()), PassReason::WaterTryFailed);
    // KE-19 `this_and_next_turn`: giving up costs the next turn too.
    let w = senet(
        "senet.kendall[give_up_cost=this_and_next_turn]",
        &[10, 27],
        &[1],
        "water",
    );
    let m = facts_of(&w, "27-15");
    assert_eq!(m.effects, [Effect::LosesNextTurn]);
    // KE-21: a lost 4 still earns another throw.
    let m = facts::legal_moves(&g(&[28], &[1], 4));
    assert_eq!(
        m[0].effects,
        [
            Effect::ThrowLost {
                reason: PassReason::Blocked
            },
            Effect::ThrowAgain {
                cause: BonusCause::Value(nefer_core::Throw::new(4).unwrap())
            },
        ]
    );
}

#[test]
fn school_exchanges_and_the_trap() {
    let g = |a: &[u8], b: &[u8], t| thrown(senet("senet.school", a, b, "throw"), t);
    let m = facts_of(&g(&[12], &[15, 1], 3), "12-15");
    assert_eq!(
        m.effects,
        [exchange(Seat::B, Place::Square(15), Place::Square(12))]
    );
    // A counter on 27 freezes the others; only a 4 frees it (004§11).
    assert_eq!(pass_reason(&g(&[27, 10], &[1], 2)), PassReason::Trapped);
    let m = facts_of(&g(&[27, 10], &[1], 4), "27-off");
    assert_eq!(
        m.kind,
        MoveKind::BearOff {
            from: Place::Square(27)
        }
    );
    // Only a 5 gives another throw (004§8).
    let m = facts_of(&g(&[12], &[1], 5), "12-17");
    assert_eq!(
        m.effects,
        [Effect::ThrowAgain {
            cause: BonusCause::Value(nefer_core::Throw::new(5).unwrap())
        }]
    );
    assert_eq!(
        pass_reason(&g(&[5], &[2, 3, 4, 6, 7], 1)),
        PassReason::Blocked
    );
}

#[test]
fn a_move_allowed_to_pass_declines() {
    // C-2 `false`: `pass` stands beside the moves, and is a choice.
    let g = RuleSetId::HjWalker
        .new_game(&opts(
            "hj.walker.compulsory_move=false, hj.walker.first_player=p1",
        ))
        .unwrap();
    let moves = facts::legal_moves(&thrown(g, 1));
    let pass = moves.iter().find(|m| m.mv == Move::Pass).unwrap();
    assert_eq!(
        pass.effects,
        [Effect::ThrowLost {
            reason: PassReason::Declined
        }]
    );
}

#[test]
fn openings_and_draws_are_told() {
    // Skiryuk's opening throws decide who starts (SK-1).
    let g = RuleSetId::HjSkiryuk.new_game(&Options::new()).unwrap();
    let mut c = Chronicle::new(&g);
    let e = c
        .push(Action::Chance(nefer_core::Chance::Throw(
            nefer_core::Throw::new(3).unwrap(),
        )))
        .unwrap();
    assert_eq!(
        e.words(&Names::default()),
        "A throws 3 to decide who starts."
    );
    // The French search for a 1 (FR-1), after C-9's draw.
    let g = RuleSetId::HjFrench.new_game(&Options::new()).unwrap();
    let mut c = Chronicle::new(&g);
    let e = c
        .push(Action::Chance(nefer_core::Chance::Seat(Seat::B)))
        .unwrap();
    assert_eq!(
        e.words(&Names::new("Ahmose", "Nefertari")),
        "Nefertari is drawn to throw first."
    );
    let e = c
        .push(Action::Chance(nefer_core::Chance::Throw(
            nefer_core::Throw::new(4).unwrap(),
        )))
        .unwrap();
    assert!(
        matches!(
            e,
            Event::Throw {
                seat: Seat::B,
                kind: ThrowKind::SeekingOne,
                ..
            }
        ),
        "{e:?}"
    );
    // The turn cap (C-7) ends a game in a draw.
    let mut g = RuleSetId::SenetSchool
        .new_game(&opts("senet.school.max_turns=1"))
        .unwrap();
    throw(&mut g, 2);
    let m = facts::legal_moves(&g).remove(0);
    let end = m.ends.unwrap();
    assert_eq!(
        (end.outcome, end.reason),
        (Outcome::Draw, EndReason::TurnCap { turns: 1 })
    );
    assert_eq!(
        end.words(&Names::default()),
        "a draw: the cap of 1 turns was reached (C-7)."
    );
}

// Over random games.

/// `layout` with `mover`'s piece carried from `from` to `to` and nothing else.
fn stepped(layout: &[SeatLayout; 2], mover: Seat, m: Move) -> [SeatLayout; 2] {
    let mut out = layout.clone();
    // A move that spends a value carries its piece as a step does.
    if let Some((from, to)) = m.places() {
        let me = &mut out[mover.index()];
        match from {
            Place::Hand => me.hand -= 1,
            p => {
                let i = me.board.iter().position(|&q| q == p).unwrap();
                me.board.remove(i);
            }
        }
        match to {
            Place::Off => me.off += 1,
            Place::Hand => me.hand += 1,
            p => me.board.push(p),
        }
    }
    out
}

fn sorted(mut l: [SeatLayout; 2]) -> [SeatLayout; 2] {
    for s in &mut l {
        s.board.sort();
    }
    l
}

proptest! {
    #![proptest_config(ProptestConfig::with_cases(48))]

    /// Every legal move of random games: its plain step with its effects applied is the layout
    /// the rules produce; a move that changes nothing more is plain; its words are there; the
    /// chronicle tells every action.
    #[test]
    fn effects_and_step_give_the_position_after(seed in any::<u64>(), which in 0usize..64) {
        let id = RuleSetId::ALL[which % RuleSetId::ALL.len()];
        let options = options_for(id, seed);
        let mut rng = ChaCha8Rng::seed_from_u64(seed);
        let mut g = id.new_game(&options).unwrap();
        let mut chronicle = Chronicle::new(&g);
        let names = Names::new("Ahmose", "Nefertari");
        let mut moves = MoveList::new();
        for _ in 0..1500 {
            let action = match g.status() {
                Status::Over(_) => break,
                Status::Chance { .. } => Action::Chance(g.sample_chance(&mut rng)),
                Status::Decide { seat, .. } => {
                    g.legal_moves(&mut moves);
                    let all = facts::legal_moves(&g);
                    prop_assert_eq!(all.len(), moves.len());
                    let before = g.layout();
                    for f in &all {
                        let mut after = g.clone();
                        after.play(f.mv).unwrap();
                        let mut expected = stepped(&before, seat, f.mv);
                        for e in &f.effects {
                            e.apply(seat, f.mv.places().map_or(Place::Off, |(_, to)| to), &mut expected);
                        }
                        prop_assert_eq!(sorted(expected), sorted(after.layout()), "{} at {:?}: {:?}", f.mv, g, f.effects);
                        prop_assert!(!f.words(Voice::Imperative, &names).is_empty());
                        // A button's label: a capital, and no notation of the move.
                        let label = f.label(&names);
                        prop_assert!(label.starts_with(char::is_uppercase), "{}", label);
                        // (a move written as a word, `pass` or `throw`, may say that word)
                        let token = f.mv.to_string();
                        let word = !token.chars().any(|c| c.is_ascii_digit());
                        prop_assert!(word || !label.contains(&token), "{}: {}", token, label);
                        prop_assert_eq!(f.ends.is_some(), after.outcome().is_some());
                        let more = sorted(after.layout()) != sorted(stepped(&before, seat, f.mv));
                        prop_assert!(!more || !f.plain(), "{} changes more than its piece: {:?}", f.mv, f.effects);
                    }
                    Action::Move(moves[rng.random_range(0..moves.len())])
                }
            };
            let e = chronicle.push(action).unwrap();
            prop_assert!(e.words(&names).ends_with('.'), "{}", e.words(&names));
            g.apply(action).unwrap();
            prop_assert_eq!(chronicle.game(), &g);
        }
        if let Some(end) = facts::end(&g) {
            prop_assert!(end.words(&names).ends_with('.'));
            prop_assert_eq!(Some(end.outcome), g.outcome());
        }
    }
}

#[test]
fn the_values_of_spec_13_are_told() {
    let names = Names::default();
    // Washburne's two d4: the throw, a move by each die; the orange L20 reached by the
    // first die earns a throw that follows the second, which lands elsewhere.
    let g: AnyGame = pos("hj.washburne[dice=two_d4] A:L1,L2,L3,L4,L5 B:R1,R2,R3,R4,R5 A throw");
    let mut c = Chronicle::new(&g);
    let dice = Action::Chance(nefer_core::Chance::Dice(
        nefer_core::DicePair::new(2, 1).unwrap(),
    ));
    let e = c.push(dice).unwrap();
    assert!(
        e.words(&names).ends_with("throws 1+2."),
        "{}",
        e.words(&names)
    );
    let first = facts_of(c.game(), "1:L5-L20");
    assert_eq!(first.throw, nefer_core::Throw::new(1));
    assert_eq!(
        first.kind,
        MoveKind::Step {
            from: hole(L, 5),
            to: hole(L, 20)
        }
    );
    assert!(
        matches!(first.effects[..], [Effect::Line { .. }]),
        "{:?}",
        first.effects
    );
    c.push(Action::Move("1:L5-L20".parse().unwrap())).unwrap();
    let second = facts_of(c.game(), "2:L4-L6");
    assert_eq!(
        second.effects,
        [Effect::ThrowAgain {
            cause: BonusCause::Earned
        }]
    );
    // Kendall's collected values: a spend is a step by its value.
    let g: AnyGame = pos(
        "senet.kendall[throw_mode=accumulate] A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A spend collected=1,4",
    );
    let m = facts_of(&g, "4:14-18");
    assert_eq!(
        (m.throw, m.kind),
        (
            nefer_core::Throw::new(4),
            MoveKind::Step {
                from: Place::Square(14),
                to: Place::Square(18)
            }
        )
    );
    assert!(m.effects.is_empty(), "{:?}", m.effects);
}
