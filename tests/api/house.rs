//! House bots playing through the API, and the analysis of finished games.

use seedpost::house::{is_fresh, positions, table};
use seedpost_rules::Variant;
use serde_json::{Value, json};

use crate::helpers::{Player, TestApp};

crate::on_both_backends!(
    a_player_finishes_games_against_the_random_and_greedy_house_bots_at_tihbat_and_mangala,
    house_bots_are_created_once_as_bots_and_idle_without_work,
    the_analysis_of_a_finished_tihbat_game_agrees_with_the_solved_table,
    only_finished_games_are_analysed,
    a_page_waits_for_an_analysis_only_so_long_and_the_analysis_goes_on_without_it,
);

/// `player` challenges house bot `bot` at `variant`; the bot's round accepts it.
async fn challenge_bot(app: &TestApp, player: &Player, bot: &str, variant: &str) -> Value {
    let challenge = app
        .post(
            "/challenges",
            Some(&player.token),
            json!({"variant": variant, "first": "random", "opponent": bot}),
        )
        .await
        .expect(201);
    let round = app.service.run_house_bots_once().await.expect("a round");
    assert!(round.accepted >= 1, "the bot accepts: {round:?}");
    let id = challenge["id"].as_str().expect("an id");
    let challenge = app
        .get(&format!("/challenges/{id}"), Some(&player.token))
        .await
        .expect(200);
    assert_eq!(challenge["status"], "accepted", "{challenge}");
    let game_id = challenge["game_id"].as_str().expect("a game");
    app.game(game_id).await
}

/// Plays `game` to its end for `player` (South, as the challenger), the house bot
/// answering each move in its round; returns the final game.
async fn play_against_bot(app: &TestApp, player: &Player, mut game: Value) -> Value {
    let id = game["id"].as_str().expect("an id").to_owned();
    let mut turn = 0usize;
    while game["status"] == "ongoing" {
        if game["to_move"] == "south" {
            let legal = game["legal_moves"].as_array().expect("legal moves").clone();
            let pit = legal[turn % legal.len()].as_u64().expect("a pit");
            app.play(player, &game, pit).await.expect(201);
        } else {
            let round = app.service.run_house_bots_once().await.expect("a round");
            assert!(round.moved >= 1, "the bot moves when it is its turn");
        }
        game = app.game(&id).await;
        turn += 1;
        assert!(turn < 1000, "the game ends");
    }
    game
}

async fn a_player_finishes_games_against_the_random_and_greedy_house_bots_at_tihbat_and_mangala(
    app: TestApp,
) {
    app.service.ensure_house_bots().await.expect("the bots");
    let ayse = app.sign_up("ayse").await;
    for bot in ["house-random", "house-greedy"] {
        for variant in ["tihbat", "mangala"] {
            let game = challenge_bot(&app, &ayse, bot, variant).await;
            assert_eq!(game["players"]["south"], "ayse");
            assert_eq!(game["players"]["north"], bot);
            let game = play_against_bot(&app, &ayse, game).await;
            assert_eq!(game["status"], "finished", "{game}");
            let moves = game["moves"].as_array().expect("moves");
            assert!(
                moves.iter().any(|m| m["side"] == "north"),
                "the bot played: {game}"
            );
        }
    }
}

async fn house_bots_are_created_once_as_bots_and_idle_without_work(app: TestApp) {
    let first = app.service.ensure_house_bots().await.expect("the bots");
    let again = app.service.ensure_house_bots().await.expect("the bots");
    assert_eq!(first.len(), 4);
    for ((level, a), (_, b)) in first.iter().zip(&again) {
        assert_eq!(a.id, b.id, "{level} is made once");
        assert!(a.bot, "{level} is flagged as a bot");
    }
    // Nothing to do: a round is quiet.
    let round = app.service.run_house_bots_once().await.expect("a round");
    assert_eq!((round.accepted, round.moved), (0, 0));
}

async fn the_analysis_of_a_finished_tihbat_game_agrees_with_the_solved_table(app: TestApp) {
    app.service.ensure_house_bots().await.expect("the bots");
    let ayse = app.sign_up("ayse").await;
    let game = challenge_bot(&app, &ayse, "house-greedy", "tihbat").await;
    let game = play_against_bot(&app, &ayse, game).await;
    let id = game["id"].as_str().expect("an id");
    let analysis = app
        .get(&format!("/games/{id}/analysis"), None)
        .await
        .expect(200);
    let plies = analysis["plies"].as_array().expect("plies");
    let engine = crate::games::replay(&game);
    assert_eq!(plies.len(), engine.ply());
    let positions = positions(&engine);
    let table = table(Variant::Tihbat).expect("Tihbat is solved");
    let mut exact = 0;
    for (i, ply) in plies.iter().enumerate() {
        let pos = &positions[i];
        assert_eq!(ply["ply"], i + 1);
        let drop = ply["drop"].as_i64().expect("a drop");
        assert!(drop >= 0);
        if ply["mistake"] == true {
            assert!(drop > 0, "a mistake loses value: {ply}");
        }
        if !is_fresh(&positions, i) {
            continue;
        }
        let mover = pos.to_move().expect("a mover");
        let diff = table.final_difference(pos).expect("solved");
        let want = if mover == seedpost_rules::Side::South {
            diff
        } else {
            -diff
        };
        assert_eq!(ply["before"]["kind"], "exact", "{ply}");
        assert_eq!(ply["before"]["value"], want, "ply {}: {ply}", i + 1);
        let best: Vec<u64> = table
            .best_moves(pos)
            .iter()
            .map(|p| u64::from(p.number()))
            .collect();
        if ply["pit"].is_number() {
            assert_eq!(ply["best"], json!(best), "ply {}", i + 1);
        }
        exact += 1;
    }
    assert!(exact >= 1, "the start is exact");
    let last = plies.last().expect("a ply");
    assert_eq!(last["after"]["kind"], "exact", "the end is exact");
}

async fn only_finished_games_are_analysed(app: TestApp) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app.start_game(&ayse, &mehmet, "tihbat", "challenger").await;
    let id = game["id"].as_str().expect("an id");
    app.get(&format!("/games/{id}/analysis"), None)
        .await
        .expect_error(409, "game_not_over");
    app.get("/games/00000000-0000-4000-8000-000000000000/analysis", None)
        .await
        .expect_error(404, "not_found");
}

async fn a_page_waits_for_an_analysis_only_so_long_and_the_analysis_goes_on_without_it(
    app: TestApp,
) {
    let ayse = app.sign_up("ayse").await;
    let mehmet = app.sign_up("mehmet").await;
    let game = app.start_game(&ayse, &mehmet, "tihbat", "challenger").await;
    let id = game["id"].as_str().expect("an id");
    app.play(&ayse, &game, 1).await.expect(201);
    app.resign(&mehmet, &game).await.expect(200);
    let game_id: seedpost::domain::GameId = id.parse().expect("a game id");
    // Not waited for: not there yet (the analysis reads the game first).
    let waited = app
        .service
        .analysis_within(game_id, std::time::Duration::ZERO)
        .await
        .expect("no error");
    assert!(waited.is_none(), "an analysis cannot be done at once");
    // It went on: the full analysis, then kept, is there at once.
    let full = app.service.analysis(game_id).await.expect("the analysis");
    assert_eq!(full.plies.len(), 1);
    let kept = app
        .service
        .analysis_within(game_id, std::time::Duration::ZERO)
        .await
        .expect("no error")
        .expect("kept");
    assert!(std::sync::Arc::ptr_eq(&full, &kept), "computed once");
}
