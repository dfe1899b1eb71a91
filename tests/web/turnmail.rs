//! E-mail on your turn through a local SMTP sink, with the test clock: one mail per
//! move, the turns of the throttle's window together in one mail, none while the
//! player has the game's page open (its live stream), none when off or without SMTP,
//! and one only when two instances send at once.

use chrono::Duration;
use reqwest::StatusCode;
use seedpost::domain::Lang;
use seedpost::notifications::service::turnmail::TurnMailRound;

use crate::helpers::{Browser, Form, Server, start_game};
use crate::on_both_backends;
use crate::support::smtp::{REFUSED_DOMAIN, SmtpSink, mailer};
use crate::support::{Backend, Fixture};

/// This module's tests get a server that sends mail to a fresh sink.
impl Fixture for (Server, SmtpSink) {
    async fn start(backend: Backend) -> Option<(Server, SmtpSink)> {
        let sink = SmtpSink::start().await;
        let url = sink.url();
        let server = Server::builder()
            .backend(backend)
            .configure(move |service, base| service.with_digest(mailer(&url, base)))
            .start()
            .await?;
        Some((server, sink))
    }
}

/// Signs `username` up with an address on the Reminders page (the daily e-mail
/// left off) and, when `on`, e-mail on their turn ticked on the notifications page.
async fn player(server: &Server, username: &str, email: &str, on: bool) -> Browser {
    let browser = Browser::new(server);
    browser.sign_up(username).await;
    let reminders = browser.get("/settings/reminders").await;
    let saved = browser
        .submit(
            &reminders
                .form("form[action='/settings/reminders/digest']")
                .set("email", email)
                .without("enabled"),
        )
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    let page = browser.get("/settings/notifications").await;
    let form = page.form("form[action='/settings/notifications']");
    let mut fields: Vec<(String, String)> = form
        .fields
        .into_iter()
        .filter(|(name, _)| name == "csrf" || name == "push")
        .collect();
    if on {
        fields.push(("email".to_owned(), "your_turn".to_owned()));
    }
    let saved = browser
        .submit(&Form {
            action: form.action,
            fields,
        })
        .await;
    assert_eq!(saved.status, StatusCode::OK, "{}", saved.body);
    browser
}

/// `browser`'s player moves in `game` (the first pit that can be played, again while
/// a move gives another) until it is the opponent's turn.
async fn play(browser: &Browser, game: &str) {
    let mut page = browser.get(game).await;
    assert_eq!(
        page.count("form.move"),
        1,
        "the player is to move in {game}"
    );
    while page.count("form.move") == 1 {
        let pit = page.attr("form.move button[name=pit]", "value");
        page = browser.press(&page.form("form.move"), "pit", &pit).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    }
}

async fn round(server: &Server) -> TurnMailRound {
    server
        .service
        .send_turn_mails()
        .await
        .expect("a turn mail round")
}

async fn one_mail_goes_per_move_and_the_next_waits_for_the_throttle(
    (server, sink): (Server, SmtpSink),
) {
    let ayse = player(&server, "ayse", "ayse@example.org", true).await;
    let mehmet = player(&server, "mehmet", "mehmet@example.org", false).await;
    let game = start_game(&ayse, &mehmet, "mehmet", "mangala", "opponent").await;
    assert_eq!(round(&server).await.sent, 0, "nobody moved yet");

    play(&mehmet, &game).await;
    assert_eq!(round(&server).await.sent, 1);
    assert_eq!(round(&server).await.sent, 0, "one mail per move");
    let mails = sink.mails();
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert_eq!(mail.to, ["ayse@example.org"]);
    assert_eq!(
        mail.header("Subject"),
        Some("mehmet moved: your turn in Mangala")
    );
    let body = mail.text();
    let base = &server.base;
    for expected in [
        "Hello ayse,".to_owned(),
        "Your opponent moved; it is your turn (times in UTC):".to_owned(),
        "* Mangala against mehmet: move by ".to_owned(),
        format!("\n  {base}{game}\n"),
        format!("at most one\nevery 15 minutes. To stop it:\n{base}/settings/notifications\n"),
    ] {
        assert!(body.contains(&expected), "{expected:?} in:\n{body}");
    }

    // The next move within 15 minutes of the mail waits for the throttle.
    play(&ayse, &game).await;
    play(&mehmet, &game).await;
    server.clock.advance(Duration::minutes(14));
    assert_eq!(round(&server).await.sent, 0, "within the throttle's window");
    server.clock.advance(Duration::minutes(1));
    assert_eq!(round(&server).await.sent, 1);
    assert_eq!(sink.mails().len(), 2);
    // Mehmet turned nothing on: his turns bring him no mail.
    assert!(sink.mails().iter().all(|m| m.to == ["ayse@example.org"]));
}

