//! `hj.washburne`: Hounds & Jackals after Donna Washburne (seed 000, second rule set; SPEC §4),
//! on the reconstructed board of §4.1: each player starts on his home holes 1–5, runs the circuit
//! (own side up, `S`, the opponent's side down) and wins by filling the opponent's home box.
//!
//! Pieces are bits of circuit indices per seat, as in `hj.walker`'s Variation: index `i` ≤ 29 is
//! the seat's own hole, 30 is `S` (single occupancy here, WA-13), `i` ≥ 31 the opponent's hole
//! `60 − i`; the opponent's pieces seen from this seat are its bits mirrored around 30.

use super::board::{
    self, CIRCUIT_END, Follow, LineRules, SHARED, circuit_place, line_partner, mirror, side,
};
use crate::game::{ByPlayer, Move, MoveList, Outcome, Place, Seat, SeatLayout};
use crate::options::{OptionSpec, Registry, config, option_values};
use crate::rules::RuleInfo;
use crate::skeleton::{Board, Clock, Phase, Rules, rule_set, state};

rule_set!(HjWashburne; turns: shared, moves: generate);

/// Pieces per player (000-WA§8).
pub const PIECES: u8 = 5;
/// The last index of the circuit: the opponent's hole 1 (WA-14).
const END: u8 = CIRCUIT_END;
/// Home box: own holes 1..5 (WA-1).
pub(crate) const HOME: u64 = 0b11_1110;
/// Goal: the opponent's home box, indices 55..59 (WA-2).
pub(crate) const GOAL: u64 = 0b11111 << 55;
/// Safe holes: both home boxes and the ankh holes 15 and 25 of each side (WA-4, 000-WA§13).
pub(crate) const SAFE: u64 = HOME | GOAL | 1 << 15 | 1 << 25 | 1 << 45 | 1 << 35;
/// Orange holes: every fifth hole of each side (000-WA§5); landing there re-throws (WA-3).
pub(crate) const ORANGE: u64 = 1 << 5
    | 1 << 10
    | 1 << 15
    | 1 << 20
    | 1 << 25
    | 1 << 55
    | 1 << 50
    | 1 << 45
    | 1 << 40
    | 1 << 35;

/// Name, source and rules in plain words.
pub const INFO: RuleInfo = RuleInfo {
    key: KEY,
    title: "Hounds & Jackals, Donna Washburne (reconstructed board)",
    source: "seed 000, second rule set (Washburne, rules 1-17); SPEC §2, §4, defaults WA-1..WA-21. The board is a reconstruction: the original diagram is lost",
    rules: "\
Board: 58 holes, 29 on each side, and the big hole S (30) at the top. Seat A (Red, first to move) owns side L, seat B (Blue) side R. Holes 1-5 of each side are its owner's home box.
Pieces: five each, starting on the home holes 1-5.
Path: up your own side 1-29, through S, then down the opponent's side from 29 to 1. The goal is the opponent's home box (his holes 1-5).
Sticks: four two-sided sticks; the score is the number of flat sides up, 1-4, or 5 when all are rounded.
A turn: throw and move one piece forward by the score (a throw that cannot be used is lost). Pieces may jump over any pieces. Nothing moves past the opponent's hole 1.
Lines: 6 and 20, and 8 and 10, are joined on both sides: a piece landing on one end goes on to the other (forwards or backwards) if it could stop there.
Landing: on an empty hole, or on an opponent's piece that is not on a safe hole, which is knocked off the board. Never on your own piece. Safe holes: both home boxes and holes 15 and 25 of each side.
Orange holes (5, 10, 15, 20, 25 of each side): stopping on one gives another throw.
Knocked-off pieces: while you have one, your turn is a single throw to bring one back: a throw of k puts it on your home hole k if that hole is empty; otherwise nothing happens. Nothing else moves.
Winning: fill the opponent's home box with your five pieces. You lose at once if you have a piece knocked off while all five of your home holes are occupied.",
};

