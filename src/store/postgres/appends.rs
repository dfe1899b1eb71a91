//! Moves that leave their games going, batched: concurrent moves in different games
//! share one statement, so that a busy server pays one round trip, one plan and one
//! commit (one WAL flush) for many moves instead of one each. Each move stays
//! conditional on its own game standing at the ply its mover saw; a move whose game
//! moved on changes nothing and is answered as such, whatever the others of its batch
//! do. A move is answered only once its batch has committed.
//!
//! Moves that end their games are not batched: they may rate the game, in a
//! transaction of their own (see `append_plies`).

use std::sync::Arc;

use chrono::{DateTime, Utc};
use sqlx::postgres::{PgConnection, PgPool};

use super::super::StoreError;
use super::super::batch::Batches;
use super::super::common::{AccountEvents, MoveColumns, StateColumns};
use super::Notifier;
use crate::domain::GameId;

/// Moves in one batched statement, at most.
const BATCH_MOVES: usize = 64;

/// Batched statements of moves running at once, at most: one, so that the moves made
/// meanwhile make the next batch as large as they can (the load tool's `moves`,
/// Postgres, 64 clients, 10 s runs alternating: one running made 2,768–2,905 moves/s
/// with p99 35–38 ms; two, 2,541–2,800/s with p99 41–46 ms; three, 2,552–2,602/s).
const APPENDS_RUNNING: usize = 1;

/// One move to append: the game, the ply its mover saw, the plies it adds, the state
/// they lead to (the game still going) and the events it causes, by account.
pub(super) struct Append {
    pub(super) id: GameId,
    pub(super) seen: i32,
    pub(super) plies: Vec<MoveColumns>,
    pub(super) state: StateColumns,
    pub(super) events: Arc<Vec<AccountEvents>>,
}

/// The answer to one move: the last seq taken for each account of its events, or
/// `None` when its game no longer stood at the ply seen (or is gone).
pub(super) type Appended = Option<Vec<(uuid::Uuid, i64)>>;

/// The answer to one move, or the error of its own statement.
pub(super) type Answer = Result<Appended, StoreError>;

/// The batches of moves on `pool`; `notifier` tells the other instances of the
/// events of the moves written, once committed (in the batch's task, so that a
/// request given up meanwhile does not lose the notification).
pub(super) fn append_batches(pool: PgPool, notifier: Notifier) -> Batches<Append, Answer> {
    Batches::new(APPENDS_RUNNING, BATCH_MOVES, move |moves: Vec<Append>| {
        let (pool, notifier) = (pool.clone(), notifier.clone());
        async move {
            let mut conn = pool.acquire().await?;
            let answers = append_all(&mut conn, &moves).await?;
            for (m, answer) in moves.iter().zip(&answers) {
                if matches!(answer, Ok(Some(_))) {
                    notifier.send(&m.events);
                }
            }
            Ok(answers)
        }
    })
}

/// Appends `moves`, in as many statements as the most moves any one game has among
/// them (one, but for racing submissions to the same game): a statement updates each
/// game row once. A statement that fails for its data (a constraint, say) rather than
/// for the database's state runs again move by move, so that only the moves at fault
/// fail; a database that cannot serve fails the whole batch.
async fn append_all(conn: &mut PgConnection, moves: &[Append]) -> Result<Vec<Answer>, StoreError> {
    let mut answers: Vec<Option<Answer>> = moves.iter().map(|_| None).collect();
    while answers.iter().any(Option::is_none) {
        let mut games = std::collections::HashSet::new();
        let mut round: Vec<usize> = (0..moves.len())
            .filter(|&i| answers[i].is_none() && games.insert(moves[i].id))
            .collect();
        // Game rows are updated in id order, as every batch updates them.
        round.sort_by_key(|&i| moves[i].id.0);
        let batch: Vec<&Append> = round.iter().map(|&i| &moves[i]).collect();
        match append_retrying(conn, &batch).await {
            Ok(appended) => {
                for (i, answer) in round.into_iter().zip(appended) {
                    answers[i] = Some(Ok(answer));
                }
            }
            Err(e) => match StoreError::from(e) {
                e @ StoreError::Unavailable(_) => return Err(e),
                e if round.len() == 1 => answers[round[0]] = Some(Err(e)),
                _ => {
                    for i in round {
                        let alone = append_retrying(conn, &[&moves[i]]).await;
                        answers[i] = Some(match alone {
                            Ok(mut appended) => Ok(appended.pop().flatten()),
                            Err(e) => match StoreError::from(e) {
                                e @ StoreError::Unavailable(_) => return Err(e),
                                e => Err(e),
                            },
                        });
                    }
                }
            },
        }
    }
    Ok(answers.into_iter().flatten().collect())
}

