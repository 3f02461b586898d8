//! The words players write to arbitre, in every language of the catalogs (`words.ftl`):
//! the phrases that mean each command and the words of a challenge. A new language brings
//! its own words with its folder; nothing here names a language.
//!
//! A phrase is compared word by word, each word folded as [`fold_word`] folds it (case,
//! accents, apostrophes and the punctuation around it do not matter). The table is read
//! from the catalogs once.

use std::sync::OnceLock;

use crate::games::fold_name;
use crate::text::Lang;
use crate::text::catalog::{FluentArgs, tr};

/// Something players can write.
#[derive(Clone, Copy, Debug, PartialEq, Eq, Hash)]
pub enum Meaning {
    /// `ACCEPT`.
    Accept,
    /// `DECLINE`.
    Decline,
    /// `RESIGN`.
    Resign,
    /// `DRAW`.
    Draw,
    /// `NEW`.
    New,
    /// `BOARD`.
    Board,
    /// `HISTORY`.
    History,
    /// `GAMES`.
    Games,
    /// `HELP`.
    Help,
    /// `LANG`.
    Lang,
    /// `CHAT`.
    Chat,
    /// `CHECK`.
    Check,
    /// `UNDO`.
    Undo,
    /// `IF`, before the opponent's move in a conditional line.
    If,
    /// `THEN`, before the prepared answer in a conditional line.
    Then,
    /// `CONDITIONS`: list the conditional moves stored.
    Conditions,
    /// `CLEAR` (after `CONDITIONS`): drop them.
    Clear,
    /// `CLOCK`: both clocks, the deadline, the leave left.
    Clock,
    /// `TZ`: the player's time zone.
    Zone,
    /// `LEAVE`: take leave, cancel it, or see the balance.
    Leave,
    /// `CLAIM`: claim a win on time (claim mode).
    Claim,
    /// `ON` (after `CHAT`).
    On,
    /// `OFF` (after `CHAT`).
    Off,
    /// `VS`, before the opponent's address in a challenge.
    Versus,
    /// Words skipped before the game's name in a challenge (`game`, `of`).
    Filler,
    /// `AS`, before a colour in a challenge.
    Colour,
    /// Articles skipped before a colour (`the`).
    Article,
    /// `TIME`, before the time control in a challenge.
    Time,
    /// Who moves first.
    First,
    /// Who moves second.
    Second,
    /// `PHONE`: link a phone, unlink it, or see it.
    Phone,
    /// `NOTIFY`: how the player hears of their games.
    Notify,
    /// `PICTURES`: board pictures in mail, or the text board alone.
    Pictures,
    /// `PUBLIC`: the player's casual games shown on the public pages, or hidden.
    Public,
    /// `NAME`: the name shown to opponents and on the pages.
    Name,
    /// `SMS` (after `NOTIFY`).
    Sms,
    /// `MAIL` (after `NOTIFY`).
    Mail,
    /// `BOTH` (after `NOTIFY`).
    Both,
    /// `STOP`, by SMS: no more SMS to this number (with the carriers' usual words).
    Stop,
    /// `START`, by SMS: SMS again.
    Start,
    /// `JOIN`: enter an event.
    Join,
    /// `STANDINGS`: an event's table.
    Standings,
    /// `WITHDRAW`: leave an event.
    Withdraw,
    /// `RATED`, among a challenge's options: the game counts for ratings.
    Rated,
    /// `YES`, alone in a reply to a request to confirm: carry out the command.
    Yes,
    /// `NOT ME`, alone in a reply to a request to confirm: cancel it.
    NotMe,
    /// `NO MORE INVITATIONS`: other players' invitations no longer reach the sender.
    NoInvitations,
    /// After `VS` in a challenge, instead of an address: arbitre itself plays.
    Computer,
    /// `LEVEL`, before the computer's level (1 to 9) in a challenge.
    Level,
    /// `HINT`: the computer suggests a move (in a game against it).
    Hint,
}

