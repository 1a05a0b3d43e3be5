//! The options in people's words: each option's topic ("Entering", "The Waters", "Captures", "The
//! end"…) and one plain sentence per value, for the lobby and `nefer rules` (the key and its
//! SPEC clause stay in [`OptionSpec`] for the curious).
//!
//! One table for every rule set, keyed by the option's full name; the options every rule set
//! names alike under its own key (`KEY.stick_bias`, `KEY.max_turns`, …) by their last part. A
//! test goes over the registry: every option of every rule set has a topic, and a sentence for
//! each of its values and for no other.

use super::OptionSpec;

/// What an option is about, in the order a player meets it in a game.
#[derive(Clone, Copy, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub enum Topic {
    /// The sticks or dice, and which throws earn another.
    Throws,
    /// Who starts and how the pieces stand at the start.
    Start,
    /// How pieces come onto the board.
    Entering,
    /// How pieces move, pass and protect each other.
    Moving,
    /// The lines (shortcuts) of the 58-hole board.
    Lines,
    /// Marked holes and squares that do something.
    SpecialPlaces,
    /// Senet's House of Waters (square 27).
    Waters,
    /// Attacks, exchanges and captures.
    Captures,
    /// Leaving the board.
    BearingOff,
    /// How the game ends.
    End,
}

impl Topic {
    /// Every topic, in the order they are shown.
    pub const ALL: [Topic; 10] = [
        Topic::Throws,
        Topic::Start,
        Topic::Entering,
        Topic::Moving,
        Topic::Lines,
        Topic::SpecialPlaces,
        Topic::Waters,
        Topic::Captures,
        Topic::BearingOff,
        Topic::End,
    ];

    /// Its heading, e.g. "The Waters".
    pub const fn title(self) -> &'static str {
        match self {
            Topic::Throws => "The throws",
            Topic::Start => "The start",
            Topic::Entering => "Entering",
            Topic::Moving => "Moving",
            Topic::Lines => "The lines",
            Topic::SpecialPlaces => "Special holes and squares",
            Topic::Waters => "The Waters",
            Topic::Captures => "Captures",
            Topic::BearingOff => "Bearing off",
            Topic::End => "The end",
        }
    }
}

/// An option in people's words.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct OptionWords {
    /// What it is about.
    pub topic: Topic,
    /// Each value (as the registry lists it, patterns such as `N` included) with what it means
    /// in one sentence; the order is not the registry's (a shared option's default differs
    /// between rule sets): look values up with [`OptionWords::sentence`].
    pub values: &'static [(&'static str, &'static str)],
}

impl OptionWords {
    /// The sentence for `value` as the registry lists it (`N`, not `12`).
    pub fn sentence(&self, value: &str) -> Option<&'static str> {
        self.values
            .iter()
            .find(|(v, _)| *v == value)
            .map(|&(_, s)| s)
    }
}

impl OptionSpec {
    /// The option in people's words: its topic and a sentence per value (every option of every
    /// rule set has them; a test checks it).
    pub fn words(&self) -> Option<OptionWords> {
        words_of(&self.name)
    }
}

