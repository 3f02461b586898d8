//! Challenges: a NEW line that cannot be read, a game's setup, the invitation and its
//! answers, the start of a game.

use super::*;

/// A NEW line that cannot be read.
pub fn new_error(lang: Lang, e: &NewError) -> String {
    let games = GameKind::ALL
        .iter()
        .map(|k| k.name())
        .collect::<Vec<_>>()
        .join(", ");
    let what = match e {
        NewError::MissingGame => t!(lang, "new-missing-game", games = games),
        NewError::UnknownGame(g) => t!(lang, "new-unknown-game", name = g.clone(), games = games),
        NewError::MissingOpponent => t!(lang, "new-missing-opponent"),
        NewError::BadAddress(a) => t!(lang, "new-bad-address", address = a.clone()),
        NewError::BadColour(c) => t!(lang, "new-bad-colour", colour = c.clone()),
        NewError::BadTime(_, e) => t!(
            lang,
            "new-bad-time",
            why = clock_text::control_error(lang, e.as_ref())
        ),
        NewError::BadLevel(level) => t!(lang, "new-bad-level", level = level.clone()),
        NewError::LevelForPerson(level) => {
            t!(lang, "new-level-for-person", level = level.number())
        }
    };
    format!(
        "{what} {}\n\n{}\n",
        t!(lang, "no-game-created"),
        t!(lang, "new-usage")
    )
}

/// A challenge to oneself.
pub fn new_self(lang: Lang) -> String {
    t!(lang, "new-self") + "\n"
}

/// What a game against the computer at `level` is: its first mail's last paragraph.
pub fn computer_terms(lang: Lang, level: crate::games::engine::Level) -> String {
    format!("\n{}\n", t!(lang, "computer-terms", level = level.number()))
}

/// A challenge to the computer from a player who has as many games against it as allowed.
pub fn computer_too_many(lang: Lang, most: usize) -> String {
    format!(
        "{} {}\n",
        t!(lang, "computer-too-many", most = most),
        t!(lang, "no-game-created")
    )
}

/// A game that cannot be set up as asked.
pub fn setup_error(lang: Lang, kind: GameKind, e: &SetupError) -> String {
    let title = kind.title(lang).to_string();
    let what = match e {
        SetupError::UnknownVariant { name, known, .. } => t!(
            lang,
            "setup-unknown-variant",
            title = title,
            name = name.clone(),
            known = known.clone()
        ),
        SetupError::Options(OptionError::Unknown { name, known }) => t!(
            lang,
            "setup-unknown-option",
            title = title,
            name = name.clone(),
            known = known.clone()
        ),
        SetupError::Options(OptionError::BadValue {
            name,
            value,
            allowed,
        }) => t!(
            lang,
            "setup-bad-value",
            name = name.clone(),
            value = value.clone(),
            allowed = allowed.clone()
        ),
        SetupError::Options(OptionError::Syntax(item)) => t!(
            lang,
            "setup-syntax",
            item = item.clone(),
            of = t!(lang, "of-game", game = kind.name(), title = title.clone())
        ),
        SetupError::Position(p) => {
            t!(
                lang,
                "setup-position",
                reason = p.reason.get(lang).to_string()
            )
        }
    };
    format!(
        "{what} {}\n\n{}",
        t!(lang, "no-game-created"),
        game_help(lang, kind)
    )
}

/// Options that differ from the defaults, for invitations (`None` when all are default).
fn options_line(lang: Lang, stored: &StoredGame) -> Option<String> {
    let specs = stored.kind.option_specs();
    let changed: Vec<&str> = stored
        .options
        .split(',')
        .filter(|item| {
            item.split_once('=')
                .is_some_and(|(n, v)| specs.iter().any(|s| s.name == n && s.default != v))
        })
        .collect();
    if changed.is_empty() {
        return None;
    }
    Some(t!(lang, "options-line", options = changed.join(", ")) + "\n")
}

/// What a game was set up with beyond its start: the options that differ from their
/// defaults and the time control, a line each (empty when there is neither).
fn setup_lines(lang: Lang, stored: &StoredGame) -> String {
    let mut out = options_line(lang, stored).unwrap_or_default();
    let control = &stored.clock.control;
    if control.is_timed() {
        out.push_str(&t!(
            lang,
            "clock-control-line",
            control = control.to_string(),
            words = clock_text::control_words(lang, control)
        ));
        out.push('\n');
    }
    out
}

