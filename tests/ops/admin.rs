//! `seedpost admin`: the operator's account tools, on the database a server runs on.

use reqwest::{Client, StatusCode};
use seedpost::accounts::store::AccountStore;
use seedpost::admin::{self, AdminError};
use seedpost::config::AdminCommand;
use seedpost::error::Error;
use serde_json::json;

use crate::support::Server;
use crate::{post, sign_up};

/// Runs `command` with `input` on standard input; its output.
async fn run(app: &Server, command: AdminCommand, input: &str) -> Result<String, AdminError> {
    let mut out = Vec::new();
    admin::run(&app.service, &command, &mut input.as_bytes(), &mut out).await?;
    Ok(String::from_utf8(out).expect("UTF-8 output"))
}

/// The status of a new token asked for with `password`.
async fn log_in(client: &Client, app: &Server, name: &str, password: &str) -> StatusCode {
    post(
        client,
        &app.base,
        "/tokens",
        None,
        json!({"username": name, "password": password, "label": "check"}),
    )
    .await
    .expect("the server answers")
    .0
}

async fn the_operator_resets_closes_reopens_renames_and_lists_sign_ups(app: Server) {
    let client = Client::new();
    let ann = sign_up(&client, &app.base, "ann", false).await;
    sign_up(&client, &app.base, "bob", false).await;

    let listed = run(
        &app,
        AdminCommand::SignUps {
            since: "1h".to_owned(),
            limit: 10,
        },
        "",
    )
    .await
    .expect("the sign-ups");
    let lines: Vec<_> = listed.lines().collect();
    assert_eq!(lines.len(), 2, "{listed}");
    assert!(
        lines.iter().any(|l| l.ends_with("\tann\t127.0.0.1\topen")),
        "{listed}"
    );

    // A random password, printed.
    let out = run(
        &app,
        AdminCommand::ResetPassword {
            name: "ANN".to_owned(),
            stdin: false,
        },
        "",
    )
    .await
    .expect("reset");
    let password = out.lines().next().expect("the password");
    assert_eq!(password.len(), 24, "{out}");
    assert_eq!(
        log_in(&client, &app, "ann", "correct horse battery").await,
        StatusCode::UNAUTHORIZED
    );
    assert_eq!(
        log_in(&client, &app, "ann", password).await,
        StatusCode::CREATED
    );
    // One from standard input, not printed.
    let out = run(
        &app,
        AdminCommand::ResetPassword {
            name: "ann".to_owned(),
            stdin: true,
        },
        "a typed password\n",
    )
    .await
    .expect("reset");
    assert!(!out.contains("a typed password"), "{out}");
    assert_eq!(
        log_in(&client, &app, "ann", "a typed password").await,
        StatusCode::CREATED
    );
    assert!(matches!(
        run(
            &app,
            AdminCommand::ResetPassword {
                name: "ann".to_owned(),
                stdin: true
            },
            "short\n"
        )
        .await,
        Err(AdminError::Refused(Error::Unprocessable {
            code: "invalid_password",
            ..
        }))
    ));

    // Closed: no log-in, no token; the page says so.
    run(
        &app,
        AdminCommand::Close {
            name: "ann".to_owned(),
        },
        "",
    )
    .await
    .expect("closed");
    let (status, body) = post(
        &client,
        &app.base,
        "/tokens",
        None,
        json!({"username": "ann", "password": "a typed password", "label": "x"}),
    )
    .await
    .expect("the server answers");
    assert_eq!(
        (status, body["error"].as_str()),
        (StatusCode::FORBIDDEN, Some("account_closed"))
    );
    assert_eq!(
        log_in(&client, &app, "ann", "a wrong password").await,
        StatusCode::UNAUTHORIZED,
        "a wrong password learns nothing"
    );
    let me = client
        .get(format!("{}/api/v1/me", app.base))
        .bearer_auth(&ann.token)
        .send()
        .await
        .expect("the server answers");
    assert_eq!(me.status(), StatusCode::UNAUTHORIZED);
    let page = client
        .get(format!("{}/players/ann", app.base))
        .send()
        .await
        .expect("the server answers")
        .text()
        .await
        .expect("a page");
    assert!(page.contains("This account is closed."), "{page}");
    assert!(matches!(
        run(
            &app,
            AdminCommand::Close {
                name: "ann".to_owned()
            },
            ""
        )
        .await,
        Err(AdminError::Refused(Error::Conflict {
            code: "account_closed",
            ..
        }))
    ));

    run(
        &app,
        AdminCommand::Reopen {
            name: "ann".to_owned(),
        },
        "",
    )
    .await
    .expect("reopened");
    assert_eq!(
        log_in(&client, &app, "ann", "a typed password").await,
        StatusCode::CREATED
    );

    // Renamed; a taken or reserved name is refused.
    let rename = |old: &str, new: &str| AdminCommand::Rename {
        old: old.to_owned(),
        new: new.to_owned(),
    };
    assert!(matches!(
        run(&app, rename("ann", "BOB"), "").await,
        Err(AdminError::Refused(Error::UsernameTaken))
    ));
    assert!(matches!(
        run(&app, rename("ann", "house_x"), "").await,
        Err(AdminError::Refused(Error::Unprocessable {
            code: "invalid_username",
            ..
        }))
    ));
    run(&app, rename("ann", "anneliese"), "")
        .await
        .expect("renamed");
    assert_eq!(
        log_in(&client, &app, "anneliese", "a typed password").await,
        StatusCode::CREATED
    );
    assert!(matches!(
        run(&app, rename("nobody", "somebody"), "").await,
        Err(AdminError::Refused(Error::NotFound(_)))
    ));
}

