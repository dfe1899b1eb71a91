//! "Plan ahead" on the game page without JavaScript (issue 36): lines typed as pits,
//! listed with delete buttons, played when the opponent's move matches, and seen by
//! their owner alone.

use reqwest::StatusCode;
use seedpost_rules::{Pit, Side, Variant};

use crate::helpers::{Browser, Server, start_game};
use crate::on_both_backends;

on_both_backends!(
    a_player_plans_ahead_on_the_game_page_and_the_opponent_never_sees_it,
    the_plan_board_shows_the_position_after_the_line_to_its_player_alone_and_refuses_an_illegal_ply
);

/// The replay of a Mangala game's JSON, South first.
fn engine_of(game: &serde_json::Value) -> seedpost_rules::Game {
    let mut engine = seedpost_rules::Game::new(Variant::Mangala, Side::South);
    for m in game["moves"].as_array().expect("moves") {
        if let Some(pit) = m["pit"].as_u64() {
            let pit = Pit::new(u8::try_from(pit).expect("a pit")).expect("a pit");
            engine.play(pit).expect("the game replays");
        }
    }
    engine
}

/// The first pit of the side to move that ends its turn and not the game.
fn plain(game: &seedpost_rules::Game) -> u8 {
    let side = game.position().to_move();
    (1..=6)
        .find(|&n| {
            let mut g = game.clone();
            g.play(Pit::new(n).expect("a pit")) == Ok(1)
                && g.position().to_move() != side
                && g.outcome().is_none()
        })
        .expect("a plain move")
}

fn then(game: &seedpost_rules::Game, pit: u8) -> seedpost_rules::Game {
    let mut game = game.clone();
    game.play(Pit::new(pit).expect("a pit")).expect("legal");
    game
}

async fn a_player_plans_ahead_on_the_game_page_and_the_opponent_never_sees_it(server: Server) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    let zeynep = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    zeynep.sign_up("zeynep").await;
    let game = start_game(&ayse, &mehmet, "mehmet", "mangala", "challenger").await;
    let api = game.as_str();
    // On her own turn, no plan; after her move, it is mehmet's turn.
    let page = ayse.get(&game).await;
    assert_eq!(page.count("#plan"), 0);
    let first = plain(&engine_of(&ayse.api(api).await));
    let page = ayse
        .press(&page.form("form.move"), "pit", &first.to_string())
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    let page = ayse.get(&game).await;
    assert_eq!(page.text("#plan h2"), "Plan ahead");
    assert_eq!(page.count(".plan-none"), 1);
    // A line that breaks the rules is refused with the reason, and nothing is kept.
    let refused = ayse
        .submit(&page.form("form.plan-add").set("line", "1 9"))
        .await;
    assert_eq!(refused.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert!(
        refused.text("#plan .error").contains("ply 2"),
        "{}",
        refused.text("#plan")
    );
    let typo = ayse
        .submit(&page.form("form.plan-add").set("line", "three"))
        .await;
    assert_eq!(typo.status, StatusCode::UNPROCESSABLE_ENTITY);
    // A good line: their move, then hers.
    let e1 = engine_of(&ayse.api(api).await);
    let theirs = plain(&e1);
    let mine = plain(&then(&e1, theirs));
    let line = format!("{theirs} {mine}");
    let page = ayse
        .submit(&page.form("form.plan-add").set("line", &line))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(page.text(".plan-line"), line);
    // Nobody else sees it.
    for other in [&mehmet, &zeynep] {
        let seen = other.get(&game).await;
        assert_eq!(seen.count("#plan"), 0);
        assert!(!seen.body.contains("plan-line"));
    }
    // Mehmet plays into the line: her reply is played at once.
    let page = mehmet.get(&game).await;
    let after = mehmet
        .press(&page.form("form.move"), "pit", &theirs.to_string())
        .await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    let json = ayse.api(api).await;
    assert_eq!(json["ply"], 3);
    assert_eq!(json["moves"][2]["pit"], mine);
    let hers = ayse.get(&game).await;
    assert_eq!(
        hers.text(".plan-played"),
        "Played from your lines: plies 3."
    );
    let his = mehmet.get(&game).await;
    assert_eq!(his.count("#plan"), 0);
    // A line deleted with its button is gone.
    let e3 = engine_of(&json);
    let theirs = plain(&e3);
    let line = format!("{theirs} {}", plain(&then(&e3, theirs)));
    let page = ayse
        .submit(&hers.form("form.plan-add").set("line", &line))
        .await;
    assert_eq!(page.text(".plan-line"), line);
    let page = ayse
        .submit(&page.form("form[action$='/plan/delete']"))
        .await;
    assert_eq!(page.status, StatusCode::OK, "{}", page.body);
    assert_eq!(page.count(".plan-line"), 0);
    assert_eq!(page.count(".plan-none"), 1);
}

async fn the_plan_board_shows_the_position_after_the_line_to_its_player_alone_and_refuses_an_illegal_ply(
    server: Server,
) {
    let ayse = Browser::new(&server);
    let mehmet = Browser::new(&server);
    let zeynep = Browser::new(&server);
    ayse.sign_up("ayse").await;
    mehmet.sign_up("mehmet").await;
    zeynep.sign_up("zeynep").await;
    let game = start_game(&ayse, &mehmet, "mehmet", "mangala", "challenger").await;
    let board = format!("{game}/plan/board");
    // Ayşe is to move: Mehmet plays lines out, she may not.
    let start = mehmet.get(&board).await;
    assert_eq!(start.status, StatusCode::OK, "{}", start.body);
    assert_eq!(start.attr("#plan-board", "data-line"), "");
    assert_eq!(start.attr("#plan-board", "data-mover"), "south");
    assert_eq!(start.count(".plan-save"), 0);
    let e0 = engine_of(&ayse.api(game.as_str()).await);
    let theirs = plain(&e0);
    let e1 = then(&e0, theirs);
    let mine = plain(&e1);
    let after = mehmet.get(&format!("{board}?line={theirs}+{mine}")).await;
    assert_eq!(after.status, StatusCode::OK, "{}", after.body);
    assert_eq!(
        after.attr("#plan-board", "data-line"),
        format!("{theirs} {mine}")
    );
    let e2 = then(&e1, mine);
    // The board is the engine's position after the two plies, his row at the bottom.
    let north: Vec<String> = e2
        .position()
        .row(Side::North)
        .iter()
        .map(ToString::to_string)
        .collect();
    let drawn: Vec<String> = (1..=6)
        .map(|n| {
            after.attr(
                &format!("#plan-board .pit.north[data-pit='{n}']"),
                "data-count",
            )
        })
        .collect();
    assert_eq!(drawn, north);
    let legal: String = e2
        .position()
        .legal_moves()
        .map(|p| format!("{} ", p.number()))
        .collect();
    assert_eq!(after.attr("#plan-board", "data-legal"), legal);
    assert_eq!(after.count(".plan-save"), 1);
    // A ply the rules forbid, the opponent and a spectator are refused.
    let illegal = mehmet.get(&format!("{board}?line={theirs}+9")).await;
    assert_eq!(illegal.status, StatusCode::UNPROCESSABLE_ENTITY);
    assert_eq!(ayse.get(&board).await.status, StatusCode::CONFLICT);
    assert_eq!(zeynep.get(&board).await.status, StatusCode::FORBIDDEN);
}
