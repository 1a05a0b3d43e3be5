//! `hj.walker`: Dogs & Jackals, Damian Walker after Jack Botermans (seed 001, SPEC §5), with the
//! Variation as the option `hj.walker.variation=true`.
//!
//! Positions are kept per seat as bits of *circuit path indices* (§2.5): index `i` ≤ 29 is the
//! seat's own hole `Xi`, 30 is the shared hole `S`, `i` ≥ 31 the opponent's hole `Y(60−i)`. The
//! basic game uses indices 1..=30 only. The opponent's index of a physical hole is `60 − i`, so
//! its pieces seen from this seat are its bits mirrored around 30.

use rand::Rng;

use super::board::{self, Follow, LineRules, SHARED, circuit_place, mirror};
use super::french::side;
use crate::game::{
    Chance, ChanceList, Game, Move, MoveList, Outcome, Place, Seat, SeatLayout, Status,
    seat_outcomes, throw_outcomes,
};
use crate::options::{Common, OptionError, OptionSpec, Options, common_specs, fixed_first_player};
use crate::rules::{RuleInfo, RuleSetId};
use crate::sticks::Throw;

const KEY: &str = "hj.walker";
/// Pegs per player (001: "of which each player has five").
pub const PIECES: u8 = 5;
/// The bear-off throw (001§13, WB-7).
const BEAR_OFF: u8 = 5;
/// The last index of the variation's circuit: the opponent's hole 1 (001§16, WB-14).
const CIRCUIT_END: u8 = 59;

/// Name, source and rules in plain words.
pub const INFO: RuleInfo = RuleInfo {
    key: KEY,
    title: "Dogs & Jackals, Damian Walker after Jack Botermans",
    source: "seed 001 (Walker, after Botermans, rules 1-17); SPEC §2, §5, defaults WB-1..WB-17",
    rules: "\
Board: 58 holes, 29 on each side, and the shared point 30 at the top. Seat A plays side L, seat B side R. Holes 6 and 20, and 8 and 10, are joined by lines; 10, 15, 20 and 25 are blocking points.
Pieces: five pegs each, all in hand at the start. Who throws first is drawn at random.
Sticks: four two-sided sticks; the score is the number of marked sides up, 1-4, or 5 when all are blank.
A turn: throw; a throw that can be used must be used, otherwise it is lost.
Entering: with a 1 a piece may enter on your hole 1 if it is empty; then you throw again.
Moving: any throw moves a piece forward along your side 1-29 to point 30. No piece may land on an occupied hole, except point 30, which holds any number. A piece on a blocking point (10, 15, 20, 25) may not be passed; other pieces may be jumped.
Lines: a piece that lands on 6, 20, 8 or 10 goes along the line to the other end (forwards or backwards) if that hole is empty.
Bearing off: a piece on point 30 is borne off with an exact 5, once all five of your pieces have entered. No piece moves past point 30.
Winning: the first to bear off all five pieces wins.
Variation (hj.walker.variation=true): pieces do not stop at 30 but go on round the opponent's side, from his 29 down to his hole 1, and bear off from there with an exact 5. Any piece on a blocking point of either side blocks everybody; lines work on both sides. If all pieces are jammed so that none can ever move, the game is drawn.",
};

/// Options of `hj.walker` (SPEC §10).
pub fn option_specs() -> Vec<OptionSpec> {
    let mut v = common_specs(KEY, &["random", "p1", "p2"]);
    let spec = |name: String,
                values: &'static [&'static str],
                implemented: &'static [&'static str],
                clause,
                help| OptionSpec {
        name,
        values,
        implemented,
        clause,
        help,
    };
    v.extend([
        spec(
            "hj.lines".into(),
            &["both", "forward_only", "backward_only"],
            &["both", "forward_only", "backward_only"],
            "WB-2",
            "directions of the lines 6↔20 and 8↔10",
        ),
        spec(
            format!("{KEY}.null_line_move"),
            &["illegal", "allowed_as_pass"],
            &["illegal", "allowed_as_pass"],
            "C-5",
            "a move ending where it started",
        ),
        spec(
            format!("{KEY}.blocked_line"),
            &["stay", "illegal"],
            &["stay", "illegal"],
            "C-6, WB-8",
            "a line whose far end is taken",
        ),
        spec(
            format!("{KEY}.variation"),
            &["false", "true"],
            &["false", "true"],
            "001§16-17",
            "the circuit variation",
        ),
        spec(
            format!("{KEY}.shared_30"),
            &["unlimited", "single"],
            &["unlimited", "single"],
            "WB-3",
            "capacity of point 30",
        ),
        spec(
            format!("{KEY}.block_lines"),
            &["false", "true"],
            &["false", "true"],
            "WB-4",
            "blocking points stop line jumps",
        ),
        spec(
            format!("{KEY}.bear_off"),
            &["five", "five_or_one", "any"],
            &["five", "five_or_one", "any"],
            "WB-7",
            "throws that bear off",
        ),
        spec(
            format!("{KEY}.v_block"),
            &["all", "owner_only", "none"],
            &["all", "owner_only", "none"],
            "WB-11",
            "variation: whose pieces on blocking points block",
        ),
        spec(
            format!("{KEY}.v_bear_off_gate"),
            &["all_entered", "none"],
            &["all_entered", "none"],
            "WB-17",
            "variation: bearing off needs every piece entered",
        ),
    ]);
    v
}

