//! The message catalogues (`locales/*/*.ftl`, see `src/i18n.rs`) agree: there is one
//! folder per language seedpost speaks; each parses; each language has exactly the
//! English ids (none missing, none extra, none twice), with the same placeholders per
//! message; every English id is used in `templates/` or `src/`, and every id those
//! call the translator with (`.t("id")`, `.t1("id", ...)` ... `.args("id", ...)`) is
//! in English. An id "used" is one written whole as a string literal (`"nav-rules"`)
//! anywhere there (outside `//` comments and unit tests), so ids chosen by a `match`
//! count.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

use fluent_syntax::ast;
use seedpost::domain::Lang;

/// A catalogue's messages and the placeholders (`$name`) each uses.
type Messages = BTreeMap<String, BTreeSet<String>>;

/// The messages of one `.ftl` text, or what is wrong with it (syntax errors, an id
/// twice in `seen`, an id not in kebab-case).
fn messages(text: &str, into: &mut Messages) -> Vec<String> {
    let resource = match fluent_syntax::parser::parse(text) {
        Ok(resource) => resource,
        Err((_, errors)) => return errors.iter().map(|e| format!("syntax: {e:?}")).collect(),
    };
    let mut problems = Vec::new();
    for entry in resource.body {
        let ast::Entry::Message(message) = entry else {
            continue;
        };
        let id = message.id.name.to_owned();
        if !is_id(&id) {
            problems.push(format!("{id}: ids are kebab-case with a page prefix"));
        }
        let mut names = BTreeSet::new();
        if let Some(pattern) = &message.value {
            pattern_variables(pattern, &mut names);
        }
        for attribute in &message.attributes {
            pattern_variables(&attribute.value, &mut names);
        }
        if into.insert(id.clone(), names).is_some() {
            problems.push(format!("{id}: defined twice"));
        }
    }
    problems
}

/// Whether `word` has the shape of a message id: `nav-rules`, `error-status-404`.
fn is_id(word: &str) -> bool {
    let mut parts = word.split('-');
    let first_ok = parts.next().is_some_and(|p| {
        p.chars().next().is_some_and(|c| c.is_ascii_lowercase())
            && p.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
    });
    let mut rest = 0;
    let rest_ok = parts.all(|p| {
        rest += 1;
        !p.is_empty()
            && p.chars()
                .all(|c| c.is_ascii_lowercase() || c.is_ascii_digit())
    });
    first_ok && rest_ok && rest > 0
}

fn pattern_variables(pattern: &ast::Pattern<&str>, out: &mut BTreeSet<String>) {
    for element in &pattern.elements {
        if let ast::PatternElement::Placeable { expression } = element {
            expression_variables(expression, out);
        }
    }
}

fn expression_variables(expression: &ast::Expression<&str>, out: &mut BTreeSet<String>) {
    match expression {
        ast::Expression::Select { selector, variants } => {
            inline_variables(selector, out);
            for variant in variants {
                pattern_variables(&variant.value, out);
            }
        }
        ast::Expression::Inline(inline) => inline_variables(inline, out),
    }
}

fn inline_variables(inline: &ast::InlineExpression<&str>, out: &mut BTreeSet<String>) {
    match inline {
        ast::InlineExpression::VariableReference { id } => {
            out.insert(id.name.to_owned());
        }
        ast::InlineExpression::FunctionReference { arguments, .. } => {
            call_variables(arguments, out);
        }
        ast::InlineExpression::TermReference {
            arguments: Some(arguments),
            ..
        } => call_variables(arguments, out),
        ast::InlineExpression::Placeable { expression } => expression_variables(expression, out),
        _ => {}
    }
}

fn call_variables(arguments: &ast::CallArguments<&str>, out: &mut BTreeSet<String>) {
    for inline in &arguments.positional {
        inline_variables(inline, out);
    }
    for named in &arguments.named {
        inline_variables(&named.value, out);
    }
}

/// How `other` (language `tag`) differs from English.
fn compare(tag: &str, english: &Messages, other: &Messages) -> Vec<String> {
    let mut problems = Vec::new();
    for (id, names) in english {
        match other.get(id) {
            None => problems.push(format!("{tag}: {id} is missing")),
            Some(theirs) if theirs != names => problems.push(format!(
                "{tag}: {id} has placeholders {theirs:?}, English {names:?}"
            )),
            Some(_) => {}
        }
    }
    for id in other.keys().filter(|id| !english.contains_key(*id)) {
        problems.push(format!("{tag}: {id} is not in English"));
    }
    problems
}

/// The translator's methods that take an id first.
const CALLS: &[&str] = &[".t(", ".t1(", ".t2(", ".t3(", ".t4(", ".args("];

/// The ids written as string literals in `text`: every id-shaped literal (`mentioned`)
/// and those that open a call of the translator (`called`). Each `"` followed by an
/// id and a `"` is one, whatever quotes come before (no pairing to go wrong on `'"'`).
fn literals(text: &str, mentioned: &mut BTreeSet<String>, called: &mut BTreeSet<String>) {
    for (open, _) in text.match_indices('"') {
        let after = &text[open + 1..];
        let len = after
            .find(|c: char| !(c.is_ascii_lowercase() || c.is_ascii_digit() || c == '-'))
            .unwrap_or(after.len());
        let word = &after[..len];
        if !after[len..].starts_with('"') || !is_id(word) {
            continue;
        }
        mentioned.insert(word.to_owned());
        let head = text[..open].trim_end();
        if CALLS.iter().any(|c| head.ends_with(c)) {
            called.insert(word.to_owned());
        }
    }
}

