//! Rendering [`Error`] for browsers: the same enum and the same status match as the
//! API, as an HTML page.

use askama::Template;
use axum::response::{Html, IntoResponse, Response};

use super::view::Layout;
use crate::error::Error;

/// An [`Error`] answered with an HTML page (`templates/error.html`).
#[derive(Debug)]
pub struct PageError(pub Error);

impl From<Error> for PageError {
    fn from(e: Error) -> PageError {
        PageError(e)
    }
}

/// `templates/error.html`.
#[derive(Template)]
#[template(path = "error.html")]
struct ErrorPage {
    layout: Layout,
    status: u16,
    reason: String,
    message: String,
    log_in: bool,
}

impl IntoResponse for PageError {
    fn into_response(self) -> Response {
        let error = self.0;
        let status = error.status();
        error.log();
        // The page speaks the request's language: the common errors have messages of
        // their own, refused input says why as forms do (see [`refusal`]).
        let layout = Layout::bare("");
        let tr = layout.tr;
        let message = match &error {
            Error::Unauthorized => tr.t("error-log-in-needed"),
            Error::NotFound(_) => tr.t("error-not-found"),
            Error::Forbidden(_) | Error::MissingScope(_) => tr.t("error-forbidden"),
            Error::NotAPlayer => tr.t("error-not-a-player"),
            Error::GameOver => tr.t("error-game-over"),
            Error::Unavailable => tr.t("error-unavailable"),
            Error::Store(_) if error.code() == "unavailable" => tr.t("error-unavailable"),
            Error::Store(_) | Error::Internal(_) => tr.t("error-internal"),
            Error::BadRequest { code, .. } if *code == "invalid_query" => {
                tr.t("error-invalid-query")
            }
            other => super::refusal::refusal(tr, other),
        };
        let reason = tr.t(match status.as_u16() {
            400 => "error-status-400",
            401 => "error-status-401",
            403 => "error-status-403",
            404 => "error-status-404",
            405 => "error-status-405",
            409 => "error-status-409",
            413 => "error-status-413",
            422 => "error-status-422",
            429 => "error-status-429",
            500 => "error-status-500",
            503 => "error-status-503",
            _ => "error-status-other",
        });
        let page = ErrorPage {
            layout: Layout {
                title: reason.clone(),
                ..layout
            },
            status: status.as_u16(),
            reason,
            message,
            log_in: matches!(error, Error::Unauthorized),
        };
        match page.render() {
            Ok(html) => (status, Html(html)).into_response(),
            Err(e) => {
                tracing::error!(error = %e, "rendering the error page");
                (status, error.to_string()).into_response()
            }
        }
    }
}

/// `text` with its first letter in upper case, for a sentence.
pub fn capitalise(text: &str) -> String {
    let mut chars = text.chars();
    match chars.next() {
        Some(first) => first.to_uppercase().chain(chars).collect(),
        None => String::new(),
    }
}