/// Options of `hj.washburne` (SPEC §10).
pub fn option_specs() -> Vec<OptionSpec> {
    Registry::new(KEY, &["random"])
        .with(LineRules::specs(
            KEY,
            &["both", "forward_only", "backward_only"],
            ("WA-5", "directions of the lines"),
            ("WA-6", "a line whose far end cannot be entered"),
        ))
        .own(
            "home_box",
            &["holes_1_5", "holes_25_29"],
            "WA-1",
            "where the home boxes are",
        )
        .only_default()
        // `blocking_point` is not implemented: with it random games often never end (pieces
        // blocked behind orange holes while others cycle through the backward lines 20→6), and
        // SPEC has no repetition rule to end them.
        .own(
            "orange",
            &["bonus_throw", "none", "blocking_point"],
            "WA-3",
            "what an orange hole does",
        )
        .implementing(Orange::VALUES)
        .own("ankh_holes", &["{15,25}"], "WA-4", "the safe ankh holes")
        .only_default()
        .own(
            "capture_via_line",
            &["true", "false"],
            "WA-6",
            "a line may end on an unsafe opponent",
        )
        .own(
            "reentry",
            Reentry::VALUES,
            "WA-8",
            "where a knocked-off piece comes back",
        )
        .own(
            "blocked_home_loss",
            BlockedHomeLoss::VALUES,
            "WA-11",
            "when a full home box loses",
        )
        .own("shared_hole", SharedHole::VALUES, "WA-13", "what S is")
        // `no_passing=true` is not implemented: on the circuit the two players run head-on, so
        // without passing their pieces lock each other and random games often never end (the
        // free pieces cycle through the backward lines 20→6); SPEC has no rule to end them.
        .own(
            "no_passing",
            &["false", "true"],
            "WA-20",
            "pieces may not jump others",
        )
        .only_default()
        .own(
            "dice",
            &["sticks", "two_d4"],
            "000-WA§17",
            "the dice variation",
        )
        .only_default()
        .own(
            "d4_same_piece",
            &["false", "true"],
            "WA-18",
            "both dice may move one piece",
        )
        .only_default()
        .done()
}

option_values! {
    /// WA-3: what an orange hole does (`blocking_point` is listed but not implemented).
    pub enum Orange {
        /// Stopping on it gives another throw.
        BonusThrow = "bonus_throw",
        /// Nothing.
        Plain = "none",
    }
}

option_values! {
    /// WA-8: where a knocked-off piece comes back.
    pub enum Reentry {
        /// A throw of k puts it on home hole k, if empty (000-WA§15).
        KthHole = "kth_hole",
        /// Only a 1 re-enters, on the first empty home hole (000-WA§14).
        OnlyOneToFirstFree = "only_one_to_first_free",
    }
}

option_values! {
    /// WA-11: when a full home box with a piece knocked off loses.
    pub enum BlockedHomeLoss {
        /// At once.
        Immediate = "immediate",
        /// When its owner's re-entry attempt fails.
        AtFailedReentry = "at_failed_reentry",
    }
}

option_values! {
    /// WA-13: what the shared hole `S` is.
    pub enum SharedHole {
        /// An ordinary hole: one piece, which may be knocked off.
        Ordinary = "ordinary",
        /// It holds any number of pieces of both seats and is safe.
        SafeUnlimited = "safe_unlimited",
    }
}

config! {
    /// The rules of a `hj.washburne` game, read once from its options: they never change
    /// during the game.
    pub struct Config {
        /// WA-5, WA-6 (C-6), C-5.
        lines: LineRules,
        /// WA-3.
        orange: Orange,
        /// WA-6: a line's far end may hold an unsafe opponent (else it must be empty to be
        /// followed).
        capture_via_line: bool,
        /// WA-8.
        reentry: Reentry,
        /// WA-11.
        blocked_home_loss: BlockedHomeLoss,
        /// WA-13.
        shared_hole: SharedHole,
    }
}

state! {
    /// A `hj.washburne` position, with the game's [`Config`].
    pub struct State {
        /// Circuit indices of each seat's pieces on the board (bit i = index i, 30 = `S`).
        bits: ByPlayer<u64>,
        /// Knocked-off pieces waiting to re-enter.
        knocked: ByPlayer<u8>,
        /// Pieces of each seat on `S` beyond the one its bit 30 stands for (only under WA-13
        /// `safe_unlimited`), so that every other rule keeps reading the bitboards.
        extra_on_s: ByPlayer<u8>,
    }
}

impl State {
    /// The start position under `cfg`: each seat on its home holes 1-5, Red (seat A) to throw (NOTATION §4).
    pub fn start(cfg: Config) -> State {
        State {
            bits: ByPlayer::both(HOME),
            knocked: ByPlayer::both(0),
            extra_on_s: ByPlayer::both(0),
            clock: Clock::new(Seat::A, 1),
            phase: Phase::Throw,
            cfg,
        }
    }

