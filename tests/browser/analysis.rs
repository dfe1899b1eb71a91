//! The analysis board at a phone's width: a Mangala position, its moves' table and the
//! form fit 360 px without scrolling sideways.

use crate::harness::*;
use crate::support::server::{Backend, Server};

#[tokio::test(flavor = "multi_thread", worker_threads = 2)]
async fn the_analysis_board_of_a_mangala_position_fits_a_phone() {
    let Some(driver_path) = std::env::var(DRIVER_VAR).ok().filter(|v| !v.is_empty()) else {
        println!("skipped: {DRIVER_VAR} is not set (see .ci/run)");
        return;
    };
    let server = Server::builder()
        .backend(Backend::Sqlite)
        .start()
        .await
        .expect("SQLite is always there");
    let driver = start_driver(&driver_path).await;
    let profiles = tempfile::tempdir().expect("a temporary directory");
    let ayse = browser(&driver, &profiles.path().join("ayse")).await;
    ayse.goto(&format!(
        "{}/analysis?variant=mangala&south=12,0,3,4,1,10&north=0,2,1,9,4,2&to_move=south",
        server.base
    ))
    .await
    .expect("the page opens");
    wait_for(&ayse, "table.moves").await;
    let shot = screenshot(&ayse, 360, 740, "analysis-phone.png").await;
    let overflow = ayse
        .execute(
            "return document.documentElement.scrollWidth - window.innerWidth;",
            vec![],
        )
        .await
        .ok()
        .and_then(|v| v.as_i64())
        .unwrap_or(0);
    assert!(
        overflow <= 0,
        "the board is {overflow} px too wide at 360 px"
    );
    println!("screenshot: {}", shot.display());
    let _ = ayse.close().await;
    drop(driver);
}
