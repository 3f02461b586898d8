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
//! - [`text`]: bilingual (English/French) player-facing text.
//! - [`config`]: the daemon's configuration file (TOML), secrets, checks.
//! - [`store`]: SQLite: players, games, moves, processed messages, outbox (exactly once).
//! - [`mail`]: the mail edges: parsing a raw message (pure), IMAP in, SMTP or sendmail out.
//! - [`sms`]: the SMS channel's words and numbers (pure): GSM-7 costs, phone numbers, quiet
//!   hours, the short forms.
//! - [`gateway`]: one adapter per SMS gateway (Kannel, gammu-smsd and smstools spools, a
//!   Twilio-style provider).
//! - [`delivery`]: the `Sender` every outgoing channel implements, and what a failure means.
//! - [`daemon`]: the loop around the referee: fetch, parse, decide, commit, flag, send.
//! - [`cli`]: the command line (`arbitre games|board|legal|judge|perft|replay`, and
//!   `run|check-config|new|show|clocks` for the daemon).

#![forbid(unsafe_code)]

pub mod audit;
pub mod base;
pub mod cli;
pub mod clock;
pub mod config;
pub mod daemon;
pub mod delivery;
pub mod games;
pub mod gateway;
pub mod keys;
pub mod mail;
pub mod pages;
pub mod rating;
pub mod referee;
pub mod render;
pub mod sms;
pub mod store;
pub mod text;
pub mod tournament;
pub mod web;