#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum Phase {
    /// The first thrower is drawn (001§3).
    ChooseFirst,
    /// The seat to move throws.
    Throw,
    /// The seat to move uses this throw.
    Move(Throw),
    /// Over.
    Over(Outcome),
}

/// A `hj.walker` position.
#[derive(Clone, Debug, PartialEq, Eq, Hash)]
pub struct State {
    /// Circuit indices of each seat's pieces, except those on `S` (bit i = index i).
    bits: [u64; 2],
    /// Pieces on the shared hole `S`.
    shared: [u8; 2],
    hand: [u8; 2],
    off: [u8; 2],
    to_move: Seat,
    phase: Phase,
    turns: u32,
    variation: bool,
    /// WB-2, C-5, C-6.
    lines: LineRules,
    /// WB-3 `shared_30=single`: point 30 holds one piece of either seat.
    shared_single: bool,
    /// WB-4 `block_lines=true`: a line jump may not pass a blocking point that holds a blocker.
    block_lines: bool,
    /// WB-7: the throws that bear off, as bits (bit t for throw t).
    bear_off: u8,
    /// WB-11: whose pieces on blocking points block, in the variation.
    v_block: VBlock,
    /// WB-17 `v_bear_off_gate=none`: in the variation a piece bears off with pieces in hand.
    v_gate_open: bool,
    common: Common,
}

/// WB-11: whose pieces on blocking points block passage in the variation.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
enum VBlock {
    /// Any piece, of either seat (the default).
    All,
    /// Only the mover's own pieces: `v_block` answers "whose pieces on blocking points block"
    /// (its help line), so `owner_only` reads as "a piece blocks its owner's pieces only".
    OwnerOnly,
    /// No piece blocks.
    None,
}

/// The start position with `options`.
///
/// # Errors
/// Options not valid for `hj.walker`.
pub fn new(options: &Options) -> Result<State, OptionError> {
    let specs = option_specs();
    options.validate(KEY, &specs)?;
    // C-9: a first thrower fixed by option is not drawn, so the game starts with his throw.
    let first = fixed_first_player(KEY, options);
    let value = |name: &str| options.value(&specs, &format!("{KEY}.{name}"));
    Ok(State {
        bits: [0, 0],
        shared: [0, 0],
        hand: [PIECES, PIECES],
        off: [0, 0],
        to_move: first.unwrap_or(Seat::A),
        phase: if first.is_some() {
            Phase::Throw
        } else {
            Phase::ChooseFirst
        },
        turns: u32::from(first.is_some()),
        variation: value("variation") == "true",
        lines: LineRules::read(KEY, options, &specs),
        shared_single: value("shared_30") == "single",
        block_lines: value("block_lines") == "true",
        bear_off: match value("bear_off") {
            "five_or_one" => 1 << BEAR_OFF | 1 << 1,
            "any" => 0b11_1110,
            _ => 1 << BEAR_OFF,
        },
        v_block: match value("v_block") {
            "owner_only" => VBlock::OwnerOnly,
            "none" => VBlock::None,
            _ => VBlock::All,
        },
        v_gate_open: value("v_bear_off_gate") == "none",
        common: Common::read(KEY, options),
    })
}

impl Default for State {
    fn default() -> Self {
        new(&Options::new()).expect("defaults are valid")
    }
}

