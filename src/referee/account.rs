//! The account commands, which change or show a player's own settings and no game:
//! `GAMES` (their games and invitations), `HELP`, `LANG`, `CHAT`, `PUBLIC`, `PICTURES`,
//! `NAME` and `TZ`. Reached from [`super::message`]'s dispatch once the proof a command needs is
//! checked; each composes its answer through the [`Desk`].

use crate::referee::command::Command;
use crate::referee::desk::{Desk, display_name};
use crate::referee::reply::{self, GameLine, NameRefused, Topic};
use crate::referee::route::{Route, route};
use crate::referee::{GameStatus, LangFrom, Player, clocks};
use crate::text::Lang;

/// `GAMES`: the sender's games in progress and pending invitations.
pub(crate) fn on_games(desk: &mut Desk) {
    let mut lines: Vec<GameLine> = desk
        .ctx
        .games
        .iter()
        .filter(|g| matches!(g.status, GameStatus::Active | GameStatus::Invited))
        .filter_map(|g| desk.game_line(g))
        .collect();
    lines.sort_by_key(|l| l.id);
    lines.dedup_by_key(|l| l.id);
    let mut body = reply::games_list(desk.lang, &lines);
    if !desk.ctx.ratings.is_empty() {
        body.push('\n');
        body.push_str(&crate::t!(desk.lang, "games-ratings-head"));
        body.push('\n');
        for r in &desk.ctx.ratings {
            // `abalone/belgian-daisy`: a variant's own pool.
            let (game, variant) = match r.pool.split_once('/') {
                Some((g, v)) => (g, Some(v)),
                None => (r.pool.as_str(), None),
            };
            let title = crate::games::GameKind::from_name(game)
                .map(|k| k.title(desk.lang))
                .unwrap_or_else(|| game.to_string());
            let title = match variant {
                Some(v) => format!("{title} ({v})"),
                None => title,
            };
            body.push_str(&crate::t!(
                desk.lang,
                "games-rating-line",
                game = title,
                rating = crate::rating::history::shown(&r.rating),
                games = r.games
            ));
            body.push('\n');
        }
    }
    desk.reply(Topic::Games, body);
    desk.summary = format!("listed {} game(s) for {}", lines.len(), desk.sender());
}

/// `HELP [game]`: the general help, with the game's own help when one is named or the
/// message is about one of the sender's games.
pub(crate) fn on_help(desk: &mut Desk, kind: Option<crate::games::GameKind>) {
    let kind = kind.or_else(|| match route(desk.ctx, desk.sender(), &Command::Board) {
        Route::Game(g, _) if g.side_of(desk.sender()).is_some() => Some(g.kind),
        _ => None,
    });
    let body = reply::help(desk.lang, kind);
    desk.reply(Topic::Help, body);
    desk.summary = format!("sent help to {}", desk.sender());
}

/// `LANG FR|EN`.
pub(crate) fn on_lang(desk: &mut Desk, lang: Option<Lang>) {
    let Some(lang) = lang else {
        let body = reply::lang_usage(desk.lang);
        desk.reply(Topic::Language, body);
        desk.summary = format!("LANG without a language from {}", desk.sender());
        return;
    };
    let sender = desk.sender().to_lowercase();
    let player = match desk.player(&sender) {
        Some(p) => Player {
            lang,
            lang_from: LangFrom::Chosen,
            ..p.clone()
        },
        None => Player {
            name: display_name(desk.msg.from_name.as_deref()),
            lang_from: LangFrom::Chosen,
            ..Player::new(&sender, lang)
        },
    };
    desk.upsert_player(player);
    desk.lang = lang;
    desk.reply(Topic::Language, reply::lang_set(lang));
    desk.summary = format!("{sender} now reads {lang}");
}

/// `CHAT ON|OFF`: whether the sender receives the words their opponents write with their
/// moves.
pub(crate) fn on_chat(desk: &mut Desk, on: Option<bool>) {
    switch(
        desk,
        on,
        Switch {
            keyword: "CHAT",
            topic: Topic::Chat,
            usage: reply::chat_usage,
            answer: reply::chat_set,
            set: |p, on| Player { chat: on, ..p },
            summary: [
                "no longer receives opponents' words",
                "receives opponents' words",
            ],
        },
    );
}

/// `PUBLIC ON|OFF`: the sender's casual games on the public pages, or hidden.
pub(crate) fn on_public(desk: &mut Desk, on: Option<bool>) {
    switch(
        desk,
        on,
        Switch {
            keyword: "PUBLIC",
            topic: Topic::Public,
            usage: reply::public_usage,
            answer: reply::public_set,
            set: |p, on| Player { public: on, ..p },
            summary: [
                "hides casual games from the public pages",
                "shows casual games on the public pages",
            ],
        },
    );
}

/// `PICTURES ON|OFF`: board pictures in the sender's game mails, or not.
pub(crate) fn on_pictures(desk: &mut Desk, on: Option<bool>) {
    switch(
        desk,
        on,
        Switch {
            keyword: "PICTURES",
            topic: Topic::Pictures,
            usage: reply::pictures_usage,
            answer: reply::pictures_set,
            set: |p, on| Player { pictures: on, ..p },
            summary: [
                "no longer receives board pictures",
                "receives board pictures",
            ],
        },
    );
}

/// The longest name a player may choose, in characters: enough for a first name and a
/// surname, short enough for a crosstable's column and a phone's line.
pub(crate) const NAME_MAX: usize = 40;

