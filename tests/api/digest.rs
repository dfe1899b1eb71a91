//! The daily e-mail digest through the API and a local SMTP sink: one mail a UTC day
//! after the digest hour, to the right address, listing the games where it is the
//! player's move; none twice a day, none when off, retried when the server refuses.

use chrono::Duration;
use serde_json::{Value, json};

use crate::helpers::{Backend, Player, TestApp};
use crate::support::Fixture;
use crate::support::smtp::{Mail, REFUSED_DOMAIN, SmtpSink, mailer};

crate::on_both_backends!(
    one_digest_a_day_lists_the_games_where_it_is_your_move,
    a_refused_digest_is_sent_again_at_the_next_sweep,
    the_settings_take_only_an_e_mail_address,
    a_game_whose_clock_a_vacation_stopped_shows_no_deadline,
    an_address_the_server_refuses_never_holds_back_the_accounts_after_it,
    a_players_digest_comes_in_the_language_they_chose,
    the_language_setting_takes_only_a_language_seedpost_speaks,
);

/// This module's tests get a server that sends digests (hour 7 UTC) to a fresh sink.
impl Fixture for (TestApp, SmtpSink) {
    async fn start(backend: Backend) -> Option<(TestApp, SmtpSink)> {
        let sink = SmtpSink::start().await;
        let smtp = sink.url();
        let builder = TestApp::builder(backend)
            .configure(move |service, base| service.with_digest(mailer(&smtp, base)));
        Some((TestApp::start_with(builder).await?, sink))
    }
}

async fn set(app: &TestApp, player: &Player, email: &str, enabled: bool) -> Value {
    app.put(
        "/me/digest",
        Some(&player.token),
        json!({"email": email, "enabled": enabled}),
    )
    .await
    .expect(200)
}

async fn send(app: &TestApp) -> usize {
    app.service.send_digests().await.expect("a digest round")
}

/// The mail's body with plain line ends, checked to have travelled as 7-bit text.
fn text(mail: &Mail) -> String {
    assert_eq!(mail.header("Content-Transfer-Encoding"), Some("7bit"));
    mail.body().replace("\r\n", "\n")
}

fn id(game: &Value) -> &str {
    game["id"].as_str().expect("an id")
}

async fn one_digest_a_day_lists_the_games_where_it_is_your_move((app, sink): (TestApp, SmtpSink)) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let ceren = app.sign_up("ceren").await;
    // Ayse is to move in two games; Mehmet in one; Ceren in none.
    let first = app
        .start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    let second = app.start_game(&ceren, &ayse, "tihbat", "opponent").await;
    let waiting = app.start_game(&mehmet, &ayse, "modiar", "challenger").await;
    set(&app, &ayse, "ayse@example.org", true).await;
    set(&app, &mehmet, "mehmet@example.org", false).await;
    set(&app, &ceren, "ceren@example.org", true).await;

    // Monday 12:00: today's digests are due (after 7:00).
    assert_eq!(send(&app).await, 1);
    assert_eq!(send(&app).await, 0, "not twice the same day");
    // Tuesday 06:00: not yet.
    app.clock.advance(Duration::hours(18));
    assert_eq!(send(&app).await, 0, "not before the digest hour");
    assert_eq!(sink.mails().len(), 1);
    // Tuesday 07:00: Ayse's second digest.
    app.clock.advance(Duration::hours(1));
    assert_eq!(send(&app).await, 1);
    assert_eq!(send(&app).await, 0);

    let mails = sink.mails();
    assert_eq!(
        mails.len(),
        2,
        "Ayse's only: Mehmet's is off, Ceren has no move"
    );
    let mail = &mails[1];
    assert_eq!(mail.from, "seedpost@example.org");
    assert_eq!(mail.to, ["ayse@example.org"]);
    assert_eq!(mail.header("To"), Some("ayse@example.org"));
    assert_eq!(mail.header("From"), Some("seedpost <seedpost@example.org>"));
    assert_eq!(
        mail.header("Subject"),
        Some("Your move in 2 games on seedpost")
    );
    assert_eq!(mail.header("Date"), Some("Tue, 01 Dec 2026 07:00:00 +0000"));
    let message_id = mail.header("Message-ID").expect("a Message-ID");
    assert!(
        message_id.starts_with("<digest.2026-12-01.") && message_id.ends_with("@127.0.0.1>"),
        "{message_id}"
    );
    let body = text(mail);
    let base = &app.base;
    for expected in [
        "Hello ayse,".to_owned(),
        format!(
            "* Mangala against mehmet: move by 2026-12-03 12:00 (2 days 5 hours left)\n  {base}/games/{}\n",
            id(&first)
        ),
        format!(
            "* Tihbat against ceren: move by 2026-12-03 12:00 (2 days 5 hours left)\n  {base}/games/{}\n",
            id(&second)
        ),
        format!("{base}/settings/reminders"),
    ] {
        assert!(body.contains(&expected), "{expected:?} in:\n{body}");
    }
    assert!(
        !body.contains(id(&waiting)),
        "not the game where Mehmet is to move:\n{body}"
    );
    let shown = app.get("/me/digest", Some(&ayse.token)).await.expect(200);
    assert_eq!(shown["last_sent_on"], "2026-12-01");
    let shown = app.get("/me/digest", Some(&ceren.token)).await.expect(200);
    assert_eq!(shown["last_sent_on"], Value::Null, "Ceren was sent nothing");

    // Wednesday, with the digest off: nothing.
    set(&app, &ayse, "ayse@example.org", false).await;
    app.clock.advance(Duration::days(1));
    assert_eq!(send(&app).await, 0);
    assert_eq!(sink.mails().len(), 2);
    // On again the same day, to a new address: it goes there.
    set(&app, &ayse, "ayse@example.net", true).await;
    assert_eq!(send(&app).await, 1);
    assert_eq!(sink.mails()[2].to, ["ayse@example.net"]);

    // Ceren had no move at the digest hour; once she has one, her digest goes that day.
    let pit = second["legal_moves"][0].as_u64().expect("a legal move");
    let moved = app.play(&ayse, &second, pit).await.expect(201);
    assert_eq!(
        moved["players"][moved["to_move"].as_str().expect("a side")],
        "ceren"
    );
    assert_eq!(send(&app).await, 1);
    let mails = sink.mails();
    assert_eq!(mails.len(), 4);
    assert_eq!(mails[3].to, ["ceren@example.org"]);
    assert_eq!(
        mails[3].header("Subject"),
        Some("Your move in 1 game on seedpost")
    );
    assert!(
        text(&mails[3])
            .contains("* Tihbat against ayse: move by 2026-12-05 07:00 (3 days 0 hours left)")
    );
    assert_eq!(send(&app).await, 0);
}

