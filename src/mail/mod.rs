//! The mail edges. [`parse`] turns raw bytes into the referee's `Inbound` (pure, with
//! [`body`] finding what the player wrote); [`imap`] reads the mailbox; [`smtp`] builds and
//! sends arbitre's mails; [`tls`] makes the rustls client configuration both share.

pub mod body;
pub mod parse;
pub mod smtp;
pub mod tls;
