//! Raw RFC 5322 bytes to a [`referee::Inbound`](crate::referee::Inbound). Pure: no IO, the
//! receipt time is given.
//!
//! Uses mail-parser (liberal: MIME, encodings, 40-odd charsets, HTML converted to text when
//! a mail has no plain part), then [`body::meaningful_text`](super::body::meaningful_text)
//! to cut quotes, signatures and footers, and decides whether the mail is automatic (never
//! to be answered, RFC 3834).
//!
//! `Authentication-Results` headers are kept with what stands above each one
//! ([`Above`]): nothing but trace headers of the receiving side, another such header right
//! above, or anything else. Which of them to believe is not decided here but by
//! [`crate::referee::proof`], from that record and the configured authserv-id: the
//! decision stays in the pure referee with the rest of the proof of sender (tested there
//! without mail), `Inbound` stays a plain record of the message that no setting changes
//! (its golden files too), and the edge needs no configuration. The trace headers are those
//! a receiving server and its delivery agent put above the headers it received: with the
//! test servers of `scripts/mail-servers.sh` a delivered mail starts `Return-Path`,
//! `Delivered-To`, `Received` (Dovecot's LMTP), `Received` (Postfix), then the sender's
//! header; a server that writes `Authentication-Results` puts them at the top (above its
//! `Received`, or right under it) before delivery adds its own lines.

use mail_parser::{Address, HeaderValue, MessageParser};
use sha2::{Digest, Sha256};

use crate::referee::{Above, AuthResults, Inbound, Timestamp};

use super::body::meaningful_text;

/// Parses one raw message received by `own_address` at `received_at`.
///
/// Never fails: an unparseable message gives an `Inbound` with what could be read (an empty
/// sender, which the referee ignores).
pub fn parse(raw: &[u8], own_address: &str, received_at: Timestamp) -> Inbound {
    let synthetic_id = || {
        let digest = Sha256::digest(raw);
        let hex: String = digest[..12].iter().map(|b| format!("{b:02x}")).collect();
        format!("{hex}@no-message-id.arbitre.invalid")
    };
    let Some(msg) = MessageParser::default().parse(raw) else {
        return Inbound {
            message_id: synthetic_id(),
            size: raw.len(),
            received_at,
            automatic: true,
            ..Inbound::default()
        };
    };

    let first = |a: Option<&Address>| -> Option<(String, Option<String>)> {
        let addr = a?.first()?;
        let address = addr.address()?.trim().to_lowercase();
        (!address.is_empty()).then(|| (address, addr.name().map(|n| n.trim().to_string())))
    };
    let return_path = msg.header_raw("Return-Path").map(|r| {
        r.trim()
            .trim_start_matches('<')
            .trim_end_matches('>')
            .trim()
            .to_lowercase()
    });
    let (from, from_name) = first(msg.from())
        .or_else(|| first(msg.sender()))
        .or_else(|| {
            return_path
                .clone()
                .filter(|r| !r.is_empty())
                .map(|r| (r, None))
        })
        .unwrap_or_default();

    let mut recipients: Vec<String> = Vec::new();
    for a in msg.to().into_iter().chain(msg.cc()) {
        recipients.extend(
            a.iter()
                .filter_map(|x| x.address())
                .map(|x| x.trim().to_lowercase()),
        );
    }
    for (name, value) in msg.headers_raw() {
        if name.eq_ignore_ascii_case("Delivered-To") || name.eq_ignore_ascii_case("X-Original-To") {
            let v = value
                .trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_lowercase();
            if !v.is_empty() {
                recipients.push(v);
            }
        }
    }
    let auth_results = auth_results(msg.headers_raw());
    let mut seen = std::collections::HashSet::new();
    recipients.retain(|r| seen.insert(r.clone()));

    let mut references: Vec<String> = Vec::new();
    let mut add_ids = |v: &HeaderValue, newest_first: bool| {
        let mut ids: Vec<String> = match v {
            HeaderValue::Text(t) => vec![t.to_string()],
            HeaderValue::TextList(l) => l.iter().map(|t| t.to_string()).collect(),
            _ => Vec::new(),
        };
        if newest_first {
            ids.reverse();
        }
        for id in ids {
            let id = id
                .trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_string();
            if !id.is_empty() && !references.contains(&id) {
                references.push(id);
            }
        }
    };
    add_ids(msg.in_reply_to(), false);
    add_ids(msg.references(), true);

    let body = msg.body_text(0).map(|b| b.to_string()).unwrap_or_default();
    let text = meaningful_text(&body);

    let message_id = msg
        .message_id()
        .map(|m| {
            m.trim()
                .trim_start_matches('<')
                .trim_end_matches('>')
                .to_string()
        })
        .filter(|m| !m.is_empty())
        .unwrap_or_else(synthetic_id);

    let automatic = is_automatic(&msg, &from, return_path.as_deref(), own_address);

    Inbound {
        message_id,
        from,
        from_name: from_name.filter(|n| !n.is_empty()),
        recipients,
        subject: msg.subject().unwrap_or("").trim().to_string(),
        references,
        text,
        automatic,
        auth_results,
        size: raw.len(),
        received_at,
        channel: Default::default(),
        phone: None,
        report: super::report::read_parsed(&msg, raw, automatic),
    }
}

