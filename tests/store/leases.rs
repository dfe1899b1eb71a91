//! Runner leases in the store: a claim refused while the holder lets go is never an
//! error.

use crate::helpers::{account, connect, days};
use crate::support::db::TestDb;

/// One runner claims and releases its account's lease over and over while another
/// claims it: every claim answers with the lease that stands (the claimant's or the
/// other's), even when the other released it between the refused claim and the read
/// of who holds it (that read found nothing and was a 500 of the runner API).
pub async fn a_claim_refused_while_its_holder_lets_go_answers_with_a_lease_never_an_error(
    db: &TestDb,
) {
    let store = connect(db).await;
    let bot = account(&*store, "bot").await;
    let (now, until) = (days(0), days(1));
    let churn = tokio::spawn({
        let store = store.clone();
        async move {
            for _ in 0..300 {
                let lease = store
                    .claim_runner_lease(bot.id, "first", now, until)
                    .await
                    .expect("the first runner's claim");
                if lease.holder == "first" {
                    store
                        .release_runner_lease(bot.id, "first")
                        .await
                        .expect("the first runner lets go");
                }
            }
        }
    });
    for _ in 0..300 {
        let lease = store
            .claim_runner_lease(bot.id, "second", now, until)
            .await
            .expect("a claim answers with the standing lease");
        assert!(["first", "second"].contains(&lease.holder.as_str()));
        if lease.holder == "second" {
            store
                .release_runner_lease(bot.id, "second")
                .await
                .expect("the second runner lets go");
        }
    }
    churn.await.expect("the first runner's task");
    // Each runner let go of every lease it got, so the lease is free now: the next
    // claim is granted (a lease left behind by the churn would show here).
    let lease = store
        .claim_runner_lease(bot.id, "second", now, until)
        .await
        .expect("a claim of a free lease");
    assert_eq!(lease.holder, "second", "a free lease goes to its claimant");
}
