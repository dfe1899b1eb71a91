//! Browsers without JavaScript: a cookie jar, pages parsed with `scraper`, and forms
//! filled in and sent as a browser would (hidden fields included).

use reqwest::header::HeaderMap;
use reqwest::{Client, StatusCode};
use scraper::{Html, Selector};
use serde_json::Value;

pub use crate::support::Server;

/// The password every test account uses.
pub const PASSWORD: &str = "correct horse battery";

/// A parsed selector.
#[track_caller]
pub fn sel(css: &str) -> Selector {
    Selector::parse(css).unwrap_or_else(|e| panic!("bad selector {css}: {e}"))
}

/// A page as received.
pub struct Page {
    pub status: StatusCode,
    /// The URL after redirects.
    pub url: String,
    pub headers: HeaderMap,
    pub body: String,
    pub html: Html,
}

impl Page {
    /// The elements matching `css`.
    pub fn all(&self, css: &str) -> Vec<scraper::ElementRef<'_>> {
        self.html.select(&sel(css)).collect()
    }

    /// How many elements match `css`.
    pub fn count(&self, css: &str) -> usize {
        self.all(css).len()
    }

    /// The text of the first element matching `css`, trimmed.
    #[track_caller]
    pub fn text(&self, css: &str) -> String {
        let element = self
            .html
            .select(&sel(css))
            .next()
            .unwrap_or_else(|| panic!("no {css} in {}:\n{}", self.url, self.body));
        element.text().collect::<String>().trim().to_owned()
    }

    /// An attribute of the first element matching `css`.
    #[track_caller]
    pub fn attr(&self, css: &str, name: &str) -> String {
        self.all(css)
            .first()
            .and_then(|e| e.value().attr(name))
            .unwrap_or_else(|| panic!("no {css}[{name}] in {}", self.url))
            .to_owned()
    }

    /// The form matching `css`, with the values a browser would send.
    #[track_caller]
    pub fn form(&self, css: &str) -> Form {
        let form = self
            .html
            .select(&sel(css))
            .next()
            .unwrap_or_else(|| panic!("no form {css} in {}:\n{}", self.url, self.body));
        let mut fields = Vec::new();
        for input in form.select(&sel("input[name]")) {
            let v = input.value();
            // Of a group of radio buttons, only the one chosen is sent.
            if v.attr("type") == Some("radio") && v.attr("checked").is_none() {
                continue;
            }
            fields.push((
                v.attr("name").unwrap_or_default().to_owned(),
                v.attr("value").unwrap_or_default().to_owned(),
            ));
        }
        for select in form.select(&sel("select[name]")) {
            let chosen = select
                .select(&sel("option[selected]"))
                .next()
                .or_else(|| select.select(&sel("option")).next())
                .and_then(|o| o.value().attr("value"))
                .unwrap_or_default();
            fields.push((
                select.value().attr("name").unwrap_or_default().to_owned(),
                chosen.to_owned(),
            ));
        }
        Form {
            action: form.value().attr("action").unwrap_or_default().to_owned(),
            fields,
        }
    }
}

/// A form to send.
#[derive(Debug, Clone)]
pub struct Form {
    pub action: String,
    pub fields: Vec<(String, String)>,
}

impl Form {
    /// Sets a field as if typed or chosen.
    pub fn set(mut self, name: &str, value: &str) -> Form {
        self.fields.retain(|(n, _)| n != name);
        self.fields.push((name.to_owned(), value.to_owned()));
        self
    }

    /// Removes a field.
    pub fn without(mut self, name: &str) -> Form {
        self.fields.retain(|(n, _)| n != name);
        self
    }
}

/// A browser with its own cookies; no JavaScript.
pub struct Browser {
    pub base: String,
    pub client: Client,
}

impl Browser {
    pub fn new(server: &Server) -> Browser {
        Browser {
            base: server.base.clone(),
            client: Client::builder()
                .cookie_store(true)
                .build()
                .expect("a client"),
        }
    }

    async fn page(response: reqwest::Response) -> Page {
        let status = response.status();
        let url = response.url().to_string();
        let headers = response.headers().clone();
        let body = response.text().await.expect("a body");
        let html = Html::parse_document(&body);
        Page {
            status,
            url,
            headers,
            body,
            html,
        }
    }

    /// Opens a page.
    pub async fn get(&self, path: &str) -> Page {
        let response = self
            .client
            .get(format!("{}{path}", self.base))
            .send()
            .await
            .expect("the server answers");
        Browser::page(response).await
    }

    /// Opens a page sending `Accept-Language: accept`.
    pub async fn get_accepting(&self, path: &str, accept: &str) -> Page {
        let response = self
            .client
            .get(format!("{}{path}", self.base))
            .header(reqwest::header::ACCEPT_LANGUAGE, accept)
            .send()
            .await
            .expect("the server answers");
        Browser::page(response).await
    }

