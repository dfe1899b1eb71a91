//! [`OpsStore`] on Postgres. The SQL is the same as SQLite's (`sqlite/ops.rs`).

use std::collections::HashMap;

use async_trait::async_trait;
use uuid::Uuid;

use super::{PgStore, bind_state};
use crate::domain::GameStatus;
use crate::store::common::{
    ChallengeRow, EventRow, GameRow, INSERT_EVENT, MoveRow, StateColumns, TokenRow,
    challenge_select, game_select, micros, to_i32,
};
use crate::store::ops::{
    AccountExportRow, AccountWithPassword, DataSet, EXPORT_ACCOUNTS, EXPORT_DELIVERIES,
    EXPORT_EVENTS, EXPORT_SESSIONS, IMPORT_ACCOUNT, IMPORT_DELIVERY, IMPORT_SESSION,
    IMPORT_WEBHOOK, OpsStore, PoolStats, SessionExportRow, TokenWithHash, all_applied,
    parse_counts,
};
use crate::store::webhooks::{Delivery, DeliveryRow, seq};
use crate::store::{Challenge, Event, GameWithMoves, NewSession, StoreError};

/// A row of `tokens` with its hash.
#[derive(sqlx::FromRow)]
struct TokenHashRow {
    #[sqlx(flatten)]
    token: TokenRow,
    hash: String,
}

/// A row of `moves` with its game.
#[derive(sqlx::FromRow)]
struct GameMoveRow {
    game_id: Uuid,
    #[sqlx(flatten)]
    ply: MoveRow,
}

#[async_trait]
impl OpsStore for PgStore {
    async fn migrations_applied(&self) -> Result<bool, StoreError> {
        let applied = sqlx::query_scalar::<_, i64>(
            "SELECT version FROM _sqlx_migrations WHERE success ORDER BY version",
        )
        .fetch_all(&self.pool)
        .await;
        match applied {
            Ok(applied) => Ok(all_applied(
                &sqlx::migrate!("migrations/postgres"),
                &applied,
            )),
            // No migrations table: nothing applied yet.
            Err(sqlx::Error::Database(_)) => Ok(false),
            Err(e) => Err(e.into()),
        }
    }

    fn pool_stats(&self) -> PoolStats {
        PoolStats {
            size: self.pool.size(),
            idle: u32::try_from(self.pool.num_idle()).unwrap_or(u32::MAX),
            max: self.pool.options().get_max_connections(),
        }
    }

    async fn game_counts(&self) -> Result<Vec<(GameStatus, u64)>, StoreError> {
        let rows = sqlx::query_as::<_, (String, i64)>(
            "SELECT status, count(*) FROM games GROUP BY status ORDER BY status",
        )
        .fetch_all(&self.pool)
        .await?;
        parse_counts(rows)
    }

    async fn is_empty(&self) -> Result<bool, StoreError> {
        let any = sqlx::query_scalar::<_, i32>(
            "SELECT 1 WHERE EXISTS (SELECT 1 FROM accounts) OR EXISTS (SELECT 1 FROM challenges) \
                         OR EXISTS (SELECT 1 FROM games)",
        )
        .fetch_optional(&self.pool)
        .await?;
        Ok(any.is_none())
    }

    async fn export_accounts(&self) -> Result<Vec<AccountWithPassword>, StoreError> {
        sqlx::query_as::<_, AccountExportRow>(EXPORT_ACCOUNTS)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(AccountExportRow::parse)
            .collect()
    }

    async fn export_events(&self) -> Result<Vec<Event>, StoreError> {
        sqlx::query_as::<_, EventRow>(EXPORT_EVENTS)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(EventRow::parse)
            .collect()
    }

    async fn export_deliveries(&self) -> Result<Vec<Delivery>, StoreError> {
        sqlx::query_as::<_, DeliveryRow>(EXPORT_DELIVERIES)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(DeliveryRow::parse)
            .collect()
    }

    async fn export_reminded(&self) -> Result<Vec<(crate::domain::GameId, u32)>, StoreError> {
        crate::store::ops::parse_reminded(
            sqlx::query_as::<_, (Uuid, i32)>(crate::store::ops::EXPORT_REMINDED)
                .fetch_all(&self.pool)
                .await?,
        )
    }

    async fn export_sessions(&self) -> Result<Vec<NewSession>, StoreError> {
        Ok(sqlx::query_as::<_, SessionExportRow>(EXPORT_SESSIONS)
            .fetch_all(&self.pool)
            .await?
            .into_iter()
            .map(SessionExportRow::parse)
            .collect())
    }

