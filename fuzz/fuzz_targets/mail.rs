//! Fuzz target: a whole raw mail through the mail reader and the referee's reading of it.
//! The invariants checked are in `arbitre_fuzz::mail`.

#![no_main]

use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| arbitre_fuzz::mail::run(data));
