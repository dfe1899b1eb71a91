//! Deadline reminders through the API's clock: `time_running_out` goes to the player to
//! move once 80% of its time for the move is used, once per ply, and again after the
//! next move at the next player's 80%; and the reminders the player sets go at their
//! times on each channel (push through the stand-in push service, mails through a
//! local SMTP sink, `time_running_out` events for bots), once each, none while the
//! clock stands, once over two instances.

use chrono::{DateTime, Duration, Utc};
use reqwest::Method;
use seedpost::clock::Clock as _;
use seedpost::domain::EventKind;
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};
use crate::support::push::{PushService, Received};
use crate::support::smtp::{Mail, SmtpSink, mailer};

crate::on_both_backends!(
    the_player_to_move_is_told_once_when_four_fifths_of_its_time_is_used,
    no_one_is_told_in_a_game_that_is_over,
    push_and_bot_reminders_go_at_the_times_the_player_chose_once_each,
    a_reminder_as_long_as_the_move_is_skipped_and_late_ones_give_way_to_the_nearest,
    no_reminder_goes_while_the_player_is_on_vacation,
    two_instances_sweeping_at_once_send_each_reminder_once,
    email_reminders_go_at_the_times_the_player_chose_once_each_in_their_language,
    a_refused_reminder_mail_counts_nothing_and_goes_at_a_later_sweep,
    no_reminder_mail_is_claimed_without_an_address_or_an_smtp_server,
);

/// The plies of the games at which `name` was told that time is running out.
async fn reminders(app: &TestApp, name: &str) -> Vec<u64> {
    let account = app.service.account(name).await.expect("the account");
    app.service
        .events_since(account.id, 0, 500)
        .await
        .expect("the events")
        .into_iter()
        .filter(|e| e.kind == EventKind::TimeRunningOut)
        .map(|e| {
            let payload: Value = serde_json::from_str(&e.payload).expect("a JSON payload");
            payload["game"]["ply"].as_u64().expect("the game's ply")
        })
        .collect()
}

async fn sweep(app: &TestApp) {
    app.service.sweep_timeouts().await.expect("a sweep");
}

async fn the_player_to_move_is_told_once_when_four_fifths_of_its_time_is_used(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    // Three days a move: Ayse, to move, is told once 57.6 hours are used.
    let game = app
        .start_game(&ayse, &mehmet, "mangala", "challenger")
        .await;
    app.clock.advance(Duration::hours(57));
    sweep(&app).await;
    assert_eq!(
        reminders(&app, "ayse").await,
        Vec::<u64>::new(),
        "not before 80%"
    );
    app.clock.advance(Duration::hours(1));
    sweep(&app).await;
    sweep(&app).await;
    assert_eq!(reminders(&app, "ayse").await, [0], "once, at ply 0");
    assert_eq!(reminders(&app, "mehmet").await, Vec::<u64>::new());

    // After Ayse's move the clock starts again for the side to move.
    let game = app.play(&ayse, &game, 1).await.expect(201);
    let (next, other) = if game["players"][game["to_move"].as_str().expect("a side")] == "ayse" {
        ("ayse", "mehmet")
    } else {
        ("mehmet", "ayse")
    };
    let before = reminders(&app, next).await.len();
    app.clock.advance(Duration::hours(57));
    sweep(&app).await;
    assert_eq!(reminders(&app, next).await.len(), before, "not before 80%");
    app.clock.advance(Duration::hours(1));
    sweep(&app).await;
    let told = reminders(&app, next).await;
    assert_eq!(told.len(), before + 1, "{next} told once more: {told:?}");
    assert_eq!(told.last(), Some(&1), "at ply 1");
    assert_eq!(
        reminders(&app, other).await.len(),
        usize::from(other == "ayse"),
        "{other} is not to move"
    );
}

async fn no_one_is_told_in_a_game_that_is_over(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app.start_game(&ayse, &mehmet, "tihbat", "challenger").await;
    app.resign(&ayse, &game).await.expect(200);
    app.clock.advance(Duration::hours(70));
    sweep(&app).await;
    assert_eq!(reminders(&app, "ayse").await, Vec::<u64>::new());
    assert_eq!(reminders(&app, "mehmet").await, Vec::<u64>::new());
}

/// The stand-in push service with `player`'s phone subscribed to it.
async fn phone(app: &TestApp, player: &Player) -> PushService {
    let key = app.get("/push/key", None).await.expect(200);
    let push = PushService::start(key["public_key"].as_str().expect("a key")).await;
    app.post(
        "/me/push-subscriptions",
        Some(&player.token),
        push.device("phone"),
    )
    .await
    .expect(201);
    push
}

