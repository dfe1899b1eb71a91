//! What every page shows, prepared for templates: the layout, the alert of a refused
//! form, the variants offered in forms, a ply in the pages' notation (the game page's
//! and the analysis' record board's). (A game's summaries, time left and the words for
//! endings are the games', in `src/games/view.rs`.)

use askama::Template;
use axum::response::Html;
use seedpost_rules::{Ply, Side, Variant};

use super::error::PageError;
use super::{assets, lang};
use crate::domain::Lang;
use crate::error::Error;
use crate::i18n::Tr;

/// What `templates/base.html` needs.
#[derive(Debug, Clone)]
pub struct Layout {
    /// The page's title.
    pub title: String,
    /// The signed-in user's name.
    pub viewer: Option<String>,
    /// The token of the log-out form.
    pub csrf: String,
    /// The stylesheet's URL.
    pub css: &'static str,
    /// The script's URL.
    pub js: &'static str,
    /// The icon's URL.
    pub icon: &'static str,
    /// The push script's URL (registers the service worker).
    pub push_js: &'static str,
    /// What waits for the viewer (their turns, challenges to answer): counted in the
    /// header and the title.
    pub waiting: Waiting,
    /// The translator of the page's language: `{{ layout.tr.t("nav-rules") }}` in any
    /// template (see [`crate::i18n`]); also gives `<html lang dir>`.
    pub tr: Tr,
    /// The languages of the menu in the footer.
    pub languages: &'static [Lang],
    /// This page's path and query (without `lang=`), where the language menu returns.
    pub here: String,
    /// The query the log-in and sign-up links carry so that the form comes back to
    /// this page (`?next=…`), or empty where there is nothing to come back to.
    pub come_back: String,
    /// A refused form's reason, shown first in `<main>` and linking to the form.
    pub alert: Option<FormAlert>,
}

/// What waits for a signed-in player: the games where it is their move and the
/// challenges that name them, not yet answered. The header counts both, and so does
/// the tab title; the count's words say which.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct Waiting {
    /// Games where it is the player's move.
    pub games: usize,
    /// Open challenges naming the player.
    pub challenges: usize,
}

impl Waiting {
    /// Everything waiting: the number the header and the title show.
    #[must_use]
    pub fn total(&self) -> usize {
        self.games + self.challenges
    }

    /// The count in words, for screen readers: "1 game waiting for your move, 2
    /// challenges waiting for your answer" (a part that is 0 is left out unless both
    /// are).
    #[must_use]
    pub fn words(&self, tr: &Tr) -> String {
        let tr = *tr;
        let games = tr.t1("nav-turns-waiting", "count", self.games);
        let challenges = tr.t1("nav-challenges-waiting", "count", self.challenges);
        match (self.games, self.challenges) {
            (_, 0) => games,
            (0, _) => challenges,
            _ => tr.t2("nav-waiting-both", "games", games, "challenges", challenges),
        }
    }

    /// What waits for `account` now. A page still shows if it cannot be read: a part
    /// that fails counts 0, and the failure is logged (a count that is silently wrong
    /// is worse than a warning).
    pub async fn of(state: &crate::http::AppState, account: &crate::store::Account) -> Waiting {
        fn or_zero(part: &str, read: crate::error::Result<usize>) -> usize {
            read.unwrap_or_else(|e| {
                tracing::warn!(error = %crate::error::Chain(&e), part, "the header count could not be read");
                0
            })
        }
        Waiting {
            games: or_zero("games", state.service.turn_count(account).await),
            challenges: or_zero(
                "challenges",
                state.service.challenges_to_answer(account).await,
            ),
        }
    }
}

/// A refused form's reason at the top of the page (`templates/base.html`): on a
/// phone the form may be screens below, so the page says first that something was
/// refused, and links to the form.
#[derive(Debug, Clone)]
pub struct FormAlert {
    /// Why, in the visitor's language.
    pub message: String,
    /// The `id` of the form's own message.
    pub anchor: &'static str,
}

/// The `?next=` query that brings log-in back to the page `current` shows, when it
/// can be opened again (a `GET` of a page other than home and the forms); else empty.
fn come_back(current: &lang::Current) -> String {
    let here = current.here.as_str();
    let path = here.split('?').next().unwrap_or_default();
    if !current.readable || matches!(path, "/" | "/login" | "/signup") {
        return String::new();
    }
    next_query(here)
}

