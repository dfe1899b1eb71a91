//! The new-tournament form with JavaScript, in Chromium at a phone's width: the start
//! typed is read in the browser's own time zone, which the form names, and the
//! tournament page shows the start in that zone.

use serde_json::json;

use crate::harness::*;

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_tournament_form_reads_the_start_in_the_browsers_own_time_zone() {
    let Some((server, driver, profiles)) = crate::newcomer::start().await else {
        return;
    };
    let base = server.base.clone();
    let ayse = browser(&driver, &profiles.path().join("ayse")).await;
    ayse.set_window_size(360, 740).await.expect("resizable");
    sign_up(&ayse, &base, "ayse").await;
    // Kathmandu is UTC+05:45 all the year round: no zone menu's default.
    ayse.issue_cmd(Cdp::new(
        "Emulation.setTimezoneOverride",
        json!({"timezoneId": "Asia/Kathmandu"}),
    ))
    .await
    .expect("chromedriver runs DevTools commands");
    ayse.goto(&format!("{base}/tournaments"))
        .await
        .expect("the list");
    let said = wait_for(&ayse, "#browser-zone:not([hidden])").await;
    // The zone as the browser names it (ICU's name: `Asia/Katmandu`).
    let name = js(
        &ayse,
        "return Intl.DateTimeFormat().resolvedOptions().timeZone;",
    )
    .await;
    let name = name.as_str().expect("a zone's name");
    assert!(name.starts_with("Asia/Kat"), "{name}");
    assert_eq!(
        said.text().await.expect("text"),
        format!("The start is read in your time zone: {name} (UTC+05:45)")
    );
    // The menu a page without JavaScript offers is set to that zone and put away.
    assert_eq!(
        js(&ayse, "return document.getElementById('zone').value;").await,
        "+05:45"
    );
    assert_eq!(
        js(
            &ayse,
            "return document.getElementById('zone-choice').getBoundingClientRect().height;"
        )
        .await,
        0
    );
    assert_fits(&ayse, "the tournaments page at 360 px").await;

    fill(&ayse, "#new-tournament input[name=name]", "Kathmandu cup").await;
    js(
        &ayse,
        "const f = document.getElementById('starts-at'); f.value = '2026-12-20T15:00'; \
         f.dispatchEvent(new Event('change')); return true;",
    )
    .await;
    click(&ayse, "#new-tournament button[type=submit]").await;
    // 15:00 in Kathmandu is 09:15 UTC; the page shows it back in Kathmandu's time.
    let start = wait_for(&ayse, "main time.local[title]").await;
    assert_eq!(
        start
            .attr("datetime")
            .await
            .expect("an attribute")
            .as_deref(),
        Some("2026-12-20T09:15:00.000Z")
    );
    let shown = start.text().await.expect("text");
    // `Dec 20, 2026, 03:00 PM GMT+5:45`: the browser's words for its own zone.
    assert!(
        shown.contains("GMT+5:45") && (shown.contains("15:00") || shown.contains("03:00 PM")),
        "{shown}"
    );
    assert_eq!(text_of(&ayse, "h1").await, "Kathmandu cup");
    assert_fits(&ayse, "the tournament page at 360 px").await;
    let _ = ayse.close().await;
    drop(driver);
}