impl Meaning {
    /// Every meaning.
    pub const ALL: [Meaning; 50] = [
        Meaning::Accept,
        Meaning::Decline,
        Meaning::Resign,
        Meaning::Draw,
        Meaning::New,
        Meaning::Board,
        Meaning::History,
        Meaning::Games,
        Meaning::Help,
        Meaning::Lang,
        Meaning::Chat,
        Meaning::Check,
        Meaning::Undo,
        Meaning::If,
        Meaning::Then,
        Meaning::Conditions,
        Meaning::Clear,
        Meaning::Clock,
        Meaning::Zone,
        Meaning::Leave,
        Meaning::Claim,
        Meaning::On,
        Meaning::Off,
        Meaning::Versus,
        Meaning::Filler,
        Meaning::Colour,
        Meaning::Article,
        Meaning::Time,
        Meaning::First,
        Meaning::Second,
        Meaning::Phone,
        Meaning::Notify,
        Meaning::Pictures,
        Meaning::Public,
        Meaning::Name,
        Meaning::Sms,
        Meaning::Mail,
        Meaning::Both,
        Meaning::Stop,
        Meaning::Start,
        Meaning::Join,
        Meaning::Standings,
        Meaning::Withdraw,
        Meaning::Rated,
        Meaning::Yes,
        Meaning::NotMe,
        Meaning::NoInvitations,
        Meaning::Computer,
        Meaning::Level,
        Meaning::Hint,
    ];

    /// Its message in the catalogs.
    fn id(self) -> &'static str {
        match self {
            Meaning::Accept => "words-accept",
            Meaning::Decline => "words-decline",
            Meaning::Resign => "words-resign",
            Meaning::Draw => "words-draw",
            Meaning::New => "words-new",
            Meaning::Board => "words-board",
            Meaning::History => "words-history",
            Meaning::Games => "words-games",
            Meaning::Help => "words-help",
            Meaning::Lang => "words-lang",
            Meaning::Chat => "words-chat",
            Meaning::Check => "words-check",
            Meaning::Undo => "words-undo",
            Meaning::If => "words-if",
            Meaning::Then => "words-then",
            Meaning::Conditions => "words-conditions",
            Meaning::Clear => "words-clear",
            Meaning::Clock => "words-clock",
            Meaning::Zone => "words-zone",
            Meaning::Leave => "words-leave",
            Meaning::Claim => "words-claim",
            Meaning::On => "words-on",
            Meaning::Off => "words-off",
            Meaning::Versus => "words-versus",
            Meaning::Filler => "words-filler",
            Meaning::Colour => "words-colour",
            Meaning::Article => "words-article",
            Meaning::Time => "words-time",
            Meaning::First => "words-first",
            Meaning::Second => "words-second",
            Meaning::Phone => "words-phone",
            Meaning::Notify => "words-notify",
            Meaning::Pictures => "words-pictures",
            Meaning::Public => "words-public",
            Meaning::Name => "words-name",
            Meaning::Sms => "words-sms",
            Meaning::Mail => "words-mail",
            Meaning::Both => "words-both",
            Meaning::Stop => "words-stop",
            Meaning::Start => "words-start",
            Meaning::Join => "words-join",
            Meaning::Standings => "words-standings",
            Meaning::Withdraw => "words-withdraw",
            Meaning::Rated => "words-rated",
            Meaning::Yes => "words-yes",
            Meaning::NotMe => "words-not-me",
            Meaning::NoInvitations => "words-no-invitations",
            Meaning::Computer => "words-computer",
            Meaning::Level => "words-level",
            Meaning::Hint => "words-hint",
        }
    }
}

/// One phrase: what it means, in which language, its folded words.
struct Phrase {
    meaning: Meaning,
    lang: Lang,
    words: Vec<String>,
}

/// Every phrase of every language.
fn phrases() -> &'static [Phrase] {
    static PHRASES: OnceLock<Vec<Phrase>> = OnceLock::new();
    PHRASES.get_or_init(|| {
        let mut out = Vec::new();
        for lang in Lang::available() {
            for meaning in Meaning::ALL {
                let list = tr(lang, meaning.id(), &FluentArgs::new());
                for phrase in list.split(',') {
                    let words: Vec<String> = phrase
                        .split_whitespace()
                        .map(fold_word)
                        .filter(|w| !w.is_empty())
                        .collect();
                    if !words.is_empty() {
                        out.push(Phrase {
                            meaning,
                            lang,
                            words,
                        });
                    }
                }
            }
        }
        out
    })
}

/// Folds one word for matching: lower case, accents, apostrophes and the punctuation
/// around it removed.
pub fn fold_word(word: &str) -> String {
    let trimmed = word
        .trim_matches(|c: char| matches!(c, '?' | '!' | '.' | ',' | ';' | ':' | '"' | '(' | ')'));
    fold_name(trimmed)
}

/// The language a phrase belongs to: the one language that has it, or `None` when several
/// do.
fn only_language(found: &[&Phrase]) -> Option<Lang> {
    let first = found.first()?.lang;
    found.iter().all(|p| p.lang == first).then_some(first)
}

