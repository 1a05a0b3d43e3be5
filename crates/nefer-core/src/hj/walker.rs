//! `hj.walker`: Dogs & Jackals, Damian Walker after Jack Botermans (seed 001, SPEC §5), with the
//! Variation as the option `hj.walker.variation=true`.
//!
//! Positions are kept per seat as bits of *circuit path indices* (§2.5): index `i` ≤ 29 is the
//! seat's own hole `Xi`, 30 is the shared hole `S`, `i` ≥ 31 the opponent's hole `Y(60−i)`. The
//! basic game uses indices 1..=30 only. The opponent's index of a physical hole is `60 − i`, so
//! its pieces seen from this seat are its bits mirrored around 30.

use super::board::{
    self, CIRCUIT_END, Follow, LineRules, SHARED, circuit_place, line_partner, mirror, side,
};
use crate::game::{ByPlayer, Move, MoveList, Outcome, Place, Seat, SeatLayout};
use crate::options::{FirstPlayer, OptionSpec, Registry, config, option_values};
use crate::rules::RuleInfo;
use crate::skeleton::{Clock, Phase, Rules, rule_set, seat_counts, state};

rule_set!(
    HjWalker; turns: shared, moves: generate, board: hj(&[15, 25], ["in hand", "off", ""])
);

/// Pegs per player (001: "of which each player has five").
pub const PIECES: u8 = 5;

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
    Registry::new(KEY, FirstPlayer::VALUES)
        .with(LineRules::specs(
            KEY,
            &["both", "forward_only", "backward_only"],
            ("WB-2", "directions of the lines 6↔20 and 8↔10"),
            ("C-6, WB-8", "a line whose far end is taken"),
        ))
        .own(
            "variation",
            &["false", "true"],
            "001§16-17",
            "the circuit variation",
        )
        .own(
            "shared_30",
            Shared30::VALUES,
            "WB-3",
            "capacity of point 30",
        )
        .own(
            "block_lines",
            &["false", "true"],
            "WB-4",
            "blocking points stop line jumps",
        )
        .own("bear_off", BearOff::VALUES, "WB-7", "throws that bear off")
        .own(
            "v_block",
            VBlock::VALUES,
            "WB-11",
            "variation: whose pieces on blocking points block",
        )
        .own(
            "v_bear_off_gate",
            VBearOffGate::VALUES,
            "WB-17",
            "variation: bearing off needs every piece entered",
        )
        .done()
}

option_values! {
    /// WB-3: the capacity of point 30.
    pub enum Shared30 {
        /// Any number of pieces of both seats.
        Unlimited = "unlimited",
        /// One piece, of either seat.
        Single = "single",
    }
}

option_values! {
    /// WB-7: the throws that bear off (the discriminant has bit `t` for each).
    #[repr(u8)]
    pub enum BearOff {
        /// A 5 (001§13).
        Five = "five" => 1 << 5,
        /// A 5 or a 1.
        FiveOrOne = "five_or_one" => 1 << 5 | 1 << 1,
        /// Any throw.
        Any = "any" => 0b11_1110,
    }
}

impl BearOff {
    /// Whether throw `t` (1..=5) bears off.
    #[inline]
    pub const fn by(self, t: u8) -> bool {
        self as u8 >> t & 1 == 1
    }
}

option_values! {
    /// WB-11: whose pieces on blocking points block passage in the variation.
    pub enum VBlock {
        /// Any piece, of either seat (the default).
        All = "all",
        /// Only the mover's own pieces: `v_block` answers "whose pieces on blocking points
        /// block" (its help line), so `owner_only` reads as "a piece blocks its owner's pieces
        /// only".
        OwnerOnly = "owner_only",
        /// No piece blocks.
        Nobody = "none",
    }
}

option_values! {
    /// WB-17: what bearing off needs in the variation.
    pub enum VBearOffGate {
        /// Every piece entered (001§13 "as per rule 13").
        AllEntered = "all_entered",
        /// Nothing: a piece bears off with pieces in hand.
        Open = "none",
    }
}