/// [`append_once`], run again should Postgres report a deadlock. None can happen
/// between movers (game rows are updated, and accounts locked, in id order), but
/// Postgres does not promise a plan; the statement that lost changed nothing.
async fn append_retrying(
    conn: &mut PgConnection,
    moves: &[&Append],
) -> Result<Vec<Appended>, sqlx::Error> {
    let mut attempts = 0;
    loop {
        match append_once(conn, moves).await {
            Err(sqlx::Error::Database(e))
                if e.code().as_deref() == Some("40P01") && attempts < 3 =>
            {
                attempts += 1;
            }
            other => return other,
        }
    }
}

/// One statement for `moves`, at most one per game: the games still at the ply seen
/// are updated (and so locked) first; only their plies and events are written. The
/// events take their seqs from their accounts' rows, locked in id order, so that
/// commit order is seq order for each account; an account's events in the batch are
/// numbered in the order of `moves`, then of each move's events, as
/// [`seqs_taken`] numbers them back.
async fn append_once(
    conn: &mut PgConnection,
    moves: &[&Append],
) -> Result<Vec<Appended>, sqlx::Error> {
    let mut games = Games::default();
    let mut plies = Plies::default();
    let mut events = Events::default();
    for m in moves {
        games.push(m);
        for p in &m.plies {
            plies.game.push(m.id.0);
            plies.ply.push(p.ply);
            plies.side.push(p.side);
            plies.pit.push(p.pit);
            plies.at.push(p.at);
        }
        for group in m.events.iter() {
            for (kind, payload, at) in &group.events {
                events.game.push(m.id.0);
                events.account.push(group.account);
                events.kind.push(kind);
                events.payload.push(payload.as_str());
                events.at.push(*at);
            }
        }
    }
    let (updated, accounts, seqs): Taken = sqlx::query_as(concat!(
        "WITH b AS ( \
             SELECT * FROM unnest($1::uuid[], $2::integer[], $3::integer[], $4::text[], \
                                  $5::text[], $6::integer[], $7::integer[], \
                                  $8::timestamptz[], $9::timestamptz[]) \
                  AS b(id, seen, ply, to_move, board, store_south, store_north, deadline, \
                       updated_at) \
         ), updated AS ( \
             UPDATE games g SET ply = b.ply, to_move = b.to_move, board = b.board, \
                    store_south = b.store_south, store_north = b.store_north, \
                    deadline = b.deadline, updated_at = b.updated_at \
             FROM b WHERE g.id = b.id AND g.ply = b.seen AND g.status = 'ongoing' \
             RETURNING g.id \
         ), moved AS ( \
             INSERT INTO moves (game_id, ply, side, pit, at) \
             SELECT m.game_id, m.ply, m.side, m.pit, m.at \
             FROM unnest($10::uuid[], $11::integer[], $12::text[], $13::integer[], \
                         $14::timestamptz[]) AS m(game_id, ply, side, pit, at) \
             WHERE m.game_id IN (SELECT id FROM updated) \
         ), e AS ( \
             SELECT * FROM unnest($15::uuid[], $16::uuid[], $17::text[], $18::text[], \
                                  $19::timestamptz[]) \
                  WITH ORDINALITY AS e(game_id, account_id, kind, payload, at, n) \
             WHERE e.game_id IN (SELECT id FROM updated) \
         ), locked AS MATERIALIZED ( \
             SELECT a.id FROM accounts a \
             WHERE a.id IN (SELECT account_id FROM e) \
             ORDER BY a.id FOR UPDATE \
         ), ",
        taken_event_seqs!(),
        " \
         SELECT (SELECT array_agg(id) FROM updated), \
                array_agg(taken.id ORDER BY taken.id), \
                array_agg(taken.event_seq ORDER BY taken.id) \
         FROM taken"
    ))
    .bind(&games.id)
    .bind(&games.seen)
    .bind(&games.ply)
    .bind(&games.to_move)
    .bind(&games.board)
    .bind(&games.store_south)
    .bind(&games.store_north)
    .bind(&games.deadline)
    .bind(&games.updated_at)
    .bind(&plies.game)
    .bind(&plies.ply)
    .bind(&plies.side)
    .bind(&plies.pit)
    .bind(&plies.at)
    .bind(&events.game)
    .bind(&events.account)
    .bind(&events.kind)
    .bind(&events.payload)
    .bind(&events.at)
    .fetch_one(conn)
    .await?;
    let updated = updated.unwrap_or_default();
    let last: Vec<(uuid::Uuid, i64)> = accounts
        .unwrap_or_default()
        .into_iter()
        .zip(seqs.unwrap_or_default())
        .collect();
    Ok(seqs_taken(moves, &updated, &last))
}

