//! The shared conformance vectors (a copy of `../shared/conformance/`): every record's replay
//! trace must equal its expected trace byte for byte (NOTATION §6).

use std::fs;
use std::path::{Path, PathBuf};

use nefer_core::{Record, RuleSetId, replay};

fn vectors(rules: &str) -> Vec<PathBuf> {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR"))
        .join("tests/conformance")
        .join(rules);
    let mut v: Vec<PathBuf> = fs::read_dir(&dir)
        .unwrap_or_else(|e| panic!("{}: {e}", dir.display()))
        .map(|e| e.unwrap().path())
        .filter(|p| p.extension().is_some_and(|x| x == "ngr"))
        .collect();
    v.sort();
    v
}

fn check(id: RuleSetId) {
    let files = vectors(id.key());
    assert!(files.len() >= 30, "{}: only {} vectors", id, files.len());
    let mut failures = Vec::new();
    for path in &files {
        let text = fs::read_to_string(path).unwrap();
        let expected = fs::read_to_string(path.with_extension("trace.jsonl")).unwrap();
        let record = Record::parse(&text).unwrap();
        assert_eq!(record.rules, id.key());
        match replay(&record) {
            Ok(r) => {
                let got: String = r.trace.iter().map(|l| format!("{l}\n")).collect();
                if got != expected {
                    let line = got
                        .lines()
                        .zip(expected.lines())
                        .position(|(a, b)| a != b)
                        .unwrap_or(got.lines().count().min(expected.lines().count()));
                    failures.push(format!(
                        "{}: trace differs at line {}:\n  expected {}\n  got      {}",
                        path.display(),
                        line + 1,
                        expected.lines().nth(line).unwrap_or("<end>"),
                        got.lines().nth(line).unwrap_or("<end>")
                    ));
                }
            }
            Err(e) => failures.push(format!("{}: {e}", path.display())),
        }
    }
    assert!(
        failures.is_empty(),
        "{} of {} failed:\n{}",
        failures.len(),
        files.len(),
        failures.join("\n")
    );
}

/// One test per rule set, named by its key, so that each set's vectors pass or fail apart.
macro_rules! conformance {
    ($($name:ident: $id:ident),* $(,)?) => {
        $(
            #[test]
            fn $name() {
                check(RuleSetId::$id);
            }
        )*
    };
}

conformance! {
    senet_kendall: SenetKendall,
    senet_school: SenetSchool,
    hj_walker: HjWalker,
    hj_french: HjFrench,
    hj_skiryuk: HjSkiryuk,
    hj_washburne: HjWashburne,
}
