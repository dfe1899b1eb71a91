//! Every repository path a doc names exists: README.md, docs/*.md, RULES.md,
//! SECURITY.md, bench/README.md, vendor/README.md and the module docs (`//!`, `///`) of
//! `src/` and `rules/src/`. A path is a word in backticks, a Markdown link's target,
//! or a bare word ending in a source extension; it counts as a path when it ends in
//! such an extension or starts with a top-level entry of the repository. It may be
//! written from the repository's root, from the doc's directory or one above it, or
//! (in a module doc) from the module's own directory or its crate's root; a bare file name
//! (`0008_rate_limits.sql`) may be anywhere; `*` stands for one path segment.

use std::collections::BTreeSet;
use std::path::{Path, PathBuf};

/// Extensions that make a word a file name.
const EXTENSIONS: &[&str] = &[
    "rs", "md", "sql", "sh", "toml", "yml", "yaml", "html", "js", "css", "json", "lock", "py",
    "patch",
];

/// Directories that hold no repository files.
const SKIPPED_DIRS: &[&str] = &[".git", "target", "node_modules", ".venv"];

/// The repository's files and directories, as `/`-separated paths from its root.
pub struct Tree {
    paths: BTreeSet<String>,
    names: BTreeSet<String>,
    roots: BTreeSet<String>,
}

impl Tree {
    /// Every file and directory under `root`.
    pub fn read(root: &Path) -> Tree {
        let mut paths = BTreeSet::new();
        walk(root, "", &mut paths);
        Tree::of(paths)
    }

    /// A tree of the given paths (files; their directories are added).
    pub fn of(paths: impl IntoIterator<Item = String>) -> Tree {
        let mut all = BTreeSet::new();
        for path in paths {
            let mut prefix = String::new();
            for segment in path.split('/') {
                if !prefix.is_empty() {
                    prefix.push('/');
                }
                prefix.push_str(segment);
                all.insert(prefix.clone());
            }
        }
        let names = all
            .iter()
            .filter_map(|p| p.rsplit('/').next().map(str::to_owned))
            .collect();
        let roots = all
            .iter()
            .filter_map(|p| p.split('/').next().map(str::to_owned))
            .collect();
        Tree {
            paths: all,
            names,
            roots,
        }
    }

    /// Whether `path` (relative, `/`-separated, `*` for one segment) names something.
    fn has(&self, path: &str) -> bool {
        let path = normalise(path);
        if !path.contains('*') {
            return self.paths.contains(&path);
        }
        let pattern: Vec<&str> = path.split('/').collect();
        self.paths.iter().any(|p| {
            let segments: Vec<&str> = p.split('/').collect();
            segments.len() == pattern.len()
                && segments
                    .iter()
                    .zip(&pattern)
                    .all(|(s, want)| *want == "*" || s == want)
        })
    }
}

fn walk(dir: &Path, prefix: &str, out: &mut BTreeSet<String>) {
    let Ok(entries) = std::fs::read_dir(dir) else {
        return;
    };
    for entry in entries.flatten() {
        let name = entry.file_name().to_string_lossy().into_owned();
        if SKIPPED_DIRS.contains(&name.as_str()) {
            continue;
        }
        let path = if prefix.is_empty() {
            name.clone()
        } else {
            format!("{prefix}/{name}")
        };
        if entry.file_type().is_ok_and(|t| t.is_dir()) {
            walk(&entry.path(), &path, out);
        }
        out.insert(path);
    }
}

/// `a/./b/../c/` as `a/c`.
fn normalise(path: &str) -> String {
    let mut out: Vec<&str> = Vec::new();
    for segment in path.split('/') {
        match segment {
            "" | "." => {}
            ".." => {
                out.pop();
            }
            s => out.push(s),
        }
    }
    out.join("/")
}

/// A doc to check: where it is, and its text (for a Rust file, its `//!` lines).
pub struct Doc {
    /// From the repository's root.
    pub path: String,
    /// Its lines, numbered from 1.
    pub lines: Vec<(usize, String)>,
}

impl Doc {
    /// The doc at `path` (from the root) with text `text`.
    pub fn new(path: &str, text: &str) -> Doc {
        let rust = path.ends_with(".rs");
        let lines = text
            .lines()
            .enumerate()
            .filter_map(|(i, line)| {
                if rust {
                    let line = line.trim_start();
                    let doc = line
                        .strip_prefix("//!")
                        .or_else(|| line.strip_prefix("///"))?;
                    Some((i + 1, doc.to_owned()))
                } else {
                    Some((i + 1, line.to_owned()))
                }
            })
            .collect();
        Doc {
            path: path.to_owned(),
            lines,
        }
    }

    /// The directories a path in this doc may be written from.
    fn bases(&self) -> Vec<String> {
        let dir = self.path.rsplit_once('/').map_or("", |(d, _)| d);
        let mut bases = vec![String::new()];
        let mut ancestor = String::new();
        for segment in dir.split('/').filter(|s| !s.is_empty()) {
            if !ancestor.is_empty() {
                ancestor.push('/');
            }
            ancestor.push_str(segment);
            bases.push(ancestor.clone());
        }
        if let Some(module) = self.path.strip_suffix(".rs") {
            if !module.ends_with("/mod") && !module.ends_with("/lib") && !module.ends_with("/main")
            {
                bases.push(module.to_owned());
            }
            if let Some((krate, _)) = self.path.split_once("/src/") {
                bases.push(krate.to_owned());
            }
        }
        bases
    }
}

