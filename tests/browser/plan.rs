//! "Plan ahead" with a board (issue 36), in Chromium at 360 and 1280 px: while the
//! opponent is to move, the player taps their reply on the board, then their own
//! answer, saves the line through the plan's form and sees it listed; when the
//! opponent then plays that reply (through the API), the planned answer is played.

use fantoccini::Locator;
use serde_json::json;

use crate::harness::*;
use crate::newcomer::{SCREENS, start};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn a_line_tapped_out_on_the_plan_board_is_saved_listed_and_played_when_the_opponent_moves() {
    let Some((server, driver, profiles)) = start().await else {
        return;
    };
    let base = server.base.clone();
    for (width, height) in SCREENS {
        let (ayse_name, mehmet_name) = (format!("ayse{width}"), format!("mehmet{width}"));
        let ayse = api_account(&server, &ayse_name).await;
        let mehmet = api_account(&server, &mehmet_name).await;
        // Ayşe (South) moves first: Mehmet plans while she thinks.
        let challenge = api(
            &server,
            "POST",
            "/challenges",
            Some(&ayse),
            json!({"variant": "mangala", "days_per_move": 3, "first": "challenger", "opponent": mehmet_name}),
        )
        .await;
        let challenge = challenge["id"].as_str().expect("a challenge id");
        let game = api(
            &server,
            "POST",
            &format!("/challenges/{challenge}/accept"),
            Some(&mehmet),
            json!({}),
        )
        .await;
        let id = game["id"].as_str().expect("a game id").to_owned();

        let client = browser(&driver, &profiles.path().join(format!("w{width}"))).await;
        client
            .set_window_size(width, height)
            .await
            .expect("resizable");
        log_in(&client, &base, &mehmet_name).await;
        client
            .goto(&format!("{base}/games/{id}"))
            .await
            .expect("the game");
        // Her S3 (at the top, her row), then his N5 (at the bottom, his).
        click(&client, "#plan-board .pit.south[data-pit='3']").await;
        wait_for(&client, "#plan-board[data-line='3'][data-mover='north']").await;
        assert!(
            client
                .find(Locator::Css("#plan-board .plan-save"))
                .await
                .is_err(),
            "a line of her move alone cannot be saved yet"
        );
        click(&client, "#plan-board .pit.north[data-pit='5']").await;
        wait_for(&client, "#plan-board[data-line='3 5']").await;
        assert_fits(&client, &format!("the plan board at {width} px")).await;
        click(&client, "#plan-board .plan-save").await;
        let listed = wait_for(&client, "#plan .plan-lines .plan-line").await;
        assert_eq!(listed.text().await.expect("text"), "3 5");
        assert_fits(&client, &format!("the plan at {width} px")).await;
        let plan = api(
            &server,
            "GET",
            &format!("/games/{id}/conditional"),
            Some(&mehmet),
            json!({}),
        )
        .await;
        assert_eq!(plan["lines"], json!([[3, 5]]));

        // She plays S3: his N5 follows at once.
        api(
            &server,
            "POST",
            &format!("/games/{id}/moves"),
            Some(&ayse),
            json!({"ply": 0, "pit": 3}),
        )
        .await;
        let game = api(&server, "GET", &format!("/games/{id}"), None, json!({})).await;
        assert_eq!(game["ply"], 2, "{game}");
        assert_eq!(game["moves"][1]["side"], "north");
        assert_eq!(game["moves"][1]["pit"], 5);
        client
            .goto(&format!("{base}/games/{id}"))
            .await
            .expect("the game");
        wait_for(&client, "#plan .plan-played").await;
        let _ = client.close().await;
    }
    drop(driver);
}
