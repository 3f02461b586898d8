//! The referee: a pure function from (stored state, one inbound message, now) to a
//! [`Decision`] (state changes and mails to send). No IO, no clock.

pub mod model;

pub use model::*;
