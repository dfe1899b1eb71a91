//! The one error type of the server: every failure a request can meet, with its
//! stable code and HTTP status. The API renders it as `{"error", "message"}`, the web
//! pages as an HTML page (see `http::error`).

use axum::http::StatusCode;
use seedpost_rules::IllegalMove;

use crate::store::StoreError;

/// A failure answered to a client.
#[derive(Debug, thiserror::Error)]
pub enum Error {
    /// No valid credentials.
    #[error("a valid API token is required (Authorization: Bearer <token>)")]
    Unauthorized,
    /// Wrong user name or password.
    #[error("wrong user name or password")]
    BadCredentials,
    /// The right password of an account the operator closed.
    #[error("this account is closed: ask the server's operator")]
    AccountClosed,
    /// No such route or resource.
    #[error("{0} not found")]
    NotFound(&'static str),
    /// The request body or query is not what the route takes.
    #[error("{message}")]
    BadRequest {
        /// The stable code.
        code: &'static str,
        /// What is wrong.
        message: String,
    },
    /// The request body is larger than the limit.
    #[error("the request body is larger than {0} bytes")]
    PayloadTooLarge(usize),
    /// The request body is not sent as JSON (`Content-Type: application/json`).
    #[error("send the body as JSON with Content-Type: application/json")]
    UnsupportedMediaType,
    /// The route exists, but not with this method.
    #[error("this route does not take this method: see the Allow header")]
    MethodNotAllowed,
    /// A valid request about something that cannot be done: the code says why.
    #[error("{message}")]
    Unprocessable {
        /// The stable code.
        code: &'static str,
        /// What is wrong.
        message: String,
    },
    /// The user name is taken.
    #[error("that user name is taken")]
    UsernameTaken,
    /// The account plays no side in this game.
    #[error("you do not play in this game")]
    NotAPlayer,
    /// The action is not the account's to take.
    #[error("{0}")]
    Forbidden(&'static str),
    /// The request's API token was not made for the scope its route needs.
    #[error(
        "this token lacks the `{0}` scope this route needs: use a token made with it (`\"scopes\"` of POST /tokens)"
    )]
    MissingScope(crate::domain::Scope),
    /// The action is refused to this account, for the reason its code names
    /// (`blocked`, `chat_off`, `muted`).
    #[error("{message}")]
    Denied {
        /// The stable code.
        code: &'static str,
        /// What is wrong.
        message: String,
    },
    /// The game is over.
    #[error("the game is over")]
    GameOver,
    /// The move was made for an earlier or later position.
    #[error("the game is at ply {current}, not {seen}: reload it")]
    StalePly {
        /// The game's ply.
        current: u32,
        /// The ply sent.
        seen: i64,
    },
    /// It is the opponent's turn.
    #[error("it is not your turn")]
    NotYourTurn,
    /// The rules forbid the move.
    #[error("illegal move: {0}")]
    IllegalMove(IllegalMove),
    /// A conditional line holds a ply the rules forbid where it stands (issue 36).
    #[error("line {line}, ply {ply}: illegal move: {reason}")]
    IllegalLine {
        /// The line, counted from 1.
        line: usize,
        /// Its ply at fault, counted from 1.
        ply: usize,
        /// Why the rules forbid it.
        reason: IllegalMove,
    },
    /// Two conditional lines answer the same plies of the opponent differently.
    #[error(
        "lines {first} and {second} answer the same plies of your opponent differently (at ply {ply})"
    )]
    ConflictingLines {
        /// The first line, counted from 1.
        first: usize,
        /// The second line, counted from 1.
        second: usize,
        /// The ply where they part, counted from 1: one of yours.
        ply: usize,
    },
    /// The state of a challenge or game forbids the action.
    #[error("{message}")]
    Conflict {
        /// The stable code.
        code: &'static str,
        /// What is wrong.
        message: String,
    },
    /// An event stream asked to resume after a seq the account has not reached: the
    /// client's seq outlived a restore, or belongs to another server.
    #[error(
        "since {since} is above this account's latest event, {head}: resume from a seq at most the head, or open the stream without since"
    )]
    SinceAhead {
        /// The seq asked for.
        since: u64,
        /// The seq of the account's latest event.
        head: u64,
    },
    /// Too many requests.
    #[error("too many requests: retry in {retry_after} s")]
    RateLimited {
        /// Seconds to wait.
        retry_after: u64,
    },
    /// A solved table the answer needs is still being built (Modiar's, in the seconds
    /// after the server starts): retry in `retry_after` seconds.
    #[error("the solved table of {variant} is being built: retry in {retry_after} s")]
    TableBuilding {
        /// The variant whose table it is.
        variant: seedpost_rules::Variant,
        /// Seconds to wait.
        retry_after: u64,
    },
    /// The server cannot serve now (too many passwords to hash at once).
    #[error("{UNAVAILABLE}")]
    Unavailable,
    /// The store failed: [`StoreError::Unavailable`] (the database cannot be reached)
    /// is a 503 `unavailable`, anything else a 500 `internal`. Details are logged
    /// (see [`Error::log`]), not shown.
    #[error("{}", if store_unavailable(.0) { UNAVAILABLE } else { INTERNAL })]
    Store(#[source] StoreError),
    /// A bug or broken data; details are logged (see [`Error::log`]), not shown.
    #[error("{INTERNAL}")]
    Internal(#[source] Box<dyn std::error::Error + Send + Sync>),
}

/// The message of a 503 `unavailable`.
const UNAVAILABLE: &str = "the service is unavailable: try again shortly";
/// The message of a 500 `internal`.
const INTERNAL: &str = "internal error";

fn store_unavailable(e: &StoreError) -> bool {
    matches!(e, StoreError::Unavailable(_))
}

/// What was being done when an internal error happened, and the error.
#[derive(Debug, thiserror::Error)]
#[error("{doing}")]
struct Failed {
    doing: String,
    #[source]
    source: Box<dyn std::error::Error + Send + Sync>,
}

/// An error and its sources, displayed as `error: source: source's source`: how
/// errors are logged, since each one's own message leaves its source out.
pub struct Chain<'a>(pub &'a (dyn std::error::Error + 'static));

impl std::fmt::Display for Chain<'_> {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "{}", self.0)?;
        let mut source = self.0.source();
        while let Some(e) = source {
            write!(f, ": {e}")?;
            source = e.source();
        }
        Ok(())
    }
}

