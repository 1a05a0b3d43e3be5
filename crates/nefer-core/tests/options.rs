//! The option registry (`OptionSpec`) and each rule set's typed `Config` agree: every value the
//! registry calls implemented parses and changes the game's configuration, every other listed
//! value is refused as not implemented, and unknown names are refused with the known ones.

use nefer_core::{OptionError, Options, RuleSetId};

/// The values to try for an option value or pattern of the registry.
fn samples(value: &str) -> Vec<&str> {
    match value {
        "N" => vec!["1", "150"],
        "(0,1)" => vec!["2/5", "0.55"],
        "{...}" => vec!["{10,15,25}", "{}", "{3}"],
        v => vec![v],
    }
}

/// Options whose values are checked but by design do not change the game: SB-4 only decides
/// who takes seat A, which is not part of the game (NOTATION §4).
const NO_EFFECT: &[&str] = &["senet.school.opening_throws"];

#[test]
fn every_implemented_value_parses_and_every_other_is_refused() {
    let mut tried = 0;
    for &id in RuleSetId::ALL {
        let default = id.new_game(&Options::new()).unwrap();
        for spec in id.option_specs() {
            for value in spec.values.iter().flat_map(|v| samples(v)) {
                let o = Options::parse(&format!("{}={value}", spec.name)).unwrap();
                let game = id.new_game(&o);
                tried += 1;
                if spec.implements(value) {
                    let game = game.unwrap_or_else(|e| panic!("{id} {}={value}: {e}", spec.name));
                    let is_default = value == spec.default_value()
                        || (spec.default_value() == "0.5" && value == "1/2");
                    if !is_default && !NO_EFFECT.contains(&spec.name.as_str()) {
                        assert_ne!(game, default, "{id}: {}={value} is ignored", spec.name);
                    }
                } else {
                    match game {
                        Err(OptionError::NotImplemented {
                            name, implemented, ..
                        }) => {
                            assert_eq!(name, spec.name);
                            assert_eq!(implemented, spec.implemented);
                        }
                        other => panic!("{id} {}={value}: {other:?}", spec.name),
                    }
                }
            }
        }
    }
    assert!(tried > 150, "{tried}");
}

#[test]
fn every_listed_value_of_every_rule_set_is_implemented() {
    // Issue 22: `nefer rules KEY` lists no value as not implemented.
    for &id in RuleSetId::ALL {
        for spec in id.option_specs() {
            for v in spec.values {
                assert!(
                    spec.implements(v),
                    "{id}: {}={v} is not implemented",
                    spec.name
                );
            }
        }
    }
}

#[test]
fn values_outside_the_registry_and_unknown_names_are_refused() {
    for &id in RuleSetId::ALL {
        let specs = id.option_specs();
        for spec in &specs {
            let o = Options::parse(&format!("{}=surely_not_a_value", spec.name)).unwrap();
            let e = id.new_game(&o).unwrap_err();
            assert!(
                matches!(&e, OptionError::BadValue { name, allowed, .. }
                    if *name == spec.name && *allowed == spec.values),
                "{e:?}"
            );
            assert!(e.to_string().contains("not a value"), "{e}");
        }
        let o = Options::parse(&format!("{}.frobnicate=1", id.key())).unwrap();
        let e = id.new_game(&o).unwrap_err();
        match &e {
            OptionError::Unknown { rules, name, known } => {
                assert_eq!(rules, id.key());
                assert_eq!(name, &format!("{}.frobnicate", id.key()));
                let names: Vec<&String> = specs.iter().map(|s| &s.name).collect();
                assert_eq!(known.iter().collect::<Vec<_>>(), names);
            }
            other => panic!("{other:?}"),
        }
        assert!(e.to_string().contains("unknown option"), "{e}");
    }
}

#[test]
fn the_common_options_are_read_into_common() {
    for &id in RuleSetId::ALL {
        let k = id.key();
        let o = Options::parse(&format!(
            "{k}.stick_bias=3/5, {k}.max_turns=40, {k}.compulsory_move=false"
        ))
        .unwrap();
        let g = id.new_game(&o).unwrap();
        let c = nefer_core::Game::common(&g);
        assert_eq!(c.bias.to_string(), "3/5");
        assert_eq!(c.max_turns, 40);
        assert!(c.may_pass);
        let d = id.new_game(&Options::new()).unwrap();
        assert_eq!(*nefer_core::Game::common(&d), Default::default());
    }
}
