//! The rules pages. `/rules/{variant}` teaches a player one game: its board, a move,
//! captures, the end and the score, with diagrams drawn by the game page's board and a
//! worked example played through the engine. `/rules/{variant}/full` is the game's
//! numbered rules from RULES.md (embedded at build time), without the notes meant for
//! the project's developers (the tests that prove each rule, the engine's interface).
//! RULES.md is the source of truth for both; the player's text restates it.

use std::sync::LazyLock;

use askama::Template;
use axum::response::Html;
use pulldown_cmark::{Options, Parser, html};
use seedpost_rules::{Game, Pit, Position, Side, Variant};

use super::error::PageError;
use super::session::{PagePath, Visitor};
use super::view::{Layout, VariantChoice, render, variant_choices};
use crate::error::Error;
use crate::games::pieces::BoardView;
use crate::games::view::side_title;
use crate::i18n::{Lang, Tr};

const RULES: &str = include_str!("../../../RULES.md");

/// RULES.md's top-level sections (`## …`) with their headings; the text before the
/// first is the preamble.
fn sections() -> (String, Vec<(String, String)>) {
    let mut preamble = String::new();
    let mut sections: Vec<(String, String)> = Vec::new();
    for line in RULES.lines() {
        if let Some(heading) = line.strip_prefix("## ") {
            sections.push((heading.to_owned(), String::new()));
        }
        match sections.last_mut() {
            Some((_, text)) => {
                text.push_str(line);
                text.push('\n');
            }
            None => {
                // The file's title is the page's heading.
                if !line.starts_with("# ") {
                    preamble.push_str(line);
                    preamble.push('\n');
                }
            }
        }
    }
    (preamble, sections)
}

fn to_html(markdown: &str) -> String {
    let mut out = String::new();
    html::push_html(&mut out, Parser::new_ext(markdown, Options::ENABLE_TABLES));
    out
}

/// Sentences written for the project's developers, not for players: the tests that
/// prove a rule, the engine's interface, the replay command. A sentence holding any of
/// these is left out of the pages.
const DEVELOPER_MARKS: [&str; 10] = [
    "iterator",
    "Proved by",
    "Tested by",
    "rules/",
    "::",
    "test",
    "The engine",
    "engine's",
    "replay command",
    "hand-made position",
];

/// Whether `text` starts a sentence: the character after a full stop and a space.
fn starts_sentence(text: &str) -> bool {
    text.chars()
        .next()
        .is_some_and(|c| c.is_uppercase() || matches!(c, '`' | '*' | '(' | '"'))
}

/// `text` (one paragraph or list item, its lines joined) without the sentences meant
/// for developers. A leading list marker and a leading bold label are kept apart, so
/// that a label's own full stop does not end a sentence.
fn strip_prose(text: &str) -> String {
    // A code-only aside such as "(`Position::start(variant, first)`)" names the
    // engine's interface: drop it, keep its sentence.
    let mut text = text.to_owned();
    let mut from = 0;
    while let Some(found) = text[from..].find(" (`") {
        let at = from + found;
        let mut depth = 0usize;
        let mut in_code = false;
        let mut end = None;
        for (i, c) in text[at + 1..].char_indices() {
            match c {
                '`' => in_code = !in_code,
                '(' if !in_code => depth += 1,
                ')' if !in_code => {
                    depth = depth.saturating_sub(1);
                    if depth == 0 {
                        end = Some(at + 1 + i);
                        break;
                    }
                }
                _ => {}
            }
        }
        let Some(end) = end else { break };
        if text[at..end].contains("::") {
            text.replace_range(at..=end, "");
            from = at;
        } else {
            from = end;
        }
    }
    let (marker, body) = match text.find(|c: char| !(c.is_ascii_digit() || c == '.' || c == '-')) {
        Some(i) if i > 0 && text[i..].starts_with(' ') => text.split_at(i + 1),
        _ => ("", text.as_str()),
    };
    let (label, body) = match body.strip_prefix("**").and_then(|b| b.find("**")) {
        Some(end) => body.split_at(end + 4),
        None => ("", body),
    };
    let mut kept = Vec::new();
    let mut sentence = String::new();
    let mut chars = body.char_indices().peekable();
    while let Some((i, c)) = chars.next() {
        sentence.push(c);
        let ends = c == '.' && body[i + 1..].starts_with(' ') && starts_sentence(&body[i + 2..]);
        if ends || chars.peek().is_none() {
            let s = sentence.trim().to_owned();
            sentence.clear();
            if !s.is_empty() && !DEVELOPER_MARKS.iter().any(|m| s.contains(m)) {
                kept.push(s.replace("the engine", "the server"));
            }
        }
    }
    if kept.is_empty() {
        return String::new();
    }
    let label = label.trim_end();
    let joiner = if label.is_empty() { "" } else { " " };
    format!("{marker}{label}{joiner}{}", kept.join(" "))
}

