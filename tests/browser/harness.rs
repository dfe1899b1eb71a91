//! The Chromium harness every browser test uses: chromedriver started on a free
//! port, one browser session per profile, and small helpers to wait, fill, click,
//! mark a page (to tell a reload apart) and take screenshots.

use std::path::{Path, PathBuf};
use std::process::{Child, Command, Stdio};
use std::time::Duration;

use fantoccini::{Client, ClientBuilder, Locator};
use hyper_util::client::legacy::connect::HttpConnector;
use serde_json::{Value, json};

use crate::support::server::{Backend, Server};

/// The variable naming chromedriver.
pub(crate) const DRIVER_VAR: &str = "SEEDPOST_TEST_CHROMEDRIVER";
/// The variable naming the Chromium binary (default: `/usr/bin/chromium` if present).
pub(crate) const CHROMIUM_VAR: &str = "SEEDPOST_TEST_CHROMIUM";
/// How long to wait for something to show up.
pub(crate) const PATIENCE: Duration = Duration::from_secs(30);

/// chromedriver, stopped when dropped.
pub(crate) struct Driver {
    child: Child,
    pub(crate) url: String,
}

impl Drop for Driver {
    fn drop(&mut self) {
        let _ = self.child.kill();
        let _ = self.child.wait();
    }
}

pub(crate) fn free_port() -> u16 {
    std::net::TcpListener::bind("127.0.0.1:0")
        .and_then(|l| l.local_addr())
        .map(|a| a.port())
        .expect("a free port")
}

