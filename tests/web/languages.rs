//! Languages (issue 22): how a page's language is chosen (`?lang=`, the account's
//! setting, the language menu's cookie, `Accept-Language`, English, in that order),
//! `<html lang dir>`, and every page in every language without a missing message.

use reqwest::StatusCode;

use crate::helpers::{Browser, Page, Server, ayse_v_mehmet};
use crate::on_both_backends;

on_both_backends!(
    pages_are_in_english_with_lang_and_dir_when_nothing_chooses,
    accept_language_chooses_by_its_quality_values,
    the_language_menu_sets_a_cookie_that_beats_accept_language,
    the_account_setting_beats_the_cookie_and_the_query_beats_everything,
    the_language_menu_refuses_an_unknown_language_and_goes_back_only_to_this_site,
    every_page_renders_in_each_language_without_a_missing_message,
    on_a_page_answering_a_form_the_language_menu_goes_back_to_the_forms_page,
    a_game_page_opened_with_lang_keeps_it_on_every_form_and_after_each_one,
);

const LANGS: [&str; 5] = ["en", "tr", "ar", "el", "ca"];

/// `<html lang>` and `dir` of a page.
#[track_caller]
fn lang_dir(page: &Page) -> (String, String) {
    (page.attr("html", "lang"), page.attr("html", "dir"))
}

#[track_caller]
fn assert_lang(page: &Page, lang: &str) {
    let dir = if lang == "ar" { "rtl" } else { "ltr" };
    assert_eq!(
        lang_dir(page),
        (lang.to_owned(), dir.to_owned()),
        "{}",
        page.url
    );
}

async fn pages_are_in_english_with_lang_and_dir_when_nothing_chooses(server: Server) {
    let visitor = Browser::new(&server);
    let home = visitor.get("/").await;
    assert_eq!(home.status, StatusCode::OK);
    assert_lang(&home, "en");
    assert_eq!(home.text("header.site a[href='/standings']"), "Standings");
    // A language seedpost does not speak changes nothing.
    let german = visitor.get_accepting("/", "de-DE, de;q=0.9").await;
    assert_lang(&german, "en");
    // The menu names each language in itself, the current one marked.
    let names: Vec<String> = home
        .all("footer form#languages button[name=lang]")
        .iter()
        .map(|b| b.text().collect::<String>())
        .collect();
    assert_eq!(
        names,
        ["English", "Türkçe", "العربية", "Ελληνικά", "Català"]
    );
    assert_eq!(
        home.attr("footer form#languages button[aria-current]", "value"),
        "en"
    );
}

async fn accept_language_chooses_by_its_quality_values(server: Server) {
    let visitor = Browser::new(&server);
    let turkish = visitor
        .get_accepting("/standings", "de-DE, ar-MA;q=0.5, tr;q=0.9")
        .await;
    assert_eq!(turkish.status, StatusCode::OK);
    assert_lang(&turkish, "tr");
    assert_eq!(turkish.text("header.site a[href='/standings']"), "Sıralama");
    let arabic = visitor.get_accepting("/", "ar-MA").await;
    assert_lang(&arabic, "ar");
    assert_eq!(arabic.text("header.site a[href='/rules']"), "القواعد");
    // An error page speaks it too.
    let missing = visitor.get_accepting("/no/such/page", "el").await;
    assert_eq!(missing.status, StatusCode::NOT_FOUND);
    assert_lang(&missing, "el");
    assert_eq!(
        missing.text("main a[href='/']"),
        "Επιστροφή στην αρχική σελίδα"
    );
}

async fn the_language_menu_sets_a_cookie_that_beats_accept_language(server: Server) {
    let visitor = Browser::new(&server);
    let page = visitor.get("/standings?variant=mangala").await;
    let greek = visitor
        .press(&page.form("form#languages"), "lang", "el")
        .await;
    assert_eq!(greek.status, StatusCode::OK);
    assert!(
        greek.url.ends_with("/standings?variant=mangala"),
        "back to the page: {}",
        greek.url
    );
    assert_lang(&greek, "el");
    let again = visitor.get_accepting("/", "tr").await;
    assert_lang(&again, "el");
    assert_eq!(
        again.attr("footer form#languages button[aria-current]", "value"),
        "el"
    );
    // `?lang=` opens one page in another language, and is not remembered.
    assert_lang(&visitor.get("/?lang=ca").await, "ca");
    assert_lang(&visitor.get("/").await, "el");
}

