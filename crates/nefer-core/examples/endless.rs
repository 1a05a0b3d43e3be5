//! What `nefer_core::endless` costs, for docs/dev/study.md: `can_end` on the position that goes
//! round for ever, and a search that runs into its budget (the start of a game, whose reachable
//! positions are far more than the budget).
//!
//!     cargo run --release -p nefer-core --example endless

use std::time::Instant;

use nefer_core::endless::{Reach, STATE_BUDGET, can_end, search};
use nefer_core::{AnyGame, Options, RuleSetId};

fn main() {
    let round: AnyGame = "hj.washburne[dice=two_d4] A:R7,R5,R4,R3,R2 B:R1,L4,L3,L2,L1 B throw"
        .parse()
        .expect("a valid position");
    let t = Instant::now();
    let r = can_end(&round, STATE_BUDGET);
    println!(
        "can_end, the position going round: {r:?} in {:.1} ms",
        ms(t)
    );
    let t = Instant::now();
    let r = search(&round, STATE_BUDGET);
    println!(
        "search alone, the position going round: {r:?} in {:.2} ms",
        ms(t)
    );
    // The fewest positions that settle it.
    let (mut lo, mut hi) = (0, 1);
    while search(&round, hi) == Reach::Unknown {
        (lo, hi) = (hi, 2 * hi);
    }
    while hi - lo > 1 {
        let mid = (lo + hi) / 2;
        if search(&round, mid) == Reach::Unknown {
            lo = mid;
        } else {
            hi = mid;
        }
    }
    println!("positions reachable from it: {hi}");
    // Starts whose search wanders without meeting an end run into the budget.
    for &rules in RuleSetId::ALL {
        for options in ["", "hj.washburne.dice=two_d4", "hj.walker.variation=true"] {
            let Ok(o) = Options::parse(options) else {
                continue;
            };
            let Ok(start) = rules.new_game(&o) else {
                continue;
            };
            let t = Instant::now();
            let r = search(&start, STATE_BUDGET);
            println!(
                "search of {rules} {options} from the start, budget {STATE_BUDGET}: {r:?} in {:.0} ms",
                ms(t)
            );
        }
    }
}

fn ms(t: Instant) -> f64 {
    t.elapsed().as_secs_f64() * 1e3
}
