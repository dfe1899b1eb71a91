//! No page is wider than the screen: every page a player can reach, logged out and
//! logged in, at 360×740 (a phone) and 1280×900 (a desktop), has
//! `document.documentElement.scrollWidth <= window.innerWidth`. A wide table fits or
//! scrolls inside its own box; the page itself never scrolls sideways.
//!
//! The pages are found the way a player finds them: from a list of starting pages
//! (one of each kind, with games in every state behind them) the test follows every
//! link on every page it opens, so a page added later is checked as soon as a link
//! leads to it.

use std::collections::{BTreeMap, BTreeSet, VecDeque};

use fantoccini::Client;
use seedpost::clock::Clock;
use serde_json::{Value, json};

use crate::harness::*;
use crate::support::server::{Backend, Server};

/// The screens every page is opened at: (width, height).
const SCREENS: [(u32, u32); 2] = [(360, 740), (1280, 900)];

/// How many addresses of one shape (a path with its ids taken out and the names of
/// its query's fields) are opened: enough to see each kind of page in its states.
const PER_SHAPE: usize = 3;

/// The most pages one visitor opens, so that a page with endless links cannot hold
/// the test up.
const MOST_PAGES: usize = 90;

/// `challenger` challenges `opponent` (with `extra` terms), who accepts: the game.
async fn game(
    server: &Server,
    (challenger, opponent): (&str, &str),
    opponent_name: &str,
    variant: &str,
    extra: Value,
) -> Value {
    let mut body = json!({"variant": variant, "days_per_move": 3, "first": "challenger", "opponent": opponent_name});
    if let (Some(body), Some(extra)) = (body.as_object_mut(), extra.as_object()) {
        body.extend(extra.clone());
    }
    let challenge = api(server, "POST", "/challenges", Some(challenger), body).await;
    let id = challenge["id"].as_str().expect("an id");
    api(
        server,
        "POST",
        &format!("/challenges/{id}/accept"),
        Some(opponent),
        json!({}),
    )
    .await
}

/// Plays `plies` moves of `game` (the first legal pit each time), each side with its
/// own token.
async fn play(server: &Server, game: &Value, tokens: (&str, &str), plies: usize) -> Value {
    let id = game["id"].as_str().expect("a game id").to_owned();
    let mut game = game.clone();
    for _ in 0..plies {
        let Some(pit) = game["legal_moves"]
            .as_array()
            .and_then(|l| l.first())
            .cloned()
        else {
            break;
        };
        let token = if game["to_move"] == game["first"] {
            tokens.0
        } else {
            tokens.1
        };
        let body = json!({"ply": game["ply"], "pit": pit});
        api(
            server,
            "POST",
            &format!("/games/{id}/moves"),
            Some(token),
            body,
        )
        .await;
        game = api(server, "GET", &format!("/games/{id}"), None, json!({})).await;
    }
    game
}

