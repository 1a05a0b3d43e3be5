//! The exact tables' reader (nefer-tables' table format): any bytes are a table or an error
//! (bad magic, a checksum, sizes that contradict), never a panic nor an allocation the bytes
//! do not pay for.
#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| {
    let full = nefer_tables::table::read_from(data);
    let summary = nefer_tables::table::info(data);
    // Describing a table checks what reading it checks.
    assert_eq!(full.is_ok(), summary.is_ok(), "read and info agree");
});
