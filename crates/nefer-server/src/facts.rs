//! The core's rule facts on the wire: a game's board (places with coordinates, marks with their
//! meaning, lines, paths, pieces) and what a move does (its kind and effects, each with its
//! words). Places are in notation (NOTATION §2); the words come from `nefer_core::facts`. The
//! browser draws and tells from these alone, so it knows no rule and no rule set.

use nefer_core::facts::{
    BoardFacts, BonusCause, Effect, LineFacts, Mark, MarkKind, MoveKind, Names, PassReason,
    PathFacts, PieceKind, PlaceFacts, Pool, Sign,
};
use nefer_core::{Family, Place, Seat};
use serde::Serialize;
use utoipa::ToSchema;

use crate::body::FamilyKey;
use crate::view::SeatKey;

/// A game's board under its rules, to draw and name (the core's `BoardFacts`).
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = Board)]
pub struct BoardView {
    /// The rule set's key.
    #[schema(examples("hj.walker"))]
    pub rules: String,
    /// Which board: `hj` (the 58 holes, SPEC §2) or `senet` (3×10 squares, §7).
    pub family: FamilyKey,
    /// Every place, in a fixed order (H&J `L1..L29`, `R1..R29`, `S`; Senet `1..30`).
    pub places: Vec<PlaceView>,
    /// The marked places with their meaning under the game's options, in drawing order.
    pub marks: Vec<MarkView>,
    /// The lines between holes (H&J), with the ways they may be followed.
    pub lines: Vec<LineView>,
    /// Each seat's path.
    pub paths: Paths,
    /// Each seat's pieces.
    pub pieces: Pieces,
    /// The pools off the board the trays show (`hand`, `off`).
    pub pools: Vec<PoolKey>,
}

/// A place of the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = BoardPlace)]
pub struct PlaceView {
    /// The place (NOTATION §2).
    #[schema(examples("L15", "S", "26"))]
    pub place: String,
    /// The number written on it.
    pub number: u8,
    /// H&J: SPEC §2.2's graph x of the hole's centre (to the right); Senet: the square's
    /// column (§7).
    pub x: i8,
    /// H&J: SPEC §2.2's graph y (up); Senet: the square's row (0 on top).
    pub y: i8,
    /// The hole both seats share (drawn larger).
    pub shared: bool,
    /// Its name in words.
    #[schema(examples("hole 15 of the left side"))]
    pub name: String,
}

