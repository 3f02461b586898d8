//! The small pieces the mails are made of: the opponent named in a sentence, sides,
//! titles, the move list, the position block, how to answer, results in words, the help.

use super::*;

/// The opponent as named in a sentence.
pub(super) fn opp(lang: Lang, name: Option<&str>) -> String {
    match name {
        Some(n) => n.to_string(),
        None => t!(lang, "your-opponent"),
    }
}

/// The opponent at the start of a sentence.
pub(super) fn opp_cap(lang: Lang, name: Option<&str>) -> String {
    match name {
        Some(n) => n.to_string(),
        None => t!(lang, "your-opponent-start"),
    }
}

/// The name of `side` in `game`, as the catalog of `lang` writes it in a sentence.
pub(super) fn side_words(lang: Lang, kind: GameKind, side: Side) -> String {
    t!(lang, "side-name", game = kind.name(), side = side.name())
}

/// `yes` when the reader moves first, for the catalogs' selectors.
pub(super) fn you_first(s: &Seen) -> &'static str {
    if s.live.side_to_move() == s.you {
        "yes"
    } else {
        "no"
    }
}

/// "of Abalone", "d'Abalone": the game's title after "a game".
pub(super) fn of_game(lang: Lang, stored: &StoredGame) -> String {
    t!(
        lang,
        "of-game",
        game = stored.kind.name(),
        title = title(lang, stored)
    )
}

/// The game's title with its variant, if any.
pub(super) fn title(lang: Lang, stored: &StoredGame) -> String {
    let variant = stored.variant.as_deref().and_then(|id| {
        stored
            .kind
            .variants()
            .iter()
            .find(|v| v.id == id)
            .map(|v| v.title(stored.kind, lang))
    });
    match variant {
        Some(v) if stored.kind.variants().len() > 1 => format!("{} ({v})", stored.kind.title(lang)),
        _ => stored.kind.title(lang).to_string(),
    }
}

/// "You play Black. To move: White (your opponent)."
fn sides_line(lang: Lang, s: &Seen) -> String {
    let kind = s.stored.kind;
    let to_move = s.live.side_to_move();
    let who = if to_move == s.you {
        t!(lang, "you")
    } else {
        opp(lang, s.opponent.as_deref())
    };
    t!(
        lang,
        "sides-line",
        you = side_words(lang, kind, s.you),
        mover = side_words(lang, kind, to_move),
        who = who
    )
}

/// The moves so far, numbered as the game's records number them (`1. a b  2. c d`,
/// `1. a b c  1... d e f` for moves of several words, or `1. a  2. b`), forced passes in
/// brackets, wrapped at 72 columns.
pub fn move_list(lang: Lang, numberer: &Numberer, plies: &[Ply]) -> String {
    if plies.is_empty() {
        return t!(lang, "no-move-yet");
    }
    let mut items: Vec<String> = Vec::new();
    for (i, p) in plies.iter().enumerate() {
        let text = if p.forced {
            format!("({})", p.text)
        } else {
            p.text.clone()
        };
        let number = numberer.at(i);
        // Moves of several words (Bulltricker's) each keep their own number.
        let joins =
            number.second && i > 0 && !text.contains(' ') && !plies[i - 1].text.contains(' ');
        match items.last_mut() {
            Some(item) if joins => {
                item.push(' ');
                item.push_str(&text);
            }
            _ => items.push(format!("{} {text}", number.label())),
        }
    }
    let mut lines = Vec::new();
    let mut line = String::new();
    for item in items {
        if !line.is_empty() && line.len() + 2 + item.len() > 72 {
            lines.push(std::mem::take(&mut line));
        }
        if !line.is_empty() {
            line.push_str("  ");
        }
        line.push_str(&item);
    }
    lines.push(line);
    lines.join("\n")
}

/// The number of the `ply`-th move (from 1) of the game, as its records write it.
pub(super) fn number_of(stored: &StoredGame, ply: usize) -> usize {
    terms::move_number(stored, ply.saturating_sub(1)).number
}