/// `markdown` without the developers' notes: prose is kept sentence by sentence (see
/// [`strip_prose`]); headings, tables and code are kept as they are.
fn strip_developer_notes(markdown: &str) -> String {
    fn flush(out: &mut String, para: &mut Vec<&str>) {
        let Some(first) = para.first() else { return };
        let indent = &first[..first.len() - first.trim_start().len()];
        let joined = para.iter().map(|l| l.trim()).collect::<Vec<_>>().join(" ");
        let prose = strip_prose(&joined);
        if !prose.is_empty() {
            out.push_str(indent);
            out.push_str(&prose);
            out.push('\n');
        }
        para.clear();
    }
    let mut out = String::new();
    let mut para: Vec<&str> = Vec::new();
    let mut in_code = false;
    for line in markdown.lines() {
        let t = line.trim_start();
        let verbatim = in_code
            || t.starts_with("```")
            || t.starts_with('|')
            || t.starts_with('#')
            || t == "---";
        if t.starts_with("```") {
            in_code = !in_code;
        }
        let item = t.starts_with("- ")
            || t.split_once(". ")
                .is_some_and(|(n, _)| !n.is_empty() && n.bytes().all(|b| b.is_ascii_digit()));
        if verbatim || t.is_empty() || item {
            flush(&mut out, &mut para);
        }
        if verbatim || t.is_empty() {
            out.push_str(line);
            out.push('\n');
        } else {
            para.push(line);
        }
    }
    flush(&mut out, &mut para);
    out
}

/// The letter RULES.md numbers a game's rules with: `M1`, `D1`, `T1`, `K1`.
const fn letter(variant: Variant) -> char {
    match variant {
        Variant::Mangala => 'M',
        Variant::Modiar => 'D',
        Variant::Tihbat => 'T',
        Variant::Kalah => 'K',
        Variant::Oware => 'O',
        Variant::Togyz => 'Z',
    }
}

/// Whether a decision of the project's own list (P) concerns `variant`: it names the
/// game, all three, or one of the game's rules.
fn concerns(item: &str, variant: Variant) -> bool {
    let cites = item.char_indices().any(|(i, c)| {
        c == letter(variant)
            && item[i + 1..].starts_with(|d: char| d.is_ascii_digit())
            && !item[..i].ends_with(|p: char| p.is_alphanumeric() || p == '_')
    });
    // Positions made by hand exist for tests and puzzles, never in a game.
    let by_hand = item.contains("Hand-made") || item.contains("hand-made");
    !by_hand && (item.contains(variant.title()) || item.contains("all three games") || cites)
}