/// The words of `line` that may be paths: spans in backticks, link targets, and
/// bare words with a file extension.
fn words(line: &str) -> Vec<String> {
    let mut words = Vec::new();
    for (i, span) in line.split('`').enumerate() {
        if i % 2 == 1 {
            words.push(span.to_owned());
            continue;
        }
        let mut rest = span;
        while let Some(start) = rest.find("](") {
            let target = &rest[start + 2..];
            let end = target.find(')').unwrap_or(target.len());
            words.push(target[..end].to_owned());
            rest = &target[end..];
        }
        words.extend(
            span.split(|c: char| c.is_whitespace() || "()[]\"',;".contains(c))
                .filter(|w| has_extension(w.trim_end_matches(['.', ':'])))
                .map(str::to_owned),
        );
    }
    words
}

fn has_extension(word: &str) -> bool {
    word.rsplit_once('.').is_some_and(|(stem, ext)| {
        !stem.is_empty() && !stem.ends_with('/') && EXTENSIONS.contains(&ext)
    })
}

/// `word` as a path to check, or `None` when it is not one.
fn as_path(word: &str, tree: &Tree) -> Option<String> {
    let word = word
        .trim()
        .trim_end_matches(['.', ',', ':', ';'])
        .split('#')
        .next()
        .unwrap_or_default();
    let word = word.strip_prefix("./").unwrap_or(word);
    let plain = |c: char| c.is_ascii_alphanumeric() || "._-/*".contains(c);
    if word.is_empty()
        || word.starts_with('/')
        || word.contains("://")
        || word.contains("..*")
        || !word.chars().all(plain)
        || word.chars().all(|c| c == '.' || c == '/')
    {
        return None;
    }
    let trimmed = word.trim_end_matches('/');
    let first = trimmed.split('/').next().unwrap_or_default();
    let rooted = word.contains('/') && tree.roots.contains(first);
    (has_extension(trimmed) || rooted).then(|| word.to_owned())
}

/// The paths `doc` names that are nowhere in `tree`: `path:line: word`.
pub fn missing(doc: &Doc, tree: &Tree) -> Vec<String> {
    let bases = doc.bases();
    let mut missing = Vec::new();
    for (number, line) in &doc.lines {
        let words: BTreeSet<String> = words(line).into_iter().collect();
        for word in words {
            let Some(path) = as_path(&word, tree) else {
                continue;
            };
            let bare = !path.trim_end_matches('/').contains('/');
            let found = bases.iter().any(|base| {
                tree.has(&if base.is_empty() {
                    path.clone()
                } else {
                    format!("{base}/{path}")
                })
            }) || (bare && tree.names.contains(path.trim_end_matches('/')));
            if !found {
                missing.push(format!("{}:{number}: `{path}`", doc.path));
            }
        }
    }
    missing
}

/// The docs of the repository at `root` that are checked.
pub fn docs(root: &Path) -> Vec<Doc> {
    let mut files: Vec<PathBuf> = [
        "README.md",
        "RULES.md",
        "SECURITY.md",
        "bench/README.md",
        "vendor/README.md",
    ]
    .iter()
    .map(|f| root.join(f))
    .filter(|p| p.exists())
    .collect();
    let mut sources = BTreeSet::new();
    for dir in ["docs", "src", "rules/src"] {
        walk(&root.join(dir), dir, &mut sources);
    }
    files.extend(
        sources
            .iter()
            .filter(|p| {
                (p.starts_with("docs/") && p.ends_with(".md") && !p[5..].contains('/'))
                    || p.ends_with(".rs")
            })
            .map(|p| root.join(p)),
    );
    files
        .iter()
        .map(|file| {
            let text =
                std::fs::read_to_string(file).unwrap_or_else(|e| panic!("{}: {e}", file.display()));
            let path = file
                .strip_prefix(root)
                .expect("under the root")
                .to_string_lossy()
                .replace('\\', "/");
            Doc::new(&path, &text)
        })
        .collect()
}

#[test]
fn every_path_a_doc_names_exists() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let tree = Tree::read(root);
    let missing: Vec<String> = docs(root).iter().flat_map(|d| missing(d, &tree)).collect();
    assert!(
        missing.is_empty(),
        "docs name paths that do not exist:\n{}",
        missing.join("\n")
    );
}

#[test]
fn a_planted_bad_path_is_found_and_good_ones_pass() {
    let tree = Tree::of(
        [
            "README.md",
            "src/store/mod.rs",
            "src/store/postgres/ops.rs",
            "migrations/postgres/0010_matches.sql",
            "migrations/sqlite/0009_matches.sql",
            "static/app.js",
        ]
        .map(str::to_owned),
    );
    let readme = Doc::new(
        "README.md",
        "See `src/store/mod.rs`, [the ops](src/store/postgres/ops.rs), \
         `migrations/*/0010_matches.sql`, app.js, `text/plain`, `GET /games/{id}`, \
         `https://example.org/a.md` and `src/store/gone.rs`.\n\
         Then src/nowhere.rs and [a link](docs/missing.md).",
    );
    assert_eq!(
        missing(&readme, &tree),
        [
            "README.md:1: `src/store/gone.rs`",
            "README.md:2: `docs/missing.md`",
            "README.md:2: `src/nowhere.rs`",
        ]
    );
    let module = Doc::new(
        "src/store/mod.rs",
        "//! The ops of `postgres/ops.rs` and `0009_matches.sql`;\n\
         //! not `sqlite/ops.rs`.\n\
         fn f() {} // `src/not/a/doc.rs`",
    );
    assert_eq!(
        missing(&module, &tree),
        ["src/store/mod.rs:2: `sqlite/ops.rs`"]
    );
}