/// `?next=<path>`, the query that brings the log-in and sign-up forms back to `path`;
/// empty for an empty path.
#[must_use]
pub fn next_query(path: &str) -> String {
    if path.is_empty() {
        return String::new();
    }
    serde_urlencoded::to_string([("next", path)])
        .map_or_else(|_| String::new(), |query| format!("?{query}"))
}

impl Layout {
    /// A layout for a visitor, in the language the request chose (see
    /// [`super::lang`]); pages get theirs from [`super::Visitor::layout`].
    #[must_use]
    pub fn new(title: &str, viewer: Option<String>, csrf: &str) -> Layout {
        let current = lang::current();
        Layout {
            title: title.to_owned(),
            viewer,
            csrf: csrf.to_owned(),
            css: assets::css_url(),
            js: assets::js_url(),
            icon: assets::icon_url(),
            push_js: assets::push_js_url(),
            waiting: Waiting::default(),
            tr: Tr::new(current.lang),
            languages: &Lang::ALL,
            come_back: come_back(&current),
            here: current.here,
            alert: None,
        }
    }

    /// This layout with a refused form's reason first on the page, linking to
    /// `anchor`, the form's own message (see [`FormAlert`]).
    #[must_use]
    pub fn alerting(self, message: Option<&String>, anchor: &'static str) -> Layout {
        Layout {
            alert: message.map(|message| FormAlert {
                message: message.clone(),
                anchor,
            }),
            ..self
        }
    }

    /// The layout of an error page, in the request's language, showing the visitor
    /// signed in (their name, their count, their token in the language menu) when the
    /// request got as far as reading who they are.
    #[must_use]
    pub fn bare(title: &str) -> Layout {
        let current = lang::current();
        Layout {
            waiting: current.waiting,
            ..Layout::new(title, current.viewer, &current.csrf)
        }
    }

    /// Whether `lang` is the page's language (the menu marks it).
    #[must_use]
    pub fn is_current(&self, lang: &Lang) -> bool {
        *lang == self.tr.lang()
    }
}

/// Renders a page.
///
/// # Errors
/// An internal error when the template fails.
pub fn render(page: &impl Template) -> Result<Html<String>, PageError> {
    page.render()
        .map(Html)
        .map_err(|e| PageError(Error::internal_from("rendering a page", e)))
}

/// Renders a page with a form: 200, or 422 when it is shown again with why the form
/// was `refused` (the choices as typed, nothing changed).
///
/// # Errors
/// An internal error when the template fails.
pub fn render_form(
    page: &impl Template,
    refused: bool,
) -> Result<axum::response::Response, PageError> {
    use axum::response::IntoResponse;
    let status = if refused {
        axum::http::StatusCode::UNPROCESSABLE_ENTITY
    } else {
        axum::http::StatusCode::OK
    };
    Ok((status, render(page)?).into_response())
}

/// A number field of a form as the service takes it: `None` when left empty, and 0
/// (which every such field refuses, saying why) when it is no whole number.
#[must_use]
pub fn form_number(text: &str) -> Option<i64> {
    match text.trim() {
        "" => None,
        text => Some(text.parse().unwrap_or(0)),
    }
}

/// A variant as offered in forms and links.
#[derive(Debug, Clone)]
pub struct VariantChoice {
    /// `mangala`…
    pub name: &'static str,
    /// `Mangala`…
    pub title: &'static str,
    /// Whether it is the one chosen.
    pub selected: bool,
}

/// The three variants, `chosen` selected.
#[must_use]
pub fn variant_choices(chosen: &str) -> Vec<VariantChoice> {
    Variant::OFFERED
        .into_iter()
        .map(|v| VariantChoice {
            name: v.as_str(),
            title: v.title(),
            selected: v.as_str() == chosen,
        })
        .collect()
}

/// A ply as the pages write it, in the language of `tr`: the notation of §C3 with the
/// side's letter taken from the language's own word for it (`S3` and `N-` in English,
/// `G3` in Turkish, `Ν3` in Greek: South is Νότος there). The API and the text record
/// keep the language-neutral [`Ply`] display (`S3`); see `docs/languages.md`.
#[must_use]
pub fn notation(tr: Tr, ply: Ply) -> String {
    let letter = tr.t(match ply.side() {
        Side::South => "game-side-south-letter",
        Side::North => "game-side-north-letter",
    });
    match ply.pit() {
        Some(pit) => format!("{letter}{}", pit.number()),
        None => format!("{letter}-"),
    }
}
