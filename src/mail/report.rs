//! Reading the reports that come back about arbitre's mail: delivery status notifications
//! (RFC 3464, with RFC 3463 status codes), the common non-standard bounces, and abuse
//! reports (ARF, RFC 5965).
//!
//! mail-parser finds the parts of the report; mail-auth reads ARF. No maintained crate
//! reads the fields of a `message/delivery-status` part, so [`delivery_status`] does: one
//! block of per-message fields, then one block per recipient, each a list of header
//! fields (`Final-Recipient: rfc822; bob@x.org`, `Action: failed`, `Status: 5.1.1`,
//! `Diagnostic-Code: smtp; 550 5.1.1 ...`), folded like mail headers.
//!
//! Which mail a report is about is not read from it: the report comes back to the mail's
//! own envelope sender (see `mail::smtp`), which the referee checks. For an abuse report,
//! which a provider sends to the address it has on file, the original's envelope sender
//! (`Original-Mail-From`, or the enclosed message's `Return-Path`) is given with it.
//!
//! Pure: bytes in, a [`Report`] out.

use mail_parser::{Message, MessageParser, MimeHeaders, PartType};

use crate::delivery::enhanced_status;
use crate::referee::undelivered::{Action, RecipientReport, Report};

/// The report `raw` carries, if it is one; `automatic` says whether the mail edge found
/// it to be automatic mail (a plain-text bounce is read only then).
pub fn read(raw: &[u8], automatic: bool) -> Option<Report> {
    read_parsed(&MessageParser::default().parse(raw)?, raw, automatic)
}

/// [`read`], for a message mail-parser has read already.
pub fn read_parsed(msg: &Message<'_>, raw: &[u8], automatic: bool) -> Option<Report> {
    let report_type = msg
        .content_type()
        .filter(|t| {
            t.ctype().eq_ignore_ascii_case("multipart")
                && t.subtype()
                    .is_some_and(|s| s.eq_ignore_ascii_case("report"))
        })
        .and_then(|t| t.attribute("report-type"))
        .map(str::to_ascii_lowercase);
    match report_type.as_deref() {
        Some("feedback-report") => abuse(raw),
        Some("delivery-status") | Some("global-delivery-status") => {
            let texts: Vec<String> = msg
                .parts
                .iter()
                .filter(|p| {
                    p.content_type().is_some_and(|t| {
                        t.ctype().eq_ignore_ascii_case("message")
                            && t.subtype().is_some_and(|s| {
                                s.eq_ignore_ascii_case("delivery-status")
                                    || s.eq_ignore_ascii_case("global-delivery-status")
                            })
                    })
                })
                .map(part_text)
                .collect();
            let recipients: Vec<RecipientReport> =
                texts.iter().flat_map(|t| delivery_status(t)).collect();
            if recipients.is_empty() {
                plain_bounce(msg)
            } else {
                Some(Report::Delivery {
                    recipients,
                    envelope_id: texts.iter().find_map(|t| envelope_id(t)),
                })
            }
        }
        _ if automatic => plain_bounce(msg),
        _ => None,
    }
}

/// A part's body as text, whatever mail-parser made of it.
fn part_text(part: &mail_parser::MessagePart<'_>) -> String {
    match &part.body {
        PartType::Text(t) | PartType::Html(t) => t.to_string(),
        PartType::Binary(b) | PartType::InlineBinary(b) => String::from_utf8_lossy(b).to_string(),
        PartType::Message(m) => String::from_utf8_lossy(m.raw_message()).to_string(),
        PartType::Multipart(_) => String::new(),
    }
}

