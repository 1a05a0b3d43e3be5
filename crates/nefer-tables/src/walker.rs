//! `hj.walker`, basic game (SPEC §5.1–5.4), as a one-player race: each player has his own track;
//! the shared point 30 holds any number of pieces of both (WB-3), so the players never interact.

use crate::race::{Ctx, RaceState, Step, pure_race};

pure_race! {
    /// One player's race of `hj.walker` (variation off) with the defaults of SPEC §5.7, on a
    /// track of `holes` holes before the shared point 30 (29 on the real board).
    Walker, "hj.walker", uses_end: true
}

/// Blocking points (001§8).
const BLOCKERS: [u8; 4] = [10, 15, 20, 25];

impl Walker {
    fn move_piece(&self, s: RaceState, p: u8, t: u8, out: &mut Vec<Step>) {
        let end = self.holes + 1;
        let l = p + t;
        if l > end {
            return; // 001§11: not past point 30.
        }
        // 001§8: a piece on a blocking point strictly between start and landing blocks.
        if BLOCKERS.iter().any(|&b| p < b && b < l && s.occupied(b)) {
            return;
        }
        if l == end {
            out.push(Step::End(s.ended(p, true)));
            return;
        }
        if s.occupied(l) {
            return; // 001§9.
        }
        // 001§10: lines 6↔20 and 8↔10 both ways when the far end is free (the mover's own
        // start hole counts as free, C-5); otherwise the piece stays (WB-8). One line per move.
        let partner = match l {
            6 => 20,
            20 => 6,
            8 => 10,
            10 => 8,
            _ => 0,
        };
        let f = if partner != 0 && partner <= self.holes && (partner == p || !s.occupied(partner)) {
            partner
        } else {
            l
        };
        if f == p {
            return; // C-5: a move must change the position.
        }
        out.push(Step::End(s.moved(p, f)));
    }

    /// The legal uses of throw `t` (see [`Race::steps`](crate::race::Race::steps)); `ctx`
    /// does not matter: the bonus throw may move any piece.
    fn legal_steps(&self, s: RaceState, _ctx: Ctx, t: u8, out: &mut Vec<Step>) {
        // 001§6: a 1 may enter a piece on an empty hole 1, and the player throws again; the
        // extra throw may move any piece (WB-6: only entering earns it).
        if let Some(next) = s.entry(t) {
            out.push(Step::Again(next, Ctx::Bonus(0)));
        }
        for p in s.pieces_on() {
            self.move_piece(s, p, t, out);
        }
        // 001§13–14: bear off from point 30 with exactly 5, all pieces entered (WB-7).
        if t == 5 && s.at_end > 0 && s.hand == 0 {
            out.push(Step::End(RaceState {
                at_end: s.at_end - 1,
                off: s.off + 1,
                ..s
            }));
        }
    }
}
