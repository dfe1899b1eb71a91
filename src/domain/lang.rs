//! The languages seedpost speaks: [`Lang`], parsed from language tags.
//!
//! Adding a language is adding a variant here (with its tag, its own name and its
//! direction), a catalogue under `locales/<tag>/`, and running the catalogue check
//! (`cargo test --test tidy catalogues`): see `docs/languages.md`.

use std::fmt;
use std::str::FromStr;

use serde::{Deserialize, Serialize};

/// A language of the pages, e-mails and notifications.
#[derive(
    Debug, Clone, Copy, PartialEq, Eq, Hash, PartialOrd, Ord, Default, Serialize, Deserialize,
)]
#[serde(rename_all = "lowercase")]
pub enum Lang {
    /// English, the source of every catalogue and the last resort.
    #[default]
    En,
    /// Turkish.
    Tr,
    /// Arabic, written right to left.
    Ar,
    /// Greek.
    El,
    /// Catalan.
    Ca,
}

/// The direction a language is written in, as HTML's `dir` attribute takes it.
#[derive(Debug, Clone, Copy, PartialEq, Eq, strum::IntoStaticStr, strum::Display)]
#[strum(serialize_all = "lowercase")]
pub enum Dir {
    /// Left to right.
    Ltr,
    /// Right to left.
    Rtl,
}

impl Dir {
    /// `ltr` or `rtl`.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }
}

impl Lang {
    /// Every language, English first, in the order of the language menu.
    pub const ALL: [Lang; 5] = [Lang::En, Lang::Tr, Lang::Ar, Lang::El, Lang::Ca];

    /// Its BCP 47 primary tag: `en`, `tr`, `ar`, `el`, `ca` (also the name of its
    /// folder under `locales/`, its `?lang=` value and its stored value).
    #[must_use]
    pub const fn tag(self) -> &'static str {
        match self {
            Lang::En => "en",
            Lang::Tr => "tr",
            Lang::Ar => "ar",
            Lang::El => "el",
            Lang::Ca => "ca",
        }
    }

    /// Its name in itself, for the language menu: `English`, `Türkçe`, `العربية`,
    /// `Ελληνικά`, `Català`.
    #[must_use]
    pub const fn own_name(self) -> &'static str {
        match self {
            Lang::En => "English",
            Lang::Tr => "Türkçe",
            Lang::Ar => "العربية",
            Lang::El => "Ελληνικά",
            Lang::Ca => "Català",
        }
    }

    /// The direction it is written in: right to left for Arabic.
    #[must_use]
    pub const fn dir(self) -> Dir {
        match self {
            Lang::Ar => Dir::Rtl,
            _ => Dir::Ltr,
        }
    }

    /// The language of a tag such as `tr`, `tr-TR`, `ar_MA` or `EL`: its primary
    /// subtag, in any case, decides; `None` for a language seedpost does not speak.
    #[must_use]
    pub fn from_tag(tag: &str) -> Option<Lang> {
        let primary = tag.trim().split(['-', '_']).next()?;
        Lang::ALL
            .into_iter()
            .find(|l| l.tag().eq_ignore_ascii_case(primary))
    }

    /// The best language for an `Accept-Language` header: the supported one with the
    /// highest quality (`q`), the earlier one on a tie; `*` and `q=0` choose nothing.
    /// `None` when no listed language is spoken here.
    ///
    /// # Examples
    /// ```
    /// use seedpost::domain::Lang;
    /// assert_eq!(Lang::from_accept_language("de-DE, ar-MA;q=0.8, tr;q=0.9"), Some(Lang::Tr));
    /// assert_eq!(Lang::from_accept_language("de, fr;q=0.5"), None);
    /// ```
    #[must_use]
    pub fn from_accept_language(header: &str) -> Option<Lang> {
        let mut best: Option<(Lang, u16)> = None;
        for item in header.split(',') {
            let mut parts = item.split(';');
            let Some(lang) = parts.next().and_then(Lang::from_tag) else {
                continue;
            };
            // A malformed quality drops the item, as if it were not listed.
            let quality = match parts.find_map(|p| p.trim().strip_prefix("q=")) {
                Some(q) => quality(q),
                None => Some(1000),
            };
            let Some(quality) = quality else {
                continue;
            };
            if quality > 0 && best.is_none_or(|(_, q)| quality > q) {
                best = Some((lang, quality));
            }
        }
        best.map(|(lang, _)| lang)
    }
}

