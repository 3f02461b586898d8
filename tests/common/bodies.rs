//! The most expensive mails to read that fit in `bot.max-message-bytes`: bodies made of one
//! pattern repeated, each aimed at a reader of the mail edge (`mail::body`, mail-parser's
//! HTML to text) or of the referee (`referee::read`, `referee::chat`) that once did, or
//! could do, work in proportion to the text already read at every line. Shared by the
//! timing test (`tests/referee/mail_parse.rs`), the benchmark (`benches/mail_bodies.rs`) and the
//! run through the real servers (`tests/daemon/daemon_hostile.rs`). Pure.

/// The default of `bot.max-message-bytes` (`src/config.rs`): larger mails are never read
/// past their header.
pub const MAX_MESSAGE_BYTES: usize = 262_144;

/// One hostile mail: what it aims at, and its raw bytes.
pub struct Hostile {
    /// A short name for reports.
    pub name: &'static str,
    /// The whole message, CRLF line ends, at most the size asked for.
    pub raw: String,
}

/// `unit` repeated as often as fits in `room` bytes.
fn fill(unit: &str, room: usize) -> String {
    unit.repeat(room / unit.len())
}

/// The header of every hostile mail, with `extra` header lines (each ending with `\n`).
fn head(from: &str, to: &str, subject: &str, extra: &str) -> String {
    format!(
        "From: {from}\nTo: {to}\nSubject: {subject}\nMessage-ID: <hostile-body.{}@evil.example>\n\
         Date: Mon, 3 Mar 2025 10:00:00 +0000\nMIME-Version: 1.0\n{extra}",
        std::process::id()
    )
}

/// CRLF line ends, as mail travels.
fn crlf(text: &str) -> String {
    text.replace("\r\n", "\n").replace('\n', "\r\n")
}

/// The hostile mails from `from` to `to` (Subject `subject`), each at most `max` bytes.
pub fn worst_mails(from: &str, to: &str, subject: &str, max: usize) -> Vec<Hostile> {
    let plain = head(
        from,
        to,
        subject,
        "Content-Type: text/plain; charset=utf-8\n",
    );
    let html = head(
        from,
        to,
        subject,
        "Content-Type: text/html; charset=utf-8\n",
    );
    let flowed = head(
        from,
        to,
        subject,
        "Content-Type: text/plain; charset=utf-8; format=flowed\n",
    );
    // Room for the body once the header, the blank line and CRLF line ends are counted:
    // each unit below is one or more lines, and CRLF adds a byte per line.
    let room = |head: &str, unit: &str| {
        let lines_per_unit = unit.matches('\n').count();
        let unit_bytes = unit.len() + lines_per_unit;
        let free = max.saturating_sub(crlf(head).len() + 2 + 16);
        (free / unit_bytes) * unit.len()
    };
    let body = |head: &str, unit: &str| fill(unit, room(head, unit));
    let mut mails: Vec<(&'static str, String, String)> = Vec::new();
    // Every marker the body reader cuts at, between blank lines: nothing is written before
    // any of them, so each one is skipped and the reading goes on.
    for (name, marker) in [
        ("signature separators", "-- "),
        ("bare separators", "--"),
        ("phone footers", "Sent from my iPhone"),
        ("attributions", "On Mon, 3 Mar 2025, arbitre wrote:"),
        ("original-message markers", "-----Original Message-----"),
        ("header blocks", "From: arbitre\nSent: Monday"),
    ] {
        let unit = format!("\n{marker}\n");
        mails.push((name, plain.clone(), body(&plain, &unit)));
    }
    // Lines that look like the start of an attribution or of a header block but are not:
    // each makes the reader look ahead.
    for (name, unit) in [
        ("attribution-looking lines", "On a\n"),
        ("header-block-looking lines", "From: a\n"),
        ("quoted lines", "> a1b2\n"),
        ("empty quoted lines", ">\n"),
        ("blank lines", "\n"),
        (
            "short words",
            "a b c d e f g h i j k l m n o p q r s t u v w x y z\n",
        ),
    ] {
        mails.push((name, plain.clone(), body(&plain, unit)));
    }
    let long_line = max.saturating_sub(crlf(&plain).len() + 2 + 16);
    mails.push(("one long line", plain.clone(), "x".repeat(long_line)));
    mails.push((
        "one line of words",
        plain.clone(),
        fill("a1 ", long_line - 2),
    ));
    // HTML only: mail-parser turns it into text.
    for (name, unit) in [
        ("nested HTML elements", "<div>"),
        ("unclosed HTML tags", "<a "),
        ("HTML comments", "<!-- -->"),
        ("HTML line breaks", "<br>"),
    ] {
        let inside = fill(unit, room(&html, unit).saturating_sub(64));
        let text = format!("<html><body>{inside}a1b2</body></html>");
        mails.push((name, html.clone(), text));
    }
    // format=flowed: every line a soft break (ends with a space).
    for (name, unit) in [
        ("flowed soft breaks", "a1b2 \n"),
        ("flowed separators", "-- \n\n"),
    ] {
        mails.push((name, flowed.clone(), body(&flowed, unit)));
    }
    // A Subject made of reply prefixes or tag openings, folded over many lines, and an
    // empty body: the referee reads the Subject then.
    for (name, unit) in [
        ("Subject of reply prefixes", "Re:\n "),
        ("Subject of tag openings", "[arbitre\n "),
    ] {
        let folded = fill(
            unit,
            max.saturating_sub(600) / (unit.len() + 1) * unit.len(),
        );
        let h = head(
            from,
            to,
            &format!("{folded}a1b2"),
            "Content-Type: text/plain\n",
        );
        mails.push((name, h, String::new()));
    }
    mails
        .into_iter()
        .enumerate()
        .map(|(n, (name, head, body))| {
            let head = head.replace("<hostile-body.", &format!("<hostile-body.{n}."));
            let raw = crlf(&format!("{head}\n{body}\n"));
            assert!(raw.len() <= max, "{name}: {} bytes", raw.len());
            Hostile { name, raw }
        })
        .collect()
}