/// The invitation mailed to a challenged player, in `langs` one after the other (the first
/// is theirs, or the installation's for an invitee arbitre does not know; then the
/// challenger's), and how to stop invitations in every language.
pub fn invitation(langs: &[Lang], s: &Seen, challenger: Option<&str>) -> String {
    let Some(&lang) = langs.first() else {
        return String::new();
    };
    let mut out = String::new();
    for (i, &l) in langs.iter().enumerate() {
        if i > 0 {
            out.push_str("\n-- \n\n");
        }
        out.push_str(&invitation_in(l, s, challenger));
    }
    out.push('\n');
    out.push_str(&other_language_hint(lang));
    // How to stop every invitation, in each language: the invitee may read none of the
    // challenger's.
    out.push('\n');
    for l in std::iter::once(lang).chain(Lang::available().into_iter().filter(|l| *l != lang)) {
        out.push_str(&t!(l, "invitation-stop"));
        out.push('\n');
    }
    out
}

/// The invitation in one language: who invites, to what, and how to answer.
fn invitation_in(lang: Lang, s: &Seen, challenger: Option<&str>) -> String {
    let who = match challenger {
        Some(n) => n.to_string(),
        None => t!(lang, "a-player"),
    };
    let mut out = t!(
        lang,
        "invitation",
        who = who,
        of = of_game(lang, s.stored),
        id = s.stored.id,
        side = side_words(lang, s.stored.kind, s.you),
        first = side_words(lang, s.stored.kind, s.live.side_to_move()),
        you_first = you_first(s)
    ) + "\n";
    out.push_str(&setup_lines(lang, s.stored));
    out.push('\n');
    if s.stored.terms.rated {
        out.push_str(&t!(lang, "invitation-rated"));
        out.push('\n');
    }
    out.push_str(&t!(lang, "invitation-how"));
    out.push('\n');
    if let Some(addr) = &s.reply_to {
        out.push_str(&t!(lang, "your-reply-address", address = addr.clone()));
        out.push('\n');
    }
    out
}

/// The acknowledgement of a challenge to the challenger.
pub fn challenge_sent(lang: Lang, s: &Seen) -> String {
    t!(
        lang,
        "challenge-sent",
        of = of_game(lang, s.stored),
        id = s.stored.id,
        side = side_words(lang, s.stored.kind, s.you),
        first = side_words(lang, s.stored.kind, s.live.side_to_move()),
        you_first = you_first(s)
    ) + "\n"
        + &setup_lines(lang, s.stored)
}

/// A game starts (invitation accepted, or set up by a director): board, sides, how to play.
pub fn game_started(lang: Lang, s: &Seen, by_director: bool) -> String {
    let (of, vs, id) = (
        of_game(lang, s.stored),
        opp(lang, s.opponent.as_deref()),
        s.stored.id,
    );
    let head = if by_director {
        t!(lang, "game-set-up", of = of, opponent = vs, id = id)
    } else {
        t!(lang, "game-begins", of = of, opponent = vs, id = id)
    };
    let turn = if s.live.side_to_move() == s.you {
        t!(lang, "your-move-first")
    } else {
        t!(lang, "their-move-first")
    };
    let mut out = format!("{head}\n{turn}\n");
    // The time control is in the position block, with the clocks.
    out.push_str(&options_line(lang, s.stored).unwrap_or_default());
    out.push('\n');
    out.push_str(&position_block(lang, s));
    out.push('\n');
    out.push_str(&how_to_play(lang, s));
    out
}

/// The challenger answers their own invitation.
pub fn waiting_acceptance(lang: Lang) -> String {
    t!(lang, "waiting-acceptance") + "\n"
}

/// The invitee declined: to the invitee.
pub fn declined_ack(lang: Lang, id: GameId) -> String {
    t!(lang, "declined-ack", id = id) + "\n"
}

/// The invitee declined: to the challenger.
pub fn declined_notice(lang: Lang, id: GameId, name: Option<&str>) -> String {
    t!(lang, "declined-notice", who = opp_cap(lang, name), id = id) + "\n"
}

/// The challenger withdrew: to the challenger.
pub fn withdrawn_ack(lang: Lang, id: GameId) -> String {
    t!(lang, "withdrawn-ack", id = id) + "\n"
}

/// The challenger withdrew: to the invitee.
pub fn withdrawn_notice(lang: Lang, id: GameId, name: Option<&str>) -> String {
    t!(lang, "withdrawn-notice", who = opp_cap(lang, name), id = id) + "\n"
}
