//! `nefer play`: a plain-text game in the terminal, against the computer or a second person at
//! the same keyboard. The dice are seeded (`--seed`), the record can be saved (`--save`).
//!
//! The game is a [`Match`]: this module only prints it and reads a person's moves.

use std::io::{BufRead, Read, Write};
use std::path::PathBuf;

use anyhow::{Context as _, Result};
use nefer_core::{
    Action, AnyGame, ByPlayer, Chance, Game, Move, MoveList, Options, Outcome, Record, RuleSetId,
    Seat, Status, Sticks,
};
use nefer_players::PlayerSpec;
use nefer_players::play::{Entry, Match, Next, SeededDice};

/// Who sits in the other seat: a second person, or a computer player.
#[derive(Clone, Debug, PartialEq)]
pub enum Opponent {
    /// The computer.
    Computer(PlayerSpec),
    /// A second person at the same keyboard.
    Human,
}

fn parse_opponent(s: &str) -> Result<Opponent, String> {
    match s {
        "human" => Ok(Opponent::Human),
        _ => s
            .parse()
            .map(Opponent::Computer)
            .map_err(|e: nefer_players::BadPlayer| e.to_string()),
    }
}

/// Arguments of `nefer play`.
#[derive(clap::Args)]
pub struct PlayArgs {
    /// The rule set (see `nefer rules`).
    #[arg(long, default_value = "senet.kendall")]
    rules: String,
    /// A rule option NAME=VALUE (repeatable; see `nefer rules KEY`).
    #[arg(long = "option", value_name = "NAME=VALUE")]
    options: Vec<String>,
    /// Who plays the other seat: `human`, a level (beginner, easy, medium, hard, expert) or a
    /// player (random, greedy, expectimax[:depth=D,ms=T], mcts[:iters=N,ms=T]).
    #[arg(long, default_value = "medium", value_parser = parse_opponent)]
    vs: Opponent,
    /// The seat you take against the computer.
    #[arg(long, default_value = "A", value_parser = parse_seat)]
    seat: Seat,
    /// Seed of the sticks and of the computer's choices (random if not given).
    #[arg(long)]
    seed: Option<u64>,
    /// Save the game record (.ngr) to this file when the game ends or you quit.
    #[arg(long)]
    save: Option<PathBuf>,
}

fn parse_seat(s: &str) -> Result<Seat, String> {
    match s {
        "A" | "a" => Ok(Seat::A),
        "B" | "b" => Ok(Seat::B),
        _ => Err(format!("`{s}` is not a seat: A or B")),
    }
}

/// The four sticks as they fell: `I` a counted face up, `-` the other face.
fn draw_sticks(s: Sticks) -> String {
    (0..4)
        .map(|i| if s.counted(i) { "[I]" } else { "[-]" })
        .collect::<Vec<_>>()
        .join(" ")
}

/// Runs a game on standard input and output.
///
/// # Errors
/// Unknown rule set or option, or a failed write of the record.
pub fn run(args: PlayArgs) -> Result<()> {
    let id: RuleSetId = args.rules.parse()?;
    let options = crate::sim::parse_options(&args.options)?;
    let game = id.new_game(&options)?;
    if let Opponent::Computer(p) = &args.vs
        && !p.supports(&game)
    {
        anyhow::bail!(
            "{p} plays only the pure races as solved (fair sticks, compulsory moves): hj.french and basic hj.walker"
        );
    }
    let seed = args.seed.unwrap_or_else(rand::random);
    let stdin = std::io::stdin();
    let session = Session {
        id,
        options,
        seed,
        vs: args.vs,
        human_seat: args.seat,
        save: args.save,
    };
    session.play(&mut stdin.lock(), &mut crate::output::stdout())
}

struct Session {
    id: RuleSetId,
    options: Options,
    seed: u64,
    vs: Opponent,
    human_seat: Seat,
    save: Option<PathBuf>,
}

impl Session {
    fn is_human(&self, seat: Seat) -> bool {
        self.vs == Opponent::Human || seat == self.human_seat
    }

    fn name(&self, seat: Seat) -> String {
        match (&self.vs, seat == self.human_seat) {
            (Opponent::Human, _) | (_, true) => "you".into(),
            (Opponent::Computer(p), false) => format!("computer ({p})"),
        }
    }

