//! The inputs of the learned evaluator: a position seen by one seat, as a short list of the
//! indices of its inputs that are 1 (every input is 0 or 1).
//!
//! Each family has its own layout ([`Encoding`]), documented in `docs/EVALUATOR.md`. Every
//! layout starts with the same **turn** block and then gives, for the seat that evaluates
//! ("mine") and then for the other ("theirs"), where its pieces stand and its counters:
//!
//! | block | inputs | meaning |
//! |---|---|---|
//! | turn | 14 | one of: mine/their throw is due (2); mine/their decision with a throw of 1..5 or with none (Kendall's water turn) (12) |
//! | places | one per square or hole | a piece of the seat stands there |
//! | counts | 7 per counter | a thermometer: input k is 1 when the counter is at least k+1 |
//!
//! Counts are thermometers (as TD-Gammon coded the pieces on a point): "at least 3 off" is one
//! input that the network can weigh on its own, and the inputs of 2 and 3 pieces share most of
//! their weights. Places are one input per square or hole and seat: a race's progress, its
//! blocks and its exchanges are all patterns of these.
//!
//! Seen by the other seat, the same position has "mine" and "theirs" swapped and the turn
//! block mirrored: the network values a position for whichever seat asks, so one network plays
//! both seats and learns from both seats' view of every position.

use arrayvec::ArrayVec;
use nefer_core::{AnyGame, Game, Seat, Status};

/// Largest number of inputs that are 1 at once: the turn (1), 7 pieces a seat on the board,
/// and the thermometers of counters (each at most 7), for both seats.
pub const MAX_ACTIVE: usize = 96;

/// The inputs that are 1, by index.
pub type Active = ArrayVec<u16, MAX_ACTIVE>;

/// Size of the turn block.
const TURN: u16 = 14;

/// Size of a counter's thermometer: the most pieces a seat has in any rule set (Senet's
/// `pieces=7`).
const COUNT: u16 = 7;

/// A family's input layout. The name and version are written in a weights file's header, so a
/// file is never read with another layout than the one it was trained with.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// Both Senets: squares 1..=30 of each seat, and its pieces borne off.
    Senet,
    /// Both Senets as [`Encoding::Senet`], and for each seat three more blocks of squares
    /// 1..=30 that say what a one-hidden-layer network cannot read off single squares: the
    /// seat's pieces that are guarded (a piece of the same seat on a neighbouring square, KE-6),
    /// and its unguarded pieces that an opponent's piece one to five squares behind (a forward
    /// attack) or ahead (a backward one, KE-8) could reach with one throw.
    SenetGuards,
    /// `hj.french`: holes 1..=29 of each seat's side, pieces in hand, on hole 30 and out.
    French,
    /// `hj.skiryuk`: holes 1..=29 of each seat's path, pieces in `S`, in hand, trophies.
    Skiryuk,
    /// `hj.walker`: circuit indices 0..=63 of each seat (but `S`), pieces on `S`, in hand, off.
    Walker,
    /// `hj.washburne`: circuit indices 0..=63 of each seat seen from the evaluating seat's
    /// circuit (where it could hit or be hit; bit 30 is `S`), knocked-off pieces, extra pieces on
    /// `S`.
    Washburne,
}

impl Encoding {
    /// The layout of `g`'s family.
    pub fn of(g: &AnyGame) -> Encoding {
        match g {
            AnyGame::SenetKendall(_) | AnyGame::SenetSchool(_) => Encoding::SenetGuards,
            AnyGame::HjFrench(_) => Encoding::French,
            AnyGame::HjSkiryuk(_) => Encoding::Skiryuk,
            AnyGame::HjWalker(_) => Encoding::Walker,
            AnyGame::HjWashburne(_) => Encoding::Washburne,
        }
    }

    /// Whether `g` can be read in this layout: it is one of the layouts of `g`'s family (a
    /// weights file of `senet/1` still plays both Senets after `senet/2` came).
    pub fn fits(self, g: &AnyGame) -> bool {
        let family = |e: Encoding| match e {
            Encoding::SenetGuards => Encoding::Senet,
            e => e,
        };
        family(self) == family(Encoding::of(g))
    }

    /// The name written in weights files, with the layout's version.
    pub const fn name(self) -> &'static str {
        match self {
            Encoding::Senet => "senet/1",
            Encoding::SenetGuards => "senet/2",
            Encoding::French => "french/1",
            Encoding::Skiryuk => "skiryuk/1",
            Encoding::Walker => "walker/1",
            Encoding::Washburne => "washburne/1",
        }
    }

    /// The layout named `name` (as [`Encoding::name`] writes it).
    pub fn from_name(name: &str) -> Option<Encoding> {
        [
            Encoding::Senet,
            Encoding::SenetGuards,
            Encoding::French,
            Encoding::Skiryuk,
            Encoding::Walker,
            Encoding::Washburne,
        ]
        .into_iter()
        .find(|e| e.name() == name)
    }

    /// The number of inputs.
    pub const fn inputs(self) -> usize {
        let per_seat = match self {
            Encoding::Senet => 30 + COUNT,
            Encoding::SenetGuards => 4 * 30 + COUNT,
            Encoding::French | Encoding::Skiryuk => 29 + 3 * COUNT,
            Encoding::Walker => 64 + 3 * COUNT,
            Encoding::Washburne => 64 + 2 * COUNT,
        };
        (TURN + 2 * per_seat) as usize
    }
}

