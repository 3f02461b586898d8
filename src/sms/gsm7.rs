//! What an SMS costs: whether a text fits the GSM 7-bit default alphabet (3GPP TS 23.038,
//! basic table and its extension table, whose characters take two units), and into how
//! many segments it goes: 160 units in one GSM-7 segment, 153 in each of a concatenated
//! message; 70 and 67 UTF-16 units once any character forces UCS-2. And the French
//! transliteration that keeps arbitre's own words in GSM-7: typographic quotes,
//! apostrophes, dashes, no-break spaces and the accented letters the table lacks become
//! their plain forms. Pure.

/// The basic table, in code order (0x00 to 0x7F; 0x1B is the escape to the extension).
const BASIC: &str = "@£$¥èéùìòÇ\nØø\rÅåΔ_ΦΓΛΩΠΨΣΘΞ\u{1b}ÆæßÉ !\"#¤%&'()*+,-./0123456789:;<=>?\
¡ABCDEFGHIJKLMNOPQRSTUVWXYZÄÖÑÜ§¿abcdefghijklmnopqrstuvwxyzäöñüà";

/// The extension table: each of these is sent as escape + code, two units.
const EXTENSION: &str = "\u{c}^{}\\[~]|€";

/// Units in one GSM-7 segment, alone or in a concatenated message.
pub const GSM7_SINGLE: usize = 160;
/// See [`GSM7_SINGLE`].
pub const GSM7_PART: usize = 153;
/// UTF-16 units in one UCS-2 segment, alone or concatenated.
pub const UCS2_SINGLE: usize = 70;
/// See [`UCS2_SINGLE`].
pub const UCS2_PART: usize = 67;
/// At most this many concatenated segments per SMS, never more (gateways would cut the
/// rest silently, and each segment costs).
pub const MAX_SEGMENTS: usize = 3;

/// How a text is sent.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub enum Encoding {
    /// The GSM 7-bit default alphabet.
    Gsm7,
    /// UCS-2 (UTF-16): any character outside GSM-7 forces it for the whole message.
    Ucs2,
}

/// What a text costs.
#[derive(Clone, Copy, Debug, PartialEq, Eq)]
pub struct Cost {
    /// Its encoding.
    pub encoding: Encoding,
    /// Units: GSM-7 septets, or UTF-16 code units.
    pub units: usize,
    /// Segments.
    pub segments: usize,
}

/// The GSM-7 units of `c`: 1 in the basic table, 2 in the extension, `None` outside.
pub fn units_of(c: char) -> Option<usize> {
    if c != '\u{1b}' && BASIC.contains(c) {
        Some(1)
    } else if EXTENSION.contains(c) {
        Some(2)
    } else {
        None
    }
}

/// Whether `text` goes in GSM-7.
pub fn is_gsm7(text: &str) -> bool {
    text.chars().all(|c| units_of(c).is_some())
}

/// The encoding, units and segments of `text`. A two-unit character or a surrogate pair
/// is never split between two segments.
pub fn cost(text: &str) -> Cost {
    let gsm: Option<Vec<usize>> = text.chars().map(units_of).collect();
    let (encoding, sizes, single, part) = match gsm {
        Some(sizes) => (Encoding::Gsm7, sizes, GSM7_SINGLE, GSM7_PART),
        None => (
            Encoding::Ucs2,
            text.chars().map(char::len_utf16).collect(),
            UCS2_SINGLE,
            UCS2_PART,
        ),
    };
    let units: usize = sizes.iter().sum();
    let segments = if units <= single {
        1
    } else {
        let mut segments = 1;
        let mut used = 0;
        for size in sizes {
            if used + size > part {
                segments += 1;
                used = 0;
            }
            used += size;
        }
        segments
    };
    Cost {
        encoding,
        units,
        segments,
    }
}

