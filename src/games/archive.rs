//! All of a player's finished games in one file (issue 36): `GET
//! /api/v1/players/{name}/games.txt` streams every finished game of the player in the
//! text notation, the record of `GET /games/{id}/record` one after another with a
//! blank line between, newest first. The games are read a page at a time (keyset
//! pagination by the time each ended and its id), so that the file streams in
//! constant memory however many games the player finished; a page is two queries,
//! its games' rows and all their moves, not one read per game.

use std::collections::{HashMap, VecDeque};

use async_trait::async_trait;
use axum::body::{Body, Bytes};
use axum::extract::State;
use axum::http::header;
use axum::response::{IntoResponse, Response};
use chrono::{DateTime, NaiveDate, Utc};
use futures_util::stream;
use seedpost_rules::Variant;
use serde::Deserialize;
use utoipa::IntoParams;
use utoipa_axum::router::OpenApiRouter;
use utoipa_axum::routes;
use uuid::Uuid;

use super::service::{LoadedGame, record_of};
use crate::domain::{AccountId, GameWithMoves};
use crate::error::{Error, Result};
use crate::http::AppState;
use crate::http::api::json::ErrorJson;
use crate::http::extract::{ApiQuery, MaybeAuth, PathId};
use crate::http::ratelimit::{self, Throttle};
use crate::service::Service;
use crate::store::common::{GameMoveRow, GameRow, MoveRow, game_select};
use crate::store::dialect::Backend;
use crate::store::replica::{ReadScope, scoped};
use crate::store::sql::{SqlStore, on_backend, sql};
use crate::store::{Store, StoreError};

/// Games read at once.
const PAGE: u32 = 100;

/// Which of a player's finished games, and where a page starts.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ArchiveFilter {
    /// The player.
    pub player: AccountId,
    /// Only games of this variant.
    pub variant: Option<Variant>,
    /// Only games that ended at or after this time.
    pub since: Option<DateTime<Utc>>,
    /// Only games that ended before this time.
    pub until: Option<DateTime<Utc>>,
}

/// The finished games with their moves a page at a time. Served by every [`Store`].
#[async_trait]
pub trait ArchiveStore {
    /// At most `limit` finished games of `filter` with their moves, the latest ended
    /// first, after the game `after` (its end and id) if given.
    async fn finished_page(
        &self,
        filter: &ArchiveFilter,
        after: Option<(DateTime<Utc>, Uuid)>,
        limit: u32,
    ) -> Result<Vec<GameWithMoves>, StoreError>;
}

#[async_trait]
impl<S: Store + ?Sized> ArchiveStore for S {
    async fn finished_page(
        &self,
        filter: &ArchiveFilter,
        after: Option<(DateTime<Utc>, Uuid)>,
        limit: u32,
    ) -> Result<Vec<GameWithMoves>, StoreError> {
        on_backend!(self.sql(), s => finished_page(s, filter, after, limit).await)
    }
}

/// One side's arm of a page: the player's finished games as that side, by the
/// side's index (migration 0032), so that the arm comes out in the page's order.
/// `$1` the player, `$2` the variant, `$3` since; the bound on the time ended follows.
macro_rules! finished_arm {
    ($side:literal, $bound:literal) => {
        concat!(
            "SELECT id, updated_at FROM games \
             WHERE status = 'finished' AND ",
            $side,
            "_id = $1 \
               AND ($2 IS NULL OR variant = $2) \
               AND ($3 IS NULL OR updated_at >= $3) \
               AND ",
            $bound,
            " "
        )
    };
}

/// A page of a player's finished games, the latest ended first: the games as South
/// and the games as North, each read in the order of its index and the two merged
/// (a `UNION ALL` in `FROM` with the order and the limit over it), instead of
/// `(south_id = $1 OR north_id = $1) ORDER BY`, which sorted all of the player's
/// games for each page. The page's rows are then read by id. `$4` is the page's size;
/// `$5` is `until` on the first page and the last game read (its end, with its id as
/// `$6`) on the next ones.
///
/// With `limited`, each arm carries the page's order and limit itself (Postgres'
/// form: a `Merge Append` of two backward index scans, each stopping after `$4` rows,
/// where the bare arms were scanned whole and sorted); without, the bare arms
/// (SQLite's form: it merges them in index order, and a limit inside an arm would make
/// it sort that arm). See [`Backend::LIMITS_EACH_ARM`].
macro_rules! finished_page {
    ($bound:literal) => {
        concat!(
            game_select!(),
            "JOIN (SELECT id, updated_at FROM (",
            finished_arm!("south", $bound),
            "UNION ALL ",
            finished_arm!("north", $bound),
            ") u ORDER BY updated_at DESC, id DESC LIMIT $4) p ON p.id = g.id"
        )
    };
    ($bound:literal, limited) => {
        concat!(
            game_select!(),
            "JOIN (SELECT id, updated_at FROM ((",
            finished_arm!("south", $bound),
            "ORDER BY updated_at DESC, id DESC LIMIT $4) UNION ALL (",
            finished_arm!("north", $bound),
            "ORDER BY updated_at DESC, id DESC LIMIT $4)) u \
             ORDER BY updated_at DESC, id DESC LIMIT $4) p ON p.id = g.id"
        )
    };
}