    fn record(&self, m: &Match) -> Record {
        let mut r = m.to_record();
        r.comments.push(format!(
            "nefer {} play, seed {}",
            env!("CARGO_PKG_VERSION"),
            self.seed
        ));
        for seat in Seat::BOTH {
            let who = match (&self.vs, seat == self.human_seat) {
                (Opponent::Human, _) => format!("person {seat}"),
                (_, true) => "person".to_owned(),
                (Opponent::Computer(p), false) => p.to_string(),
            };
            r.set_header(&format!("player-{seat}"), &who);
        }
        r.set_header("seed", &self.seed.to_string());
        r
    }

    fn save(&self, m: &Match, out: &mut impl Write) -> Result<()> {
        if let Some(path) = &self.save {
            std::fs::write(path, self.record(m).to_text())
                .with_context(|| format!("cannot write {}", path.display()))?;
            writeln!(out, "Record saved to {}.", path.display())?;
        }
        Ok(())
    }

    /// Prints a chance outcome as it fell.
    fn show_chance(e: Entry, out: &mut impl Write) -> Result<()> {
        match (e.action, e.seat, e.sticks) {
            (Action::Chance(Chance::Throw(t)), Some(s), sticks) => {
                let sticks = sticks.unwrap_or_else(|| Sticks::showing(t));
                writeln!(out, "{s} throws: {}  = {t}", draw_sticks(sticks))?;
            }
            (Action::Chance(Chance::Dice(d)), Some(s), _) => {
                writeln!(out, "{s} throws the dice: {d}")?
            }
            (Action::Chance(c), ..) => writeln!(out, "Chance decides: seat {c} throws first.")?,
            (Action::Move(_), ..) => {}
        }
        Ok(())
    }

    fn play(&self, input: &mut impl BufRead, out: &mut impl Write) -> Result<()> {
        // The sticks have their own stream and the computer its own seed, so a person's choices
        // do not change the throws that follow.
        let players = ByPlayer(Seat::BOTH.map(|seat| match &self.vs {
            Opponent::Computer(p) if !self.is_human(seat) => {
                Some(p.build(self.seed ^ 0x9e37_79b9_7f4a_7c15))
            }
            _ => None,
        }));
        let dice = Box::new(SeededDice::new(self.seed));
        let mut m = Match::new(self.id, self.options.clone(), players, dice)?;
        let mut moves = MoveList::new();
        writeln!(
            out,
            "nefer — {} (seed {}). Seat A: {}; seat B: {}.",
            self.id.info().title,
            self.seed,
            self.name(Seat::A),
            self.name(Seat::B)
        )?;
        writeln!(
            out,
            "Type a move's number or its notation; `board`, `moves`, `rules`, `quit`."
        )?;
        let mut shown_board = true;
        writeln!(out, "{}", m.game().board_text())?;
        loop {
            match m.next() {
                Next::Over(o) => {
                    writeln!(out, "{}", m.game().board_text())?;
                    match o {
                        Outcome::Win(s) => {
                            writeln!(out, "Game over: seat {s} ({}) wins.", self.name(s))?
                        }
                        Outcome::Draw => writeln!(out, "Game over: a draw.")?,
                    }
                    return self.save(&m, out);
                }
                // Every throw is the dice's here, a person's too.
                Next::Dice | Next::Throw(_) => Session::show_chance(m.throw()?, out)?,
                Next::Computer(seat) => {
                    if let Some(Entry {
                        action: Action::Move(mv),
                        ..
                    }) = m.step()?
                    {
                        writeln!(out, "{seat} ({}) plays {mv}", self.name(seat))?;
                        shown_board = false;
                    }
                }
                Next::Decide(seat) => {
                    let game = m.game();
                    let throw = match game.status() {
                        Status::Decide { throw, .. } => throw,
                        _ => None,
                    };
                    game.legal_moves(&mut moves);
                    let mut sorted: Vec<Move> = moves.to_vec();
                    sorted.sort_by_key(|m| m.to_string());
                    if !shown_board {
                        writeln!(out, "{}", game.board_text())?;
                    }
                    let t = throw
                        .map_or_else(|| "before throwing".to_owned(), |t| format!("throw {t}"));
                    match self.ask(seat, &t, &sorted, input, out, game)? {
                        Some(mv) => {
                            shown_board = true;
                            m.act(Action::Move(mv))?;
                        }
                        None => {
                            writeln!(out, "Game left unfinished.")?;
                            return self.save(&m, out);
                        }
                    }
                }
            }
        }
    }

