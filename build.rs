//! Rebuilds when a migration changes: `sqlx::migrate!` embeds them in the binary.

fn main() {
    println!("cargo:rerun-if-changed=migrations");
}
