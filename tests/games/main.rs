//! The games: rules, notation, perft counts, recorded games, engines' command lines and pictures. Pure: no server.
//!
//! One test binary for what used to be 25: each file below is one module, its
//! tests named `file::test` (`cargo test --test games abalone_cli::`).

#[path = "../bulltricker_support/mod.rs"]
mod bulltricker_support;
#[path = "../case_files/mod.rs"]
mod case_files;
#[path = "../playouts/mod.rs"]
mod playouts;
#[path = "../skip/mod.rs"]
mod skip;

mod abalone_cli;
mod abalone_perft;
mod abalone_properties;
mod abalone_records;
mod abalone_rules;
mod all_games_bad_input;
mod ataxx_cases;
mod ataxx_cli;
mod ataxx_parsing;
mod ataxx_playouts;
mod bulltricker_cli;
mod bulltricker_perft;
mod bulltricker_properties;
mod bulltricker_replay;
mod bulltricker_spec;
mod perft_convention;
mod pictures;
mod sauterelle_cases;
mod sauterelle_cli;
mod sauterelle_parsing;
mod sauterelle_playouts;
mod tours_cases;
mod tours_cli;
mod tours_perft;
mod tours_props;