pub(crate) async fn start_driver(path: &str) -> Driver {
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

pub(crate) fn chromium() -> Option<String> {
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

pub(crate) async fn browser(driver: &Driver, profile: &Path) -> Client {
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

pub(crate) async fn wait_for(client: &Client, css: &str) -> fantoccini::elements::Element {
    client
        .wait()
        .at_most(PATIENCE)
        .for_element(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("{css} did not show up: {e}"))
}

pub(crate) async fn fill(client: &Client, css: &str, text: &str) {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .send_keys(text)
        .await
        .expect("typing works");
}

pub(crate) async fn click(client: &Client, css: &str) {
    wait_for(client, css)
        .await
        .click()
        .await
        .unwrap_or_else(|e| panic!("clicking {css}: {e}"));
}

/// What `script` returns on `client`'s page.
pub(crate) async fn js(client: &Client, script: &str) -> Value {
    client
        .execute(script, vec![])
        .await
        .unwrap_or_else(|e| panic!("{script}: {e}"))
}

/// The text of `css` on `client`'s page.
pub(crate) async fn text_of(client: &Client, css: &str) -> String {
    client
        .find(Locator::Css(css))
        .await
        .unwrap_or_else(|e| panic!("no {css}: {e}"))
        .text()
        .await
        .expect("text")
}

/// How many pixels `client`'s page is wider than its window (0 or less: it fits).
pub(crate) async fn overflow(client: &Client) -> i64 {
    js(
        client,
        "return Math.ceil(document.documentElement.scrollWidth - window.innerWidth);",
    )
    .await
    .as_i64()
    .unwrap_or(0)
}

/// `client`'s page is no wider than its window.
pub(crate) async fn assert_fits(client: &Client, what: &str) {
    let over = overflow(client).await;
    assert!(over <= 0, "{what} is {over} px wider than the window");
}

/// `client` taps its pit `pit` on the game page, and the page shows ply `ply`
/// without a page load (the move sent by the script, the board put in place).
pub(crate) async fn play_live(client: &Client, pit: u8, ply: u32) {
    mark(client).await;
    click(client, &format!("form.move button.pit[value='{pit}']")).await;
    wait_for(client, &format!("#live[data-ply='{ply}']")).await;
    assert!(
        marked(client).await,
        "the move was sent without a page load"
    );
}

/// The API at `path` (`GET`, or `POST` with `body`), with `token` if any: its JSON,
/// once it answered with success.
pub(crate) async fn api(
    server: &Server,
    method: &str,
    path: &str,
    token: Option<&str>,
    body: Value,
) -> Value {
    let client = reqwest::Client::new();
    let url = format!("{}/api/v1{path}", server.base);
    let mut request = match method {
        "GET" => client.get(url),
        _ => client.post(url).json(&body),
    };
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await.expect("the API answers");
    let status = response.status();
    let value: Value = response.json().await.unwrap_or(Value::Null);
    assert!(status.is_success(), "{method} {path}: {status} {value}");
    value
}

/// A new person's account `name`, made through the API: its token.
pub(crate) async fn api_account(server: &Server, name: &str) -> String {
    let body = json!({"username": name, "password": "correct horse battery", "bot": false});
    let account = api(server, "POST", "/accounts", None, body).await;
    account["token"].as_str().expect("a token").to_owned()
}

/// The chromedriver to use, or `None` (after saying the test is skipped) when
/// `SEEDPOST_TEST_CHROMEDRIVER` is not set.
pub(crate) fn driver_path() -> Option<String> {
    let path = std::env::var(DRIVER_VAR).ok().filter(|v| !v.is_empty());
    if path.is_none() {
        println!("skipped: {DRIVER_VAR} is not set (see .ci/run)");
    }
    path
}

/// Sends the sign-up or log-in form (`action`) for `name` and waits to be signed in.
async fn account_form(client: &Client, base: &str, action: &str, name: &str) {
    client
        .goto(&format!("{base}{action}"))
        .await
        .expect("the page opens");
    fill(client, "input[name=username]", name).await;
    fill(client, "input[name=password]", "correct horse battery").await;
    click(
        client,
        &format!("form[action^='{action}'] button[type=submit]"),
    )
    .await;
    wait_for(client, &format!("header.site a[href='/players/{name}']")).await;
}

pub(crate) async fn sign_up(client: &Client, base: &str, name: &str) {
    account_form(client, base, "/signup", name).await;
}

/// Logs `name` in (an account made with the password every test uses).
pub(crate) async fn log_in(client: &Client, base: &str, name: &str) {
    account_form(client, base, "/login", name).await;
}

/// Marks the page, so that a reload (which would forget the mark) can be told apart.
pub(crate) async fn mark(client: &Client) {
    client
        .execute("window.seedpostMark = 'still here'; return true;", vec![])
        .await
        .expect("scripts run");
}

pub(crate) async fn marked(client: &Client) -> bool {
    client
        .execute("return window.seedpostMark === 'still here';", vec![])
        .await
        .ok()
        .and_then(|v| v.as_bool())
        .unwrap_or(false)
}

pub(crate) fn screenshots_dir() -> PathBuf {
    let target = std::env::var("CARGO_TARGET_DIR")
        .map(PathBuf::from)
        .unwrap_or_else(|_| Path::new(env!("CARGO_MANIFEST_DIR")).join("target"));
    target.join("screenshots")
}

pub(crate) async fn screenshot(client: &Client, width: u32, height: u32, name: &str) -> PathBuf {
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

/// Two players, Ayşe and Mehmet, each signed up in a browser of their own, on a fresh
/// SQLite server: the start of every two-player browser test.
pub(crate) struct TwoPlayers {
    /// The server's base URL.
    pub(crate) base: String,
    /// Ayşe's browser.
    pub(crate) ayse: Client,
    /// Mehmet's browser.
    pub(crate) mehmet: Client,
    // Kept for as long as the browsers run.
    _server: Server,
    _profiles: tempfile::TempDir,
    driver: Driver,
}

impl TwoPlayers {
    /// Starts the server, chromedriver and the two signed-up browsers; `None` when
    /// no chromedriver is named (the test is then skipped).
    pub(crate) async fn start() -> Option<TwoPlayers> {
        let driver_path = driver_path()?;
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
        Some(TwoPlayers {
            base,
            ayse,
            mehmet,
            _server: server,
            _profiles: profiles,
            driver,
        })
    }

    /// Ayşe challenges Mehmet to `variant`, moving first, from the home page's form;
    /// Mehmet accepts and lands on the game, whose URL this returns.
    pub(crate) async fn start_game(&self, variant: &str) -> String {
        let (ayse, mehmet, base) = (&self.ayse, &self.mehmet, &self.base);
        ayse.goto(&format!("{base}/")).await.expect("home");
        click(
            ayse,
            &format!("#new-challenge select[name=variant] option[value={variant}]"),
        )
        .await;
        click(
            ayse,
            "#new-challenge select[name=first] option[value=challenger]",
        )
        .await;
        fill(ayse, "#new-challenge input[name=opponent]", "mehmet").await;
        click(ayse, "form#new-challenge button[type=submit]").await;
        wait_for(ayse, ".challenge-mine").await;
        mehmet.goto(&format!("{base}/")).await.expect("home");
        click(mehmet, ".challenge-to-me form[action$='/accept'] button").await;
        wait_for(mehmet, "#live[data-ply='0']").await;
        let game_url = mehmet.current_url().await.expect("a URL").to_string();
        assert!(game_url.contains("/games/"), "{game_url}");
        game_url
    }

    /// Ayşe turns on confirming each move, on her play settings page.
    pub(crate) async fn ayse_confirms_moves(&self) {
        let ayse = &self.ayse;
        ayse.goto(&format!("{}/settings/play", self.base))
            .await
            .expect("settings");
        click(ayse, "input[name=confirm_moves]").await;
        click(ayse, "#play-settings button[type=submit]").await;
        wait_for(ayse, "#play-notice").await;
    }

    /// Closes both browsers, then chromedriver.
    pub(crate) async fn close(self) {
        let _ = self.ayse.close().await;
        let _ = self.mehmet.close().await;
        drop(self.driver);
    }
}

/// A Chrome DevTools command with its parameters, sent through chromedriver's
/// `goog/cdp/execute`.
#[derive(Debug)]
pub(crate) struct Cdp {
    cmd: &'static str,
    params: Value,
}

impl Cdp {
    pub(crate) fn new(cmd: &'static str, params: Value) -> Cdp {
        Cdp { cmd, params }
    }
}

impl fantoccini::wd::WebDriverCompatibleCommand for Cdp {
    fn endpoint(
        &self,
        base_url: &reqwest::Url,
        session_id: Option<&str>,
    ) -> Result<reqwest::Url, <reqwest::Url as std::str::FromStr>::Err> {
        base_url.join(&format!(
            "session/{}/goog/cdp/execute",
            session_id.unwrap_or_default()
        ))
    }

    fn method_and_body(&self, _: &reqwest::Url) -> (axum::http::Method, Option<String>) {
        let body = json!({"cmd": self.cmd, "params": self.params});
        (axum::http::Method::POST, Some(body.to_string()))
    }
}
