//! Reading `Authentication-Results` headers (RFC 8601): which server wrote each one, and
//! the results it records (`dkim=pass header.d=example.org`, `spf=pass
//! smtp.mailfrom=a@example.org`, `dmarc=pass header.from=example.org`, `auth=pass
//! smtp.auth=alice`). Pure and liberal: comments are dropped, quoted values unquoted, and a
//! part that cannot be read is skipped, never an error.
//!
//! Whether a header is to be believed is not decided here: only the ones written by the
//! installation's own server (its authserv-id, in the block at the top of the message) are,
//! see [`crate::referee::proof`]; [`crate::mail::parse`] records where each one stands.

use crate::referee::{AuthResult, AuthResults};

/// At most this many headers are read from one message (a forged message may carry
/// thousands; the installation's own server adds one to three).
pub const MAX_HEADERS: usize = 16;

/// At most this many bytes of one header are read.
const MAX_LEN: usize = 8192;

/// Reads one header value (everything after `Authentication-Results:`); `None` when it has
/// no authserv-id.
pub fn read(value: &str) -> Option<AuthResults> {
    let value: String = value.chars().take(MAX_LEN).collect();
    let text = without_comments(&value);
    let mut parts = split_outside_quotes(&text, ';').into_iter();
    let head = parts.next()?;
    // The authserv-id, optionally followed by a version number.
    let authserv_id = unquote(head.split_whitespace().next()?).to_lowercase();
    if authserv_id.is_empty() {
        return None;
    }
    let mut results = Vec::new();
    for part in parts {
        let items = split_outside_quotes(&tight_equals(&part), ' ');
        let mut items = items.into_iter().filter(|i| !i.is_empty());
        let Some(first) = items.next() else { continue };
        let Some((method, result)) = first.split_once('=') else {
            continue;
        };
        // `dkim/1=pass`: the method's version is not needed.
        let method = method.split('/').next().unwrap_or("").trim().to_lowercase();
        if method.is_empty() || method == "none" {
            continue;
        }
        let mut r = AuthResult {
            method,
            result: unquote(result).to_lowercase(),
            properties: Vec::new(),
        };
        for item in items {
            let Some((name, value)) = item.split_once('=') else {
                continue;
            };
            let name = name.trim().to_lowercase();
            if name == "reason" || !name.contains('.') {
                continue;
            }
            r.properties.push((name, unquote(value)));
        }
        results.push(r);
    }
    Some(AuthResults {
        authserv_id,
        results,
        // Where the header stands is the caller's to say (see `mail::parse`).
        above: Default::default(),
    })
}

/// Removes RFC 5322 comments (nested parentheses), outside quoted strings.
fn without_comments(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let (mut depth, mut quoted, mut escaped) = (0usize, false, false);
    for c in text.chars() {
        if escaped {
            escaped = false;
            if depth == 0 {
                out.push(c);
            }
            continue;
        }
        match c {
            '\\' if quoted || depth > 0 => {
                escaped = true;
                if depth == 0 {
                    out.push(c);
                }
            }
            '"' if depth == 0 => {
                quoted = !quoted;
                out.push(c);
            }
            '(' if !quoted => depth += 1,
            ')' if !quoted && depth > 0 => {
                depth -= 1;
                if depth == 0 {
                    out.push(' ');
                }
            }
            c if depth == 0 => out.push(if c.is_whitespace() { ' ' } else { c }),
            _ => {}
        }
    }
    out
}

/// Splits at `sep` outside quoted strings (whitespace separators collapse).
fn split_outside_quotes(text: &str, sep: char) -> Vec<String> {
    let mut parts = vec![String::new()];
    let (mut quoted, mut escaped) = (false, false);
    for c in text.chars() {
        if escaped {
            escaped = false;
        } else if c == '\\' && quoted {
            escaped = true;
        } else if c == '"' {
            quoted = !quoted;
        } else if c == sep && !quoted {
            parts.push(String::new());
            continue;
        }
        parts.last_mut().expect("never empty").push(c);
    }
    parts.into_iter().map(|p| p.trim().to_string()).collect()
}

/// Removes the spaces around `=` outside quoted strings (`dkim = pass` is `dkim=pass`).
fn tight_equals(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut quoted = false;
    let chars: Vec<char> = text.chars().collect();
    for (i, &c) in chars.iter().enumerate() {
        if c == '"' {
            quoted = !quoted;
        }
        if c == ' ' && !quoted {
            let next = chars[i + 1..].iter().find(|c| **c != ' ');
            if out.ends_with([' ', '=']) || next == Some(&'=') {
                continue;
            }
        }
        out.push(c);
    }
    out
}

