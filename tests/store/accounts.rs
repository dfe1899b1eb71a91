//! Account controls in the store: a password change and a log-out everywhere end
//! exactly the sessions and tokens they say, in one transaction.

use seedpost::accounts::entity::Ended;
use seedpost::accounts::store::AccountStore;
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
        .create_account(new_account("ann"), Some(first.clone()))
        .await
        .expect("ann signs up");
    let laptop = new_token("laptop", at(1));
    s.create_token(ann.id, laptop.clone(), u32::MAX)
        .await
        .expect("a second token");
    let bob_token = new_token("first", at(0));
    let bob = s
        .create_account(new_account("bob"), Some(bob_token.clone()))
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
        .create_account(new_account("ann"), Some(first.clone()))
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

pub async fn closing_renaming_deleting_and_listing_sign_ups_keep_to_their_accounts(db: &TestDb) {
    let store = connect(db).await;
    let s = &*store;
    let first = new_token("first", at(0));
    let mut ann = new_account("ann");
    ann.sign_up_address = "192.0.2.7".parse().ok();
    let ann = s
        .create_account(ann, Some(first.clone()))
        .await
        .expect("ann");
    let bob = account(s, "bob").await;
    session(s, ann.id, "ann-1").await;
    session(s, bob.id, "bob-1").await;

    // Sign-ups, newest first (same time: by id, descending), with their addresses.
    let listed = s.sign_ups(at(-1), 10).await.expect("the sign-ups");
    let mut names: Vec<_> = listed
        .iter()
        .map(|u| (u.account.username.to_string(), u.address.clone()))
        .collect();
    names.sort();
    assert_eq!(
        names,
        [
            ("ann".to_owned(), Some("192.0.2.7".to_owned())),
            ("bob".to_owned(), None)
        ]
    );
    assert!(s.sign_ups(at(1), 10).await.expect("none").is_empty());

    // Closing ends the sessions and tokens, once.
    let ended = s.close_account(ann.id, at(5)).await.expect("ann closes");
    assert_eq!(
        ended,
        Ended {
            sessions: 1,
            tokens: 1
        }
    );
    assert!(!live(s, "ann-1").await && live(s, "bob-1").await);
    assert!(matches!(
        s.account_by_token(&first.hash, at(6)).await,
        Err(StoreError::NotFound)
    ));
    let state = s.account_state(ann.id).await.expect("ann's state");
    assert_eq!((state.closed_at, state.deleted_at), (Some(at(5)), None));
    assert!(matches!(
        s.close_account(ann.id, at(6)).await,
        Err(StoreError::Conflict)
    ));
    // A session or token of a closed account authenticates nothing, however it came.
    session(s, ann.id, "ann-2").await;
    assert!(!live(s, "ann-2").await, "a closed account's session");
    let late = new_token("late", at(6));
    s.create_token(ann.id, late.clone(), u32::MAX)
        .await
        .expect("a row");
    assert!(matches!(
        s.account_by_token(&late.hash, at(6)).await,
        Err(StoreError::NotFound)
    ));
    s.reopen_account(ann.id).await.expect("ann reopens");
    assert!(live(s, "ann-2").await, "reopened, its sessions count again");
    assert!(matches!(
        s.reopen_account(ann.id).await,
        Err(StoreError::Conflict)
    ));

    // Renaming: a name taken ignoring case is refused.
    let anna = seedpost::domain::Username::parse("Anna").expect("a name");
    let taken = seedpost::domain::Username::parse("BOB").expect("a name");
    assert!(matches!(
        s.rename_account(ann.id, &taken).await,
        Err(StoreError::Conflict)
    ));
    s.rename_account(ann.id, &anna).await.expect("renamed");
    assert_eq!(
        s.account_by_name("anna").await.map(|a| a.id).ok(),
        Some(ann.id)
    );
    assert!(matches!(
        s.account_by_name("ann").await,
        Err(StoreError::NotFound)
    ));

    // Deleting: the name goes, the row stays closed under the placeholder.
    let placeholder = seedpost::domain::Username::parse("deleted-0001").expect("a name");
    s.delete_account(ann.id, &placeholder, "$argon2id$unusable", at(9))
        .await
        .expect("deleted");
    assert!(matches!(
        s.account_by_name("anna").await,
        Err(StoreError::NotFound)
    ));
    let kept = s
        .account_by_name("deleted-0001")
        .await
        .expect("the row stays");
    assert_eq!(kept.id, ann.id);
    let state = s.account_state(ann.id).await.expect("ann's state");
    assert_eq!(
        (state.closed_at, state.deleted_at),
        (Some(at(9)), Some(at(9)))
    );
    assert!(!live(s, "ann-2").await);
    assert!(s.tokens(ann.id).await.expect("tokens").is_empty());
    let listed = s.sign_ups(at(-1), 10).await.expect("the sign-ups");
    assert!(
        listed
            .iter()
            .all(|u| u.account.id != ann.id || u.address.is_none()),
        "the address goes with the rest"
    );
    assert!(matches!(
        s.delete_account(ann.id, &placeholder, "x", at(10)).await,
        Err(StoreError::Conflict)
    ));
    assert!(matches!(
        s.reopen_account(ann.id).await,
        Err(StoreError::Conflict)
    ));
    assert!(matches!(
        s.rename_account(ann.id, &anna).await,
        Err(StoreError::NotFound)
    ));
    // A placeholder in use is refused, and nothing of Bob goes.
    assert!(matches!(
        s.delete_account(bob.id, &placeholder, "x", at(10)).await,
        Err(StoreError::Conflict)
    ));
    assert!(live(s, "bob-1").await);
    assert_eq!(
        s.account_by_name("bob").await.map(|a| a.id).ok(),
        Some(bob.id)
    );
}