/// Declares a key of the wire: a unit enum named in snake_case (in JSON and the document), each
/// variant with its doc; with `from Core`, one for each variant of the core's enum of the same
/// names, and its `From` that enum. The variants are listed once, not in the enum and again in
/// a `match`.
macro_rules! wire_key {
    ($(#[$m:meta])* $key:ident from $core:ident { $($v:ident: $doc:literal,)+ }) => {
        wire_key!($(#[$m])* $key { $($v: $doc,)+ });

        impl From<$core> for $key {
            fn from(k: $core) -> $key {
                match k {
                    $($core::$v => $key::$v,)+
                }
            }
        }
    };
    ($(#[$m:meta])* $key:ident { $($v:ident: $doc:literal,)+ }) => {
        $(#[$m])*
        #[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
        #[serde(rename_all = "snake_case")]
        pub enum $key {
            $(#[doc = $doc] $v,)+
        }
    };
}

wire_key! {
    /// What a mark stands for (the core's `MarkKind`).
    MarkKindKey from MarkKind {
        Start: "Where pieces are loaded from hand.",
        Entry: "Where pieces enter from hand.",
        Nefer: "A nefer hole.",
        Home: "A seat's home box.",
        Orange: "An orange hole.",
        Ankh: "An ankh hole.",
        Blocking: "A blocking point.",
        Rethrow: "A re-throw hole.",
        Shared: "The shared hole.",
        Line: "The lines' ends.",
        Rebirth: "Senet's House of Re-birth.",
        Happiness: "Senet's square 26.",
        Waters: "Senet's House of Waters (27).",
        Exit: "A square pieces bear off from.",
        Safe: "A safe square.",
    }
}

wire_key! {
    /// The sign a mark is drawn with (the core's `Sign`).
    SignKey {
        Ring: "An inlaid ring round the hole.",
        Nefer: "The nefer sign.",
        Home: "The home box's colour, its owner's.",
        Orange: "An orange ring.",
        Ankh: "The ankh.",
        Block: "A dark square.",
        Water: "Water.",
        Strokes: "Strokes (`strokes` says how many).",
        None: "No sign: words only.",
    }
}

/// A mark on the board.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct MarkView {
    /// What it stands for.
    pub kind: MarkKindKey,
    /// How it is drawn.
    pub sign: SignKey,
    /// How many strokes (sign `strokes` only).
    #[serde(skip_serializing_if = "Option::is_none")]
    #[schema(nullable = false, minimum = 1)]
    pub strokes: Option<u8>,
    /// The places it marks.
    pub places: Vec<String>,
    /// The seat it belongs to (a home box), else `null`.
    #[schema(required = true)]
    pub owner: Option<SeatKey>,
    /// The numbers of its places in words ("15 and 25").
    pub numbers: String,
    /// Its name.
    #[schema(examples("nefer hole"))]
    pub name: String,
    /// What it does under the game's options.
    pub meaning: String,
    /// Whether a piece that stops on it earns another throw.
    pub throws_again: bool,
}

impl From<&Mark> for MarkView {
    fn from(m: &Mark) -> MarkView {
        let (sign, strokes) = match m.sign {
            Sign::Ring => (SignKey::Ring, None),
            Sign::Nefer => (SignKey::Nefer, None),
            Sign::Home => (SignKey::Home, None),
            Sign::Orange => (SignKey::Orange, None),
            Sign::Ankh => (SignKey::Ankh, None),
            Sign::Block => (SignKey::Block, None),
            Sign::Water => (SignKey::Water, None),
            Sign::Strokes(n) => (SignKey::Strokes, Some(n)),
            Sign::None => (SignKey::None, None),
        };
        MarkView {
            kind: m.kind.into(),
            sign,
            strokes,
            places: places(&m.places),
            owner: m.owner.map(SeatKey::from),
            numbers: m.numbers(),
            name: m.name.clone(),
            meaning: m.meaning.clone(),
            throws_again: m.throws_again,
        }
    }
}

/// A line between two holes.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = Line)]
pub struct LineView {
    /// The holes at its drawing's start and end.
    pub ends: [String; 2],
    /// SPEC §2.2's cubic Bézier from beside `ends[0]` to beside `ends[1]`: four `[x, y]`
    /// points (start, two controls, end) in the places' coordinates.
    pub curve: [[i8; 2]; 4],
    /// Whether some seat may follow it from `ends[0]` to `ends[1]`.
    pub forth: bool,
    /// Whether some seat may follow it from `ends[1]` to `ends[0]`.
    pub back: bool,
}

impl From<&LineFacts> for LineView {
    fn from(l: &LineFacts) -> LineView {
        LineView {
            ends: l.ends.map(|p| p.to_string()),
            curve: l.curve.map(|(x, y)| [x, y]),
            forth: l.forth,
            back: l.back,
        }
    }
}

/// A seat's path.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = Path)]
pub struct PathView {
    /// Its places in order; a place's path index is its position plus one.
    pub places: Vec<String>,
    /// Whether it runs round the opponent's side too (SPEC §2.5).
    pub circuit: bool,
}

impl From<&PathFacts> for PathView {
    fn from(p: &PathFacts) -> PathView {
        PathView {
            places: places(&p.places),
            circuit: p.circuit,
        }
    }
}

/// Both seats' paths.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Paths {
    /// Seat A's.
    #[serde(rename = "A")]
    pub a: PathView,
    /// Seat B's.
    #[serde(rename = "B")]
    pub b: PathView,
}

/// The pieces of a seat.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[schema(as = Piece)]
pub struct PieceView {
    /// Which pieces: how they are drawn.
    pub kind: PieceKey,
    /// Their name.
    pub name: &'static str,
    /// Its plural.
    pub plural: &'static str,
}

/// Which pieces a seat plays with.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PieceKey {
    /// Jackal-headed pins.
    Jackal,
    /// Hound-headed pins.
    Hound,
    /// Cones.
    Cone,
    /// Spools.
    Spool,
}

impl From<PieceKind> for PieceView {
    fn from(k: PieceKind) -> PieceView {
        PieceView {
            kind: match k {
                PieceKind::Jackal => PieceKey::Jackal,
                PieceKind::Hound => PieceKey::Hound,
                PieceKind::Cone => PieceKey::Cone,
                PieceKind::Spool => PieceKey::Spool,
            },
            name: k.name(),
            plural: k.plural(),
        }
    }
}

/// Both seats' pieces.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
pub struct Pieces {
    /// Seat A's.
    #[serde(rename = "A")]
    pub a: PieceView,
    /// Seat B's.
    #[serde(rename = "B")]
    pub b: PieceView,
}

/// A pool off the board.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum PoolKey {
    /// Pieces waiting to enter.
    Hand,
    /// Pieces borne off.
    Off,
}

fn places(ps: &[Place]) -> Vec<String> {
    ps.iter().map(ToString::to_string).collect()
}

impl From<&PlaceFacts> for PlaceView {
    fn from(p: &PlaceFacts) -> PlaceView {
        PlaceView {
            place: p.place.to_string(),
            number: p.number,
            x: p.x,
            y: p.y,
            shared: p.shared,
            name: p.name.clone(),
        }
    }
}

impl From<&BoardFacts> for BoardView {
    fn from(b: &BoardFacts) -> BoardView {
        BoardView {
            rules: b.rule_set.key().to_owned(),
            family: match b.family {
                Family::Senet => FamilyKey::Senet,
                Family::HoundsAndJackals => FamilyKey::HoundsAndJackals,
            },
            places: b.places.iter().map(PlaceView::from).collect(),
            marks: b.marks.iter().map(MarkView::from).collect(),
            lines: b.lines.iter().map(LineView::from).collect(),
            paths: Paths {
                a: (&b.paths.0[0]).into(),
                b: (&b.paths.0[1]).into(),
            },
            pieces: Pieces {
                a: b.pieces.0[0].into(),
                b: b.pieces.0[1].into(),
            },
            pools: b
                .pools
                .iter()
                .map(|p| match p {
                    Pool::Hand => PoolKey::Hand,
                    Pool::Off => PoolKey::Off,
                })
                .collect(),
        }
    }
}

/// What kind of move a legal move is.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(rename_all = "snake_case")]
pub enum MoveKindKey {
    /// A piece comes onto the board from hand.
    Enter,
    /// A piece moves along the board.
    Step,
    /// A piece leaves the board for good.
    BearOff,
    /// A piece goes back to hand.
    ToHand,
    /// A piece in the House of Waters is given up, before any throw.
    GiveUp,
    /// The water turn's try for a 4.
    Throw,
    /// A bonus throw is taken (`hj.skiryuk`'s declinable bonus).
    BonusThrow,
    /// An opposing piece is chosen for capture (`hj.skiryuk`'s `capture_target=choice`).
    Capture,
    /// The throw is not used.
    Pass,
}

impl From<MoveKind> for MoveKindKey {
    fn from(k: MoveKind) -> MoveKindKey {
        match k {
            MoveKind::Enter { .. } => MoveKindKey::Enter,
            MoveKind::Step { .. } => MoveKindKey::Step,
            MoveKind::BearOff { .. } => MoveKindKey::BearOff,
            MoveKind::ToHand { .. } => MoveKindKey::ToHand,
            MoveKind::GiveUp { .. } => MoveKindKey::GiveUp,
            MoveKind::Throw => MoveKindKey::Throw,
            MoveKind::BonusThrow => MoveKindKey::BonusThrow,
            MoveKind::Capture { .. } => MoveKindKey::Capture,
            MoveKind::Pass => MoveKindKey::Pass,
        }
    }
}

/// Something a move does besides carrying its piece (the core's `Effect`), with its words.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[schema(as = Effect)]
pub enum EffectView {
    /// The count ended on `landing`, and the line there carried the piece on to `to`.
    Line {
        /// Where the count ended.
        landing: String,
        /// Where the line led (the move's end).
        to: String,
        /// Whether the line led back along the path.
        back: bool,
        /// In words.
        text: String,
    },
    /// The piece moves backwards: nothing could move forwards.
    Backward {
        /// In words.
        text: String,
    },
    /// The opponent's piece on the move's end takes the mover's start.
    Exchange {
        /// Whose piece.
        seat: SeatKey,
        /// Where it stood.
        from: String,
        /// Where it goes.
        to: String,
        /// In words.
        text: String,
    },
    /// The opponent's piece attacked on `from` goes to `to`.
    SentTo {
        /// Whose piece.
        seat: SeatKey,
        /// Where it stood.
        from: String,
        /// Where it goes.
        to: String,
        /// In words.
        text: String,
    },
    /// The opponent's piece on `from` is knocked off, back to hand.
    KnockedOff {
        /// Whose piece.
        seat: SeatKey,
        /// Where it stood.
        from: String,
        /// In words.
        text: String,
    },
    /// The opponent's piece on `from` (or in `hand`) is captured for good.
    Captured {
        /// Whose piece.
        seat: SeatKey,
        /// Where it was taken from.
        from: String,
        /// In words.
        text: String,
    },
    /// A piece of `seat` comes from hand onto `to` by itself (a load).
    Loaded {
        /// Whose piece.
        seat: SeatKey,
        /// Where it comes.
        to: String,
        /// In words.
        text: String,
    },
    /// The moved piece goes back to hand at once.
    BackToHand {
        /// In words.
        text: String,
    },
    /// The piece falls into the House of Waters, which ends the turn.
    IntoWaters {
        /// In words.
        text: String,
    },
    /// The player throws again.
    ThrowAgain {
        /// Why.
        cause: CauseView,
        /// In words.
        text: String,
    },
    /// The next turn is lost too.
    LosesNextTurn {
        /// In words.
        text: String,
    },
    /// The throw is lost.
    ThrowLost {
        /// Why.
        reason: PassReasonView,
        /// In words.
        text: String,
    },
}

/// Why a player throws again.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[schema(as = BonusCause)]
pub enum CauseView {
    /// The piece stopped on a mark that earns another throw.
    Mark {
        /// The place.
        place: String,
        /// The mark's kind.
        mark: MarkKindKey,
    },
    /// The throw's value earns another throw.
    Value {
        /// The throw.
        #[schema(minimum = 1, maximum = 5)]
        throw: u8,
    },
    /// The opening 1 was played.
    Opening,
    /// An orange landing earlier in this throw of two d4 earned it.
    Earned,
}

/// Why a throw is lost.
#[derive(Clone, Debug, PartialEq, Eq, Serialize, ToSchema)]
#[serde(tag = "kind", rename_all = "snake_case")]
#[schema(as = PassReason)]
pub enum PassReasonView {
    /// No piece can move by the throw.
    Blocked,
    /// Nothing is on the board, and only a 1 enters a piece.
    NeedsOne,
    /// The bonus throw is for one piece, which cannot use it.
    BonusUnusable {
        /// That piece's place.
        piece: String,
    },
    /// A knocked-off piece must come back first, and cannot.
    ReentryBlocked {
        /// The home hole the throw names, where that is the rule; else `null`.
        #[schema(required = true)]
        hole: Option<String>,
    },
    /// The try for a 4 failed.
    WaterTryFailed,
    /// A piece in 27 freezes the others; only a 4 frees it.
    Trapped,
    /// A move was possible; the player may pass, and does.
    Declined,
}

impl EffectView {
    /// The view of effect `e` of a move of `mover`'s, its words naming the seats with `names`
    /// and the places as the board shows them (the core's words).
    pub fn new(e: Effect, mover: Seat, names: &Names<'_>) -> EffectView {
        let text = e.words(mover, names);
        let s = |p: Place| p.to_string();
        match e {
            Effect::Line { landing, to, back } => EffectView::Line {
                landing: s(landing),
                to: s(to),
                back,
                text,
            },
            Effect::Backward => EffectView::Backward { text },
            Effect::Exchange { seat, from, to } => EffectView::Exchange {
                seat: seat.into(),
                from: s(from),
                to: s(to),
                text,
            },
            Effect::SentTo { seat, from, to } => EffectView::SentTo {
                seat: seat.into(),
                from: s(from),
                to: s(to),
                text,
            },
            Effect::KnockedOff { seat, from } => EffectView::KnockedOff {
                seat: seat.into(),
                from: s(from),
                text,
            },
            Effect::Captured { seat, from } => EffectView::Captured {
                seat: seat.into(),
                from: s(from),
                text,
            },
            Effect::Loaded { seat, to } => EffectView::Loaded {
                seat: seat.into(),
                to: s(to),
                text,
            },
            Effect::BackToHand => EffectView::BackToHand { text },
            Effect::IntoWaters => EffectView::IntoWaters { text },
            Effect::ThrowAgain { cause } => EffectView::ThrowAgain {
                cause: match cause {
                    BonusCause::Mark { place, kind } => CauseView::Mark {
                        place: s(place),
                        mark: kind.into(),
                    },
                    BonusCause::Value(t) => CauseView::Value { throw: t.value() },
                    BonusCause::Opening => CauseView::Opening,
                    BonusCause::Earned => CauseView::Earned,
                },
                text,
            },
            Effect::LosesNextTurn => EffectView::LosesNextTurn { text },
            Effect::ThrowLost { reason } => EffectView::ThrowLost {
                reason: match reason {
                    PassReason::Blocked => PassReasonView::Blocked,
                    PassReason::NeedsOne => PassReasonView::NeedsOne,
                    PassReason::BonusUnusable { piece } => {
                        PassReasonView::BonusUnusable { piece: s(piece) }
                    }
                    PassReason::ReentryBlocked { hole } => {
                        PassReasonView::ReentryBlocked { hole: hole.map(s) }
                    }
                    PassReason::WaterTryFailed => PassReasonView::WaterTryFailed,
                    PassReason::Trapped => PassReasonView::Trapped,
                    PassReason::Declined => PassReasonView::Declined,
                },
                text,
            },
        }
    }
}