/// The pages to start from, with games in every state behind them: ongoing, finished
/// with its analysis ready, a match, a running tournament with its crosstable.
async fn starting_pages(server: &Server) -> Vec<String> {
    let ayse = api_account(server, "ayse").await;
    let mehmet = api_account(server, "mehmet").await;
    // The longest name there can be, to widen every column it appears in.
    let long = "konstantinos_papado";
    let konstantinos = api_account(server, long).await;

    let ongoing = game(server, (&ayse, &mehmet), "mehmet", "mangala", json!({})).await;
    play(server, &ongoing, (&ayse, &mehmet), 5).await;

    let finished = game(server, (&ayse, &konstantinos), long, "tihbat", json!({})).await;
    let finished = play(server, &finished, (&ayse, &konstantinos), 12).await;
    let finished_id = finished["id"].as_str().expect("an id").to_owned();
    if finished["status"] == "ongoing" {
        api(
            server,
            "POST",
            &format!("/games/{finished_id}/resign"),
            Some(&konstantinos),
            json!({}),
        )
        .await;
    }
    // The analysis is ready before the page is opened (the page waits only a moment).
    let analysis = format!("{}/api/v1/games/{finished_id}/analysis", server.base);
    for _ in 0..300 {
        let ready = reqwest::get(&analysis)
            .await
            .is_ok_and(|r| r.status().is_success());
        if ready {
            break;
        }
        tokio::time::sleep(std::time::Duration::from_millis(100)).await;
    }

    let first_of_match = game(
        server,
        (&mehmet, &konstantinos),
        long,
        "modiar",
        json!({"games": 3, "schedule": "parallel"}),
    )
    .await;
    play(server, &first_of_match, (&mehmet, &konstantinos), 3).await;
    let matches = api(server, "GET", "/matches?player=mehmet", None, json!({})).await;
    let match_id = matches[0]["id"].as_str().expect("a match").to_owned();

    let starts = (server.clock.now() + chrono::Duration::hours(1)).to_rfc3339();
    let body = json!({"name": "Winter cup of the long names", "variant": "tihbat", "days_per_move": 3, "max_players": 8, "starts_at": starts});
    let tournament = api(server, "POST", "/tournaments", Some(&ayse), body).await;
    let tournament_id = tournament["id"].as_str().expect("an id").to_owned();
    for token in [&ayse, &mehmet, &konstantinos] {
        let path = format!("/tournaments/{tournament_id}/join");
        api(server, "POST", &path, Some(token), json!({})).await;
    }
    server.clock.advance(chrono::Duration::days(1));
    server.service.sweep_timeouts().await.expect("a sweep");

    // A game of each of the games issue 38 added, some plies in: Togyz kumalak's nine
    // houses a row are the widest board there is.
    let mut newer = Vec::new();
    for (variant, plies) in [("kalah", 6), ("oware", 6), ("togyz", 9)] {
        let g = game(server, (&ayse, &mehmet), "mehmet", variant, json!({})).await;
        play(server, &g, (&ayse, &mehmet), plies).await;
        newer.push(format!("/games/{}", g["id"].as_str().expect("an id")));
    }

    let ongoing_id = ongoing["id"].as_str().expect("an id");
    let mut pages = vec![
        "/".to_owned(),
        "/signup".to_owned(),
        "/login".to_owned(),
        // A mailed link's pages, with a link that cannot be used (the reset form is
        // reached from the log-in page).
        "/password-reset/confirm?token=0".to_owned(),
        "/verify-address?token=0".to_owned(),
        "/rules".to_owned(),
        "/rules/mangala".to_owned(),
        "/rules/modiar".to_owned(),
        "/rules/tihbat".to_owned(),
        "/rules/kalah".to_owned(),
        "/rules/oware".to_owned(),
        "/rules/togyz".to_owned(),
        "/rules/mangala/full".to_owned(),
        "/standings".to_owned(),
        "/standings?variant=tihbat".to_owned(),
        // The analysis board with a Mangala position: its board and its moves' table.
        "/analysis?variant=mangala&south=12,0,3,4,1,10&north=0,2,1,9,4,2&to_move=south".to_owned(),
        // The analysis board stepping through a pasted record (issue 36).
        "/analysis/record?text=%5BVariant%20%22mangala%22%5D%0A%5BFirst%20%22south%22%5D%0A%0AS1%20N1%20S2%0A&ply=2".to_owned(),
        "/tournaments".to_owned(),
        format!("/tournaments/{tournament_id}"),
        format!("/matches/{match_id}"),
        format!("/games/{ongoing_id}"),
        format!("/games/{finished_id}"),
        format!("/players/{long}"),
        "/players/ayse".to_owned(),
        "/players/ayse/games".to_owned(),
        "/settings".to_owned(),
        "/settings/notifications".to_owned(),
        "/settings/reminders".to_owned(),
        "/settings/play".to_owned(),
        "/settings/vacation".to_owned(),
        "/settings/account".to_owned(),
        "/settings/account/delete".to_owned(),
        "/settings/tokens".to_owned(),
        // Error pages: no such page, no such game, not logged in.
        "/no-such-page".to_owned(),
        "/games/00000000000000000000000000".to_owned(),
    ];
    pages.extend(newer);
    pages
}

/// A path's shape: its ids and names taken out, and only the names of its query's
/// fields kept.
fn shape(path: &str) -> String {
    let (path, query) = path.split_once('?').unwrap_or((path, ""));
    let mut segments = path.split('/');
    let mut out = Vec::new();
    let mut previous = "";
    for segment in segments.by_ref() {
        let named = matches!(
            previous,
            "games" | "matches" | "tournaments" | "players" | "challenges"
        );
        out.push(if named && !segment.is_empty() {
            "*"
        } else {
            segment
        });
        previous = segment;
    }
    let mut keys: Vec<&str> = query
        .split('&')
        .filter(|p| !p.is_empty())
        .map(|p| p.split('=').next().unwrap_or(p))
        .collect();
    keys.sort_unstable();
    format!("{}?{}", out.join("/"), keys.join("&"))
}

/// Whether a link leads to a page of the site (not the API, a feed, a file, or a
/// part of a page).
fn is_page(path: &str) -> bool {
    path.starts_with('/')
        && !path.starts_with("//")
        && !["/api/", "/calendar/", "/static/", "/assets/"]
            .iter()
            .any(|p| path.starts_with(p))
        && !path.ends_with("/board")
        && !path.ends_with("/live")
}

/// The script that measures a page: how far it is wider than the window, and its
/// widest elements (the outermost that reach past the right edge).
const MEASURE: &str = r#"
const width = window.innerWidth;
const over = document.documentElement.scrollWidth - width;
const name = e => e.tagName.toLowerCase()
  + (e.id ? '#' + e.id : '')
  + (typeof e.className === 'string' && e.className ? '.' + e.className.trim().split(/\s+/).join('.') : '');