/// The project's decisions that concern `variant`, as a list under the section's
/// heading (its introduction speaks of tests).
fn decisions(section: &str, variant: Variant) -> String {
    let mut out = String::new();
    let mut item = String::new();
    let keep = |item: &mut String, out: &mut String| {
        if !item.is_empty() && concerns(item, variant) {
            out.push_str(item);
        }
        item.clear();
    };
    for line in section.lines() {
        if line.starts_with("## ") {
            out.push_str(line);
            out.push_str("\n\n");
        } else if line.starts_with("- ") {
            keep(&mut item, &mut out);
            item.push_str(line);
            item.push('\n');
        } else if !item.is_empty() {
            item.push_str(line);
            item.push('\n');
        }
    }
    keep(&mut item, &mut out);
    out
}

/// The HTML of one game's full rules: how to read them, the common ground, the game's
/// section and the project's decisions about it, without the developers' notes.
fn full_html(variant: Variant) -> String {
    let (_preamble, sections) = sections();
    let mut markdown = String::new();
    for (heading, text) in &sections {
        if heading.starts_with("Decisions") {
            markdown.push_str(&decisions(text, variant));
        } else if heading.starts_with("How to read")
            || heading.starts_with("Common ground")
            || is_rules_of(heading, variant)
        {
            markdown.push_str(text);
        }
    }
    to_html(&strip_developer_notes(&markdown))
}

/// Whether a section heading is a game's rules ("Mangala (M)"), not a later section
/// that merely begins with the game's name ("Mangala endgame tables").
fn is_rules_of(heading: &str, variant: Variant) -> bool {
    heading
        .strip_prefix(variant.title())
        .is_some_and(|rest| rest.starts_with(" ("))
}

static FULL: LazyLock<Vec<(Variant, String)>> = LazyLock::new(|| {
    Variant::OFFERED
        .into_iter()
        .map(|v| (v, full_html(v)))
        .collect()
});

/// One part of a player's page: a heading, its paragraphs and perhaps a diagram.
struct Part {
    heading: String,
    paragraphs: Vec<String>,
    diagram: Option<Diagram>,
}

/// A position drawn read-only by the game page's board, with what it shows.
pub struct Diagram {
    /// The board.
    pub board: BoardView,
    /// What happened, under the board.
    pub caption: String,
}

/// `position` drawn with South at the bottom and `last` ringed.
fn diagram(tr: Tr, position: &Position, last: Option<(Side, Pit)>, caption: String) -> Diagram {
    Diagram {
        board: BoardView::draw(tr, position, Side::South, last, &[], |side| {
            side_title(tr, side)
        }),
        caption,
    }
}

/// The pits played in each game's worked example, South moving first. Chosen to show
/// what the text explains; the positions are the engine's.
fn example_pits(variant: Variant) -> &'static [u8] {
    match variant {
        // An extra move (S4), an even capture across the board (N6) and a capture
        // from an empty pit of one's own (S1).
        Variant::Mangala => &[4, 1, 6, 1],
        // The first move's capture forfeited (S1), then a capture and its chain (N3).
        Variant::Modiar => &[1, 3],
        // A whole game: captures in one's own pit (N2, S2), a lone counter (N2) and the
        // end at the second occurrence of a position (RULES.md T6).
        Variant::Tihbat => &[1, 2, 2, 2, 2, 2, 2],
        // An extra move (S3: the last seed in the store), then a sowing round the
        // board (S6).
        Variant::Kalah => &[3, 6, 1],
        // Sowing, and a capture of a house made 2 or 3 (RULES.md O4), in a few moves.
        Variant::Oware => &[3, 4, 2, 5],
        // An even capture at once (S9 makes North's pit 8 hold 10), then replies.
        Variant::Togyz => &[9, 1, 2],
    }
}