/// Sets `player`'s reminder times: push and bot, the others none.
async fn choose(app: &TestApp, player: &Player, push: &[u32], bot: &[u32]) {
    choose_all(app, player, push, &[], bot).await;
}

/// Sets `player`'s reminder times: push, e-mail and bot, the calendar's none.
async fn choose_all(app: &TestApp, player: &Player, push: &[u32], email: &[u32], bot: &[u32]) {
    app.put(
        "/me/notifications",
        Some(&player.token),
        json!({
            "push": {"kinds": ["your_turn"], "reminders": push},
            "email": {"kinds": [], "reminders": email},
            "calendar": {"kinds": [], "reminders": []},
            "bot": {"kinds": [], "reminders": bot},
        }),
    )
    .await
    .expect(200);
}

/// Starts a game of `days` per move, `challenger` to move.
async fn game_of(app: &TestApp, challenger: &Player, opponent: &Player, days: u32) -> Value {
    let challenge = app
        .post(
            "/challenges",
            Some(&challenger.token),
            json!({"variant": "mangala", "days_per_move": days, "first": "challenger",
                   "opponent": opponent.username}),
        )
        .await
        .expect(201);
    let id = challenge["id"].as_str().expect("an id");
    app.post(
        &format!("/challenges/{id}/accept"),
        Some(&opponent.token),
        json!({}),
    )
    .await
    .expect(201)
}

/// One reminder round of `service`.
async fn reminder_round(
    service: &seedpost::service::Service,
) -> seedpost::notifications::service::reminders::ReminderRound {
    service.send_reminders().await.expect("a reminder round")
}

/// One reminder round, then the push messages it queued delivered.
async fn remind(app: &TestApp) -> seedpost::notifications::service::reminders::ReminderRound {
    let round = reminder_round(&app.service).await;
    app.service.deliver_push().await.expect("a push round");
    round
}

/// The `minutes_left` of the push reminders received, in order.
fn pushed(received: &[Received]) -> Vec<u64> {
    received
        .iter()
        .filter(|r| r.payload["type"] == "time_running_out")
        .map(|r| r.payload["minutes_left"].as_u64().expect("minutes left"))
        .collect()
}

/// The `minutes_left` of `name`'s `time_running_out` events, in order.
async fn bot_minutes(app: &TestApp, name: &str) -> Vec<u64> {
    let account = app.service.account(name).await.expect("the account");
    app.service
        .events_since(account.id, 0, 500)
        .await
        .expect("the events")
        .into_iter()
        .filter(|e| e.kind == EventKind::TimeRunningOut)
        .map(|e| {
            let payload: Value = serde_json::from_str(&e.payload).expect("a JSON payload");
            payload["minutes_left"].as_u64().expect("minutes left")
        })
        .collect()
}

async fn push_and_bot_reminders_go_at_the_times_the_player_chose_once_each(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    choose(&app, &ayse, &[1440, 120], &[240]).await;
    let push = phone(&app, &ayse).await;
    // Three days a move from Monday noon: due Thursday noon.
    let game = game_of(&app, &ayse, &mehmet, 3).await;
    let id = game["id"].as_str().expect("an id");

    app.clock.advance(Duration::hours(47));
    let round = remind(&app).await;
    assert_eq!((round.push, round.bot), (0, 0), "25 h left: {round:?}");
    app.clock.advance(Duration::hours(1));
    assert_eq!(remind(&app).await.push, 1, "24 h left");
    assert_eq!(remind(&app).await.push, 0, "once");
    let got = push.received("phone");
    assert_eq!(pushed(&got), [1440]);
    let first = &got[got.len() - 1];
    assert_eq!(
        first.payload["tag"],
        format!("game-{id}"),
        "one tag per game"
    );
    assert_eq!(first.payload["url"], format!("/games/{id}"));
    assert_eq!(
        first.payload["body"],
        "Mangala: ayse – mehmet — 1 day 0 hours left for your move"
    );
    assert_eq!(first.urgency, "normal");
    assert_eq!(first.ttl, 24 * 3600, "of no use after the deadline");

    // 4 h left: the bot's reminder, with the minutes left.
    app.clock.advance(Duration::hours(20));
    let round = remind(&app).await;
    assert_eq!((round.push, round.bot), (0, 1), "{round:?}");
    assert_eq!(remind(&app).await.bot, 0, "once");
    assert_eq!(bot_minutes(&app, "ayse").await, [240]);
    // 2 h left: the push reminder, urgent now.
    app.clock.advance(Duration::hours(2));
    assert_eq!(remind(&app).await.push, 1);
    app.clock.advance(Duration::minutes(30));
    assert_eq!(
        remind(&app).await,
        seedpost::notifications::service::reminders::ReminderRound::default()
    );
    let got = push.received("phone");
    assert_eq!(pushed(&got), [1440, 120]);
    assert_eq!(got[got.len() - 1].urgency, "high");
    push.assert_all_valid();
    // The opponent, not to move, got nothing.
    assert!(bot_minutes(&app, "mehmet").await.is_empty());

    // A move starts the reminders afresh for the next player to move: none for
    // mehmet, who chose none for bots and has no device.
    let game = app.game(id).await;
    let pit = game["legal_moves"][0].as_u64().expect("a legal move");
    app.play(&ayse, &game, pit).await.expect(201);
    app.clock.advance(Duration::hours(71));
    assert_eq!(
        remind(&app).await,
        seedpost::notifications::service::reminders::ReminderRound::default()
    );
}

