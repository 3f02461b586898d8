//! The tie-breaks of `tournament::tiebreak` on small events whose figures were computed by
//! hand (the arithmetic is in the comments), then cross-checked with FIDE TEC's tie-break
//! calculator (TEC-FIDE/TieBreakServer, `tiebreakchecker.py` ver. 1.04, commit 7bff943 of
//! 2024-11-14, run on the same events written as TRF files): it gave the same value for every
//! tie-break and entrant, and the same ranks, in both events. Then the draw of lots, and
//! properties of the ranking on random tables.

use arbitre::tournament::record::{ByeKind, Colour, Entrant, GameResult, RoundEntry, Table, Tpn};
use arbitre::tournament::tiebreak::TieBreakValue::{
    Count, Hundredths, Place, Rating, Tenths, Unbroken,
};
use arbitre::tournament::tiebreak::{
    Format, Standing, TieBreak, TieBreakValue, draw_lot, standings, standings_in,
};
use proptest::prelude::*;

// ---------------------------------------------------------------------------------------------
// Building tables

/// What happened on one board, or to one player, in a round.
#[derive(Clone, Copy, Debug)]
enum Board {
    /// A finished game: White, Black, the result as "1-0", "½-½" or "0-1".
    Game(Tpn, Tpn, &'static str),
    /// A game scheduled White against Black and lost by forfeit by the second player named.
    Forfeit { winner: Tpn, loser: Tpn },
    /// A game cancelled under the withdrawal rule (a forfeit lost by both).
    Cancelled(Tpn, Tpn),
    /// A game being played.
    Pending(Tpn, Tpn),
    /// A bye.
    Bye(Tpn, ByeKind),
    /// Not paired.
    Absent(Tpn),
}

use Board::{Absent, Bye, Cancelled, Forfeit, Game, Pending};

/// A table with one entrant per rating (pairing numbers 1, 2, ...) and the rounds given; every
/// entrant must get exactly one entry in each round.
fn table(ratings: &[Option<u32>], rounds: &[&[Board]]) -> Table {
    let mut table = Table {
        entrants: ratings
            .iter()
            .enumerate()
            .map(|(i, &rating)| Entrant {
                tpn: i as Tpn + 1,
                name: format!("Player {}", i + 1),
                rating,
                rounds: Vec::new(),
            })
            .collect(),
        ..Table::default()
    };
    for (number, boards) in rounds.iter().enumerate() {
        let mut entries: Vec<(Tpn, RoundEntry)> = Vec::new();
        for &board in boards.iter() {
            match board {
                Game(white, black, result) => {
                    let result = match result {
                        "1-0" => GameResult::Win,
                        "½-½" => GameResult::Draw,
                        "0-1" => GameResult::Loss,
                        other => panic!("bad result {other}"),
                    };
                    entries.push((white, played(black, Colour::White, result)));
                    entries.push((black, played(white, Colour::Black, result.reversed())));
                }
                Forfeit { winner, loser } => {
                    entries.push((winner, forfeit(loser, Colour::White, true)));
                    entries.push((loser, forfeit(winner, Colour::Black, false)));
                }
                Cancelled(white, black) => {
                    entries.push((white, forfeit(black, Colour::White, false)));
                    entries.push((black, forfeit(white, Colour::Black, false)));
                }
                Pending(white, black) => {
                    let pending = |opponent, colour| RoundEntry::Pending { opponent, colour };
                    entries.push((white, pending(black, Colour::White)));
                    entries.push((black, pending(white, Colour::Black)));
                }
                Bye(tpn, kind) => entries.push((tpn, RoundEntry::Bye(kind))),
                Absent(tpn) => entries.push((tpn, RoundEntry::Absent)),
            }
        }
        for (tpn, entry) in entries {
            table.entrants[tpn as usize - 1].rounds.push(entry);
        }
        for entrant in &table.entrants {
            assert_eq!(
                entrant.rounds.len(),
                number + 1,
                "round {} of {}",
                number + 1,
                entrant.tpn
            );
        }
    }
    table
}

fn played(opponent: Tpn, colour: Colour, result: GameResult) -> RoundEntry {
    RoundEntry::Played {
        opponent,
        colour,
        result,
    }
}

fn forfeit(opponent: Tpn, colour: Colour, won: bool) -> RoundEntry {
    RoundEntry::Forfeit {
        opponent,
        colour: Some(colour),
        won,
    }
}

/// The standings in one line, in their order: "P4=2" is P4 ranked 2nd.
fn ranks(standings: &[Standing]) -> String {
    let lines: Vec<String> = standings
        .iter()
        .map(|s| format!("P{}={}", s.tpn, s.rank))
        .collect();
    lines.join(" ")
}

/// Tie-break number `k` of P1, P2, ... in that order.
fn column(standings: &[Standing], k: usize) -> Vec<TieBreakValue> {
    (1..=standings.len() as Tpn)
        .map(|tpn| values(standings, tpn)[k])
        .collect()
}

/// The values of entrant `tpn`.
fn values(standings: &[Standing], tpn: Tpn) -> Vec<TieBreakValue> {
    standings
        .iter()
        .find(|s| s.tpn == tpn)
        .map(|s| s.values.clone())
        .expect("entrant in the standings")
}

// ---------------------------------------------------------------------------------------------
// (1) A six-player single round robin (Berger tables, White first).
//
//        1   2   3   4   5   6  | score  wins
//   P1   .   1   0   1   1   0  |  3     3   (beat 2, 4, 5; lost to 3, 6)
//   P2   0   .   1   ½   ½   1  |  3     2   (beat 3, 6)
//   P3   1   0   .   ½   ½   1  |  3     2   (beat 1, 6)
//   P4   0   ½   ½   .   ½   1  |  2½    1
//   P5   0   ½   ½   ½   .   1  |  2½    1
//   P6   1   0   0   0   0   .  |  1     1   (beat 1)

fn round_robin() -> Table {
    let none = None;
    table(
        &[none; 6],
        &[
            &[Game(1, 6, "0-1"), Game(2, 5, "½-½"), Game(3, 4, "½-½")],
            &[Game(6, 4, "0-1"), Game(5, 3, "½-½"), Game(1, 2, "1-0")],
            &[Game(2, 6, "1-0"), Game(3, 1, "1-0"), Game(4, 5, "½-½")],
            &[Game(6, 5, "0-1"), Game(1, 4, "1-0"), Game(2, 3, "1-0")],
            &[Game(3, 6, "1-0"), Game(4, 2, "½-½"), Game(5, 1, "0-1")],
        ],
    )
}

#[test]
fn round_robin_iccf_order_wins_then_sonneborn_berger_then_direct_encounter() {
    let table = round_robin();
    assert_eq!(Format::of(&table), Format::RoundRobin);
    let order = [
        TieBreak::Wins,
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
    ];
    let s = standings(&table, &order, 0);

    // Scores: P1, P2, P3 3 points; P4, P5 2½; P6 1.
    let scores: Vec<_> = s.iter().map(|s| (s.tpn, s.score)).collect();
    assert_eq!(
        scores,
        [(1, 30), (2, 30), (3, 30), (4, 25), (5, 25), (6, 10)]
    );

    // Wins among the three on 3 points: P1 3 (P2, P4, P5), P2 2 (P3, P6), P3 2 (P1, P6):
    // P1 is first.
    //
    // Sonneborn-Berger, opponent's score × points scored against it:
    //   P1 = 3×1 (P2) + 2½×1 (P4) + 2½×1 (P5)                 = 3 + 2.5 + 2.5         = 8.00
    //   P2 = 3×1 (P3) + 1×1 (P6) + 2½×½ (P4) + 2½×½ (P5)      = 3 + 1 + 1.25 + 1.25   = 6.50
    //   P3 = 3×1 (P1) + 1×1 (P6) + 2½×½ (P4) + 2½×½ (P5)      = 3 + 1 + 1.25 + 1.25   = 6.50
    //   P4 = 1×1 (P6) + 3×½ (P2) + 3×½ (P3) + 2½×½ (P5)       = 1 + 1.5 + 1.5 + 1.25  = 5.25
    //   P5 = 1×1 (P6) + 3×½ (P2) + 3×½ (P3) + 2½×½ (P4)       = 1 + 1.5 + 1.5 + 1.25  = 5.25
    //   P6 = 3×1 (P1)                                                                  = 3.00
    // P2 and P3 are still tied: the direct encounter, P2 beat P3 (round 4), puts P2 first.
    // P4 and P5 drew their game: still tied after the whole list, they share 4th place.
    assert_eq!(ranks(&s), "P1=1 P2=2 P3=3 P4=4 P5=4 P6=6");
    // The direct encounter breaks the tie it must (P2 before P3: they met, P2 won) and not the
    // one it must not (P4 and P5 drew): theirs, like the untied P1's and P6's, is a dash.
    assert_eq!(values(&s, 1), [Count(3), Hundredths(800), Unbroken]);
    assert_eq!(values(&s, 2), [Count(2), Hundredths(650), Place(1)]);
    assert_eq!(values(&s, 3), [Count(2), Hundredths(650), Place(2)]);
    assert_eq!(values(&s, 4), [Count(1), Hundredths(525), Unbroken]);
    assert_eq!(values(&s, 5), [Count(1), Hundredths(525), Unbroken]);
    assert_eq!(values(&s, 6), [Count(1), Hundredths(300), Unbroken]);
}

#[test]
fn round_robin_direct_encounter_first_meets_a_cycle_and_is_used_again_later() {
    // DE first: P1, P2, P3 all met; P1 beat P2, P2 beat P3, P3 beat P1: 1 point each, a cycle,
    // no separation (every one is 1st of the group). SB then puts P1 (8.00) before P2 and P3
    // (6.50 each), and DE, listed again, is applied to {P2, P3} alone: P2 beat P3.
    let order = [
        TieBreak::DirectEncounter,
        TieBreak::SonnebornBerger,
        TieBreak::DirectEncounter,
    ];
    let s = standings(&round_robin(), &order, 0);
    assert_eq!(ranks(&s), "P1=1 P2=2 P3=3 P4=4 P5=4 P6=6");
    assert_eq!(values(&s, 1), [Unbroken, Hundredths(800), Unbroken]);
    assert_eq!(values(&s, 2), [Unbroken, Hundredths(650), Place(1)]);
    assert_eq!(values(&s, 3), [Unbroken, Hundredths(650), Place(2)]);
    assert_eq!(values(&s, 4), [Unbroken, Hundredths(525), Unbroken]);
}

#[test]
fn round_robin_buchholz_cannot_separate_players_on_equal_scores() {
    // In a single round robin everyone meets everyone: Buchholz is the total of all other
    // scores, 15 − own score (P1: 3 + 3 + 2½ + 2½ + 1 = 12), the same for equal scores.
    let s = standings(&round_robin(), &[TieBreak::Buchholz], 0);
    assert_eq!(ranks(&s), "P1=1 P2=1 P3=1 P4=4 P5=4 P6=6");
    let bh: Vec<_> = s.iter().map(|s| s.values[0]).collect();
    assert_eq!(
        bh,
        [
            Tenths(120),
            Tenths(120),
            Tenths(120),
            Tenths(125),
            Tenths(125),
            Tenths(140)
        ]
    );
}

// ---------------------------------------------------------------------------------------------
// (2) A Swiss of 8 players and 5 rounds (the pairings are chosen for the tie-breaks, not by
// the Dutch rules). Ratings: P1 2200, P2 2150, P3 2100, P4 2050, P5 2000, P6 1951, P7 1900,
// P8 unrated.
//
//   R1: 1-5 1-0, 6-2 0-1, 3-7 0-1, 8-4 0-1
//   R2: 2-1 ½-½, 4-3 0-1, 7-5 won by P7 by forfeit, 8-6 0-1
//   R3: 1-3 1-0, 2-4 ½-½, 8-7 1-0, 5-6 1-0          (P7 withdraws after this round)
//   R4: 1-4 ½-½, 3-6 1-0, 8-5 1-0, P2 half-point bye, P7 absent
//   R5: 2-3 ½-½, 1-8 1-0, 4-6 1-0, P5 pairing-allocated bye, P7 absent
//
//   Scores: P1 4, P2 3, P4 3, P3 2½, P5 2, P7 2, P8 2, P6 1.
//
// Scores as opponents see them (C.07 16.3): P7's absences in rounds 4 and 5 come after its
// last round that was not voluntarily unplayed (round 3): they count as draws, so P7 counts
// 1 + 1 + 0 + ½ + ½ = 3. P2's half-point bye (round 4) is followed by a game (round 5) and P5's
// forfeit loss is not a requested bye: both count what they gave. Adjusted scores:
// P1 4, P2 3, P3 2½, P4 3, P5 2, P6 1, P7 3, P8 2.
//
// Own unplayed rounds meet a dummy opponent with the entrant's own final score (C.07 16.4):
// P2's half-point bye (3, a VUR), P5's forfeit loss (2, a VUR) and pairing-allocated bye (2,
// not a VUR), P7's forfeit win (2) and absences (2 and 2, VURs).
//
// Buchholz terms, BH, BH-C1 (the lowest value, a VUR's first: C.07 16.5), BH-M1 (that cut,
// then the highest):
//   P1: 2 (P5), 3 (P2), 2½ (P3), 3 (P4), 2 (P8)        BH 12½  C1 10½ (−2)   M1 7½ (−2 −3)
//   P2: 1 (P6), 4 (P1), 3 (P4), 3 (dummy, VUR), 2½ (P3)
//                                                      BH 13½  C1 10½ (−3, the VUR, not the
//                                                              1 of P6: that would give 12½)
//                                                              M1 6½ (−3 −4)
//   P3: 3 (P7), 3 (P4), 4 (P1), 1 (P6), 3 (P2)         BH 14   C1 13 (−1)    M1 9 (−1 −4)
//   P4: 2 (P8), 2½ (P3), 3 (P2), 4 (P1), 1 (P6)        BH 12½  C1 11½ (−1)   M1 7½ (−1 −4)
//   P5: 4 (P1), 2 (dummy, VUR), 1 (P6), 2 (P8), 2 (dummy of the bye)
//                                                      BH 11   C1 9 (−2, the VUR)
//                                                              M1 5 (−2 −4)
//   P6: 3 (P2), 2 (P8), 2 (P5), 2½ (P3), 3 (P4)        BH 12½  C1 10½ (−2)   M1 7½ (−2 −3)
//   P7: 2½ (P3), 2 (dummy), 2 (P8), 2 (dummy, VUR), 2 (dummy, VUR)
//                                                      BH 10½  C1 8½ (−2)    M1 6 (−2 −2½)
//   P8: 3 (P4), 1 (P6), 3 (P7, adjusted), 2 (P5), 4 (P1)
//                                                      BH 13   C1 12 (−1)    M1 8 (−1 −4)
//
// Sonneborn-Berger, (adjusted) opponent's score × points scored:
//   P1 = 2×1 + 3×½ + 2½×1 + 3×½ + 2×1                  = 2 + 1.5 + 2.5 + 1.5 + 2   = 9.50
//   P2 = 1×1 + 4×½ + 3×½ + 3×½ (bye) + 2½×½            = 1 + 2 + 1.5 + 1.5 + 1.25 = 7.25
//   P3 = 3×1 (P4) + 1×1 (P6) + 3×½ (P2)                = 3 + 1 + 1.5              = 5.50
//   P4 = 2×1 (P8) + 3×½ (P2) + 4×½ (P1) + 1×1 (P6)     = 2 + 1.5 + 2 + 1          = 6.50
//   P5 = 1×1 (P6) + 2×1 (bye) + 2×0 (forfeit loss)     = 1 + 2                    = 3.00
//   P6 = 2×1 (P8)                                                                 = 2.00
//   P7 = 2½×1 (P3) + 2×1 (forfeit win)                 = 2.5 + 2                  = 4.50
//   P8 = 3×1 (P7) + 2×1 (P5)                           = 3 + 2                    = 5.00
//
// Average rating of the opponents met over the board (the unrated P8, the byes and the
// forfeits left out), rounded half up:
//   P1: 2000 + 2150 + 2100 + 2050          = 8300 / 4   = 2075
//   P2: 1951 + 2200 + 2050 + 2100          = 8301 / 4   = 2075.25 → 2075
//   P3: 1900 + 2050 + 2200 + 1951 + 2150   = 10251 / 5  = 2050.2  → 2050
//   P4: 2100 + 2150 + 2200 + 1951          = 8401 / 4   = 2100.25 → 2100
//   P5: 2200 + 1951                        = 4151 / 2   = 2075.5  → 2076
//   P6: 2150 + 2000 + 2100 + 2050          = 8300 / 4   = 2075
//   P7: 2100                               = 2100 / 1   = 2100
//   P8: 2050 + 1951 + 1900 + 2000 + 2200   = 10101 / 5  = 2020.2  → 2020
//
// Wins (C.07 7.1: with or without playing): P1 3, P2 1, P3 2, P4 2, P5 2 (a game and the
// pairing-allocated bye), P6 1, P7 2 (a game and the forfeit), P8 2. Games won over the
// board: the same except P5 1, P7 1.
//
// Direct encounter, {P2, P4} on 3: they met (round 3, a draw): ½ each, still tied.
// {P5, P7, P8} on 2: P8 beat P7 (R3) and P5 (R4): 2 points; P5 and P7 have 0, and their
// game was a forfeit, which does not count in a Swiss (C.07 6.1.1): each has one game
// missing, at most 0 + 1 = 1 < 2, so P8 is first whatever the missing games (6.3). Applied
// again to {P5, P7}: no game between them, 0 each and 1 possible: no separation.

fn swiss() -> Table {
    let h = ByeKind::Half;
    let u = ByeKind::PairingAllocated;
    table(
        &[
            Some(2200),
            Some(2150),
            Some(2100),
            Some(2050),
            Some(2000),
            Some(1951),
            Some(1900),
            None,
        ],
        &[
            &[
                Game(1, 5, "1-0"),
                Game(6, 2, "0-1"),
                Game(3, 7, "0-1"),
                Game(8, 4, "0-1"),
            ],
            &[
                Game(2, 1, "½-½"),
                Game(4, 3, "0-1"),
                Forfeit {
                    winner: 7,
                    loser: 5,
                },
                Game(8, 6, "0-1"),
            ],
            &[
                Game(1, 3, "1-0"),
                Game(2, 4, "½-½"),
                Game(8, 7, "1-0"),
                Game(5, 6, "1-0"),
            ],
            &[
                Game(1, 4, "½-½"),
                Game(3, 6, "1-0"),
                Game(8, 5, "1-0"),
                Bye(2, h),
                Absent(7),
            ],
            &[
                Game(2, 3, "½-½"),
                Game(1, 8, "1-0"),
                Game(4, 6, "1-0"),
                Bye(5, u),
                Absent(7),
            ],
        ],
    )
}

#[test]
fn swiss_every_figure_with_buchholz_first() {
    let table = swiss();
    assert_eq!(Format::of(&table), Format::Swiss);
    let order = [
        TieBreak::Buchholz,
        TieBreak::BuchholzCut1,
        TieBreak::BuchholzMedian1,
        TieBreak::SonnebornBerger,
        TieBreak::AverageRatingOfOpponents,
        TieBreak::Wins,
        TieBreak::GamesWon,
        TieBreak::DirectEncounter,
    ];
    let s = standings(&table, &order, 0);
    // {P2, P4}: BH 13½ before 12½. {P5, P7, P8}: BH 13 (P8), 11 (P5), 10½ (P7).
    assert_eq!(ranks(&s), "P1=1 P2=2 P4=3 P3=4 P8=5 P5=6 P7=7 P6=8");
    // One tie-break at a time, P1 to P8, as computed above.
    assert_eq!(
        column(&s, 0),
        [125, 135, 140, 125, 110, 125, 105, 130].map(Tenths)
    );
    assert_eq!(
        column(&s, 1),
        [105, 105, 130, 115, 90, 105, 85, 120].map(Tenths)
    );
    assert_eq!(column(&s, 2), [75, 65, 90, 75, 50, 75, 60, 80].map(Tenths));
    assert_eq!(
        column(&s, 3),
        [950, 725, 550, 650, 300, 200, 450, 500].map(Hundredths)
    );
    assert_eq!(
        column(&s, 4),
        [2075, 2075, 2050, 2100, 2076, 2075, 2100, 2020].map(Rating)
    );
    assert_eq!(column(&s, 5), [3, 1, 2, 2, 2, 1, 2, 2].map(Count));
    assert_eq!(column(&s, 6), [3, 1, 2, 2, 1, 1, 1, 2].map(Count));
    // The direct encounter, last, finds nobody tied any more: it decides nothing.
    assert_eq!(column(&s, 7), [Unbroken; 8]);
    let scores: Vec<_> = s.iter().map(|s| s.score).collect();
    assert_eq!(scores, [40, 30, 30, 25, 20, 20, 20, 10]);
}

#[test]
fn swiss_direct_encounter_first_then_cut_buchholz() {
    // DE first: {P2, P4} stay tied (a draw); BH-C1 then puts P4 (11½) before P2 (10½): the
    // half-point bye is the value P2 loses. {P5, P7, P8}: P8 first by DE (2 points against at
    // most 1); {P5, P7} share 2nd place of the group; BH-C1: P5 9 before P7 8½.
    let order = [
        TieBreak::DirectEncounter,
        TieBreak::BuchholzCut1,
        TieBreak::Buchholz,
    ];
    let s = standings(&swiss(), &order, 0);
    assert_eq!(ranks(&s), "P1=1 P4=2 P2=3 P3=4 P8=5 P5=6 P7=7 P6=8");
    assert_eq!(values(&s, 2), [Unbroken, Tenths(105), Tenths(135)]);
    assert_eq!(values(&s, 4), [Unbroken, Tenths(115), Tenths(125)]);
    assert_eq!(values(&s, 8), [Place(1), Tenths(120), Tenths(130)]);
    assert_eq!(values(&s, 5), [Place(2), Tenths(90), Tenths(110)]);
    assert_eq!(values(&s, 7), [Place(2), Tenths(85), Tenths(105)]);
    assert_eq!(values(&s, 6), [Unbroken, Tenths(105), Tenths(125)]);
}

#[test]
fn swiss_median_one_orders_the_ties_its_own_way() {
    // BH-M1: P4 7½ (2 + 2½ + 3) before P2 6½ (1 + 3 + 2½); and P8 8, P7 6 (2 + 2 + 2),
    // P5 5 (1 + 2 + 2): P7 now before P5.
    let s = standings(&swiss(), &[TieBreak::BuchholzMedian1], 0);
    assert_eq!(ranks(&s), "P1=1 P4=2 P2=3 P3=4 P8=5 P7=6 P5=7 P6=8");
}

#[test]
fn swiss_pending_games_count_nothing_yet() {
    // The same event with round 5 not finished: 2-3 and 1-8 still being played.
    let mut table = swiss();
    for (tpn, opponent, colour) in [
        (2, 3, Colour::White),
        (3, 2, Colour::Black),
        (1, 8, Colour::White),
        (8, 1, Colour::Black),
    ] {
        table.entrants[tpn - 1].rounds[4] = RoundEntry::Pending { opponent, colour };
    }
    let s = standings(&table, &[TieBreak::Buchholz, TieBreak::Wins], 0);
    // Scores: P1 3, P2 2½, P3 2, P8 2 (no points for the pending games).
    let score = |tpn: Tpn| s.iter().find(|s| s.tpn == tpn).map(|s| s.score);
    assert_eq!(score(1), Some(30));
    assert_eq!(score(2), Some(25));
    assert_eq!(score(3), Some(20));
    // P1's Buchholz has four terms, with the new scores: P5 2, P2 2½, P3 2, P4 3 = 9½.
    assert_eq!(values(&s, 1), [Tenths(95), Count(2)]);
}

#[test]
fn direct_encounter_averages_games_repeated_between_two_players() {
    // Five players, four rounds:
    //   R1: 1-2 1-0, 3-4 1-0;  R2: 2-1 1-0, 4-5 ½-½;  R3: 1-3 0-1, 2-5 0-1;  R4: 2-3 1-0, 1-4 1-0
    // (the others absent). P1, P2, P3 have 2 points each and all met; P1 and P2 twice.
    // C.07 6.1.2: a pair that met more than once counts the average of its games.
    //   P1: avg(1, 0) = ½ (P2) + 0 (P3) = ½
    //   P2: avg(0, 1) = ½ (P1) + 1 (P3) = 1½
    //   P3: 1 (P1) + 0 (P2)             = 1
    // P2, P3, P1. (Summing instead would tie P1 and P3 on 1.) TEC's calculator agreed.
    let table = table(
        &[None; 5],
        &[
            &[Game(1, 2, "1-0"), Game(3, 4, "1-0"), Absent(5)],
            &[Game(2, 1, "1-0"), Game(4, 5, "½-½"), Absent(3)],
            &[Game(1, 3, "0-1"), Game(2, 5, "0-1"), Absent(4)],
            &[Game(2, 3, "1-0"), Game(1, 4, "1-0"), Absent(5)],
        ],
    );
    let s = standings(&table, &[TieBreak::DirectEncounter], 0);
    assert_eq!(ranks(&s), "P2=1 P3=2 P1=3 P5=4 P4=5");
    // P5 and P4, on 1½ and ½, were tied with nobody: a dash, not a place.
    assert_eq!(
        column(&s, 0),
        [Place(3), Place(1), Place(2), Unbroken, Unbroken]
    );
}

// ---------------------------------------------------------------------------------------------
// ICCF's cancelled games: a forfeit lost by both players.

/// Four players, a round robin; P4 beats P1, then withdraws and its two other games are
/// cancelled:
///   R1: 1-4 0-1, 2-3 ½-½;  R2: 4-3 cancelled, 1-2 0-1;  R3: 2-4 cancelled, 3-1 ½-½.
/// Scores: P2 1½, P3 1, P4 1, P1 ½.
fn cancelled_round_robin() -> Table {
    table(
        &[Some(2000), Some(2000), Some(2000), Some(2000)],
        &[
            &[Game(1, 4, "0-1"), Game(2, 3, "½-½")],
            &[Cancelled(4, 3), Game(1, 2, "0-1")],
            &[Cancelled(2, 4), Game(3, 1, "½-½")],
        ],
    )
}

#[test]
fn cancelled_games_are_games_that_never_existed() {
    let table = cancelled_round_robin();
    assert_eq!(Format::of(&table), Format::RoundRobin);
    let order = [
        TieBreak::DirectEncounter,
        TieBreak::Wins,
        TieBreak::SonnebornBerger,
        TieBreak::Buchholz,
        TieBreak::AverageRatingOfOpponents,
    ];
    let s = standings(&table, &order, 0);
    // {P3, P4} on 1: their game was cancelled, so they have not met: 0 points each, 1 possible
    // each: no separation. Wins: P4 1 (P1), P3 0 — P4 first.
    // SB: P3 = 1½×½ (P2) + ½×½ (P1) = 0.75 + 0.25 = 1.00; P4 = ½×1 (P1) = 0.50.
    // BH: P3 = 1½ + ½ = 2; P4 = ½: the cancelled game is no term. ARO: P4 met only P1.
    assert_eq!(ranks(&s), "P2=1 P4=2 P3=3 P1=4");
    assert_eq!(
        values(&s, 3),
        [
            Unbroken,
            Count(0),
            Hundredths(100),
            Tenths(20),
            Rating(2000)
        ]
    );
    assert_eq!(
        values(&s, 4),
        [Unbroken, Count(1), Hundredths(50), Tenths(5), Rating(2000)]
    );
    // P2: SB = 1×½ (P3) + ½×1 (P1) = 1.00, nothing for the cancelled game.
    assert_eq!(values(&s, 2)[2], Hundredths(100));
}

#[test]
fn cancelled_games_in_a_swiss_meet_a_dummy_but_are_not_voluntary() {
    // Read as a Swiss, P3's cancelled game is an unplayed round: a dummy with P3's own score,
    // 1. Terms: 1½ (P2), 1 (dummy), ½ (P1): BH 3. Cut-1 cuts the lowest, ½ (P1): 2½; were the
    // cancelled game a voluntary unplayed round, its 1 would be cut instead (2).
    let order = [TieBreak::Buchholz, TieBreak::BuchholzCut1];
    let s = standings_in(&cancelled_round_robin(), Format::Swiss, &order, 0);
    assert_eq!(values(&s, 3), [Tenths(30), Tenths(25)]);
}

// ---------------------------------------------------------------------------------------------
// (3) Lots

/// Six players, every game drawn: all tied on everything.
fn all_draws() -> Table {
    table(
        &[None; 6],
        &[
            &[Game(1, 6, "½-½"), Game(2, 5, "½-½"), Game(3, 4, "½-½")],
            &[Game(6, 4, "½-½"), Game(5, 3, "½-½"), Game(1, 2, "½-½")],
            &[Game(2, 6, "½-½"), Game(3, 1, "½-½"), Game(4, 5, "½-½")],
            &[Game(6, 5, "½-½"), Game(1, 4, "½-½"), Game(2, 3, "½-½")],
            &[Game(3, 6, "½-½"), Game(4, 2, "½-½"), Game(5, 1, "½-½")],
        ],
    )
}

fn order_of(standings: &[Standing]) -> Vec<Tpn> {
    standings.iter().map(|s| s.tpn).collect()
}

#[test]
fn lots_draw_is_splitmix64() {
    // The first output of SplitMix64 seeded with 0 (the published test value).
    assert_eq!(draw_lot(0, 1), 0xE220_A839_7B1D_CDAF);
    assert_eq!(draw_lot(0, 2), 0x6E78_9E6A_A1B9_65F4);
    assert_eq!(draw_lot(42, 1), 0xBDD7_3226_2FEB_6E95);
}

#[test]
fn lots_same_seed_same_order_and_every_rank_distinct() {
    let table = all_draws();
    let order = [TieBreak::SonnebornBerger, TieBreak::Lots];
    for seed in [0, 1, 7, u64::MAX] {
        let first = standings(&table, &order, seed);
        assert_eq!(first, standings(&table, &order, seed));
        let ranks: Vec<u32> = first.iter().map(|s| s.rank).collect();
        assert_eq!(ranks, [1, 2, 3, 4, 5, 6]);
        // The order is the draws', highest first.
        let mut by_draw: Vec<Tpn> = (1..=6).collect();
        by_draw.sort_by_key(|&tpn| std::cmp::Reverse(draw_lot(seed, tpn)));
        assert_eq!(order_of(&first), by_draw);
    }
    // Without lots they all share first place.
    let shared = standings(&table, &[TieBreak::SonnebornBerger], 0);
    assert!(shared.iter().all(|s| s.rank == 1));
}

#[test]
fn lots_different_seeds_can_give_different_orders() {
    let table = all_draws();
    let orders: std::collections::HashSet<Vec<Tpn>> = (0..16)
        .map(|seed| order_of(&standings(&table, &[TieBreak::Lots], seed)))
        .collect();
    assert!(orders.len() > 1, "16 seeds gave one order");
}

#[test]
fn lots_never_separate_entrants_who_differ_on_an_earlier_criterion() {
    // The round robin with [SB, Lots]: P1 (3, 8.00) first, then P2 and P3 (3, 6.50) in the
    // draw's order, then P4 and P5 (2½, 5.25) in the draw's order, then P6, for every seed.
    let table = round_robin();
    let order = [TieBreak::SonnebornBerger, TieBreak::Lots];
    let mut seen = std::collections::HashSet::new();
    for seed in 0..64 {
        let s = standings(&table, &order, seed);
        let tpns = order_of(&s);
        assert_eq!(tpns[0], 1);
        assert!(tpns[1..3].contains(&2) && tpns[1..3].contains(&3));
        assert!(tpns[3..5].contains(&4) && tpns[3..5].contains(&5));
        assert_eq!(tpns[5], 6);
        let ranks: Vec<u32> = s.iter().map(|s| s.rank).collect();
        assert_eq!(ranks, [1, 2, 3, 4, 5, 6]);
        seen.insert(tpns);
    }
    // Both orders of each pair occur among 64 seeds.
    assert_eq!(seen.len(), 4);
}

// ---------------------------------------------------------------------------------------------
// Codes

#[test]
fn codes_read_and_written() {
    for tb in TieBreak::ALL {
        assert_eq!(tb.to_string().parse::<TieBreak>(), Ok(tb));
    }
    assert_eq!("bh-c1".parse(), Ok(TieBreak::BuchholzCut1));
    assert_eq!(" BH/M1 ".parse(), Ok(TieBreak::BuchholzMedian1));
    assert_eq!("Win".parse(), Ok(TieBreak::Wins));
    assert_eq!("won".parse(), Ok(TieBreak::GamesWon));
    assert_eq!("aro".parse(), Ok(TieBreak::AverageRatingOfOpponents));
    assert!("BH-C2".parse::<TieBreak>().is_err());
    assert_eq!(TieBreak::SonnebornBerger.to_string(), "SB");
    assert_eq!(Hundredths(725).to_string(), "7.25");
    assert_eq!(Tenths(105).to_string(), "10.5");
}

// ---------------------------------------------------------------------------------------------
// Properties on random tables

/// A random event: `n` entrants, and for each round a shuffled list of them paired two by
/// two, with a code per board for what happened (the odd one out gets a bye or is absent).
fn random_table() -> impl Strategy<Value = Table> {
    (2usize..10, 0usize..7).prop_flat_map(|(n, rounds)| {
        (
            proptest::collection::vec(proptest::option::of(1500u32..2500), n),
            proptest::collection::vec(
                (
                    Just((1..=n as Tpn).collect::<Vec<_>>()).prop_shuffle(),
                    proptest::collection::vec(0u8..12, n),
                ),
                rounds,
            ),
        )
            .prop_map(|(ratings, rounds)| {
                let mut boards_per_round: Vec<Vec<Board>> = Vec::new();
                for (players, codes) in rounds {
                    let mut boards = Vec::new();
                    for (pair, &code) in players.chunks(2).zip(&codes) {
                        let board = match *pair {
                            [a, b] => match code {
                                0..=2 => Game(a, b, "1-0"),
                                3..=4 => Game(a, b, "½-½"),
                                5..=6 => Game(a, b, "0-1"),
                                7 => Forfeit {
                                    winner: a,
                                    loser: b,
                                },
                                8 => Cancelled(a, b),
                                9 => Pending(a, b),
                                10 => {
                                    boards.push(Bye(a, ByeKind::Half));
                                    Absent(b)
                                }
                                _ => {
                                    boards.push(Bye(a, ByeKind::Zero));
                                    Bye(b, ByeKind::Full)
                                }
                            },
                            [a] => match code % 4 {
                                0 => Bye(a, ByeKind::PairingAllocated),
                                1 => Bye(a, ByeKind::Half),
                                2 => Absent(a),
                                _ => Bye(a, ByeKind::Zero),
                            },
                            _ => unreachable!(),
                        };
                        boards.push(board);
                    }
                    boards_per_round.push(boards);
                }
                let rounds: Vec<&[Board]> = boards_per_round.iter().map(|r| &r[..]).collect();
                table(&ratings, &rounds)
            })
    })
}

fn random_order() -> impl Strategy<Value = Vec<TieBreak>> {
    proptest::collection::vec(proptest::sample::select(TieBreak::ALL.to_vec()), 0..6)
}

proptest! {
    #[test]
    fn ranks_follow_score_then_the_tie_breaks_in_order(
        table in random_table(),
        order in random_order(),
        seed in any::<u64>(),
        swiss in any::<bool>(),
    ) {
        let format = if swiss { Format::Swiss } else { Format::RoundRobin };
        let s = standings_in(&table, format, &order, seed);
        prop_assert_eq!(&s, &standings_in(&table, format, &order, seed));

        // Every entrant once, with its score and one value per tie-break.
        let mut tpns: Vec<Tpn> = s.iter().map(|s| s.tpn).collect();
        tpns.sort_unstable();
        prop_assert_eq!(tpns, (1..=table.entrants.len() as Tpn).collect::<Vec<_>>());
        for line in &s {
            let entrant = &table.entrants[line.tpn as usize - 1];
            prop_assert_eq!(line.score, entrant.score(&table.points));
            prop_assert_eq!(line.values.len(), order.len());
        }

        for (i, pair) in s.windows(2).enumerate() {
            let (a, b) = (&pair[0], &pair[1]);
            // Sorted by score, then by the values in order, the first difference deciding.
            prop_assert!(a.score >= b.score);
            let decided = a.score > b.score
                || a.values.iter().zip(&b.values).map(|(x, y)| x.cmp_merit(y)).find(|o| o.is_ne())
                    == Some(std::cmp::Ordering::Greater);
            let tied = a.score == b.score && a.values == b.values;
            prop_assert!(decided || tied, "{:?} before {:?}", a, b);
            // Tied entrants share the rank; the others get their position.
            if tied {
                prop_assert_eq!(a.rank, b.rank);
                prop_assert!(a.tpn < b.tpn);
            } else {
                prop_assert_eq!(b.rank, i as u32 + 2);
            }
        }
        if let Some(first) = s.first() {
            prop_assert_eq!(first.rank, 1);
        }
        // With lots listed nobody is still tied.
        if order.contains(&TieBreak::Lots) {
            prop_assert!(s.windows(2).all(|p| p[0].rank < p[1].rank));
        }
    }

    #[test]
    fn the_format_read_from_the_table_is_the_one_used(
        table in random_table(),
        order in random_order(),
    ) {
        prop_assert_eq!(
            standings(&table, &order, 3),
            standings_in(&table, Format::of(&table), &order, 3)
        );
    }
}