    async fn export_tokens(&self) -> Result<Vec<TokenWithHash>, StoreError> {
        Ok(sqlx::query_as::<_, TokenHashRow>(
            "SELECT id, account_id, label, created_at, last_used_at, hash FROM tokens \
             ORDER BY created_at, id",
        )
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(|row| TokenWithHash {
            token: row.token.parse(),
            hash: row.hash,
        })
        .collect())
    }

    async fn export_challenges(&self) -> Result<Vec<Challenge>, StoreError> {
        sqlx::query_as::<_, ChallengeRow>(concat!(
            challenge_select!(),
            "ORDER BY c.created_at, c.id"
        ))
        .fetch_all(&self.pool)
        .await?
        .into_iter()
        .map(ChallengeRow::parse)
        .collect()
    }

    async fn export_games(&self) -> Result<Vec<GameWithMoves>, StoreError> {
        let mut conn = self.pool.begin().await?;
        let games =
            sqlx::query_as::<_, GameRow>(concat!(game_select!(), "ORDER BY g.created_at, g.id"))
                .fetch_all(&mut *conn)
                .await?;
        let mut moves: HashMap<Uuid, Vec<MoveRow>> = HashMap::new();
        for row in sqlx::query_as::<_, GameMoveRow>(
            "SELECT game_id, ply, side, pit, at FROM moves ORDER BY game_id, ply",
        )
        .fetch_all(&mut *conn)
        .await?
        {
            moves.entry(row.game_id).or_default().push(row.ply);
        }
        conn.commit().await?;
        games
            .into_iter()
            .map(|game| {
                let plies = moves.remove(&game.id()).unwrap_or_default();
                game.with_moves(plies)
            })
            .collect()
    }

