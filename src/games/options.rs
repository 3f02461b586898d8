//! Per-game options: named choices fixed when a game is created and recorded with it.
//!
//! Where a rules spec leaves a point open, the game exposes it as an option with the
//! recommended default (Bulltricker's king separation, Ataxx's fifty-move rule, ...).
//! Options are written `name=value`; their canonical form is a comma-separated list of every
//! option of the game in declaration order, defaults included, so that a stored game says
//! exactly which rules it was played under.

use std::collections::BTreeMap;

use thiserror::Error;

use crate::games::GameKind;
use crate::text::Lang;

/// The declaration of one option of a game.
#[derive(Clone, Copy, Debug)]
pub struct OptionSpec {
    /// Option name, kebab-case (`king-separation`).
    pub name: &'static str,
    /// Allowed values, kebab-case; the first is not necessarily the default.
    pub values: &'static [&'static str],
    /// The default value (the spec's recommendation).
    pub default: &'static str,
}

impl OptionSpec {
    /// What it changes, in one sentence in `lang` (the catalogs' `game-option`).
    pub fn describe(&self, game: GameKind, lang: Lang) -> String {
        crate::t!(lang, "game-option", game = game.name(), option = self.name)
    }
}

/// A problem with the options given for a game.
#[derive(Clone, Debug, Error, PartialEq, Eq)]
pub enum OptionError {
    /// No option of that name in this game.
    #[error("unknown option `{name}` (this game knows: {known})")]
    Unknown {
        /// The name given.
        name: String,
        /// The names this game knows, comma-separated (or `none`).
        known: String,
    },
    /// The value is not one of the allowed ones.
    #[error("option `{name}` cannot be `{value}` (allowed: {allowed})")]
    BadValue {
        /// The option.
        name: String,
        /// The value given.
        value: String,
        /// The allowed values, comma-separated.
        allowed: String,
    },
    /// The text is not `name=value`.
    #[error("`{0}` is not an option: write name=value")]
    Syntax(String),
}

/// A complete, validated set of options for one game (every option present).
#[derive(Clone, Debug, Default, PartialEq, Eq, Hash)]
pub struct GameOptions {
    values: BTreeMap<&'static str, &'static str>,
    order: Vec<&'static str>,
}

impl GameOptions {
    /// The defaults of `specs`.
    pub fn defaults(specs: &'static [OptionSpec]) -> GameOptions {
        GameOptions {
            values: specs.iter().map(|s| (s.name, s.default)).collect(),
            order: specs.iter().map(|s| s.name).collect(),
        }
    }

    /// Reads `name=value` items separated by commas or spaces (`""` gives the defaults).
    /// A bare `value` is accepted when exactly one option allows it.
    pub fn parse(specs: &'static [OptionSpec], text: &str) -> Result<GameOptions, OptionError> {
        let mut options = GameOptions::defaults(specs);
        for item in text
            .split([',', ' ', ';'])
            .map(str::trim)
            .filter(|s| !s.is_empty())
        {
            options.set_item(specs, item)?;
        }
        Ok(options)
    }

    /// Sets one `name=value` (or bare `value`) item.
    pub fn set_item(
        &mut self,
        specs: &'static [OptionSpec],
        item: &str,
    ) -> Result<(), OptionError> {
        let lower = item.to_lowercase();
        let (name, value) = match lower.split_once('=') {
            Some((n, v)) => (n.trim().to_string(), v.trim().to_string()),
            None => {
                let owners: Vec<_> = specs
                    .iter()
                    .filter(|s| s.values.contains(&lower.as_str()))
                    .collect();
                match owners.as_slice() {
                    [one] => (one.name.to_string(), lower.clone()),
                    _ => return Err(OptionError::Syntax(item.to_string())),
                }
            }
        };
        let spec = specs
            .iter()
            .find(|s| s.name == name)
            .ok_or_else(|| OptionError::Unknown {
                name: name.clone(),
                known: if specs.is_empty() {
                    "none".to_string()
                } else {
                    specs.iter().map(|s| s.name).collect::<Vec<_>>().join(", ")
                },
            })?;
        let value =
            spec.values
                .iter()
                .find(|v| **v == value)
                .ok_or_else(|| OptionError::BadValue {
                    name: name.clone(),
                    value: value.clone(),
                    allowed: spec.values.join(", "),
                })?;
        self.values.insert(spec.name, value);
        Ok(())
    }

    /// The value of option `name`. Panics if the game declared no such option: asking for an
    /// undeclared option is a programming error in the game module.
    pub fn get(&self, name: &str) -> &'static str {
        match self.values.get(name) {
            Some(v) => v,
            None => panic!("option `{name}` is not declared by this game"),
        }
    }

    /// True if every option has its default value.
    pub fn is_default(&self, specs: &'static [OptionSpec]) -> bool {
        specs
            .iter()
            .all(|s| self.values.get(s.name) == Some(&s.default))
    }

    /// The canonical form: `name=value` for every option, comma-separated, in declaration order.
    pub fn canonical(&self) -> String {
        self.order
            .iter()
            .map(|n| format!("{n}={}", self.values[n]))
            .collect::<Vec<_>>()
            .join(",")
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    static SPECS: [OptionSpec; 2] = [
        OptionSpec {
            name: "king-separation",
            values: &["strict", "orthogonal-only", "app-compatible"],
            default: "strict",
        },
        OptionSpec {
            name: "capture-notation",
            values: &["list", "count"],
            default: "list",
        },
    ];

    #[test]
    fn empty_text_gives_the_defaults_in_declaration_order() {
        let o = GameOptions::parse(&SPECS, "").unwrap();
        assert_eq!(
            o.canonical(),
            "king-separation=strict,capture-notation=list"
        );
        assert!(o.is_default(&SPECS));
    }

    #[test]
    fn bare_values_and_pairs_are_read_in_any_case() {
        let o = GameOptions::parse(&SPECS, "COUNT, king-separation=Orthogonal-Only").unwrap();
        assert_eq!(o.get("capture-notation"), "count");
        assert_eq!(o.get("king-separation"), "orthogonal-only");
        assert!(!o.is_default(&SPECS));
    }

    #[test]
    fn unknown_names_and_values_are_refused_with_the_choices() {
        let e = GameOptions::parse(&SPECS, "speed=fast").unwrap_err();
        assert!(
            e.to_string().contains("king-separation, capture-notation"),
            "{e}"
        );
        let e = GameOptions::parse(&SPECS, "capture-notation=both").unwrap_err();
        assert!(e.to_string().contains("list, count"), "{e}");
        assert!(GameOptions::parse(&SPECS, "banana").is_err());
    }
}