async fn a_refused_digest_is_sent_again_at_the_next_sweep((app, sink): (TestApp, SmtpSink)) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    app.start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    set(&app, &ayse, "ayse@example.org", true).await;

    sink.refuse_next();
    assert_eq!(send(&app).await, 0, "the server refused it");
    assert!(sink.mails().is_empty());
    let shown = app.get("/me/digest", Some(&ayse.token)).await.expect(200);
    assert_eq!(
        shown["last_sent_on"],
        Value::Null,
        "the day's claim is given back"
    );

    // The account backs off: not at the next sweep, but once its wait is over.
    assert_eq!(send(&app).await, 0, "backing off");
    app.clock
        .advance(seedpost::notifications::service::digest::DIGEST_BACKOFF[0]);
    assert_eq!(send(&app).await, 1, "the sweep after the back-off sends it");
    assert_eq!(sink.mails().len(), 1);
    assert_eq!(send(&app).await, 0);
}

async fn the_settings_take_only_an_e_mail_address((app, _sink): (TestApp, SmtpSink)) {
    let ayse = app.sign_up("ayse").await;
    let shown = app.get("/me/digest", Some(&ayse.token)).await.expect(200);
    assert_eq!(
        shown,
        json!({"email": null, "enabled": false, "last_sent_on": null, "verified": false, "verified_at": null, "mail_configured": true, "hour": 7})
    );
    // Also those the mail cannot carry: non-ASCII (no SMTPUTF8), a quoted local part
    // carrying a header, an address literal.
    for bad in [
        "",
        "ayse",
        "ayse@",
        "@example.org",
        "ayse @example.org",
        "ünï@exämple.org",
        "\"Bcc: z@evil.example\"@example.org",
        "user@[127.0.0.1]",
    ] {
        app.put(
            "/me/digest",
            Some(&ayse.token),
            json!({"email": bad, "enabled": true}),
        )
        .await
        .expect_error(422, "invalid_email");
    }
    app.put(
        "/me/digest",
        Some(&ayse.token),
        json!({"email": "ayse@example.org"}),
    )
    .await
    .expect_error(422, "invalid_body");
    app.put(
        "/me/digest",
        None,
        json!({"email": "ayse@example.org", "enabled": true}),
    )
    .await
    .expect_error(401, "unauthorized");
    // Nothing was changed by the refused ones.
    assert_eq!(
        app.get("/me/digest", Some(&ayse.token)).await.expect(200),
        shown
    );
    let set = set(&app, &ayse, " ayse@example.org ", true).await;
    assert_eq!(
        set,
        json!({"email": "ayse@example.org", "enabled": true, "last_sent_on": null, "verified": false, "verified_at": null, "mail_configured": true, "hour": 7})
    );
}

#[tokio::test]
async fn a_server_without_smtp_keeps_the_settings_and_says_it_sends_no_mail() {
    let app = TestApp::spawn(Backend::Sqlite)
        .await
        .expect("SQLite is always there");
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    app.start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    let shown = set(&app, &ayse, "ayse@example.org", true).await;
    assert_eq!(shown["mail_configured"], false);
    assert_eq!(send(&app).await, 0);
    let shown = app.get("/me/digest", Some(&ayse.token)).await.expect(200);
    assert_eq!(shown["last_sent_on"], Value::Null);
}