/// The clock lines of the game for the reader (control, time left, deadline), when it
/// has a clock.
pub(super) fn clock_block(lang: Lang, s: &Seen) -> Option<String> {
    let view = s.clock.as_ref()?;
    let lines = clock_text::clock_lines(lang, view, s.you, &opp(lang, s.opponent.as_deref()));
    (!lines.is_empty()).then_some(lines)
}

/// The board, the move count, whose turn, the move list and the position string.
pub(super) fn position_block(lang: Lang, s: &Seen) -> String {
    // Listed from the store (forced passes are the moves no message carried): no replay.
    let plies: Vec<Ply> = s
        .stored
        .moves
        .iter()
        .map(|m| Ply {
            text: m.text.clone(),
            side: s.you,
            forced: m.message_id.is_none(),
        })
        .collect();
    let mut out = String::new();
    out.push_str(s.live.board(lang).trim_end());
    out.push_str("\n\n");
    let numberer = Numberer::of(s.stored);
    if !s.live.outcome().is_over() && s.stored.result.is_none() {
        let next = numberer.at(plies.len()).number;
        out.push_str(&t!(lang, "move-next", number = next));
        out.push(' ');
        out.push_str(&sides_line(lang, s));
        if let Some(lines) = clock_block(lang, s) {
            out.push('\n');
            out.push_str(&lines);
        }
    } else {
        let last = plies
            .len()
            .checked_sub(1)
            .map_or(0, |i| numberer.at(i).number);
        out.push_str(&t!(lang, "moves-played", count = last));
    }
    out.push_str("\n\n");
    out.push_str(&t!(lang, "moves-head"));
    out.push('\n');
    out.push_str(&move_list(lang, &numberer, &plies));
    out.push_str("\n\n");
    // Whole, never cut by the mail's line breaking: players copy it into other programs.
    out.push(crate::text::WHOLE_LINE);
    out.push_str(&t!(
        lang,
        "position-line",
        position = s.live.position_string()
    ));
    out.push('\n');
    out
}

/// A move to show the reader how moves are written: the first of the game's notation
/// examples (from its guide) that is legal for the reader right now; none when it is not
/// their turn or none is legal. Never a move of the live position's choosing, so it can be
/// neither the opponent's move nor a hint at a compulsory one.
fn example_move(live: &AnyGame, reader: Side) -> Option<&'static str> {
    if live.side_to_move() != reader || live.outcome().is_over() {
        return None;
    }
    live.kind()
        .notation_examples()
        .iter()
        .copied()
        .find(|m| live.judge(m).is_ok_and(|j| j.mover == reader))
}

/// How to answer, with the reader's reply address.
pub(super) fn how_to_play(lang: Lang, s: &Seen) -> String {
    let mut out = match example_move(s.live, s.you) {
        Some(example) => t!(lang, "how-to-play", example = example),
        None => t!(lang, "how-to-play-bare"),
    };
    out.push('\n');
    let pat = if terms::has_pat_protocol(s.stored.kind) {
        "yes"
    } else {
        "no"
    };
    // Against the computer, UNDO is always granted and HINT works: say so.
    if crate::referee::computer::seated(s.stored).is_some() {
        out.push_str(&t!(lang, "other-commands-computer", pat = pat));
    } else {
        out.push_str(&t!(lang, "other-commands", pat = pat));
    }
    out.push('\n');
    if let Some(addr) = &s.reply_to {
        out.push_str(&t!(lang, "reply-address-private", address = addr.clone()));
        out.push('\n');
    }
    out
}

/// The result in words, once: who won and how (or how it was drawn), and what it means
/// for the reader.
pub(super) fn result_words(
    lang: Lang,
    live: &AnyGame,
    result: &GameResult,
    you: Option<Side>,
) -> String {
    let how = termination_words(lang, live, &result.termination);
    match result.winner {
        Some(w) => {
            let side = t!(
                lang,
                "side-name-start",
                game = live.kind().name(),
                side = w.name()
            );
            let mut out = t!(lang, "result-win", side = side, how = how);
            match you {
                Some(y) if y == w => out = out + " " + &t!(lang, "result-you-win"),
                Some(_) => out = out + " " + &t!(lang, "result-you-lose"),
                None => {}
            }
            out
        }
        None => t!(
            lang,
            "result-draw",
            code = result.termination.clone(),
            how = how
        ),
    }
}

