//! Rendering [`Error`] for the API: `{"error": "<code>", "message": "<text>"}`.

use axum::Json;
use axum::http::{HeaderValue, StatusCode, header};
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::error::Error;

/// The `WWW-Authenticate` of every 401: an API token as a bearer token (RFC 6750).
pub const WWW_AUTHENTICATE: &str = "Bearer realm=\"seedpost\"";

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let status = self.status();
        self.log();
        let mut body = json!({ "error": self.code(), "message": self.to_string() });
        match &self {
            Error::IllegalMove(reason) => body["reason"] = json!(reason.code()),
            Error::IllegalLine { line, ply, reason } => {
                body["line"] = json!(line);
                body["ply"] = json!(ply);
                body["reason"] = json!(reason.code());
            }
            Error::ConflictingLines { first, second, ply } => {
                body["lines"] = json!([first, second]);
                body["ply"] = json!(ply);
            }
            Error::SinceAhead { head, .. } => body["head"] = json!(head),
            _ => {}
        }
        let retry_after = self.retry_after();
        if let Some(seconds) = retry_after {
            body["retry_after"] = json!(seconds);
        }
        let mut response = (status, Json(body)).into_response();
        let headers = response.headers_mut();
        if let Some(seconds) = retry_after {
            headers.insert(header::RETRY_AFTER, HeaderValue::from(seconds));
        }
        if status == StatusCode::UNAUTHORIZED {
            // RFC 9110 §15.5.2: a 401 names the scheme to authenticate with.
            headers.insert(
                header::WWW_AUTHENTICATE,
                HeaderValue::from_static(WWW_AUTHENTICATE),
            );
        }
        response
    }
}

/// The answer for an unknown route.
pub async fn not_found() -> Error {
    Error::NotFound("route")
}
