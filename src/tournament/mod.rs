//! Correspondence tournaments: the pure parts. Who plays whom, with which colour, and how the
//! table stands. No IO, no clock, no database: the store and the daemon feed these functions
//! with what happened and act on what they return.
//!
//! - [`record`]: one player's entry for one round (a game, a forfeit, a bye, an absence),
//!   the points it is worth, and the whole table of an event.
//! - [`crosstable`]: the standings with every result, as text for mail and CSV.
//! - [`event`]: an event as arbitre keeps it: conditions, entrants, pairings.
//! - [`trf`]: the FIDE Tournament Report File, read into a table and written back.
//! - [`berger`]: round-robin schedules by the Berger tables (FIDE C.05 Annex 1).
//! - [`matching`]: maximum weight matching in a general graph (Edmonds' blossom algorithm),
//!   with exact integer weights, for the Swiss pairing.
//! - [`dutch`]: Swiss pairing by the FIDE Dutch system (C.04.3), as the reference engine.
//! - [`knockout`]: knock-out by mini-matches of two games, seeded by rating.
//! - [`report`]: the tournament report file (TRF) of an event.
//! - [`withdrawal`]: the ICCF rule for the games of a player who withdraws.
//! - [`tiebreak`]: the tie-breaks of FIDE C.07 and ICCF (wins, Sonneborn-Berger, direct
//!   encounter, Buchholz and its cuts, ARO, lots).

pub mod berger;
pub mod crosstable;
pub mod dutch;
pub mod event;
pub mod knockout;
pub mod matching;
pub mod record;
pub mod report;
pub mod tiebreak;
pub mod trf;
pub mod withdrawal;
