//! Tournaments, pure: pairings (Berger, Dutch Swiss against published and generated references), matching and tie-breaks.
//!
//! One test binary for what used to be 4: each file below is one module, its
//! tests named `file::test` (`cargo test --test tournament swiss_pairing::`).

mod swiss_pairing;
mod tournament_berger;
mod tournament_matching;
mod tournament_tiebreaks;
