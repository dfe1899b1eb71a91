//! Webhooks: registered URLs receive the account's events, signed; failures are
//! retried as the clock moves, then given up; deliveries are listed with their status.

use std::sync::atomic::{AtomicUsize, Ordering};
use std::sync::{Arc, Mutex};

use axum::http::{HeaderMap, StatusCode};
use axum::routing::post;
use chrono::TimeDelta;
use hmac::{Hmac, Mac};
use reqwest::Method;
use serde_json::{Value, json};
use sha2::Sha256;

use seedpost::domain::{DeliveryId, WebhookId};
use seedpost::store::webhooks::{Attempt, NewDelivery};

use crate::helpers::{Player, TestApp};

crate::on_both_backends!(
    a_receiver_gets_each_event_once_signed_with_the_secret,
    a_failing_receiver_is_retried_with_backoff_as_the_clock_moves_then_given_up,
    webhooks_are_validated_listed_and_deleted_by_their_owner_only,
    the_running_worker_delivers_a_move_as_soon_as_it_is_made,
    a_slow_receiver_never_holds_back_another_webhooks_deliveries,
    a_backlog_of_pending_deliveries_is_listed_page_by_page_and_by_status,
    an_in_flight_delivery_reads_as_in_flight_and_its_lease_is_not_its_next_attempt,
    bad_delivery_list_queries_are_refused_as_invalid_query_and_change_nothing,
);

const SECRET: &str = "a long random shared secret";

/// What a receiver got: the signature header and the body.
type Received = Arc<Mutex<Vec<(String, String)>>>;

