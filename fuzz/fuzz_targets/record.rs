//! The record reader (`.ngr`, NOTATION §5) and the replay of what it reads: any text is read
//! or refused with an error, never a panic or a hang, and a record read is written back to the
//! same record.
#![no_main]

use libfuzzer_sys::fuzz_target;
use nefer_core::Record;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let Ok(record) = Record::parse(text) else {
        return;
    };
    let again = Record::parse(&record.to_text()).expect("a written record reads back");
    assert_eq!(again, record, "a record survives writing and reading");
    // Every token is played or refused; a trace is built for what is played.
    let _ = nefer_core::replay(&record);
});
