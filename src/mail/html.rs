//! The HTML part of a mail that carries a board picture: the same text as the plain part,
//! with the picture (`cid:` of the inline PNG) in place of the text board, so that mail
//! programs that show pictures in the body (Gmail, Outlook, Apple Mail, Thunderbird) show
//! the board drawn where the text board was. The text keeps its lines (a monospace block
//! that wraps on a narrow screen); the protocol line stays the first line. Pure.
//!
//! Only arbitre's own mails are written here; an inbound HTML part is turned into text by
//! mail-parser (see [`super::body`]). Linear: one search for the board, one escaping pass.

/// `text` with the characters HTML gives a meaning to escaped (as XML escapes them), and
/// the mail's own markers (see [`super::flowed::WHOLE_LINE`]) left out.
fn escape(text: &str) -> String {
    crate::render::svg::escape(&text.replace(super::flowed::WHOLE_LINE, ""))
}

/// One block of the body's text.
fn text_block(out: &mut String, text: &str) {
    let text = text.trim_matches('\n');
    if text.trim().is_empty() {
        return;
    }
    out.push_str(
        "<pre style=\"white-space:pre-wrap;word-wrap:break-word;margin:0 0 12px 0;\
         font-family:Menlo,Consolas,'DejaVu Sans Mono',monospace;font-size:14px;\
         line-height:1.35\">",
    );
    out.push_str(&escape(text));
    out.push_str("</pre>\n");
}

/// The HTML document of a mail whose `body` shows `board`, with the picture `cid` (a
/// Content-ID, without angle brackets) of `width` × `height` pixels in its place; `alt`
/// describes the picture for readers that cannot see it.
pub fn with_picture(body: &str, board: &str, cid: &str, size: (u32, u32), alt: &str) -> String {
    let (before, after) = match body.find(board) {
        Some(at) => (&body[..at], &body[at + board.len()..]),
        // Not found (it always is when the picture was attached): the picture after the
        // first line, the protocol line.
        None => match body.find('\n') {
            Some(at) => (&body[..at], &body[at..]),
            None => (body, ""),
        },
    };
    let mut out = String::with_capacity(body.len() * 2 + 512);
    out.push_str(
        "<!DOCTYPE html>\n<html><head><meta charset=\"utf-8\">\
         <meta name=\"viewport\" content=\"width=device-width, initial-scale=1\">\
         </head>\n<body style=\"margin:0;padding:8px;color:#222222;background:#ffffff\">\n",
    );
    text_block(&mut out, before);
    out.push_str(&format!(
        "<p style=\"margin:0 0 12px 0\"><img src=\"cid:{cid}\" width=\"{w}\" height=\"{h}\" \
         alt=\"{alt}\" style=\"display:block;max-width:100%;height:auto;border:0\"></p>\n",
        cid = escape(cid),
        w = size.0,
        h = size.1,
        alt = escape(alt),
    ));
    text_block(&mut out, after);
    out.push_str("</body></html>\n");
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_picture_takes_the_place_of_the_text_board() {
        let body =
            "e.h2 e.h4\n\nWhite played e.h2 e.h4.\n\n  a b\n1 x .\n\nMoves: 1. e.h2 e.h4 <tag>\n";
        let html = with_picture(
            body,
            "  a b\n1 x .",
            "board.1@x",
            (600, 640),
            "Black to move",
        );
        let first = html.find("e.h2 e.h4").expect("the protocol line");
        let img = html
            .find("<img src=\"cid:board.1@x\"")
            .expect("the picture");
        let after = html
            .find("Moves: 1. e.h2 e.h4 &lt;tag&gt;")
            .expect("the rest, escaped");
        assert!(first < img && img < after, "{html}");
        assert!(
            !html.contains("1 x ."),
            "the text board is replaced: {html}"
        );
        assert!(html.contains("alt=\"Black to move\""));
    }

    #[test]
    fn without_the_board_the_picture_follows_the_first_line() {
        let html = with_picture("PAT\nA draw.\n", "nowhere", "c", (1, 1), "");
        let img = html.find("<img").expect("the picture");
        assert!(html.find("PAT").expect("first line") < img);
        assert!(img < html.find("A draw.").expect("the rest"));
    }

    #[test]
    fn markers_are_left_out() {
        let html = with_picture(
            &format!("x\n{}pos 1 2\n", crate::text::WHOLE_LINE),
            "zz",
            "c",
            (1, 1),
            "",
        );
        assert!(!html.contains(crate::text::WHOLE_LINE));
        assert!(html.contains("pos 1 2"));
    }
}
