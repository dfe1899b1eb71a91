//! The stylesheet, scripts and icons, embedded in the binary and served with long cache
//! lifetimes under URLs that change with their content; and what makes the site an
//! installable app: the web app manifest, the service worker (`/sw.js`, at the root
//! so that it controls every page, never cached long) and the offline page.

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
const PUSH_JS: &str = include_str!("../../../static/push.js");
const CHAT_JS: &str = include_str!("../../../static/chat.js");
const PLAN_JS: &str = include_str!("../../../static/plan.js");
const SW_JS: &str = include_str!("../../../static/sw.js");
const ICON_MASKABLE: &str = include_str!("../../../static/icon-maskable.svg");
const ICON_192: &[u8] = include_bytes!("../../../static/icon-192.png");
const ICON_512: &[u8] = include_bytes!("../../../static/icon-512.png");

/// The web app manifest: "Your games" (the home page) as the app's start, the icon at
/// the sizes phones need (PNG, maskable, and the SVG for any size).
const MANIFEST: &str = r##"{
  "name": "seedpost",
  "short_name": "seedpost",
  "description": "Mangala, Modiar, Tihbat, Kalah, Oware and Togyz kumalak by correspondence",
  "id": "/",
  "start_url": "/?source=app",
  "scope": "/",
  "display": "standalone",
  "background_color": "#f4e3bd",
  "theme_color": "#8a5a2b",
  "icons": [
    {"src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "any"},
    {"src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "any"},
    {"src": "/static/icon-192.png", "sizes": "192x192", "type": "image/png", "purpose": "maskable"},
    {"src": "/static/icon-512.png", "sizes": "512x512", "type": "image/png", "purpose": "maskable"},
    {"src": "/static/icon-maskable.svg", "sizes": "any", "type": "image/svg+xml", "purpose": "any"}
  ]
}
"##;

/// Files that change under the same URL: checked again on each use.
const REVALIDATE: &str = "no-cache";

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
static PUSH_JS_URL: LazyLock<String> = LazyLock::new(|| versioned("/static/push.js", PUSH_JS));

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

/// The push script's URL (the service worker's registration, the device control).
pub fn push_js_url() -> &'static str {
    &PUSH_JS_URL
}

static CHAT_JS_URL: LazyLock<String> = LazyLock::new(|| versioned("/static/chat.js", CHAT_JS));

/// The versioned URL of the live chat's script (the game page's chat box).
pub fn chat_js_url() -> &'static str {
    &CHAT_JS_URL
}

static PLAN_JS_URL: LazyLock<String> = LazyLock::new(|| versioned("/static/plan.js", PLAN_JS));

/// The versioned URL of the plan's board script (the game page's "Plan ahead").
pub fn plan_js_url() -> &'static str {
    &PLAN_JS_URL
}

/// A file served as it is with its type and cache policy.
fn file(
    content_type: &'static str,
    cache: &'static str,
    body: impl IntoResponse + Clone + Send + Sync + 'static,
) -> axum::routing::MethodRouter<AppState> {
    get(move || {
        let body = body.clone();
        async move { ([(CONTENT_TYPE, content_type), (CACHE_CONTROL, cache)], body).into_response() }
    })
}

pub fn router() -> Router<AppState> {
    Router::new()
        .route(
            "/static/chat.js",
            file("text/javascript; charset=utf-8", IMMUTABLE, CHAT_JS),
        )
        .route(
            "/static/plan.js",
            file("text/javascript; charset=utf-8", IMMUTABLE, PLAN_JS),
        )
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
        .route(
            "/static/push.js",
            file("text/javascript; charset=utf-8", IMMUTABLE, PUSH_JS),
        )
        .route(
            "/static/icon-maskable.svg",
            file("image/svg+xml", IMMUTABLE, ICON_MASKABLE),
        )
        .route(
            "/static/icon-192.png",
            file("image/png", IMMUTABLE, ICON_192),
        )
        .route(
            "/static/icon-512.png",
            file("image/png", IMMUTABLE, ICON_512),
        )
        .route(
            "/sw.js",
            file("text/javascript; charset=utf-8", REVALIDATE, SW_JS),
        )
        .route(
            "/manifest.webmanifest",
            file("application/manifest+json", REVALIDATE, MANIFEST),
        )
}