/// Unfolds `text` into blocks (separated by blank lines) of `(name, value)` fields.
fn field_blocks(text: &str) -> Vec<Vec<(String, String)>> {
    let mut blocks: Vec<Vec<(String, String)>> = Vec::new();
    let mut current: Vec<(String, String)> = Vec::new();
    for line in text.lines() {
        if line.trim().is_empty() {
            if !current.is_empty() {
                blocks.push(std::mem::take(&mut current));
            }
            continue;
        }
        if line.starts_with([' ', '\t']) {
            if let Some((_, value)) = current.last_mut() {
                value.push(' ');
                value.push_str(line.trim());
            }
            continue;
        }
        if let Some((name, value)) = line.split_once(':') {
            current.push((name.trim().to_ascii_lowercase(), value.trim().to_string()));
        }
    }
    if !current.is_empty() {
        blocks.push(current);
    }
    blocks
}

/// The recipients' entries of a `message/delivery-status` body; an entry without an
/// `Action` it understands is left out.
pub fn delivery_status(text: &str) -> Vec<RecipientReport> {
    let mut out = Vec::new();
    for block in field_blocks(text) {
        let get = |name: &str| {
            block
                .iter()
                .find(|(n, _)| n == name)
                .map(|(_, v)| v.as_str())
        };
        let Some(action) = get("action").and_then(Action::from_code) else {
            continue;
        };
        // `rfc822; bob@x.org` (the address type first).
        let address = |v: &str| {
            let a = v.split_once(';').map_or(v, |(_, a)| a);
            a.trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_lowercase()
        };
        let recipient = get("final-recipient")
            .or_else(|| get("original-recipient"))
            .map(address)
            .unwrap_or_default();
        let diagnostic = get("diagnostic-code")
            .map(|v| v.split_once(';').map_or(v, |(_, d)| d).trim().to_string())
            .unwrap_or_default();
        let status = get("status")
            .and_then(enhanced_status)
            .or_else(|| enhanced_status(&diagnostic))
            .unwrap_or_else(|| match action {
                Action::Delayed => "4.0.0".to_string(),
                _ => "5.0.0".to_string(),
            });
        out.push(RecipientReport {
            recipient,
            action,
            status,
            text: shorten(&diagnostic),
        });
    }
    out
}

/// The `Original-Envelope-Id` of a `message/delivery-status` body (a per-message field):
/// the envelope identifier arbitre gave the mail at submission, which only the mail servers
/// that handled it know.
pub fn envelope_id(text: &str) -> Option<String> {
    field_blocks(text)
        .into_iter()
        .flatten()
        .find(|(name, _)| name == "original-envelope-id")
        .map(|(_, value)| value.trim().to_string())
        .filter(|v| !v.is_empty())
}

/// At most 300 characters of a server's text, on one line.
fn shorten(text: &str) -> String {
    let one: String = text.split_whitespace().collect::<Vec<_>>().join(" ");
    one.chars().take(300).collect()
}

/// A non-standard bounce: an automatic mail whose text gives a status. The status is the
/// first RFC 3463 code in its text, else the class of its first SMTP reply code; a mail
/// with neither (an out-of-office answer) is no report.
fn plain_bounce(msg: &Message<'_>) -> Option<Report> {
    let text: String = (0..msg.text_body_count())
        .filter_map(|i| msg.body_text(i))
        .collect::<Vec<_>>()
        .join("\n");
    let status = text
        .lines()
        .find_map(|l| enhanced_status(l).filter(|s| !s.starts_with('2')))?;
    let line = text
        .lines()
        .find(|l| enhanced_status(l).as_deref() == Some(status.as_str()))
        .unwrap_or_default();
    let action = if status.starts_with('4') {
        Action::Delayed
    } else {
        Action::Failed
    };
    // The recipient: the first address on the line that gives the status, if any.
    let recipient = line
        .split(|c: char| c.is_whitespace() || matches!(c, '<' | '>' | ',' | ';' | '"' | '(' | ')'))
        .find(|w| w.contains('@') && w.contains('.'))
        .map(|w| w.trim_end_matches(['.', ':']).to_lowercase())
        .unwrap_or_default();
    Some(Report::Delivery {
        recipients: vec![RecipientReport {
            recipient,
            action,
            status,
            text: shorten(line),
        }],
        envelope_id: None,
    })
}