    /// Asks a person for a move until a legal one comes; `None` when they quit or input ends.
    fn ask(
        &self,
        seat: Seat,
        throw: &str,
        moves: &[Move],
        input: &mut impl BufRead,
        out: &mut impl Write,
        game: &AnyGame,
    ) -> Result<Option<Move>> {
        loop {
            let list: Vec<String> = moves
                .iter()
                .enumerate()
                .map(|(i, m)| format!("{}) {m}", i + 1))
                .collect();
            write!(out, "Seat {seat}, {throw}. Moves: {}\n> ", list.join("  "))?;
            out.flush()?;
            let Some(line) = read_line(input)? else {
                return Ok(None);
            };
            let Ok(line) = line else {
                writeln!(
                    out,
                    "That line is longer than {LINE_MAX} bytes or not UTF-8 text; type a move."
                )?;
                continue;
            };
            let text = line.trim();
            match text {
                "" => continue,
                "quit" | "q" | "exit" => return Ok(None),
                "board" | "b" => {
                    writeln!(out, "{}", game.board_text())?;
                    continue;
                }
                "moves" | "m" | "?" | "help" => continue,
                "rules" => {
                    writeln!(out, "{}", self.id.info().rules)?;
                    continue;
                }
                _ => {}
            }
            if let Ok(n) = text.parse::<usize>()
                && (1..=moves.len()).contains(&n)
            {
                return Ok(Some(moves[n - 1]));
            }
            match text.parse::<Move>() {
                Ok(m) if moves.contains(&m) => return Ok(Some(m)),
                Ok(m) => writeln!(out, "{m} is not legal now.")?,
                Err(e) => writeln!(out, "{e}; type a number from 1 to {}.", moves.len())?,
            }
        }
    }
}

/// The longest input line read as a move or command; a longer one is skipped, never kept whole.
const LINE_MAX: usize = 1024;

/// The next line of `input`: `None` at its end, `Some(Err(()))` for a line longer than
/// [`LINE_MAX`] bytes (read to its end and dropped, a bounded piece at a time) or not UTF-8.
fn read_line(input: &mut impl BufRead) -> Result<Option<Result<String, ()>>> {
    let mut line = Vec::new();
    let n = Read::take(&mut *input, LINE_MAX as u64 + 1).read_until(b'\n', &mut line)?;
    if n == 0 {
        return Ok(None);
    }
    if line.len() > LINE_MAX && line.last() != Some(&b'\n') {
        // Drop the rest of the line without keeping it.
        loop {
            let buf = input.fill_buf()?;
            if buf.is_empty() {
                break;
            }
            match buf.iter().position(|&b| b == b'\n') {
                Some(i) => {
                    input.consume(i + 1);
                    break;
                }
                None => {
                    let len = buf.len();
                    input.consume(len);
                }
            }
        }
        return Ok(Some(Err(())));
    }
    Ok(Some(String::from_utf8(line).map_err(|_| ())))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn sticks_are_drawn_as_they_fell() {
        assert_eq!(draw_sticks(Sticks::from_bits(0b0101)), "[I] [-] [I] [-]");
    }

    #[test]
    fn opponents_parse() {
        assert_eq!(parse_opponent("human"), Ok(Opponent::Human));
        assert_eq!(
            parse_opponent("random"),
            Ok(Opponent::Computer(PlayerSpec::Random))
        );
        assert!(parse_opponent("hard").is_ok());
        assert!(
            parse_opponent("grandmaster")
                .unwrap_err()
                .contains("not a player")
        );
    }

    #[test]
    fn input_lines_are_read_within_their_bound() {
        let long = "x".repeat(3 * LINE_MAX);
        let text = format!("1\n{long}\nquit\n\u{ff}\n");
        let mut input = std::io::Cursor::new([text.as_bytes(), &[0xff, b'\n']].concat());
        assert_eq!(read_line(&mut input).unwrap(), Some(Ok("1\n".into())));
        assert_eq!(read_line(&mut input).unwrap(), Some(Err(())));
        assert_eq!(read_line(&mut input).unwrap(), Some(Ok("quit\n".into())));
        assert_eq!(read_line(&mut input).unwrap(), Some(Ok("\u{ff}\n".into())));
        assert_eq!(read_line(&mut input).unwrap(), Some(Err(())));
        assert_eq!(read_line(&mut input).unwrap(), None);
    }

    #[test]
    fn seat_parsing() {
        assert_eq!(parse_seat("B"), Ok(Seat::B));
        assert!(parse_seat("C").is_err());
    }

    #[test]
    fn a_bad_option_is_an_error_not_a_panic() {
        let e = run(PlayArgs {
            rules: "senet.kendall".into(),
            options: vec!["senet.kendall.nope=1".into()],
            vs: Opponent::Computer(PlayerSpec::Random),
            seat: Seat::A,
            seed: Some(1),
            save: None,
        })
        .unwrap_err();
        assert!(e.to_string().contains("unknown option"));
    }
}
