//! What people read, in their language: the message catalogues and [`Tr`], the
//! translator every page, e-mail and notification speaks through.
//!
//! # Catalogues
//! Messages are written in [Project Fluent](https://projectfluent.org/fluent/guide/)
//! under `locales/<tag>/*.ftl`, one folder per [`Lang`] (`en`, `tr`, `ar`, `el`, `ca`),
//! English (`locales/en/`) the source. Every `.ftl` file of a folder is embedded in the
//! binary at compile time (`build.rs` lists them): a new file needs no code. Put a
//! page's messages in the file named after it (`game.ftl`, `settings.ftl`...), shared
//! words in `main.ftl`.
//!
//! Message ids are kebab-case with a page prefix: `nav-standings`, `game-your-move`,
//! `home-title`. Write an id whole, as one string literal, where it is used (in a
//! template or in Rust), never built with `format!`: the catalogue check
//! (`cargo test --test tidy catalogues`) finds the ids used by reading the sources, and
//! fails when an English id is used nowhere, when a used id is not in English, and
//! when another language lacks an English id, has one English lacks, or uses other
//! placeholders. When you add a message to `locales/en/`, add it to every other
//! language as well (in English if you cannot translate it: translators review later).
//!
//! ```ftl
//! # locales/en/game.ftl
//! game-your-move = Your move
//! # A placeholder: { $name }.
//! game-to-move = { $name } to move
//! # A plural: Fluent picks the variant by the language's CLDR rules (Arabic has six:
//! # zero, one, two, few, many, other).
//! time-days = { $count ->
//!     [one] { $count } day
//!    *[other] { $count } days
//! }
//! ```
//!
//! # In templates
//! Every page's [`Layout`](crate::http) has a field `tr`, a [`Tr`]. Call it with the id,
//! then name/value pairs for the placeholders (the values may be strings or integers;
//! an integer chooses a plural):
//!
//! ```html
//! <a href="/standings">{{ layout.tr.t("nav-standings") }}</a>
//! <p>{{ layout.tr.t1("game-to-move", "name", south) }}</p>
//! <p>{{ layout.tr.t2("time-days-hours", "days", d, "hours", h) }}</p>
//! ```
//!
//! The text comes back escaped like any value, so messages hold no HTML: split a
//! sentence around a link into messages of its own. Things that must stay left to
//! right inside an Arabic page (moves such as `S3 N5`, records, scores, user names)
//! go in `<bdi>` or an element with `dir="ltr"`, and the board always carries
//! `dir="ltr"` (see `docs/languages.md`).
//!
//! # In Rust
//! A page handler gets its [`Tr`] from the visitor (`visitor.tr()`); a job writing to
//! an account uses `Tr::new(lang)` with the account's setting. [`Tr::t`]..[`Tr::t4`]
//! are the same as in templates; [`Tr::args`] takes any number of pairs. Sentences once
//! built with `format!` become messages with placeholders, so that each language
//! orders the words its own way.
//!
//! # Missing messages
//! An id the catalogue lacks, or a message that fails to format (a placeholder not
//! given), renders as [`MISSING_OPEN`]`id`[`MISSING_CLOSE`] (`⟦game-your-move⟧`) and
//! is logged: visible on the page, so that tests (which look for `⟦`) and readers find
//! it. There is no silent fallback to English.
//!
//! # Numbers, dates and times
//! Numbers are written with Western digits (0-9) in every language, Arabic included:
//! that is the default of Arabic as written in Morocco (and of the Maghreb), where
//! Modiar and Tihbat are played, and it keeps scores, pits and moves the same on every
//! page. Fluent's plural rules still apply to them. Dates and times shown by the
//! server go through [`Tr::when`] (month names in the language, the order its
//! catalogue's `format-date-time` gives); scripts format local times with
//! `Intl.DateTimeFormat(document.documentElement.lang, ...)`.

use std::borrow::Cow;
use std::sync::LazyLock;

use chrono::{DateTime, Utc};
use fluent_bundle::concurrent::FluentBundle;
use fluent_bundle::{FluentArgs, FluentResource, FluentValue};

pub use crate::domain::{Dir, Lang};

mod files {
    include!(concat!(env!("OUT_DIR"), "/catalogues.rs"));
}

/// What a missing message starts with.
pub const MISSING_OPEN: char = '⟦';
/// What a missing message ends with.
pub const MISSING_CLOSE: char = '⟧';

/// The catalogue files, as embedded: language tag, file name and text.
#[must_use]
pub fn catalogue_files() -> &'static [(&'static str, &'static str, &'static str)] {
    files::FILES
}

/// The bundle of each language, in the order of [`Lang::ALL`].
static BUNDLES: LazyLock<Vec<FluentBundle<FluentResource>>> =
    LazyLock::new(|| Lang::ALL.into_iter().map(bundle).collect());

