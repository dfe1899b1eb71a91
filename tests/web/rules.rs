//! The rules pages: a player's page for each game with diagrams and a worked example
//! played by the engine, and the full numbered rules one link away, neither showing
//! the developers' notes of RULES.md.

use reqwest::StatusCode;
use scraper::ElementRef;
use seedpost_rules::{Game, Pit, Position, Side, Variant};

use crate::helpers::{Browser, Server, sel};
use crate::on_both_backends;

on_both_backends!(
    each_game_has_a_players_page_with_diagrams_and_the_full_rules_one_link_away,
    the_worked_example_shows_the_engines_positions_move_after_move,
);

/// What a diagram shows: each side's pits from its owner's left, and its store.
fn drawn(diagram: ElementRef<'_>) -> (Vec<u8>, Vec<u8>, u8, u8) {
    let row = |side: &str| {
        let mut pits: Vec<(u8, u8)> = diagram
            .select(&sel(&format!(".pit[data-side='{side}']")))
            .map(|p| {
                let attr = |name| {
                    p.value()
                        .attr(name)
                        .and_then(|v| v.parse::<u8>().ok())
                        .unwrap_or_else(|| panic!("a pit's {name}"))
                };
                (attr("data-pit"), attr("data-count"))
            })
            .collect();
        pits.sort_unstable();
        pits.into_iter()
            .map(|(_, count)| count)
            .collect::<Vec<u8>>()
    };
    let store = |side: &str| {
        diagram
            .select(&sel(&format!(".store.{side} .count")))
            .next()
            .and_then(|c| c.text().collect::<String>().trim().parse::<u8>().ok())
            .unwrap_or_else(|| panic!("{side}'s store"))
    };
    (row("south"), row("north"), store("south"), store("north"))
}

fn shows(position: &Position) -> (Vec<u8>, Vec<u8>, u8, u8) {
    (
        position.row(Side::South).to_vec(),
        position.row(Side::North).to_vec(),
        position.stores().south,
        position.stores().north,
    )
}

async fn each_game_has_a_players_page_with_diagrams_and_the_full_rules_one_link_away(
    server: Server,
) {
    let visitor = Browser::new(&server);
    for variant in Variant::ALL {
        let name = variant.as_str();
        let page = visitor.get(&format!("/rules/{name}")).await;
        assert_eq!(page.status, StatusCode::OK, "{}", page.body);
        assert!(page.text("h1").contains(variant.title()));
        // The board part's diagram is the start: every pit full, no store.
        let start = page.all(".board.diagram");
        let first = start.first().copied().expect("a diagram");
        assert_eq!(
            drawn(first),
            shows(&Position::start(variant, Side::South)),
            "{name}"
        );
        // Drawn read-only: nothing to press, no move form.
        assert_eq!(page.count(".diagram button, form.move"), 0, "{name}");
        for mark in ["Proved by", "rules/tests", "::"] {
            assert!(!page.body.contains(mark), "{name}: {mark}");
        }
        // The others' rules are elsewhere.
        for other in Variant::ALL.into_iter().filter(|&v| v != variant) {
            assert!(
                !page.text("article").contains(other.title()),
                "{name} speaks of {other}"
            );
        }

        let full_link = format!("/rules/{name}/full");
        assert_eq!(page.count(&format!("a[href='{full_link}']")), 1, "{name}");
        let full = visitor.get(&full_link).await;
        assert_eq!(full.status, StatusCode::OK);
        let letter = match variant {
            Variant::Mangala => 'M',
            Variant::Modiar => 'D',
            Variant::Tihbat => 'T',
        };
        let headings: Vec<String> = full
            .all("article h3")
            .iter()
            .map(|h| h.text().collect())
            .collect();
        assert!(
            headings.contains(&format!("{letter}1. Board")),
            "{headings:?}"
        );
        assert!(headings.iter().any(|h| h.starts_with("C1.")));
        for mark in [
            "Proved by",
            "Tested by",
            "rules/tests",
            "rules/src",
            "::",
            ".rs`",
        ] {
            assert!(!full.body.contains(mark), "{name}/full: {mark}");
        }
        assert!(!full.body.contains("three mancala games"));
        assert_eq!(full.count(&format!("a[href='/rules/{name}']")), 1);
    }
    for path in ["/rules/chess", "/rules/chess/full"] {
        assert_eq!(visitor.get(path).await.status, StatusCode::NOT_FOUND);
    }
}

async fn the_worked_example_shows_the_engines_positions_move_after_move(server: Server) {
    let visitor = Browser::new(&server);
    for variant in Variant::ALL {
        let page = visitor.get(&format!("/rules/{variant}")).await;
        let steps = page.all("ol.steps > li");
        assert!(steps.len() >= 3, "{variant}: {} steps", steps.len());
        let mut game = Game::new(variant, Side::South);
        for (i, step) in steps.iter().enumerate() {
            let caption: String = step
                .select(&sel("figcaption"))
                .flat_map(|c| c.text())
                .collect();
            if i > 0 {
                // "South plays pit 4. …": play it through the engine.
                let pit = caption
                    .split("plays pit ")
                    .nth(1)
                    .and_then(|rest| rest.get(..1))
                    .and_then(|n| n.parse::<Pit>().ok())
                    .unwrap_or_else(|| panic!("{variant}: a move in {caption:?}"));
                let mover = game.position().to_move().expect("the game goes on");
                assert!(caption.starts_with(if mover == Side::South {
                    "South"
                } else {
                    "North"
                }));
                game.play(pit).expect("a legal move");
                // The pit just played is ringed.
                let side = mover.as_str();
                let ringed = format!(".pit.last[data-side='{side}'][data-pit='{pit}']");
                assert_eq!(step.select(&sel(&ringed)).count(), 1, "{caption}");
            }
            let diagram = step.select(&sel(".board.diagram")).next().expect("a board");
            assert_eq!(
                drawn(diagram),
                shows(game.position()),
                "{variant}: {caption}"
            );
        }
        if variant == Variant::Tihbat {
            assert!(
                game.position().is_over(),
                "the Tihbat example is a whole game"
            );
        }
    }
}