/// The first page of a player's finished games (see `finished_page!`), the games
/// that ended before `$5` if it is given.
pub const FIRST_PAGE: &str = finished_page!("($5 IS NULL OR updated_at < $5)");

/// A later page: the games after the last one read, which ended at `$5` and has the
/// id `$6` (a row comparison, which both databases seek in the index).
pub const NEXT_PAGE: &str = finished_page!("(updated_at, id) < ($5, $6)");

/// [`FIRST_PAGE`] with a limit in each arm, for a backend that
/// [limits each arm](Backend::LIMITS_EACH_ARM).
pub const FIRST_PAGE_LIMITED: &str = finished_page!("($5 IS NULL OR updated_at < $5)", limited);

/// [`NEXT_PAGE`] with a limit in each arm.
pub const NEXT_PAGE_LIMITED: &str = finished_page!("(updated_at, id) < ($5, $6)", limited);

async fn finished_page<B: Backend>(
    store: &SqlStore<B>,
    filter: &ArchiveFilter,
    after: Option<(DateTime<Utc>, Uuid)>,
    limit: u32,
) -> Result<Vec<GameWithMoves>, StoreError> {
    let mut conn = store.conn().await?;
    let page = |statement| {
        sql(statement)
            .bind(filter.player.0)
            .bind(filter.variant.map(Variant::as_str))
            .bind(filter.since)
            .bind(i64::from(limit))
    };
    let (first, next) = if B::LIMITS_EACH_ARM {
        (FIRST_PAGE_LIMITED, NEXT_PAGE_LIMITED)
    } else {
        (FIRST_PAGE, NEXT_PAGE)
    };
    let rows: Vec<GameRow> = match after {
        None => page(first).bind(filter.until),
        Some((at, id)) => page(next).bind(at).bind(id),
    }
    .all(&mut conn)
    .await?;
    if rows.is_empty() {
        return Ok(Vec::new());
    }
    // A finished game's moves no longer change: read apart from its row, they are
    // still exactly the ones its state is the replay of.
    let ids: Vec<Uuid> = rows.iter().map(GameRow::id).collect();
    let moves: Vec<GameMoveRow> = sql(B::MOVES_OF_GAMES).bind_ids(&ids).all(&mut conn).await?;
    let mut by_game: HashMap<Uuid, Vec<MoveRow>> = HashMap::with_capacity(ids.len());
    for m in moves {
        by_game.entry(m.game_id).or_default().push(m.row);
    }
    let mut games = rows
        .into_iter()
        .map(|row| {
            let moves = by_game.remove(&row.id()).unwrap_or_default();
            row.with_moves(moves)
        })
        .collect::<Result<Vec<_>, _>>()?;
    // The rows read by id come in no order: the merge's order again (a page's worth).
    games.sort_unstable_by_key(|g| std::cmp::Reverse((g.game.state.updated_at, g.game.id.0)));
    Ok(games)
}

/// Where the file's stream stands.
struct Cursor {
    service: Service,
    /// Where the request's reads may go: its pages are read after the handler has
    /// returned, outside the request's scope.
    scope: ReadScope,
    filter: ArchiveFilter,
    /// The last game read.
    after: Option<(DateTime<Utc>, Uuid)>,
    /// The games read and not yet written.
    ready: VecDeque<GameWithMoves>,
    /// Whether the last page was the last.
    exhausted: bool,
    /// Whether a record went out (the next one follows a blank line).
    started: bool,
}

impl Cursor {
    /// The next record's text (after a blank line but for the first), or `None` at
    /// the end.
    async fn next_record(&mut self) -> Result<Option<String>> {
        loop {
            if let Some(stored) = self.ready.pop_front() {
                let loaded = LoadedGame::new(stored)?;
                let mut text = if self.started {
                    String::from("\n")
                } else {
                    String::new()
                };
                self.started = true;
                // One blank line between records: a record without plies ends with
                // the blank line after its tags, which is not doubled.
                let record = record_of(&loaded).to_string();
                text.push_str(record.trim_end_matches('\n'));
                text.push('\n');
                return Ok(Some(text));
            }
            if self.exhausted {
                return Ok(None);
            }
            // Finished games may be read a moment old: from the replica when the
            // request allows it (see `crate::store::replica`).
            let (filter, after) = (self.filter, self.after);
            let reads = self
                .service
                .reads
                .run(|s| s.finished_page(&filter, after, PAGE));
            let page = scoped(self.scope, reads).await?;
            self.exhausted = page.len() < PAGE as usize;
            self.after = page.last().map(|g| (g.game.state.updated_at, g.game.id.0));
            self.ready.extend(page);
        }
    }
}

