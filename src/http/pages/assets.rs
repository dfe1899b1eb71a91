//! The stylesheet, script and icon, embedded in the binary and served with long cache
//! lifetimes under URLs that change with their content.

use std::sync::LazyLock;

use axum::Router;
use axum::http::header::{CACHE_CONTROL, CONTENT_TYPE};
use axum::response::IntoResponse;
use axum::routing::get;
use sha2::{Digest, Sha256};

use crate::http::AppState;

const APP_CSS: &str = include_str!("../../../static/app.css");
const APP_JS: &str = include_str!("../../../static/app.js");
const ICON: &str = include_str!("../../../static/icon.svg");

/// Responses never change under one URL: the URL carries the content's hash.
const IMMUTABLE: &str = "public, max-age=31536000, immutable";

fn versioned(path: &str, content: &str) -> String {
    let digest = Sha256::digest(content.as_bytes());
    let short: String = digest.iter().take(6).map(|b| format!("{b:02x}")).collect();
    format!("{path}?v={short}")
}

static CSS_URL: LazyLock<String> = LazyLock::new(|| versioned("/static/app.css", APP_CSS));
static JS_URL: LazyLock<String> = LazyLock::new(|| versioned("/static/app.js", APP_JS));
static ICON_URL: LazyLock<String> = LazyLock::new(|| versioned("/static/icon.svg", ICON));

/// The stylesheet's URL.
pub fn css_url() -> &'static str {
    &CSS_URL
}

/// The script's URL.
pub fn js_url() -> &'static str {
    &JS_URL
}

/// The icon's URL.
pub fn icon_url() -> &'static str {
    &ICON_URL
}

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/static/app.css",
            get(|| async {
                (
                    [
                        (CONTENT_TYPE, "text/css; charset=utf-8"),
                        (CACHE_CONTROL, IMMUTABLE),
                    ],
                    APP_CSS,
                )
                    .into_response()
            }),
        )
        .route(
            "/static/app.js",
            get(|| async {
                (
                    [
                        (CONTENT_TYPE, "text/javascript; charset=utf-8"),
                        (CACHE_CONTROL, IMMUTABLE),
                    ],
                    APP_JS,
                )
                    .into_response()
            }),
        )
        .route(
            "/static/icon.svg",
            get(|| async {
                (
                    [(CONTENT_TYPE, "image/svg+xml"), (CACHE_CONTROL, IMMUTABLE)],
                    ICON,
                )
                    .into_response()
            }),
        )
}
