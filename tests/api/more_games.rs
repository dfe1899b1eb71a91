//! Kalah, Oware abapa and Togyz kumalak through the API (issue 38): offered wherever a
//! game is, played to the end against another account, illegal moves refused.

use seedpost_rules::{Pit, Side};
use serde_json::{Value, json};

use crate::games::{assert_cache_is_replay, play_out, replay};
use crate::helpers::TestApp;

crate::on_both_backends!(
    the_variants_list_and_a_player_s_ratings_name_the_six_games,
    a_whole_rated_game_of_each_new_variant_ends_as_the_engine_says_and_rates_its_players,
    an_illegal_move_in_each_new_variant_is_refused_with_its_code_and_changes_nothing,
    a_togyz_game_says_each_side_s_tuzdyk_as_the_engine_does,
    matches_and_tournaments_of_the_new_variants_are_made,
);

const NEW: [&str; 3] = ["kalah", "oware", "togyz"];

async fn the_variants_list_and_a_player_s_ratings_name_the_six_games(app: TestApp) {
    let listed = app.get("/variants", None).await.expect(200);
    let names: Vec<&str> = listed
        .as_array()
        .expect("a list")
        .iter()
        .map(|v| v["name"].as_str().expect("a name"))
        .collect();
    assert_eq!(
        names,
        ["mangala", "modiar", "tihbat", "kalah", "oware", "togyz"]
    );
    let togyz = &listed[5];
    assert_eq!(
        (
            togyz["pits_per_row"].as_u64(),
            togyz["stones_per_pit"].as_u64()
        ),
        (Some(9), Some(9)),
        "{togyz}"
    );
    for name in NEW {
        app.get(&format!("/standings?variant={name}"), None)
            .await
            .expect(200);
    }
}

async fn a_whole_rated_game_of_each_new_variant_ends_as_the_engine_says_and_rates_its_players(
    app: TestApp,
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    for (variant, first) in [
        ("kalah", "challenger"),
        ("oware", "opponent"),
        ("togyz", "challenger"),
    ] {
        let challenge = app
            .post(
                "/challenges",
                Some(&ayse.token),
                json!({"variant": variant, "first": first, "rated": true, "opponent": "mehmet"}),
            )
            .await
            .expect(201);
        assert_eq!(challenge["variant"], variant);
        let id = challenge["id"].as_str().expect("an id");
        let game = app
            .post(
                &format!("/challenges/{id}/accept"),
                Some(&mehmet.token),
                json!({}),
            )
            .await
            .expect(201);
        assert_eq!(game["variant"], variant);
        assert_eq!(game["rated"], true);
        let game = play_out(&app, &ayse, &mehmet, game).await;
        assert_eq!(game["status"], "finished", "{variant}");
        assert_cache_is_replay(&game);
        let outcome = replay(&game).outcome().expect("the replay is over too");
        assert_eq!(
            game["result"]["ended_by"].as_str(),
            Some(outcome.ended_by.code()),
            "{variant}"
        );
        assert_eq!(
            game["result"]["score"],
            json!({"south": outcome.score.south, "north": outcome.score.north}),
            "{variant}"
        );
        // The record names the variant and replays to the same moves.
        let id = game["id"].as_str().expect("an id");
        let record = app
            .client
            .get(format!("{}/api/v1/games/{id}/record", app.base))
            .send()
            .await
            .expect("an answer")
            .text()
            .await
            .expect("text");
        assert!(
            record.contains(&format!("[Variant \"{variant}\"]")),
            "{record}"
        );
        let parsed: seedpost_rules::Record = record.parse().expect("the record parses");
        assert_eq!(
            parsed.game().expect("it replays").plies(),
            replay(&game).plies()
        );
        // Each player now has a rating in the variant, and a standing.
        for player in [&ayse, &mehmet] {
            let ratings = app
                .get(&format!("/players/{}/ratings", player.username), None)
                .await
                .expect(200);
            let rated = ratings["ratings"]
                .as_array()
                .expect("ratings")
                .iter()
                .find(|r| r["variant"] == variant)
                .unwrap_or_else(|| panic!("{variant}: {ratings}"))
                .clone();
            assert_eq!(rated["games"], 1, "{variant}: {ratings}");
        }
        let standings = app
            .get(&format!("/standings?variant={variant}"), None)
            .await
            .expect(200);
        assert_eq!(standings.as_array().map(Vec::len), Some(2), "{standings}");
    }
}