async fn a_reminder_as_long_as_the_move_is_skipped_and_late_ones_give_way_to_the_nearest(
    app: TestApp,
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    choose(&app, &ayse, &[120, 1440, 2880], &[60, 240, 480]).await;
    let push = phone(&app, &ayse).await;
    // One day a move: 24 h and 48 h are as long as the move or longer, never sent.
    game_of(&app, &ayse, &mehmet, 1).await;
    let round = remind(&app).await;
    assert_eq!((round.push, round.bot), (0, 0), "{round:?}");
    app.clock.advance(Duration::hours(21));
    let round = remind(&app).await;
    assert_eq!(
        (round.push, round.bot),
        (0, 1),
        "3 h left: the bot's 4 h reminder"
    );
    // The sweeper was away from 3 h to 30 min left: 2 h and 1 h came due together,
    // and only the nearest goes.
    app.clock.advance(Duration::minutes(150));
    let round = remind(&app).await;
    assert_eq!((round.push, round.bot), (1, 1), "{round:?}");
    assert_eq!(
        remind(&app).await,
        seedpost::notifications::service::reminders::ReminderRound::default()
    );
    assert_eq!(bot_minutes(&app, "ayse").await, [180, 30]);
    assert_eq!(pushed(&push.received("phone")), [30]);
}

async fn no_reminder_goes_while_the_player_is_on_vacation(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    choose(&app, &ayse, &[120], &[120, 1440]).await;
    let push = phone(&app, &ayse).await;
    game_of(&app, &ayse, &mehmet, 3).await;
    // 30 h left, Ayse goes away for three days: nothing while away.
    app.clock.advance(Duration::hours(42));
    app.call(Method::POST, "/me/vacation", Some(&ayse.token), None)
        .await
        .expect(200);
    for _ in 0..6 {
        app.clock.advance(Duration::hours(12));
        assert_eq!(
            remind(&app).await,
            seedpost::notifications::service::reminders::ReminderRound::default()
        );
    }
    // Back with the 30 h still left: the reminders come at their times.
    app.call(Method::DELETE, "/me/vacation", Some(&ayse.token), None)
        .await
        .expect(200);
    assert_eq!(
        remind(&app).await,
        seedpost::notifications::service::reminders::ReminderRound::default()
    );
    app.clock.advance(Duration::hours(6));
    assert_eq!(remind(&app).await.bot, 1, "24 h left");
    app.clock.advance(Duration::hours(22));
    let round = remind(&app).await;
    assert_eq!((round.push, round.bot), (1, 1), "2 h left");
    assert_eq!(bot_minutes(&app, "ayse").await, [1440, 120]);
    assert_eq!(pushed(&push.received("phone")), [120]);
}

