//! End to end in headless Chromium: two players in two browser sessions sign up, one
//! challenges, the other accepts, they play by clicking pits, and each sees the
//! other's move appear without reloading. Saves screenshots of the game page at
//! desktop and phone sizes under `target/screenshots/`.
//!
//! Runs when `SEEDPOST_TEST_CHROMEDRIVER` names a chromedriver (`.ci/run` sets it
//! after installing Debian's `chromium` and `chromium-driver`); otherwise it says it
//! is skipped and passes. `SEEDPOST_TEST_CHROMIUM` may name the browser binary.

#[path = "support/mod.rs"]
mod support;

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};
use support::server::{Backend, Server};

/// The variable naming chromedriver.
const DRIVER_VAR: &str = "SEEDPOST_TEST_CHROMEDRIVER";
/// The variable naming the Chromium binary (default: `/usr/bin/chromium` if present).
const CHROMIUM_VAR: &str = "SEEDPOST_TEST_CHROMIUM";
/// How long to wait for something to show up.
const PATIENCE: Duration = Duration::from_secs(15);

/// chromedriver, stopped when dropped.
struct Driver {
    child: Child,
    url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

async fn start_driver(path: &str) -> Driver {
    let port = free_port();
    let child = Command::new(path)
        .arg(format!("--port={port}"))
        .stdout(Stdio::null())
        .stderr(Stdio::null())
        .spawn()
        .unwrap_or_else(|e| panic!("{DRIVER_VAR}={path}: cannot start chromedriver: {e}"));
    let driver = Driver {
        child,
        url: format!("http://127.0.0.1:{port}"),
    };
    for _ in 0..100 {
        if tokio::net::TcpStream::connect(("127.0.0.1", port))
            .await
            .is_ok()
        {
            return driver;
        }
        tokio::time::sleep(Duration::from_millis(100)).await;
    }
    panic!("chromedriver did not listen on port {port}");
}

fn chromium() -> Option<String> {
    std::env::var(CHROMIUM_VAR)
        .ok()
        .filter(|v| !v.is_empty())
        .or_else(|| {
            ["/usr/bin/chromium", "/usr/bin/chromium-browser"]
                .into_iter()
                .find(|p| Path::new(p).exists())
                .map(str::to_owned)
        })
}

async fn browser(driver: &Driver, profile: &Path) -> Client {
    let mut options = json!({
        "args": [
            "--headless",
            "--no-sandbox",
            "--disable-gpu",
            "--disable-background-networking",
            "--disable-component-update",
            "--disable-dev-shm-usage",
            "--window-size=1280,800",
            format!("--user-data-dir={}", profile.display()),
        ]
    });
    if let Some(binary) = chromium() {
        options["binary"] = Value::String(binary);
    }
    let mut caps = serde_json::Map::new();
    caps.insert("goog:chromeOptions".to_owned(), options);
    // chromedriver speaks plain HTTP on the loopback: no TLS needed.
    ClientBuilder::new(HttpConnector::new())
        .capabilities(caps)
        .connect(&driver.url)
        .await
        .expect("a Chromium session")
}

async fn wait_for(client: &Client, css: &str) -> fantoccini::elements::Element {
    client
        .wait()
        .at_most(PATIENCE)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css} did not show up: {e}"))
}

async fn fill(client: &Client, css: &str, text: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .send_keys(text)
        .await
        .expect("typing works");
}

async fn click(client: &Client, css: &str) {
    wait_for(client, css)
        .await
        .click()
        .await
        .unwrap_or_else(|e| panic!("clicking {css}: {e}"));
}

async fn sign_up(client: &Client, base: &str, name: &str) {
    client
        .goto(&format!("{base}/signup"))
        .await
        .expect("the page opens");
    fill(client, "input[name=username]", name).await;
    fill(client, "input[name=password]", "correct horse battery").await;
    click(client, "form[action='/signup'] button[type=submit]").await;
    wait_for(client, &format!("header.site a[href='/players/{name}']")).await;
}

/// Marks the page, so that a reload (which would forget the mark) can be told apart.
async fn mark(client: &Client) {
    client
        .execute("window.seedpostMark = 'still here'; return true;", vec![])
        .await
        .expect("scripts run");
}

