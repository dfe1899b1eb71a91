//! Hashes the rules engine's sources into `SEEDPOST_RULES_HASH`: the version of the
//! solved-table files that `Table.save` writes, so that `Table.load` refuses a file
//! written by another engine (whose values may differ).

use std::hash::{DefaultHasher, Hash, Hasher};
use std::path::{Path, PathBuf};

fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    let entries = std::fs::read_dir(dir)
        .unwrap_or_else(|e| panic!("{}: {e} (the rules crate's sources)", dir.display()));
    for entry in entries.flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|x| x == "rs") {
            out.push(path);
        }
    }
}

fn main() {
    let rules = Path::new(env!("CARGO_MANIFEST_DIR")).join("../../rules/src");
    println!("cargo:rerun-if-changed={}", rules.display());
    let mut files = Vec::new();
    sources(&rules, &mut files);
    files.sort();
    let mut hasher = DefaultHasher::new();
    for file in &files {
        let name = file.strip_prefix(&rules).unwrap_or(file);
        name.hash(&mut hasher);
        std::fs::read(file)
            .unwrap_or_else(|e| panic!("{}: {e}", file.display()))
            .hash(&mut hasher);
    }
    println!("cargo:rustc-env=SEEDPOST_RULES_HASH={}", hasher.finish());
}
