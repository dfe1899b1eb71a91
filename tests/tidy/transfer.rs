//! Every table a migration makes is either carried by `seedpost export` or named as
//! transient, with its reason, by the feature that owns it (each feature's lines,
//! gathered by `seedpost::transfer`): a new table cannot be forgotten by the export,
//! as five once were.

use std::collections::BTreeSet;

use seedpost::transfer::{exported_tables, transient_tables};

/// The tables the migrations of one backend make (`CREATE TABLE name`).
fn created_tables(backend: &str) -> BTreeSet<String> {
    let dir = format!("{}/migrations/{backend}", env!("CARGO_MANIFEST_DIR"));
    let mut tables = BTreeSet::new();
    for entry in std::fs::read_dir(&dir).expect("the migrations folder reads") {
        let path = entry.expect("an entry").path();
        let text = std::fs::read_to_string(&path).expect("a migration reads");
        let words: Vec<&str> = text.split_whitespace().collect();
        for w in words.windows(3) {
            if w[0].eq_ignore_ascii_case("create") && w[1].eq_ignore_ascii_case("table") {
                let name = w[2].trim_end_matches('(').to_ascii_lowercase();
                tables.insert(name);
            }
        }
    }
    tables
}

#[test]
fn every_table_a_migration_makes_is_exported_or_named_transient_and_no_other() {
    let exported_tables = exported_tables();
    let transient_tables = transient_tables();
    let exported: BTreeSet<String> = exported_tables.iter().map(|t| (*t).to_owned()).collect();
    let transient: BTreeSet<String> = transient_tables
        .iter()
        .map(|(t, _)| (*t).to_owned())
        .collect();
    assert!(
        exported.is_disjoint(&transient),
        "a table is both exported and transient: {:?}",
        exported.intersection(&transient).collect::<Vec<_>>()
    );
    assert_eq!(
        exported.len(),
        exported_tables.len(),
        "a table is listed twice"
    );
    let listed: BTreeSet<String> = exported.union(&transient).cloned().collect();
    for backend in ["sqlite", "postgres"] {
        let created = created_tables(backend);
        assert!(created.len() > 20, "{backend}: {created:?}");
        let forgotten: Vec<_> = created.difference(&listed).collect();
        assert!(
            forgotten.is_empty(),
            "the {backend} migrations make tables neither exported nor named transient \
             in seedpost::transfer: {forgotten:?}"
        );
        let unknown: Vec<_> = listed.difference(&created).collect();
        assert!(
            unknown.is_empty(),
            "seedpost::transfer lists tables no {backend} migration makes: {unknown:?}"
        );
    }
}

#[test]
fn every_transient_table_says_why_nobody_misses_it() {
    for (table, why) in transient_tables() {
        assert!(why.split_whitespace().count() >= 6, "{table}: {why:?}");
    }
}