async fn two_instances_sweeping_at_once_send_each_reminder_once((app, sink): (TestApp, SmtpSink)) {
    let url = sink.url();
    let two = app
        .instance()
        .clock(app.clock.clone())
        .configure(move |service, base| service.with_digest(mailer(&url, base)))
        .start()
        .await
        .expect("a second instance");
    let players = ["ann", "bob", "cem", "dan"];
    let mut signed = Vec::new();
    for name in players {
        signed.push(app.sign_up(name).await);
    }
    let key = app.get("/push/key", None).await.expect(200);
    let push = PushService::start(key["public_key"].as_str().expect("a key")).await;
    for (player, name) in signed.iter().zip(players) {
        choose_all(&app, player, &[120, 1440], &[120, 1440], &[120, 1440]).await;
        address(&app, player, &format!("{name}@example.org")).await;
        app.post(
            "/me/push-subscriptions",
            Some(&player.token),
            push.device(name),
        )
        .await
        .expect(201);
    }
    // Each player to move in one game.
    for pair in signed.chunks(2) {
        game_of(&app, &pair[0], &pair[1], 2).await;
        game_of(&app, &pair[1], &pair[0], 2).await;
    }
    for hours in [24, 22] {
        app.clock.advance(Duration::hours(hours));
        let (mut pushes, mut mails, mut events) = (0, 0, 0);
        for _ in 0..3 {
            let (x, y) = tokio::join!(app.service.send_reminders(), two.service.send_reminders());
            let (x, y) = (x.expect("a round"), y.expect("a round"));
            pushes += x.push + y.push;
            mails += x.email + y.email;
            events += x.bot + y.bot;
        }
        assert_eq!(
            (pushes, mails, events),
            (4, 4, 4),
            "one each per player, {hours} h on"
        );
        let (x, y) = tokio::join!(app.service.deliver_push(), two.service.deliver_push());
        x.expect("a push round");
        y.expect("a push round");
    }
    push.assert_all_valid();
    let mails = reminder_mails(&sink);
    for name in players {
        assert_eq!(pushed(&push.received(name)), [1440, 120], "{name}");
        assert_eq!(bot_minutes(&app, name).await, [1440, 120], "{name}");
        let to = format!("{name}@example.org");
        assert_eq!(
            mails.iter().filter(|m| m.to == [to.as_str()]).count(),
            2,
            "{name}"
        );
    }
    assert_eq!(mails.len(), 8);
}

/// Sets `player`'s address on the Reminders page (the daily digest left off).
async fn address(app: &TestApp, player: &Player, email: &str) {
    app.put(
        "/me/digest",
        Some(&player.token),
        json!({"email": email, "enabled": false}),
    )
    .await
    .expect(200);
}

/// The reminder mails the sink received, oldest first (not the other mails).
fn reminder_mails(sink: &SmtpSink) -> Vec<Mail> {
    sink.mails()
        .into_iter()
        .filter(|m| {
            m.header("Message-ID")
                .is_some_and(|id| id.starts_with("<reminder."))
        })
        .collect()
}

/// How the mails say the time left from `now` to the game's deadline, in English
/// and in Turkish: days and hours, or hours (the reminders here fall on whole hours).
fn time_left(game: &Value, now: DateTime<Utc>) -> (String, String) {
    let deadline: DateTime<Utc> = game["deadline"]
        .as_str()
        .expect("a deadline")
        .parse()
        .expect("an RFC 3339 time");
    let left = deadline - now;
    assert_eq!(left.num_minutes() % 60, 0, "{left}");
    let (days, hours) = (left.num_days(), left.num_hours() % 24);
    let en =
        |count: i64, unit: &str| format!("{count} {unit}{}", if count == 1 { "" } else { "s" });
    if days > 0 {
        (
            format!("{} {}", en(days, "day"), en(hours, "hour")),
            format!("{days} gün {hours} saat"),
        )
    } else {
        (en(hours, "hour"), format!("{hours} saat"))
    }
}

/// One reminder round; the mails it counted.
async fn mail_round(app: &TestApp) -> usize {
    let round = reminder_round(&app.service).await;
    assert_eq!((round.push, round.bot), (0, 0), "{round:?}");
    round.email
}

/// Checks that `mail` is the reminder of `game`: its subject, and a text with
/// `lines`, the game's link and the link to the notifications settings. Returns the
/// text.
fn assert_reminder(
    app: &TestApp,
    mail: &Mail,
    game: &Value,
    subject: &str,
    lines: [String; 2],
) -> String {
    assert_eq!(mail.subject(), subject);
    let body = mail.text();
    let base = &app.base;
    let links = [
        format!("\n  {base}/games/{}\n", game["id"].as_str().expect("an id")),
        format!("\n{base}/settings/notifications\n"),
    ];
    for expected in lines.iter().chain(&links) {
        assert!(body.contains(expected.as_str()), "{expected:?} in:\n{body}");
    }
    body
}

