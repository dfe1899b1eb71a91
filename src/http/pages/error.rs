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
        if let Error::Internal(detail) = &error {
            tracing::error!(%detail, "internal error");
        }
        // The layout speaks the request's language; the error's own message is the
        // API's (English) text.
        let layout = Layout::bare("");
        let tr = layout.tr;
        let message = match &error {
            Error::Unauthorized => tr.t("error-log-in-needed"),
            other => capitalise(&other.to_string()),
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