    /// Sends a form (following the redirect after it).
    pub async fn submit(&self, form: &Form) -> Page {
        let response = self
            .client
            .post(format!("{}{}", self.base, form.action))
            .form(&form.fields)
            .send()
            .await
            .expect("the server answers");
        Browser::page(response).await
    }

    /// Sends a form pressing the submit button `name=value`.
    pub async fn press(&self, form: &Form, name: &str, value: &str) -> Page {
        self.submit(&form.clone().set(name, value)).await
    }

    /// Signs up `username` through the sign-up page; lands on the home page.
    pub async fn sign_up(&self, username: &str) -> Page {
        let page = self.get("/signup").await;
        let home = self
            .submit(
                &page
                    .form("form[action='/signup']")
                    .set("username", username)
                    .set("password", PASSWORD),
            )
            .await;
        assert_eq!(home.status, StatusCode::OK, "{}", home.body);
        home
    }

    /// Makes a token labelled `label` on the tokens page, every scope ticked: the
    /// page after, which shows its secret once (`#new-secret`).
    pub async fn make_token(&self, label: &str) -> Page {
        let page = self.get("/settings/tokens").await;
        let created = self
            .submit(
                &page
                    .form("form[action='/settings/tokens']")
                    .set("label", label),
            )
            .await;
        assert_eq!(created.status, StatusCode::OK, "{}", created.body);
        created
    }

    /// The API's JSON at `/api/v1{path}` (public routes).
    pub async fn api(&self, path: &str) -> Value {
        self.client
            .get(format!("{}/api/v1{path}", self.base))
            .send()
            .await
            .expect("the server answers")
            .json()
            .await
            .expect("JSON")
    }
}

/// `challenger` challenges `opponent` from the home page; `opponent` accepts from
/// theirs. Returns the game's path (`/games/<id>`).
pub async fn start_game(
    challenger: &Browser,
    opponent: &Browser,
    opponent_name: &str,
    variant: &str,
    first: &str,
) -> String {
    const ACCEPT: &str = ".challenge-to-me form[action$='/accept']";
    let accepts = |page: &Page| -> Vec<String> {
        page.all(ACCEPT)
            .iter()
            .filter_map(|form| form.value().attr("action").map(str::to_owned))
            .collect()
    };
    let before = accepts(&opponent.get("/").await);
    let home = challenger.get("/").await;
    let after = challenger
        .submit(
            &home
                .form("form#new-challenge")
                .set("variant", variant)
                .set("days_per_move", "3")
                .set("first", first)
                .set("opponent", opponent_name),
        )
        .await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    // The challenge just made, not an older one still waiting for the opponent.
    let theirs = opponent.get("/").await;
    let new: Vec<String> = accepts(&theirs)
        .into_iter()
        .filter(|action| !before.contains(action))
        .collect();
    assert_eq!(new.len(), 1, "one new challenge to accept: {new:?}");
    let game = opponent
        .submit(&theirs.form(&format!(".challenge-to-me form[action='{}']", new[0])))
        .await;
    assert_eq!(game.status, StatusCode::OK, "{}", game.body);
    let path = game.url.trim_start_matches(&opponent.base).to_owned();
    assert!(
        path.starts_with("/games/"),
        "accepting shows the game: {path}"
    );
    path
}

/// Reads the first event of `stream` (an open `/live`), which must be a `name` event:
/// its data as JSON.
pub async fn next_event(stream: &mut reqwest::Response, name: &str) -> serde_json::Value {
    let mut received = String::new();
    while !received.contains("\n\n") {
        let chunk = tokio::time::timeout(std::time::Duration::from_secs(5), stream.chunk())
            .await
            .expect("an event in time")
            .expect("the stream goes on")
            .expect("a chunk");
        received.push_str(&String::from_utf8_lossy(&chunk));
    }
    let event = format!("event: {name}");
    assert!(received.lines().any(|l| l == event), "{received}");
    let data = received
        .lines()
        .find_map(|line| line.strip_prefix("data: "))
        .expect("a data line");
    serde_json::from_str(data).expect("JSON data")
}

/// Ayse and Mehmet, each signed up in a browser of their own, in a new `variant` game
/// that Ayse challenged Mehmet to, `first` (`challenger`, `opponent`) moving first:
/// their browsers and the game's path (`/games/<id>`).
pub async fn ayse_v_mehmet(
    server: &Server,
    variant: &str,
    first: &str,
) -> (Browser, Browser, String) {
    let ayse = Browser::new(server);
    let mehmet = Browser::new(server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let game = start_game(&ayse, &mehmet, "mehmet", variant, first).await;
    (ayse, mehmet, game)
}

/// The API's JSON at `/api/v1{path}`, read with the token `secret`.
pub async fn api_with(server: &Server, secret: &str, path: &str) -> Value {
    let answer = Client::new()
        .get(format!("{}/api/v1{path}", server.base))
        .bearer_auth(secret)
        .send()
        .await
        .expect("the server answers");
    assert_eq!(answer.status(), StatusCode::OK, "{path}");
    answer.json().await.expect("JSON")
}
