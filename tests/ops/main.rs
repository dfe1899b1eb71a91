//! Operating seedpost: health and metrics endpoints, export and import between
//! backends, and several instances on one Postgres database. The Postgres tests say
//! they are skipped without `SEEDPOST_TEST_POSTGRES`.

#[path = "../support/mod.rs"]
mod support;

mod admin;
mod health;
mod instances;
mod transfer;

use reqwest::{Client, StatusCode};
use seedpost::http::ratelimit::RateLimits;
use serde_json::{Value, json};

use support::{Server, ServerBuilder};

/// How the suite's servers start: without rate limits (a test of them sets its own).
pub(crate) fn server() -> ServerBuilder {
    Server::builder().rate_limits(RateLimits::UNLIMITED)
}

/// A server of the suite over the database at `url`, which other instances may
/// serve too; it stops when dropped.
pub(crate) async fn instance(url: &str) -> Server {
    server()
        .database(url)
        .start()
        .await
        .expect("a server over an existing database starts")
}

/// A signed-up player.
#[derive(Debug, Clone)]
pub(crate) struct Player {
    pub(crate) name: String,
    pub(crate) token: String,
}

/// `POST {base}/api/v1{path}` with a token: status and JSON body.
pub(crate) async fn post(
    client: &Client,
    base: &str,
    path: &str,
    token: Option<&str>,
    body: Value,
) -> Result<(StatusCode, Value), reqwest::Error> {
    let mut request = client.post(format!("{base}/api/v1{path}")).json(&body);
    if let Some(token) = token {
        request = request.bearer_auth(token);
    }
    let response = request.send().await?;
    let status = response.status();
    let body = response.json().await.unwrap_or(Value::Null);
    Ok((status, body))
}

/// `GET {base}/api/v1{path}`: status and JSON body.
pub(crate) async fn get(client: &Client, base: &str, path: &str) -> (StatusCode, Value) {
    let response = client
        .get(format!("{base}/api/v1{path}"))
        .send()
        .await
        .expect("the server answers");
    let status = response.status();
    (status, response.json().await.unwrap_or(Value::Null))
}

pub(crate) async fn sign_up(client: &Client, base: &str, name: &str, bot: bool) -> Player {
    let (status, body) = post(
        client,
        base,
        "/accounts",
        None,
        json!({"username": name, "password": "correct horse battery", "bot": bot}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED, "sign-up: {body}");
    Player {
        name: name.to_owned(),
        token: body["token"].as_str().expect("a token").to_owned(),
    }
}

/// A challenge by `challenger`, who moves first, accepted by `opponent`: the game.
pub(crate) async fn start_game(
    client: &Client,
    base: &str,
    challenger: &Player,
    opponent: &Player,
    variant: &str,
) -> Value {
    let (status, challenge) = post(
        client,
        base,
        "/challenges",
        Some(&challenger.token),
        json!({"variant": variant, "days_per_move": 3, "first": "challenger", "opponent": opponent.name}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED, "challenge: {challenge}");
    let id = challenge["id"].as_str().expect("an id");
    let (status, game) = post(
        client,
        base,
        &format!("/challenges/{id}/accept"),
        Some(&opponent.token),
        json!({}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED, "accept: {game}");
    game
}

/// Plays the `k`-th legal move (modulo their number) for the side to move; returns
/// the game after it, or `None` once the game is over.
pub(crate) async fn play_some(
    client: &Client,
    base: &str,
    players: (&Player, &Player),
    id: &str,
    k: usize,
) -> Option<Value> {
    let (_, game) = get(client, base, &format!("/games/{id}")).await;
    if game["status"] != "ongoing" {
        return None;
    }
    let mover = if game["players"][game["to_move"].as_str()?] == players.0.name {
        players.0
    } else {
        players.1
    };
    let legal = game["legal_moves"].as_array()?;
    let pit = legal[k % legal.len()].clone();
    let (status, after) = post(
        client,
        base,
        &format!("/games/{id}/moves"),
        Some(&mover.token),
        json!({"ply": game["ply"], "pit": pit}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::CREATED, "move: {after}");
    Some(after)
}
