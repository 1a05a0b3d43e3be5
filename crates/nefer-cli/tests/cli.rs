//! The `nefer` binary end to end: rules, replay (trace and errors), play with scripted input.

use std::io::Write as _;
use std::path::{Path, PathBuf};
use std::process::{Command, Output, Stdio};

use nefer_core::Record;

fn nefer(args: &[&str], stdin: &str) -> Output {
    let mut child = Command::new(env!("CARGO_BIN_EXE_nefer"))
        .args(args)
        .stdin(Stdio::piped())
        .stdout(Stdio::piped())
        .stderr(Stdio::piped())
        .spawn()
        .expect("nefer runs");
    // A command that fails before it reads its input closes the pipe first: that is its
    // answer, not the test's failure.
    if let Err(e) = child.stdin.take().unwrap().write_all(stdin.as_bytes()) {
        assert_eq!(e.kind(), std::io::ErrorKind::BrokenPipe, "{e}");
    }
    child.wait_with_output().unwrap()
}

/// Arguments: the words of `cmd`, then `then` (arguments that may hold spaces, such as paths).
fn argv<'a>(cmd: &'a str, then: &[&'a str]) -> Vec<&'a str> {
    cmd.split_whitespace().chain(then.iter().copied()).collect()
}

/// `nefer` with the words of `cmd` as its arguments, reading `stdin`.
fn nefer_cmd(cmd: &str, stdin: &str) -> Output {
    nefer(&argv(cmd, &[]), stdin)
}

/// Asserts that `out` is a failure whose error says `words`.
#[track_caller]
fn assert_fails_with(out: &Output, words: &str) {
    let err = text(&out.stderr);
    assert!(!out.status.success(), "it succeeded: {err}");
    assert!(err.contains(words), "{err}");
}

fn text(b: &[u8]) -> String {
    String::from_utf8_lossy(b).into_owned()
}

fn vectors() -> PathBuf {
    Path::new(env!("CARGO_MANIFEST_DIR")).join("../nefer-core/tests/conformance")
}

fn temp(name: &str) -> PathBuf {
    let dir = std::env::temp_dir().join(format!("nefer-cli-test-{}", std::process::id()));
    std::fs::create_dir_all(&dir).unwrap();
    dir.join(name)
}

#[test]
fn rules_lists_and_explains() {
    let out = nefer(&["rules"], "");
    assert!(out.status.success());
    assert!(text(&out.stdout).contains("senet.kendall"));
    let out = nefer(&["rules", "senet.school"], "");
    let s = text(&out.stdout);
    assert!(s.contains("seed 004") && s.contains("senet.school.defence") && s.contains("21"));
    // The options by topic, each value in plain words (the core's).
    assert!(s.contains("\n Captures\n"), "{s}");
    assert!(s.contains("A counter is defended by one of its owner's counters next to it."));
    let out = nefer(&["rules", "senet.nope"], "");
    assert_fails_with(&out, "unknown rule set `senet.nope`");
}

#[test]
fn replay_prints_the_position_after_any_ply() {
    // Senet after Kendall, green's 2 then 14-16: red to throw.
    let f = temp("position.ngr");
    std::fs::write(&f, "rules: senet.kendall\nactions: 2 14-16 3\n").unwrap();
    let at = |ply: Option<&str>| {
        let mut args = vec!["replay", f.to_str().unwrap(), "--position"];
        if let Some(n) = ply {
            args.extend(["--ply", n]);
        }
        let out = nefer(&args, "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let start = "senet.kendall A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A throw\n";
    assert_eq!(at(Some("0")), start);
    assert_eq!(
        at(Some("1")),
        "senet.kendall A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A 2\n"
    );
    let end = "senet.kendall A:2,4,6,8,10,12,16 B:1,3,5,7,9,11,13 B 3 turn=2\n";
    assert_eq!(at(Some("3")), end);
    assert_eq!(at(None), end, "the final position without --ply");
    // The position reads back: a record that starts there replays the rest.
    let g = temp("from-position.ngr");
    let header = format!(
        "rules: senet.kendall\nposition: {}actions: 2 14-16 3\n",
        start
    );
    std::fs::write(&g, header).unwrap();
    let out = nefer(&["replay", g.to_str().unwrap(), "--position"], "");
    assert_eq!(text(&out.stdout), end);
    // --ply also cuts the trace and the summary.
    let out = nefer(
        &["replay", f.to_str().unwrap(), "--ply", "1", "--trace"],
        "",
    );
    assert_eq!(
        text(&out.stdout),
        "{\"i\":1,\"player\":\"A\",\"throw\":2,\"legal\":[\"14-16\"]}\n{\"result\":\"ongoing\"}\n"
    );
}

#[test]
fn replay_refuses_a_ply_past_the_end() {
    let f = temp("short.ngr");
    std::fs::write(&f, "rules: senet.kendall\nactions: 2 14-16 3\n").unwrap();
    let out = nefer(
        &["replay", f.to_str().unwrap(), "--ply", "4", "--position"],
        "",
    );
    assert!(!out.status.success());
    assert!(out.stdout.is_empty());
    let e = text(&out.stderr);
    assert!(
        e.contains("--ply 4 is past the end: the record has 3 actions"),
        "{e}"
    );
    let out = nefer(&["replay", f.to_str().unwrap(), "--ply", "-1"], "");
    assert!(!out.status.success());
    let out = nefer(
        &["replay", f.to_str().unwrap(), "--trace", "--position"],
        "",
    );
    assert!(!out.status.success(), "one output at a time");
}

#[test]
fn replay_trace_matches_a_vector() {
    let rec = vectors().join("senet.kendall/senet.kendall-0001-000.ngr");
    let out = nefer(&["replay", rec.to_str().unwrap(), "--trace"], "");
    assert!(out.status.success());
    let expected = std::fs::read_to_string(rec.with_extension("trace.jsonl")).unwrap();
    assert_eq!(text(&out.stdout), expected);
}

#[test]
fn an_illegal_action_is_named_and_fails() {
    let f = temp("illegal.ngr");
    std::fs::write(&f, "rules: senet.kendall\nactions:\n2 14-16 2 13-14\n").unwrap();
    let out = nefer(&["replay", f.to_str().unwrap(), "--trace"], "");
    assert!(!out.status.success());
    let err = text(&out.stderr);
    assert!(err.contains("action 3 `13-14`"), "{err}");
    assert!(err.contains("legal here: 13-15"), "{err}");
    assert_eq!(
        text(&out.stdout),
        "",
        "nothing else goes to standard output"
    );
}

#[test]
fn a_malformed_record_names_its_line() {
    let f = temp("malformed.ngr");
    std::fs::write(&f, "rules: senet.kendall\nthis is not a header\nactions:\n").unwrap();
    let out = nefer(&["replay", f.to_str().unwrap()], "");
    assert_fails_with(&out, "line 2");
    let out = nefer(&["replay", "/nonexistent/x.ngr"], "");
    assert_fails_with(&out, "cannot read");
}

#[test]
fn two_people_play_a_whole_game_and_the_record_replays() {
    let save = temp("whole.ngr");
    // Always the first listed move: a whole game needs a few hundred answers.
    let answers = "1\n".repeat(3000);
    let out = nefer(
        &argv(
            "play --vs human --seed 11 --save",
            &[save.to_str().unwrap()],
        ),
        &answers,
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.contains("Game over: seat"), "{s}");
    let out = nefer(&["replay", save.to_str().unwrap(), "--trace"], "");
    assert!(out.status.success());
    let last = text(&out.stdout).lines().last().unwrap().to_owned();
    assert!(
        last == r#"{"result":"A"}"# || last == r#"{"result":"B"}"#,
        "{last}"
    );
}

#[test]
fn the_same_seed_plays_the_same_game() {
    let (a, b) = (temp("seed-a.ngr"), temp("seed-b.ngr"));
    for f in [&a, &b] {
        let out = nefer(
            &argv(
                "play --rules senet.school --seed 5 --save",
                &[f.to_str().unwrap()],
            ),
            &"2\n1\n".repeat(2000),
        );
        assert!(out.status.success());
    }
    assert_eq!(std::fs::read(&a).unwrap(), std::fs::read(&b).unwrap());
}

#[test]
fn wrong_input_in_play_is_explained_and_quit_saves() {
    let save = temp("quit.ngr");
    let out = nefer(
        &["play", "--seed", "2", "--save", save.to_str().unwrap()],
        "nonsense\n99-100\nquit\n",
    );
    assert!(out.status.success());
    let s = text(&out.stdout);
    assert!(s.contains("is not a move"), "{s}");
    assert!(s.contains("Game left unfinished"));
    let rec = std::fs::read_to_string(&save).unwrap();
    assert!(rec.contains("rules: senet.kendall") && rec.contains("seed: 2"));
}

#[test]
fn unknown_options_are_refused() {
    let out = nefer(&["play", "--option", "senet.kendall.pieces=9"], "");
    assert_fails_with(&out, "unknown option");
    let out = nefer(&["play", "--option", "senet.pieces=9"], "");
    assert!(text(&out.stderr).contains("not a value of senet.pieces"));
}

#[test]
fn sim_json_has_the_documented_keys_and_ignores_threads() {
    let run = |threads: &str| {
        let out = nefer(
            &argv(
                "sim --rules senet.school --a greedy --b random --games 40 --seed 3 --threads",
                &[threads, "--json"],
            ),
            "",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        text(&out.stdout)
    };
    let one = run("1");
    let two = run("2");
    let strip = |s: &str| s.split(",\"seconds\"").next().unwrap().to_owned();
    assert_eq!(strip(&one), strip(&two), "same seed, same results");
    for key in [
        "\"rules\":\"senet.school\"",
        "\"games\":40",
        "\"seed\":3",
        "\"a\":{",
        "\"player\":\"greedy\"",
        "\"wins\":",
        "\"win_rate\":",
        "\"ci95\":[",
        "\"b\":{",
        "\"draws\":",
        "\"first_seat\":{",
        "\"turns\":{\"mean\":",
        "\"median\":",
        "\"p95\":",
        "\"moves\":{",
        "\"seconds\":",
    ] {
        assert!(one.contains(key), "{key} missing in {one}");
    }
}

#[test]
fn sim_says_the_options_it_ran_under() {
    let args = |extra: &[&'static str]| {
        let mut v = vec![
            "sim",
            "--rules",
            "hj.walker",
            "--a",
            "greedy",
            "--b",
            "random",
            "--games",
            "6",
        ];
        v.extend_from_slice(extra);
        v
    };
    let out = nefer(&args(&["--option", "hj.walker.bear_off=any"]), "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let table = text(&out.stdout);
    assert!(
        table.starts_with("hj.walker (hj.walker.bear_off=any) — 6 games"),
        "{table}"
    );
    let out = nefer(&args(&["--option", "hj.walker.bear_off=any", "--json"]), "");
    assert!(text(&out.stdout).contains("\"options\":\"hj.walker.bear_off=any\""));
    // Without options the header is the rule set alone.
    let out = nefer(&args(&[]), "");
    assert!(text(&out.stdout).starts_with("hj.walker — 6 games"));
}

#[test]
fn sim_takes_the_luck_out_of_the_same_games() {
    // The same games with and without the judge; the adjusted score beside the plain one.
    let plain = sim_summary("--rules hj.french --a greedy --b greedy --games 16 --seed 4");
    let out = nefer_cmd(
        "sim --rules hj.french --a greedy --b greedy --games 16 --seed 4 --luck --json",
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert!(text(&out.stdout).starts_with(plain.as_str()), "{json}");
    let l = &json["luck_adjusted"];
    assert_eq!(
        (l["judge"].as_str(), l["depth"].as_u64()),
        (Some("neural"), Some(1))
    );
    let wins = json["a"]["wins"].as_f64().unwrap() + json["draws"].as_f64().unwrap() / 2.0;
    assert!(
        (l["score"].as_f64().unwrap() - wins / 16.0).abs() < 1e-12,
        "{l}"
    );
    for key in ["adjusted", "variance_removed"] {
        assert!(l[key].as_f64().is_some(), "{key} missing in {l}");
    }
    assert_eq!(l["adjusted_ci95"].as_array().map(Vec::len), Some(2), "{l}");
    // The table says it in words.
    let out = nefer_cmd(
        "sim --rules hj.french --a greedy --b greedy --games 4 --luck=2",
        "",
    );
    assert!(text(&out.stdout).contains("luck-adjusted (judge: neural, depth 2)"));
    // A depth the judge would take minutes over is refused.
    let out = nefer_cmd("sim --rules hj.french --a greedy --b greedy --luck=9", "");
    assert_fails_with(&out, "--luck");
}

#[test]
fn sim_refuses_unknown_players() {
    let out = nefer_cmd("sim --rules senet.kendall --a grandmaster --b random", "");
    assert_fails_with(&out, "not a player");
}

#[test]
fn play_against_a_level_to_the_end() {
    let out = nefer_cmd("play --vs easy --seed 4", &"1\n".repeat(3000));
    assert!(out.status.success());
    let s = text(&out.stdout);
    assert!(
        s.contains("computer (greedy)") && s.contains("Game over"),
        "{s}"
    );
}

/// `nefer solve` with the words of `opts`, writing its table to `file`; it must succeed.
fn solve_into(file: &Path, opts: &str) -> Output {
    let out = nefer(
        &argv(&format!("solve {opts} --out"), &[file.to_str().unwrap()]),
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    out
}

#[test]
fn solve_writes_a_table_that_info_reads() {
    let out_file = temp("french-1.ntb");
    let out = solve_into(
        &out_file,
        "--rules hj.french --pieces 1 --exact-up-to 1 --json",
    );
    let s = text(&out.stdout);
    for key in [
        "\"expected_turns_to_finish\":",
        "\"p_first_thrower_wins\":",
        "\"p_first_thrower_wins_exact\":",
        "\"expected_game_turns\":",
    ] {
        assert!(s.contains(key), "{key} in {s}");
    }
    let info = nefer(&["solve", "--info", out_file.to_str().unwrap()], "");
    assert!(info.status.success());
    let s = text(&info.stdout);
    assert!(s.contains("\"rules\": \"hj.french\""), "{s}");
    assert!(s.contains("31 states") && s.contains("checksum ok"), "{s}");
    // Not a pure race, or not a table: clear errors.
    let out = nefer(&["solve", "--rules", "senet.kendall"], "");
    assert!(text(&out.stderr).contains("not a pure race"));
    let junk = temp("junk.ntb");
    std::fs::write(&junk, b"hello").unwrap();
    let out = nefer(&["solve", "--info", junk.to_str().unwrap()], "");
    assert!(!out.status.success() && text(&out.stderr).contains("not a nefer table"));
}

#[test]
fn solve_refuses_bad_bounds_with_clear_errors() {
    // Once a panic (an empty range at race.rs:340): now a table of values alone.
    let out = nefer_cmd("solve --rules hj.french --pieces 1 --max-turns 0", "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let values_only = temp("french-values.ntb");
    solve_into(&values_only, "--rules hj.walker --pieces 1 --max-turns 0");
    let info = nefer(&["solve", "--info", values_only.to_str().unwrap()], "");
    assert!(text(&info.stdout).contains("0 distribution values"));
    // A table that cannot be written: an error, not a panic.
    let out = nefer_cmd("solve --rules hj.french --pieces 1 --out /dev/full", "");
    assert_fails_with(&out, "cannot write /dev/full: table I/O: No space left");
    for (args, message) in [
        ("--pieces 0", "--pieces must be 1 to 5, 0 given"),
        ("--pieces 6", "--pieces must be 1 to 5, 6 given"),
        ("--pieces 300", "invalid value '300'"),
        ("--max-turns 4001", "--max-turns must be at most 4000"),
        ("--max-turns 99999999999999999999999", "invalid value"),
        ("--exact-up-to 4", "--exact-up-to must be 0 to 3"),
        ("--cutoff 1", "--cutoff must be at least 0 and below 1"),
        ("--cutoff=-1e-9", "--cutoff must be"),
    ] {
        let out = nefer_cmd(&format!("solve --rules hj.french {args}"), "");
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{args:?}");
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn solve_info_refuses_bad_tables_without_reading_them_whole() {
    // Endless zeros: refused after one header, not read until memory runs out.
    let out = nefer(&["solve", "--info", "/dev/zero"], "");
    assert_fails_with(&out, "not a nefer table");
    // A header that claims 2^61 states and carries no data (once "0 states": the size check
    // overflowed).
    let mut h = b"NEFERTBL".to_vec();
    h.extend_from_slice(&2u32.to_le_bytes());
    h.extend_from_slice(&2u32.to_le_bytes());
    h.extend_from_slice(&(1u64 << 61).to_le_bytes());
    h.extend_from_slice(&0u64.to_le_bytes());
    h.extend_from_slice(&192u32.to_le_bytes());
    let crc = crc32(&h);
    h.extend_from_slice(&crc.to_le_bytes());
    let liar = temp("liar.ntb");
    std::fs::write(&liar, &h).unwrap();
    let out = nefer(&["solve", "--info", liar.to_str().unwrap()], "");
    assert_fails_with(
        &out,
        "2305843009213693952 states, a table holds 1 to 16777216",
    );
    // A real table cut short, and one with a byte changed.
    let good = temp("french-2.ntb");
    solve_into(&good, "--rules hj.french --pieces 2 --exact-up-to 0");
    let bytes = std::fs::read(&good).unwrap();
    let cut = temp("cut.ntb");
    std::fs::write(&cut, &bytes[..bytes.len() - 10]).unwrap();
    let out = nefer(&["solve", "--info", cut.to_str().unwrap()], "");
    assert!(
        text(&out.stderr).contains("truncated"),
        "{}",
        text(&out.stderr)
    );
    let mut flipped = bytes.clone();
    let at = bytes.len() - 100;
    flipped[at] ^= 0x10;
    let bad = temp("flipped.ntb");
    std::fs::write(&bad, &flipped).unwrap();
    let out = nefer(&["solve", "--info", bad.to_str().unwrap()], "");
    assert!(
        text(&out.stderr).contains("checksum does not match"),
        "{}",
        text(&out.stderr)
    );
}

/// CRC-32 (IEEE), bit by bit: the table format's checksum, written out here so the test does
/// not trust the code it checks.
fn crc32(bytes: &[u8]) -> u32 {
    let mut c = !0u32;
    for &b in bytes {
        c ^= u32::from(b);
        for _ in 0..8 {
            c = if c & 1 == 1 {
                (c >> 1) ^ 0xEDB8_8320
            } else {
                c >> 1
            };
        }
    }
    !c
}

#[test]
fn perfect_only_plays_pure_races() {
    let out = nefer_cmd(
        "sim --rules senet.kendall --a perfect --b random --games 2",
        "",
    );
    assert_fails_with(&out, "plays only the pure races");
    let out = nefer(&["play", "--rules", "senet.school", "--vs", "perfect"], "");
    assert!(text(&out.stderr).contains("plays only the pure races"));
}

/// The record of a seeded game against the computer, as `nefer play` saved it before it ran on
/// the match (`nefer_players::play::Match`): the same seed and answers must give the same game.
#[test]
fn a_seeded_game_is_the_same_as_before() {
    for (args, answers, fixture) in [
        (
            &["--vs", "easy", "--seed", "4"][..],
            "1\n".repeat(3000),
            "play-easy-seed4.ngr",
        ),
        (
            &argv("--rules hj.french --vs medium --seat B --seed 7", &[])[..],
            "2\n1\n".repeat(2000),
            "play-french-medium-seatB-seed7.ngr",
        ),
    ] {
        let save = temp(fixture);
        let mut all = vec!["play"];
        all.extend_from_slice(args);
        all.extend_from_slice(&["--save", save.to_str().unwrap()]);
        let out = nefer(&all, &answers);
        assert!(out.status.success(), "{}", text(&out.stderr));
        let saved = std::fs::read_to_string(&save).unwrap();
        // The comment line names the version; the rest is the game.
        let game: String = saved
            .lines()
            .filter(|l| !l.starts_with('#'))
            .map(|l| format!("{l}\n"))
            .collect();
        let expected = Path::new(env!("CARGO_MANIFEST_DIR"))
            .join("tests/fixtures")
            .join(fixture);
        assert_eq!(
            game,
            std::fs::read_to_string(expected).unwrap(),
            "{fixture}"
        );
    }
}

/// `nefer sim ARGS --json`'s summary without the time it took.
fn sim_summary(args: &str) -> String {
    let out = nefer_cmd(&format!("sim {args} --json"), "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json = text(&out.stdout);
    json.split(",\"seconds\"").next().unwrap().to_owned()
}

/// A seeded simulation's summary, as `nefer sim` gave it before the simulator ran on the shared
/// playout loop: it must not drift.
#[test]
fn a_seeded_sim_is_the_same_as_before() {
    assert_eq!(
        sim_summary("--rules senet.school --a greedy --b random --games 40 --seed 3"),
        r#"{"rules":"senet.school","options":"","games":40,"seed":3,"a":{"wins":30,"win_rate":0.75,"ci95":[0.5980603857923197,0.858128813609037],"player":"greedy"},"b":{"wins":10,"win_rate":0.25,"ci95":[0.14187118639096302,0.40193961420768026],"player":"random"},"draws":0,"first_seat":{"wins":20,"win_rate":0.5,"ci95":[0.35199526933465386,0.6480047306653461]},"turns":{"mean":189.15,"median":191.0,"p95":225.0},"moves":{"mean":202.125,"median":202.5,"p95":238.0}"#
    );
    // Random players in the rule sets whose generators list moves in notation order (issue 19):
    // the same games as when the random player ranked the generator's lists.
    assert_eq!(
        sim_summary("--rules senet.kendall --a random --b random --games 300 --seed 3 --threads 2"),
        r#"{"rules":"senet.kendall","options":"","games":300,"seed":3,"a":{"wins":151,"win_rate":0.5033333333333333,"ci95":[0.44707193979203275,0.5595104403998036],"player":"random"},"b":{"wins":149,"win_rate":0.49666666666666665,"ci95":[0.4404895596001963,0.5529280602079671],"player":"random"},"draws":0,"first_seat":{"wins":151,"win_rate":0.5033333333333333,"ci95":[0.44707193979203275,0.5595104403998036]},"turns":{"mean":163.73666666666668,"median":162.0,"p95":210.0},"moves":{"mean":254.03,"median":251.5,"p95":323.0}"#
    );
    assert_eq!(
        sim_summary("--rules hj.french --a random --b random --games 300 --seed 3 --threads 2"),
        r#"{"rules":"hj.french","options":"","games":300,"seed":3,"a":{"wins":149,"win_rate":0.49666666666666665,"ci95":[0.4404895596001963,0.5529280602079671],"player":"random"},"b":{"wins":151,"win_rate":0.5033333333333333,"ci95":[0.44707193979203275,0.5595104403998036],"player":"random"},"draws":0,"first_seat":{"wins":161,"win_rate":0.5366666666666666,"ci95":[0.4801320652390865,0.5922741168711132]},"turns":{"mean":106.29,"median":106.0,"p95":129.0},"moves":{"mean":119.77333333333333,"median":119.0,"p95":143.0}"#
    );
    // Random players on two threads, as before the simulator sorted moves without strings
    // (issue 19): the players' order of the moves, and so every choice, is unchanged.
    assert_eq!(
        sim_summary("--rules hj.washburne --a random --b random --games 300 --seed 3 --threads 2"),
        r#"{"rules":"hj.washburne","options":"","games":300,"seed":3,"a":{"wins":156,"win_rate":0.52,"ci95":[0.4635710820137406,0.5759231991372775],"player":"random"},"b":{"wins":144,"win_rate":0.48,"ci95":[0.42407680086272237,0.5364289179862594],"player":"random"},"draws":0,"first_seat":{"wins":140,"win_rate":0.4666666666666667,"ci95":[0.41099110566704244,0.5231850924145939]},"turns":{"mean":323.0366666666667,"median":305.0,"p95":540.0},"moves":{"mean":382.7033333333333,"median":364.5,"p95":639.0}"#
    );
}

/// Game 2 of seed 312 can never end (hj.washburne with two d4; as game 650 of seed 1, where B
/// cannot move and A's one free piece runs from R20 to R7 and back by the line, but without
/// 650 games before it, which took minutes in a debug build): `nefer sim` once never finished;
/// now the guard stops that game and the summary counts it as endless, neither won nor drawn,
/// and `nefer study` counts it in its outcome.
#[test]
fn a_game_that_can_never_end_is_stopped_and_counted_endless() {
    let args = "--rules hj.washburne --option hj.washburne.dice=two_d4 --a random --b random \
                --games 3 --seed 312";
    let out = nefer_cmd(&format!("sim {args} --json"), "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_str(&text(&out.stdout)).unwrap();
    assert_eq!(
        (v["endless"].as_u64(), v["draws"].as_u64()),
        (Some(1), Some(0))
    );
    assert_eq!(
        v["a"]["wins"].as_u64().unwrap() + v["b"]["wins"].as_u64().unwrap(),
        2
    );
    let out = nefer_cmd(&format!("sim {args}"), "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("\n  endless: 1 "),
        "{}",
        text(&out.stdout)
    );
    // Without an endless game the table says nothing of them.
    let out = nefer_cmd("sim --rules hj.french --a random --b random --games 10", "");
    assert!(
        !text(&out.stdout).contains("endless"),
        "{}",
        text(&out.stdout)
    );

    let dir = temp("study-endless");
    // The outcome alone: no master self-play or skill games, minutes in a debug build.
    let line = format!("study {args} --win-chances 0 --skill-games 0 --out");
    let mut study: Vec<&str> = line.split_whitespace().collect();
    study.push(dir.to_str().unwrap());
    let out = nefer(&study[..], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json = study_json_without_seconds(&dir.join("study.json"));
    let outcome = &json["studies"][0]["outcome"];
    assert_eq!(outcome["endless"]["count"], 1, "{outcome}");
    assert_eq!(outcome["draws"]["count"], 0, "{outcome}");
    assert_eq!(outcome["decisive"], 2, "{outcome}");
    let md = std::fs::read_to_string(dir.join("study.md")).unwrap();
    assert!(md.contains("endless"), "{md}");
}

/// Random against random in `senet.kendall` and `hj.french`, as `nefer sim` gave them before
/// the simulator played two random players on the rule set's own state, with players kept per
/// thread and batches of games (issue 19): the same at one thread and at two.
#[test]
fn a_seeded_random_sim_is_the_same_as_before_on_any_thread_count() {
    let expected = [
        (
            "senet.kendall",
            r#"{"rules":"senet.kendall","options":"","games":300,"seed":3,"a":{"wins":151,"win_rate":0.5033333333333333,"ci95":[0.44707193979203275,0.5595104403998036],"player":"random"},"b":{"wins":149,"win_rate":0.49666666666666665,"ci95":[0.4404895596001963,0.5529280602079671],"player":"random"},"draws":0,"first_seat":{"wins":151,"win_rate":0.5033333333333333,"ci95":[0.44707193979203275,0.5595104403998036]},"turns":{"mean":163.73666666666668,"median":162.0,"p95":210.0},"moves":{"mean":254.03,"median":251.5,"p95":323.0}"#,
        ),
        (
            "hj.french",
            r#"{"rules":"hj.french","options":"","games":300,"seed":3,"a":{"wins":149,"win_rate":0.49666666666666665,"ci95":[0.4404895596001963,0.5529280602079671],"player":"random"},"b":{"wins":151,"win_rate":0.5033333333333333,"ci95":[0.44707193979203275,0.5595104403998036],"player":"random"},"draws":0,"first_seat":{"wins":161,"win_rate":0.5366666666666666,"ci95":[0.4801320652390865,0.5922741168711132]},"turns":{"mean":106.29,"median":106.0,"p95":129.0},"moves":{"mean":119.77333333333333,"median":119.0,"p95":143.0}"#,
        ),
    ];
    for (rules, json) in expected {
        for threads in [1, 2] {
            assert_eq!(
                sim_summary(&format!(
                    "--rules {rules} --a random --b random --games 300 --seed 3 --threads {threads}"
                )),
                json,
                "{rules} on {threads} threads"
            );
        }
    }
}

/// `nefer ARGS` with its standard output going to `stdout`.
fn nefer_to(args: &[&str], stdout: Stdio) -> Output {
    Command::new(env!("CARGO_BIN_EXE_nefer"))
        .args(args)
        .stdin(Stdio::null())
        .stdout(stdout)
        .stderr(Stdio::piped())
        .output()
        .expect("nefer runs")
}

#[test]
fn a_closed_pipe_ends_quietly() {
    // `nefer rules | head -0`: the reader is gone before the first line (its end of the pipe
    // closed right after the start), so every write fails with a broken pipe.
    for args in [
        &["rules"][..],
        &["rules", "senet.kendall"],
        &argv(
            "replay --trace ../nefer-core/tests/conformance/senet.kendall/senet.kendall-0001-000.ngr",
            &[],
        ),
        &argv("sim --rules hj.french --a random --b random --games 2", &[]),
    ] {
        let mut child = Command::new(env!("CARGO_BIN_EXE_nefer"))
            .args(args)
            .current_dir(env!("CARGO_MANIFEST_DIR"))
            .stdin(Stdio::null())
            .stdout(Stdio::piped())
            .stderr(Stdio::piped())
            .spawn()
            .expect("nefer runs");
        drop(child.stdout.take());
        let out = child.wait_with_output().unwrap();
        assert!(out.status.success(), "{args:?}: {out:?}");
        assert_eq!(text(&out.stderr), "", "{args:?}: quietly");
    }
}

#[test]
fn a_full_disk_is_a_clear_error() {
    let Ok(full) = std::fs::OpenOptions::new().write(true).open("/dev/full") else {
        return; // Not a Linux machine: nothing to test against.
    };
    let record = vectors().join("senet.kendall/senet.kendall-0001-000.ngr");
    for args in [
        &["rules"][..],
        &["rules", "hj.walker"],
        &["replay", "--trace", record.to_str().unwrap()],
        &argv("sim --rules hj.french --a random --b random --games 2", &[]),
        &argv(
            "sim --rules hj.french --a random --b random --games 2 --json",
            &[],
        ),
    ] {
        let out = nefer_to(args, Stdio::from(full.try_clone().unwrap()));
        let err = text(&out.stderr);
        assert_eq!(out.status.code(), Some(1), "{args:?}: {err}");
        assert!(
            err.contains("cannot write to standard output: No space left on device"),
            "{args:?}: {err}"
        );
        assert!(!err.contains("panicked"), "{args:?}: {err}");
    }
}

#[test]
fn every_count_is_bounded() {
    let sim = |extra: &str| {
        nefer_cmd(
            &format!("sim --rules hj.french --a random --b random {extra}"),
            "",
        )
    };
    for (extra, says) in [
        ("--games 4294967295", "--games"),
        ("--games 10000001", "10000000"),
        ("--games 0", "--games"),
        ("--threads 100000", "--threads"),
        ("--threads 0", "--threads"),
    ] {
        let out = sim(extra);
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{extra:?}");
        assert!(err.contains(says), "{extra:?}: {err}");
        assert!(
            !err.contains("panicked") && !err.contains("memory"),
            "{err}"
        );
    }
    for vs in [
        "expectimax:depth=2,depth=3",
        "expectimax:",
        "mcts:iters=5,iters=6",
        "expectimax:depth=2,",
        "mcts:iters=100000000",
        "expectimax:depth=13",
    ] {
        let out = nefer(&["play", "--vs", vs, "--seed", "1"], "quit\n");
        let err = text(&out.stderr);
        assert!(!out.status.success(), "{vs} accepted");
        assert!(err.contains("is not a player"), "{vs}: {err}");
    }
    let out = nefer_cmd("solve --rules hj.french --max-turns 4000000000", "");
    assert_fails_with(&out, "--max-turns");
}

#[test]
fn reads_are_bounded() {
    // Endless zeros: refused at the bound, not read until memory runs out.
    let out = nefer(&["replay", "/dev/zero"], "");
    let err = text(&out.stderr);
    assert!(!out.status.success());
    assert!(err.contains("/dev/zero is larger than 16 MiB"), "{err}");
    // A line of a megabyte at `nefer play`'s prompt is skipped, not kept; the game goes on.
    let long = "x".repeat(1 << 20);
    let out = nefer_cmd("play --vs human --seed 3", &format!("{long}\nquit\n"));
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("longer than 1024 bytes"));
}

#[test]
fn serve_names_the_data_directory_it_cannot_use() {
    let out = nefer_cmd("serve --addr 127.0.0.1:0 --data /dev/null", "");
    assert_fails_with(&out, "the data directory /dev/null: it is not a directory");
    let err = text(&out.stderr);
    assert!(
        !err.contains("127.0.0.1"),
        "the address is not to blame: {err}"
    );
}

/// A finished game as the server records it: played with the dice of `seed`, its commitment
/// and (the game over) the seed in its headers.
fn server_record(seed: &str) -> Record {
    use nefer_players::play::Match;
    use nefer_server::session::{DICE_SEED, DICE_SHA256, DiceSeed};
    let dice = DiceSeed::from_hex(seed).unwrap();
    let players = nefer_core::ByPlayer([
        Some(
            "random"
                .parse::<nefer_players::PlayerSpec>()
                .unwrap()
                .build(1),
        ),
        Some(
            "random"
                .parse::<nefer_players::PlayerSpec>()
                .unwrap()
                .build(2),
        ),
    ]);
    let mut m = Match::new(
        nefer_core::RuleSetId::HjFrench,
        Default::default(),
        players,
        Box::new(dice.dice()),
    )
    .unwrap();
    m.play_computers().unwrap();
    assert!(m.outcome().is_some());
    let mut r = m.to_record();
    r.set_header(DICE_SHA256, &dice.commitment());
    r.set_header(DICE_SEED, seed);
    r
}

#[test]
fn replay_checks_a_revealed_dice_seed() {
    let seed = "5e".repeat(32);
    let record = server_record(&seed);
    let fair = temp("fair.ngr");
    std::fs::write(&fair, record.to_text()).unwrap();
    let out = nefer(&["replay", fair.to_str().unwrap()], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("are the revealed seed's, and the seed is the one committed to"),
        "{}",
        text(&out.stdout)
    );
    // Another seed than the one committed to.
    let mut other = record.clone();
    other.set_header("dice-seed", &"5f".repeat(32));
    let f = temp("other-seed.ngr");
    std::fs::write(&f, other.to_text()).unwrap();
    let out = nefer(&["replay", f.to_str().unwrap()], "");
    assert_fails_with(&out, "not the committed");
    // The committed seed, but throws it did not make: a game whose sticks were fished.
    let mut fished = server_record(&"7a".repeat(32));
    fished.set_header("dice-sha256", record.header("dice-sha256").unwrap());
    fished.set_header("dice-seed", &seed);
    let f = temp("fished.ngr");
    std::fs::write(&f, fished.to_text()).unwrap();
    let out = nefer(&["replay", f.to_str().unwrap()], "");
    assert_fails_with(&out, "the throws are not the revealed seed's");
}

#[test]
fn perft_prints_the_counts_of_the_perft_files() {
    let start = "senet.kendall A:2,4,6,8,10,12,14 B:1,3,5,7,9,11,13 A throw";
    // The first lines of tests/perft/senet.kendall.perft (the depth 2 is counted by hand there).
    let out = nefer(&["perft", start, "--depth", "2"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert_eq!(
        text(&out.stdout),
        "perft 1 nodes=5 decisions=5 chances=0 over=0 moves=0 outcomes=5\n\
         perft 2 nodes=24 decisions=0 chances=24 over=0 moves=24 outcomes=0\n"
    );
    // --divide: each throw with its moves (SPEC 8.3), then the total.
    let out = nefer(&["perft", start, "--depth", "2", "--divide"], "");
    let s = text(&out.stdout);
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines.len(), 6, "{s}");
    assert!(lines[1].starts_with("2 nodes=1 "), "{s}");
    assert!(lines[5].starts_with("perft 2 nodes=24 "), "{s}");
    // Bad input is named, not a panic.
    let out = nefer(&["perft", "senet.kendall A:2 B:1 X throw"], "");
    assert_fails_with(&out, "not a position");
    let out = nefer(&["perft", start, "--depth", "0"], "");
    assert!(!out.status.success());
}

/// The JSON of a study without its timings, which are the only figures allowed to differ
/// between two runs of one seed.
fn study_json_without_seconds(path: &Path) -> serde_json::Value {
    let text = std::fs::read_to_string(path).unwrap();
    let mut v: serde_json::Value = serde_json::from_str(&text).unwrap();
    v.as_object_mut()
        .unwrap()
        .remove("seconds")
        .expect("the wall time");
    for s in v["studies"].as_array_mut().unwrap() {
        let s = s.as_object_mut().unwrap();
        s.remove("seconds").expect("a time");
        if let Some(w) = s.get_mut("win_chances").and_then(|w| w.as_object_mut()) {
            w.remove("seconds").expect("a time");
        }
        for p in s["skill"]["pairs"].as_array_mut().unwrap() {
            p.as_object_mut()
                .unwrap()
                .remove("seconds")
                .expect("a time");
        }
    }
    v
}

/// The rows, their win-chance games and their skill pairs all run at once on the pool: the
/// same results on one, two or three threads (their timings aside).
#[test]
fn a_small_study_writes_both_files_whatever_the_threads() {
    let run = |threads: &str| {
        let dir = temp(&format!("study-{threads}"));
        let out = nefer(
            &[
                "study",
                "--rules",
                "hj.french",
                "--rules",
                "senet.kendall:senet.pieces=5",
                "--games",
                "40",
                "--seed",
                "9",
                "--interaction",
                "--win-chances",
                "3",
                "--depth",
                "1",
                "--chance-turns",
                "40",
                "--players",
                "greedy/random",
                "--players",
                "random/greedy",
                "--skill-games",
                "7",
                "--threads",
                threads,
                "--out",
                dir.to_str().unwrap(),
            ],
            "",
        );
        assert!(out.status.success(), "{}", text(&out.stderr));
        assert!(text(&out.stdout).contains("study.json"));
        dir
    };
    let (one, two, three) = (run("1"), run("2"), run("3"));
    let json = study_json_without_seconds(&one.join("study.json"));
    assert_eq!(json, study_json_without_seconds(&two.join("study.json")));
    assert_eq!(json, study_json_without_seconds(&three.join("study.json")));
    assert_eq!(
        (json["games"].as_u64(), json["seed"].as_u64()),
        (Some(40), Some(9))
    );
    assert_eq!(json["a"], "random");
    assert_eq!(
        (json["win_chances"].as_u64(), json["skill_games"].as_u64()),
        (Some(3), Some(7))
    );
    assert_eq!(json["chance_turns"], 40);
    // The French race's master games (about 75 turns) are drawn at the cap; the row's other
    // games are not capped.
    let french = &json["studies"][0];
    assert!(
        french["win_chances"]["turns"]["max"].as_u64().unwrap() <= 41,
        "{french}"
    );
    assert_eq!(french["win_chances"]["turn_caps"]["count"], 3, "{french}");
    assert!(
        french["duration"]["turns"]["max"].as_u64().unwrap() > 41,
        "{french}"
    );
    assert_eq!(french["outcome"]["turn_caps"]["count"], 0);
    assert_eq!(french["skill"]["pairs"].as_array().unwrap().len(), 2);
    let studies = json["studies"].as_array().unwrap();
    assert_eq!(studies.len(), 2);
    assert_eq!(studies[1]["rules"], "senet.kendall");
    assert_eq!(studies[1]["variant"], "senet.pieces=5");
    for s in studies {
        assert_eq!(s["games"], 40);
        for path in [
            "/outcome/first_player/rate",
            "/outcome/first_player/ci95/1",
            "/outcome/first_player_decisive/count",
            "/outcome/balance/rate",
            "/outcome/draws/count",
            "/outcome/jams/rate",
            "/outcome/turn_caps/ci95/0",
            "/duration/turns/mean",
            "/duration/turns/mean_ci95/0",
            "/duration/turns/sd",
            "/duration/turns/p5",
            "/duration/turns/median",
            "/duration/turns/p95",
            "/duration/decisions/histogram/width",
            "/decisions/real_choice_share/value",
            "/decisions/branching_factor/ci95/1",
            "/interaction/captures/mean",
            "/interaction/bonus_throws/ci95/0",
        ] {
            assert!(
                s.pointer(path).is_some_and(|v| v.is_number()),
                "{path} in {s}"
            );
        }
        let counts = s.pointer("/duration/turns/histogram/counts").unwrap();
        let total: u64 = counts
            .as_array()
            .unwrap()
            .iter()
            .map(|c| c.as_u64().unwrap())
            .sum();
        assert_eq!(total, 40);
    }
    let md = std::fs::read_to_string(one.join("study.md")).unwrap();
    for heading in [
        "## Outcome",
        "## Length in turns",
        "## Length in decisions",
        "## Decisions",
        "## Interaction",
        "| senet.kendall (senet.pieces=5) | 40 |",
    ] {
        assert!(md.contains(heading), "{heading} missing in {md}");
    }
}

/// A small study with win chances and a skill pair, as CI runs it: the French race (a
/// twentieth of a second a `master` game), every win-chance metric a number inside its
/// bounds, the pair's score and Elo spread, the Markdown's tables and a report with charts.
#[test]
fn a_study_measures_win_chances_and_skill_and_draws_a_report() {
    let dir = temp("study-chances");
    let out = nefer(
        &[
            "study",
            "--rules",
            "hj.french",
            "--games",
            "20",
            "--win-chances",
            "6",
            "--depth",
            "1",
            "--players",
            "master/random",
            "--skill-games",
            "10",
            "--seed",
            "3",
            "--out",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(text(&out.stdout).contains("report.html"));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("study.json")).unwrap()).unwrap();
    assert_eq!(
        (json["win_chances"].as_u64(), json["skill_games"].as_u64()),
        (Some(6), Some(10))
    );
    let row = &json["studies"][0];
    let w = &row["win_chances"];
    assert_eq!(w["evaluator"], "neural");
    assert!(w["unavailable"].is_null());
    assert_eq!(w["samples"].as_array().unwrap().len(), 3);
    for (path, lo, hi) in [
        ("/luck_per_throw/value", 0.0, 1.0),
        ("/change_per_decision/value", 0.0, 1.0),
        ("/luck_share/value", 0.0, 1.0),
        ("/critical_decisions/value", 0.0, 1.0),
        ("/drama/mean", 0.0, 1.0),
        ("/lead_changes/mean", 0.0, 1e6),
        ("/decisiveness/mean", 0.0, 1.0),
        ("/comebacks/rate", 0.0, 1.0),
    ] {
        let x = w["metrics"].pointer(path).and_then(|v| v.as_f64());
        assert!(x.is_some_and(|x| (lo..=hi).contains(&x)), "{path}: {w}");
    }
    let pair = &row["skill"]["pairs"][0];
    assert_eq!(
        (pair["a"].as_str(), pair["b"].as_str()),
        (Some("master:depth=3,ms=1000"), Some("random"))
    );
    let wins = pair["wins"].as_u64().unwrap() as f64;
    let draws = pair["draws"].as_u64().unwrap() as f64;
    assert!((pair["score"].as_f64().unwrap() - (wins + draws / 2.0) / 10.0).abs() < 1e-12);
    assert_eq!(row["skill"]["elo_spread"]["value"], pair["elo"]);
    let md = std::fs::read_to_string(dir.join("study.md")).unwrap();
    for heading in [
        "## Luck, critical decisions, drama",
        "## Skill (score of a against b)",
    ] {
        assert!(md.contains(heading), "{heading} missing in {md}");
    }
    let html = std::fs::read_to_string(dir.join("report.html")).unwrap();
    for chart in [
        "data-chart=\"length\"",
        "data-chart=\"trajectory\"",
        "data-chart=\"skill-luck\"",
    ] {
        assert!(html.contains(chart), "{chart} missing");
    }
    // Win chances where no network knows the options: said, not made up.
    let out = nefer(
        &[
            "study",
            "--rules",
            "hj.french:hj.lines=both",
            "--games",
            "4",
            "--win-chances",
            "2",
            "--skill-games",
            "0",
            "--out",
            dir.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let json: serde_json::Value =
        serde_json::from_str(&std::fs::read_to_string(dir.join("study.json")).unwrap()).unwrap();
    let w = &json["studies"][0]["win_chances"];
    assert!(w["metrics"].is_null(), "{w}");
    assert!(
        w["unavailable"]
            .as_str()
            .unwrap()
            .contains("no calibrated evaluator"),
        "{w}"
    );
    // Studies run apart make one report: both rows' charts.
    let first = temp("study-chances-first");
    std::fs::create_dir_all(&first).unwrap();
    std::fs::copy(dir.join("study.json"), first.join("study.json")).unwrap();
    let merged = temp("study-merged");
    let out = nefer(
        &[
            "study",
            "--report-from",
            first.join("study.json").to_str().unwrap(),
            "--report-from",
            dir.join("study.json").to_str().unwrap(),
            "--out",
            merged.to_str().unwrap(),
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let html = std::fs::read_to_string(merged.join("report.html")).unwrap();
    assert_eq!(html.matches("data-chart=\"length\"").count(), 2);
    let out = nefer(
        &[
            "study",
            "--report-from",
            "/nonexistent/study.json",
            "--out",
            merged.to_str().unwrap(),
        ],
        "",
    );
    assert_fails_with(&out, "cannot read /nonexistent/study.json");
    // A pair that is not A/B is a clear error.
    let out = nefer(
        &[
            "study",
            "--rules",
            "hj.french",
            "--games",
            "2",
            "--players",
            "master",
        ],
        "",
    );
    assert_fails_with(&out, "is not A/B");
}

#[test]
fn a_study_sweeps_an_option_and_prints_markdown() {
    let out = nefer(
        &[
            "study",
            "--rules",
            "senet.school",
            "--sweep",
            "senet.pieces",
            "--games",
            "10",
            "--win-chances",
            "0",
            "--skill-games",
            "0",
        ],
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let md = text(&out.stdout);
    assert!(md.starts_with("# nefer study"), "{md}");
    for row in [
        "| senet.school senet.pieces=7 | 10 |",
        "| senet.school senet.pieces=5 | 10 |",
    ] {
        assert!(md.contains(row), "{row} missing in {md}");
    }
}

#[test]
fn a_bad_study_is_a_clear_error() {
    for (args, message) in [
        (
            &["--sweep", "senet.nope"][..],
            "nefer: no rule set has an option `senet.nope`",
        ),
        (
            &["--rules", "senet.kendall", "--sweep", "hj.lines"],
            "nefer: senet.kendall has no option `hj.lines`",
        ),
        (
            &["--rules", "senet.kendall", "--sweep", "senet.pieces=7,6"],
            "`6` is not a value of senet.pieces",
        ),
        (
            &["--rules", "hj.french", "--sweep", "hj.french.stick_bias"],
            "list the values to sweep, --sweep hj.french.stick_bias=v1,v2,...",
        ),
        (&["--rules", "senet.nope"], "unknown rule set `senet.nope`"),
        (&["--option", "senet.pieces"], "is not NAME=VALUE"),
    ] {
        let mut all = vec!["study", "--games", "2"];
        all.extend_from_slice(args);
        let out = nefer(&all, "");
        assert!(!out.status.success(), "{args:?}");
        let err = text(&out.stderr);
        assert!(err.contains(message), "{args:?}: {err}");
        assert!(!err.contains("panicked"), "{err}");
    }
}

/// `nefer sim --duplicate`: pairs of games on the same throws, player a's score with its
/// interval over the pairs beside the interval counting each game alone; the rest of the
/// summary is that of the same games; `nefer study --duplicate` plays the same games, its
/// intervals over the pairs.
#[test]
fn duplicate_dice_give_a_paired_score() {
    let out = nefer_cmd(
        "sim --rules senet.school --a greedy --b random --games 40 --seed 3 --duplicate --json",
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
    let d = &v["duplicate"];
    assert_eq!(d["pairs"], 20);
    let score = d["score"].as_f64().unwrap();
    let wins = v["a"]["wins"].as_f64().unwrap();
    let draws = v["draws"].as_f64().unwrap();
    assert!((score - (wins + draws / 2.0) / 40.0).abs() < 1e-12, "{d}");
    for key in ["ci95", "independent_ci95"] {
        let (lo, hi) = (d[key][0].as_f64().unwrap(), d[key][1].as_f64().unwrap());
        assert!(lo <= score && score <= hi, "{key}: {d}");
    }
    let out = nefer_cmd(
        "sim --rules hj.french --a random --b random --games 10 --duplicate",
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    assert!(
        text(&out.stdout).contains("duplicate dice, 5 pairs"),
        "{}",
        text(&out.stdout)
    );
    // `nefer study --duplicate` plays the same games, and its balance (a's wins: the
    // School rules play no draws here) has the interval of a's score over the pairs.
    let dir = temp("study-duplicate");
    let study = |games: &str| {
        nefer(
            &[
                "study",
                "--rules",
                "senet.school",
                "--a",
                "greedy",
                "--b",
                "random",
                "--games",
                games,
                "--seed",
                "3",
                "--duplicate",
                "--players",
                "greedy/random",
                "--skill-games",
                games,
                "--win-chances",
                "0",
                "--out",
                dir.to_str().unwrap(),
            ],
            "",
        )
    };
    let out = study("40");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = study_json_without_seconds(&dir.join("study.json"));
    assert_eq!(s["duplicate"], true);
    let row = &s["studies"][0];
    let balance = &row["outcome"]["balance"];
    assert_eq!(v["draws"], 0, "senet.school without a cap does not draw");
    assert_eq!(balance["count"], v["a"]["wins"]);
    for k in 0..2 {
        let (got, want) = (balance["ci95"][k].as_f64(), d["ci95"][k].as_f64());
        assert!(
            (got.unwrap() - want.unwrap()).abs() < 1e-12,
            "{balance} {d}"
        );
    }
    assert_eq!(row["duration"]["turns"]["mean"], v["turns"]["mean"]);
    // The skill pair plays the same games: its score's interval is the pairs' too.
    let skill = &row["skill"]["pairs"][0];
    assert_eq!(skill["wins"], v["a"]["wins"]);
    for k in 0..2 {
        let (got, want) = (skill["ci95"][k].as_f64(), d["ci95"][k].as_f64());
        assert!((got.unwrap() - want.unwrap()).abs() < 1e-12, "{skill} {d}");
    }
    let md = std::fs::read_to_string(dir.join("study.md")).unwrap();
    assert!(
        md.contains("every interval takes the pair as its unit"),
        "{md}"
    );
    let out = study("41");
    assert_fails_with(&out, "--games must be even, not 41");
    let out = nefer_cmd(
        "study --rules hj.french --games 10 --skill-games 3 --players greedy/random --duplicate",
        "",
    );
    assert_fails_with(&out, "--skill-games must be even, not 3");
    // A player against itself on duplicate dice would play each game twice: the win-chance
    // games stay on independent dice, the same with --duplicate as without.
    let chances = |duplicate: bool| {
        let dir = temp(&format!("study-duplicate-chances-{duplicate}"));
        let mut args = vec![
            "study",
            "--rules",
            "hj.french",
            "--games",
            "2",
            "--win-chances",
            "1",
            "--depth",
            "1",
            "--skill-games",
            "0",
            "--out",
        ];
        let path = dir.to_str().unwrap().to_owned();
        args.push(&path);
        if duplicate {
            args.push("--duplicate");
        }
        let out = nefer(&args, "");
        assert!(out.status.success(), "{}", text(&out.stderr));
        let mut s = study_json_without_seconds(&dir.join("study.json"));
        let row = &mut s["studies"][0]["win_chances"];
        row.as_object_mut().unwrap().remove("seconds");
        row.clone()
    };
    assert_eq!(chances(true), chances(false));
}

/// Senet after Kendall, A to play a 1: 20-21 stays out of the House of Waters, 26-27 falls in.
const WATERS: &str = "senet.kendall A:20,26,off*5 B:1,2,3,off*4 A 1";

/// `nefer COMMAND --json` with `args` (a command that prints one JSON object), read.
fn json_of(command: &str, args: &[&str]) -> serde_json::Value {
    let mut all = vec![command, "--json"];
    all.extend(args);
    let out = nefer(&all, "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert_eq!(s.lines().count(), 1, "one JSON object: {s}");
    serde_json::from_str(&s).unwrap()
}

/// `nefer analyze --json` with `args`: the analysis, read.
fn analysis(args: &[&str]) -> serde_json::Value {
    json_of("analyze", args)
}

#[test]
fn analyze_ranks_every_move_best_first() {
    let out = nefer(&["analyze", WATERS], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    let lines: Vec<&str> = s.lines().collect();
    assert_eq!(lines[0], WATERS);
    assert!(lines[1].starts_with("A to move with a 1;"), "{s}");
    // The default evaluator: the shipped Kendall network where one ships (its values are
    // chances), else the hand-written evaluation (they only rank).
    let g = nefer_core::AnyGame::from_position(WATERS).unwrap();
    let name = nefer_players::analysis::default_evaluator(&g)
        .name()
        .to_owned();
    let calibrated = nefer_players::eval::neural::shipped_for(&g).is_some();
    assert!(
        lines[1].contains(&format!("depth 2, on the {name} evaluation"))
            && lines[1].contains("ranks") != calibrated,
        "{s}"
    );
    let rows: Vec<Vec<&str>> = lines[4..]
        .iter()
        .map(|l| l.split_whitespace().collect())
        .collect();
    assert_eq!(rows.len(), 2, "{s}");
    assert_eq!((rows[0][0], rows[0][2]), ("20-21", "best"));
    assert_eq!(rows[1][0], "26-27");
    let (best, other): (f64, f64) = (rows[0][1].parse().unwrap(), rows[1][1].parse().unwrap());
    let loss: f64 = rows[1][2].parse().unwrap();
    assert!((best - other - loss).abs() < 0.11, "{s}");

    let v = analysis(&[WATERS, "--depth", "3"]);
    assert_eq!(v["kind"], "decide");
    assert_eq!(v["depth"], 3);
    assert_eq!(v["evaluator"], name.as_str());
    assert_eq!(v["calibrated"], calibrated);
    assert_eq!(v["best_move"], "20-21");
    let moves = v["moves"].as_array().unwrap();
    assert_eq!(moves.len(), 2);
    assert_eq!(moves[0]["loss"], 0.0);
    for m in moves {
        let (value, chance) = (
            m["value"].as_f64().unwrap(),
            m["win_chance"].as_f64().unwrap(),
        );
        assert!((chance - (1.0 + value) / 2.0).abs() < 1e-12, "{m}");
    }
}

#[test]
fn analyze_at_a_throw_gives_each_throw_and_the_expectation() {
    let before = WATERS.replace(" A 1", " A throw");
    let v = analysis(&[&before]);
    assert_eq!(v["kind"], "throw");
    assert_eq!(v["seat"], "A");
    let outcomes = v["outcomes"].as_array().unwrap();
    let throws: Vec<&str> = outcomes
        .iter()
        .map(|o| o["outcome"].as_str().unwrap())
        .collect();
    assert_eq!(throws, ["1", "2", "3", "4", "5"]);
    let p: Vec<f64> = outcomes
        .iter()
        .map(|o| o["probability"].as_f64().unwrap())
        .collect();
    assert_eq!(
        p,
        [0.25, 0.375, 0.25, 0.0625, 0.0625],
        "SPEC §1.1's 4:6:4:1:1 of 16"
    );
    let mean: f64 = outcomes
        .iter()
        .map(|o| o["probability"].as_f64().unwrap() * o["value"].as_f64().unwrap())
        .sum();
    assert!((v["value"].as_f64().unwrap() - mean).abs() < 1e-12);
    // After a 1, the decision of the test above: its best move and value.
    let after_one = analysis(&[WATERS]);
    assert_eq!(outcomes[0]["best_move"], after_one["best_move"]);
    assert_eq!(outcomes[0]["value"], after_one["value"]);
    let out = nefer(&["analyze", &before], "");
    let s = text(&out.stdout);
    assert!(s.contains("A to throw;"), "{s}");
    assert!(s.contains("6.25 %") && s.contains("expected"), "{s}");
    // A finished game says who won.
    let over = "senet.kendall A:off*7 B:20,24,off*5 A over:A turn=155";
    let out = nefer(&["analyze", over], "");
    assert!(text(&out.stdout).contains("The game is over: A has won."));
    let v = analysis(&[over]);
    assert_eq!((&v["kind"], &v["result"]), (&"over".into(), &"A".into()));
}

#[test]
fn analyze_reads_a_record_at_a_ply_as_replay_counts_them() {
    let f = temp("analyze.ngr");
    std::fs::write(&f, "rules: senet.kendall\nactions: 2 14-16 3\n").unwrap();
    let file = f.to_str().unwrap();
    for ply in ["0", "1", "3"] {
        let out = nefer(&["replay", file, "--ply", ply, "--position"], "");
        let position = text(&out.stdout).trim().to_owned();
        let from_record = analysis(&["--record", file, "--ply", ply]);
        assert_eq!(from_record, analysis(&[&position]), "ply {ply}");
    }
    assert_eq!(
        analysis(&["--record", file]),
        analysis(&["--record", file, "--ply", "3"]),
        "the end without --ply"
    );
}

#[test]
fn analyze_values_with_a_network_given() {
    let weights = temp("analyze.nnw");
    let out = nefer(
        &argv(
            "train --rules senet.kendall --games 2 --hidden 4 --eval-games 0 --out",
            &[weights.to_str().unwrap()],
        ),
        "",
    );
    assert!(out.status.success(), "{}", text(&out.stderr));
    let w = weights.to_str().unwrap();
    let v = analysis(&[WATERS, "--weights", w]);
    assert_eq!(v["evaluator"], "neural");
    // Two games of training: nobody measured its calibration, so its chances only rank moves.
    assert_eq!(v["calibrated"], false);
    let out = nefer(&["analyze", WATERS, "--weights", w], "");
    assert!(text(&out.stdout).contains("its win chances are not probabilities"));
    // The shipped network of Kendall was measured calibrated (docs/EVALUATOR.md).
    assert_eq!(analysis(&[WATERS])["calibrated"], true);
    // A network of other rules is refused, by name.
    let french = "hj.french A:L5,L12,L14,L16,L18 B:R3,R4,R7,R9,R11 A 1";
    let out = nefer(&["analyze", french, "--weights", w], "");
    assert_fails_with(
        &out,
        "the network was trained for senet.kendall, not for this game's rules (hj.french)",
    );
}

#[test]
fn analyze_refuses_bad_input_with_clear_errors() {
    let f = temp("analyze-short.ngr");
    std::fs::write(&f, "rules: senet.kendall\nactions: 2 14-16 3\n").unwrap();
    let file = f.to_str().unwrap();
    let broken = temp("analyze-broken.ngr");
    std::fs::write(&broken, "rules: senet.kendall\nactions: 2 29-30\n").unwrap();
    let missing = temp("no-such-record.ngr");
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (
            vec!["senet.kendall A:5 B:1 B 2"],
            "not a position: seat A has 1 pieces",
        ),
        (vec!["chess e4"], "not a position"),
        (vec![], "required arguments were not provided"),
        (vec![WATERS, "--record", file], "cannot be used with"),
        (vec![WATERS, "--ply", "1"], "cannot be used with"),
        (
            vec!["--record", file, "--ply", "4"],
            "--ply 4 is past the end: the record has 3 actions",
        ),
        (
            vec!["--record", file, "--ply", "-1"],
            "unexpected argument '-1'",
        ),
        (vec!["--record", missing.to_str().unwrap()], "cannot read"),
        (vec!["--record", broken.to_str().unwrap()], "29-30"),
        (vec![WATERS, "--depth", "0"], "0 is not in 1..=6"),
        (vec![WATERS, "--depth", "7"], "7 is not in 1..=6"),
        (
            vec![WATERS, "--exact"],
            "--exact: the exact tables cover only hj.french and basic hj.walker",
        ),
        (vec![WATERS, "--weights", file], "weights file"),
    ];
    for (args, words) in cases {
        let mut all = vec!["analyze"];
        all.extend(&args);
        let out = nefer(&all, "");
        assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
        assert_fails_with(&out, words);
        assert!(!text(&out.stderr).contains("panicked"), "{args:?}");
    }
}

/// A conformance record of each family: a whole Senet game of random players (B wins) and a
/// whole French race (a draw of who starts, then A wins).
fn reviewed(name: &str) -> PathBuf {
    let family = name.split('-').next().unwrap();
    vectors().join(family).join(format!("{name}.ngr"))
}

/// `nefer review --json` with `args`: the review, read.
fn review_json(args: &[&str]) -> serde_json::Value {
    json_of("review", args)
}

#[test]
fn review_json_is_the_librarys_review_of_the_record() {
    for (name, depth) in [("senet.kendall-0001-000", 1), ("hj.french-0001-001", 2)] {
        let file = reviewed(name);
        let path = file.to_str().unwrap();
        let d = depth.to_string();
        let v = review_json(&[path, "--depth", &d]);
        let record = Record::parse(&std::fs::read_to_string(&file).unwrap()).unwrap();
        let (start, actions) = nefer_players::review::record_actions(&record).unwrap();
        let want =
            nefer_players::review::review_default(&start, &actions, depth, &|_, _| ()).unwrap();
        // Both through the same text and parser: floats compare to the bit.
        let want: serde_json::Value =
            serde_json::from_str(&serde_json::to_string(&want).unwrap()).unwrap();
        assert_eq!(v, want, "{name}");
        // What the record says, as the review says it.
        assert_eq!(v["plies"], record.actions.len());
        assert_eq!(
            v["graph"].as_array().unwrap().len(),
            record.actions.len() + 1
        );
        let trace = nefer(&["replay", path, "--trace"], "");
        let last = text(&trace.stdout).lines().last().unwrap().to_owned();
        assert_eq!(last, format!("{{\"result\":{}}}", v["result"]), "{name}");
        let decisions = text(&trace.stdout).lines().count() - 1;
        assert_eq!(v["decisions"].as_array().unwrap().len(), decisions);
        for seat in ["A", "B"] {
            let s = &v["seats"][seat];
            let acc = s["accuracy"].as_f64().unwrap();
            assert!((0.0..=100.0).contains(&acc), "{name} {seat}: {acc}");
            let luck = s["luck"].as_f64().unwrap();
            let adjusted = s["luck_adjusted_result"].as_f64().unwrap();
            let net = s["net_luck"].as_f64().unwrap();
            assert!((s["result"].as_f64().unwrap() - net - adjusted).abs() < 1e-12);
            assert!(luck.is_finite());
        }
    }
}

#[test]
fn review_prints_the_errors_the_seats_and_the_key_moments() {
    let file = reviewed("hj.french-0001-001");
    let path = file.to_str().unwrap();
    // Two decisions deep: ten times faster than the default in a test build, the same output.
    let out = nefer(&["review", path, "--depth", "2"], "");
    assert!(out.status.success(), "{}", text(&out.stderr));
    let s = text(&out.stdout);
    assert!(s.starts_with("hj.french: 229 actions, A won.\n"), "{s}");
    assert!(s.contains("on the neural evaluation (calibrated"), "{s}");
    for words in [
        "Inaccuracies, mistakes and blunders",
        "accuracy (0-100)",
        "luck-adjusted result",
        "Key moments",
        "A is A (random), B is B (random).",
    ] {
        assert!(s.contains(words), "{words}: {s}");
    }
    let v = review_json(&[path, "--depth", "2"]);
    let errors = v["decisions"]
        .as_array()
        .unwrap()
        .iter()
        .filter(|d| ["inaccuracy", "mistake", "blunder"].contains(&d["mark"].as_str().unwrap()))
        .count();
    let rows = |s: &str| {
        s.lines()
            .filter(|l| {
                let w: Vec<&str> = l.split_whitespace().collect();
                w.len() == 7 && w[0].parse::<usize>().is_ok()
            })
            .count()
    };
    assert_eq!(rows(&s), errors, "{s}");
    // --all lists every decision, forced ones too.
    let out = nefer(&["review", path, "--all", "--depth", "2"], "");
    let all = text(&out.stdout);
    assert!(all.contains("Every decision"), "{all}");
    assert_eq!(
        rows(&all),
        v["decisions"].as_array().unwrap().len(),
        "{all}"
    );
    assert!(
        all.contains(" forced\n") && all.contains(" best\n"),
        "{all}"
    );
    // The key moments, largest swing first, with seat A's win chance before and after.
    let key = &v["key_moments"][0];
    let ply = key["ply"].as_u64().unwrap();
    assert!(s.contains(&format!("ply {ply:>4}")), "{s}");
}

#[test]
fn review_refuses_bad_input_with_clear_errors() {
    let broken = temp("review-broken.ngr");
    std::fs::write(&broken, "rules: senet.kendall\nactions: 2 29-30\n").unwrap();
    let malformed = temp("review-malformed.ngr");
    std::fs::write(&malformed, "rules: senet.kendall\nnot a header\nactions:\n").unwrap();
    let unknown = temp("review-unknown.ngr");
    std::fs::write(&unknown, "rules: senet.nope\nactions:\n").unwrap();
    let binary = temp("review-binary.ngr");
    std::fs::write(&binary, [0xff, 0xfe, 0x00]).unwrap();
    let short = temp("review-short.ngr");
    std::fs::write(&short, "rules: senet.kendall\nactions: 2 14-16 3\n").unwrap();
    let missing = temp("no-such-review.ngr");
    let (broken, malformed, unknown, binary, short, missing) = (
        broken.to_str().unwrap(),
        malformed.to_str().unwrap(),
        unknown.to_str().unwrap(),
        binary.to_str().unwrap(),
        short.to_str().unwrap(),
        missing.to_str().unwrap(),
    );
    let cases: Vec<(Vec<&str>, &str)> = vec![
        (vec![missing], "cannot read"),
        (vec![broken], "action 1 `29-30`"),
        (vec![malformed], "line 2"),
        (vec![unknown], "unknown rule set `senet.nope`"),
        (vec![binary], "is not UTF-8 text"),
        (vec![], "required arguments were not provided"),
        (vec![short, "--depth", "0"], "0 is not in 1..=4"),
        (vec![short, "--depth", "5"], "5 is not in 1..=4"),
        (vec![short, "--json", "--all"], "cannot be used with"),
        (vec![short, "--weights", short], "weights file"),
    ];
    for (args, words) in cases {
        let mut all = vec!["review"];
        all.extend(&args);
        let out = nefer(&all, "");
        assert!(out.stdout.is_empty(), "{args:?}: {}", text(&out.stdout));
        assert_fails_with(&out, words);
        assert!(!text(&out.stderr).contains("panicked"), "{args:?}");
    }
    // A game that is not over is reviewed as far as it goes: no result, no adjusted result.
    let v = review_json(&[short]);
    assert_eq!(v["depth"], 3, "the review's default depth");
    assert_eq!(v["plies"], 3);
    assert_eq!(v["result"], serde_json::Value::Null);
    assert_eq!(
        v["seats"]["A"]["luck_adjusted_result"],
        serde_json::Value::Null
    );
    assert_eq!(
        v["decisions"][0]["mark"], "forced",
        "14-16 is a 2's only move"
    );
}

/// `nefer train` of a tiny `hj.french` network (8 hidden units, seed 3) into `out`, with a
/// curve point every 4 games against `random`, and `extra` arguments.
fn train_french(out: &str, games: &str, extra: &[&str]) -> Output {
    let mut args = vec![
        "train",
        "--rules",
        "hj.french",
        "--games",
        games,
        "--hidden",
        "8",
        "--seed",
        "3",
        "--eval-every",
        "4",
        "--eval-games",
        "4",
        "--against",
        "random",
        "--threads",
        "1",
        "--out",
        out,
    ];
    args.extend_from_slice(extra);
    nefer(&args, "")
}

#[test]
fn train_writes_a_checkpoint_that_resumes_and_a_curve() {
    let weights = temp("train.nnw");
    let w = weights.to_str().unwrap();
    let run = |games: &str, extra: &[&str]| train_french(w, games, extra);
    let out = run("4", &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    // The curve: a header and a point after the 4 games.
    let curve = text(&out.stdout);
    assert!(
        curve.contains("vs random") && curve.lines().any(|l| l.trim_start().starts_with("4 ")),
        "{curve}"
    );
    let head = std::fs::read(&weights).unwrap();
    let head = String::from_utf8_lossy(&head[..200]).into_owned();
    assert!(
        head.starts_with("nefer-weights 1\nrules: hj.french\n") && head.contains("games: 4\n"),
        "{head}"
    );
    // Resumed to 8 games (the library's tests check that a resumed run ends with the weights
    // of one that never stopped, given the same --games).
    let out = run("8", &["--resume"]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let resumed = std::fs::read(&weights).unwrap();
    let head = String::from_utf8_lossy(&resumed[..200]).into_owned();
    assert!(head.contains("games: 8\n"), "{head}");
    // A checkpoint of other settings, or none, is refused with the reason.
    assert_fails_with(
        &run("8", &["--resume", "--lambda", "0.5"]),
        "lambda: 0.7 in the checkpoint, 0.5 asked",
    );
    let missing = temp("no-such.nnw");
    let out = nefer(
        &[
            "train",
            "--rules",
            "hj.french",
            "--resume",
            "--out",
            missing.to_str().unwrap(),
        ],
        "",
    );
    assert_fails_with(&out, "cannot read the checkpoint");
    assert_fails_with(&run("4", &["--rate", "0"]), "--rate 0 is not within (0, 1]");
}

#[test]
fn sim_plays_one_network_against_another() {
    let weights = temp("weights-b.nnw");
    let w = weights.to_str().unwrap();
    let out = train_french(w, "4", &[]);
    assert!(out.status.success(), "{}", text(&out.stderr));
    let sim = |rules: &str, extra: &[&str]| {
        let mut args = vec![
            "sim",
            "--rules",
            rules,
            "--a",
            "neural",
            "--b",
            "neural",
            "--games",
            "40",
            "--seed",
            "5",
            "--threads",
            "1",
            "--json",
        ];
        args.extend_from_slice(extra);
        nefer(&args, "")
    };
    let wins = |out: &std::process::Output| -> u64 {
        assert!(out.status.success(), "{}", text(&out.stderr));
        let v: serde_json::Value = serde_json::from_slice(&out.stdout).unwrap();
        v["a"]["wins"].as_u64().unwrap()
    };
    // The shipped network against the one of 4 games: a plays the shipped one, b the file's.
    let shipped_against_raw = wins(&sim("hj.french", &["--weights-b", w]));
    assert!(shipped_against_raw >= 28, "{shipped_against_raw} of 40");
    // And the other way round: `--weights` is a's (and b's where `--weights-b` is not given).
    let shipped = concat!(
        env!("CARGO_MANIFEST_DIR"),
        "/../nefer-players/weights/hj.french.nnw"
    );
    let raw_against_shipped = wins(&sim("hj.french", &["--weights", w, "--weights-b", shipped]));
    assert!(raw_against_shipped <= 12, "{raw_against_shipped} of 40");
    // A file of other rules is refused, named.
    assert_fails_with(
        &sim("senet.kendall", &["--weights-b", w]),
        "was trained for hj.french",
    );
}