const wide = [];
if (over > 0) {
  for (const e of document.querySelectorAll('body *')) {
    const r = e.getBoundingClientRect();
    if (r.right <= width + 1) continue;
    let clipped = false;
    for (let p = e.parentElement; p; p = p.parentElement) {
      const s = getComputedStyle(p);
      if (s.overflowX !== 'visible' && p !== document.body && p !== document.documentElement) { clipped = true; break; }
    }
    if (clipped) continue;
    const parent = e.parentElement;
    if (parent && parent.getBoundingClientRect().right > width + 1 && parent !== document.body) continue;
    wide.push(name(e) + ' ' + Math.round(r.width) + ' px wide, reaching ' + Math.round(r.right) + ' px');
  }
}
const links = Array.from(document.querySelectorAll('a[href]')).map(a => a.getAttribute('href'));
return {width: width, over: over, wide: wide.slice(0, 8), links: links};
"#;

/// Opens every page reachable from `start` (following links, a few of each shape) at
/// the window's current size, and returns the pages that were too wide.
async fn too_wide(
    client: &Client,
    base: &str,
    start: &[String],
    screen: (u32, u32),
) -> Vec<String> {
    let mut queue: VecDeque<String> = start.iter().cloned().collect();
    let mut seen: BTreeSet<String> = queue.iter().cloned().collect();
    let mut shapes: BTreeMap<String, usize> = BTreeMap::new();
    let mut failures = Vec::new();
    let mut opened = 0;
    while let Some(path) = queue.pop_front() {
        opened += 1;
        if opened > MOST_PAGES {
            break;
        }
        client
            .goto(&format!("{base}{path}"))
            .await
            .unwrap_or_else(|e| panic!("{path} opens: {e}"));
        let measured = client
            .execute(MEASURE, vec![])
            .await
            .unwrap_or_else(|e| panic!("{path} is measured: {e}"));
        let width = measured["width"].as_i64().unwrap_or_default();
        assert!(
            width <= i64::from(screen.0),
            "the window is {width} px wide, not {} px: the test would not see a phone",
            screen.0
        );
        let over = measured["over"].as_i64().unwrap_or_default();
        if over > 0 {
            let wide: Vec<&str> = measured["wide"]
                .as_array()
                .map(|w| w.iter().filter_map(Value::as_str).collect())
                .unwrap_or_default();
            failures.push(format!(
                "{path} at {}×{}: {over} px too wide; widest: {}",
                screen.0,
                screen.1,
                wide.join("; ")
            ));
        }
        for link in measured["links"].as_array().into_iter().flatten() {
            let Some(link) = link.as_str() else { continue };
            let link = link.split('#').next().unwrap_or(link);
            if !is_page(link) || seen.contains(link) {
                continue;
            }
            let count = shapes.entry(shape(link)).or_default();
            if *count >= PER_SHAPE {
                continue;
            }
            *count += 1;
            seen.insert(link.to_owned());
            queue.push_back(link.to_owned());
        }
    }
    failures
}

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn no_page_a_player_can_reach_is_wider_than_a_phone_or_a_desktop_screen() {
    let Some(driver_path) = driver_path() else {
        return;
    };
    let server = Server::builder()
        .backend(Backend::Sqlite)
        .start()
        .await
        .expect("SQLite is always there");
    let start = starting_pages(&server).await;
    let driver = start_driver(&driver_path).await;
    let profiles = tempfile::tempdir().expect("a temporary directory");
    let stranger = browser(&driver, &profiles.path().join("stranger")).await;
    let ayse = browser(&driver, &profiles.path().join("ayse")).await;
    log_in(&ayse, &server.base, "ayse").await;

    let mut failures = Vec::new();
    for screen in SCREENS {
        for client in [&stranger, &ayse] {
            client
                .set_window_size(screen.0, screen.1)
                .await
                .expect("resizable");
            failures.extend(too_wide(client, &server.base, &start, screen).await);
        }
    }
    let _ = stranger.close().await;
    let _ = ayse.close().await;
    drop(driver);
    assert!(
        failures.is_empty(),
        "pages wider than the screen:\n{}",
        failures.join("\n")
    );
}

#[test]
fn addresses_of_one_kind_share_a_shape() {
    assert_eq!(shape("/games/abc"), shape("/games/def"));
    assert_eq!(shape("/games/abc?ply=3"), shape("/games/def?ply=7"));
    assert_ne!(shape("/games/abc"), shape("/games/abc?ply=3"));
    assert_ne!(shape("/games/abc"), shape("/games/abc/resign"));
    assert_ne!(shape("/rules/tihbat"), shape("/rules/mangala"));
    assert!(!is_page("/api/v1/variants"));
    assert!(is_page("/standings?variant=tihbat"));
}