/// Indices of the blocking points 10, 15, 20, 25 on the seat's own side (001§8).
const OWN_BLOCKERS: u64 = 1 << 10 | 1 << 15 | 1 << 20 | 1 << 25;
/// The same physical holes on the opponent's side, as the traveller's indices 60 − n.
const FAR_BLOCKERS: u64 = 1 << 50 | 1 << 45 | 1 << 40 | 1 << 35;

/// The index at the other end of a line from index `l` (§2.5: physical lines on both sides).
#[inline]
fn line_partner(l: u8) -> Option<u8> {
    match l {
        1..=29 => board::line_partner(l),
        31..=59 => board::line_partner(60 - l).map(|m| 60 - m),
        _ => None,
    }
}

/// Bits strictly between `a` and `b` (a < b).
#[inline]
const fn strictly_between(a: u8, b: u8) -> u64 {
    ((1u64 << b) - 1) & !((1u64 << (a + 1)) - 1)
}

impl State {
    /// A position about to throw, from circuit indices of each seat's pieces (30 = `S`, any
    /// number there) and their pools.
    ///
    /// # Panics
    /// If an index is outside the path, two pieces share a hole other than `S`, or a seat does
    /// not have five pieces in all.
    pub fn from_indices(
        a: &[u8],
        b: &[u8],
        hand: [u8; 2],
        off: [u8; 2],
        to_move: Seat,
        variation: bool,
    ) -> State {
        let mut s = State {
            variation,
            ..State::default()
        };
        let end = if variation { CIRCUIT_END } else { SHARED };
        for (i, v) in [a, b].into_iter().enumerate() {
            for &n in v {
                assert!((1..=end).contains(&n), "index {n}");
                if n == SHARED {
                    s.shared[i] += 1;
                } else {
                    assert_eq!(s.bits[i] >> n & 1, 0, "index {n} twice");
                    s.bits[i] |= 1 << n;
                }
            }
            assert_eq!(v.len() as u8 + hand[i] + off[i], PIECES);
        }
        assert_eq!(s.bits[0] & mirror(s.bits[1]), 0, "the seats share a hole");
        s.hand = hand;
        s.off = off;
        s.to_move = to_move;
        s.phase = Phase::Throw;
        s.turns = 1;
        s
    }

    /// The same position under `options` (for building test and analysis positions). The
    /// variation stays as the position was built.
    ///
    /// # Errors
    /// Options not valid for `hj.walker`.
    pub fn with_options(self, options: &Options) -> Result<State, OptionError> {
        let rules = new(options)?;
        Ok(State {
            lines: rules.lines,
            shared_single: rules.shared_single,
            block_lines: rules.block_lines,
            bear_off: rules.bear_off,
            v_block: rules.v_block,
            v_gate_open: rules.v_gate_open,
            common: rules.common,
            ..self
        })
    }

    /// Whether the basic race is the one SPEC's defaults define (no variation, lines both
    /// ways, C-5/C-6, WB-3, WB-4 and WB-7 at their defaults): what exact race tables model.
    pub fn standard_race(&self) -> bool {
        !self.variation
            && self.lines == LineRules::DEFAULT
            && !self.shared_single
            && !self.block_lines
            && self.bear_off == 1 << BEAR_OFF
    }

    /// The places of `seat`'s pieces on the board (hand and off not included).
    pub fn places_of(&self, seat: Seat) -> Vec<Place> {
        let i = seat.index();
        let mut v: Vec<Place> = (1..=CIRCUIT_END)
            .filter(|&n| self.bits[i] >> n & 1 == 1)
            .map(|n| circuit_place(side(seat), n))
            .collect();
        v.extend(core::iter::repeat_n(
            Place::Shared,
            usize::from(self.shared[i]),
        ));
        v
    }

    /// The circuit indices of `seat`'s pieces (30 once per piece on `S`).
    pub fn indices_of(&self, seat: Seat) -> Vec<u8> {
        let i = seat.index();
        let mut v: Vec<u8> = (1..=CIRCUIT_END)
            .filter(|&n| self.bits[i] >> n & 1 == 1)
            .collect();
        v.extend(core::iter::repeat_n(SHARED, usize::from(self.shared[i])));
        v.sort_unstable();
        v
    }

    /// Pieces of `seat` in hand.
    pub fn in_hand(&self, seat: Seat) -> u8 {
        self.hand[seat.index()]
    }

    /// Pieces of `seat` borne off.
    pub fn borne_off(&self, seat: Seat) -> u8 {
        self.off[seat.index()]
    }