    /// The circuit indices of `seat`'s pieces on the board, lowest first (30 once per piece on
    /// `S`).
    pub fn indices_of(&self, seat: Seat) -> Vec<u8> {
        let mut v: Vec<u8> = crate::game::ones(self.bits_of(seat)).collect();
        let extra = usize::from(self.extra_on_s[seat]);
        if extra > 0 {
            let at = v.iter().position(|&i| i > SHARED).unwrap_or(v.len());
            v.splice(at..at, core::iter::repeat_n(SHARED, extra));
        }
        v
    }

    /// `seat`'s pieces as bits of its circuit indices (bit `i` for index `i`; bit 30 stands
    /// for one or more pieces on `S`).
    pub fn bits_of(&self, seat: Seat) -> u64 {
        self.bits[seat]
    }

    /// The other seat's pieces as bits of `seat`'s circuit indices: where `seat` could hit them.
    pub fn opponent_bits(&self, seat: Seat) -> u64 {
        mirror(self.bits[seat.other()])
    }

    /// Pieces of `seat` on `S` beyond the one bit 30 of [`State::bits_of`] stands for (only
    /// under `hj.washburne.shared_hole=safe_unlimited`).
    pub fn extra_on_shared(&self, seat: Seat) -> u8 {
        self.extra_on_s[seat]
    }

    /// Knocked-off pieces of `seat`.
    pub fn knocked_off(&self, seat: Seat) -> u8 {
        self.knocked[seat]
    }

    /// Appends the legal moves (without `pass`) of `seat` for throw `t`, and says whether a
    /// move whose line leads back to its start exists (C-5).
    fn generate(&self, seat: Seat, t: u8, out: &mut MoveList) -> bool {
        let cfg = &self.cfg;
        let own = self.bits[seat];
        let opp = mirror(self.bits[seat.other()]);
        let home = side(seat);
        let occupied = own | opp;
        if self.knocked[seat] > 0 {
            // Re-entry turn: home hole t if nobody is on it (000-WA§15, WA-8); under
            // `only_one_to_first_free` only a 1 re-enters, on the first empty home hole (§14).
            let hole = match cfg.reentry {
                Reentry::KthHole => (occupied >> t & 1 == 0).then_some(t),
                Reentry::OnlyOneToFirstFree => {
                    let free = HOME & !occupied;
                    (t == 1 && free != 0).then(|| free.trailing_zeros() as u8)
                }
            };
            if let Some(h) = hole {
                out.push(Move::Go {
                    from: Place::Hand,
                    to: circuit_place(home, h),
                });
            }
            return false;
        }
        // Enterable: empty, or an opponent not on a safe hole (000-WA§11–13); `S` always under
        // WA-13 `safe_unlimited`.
        let mut blocked = own | (opp & SAFE);
        if cfg.shared_hole == SharedHole::SafeUnlimited {
            blocked &= !(1 << SHARED);
        }
        // The far end of a line: as any final hole, or only empty under WA-6
        // `capture_via_line=false` (a far end with an unsafe opponent is then not followed).
        let line_blocked = if cfg.capture_via_line {
            blocked
        } else {
            occupied
        };
        let mut null = false;
        let mut b = own;
        while b != 0 {
            let i = b.trailing_zeros() as u8;
            b &= b - 1;
            let l = i + t;
            if l > END {
                continue; // WA-14.
            }
            // The mover's own start hole counts as free for the line's far end (C-5).
            let free = |h: u8| h == i || blocked >> h & 1 == 0;
            let far_free = |h: u8| line_blocked >> h & 1 == 0;
            // WA-6: a far end that cannot be entered is not followed (C-6 `stay`), or makes
            // the move illegal (C-6 `illegal`); only the final hole must be enterable (WA-7).
            let f = match cfg.lines.follow(i, l, line_partner(l), far_free) {
                Follow::Stop(f) => f,
                Follow::Null => {
                    null = true;
                    continue;
                }
                Follow::Illegal => continue,
            };
            if !free(f) {
                continue;
            }
            out.push(Move::Go {
                from: circuit_place(home, i),
                to: circuit_place(home, f),
            });
        }
        null
    }