/// The messages of `lang`, from every file of its folder. A syntax error is logged and
/// the rest of the file kept (the catalogue check fails on it first).
fn bundle(lang: Lang) -> FluentBundle<FluentResource> {
    let id = lang
        .tag()
        .parse()
        .unwrap_or_else(|_| unic_langid::LanguageIdentifier::default());
    let mut bundle = FluentBundle::new_concurrent(vec![id]);
    // Unicode isolation marks around every placeable would show up in copied text and
    // in tests; what must stay left to right is isolated by the templates (`<bdi>`).
    bundle.set_use_isolating(false);
    for (tag, name, text) in files::FILES {
        if *tag != lang.tag() {
            continue;
        }
        let resource = match FluentResource::try_new((*text).to_owned()) {
            Ok(resource) => resource,
            Err((resource, errors)) => {
                tracing::error!(lang = tag, file = name, ?errors, "catalogue syntax");
                resource
            }
        };
        if let Err(errors) = bundle.add_resource(resource) {
            tracing::error!(lang = tag, file = name, ?errors, "catalogue message twice");
        }
    }
    bundle
}

/// A value for a placeholder: a string, or a number (which also chooses plurals).
/// Implemented for strings and integers, and references to them, so that templates
/// can pass fields as they are.
pub trait IntoArg {
    /// The value as Fluent takes it.
    fn into_arg(self) -> FluentValue<'static>;
}

impl IntoArg for &str {
    fn into_arg(self) -> FluentValue<'static> {
        FluentValue::String(Cow::Owned(self.to_owned()))
    }
}

impl IntoArg for String {
    fn into_arg(self) -> FluentValue<'static> {
        FluentValue::String(Cow::Owned(self))
    }
}

impl IntoArg for &String {
    fn into_arg(self) -> FluentValue<'static> {
        self.as_str().into_arg()
    }
}

impl IntoArg for &&str {
    fn into_arg(self) -> FluentValue<'static> {
        (*self).into_arg()
    }
}

impl IntoArg for &&String {
    fn into_arg(self) -> FluentValue<'static> {
        self.as_str().into_arg()
    }
}

macro_rules! number_args {
    ($($t:ty),*) => {$(
        impl IntoArg for $t {
            fn into_arg(self) -> FluentValue<'static> {
                FluentValue::from(self)
            }
        }
        impl IntoArg for &$t {
            fn into_arg(self) -> FluentValue<'static> {
                FluentValue::from(*self)
            }
        }
        impl IntoArg for &&$t {
            fn into_arg(self) -> FluentValue<'static> {
                FluentValue::from(**self)
            }
        }
    )*};
}
number_args!(u8, u16, u32, u64, usize, i8, i16, i32, i64, isize, f64);

/// The translator of one language: the handle pages, e-mails and notifications get
/// their words from. Cheap to copy. See the [module docs](self).
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tr {
    lang: Lang,
}

impl Tr {
    /// The translator of `lang`.
    #[must_use]
    pub const fn new(lang: Lang) -> Tr {
        Tr { lang }
    }

    /// Its language.
    #[must_use]
    pub const fn lang(&self) -> Lang {
        self.lang
    }

