//! No page text is written in a template: every word a player reads comes from the
//! message catalogues (`{{ layout.tr.t("…") }}`), so that every page speaks the
//! visitor's language (issue 22). The check reads `templates/*.html` with the template
//! code (`{{ … }}`, `{% … %}`, `{# … #}`), scripts and styles taken out, and fails on
//! any text between tags, or in an attribute people read (`aria-label`, `title`,
//! `alt`, `placeholder`), that holds a word of three letters or more other than the
//! names every language keeps.

use std::path::Path;

/// Words that are the same in every language: the site's and the games' names, the
/// API's own terms shown as code, and the position notation's words (`7,7/7,7/south`,
/// written as the analysis board and the API read it).
const KEPT: &[&str] = &[
    "seedpost",
    "Mangala",
    "Modiar",
    "Tihbat",
    "UTC",
    "API",
    "GET",
    "POST",
    "Authorization",
    "Bearer",
    "api",
    "export",
    "south",
    "north",
    "side",
];

/// Templates of pages that are not for players, in English on purpose, each with why.
const ENGLISH_ONLY: &[(&str, &str)] = &[(
    "api_docs.html",
    "the API's description for bot authors (/api/v1/docs): it shows the OpenAPI \
     document, whose every summary, description and schema is English",
)];

/// The attributes whose values people read (or hear).
const READ_ATTRIBUTES: &[&str] = &["aria-label", "title", "alt", "placeholder"];

/// `text` with every `open … close` span removed (each replaced by a space).
fn without(text: &str, open: &str, close: &str) -> String {
    let mut out = String::with_capacity(text.len());
    let mut rest = text;
    while let Some(start) = rest.find(open) {
        out.push_str(&rest[..start]);
        out.push(' ');
        match rest[start + open.len()..].find(close) {
            Some(end) => rest = &rest[start + open.len() + end + close.len()..],
            None => return out,
        }
    }
    out.push_str(rest);
    out
}

/// The words of `text` that a translation would change.
fn english_words(text: &str) -> Vec<String> {
    text.split(|c: char| !c.is_ascii_alphabetic())
        .filter(|w| w.len() >= 3 && !KEPT.contains(w))
        .map(str::to_owned)
        .collect()
}

/// The texts of `html` (template code removed) that hold words to translate: what
/// lies between tags, and the values of [`READ_ATTRIBUTES`].
fn untranslated(html: &str) -> Vec<String> {
    let mut text = without(html, "{#", "#}");
    text = without(&text, "{{", "}}");
    text = without(&text, "{%", "%}");
    text = without(&text, "<script", "</script>");
    text = without(&text, "<style", "</style>");
    text = without(&text, "<!--", "-->");
    let mut found = Vec::new();
    let mut rest = text.as_str();
    while let Some(start) = rest.find('<') {
        let between = rest[..start].trim();
        if !english_words(between).is_empty() {
            found.push(between.to_owned());
        }
        let Some(end) = rest[start..].find('>') else {
            break;
        };
        let tag = &rest[start..start + end];
        for attribute in READ_ATTRIBUTES {
            let key = format!("{attribute}=\"");
            if let Some(at) = tag.find(&key) {
                let value = &tag[at + key.len()..];
                let value = value.split('"').next().unwrap_or_default().trim();
                if !english_words(value).is_empty() {
                    found.push(format!("{attribute}=\"{value}\""));
                }
            }
        }
        rest = &rest[start + end + 1..];
    }
    let tail = rest.trim();
    if !english_words(tail).is_empty() {
        found.push(tail.to_owned());
    }
    found
}

#[test]
fn no_template_writes_text_a_player_reads() {
    let dir = Path::new(env!("CARGO_MANIFEST_DIR")).join("templates");
    let mut problems = Vec::new();
    let mut entries: Vec<_> = std::fs::read_dir(&dir)
        .expect("templates/")
        .map(|e| e.expect("an entry").path())
        .filter(|p| p.extension().is_some_and(|e| e == "html"))
        .collect();
    entries.sort();
    assert!(entries.len() > 10, "the templates are found");
    for (name, _) in ENGLISH_ONLY {
        assert!(dir.join(name).is_file(), "{name}, left out, is a template");
    }
    for path in entries {
        let file = path.file_name().unwrap_or_default().to_string_lossy();
        if ENGLISH_ONLY.iter().any(|(name, _)| *name == file) {
            continue;
        }
        let html = std::fs::read_to_string(&path).expect("a template");
        for text in untranslated(&html) {
            let name = path.file_name().unwrap_or_default().to_string_lossy();
            problems.push(format!("{name}: {text:?}"));
        }
    }
    assert!(
        problems.is_empty(),
        "text to move to locales/*.ftl:\n{}",
        problems.join("\n")
    );
}

#[test]
fn the_template_check_finds_text_between_tags_and_in_read_attributes() {
    assert_eq!(
        untranslated("<p>Your move</p>"),
        ["Your move"],
        "text between tags"
    );
    assert_eq!(
        untranslated(r#"<nav aria-label="Games">"#),
        [r#"aria-label="Games""#]
    );
    assert!(untranslated(r#"<p>{{ layout.tr.t("nav-rules") }}</p>"#).is_empty());
    assert!(untranslated(r#"<a href="/rules/mangala" class="tab">Mangala</a>"#).is_empty());
    assert!(untranslated("<p>{# A note for developers #}{{ n }} · seedpost</p>").is_empty());
    assert!(untranslated("<script>var x = 'some words';</script>").is_empty());
}
