//! Account controls in the store: a password change and a log-out everywhere end
//! exactly the sessions and tokens they say, in one transaction.

use seedpost::store::accounts::Ended;
use seedpost::store::{NewSession, Store, StoreError};

use crate::helpers::{account, at, connect, days, new_account, new_token};
use crate::support::db::TestDb;

/// Starts a session of `account` whose hash is `hash`.
async fn session(store: &dyn Store, account: seedpost::domain::AccountId, hash: &str) {
    store
        .create_session(NewSession {
            hash: hash.to_owned(),
            account,
            csrf: format!("csrf-{hash}"),
            created_at: at(0),
            expires_at: days(30),
        })
        .await
        .expect("a session starts");
}

/// Whether the session with this hash still signs in.
async fn live(store: &dyn Store, hash: &str) -> bool {
    match store.session(hash, at(1)).await {
        Ok(_) => true,
        Err(StoreError::NotFound) => false,
        Err(e) => panic!("reading a session: {e}"),
    }
}

pub async fn a_password_change_ends_the_other_sessions_and_the_tokens_only_when_asked(db: &TestDb) {
    let store = connect(db).await;
    let s = &*store;
    let first = new_token("first", at(0));
    let ann = s
        .create_account(new_account("ann"), first.clone())
        .await
        .expect("ann signs up");
    let laptop = new_token("laptop", at(1));
    s.create_token(ann.id, laptop.clone(), u32::MAX)
        .await
        .expect("a second token");
    let bob_token = new_token("first", at(0));
    let bob = s
        .create_account(new_account("bob"), bob_token.clone())
        .await
        .expect("bob signs up");
    for (who, hash) in [(ann.id, "ann-here"), (ann.id, "ann-phone"), (bob.id, "bob")] {
        session(s, who, hash).await;
    }

    // Keeping this browser's session, without the tokens.
    let ended = s
        .change_password(ann.id, "new hash", Some("ann-here"), false)
        .await
        .expect("the password changes");
    assert_eq!(
        ended,
        Ended {
            sessions: 1,
            tokens: 0
        }
    );
    assert!(live(s, "ann-here").await, "the asking session stays");
    assert!(!live(s, "ann-phone").await, "the other session ended");
    assert!(live(s, "bob").await, "another account's session stays");
    let (_, hash) = s.account_with_password("ann").await.expect("ann");
    assert_eq!(hash, "new hash");
    for token in [&first, &laptop] {
        assert_eq!(
            s.account_by_token(&token.hash, at(2))
                .await
                .map(|(a, _)| a.id)
                .ok(),
            Some(ann.id),
            "the tokens keep working"
        );
    }

    // From the API: every session, and the tokens when asked.
    let ended = s
        .change_password(ann.id, "newer hash", None, true)
        .await
        .expect("the password changes again");
    assert_eq!(
        ended,
        Ended {
            sessions: 1,
            tokens: 2
        }
    );
    assert!(!live(s, "ann-here").await);
    for token in [&first, &laptop] {
        assert!(matches!(
            s.account_by_token(&token.hash, at(3)).await,
            Err(StoreError::NotFound)
        ));
    }
    assert_eq!(
        s.account_by_token(&bob_token.hash, at(3))
            .await
            .map(|(a, _)| a.id)
            .ok(),
        Some(bob.id),
        "another account's token stays"
    );

    // An unknown account changes nothing.
    let nobody = new_account("nobody");
    assert!(matches!(
        s.change_password(nobody.id, "x", None, true).await,
        Err(StoreError::NotFound)
    ));
    let (_, hash) = s.account_with_password("bob").await.expect("bob");
    assert_eq!(hash, new_account("bob").password_hash);
}

pub async fn logging_out_everywhere_ends_every_session_of_the_account_and_no_token(db: &TestDb) {
    let store = connect(db).await;
    let s = &*store;
    let first = new_token("first", at(0));
    let ann = s
        .create_account(new_account("ann"), first.clone())
        .await
        .expect("ann signs up");
    let bob = account(s, "bob").await;
    for (who, hash) in [
        (ann.id, "a1"),
        (ann.id, "a2"),
        (ann.id, "a3"),
        (bob.id, "b1"),
    ] {
        session(s, who, hash).await;
    }
    assert_eq!(s.end_sessions(ann.id, Some("a2")).await.ok(), Some(2));
    assert!(live(s, "a2").await && !live(s, "a1").await && !live(s, "a3").await);
    assert_eq!(s.end_sessions(ann.id, None).await.ok(), Some(1));
    assert_eq!(s.end_sessions(ann.id, None).await.ok(), Some(0));
    assert!(!live(s, "a2").await);
    assert!(live(s, "b1").await, "another account's session stays");
    assert!(s.account_by_token(&first.hash, at(2)).await.is_ok());
}