/// Writes inputs block after block.
struct Writer<'a> {
    out: &'a mut Active,
    base: u16,
}

impl Writer<'_> {
    /// One input per bit `first..first + n` of `set`.
    #[inline]
    fn places(&mut self, set: u64, first: u8, n: u16) {
        for i in nefer_core::game::ones(set >> first) {
            if u16::from(i) < n {
                self.out.push(self.base + u16::from(i));
            }
        }
        self.base += n;
    }

    /// One Senet seat with pieces on the squares of `own` (bits 1..=30), the other seat's on
    /// `opp`, and `off` pieces borne off.
    #[inline]
    fn senet(&mut self, enc: Encoding, own: u64, opp: u64, off: u8) {
        self.places(own, 1, 30);
        self.count(off);
        if enc == Encoding::SenetGuards {
            let guarded = own & (own << 1 | own >> 1);
            let loose = own & !guarded;
            // Squares one to five ahead of (behind) an opponent's piece.
            let (mut behind, mut ahead) = (0, 0);
            for t in 1..=5 {
                behind |= opp << t;
                ahead |= opp >> t;
            }
            self.places(guarded, 1, 30);
            self.places(loose & behind, 1, 30);
            self.places(loose & ahead, 1, 30);
        }
    }

    /// A counter's thermometer.
    #[inline]
    fn count(&mut self, v: u8) {
        for k in 0..u16::from(v).min(COUNT) {
            self.out.push(self.base + k);
        }
        self.base += COUNT;
    }
}

/// The inputs of unfinished `g` seen by `me`, in the [layout](Encoding) that networks of `g`'s
/// family are trained with now ([`Encoding::of`]), into `out` (cleared first). A finished game
/// has no inputs: its value is its result.
pub fn encode(g: &AnyGame, me: Seat, out: &mut Active) {
    encode_as(Encoding::of(g), g, me, out);
}

/// The inputs of unfinished `g` seen by `me` in layout `enc`, which must be one of `g`'s
/// family ([`Encoding::fits`]), into `out` (cleared first).
pub fn encode_as(enc: Encoding, g: &AnyGame, me: Seat, out: &mut Active) {
    out.clear();
    let turn = match g.status() {
        Status::Chance { seat: Some(s) } => u16::from(s != me),
        // A random choice of seat opens some games: neither seat's turn yet.
        Status::Chance { seat: None } => return encode_seats(enc, g, me, out, None),
        Status::Decide { seat, throw } => {
            let t = throw.map_or(0, |t| u16::from(t.value()));
            2 + u16::from(seat != me) * 6 + t
        }
        Status::Over(_) => return,
    };
    encode_seats(enc, g, me, out, Some(turn));
}

fn encode_seats(enc: Encoding, g: &AnyGame, me: Seat, out: &mut Active, turn: Option<u16>) {
    if let Some(t) = turn {
        out.push(t);
    }
    let mut w = Writer { out, base: TURN };
    for seat in [me, me.other()] {
        match g {
            AnyGame::SenetKendall(s) => {
                let (own, opp) = (s.square_set(seat), s.square_set(seat.other()));
                w.senet(enc, own.into(), opp.into(), s.borne_off(seat));
            }
            AnyGame::SenetSchool(s) => {
                let (own, opp) = (s.square_set(seat), s.square_set(seat.other()));
                w.senet(enc, own.into(), opp.into(), s.borne_off(seat));
            }
            AnyGame::HjFrench(s) => {
                w.places(squares(s.holes_of(seat)), 1, 29);
                w.count(s.in_hand(seat));
                w.count(s.on_30(seat));
                w.count(s.out(seat));
            }
            AnyGame::HjSkiryuk(s) => {
                w.places(squares(s.holes_of(seat)), 1, 29);
                w.count(s.in_shared(seat));
                w.count(s.in_hand(seat));
                w.count(s.trophies(seat));
            }
            AnyGame::HjWalker(s) => {
                w.places(s.bits_of(seat), 0, 64);
                w.count(s.in_shared(seat));
                w.count(s.in_hand(seat));
                w.count(s.borne_off(seat));
            }
            AnyGame::HjWashburne(s) => {
                // Both seats in the evaluating seat's circuit: a hit is a pattern of places.
                let bits = if seat == me {
                    s.bits_of(me)
                } else {
                    s.opponent_bits(me)
                };
                w.places(bits, 0, 64);
                w.count(s.knocked_off(seat));
                w.count(s.extra_on_shared(seat));
            }
        }
    }
}