/// A quality value (`0`, `0.5`, `1.000`) in thousandths; `None` if malformed.
fn quality(text: &str) -> Option<u16> {
    let text = text.trim();
    let (whole, fraction) = text.split_once('.').unwrap_or((text, ""));
    if fraction.len() > 3 || !fraction.bytes().all(|b| b.is_ascii_digit()) {
        return None;
    }
    let thousandths = format!("{fraction:0<3}").parse::<u16>().ok()?;
    match whole {
        "0" => Some(thousandths),
        "1" if thousandths == 0 => Some(1000),
        _ => None,
    }
}

impl fmt::Display for Lang {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(self.tag())
    }
}

/// A language tag seedpost does not speak.
#[derive(Debug, Clone, PartialEq, Eq, thiserror::Error)]
#[error("unknown language {0:?}: expected one of en, tr, ar, el, ca")]
pub struct UnknownLang(pub String);

impl FromStr for Lang {
    type Err = UnknownLang;

    /// Exactly a primary tag (`en`, `tr`, `ar`, `el`, `ca`), as stored and as the API
    /// takes it; [`Lang::from_tag`] is the lenient reading of browsers' tags.
    fn from_str(s: &str) -> Result<Lang, UnknownLang> {
        Lang::ALL
            .into_iter()
            .find(|l| l.tag() == s)
            .ok_or_else(|| UnknownLang(s.to_owned()))
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn directions_are_written_as_html_takes_them() {
        assert_eq!(
            (Dir::Ltr.as_str(), Dir::Rtl.to_string()),
            ("ltr", "rtl".to_owned())
        );
    }

    #[test]
    fn tags_are_read_by_their_primary_subtag_in_any_case() {
        for (tag, lang) in [
            ("tr", Some(Lang::Tr)),
            ("tr-TR", Some(Lang::Tr)),
            ("ar-MA", Some(Lang::Ar)),
            ("ar_MA", Some(Lang::Ar)),
            ("EL", Some(Lang::El)),
            ("ca-ES-valencia", Some(Lang::Ca)),
            (" en-GB ", Some(Lang::En)),
            ("de", None),
            ("", None),
            ("*", None),
            ("english", None),
        ] {
            assert_eq!(Lang::from_tag(tag), lang, "{tag:?}");
        }
    }

    #[test]
    fn accept_language_takes_the_best_quality_it_speaks() {
        for (header, lang) in [
            ("tr-TR,tr;q=0.9,en-US;q=0.8,en;q=0.7", Some(Lang::Tr)),
            ("de-DE, ar-MA;q=0.8, tr;q=0.9", Some(Lang::Tr)),
            ("en;q=0.5, el;q=0.6", Some(Lang::El)),
            ("ca;q=0.5, el;q=0.5", Some(Lang::Ca)),
            ("ar;q=0, ca;q=0.1", Some(Lang::Ca)),
            ("ar;q=0", None),
            ("*", None),
            ("de, fr;q=0.5", None),
            ("el;q=2, ca;q=0.3", Some(Lang::Ca)),
            ("el;q=1.0", Some(Lang::El)),
            ("", None),
        ] {
            assert_eq!(Lang::from_accept_language(header), lang, "{header:?}");
        }
    }

    #[test]
    fn only_arabic_is_right_to_left() {
        for lang in Lang::ALL {
            assert_eq!(lang.dir() == Dir::Rtl, lang == Lang::Ar);
        }
    }

    #[test]
    fn stored_values_round_trip_and_nothing_else_parses() {
        for lang in Lang::ALL {
            assert_eq!(lang.tag().parse::<Lang>(), Ok(lang));
        }
        assert!("tr-TR".parse::<Lang>().is_err());
        assert!("TR".parse::<Lang>().is_err());
    }
}
