//! Moves that leave their games going, batched: concurrent moves in different games
//! share one statement, so that a busy server pays one round trip, one plan and one
//! commit (one WAL flush) for many moves instead of one each. Each move stays
//! conditional on its own game standing at the ply its mover saw; a move whose game
//! moved on changes nothing and is answered as such, whatever the others of its batch
//! do. A move is answered only once its batch has committed.
//!
//! Moves that end their games are not batched: they may rate the game, in a
//! transaction of their own (see `append_plies`).

use chrono::{DateTime, Utc};
use sqlx::postgres::{PgConnection, PgPool};

use super::notify::Notifier;
use crate::store::batch::Batches;
use crate::store::core::Append;
use crate::store::{Event, StoreError};

/// Moves in one batched statement, at most.
const BATCH_MOVES: usize = 64;

/// Batched statements of moves running at once, at most: one, so that the moves made
/// meanwhile make the next batch as large as they can (the load tool's `moves`,
/// Postgres, 64 clients, 10 s runs alternating: one running made 2,768–2,905 moves/s
/// with p99 35–38 ms; two, 2,541–2,800/s with p99 41–46 ms; three, 2,552–2,602/s).
const APPENDS_RUNNING: usize = 1;

/// The answer to one move: the last seq taken for each account of its events, or
/// `None` when its game no longer stood at the ply seen (or is gone).
pub(super) type Appended = Option<Vec<(uuid::Uuid, i64)>>;

/// What [`append_all`] answers for one move, or the error of its own statement.
type Written = Result<Appended, StoreError>;

/// The answer to one move: its events as stored, or `None` when its game no longer
/// stood at the ply seen; or the error of its own statement.
pub(super) type Answer = Result<Option<Vec<Event>>, StoreError>;

/// The batches of moves on `pool`; `notifier` announces the events of the moves
/// written, once committed (in the batch's task, so that a request given up meanwhile
/// does not lose the announcement).
pub(super) fn append_batches(pool: PgPool, notifier: Notifier) -> Batches<Append, Answer> {
    Batches::new(APPENDS_RUNNING, BATCH_MOVES, move |moves: Vec<Append>| {
        let (pool, notifier) = (pool.clone(), notifier.clone());
        async move {
            let mut conn = pool.acquire().await?;
            let answers = append_all(&mut *conn, &moves).await?;
            Ok(moves
                .iter()
                .zip(answers)
                .map(|(m, answer)| {
                    let Some(taken) = answer? else {
                        return Ok(None);
                    };
                    let stored = stored_events(m, &taken)?;
                    notifier.send(&stored);
                    Ok(Some(stored))
                })
                .collect())
        }
    })
}

/// The events of `m` as stored, given the last seq `taken` for each account.
fn stored_events(m: &Append, taken: &[(uuid::Uuid, i64)]) -> Result<Vec<Event>, StoreError> {
    let mut stored = Vec::new();
    for group in &m.events {
        let last = taken.iter().find(|(a, _)| *a == group.account);
        let last = last
            .ok_or_else(|| StoreError::Invalid(format!("no seqs taken for {}", group.account)))?;
        stored.extend(group.stored(last.1)?);
    }
    Ok(stored)
}

/// One statement for a round of moves, at most one per game: what [`append_all`]
/// runs its rounds with (a connection; a stand-in in the tests).
trait Rounds {
    /// Appends `moves`: for each, in order, what [`append_once`] answers.
    async fn round(&mut self, moves: &[&Append]) -> Result<Vec<Appended>, StoreError>;
}

impl Rounds for PgConnection {
    async fn round(&mut self, moves: &[&Append]) -> Result<Vec<Appended>, StoreError> {
        append_retrying(self, moves).await.map_err(StoreError::from)
    }
}

