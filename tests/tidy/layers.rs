//! The server's layers point one way. Its target (docs/architecture.md) is one folder
//! per feature over a small shared core: `rules` ← the core ← the features ← `http`,
//! a feature using another only through that feature's public service API, never its
//! SQL or rows. The move goes one feature at a time; meanwhile the code not yet moved
//! keeps the old layers: the rules ← `domain` ← `store` ← `service` ← `http`, with the
//! JSON contract (`wire`) below the service and the background loops (`jobs`) above
//! it.
//!
//! Read from the sources: every `crate::<module>` a file of `src/` names (outside
//! comments and its unit tests) is an import of that top-level module.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// The features moved into folders of their own (docs/architecture.md): every
/// folder of `src/` is one of them or one of [`NOT_FEATURES`].
const FEATURES: &[&str] = &[
    "games",
    "chat",
    "challenges",
    "notifications",
    "analysis",
    "competition",
    "accounts",
];

/// The folders of `src/` that are no feature, each with what it is.
const NOT_FEATURES: &[(&str, &str)] = &[
    (
        "domain",
        "the core's ids and validated values, and the entities not yet moved",
    ),
    (
        "store",
        "the core's generic store and dialect, and the SQL not yet moved",
    ),
    (
        "service",
        "the struct of every use case, and the use cases not yet moved",
    ),
    (
        "http",
        "the router, the extractors and the layout, and the handlers not yet moved",
    ),
    ("wire", "the JSON shapes not yet moved"),
    (
        "transfer",
        "export and import, driving each feature's lines",
    ),
];

/// The parts of a feature that only the feature itself may name: its SQL and rows.
const PRIVATE_PARTS: &[&str] = &["store"];

/// The parts of a feature that another feature may not name: its API handlers
/// (mounted by `http`) and its export lines (driven by `transfer`). A feature uses
/// another through its service, its entities and its JSON.
const NOT_FOR_FEATURES: &[&str] = &["api", "export"];

/// Modules of the shared core, which import no feature. `deadline` (the clock of a
/// move) is read by the store.
const CORE: &[&str] = &["domain", "i18n", "store", "error", "clock", "deadline"];

/// The modules not yet moved that may import a feature which imports them back,
/// each with why: the cycle check leaves these edges out, and only these.
const HOSTS: &[(&str, &str)] = &[
    (
        "service",
        "the struct of every use case, on which the moved features still hang theirs",
    ),
    (
        "http",
        "mounts each feature's routes; its extractors and layout are the core to be",
    ),
    ("jobs", "runs each feature's background loops"),
    ("transfer", "drives each feature's export lines"),
];

/// The imports of a feature by a module not yet moved into its own that the cycle check
/// leaves out, each with why: the module is a part of a feature to come, whose use
/// cases the `service` still hosts (and every feature imports the service back).
/// Only these imports, of only these features.
const TO_COME: &[(&str, &str, &str)] = &[(
    "house",
    "analysis",
    "the house bots (bots, to come) play with the analysis' solved and endgame tables",
)];

/// Top-level modules and the ones each must never import (the old layers).
const FORBIDDEN: &[(&str, &[&str])] = &[
    ("domain", &["store", "service", "http", "wire", "jobs"]),
    ("i18n", &["store", "service", "http", "wire", "jobs"]),
    ("store", &["service", "http", "wire", "jobs"]),
    ("wire", &["service", "http", "jobs"]),
    ("service", &["http", "jobs"]),
    ("http", &["jobs"]),
];

/// Which top-level modules each top-level module of `src/` imports.
type Imports = BTreeMap<String, BTreeSet<String>>;

/// The imports of the crate whose sources are under `src`.
fn imports(src: &Path) -> Imports {
    let mut out = Imports::new();
    let mut files = Vec::new();
    rust_files(src, &mut files);
    for file in files {
        let relative = file.strip_prefix(src).expect("under src");
        let first = relative
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .expect("a file name");
        let module = first.strip_suffix(".rs").unwrap_or(first);
        if matches!(module, "lib" | "main") {
            continue;
        }
        let text = std::fs::read_to_string(&file).expect("readable");
        let named = out.entry(module.to_owned()).or_default();
        for target in crate_paths(&text) {
            if target != module {
                named.insert(target);
            }
        }
    }
    out
}

