//! `hj.french` (SPEC §6) as a one-player race: separate tracks, only the arrival is shared, so the
//! players never interact and each race can be solved alone.

use crate::race::{Ctx, RaceState, Step, pure_race};

pure_race! {
    /// One player's race of `hj.french`, with the defaults of SPEC §6.5, on a track of `holes`
    /// holes before the arrival (29 on the real board; fewer for reduced variants, where the
    /// special holes beyond the track do not exist).
    French, "hj.french", uses_end: false
}

impl French {
    /// Moves the piece on `p` by `t` (SPEC §6.3 b).
    fn move_piece(&self, s: RaceState, p: u8, t: u8, out: &mut Vec<Step>) {
        let end = self.holes + 1;
        let l = p + t;
        if l > end {
            return; // FR-10: overshoot.
        }
        if l == end {
            // FR-7, FR-8: out at once by an exact throw, once no piece is left in hand.
            if s.hand == 0 {
                out.push(Step::End(s.ended(p, false)));
            }
            return;
        }
        if s.occupied(l) {
            return; // One piece per hole (003).
        }
        // One-way shortcuts 6→20 and 8→10 when the far end is free (FR-4, FR-5).
        let f = match l {
            6 if 20 <= self.holes && !s.occupied(20) => 20,
            8 if 10 <= self.holes && !s.occupied(10) => 10,
            _ => l,
        };
        let next = s.moved(p, f);
        // Holes 15 and 25 give a bonus throw for the same piece (003, FR-6: not 20 or 10).
        out.push(if f == 15 || f == 25 {
            Step::Again(next, Ctx::Bonus(f))
        } else {
            Step::End(next)
        });
    }

    /// The legal uses of throw `t` (see [`Race::steps`](crate::race::Race::steps)).
    fn legal_steps(&self, s: RaceState, ctx: Ctx, t: u8, out: &mut Vec<Step>) {
        match ctx {
            Ctx::Start => {
                // Enter with a 1 on an empty hole 1; the bonus throw is for that piece (FR-3).
                if let Some(next) = s.entry(t) {
                    out.push(Step::Again(next, Ctx::Bonus(1)));
                }
                for p in s.pieces_on() {
                    self.move_piece(s, p, t, out);
                }
            }
            // FR-2: only the piece that earned the bonus may use it.
            Ctx::Bonus(q) => self.move_piece(s, q, t, out),
        }
    }
}