/// An abuse report, with the original's envelope sender where the report gives it.
#[cfg(feature = "edges")]
fn abuse(raw: &[u8]) -> Option<Report> {
    let feedback = mail_auth::report::Feedback::parse_rfc5322(raw).ok()?;
    let kind = format!("{:?}", feedback.feedback_type()).to_lowercase();
    let mut senders: Vec<String> = Vec::new();
    if let Some(from) = feedback.original_mail_from() {
        senders.push(bare(from));
    }
    if let Some(original) = feedback.message().or(feedback.headers())
        && let Some(parsed) = MessageParser::default().parse_headers(original.as_bytes())
        && let Some(rp) = parsed.header_raw("Return-Path")
    {
        senders.push(bare(rp));
    }
    senders.retain(|s| !s.is_empty());
    Some(Report::Abuse { kind, senders })
}

/// Without the edges (the fuzz targets' build of the pure core) the ARF reader, mail-auth
/// and its resolver, is left out: an abuse report reads as no report.
#[cfg(not(feature = "edges"))]
fn abuse(_raw: &[u8]) -> Option<Report> {
    None
}

#[cfg(feature = "edges")]
fn bare(address: &str) -> String {
    address
        .trim()
        .trim_start_matches('<')
        .trim_end_matches('>')
        .trim()
        .to_lowercase()
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A delivery report as Postfix writes it, cut to what matters.
    const POSTFIX_DSN: &str = "From: MAILER-DAEMON@mail.test.example (Mail Delivery System)\r\n\
Subject: Undelivered Mail Returned to Sender\r\n\
To: arbitre+b-12-aaaaaaaaaaaaaaaa-1@test.example\r\n\
Auto-Submitted: auto-replied\r\n\
MIME-Version: 1.0\r\n\
Content-Type: multipart/report; report-type=delivery-status;\r\n\
\tboundary=\"B1\"\r\n\
Message-Id: <x1@mail.test.example>\r\n\
\r\n\
--B1\r\n\
Content-Description: Notification\r\n\
Content-Type: text/plain; charset=us-ascii\r\n\
\r\n\
I'm sorry to have to inform you that your message could not\r\n\
be delivered to one or more recipients.\r\n\
\r\n\
<nobody@test.example>: host 127.0.0.1 said: 550 5.1.1 <nobody@test.example>\r\n\
    User doesn't exist: nobody@test.example (in reply to RCPT TO command)\r\n\
\r\n\
--B1\r\n\
Content-Description: Delivery report\r\n\
Content-Type: message/delivery-status\r\n\
\r\n\
Reporting-MTA: dns; mail.test.example\r\n\
X-Postfix-Queue-ID: 4ABC\r\n\
Original-Envelope-Id: e-12-aaaaaaaaaaaaaaaa-1\r\n\
Arrival-Date: Sat, 28 Nov 2026 19:00:00 +0000 (UTC)\r\n\
\r\n\
Final-Recipient: rfc822; nobody@test.example\r\n\
Original-Recipient: rfc822;nobody@test.example\r\n\
Action: failed\r\n\
Status: 5.1.1\r\n\
Remote-MTA: dns; 127.0.0.1\r\n\
Diagnostic-Code: smtp; 550 5.1.1 <nobody@test.example> User doesn't exist:\r\n\
\x20   nobody@test.example\r\n\
\r\n\
--B1\r\n\
Content-Description: Undelivered Message Headers\r\n\
Content-Type: text/rfc822-headers\r\n\
\r\n\
Message-ID: <g1.m1@test.example>\r\n\
Subject: [arbitre #1] your move\r\n\
\r\n\
--B1--\r\n";

    #[test]
    fn a_postfix_delivery_report_names_the_recipient_the_status_and_the_text() {
        let report = read(POSTFIX_DSN.as_bytes(), true).unwrap();
        let Report::Delivery {
            recipients: entries,
            envelope_id,
        } = report
        else {
            panic!("{report:?}")
        };
        assert_eq!(envelope_id.as_deref(), Some("e-12-aaaaaaaaaaaaaaaa-1"));
        assert_eq!(entries.len(), 1);
        let e = &entries[0];
        assert_eq!(e.recipient, "nobody@test.example");
        assert_eq!(e.action, Action::Failed);
        assert_eq!(e.status, "5.1.1");
        assert_eq!(
            e.text,
            "550 5.1.1 <nobody@test.example> User doesn't exist: nobody@test.example"
        );
    }

    #[test]
    fn several_recipients_and_a_delay_are_read_block_by_block() {
        let text = "Reporting-MTA: dns; mx.example\n\nFinal-Recipient: rfc822;a@x.org\nAction: delayed\nStatus: 4.4.1\nDiagnostic-Code: X-Postfix; connect to x.org: Connection refused\n\nFinal-Recipient: rfc822; <B@Y.org>\nAction: FAILED\nStatus: 5.2.2 (mailbox full)\n\nFinal-Recipient: rfc822; c@z.org\nAction: delivered\nStatus: 2.0.0\n";
        let e = delivery_status(text);
        assert_eq!(e.len(), 3);
        assert_eq!(
            (e[0].recipient.as_str(), e[0].action, e[0].status.as_str()),
            ("a@x.org", Action::Delayed, "4.4.1")
        );
        assert_eq!(e[0].text, "connect to x.org: Connection refused");
        assert_eq!(
            (e[1].recipient.as_str(), e[1].action, e[1].status.as_str()),
            ("b@y.org", Action::Failed, "5.2.2")
        );
        assert_eq!(e[2].action, Action::Delivered);
    }

    #[test]
    fn a_plain_bounce_gives_its_status_and_an_out_of_office_is_no_report() {
        let bounce = "From: postmaster@old.example\r\nTo: arbitre+b-3-x@test.example\r\nSubject: failure notice\r\n\r\nHi. This is the mail system at old.example.\r\n\r\n<bob@old.example>: 552 5.2.2 mailbox full\r\n";
        let report = read(bounce.as_bytes(), true).unwrap();
        let Report::Delivery {
            recipients: e,
            envelope_id,
        } = report
        else {
            panic!()
        };
        // A plain bounce quotes no envelope id.
        assert_eq!(envelope_id, None);
        assert_eq!(e[0].status, "5.2.2");
        assert_eq!(e[0].action, Action::Failed);
        assert_eq!(e[0].recipient, "bob@old.example");
        let away = "From: bob@old.example\r\nTo: arbitre+b-3-x@test.example\r\nSubject: Out of office\r\nAuto-Submitted: auto-replied\r\n\r\nI am away until Monday 5, back on the 12th.\r\n";
        assert!(read(away.as_bytes(), true).is_none());
        // A person's mail that quotes a code is not read as a report.
        assert!(read(bounce.as_bytes(), false).is_none());
    }

    #[test]
    fn an_abuse_report_gives_its_kind_and_the_originals_envelope_sender() {
        let arf = "From: fbl@provider.example\r\nTo: abuse@test.example\r\nSubject: complaint\r\nMIME-Version: 1.0\r\nContent-Type: multipart/report; report-type=feedback-report; boundary=\"A\"\r\n\r\n--A\r\nContent-Type: text/plain\r\n\r\nA complaint.\r\n--A\r\nContent-Type: message/feedback-report\r\n\r\nFeedback-Type: abuse\r\nUser-Agent: FBL/1.0\r\nVersion: 1\r\nOriginal-Mail-From: <arbitre+b-7-abc-1@test.example>\r\n\r\n--A\r\nContent-Type: message/rfc822\r\n\r\nReturn-Path: <arbitre+b-7-abc-1@test.example>\r\nFrom: arbitre@test.example\r\nSubject: your move\r\n\r\nf2\r\n--A--\r\n";
        let report = read(arf.as_bytes(), true).unwrap();
        let Report::Abuse { kind, senders } = report else {
            panic!("{report:?}")
        };
        assert_eq!(kind, "abuse");
        assert_eq!(senders[0], "arbitre+b-7-abc-1@test.example");
    }
}
