//! Ratings: Glicko-2 per game kind, computed by rating periods. Pure: the games of a period
//! and the ratings before it in, the ratings after it out.
//!
//! - [`glicko`]: one rating period of Glicko-2, through the `skillratings` crate.
//! - [`history`]: every pool's ratings from the rated games, one period per month.

pub mod glicko;
pub mod history;
