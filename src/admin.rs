//! `seedpost admin`: the operator's account tools, run on the configured database
//! (beside a running server, or not). What they end (sessions, tokens) is deleted in
//! the database, so the servers' event streams opened by it close at their next
//! keep-alive.

use std::io::{BufRead, Write};

use chrono::{DateTime, TimeDelta, Utc};

use crate::config::AdminCommand;
use crate::domain::random_hex;
use crate::error::Error;
use crate::service::Service;

/// Why an admin command failed.
#[derive(Debug, thiserror::Error)]
pub enum AdminError {
    /// The service refused (an unknown name, a name taken, a bad password).
    #[error(transparent)]
    Refused(#[from] Error),
    /// `--since` is neither a time nor a span.
    #[error("--since {0:?} is neither an RFC 3339 time nor a span such as 24h or 7d")]
    BadSince(String),
    /// Reading standard input or writing standard output failed.
    #[error(transparent)]
    Io(#[from] std::io::Error),
}

/// Runs `command`, reading a password from `input` if it asks for one, and printing
/// its outcome to `out`.
///
/// # Errors
/// See [`AdminError`].
pub async fn run(
    service: &Service,
    command: &AdminCommand,
    input: &mut impl BufRead,
    out: &mut impl Write,
) -> Result<(), AdminError> {
    match command {
        AdminCommand::ResetPassword { name, stdin } => {
            let password = if *stdin {
                let mut line = String::new();
                input.read_line(&mut line)?;
                line.trim_end_matches(['\r', '\n']).to_owned()
            } else {
                // 96 random bits, 24 hex digits: typed once, then changed.
                random_hex()[..24].to_owned()
            };
            let ended = service.reset_password(name, &password).await?;
            if !*stdin {
                writeln!(out, "{password}")?;
            }
            writeln!(
                out,
                "password of {name} reset; browser sessions ended: {}",
                ended.sessions
            )?;
        }
        AdminCommand::Close { name } => {
            let (ended, challenges, games) = service.close_account(name).await?;
            writeln!(
                out,
                "{name} closed; sessions ended: {}, tokens revoked: {}, challenges closed: \
                 {challenges}, games ended: {games}",
                ended.sessions, ended.tokens
            )?;
        }
        AdminCommand::Reopen { name } => {
            service.reopen_account(name).await?;
            writeln!(out, "{name} reopened")?;
        }
        AdminCommand::SignUps { since, limit } => {
            let since = parse_since(since, service.now())?;
            for s in service.sign_ups(since, *limit).await? {
                let state = if s.state.deleted_at.is_some() {
                    "deleted"
                } else if s.state.closed_at.is_some() {
                    "closed"
                } else {
                    "open"
                };
                writeln!(
                    out,
                    "{}\t{}\t{}\t{state}",
                    s.account
                        .created_at
                        .to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                    s.account.username,
                    s.address.as_deref().unwrap_or("-"),
                )?;
            }
        }
        AdminCommand::Rename { old, new } => {
            let account = service.rename_account(old, new).await?;
            writeln!(out, "{old} renamed to {}", account.username)?;
        }
        AdminCommand::Reports { limit } => {
            for r in service.chat_reports(*limit).await? {
                writeln!(
                    out,
                    "{}\t{}\t{}\t{}\t{}\t{}",
                    r.at.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
                    r.reporter,
                    r.line.game,
                    r.line.id,
                    r.line.username,
                    r.line.text.escape_default(),
                )?;
            }
        }
        AdminCommand::Mute { name, days } => {
            let until = service.mute(name, *days).await?;
            writeln!(
                out,
                "chat of {name} stopped until {}",
                until.to_rfc3339_opts(chrono::SecondsFormat::Secs, true)
            )?;
        }
    }
    Ok(())
}

/// `--since`: an RFC 3339 time, or a number of hours (`24h`) or days (`7d`) before
/// `now`.
///
/// # Errors
/// [`AdminError::BadSince`].
pub fn parse_since(text: &str, now: DateTime<Utc>) -> Result<DateTime<Utc>, AdminError> {
    let bad = || AdminError::BadSince(text.to_owned());
    if let Ok(t) = DateTime::parse_from_rfc3339(text) {
        return Ok(t.with_timezone(&Utc));
    }
    let (number, unit) = text.split_at(text.len().saturating_sub(1));
    let n: i64 = number.parse().map_err(|_| bad())?;
    let span = match unit {
        "h" => TimeDelta::try_hours(n),
        "d" => TimeDelta::try_days(n),
        _ => None,
    }
    .ok_or_else(bad)?;
    now.checked_sub_signed(span).ok_or_else(bad)
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn since_takes_a_time_or_a_span_back_from_now() {
        let now = DateTime::parse_from_rfc3339("2026-12-03T18:00:00Z")
            .map(|t| t.with_timezone(&Utc))
            .ok();
        let Some(now) = now else {
            panic!("a valid time");
        };
        assert_eq!(
            parse_since("24h", now).ok(),
            Some(now - TimeDelta::hours(24))
        );
        assert_eq!(parse_since("7d", now).ok(), Some(now - TimeDelta::days(7)));
        assert_eq!(
            parse_since("2026-12-01T00:00:00Z", now)
                .ok()
                .map(|t| t.to_rfc3339()),
            Some("2026-12-01T00:00:00+00:00".to_owned())
        );
        for bad in ["", "7", "7w", "x d", "-", "2026-13-01"] {
            assert!(parse_since(bad, now).is_err(), "{bad:?}");
        }
    }
}