/// Which of `among` the folded `words` are, as a whole, and the language of the phrase.
pub fn whole(words: &[&str], among: &[Meaning]) -> Option<(Meaning, Option<Lang>)> {
    let found: Vec<&Phrase> = phrases()
        .iter()
        .filter(|p| among.contains(&p.meaning) && p.words == words)
        .collect();
    let meaning = found.first()?.meaning;
    let found: Vec<&Phrase> = found.into_iter().filter(|p| p.meaning == meaning).collect();
    Some((meaning, only_language(&found)))
}

/// Which of `among` the folded `words` start with (the longest phrase), the language of the
/// phrase, and how many words it takes.
pub fn start(words: &[&str], among: &[Meaning]) -> Option<(Meaning, Option<Lang>, usize)> {
    let longest = phrases()
        .iter()
        .filter(|p| among.contains(&p.meaning) && starts_with(words, &p.words))
        .map(|p| p.words.len())
        .max()?;
    let found: Vec<&Phrase> = phrases()
        .iter()
        .filter(|p| {
            among.contains(&p.meaning) && p.words.len() == longest && starts_with(words, &p.words)
        })
        .collect();
    let meaning = found.first()?.meaning;
    let found: Vec<&Phrase> = found.into_iter().filter(|p| p.meaning == meaning).collect();
    Some((meaning, only_language(&found), longest))
}

/// Whether `words` begins with `phrase`.
fn starts_with(words: &[&str], phrase: &[String]) -> bool {
    words.len() >= phrase.len() && words.iter().zip(phrase).all(|(w, p)| w == p)
}

/// Whether the folded `word` is a one-word phrase of `meaning` in some language.
pub fn is(word: &str, meaning: Meaning) -> bool {
    phrases()
        .iter()
        .any(|p| p.meaning == meaning && p.words.len() == 1 && p.words[0] == word)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn every_meaning_has_words_in_every_language() {
        for lang in Lang::available() {
            for meaning in Meaning::ALL {
                assert!(
                    phrases()
                        .iter()
                        .any(|p| p.lang == lang && p.meaning == meaning),
                    "{lang}: no words for {meaning:?}"
                );
            }
        }
    }

    #[test]
    fn phrases_are_folded_and_tell_their_language() {
        assert_eq!(
            whole(&["jaccepte"], &[Meaning::Accept]),
            Some((Meaning::Accept, Some(Lang::FR)))
        );
        assert_eq!(
            whole(&["i", "accept"], &[Meaning::Accept, Meaning::Decline]),
            Some((Meaning::Accept, Some(Lang::EN)))
        );
        assert_eq!(whole(&["accept", "now"], &[Meaning::Accept]), None);
        assert_eq!(
            start(&["mes", "parties", "svp"], &[Meaning::Games]),
            Some((Meaning::Games, Some(Lang::FR), 2))
        );
        assert_eq!(
            start(&["defi", "abalone"], &[Meaning::New]),
            Some((Meaning::New, Some(Lang::FR), 1))
        );
        assert!(is("l", Meaning::Article) && is("second", Meaning::Second));
        assert!(!is("second", Meaning::First));
    }

    #[test]
    fn the_words_of_stop_and_start_mean_nothing_else_alone() {
        // A whole SMS of one of these words stops or restarts every SMS: none may be a
        // command of its own in any language (REPRENDRE is a take-back, CANCEL alone is
        // not read as anything else).
        let alone = [
            Meaning::Accept,
            Meaning::Decline,
            Meaning::Resign,
            Meaning::Draw,
            Meaning::Undo,
            Meaning::Claim,
            Meaning::Board,
            Meaning::History,
            Meaning::Games,
            Meaning::Help,
            Meaning::Check,
            Meaning::Conditions,
            Meaning::Clock,
            Meaning::Leave,
            Meaning::Phone,
            Meaning::Notify,
        ];
        for p in phrases()
            .iter()
            .filter(|p| matches!(p.meaning, Meaning::Stop | Meaning::Start))
        {
            let words: Vec<&str> = p.words.iter().map(String::as_str).collect();
            assert_eq!(
                whole(&words, &alone),
                None,
                "{:?} ({}) is also a command",
                p.words,
                p.lang
            );
            assert_eq!(
                start(&words, &alone),
                None,
                "{:?} starts a command",
                p.words
            );
        }
    }
}