/// The squares or holes of an iterator as bits.
#[inline]
fn squares(it: impl Iterator<Item = u8>) -> u64 {
    it.fold(0, |s, n| s | 1 << n)
}

#[cfg(test)]
mod tests {
    use super::*;
    use nefer_core::{Options, RuleSetId};

    #[test]
    fn every_input_is_inside_its_layout_and_each_seat_sees_the_mirror() {
        for &id in RuleSetId::ALL {
            let mut g = id.new_game(&Options::new()).unwrap();
            let mut rng = <rand_chacha::ChaCha8Rng as rand::SeedableRng>::seed_from_u64(3);
            let enc = Encoding::of(&g);
            let (mut a, mut b) = (Active::new(), Active::new());
            let mut seen = 0;
            while g.outcome().is_none() && seen < 300 {
                encode(&g, Seat::A, &mut a);
                encode(&g, Seat::B, &mut b);
                assert!(!a.is_empty() && a.len() == b.len(), "{id}: {g}");
                assert!(a.iter().all(|&i| usize::from(i) < enc.inputs()), "{id}");
                // Distinct inputs: no place or counter written twice.
                let mut s = a.to_vec();
                s.sort_unstable();
                s.dedup();
                assert_eq!(s.len(), a.len(), "{id}: {g}");
                let c = match g.status() {
                    Status::Chance { .. } => g.sample_chance(&mut rng),
                    _ => {
                        let mut moves = nefer_core::MoveList::new();
                        g.legal_moves(&mut moves);
                        let m = moves[rand::RngExt::random_range(&mut rng, 0..moves.len())];
                        g.play(m).unwrap();
                        seen += 1;
                        continue;
                    }
                };
                g.play_chance(c).unwrap();
            }
        }
    }

    #[test]
    fn the_turn_block_says_whose_turn_and_which_throw() {
        let g: AnyGame = "senet.kendall A:5,28,off*5 B:1,26,off*5 B 3"
            .parse()
            .unwrap();
        let mut a = Active::new();
        encode(&g, Seat::B, &mut a);
        assert_eq!(a[0], 2 + 3, "B decides a 3, seen by B");
        encode(&g, Seat::A, &mut a);
        assert_eq!(a[0], 2 + 6 + 3, "B decides a 3, seen by A");
        // Five off: the first five inputs of the thermometer after A's 30 squares.
        let off = TURN + 30;
        assert!((off..off + 5).all(|i| a.contains(&i)) && !a.contains(&(off + 5)));
    }

    #[test]
    fn senet_2_says_which_pieces_are_guarded_and_which_can_be_reached() {
        // A: 5 and 6 guard each other, 12 is alone with B's 9 three behind it, 20 alone with
        // B's 22 two ahead of it; B: 1 alone (nothing of A's behind it), 9 alone, A's 5 four
        // behind, 22 alone, A's 20 two behind.
        let g: AnyGame = "senet.kendall A:5,6,12,20,off*3 B:1,9,22,off*4 A 2"
            .parse()
            .unwrap();
        let mut a = Active::new();
        encode_as(Encoding::SenetGuards, &g, Seat::A, &mut a);
        let per_seat = 4 * 30 + COUNT;
        let block = |seat: u16, k: u16, squares: &[u16]| -> Vec<u16> {
            let base = TURN + seat * per_seat + 30 + COUNT + k * 30;
            squares.iter().map(|q| base + q - 1).collect()
        };
        let blocks = |seat: u16, k: u16| -> Vec<u16> {
            let base = TURN + seat * per_seat + 30 + COUNT + k * 30;
            let mut v: Vec<u16> = a
                .iter()
                .copied()
                .filter(|&i| (base..base + 30).contains(&i))
                .collect();
            v.sort_unstable();
            v
        };
        // Mine (A): guarded, reachable from behind, reachable from ahead.
        assert_eq!(blocks(0, 0), block(0, 0, &[5, 6]));
        assert_eq!(blocks(0, 1), block(0, 1, &[12]));
        assert_eq!(blocks(0, 2), block(0, 2, &[20]));
        // Theirs (B): none guarded; 9 and 22 reachable from behind, 1 reachable from ahead
        // (A's 5 is four ahead of it), 9 from ahead too (A's 12 is three ahead).
        assert!(blocks(1, 0).is_empty());
        assert_eq!(blocks(1, 1), block(1, 1, &[9, 22]));
        assert_eq!(blocks(1, 2), block(1, 2, &[1, 9]));
        // senet/1 is the first block of each seat alone, as it was.
        let mut old = Active::new();
        encode_as(Encoding::Senet, &g, Seat::A, &mut old);
        assert_eq!(old.len(), 1 + 4 + 3 + 3 + 4);
        assert!(
            old.iter()
                .all(|&i| usize::from(i) < Encoding::Senet.inputs())
        );
    }
}
