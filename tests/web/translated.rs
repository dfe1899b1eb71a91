//! Languages (issue 22), the home, account, settings, tournament, match and player
//! pages and their lists of games:
//! in another language no English sentence of theirs is left, a refused form says why
//! in the visitor's language, and counts take the language's plural forms.

use reqwest::StatusCode;

use crate::helpers::{Browser, Page, Server};
use crate::on_both_backends;

on_both_backends!(
    no_english_sentence_is_left_on_these_pages_in_turkish,
    a_refused_form_says_why_in_the_visitors_language,
    counts_take_the_plural_forms_of_the_language,
    an_error_page_says_what_happened_in_the_visitors_language,
    a_refused_challenge_says_why_in_the_visitors_language,
);

/// Words that are the same in every language: names of people, games and the site.
const NAMES: [&str; 13] = [
    "ayse", "mehmet", "Mangala", "Modiar", "Tihbat", "Kalah", "Oware", "Togyz", "kumalak",
    "seedpost", "UTC", "Cup", "API",
];

/// `text` with every run of white space made one space.
fn normalised(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The texts of `main`'s headings, paragraphs, labels, buttons, table heads, list
/// items, links and options that hold at least two words other than names.
fn sentences(page: &Page) -> Vec<String> {
    let mut out = Vec::new();
    let css = [
        "h1", "h2", "p", "label", "button", "th", "legend", "li", "a", "option",
    ]
    .map(|tag| format!("main {tag}"))
    .join(", ");
    for element in page.all(&css) {
        let text = normalised(&element.text().collect::<String>());
        let words = text
            .split(|c: char| !c.is_alphabetic())
            .filter(|w| w.chars().count() >= 3 && !NAMES.contains(w))
            .count();
        if words >= 2 {
            out.push(text);
        }
    }
    out
}

/// A tournament of ayse and mehmet that has started, a match between them with a
/// game resigned, and a finished game: returns the tournament's and the match's paths.
async fn a_tournament_and_a_match(
    server: &Server,
    ayse: &Browser,
    mehmet: &Browser,
) -> (String, String) {
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    let list = ayse.get("/tournaments").await;
    let page = ayse
        .submit(
            &list
                .form("form#new-tournament")
                .set("name", "Cup")
                .set("variant", "mangala")
                .set("starts_at", "2026-12-01T12:00")
                .set("max_players", "4"),
        )
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let tournament = page.url.trim_start_matches(&ayse.base).to_owned();
    ayse.submit(&page.form("form#join")).await;
    let theirs = mehmet.get(&tournament).await;
    mehmet.submit(&theirs.form("form#join")).await;
    server.clock.advance(chrono::Duration::days(1));
    server.service.sweep_timeouts().await.expect("a sweep");

    let home = ayse.get("/").await;
    let after = ayse
        .submit(
            &home
                .form("form#new-challenge")
                .set("variant", "mangala")
                .set("first", "challenger")
                .set("opponent", "mehmet")
                .set("games", "3")
                .set("schedule", "sequential"),
        )
        .await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    let theirs = mehmet.get("/").await;
    let game = mehmet
        .submit(&theirs.form(".challenge-to-me form[action$='/accept']"))
        .await;
    let matched = game.attr("#match-link", "href");
    assert!(matched.starts_with("/matches/"), "{}", game.body);
    let account = server.service.account("mehmet").await.expect("mehmet");
    let id = game
        .url
        .trim_start_matches(&mehmet.base)
        .trim_start_matches("/games/")
        .parse()
        .expect("a game id");
    server
        .service
        .resign(&account, id)
        .await
        .expect("mehmet resigns");
    (tournament, matched)
}

async fn no_english_sentence_is_left_on_these_pages_in_turkish(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    let (tournament, matched) = a_tournament_and_a_match(&server, &ayse, &mehmet).await;
    let visitor = Browser::new(&server);
    let ongoing = ayse.api("/games?player=ayse&status=ongoing").await;
    let game = format!(
        "/games/{}",
        ongoing[0]["id"].as_str().expect("an ongoing game")
    );
    let pages = [
        (&ayse, game.clone()),
        (&mehmet, game.clone()),
        (&ayse, format!("{game}/resign")),
        (&ayse, format!("{game}/abort")),
        (&ayse, "/settings/play".to_owned()),
        (&visitor, "/".to_owned()),
        (&ayse, "/".to_owned()),
        (&mehmet, "/".to_owned()),
        (&visitor, "/login".to_owned()),
        (&visitor, "/signup".to_owned()),
        (&visitor, "/offline".to_owned()),
        (&visitor, "/standings".to_owned()),
        (&visitor, "/standings?variant=mangala".to_owned()),
        (&visitor, "/tournaments".to_owned()),
        (&ayse, "/tournaments".to_owned()),
        (&ayse, tournament.clone()),
        (&ayse, format!("{tournament}/withdraw")),
        (&visitor, matched.clone()),
        (&visitor, "/players/ayse".to_owned()),
        (&visitor, "/players/ayse/games".to_owned()),
        (&visitor, "/players/ayse/games?result=won".to_owned()),
        (&ayse, "/settings".to_owned()),
        (&ayse, "/settings/tokens".to_owned()),
        (&ayse, "/settings/reminders".to_owned()),
        (&ayse, "/settings/vacation".to_owned()),
        (&ayse, "/settings/notifications".to_owned()),
        (&ayse, "/settings/account".to_owned()),
        (&visitor, "/analysis".to_owned()),
        (
            &visitor,
            "/analysis?variant=tihbat&south=0,3&north=2,1&to_move=north".to_owned(),
        ),
        (
            &visitor,
            "/analysis?variant=mangala&position=0,0,0,0,0,1/1,1,0,0,0,0/south".to_owned(),
        ),
        (
            &visitor,
            format!(
                "/games/{}",
                ayse.api("/games?player=ayse&status=finished").await[0]["id"]
                    .as_str()
                    .expect("a finished game")
            ),
        ),
    ];
    for (browser, path) in pages {
        let joiner = if path.contains('?') { '&' } else { '?' };
        let english = browser.get(&format!("{path}{joiner}lang=en")).await;
        let turkish = browser.get(&format!("{path}{joiner}lang=tr")).await;
        assert_eq!(english.status, StatusCode::OK, "{path}: {}", english.body);
        assert_eq!(turkish.status, StatusCode::OK, "{path}: {}", turkish.body);
        let english = sentences(&english);
        assert!(!english.is_empty(), "{path} has sentences");
        let text = normalised(&turkish.text("main"));
        let left: Vec<&String> = english.iter().filter(|s| text.contains(*s)).collect();
        assert!(left.is_empty(), "{path} in Turkish still says {left:?}");
    }
}

async fn a_refused_form_says_why_in_the_visitors_language(server: Server) {
    let ayse = Browser::new(&server);
    ayse.sign_up("ayse").await;
    let other = Browser::new(&server);
    let login = other.get_accepting("/login", "tr").await;
    assert_eq!(login.text("main h1"), "Giriş yap");
    let greek = other
        .press(&login.form("form#languages"), "lang", "el")
        .await;
    let wrong = other
        .submit(
            &greek
                .form("form[action='/login']")
                .set("username", "ayse")
                .set("password", "not the password"),
        )
        .await;
    assert_eq!(wrong.status, StatusCode::UNAUTHORIZED);
    assert_eq!(wrong.text("#form-error"), "Λάθος όνομα χρήστη ή κωδικός");

    let catalan = ayse
        .press(&ayse.get("/").await.form("form#languages"), "lang", "ca")
        .await;
    assert_eq!(catalan.status, StatusCode::OK);
    let page = ayse.get("/settings/account").await;
    let refused = ayse
        .submit(
            &page
                .form("form[action='/settings/account/password']")
                .set("current", "not the password")
                .set("new", "a new password"),
        )
        .await;
    assert_eq!(
        refused.text("#form-error"),
        "La contrasenya actual és incorrecta"
    );
    let list = ayse.get("/tournaments").await;
    let refused = ayse
        .submit(
            &list
                .form("form#new-tournament")
                .set("name", " ")
                .set("starts_at", "2026-12-01T12:00"),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.text("#tournament-error"),
        "El nom d'un torneig té d'1 a 60 caràcters, cap de control"
    );
}

async fn counts_take_the_plural_forms_of_the_language(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    let (tournament, matched) = a_tournament_and_a_match(&server, &ayse, &mehmet).await;
    // Two games of the (double round robin) tournament are ayse's: Arabic has a form
    // of its own for two.
    let withdraw = format!("{tournament}/withdraw");
    let arabic = ayse.get(&format!("{withdraw}?lang=ar")).await;
    assert_eq!(
        arabic.text("#withdraw-games"),
        "مباراتاك الجاريتان ستُحتسبان استسلامًا: كل منهما خسارة. لا يمكن التراجع عن هذا."
    );
    let english = ayse.get(&format!("{withdraw}?lang=en")).await;
    assert!(
        english
            .text("#withdraw-games")
            .starts_with("Your 2 games still going on will be resigned"),
        "{}",
        english.body
    );
    // A match of 3 games: Arabic's "few" (3 to 10), Greek's genitive plural.
    let arabic = ayse.get(&format!("{matched}?lang=ar")).await;
    assert!(
        arabic
            .text(".match-terms")
            .starts_with("سلسلة من 3 مباريات، واحدة بعد الأخرى"),
        "{}",
        arabic.text(".match-terms")
    );
    let greek = ayse.get(&format!("{matched}?lang=el")).await;
    assert!(
        greek.text(".match-terms").starts_with("Αγώνας 3 παρτίδων"),
        "{}",
        greek.text(".match-terms")
    );
    // The tournament's list line and its players' count.
    let turkish = ayse.get(&format!("{tournament}?lang=tr")).await;
    assert_eq!(turkish.text("#players-h"), "Oyuncular (4 kişiden 2)");
    let list = ayse.get("/tournaments?lang=ca").await;
    assert!(
        list.text(".tournaments").contains("2 de 4 jugadors"),
        "{}",
        list.text(".tournaments")
    );
}

async fn an_error_page_says_what_happened_in_the_visitors_language(server: Server) {
    let visitor = Browser::new(&server);
    let missing = "/games/00000000-0000-0000-0000-000000000000";
    for (path, status, message) in [
        (
            format!("{missing}?lang=en"),
            StatusCode::NOT_FOUND,
            "There is nothing at this address: the page does not exist, or what it showed is gone.",
        ),
        (
            format!("{missing}?lang=tr"),
            StatusCode::NOT_FOUND,
            "Bu adreste bir şey yok: sayfa yok ya da gösterdiği şey artık yok.",
        ),
        (
            "/players/nobody?lang=el".to_owned(),
            StatusCode::NOT_FOUND,
            "Δεν υπάρχει τίποτα σε αυτή τη διεύθυνση: η σελίδα δεν υπάρχει ή ό,τι έδειχνε δεν υπάρχει πια.",
        ),
        (
            "/login?next=%2Fa&next=%2Fb&lang=ca".to_owned(),
            StatusCode::BAD_REQUEST,
            "L'adreça té una part que aquesta pàgina no entén: revisa-la o segueix un enllaç del lloc.",
        ),
    ] {
        let page = visitor.get(&path).await;
        assert_eq!(page.status, status, "{path}");
        assert_eq!(page.text("main p.alert"), message, "{path}");
    }
}

async fn a_refused_challenge_says_why_in_the_visitors_language(server: Server) {
    let ayse = Browser::new(&server);
    ayse.sign_up("ayse").await;
    let home = ayse.get("/").await;
    let home = ayse.press(&home.form("form#languages"), "lang", "tr").await;
    let refused = ayse
        .submit(
            &home
                .form("form#new-challenge")
                .set("variant", "tihbat")
                .set("opponent", "ayse"),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(refused.text("#challenge-error"), "Kendini davet edemezsin");
    let greek = ayse
        .press(&refused.form("form#languages"), "lang", "el")
        .await;
    let refused = ayse
        .submit(
            &greek
                .form("form#new-challenge")
                .set("variant", "tihbat")
                .set("games", "12"),
        )
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(
        refused.text("#challenge-error"),
        "Ένας αγώνας έχει από 1 έως 9 παρτίδες"
    );
}