/// What a move did, in words: who played which pit, what their store or captures
/// became, and who moves next or how the game ended.
fn caption(tr: Tr, variant: Variant, before: &Position, after: &Position, pit: Pit) -> String {
    let mover = before.to_move().unwrap_or(Side::South);
    let who = side_title(tr, mover);
    let mut text = vec![tr.t2("rules-plays", "side", who.as_str(), "pit", pit.number())];
    let (was, now) = (*before.stores().get(mover), *after.stores().get(mover));
    if let Some(outcome) = after.outcome() {
        let score = outcome.score;
        let result = match outcome.winner {
            Some(side) => tr.t1("rules-wins", "side", side_title(tr, side)),
            None => tr.t("rules-draw"),
        };
        text.push(tr.t3(
            "rules-over",
            "south",
            score.south,
            "north",
            score.north,
            "result",
            result,
        ));
        return text.join(" ");
    }
    if now > was {
        text.push(if variant.has_stores() {
            tr.t3("rules-store", "side", who.as_str(), "was", was, "now", now)
        } else {
            tr.t2("rules-captures", "side", who.as_str(), "count", now - was)
        });
    }
    match after.to_move() {
        Some(side) if side == mover => text.push(tr.t1("rules-again", "side", who.as_str())),
        Some(side) => text.push(tr.t1("rules-to-move", "side", side_title(tr, side))),
        None => {}
    }
    text.join(" ")
}

/// The worked example: the start, then the position after each move of
/// [`example_pits`].
fn worked_example(tr: Tr, variant: Variant) -> Vec<Diagram> {
    let mut game = Game::new(variant, Side::South);
    let mut steps = vec![diagram(
        tr,
        game.position(),
        None,
        tr.t1("rules-start-to-move", "side", side_title(tr, Side::South)),
    )];
    for &n in example_pits(variant) {
        let before = *game.position();
        let (Some(pit), Some(mover)) = (Pit::new(n), before.to_move()) else {
            break;
        };
        if game.play(pit).is_err() {
            break;
        }
        let after = *game.position();
        steps.push(diagram(
            tr,
            &after,
            Some((mover, pit)),
            caption(tr, variant, &before, &after, pit),
        ));
    }
    steps
}

/// The player's text of `variant`, part by part (RULES.md restated), in the visitor's
/// language (`locales/*/rules.ftl`).
fn parts(tr: Tr, variant: Variant) -> Vec<Part> {
    let start = Position::start(variant, Side::South);
    let (mut board, moving, capturing, mut ending) = match variant {
        Variant::Mangala => (
            vec![tr.t("rules-mangala-board-1")],
            vec![
                tr.t("rules-mangala-move-1"),
                tr.t("rules-mangala-move-2"),
                tr.t("rules-mangala-move-3"),
            ],
            vec![
                tr.t("rules-mangala-captures-1"),
                tr.t("rules-mangala-captures-2"),
            ],
            vec![tr.t("rules-mangala-end-1"), tr.t("rules-mangala-end-2")],
        ),
        Variant::Modiar => (
            vec![tr.t("rules-modiar-board-1")],
            vec![tr.t("rules-modiar-move-1"), tr.t("rules-modiar-move-2")],
            vec![
                tr.t("rules-modiar-captures-1"),
                tr.t("rules-modiar-captures-2"),
                tr.t("rules-modiar-captures-3"),
            ],
            vec![tr.t("rules-modiar-end-1"), tr.t("rules-modiar-end-2")],
        ),
        Variant::Tihbat => (
            vec![tr.t("rules-tihbat-board-1")],
            vec![tr.t("rules-tihbat-move-1")],
            vec![tr.t("rules-tihbat-captures-1")],
            vec![tr.t("rules-tihbat-end-1"), tr.t("rules-tihbat-end-2")],
        ),
        Variant::Kalah => (
            vec![tr.t("rules-kalah-board-1")],
            vec![tr.t("rules-kalah-move-1"), tr.t("rules-kalah-move-2")],
            vec![tr.t("rules-kalah-captures-1")],
            vec![tr.t("rules-kalah-end-1"), tr.t("rules-kalah-end-2")],
        ),
        Variant::Oware => (
            vec![tr.t("rules-oware-board-1")],
            vec![tr.t("rules-oware-move-1"), tr.t("rules-oware-move-2")],
            vec![
                tr.t("rules-oware-captures-1"),
                tr.t("rules-oware-captures-2"),
            ],
            vec![tr.t("rules-oware-end-1"), tr.t("rules-oware-end-2")],
        ),
        Variant::Togyz => (
            vec![tr.t("rules-togyz-board-1")],
            vec![tr.t("rules-togyz-move-1")],
            vec![
                tr.t("rules-togyz-captures-1"),
                tr.t("rules-togyz-captures-2"),
            ],
            vec![tr.t("rules-togyz-end-1"), tr.t("rules-togyz-end-2")],
        ),
    };
    board.extend([tr.t("rules-sides"), tr.t("rules-first-mover")]);
    ending.push(tr.t("rules-score"));
    vec![
        Part {
            heading: tr.t("rules-part-board"),
            paragraphs: board,
            diagram: Some(diagram(
                tr,
                &start,
                None,
                tr.t1("rules-start-of", "variant", variant.title()),
            )),
        },
        Part {
            heading: tr.t("rules-part-move"),
            paragraphs: moving,
            diagram: None,
        },
        Part {
            heading: tr.t("rules-part-captures"),
            paragraphs: capturing,
            diagram: None,
        },
        Part {
            heading: tr.t("rules-part-end"),
            paragraphs: ending,
            diagram: None,
        },
    ]
}