    /// Whether this game plays the Variation.
    pub fn variation(&self) -> bool {
        self.variation
    }

    /// The common options (SPEC §1.3): the exact race tables assume fair sticks and compulsory
    /// moves.
    pub fn common(&self) -> &Common {
        &self.common
    }

    /// The seat to move.
    pub fn to_move(&self) -> Seat {
        self.to_move
    }

    /// Legal moves (without `pass`) of `seat` for throw `t`.
    fn moves_of(&self, seat: Seat, t: u8, out: &mut MoveList) {
        self.generate(seat, t, out);
    }

    /// Appends the legal moves (without `pass`) of `seat` for throw `t`, and says whether a
    /// move whose line leads back to its start exists (C-5).
    fn generate(&self, seat: Seat, t: u8, out: &mut MoveList) -> bool {
        let me = seat.index();
        let own = self.bits[me];
        let home = side(seat);
        let place = |i: u8| circuit_place(home, i);
        // What a landing must avoid (001§9) and what blocks passage (001§8, WB-11).
        let (taken, blockers, end) = if self.variation {
            let both = own | mirror(self.bits[1 - me]);
            let on_points = match self.v_block {
                VBlock::All => both,
                VBlock::OwnerOnly => own,
                VBlock::None => 0,
            };
            (both, on_points & (OWN_BLOCKERS | FAR_BLOCKERS), CIRCUIT_END)
        } else {
            (own, own & OWN_BLOCKERS, SHARED)
        };
        // WB-3: point 30 holds any number, or one piece of either seat under `single`.
        let shared_open = !self.shared_single || self.shared == [0, 0];
        // 001§6, WB-12: enter with a 1 on an empty hole 1 (in the variation an opponent piece
        // waiting there to bear off keeps it taken).
        if t == 1 && self.hand[me] > 0 && taken & 2 == 0 {
            out.push(Move::Go {
                from: Place::Hand,
                to: place(1),
            });
        }
        let mut null = false;
        let mut step = |p: u8, out: &mut MoveList| {
            let l = p + t;
            if l > end {
                return; // 001§11, WB-14.
            }
            if blockers & strictly_between(p, l) != 0 {
                return; // 001§8.
            }
            if l == SHARED {
                // Point 30 (WB-3, WB-13).
                if shared_open {
                    out.push(Move::Go {
                        from: place(p),
                        to: Place::Shared,
                    });
                }
                return;
            }
            if taken >> l & 1 == 1 {
                return; // 001§9.
            }
            // 001§10: along the line if its far end is free (the mover's start counts as free,
            // C-5), else stay (WB-8, C-6); one line per move (WB-10); blocking points stop
            // lines only under WB-4 `block_lines=true`, where such a line counts as one whose
            // far end cannot be reached (so C-6 decides: stay, or illegal).
            let enterable = |d: u8| {
                taken >> d & 1 == 0
                    && !(self.block_lines && blockers & strictly_between(d.min(l), d.max(l)) != 0)
            };
            match self.lines.follow(p, l, line_partner(l), enterable) {
                Follow::Stop(f) => out.push(Move::Go {
                    from: place(p),
                    to: place(f),
                }),
                Follow::Null => null = true,
                Follow::Illegal => {}
            }
        };
        let mut b = own;
        while b != 0 {
            let p = b.trailing_zeros() as u8;
            b &= b - 1;
            step(p, out);
        }
        let bears_off = self.bear_off >> t & 1 == 1;
        let all_in = self.hand[me] == 0;
        if self.shared[me] > 0 {
            if self.variation {
                step(SHARED, out);
            } else if bears_off && all_in {
                // 001§13–14, WB-7.
                out.push(Move::Go {
                    from: Place::Shared,
                    to: Place::Off,
                });
            }
        }
        // Variation: bear off from the opponent's hole 1 (001§16, WB-14) "as per rule 13", so
        // with the WB-7 throws; WB-17 `none` drops the need to have entered every piece.
        if self.variation
            && bears_off
            && (all_in || self.v_gate_open)
            && own >> CIRCUIT_END & 1 == 1
        {
            out.push(Move::Go {
                from: place(CIRCUIT_END),
                to: Place::Off,
            });
        }
        null
    }

    /// C-8: neither seat has a legal move for any throw value.
    fn jammed(&self) -> bool {
        board::jammed(|s, t, out| self.moves_of(s, t, out))
    }