/// A receiver on port 0 answering `status`; returns its URL and what it receives.
async fn receiver(status: StatusCode) -> (String, Received) {
    let received: Received = Arc::default();
    let log = received.clone();
    let app = axum::Router::new().route(
        "/hook",
        post(move |headers: HeaderMap, body: String| {
            let log = log.clone();
            async move {
                let signature = headers
                    .get("seedpost-signature")
                    .and_then(|v| v.to_str().ok())
                    .unwrap_or_default()
                    .to_owned();
                log.lock().expect("the log").push((signature, body));
                status
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("port 0 binds");
    let url = format!("http://{}/hook", listener.local_addr().expect("an address"));
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, received)
}

fn received(log: &Received) -> Vec<(String, String)> {
    log.lock().expect("the log").clone()
}

/// Checks `Seedpost-Signature: t=<t>,v1=<hex>` against the body; returns `t`.
#[track_caller]
fn verify(header: &str, body: &str) -> i64 {
    let (t, v1) = header
        .split_once(',')
        .and_then(|(t, v)| Some((t.strip_prefix("t=")?, v.strip_prefix("v1=")?)))
        .unwrap_or_else(|| panic!("a signature header: {header:?}"));
    let mut mac = Hmac::<Sha256>::new_from_slice(SECRET.as_bytes()).expect("a key");
    mac.update(format!("{t}.{body}").as_bytes());
    let expected: String = mac
        .finalize()
        .into_bytes()
        .iter()
        .map(|b| format!("{b:02x}"))
        .collect();
    assert_eq!(v1, expected, "the signature of {body}");
    t.parse().expect("unix seconds")
}

async fn register(app: &TestApp, player: &Player, url: &str) -> String {
    let webhook = app
        .post(
            "/webhooks",
            Some(&player.token),
            json!({"url": url, "secret": SECRET}),
        )
        .await
        .expect(201);
    assert_eq!(webhook["url"], url);
    assert!(webhook.get("secret").is_none(), "the secret is not shown");
    webhook["id"].as_str().expect("an id").to_owned()
}

async fn deliveries(app: &TestApp, player: &Player, id: &str) -> Vec<Value> {
    app.get(&format!("/webhooks/{id}/deliveries"), Some(&player.token))
        .await
        .expect(200)
        .as_array()
        .expect("a list")
        .clone()
}

async fn a_receiver_gets_each_event_once_signed_with_the_secret(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    // An event before the webhook exists is not sent to it.
    app.post(
        "/challenges",
        Some(&mehmet.token),
        json!({"variant": "tihbat", "opponent": "ayse"}),
    )
    .await
    .expect(201);
    let (url, log) = receiver(StatusCode::OK).await;
    let id = register(&app, &ayse, &url).await;

    let game = app.start_game(&mehmet, &ayse, "modiar", "challenger").await;
    app.play(&mehmet, &game, 1).await.expect(201);
    let round = app.service.deliver_webhooks().await.expect("a round");
    assert!(round.delivered >= 3, "{round:?}");
    // Nothing is sent twice.
    let again = app.service.deliver_webhooks().await.expect("a round");
    assert_eq!((again.queued, again.attempted), (0, 0));

    let got = received(&log);
    let now = app.service.now().timestamp();
    let mut types = Vec::new();
    let mut seqs = Vec::new();
    for (signature, body) in &got {
        assert_eq!(verify(signature, body), now, "signed at the service's time");
        let event: Value = serde_json::from_str(body).expect("a JSON event");
        types.push(event["type"].as_str().expect("a type").to_owned());
        seqs.push(event["seq"].as_u64().expect("a seq"));
    }
    seqs.sort_unstable();
    seqs.dedup();
    assert_eq!(seqs.len(), got.len(), "each event once: {types:?}");
    for wanted in ["challenge", "game_start", "move", "your_turn"] {
        assert!(types.iter().any(|t| t == wanted), "{wanted} in {types:?}");
    }
    let your_turn: Value = got
        .iter()
        .map(|(_, b)| serde_json::from_str::<Value>(b).expect("JSON"))
        .find(|e| e["type"] == "your_turn")
        .expect("your_turn");
    assert_eq!(
        your_turn["game"]["id"], game["id"],
        "the full game: {your_turn}"
    );

    let listed = deliveries(&app, &ayse, &id).await;
    assert_eq!(listed.len(), got.len());
    for d in &listed {
        assert_eq!(d["status"], "delivered", "{d}");
        assert_eq!(d["attempts"], 1);
        assert_eq!(d["last_status"], 200);
        assert!(d["next_attempt_at"].is_null() && !d["delivered_at"].is_null());
    }
}

async fn a_failing_receiver_is_retried_with_backoff_as_the_clock_moves_then_given_up(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let (url, log) = receiver(StatusCode::INTERNAL_SERVER_ERROR).await;
    let id = register(&app, &ayse, &url).await;
    app.post(
        "/challenges",
        Some(&mehmet.token),
        json!({"variant": "tihbat", "opponent": "ayse"}),
    )
    .await
    .expect(201);

    app.service.deliver_webhooks().await.expect("a round");
    assert_eq!(received(&log).len(), 1);
    let listed = deliveries(&app, &ayse, &id).await;
    assert_eq!(listed.len(), 1);
    let d = &listed[0];
    assert_eq!(
        (
            d["status"].as_str(),
            d["attempts"].as_u64(),
            d["last_status"].as_u64()
        ),
        (Some("pending"), Some(1), Some(500)),
        "{d}"
    );
    assert!(d["last_error"].as_str().is_some_and(|e| e.contains("500")));
    assert_eq!(
        d["next_attempt_at"], "2026-11-30T12:00:10.000Z",
        "10 s later"
    );

    // Not due yet: no attempt.
    app.clock.advance(TimeDelta::seconds(9));
    app.service.deliver_webhooks().await.expect("a round");
    assert_eq!(received(&log).len(), 1);

    // Each wait of the backoff brings one more attempt, the same body each time.
    let waits = [1, 60, 600, 3600, 6 * 3600];
    for (i, wait) in waits.into_iter().enumerate() {
        app.clock.advance(TimeDelta::seconds(wait));
        app.service.deliver_webhooks().await.expect("a round");
        let got = received(&log);
        assert_eq!(got.len(), i + 2, "after waiting {wait} s");
        assert_eq!(got[i + 1].1, got[0].1);
        verify(&got[i + 1].0, &got[i + 1].1);
    }
    let d = &deliveries(&app, &ayse, &id).await[0];
    assert_eq!(
        (d["status"].as_str(), d["attempts"].as_u64()),
        (Some("failed"), Some(6)),
        "{d}"
    );
    assert!(d["next_attempt_at"].is_null());
    app.clock.advance(TimeDelta::days(1));
    app.service.deliver_webhooks().await.expect("a round");
    assert_eq!(received(&log).len(), 6, "given up");
}

async fn webhooks_are_validated_listed_and_deleted_by_their_owner_only(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    for (url, secret, code) in [
        ("ftp://bot.example/x", SECRET, "invalid_url"),
        ("not a url", SECRET, "invalid_url"),
        ("https://bot.example/x", "short", "invalid_secret"),
    ] {
        app.post(
            "/webhooks",
            Some(&ayse.token),
            json!({"url": url, "secret": secret}),
        )
        .await
        .expect_error(422, code);
    }
    app.post(
        "/webhooks",
        None,
        json!({"url": "https://bot.example/x", "secret": SECRET}),
    )
    .await
    .expect_error(401, "unauthorized");
    let id = register(&app, &ayse, "https://bot.example/x").await;
    let listed = app.get("/webhooks", Some(&ayse.token)).await.expect(200);
    assert_eq!(listed.as_array().map(Vec::len), Some(1));
    assert_eq!(listed[0]["id"], id.as_str());
    let others = app.get("/webhooks", Some(&mehmet.token)).await.expect(200);
    assert_eq!(others, json!([]));
    app.get(&format!("/webhooks/{id}/deliveries"), Some(&mehmet.token))
        .await
        .expect_error(404, "not_found");
    app.call(
        Method::DELETE,
        &format!("/webhooks/{id}"),
        Some(&mehmet.token),
        None,
    )
    .await
    .expect_error(404, "not_found");
    let deleted = app
        .call(
            Method::DELETE,
            &format!("/webhooks/{id}"),
            Some(&ayse.token),
            None,
        )
        .await;
    assert_eq!(deleted.status.as_u16(), 204);
    let listed = app.get("/webhooks", Some(&ayse.token)).await.expect(200);
    assert_eq!(listed, json!([]));
}

async fn the_running_worker_delivers_a_move_as_soon_as_it_is_made(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app.start_game(&mehmet, &ayse, "modiar", "challenger").await;
    let (url, log) = receiver(StatusCode::OK).await;
    register(&app, &ayse, &url).await;
    app.post(
        "/challenges",
        Some(&mehmet.token),
        json!({"variant": "tihbat", "opponent": "ayse"}),
    )
    .await
    .expect(201);
    // Rounds by the clock an hour apart: the first at once, the next far too late.
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let worker = tokio::spawn(app.service.clone().deliver_webhooks_forever(
        std::time::Duration::from_secs(3600),
        async move {
            let _ = stopped.await;
        },
    ));
    let types = || -> Vec<String> {
        received(&log)
            .iter()
            .filter_map(|(_, body)| serde_json::from_str::<Value>(body).ok())
            .filter_map(|event| event["type"].as_str().map(str::to_owned))
            .collect()
    };
    let arrived = async |wanted: &str| {
        tokio::time::timeout(std::time::Duration::from_secs(10), async {
            while !types().iter().any(|t| t == wanted) {
                tokio::time::sleep(std::time::Duration::from_millis(20)).await;
            }
        })
        .await
        .is_ok()
    };
    assert!(arrived("challenge").await, "the first round: {:?}", types());

    app.play(&mehmet, &game, 1).await.expect(201);
    assert!(
        arrived("move").await,
        "the move reached the receiver without waiting for the next hour's round: {:?}",
        types()
    );
    let _ = stop.send(());
    worker.await.expect("the worker stops");
}

/// A receiver that answers 200 after `delay`; returns its URL, how many requests it
/// has begun, and the most it held at once.
async fn slow_receiver(delay: std::time::Duration) -> (String, Arc<AtomicUsize>, Arc<AtomicUsize>) {
    let (begun, most) = (Arc::new(AtomicUsize::new(0)), Arc::new(AtomicUsize::new(0)));
    let now = Arc::new(AtomicUsize::new(0));
    let (b, m) = (begun.clone(), most.clone());
    let app = axum::Router::new().route(
        "/hook",
        post(move || {
            let (b, m, now) = (b.clone(), m.clone(), now.clone());
            async move {
                b.fetch_add(1, Ordering::SeqCst);
                let held = now.fetch_add(1, Ordering::SeqCst) + 1;
                m.fetch_max(held, Ordering::SeqCst);
                tokio::time::sleep(delay).await;
                now.fetch_sub(1, Ordering::SeqCst);
                StatusCode::OK
            }
        }),
    );
    let listener = tokio::net::TcpListener::bind("127.0.0.1:0")
        .await
        .expect("port 0 binds");
    let url = format!("http://{}/hook", listener.local_addr().expect("an address"));
    tokio::spawn(async move { axum::serve(listener, app).await });
    (url, begun, most)
}

async fn a_slow_receiver_never_holds_back_another_webhooks_deliveries(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let slow = std::time::Duration::from_secs(6);
    let (slow_url, begun, most) = slow_receiver(slow).await;
    register(&app, &ayse, &slow_url).await;
    let (fast_url, log) = receiver(StatusCode::OK).await;
    register(&app, &mehmet, &fast_url).await;
    // Five deliveries queue for the slow receiver.
    for variant in ["tihbat", "mangala", "modiar", "tihbat", "mangala"] {
        app.post(
            "/challenges",
            Some(&mehmet.token),
            json!({"variant": variant, "opponent": "ayse"}),
        )
        .await
        .expect(201);
    }
    let (stop, stopped) = tokio::sync::oneshot::channel::<()>();
    let worker = tokio::spawn(app.service.clone().deliver_webhooks_forever(
        std::time::Duration::from_secs(3600),
        async move {
            let _ = stopped.await;
        },
    ));
    tokio::time::timeout(std::time::Duration::from_secs(5), async {
        while begun.load(Ordering::SeqCst) == 0 {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    })
    .await
    .expect("the slow receiver is called");

    // While the slow receiver holds its attempts, another account's event goes out.
    let started = std::time::Instant::now();
    app.post(
        "/challenges",
        Some(&ayse.token),
        json!({"variant": "tihbat", "opponent": "mehmet"}),
    )
    .await
    .expect(201);
    let arrived = tokio::time::timeout(std::time::Duration::from_secs(10), async {
        while received(&log).is_empty() {
            tokio::time::sleep(std::time::Duration::from_millis(20)).await;
        }
    })
    .await;
    let waited = started.elapsed();
    assert!(arrived.is_ok(), "the fast receiver's delivery arrives");
    assert!(
        waited < std::time::Duration::from_secs(2),
        "another webhook's delivery waited {waited:?} for a slow receiver ({slow:?} an answer)"
    );
    assert!(
        most.load(Ordering::SeqCst) <= seedpost::service::ATTEMPTS_PER_WEBHOOK as usize,
        "one webhook had {} attempts in flight at once",
        most.load(Ordering::SeqCst)
    );
    let _ = stop.send(());
    worker.await.expect("the worker stops");
}

/// Queues deliveries of the events `seqs` for the webhook `id` behind the service's
/// back, created `ago` before the service's time (and due then).
async fn queue(app: &TestApp, id: &str, seqs: std::ops::RangeInclusive<u64>, ago: TimeDelta) {
    let webhook: WebhookId = id.parse().expect("a webhook id");
    let created_at = app.service.now() - ago;
    let new: Vec<NewDelivery> = seqs
        .clone()
        .map(|seq| NewDelivery {
            id: DeliveryId::new(),
            event_seq: seq,
            event_type: "your_turn".to_owned(),
            body: format!("{{\"seq\": {seq}}}"),
            created_at,
        })
        .collect();
    app.service
        .store()
        .queue_deliveries(webhook, *seqs.end(), &new)
        .await
        .expect("queued");
}

/// The listing at `query` (after `?`).
async fn listed(app: &TestApp, player: &Player, id: &str, query: &str) -> Vec<Value> {
    app.get(
        &format!("/webhooks/{id}/deliveries?{query}"),
        Some(&player.token),
    )
    .await
    .expect(200)
    .as_array()
    .expect("a list")
    .clone()
}

fn seqs_of(list: &[Value]) -> Vec<u64> {
    list.iter()
        .map(|d| d["event_seq"].as_u64().expect("a seq"))
        .collect()
}

async fn a_backlog_of_pending_deliveries_is_listed_page_by_page_and_by_status(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let id = register(&app, &ayse, "https://bot.example/x").await;
    // Three older deliveries are delivered; then a backlog of 76 queues behind them.
    queue(&app, &id, 1..=3, TimeDelta::minutes(5)).await;
    let store = app.service.store();
    let now = app.service.now();
    let claimed = store
        .claim_deliveries(now, now + TimeDelta::seconds(60), 3, 3)
        .await
        .expect("claimed");
    assert_eq!(claimed.len(), 3);
    for c in &claimed {
        store
            .record_attempt(c.delivery.id, &Attempt::Delivered { status: 200 }, now)
            .await
            .expect("recorded");
    }
    queue(&app, &id, 4..=79, TimeDelta::zero()).await;

    // The default page is the newest 50.
    let first = deliveries(&app, &ayse, &id).await;
    assert_eq!(seqs_of(&first), (30..=79).rev().collect::<Vec<_>>());

    // The pending ones, 30 at a time, each page after the last one listed.
    let mut pages = Vec::new();
    let mut query = "status=pending&limit=30".to_owned();
    // A bounded walk: a listing that ignored `before` would repeat its first page.
    for _ in 0..5 {
        let page = listed(&app, &ayse, &id, &query).await;
        for d in &page {
            assert_eq!(d["status"], "pending", "{d}");
            assert_eq!(d["attempts"], 0, "{d}");
            assert!(!d["next_attempt_at"].is_null(), "{d}");
        }
        let Some(last) = page.last() else { break };
        query = format!(
            "status=pending&limit=30&before={}",
            last["id"].as_str().expect("an id")
        );
        pages.push(seqs_of(&page));
    }
    assert_eq!(
        pages,
        vec![
            (50..=79).rev().collect::<Vec<_>>(),
            (20..=49).rev().collect(),
            (4..=19).rev().collect(),
        ],
        "the backlog, page by page"
    );

    let delivered = listed(&app, &ayse, &id, "status=delivered").await;
    assert_eq!(seqs_of(&delivered), vec![3, 2, 1]);
    assert!(delivered.iter().all(|d| d["status"] == "delivered"));
    assert_eq!(
        listed(&app, &ayse, &id, "status=failed").await,
        Vec::<Value>::new()
    );
    assert_eq!(listed(&app, &ayse, &id, "limit=500").await.len(), 79);
    // A page after the oldest is empty.
    let oldest = delivered.last().expect("the oldest")["id"]
        .as_str()
        .expect("an id")
        .to_owned();
    assert_eq!(
        listed(&app, &ayse, &id, &format!("before={oldest}")).await,
        Vec::<Value>::new()
    );
}

async fn an_in_flight_delivery_reads_as_in_flight_and_its_lease_is_not_its_next_attempt(
    app: TestApp,
) {
    let ayse = app.sign_up("ayse").await;
    let id = register(&app, &ayse, "https://bot.example/x").await;
    queue(&app, &id, 1..=1, TimeDelta::seconds(1)).await;
    queue(&app, &id, 2..=2, TimeDelta::zero()).await;
    // A worker takes the older one and has not finished its attempt.
    let store = app.service.store();
    let now = app.service.now();
    let claimed = store
        .claim_deliveries(now, now + TimeDelta::seconds(60), 1, 2)
        .await
        .expect("claimed");
    assert_eq!(claimed.len(), 1);
    assert_eq!(claimed[0].delivery.event_seq, 1);

    let list = deliveries(&app, &ayse, &id).await;
    assert_eq!(seqs_of(&list), vec![2, 1]);
    let (waiting, in_flight) = (&list[0], &list[1]);
    assert_eq!(waiting["status"], "pending", "{waiting}");
    assert_eq!(waiting["next_attempt_at"], "2026-11-30T12:00:00.000Z");
    assert!(waiting["in_flight_until"].is_null(), "{waiting}");
    assert_eq!(in_flight["status"], "in_flight", "{in_flight}");
    assert_eq!(in_flight["attempts"], 0, "{in_flight}");
    assert!(
        in_flight["next_attempt_at"].is_null(),
        "the lease is no next attempt: {in_flight}"
    );
    assert_eq!(in_flight["in_flight_until"], "2026-11-30T12:01:00.000Z");
    assert_eq!(
        seqs_of(&listed(&app, &ayse, &id, "status=in_flight").await),
        vec![1]
    );
    assert_eq!(
        seqs_of(&listed(&app, &ayse, &id, "status=pending").await),
        vec![2]
    );

    // The worker died: once its lease lapses the delivery waits again, due at once.
    app.clock.advance(TimeDelta::seconds(61));
    let list = deliveries(&app, &ayse, &id).await;
    assert_eq!(list[1]["status"], "pending", "{}", list[1]);
    assert_eq!(list[1]["next_attempt_at"], "2026-11-30T12:01:00.000Z");
    assert!(list[1]["in_flight_until"].is_null());
    assert_eq!(
        listed(&app, &ayse, &id, "status=in_flight").await,
        Vec::<Value>::new()
    );
}

async fn bad_delivery_list_queries_are_refused_as_invalid_query_and_change_nothing(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let id = register(&app, &ayse, "https://bot.example/x").await;
    queue(&app, &id, 1..=3, TimeDelta::zero()).await;
    let before = deliveries(&app, &ayse, &id).await;
    assert_eq!(before.len(), 3);
    for query in [
        "status=queued",
        "status=Pending",
        "status=",
        "limit=0",
        "limit=501",
        "limit=ten",
        "limit=-1",
        "before=not-an-id",
        "page=2",
    ] {
        app.get(
            &format!("/webhooks/{id}/deliveries?{query}"),
            Some(&ayse.token),
        )
        .await
        .expect_error(400, "invalid_query");
    }
    assert_eq!(
        deliveries(&app, &ayse, &id).await,
        before,
        "nothing changed"
    );
    // Another account's webhook is still not found, whatever the query.
    let mehmet = app.sign_up("mehmet").await;
    app.get(
        &format!("/webhooks/{id}/deliveries?status=pending"),
        Some(&mehmet.token),
    )
    .await
    .expect_error(404, "not_found");
}
