//! arbitre: a referee for board games played by plain email.
//!
//! Players send one move per message; arbitre reads its mailbox, adjudicates each move
//! against the stored game, and mails the move on to the opponent, or answers `ERR`, `PAT`,
//! `WW MAT`, ... as the game's protocol says.
//!
//! # Layout
//!
//! The rules and the referee are pure code (no IO, no clock, no database); IO lives at the
//! edges and feeds them.
//!
//! - [`base`]: the names every layer shares (`GameId`, `Timestamp`) and the one clock read.
//! - [`games`]: the closed set of games. [`games::GameKind`] names them, [`games::Game`] is
//!   the trait each game's position type implements (validated positions, legal moves,
//!   two-stage move reading, canonical printing, outcome, text board), and
//!   [`games::AnyGame`] is a game of any kind chosen at run time, speaking text.
//!   - [`games::abalone`]: Abalone in Aba-Pro notation, all start variants, APGN records.
//!   - [`games::bulltricker`]: Bulltricker and its official play-by-message protocol.
//!   - [`games::ataxx`]: Ataxx on 7x7 with blocked cells, UAI move notation, PGN records.
//!   - [`games::sauterelle`]: Sauterelle (Grasshopper), a dice-less backgammon race.
//!   - [`games::tours`]: La Bataille des Tours: rounds, squares, stacks and deployments.
//! - [`referee`]: the pure referee: one inbound message in, a decision out.
//! - [`clock`]: time controls and clocks, computed from recorded facts and `now`.
//! - [`audit`]: the hash-chained audit log of the director's actions (pure checks).
//! - [`rating`]: Glicko-2 ratings by rating periods (pure).
//! - [`tournament`]: round robin, Swiss and knock-out pairings, standings and tie-breaks (pure).
//! - [`render`]: board pictures: each game's position drawn as SVG, rasterised to PNG for
//!   mail with a compiled-in font (pure).
//! - [`pages`]: the public pages as HTML, from templates compiled in (pure; the web edge
//!   reads the store and serves them).
//! - [`keys`]: one key per purpose derived from the installation's secret (HKDF), key
//!   numbers and the previous secret's grace period after a rotation.
//! - [`text`]: player-facing text: one folder of message catalogs per language (English and
//!   French shipped; an installation may add its own), line markers.
//! - [`config`]: the daemon's configuration file (TOML), secrets, checks.
//! - [`store`]: one store, SQLite or PostgreSQL (several daemons on one database): players,
//!   games, moves, events, processed messages, the outbox (exactly once), the shared handle.
//! - [`mail`]: the mail edges: parsing a raw message (pure), IMAP in, SMTP or sendmail out,
//!   DKIM signing of what goes out and, with `bot.verify = "dkim"`, DKIM and DMARC
//!   verification of what comes in.
//! - [`sms`]: the SMS channel's words and numbers (pure): GSM-7 costs, phone numbers, quiet
//!   hours, the short forms.
//! - [`gateway`]: one adapter per SMS gateway (Kannel, gammu-smsd and smstools spools, a
//!   Twilio-style provider).
//! - [`delivery`]: the `Sender` every outgoing channel implements, and what a failure means.
//! - [`daemon`]: the loop around the referee: fetch, parse, decide, commit, flag, send.
//! - [`web`]: the HTTP server of the public pages (`arbitre web`, or beside `arbitre run`).
//! - [`cli`]: the command line: the games' own commands (`games`, `board`, `legal`, `judge`,
//!   `perft`, `replay`, `picture`), the daemon's (`run`, `web`, `check-config`, `status`,
//!   `page-key`, `store`, `stats`), the director's (`new`, `show`, `clocks`, `clock`, `adjudicate`,
//!   `leave`, `player`, `audit`), the tournaments' and ratings' (`arbitre --help` lists them all).
//!
//! The IO edges (`cli`, `config`, `daemon`, `gateway`, `pages`, `store`, `web`, the mail
//! servers' side of [`mail`]) and the rasteriser of [`render`] are behind the `edges` feature
//! (on by default): without it the crate is its pure core, as the fuzz targets build it.
//!
//! # Layers
//!
//! Modules form one-way layers: each names only modules of lower rows (`crate::` paths in
//! production code; tests may reach anywhere). `cargo test` holds the table
//! (`layering.rs` reads every file and fails on an edge that points sideways or up).
//!
//! | row | modules | what they hold |
//! |---|---|---|
//! | 0 | `base`, `keys` | game numbers, instants, the one clock read; the keys derived from the secret |
//! | 1 | `text` | catalogs, languages, line markers |
//! | 2 | `render` | drawing: SVG, palette, PNG, fonts |
//! | 3 | `games` | rules, notation, records, each game's picture |
//! | 4 | `clock`, `rating`, `tournament`, `audit`, `sms` | pure domain leaves |
//! | 5 | `referee` | one input (mail, SMS, tick, director's act) in, one decision out |
//! | 6 | `delivery`, `pages` | the contract of every outgoing channel; the public pages as HTML |
//! | 7 | `store` | SQLite or PostgreSQL, the shared handle, the one decide path (`Store::decide`) |
//! | 8 | `gateway` | the SMS gateways' adapters (they hand what they receive to an `Arrivals`, never to the store) |
//! | 9 | `config` | the configuration file, every section |
//! | 10 | `mail` | IMAP in, SMTP or sendmail out |
//! | 11 | `daemon`, `web` | the loop; the HTTP server of the pages |
//! | 12 | `cli` | the command line |

#![forbid(unsafe_code)]
// The docs are for the people who work on arbitre: `cargo doc --document-private-items`
// reads the crate-private parts they link to.
#![allow(rustdoc::private_intra_doc_links)]

pub mod audit;
pub mod base;
#[cfg(feature = "edges")]
pub mod cli;
pub mod clock;
#[cfg(feature = "edges")]
pub mod config;
#[cfg(feature = "edges")]
pub mod daemon;
pub mod delivery;
pub mod games;
#[cfg(feature = "edges")]
pub mod gateway;
pub mod keys;
#[cfg(test)]
mod layering;
pub mod mail;
#[cfg(feature = "edges")]
pub mod pages;
pub mod rating;
pub mod referee;
pub mod render;
pub mod sms;
#[cfg(feature = "edges")]
pub mod store;
pub mod text;
pub mod tournament;
#[cfg(feature = "edges")]
pub mod web;