async fn email_reminders_go_at_the_times_the_player_chose_once_each_in_their_language(
    (app, sink): (TestApp, SmtpSink),
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    app.put("/me/language", Some(&ayse.token), json!({"language": "tr"}))
        .await
        .expect(200);
    choose_all(&app, &ayse, &[], &[1440, 120], &[]).await;
    choose_all(&app, &mehmet, &[], &[120], &[]).await;
    address(&app, &ayse, "ayse@example.org").await;
    address(&app, &mehmet, "mehmet@example.org").await;
    // Three days a move from Monday noon: Ayse to move in one game, Mehmet in another.
    let hers = game_of(&app, &ayse, &mehmet, 3).await;
    let his = game_of(&app, &mehmet, &ayse, 3).await;

    app.clock.advance(Duration::hours(47));
    assert_eq!(mail_round(&app).await, 0, "25 h left");
    app.clock.advance(Duration::hours(1));
    assert_eq!(mail_round(&app).await, 1, "24 h left: Ayse's");
    assert_eq!(mail_round(&app).await, 0, "once");
    let mails = reminder_mails(&sink);
    assert_eq!(mails.len(), 1);
    let mail = &mails[0];
    assert_eq!(mail.to, ["ayse@example.org"]);
    let (_, left) = time_left(&hers, app.clock.now());
    let body = assert_reminder(
        &app,
        mail,
        &hers,
        &format!("Mangala oyununda mehmet ile: hamlen için {left} kaldı"),
        [
            "Merhaba ayse,".to_owned(),
            format!("Hamle süren azalıyor: {left} kaldı (saatler UTC):"),
        ],
    );
    assert!(
        !body.contains(his["id"].as_str().expect("an id")),
        "only the game of the reminder:\n{body}"
    );

    // 2 h left: both, each in their language.
    app.clock.advance(Duration::hours(22));
    assert_eq!(mail_round(&app).await, 2);
    assert_eq!(mail_round(&app).await, 0, "once");
    app.clock.advance(Duration::minutes(30));
    assert_eq!(mail_round(&app).await, 0, "nothing later");
    let mails = reminder_mails(&sink);
    assert_eq!(mails.len(), 3);
    let now = app.clock.now() - Duration::minutes(30);
    let to_mehmet = mails
        .iter()
        .find(|m| m.to == ["mehmet@example.org"])
        .expect("Mehmet's mail");
    let (left, _) = time_left(&his, now);
    assert_reminder(
        &app,
        to_mehmet,
        &his,
        &format!("{left} left for your move against ayse in Mangala"),
        [
            "Hello mehmet,".to_owned(),
            format!("Your time to move is running out: {left} left (times in UTC):"),
        ],
    );
    let (_, left) = time_left(&hers, now);
    assert!(
        mails.iter().any(
            |m| m.to == ["ayse@example.org"] && m.subject().ends_with(&format!("{left} kaldı"))
        ),
        "Ayse's 2 h reminder"
    );
}

async fn a_refused_reminder_mail_counts_nothing_and_goes_at_a_later_sweep(
    (app, sink): (TestApp, SmtpSink),
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    choose_all(&app, &ayse, &[], &[120], &[]).await;
    address(&app, &ayse, "ayse@example.org").await;
    game_of(&app, &ayse, &mehmet, 1).await;
    app.clock.advance(Duration::hours(22));

    sink.refuse_next();
    assert_eq!(mail_round(&app).await, 0, "the server refused it");
    assert!(reminder_mails(&sink).is_empty());
    // The account backs off as for the digest, then the reminder (given back) goes.
    assert_eq!(mail_round(&app).await, 0, "backing off");
    app.clock
        .advance(seedpost::notifications::service::digest::DIGEST_BACKOFF[0]);
    assert_eq!(mail_round(&app).await, 1, "the sweep after the back-off");
    assert_eq!(mail_round(&app).await, 0, "once");
    assert_eq!(reminder_mails(&sink).len(), 1);
}

async fn no_reminder_mail_is_claimed_without_an_address_or_an_smtp_server(
    (app, sink): (TestApp, SmtpSink),
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    choose_all(&app, &ayse, &[], &[120], &[]).await;
    choose_all(&app, &mehmet, &[], &[120], &[]).await;
    game_of(&app, &ayse, &mehmet, 1).await;
    game_of(&app, &mehmet, &ayse, 1).await;
    address(&app, &mehmet, "mehmet@example.org").await;
    // A second instance on the same database without SMTP.
    let plain = app
        .instance()
        .clock(app.clock.clone())
        .start()
        .await
        .expect("an instance without SMTP");
    app.clock.advance(Duration::hours(22));
    assert_eq!(
        reminder_round(&plain.service).await.email,
        0,
        "no SMTP server"
    );
    // Ayse has no address: nothing for her, Mehmet's reminder still unclaimed.
    assert_eq!(mail_round(&app).await, 1);
    let mails = reminder_mails(&sink);
    assert_eq!(mails.len(), 1);
    assert_eq!(mails[0].to, ["mehmet@example.org"]);
    // Once she gives one, her reminder (never claimed) goes.
    address(&app, &ayse, "ayse@example.org").await;
    assert_eq!(mail_round(&app).await, 1);
    assert_eq!(mail_round(&app).await, 0);
    assert_eq!(reminder_mails(&sink)[1].to, ["ayse@example.org"]);
}