    /// Its language's tag, for `<html lang>`: `en`, `ar`...
    #[must_use]
    pub const fn tag(&self) -> &'static str {
        self.lang.tag()
    }

    /// Its language's direction, for `<html dir>`: `ltr` or `rtl`.
    #[must_use]
    pub fn dir(&self) -> &'static str {
        self.lang.dir().as_str()
    }

    /// Message `id`, without placeholders.
    #[must_use]
    pub fn t(&self, id: &str) -> String {
        self.format(id, None)
    }

    /// Message `id` with one placeholder, `name` = `value`.
    #[must_use]
    pub fn t1(&self, id: &str, name: &str, value: impl IntoArg) -> String {
        self.args(id, [(name, value.into_arg())])
    }

    /// Message `id` with two placeholders.
    #[must_use]
    pub fn t2(
        &self,
        id: &str,
        name1: &str,
        value1: impl IntoArg,
        name2: &str,
        value2: impl IntoArg,
    ) -> String {
        self.args(id, [(name1, value1.into_arg()), (name2, value2.into_arg())])
    }

    /// Message `id` with three placeholders.
    #[must_use]
    #[allow(clippy::too_many_arguments)]
    pub fn t3(
        &self,
        id: &str,
        name1: &str,
        value1: impl IntoArg,
        name2: &str,
        value2: impl IntoArg,
        name3: &str,
        value3: impl IntoArg,
    ) -> String {
        self.args(
            id,
            [
                (name1, value1.into_arg()),
                (name2, value2.into_arg()),
                (name3, value3.into_arg()),
            ],
        )
    }

    /// Message `id` with four placeholders.
    #[must_use]
    #[allow(clippy::too_many_arguments)]
    pub fn t4(
        &self,
        id: &str,
        name1: &str,
        value1: impl IntoArg,
        name2: &str,
        value2: impl IntoArg,
        name3: &str,
        value3: impl IntoArg,
        name4: &str,
        value4: impl IntoArg,
    ) -> String {
        self.args(
            id,
            [
                (name1, value1.into_arg()),
                (name2, value2.into_arg()),
                (name3, value3.into_arg()),
                (name4, value4.into_arg()),
            ],
        )
    }

    /// Message `id` with any number of placeholders:
    /// `tr.args("game-line", [("name", "ayse".into_arg()), ("count", 3.into_arg())])`.
    #[must_use]
    pub fn args<'a>(
        &self,
        id: &str,
        args: impl IntoIterator<Item = (&'a str, FluentValue<'static>)>,
    ) -> String {
        let mut fluent = FluentArgs::new();
        for (name, value) in args {
            fluent.set(name.to_owned(), value);
        }
        self.format(id, Some(&fluent))
    }

    /// A time as the server shows it, in UTC, with month names in this language:
    /// `3 December 2026, 18:20 UTC`; the pattern (chrono's `strftime` syntax) is the
    /// catalogue's `format-date-time`.
    #[must_use]
    pub fn when(&self, t: DateTime<Utc>) -> String {
        let pattern = self.t("format-date-time");
        if pattern.starts_with(MISSING_OPEN) {
            return pattern;
        }
        t.format_localized(&pattern, self.chrono_locale())
            .to_string()
    }

    /// The date of `t` (UTC), with the month's name: `3 December 2026`; the pattern is
    /// the catalogue's `format-date`.
    #[must_use]
    pub fn date(&self, t: DateTime<Utc>) -> String {
        let pattern = self.t("format-date");
        if pattern.starts_with(MISSING_OPEN) {
            return pattern;
        }
        t.format_localized(&pattern, self.chrono_locale())
            .to_string()
    }

    /// The locale whose month and day names chrono writes.
    fn chrono_locale(&self) -> chrono::Locale {
        match self.lang {
            Lang::En => chrono::Locale::en_GB,
            Lang::Tr => chrono::Locale::tr_TR,
            Lang::Ar => chrono::Locale::ar_MA,
            Lang::El => chrono::Locale::el_GR,
            Lang::Ca => chrono::Locale::ca_ES,
        }
    }

    fn format(&self, id: &str, args: Option<&FluentArgs<'_>>) -> String {
        let missing = || format!("{MISSING_OPEN}{id}{MISSING_CLOSE}");
        let index = Lang::ALL
            .iter()
            .position(|&l| l == self.lang)
            .unwrap_or_default();
        let Some(bundle) = BUNDLES.get(index) else {
            return missing();
        };
        let Some(pattern) = bundle.get_message(id).and_then(|m| m.value()) else {
            tracing::warn!(lang = %self.lang, id, "missing message");
            return missing();
        };
        let mut errors = Vec::new();
        let text = bundle.format_pattern(pattern, args, &mut errors);
        if errors.is_empty() {
            text.into_owned()
        } else {
            tracing::warn!(lang = %self.lang, id, ?errors, "message failed to format");
            missing()
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use chrono::TimeZone;

    #[test]
    fn every_catalogue_parses_without_errors() {
        assert!(!files::FILES.is_empty());
        for (tag, name, text) in files::FILES {
            if let Err((_, errors)) = FluentResource::try_new((*text).to_owned()) {
                panic!("locales/{tag}/{name}: {errors:?}");
            }
        }
    }

    #[test]
    fn plurals_follow_each_languages_rules() {
        let en = Tr::new(Lang::En);
        assert_eq!(en.t1("time-days", "count", 1), "1 day");
        assert_eq!(en.t1("time-days", "count", 2), "2 days");
        // Arabic: one, two, few (3-10), many (11-99) and other (100) differ.
        let ar = Tr::new(Lang::Ar);
        let forms: Vec<String> = [1, 2, 3, 11, 100]
            .into_iter()
            .map(|n| ar.t1("time-days", "count", n))
            .collect();
        for (i, a) in forms.iter().enumerate() {
            assert!(!a.contains(MISSING_OPEN), "{a}");
            for b in &forms[i + 1..] {
                assert_ne!(a, b);
            }
        }
        assert!(forms[2].starts_with('3'), "Western digits: {}", forms[2]);
    }

    #[test]
    fn a_missing_message_or_placeholder_shows_a_marker() {
        let tr = Tr::new(Lang::Tr);
        assert_eq!(tr.t("no-such-message"), "⟦no-such-message⟧");
        assert_eq!(tr.t("time-days"), "⟦time-days⟧");
    }

    #[test]
    fn dates_name_the_month_in_the_language() {
        let t = Utc
            .with_ymd_and_hms(2026, 12, 3, 18, 20, 0)
            .single()
            .unwrap_or_default();
        assert_eq!(Tr::new(Lang::En).when(t), "3 December 2026, 18:20 UTC");
        assert!(Tr::new(Lang::Tr).when(t).contains("Aralık"));
        assert!(Tr::new(Lang::Ca).date(t).contains("desembre"));
    }
}
