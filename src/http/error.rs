//! Rendering [`Error`] for the API: `{"error": "<code>", "message": "<text>"}`.

use axum::Json;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use serde_json::json;

use crate::error::Error;

impl IntoResponse for Error {
    fn into_response(self) -> Response {
        let status = self.status();
        if let Error::Internal(detail) = &self {
            tracing::error!(%detail, "internal error");
        }
        let mut body = json!({ "error": self.code(), "message": self.to_string() });
        match &self {
            Error::IllegalMove(reason) => body["reason"] = json!(reason.code()),
            Error::RateLimited { retry_after } => body["retry_after"] = json!(retry_after),
            _ => {}
        }
        let mut response = (status, Json(body)).into_response();
        if let Error::RateLimited { retry_after } = self
            && let Ok(value) = retry_after.to_string().parse()
        {
            response.headers_mut().insert(header::RETRY_AFTER, value);
        }
        response
    }
}

/// The answer for an unknown route.
pub async fn not_found() -> Error {
    Error::NotFound("route")
}
