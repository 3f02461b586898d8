//! The tournament report file of an event: its table written as a TRF (TRF-2026 with the
//! TRF(x) records), for the federation, a rating office, or any pairing program. Pure.

use super::event::{StoredEvent, System};
use super::record::Table;
use super::trf::{PlayerCard, Trf};

/// The event as a TRF: title, planned rounds, the colour drawn for round 1, every player
/// (name, rating, club as federation when it has three letters) and every round so far.
pub fn trf_of(event: &StoredEvent, table: &Table) -> String {
    let rounds = match event.conditions.system {
        System::Swiss { rounds } => rounds as usize,
        System::RoundRobin { .. } | System::Knockout { .. } => table.rounds(),
    };
    let cards = table
        .entrants
        .iter()
        .map(|e| {
            let club = event
                .entrant(e.tpn)
                .map(|x| x.club.clone())
                .unwrap_or_default();
            PlayerCard {
                federation: if club.chars().count() == 3 {
                    club
                } else {
                    String::new()
                },
                ..PlayerCard::default()
            }
        })
        .collect();
    let trf = Trf {
        name: Some(event.title.clone()),
        total_rounds: Some(rounds),
        initial_colour: Some(event.initial_colour()),
        table: table.clone(),
        cards,
        byes: Vec::new(),
        forbidden: Vec::new(),
        explicit_points: false,
        ids: None,
    };
    trf.write()
}