/// `templates/rules.html`: a game's rules for players.
#[derive(Template)]
#[template(path = "rules.html")]
struct RulesPage {
    layout: Layout,
    title: &'static str,
    variant: &'static str,
    variants: Vec<VariantChoice>,
    parts: Vec<Part>,
    steps: Vec<Diagram>,
}

/// `templates/rules_full.html`: a game's numbered rules.
#[derive(Template)]
#[template(path = "rules_full.html")]
struct FullRulesPage {
    layout: Layout,
    title: &'static str,
    variant: &'static str,
    variants: Vec<VariantChoice>,
    /// Rendered from our own RULES.md, never from user input.
    html: &'static str,
    /// In a language other than English, that the numbered rules are given in English.
    in_english: Option<String>,
}

/// `GET /rules`: the first game's rules, with links to the others.
pub async fn index(visitor: Visitor) -> Result<Html<String>, PageError> {
    page(&visitor, Variant::Mangala)
}

fn parse(name: &str) -> Result<Variant, Error> {
    Variant::parse_offered(name).map_err(|_| Error::NotFound("game"))
}

/// `GET /rules/{variant}`.
pub async fn show(
    visitor: Visitor,
    PagePath(name): PagePath<String>,
) -> Result<Html<String>, PageError> {
    page(&visitor, parse(&name)?)
}

/// `GET /rules/{variant}/full`.
pub async fn full(
    visitor: Visitor,
    PagePath(name): PagePath<String>,
) -> Result<Html<String>, PageError> {
    let variant = parse(&name)?;
    let html = FULL
        .iter()
        .find(|(v, _)| *v == variant)
        .map_or("", |(_, html)| html.as_str());
    let tr = visitor.tr();
    render(&FullRulesPage {
        layout: visitor.layout(&tr.t1("rules-full-title", "variant", variant.title())),
        title: variant.title(),
        variant: variant.as_str(),
        variants: variant_choices(variant.as_str()),
        html,
        in_english: (tr.lang() != Lang::En).then(|| tr.t("rules-full-in-english")),
    })
}

