//! Forgotten passwords and address verification (issue 19): the form asking for a
//! reset link (`/password-reset`, linked from the log-in page), the page of the
//! mailed reset link (`/password-reset/confirm?token=`), and the page of the mailed
//! verification link (`/verify-address?token=`).

use askama::Template;
use axum::extract::State;
use axum::http::StatusCode;
use axum::http::header::SET_COOKIE;
use axum::response::{IntoResponse, Response};
use serde::Deserialize;

use crate::accounts::service::maillinks::RESET_LINK_TTL;
use crate::error::Error;
use crate::http::AppState;
use crate::http::extract::ClientAddr;
use crate::http::pages::error::PageError;
use crate::http::pages::refusal::refusal;
use crate::http::pages::session::{PageForm, PageQuery, Visitor, clear_session_cookie};
use crate::http::pages::view::{Layout, render};

/// `templates/password_reset.html`.
#[derive(Template)]
#[template(path = "password_reset.html")]
struct ResetPage {
    layout: Layout,
    /// Whether the server sends mail.
    mail_configured: bool,
    /// How long a link works.
    minutes: i64,
    /// The name or address as typed.
    identifier: String,
    /// What happened, once asked.
    sent: Option<String>,
    /// Why the request was refused.
    error: Option<String>,
}

fn reset_page(
    state: &AppState,
    visitor: &Visitor,
    identifier: String,
    sent: bool,
    error: Option<&Error>,
) -> Result<Response, PageError> {
    let tr = visitor.tr();
    let minutes = RESET_LINK_TTL.num_minutes();
    let error = error.map(|e| refusal(tr, e));
    let page = ResetPage {
        layout: visitor
            .layout(&tr.t("reset-title"))
            .alerting(error.as_ref(), "form-error"),
        mail_configured: state.service.mail_configured(),
        minutes,
        identifier,
        sent: sent.then(|| tr.t1("reset-sent", "minutes", minutes)),
        error,
    };
    Ok(render(&page)?.into_response())
}

/// `GET /password-reset`: the form (or, without SMTP, whom to ask).
pub async fn show(State(state): State<AppState>, visitor: Visitor) -> Result<Response, PageError> {
    reset_page(&state, &visitor, String::new(), false, None)
}

/// The reset request form.
#[derive(Debug, Deserialize)]
pub struct ResetForm {
    #[serde(default)]
    username_or_email: String,
}

/// `POST /password-reset`: the same answer whether or not an account matches; a
/// refused request re-renders the form with the reason.
pub async fn request(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PageForm { visitor, form }: PageForm<ResetForm>,
) -> Result<Response, PageError> {
    match state
        .service
        .request_password_reset(&form.username_or_email, client)
        .await
    {
        Ok(()) => reset_page(&state, &visitor, String::new(), true, None),
        Err(
            e @ (Error::Conflict { .. } | Error::Unprocessable { .. } | Error::RateLimited { .. }),
        ) => {
            let mut response =
                reset_page(&state, &visitor, form.username_or_email, false, Some(&e))?;
            *response.status_mut() = e.status();
            Ok(response)
        }
        Err(e) => Err(e.into()),
    }
}

/// `templates/password_reset_confirm.html`.
#[derive(Template)]
#[template(path = "password_reset_confirm.html")]
struct ConfirmPage {
    layout: Layout,
    /// The link's secret, sent back with the form.
    token: String,
    /// Whose password it sets, while the link can be used.
    username: Option<String>,
    /// Why the link or the password was refused.
    error: Option<String>,
    /// What the new password ended, once set.
    done: Option<String>,
}

fn confirm_page(
    visitor: &Visitor,
    token: String,
    username: Option<String>,
    error: Option<&Error>,
) -> Result<Response, PageError> {
    let tr = visitor.tr();
    let message = error.map(|e| refusal(tr, e));
    // The alert at the top links to a form further down; a link that cannot be used
    // has no form, and its message is said once, in the page.
    let page = ConfirmPage {
        layout: visitor.layout(&tr.t("reset-new-title")).alerting(
            message.as_ref().filter(|_| username.is_some()),
            "form-error",
        ),
        token,
        username,
        error: message,
        done: None,
    };
    let status = error.map_or(StatusCode::OK, Error::status);
    Ok((status, render(&page)?).into_response())
}