/// The words of the option named `name` (full name, e.g. `senet.kendall.trap`).
pub fn words_of(name: &str) -> Option<OptionWords> {
    let w = |topic, values| Some(OptionWords { topic, values });
    use Topic::*;
    // Options every rule set has under its own key (SPEC §1.3), by their last part.
    let common = match name.rsplit('.').next().unwrap_or(name) {
        "stick_bias" => w(
            Throws,
            &[
                (
                    "0.5",
                    "The sticks are fair: each lands flat side up half the time.",
                ),
                (
                    "(0,1)",
                    "Loaded sticks: each lands flat side up with the chance you give, between 0 and 1.",
                ),
            ],
        ),
        "compulsory_move" => w(
            Moving,
            &[
                ("true", "A player who can move must move."),
                (
                    "false",
                    "A player may pass a throw even when a move is possible.",
                ),
            ],
        ),
        "max_turns" => w(
            End,
            &[
                ("off", "A game lasts as long as it takes."),
                (
                    "N",
                    "A game still going after the number of turns you give is called a draw.",
                ),
            ],
        ),
        "first_player" => w(
            Start,
            &[
                ("random", "Who throws first is drawn at random."),
                ("p1", "The first seat (A) throws first."),
                ("p2", "The second seat (B) throws first."),
            ],
        ),
        "null_line_move" => w(
            Lines,
            &[
                (
                    "illegal",
                    "A move whose line brings the piece back to where it started may not be played.",
                ),
                (
                    "allowed_as_pass",
                    "A move whose line brings the piece back to where it started may be played, as a pass.",
                ),
            ],
        ),
        "blocked_line" => w(
            Lines,
            &[
                (
                    "stay",
                    "When the far end of a line is taken, the piece stays where its count ended.",
                ),
                (
                    "illegal",
                    "When the far end of a line is taken, the move may not be played.",
                ),
            ],
        ),
        _ => None,
    };
    if common.is_some() {
        return common;
    }
    match name {
        // Both Senets (SPEC §10).
        "senet.adjacency" => w(
            Captures,
            &[
                (
                    "path",
                    "A piece is protected by a piece of its own just before or after it along the path.",
                ),
                (
                    "grid",
                    "A piece is protected by a piece of its own on any square beside, above or below it on the board.",
                ),
            ],
        ),
        "senet.backward_attack" => w(
            Captures,
            &[
                (
                    "true",
                    "A piece moving backwards may exchange places with an unprotected opposing piece.",
                ),
                (
                    "false",
                    "A piece moving backwards may only land on an empty square.",
                ),
            ],
        ),
        "senet.safe_squares" => w(
            Captures,
            &[
                ("{}", "No square is safe from attack."),
                ("{15}", "A piece on square 15 cannot be attacked."),
                (
                    "{15,26,28,29}",
                    "Pieces on squares 15, 26, 28 and 29 cannot be attacked.",
                ),
            ],
        ),
        "senet.bear_off_gate" => w(
            BearingOff,
            &[
                (
                    "none",
                    "A piece may leave the board whenever its throw allows.",
                ),
                (
                    "first_row_empty",
                    "No piece may leave the board while one of its owner's pieces is still in the first row.",
                ),
                (
                    "all_in_last_row",
                    "No piece may leave the board until all its owner's pieces are in the last row.",
                ),
            ],
        ),
        "senet.pieces" => w(
            Start,
            &[
                ("7", "Each player has seven pieces."),
                ("5", "Each player has five pieces."),
            ],
        ),
        // senet.kendall (SPEC §8).
        "senet.kendall.setup" => w(
            Start,
            &[
                (
                    "first_on_even",
                    "The first player's pieces start on the even squares, the front one on 14.",
                ),
                (
                    "first_on_odd",
                    "The first player's pieces start on the odd squares.",
                ),
            ],
        ),
        "senet.kendall.opening" => w(
            Start,
            &[
                ("green_first", "Green (seat A) starts."),
                (
                    "first_to_throw_one",
                    "The players throw in turn; the first to throw a 1 starts, moves the front piece with it and throws again.",
                ),
            ],
        ),
        "senet.kendall.extra_throws" => w(
            Throws,
            &[
                ("{1,4,5}", "A throw of 1, 4 or 5 earns another throw."),
                ("{5}", "Only a throw of 5 earns another throw."),
                ("none", "No throw earns another: each turn is one throw."),
            ],
        ),
        "senet.kendall.throw_mode" => w(
            Throws,
            &[
                ("immediate", "Each throw is played as soon as it is thrown."),
                (
                    "accumulate",
                    "A player throws until a 2 or a 3, then plays the throws in any order, one piece each.",
                ),
            ],
        ),
        "senet.kendall.blockade" => w(
            Moving,
            &[
                ("off", "Any row of pieces may be passed."),
                (
                    "3",
                    "Three pieces of one player in a row cannot be jumped by the other player.",
                ),
            ],
        ),
        "senet.kendall.one_from_26" => w(
            Waters,
            &[
                (
                    "allowed",
                    "A throw of 1 may take a piece from 26 into the Waters, like any move.",
                ),
                (
                    "only_if_forced",
                    "A throw of 1 takes a piece from 26 into the Waters only when nothing else can move forward.",
                ),
            ],
        ),
        "senet.kendall.attack_when_27_full" => w(
            Captures,
            &[
                (
                    "illegal",
                    "While the Waters are taken, pieces on 28, 29 and 30 cannot be attacked.",
                ),
                (
                    "send_to_15",
                    "While the Waters are taken, a piece attacked on 28, 29 or 30 goes back to 15 (or the nearest empty square before it).",
                ),
            ],
        ),
        "senet.kendall.penalty_priority" => w(
            Waters,
            &[
                (
                    "before_backward",
                    "When nothing can move forward and the piece on 26 is blocked, it falls into the Waters rather than anything moving back.",
                ),
                (
                    "after_backward",
                    "When nothing can move forward, a piece moves back if it can; only otherwise does the blocked piece on 26 fall into the Waters.",
                ),
            ],
        ),
        "senet.kendall.water_freezes" => w(
            Waters,
            &[
                (
                    "true",
                    "While a piece is in the Waters, its owner's other pieces cannot move.",
                ),
                (
                    "false",
                    "A piece in the Waters does not stop its owner's other pieces.",
                ),
            ],
        ),
        "senet.kendall.water_four_extra" => w(
            Waters,
            &[
                (
                    "true",
                    "The 4 that frees a piece from the Waters earns another throw, like any 4.",
                ),
                (
                    "false",
                    "The 4 that frees a piece from the Waters earns no other throw.",
                ),
            ],
        ),
        "senet.kendall.rebirth_blocked" => w(
            Waters,
            &[
                (
                    "step_back",
                    "A piece given up from the Waters goes to 15, or to the nearest empty square before it.",
                ),
                (
                    "forbid",
                    "A piece may be given up from the Waters only while 15 is empty.",
                ),
                (
                    "swap",
                    "A piece given up from the Waters goes to 15, and an opposing piece there goes into the Waters in its place.",
                ),
            ],
        ),
        "senet.kendall.give_up_cost" => w(
            Waters,
            &[
                (
                    "this_turn",
                    "Giving up a piece in the Waters costs this turn.",
                ),
                (
                    "this_and_next_turn",
                    "Giving up a piece in the Waters costs this turn and the next.",
                ),
            ],
        ),
        "senet.kendall.extra_on_pass" => w(
            Throws,
            &[
                (
                    "true",
                    "A 1, 4 or 5 that cannot be played still earns another throw.",
                ),
                (
                    "false",
                    "A throw that cannot be played earns no other throw.",
                ),
            ],
        ),
        "senet.kendall.rebirth_must_move" => w(
            Waters,
            &[
                ("false", "A piece given up to 15 moves like any other."),
                (
                    "true",
                    "A piece given up to 15 must be the next to move, and its owner's pairs lose their protection until it does.",
                ),
            ],
        ),
        "senet.kendall.trap" => w(
            SpecialPlaces,
            &[
                (
                    "off",
                    "A throw that would carry a piece past 26 cannot be played.",
                ),
                (
                    "on",
                    "A throw that would carry a piece from 22-25 past 26 drops it into the Waters.",
                ),
            ],
        ),
        "senet.kendall.bear_off_optional" => w(
            BearingOff,
            &[
                (
                    "false",
                    "Bearing off is a move like any other: when it is the only move, it must be played.",
                ),
                (
                    "true",
                    "A player may decline to bear off when it is the only move, and pass the throw.",
                ),
            ],
        ),
        // senet.school (SPEC §9).
        "senet.school.opening" => w(
            Start,
            &[
                (
                    "decide_only",
                    "The first 1 thrown only decides who starts; the starter then throws.",
                ),
                (
                    "use_the_one",
                    "The first 1 thrown decides who starts and is played at once.",
                ),
            ],
        ),
        "senet.school.opening_throws" => w(
            Start,
            &[
                (
                    "alternate",
                    "The players throw in turn until one throws a 1.",
                ),
                (
                    "simultaneous",
                    "Both players throw together until exactly one of them throws a 1.",
                ),
            ],
        ),
        "senet.school.defence" => w(
            Captures,
            &[
                (
                    "own_adjacent",
                    "A counter is defended by one of its owner's counters next to it.",
                ),
                (
                    "any_adjacent",
                    "A counter is defended by any counter next to it, of either player.",
                ),
            ],
        ),
        "senet.school.extra_on_pass" => w(
            Throws,
            &[
                (
                    "true",
                    "A 5 that cannot be played still earns another throw.",
                ),
                (
                    "false",
                    "A throw that cannot be played earns no other throw.",
                ),
            ],
        ),
        "senet.school.one_from_26" => w(
            Waters,
            &[
                ("none", "A counter on 26 cannot move with a 1."),
                ("to_27", "A 1 moves a counter from 26 into the Waters."),
            ],
        ),
        "senet.school.attack_when_27_full" => w(
            Captures,
            &[
                (
                    "illegal",
                    "While the Waters are taken, counters on 28, 29 and 30 cannot be attacked.",
                ),
                (
                    "send_to_start",
                    "While the Waters are taken, a counter attacked on 28, 29 or 30 goes back to the start.",
                ),
            ],
        ),
        "senet.school.blockade" => w(
            Moving,
            &[
                ("off", "Any row of counters may be passed."),
                (
                    "3",
                    "Three counters of one player in a row cannot be jumped by the other player.",
                ),
            ],
        ),
        "senet.school.water_give_up" => w(
            Waters,
            &[
                (
                    "false",
                    "Only a throw of 4 frees a counter from the Waters.",
                ),
                (
                    "true",
                    "A counter in the Waters may also be given up and put back on 15.",
                ),
            ],
        ),
        // The 58-hole board's lines, named alike by every Hounds & Jackals rule set.
        "hj.lines" => w(
            Lines,
            &[
                (
                    "both",
                    "The lines work both ways: forwards from 6 to 20 and 8 to 10, backwards from 20 to 6 and 10 to 8.",
                ),
                (
                    "forward_only",
                    "The lines only carry pieces forwards: from 6 to 20 and from 8 to 10.",
                ),
                (
                    "backward_only",
                    "The lines only carry pieces backwards: from 20 to 6 and from 10 to 8.",
                ),
            ],
        ),
        // hj.skiryuk (SPEC §3).
        "hj.skiryuk.opening" => w(
            Start,
            &[
                (
                    "lowest_moves_with_opening_throw",
                    "Both throw; the lower throw starts and moves by it, then the other throws again.",
                ),
                (
                    "opening_only_decides_order",
                    "Both throw; the lower throw only decides who starts.",
                ),
            ],
        ),
        "hj.skiryuk.bonus_chain" => w(
            Throws,
            &[
                (
                    "unlimited",
                    "Every landing on 15 or 25 earns another throw, even during a bonus throw.",
                ),
                (
                    "one_per_turn",
                    "Landing on 15 or 25 earns at most one more throw a turn.",
                ),
            ],
        ),
        "hj.skiryuk.bonus" => w(
            Throws,
            &[
                ("automatic", "The throw earned on 15 or 25 is always taken."),
                (
                    "declinable",
                    "The throw earned on 15 or 25 may be declined.",
                ),
            ],
        ),
        "hj.skiryuk.retrigger" => w(
            Entering,
            &[
                (
                    "every_crossing",
                    "Every time a piece passes 15 or 25, a new piece enters.",
                ),
                (
                    "once_per_piece_per_hole",
                    "Each piece brings in a new piece at most once at 15 and once at 25.",
                ),
            ],
        ),
        "hj.skiryuk.entry_by_one" => w(
            Entering,
            &[
                (
                    "false",
                    "Pieces enter only when a piece passes 15 or 25 (or when none is left on the path).",
                ),
                (
                    "true",
                    "A throw of 1 may also bring a piece from the hand onto an empty hole 1.",
                ),
            ],
        ),
        "hj.skiryuk.load" => w(
            Entering,
            &[
                (
                    "automatic",
                    "A piece enters by itself when one passes 15 or 25.",
                ),
                (
                    "optional",
                    "A player may refuse the piece that would enter when one passes 15 or 25.",
                ),
            ],
        ),
        "hj.skiryuk.blocked_load" => w(
            Entering,
            &[
                (
                    "lost",
                    "A piece that should enter while hole 1 is taken does not enter.",
                ),
                (
                    "deferred",
                    "A piece that should enter while hole 1 is taken enters once hole 1 is free.",
                ),
            ],
        ),
        "hj.skiryuk.capture_target" => w(
            Captures,
            &[
                (
                    "rearmost",
                    "A piece reaching the big hole captures the opposing piece farthest back.",
                ),
                (
                    "foremost",
                    "A piece reaching the big hole captures the opposing piece farthest ahead.",
                ),
                (
                    "choice",
                    "A piece reaching the big hole captures the opposing piece its player chooses.",
                ),
            ],
        ),
        "hj.skiryuk.no_target" => w(
            Captures,
            &[
                (
                    "nothing",
                    "A piece reaching the big hole when no opposing piece is on the path captures nothing.",
                ),
                (
                    "deferred_capture",
                    "A piece reaching the big hole when no opposing piece is on the path captures one later, as soon as there is one.",
                ),
                (
                    "take_from_hand",
                    "A piece reaching the big hole when no opposing piece is on the path captures one from the opponent's hand.",
                ),
            ],
        ),
        "hj.skiryuk.auto_load" => w(
            Entering,
            &[
                (
                    "always",
                    "Whenever a player has no piece on the path and some in hand, one enters by itself.",
                ),
                (
                    "after_capture_only",
                    "A piece enters by itself on an empty path only just after a capture.",
                ),
            ],
        ),
        "hj.skiryuk.exit_s" => w(
            BearingOff,
            &[
                (
                    "by_one",
                    "Pieces stay in the big hole until a throw of 1 returns one to the hand.",
                ),
                (
                    "immediate_return_to_hand",
                    "A piece reaching the big hole goes straight back to its owner's hand.",
                ),
            ],
        ),
        // hj.washburne (SPEC §4).
        "hj.washburne.home_box" => w(
            Start,
            &[(
                "holes_1_5",
                "The pieces start in their home box, holes 1 to 5, and knocked-off pieces come back there.",
            )],
        ),
        "hj.washburne.orange" => w(
            SpecialPlaces,
            &[
                (
                    "bonus_throw",
                    "Landing on an orange hole earns another throw.",
                ),
                ("none", "The orange holes do nothing."),
                (
                    "blocking_point",
                    "A piece on an orange hole cannot be passed.",
                ),
            ],
        ),
        "hj.washburne.ankh_holes" => w(
            SpecialPlaces,
            &[
                ("{15,25}", "Pieces on the ankh holes 15 and 25 are safe."),
                (
                    "{...}",
                    "Pieces on the ankh holes you list (any of 1 to 29) are safe.",
                ),
            ],
        ),
        "hj.washburne.capture_via_line" => w(
            Captures,
            &[
                (
                    "true",
                    "A line may end on an unsafe opposing piece, knocking it off.",
                ),
                (
                    "false",
                    "A line whose far end holds an opposing piece is not followed.",
                ),
            ],
        ),
        "hj.washburne.reentry" => w(
            Captures,
            &[
                (
                    "kth_hole",
                    "A knocked-off piece comes back with a throw of k on hole k of its home box.",
                ),
                (
                    "only_one_to_first_free",
                    "A knocked-off piece comes back only with a 1, on the first free hole of its home box.",
                ),
            ],
        ),
        "hj.washburne.blocked_home_loss" => w(
            End,
            &[
                (
                    "immediate",
                    "A player with a knocked-off piece and a full home box loses at once.",
                ),
                (
                    "at_failed_reentry",
                    "A player with a full home box loses when a knocked-off piece fails to come back.",
                ),
            ],
        ),
        "hj.washburne.shared_hole" => w(
            SpecialPlaces,
            &[
                (
                    "ordinary",
                    "The big hole at the top is an ordinary hole: one piece, not safe.",
                ),
                (
                    "safe_unlimited",
                    "The big hole at the top holds any number of pieces, safe from attack.",
                ),
            ],
        ),
        "hj.washburne.no_passing" => w(
            Moving,
            &[
                ("false", "Pieces may jump over other pieces."),
                ("true", "Pieces may not jump over other pieces."),
            ],
        ),
        "hj.washburne.dice" => w(
            Throws,
            &[
                ("sticks", "Moves are counted with the four throw sticks."),
                (
                    "two_d4",
                    "Moves are counted with two four-sided dice, one for each of two pieces.",
                ),
            ],
        ),
        "hj.washburne.d4_same_piece" => w(
            Throws,
            &[
                ("false", "The two dice must move two different pieces."),
                ("true", "Both dice may move the same piece."),
            ],
        ),
        // hj.walker (SPEC §5).
        "hj.walker.variation" => w(
            Moving,
            &[
                (
                    "false",
                    "Pieces run up their own side to the big hole and leave from there.",
                ),
                (
                    "true",
                    "The circuit variation: pieces go on down the opponent's side and leave from its hole 1; no hole but the big one holds two pieces.",
                ),
            ],
        ),
        "hj.walker.shared_30" => w(
            SpecialPlaces,
            &[
                (
                    "unlimited",
                    "The big hole at the top holds any number of pieces of both players.",
                ),
                (
                    "single",
                    "The big hole at the top holds one piece at a time.",
                ),
            ],
        ),
        "hj.walker.block_lines" => w(
            Lines,
            &[
                ("false", "A line jumps over the blocking points."),
                ("true", "A blocking point on the way stops a line."),
            ],
        ),
        "hj.walker.bear_off" => w(
            BearingOff,
            &[
                (
                    "five",
                    "A piece leaves the big hole with a throw of exactly 5.",
                ),
                (
                    "five_or_one",
                    "A piece leaves the big hole with a 5 or a 1.",
                ),
                ("any", "A piece leaves the big hole with any throw."),
            ],
        ),
        "hj.walker.v_block" => w(
            Moving,
            &[
                (
                    "all",
                    "In the variation, any piece on a blocking point (10, 15, 20, 25 of either side) blocks everyone.",
                ),
                (
                    "owner_only",
                    "In the variation, a piece on a blocking point blocks only its owner's pieces.",
                ),
                (
                    "none",
                    "In the variation, the blocking points block nothing.",
                ),
            ],
        ),
        "hj.walker.v_bear_off_gate" => w(
            BearingOff,
            &[
                (
                    "all_entered",
                    "In the variation, a piece leaves the board only once its owner has entered every piece.",
                ),
                (
                    "none",
                    "In the variation, a piece may leave the board even with pieces still in hand.",
                ),
            ],
        ),
        // hj.french (SPEC §6).
        "hj.french.opening" => w(
            Start,
            &[
                (
                    "alternate",
                    "The players throw in turn, the first chosen at random, until one throws a 1.",
                ),
                (
                    "simultaneous",
                    "Both players throw together until exactly one of them throws a 1.",
                ),
            ],
        ),
        "hj.french.bonus_fallback" => w(
            Throws,
            &[
                (
                    "lost",
                    "A bonus throw that the piece which earned it cannot use is lost.",
                ),
                (
                    "any_piece",
                    "A bonus throw that the piece which earned it cannot use may move another piece.",
                ),
            ],
        ),
        "hj.french.hole_30" => w(
            BearingOff,
            &[
                (
                    "exit_immediately",
                    "A piece reaching hole 30 with an exact throw is out at once.",
                ),
                (
                    "stay_then_exit_on_any",
                    "A piece reaching hole 30 stays there, and leaves with any later throw.",
                ),
            ],
        ),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::RuleSetId;

    /// Every option of every rule set has a topic and a sentence for each of its values (and
    /// none for a value it does not list): the lobby and `nefer rules` never fall back to keys.
    #[test]
    fn every_option_of_every_rule_set_has_words() {
        for &id in RuleSetId::ALL {
            for spec in id.option_specs() {
                let words = spec
                    .words()
                    .unwrap_or_else(|| panic!("{}: {} has no words", id.key(), spec.name));
                let mut listed: Vec<&str> = words.values.iter().map(|&(v, _)| v).collect();
                let mut values = spec.values.to_vec();
                listed.sort_unstable();
                values.sort_unstable();
                assert_eq!(
                    listed,
                    values,
                    "{}: {} has sentences for other values",
                    id.key(),
                    spec.name
                );
                for &(v, s) in words.values {
                    assert!(
                        s.ends_with('.') && s.chars().next().is_some_and(char::is_uppercase),
                        "{}={v}: a sentence",
                        spec.name
                    );
                    // People's words: no option value or key inside the sentence.
                    assert!(
                        !s.contains('_') && !s.contains(&spec.name),
                        "{}={v}: {s}",
                        spec.name
                    );
                }
            }
        }
    }

    #[test]
    fn the_same_option_reads_alike_in_every_rule_set() {
        let a = words_of("senet.kendall.max_turns").unwrap();
        let b = words_of("hj.french.max_turns").unwrap();
        assert_eq!(a, b);
        assert_eq!(a.topic, Topic::End);
        assert_eq!(
            a.sentence("N"),
            Some("A game still going after the number of turns you give is called a draw.")
        );
        assert_eq!(a.sentence("12"), None);
        assert_eq!(words_of("hj.nope.trap"), None);
        assert_eq!(Topic::Waters.title(), "The Waters");
    }

    #[test]
    fn topics_are_listed_once_in_order() {
        let mut sorted = Topic::ALL;
        sorted.sort();
        assert_eq!(sorted, Topic::ALL);
    }
}