async fn the_moves_of_the_throttles_window_come_together_in_one_mail(
    (server, sink): (Server, SmtpSink),
) {
    let ayse = player(&server, "ayse", "ayse@example.org", true).await;
    let mehmet = player(&server, "mehmet", "mehmet@example.org", false).await;
    let ceren = player(&server, "ceren", "ceren@example.org", false).await;
    let deniz = player(&server, "deniz", "deniz@example.org", false).await;
    let first = start_game(&ayse, &mehmet, "mehmet", "mangala", "opponent").await;
    let second = start_game(&ayse, &ceren, "ceren", "tihbat", "opponent").await;
    let third = start_game(&ayse, &deniz, "deniz", "modiar", "opponent").await;

    play(&mehmet, &first).await;
    assert_eq!(round(&server).await.sent, 1);
    // Two opponents move within the 15 minutes after that mail.
    server.clock.advance(Duration::minutes(5));
    play(&ceren, &second).await;
    assert_eq!(round(&server).await.sent, 0);
    server.clock.advance(Duration::minutes(5));
    play(&deniz, &third).await;
    assert_eq!(round(&server).await.sent, 0);
    server.clock.advance(Duration::minutes(5));
    let sent = round(&server).await;
    assert_eq!(sent.sent, 1, "{sent:?}");
    assert_eq!(round(&server).await.sent, 0);

    let mails = sink.mails();
    assert_eq!(mails.len(), 2);
    let mail = &mails[1];
    assert_eq!(
        mail.header("Subject"),
        Some("Your opponents moved: your move in 2 games on seedpost")
    );
    let body = mail.text();
    assert!(
        body.contains("Your opponents moved in these games"),
        "{body}"
    );
    assert!(body.contains("* Tihbat against ceren"), "{body}");
    assert!(body.contains("* Modiar against deniz"), "{body}");
    assert!(
        body.contains(&format!("{}{second}\n", server.base)),
        "{body}"
    );
    assert!(
        body.contains(&format!("{}{third}\n", server.base)),
        "{body}"
    );
    assert!(
        !body.contains(&first),
        "the first game's move had its mail already:\n{body}"
    );
}

async fn no_mail_goes_while_the_player_has_the_game_open((server, sink): (Server, SmtpSink)) {
    let ayse = player(&server, "ayse", "ayse@example.org", true).await;
    let mehmet = player(&server, "mehmet", "mehmet@example.org", false).await;
    let game = start_game(&ayse, &mehmet, "mehmet", "mangala", "opponent").await;

    // Ayse has the game open: its page follows the live stream.
    let stream = ayse
        .client
        .get(format!("{}{game}/live", server.base))
        .send()
        .await
        .expect("the stream opens");
    assert_eq!(stream.status(), StatusCode::OK);
    // A visitor's stream (not a player's) holds nothing back for Ayse.
    let watcher = reqwest::Client::new()
        .get(format!("{}{game}/live", server.base))
        .send()
        .await
        .expect("the stream opens");
    play(&mehmet, &game).await;
    let skipped = round(&server).await;
    assert_eq!(skipped.sent, 0, "{skipped:?}");
    assert_eq!(skipped.skipped, 1, "{skipped:?}");
    assert!(sink.mails().is_empty());

    // She closes the page; her turns bring mails again.
    drop(stream);
    drop(watcher);
    server.clock.advance(Duration::minutes(2));
    play(&ayse, &game).await;
    play(&mehmet, &game).await;
    assert_eq!(round(&server).await.sent, 1);
    let mails = sink.mails();
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].to, ["ayse@example.org"]);
}

async fn no_mail_goes_when_the_player_turned_it_off_or_has_no_address(
    (server, sink): (Server, SmtpSink),
) {
    // Ayse gave an address but never turned turn mails on; Mehmet turned them on
    // without an address.
    let ayse = player(&server, "ayse", "ayse@example.org", false).await;
    let mehmet = Browser::new(&server);
    mehmet.sign_up("mehmet").await;
    let page = mehmet.get("/settings/notifications").await;
    let form = page.form("form[action='/settings/notifications']");
    let on = mehmet
        .submit(&Form {
            action: form.action.clone(),
            fields: form
                .fields
                .iter()
                .filter(|(name, _)| name == "csrf")
                .cloned()
                .chain([("email".to_owned(), "your_turn".to_owned())])
                .collect(),
        })
        .await;
    assert_eq!(on.status, StatusCode::OK);
    let game = start_game(&ayse, &mehmet, "mehmet", "mangala", "challenger").await;
    play(&ayse, &game).await;
    play(&mehmet, &game).await;
    play(&ayse, &game).await;
    assert_eq!(round(&server).await, TurnMailRound::default());
    assert!(sink.mails().is_empty());
}