async fn the_admin_command_runs_on_the_configured_database(app: Server) {
    let client = Client::new();
    sign_up(&client, &app.base, "ann", false).await;
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_seedpost"))
        .args(["admin", "--database-url", &app.url, "close", "ann"])
        .output()
        .expect("the binary runs");
    assert!(
        output.status.success(),
        "{}",
        String::from_utf8_lossy(&output.stderr)
    );
    assert!(String::from_utf8_lossy(&output.stdout).starts_with("ann closed"));
    assert_eq!(
        log_in(&client, &app, "ann", "correct horse battery").await,
        StatusCode::FORBIDDEN
    );
    let output = std::process::Command::new(env!("CARGO_BIN_EXE_seedpost"))
        .args(["admin", "--database-url", &app.url, "reopen", "nobody"])
        .output()
        .expect("the binary runs");
    assert!(!output.status.success());
    assert!(String::from_utf8_lossy(&output.stderr).contains("player not found"));
}

crate::on_both_backends!(
    the_operator_resets_closes_reopens_renames_and_lists_sign_ups,
    the_admin_command_runs_on_the_configured_database,
    a_closed_account_and_its_sign_up_address_survive_export_and_import,
    a_password_from_standard_input_with_a_control_character_is_refused_as_the_api_refuses_it,
);

async fn a_closed_account_and_its_sign_up_address_survive_export_and_import(app: Server) {
    let client = Client::new();
    sign_up(&client, &app.base, "ann", false).await;
    run(
        &app,
        AdminCommand::Close {
            name: "ann".to_owned(),
        },
        "",
    )
    .await
    .expect("closed");
    let mut text = Vec::new();
    seedpost::transfer::export(app.service.store().as_ref(), &mut text)
        .await
        .expect("exported");
    let copy = crate::support::db::TestDb::sqlite().await;
    let store = seedpost::store::connect(&copy.url, 2)
        .await
        .expect("a fresh database");
    seedpost::transfer::import(store.as_ref(), text.as_slice())
        .await
        .expect("imported");
    let ann = store.account_by_name("ann").await.expect("ann");
    let state = store.account_state(ann.id).await.expect("ann's state");
    assert!(state.closed_at.is_some(), "still closed");
    let listed = store
        .sign_ups(chrono::DateTime::UNIX_EPOCH, 10)
        .await
        .expect("sign-ups");
    assert_eq!(listed[0].address.as_deref(), Some("127.0.0.1"));
}

async fn a_password_from_standard_input_with_a_control_character_is_refused_as_the_api_refuses_it(
    app: Server,
) {
    let client = Client::new();
    sign_up(&client, &app.base, "ann", false).await;
    for typed in [
        "a typed\0password\n",
        "a typed\u{1b}password\n",
        "\u{202e}a typed password\n",
    ] {
        let refused = run(
            &app,
            AdminCommand::ResetPassword {
                name: "ann".to_owned(),
                stdin: true,
            },
            typed,
        )
        .await;
        assert!(
            matches!(
                refused,
                Err(AdminError::Refused(Error::Unprocessable {
                    code: "invalid_text",
                    ..
                }))
            ),
            "{typed:?}: {refused:?}"
        );
    }
    // Nothing changed: the old password still logs in, and the API refuses the same
    // password with the same code.
    assert_eq!(
        log_in(&client, &app, "ann", "correct horse battery").await,
        StatusCode::CREATED
    );
    let (status, body) = post(
        &client,
        &app.base,
        "/accounts",
        None,
        json!({"username": "bob", "password": "a typed\0password"}),
    )
    .await
    .expect("the server answers");
    assert_eq!(status, StatusCode::UNPROCESSABLE_ENTITY, "{body}");
    assert_eq!(body["error"], "invalid_text", "{body}");
}
