//! The referee, pure: scenarios through a simulated world, reading mail as people write it, the director's acts, clocks, SMS, the catalogs and the mail parser. No server.
//!
//! One test binary for what used to be 9: each file below is one module, its
//! tests named `file::test` (`cargo test --test referee referee_clocks::`).

#[macro_use]
#[path = "../world/mod.rs"]
mod world;
#[path = "../common/bodies.rs"]
mod bodies;
#[path = "../skip/mod.rs"]
mod skip;

mod catalogs;
mod mail_parse;
mod referee_clocks;
mod referee_computer;
mod referee_director;
mod referee_names;
mod referee_reading;
mod referee_records;
mod referee_scenarios;
mod referee_sms;
mod sms_templates;
mod tournament_mail;