    async fn import(&self, data: &DataSet) -> Result<(), StoreError> {
        let mut tx = self.pool.begin().await?;
        let any = sqlx::query_scalar::<_, i32>(
            "SELECT 1 WHERE EXISTS (SELECT 1 FROM accounts) OR EXISTS (SELECT 1 FROM challenges) \
                         OR EXISTS (SELECT 1 FROM games)",
        )
        .fetch_optional(&mut *tx)
        .await?;
        if any.is_some() {
            return Err(StoreError::Conflict);
        }
        for a in &data.accounts {
            sqlx::query(IMPORT_ACCOUNT)
                .bind(a.account.id.0)
                .bind(a.account.username.as_str())
                .bind(a.account.username.key())
                .bind(&a.password_hash)
                .bind(a.account.bot)
                .bind(micros(a.account.created_at))
                .bind(seq(a.event_seq))
                .execute(&mut *tx)
                .await?;
        }
        for t in &data.tokens {
            sqlx::query(
                "INSERT INTO tokens (id, account_id, label, hash, created_at, last_used_at) \
                 VALUES ($1, $2, $3, $4, $5, $6)",
            )
            .bind(t.token.id.0)
            .bind(t.token.account_id.0)
            .bind(&t.token.label)
            .bind(&t.hash)
            .bind(micros(t.token.created_at))
            .bind(t.token.last_used_at.map(micros))
            .execute(&mut *tx)
            .await?;
        }
        // The games' foreign key on challenges is checked at commit.
        for c in &data.challenges {
            sqlx::query(
                "INSERT INTO challenges (id, challenger_id, opponent_id, variant, days_per_move, \
                                         first, status, game_id, created_at, rated, \
                                         weekend_pause, games, schedule, stop_when_decided) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)",
            )
            .bind(c.id.0)
            .bind(c.challenger.id.0)
            .bind(c.opponent.as_ref().map(|p| p.id.0))
            .bind(c.variant.as_str())
            .bind(i32::from(c.days_per_move.days()))
            .bind(c.first.as_str())
            .bind(c.status.as_str())
            .bind(c.game_id.map(|g| g.0))
            .bind(micros(c.created_at))
            .bind(c.terms.rated)
            .bind(c.terms.weekend_pause)
            .bind(i32::from(c.match_terms.games()))
            .bind(c.match_terms.schedule.as_str())
            .bind(c.match_terms.stop_when_decided)
            .execute(&mut *tx)
            .await?;
        }
        for g in &data.games {
            let game = &g.game;
            let state = StateColumns::new(&game.state)?;
            let insert = sqlx::query(
                "INSERT INTO games (status, ply, to_move, board, store_south, store_north, \
                                    deadline, winner, ended_by, score_south, score_north, \
                                    updated_at, id, variant, south_id, north_id, first, \
                                    days_per_move, challenge_id, created_at, rated, \
                                    weekend_pause) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, \
                         $13, $14, $15, $16, $17, $18, $19, $20, $21, $22)",
            );
            bind_state(insert, &state)
                .bind(game.id.0)
                .bind(game.variant.as_str())
                .bind(game.players.south.id.0)
                .bind(game.players.north.id.0)
                .bind(game.first.as_str())
                .bind(i32::from(game.days_per_move.days()))
                .bind(game.challenge_id.map(|c| c.0))
                .bind(micros(game.created_at))
                .bind(game.terms.rated)
                .bind(game.terms.weekend_pause)
                .execute(&mut *tx)
                .await?;
            for m in &g.moves {
                sqlx::query(
                    "INSERT INTO moves (game_id, ply, side, pit, at) VALUES ($1, $2, $3, $4, $5)",
                )
                .bind(game.id.0)
                .bind(to_i32("ply", m.ply)?)
                .bind(m.side.as_str())
                .bind(m.pit.map(|p| i32::from(p.number())))
                .bind(micros(m.at))
                .execute(&mut *tx)
                .await?;
            }
        }
        super::matches::import_matches(&mut tx, &data.matches).await?;
        for r in &data.ratings {
            sqlx::query(
                "INSERT INTO ratings (account_id, variant, rating, deviation, volatility, games, \
                                      updated_at) \
                 VALUES ($1, $2, $3, $4, $5, $6, $7)",
            )
            .bind(r.account.0)
            .bind(r.variant.as_str())
            .bind(r.rating.rating)
            .bind(r.rating.deviation)
            .bind(r.rating.volatility)
            .bind(to_i32("games", r.games)?)
            .bind(micros(r.updated_at))
            .execute(&mut *tx)
            .await?;
        }
        for (game, ply) in &data.reminded {
            sqlx::query(crate::store::ops::IMPORT_REMINDED)
                .bind(game.0)
                .bind(to_i32("reminded_ply", *ply)?)
                .execute(&mut *tx)
                .await?;
        }
        for v in &data.vacations {
            sqlx::query(crate::store::vacations::IMPORT_VACATION)
                .bind(v.id)
                .bind(v.account.0)
                .bind(micros(v.started_at))
                .bind(micros(v.allowed_until))
                .bind(v.ended_at.map(micros))
                .execute(&mut *tx)
                .await?;
        }
        super::tournaments::import_tournaments(&mut tx, &data.tournaments).await?;
        for e in &data.events {
            sqlx::query(INSERT_EVENT)
                .bind(e.account.0)
                .bind(seq(e.seq))
                .bind(e.kind.as_str())
                .bind(&e.payload)
                .bind(micros(e.created_at))
                .execute(&mut *tx)
                .await?;
        }
        for w in &data.webhooks {
            sqlx::query(IMPORT_WEBHOOK)
                .bind(w.id.0)
                .bind(w.account.0)
                .bind(&w.url)
                .bind(&w.secret)
                .bind(seq(w.cursor))
                .bind(micros(w.created_at))
                .execute(&mut *tx)
                .await?;
        }
        for d in &data.deliveries {
            sqlx::query(IMPORT_DELIVERY)
                .bind(d.id.0)
                .bind(d.webhook.0)
                .bind(seq(d.event_seq))
                .bind(&d.event_type)
                .bind(&d.body)
                .bind(d.status.as_str())
                .bind(to_i32("attempts", d.attempts)?)
                .bind(d.last_status.map(i32::from))
                .bind(&d.last_error)
                .bind(d.next_attempt_at.map(micros))
                .bind(micros(d.created_at))
                .bind(d.delivered_at.map(micros))
                .execute(&mut *tx)
                .await?;
        }
        for s in &data.sessions {
            sqlx::query(IMPORT_SESSION)
                .bind(&s.hash)
                .bind(s.account.0)
                .bind(&s.csrf)
                .bind(micros(s.created_at))
                .bind(micros(s.expires_at))
                .execute(&mut *tx)
                .await?;
        }
        for c in &data.calendars {
            sqlx::query(crate::store::calendar::IMPORT_CALENDAR)
                .bind(c.account.0)
                .bind(&c.hash)
                .bind(micros(c.created_at))
                .execute(&mut *tx)
                .await?;
        }
        for d in &data.digests {
            sqlx::query(crate::store::calendar::IMPORT_DIGEST)
                .bind(d.account.0)
                .bind(&d.email)
                .bind(d.enabled)
                .bind(d.last_sent_on)
                .bind(micros(d.updated_at))
                .execute(&mut *tx)
                .await?;
        }
        tx.commit().await?;
        Ok(())
    }
}