impl Error {
    /// The stable code.
    #[must_use]
    pub fn code(&self) -> &'static str {
        match self {
            Error::Unauthorized => "unauthorized",
            Error::BadCredentials => "bad_credentials",
            Error::AccountClosed => "account_closed",
            Error::NotFound(_) => "not_found",
            Error::BadRequest { code, .. }
            | Error::Unprocessable { code, .. }
            | Error::Denied { code, .. }
            | Error::Conflict { code, .. } => code,
            Error::PayloadTooLarge(_) => "payload_too_large",
            Error::UnsupportedMediaType => "unsupported_media_type",
            Error::MethodNotAllowed => "method_not_allowed",
            Error::UsernameTaken => "username_taken",
            Error::NotAPlayer => "not_a_player",
            Error::Forbidden(_) => "forbidden",
            Error::MissingScope(_) => "missing_scope",
            Error::GameOver => "game_over",
            Error::StalePly { .. } => "stale_ply",
            Error::NotYourTurn => "not_your_turn",
            Error::IllegalMove(_) => "illegal_move",
            Error::IllegalLine { .. } => "illegal_line",
            Error::ConflictingLines { .. } => "conflicting_lines",
            Error::SinceAhead { .. } => "since_ahead",
            Error::RateLimited { .. } => "rate_limited",
            Error::TableBuilding { .. } => "table_building",
            Error::Unavailable => "unavailable",
            Error::Store(e) if store_unavailable(e) => "unavailable",
            Error::Store(_) | Error::Internal(_) => "internal",
        }
    }

    /// The seconds a client should wait before trying again (`Retry-After`), for the
    /// errors that say.
    #[must_use]
    pub fn retry_after(&self) -> Option<u64> {
        match self {
            Error::RateLimited { retry_after } | Error::TableBuilding { retry_after, .. } => {
                Some(*retry_after)
            }
            _ => None,
        }
    }

    /// The HTTP status.
    #[must_use]
    pub fn status(&self) -> StatusCode {
        match self {
            Error::Unauthorized | Error::BadCredentials => StatusCode::UNAUTHORIZED,
            Error::NotFound(_) => StatusCode::NOT_FOUND,
            Error::BadRequest { .. } => StatusCode::BAD_REQUEST,
            Error::PayloadTooLarge(_) => StatusCode::PAYLOAD_TOO_LARGE,
            Error::UnsupportedMediaType => StatusCode::UNSUPPORTED_MEDIA_TYPE,
            Error::MethodNotAllowed => StatusCode::METHOD_NOT_ALLOWED,
            Error::Unprocessable { .. }
            | Error::IllegalMove(_)
            | Error::IllegalLine { .. }
            | Error::ConflictingLines { .. } => StatusCode::UNPROCESSABLE_ENTITY,
            Error::NotAPlayer
            | Error::Denied { .. }
            | Error::Forbidden(_)
            | Error::MissingScope(_)
            | Error::AccountClosed => StatusCode::FORBIDDEN,
            Error::UsernameTaken
            | Error::GameOver
            | Error::StalePly { .. }
            | Error::NotYourTurn
            | Error::Conflict { .. }
            | Error::SinceAhead { .. } => StatusCode::CONFLICT,
            Error::RateLimited { .. } => StatusCode::TOO_MANY_REQUESTS,
            Error::Unavailable | Error::TableBuilding { .. } => StatusCode::SERVICE_UNAVAILABLE,
            Error::Store(e) if store_unavailable(e) => StatusCode::SERVICE_UNAVAILABLE,
            Error::Store(_) | Error::Internal(_) => StatusCode::INTERNAL_SERVER_ERROR,
        }
    }

    /// An [`Error::Internal`] with no error beneath it: what went wrong.
    pub fn internal(what: impl Into<String>) -> Error {
        Error::Internal(what.into().into())
    }

    /// An [`Error::Internal`] caused by `source` while `doing` something.
    pub fn internal_from(
        doing: impl Into<String>,
        source: impl Into<Box<dyn std::error::Error + Send + Sync>>,
    ) -> Error {
        Error::Internal(Box::new(Failed {
            doing: doing.into(),
            source: source.into(),
        }))
    }

    /// Logs what the answer does not show, once, where the error is answered: a
    /// 500's error and its sources, and a database that cannot be reached (a warning).
    pub fn log(&self) {
        match self {
            Error::Store(e) if store_unavailable(e) => {
                tracing::warn!(error = %Chain(e), "database unavailable");
            }
            Error::Store(_) | Error::Internal(_) => {
                tracing::error!(error = %Chain(self), "internal error");
            }
            _ => {}
        }
    }

    /// A 422 with a code.
    pub fn unprocessable(code: &'static str, message: impl Into<String>) -> Error {
        Error::Unprocessable {
            code,
            message: message.into(),
        }
    }

    /// The 422 `invalid_text` for a field (of a body, a form or a query) that holds a
    /// control character or a bidirectional override (see `domain::refused_char`).
    #[must_use]
    pub fn refused_text(field: &str) -> Error {
        let field: String = field
            .chars()
            .filter(|&c| !crate::domain::refused_char(c))
            .collect();
        Error::unprocessable(
            "invalid_text",
            format!(
                "`{field}` holds a control character (such as NUL) or a bidirectional override, which no text here may hold"
            ),
        )
    }

    /// A 409 with a code.
    pub fn conflict(code: &'static str, message: impl Into<String>) -> Error {
        Error::Conflict {
            code,
            message: message.into(),
        }
    }

    /// A 400 with a code.
    pub fn bad_request(code: &'static str, message: impl Into<String>) -> Error {
        Error::BadRequest {
            code,
            message: message.into(),
        }
    }
}

