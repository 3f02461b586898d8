//! The daemon and its store, through the real servers: mail through Dovecot and Postfix, DKIM signing and verification, the SMS webhook, crashes, outages of the store, hostile mail, the store's migration.
//!
//! One test binary for what used to be 14: each file below is one module, its
//! tests named `file::test` (`cargo test --test daemon daemon_clocks::`).

#[path = "../common/bodies.rs"]
mod bodies;
#[path = "../common/mod.rs"]
mod common;

mod daemon_bounces;
mod daemon_clocks;
mod daemon_computer;
mod daemon_crash_burst;
mod daemon_dkim;
mod daemon_forgery;
mod daemon_games;
mod daemon_hostile;
mod daemon_inbox;
mod daemon_mail;
mod daemon_outbox;
mod daemon_pair_burst;
mod daemon_rate_limit;
mod daemon_store_lost;
mod daemon_tournament;
mod sms_webhook;
mod store_migrate;