/// The header fields a receiving server and its delivery agent add on top of a message
/// (RFC 5321 trace fields, RFC 7208's `Received-SPF`, the delivery agents' own): the only
/// ones that may stand above the server's `Authentication-Results`.
const TRACE_HEADERS: &[&str] = &[
    "Return-Path",
    "Received",
    "Received-SPF",
    "Delivered-To",
    "X-Original-To",
];

/// The first [`super::authres::MAX_HEADERS`] `Authentication-Results` headers of a
/// message's header fields (top first), each with what stands above it.
fn auth_results<'a>(headers: impl Iterator<Item = (&'a str, &'a str)>) -> Vec<AuthResults> {
    let mut found = Vec::new();
    let mut seen = 0;
    // What stands above the next header.
    let mut above = Above::Trace;
    for (name, value) in headers {
        if name.trim().eq_ignore_ascii_case("Authentication-Results") {
            seen += 1;
            if seen > super::authres::MAX_HEADERS {
                break;
            }
            match super::authres::read(value) {
                Some(mut header) => {
                    header.above = above;
                    found.push(header);
                    above = Above::Results;
                }
                // A header that cannot be read ends a block as any other header does.
                None => above = Above::Other,
            }
        } else if !(above == Above::Trace
            && TRACE_HEADERS
                .iter()
                .any(|t| name.trim().eq_ignore_ascii_case(t)))
        {
            above = Above::Other;
        }
    }
    found
}

/// Whether a message must never be answered: RFC 3834 `Auto-Submitted` other than `no`,
/// `Precedence: bulk|junk|list|auto_reply`, list mail, delivery reports, an empty
/// Return-Path (bounces), mailer-daemon or postmaster senders, vacation headers, or a mail
/// from arbitre itself.
fn is_automatic(
    msg: &mail_parser::Message,
    from: &str,
    return_path: Option<&str>,
    own_address: &str,
) -> bool {
    let raw =
        |name: &str| -> Option<String> { msg.header_raw(name).map(|v| v.trim().to_lowercase()) };
    if raw("Auto-Submitted")
        .is_some_and(|v| !v.is_empty() && v.split(';').next().unwrap_or("").trim() != "no")
    {
        return true;
    }
    if raw("Precedence")
        .is_some_and(|v| ["bulk", "junk", "list", "auto_reply"].contains(&v.as_str()))
    {
        return true;
    }
    if !msg.list_id().is_empty()
        || msg.header_raw("List-Id").is_some()
        || msg.header_raw("List-Unsubscribe").is_some()
    {
        return true;
    }
    if ["X-Autoreply", "X-Autorespond", "X-Auto-Reply"]
        .iter()
        .any(|h| msg.header_raw(*h).is_some())
    {
        return true;
    }
    if raw("Content-Type").is_some_and(|v| v.starts_with("multipart/report")) {
        return true;
    }
    if return_path == Some("") {
        return true;
    }
    if from.is_empty() {
        return true;
    }
    let local = from.split('@').next().unwrap_or("");
    if [
        "mailer-daemon",
        "postmaster",
        "noreply",
        "no-reply",
        "do-not-reply",
        "donotreply",
    ]
    .contains(&local)
    {
        return true;
    }
    is_own_address(from, own_address)
}