/// A value without its quotes and escapes.
fn unquote(value: &str) -> String {
    let v = value.trim();
    let Some(inner) = v.strip_prefix('"').and_then(|v| v.strip_suffix('"')) else {
        return v.to_string();
    };
    let mut out = String::with_capacity(inner.len());
    let mut escaped = false;
    for c in inner.chars() {
        if escaped || c != '\\' {
            out.push(c);
            escaped = false;
        } else {
            escaped = true;
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    fn props(r: &AuthResult) -> Vec<(&str, &str)> {
        r.properties
            .iter()
            .map(|(n, v)| (n.as_str(), v.as_str()))
            .collect()
    }

    #[test]
    fn a_header_with_several_methods_and_comments_is_read() {
        // Shaped like the headers OpenDKIM, OpenDMARC and Postfix-policyd-spf add.
        let a = read(
            " mx.example.org (version 1.2);\r\n\tdkim=pass (2048-bit key; unprotected)\r\n\t \
             header.d=gmail.com header.i=@gmail.com header.b=\"Xy1 2\";\r\n\tspf=pass \
             (sender SPF authorized) smtp.mailfrom=alice@gmail.com;\r\n\tdmarc = pass \
             (p=none dis=none) header.from=gmail.com",
        )
        .unwrap();
        assert_eq!(a.authserv_id, "mx.example.org");
        let methods: Vec<(&str, &str)> = a
            .results
            .iter()
            .map(|r| (r.method.as_str(), r.result.as_str()))
            .collect();
        assert_eq!(
            methods,
            vec![("dkim", "pass"), ("spf", "pass"), ("dmarc", "pass")]
        );
        assert_eq!(
            props(&a.results[0]),
            vec![
                ("header.d", "gmail.com"),
                ("header.i", "@gmail.com"),
                ("header.b", "Xy1 2")
            ]
        );
        assert_eq!(
            a.results[1].property("smtp.mailfrom"),
            Some("alice@gmail.com")
        );
        assert_eq!(a.results[2].property("header.from"), Some("gmail.com"));
    }

    #[test]
    fn none_reasons_versions_and_quoted_ids_are_handled() {
        let a = read("example.org 1; none").unwrap();
        assert_eq!(a.authserv_id, "example.org");
        assert!(a.results.is_empty());
        let a = read("\"Mx.Example.ORG\"; auth=pass reason=\"a; b\" smtp.auth=alice").unwrap();
        assert_eq!(a.authserv_id, "mx.example.org");
        assert_eq!(a.results.len(), 1);
        assert_eq!(a.results[0].property("smtp.auth"), Some("alice"));
        let a = read("x.org; dkim/1=FAIL header.d=y.org").unwrap();
        assert_eq!(
            (a.results[0].method.as_str(), a.results[0].result.as_str()),
            ("dkim", "fail")
        );
    }

    #[test]
    fn a_comment_cannot_smuggle_a_result() {
        let a =
            read("x.org; spf=fail (dkim=pass header.d=evil.org) smtp.mailfrom=a@b.org").unwrap();
        assert_eq!(a.results.len(), 1);
        assert_eq!(a.results[0].method, "spf");
        assert_eq!(a.results[0].property("header.d"), None);
        // Nor a quoted string a separator.
        let a = read("x.org; spf=fail smtp.mailfrom=\"a; dkim=pass\"").unwrap();
        assert_eq!(a.results.len(), 1);
    }

    #[test]
    fn garbage_is_read_as_far_as_it_goes_without_panicking() {
        assert_eq!(read(""), None);
        assert_eq!(read("   ;dkim=pass"), None);
        for junk in [
            "(",
            ")",
            "\"",
            "\\",
            ";;;",
            "x; =",
            "x; a=",
            "x; =b c.d=",
            "x;(((",
            "x; a=b \"",
            "x; a=\"b\\",
            "é; ü=ö ä.ß=ç",
        ] {
            let _ = read(junk);
        }
        let huge = format!("x.org; dkim=pass header.d={}", "a".repeat(100_000));
        let a = read(&huge).unwrap();
        assert!(a.results[0].property("header.d").unwrap().len() < MAX_LEN);
    }
}