fn files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            files(&path, out);
        } else {
            out.push(path);
        }
    }
}

fn root() -> &'static Path {
    Path::new(env!("CARGO_MANIFEST_DIR"))
}

/// Every catalogue, by language tag, and the problems of reading them.
fn catalogues() -> (BTreeMap<String, Messages>, Vec<String>) {
    let mut out = BTreeMap::new();
    let mut problems = Vec::new();
    for entry in std::fs::read_dir(root().join("locales")).expect("locales/") {
        let dir = entry.expect("an entry").path();
        let tag = dir
            .file_name()
            .and_then(|n| n.to_str())
            .expect("a name")
            .to_owned();
        let mut all = Messages::new();
        let mut paths = Vec::new();
        files(&dir, &mut paths);
        for path in paths
            .iter()
            .filter(|p| p.extension().is_some_and(|e| e == "ftl"))
        {
            let text = std::fs::read_to_string(path).expect("readable");
            for problem in messages(&text, &mut all) {
                problems.push(format!("{}: {problem}", path.display()));
            }
        }
        out.insert(tag, all);
    }
    (out, problems)
}

#[test]
fn catalogues_have_one_folder_per_language_and_parse() {
    let (catalogues, problems) = catalogues();
    let tags: BTreeSet<&str> = catalogues.keys().map(String::as_str).collect();
    let spoken: BTreeSet<&str> = Lang::ALL.into_iter().map(Lang::tag).collect();
    assert_eq!(tags, spoken, "locales/ folders against Lang::ALL");
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn catalogues_have_exactly_the_english_ids_and_placeholders() {
    let (catalogues, _) = catalogues();
    let english = catalogues.get("en").expect("locales/en");
    assert!(english.len() > 20, "the English catalogue is read");
    let problems: Vec<String> = catalogues
        .iter()
        .flat_map(|(tag, messages)| compare(tag, english, messages))
        .collect();
    assert!(problems.is_empty(), "{problems:#?}");
}

#[test]
fn catalogues_every_english_id_is_used_and_every_id_used_is_english() {
    let (catalogues, _) = catalogues();
    let english = catalogues.get("en").expect("locales/en");
    let (mut mentioned, mut called) = (BTreeSet::new(), BTreeSet::new());
    let mut paths = Vec::new();
    files(&root().join("templates"), &mut paths);
    files(&root().join("src"), &mut paths);
    for path in &paths {
        let text = std::fs::read_to_string(path).expect("readable");
        // Docs show made-up ids in their examples, and unit tests ask for missing
        // ones: comment lines and the tests at the end of a file are no use.
        let text = text
            .split_once("#[cfg(test)]\nmod tests")
            .map_or(text.as_str(), |(code, _)| code);
        let code: String = text
            .lines()
            .filter(|l| !l.trim_start().starts_with("//"))
            .map(|l| format!("{l}\n"))
            .collect();
        literals(&code, &mut mentioned, &mut called);
    }
    assert!(called.contains("nav-rules"), "the calls are found");
    let unused: Vec<&String> = english
        .keys()
        .filter(|id| !mentioned.contains(*id))
        .collect();
    assert!(unused.is_empty(), "English ids used nowhere: {unused:?}");
    let undefined: Vec<&String> = called
        .iter()
        .filter(|id| !english.contains_key(*id))
        .collect();
    assert!(
        undefined.is_empty(),
        "ids used but not in locales/en: {undefined:?}"
    );
}

#[test]
fn catalogues_check_finds_missing_extra_and_different_placeholders() {
    let mut english = Messages::new();
    assert!(
        messages(
            "a-one = One\na-two = { $n ->\n  [one] { $n } thing\n *[other] { $n } things\n}\n",
            &mut english
        )
        .is_empty()
    );
    assert_eq!(english["a-two"], BTreeSet::from(["n".to_owned()]));
    let mut other = Messages::new();
    let problems = messages(
        "a-two = { $count } coses\na-three = Tres\nBad = x\n",
        &mut other,
    );
    assert_eq!(problems, ["Bad: ids are kebab-case with a page prefix"]);
    assert_eq!(
        compare("ca", &english, &other),
        [
            "ca: a-one is missing",
            "ca: a-two has placeholders {\"count\"}, English {\"n\"}",
            "ca: Bad is not in English",
            "ca: a-three is not in English",
        ]
    );
    let mut twice = Messages::new();
    assert_eq!(
        messages("a-one = x\na-one = y\n", &mut twice),
        ["a-one: defined twice"]
    );
    assert!(!messages("a-one = { $\n", &mut Messages::new()).is_empty());
    let (mut mentioned, mut called) = (BTreeSet::new(), BTreeSet::new());
    literals(
        r#"{{ layout.tr.t("nav-rules") }} tr.t1( "game-to-move", "name", x) match s { 1 => "error-status-404" } "not an id" "#,
        &mut mentioned,
        &mut called,
    );
    assert_eq!(
        called,
        BTreeSet::from(["game-to-move".to_owned(), "nav-rules".to_owned()])
    );
    assert!(mentioned.contains("error-status-404") && !mentioned.contains("not an id"));
}