fn page(visitor: &Visitor, variant: Variant) -> Result<Html<String>, PageError> {
    render(&RulesPage {
        layout: visitor.layout(&visitor.tr().t1("rules-title", "variant", variant.title())),
        title: variant.title(),
        variant: variant.as_str(),
        variants: variant_choices(variant.as_str()),
        parts: parts(visitor.tr(), variant),
        steps: worked_example(visitor.tr(), variant),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_full_rules_page_has_the_common_ground_and_only_its_own_game() {
        let modiar = full_html(Variant::Modiar);
        assert!(modiar.contains("Common ground"));
        assert!(modiar.contains("D1. Board"));
        assert!(modiar.contains("D13. Result"));
        assert!(!modiar.contains("M1. Board"));
        assert!(!modiar.contains("T1. Board"));
        let tihbat = full_html(Variant::Tihbat);
        assert!(tihbat.contains("T8. Result"));
        assert!(!tihbat.contains("three mancala games"), "{tihbat}");
        assert!(!tihbat.contains("D1. Board"));
        // A later section whose heading begins with the game's name is not its rules.
        let mangala = full_html(Variant::Mangala);
        assert!(mangala.contains("M10. Result"));
        assert!(!mangala.contains("endgame tables"), "{mangala}");
    }

    #[test]
    fn no_rules_page_shows_the_developers_notes() {
        for variant in Variant::OFFERED {
            let full = full_html(variant);
            for mark in [
                "Proved by",
                "Tested by",
                "rules/",
                "::",
                ".rs",
                "test",
                "engine",
            ] {
                assert!(
                    !full.to_lowercase().contains(&mark.to_lowercase()),
                    "{variant}: {mark:?} in\n{full}"
                );
            }
        }
    }

    #[test]
    fn the_full_rules_keep_every_decision_and_example_of_the_game() {
        let mangala = full_html(Variant::Mangala);
        // M9's decision, with its label, and its examples.
        assert!(mangala.contains("<strong>Decision:</strong> after every move"));
        assert!(mangala.contains("Example (the extra move is lost)"));
        // C6's decision without the engine's interface.
        assert!(mangala.contains("draws the first mover at random"));
        // The decisions that concern Mangala (P2, P4) and none about the others only.
        assert!(mangala.contains("P2. Mangala has no repetition rule"));
        assert!(mangala.contains("P4. Laps include the emptied pit"));
        assert!(!mangala.contains("P9."));
        let tihbat = full_html(Variant::Tihbat);
        // P3's rule stays, its reference to the engine goes.
        assert!(tihbat.contains("in the last non-empty pit counting round the board"));
        assert!(tihbat.contains("P7. Counting repetitions"));
        assert!(!tihbat.contains("P2."));
    }

    #[test]
    fn a_sentence_that_names_a_test_goes_and_its_neighbours_stay() {
        assert_eq!(
            strip_prose("- **P4. Laps.** Stones go round. Proved by: `m3_x`, `d3_y`."),
            "- **P4. Laps.** Stones go round."
        );
        assert_eq!(
            strip_prose("The first (`Position::start(v, f)`) is drawn. Next."),
            "The first is drawn. Next."
        );
        assert_eq!(strip_prose("Proved by: `rules/tests/rules.rs`."), "");
    }

    #[test]
    fn the_worked_examples_show_what_their_text_explains() {
        let mangala = worked_example(Tr::new(crate::domain::Lang::En), Variant::Mangala);
        assert_eq!(mangala.len(), 1 + example_pits(Variant::Mangala).len());
        assert!(mangala[1].caption.contains("South moves again"));
        assert!(mangala[3].caption.contains("North's store: 0 → 7"));
        assert!(mangala[4].caption.contains("South's store: 1 → 6"));
        let modiar = worked_example(Tr::new(crate::domain::Lang::En), Variant::Modiar);
        // The first move would take S1's 2 but captures nothing (D6).
        assert_eq!(modiar[1].board.bottom[0].count, 2);
        assert!(!modiar[1].caption.contains("captures"));
        assert!(modiar[2].caption.contains("North captures 6"));
        let tihbat = worked_example(Tr::new(crate::domain::Lang::En), Variant::Tihbat);
        let last = tihbat
            .last()
            .map(|d| d.caption.as_str())
            .unwrap_or_default();
        assert!(last.contains("The game is over: South 17, North 11, South wins"));
        for steps in [&mangala, &modiar, &tihbat] {
            for step in steps.iter() {
                assert!(!step.board.playable);
                assert!(step.board.bottom.iter().all(|p| !p.playable));
            }
        }
    }
}