/// Whether a stored result line is the game's protocol tokens (`WW MAT`, `6-3`, `PAT`,
/// `1-0 30-19`), which every language shows as they are, rather than the English words
/// stored for games without tokens (shown in the reader's language instead). Tokens never
/// have lower-case letters.
pub(super) fn is_protocol_line(line: &str) -> bool {
    !line.is_empty() && !line.chars().any(char::is_lowercase)
}

/// The result for a sentence: the tokens (when the game has them) and the words, each once.
pub fn result_text(lang: Lang, live: &AnyGame, result: &GameResult, you: Option<Side>) -> String {
    let words = result_words(lang, live, result, you);
    if is_protocol_line(&result.line) {
        format!("{}. {words}", result.line)
    } else {
        words
    }
}

/// A termination code in words: the game's own (from its outcome), or a shared one.
fn termination_words(lang: Lang, live: &AnyGame, code: &str) -> String {
    let own = live.outcome().termination().filter(|t| t.code == code);
    for t in own.into_iter().chain([
        Termination::RESIGNATION,
        Termination::AGREED_DRAW,
        Termination::TIME,
        Termination::CANCELLED,
        Termination::ADJUDICATION,
        Termination::CANCELLED_BY_DIRECTOR,
    ]) {
        if t.code == code {
            return t.text().get(lang).to_string();
        }
    }
    code.to_string()
}

/// The general help, followed by one game's help when `game` is given.
pub fn help(lang: Lang, game: Option<GameKind>) -> String {
    let games: Vec<String> = GameKind::ALL
        .iter()
        .map(|k| format!("  {} ({})", k.title(lang), k.name()))
        .collect();
    let languages: Vec<String> = Lang::available()
        .iter()
        .map(|l| l.code().to_uppercase())
        .collect();
    let mut out = format!(
        "{}\n{}\n",
        t!(lang, "help", languages = languages.join(", ")),
        games.join("\n")
    );
    if let Some(kind) = game {
        out.push('\n');
        out.push_str(&game_help(lang, kind));
    }
    out
}

/// One game's help: its player's guide (rules and notation, from the game module), then its
/// variants and options.
pub fn game_help(lang: Lang, kind: GameKind) -> String {
    let mut out = kind.guide(lang).trim_end().to_string();
    out.push_str("\n\n");
    let variants: Vec<String> = kind
        .variants()
        .iter()
        .map(|v| format!("  {} ({})", v.id, v.title(kind, lang)))
        .collect();
    out.push_str(&t!(
        lang,
        "help-variants",
        game = kind.name(),
        of = t!(
            lang,
            "of-game",
            game = kind.name(),
            title = kind.title(lang)
        )
    ));
    out.push_str(&format!("\n{}\n", variants.join("\n")));
    let specs = kind.option_specs();
    if !specs.is_empty() {
        out.push_str(&t!(lang, "help-options"));
        out.push('\n');
        for s in specs {
            out.push_str(&t!(
                lang,
                "help-option",
                name = s.name,
                default = s.default,
                values = s.values.join("|"),
                what = s.describe(kind, lang)
            ));
            out.push('\n');
        }
    }
    out
}

/// A player's words quoted back, cut at 80 characters.
pub(super) fn quote(text: &str) -> String {
    if text.chars().count() <= 80 {
        return text.to_string();
    }
    let mut cut: String = text.chars().take(79).collect();
    cut.push('…');
    cut
}

/// A message that was not understood, followed by the help.
pub fn not_understood(lang: Lang, line: &str, game: Option<GameKind>) -> String {
    let head = if line.is_empty() {
        t!(lang, "empty-message")
    } else {
        t!(lang, "not-understood", line = quote(line))
    };
    head + "\n\n" + &help(lang, game)
}