async fn a_server_without_smtp_sends_no_turn_mail(server: Server) {
    let ayse = Browser::new(&server);
    ayse.sign_up("ayse").await;
    let mehmet = Browser::new(&server);
    mehmet.sign_up("mehmet").await;
    let game = start_game(&ayse, &mehmet, "mehmet", "mangala", "opponent").await;
    play(&mehmet, &game).await;
    assert_eq!(round(&server).await, TurnMailRound::default());
}

async fn a_refused_address_backs_off_that_player_only((server, sink): (Server, SmtpSink)) {
    let refused = format!("ayse@{REFUSED_DOMAIN}");
    let ayse = player(&server, "ayse", &refused, true).await;
    let ceren = player(&server, "ceren", "ceren@example.org", true).await;
    let mehmet = player(&server, "mehmet", "mehmet@example.org", false).await;
    let theirs = start_game(&ayse, &mehmet, "mehmet", "mangala", "opponent").await;
    let hers = start_game(&ceren, &mehmet, "mehmet", "mangala", "opponent").await;
    play(&mehmet, &theirs).await;
    play(&mehmet, &hers).await;
    let first = round(&server).await;
    assert_eq!((first.sent, first.failed), (1, 1), "{first:?}");
    assert_eq!(sink.mails().len(), 1);
    assert_eq!(sink.mails()[0].to, ["ceren@example.org"]);
    // Ayse's is tried again after 5 minutes, not before.
    server.clock.advance(Duration::minutes(4));
    assert_eq!(round(&server).await.failed, 0);
    server.clock.advance(Duration::minutes(1));
    assert_eq!(round(&server).await.failed, 1);
}

async fn a_turn_mail_comes_in_the_players_language((server, sink): (Server, SmtpSink)) {
    let ayse = player(&server, "ayse", "ayse@example.org", true).await;
    let mehmet = player(&server, "mehmet", "mehmet@example.org", false).await;
    let account = server
        .service
        .store()
        .account_by_name("ayse")
        .await
        .expect("ayse");
    server
        .service
        .store()
        .set_language(account.id, Some(Lang::Tr))
        .await
        .expect("a language");
    let game = start_game(&ayse, &mehmet, "mehmet", "mangala", "opponent").await;
    play(&mehmet, &game).await;
    assert_eq!(round(&server).await.sent, 1);
    let mail = &sink.mails()[0];
    assert_eq!(mail.header("Content-Transfer-Encoding"), Some("base64"));
    assert_eq!(
        mail.subject(),
        "mehmet hamlesini yaptı: Mangala oyununda sıra sende",
        "{}",
        mail.data
    );
    let body = mail.text();
    assert!(body.contains("Merhaba ayse,"), "{body}");
    assert!(
        body.contains("Rakibin hamlesini yaptı, sıra sende"),
        "{body}"
    );
}

async fn two_instances_sending_at_once_send_each_mail_once((server, sink): (Server, SmtpSink)) {
    let url = sink.url();
    let Some(second) = server
        .instance()
        .clock(server.clock.clone())
        .configure(move |service, base| service.with_digest(mailer(&url, base)))
        .start()
        .await
    else {
        return;
    };
    let mehmet = player(&server, "mehmet", "mehmet@example.org", false).await;
    let names = ["ayse", "ceren", "deniz", "emre"];
    for name in names {
        let browser = player(&server, name, &format!("{name}@example.org"), true).await;
        let game = start_game(&browser, &mehmet, "mehmet", "mangala", "opponent").await;
        play(&mehmet, &game).await;
    }
    let (a, b) = tokio::join!(round(&server), round(&second));
    assert_eq!(a.sent + b.sent, names.len(), "{a:?} {b:?}");
    let (a, b) = tokio::join!(round(&server), round(&second));
    assert_eq!(a.sent + b.sent, 0, "{a:?} {b:?}");
    let mut to: Vec<String> = sink.mails().iter().map(|m| m.to.join(",")).collect();
    to.sort();
    assert_eq!(
        to,
        names.map(|n| format!("{n}@example.org")),
        "one mail each"
    );
}

on_both_backends!(
    one_mail_goes_per_move_and_the_next_waits_for_the_throttle,
    the_moves_of_the_throttles_window_come_together_in_one_mail,
    no_mail_goes_while_the_player_has_the_game_open,
    no_mail_goes_when_the_player_turned_it_off_or_has_no_address,
    a_server_without_smtp_sends_no_turn_mail,
    a_refused_address_backs_off_that_player_only,
    a_turn_mail_comes_in_the_players_language,
    two_instances_sending_at_once_send_each_mail_once,
);