async fn an_illegal_move_in_each_new_variant_is_refused_with_its_code_and_changes_nothing(
    app: TestApp,
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    // Kalah: S3 sows 4, 5, 6 and the store, so South moves again (§K4) with pit 3
    // empty. Oware: S1 leaves pit 1 empty, N1 replies, South's pit 1 is still empty.
    // Togyz kumalak: S9 sows its first stone back, the last into N8, which holds 10
    // and is captured (§Z4): North's pit 8 is empty, and there is no pit 10.
    let kalah = app.start_game(&ayse, &mehmet, "kalah", "challenger").await;
    let kalah = app.play(&ayse, &kalah, 3).await.expect(201);
    assert_eq!(kalah["to_move"], "south", "{kalah}");
    assert_eq!(kalah["store"], json!({"south": 1, "north": 0}));
    let oware = app.start_game(&ayse, &mehmet, "oware", "challenger").await;
    let oware = app.play(&ayse, &oware, 1).await.expect(201);
    let oware = app.play(&mehmet, &oware, 1).await.expect(201);
    let togyz = app.start_game(&ayse, &mehmet, "togyz", "challenger").await;
    assert_eq!(togyz["board"]["south"], json!([9, 9, 9, 9, 9, 9, 9, 9, 9]));
    let togyz = app.play(&ayse, &togyz, 9).await.expect(201);
    assert_eq!(togyz["store"], json!({"south": 10, "north": 0}));
    assert_eq!(togyz["board"]["north"][7], 0);
    let cases = [
        (&ayse, &kalah, 3, "empty_pit"),
        (&ayse, &kalah, 7, "out_of_range"),
        (&ayse, &oware, 1, "empty_pit"),
        (&mehmet, &togyz, 8, "empty_pit"),
        (&mehmet, &togyz, 10, "out_of_range"),
    ];
    for (player, game, pit, reason) in cases {
        let id = game["id"].as_str().expect("an id");
        let before = app.game(id).await;
        let answer = app.play(player, game, pit).await;
        answer.expect_error(422, "illegal_move");
        assert_eq!(
            answer.body["reason"].as_str(),
            Some(reason),
            "{} {pit}",
            game["variant"]
        );
        assert_eq!(app.game(id).await, before, "{} {pit}", game["variant"]);
    }
    // Each game then goes on.
    let kalah = app.play(&ayse, &kalah, 1).await.expect(201);
    assert_cache_is_replay(&kalah);
    let togyz = app.play(&mehmet, &togyz, 1).await.expect(201);
    assert_cache_is_replay(&togyz);
}

async fn a_togyz_game_says_each_side_s_tuzdyk_as_the_engine_does(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app.start_game(&ayse, &mehmet, "togyz", "challenger").await;
    let id = game["id"].as_str().expect("an id").to_owned();
    assert_eq!(
        app.game(&id).await["tuzdyk"],
        json!({"south": null, "north": null})
    );
    let game = play_out(&app, &ayse, &mehmet, game).await;
    let engine = replay(&game);
    let tuzdyk = |side| engine.position().tuzdyk(side).map(Pit::number);
    assert_eq!(
        app.game(&id).await["tuzdyk"],
        json!({"south": tuzdyk(Side::South), "north": tuzdyk(Side::North)})
    );
    // The other games carry no tuzdyk.
    let kalah = app.start_game(&ayse, &mehmet, "kalah", "challenger").await;
    let kalah = app.game(kalah["id"].as_str().expect("an id")).await;
    assert_eq!(kalah.get("tuzdyk"), None::<&Value>);
}

async fn matches_and_tournaments_of_the_new_variants_are_made(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    for variant in NEW {
        let game = app
            .start_match(&ayse, &mehmet, variant, json!({"games": 2}))
            .await;
        assert_eq!(
            (game["variant"].as_str(), game["match"]["of"].as_u64()),
            (Some(variant), Some(2))
        );
        let tournament = app
            .post(
                "/tournaments",
                Some(&ayse.token),
                json!({"name": format!("{variant} cup"), "variant": variant, "days_per_move": 3, "starts_at": "2026-12-01T12:00:00Z"}),
            )
            .await
            .expect(201);
        assert_eq!(tournament["variant"], variant);
    }
}
