//! The language of a page: the one named in the address (`?lang=fr`), else the first of
//! the reader's browser languages (`Accept-Language`) that arbitre speaks, else the
//! installation's.

use crate::text::Lang;

/// The reader's language, and whether the address chose it.
pub fn choose(query: Option<&str>, accept: Option<&str>, default: Lang) -> (Lang, bool) {
    if let Some(lang) = query.and_then(Lang::from_code) {
        return (lang, true);
    }
    (accept.and_then(accepted).unwrap_or(default), false)
}

/// The best language of an `Accept-Language` header that arbitre speaks.
fn accepted(header: &str) -> Option<Lang> {
    let mut ranked: Vec<(u32, usize, Lang)> = header
        .split(',')
        .enumerate()
        .filter_map(|(i, item)| {
            let mut parts = item.split(';');
            let tag = parts.next()?.trim();
            let primary = tag.split(['-', '_']).next()?;
            let lang = Lang::from_code(primary)?;
            let quality = parts
                .filter_map(|p| p.trim().strip_prefix("q="))
                .next()
                .map_or(Some(1000), |q| {
                    q.trim()
                        .parse::<f32>()
                        .ok()
                        .map(|q| (q.clamp(0.0, 1.0) * 1000.0) as u32)
                })?;
            (quality > 0).then_some((quality, i, lang))
        })
        .collect();
    ranked.sort_by(|a, b| b.0.cmp(&a.0).then(a.1.cmp(&b.1)));
    ranked.first().map(|r| r.2)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_address_then_the_browser_then_the_installation_choose() {
        assert_eq!(choose(Some("fr"), Some("en"), Lang::EN), (Lang::FR, true));
        assert_eq!(
            choose(Some("xx"), Some("fr-CA,en;q=0.5"), Lang::EN),
            (Lang::FR, false)
        );
        assert_eq!(
            choose(None, Some("de-DE, en;q=0.3, fr;q=0.8"), Lang::EN).0,
            Lang::FR
        );
        assert_eq!(choose(None, Some("de, it"), Lang::FR).0, Lang::FR);
        assert_eq!(choose(None, Some("fr;q=0, en;q=0.1"), Lang::FR).0, Lang::EN);
        assert_eq!(choose(None, Some(";;,q=,;q=abc"), Lang::EN).0, Lang::EN);
        assert_eq!(choose(None, None, Lang::FR), (Lang::FR, false));
    }
}