fn rust_files(dir: &Path, out: &mut Vec<std::path::PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a directory") {
        let path = entry.expect("an entry").path();
        if path.is_dir() {
            rust_files(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The first segment after each `crate::` in `text`, leaving out comments and the
/// unit tests at the end of the file.
fn crate_paths(text: &str) -> BTreeSet<String> {
    let code = text
        .split_once("#[cfg(test)]\nmod tests")
        .map_or(text, |(code, _)| code);
    let mut out = BTreeSet::new();
    for line in code.lines() {
        let line = line.split_once("//").map_or(line, |(code, _)| code);
        let mut rest = line;
        while let Some(at) = rest.find("crate::") {
            let preceded_by_word = rest[..at]
                .chars()
                .next_back()
                .is_some_and(|c| c.is_alphanumeric() || c == '_');
            rest = &rest[at + "crate::".len()..];
            let name: String = rest
                .chars()
                .take_while(|c| c.is_alphanumeric() || *c == '_')
                .collect();
            if !preceded_by_word && !name.is_empty() {
                out.insert(name);
            }
        }
    }
    out
}

/// The imports that the layers forbid, as `from -> to` lines: by [`FORBIDDEN`], and
/// of a feature by the [`CORE`].
fn violations(imports: &Imports) -> Vec<String> {
    let mut out = Vec::new();
    for (from, banned) in FORBIDDEN {
        for to in imports.get(*from).into_iter().flatten() {
            if banned.contains(&to.as_str()) {
                out.push(format!("{from} -> {to}"));
            }
        }
    }
    for from in CORE {
        for to in imports.get(*from).into_iter().flatten() {
            if FEATURES.contains(&to.as_str()) {
                out.push(format!("{from} -> {to}"));
            }
        }
    }
    out
}

/// The parts of features that files outside the feature may not name, as `file:
/// crate::feature::part` lines: the [`PRIVATE_PARTS`] anywhere, and the
/// [`NOT_FOR_FEATURES`] parts in another feature.
fn private_uses(src: &Path) -> Vec<String> {
    let mut files = Vec::new();
    rust_files(src, &mut files);
    let mut out = Vec::new();
    for file in files {
        let relative = file.strip_prefix(src).expect("under src");
        let owner = relative
            .components()
            .next()
            .and_then(|c| c.as_os_str().to_str())
            .expect("a file name");
        let owner = owner.strip_suffix(".rs").unwrap_or(owner);
        let text = std::fs::read_to_string(&file).expect("readable");
        for (feature, part) in feature_parts(&text) {
            let private = PRIVATE_PARTS.contains(&part.as_str())
                || (FEATURES.contains(&owner) && NOT_FOR_FEATURES.contains(&part.as_str()));
            if feature != owner && private {
                out.push(format!("{}: crate::{feature}::{part}", relative.display()));
            }
        }
    }
    out
}

/// The `(feature, part)` of each `crate::<feature>::<part>` in `text` (a grouped
/// `crate::<feature>::{a::B, c}` names each of its parts), leaving out comments and
/// the unit tests at the end of the file.
fn feature_parts(text: &str) -> BTreeSet<(String, String)> {
    let code = text
        .split_once("#[cfg(test)]\nmod tests")
        .map_or(text, |(code, _)| code);
    let code: String = code
        .lines()
        .map(|line| line.split_once("//").map_or(line, |(code, _)| code))
        .collect::<Vec<_>>()
        .join("\n");
    let word = |s: &str| -> String {
        s.trim_start()
            .chars()
            .take_while(|c| c.is_alphanumeric() || *c == '_')
            .collect()
    };
    let mut out = BTreeSet::new();
    for feature in FEATURES {
        let prefix = format!("crate::{feature}::");
        for (at, _) in code.match_indices(&prefix) {
            let rest = &code[at + prefix.len()..];
            if let Some(group) = rest.strip_prefix('{') {
                let group = group.split('}').next().unwrap_or_default();
                for item in group.split(',') {
                    let part = word(item);
                    if !part.is_empty() {
                        out.insert(((*feature).to_owned(), part));
                    }
                }
            } else {
                let part = word(rest);
                if !part.is_empty() {
                    out.insert(((*feature).to_owned(), part));
                }
            }
        }
    }
    out
}

/// A cycle of top-level modules (each importing the next, the last the first), if
/// there is one, leaving out the imports of a feature by the [`HOSTS`] (the code not
/// yet moved that still holds the moved features' use cases and routes, which the
/// features call back through its public API) and the imports [`TO_COME`] names.
/// The core imports no feature (see [`violations`]); every other module that imports
/// a feature must not be imported by it.
fn cycle(imports: &Imports) -> Option<Vec<String>> {
    let imports: Imports = imports
        .iter()
        .map(|(from, to)| {
            let kept = to
                .iter()
                .filter(|t| {
                    let hosted = HOSTS.iter().any(|(h, _)| h == from);
                    let to_come = TO_COME
                        .iter()
                        .any(|(f, to, _)| *f == from.as_str() && *to == t.as_str());
                    !to_come && (!hosted || !FEATURES.contains(&t.as_str()))
                })
                .cloned()
                .collect();
            (from.clone(), kept)
        })
        .collect();
    let imports = &imports;
    fn visit(
        node: &str,
        imports: &Imports,
        path: &mut Vec<String>,
        done: &mut BTreeSet<String>,
    ) -> Option<Vec<String>> {
        if let Some(at) = path.iter().position(|n| n == node) {
            return Some(path[at..].to_vec());
        }
        if done.contains(node) {
            return None;
        }
        path.push(node.to_owned());
        for next in imports.get(node).into_iter().flatten() {
            if let Some(found) = visit(next, imports, path, done) {
                return Some(found);
            }
        }
        path.pop();
        done.insert(node.to_owned());
        None
    }
    let mut done = BTreeSet::new();
    imports
        .keys()
        .find_map(|start| visit(start, imports, &mut Vec::new(), &mut done))
}

#[test]
fn every_folder_of_src_is_a_listed_feature_or_named_as_none() {
    let src = Path::new(env!("CARGO_MANIFEST_DIR")).join("src");
    let mut unlisted = Vec::new();
    for entry in std::fs::read_dir(&src).expect("src reads") {
        let path = entry.expect("an entry").path();
        let name = path.file_name().and_then(|n| n.to_str()).expect("a name");
        let listed = FEATURES.contains(&name) || NOT_FEATURES.iter().any(|(n, _)| *n == name);
        if path.is_dir() && !listed {
            unlisted.push(name.to_owned());
        }
    }
    assert!(
        unlisted.is_empty(),
        "folders of src/ in neither FEATURES nor NOT_FEATURES: {unlisted:?}"
    );
    for feature in FEATURES {
        assert!(
            src.join(feature).join("mod.rs").is_file(),
            "{feature}: no folder"
        );
    }
}

#[test]
fn no_layer_imports_a_layer_above_it() {
    let imports = imports(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(imports.contains_key("domain") && imports.contains_key("http"));
    let wrong = violations(&imports);
    assert!(wrong.is_empty(), "imports against the layers: {wrong:?}");
}

#[test]
fn no_module_names_the_sql_or_rows_of_a_feature_but_the_feature() {
    let wrong = private_uses(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(
        wrong.is_empty(),
        "a feature's SQL or rows named outside it: {wrong:?}"
    );
}

#[test]
fn no_top_level_module_imports_one_that_imports_it_back() {
    let imports = imports(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert_eq!(cycle(&imports), None);
}

#[test]
fn an_upward_import_and_a_cycle_are_found() {
    let text = "use crate::domain::GameId;\n\
                #[schema(value_type = crate::http::api::openapi::SideName)]\n\
                // crate::jobs in a comment is no import\n\
                let x = notcrate::store; // nor a crate:: after a word\n\
                #[cfg(test)]\nmod tests {\n    use crate::service::Service;\n}\n";
    let found = crate_paths(text);
    assert_eq!(
        found,
        ["domain", "http"].map(str::to_owned).into_iter().collect()
    );
    let mut imports = Imports::new();
    imports.insert("wire".to_owned(), found);
    imports.insert("http".to_owned(), ["wire".to_owned()].into());
    imports.insert("domain".to_owned(), BTreeSet::new());
    assert_eq!(violations(&imports), ["wire -> http"]);
    assert_eq!(
        cycle(&imports),
        Some(vec!["http".to_owned(), "wire".to_owned()])
    );
}

#[test]
fn a_feature_named_by_the_core_and_its_sql_named_outside_it_are_found() {
    let text = "use crate::games::service::LoadedGame;\n\
                use crate::games::{api, store::GameStore};\n\
                // crate::games::store in a comment is no use\n\
                let s = crate::games::store::GameStore::game;\n";
    let found = feature_parts(text);
    let parts: Vec<&str> = found.iter().map(|(_, p)| p.as_str()).collect();
    assert_eq!(parts, ["api", "service", "store"]);
    let mut imports = Imports::new();
    imports.insert("store".to_owned(), ["games".to_owned()].into());
    imports.insert("service".to_owned(), ["games".to_owned()].into());
    imports.insert("games".to_owned(), ["service".to_owned()].into());
    assert_eq!(violations(&imports), ["store -> games"]);
    // The old service may call a moved feature back; the core may not.
    imports.insert("store".to_owned(), BTreeSet::new());
    assert_eq!(cycle(&imports), None);
    // Nor may a module that hosts nothing.
    imports.insert("replay".to_owned(), ["games".to_owned()].into());
    imports.insert(
        "games".to_owned(),
        ["service".to_owned(), "replay".to_owned()].into(),
    );
    assert_eq!(
        cycle(&imports),
        Some(vec!["games".to_owned(), "replay".to_owned()])
    );
}

#[test]
fn a_part_of_a_feature_to_come_may_import_only_the_feature_named_for_it() {
    let mut imports = Imports::new();
    imports.insert("service".to_owned(), ["house".to_owned()].into());
    imports.insert("analysis".to_owned(), ["service".to_owned()].into());
    imports.insert("house".to_owned(), ["analysis".to_owned()].into());
    assert_eq!(cycle(&imports), None);
    imports.insert("games".to_owned(), ["service".to_owned()].into());
    imports.insert(
        "house".to_owned(),
        ["analysis".to_owned(), "games".to_owned()].into(),
    );
    assert_eq!(
        cycle(&imports),
        Some(vec![
            "service".to_owned(),
            "house".to_owned(),
            "games".to_owned()
        ])
    );
}