/// A password the rules refuse: 422 with the rule's code (`invalid_password` for
/// its length, `invalid_text` for a refused character).
impl From<crate::domain::InvalidPassword> for Error {
    fn from(e: crate::domain::InvalidPassword) -> Error {
        Error::unprocessable(e.code(), e.to_string())
    }
}

/// A label the rules refuse: 422 `invalid_label`.
impl From<crate::domain::InvalidLabel> for Error {
    fn from(e: crate::domain::InvalidLabel) -> Error {
        Error::unprocessable("invalid_label", e.to_string())
    }
}

impl From<StoreError> for Error {
    fn from(e: StoreError) -> Error {
        match e {
            StoreError::NotFound => Error::NotFound("resource"),
            StoreError::Conflict => Error::conflict("conflict", "the resource changed meanwhile"),
            StoreError::Full => Error::unprocessable("limit_reached", "a limit was reached"),
            other => Error::Store(other),
        }
    }
}

/// The service's result type.
pub type Result<T, E = Error> = std::result::Result<T, E>;

#[cfg(test)]
mod tests {
    use std::sync::{Arc, Mutex};

    use super::*;

    /// The log lines written while `f` runs, on this thread.
    fn logged(f: impl FnOnce()) -> String {
        #[derive(Clone, Default)]
        struct Lines(Arc<Mutex<Vec<u8>>>);
        impl std::io::Write for Lines {
            fn write(&mut self, bytes: &[u8]) -> std::io::Result<usize> {
                self.0
                    .lock()
                    .expect("not poisoned")
                    .extend_from_slice(bytes);
                Ok(bytes.len())
            }
            fn flush(&mut self) -> std::io::Result<()> {
                Ok(())
            }
        }
        let lines = Lines::default();
        let writer = lines.clone();
        let subscriber = tracing_subscriber::fmt()
            .with_writer(move || writer.clone())
            .with_max_level(tracing::Level::TRACE)
            .with_ansi(false)
            .finish();
        tracing::subscriber::with_default(subscriber, f);
        let bytes = lines.0.lock().expect("not poisoned").clone();
        String::from_utf8(bytes).expect("UTF-8")
    }