impl Service {
    /// Every finished game of the player named `name` that `filter`'s variant and
    /// times select, as records one after another (a blank line between), the
    /// latest ended first: a stream of texts.
    ///
    /// # Errors
    /// `not_found` (404) for no such player. A storage error once the stream runs
    /// ends it early.
    pub async fn games_file(
        &self,
        name: &str,
        variant: Option<Variant>,
        since: Option<DateTime<Utc>>,
        until: Option<DateTime<Utc>>,
    ) -> Result<impl futures_util::Stream<Item = Result<String>> + Send + 'static> {
        let player = self.account(name).await?;
        let cursor = Cursor {
            service: self.clone(),
            scope: ReadScope::current(),
            filter: ArchiveFilter {
                player: player.id,
                variant,
                since,
                until,
            },
            after: None,
            ready: VecDeque::new(),
            exhausted: false,
            started: false,
        };
        Ok(stream::unfold(Some(cursor), |cursor| async move {
            let mut cursor = cursor?;
            match cursor.next_record().await {
                Ok(Some(text)) => Some((Ok(text), Some(cursor))),
                Ok(None) => None,
                Err(e) => Some((Err(e), None)),
            }
        }))
    }
}

/// The API route of the games file.
pub fn api_routes() -> OpenApiRouter<AppState> {
    OpenApiRouter::new().routes(routes!(games_file))
}

/// Which games go in the file.
#[derive(Debug, Deserialize, IntoParams)]
#[serde(deny_unknown_fields)]
#[into_params(parameter_in = Query)]
pub struct GamesFileQuery {
    /// Only games of this variant.
    variant: Option<String>,
    /// Only games that ended at or after this time: an RFC 3339 time, or a date
    /// (`2026-11-30`, from its start, UTC).
    since: Option<String>,
    /// Only games that ended before this time: an RFC 3339 time, or a date (up to
    /// its start, UTC).
    until: Option<String>,
}

/// A time of the query: RFC 3339, or a date from its start (UTC).
fn parse_time(name: &'static str, code: &'static str, text: &str) -> Result<DateTime<Utc>> {
    if let Ok(t) = DateTime::parse_from_rfc3339(text) {
        return Ok(t.to_utc());
    }
    NaiveDate::parse_from_str(text, "%Y-%m-%d")
        .ok()
        .and_then(|d| d.and_hms_opt(0, 0, 0))
        .map(|t| t.and_utc())
        .ok_or_else(|| {
            Error::unprocessable(
                code,
                format!("{name} is an RFC 3339 time or a date such as 2026-11-30"),
            )
        })
}

/// Every finished game of a player in the text notation, newest first: the record
/// of `GET /games/{id}/record` for each, a blank line between. The file streams
/// however many games there are.
#[utoipa::path(
    get,
    path = "/players/{name}/games.txt",
    operation_id = "player_games_file",
    tag = "games",
    params(("name" = String, Path, description = "The player's name (any case)"), GamesFileQuery),
    responses(
        (status = 200, description = "The records, newest first, a blank line between", body = String, content_type = "text/plain"),
        (status = 400, description = "`invalid_query`: a bad query", body = ErrorJson,
            example = json!({"error": "invalid_query", "message": "unknown field `sinse`"})),
        (status = 404, response = crate::http::api::openapi::NotFound),
        (status = 422, description = "`invalid_variant`, `invalid_since`, `invalid_until`; `invalid_text`: a query parameter holds a control character", body = ErrorJson,
            example = json!({"error": "invalid_since", "message": "since is an RFC 3339 time or a date such as 2026-11-30"})),
        (status = 429, response = crate::http::api::openapi::TooManyRequests),
    ),
)]
pub async fn games_file(
    State(service): State<Service>,
    _: MaybeAuth,
    _: Throttle<ratelimit::Streams>,
    PathId(name): PathId<String>,
    ApiQuery(query): ApiQuery<GamesFileQuery>,
) -> Result<Response> {
    let variant = query
        .variant
        .as_deref()
        .map(|v| {
            Variant::parse_offered(v)
                .map_err(|e| Error::unprocessable("invalid_variant", format!("variant: {e}")))
        })
        .transpose()?;
    let since = query
        .since
        .as_deref()
        .map(|t| parse_time("since", "invalid_since", t))
        .transpose()?;
    let until = query
        .until
        .as_deref()
        .map(|t| parse_time("until", "invalid_until", t))
        .transpose()?;
    let records = service.games_file(&name, variant, since, until).await?;
    let body = Body::from_stream(futures_util::StreamExt::map(records, |r| {
        r.map(Bytes::from).map_err(|e| {
            e.log();
            std::io::Error::other("the games file could not be read to its end")
        })
    }));
    let file = format!(
        "attachment; filename=\"{}-games.txt\"",
        name.replace(
            |c: char| !c.is_ascii_alphanumeric() && c != '-' && c != '_',
            ""
        )
    );
    Ok((
        [
            (header::CONTENT_TYPE, "text/plain; charset=utf-8".to_owned()),
            (header::CONTENT_DISPOSITION, file),
        ],
        body,
    )
        .into_response())
}
