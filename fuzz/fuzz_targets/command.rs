//! Fuzz target: lines of text through the command parser (`clean`, `parse`,
//! `read_command`). The invariants checked are in `arbitre_fuzz::command`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| arbitre_fuzz::command::run(data));