    /// Whether `seat` has a knocked-off piece while all five of its home holes are occupied
    /// (000-WA§15.7): a state that lasts, since it can neither move nor re-enter.
    pub(crate) fn home_blocked(&self, seat: Seat) -> bool {
        let occupied = self.bits[seat] | mirror(self.bits[seat.other()]);
        self.knocked[seat] > 0 && occupied & HOME == HOME
    }

    /// The end checks of §4.5, after every move and every re-entry attempt; `failed_reentry`
    /// says the mover has just failed a re-entry attempt.
    fn end_checks(&mut self, failed_reentry: bool) -> bool {
        let mover = self.clock.to_move;
        let at_once = self.cfg.blocked_home_loss == BlockedHomeLoss::Immediate;
        let outcome = [mover, mover.other()].into_iter().find_map(|s| {
            if self.bits[s] & GOAL == GOAL {
                // All five in the opponent's home box (000-WA§9, §16).
                return Some(Outcome::Win(s));
            }
            // A knocked-off piece and a full home box: lost (000-WA§15.7), at once (WA-11), or
            // under `at_failed_reentry` when its owner's re-entry attempt fails.
            let now = at_once || (failed_reentry && s == mover);
            (now && self.home_blocked(s)).then_some(Outcome::Win(s.other()))
        });
        if let Some(o) = outcome {
            self.phase = Phase::Over(o);
            return true;
        }
        false
    }

    fn end_turn(&mut self) {
        self.phase = Phase::next_turn(&mut self.clock, &self.cfg.common);
    }
}

impl Rules for State {
    fn play_unchecked(&mut self, m: Move) {
        let me = self.clock.to_move;
        let them = me.other();
        let open_shared = self.cfg.shared_hole == SharedHole::SafeUnlimited;
        let mut bonus = false;
        let reentry = self.knocked[me] > 0;
        if let Move::Go { from, to } = m {
            let f = board::circuit_index_of(me, to);
            if from == Place::Hand {
                self.knocked[me] -= 1;
            } else {
                let i = board::circuit_index_of(me, from);
                if i == SHARED && self.extra_on_s[me] > 0 {
                    self.extra_on_s[me] -= 1;
                } else {
                    self.bits[me] &= !(1u64 << i);
                }
                // An opponent piece on the final hole is knocked off (000-WA§12), never on a
                // safe `S` (WA-13 `safe_unlimited`).
                let theirs = 60 - f;
                if !(open_shared && f == SHARED) && self.bits[them] >> theirs & 1 == 1 {
                    self.bits[them] &= !(1u64 << theirs);
                    self.knocked[them] += 1;
                }
                // Orange holes re-throw, chainably; never after a re-entry (WA-3, WA-9).
                bonus = self.cfg.orange == Orange::BonusThrow && ORANGE >> f & 1 == 1;
            }
            if self.bits[me] >> f & 1 == 1 {
                // Only on an open `S` can a seat land where it already stands.
                self.extra_on_s[me] += 1;
            } else {
                self.bits[me] |= 1u64 << f;
            }
        }
        if self.end_checks(reentry && m == Move::Pass) {
            return;
        }
        if bonus && !reentry {
            self.phase = Phase::Throw;
        } else {
            self.end_turn();
        }
        // C-8. A loss waiting for a failed re-entry (WA-11 `at_failed_reentry`) is no jam: the
        // blocked player's next attempt ends the game.
        let loss_pending = self.cfg.blocked_home_loss == BlockedHomeLoss::AtFailedReentry
            && Seat::BOTH.iter().any(|&s| self.home_blocked(s));
        if !loss_pending {
            self.draw_if_jammed();
        }
    }
}

impl Board for State {
    fn layout(&self) -> [SeatLayout; 2] {
        Seat::BOTH.map(|seat| SeatLayout {
            board: self
                .indices_of(seat)
                .into_iter()
                .map(|i| circuit_place(side(seat), i))
                .collect(),
            hand: self.knocked[seat],
            ..SeatLayout::default()
        })
    }

    fn board_text(&self) -> String {
        let legend = format!(
            "* = orange (re-throw); safe: home boxes 1-5 and 15, 25; knocked off A {} B {}",
            self.knocked[Seat::A],
            self.knocked[Seat::B]
        );
        board::render_layout(&self.layout(), &[5, 15, 25], &legend)
    }
}
