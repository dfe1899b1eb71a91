//! The server's layers point one way: the rules ← `domain` ← `store` ← `service` ←
//! `http`, with the JSON contract (`wire`) below the service and the background loops
//! (`jobs`) above it. Read from the sources: every `crate::<module>` a file of `src/`
//! names (outside comments and its unit tests) is an import of that top-level module.

use std::collections::{BTreeMap, BTreeSet};
use std::path::Path;

/// Top-level modules and the ones each must never import.
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

/// The import that `imports` forbids by [`FORBIDDEN`], as `from -> to` lines.
fn violations(imports: &Imports) -> Vec<String> {
    let mut out = Vec::new();
    for (from, banned) in FORBIDDEN {
        for to in imports.get(*from).into_iter().flatten() {
            if banned.contains(&to.as_str()) {
                out.push(format!("{from} -> {to}"));
            }
        }
    }
    out
}

/// A cycle of top-level modules (each importing the next, the last the first), if
/// there is one.
fn cycle(imports: &Imports) -> Option<Vec<String>> {
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
fn no_layer_imports_a_layer_above_it() {
    let imports = imports(&Path::new(env!("CARGO_MANIFEST_DIR")).join("src"));
    assert!(imports.contains_key("domain") && imports.contains_key("http"));
    let wrong = violations(&imports);
    assert!(wrong.is_empty(), "imports against the layers: {wrong:?}");
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
