//! The rules pages: a player's page for each game with diagrams and a worked example
//! played by the engine, and the full numbered rules one link away, neither showing
//! the developers' notes of RULES.md. Both speak the visitor's language (issue 22),
//! except the numbered rules themselves, which stay in English, the reference text.

use reqwest::StatusCode;
use scraper::ElementRef;
use seedpost_rules::{Game, Pit, Position, Side, Variant};

use crate::helpers::{Browser, Page, Server, sel};
use crate::on_both_backends;

on_both_backends!(
    each_game_has_a_players_page_with_diagrams_and_the_full_rules_one_link_away,
    the_worked_example_shows_the_engines_positions_move_after_move,
    the_rules_pages_leave_no_english_paragraph_in_turkish_or_arabic,
    the_greek_worked_example_never_puts_a_sides_name_in_the_wrong_case,
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
    for variant in Variant::OFFERED {
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
        for other in Variant::OFFERED.into_iter().filter(|&v| v != variant) {
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
            Variant::Kalah => 'K',
            Variant::Oware => 'O',
            Variant::Togyz => 'Z',
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
    for variant in Variant::OFFERED {
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

/// Words that are the same in every language: the games' names.
const NAMES: [&str; 7] = [
    "Mangala", "Modiar", "Tihbat", "Kalah", "Oware", "Togyz", "kumalak",
];

/// `text` with every run of white space made one space.
fn normalised(text: &str) -> String {
    text.split_whitespace().collect::<Vec<_>>().join(" ")
}

/// The texts of the elements matching `css` that hold at least two words other than
/// names.
fn sentences(page: &Page, css: &str) -> Vec<String> {
    page.all(css)
        .iter()
        .map(|element| normalised(&element.text().collect::<String>()))
        .filter(|text| {
            text.split(|c: char| !c.is_alphabetic())
                .filter(|w| w.chars().count() >= 3 && !NAMES.contains(w))
                .count()
                >= 2
        })
        .collect()
}

async fn the_rules_pages_leave_no_english_paragraph_in_turkish_or_arabic(server: Server) {
    let visitor = Browser::new(&server);
    let mut paths = vec![("/rules".to_owned(), false)];
    for variant in Variant::OFFERED {
        paths.push((format!("/rules/{variant}"), false));
        paths.push((format!("/rules/{variant}/full"), true));
    }
    let english = visitor.get("/rules/mangala?lang=en").await;
    // The English text is the one the catalogue restates.
    assert!(
        english
            .text("article")
            .contains("If your last stone falls into your own store, you move again."),
        "{}",
        english.body
    );
    for (path, full) in &paths {
        // The numbered rules stay in English: only what surrounds them is translated.
        let css = if *full {
            "main > h1, main > p, main > nav a"
        } else {
            "main h1, main h2, main p, main li, main a, main figcaption"
        };
        let english = visitor.get(&format!("{path}?lang=en")).await;
        assert_eq!(english.status, StatusCode::OK, "{path}: {}", english.body);
        assert_eq!(english.attr("html", "lang"), "en");
        assert_eq!(english.count("#rules-in-english"), 0, "{path}");
        let said = sentences(&english, css);
        assert!(said.len() >= 2, "{path}: {said:?}");
        for lang in ["tr", "ar"] {
            let page = visitor.get(&format!("{path}?lang={lang}")).await;
            assert_eq!(page.status, StatusCode::OK, "{path}: {}", page.body);
            assert_eq!(page.attr("html", "lang"), lang, "{path}");
            assert!(!page.body.contains('⟦'), "{path} in {lang}: {}", page.body);
            let text = normalised(
                &page
                    .all(css)
                    .iter()
                    .flat_map(|e| e.text())
                    .collect::<Vec<_>>()
                    .join(" "),
            );
            let left: Vec<&String> = said.iter().filter(|s| text.contains(s.as_str())).collect();
            assert!(left.is_empty(), "{path} in {lang} still says {left:?}");
            assert_ne!(
                page.attr("nav.tabs", "aria-label"),
                english.attr("nav.tabs", "aria-label"),
                "{path} in {lang}"
            );
            if *full {
                // Said once, in the visitor's language, above the English rules.
                assert_eq!(page.count("#rules-in-english"), 1, "{path} in {lang}");
                assert_eq!(page.attr("main article", "lang"), "en");
                assert_eq!(page.text("article"), english.text("article"), "{path}");
            }
        }
    }
}

async fn the_greek_worked_example_never_puts_a_sides_name_in_the_wrong_case(server: Server) {
    let visitor = Browser::new(&server);
    // "South's store" is not "του Νότος" (the genitive is "του Νότου"): the side's
    // name stands alone, in the nominative.
    let greek = visitor.get("/rules/mangala?lang=el").await;
    let captions = normalised(&greek.text("ol.steps"));
    assert!(captions.contains("Νότος: αποθήκη 0 → 1"), "{captions}");
    for wrong in ["του Νότος", "του Βορράς"] {
        assert!(!captions.contains(wrong), "{captions}");
    }
}