/// Appends `moves`, in as many statements as the most moves any one game has among
/// them (one, but for racing submissions to the same game): a statement updates each
/// game row once. A statement that fails for its data (a constraint, say) rather than
/// for the database's state runs again move by move, so that only the moves at fault
/// fail. A database that cannot serve fails the moves not yet written; the whole
/// batch when none was (so that the requests queued behind it fail at once too, see
/// [`Batches`]), while the moves of earlier rounds, committed, keep their answers.
async fn append_all(
    rounds: &mut impl Rounds,
    moves: &[Append],
) -> Result<Vec<Written>, StoreError> {
    let mut answers: Vec<Option<Written>> = moves.iter().map(|_| None).collect();
    while answers.iter().any(Option::is_none) {
        let mut games = std::collections::HashSet::new();
        let mut round: Vec<usize> = (0..moves.len())
            .filter(|&i| answers[i].is_none() && games.insert(moves[i].id))
            .collect();
        // Game rows are updated in id order, as every batch updates them.
        round.sort_by_key(|&i| moves[i].id.0);
        let batch: Vec<&Append> = round.iter().map(|&i| &moves[i]).collect();
        let gone = match rounds.round(&batch).await {
            Ok(appended) => {
                for (i, answer) in round.into_iter().zip(appended) {
                    answers[i] = Some(Ok(answer));
                }
                None
            }
            Err(e @ StoreError::Unavailable(_)) => Some(e),
            Err(e) if round.len() == 1 => {
                answers[round[0]] = Some(Err(e));
                None
            }
            Err(_) => {
                let mut gone = None;
                for i in round {
                    match rounds.round(&[&moves[i]]).await {
                        Ok(mut appended) => answers[i] = Some(Ok(appended.pop().flatten())),
                        Err(e @ StoreError::Unavailable(_)) => {
                            gone = Some(e);
                            break;
                        }
                        Err(e) => answers[i] = Some(Err(e)),
                    }
                }
                gone
            }
        };
        if let Some(e) = gone {
            if answers.iter().all(Option::is_none) {
                return Err(e);
            }
            for answer in answers.iter_mut().filter(|a| a.is_none()) {
                *answer = Some(Err(e.clone()));
            }
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
#[expect(clippy::too_many_lines, reason = "103 lines, to be split (issue 34)")]
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
                                  $8::timestamptz[], $9::timestamptz[], $20::integer[]) \
                  AS b(id, seen, ply, to_move, board, store_south, store_north, deadline, \
                       updated_at, plan_rev) \
         ), updated AS ( \
             UPDATE games g SET ply = b.ply, to_move = b.to_move, board = b.board, \
                    store_south = b.store_south, store_north = b.store_north, \
                    deadline = b.deadline, updated_at = b.updated_at \
             FROM b WHERE g.id = b.id AND g.ply = b.seen AND g.status = 'ongoing' \
                    AND g.plan_rev = b.plan_rev \
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
             ORDER BY a.id FOR NO KEY UPDATE \
         ), ",
        "counts AS ( \
             SELECT e.account_id AS id, count(*) AS k FROM e JOIN locked ON locked.id = e.account_id \
             GROUP BY e.account_id \
         ), taken AS ( \
             UPDATE accounts a SET event_seq = a.event_seq + counts.k FROM counts \
             WHERE a.id = counts.id RETURNING a.id, a.event_seq, counts.k \
         ), inserted AS ( \
             INSERT INTO events (account_id, seq, kind, payload, created_at) \
             SELECT e.account_id, \
                    taken.event_seq - taken.k \
                        + row_number() OVER (PARTITION BY e.account_id ORDER BY e.n), \
                    e.kind, e.payload, e.at \
             FROM e JOIN taken ON taken.id = e.account_id \
         ) ",
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
    .bind(&games.plan_rev)
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
    plan_rev: Vec<i32>,
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
        self.plan_rev.push(m.plan_rev);
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

#[cfg(test)]
mod tests {
    use super::*;
    use crate::domain::GameId;
    use crate::store::common::StateColumns;

    /// A move in game `game` at ply `seen`, with no plies or events of its own (the
    /// stand-in below looks at games only).
    fn append(game: uuid::Uuid, seen: i32) -> Append {
        let now = Utc::now();
        Append {
            id: GameId(game),
            seen,
            plan_rev: 0,
            plan: None,
            plies: Vec::new(),
            state: StateColumns {
                status: "ongoing",
                ply: seen + 1,
                to_move: Some("north"),
                board: String::new(),
                store_south: 0,
                store_north: 0,
                deadline: None,
                winner: None,
                ended_by: None,
                score_south: None,
                score_north: None,
                updated_at: now,
            },
            events: Vec::new(),
        }
    }

    /// A database that writes every move of a statement, except that it refuses
    /// (for its data) any statement holding a move of `refused`, and is gone from
    /// statement number `gone_from` (counting from 0) on. It keeps the games of each
    /// statement it was given.
    struct StandIn {
        refused: Option<uuid::Uuid>,
        gone_from: usize,
        statements: Vec<Vec<uuid::Uuid>>,
    }

    impl StandIn {
        fn new(refused: Option<uuid::Uuid>, gone_from: usize) -> StandIn {
            StandIn {
                refused,
                gone_from,
                statements: Vec::new(),
            }
        }
    }

    impl Rounds for StandIn {
        async fn round(&mut self, moves: &[&Append]) -> Result<Vec<Appended>, StoreError> {
            let n = self.statements.len();
            self.statements.push(moves.iter().map(|m| m.id.0).collect());
            if n >= self.gone_from {
                return Err(StoreError::Unavailable(sqlx::Error::PoolClosed.into()));
            }
            if moves.iter().any(|m| Some(m.id.0) == self.refused) {
                return Err(StoreError::Invalid("refused".to_owned()));
            }
            Ok(moves.iter().map(|_| Some(Vec::new())).collect())
        }
    }

    fn written(answer: &Written) -> bool {
        matches!(answer, Ok(Some(_)))
    }

    fn unavailable(answer: &Written) -> bool {
        matches!(answer, Err(StoreError::Unavailable(_)))
    }

    #[tokio::test]
    async fn racing_moves_to_one_game_go_in_successive_statements_each_game_once() {
        let (a, b) = (uuid::Uuid::new_v4(), uuid::Uuid::new_v4());
        let moves = [append(a, 4), append(b, 7), append(a, 4)];
        let mut db = StandIn::new(None, usize::MAX);
        let answers = append_all(&mut db, &moves).await.expect("answers");
        assert!(answers.iter().all(written));
        let mut first = vec![a, b];
        first.sort();
        assert_eq!(db.statements, vec![first, vec![a]]);
    }

    #[tokio::test]
    async fn a_batch_that_finds_the_database_gone_at_once_fails_whole() {
        let moves = [
            append(uuid::Uuid::new_v4(), 0),
            append(uuid::Uuid::new_v4(), 0),
        ];
        let mut db = StandIn::new(None, 0);
        let answer = append_all(&mut db, &moves).await;
        assert!(matches!(answer, Err(StoreError::Unavailable(_))));
    }

    #[tokio::test]
    async fn moves_written_before_the_database_went_keep_their_answers_and_the_rest_fail() {
        let (a, b) = (uuid::Uuid::new_v4(), uuid::Uuid::new_v4());
        // The first statement writes a and b; the database is gone for the second,
        // which holds a's racing move.
        let moves = [append(a, 4), append(b, 7), append(a, 4)];
        let mut db = StandIn::new(None, 1);
        let answers = append_all(&mut db, &moves).await.expect("answers");
        assert!(written(&answers[0]) && written(&answers[1]));
        assert!(unavailable(&answers[2]));
    }

    #[tokio::test]
    async fn a_statement_refused_for_its_data_runs_again_move_by_move_and_only_the_move_at_fault_fails()
     {
        let (a, b, c) = (
            uuid::Uuid::new_v4(),
            uuid::Uuid::new_v4(),
            uuid::Uuid::new_v4(),
        );
        let moves = [append(a, 1), append(b, 2), append(c, 3)];
        let mut db = StandIn::new(Some(b), usize::MAX);
        let answers = append_all(&mut db, &moves).await.expect("answers");
        assert!(written(&answers[0]) && written(&answers[2]));
        assert!(matches!(answers[1], Err(StoreError::Invalid(_))));
        assert_eq!(
            db.statements.len(),
            4,
            "the batch, then one statement a move"
        );
    }

    #[tokio::test]
    async fn a_database_gone_during_the_move_by_move_statements_fails_the_moves_left() {
        let (a, b, c) = (
            uuid::Uuid::new_v4(),
            uuid::Uuid::new_v4(),
            uuid::Uuid::new_v4(),
        );
        let mut games = [a, b, c];
        games.sort();
        // Refused as a batch, the first game's move is written alone, then the
        // database is gone.
        let moves = [
            append(games[0], 1),
            append(games[1], 1),
            append(games[2], 1),
        ];
        let mut db = StandIn::new(Some(games[1]), 2);
        let answers = append_all(&mut db, &moves).await.expect("answers");
        assert!(written(&answers[0]));
        assert!(unavailable(&answers[1]) && unavailable(&answers[2]));
    }
}