/// A link's secret in the query.
#[derive(Debug, Deserialize)]
pub struct TokenQuery {
    #[serde(default)]
    token: String,
}

/// `GET /password-reset/confirm?token=`: the new password's form, or why the link
/// cannot be used.
pub async fn confirm_form(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    visitor: Visitor,
    PageQuery(query): PageQuery<TokenQuery>,
) -> Result<Response, PageError> {
    match state
        .service
        .password_reset_link(&query.token, client)
        .await
    {
        Ok(username) => confirm_page(&visitor, query.token, Some(username), None),
        Err(e @ (Error::Unprocessable { .. } | Error::RateLimited { .. })) => {
            confirm_page(&visitor, String::new(), None, Some(&e))
        }
        Err(e) => Err(e.into()),
    }
}

/// The new password's form.
#[derive(Debug, Deserialize)]
pub struct ConfirmForm {
    #[serde(default)]
    token: String,
    #[serde(default)]
    password: String,
}

/// `POST /password-reset/confirm`: sets the password, ends every session of the
/// account (this browser's too) and says to log in; a refused one says why.
pub async fn confirm(
    State(state): State<AppState>,
    ClientAddr(client): ClientAddr,
    PageForm { visitor, form }: PageForm<ConfirmForm>,
) -> Result<Response, PageError> {
    match state
        .service
        .confirm_password_reset(&form.token, &form.password, client)
        .await
    {
        Ok(ended) => {
            let tr = visitor.tr();
            let page = ConfirmPage {
                layout: Layout::new(&tr.t("reset-new-title"), None, ""),
                token: String::new(),
                username: None,
                error: None,
                done: Some(tr.t1("reset-done", "sessions", ended.sessions)),
            };
            let mut response = render(&page)?.into_response();
            response.headers_mut().append(
                SET_COOKIE,
                clear_session_cookie(state.settings.secure_cookies),
            );
            Ok(response)
        }
        Err(
            e @ Error::Unprocessable {
                code: "invalid_password",
                ..
            },
        ) => {
            // The link still works: the form again.
            let username = state
                .service
                .password_reset_link(&form.token, client)
                .await
                .ok();
            confirm_page(&visitor, form.token, username, Some(&e))
        }
        Err(e @ (Error::Unprocessable { .. } | Error::RateLimited { .. })) => {
            confirm_page(&visitor, String::new(), None, Some(&e))
        }
        Err(e) => Err(e.into()),
    }
}

/// `templates/verify_address.html`.
#[derive(Template)]
#[template(path = "verify_address.html")]
struct VerifyPage {
    layout: Layout,
    /// What was verified.
    verified: Option<String>,
    /// Why the link was refused.
    error: Option<String>,
}

/// `GET /verify-address?token=`: marks the address of the mailed link verified, once.
pub async fn verify(
    State(state): State<AppState>,
    visitor: Visitor,
    PageQuery(query): PageQuery<TokenQuery>,
) -> Result<Response, PageError> {
    let tr = visitor.tr();
    let (verified, error) = match state.service.verify_address(&query.token).await {
        Ok(v) => (
            Some(tr.t2("verify-done", "email", v.email, "name", v.username)),
            None,
        ),
        Err(e @ Error::Unprocessable { .. }) => (None, Some(e)),
        Err(e) => return Err(e.into()),
    };
    let message = error.as_ref().map(|e| refusal(tr, e));
    // No form here: the refusal is said once, in the page (no alert at the top).
    let page = VerifyPage {
        layout: visitor.layout(&tr.t("verify-title")),
        verified,
        error: message,
    };
    let status = error.as_ref().map_or(StatusCode::OK, Error::status);
    Ok((status, render(&page)?).into_response())
}
