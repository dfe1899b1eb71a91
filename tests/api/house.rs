//! House bots playing through the API, and the analysis of finished games.

use std::sync::{Arc, Condvar, Mutex};
use std::time::{Duration, Instant};

use seedpost::analysis::segment::{is_fresh, positions};
use seedpost::analysis::solved::table;
use seedpost::house::Level;
use seedpost::jobs::{Jobs, Schedule};
use seedpost::service::SolvedTables;
use seedpost_rules::Variant;
use serde_json::{Value, json};
use tokio_util::sync::CancellationToken;
use tokio_util::task::TaskTracker;

use crate::helpers::{Player, TestApp};
use crate::support::Backend;

crate::on_both_backends!(
    a_player_finishes_games_against_the_random_and_greedy_house_bots_at_tihbat_and_mangala,
    house_bots_are_created_once_as_bots_and_idle_without_work,
    the_analysis_of_a_finished_tihbat_game_agrees_with_the_solved_table,
    only_finished_games_are_analysed,
    a_page_waits_for_an_analysis_only_so_long_and_the_analysis_goes_on_without_it,
    the_quick_house_bots_answer_fifty_games_while_the_perfect_bot_waits_for_its_table,
    a_game_being_answered_is_not_answered_again_by_an_overlapping_round,
    two_instances_answering_the_same_house_games_at_once_play_each_reply_once,
    a_round_for_one_bot_answers_its_games_and_leaves_the_other_bots_games,
    while_the_modiar_table_builds_tihbat_and_mangala_are_answered_and_modiar_answers_503_table_building,
    every_house_bot_answers_a_move_in_kalah_oware_and_togyz_kumalak,
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

/// A source of solved tables held back, as though its tables were being built, until
/// opened (the real tables then); it opens when dropped, so that a failing test does
/// not leave a blocking thread waiting.
struct HeldTables(Arc<Held>);

#[derive(Default)]
struct Held {
    /// Whether a table was asked for, and whether the source is open.
    state: Mutex<(bool, bool)>,
    opened: Condvar,
}

impl HeldTables {
    /// The server `app` was, started again with its tables from a held source.
    async fn serving(app: TestApp) -> (TestApp, HeldTables) {
        HeldTables::serving_holding(app, &Variant::ALL).await
    }

    /// The server `app` was, started again with the tables of `holding` held back
    /// (the others come at once).
    async fn serving_holding(app: TestApp, holding: &'static [Variant]) -> (TestApp, HeldTables) {
        let backend = if app.is_postgres() {
            Backend::Postgres
        } else {
            Backend::Sqlite
        };
        drop(app);
        let held = Arc::new(Held::default());
        let inner = Arc::clone(&held);
        let source: SolvedTables = Arc::new(move |variant| {
            if !holding.contains(&variant) {
                return table(variant);
            }
            let mut state = inner.state.lock().expect("the lock");
            state.0 = true;
            while !state.1 {
                state = inner.opened.wait(state).expect("the lock");
            }
            drop(state);
            table(variant)
        });
        let app = TestApp::start_with(
            TestApp::builder(backend)
                .configure(move |service, _| service.with_solved_tables(source)),
        )
        .await
        .expect("the backend of the test is there");
        (app, HeldTables(held))
    }

    fn asked(&self) -> bool {
        self.0.state.lock().expect("the lock").0
    }

    fn open(&self) {
        self.0.state.lock().expect("the lock").1 = true;
        self.0.opened.notify_all();
    }
}

impl Drop for HeldTables {
    fn drop(&mut self) {
        self.open();
    }
}

/// Waits until `done`, looking every 20 ms. The two minutes are a guard against a
/// hang, not a measure of speed.
async fn until(what: &str, done: impl AsyncFnMut() -> bool) {
    until_within(Duration::from_secs(120), what, done).await;
}

/// Waits until `done`, looking every 20 ms, for at most `limit` (a guard against a
/// hang, not a measure of speed).
async fn until_within(limit: Duration, what: &str, mut done: impl AsyncFnMut() -> bool) {
    let started = Instant::now();
    while !done().await {
        assert!(
            started.elapsed() < limit,
            "still not after {limit:?}: {what}"
        );
        tokio::time::sleep(Duration::from_millis(20)).await;
    }
}

/// `player` challenges house bot `bot` at `variant`, the bot to move first; the
/// challenge's id.
async fn challenge_to_move(app: &TestApp, player: &Player, bot: &str, variant: &str) -> String {
    let challenge = app
        .post(
            "/challenges",
            Some(&player.token),
            json!({"variant": variant, "first": "opponent", "opponent": bot}),
        )
        .await
        .expect(201);
    challenge["id"].as_str().expect("an id").to_owned()
}

/// The game of challenge `id` of `player`, once a bot has accepted it.
async fn accepted_game(app: &TestApp, player: &Player, id: &str) -> String {
    let mut game = None;
    until("the bot accepts", async || {
        let challenge = app
            .get(&format!("/challenges/{id}"), Some(&player.token))
            .await
            .expect(200);
        game = challenge["game_id"].as_str().map(str::to_owned);
        game.is_some()
    })
    .await;
    game.expect("a game")
}

/// The moves of game `id` played by `side` (a house bot challenged is North).
async fn moves_by(app: &TestApp, id: &str, side: &str) -> usize {
    let game = app.game(id).await;
    let moves = game["moves"].as_array().expect("moves");
    moves.iter().filter(|m| m["side"] == side).count()
}

async fn the_quick_house_bots_answer_fifty_games_while_the_perfect_bot_waits_for_its_table(
    app: TestApp,
) {
    let (app, tables) = HeldTables::serving(app).await;
    app.service.ensure_house_bots().await.expect("the bots");
    let hour = Duration::from_secs(3600);
    let schedule = Schedule {
        sweep: hour,
        webhooks: hour,
        push: hour,
        house_bots: Some(hour),
    };
    // The server's own loops: after the first round, only events wake the bots.
    let jobs = Jobs::start(&app.service, schedule, CancellationToken::new());
    let ayse = app.sign_up("ayse").await;
    let challenge = challenge_to_move(&app, &ayse, "house-perfect", "tihbat").await;
    let perfect = accepted_game(&app, &ayse, &challenge).await;
    until("the perfect bot's reply waits for its table", async || {
        tables.asked()
    })
    .await;
    // Fifty games against the quick bots, each bot to move (five players, as a player
    // has at most five challenges open to one opponent).
    let mut games = Vec::new();
    for n in 0..5 {
        let player = app.sign_up(&format!("player{n}")).await;
        let mut challenges = Vec::new();
        for bot in ["house-random", "house-greedy"] {
            for _ in 0..5 {
                challenges.push(challenge_to_move(&app, &player, bot, "mangala").await);
            }
        }
        for id in challenges {
            games.push(accepted_game(&app, &player, &id).await);
        }
    }
    assert_eq!(games.len(), 50);
    for id in &games {
        until("the quick bot replies", async || {
            moves_by(&app, id, "north").await >= 1
        })
        .await;
    }
    assert_eq!(
        moves_by(&app, &perfect, "north").await,
        0,
        "the perfect bot is still waiting for its table"
    );
    tables.open();
    until(
        "the perfect bot replies once its table is there",
        async || moves_by(&app, &perfect, "north").await >= 1,
    )
    .await;
    jobs.stop().await;
}

async fn a_game_being_answered_is_not_answered_again_by_an_overlapping_round(app: TestApp) {
    let (app, tables) = HeldTables::serving(app).await;
    app.service.ensure_house_bots().await.expect("the bots");
    let ayse = app.sign_up("ayse").await;
    let challenge = challenge_to_move(&app, &ayse, "house-perfect", "tihbat").await;
    let (tasks, stop) = (TaskTracker::new(), CancellationToken::new());
    let first = app
        .service
        .start_house_round(&tasks, &stop)
        .await
        .expect("a round");
    assert_eq!((first.accepted(), first.started()), (1, 1));
    let game = accepted_game(&app, &ayse, &challenge).await;
    until("the reply waits for its table", async || tables.asked()).await;
    // The game is still the bot's to move, but being answered: not again.
    let second = app
        .service
        .start_house_round(&tasks, &stop)
        .await
        .expect("a round");
    assert_eq!((second.accepted(), second.started()), (0, 0));
    tables.open();
    let (first, second) = (first.finish().await, second.finish().await);
    assert_eq!(second.moved, 0);
    assert!(first.moved >= 1, "the bot moved: {first:?}");
    assert_eq!(
        moves_by(&app, &game, "north").await,
        first.moved,
        "each move counted was played once"
    );
}

async fn two_instances_answering_the_same_house_games_at_once_play_each_reply_once(app: TestApp) {
    let bots = app.service.ensure_house_bots().await.expect("the bots");
    let other = app.instance().start().await.expect("a second instance");
    let ayse = app.sign_up("ayse").await;
    let mut challenges = Vec::new();
    for bot in ["house-random", "house-greedy"] {
        for _ in 0..5 {
            challenges.push(challenge_to_move(&app, &ayse, bot, "mangala").await);
        }
    }
    // Accepted first, so that both instances find every game the bots' to move.
    for (_, bot) in &bots {
        for id in &challenges {
            let _ = app
                .service
                .accept_challenge(bot, id.parse().expect("an id"))
                .await;
        }
    }
    let (here, there) = tokio::join!(
        app.service.run_house_bots_once(),
        other.service.run_house_bots_once()
    );
    let (here, there) = (here.expect("a round"), there.expect("a round"));
    let mut played = 0;
    for id in &challenges {
        let game = accepted_game(&app, &ayse, id).await;
        let by_bot = moves_by(&app, &game, "north").await;
        assert!(by_bot >= 1, "the bot replied in {game}");
        played += by_bot;
    }
    assert_eq!(
        here.moved + there.moved,
        played,
        "a move is counted by the instance that played it, once: {here:?}, {there:?}"
    );
}

/// The round the jobs loop runs when events woke some of the bots is for those bots
/// only: a game waiting for another bot is left to its own events (or the periodic
/// round), and is not listed by every round.
async fn a_round_for_one_bot_answers_its_games_and_leaves_the_other_bots_games(app: TestApp) {
    let bots = app.service.ensure_house_bots().await.expect("the bots");
    let ayse = app.sign_up("ayse").await;
    let to_random = challenge_to_move(&app, &ayse, "house-random", "mangala").await;
    let to_greedy = challenge_to_move(&app, &ayse, "house-greedy", "mangala").await;
    for (_, bot) in &bots {
        for id in [&to_random, &to_greedy] {
            let _ = app
                .service
                .accept_challenge(bot, id.parse().expect("an id"))
                .await;
        }
    }
    let random: Vec<_> = bots
        .iter()
        .filter(|(level, _)| matches!(level, Level::Random))
        .cloned()
        .collect();
    let (tasks, stop) = (TaskTracker::new(), CancellationToken::new());
    let round = app
        .service
        .start_house_round_of(&random, &tasks, &stop)
        .await
        .expect("a round");
    assert_eq!(round.started(), 1, "house-random's game only");
    let round = round.finish().await;
    assert!(round.moved >= 1, "house-random moved: {round:?}");
    let random_game = accepted_game(&app, &ayse, &to_random).await;
    let greedy_game = accepted_game(&app, &ayse, &to_greedy).await;
    assert!(moves_by(&app, &random_game, "north").await >= 1);
    assert_eq!(moves_by(&app, &greedy_game, "north").await, 0);
}

async fn while_the_modiar_table_builds_tihbat_and_mangala_are_answered_and_modiar_answers_503_table_building(
    app: TestApp,
) {
    let (app, tables) = HeldTables::serving_holding(app, &[Variant::Modiar]).await;
    let ann = app.sign_up("ann").await;
    let bob = app.sign_up("bob").await;
    // A finished game of each variant.
    let mut finished = Vec::new();
    for variant in ["tihbat", "modiar", "mangala"] {
        let game = app.start_game(&ann, &bob, variant, "challenger").await;
        let pit = game["legal_moves"][0].as_u64().unwrap_or(1);
        app.play(&ann, &game, pit).await.expect(201);
        let id = game["id"].as_str().expect("an id").to_owned();
        let game = app.game(&id).await;
        app.resign(&bob, &game).await.expect(200);
        finished.push((variant, id));
    }
    // The timeouts below are guards against a hang, not measures of speed.
    let modiar = "/analysis?variant=modiar&south=7,7,7&north=7,7,7&to_move=south";
    for _ in 0..2 {
        let refused = app
            .client
            .get(format!("{}/api/v1{modiar}", app.base))
            .send()
            .await
            .expect("an answer");
        assert_eq!(refused.status().as_u16(), 503);
        let retry = refused
            .headers()
            .get("retry-after")
            .and_then(|v| v.to_str().ok())
            .and_then(|v| v.parse::<u64>().ok());
        assert!(retry.is_some_and(|s| s > 0), "{retry:?}");
        let body: Value = refused.json().await.expect("a JSON error");
        assert_eq!(body["error"], "table_building", "{body}");
        // Tihbat and Mangala positions are answered meanwhile.
        let tihbat = tokio::time::timeout(
            Duration::from_secs(120),
            app.get(
                "/analysis?variant=tihbat&south=7,7&north=7,7&to_move=south",
                None,
            ),
        )
        .await
        .expect("answered, not held behind the Modiar table");
        assert_eq!(tihbat.expect(200)["kind"], "exact");
        let mangala = tokio::time::timeout(
            Duration::from_secs(120),
            app.get(
                "/analysis?variant=mangala&south=4,4,4,4,4,4&north=4,4,4,4,4,4&to_move=south",
                None,
            ),
        )
        .await
        .expect("answered, not held behind the Modiar table");
        mangala.expect(200);
    }
    // So are the finished games: Tihbat's and Mangala's analyses at once, Modiar's a
    // 503 `table_building`; its page is served, the analysis to come.
    for (variant, id) in &finished {
        let answer = tokio::time::timeout(
            Duration::from_secs(120),
            app.get(&format!("/games/{id}/analysis"), None),
        )
        .await
        .expect("answered, not held behind the Modiar table");
        if *variant == "modiar" {
            answer.expect_error(503, "table_building");
        } else {
            answer.expect(200);
        }
        let page = app
            .client
            .get(format!("{}/games/{id}", app.base))
            .send()
            .await
            .expect("the page");
        assert_eq!(page.status().as_u16(), 200, "{variant}");
    }
    assert!(tables.asked(), "the Modiar table is being built");
    // Once built, Modiar is answered exactly.
    tables.open();
    // The real build follows, some 17 s alone and minutes on a loaded machine: the ten
    // minutes are a guard against a hang, not a measure of speed.
    until_within(Duration::from_secs(600), "the Modiar table", async || {
        app.get(modiar, None).await.status.as_u16() == 200
    })
    .await;
    assert_eq!(app.get(modiar, None).await.expect(200)["kind"], "exact");
    let (_, modiar_game) = &finished[1];
    let analysis = app
        .get(&format!("/games/{modiar_game}/analysis"), None)
        .await
        .expect(200);
    assert_eq!(analysis["plies"][0]["before"]["kind"], "exact");
}

async fn every_house_bot_answers_a_move_in_kalah_oware_and_togyz_kumalak(app: TestApp) {
    app.service.ensure_house_bots().await.expect("the bots");
    let ayse = app.sign_up("ayse").await;
    for level in Level::ALL {
        let bot = level.username();
        for variant in ["kalah", "oware", "togyz"] {
            // The bot moves first: its round answers the game's first move.
            let challenge = app
                .post(
                    "/challenges",
                    Some(&ayse.token),
                    json!({"variant": variant, "first": "opponent", "opponent": bot}),
                )
                .await
                .expect(201);
            let id = challenge["id"].as_str().expect("an id");
            let mut game = Value::Null;
            for _ in 0..3 {
                app.service.run_house_bots_once().await.expect("a round");
                let challenge = app
                    .get(&format!("/challenges/{id}"), Some(&ayse.token))
                    .await
                    .expect(200);
                if let Some(game_id) = challenge["game_id"].as_str() {
                    game = app.game(game_id).await;
                    if game["ply"].as_u64() >= Some(1) {
                        break;
                    }
                }
            }
            assert_eq!(game["variant"], variant, "{bot}: {game}");
            let moves = game["moves"].as_array().expect("moves");
            assert!(
                moves.first().is_some_and(|m| m["side"] == "north"),
                "{bot} moved first in {variant}: {game}"
            );
            crate::games::assert_cache_is_replay(&game);
            // And it answers a reply too.
            if game["to_move"] == "south" {
                let pit = game["legal_moves"][0].as_u64().expect("a move");
                let before = app.play(&ayse, &game, pit).await.expect(201);
                let game_id = before["id"].as_str().expect("an id");
                app.service.run_house_bots_once().await.expect("a round");
                let after = app.game(game_id).await;
                assert!(
                    after["ply"].as_u64() > before["ply"].as_u64() || after["status"] != "ongoing",
                    "{bot} answered in {variant}: {after}"
                );
            }
        }
    }
}