    #[test]
    fn a_database_that_cannot_be_reached_answers_503_keeps_its_cause_and_logs_only_when_answered() {
        let mut error = None;
        let during_conversion = logged(|| {
            error = Some(Error::from(StoreError::Unavailable(Arc::new(
                sqlx::Error::PoolTimedOut,
            ))));
        });
        assert_eq!(during_conversion, "");
        let error = error.expect("converted");
        assert_eq!(error.code(), "unavailable");
        assert_eq!(error.status(), StatusCode::SERVICE_UNAVAILABLE);
        assert_eq!(
            error.to_string(),
            "the service is unavailable: try again shortly"
        );
        let chain = Chain(&error).to_string();
        assert!(chain.contains("database unavailable"), "{chain}");
        assert!(chain.contains("timed out"), "{chain}");
        let answered = logged(|| error.log());
        assert!(answered.contains("WARN"), "{answered}");
        assert!(answered.contains("timed out"), "{answered}");
    }

    #[test]
    fn a_store_failure_or_a_bug_answers_500_with_no_detail_but_logs_its_causes() {
        let store = Error::from(StoreError::Database(Arc::new(sqlx::Error::Protocol(
            "bad frame".to_owned(),
        ))));
        let bug = Error::internal_from("rendering a page", std::io::Error::other("disk on fire"));
        for (error, cause) in [(store, "bad frame"), (bug, "disk on fire")] {
            assert_eq!(error.code(), "internal");
            assert_eq!(error.status(), StatusCode::INTERNAL_SERVER_ERROR);
            assert_eq!(error.to_string(), "internal error");
            assert!(std::error::Error::source(&error).is_some());
            let answered = logged(|| error.log());
            assert!(answered.contains("ERROR"), "{answered}");
            assert!(answered.contains(cause), "{answered}");
        }
        let refused = Error::bad_request("invalid_query", "no");
        assert_eq!(logged(|| refused.log()), "");
    }

    #[test]
    fn the_store_errors_a_client_causes_keep_their_answers() {
        assert_eq!(Error::from(StoreError::NotFound).code(), "not_found");
        assert_eq!(Error::from(StoreError::Conflict).code(), "conflict");
        assert_eq!(Error::from(StoreError::Full).code(), "limit_reached");
        let invalid = Error::from(StoreError::Invalid("corrupt ply column".to_owned()));
        assert_eq!(invalid.status(), StatusCode::INTERNAL_SERVER_ERROR);
        assert!(Chain(&invalid).to_string().contains("corrupt ply column"));
    }
}
