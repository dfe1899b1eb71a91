//! The rules pages, rendered from RULES.md (embedded at build time): the common
//! ground and one game's section.

use std::sync::LazyLock;

use askama::Template;
use axum::response::Html;
use pulldown_cmark::{Options, Parser, html};
use seedpost_rules::Variant;

use super::error::PageError;
use super::session::{PagePath, Visitor};
use super::view::{Layout, VariantChoice, render, variant_choices};
use crate::error::Error;

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

/// The HTML of one game's page: the preamble, the common ground, the game's section
/// and the project's decisions.
fn page_html(variant: Variant) -> String {
    let (preamble, sections) = sections();
    let title = variant.title();
    let mut markdown = preamble;
    for (heading, text) in &sections {
        let keep = heading.starts_with("How to read")
            || heading.starts_with("Common ground")
            || heading.starts_with(title)
            || heading.starts_with("Decisions");
        if keep {
            markdown.push_str(text);
        }
    }
    to_html(&markdown)
}

static PAGES: LazyLock<Vec<(Variant, String)>> = LazyLock::new(|| {
    Variant::ALL
        .into_iter()
        .map(|v| (v, page_html(v)))
        .collect()
});

/// `templates/rules.html`.
#[derive(Template)]
#[template(path = "rules.html")]
struct RulesPage {
    layout: Layout,
    title: &'static str,
    variants: Vec<VariantChoice>,
    /// Rendered from our own RULES.md, never from user input.
    html: &'static str,
}

/// `GET /rules`: the first game's rules, with links to the others.
pub async fn index(visitor: Visitor) -> Result<Html<String>, PageError> {
    page(&visitor, Variant::Mangala)
}

/// `GET /rules/{variant}`.
pub async fn show(
    visitor: Visitor,
    PagePath(name): PagePath<String>,
) -> Result<Html<String>, PageError> {
    let variant = name
        .parse::<Variant>()
        .map_err(|_| Error::NotFound("game"))?;
    page(&visitor, variant)
}

fn page(visitor: &Visitor, variant: Variant) -> Result<Html<String>, PageError> {
    let html = PAGES
        .iter()
        .find(|(v, _)| *v == variant)
        .map_or("", |(_, html)| html.as_str());
    render(&RulesPage {
        layout: visitor.layout(&format!("Rules of {}", variant.title())),
        title: variant.title(),
        variants: variant_choices(variant.as_str()),
        html,
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn each_rules_page_has_the_common_ground_and_only_its_own_game() {
        let modiar = page_html(Variant::Modiar);
        assert!(modiar.contains("Common ground"));
        assert!(modiar.contains("D1. Board"));
        assert!(!modiar.contains("M1. Board"));
        assert!(!modiar.contains("T1. Board"));
    }
}