async fn a_game_whose_clock_a_vacation_stopped_shows_no_deadline((app, sink): (TestApp, SmtpSink)) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app
        .start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    set(&app, &ayse, "ayse@example.org", true).await;
    app.post("/me/vacation", Some(&mehmet.token), json!({}))
        .await
        .expect(200);
    assert_eq!(send(&app).await, 1);
    let body = text(&sink.mails()[0]);
    let expected = format!(
        "* Mangala against mehmet: clock stopped, mehmet is on vacation\n  {}/games/{}\n",
        app.base,
        id(&game)
    );
    assert!(body.contains(&expected), "{expected:?} in:\n{body}");
    assert!(!body.contains("move by"), "{body}");
}

async fn an_address_the_server_refuses_never_holds_back_the_accounts_after_it(
    (app, sink): (TestApp, SmtpSink),
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let ceren = app.sign_up("ceren").await;
    let deniz = app.sign_up("deniz").await;
    // Each is to move in one game.
    app.start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    app.start_game(&ceren, &deniz, "mangala", "challenger")
        .await;
    // The round goes by account id: the first one's address is refused.
    let mut players = Vec::new();
    for player in [&ayse, &ceren] {
        let id = app
            .service
            .account(&player.username)
            .await
            .expect("an account")
            .id;
        players.push((id, player));
    }
    players.sort_by_key(|(id, _)| *id);
    let (refused, good) = (players[0].1, players[1].1);
    set(
        &app,
        refused,
        &format!("{}@{REFUSED_DOMAIN}", refused.username),
        true,
    )
    .await;
    set(&app, good, &format!("{}@example.org", good.username), true).await;

    assert_eq!(
        send(&app).await,
        1,
        "the account after the refused one gets its mail"
    );
    let mails = sink.mails();
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].to, [format!("{}@example.org", good.username)]);
    let shown = app
        .get("/me/digest", Some(&refused.token))
        .await
        .expect(200);
    assert_eq!(
        shown["last_sent_on"],
        Value::Null,
        "the refused one is not marked sent"
    );
    // It backs off, then is tried again (and refused again), never blocking anyone.
    assert_eq!(send(&app).await, 0);
    app.clock
        .advance(seedpost::notifications::service::digest::DIGEST_BACKOFF[0]);
    assert_eq!(send(&app).await, 0);
    assert_eq!(sink.mails().len(), 1);
}

async fn a_players_digest_comes_in_the_language_they_chose((app, sink): (TestApp, SmtpSink)) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app
        .start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    let chosen = app
        .put("/me/language", Some(&ayse.token), json!({"language": "tr"}))
        .await
        .expect(200);
    assert_eq!(chosen["language"], "tr");
    set(&app, &ayse, "ayse@example.org", true).await;
    assert_eq!(send(&app).await, 1);

    let mails = sink.mails();
    let mail = &mails[0];
    assert_eq!(mail.header("Content-Transfer-Encoding"), Some("base64"));
    assert_eq!(mail.subject(), "seedpost'ta 1 oyunda sıra sende");
    let body = mail.text();
    let base = &app.base;
    for expected in [
        "Merhaba ayse,".to_owned(),
        "Şu oyunlarda sıra sende (saatler UTC):".to_owned(),
        format!(
            "* Mangala, rakip: mehmet: son hamle zamanı 2026-12-03 12:00 (3 gün 0 saat kaldı)\n  {base}/games/{}\n",
            id(&game)
        ),
        format!("adresi değiştirmek için: {base}/settings/reminders"),
    ] {
        assert!(body.contains(&expected), "{expected:?} in:\n{body}");
    }
}

async fn the_language_setting_takes_only_a_language_seedpost_speaks(
    (app, _sink): (TestApp, SmtpSink),
) {
    let ayse = app.sign_up("ayse").await;
    let none = app.get("/me/language", Some(&ayse.token)).await.expect(200);
    assert_eq!(none["language"], Value::Null);
    assert_eq!(none["available"], json!(["en", "tr", "ar", "el", "ca"]));
    app.put("/me/language", Some(&ayse.token), json!({"language": "ar"}))
        .await
        .expect(200);
    for bad in [
        json!({"language": "fr"}),
        json!({"language": "AR-ma"}),
        json!({"language": 7}),
    ] {
        let answer = app.put("/me/language", Some(&ayse.token), bad).await;
        assert_eq!(answer.status.as_u16(), 422, "{:?}", answer.body);
    }
    app.put("/me/language", Some(&ayse.token), json!({"language": "fr"}))
        .await
        .expect_error(422, "invalid_language");
    let kept = app.get("/me/language", Some(&ayse.token)).await.expect(200);
    assert_eq!(kept["language"], "ar", "a refused setting changes nothing");
    let cleared = app
        .put("/me/language", Some(&ayse.token), json!({"language": null}))
        .await
        .expect(200);
    assert_eq!(cleared["language"], Value::Null);
    app.put("/me/language", None, json!({"language": "tr"}))
        .await
        .expect_error(401, "unauthorized");
}