/// `NAME <name>`: the name shown to the sender's opponents and on the pages, from now on in
/// place of their mail's display name; `NAME` alone says which name is shown.
pub(crate) fn on_name(desk: &mut Desk, name: Option<&str>) {
    let sender = desk.sender().to_lowercase();
    let lang = desk.lang;
    let Some(raw) = name else {
        let current = desk.player(&sender).and_then(|p| p.name.clone());
        desk.reply(
            Topic::Name,
            reply::name_current(lang, current.as_deref(), NAME_MAX),
        );
        desk.summary = format!("{sender} asked for the name shown");
        return;
    };
    let name = match chosen_name(raw) {
        Ok(name) => name,
        Err(refused) => {
            desk.reply(Topic::Name, reply::name_refused(lang, raw, refused));
            desk.summary = format!("{sender} gave a name that was refused ({refused:?})");
            return;
        }
    };
    desk.ensure_player(&sender, lang);
    let player = desk.player(&sender).cloned().expect("ensured");
    desk.upsert_player(Player {
        name: Some(name.clone()),
        name_chosen: true,
        ..player
    });
    desk.reply(Topic::Name, reply::name_set(lang, &name));
    desk.summary = format!("{sender} chose the name shown: {name:?}");
}

/// A name as a player wrote it after `NAME`, made fit to show: quotes around it dropped,
/// runs of spaces (and any control character) made one space. Refused when it is longer
/// than [`NAME_MAX`] or holds an address (mail or web): a name shown never leads to its
/// owner's mailbox, nor elsewhere.
fn chosen_name(raw: &str) -> Result<String, NameRefused> {
    let spaced: String = raw
        .chars()
        .map(|c| if c.is_control() { ' ' } else { c })
        .collect();
    let name = spaced
        .split_whitespace()
        .collect::<Vec<_>>()
        .join(" ")
        .trim_matches(['"', '\'', '“', '”', '«', '»'])
        .trim()
        .to_string();
    let lower = name.to_lowercase();
    let address = name.contains(['@', '<', '>'])
        || lower.contains("://")
        || lower.contains("www.")
        || lower.starts_with("mailto:");
    if address {
        return Err(NameRefused::Address);
    }
    let length = name.chars().count();
    if length > NAME_MAX {
        return Err(NameRefused::TooLong {
            length,
            max: NAME_MAX,
        });
    }
    Ok(name)
}

/// One of the sender's settings that is on or off.
struct Switch {
    /// The command, for the log.
    keyword: &'static str,
    /// The answer's subject.
    topic: Topic,
    /// The answer to the command without ON or OFF.
    usage: fn(Lang) -> String,
    /// The answer once set.
    answer: fn(Lang, bool) -> String,
    /// The player with the setting changed.
    set: fn(Player, bool) -> Player,
    /// What the log says of the sender, off then on.
    summary: [&'static str; 2],
}

/// `KEYWORD ON|OFF`: sets the sender's setting and says so; without ON or OFF, says how.
fn switch(desk: &mut Desk, on: Option<bool>, switch: Switch) {
    let Some(on) = on else {
        let body = (switch.usage)(desk.lang);
        desk.reply(switch.topic, body);
        desk.summary = format!(
            "{} without ON or OFF from {}",
            switch.keyword,
            desk.sender()
        );
        return;
    };
    let sender = desk.sender().to_lowercase();
    let lang = desk.lang;
    desk.ensure_player(&sender, lang);
    let player = desk.player(&sender).cloned().expect("ensured");
    desk.upsert_player((switch.set)(player, on));
    desk.reply(switch.topic, (switch.answer)(lang, on));
    desk.summary = format!("{sender} {}", switch.summary[usize::from(on)]);
}

/// `TZ <zone>`: the sender's time zone (`TZ` alone: the one in use).
pub(crate) fn on_zone(desk: &mut Desk, zone: Option<&str>) {
    let sender = desk.sender().to_lowercase();
    let lang = desk.lang;
    let Some(name) = zone else {
        let current = clocks::zone_of(&desk.config.clock, desk.player(&sender));
        let body = reply::zone_current(lang, &current);
        desk.reply(Topic::Zone, body);
        desk.summary = format!("{sender} asked for their time zone");
        return;
    };
    let Ok(found) = jiff::tz::db().get(name) else {
        desk.reply(Topic::Zone, reply::zone_unknown(lang, name));
        desk.summary = format!("{sender} gave an unknown time zone `{name}`");
        return;
    };
    let canonical = found.iana_name().unwrap_or(name).to_string();
    desk.ensure_player(&sender, lang);
    let player = desk.player(&sender).cloned().expect("ensured");
    desk.upsert_player(Player {
        zone: Some(canonical.clone()),
        ..player
    });
    desk.reply(Topic::Zone, reply::zone_set(lang, &canonical));
    desk.summary = format!("{sender} set their time zone to {canonical}");
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_chosen_name_is_tidied_and_never_an_address_nor_too_long() {
        assert_eq!(chosen_name("  Alice   M. ").as_deref(), Ok("Alice M."));
        assert_eq!(chosen_name("\"Zoé Ünal\"").as_deref(), Ok("Zoé Ünal"));
        assert_eq!(chosen_name("« Éloïse »").as_deref(), Ok("Éloïse"));
        assert_eq!(
            chosen_name("Bob\tthe\u{7}Great").as_deref(),
            Ok("Bob the Great")
        );
        for address in [
            "alice@example.org",
            "Alice <alice@example.org>",
            "see https://example.org",
            "www.example.org",
            "mailto:alice",
        ] {
            assert_eq!(chosen_name(address), Err(NameRefused::Address), "{address}");
        }
        let forty: String = "é".repeat(NAME_MAX);
        assert_eq!(chosen_name(&forty).as_deref(), Ok(forty.as_str()));
        assert_eq!(
            chosen_name(&format!("{forty}x")),
            Err(NameRefused::TooLong {
                length: NAME_MAX + 1,
                max: NAME_MAX
            })
        );
    }
}
