//! The signature of a Twilio-style webhook (`X-Twilio-Signature`): the full URL as the
//! provider called it, then every POST parameter sorted by name, each name immediately
//! followed by its value, HMAC-SHA1 under the account's auth token, in Base64. Checked in
//! constant time before anything of the request is read; parameters the provider adds
//! later are simply part of what is signed. Pure.

use base64::Engine;
use base64::engine::general_purpose::STANDARD;
use hmac::{Hmac, Mac};
use sha1::Sha1;

fn mac(url: &str, params: &[(String, String)], token: &str) -> Hmac<Sha1> {
    let mut sorted: Vec<&(String, String)> = params.iter().collect();
    // By name, then by value for a repeated name: the same order for the same request.
    sorted.sort();
    let mut mac = Hmac::<Sha1>::new_from_slice(token.as_bytes()).expect("HMAC takes any key");
    mac.update(url.as_bytes());
    for (name, value) in sorted {
        mac.update(name.as_bytes());
        mac.update(value.as_bytes());
    }
    mac
}

/// The signature of a request to `url` with form `params`, under `token`.
pub fn sign(url: &str, params: &[(String, String)], token: &str) -> String {
    STANDARD.encode(mac(url, params, token).finalize().into_bytes())
}

/// Whether `signature` (the header's value) signs the request, compared in constant time.
pub fn verify(url: &str, params: &[(String, String)], token: &str, signature: &str) -> bool {
    let Ok(given) = STANDARD.decode(signature.trim()) else {
        return false;
    };
    mac(url, params, token).verify_slice(&given).is_ok()
}

#[cfg(test)]
mod tests {
    use super::*;

    fn params() -> Vec<(String, String)> {
        [
            ("CallSid", "CA1234567890ABCDE"),
            ("Caller", "+12349013030"),
            ("Digits", "1234"),
            ("From", "+12349013030"),
            ("To", "+18005551212"),
        ]
        .iter()
        .map(|(n, v)| (n.to_string(), v.to_string()))
        .collect()
    }

    const URL: &str = "https://mycompany.com/myapp.php?foo=1&bar=2";

    #[test]
    fn the_published_test_vector() {
        assert_eq!(
            sign(URL, &params(), "12345"),
            "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
        );
        // The provider's order of parameters does not matter.
        let mut shuffled = params();
        shuffled.reverse();
        assert!(verify(
            URL,
            &shuffled,
            "12345",
            "0/KCTR6DLpKmkAf8muzZqo1nDgQ="
        ));
    }

    #[test]
    fn anything_changed_fails() {
        let good = "0/KCTR6DLpKmkAf8muzZqo1nDgQ=";
        assert!(!verify(URL, &params(), "12346", good), "another token");
        assert!(!verify(
            "https://mycompany.com/myapp.php?foo=1&bar=3",
            &params(),
            "12345",
            good
        ));
        let mut p = params();
        p[2].1 = "1235".into();
        assert!(!verify(URL, &p, "12345", good), "a parameter changed");
        let mut p = params();
        p.push(("Body".into(), "e5e6".into()));
        assert!(!verify(URL, &p, "12345", good), "a parameter added");
        assert!(!verify(URL, &params(), "12345", ""), "no signature");
        assert!(!verify(URL, &params(), "12345", "not base64!"));
        assert!(
            !verify(URL, &params(), "12345", "0/KCTR6DLpKmkAf8muzZqo1nDgQ"),
            "cut"
        );
    }
}