async fn the_account_setting_beats_the_cookie_and_the_query_beats_everything(server: Server) {
    let ayse = Browser::new(&server);
    let home = ayse.sign_up("ayse").await;
    let catalan = ayse.press(&home.form("form#languages"), "lang", "ca").await;
    assert_lang(&catalan, "ca");

    // Another browser, whose menu chose Greek, logs in as ayse: her setting wins.
    let other = Browser::new(&server);
    let page = other.get("/login").await;
    let greek = other
        .press(&page.form("form#languages"), "lang", "el")
        .await;
    assert_lang(&greek, "el");
    let login = other.get("/login").await;
    let signed_in = other
        .submit(
            &login
                .form("form[action='/login']")
                .set("username", "ayse")
                .set("password", crate::helpers::PASSWORD),
        )
        .await;
    assert_eq!(signed_in.status, StatusCode::OK, "{}", signed_in.body);
    assert_lang(&signed_in, "ca");
    assert_lang(&other.get_accepting("/standings", "tr").await, "ca");

    // `?lang=` beats the setting, the cookie and the header.
    let arabic = other.get_accepting("/standings?lang=ar", "tr").await;
    assert_lang(&arabic, "ar");

    // A form from another site (without her token) sets the cookie, not her setting.
    let forged = other
        .submit(
            &other
                .get("/")
                .await
                .form("form#languages")
                .set("csrf", "0")
                .set("lang", "tr"),
        )
        .await;
    assert_lang(&forged, "ca");
    // Her own menu changes her setting, everywhere she is signed in.
    let turkish = ayse
        .press(&ayse.get("/").await.form("form#languages"), "lang", "tr")
        .await;
    assert_lang(&turkish, "tr");
    assert_lang(&other.get("/").await, "tr");
}

async fn the_language_menu_refuses_an_unknown_language_and_goes_back_only_to_this_site(
    server: Server,
) {
    let visitor = Browser::new(&server);
    let page = visitor.get("/").await;
    let form = page.form("form#languages");
    let refused = visitor.press(&form, "lang", "xx").await;
    assert_eq!(refused.status, StatusCode::BAD_REQUEST);
    assert_lang(&visitor.get("/").await, "en");
    let away = visitor
        .press(&form.clone().set("back", "//example.org/x"), "lang", "tr")
        .await;
    assert_eq!(away.status, StatusCode::OK);
    assert_eq!(away.url, format!("{}/", visitor.base));
    assert_lang(&away, "tr");
}

async fn every_page_renders_in_each_language_without_a_missing_message(server: Server) {
    let (ayse, _, game) = ayse_v_mehmet(&server, "mangala", "challenger").await;
    let visitor = Browser::new(&server);
    let pages = [
        (&ayse, "/".to_owned(), StatusCode::OK),
        (&ayse, game.clone(), StatusCode::OK),
        (&ayse, format!("{game}/board"), StatusCode::OK),
        (&ayse, format!("{game}/resign"), StatusCode::OK),
        (&ayse, "/players/ayse".to_owned(), StatusCode::OK),
        (&ayse, "/settings/tokens".to_owned(), StatusCode::OK),
        (&ayse, "/settings/reminders".to_owned(), StatusCode::OK),
        (&ayse, "/settings/vacation".to_owned(), StatusCode::OK),
        (&ayse, "/settings/notifications".to_owned(), StatusCode::OK),
        (&ayse, "/settings/account".to_owned(), StatusCode::OK),
        (&ayse, "/tournaments".to_owned(), StatusCode::OK),
        (&visitor, "/".to_owned(), StatusCode::OK),
        (&visitor, game.clone(), StatusCode::OK),
        (&visitor, "/login".to_owned(), StatusCode::OK),
        (&visitor, "/signup".to_owned(), StatusCode::OK),
        (&visitor, "/standings".to_owned(), StatusCode::OK),
        (&visitor, "/rules".to_owned(), StatusCode::OK),
        (&visitor, "/rules/mangala".to_owned(), StatusCode::OK),
        (&visitor, "/analysis".to_owned(), StatusCode::OK),
        (&visitor, "/offline".to_owned(), StatusCode::OK),
        (
            &visitor,
            "/settings/tokens".to_owned(),
            StatusCode::UNAUTHORIZED,
        ),
        (&visitor, "/no/such/page".to_owned(), StatusCode::NOT_FOUND),
    ];
    for lang in LANGS {
        for (browser, path, status) in &pages {
            let joiner = if path.contains('?') { '&' } else { '?' };
            let page = browser.get(&format!("{path}{joiner}lang={lang}")).await;
            assert_eq!(page.status, *status, "{path} in {lang}: {}", page.body);
            if !path.ends_with("/board") {
                assert_lang(&page, lang);
            }
            assert!(
                !page.body.contains('⟦'),
                "{path} in {lang} lacks a message:\n{}",
                page.body
            );
        }
    }
}

