//! No source file of the server or the rules engine over 1,000 lines, counting the code
//! before its unit tests (issue 34: a file a newcomer can read; the limit on functions,
//! 100 lines, is clippy's `too_many_lines`, set in `clippy.toml`).

use std::path::{Path, PathBuf};

/// The most lines of code a source file holds, its tests aside.
const MAX_LINES: usize = 1_000;

/// Every `.rs` file under `dir`.
fn sources(dir: &Path, out: &mut Vec<PathBuf>) {
    for entry in std::fs::read_dir(dir).expect("a source folder").flatten() {
        let path = entry.path();
        if path.is_dir() {
            sources(&path, out);
        } else if path.extension().is_some_and(|e| e == "rs") {
            out.push(path);
        }
    }
}

/// The lines of `text` before its unit tests (`#[cfg(test)]` at the start of a line).
fn code_lines(text: &str) -> usize {
    text.lines()
        .take_while(|line| !line.starts_with("#[cfg(test)]"))
        .count()
}

#[test]
fn no_source_file_of_the_server_or_the_engine_is_over_a_thousand_lines() {
    let root = Path::new(env!("CARGO_MANIFEST_DIR"));
    let mut files = Vec::new();
    sources(&root.join("src"), &mut files);
    sources(&root.join("rules/src"), &mut files);
    assert!(files.len() > 50, "the sources were found: {}", files.len());
    let mut long: Vec<String> = files
        .iter()
        .filter_map(|path| {
            let text = std::fs::read_to_string(path).expect("a source file");
            let n = code_lines(&text);
            (n > MAX_LINES).then(|| format!("{} ({n} lines)", path.display()))
        })
        .collect();
    long.sort();
    assert!(long.is_empty(), "split these files: {long:#?}");
}

#[test]
fn a_files_unit_tests_do_not_count_and_its_code_does() {
    let text = "fn a() {}\nfn b() {}\n#[cfg(test)]\nmod tests {\n}\n";
    assert_eq!(code_lines(text), 2);
    assert_eq!(code_lines("fn a() {}\n"), 1);
}