    fn end_turn(&mut self) {
        self.to_move = self.to_move.other();
        self.turns += 1;
        self.phase = if self.common.capped(self.turns) {
            Phase::Over(Outcome::Draw)
        } else {
            Phase::Throw
        };
    }

    fn index_of(&self, p: Place) -> u8 {
        board::circuit_index(side(self.to_move), p).expect("a board place")
    }
}

impl Game for State {
    fn rule_set(&self) -> RuleSetId {
        RuleSetId::HjWalker
    }

    fn status(&self) -> Status {
        match self.phase {
            Phase::ChooseFirst => Status::Chance { seat: None },
            Phase::Throw => Status::Chance {
                seat: Some(self.to_move),
            },
            Phase::Move(t) => Status::Decide {
                seat: self.to_move,
                throw: Some(t),
            },
            Phase::Over(o) => Status::Over(o),
        }
    }

    fn chance_outcomes(&self) -> ChanceList {
        match self.phase {
            Phase::ChooseFirst => seat_outcomes(),
            Phase::Throw => throw_outcomes(self.common.bias.law()),
            _ => ChanceList::new(),
        }
    }

    fn legal_moves(&self, out: &mut MoveList) {
        out.clear();
        if let Phase::Move(t) = self.phase {
            let null = self.generate(self.to_move, t.value(), out);
            // C-5 `allowed_as_pass`: the null move may be chosen; it changes nothing, so it is
            // a pass.
            if out.is_empty() || (null && self.lines.null_as_pass) {
                out.push(Move::Pass);
            }
            self.common.offer_pass(out);
        }
    }

    fn play_chance_unchecked(&mut self, c: Chance) {
        match c {
            Chance::Seat(s) => {
                self.to_move = s;
                self.turns = 1;
                self.phase = Phase::Throw;
            }
            Chance::Throw(t) => self.phase = Phase::Move(t),
        }
    }

    fn play_unchecked(&mut self, m: Move) {
        let me = self.to_move.index();
        let mut again = false;
        if let Move::Go { from, to } = m {
            match from {
                Place::Hand => {
                    self.hand[me] -= 1;
                    again = true; // 001§6: throw again after entering.
                }
                Place::Shared => self.shared[me] -= 1,
                _ => self.bits[me] &= !(1u64 << self.index_of(from)),
            }
            match to {
                Place::Off => {
                    self.off[me] += 1;
                    if self.off[me] == PIECES {
                        self.phase = Phase::Over(Outcome::Win(self.to_move));
                        return;
                    }
                }
                Place::Shared => self.shared[me] += 1,
                _ => self.bits[me] |= 1u64 << self.index_of(to),
            }
        }
        if again {
            self.phase = Phase::Throw;
        } else {
            self.end_turn();
        }
        // C-8, checked after every decision (001§17 in the variation; a safety net otherwise).
        if !matches!(self.phase, Phase::Over(_)) && self.jammed() {
            self.phase = Phase::Over(Outcome::Draw);
        }
    }

    fn sample_chance<R: Rng + ?Sized>(&self, rng: &mut R) -> Chance {
        match self.phase {
            Phase::ChooseFirst => Chance::Seat(crate::game::draw_seat(rng)),
            _ => Chance::Throw(self.common.bias.throw(rng).score()),
        }
    }

    fn turns(&self) -> u32 {
        self.turns
    }

    fn layout(&self) -> [SeatLayout; 2] {
        Seat::BOTH.map(|seat| SeatLayout {
            board: self.places_of(seat),
            hand: self.in_hand(seat),
            off: self.borne_off(seat),
            trophies: 0,
        })
    }

    fn board_text(&self) -> String {
        let mut pieces = Vec::new();
        for seat in Seat::BOTH {
            for p in self.places_of(seat) {
                pieces.push((p, seat));
            }
        }
        let legend = format!(
            "* = blocking point (10, 15, 20, 25){}; in hand A {} B {}; off A {} B {}",
            if self.variation {
                "; variation: round the far side, off from its hole 1"
            } else {
                ""
            },
            self.hand[0],
            self.hand[1],
            self.off[0],
            self.off[1]
        );
        board::render(&pieces, &[15, 25], &legend)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn far_lines_are_mirrored() {
        // The opponent's 20 (index 40) leads forward to his 6 (index 54).
        assert_eq!(line_partner(40), Some(54));
        assert_eq!(line_partner(50), Some(52));
        assert_eq!(line_partner(30), None);
    }
}
