//! `hj.french` (SPEC §6) as a one-player race: separate tracks, only the arrival is shared, so the
//! players never interact and each race can be solved alone.

use crate::race::{Ctx, Race, RaceState, Step};

/// One player's race of `hj.french`, with the defaults of SPEC §6.5, on a track of `holes`
/// holes (29 on the real board; fewer for reduced variants, where the special holes beyond the
/// track do not exist).
#[derive(Clone, Copy, Debug)]
pub struct French {
    /// Pieces per player (5).
    pub pieces: u8,
    /// Holes before the arrival (29).
    pub holes: u8,
}

impl Default for French {
    fn default() -> Self {
        French {
            pieces: 5,
            holes: 29,
        }
    }
}

impl French {
    fn occupied(s: RaceState, h: u8) -> bool {
        s.holes >> h & 1 == 1
    }

    /// Moves the piece on `p` by `t` (SPEC §6.3 b).
    fn move_piece(&self, s: RaceState, p: u8, t: u8, out: &mut Vec<Step>) {
        let end = self.holes + 1;
        let l = p + t;
        let rest = s.holes & !(1 << p);
        if l > end {
            return; // FR-10: overshoot.
        }
        if l == end {
            // FR-7, FR-8: out at once by an exact throw, once no piece is left in hand.
            if s.hand == 0 {
                out.push(Step::End(RaceState {
                    holes: rest,
                    off: s.off + 1,
                    ..s
                }));
            }
            return;
        }
        if Self::occupied(s, l) {
            return; // One piece per hole (003).
        }
        // One-way shortcuts 6→20 and 8→10 when the far end is free (FR-4, FR-5).
        let f = match l {
            6 if 20 <= self.holes && !Self::occupied(s, 20) => 20,
            8 if 10 <= self.holes && !Self::occupied(s, 10) => 10,
            _ => l,
        };
        let next = RaceState {
            holes: rest | 1 << f,
            ..s
        };
        // Holes 15 and 25 give a bonus throw for the same piece (003, FR-6: not 20 or 10).
        out.push(if f == 15 || f == 25 {
            Step::Again(next, Ctx::Bonus(f))
        } else {
            Step::End(next)
        });
    }
}

impl Race for French {
    fn pieces(&self) -> u8 {
        self.pieces
    }

    fn holes(&self) -> u8 {
        self.holes
    }

    fn uses_end(&self) -> bool {
        false
    }

    fn name(&self) -> String {
        format!(
            "hj.french one-player race, {} pieces, {} holes",
            self.pieces, self.holes
        )
    }

    fn steps(&self, s: RaceState, ctx: Ctx, t: u8, out: &mut Vec<Step>) {
        match ctx {
            Ctx::Start => {
                // Enter with a 1 on an empty hole 1; the bonus throw is for that piece (FR-3).
                if t == 1 && s.hand > 0 && !Self::occupied(s, 1) {
                    let next = RaceState {
                        holes: s.holes | 2,
                        hand: s.hand - 1,
                        ..s
                    };
                    out.push(Step::Again(next, Ctx::Bonus(1)));
                }
                let mut h = s.holes;
                while h != 0 {
                    let p = h.trailing_zeros() as u8;
                    h &= h - 1;
                    self.move_piece(s, p, t, out);
                }
            }
            // FR-2: only the piece that earned the bonus may use it.
            Ctx::Bonus(q) => self.move_piece(s, q, t, out),
        }
    }
}