async fn on_a_page_answering_a_form_the_language_menu_goes_back_to_the_forms_page(server: Server) {
    let ayse = Browser::new(&server);
    ayse.sign_up("ayse").await;
    let page = ayse.get("/settings/reminders").await;
    let form = page.form("form[action='/settings/reminders/digest']");
    let fields: Vec<(String, String)> = form.clone().set("email", "not an address").fields;
    for (referer, back) in [
        (
            Some(format!("{}/settings/reminders?lang=tr", server.base)),
            "/settings/reminders",
        ),
        (Some("https://evil.example/x".to_owned()), "/x"),
        (None, "/"),
    ] {
        let mut request = ayse
            .client
            .post(format!("{}/settings/reminders/digest", server.base))
            .form(&fields);
        if let Some(referer) = &referer {
            request = request.header("Referer", referer);
        }
        let answer = request.send().await.expect("an answer");
        assert_eq!(answer.status(), StatusCode::UNPROCESSABLE_ENTITY);
        let html = scraper::Html::parse_document(&answer.text().await.expect("a page"));
        let selector = scraper::Selector::parse("form#languages input[name=back]").expect("css");
        let value = html
            .select(&selector)
            .next()
            .and_then(|e| e.value().attr("value"))
            .expect("the menu's back");
        assert_eq!(value, back, "{referer:?}");
    }
}

/// The actions of the page's forms that change something (`main`: not the footer's
/// language menu, which chooses another language).
fn post_actions(page: &Page) -> Vec<String> {
    page.all("main form[method=post]")
        .iter()
        .map(|f| f.value().attr("action").unwrap_or_default().to_owned())
        .collect()
}

async fn a_game_page_opened_with_lang_keeps_it_on_every_form_and_after_each_one(server: Server) {
    let (ayse, mehmet, game) = ayse_v_mehmet(&server, "mangala", "challenger").await;
    // Without ?lang= the forms name no language: the account's is the page's.
    let plain = ayse.get(&game).await;
    let actions = post_actions(&plain);
    assert!(!actions.is_empty());
    assert!(actions.iter().all(|a| !a.contains("lang=")), "{actions:?}");

    // Opened in Turkish: every form and the confirm pages' links carry it.
    let page = ayse.get(&format!("{game}?lang=tr")).await;
    assert_lang(&page, "tr");
    let actions = post_actions(&page);
    assert!(
        actions.len() >= 3,
        "the move, the note, the chat: {actions:?}"
    );
    assert!(
        actions.iter().all(|a| a.ends_with("?lang=tr")),
        "{actions:?}"
    );
    assert_eq!(
        page.attr("#live a[href$='/resign?lang=tr']", "href"),
        format!("{game}/resign?lang=tr")
    );
    assert_eq!(
        page.attr("#live a[href$='/abort?lang=tr']", "href"),
        format!("{game}/abort?lang=tr")
    );

    // The move: the page after it is Turkish, at an address that says so, and its
    // step links keep it.
    let after = ayse.press(&page.form("form.move"), "pit", "1").await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    assert_eq!(after.url, format!("{}{game}?lang=tr", ayse.base));
    assert_lang(&after, "tr");
    let back = after.attr("#live a[rel=prev]", "href");
    assert_eq!(back, format!("{game}?ply=0&lang=tr"));
    let stepped = ayse.get(&back).await;
    assert_lang(&stepped, "tr");
    assert!(
        stepped.all("#live a[href^='/games/']").iter().all(|a| {
            a.value()
                .attr("href")
                .is_some_and(|h| h.contains("lang=tr"))
        }),
        "{}",
        stepped.body
    );

    // Resigning: the question, its form and the game after it, all Turkish.
    let question = ayse.get(&format!("{game}/resign?lang=tr")).await;
    assert_lang(&question, "tr");
    let form = question.form("main form");
    assert_eq!(form.action, format!("{game}/resign?lang=tr"));
    let over = ayse.submit(&form).await;
    assert_eq!(over.url, format!("{}{game}?lang=tr", ayse.base));
    assert_lang(&over, "tr");
    assert!(over.count("#result") > 0, "{}", over.body);

    // The rematch offer, and its answer from the other side.
    let offered = ayse
        .submit(&over.form(&format!("form[action='{game}/rematch?lang=tr']")))
        .await;
    assert_eq!(offered.url, format!("{}{game}?lang=tr", ayse.base));
    assert_lang(&offered, "tr");
    let theirs = mehmet.get(&format!("{game}?lang=el")).await;
    let accept = theirs.form("form[action$='/accept?lang=el']");
    let rematch = mehmet.submit(&accept).await;
    assert!(rematch.url.ends_with("?lang=el"), "{}", rematch.url);
    assert_ne!(
        rematch.url,
        format!("{}{game}?lang=el", mehmet.base),
        "the new game"
    );
    assert_lang(&rematch, "el");
}