/// Each move's answer: for a move whose game was updated, the last seq of each of its
/// accounts' events, counting back from `last` (the last seq each account took in
/// the statement) the events of later moves of the batch.
fn seqs_taken(
    moves: &[&Append],
    updated: &[uuid::Uuid],
    last: &[(uuid::Uuid, i64)],
) -> Vec<Appended> {
    let applied: Vec<bool> = moves.iter().map(|m| updated.contains(&m.id.0)).collect();
    // The seqs after each account's last event so far, walking the moves backwards.
    let mut next: std::collections::HashMap<uuid::Uuid, i64> = last.iter().copied().collect();
    let mut answers: Vec<Appended> = vec![None; moves.len()];
    for (i, m) in moves.iter().enumerate().rev() {
        if !applied[i] {
            continue;
        }
        let mut mine = Vec::with_capacity(m.events.len());
        for group in m.events.iter().rev() {
            if let Some(seq) = next.get_mut(&group.account) {
                mine.push((group.account, *seq));
                *seq -= group.len();
            }
        }
        mine.reverse();
        answers[i] = Some(mine);
    }
    answers
}

/// What the statement returns: the games updated, and the accounts whose events it
/// wrote with the last seq each took (`NULL` arrays for none).
type Taken = (
    Option<Vec<uuid::Uuid>>,
    Option<Vec<uuid::Uuid>>,
    Option<Vec<i64>>,
);

/// The game columns of a batch, one array per column.
#[derive(Default)]
struct Games {
    id: Vec<uuid::Uuid>,
    seen: Vec<i32>,
    ply: Vec<i32>,
    to_move: Vec<Option<&'static str>>,
    board: Vec<String>,
    store_south: Vec<i32>,
    store_north: Vec<i32>,
    deadline: Vec<Option<DateTime<Utc>>>,
    updated_at: Vec<DateTime<Utc>>,
}

impl Games {
    fn push(&mut self, m: &Append) {
        self.id.push(m.id.0);
        self.seen.push(m.seen);
        self.ply.push(m.state.ply);
        self.to_move.push(m.state.to_move);
        self.board.push(m.state.board.clone());
        self.store_south.push(m.state.store_south);
        self.store_north.push(m.state.store_north);
        self.deadline.push(m.state.deadline);
        self.updated_at.push(m.state.updated_at);
    }
}

/// The move columns of a batch.
#[derive(Default)]
struct Plies {
    game: Vec<uuid::Uuid>,
    ply: Vec<i32>,
    side: Vec<&'static str>,
    pit: Vec<Option<i32>>,
    at: Vec<DateTime<Utc>>,
}

/// The event columns of a batch.
#[derive(Default)]
struct Events<'a> {
    game: Vec<uuid::Uuid>,
    account: Vec<uuid::Uuid>,
    kind: Vec<&'static str>,
    payload: Vec<&'a str>,
    at: Vec<DateTime<Utc>>,
}