async fn marked(client: &Client) -> bool {
    client
        .execute("return window.seedpostMark === 'still here';", vec![])
        .await
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

fn screenshots_dir() -> PathBuf {
    let target = std::env::var("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("screenshots")
}

async fn screenshot(client: &Client, width: u32, height: u32, name: &str) -> PathBuf {
    client
        .set_window_size(width, height)
        .await
        .expect("resizable");
    tokio::time::sleep(Duration::from_millis(300)).await;
    let png = client.screenshot().await.expect("a screenshot");
    let dir = screenshots_dir();
    std::fs::create_dir_all(&dir).expect("a screenshots directory");
    let path = dir.join(name);
    std::fs::write(&path, png).expect("the screenshot is saved");
    path
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn two_players_play_in_chromium_and_see_each_others_moves_live() {
    let Some(driver_path) = std::env::var(DRIVER_VAR).ok().filter(|v| !v.is_empty()) else {
        println!("skipped: {DRIVER_VAR} is not set (see .ci/run)");
        return;
    };
    let server = Server::builder()
        .backend(Backend::Sqlite)
        .start()
        .await
        .expect("SQLite is always there");
    let base = server.base.clone();
    let driver = start_driver(&driver_path).await;
    let profiles = tempfile::tempdir().expect("a temporary directory");
    let ayse = browser(&driver, &profiles.path().join("ayse")).await;
    let mehmet = browser(&driver, &profiles.path().join("mehmet")).await;

    sign_up(&ayse, &base, "ayse").await;
    sign_up(&mehmet, &base, "mehmet").await;

    // Ayse challenges Mehmet to Mangala, moving first.
    ayse.goto(&format!("{base}/")).await.expect("home");
    click(&ayse, "select[name=first] option[value=challenger]").await;
    fill(&ayse, "input[name=opponent]", "mehmet").await;
    click(&ayse, "form#new-challenge button[type=submit]").await;
    wait_for(&ayse, ".challenge-mine").await;

    // Mehmet accepts and lands on the game.
    mehmet.goto(&format!("{base}/")).await.expect("home");
    click(&mehmet, ".challenge-to-me form[action$='/accept'] button").await;
    wait_for(&mehmet, "#live[data-ply='0']").await;
    let game_url = mehmet.current_url().await.expect("a URL").to_string();
    assert!(game_url.contains("/games/"), "{game_url}");
    mark(&mehmet).await;

    // Ayse plays S3 by clicking the pit.
    ayse.goto(&game_url).await.expect("the game");
    mark(&ayse).await;
    click(&ayse, "button.pit[value='3']").await;
    wait_for(&ayse, "#live[data-ply='1']").await;
    assert!(marked(&ayse).await, "the move was sent without a page load");

    // Mehmet's page shows it without reloading, and offers him his pits.
    wait_for(&mehmet, "#live[data-ply='1'] form.move button.pit").await;
    assert!(marked(&mehmet).await, "Mehmet's page was not reloaded");
    let status = mehmet
        .find(Locator::Css("#status"))
        .await
        .expect("a status")
        .text()
        .await
        .expect("text");
    assert_eq!(status, "Your turn.");

    // Mehmet plays N2; Ayse sees it appear without reloading.
    click(&mehmet, "button.pit[value='2']").await;
    wait_for(&ayse, "#live[data-ply='2']").await;
    assert!(marked(&ayse).await, "Ayse's page was not reloaded");
    let last = ayse
        .find(Locator::Css(".moves li.last"))
        .await
        .expect("moves")
        .text()
        .await
        .expect("text");
    assert!(last.ends_with("N2"), "{last}");
    wait_for(&ayse, "form.move button.pit").await;

    let desktop = screenshot(&ayse, 1280, 800, "game-desktop.png").await;
    let phone = screenshot(&ayse, 360, 740, "game-phone.png").await;
    let watcher = screenshot(&mehmet, 1280, 800, "game-north-desktop.png").await;
    // Nothing may overflow sideways on a phone.
    let overflow = ayse
        .execute(
            "return document.documentElement.scrollWidth - window.innerWidth;",
            vec![],
        )
        .await
        .ok()
        .and_then(|v| v.as_i64())
        .unwrap_or(0);
    if overflow > 0 {
        let wide = ayse
            .execute(
                "return Array.from(document.querySelectorAll('body *')).filter(e => e.getBoundingClientRect().right > window.innerWidth + 1).map(e => e.tagName + '.' + e.className.baseVal !== undefined ? e.tagName : e.tagName + '.' + e.className).slice(0, 10).join(' ') + ' / ' + window.innerWidth;",
                vec![],
            )
            .await
            .unwrap_or_default();
        panic!("the page is {overflow} px too wide at 360 px: {wide}");
    }
    println!(
        "screenshots: {}, {}, {}",
        desktop.display(),
        phone.display(),
        watcher.display()
    );

    let _ = ayse.close().await;
    let _ = mehmet.close().await;
    drop(driver);
}
