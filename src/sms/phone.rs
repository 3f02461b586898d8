//! Phone numbers in E.164 form: `+`, a country code, at most 15 digits in all, the first
//! one not 0. What a player writes (`+33 6 12 34 56 78`, `+33.6.12.34.56.78`) is read
//! with its spaces, dots, dashes and brackets taken out; a number without its `+` and
//! country code is refused rather than guessed. The installation may allow only some
//! country codes (cost control). Pure.

use std::fmt;

/// A phone number in E.164 form.
#[derive(Clone, Debug, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Phone(String);

/// Why a number is refused.
#[derive(Clone, Debug, PartialEq, Eq, thiserror::Error)]
pub enum PhoneError {
    /// It does not start with `+` and a country code.
    #[error("an international number starts with + and the country code (+33 6 12 34 56 78)")]
    NotInternational,
    /// Something other than digits and separators.
    #[error("a phone number holds digits only")]
    NotDigits,
    /// Too short or too long for E.164.
    #[error("a phone number has 7 to 15 digits with its country code")]
    Length,
    /// The installation does not send to that country.
    #[error("this server does not send SMS to that country")]
    Country,
}

impl Phone {
    /// Reads `text` as an E.164 number; `countries` lists the allowed country codes
    /// (`"33"`, `"1"`, `"44"`), all when empty.
    pub fn read(text: &str, countries: &[String]) -> Result<Phone, PhoneError> {
        let text = text.trim();
        let rest = text
            .strip_prefix('+')
            .or_else(|| text.strip_prefix("00"))
            .ok_or(PhoneError::NotInternational)?;
        // `+33 (0)6 12 34 56 78`: the national trunk prefix in brackets is not dialled from
        // abroad, so it is not part of the number.
        let rest = rest.replacen("(0)", "", 1);
        let mut digits = String::with_capacity(15);
        for c in rest.chars() {
            match c {
                '0'..='9' => digits.push(c),
                ' ' | '.' | '-' | '(' | ')' | '\u{a0}' => {}
                _ => return Err(PhoneError::NotDigits),
            }
        }
        if !(7..=15).contains(&digits.len()) {
            return Err(PhoneError::Length);
        }
        if digits.starts_with('0') {
            return Err(PhoneError::NotInternational);
        }
        if !countries.is_empty() && !countries.iter().any(|c| digits.starts_with(c.as_str())) {
            return Err(PhoneError::Country);
        }
        Ok(Phone(format!("+{digits}")))
    }

    /// Takes a number as a gateway gives it, in international form: with `+` or `00`.
    /// `None` otherwise: a national number (`0612345678`, `612345678`) could belong to
    /// any country, and a short code to no player.
    pub fn from_gateway(text: &str) -> Option<Phone> {
        let t = text.trim();
        let digits = t.strip_prefix('+').or_else(|| t.strip_prefix("00"))?;
        Phone::from_digits(digits)
    }

    /// Takes the international digits without `+` that smstools writes (`33612345678`).
    pub fn from_digits(digits: &str) -> Option<Phone> {
        let ok = (7..=15).contains(&digits.len())
            && digits.bytes().all(|b| b.is_ascii_digit())
            && !digits.starts_with('0');
        ok.then(|| Phone(format!("+{digits}")))
    }

    /// `+33612345678`.
    pub fn as_str(&self) -> &str {
        &self.0
    }

    /// The digits without `+` (smstools' `To:` header, gammu's file names keep the `+`).
    pub fn digits(&self) -> &str {
        &self.0[1..]
    }

    /// A number as written in the log: [`Phone::masked`] when it reads, else a word.
    pub fn mask(number: &str) -> String {
        Phone::from_gateway(number).map_or_else(|| "a number".to_string(), |p| p.masked())
    }

    /// The number with all but its last 4 digits hidden (`+33•••••5678`), for logs and
    /// for telling a player which of their numbers is meant without spelling it out.
    pub fn masked(&self) -> String {
        let d = self.digits();
        let keep = d.len().saturating_sub(4);
        let country = d.len().min(2);
        format!(
            "+{}{}{}",
            &d[..country],
            "•".repeat(keep.saturating_sub(country)),
            &d[keep.max(country)..]
        )
    }
}

impl fmt::Display for Phone {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn any(text: &str) -> Result<Phone, PhoneError> {
        Phone::read(text, &[])
    }

    #[test]
    fn written_numbers_are_read_with_their_separators() {
        for text in [
            "+33612345678",
            "+33 6 12 34 56 78",
            "+33.6.12.34.56.78",
            "+33-6-12-34-56-78",
            "0033 6 12 34 56 78",
            " +33 (6) 12 34 56 78 ",
        ] {
            assert_eq!(any(text).unwrap().as_str(), "+33612345678", "{text}");
        }
    }

    #[test]
    fn what_is_not_e164_is_refused_with_the_reason() {
        assert_eq!(any("06 12 34 56 78"), Err(PhoneError::NotInternational));
        assert_eq!(any("+0612345678"), Err(PhoneError::NotInternational));
        assert_eq!(any("+33 6 12 34 56 7x"), Err(PhoneError::NotDigits));
        assert_eq!(any("+33612"), Err(PhoneError::Length));
        assert_eq!(any("+1234567890123456"), Err(PhoneError::Length));
        assert_eq!(any(""), Err(PhoneError::NotInternational));
    }

    #[test]
    fn only_the_allowed_countries_are_taken() {
        let eu = vec!["33".to_string(), "32".to_string(), "41".to_string()];
        assert!(Phone::read("+41 79 123 45 67", &eu).is_ok());
        assert_eq!(
            Phone::read("+1 202 555 0143", &eu),
            Err(PhoneError::Country)
        );
    }

    #[test]
    fn gateways_numbers_are_taken_in_their_forms() {
        for text in ["+33612345678", "0033612345678"] {
            assert_eq!(Phone::from_gateway(text).unwrap().as_str(), "+33612345678");
        }
        let bare = Phone::from_digits("33612345678").unwrap();
        assert_eq!(bare.as_str(), "+33612345678");
        assert_eq!(Phone::from_gateway("0612345678"), None);
        assert_eq!(
            Phone::from_gateway("612345678"),
            None,
            "national: which country?"
        );
        assert_eq!(
            Phone::from_gateway("123"),
            None,
            "short codes are no player"
        );
        assert_eq!(
            any("+683 4002").unwrap().as_str(),
            "+6834002",
            "Niue: 7 digits"
        );
        let p = any("+33612345678").unwrap();
        assert_eq!(p.digits(), "33612345678");
        assert_eq!(p.masked(), "+33•••••5678");
    }
}