/// `text` with what would force UCS-2 replaced by its nearest GSM-7 form: typographic
/// quotes and apostrophes, dashes, ellipses and no-break spaces by their plain forms, the
/// accented letters missing from the table by their unaccented letter (`ç` → `c`,
/// `ê` → `e`, `œ` → `oe`, `À` → `A`), and anything else by `?`.
pub fn transliterate(text: &str) -> String {
    let mut out = String::with_capacity(text.len());
    for c in text.chars() {
        if units_of(c).is_some() {
            out.push(c);
            continue;
        }
        let plain = match c {
            '\u{2019}' | '\u{2018}' | '\u{201b}' | '\u{2032}' | '`' | '\u{b4}' => "'",
            '\u{ab}' | '\u{bb}' | '\u{201c}' | '\u{201d}' | '\u{201e}' | '\u{2033}' => "\"",
            '\u{2013}' | '\u{2014}' | '\u{2012}' | '\u{2212}' | '\u{2010}' | '\u{2011}' => "-",
            '\u{2026}' => "...",
            // Arrows in the engines' descriptions of moves (A1 B2 → B2 C3).
            '\u{2192}' | '\u{27f6}' => "->",
            '\u{2190}' => "<-",
            '\u{a0}' | '\u{202f}' | '\u{2009}' | '\u{2007}' | '\t' => " ",
            '\u{2022}' | '\u{b7}' => "-",
            'â' | 'á' | 'ã' | 'ā' => "a",
            'À' | 'Â' | 'Á' | 'Ã' => "A",
            'ç' => "c",
            'ê' | 'ë' | 'ē' => "e",
            'È' | 'Ê' | 'Ë' => "E",
            'î' | 'ï' | 'í' => "i",
            'Î' | 'Ï' | 'Í' | 'Ì' => "I",
            'ô' | 'ó' | 'õ' => "o",
            'Ô' | 'Ó' | 'Ò' | 'Õ' => "O",
            'û' | 'ú' => "u",
            'Ù' | 'Û' | 'Ú' => "U",
            'ÿ' | 'ý' => "y",
            'Ÿ' | 'Ý' => "Y",
            'œ' => "oe",
            'Œ' => "OE",
            '\u{2039}' | '\u{203a}' | '\u{201a}' => "'",
            'č' | 'ć' => "c",
            'Č' | 'Ć' => "C",
            'š' | 'ś' | 'ş' => "s",
            'Š' | 'Ś' | 'Ş' => "S",
            'ž' | 'ź' | 'ż' => "z",
            'Ž' | 'Ź' | 'Ż' => "Z",
            'ł' => "l",
            'Ł' => "L",
            'ő' => "o",
            'Ő' => "O",
            'ű' | 'ů' => "u",
            'Ű' | 'Ů' => "U",
            'ř' => "r",
            'Ř' => "R",
            'ě' | 'ę' => "e",
            'Ě' | 'Ę' => "E",
            'ą' => "a",
            'Ą' => "A",
            'ń' | 'ň' => "n",
            'Ń' | 'Ň' => "N",
            'ğ' => "g",
            'Ğ' => "G",
            'ı' => "i",
            'İ' => "I",
            // An accent written as a mark of its own after its letter: the letter alone.
            '\u{300}'..='\u{36f}' => "",
            _ => "?",
        };
        out.push_str(plain);
    }
    out
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_tables_have_their_published_sizes() {
        assert_eq!(BASIC.chars().count(), 128);
        assert_eq!(BASIC.chars().nth(0x09), Some('Ç'), "3GPP draws the capital");
        assert_eq!(BASIC.chars().nth(0x1b), Some('\u{1b}'));
        assert_eq!(BASIC.chars().nth(0x7f), Some('à'));
        assert_eq!(EXTENSION.chars().count(), 10);
    }

    #[test]
    fn french_letters_fall_where_the_field_notes_say() {
        for c in "àäéèöùüÄÇÉÖÜÆæ'".chars() {
            assert_eq!(units_of(c), Some(1), "{c}");
        }
        assert_eq!(units_of('€'), Some(2));
        for c in "âçêëîïôûÿœÀÂÈÊËÎÏÔÙÛŸŒ«»’‘“”…–—\u{a0}\u{202f}".chars()
        {
            assert_eq!(units_of(c), None, "{c} forces UCS-2");
        }
    }

    #[test]
    fn segments_follow_the_encoding() {
        let a = "a".repeat(160);
        assert_eq!(cost(&a).segments, 1);
        assert_eq!(cost(&format!("{a}a")).segments, 2);
        assert_eq!(cost(&"a".repeat(306)).segments, 2);
        assert_eq!(cost(&"a".repeat(307)).segments, 3);
        // An escaped character counts two and is not split.
        let euro = "€".repeat(80);
        assert_eq!(cost(&euro).units, 160);
        assert_eq!(cost(&euro).segments, 1);
        let c = cost(&format!("{}€", "a".repeat(152)));
        assert_eq!((c.units, c.segments), (154, 1));
        let c = cost(&format!("{}€", "a".repeat(159)));
        assert_eq!((c.units, c.segments), (161, 2));
        // One character outside forces UCS-2 for everything.
        let c = cost("G42 Noir: E5F5 accepté. À vous, 3j12h restants.");
        assert_eq!((c.encoding, c.units, c.segments), (Encoding::Ucs2, 47, 1));
        let c = cost("G42 Noir: E5F5 accepté. A vous, 3j12h restants.");
        assert_eq!((c.encoding, c.units, c.segments), (Encoding::Gsm7, 47, 1));
        assert_eq!(cost(&"ç".repeat(70)).segments, 1);
        assert_eq!(cost(&"ç".repeat(71)).segments, 2);
        assert_eq!(cost(&"ç".repeat(135)).segments, 3);
    }

    #[test]
    fn transliterated_french_stays_in_gsm7() {
        let t = transliterate("C’est à vous : « Françoise » a joué… — 2 jours\u{a0}restants, cœur");
        assert_eq!(
            t,
            "C'est à vous : \" Francoise \" a joué... - 2 jours restants, coeur"
        );
        assert!(is_gsm7(&t));
        assert!(is_gsm7(&transliterate("日本 ☃ 🎲")));
        // Decomposed accents, and the letters of other Latin alphabets.
        assert_eq!(transliterate("Ame\u{301}lie"), "Amelie");
        assert_eq!(transliterate("Łukasz Dvořák ‹x›"), "Lukasz Dvorak 'x'");
        assert_eq!(transliterate("A1 B2 → B2 C3"), "A1 B2 -> B2 C3");
    }
}
