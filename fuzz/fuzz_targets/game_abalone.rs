//! Fuzz target: Abalone's position strings, options and move texts through `AnyGame`.
//! The input format and the invariants checked are in `arbitre_fuzz::game`.

#![no_main]

use arbitre::games::GameKind;
use libfuzzer_sys::fuzz_target;

fuzz_target!(|data: &[u8]| arbitre_fuzz::game::run(GameKind::Abalone, data));