/// Whether `address` is arbitre's own, with or without a `+tag`.
pub fn is_own_address(address: &str, own: &str) -> bool {
    let address = address.to_lowercase();
    let own = own.to_lowercase();
    if address == own {
        return true;
    }
    match (address.split_once('@'), own.split_once('@')) {
        (Some((local, domain)), Some((own_local, own_domain))) => {
            domain == own_domain && local.split_once('+').is_some_and(|(l, _)| l == own_local)
        }
        _ => false,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const BOT: &str = "arbitre@example.org";

    fn mail(headers: &str, body: &str) -> Vec<u8> {
        format!("{headers}\r\n\r\n{body}")
            .replace('\n', "\r\n")
            .replace("\r\r\n", "\r\n")
            .into_bytes()
    }

    #[test]
    fn an_ordinary_reply_is_read_in_full() {
        let raw = mail(
            "From: Alice Martin <Alice@Example.net>\nTo: arbitre+abc@example.org\nSubject: Re: [arbitre #4] your move\nMessage-ID: <m1@example.net>\nIn-Reply-To: <b2@arbitre>\nReferences: <b1@arbitre> <b2@arbitre>",
            "a1b2\n\nOn Monday, arbitre wrote:\n> board",
        );
        let m = parse(&raw, BOT, 42);
        assert_eq!(m.message_id, "m1@example.net");
        assert_eq!(m.from, "alice@example.net");
        assert_eq!(m.from_name.as_deref(), Some("Alice Martin"));
        assert_eq!(m.recipients, vec!["arbitre+abc@example.org"]);
        assert_eq!(m.subject, "Re: [arbitre #4] your move");
        assert_eq!(m.references, vec!["b2@arbitre", "b1@arbitre"]);
        assert_eq!(m.text, "a1b2");
        assert!(!m.automatic);
        assert_eq!(m.size, raw.len());
        assert_eq!(m.received_at, 42);
    }

    #[test]
    fn automatic_mail_is_recognised() {
        let cases = [
            "From: a@x.org\nAuto-Submitted: auto-replied",
            "From: a@x.org\nPrecedence: bulk",
            "From: a@x.org\nPrecedence: list",
            "From: a@x.org\nList-Id: <games.lists.x.org>",
            "From: a@x.org\nReturn-Path: <>",
            "From: MAILER-DAEMON@x.org",
            "From: postmaster@x.org",
            "From: arbitre@example.org",
            "From: arbitre+t1@example.org",
            "From: a@x.org\nX-Autoreply: yes",
        ];
        for h in cases {
            assert!(parse(&mail(h, "hi"), BOT, 0).automatic, "{h}");
        }
        let human = [
            "From: a@x.org\nAuto-Submitted: no",
            "From: a@x.org\nPrecedence: normal",
            "From: a@x.org\nReturn-Path: <a@x.org>",
            "From: arbitre@other.org",
        ];
        for h in human {
            assert!(!parse(&mail(h, "hi"), BOT, 0).automatic, "{h}");
        }
    }

    #[test]
    fn a_mail_without_message_id_gets_a_stable_synthetic_one() {
        let raw = mail("From: a@x.org", "a1b2");
        let one = parse(&raw, BOT, 0).message_id;
        assert_eq!(one, parse(&raw, BOT, 99).message_id);
        assert!(one.ends_with("@no-message-id.arbitre.invalid"));
        assert_ne!(
            one,
            parse(&mail("From: a@x.org", "a1b3"), BOT, 0).message_id
        );
    }

    /// The authserv-id and what stands above each Authentication-Results header.
    fn places(raw: &[u8]) -> Vec<(String, Above)> {
        parse(raw, BOT, 0)
            .auth_results
            .into_iter()
            .map(|h| (h.authserv_id, h.above))
            .collect()
    }

    #[test]
    fn each_authentication_results_header_is_kept_with_what_stands_above_it() {
        // As the test servers deliver it, with a border server's two headers on top and a
        // forged one the sender wrote under its own Received line.
        let raw = mail(
            "Return-Path: <alice@a.example>\nDelivered-To: arbitre@example.org\n\
             Received: from mail.example.org by mail.example.org with LMTP\n\
             Authentication-Results: mx.example.org; dkim=pass header.d=a.example\n\
             Authentication-Results: mx.example.org; dmarc=pass header.from=a.example\n\
             Received: from a.example by mx.example.org with ESMTPS\n\
             Received: from forged.example by mx.example.org\n\
             Authentication-Results: mx.example.org; auth=pass smtp.auth=alice@a.example\n\
             From: alice@a.example\nAuthentication-Results: mx.example.org; dmarc=pass",
            "a1b2",
        );
        let ours = "mx.example.org".to_string();
        assert_eq!(
            places(&raw),
            vec![
                (ours.clone(), Above::Trace),
                (ours.clone(), Above::Results),
                (ours.clone(), Above::Other),
                (ours.clone(), Above::Other),
            ]
        );
        // A header of the sender's on top of everything (no trace header at all).
        let raw = mail(
            "Authentication-Results: x.example; spf=pass smtp.mailfrom=a.example\n\
             From: a@a.example",
            "hi",
        );
        assert_eq!(places(&raw), vec![("x.example".to_string(), Above::Trace)]);
        // An unreadable header in between breaks the block; so does any other header.
        let raw = mail(
            "Received: x\nAuthentication-Results: ; none\n\
             Authentication-Results: mx.example.org; dmarc=pass header.from=a.example\n\
             X-Spam-Status: No\nAuthentication-Results: mx.example.org; dmarc=pass\n\
             From: a@a.example",
            "hi",
        );
        assert_eq!(
            places(&raw),
            vec![(ours.clone(), Above::Other), (ours, Above::Other)]
        );
    }

    #[test]
    fn a_flood_of_authentication_results_is_read_only_so_far() {
        let many = "Authentication-Results: mx.example.org; dmarc=pass header.from=a.example\n"
            .repeat(1000);
        let raw = mail(&format!("{many}From: a@a.example"), "hi");
        let found = parse(&raw, BOT, 0).auth_results;
        assert_eq!(found.len(), crate::mail::authres::MAX_HEADERS);
        assert_eq!(found[0].above, Above::Trace);
        assert!(found[1..].iter().all(|h| h.above == Above::Results));
    }

    #[test]
    fn garbage_never_panics() {
        for raw in [&b""[..], b"\xff\xfe\x00", b"From:\r\n\r\n", b"::::\n\n\n"] {
            let m = parse(raw, BOT, 0);
            assert!(m.automatic || !m.from.is_empty());
        }
    }
}