config! {
    /// The rules of a `hj.walker` game, read once from its options: they never change
    /// during the game.
    pub struct Config {
        /// C-9: who throws first (not drawn when fixed).
        first_player: FirstPlayer,
        /// WB-2, C-5, C-6.
        lines: LineRules,
        /// 001§16–17: the circuit variation.
        variation: bool,
        /// WB-3.
        shared_30: Shared30,
        /// WB-4: a line jump may not pass a blocking point that holds a blocker.
        block_lines: bool,
        /// WB-7.
        bear_off: BearOff,
        /// WB-11.
        v_block: VBlock,
        /// WB-17.
        v_bear_off_gate: VBearOffGate,
    }
}

state! {
    /// A `hj.walker` position, with the game's [`Config`].
    pub struct State {
        /// Circuit indices of each seat's pieces, except those on `S` (bit i = index i).
        bits: ByPlayer<u64>,
        /// Pieces on the shared hole `S`.
        shared: ByPlayer<u8>,
        hand: ByPlayer<u8>,
        off: ByPlayer<u8>,
    }
}

/// Indices of the blocking points 10, 15, 20, 25 on the seat's own side (001§8).
pub(crate) const OWN_BLOCKERS: u64 = 1 << 10 | 1 << 15 | 1 << 20 | 1 << 25;
/// The same physical holes on the opponent's side, as the traveller's indices 60 − n.
const FAR_BLOCKERS: u64 = 1 << 50 | 1 << 45 | 1 << 40 | 1 << 35;

/// Bits strictly between `a` and `b` (a < b).
#[inline]
const fn strictly_between(a: u8, b: u8) -> u64 {
    ((1u64 << b) - 1) & !((1u64 << (a + 1)) - 1)
}

seat_counts! {
    /// Pieces of `seat` on the shared hole `S`.
    in_shared => shared,
    /// Pieces of `seat` in hand.
    in_hand => hand,
    /// Pieces of `seat` borne off.
    borne_off => off,
}

impl State {
    /// The start position under `cfg`: every peg in hand, the first thrower drawn or fixed (C-9).
    pub fn start(cfg: Config) -> State {
        // C-9: a first thrower fixed by option is not drawn, so the game starts with his throw.
        let first = cfg.first_player.fixed();
        State {
            bits: ByPlayer::both(0),
            shared: ByPlayer::both(0),
            hand: ByPlayer::both(PIECES),
            off: ByPlayer::both(0),
            clock: Clock::new(first.unwrap_or(Seat::A), u32::from(first.is_some())),
            phase: if first.is_some() {
                Phase::Throw
            } else {
                Phase::ChooseFirst
            },
            cfg,
        }
    }

    /// Whether the basic race is the one SPEC's defaults define (no variation, lines both
    /// ways, C-5/C-6, WB-3, WB-4 and WB-7 at their defaults): what exact race tables model.
    pub fn standard_race(&self) -> bool {
        let c = &self.cfg;
        !c.variation
            && c.lines == LineRules::DEFAULT
            && c.shared_30 == Shared30::Unlimited
            && !c.block_lines
            && c.bear_off == BearOff::Five
    }

    /// The places of `seat`'s pieces on the board (hand and off not included).
    pub fn places_of(&self, seat: Seat) -> Vec<Place> {
        let mut v: Vec<Place> = crate::game::ones(self.bits[seat])
            .map(|n| circuit_place(side(seat), n))
            .collect();
        v.extend(core::iter::repeat_n(
            Place::Shared,
            usize::from(self.shared[seat]),
        ));
        v
    }

    /// The circuit indices of `seat`'s pieces (30 once per piece on `S`).
    pub fn indices_of(&self, seat: Seat) -> Vec<u8> {
        let mut v: Vec<u8> = crate::game::ones(self.bits[seat]).collect();
        v.extend(core::iter::repeat_n(SHARED, usize::from(self.shared[seat])));
        v.sort_unstable();
        v
    }

    /// `seat`'s pieces on the board but `S`, as bits of its circuit indices (bit `i` for index
    /// `i`): what an evaluation reads without building a list.
    pub fn bits_of(&self, seat: Seat) -> u64 {
        self.bits[seat]
    }

