//! Rebuilds when a migration or a message catalogue changes: `sqlx::migrate!` embeds
//! the migrations in the binary, and `src/i18n.rs` the catalogues, listed here as
//! `$OUT_DIR/catalogues.rs` (every `locales/<lang>/*.ftl`, so a new file needs no code).

use std::fmt::Write as _;
use std::path::Path;

fn main() {
    println!("cargo:rerun-if-changed=migrations");
    println!("cargo:rerun-if-changed=locales");
    let root = Path::new(env!("CARGO_MANIFEST_DIR")).join("locales");
    let mut files = Vec::new();
    if let Ok(langs) = std::fs::read_dir(&root) {
        for lang in langs.flatten().filter(|e| e.path().is_dir()) {
            let tag = lang.file_name().to_string_lossy().into_owned();
            for file in std::fs::read_dir(lang.path())
                .into_iter()
                .flatten()
                .flatten()
            {
                let path = file.path();
                if path.extension().is_some_and(|e| e == "ftl") {
                    let name = file.file_name().to_string_lossy().into_owned();
                    files.push((tag.clone(), name, path.display().to_string()));
                }
            }
        }
    }
    files.sort();
    let mut out = String::from(
        "/// Every catalogue file under `locales/`: language tag, file name, text.\n\
         pub const FILES: &[(&str, &str, &str)] = &[\n",
    );
    for (tag, name, path) in files {
        let _ = writeln!(out, "    ({tag:?}, {name:?}, include_str!({path:?})),");
    }
    out.push_str("];\n");
    let target = Path::new(&std::env::var("OUT_DIR").unwrap_or_default()).join("catalogues.rs");
    if let Err(e) = std::fs::write(&target, out) {
        panic!("writing {}: {e}", target.display());
    }
}