    /// Whether this game plays the Variation.
    pub fn variation(&self) -> bool {
        self.cfg.variation
    }

    /// The text board's legend, before the counts (see `rule_set!`'s `board: hj`).
    fn legend(&self) -> String {
        format!(
            "* = blocking point (10, 15, 20, 25){}",
            if self.cfg.variation {
                "; variation: round the far side, off from its hole 1"
            } else {
                ""
            }
        )
    }

    /// Where `seat`'s pieces are (see [`Game::layout`](crate::Game::layout)).
    fn seat_layout(&self, seat: Seat) -> SeatLayout {
        SeatLayout {
            board: self.places_of(seat),
            hand: self.hand[seat],
            off: self.off[seat],
            trophies: 0,
        }
    }

    /// Appends the legal moves (without `pass`) of `seat` for throw `t`, and says whether a
    /// move whose line leads back to its start exists (C-5).
    fn generate(&self, seat: Seat, t: u8, out: &mut MoveList) -> bool {
        let cfg = &self.cfg;
        let own = self.bits[seat];
        let home = side(seat);
        let place = |i: u8| circuit_place(home, i);
        // What a landing must avoid (001§9) and what blocks passage (001§8, WB-11).
        let (taken, blockers, end) = if cfg.variation {
            let both = own | mirror(self.bits[seat.other()]);
            let on_points = match cfg.v_block {
                VBlock::All => both,
                VBlock::OwnerOnly => own,
                VBlock::Nobody => 0,
            };
            (both, on_points & (OWN_BLOCKERS | FAR_BLOCKERS), CIRCUIT_END)
        } else {
            (own, own & OWN_BLOCKERS, SHARED)
        };
        // WB-3: point 30 holds any number, or one piece of either seat under `single`.
        let shared_open = cfg.shared_30 == Shared30::Unlimited || self.shared == ByPlayer::both(0);
        // 001§6, WB-12: enter with a 1 on an empty hole 1 (in the variation an opponent piece
        // waiting there to bear off keeps it taken).
        if t == 1 && self.hand[seat] > 0 && taken & 2 == 0 {
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
            // far end cannot be reached (so C-6 decides: stay, or illegal). The moving piece
            // has left its start, so it never blocks its own line.
            let enterable = |d: u8| {
                taken >> d & 1 == 0
                    && !(cfg.block_lines
                        && blockers & !(1u64 << p) & strictly_between(d.min(l), d.max(l)) != 0)
            };
            match cfg.lines.follow(p, l, line_partner(l), enterable) {
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
        let bears_off = cfg.bear_off.by(t);
        let all_in = self.hand[seat] == 0;
        if self.shared[seat] > 0 {
            if cfg.variation {
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
        if cfg.variation
            && bears_off
            && (all_in || cfg.v_bear_off_gate == VBearOffGate::Open)
            && own >> CIRCUIT_END & 1 == 1
        {
            out.push(Move::Go {
                from: place(CIRCUIT_END),
                to: Place::Off,
            });
        }
        null
    }

    fn end_turn(&mut self) {
        self.phase = Phase::next_turn(&mut self.clock, &self.cfg.common);
    }
}

impl Rules for State {
    fn play_unchecked(&mut self, m: Move) {
        let me = self.clock.to_move;
        let mut again = false;
        if let Move::Go { from, to } = m {
            match from {
                Place::Hand => {
                    self.hand[me] -= 1;
                    again = true; // 001§6: throw again after entering.
                }
                Place::Shared => self.shared[me] -= 1,
                _ => self.bits[me] &= !(1u64 << board::circuit_index_of(me, from)),
            }
            match to {
                Place::Off => {
                    self.off[me] += 1;
                    if self.off[me] == PIECES {
                        self.phase = Phase::Over(Outcome::Win(me));
                        return;
                    }
                }
                Place::Shared => self.shared[me] += 1,
                _ => self.bits[me] |= 1u64 << board::circuit_index_of(me, to),
            }
        }
        if again {
            self.phase = Phase::Throw;
        } else {
            self.end_turn();
        }
        // C-8, checked after every decision (001§17 in the variation; a safety net otherwise).
        self.draw_if_jammed();
    }
}
