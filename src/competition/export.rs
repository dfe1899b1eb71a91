//! The competition's lines of `seedpost export` and `seedpost import`: each
//! player's rating in a variant (after the games, whose results it sums up), each
//! match (with the numbers of its games, after them), each vacation, each tournament
//! (with its players and the ids of its games), and how each rated game moved its
//! players' ratings. Exports from before a kind existed simply have no such lines.

use std::collections::HashSet;

use async_trait::async_trait;
use chrono::{DateTime, Utc};
use seedpost_rules::{BySide, Side, Variant};
use serde::{Deserialize, Serialize};
use sqlx::Transaction;
use uuid::Uuid;

use crate::competition::entity::{
    Entrant, Match, MatchGame, Tournament, TournamentRecord, Vacation, VariantRating,
};
use crate::competition::tournament::TournamentStatus;
use crate::domain::{
    AccountId, ChallengeId, DaysPerMove, GameId, GameStatus, MatchId, MatchStatus, MatchTerms,
    Schedule, Terms, TournamentId,
};
use crate::ratings::Rating;
use crate::store::StoreError;
use crate::store::carried::GameRatingRecord;
use crate::store::dialect::Backend;
use crate::store::ops::DataSet;
use crate::transfer::{Counts, Known, Lines, ReadError, Rows};

/// Everything the competition carries, and what its import has read.
#[derive(Debug, Default)]
pub struct Competition {
    /// Every player's rating in each variant they have played rated games in.
    pub ratings: Vec<VariantRating>,
    /// Every match with its games.
    pub matches: Vec<Match>,
    /// Every vacation, over or going on.
    pub vacations: Vec<Vacation>,
    /// Every tournament with its players and the ids of its games.
    pub tournaments: Vec<TournamentRecord>,
    /// How every rated game moved its players' ratings.
    pub game_ratings: Vec<GameRatingRecord>,
    /// The (game, account) of each rating change read.
    pub(super) changes: HashSet<(Uuid, Uuid)>,
}

/// A line of the competition.
#[derive(Debug, Serialize, Deserialize)]
#[serde(tag = "type", rename_all = "snake_case")]
pub enum Line {
    /// A player's rating in a variant.
    Rating(RatingLine),
    /// A match.
    Match(MatchLine),
    /// A vacation.
    Vacation(VacationLine),
    /// A tournament.
    Tournament(TournamentLine),
    /// A player's rating before and after one rated game.
    GameRating(GameRatingLine),
}

/// A player's rating in a variant. Exports from before ratings have none.
#[derive(Debug, Serialize, Deserialize)]
pub struct RatingLine {
    account_id: Uuid,
    variant: Variant,
    rating: f64,
    deviation: f64,
    volatility: f64,
    games: u32,
    updated_at: DateTime<Utc>,
}

/// A match of several games. Exports from before matches have none.
#[derive(Debug, Serialize, Deserialize)]
pub struct MatchLine {
    id: Uuid,
    challenge_id: Uuid,
    variant: Variant,
    south_id: Uuid,
    north_id: Uuid,
    days_per_move: u8,
    rated: bool,
    weekend_pause: bool,
    games: u8,
    schedule: String,
    stop_when_decided: bool,
    first: Side,
    status: String,
    half_points: Option<BySide<u32>>,
    created_at: DateTime<Utc>,
    finished_at: Option<DateTime<Utc>>,
    /// The game ids by number: the first is game 1.
    match_games: Vec<MatchGameLine>,
}

/// A game of a match, by number.
#[derive(Debug, Serialize, Deserialize)]
pub struct MatchGameLine {
    number: u8,
    game_id: Uuid,
}

/// An account's vacation. Exports from before vacations have none.
#[derive(Debug, Serialize, Deserialize)]
pub struct VacationLine {
    id: Uuid,
    account_id: Uuid,
    started_at: DateTime<Utc>,
    allowed_until: DateTime<Utc>,
    ended_at: Option<DateTime<Utc>>,
}

/// A round-robin tournament with its players and games (after the games). Exports
/// from before tournaments have none.
#[derive(Debug, Serialize, Deserialize)]
pub struct TournamentLine {
    id: Uuid,
    name: String,
    creator_id: Uuid,
    variant: Variant,
    days_per_move: u8,
    double: bool,
    rated: bool,
    vacation_allowed: bool,
    max_players: u32,
    starts_at: DateTime<Utc>,
    status: TournamentStatus,
    created_at: DateTime<Utc>,
    ended_at: Option<DateTime<Utc>>,
    players: Vec<EntrantLine>,
    games: Vec<TournamentGameLine>,
}

/// A player of a tournament.
#[derive(Debug, Serialize, Deserialize)]
pub struct EntrantLine {
    account_id: Uuid,
    joined_at: DateTime<Utc>,
    withdrawn_at: Option<DateTime<Utc>>,
}

/// A game of a tournament.
#[derive(Debug, Serialize, Deserialize)]
pub struct TournamentGameLine {
    game_id: Uuid,
    cycle: u8,
}

/// A player's rating before and after one rated game.
#[derive(Debug, Serialize, Deserialize)]
pub struct GameRatingLine {
    game_id: Uuid,
    account_id: Uuid,
    rating_before: f64,
    rating_after: f64,
}

impl Lines for Competition {
    type Line = Line;

    const KINDS: &'static [&'static str] =
        &["rating", "match", "vacation", "tournament", "game_rating"];

    const EXPORTED: &'static [&'static str] = &[
        "ratings",
        "game_ratings",
        "vacations",
        "matches",
        "match_games",
        "tournaments",
        "tournament_players",
        "tournament_games",
    ];

    const TRANSIENT: &'static [(&'static str, &'static str)] = &[];

    fn lines(&self) -> Vec<Line> {
        let mut lines: Vec<Line> = self.ratings.iter().map(rating_line).collect();
        lines.extend(self.matches.iter().map(match_line));
        lines.extend(self.vacations.iter().map(|v| {
            Line::Vacation(VacationLine {
                id: v.id,
                account_id: v.account.0,
                started_at: v.started_at,
                allowed_until: v.allowed_until,
                ended_at: v.ended_at,
            })
        }));
        lines.extend(self.tournaments.iter().map(tournament_line));
        lines.extend(self.game_ratings.iter().map(|r| {
            Line::GameRating(GameRatingLine {
                game_id: r.game.0,
                account_id: r.account.0,
                rating_before: r.before,
                rating_after: r.after,
            })
        }));
        lines
    }

    fn take(&mut self, line: Line, known: &mut Known) -> Result<(), ReadError> {
        match line {
            Line::Rating(r) => self.rating(r, known),
            Line::Match(m) => self.a_match(m, known),
            Line::Vacation(v) => self.vacation(v, known),
            Line::Tournament(t) => self.tournament(t, known),
            Line::GameRating(r) => self.game_rating(r, known),
        }
    }

    fn count(&self, counts: &mut Counts) {
        counts.ratings += self.ratings.len();
        counts.vacations += self.vacations.len();
        counts.tournaments += self.tournaments.len();
        counts.matches += self.matches.len();
        counts.rating_changes += self.game_ratings.len();
    }
}

#[async_trait]
impl Rows for Competition {
    async fn read<B: Backend>(tx: &mut Transaction<'static, B>) -> Result<Self, StoreError> {
        super::store::export::read(tx).await
    }

    async fn write<B: Backend>(&self, tx: &mut Transaction<'static, B>) -> Result<(), StoreError> {
        super::store::export::write(tx, self).await
    }
}

impl Competition {
    /// Takes the rating changes of rated games from `set`, whose SQL is still the
    /// store's (`crate::store::carried`).
    pub fn take_carried(&mut self, set: &mut DataSet) {
        self.game_ratings = std::mem::take(&mut set.carried.game_ratings);
    }

    /// Gives the rating changes of rated games back to `set`, for the store to write.
    pub fn give_carried(&mut self, set: &mut DataSet) {
        set.carried.game_ratings = std::mem::take(&mut self.game_ratings);
    }
}

fn rating_line(r: &VariantRating) -> Line {
    Line::Rating(RatingLine {
        account_id: r.account.0,
        variant: r.variant,
        rating: r.rating.rating,
        deviation: r.rating.deviation,
        volatility: r.rating.volatility,
        games: r.games,
        updated_at: r.updated_at,
    })
}

fn match_line(m: &Match) -> Line {
    Line::Match(MatchLine {
        id: m.id.0,
        challenge_id: m.challenge_id.0,
        variant: m.variant,
        south_id: m.players.south.id.0,
        north_id: m.players.north.id.0,
        days_per_move: m.days_per_move.days(),
        rated: m.terms.rated,
        weekend_pause: m.terms.weekend_pause,
        games: m.match_terms.games(),
        schedule: m.match_terms.schedule.as_str().to_owned(),
        stop_when_decided: m.match_terms.stop_when_decided,
        first: m.first,
        status: m.status.as_str().to_owned(),
        half_points: m.half_points,
        created_at: m.created_at,
        finished_at: m.finished_at,
        match_games: m
            .games
            .iter()
            .map(|g| MatchGameLine {
                number: g.number,
                game_id: g.game.0,
            })
            .collect(),
    })
}

fn tournament_line(r: &TournamentRecord) -> Line {
    let t = &r.tournament;
    Line::Tournament(TournamentLine {
        id: t.id.0,
        name: t.name.clone(),
        creator_id: t.creator.id.0,
        variant: t.variant,
        days_per_move: t.days_per_move.days(),
        double: t.double,
        rated: t.rated,
        vacation_allowed: t.vacation_allowed,
        max_players: t.max_players,
        starts_at: t.starts_at,
        status: t.status,
        created_at: t.created_at,
        ended_at: t.ended_at,
        players: r
            .entrants
            .iter()
            .map(|e| EntrantLine {
                account_id: e.player.id.0,
                joined_at: e.joined_at,
                withdrawn_at: e.withdrawn_at,
            })
            .collect(),
        games: r
            .games
            .iter()
            .map(|(g, cycle)| TournamentGameLine {
                game_id: g.0,
                cycle: *cycle,
            })
            .collect(),
    })
}

impl Competition {
    fn rating(&mut self, r: RatingLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("rating of {} in {}", r.account_id, r.variant);
        known.player(r.account_id, &format!("{what}: its account"))?;
        let valid = r.rating.is_finite()
            && r.deviation.is_finite()
            && r.deviation > 0.0
            && r.volatility.is_finite()
            && r.volatility > 0.0;
        if !valid {
            return Err(ReadError::refused(&what, "not a Glicko-2 rating"));
        }
        if self
            .ratings
            .iter()
            .any(|x| x.account.0 == r.account_id && x.variant == r.variant)
        {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        self.ratings.push(VariantRating {
            account: AccountId(r.account_id),
            variant: r.variant,
            rating: Rating {
                rating: r.rating,
                deviation: r.deviation,
                volatility: r.volatility,
            },
            games: r.games,
            updated_at: r.updated_at,
        });
        Ok(())
    }

    fn a_match(&mut self, m: MatchLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("match {}", m.id);
        let south = known.player(m.south_id, &format!("{what}: South"))?;
        let north = known.player(m.north_id, &format!("{what}: North"))?;
        if known.challenge_game(m.challenge_id).is_none() {
            let why = format!("challenge {} is not on an earlier line", m.challenge_id);
            return Err(ReadError::refused(&what, why));
        }
        if self.matches.iter().any(|x| x.id.0 == m.id) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        let days_per_move = DaysPerMove::new(i64::from(m.days_per_move))
            .map_err(|e| ReadError::refused(&what, e))?;
        let schedule = Schedule::parse(&m.schedule)
            .ok_or_else(|| ReadError::refused(&what, format!("bad schedule {:?}", m.schedule)))?;
        let match_terms = MatchTerms::new(m.games.into(), schedule, m.stop_when_decided)
            .map_err(|e| ReadError::refused(&what, e))?;
        let status = MatchStatus::parse(&m.status)
            .ok_or_else(|| ReadError::refused(&what, format!("bad status {:?}", m.status)))?;
        if (status == MatchStatus::Finished) != (m.half_points.is_some() && m.finished_at.is_some())
        {
            return Err(ReadError::refused(
                &what,
                "a finished match, and only one, has a score and an end",
            ));
        }
        let games = self.match_games(&m, &what, known)?;
        self.matches.push(Match {
            id: MatchId(m.id),
            challenge_id: ChallengeId(m.challenge_id),
            variant: m.variant,
            players: BySide::new(south, north),
            days_per_move,
            terms: Terms {
                rated: m.rated,
                weekend_pause: m.weekend_pause,
            },
            match_terms,
            first: m.first,
            status,
            half_points: m.half_points,
            created_at: m.created_at,
            finished_at: m.finished_at,
            games,
        });
        Ok(())
    }

    /// The games of match `m`, each of an earlier line and in no other match.
    fn match_games(
        &self,
        m: &MatchLine,
        what: &str,
        known: &Known,
    ) -> Result<Vec<MatchGame>, ReadError> {
        let mut games = Vec::with_capacity(m.match_games.len());
        for (expected, g) in (1..).zip(&m.match_games) {
            if g.number != expected || g.number > m.games {
                let why = format!("game number {} out of order", g.number);
                return Err(ReadError::refused(what, why));
            }
            if known.game(g.game_id).is_none() {
                let why = format!("game {} is not on an earlier line", g.game_id);
                return Err(ReadError::refused(what, why));
            }
            let taken = self
                .matches
                .iter()
                .any(|x| x.games.iter().any(|y| y.game.0 == g.game_id));
            if taken {
                let why = format!("game {} is in another match", g.game_id);
                return Err(ReadError::refused(what, why));
            }
            games.push(MatchGame {
                number: g.number,
                game: GameId(g.game_id),
            });
        }
        Ok(games)
    }

    fn vacation(&mut self, v: VacationLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("vacation {}", v.id);
        known.player(v.account_id, &format!("{what}: its account"))?;
        let ordered = v.allowed_until > v.started_at
            && v.ended_at
                .is_none_or(|end| end >= v.started_at && end <= v.allowed_until);
        if !ordered {
            return Err(ReadError::refused(
                &what,
                "its start, allowance and end are out of order",
            ));
        }
        let open = |x: &Vacation| x.account.0 == v.account_id && x.ended_at.is_none();
        if v.ended_at.is_none() && self.vacations.iter().any(open) {
            return Err(ReadError::refused(
                &what,
                "its account is on another vacation",
            ));
        }
        if self.vacations.iter().any(|x| x.id == v.id) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        self.vacations.push(Vacation {
            id: v.id,
            account: AccountId(v.account_id),
            started_at: v.started_at,
            allowed_until: v.allowed_until,
            ended_at: v.ended_at,
        });
        Ok(())
    }

    fn tournament(&mut self, t: TournamentLine, known: &Known) -> Result<(), ReadError> {
        let what = format!("tournament {}", t.id);
        let creator = known.player(t.creator_id, &format!("{what}: its creator"))?;
        let name_ok = crate::competition::service::tournaments::parse_name(&t.name)
            .is_ok_and(|n| n == t.name);
        let days_per_move =
            DaysPerMove::new(t.days_per_move.into()).map_err(|e| ReadError::refused(&what, e))?;
        let ended = matches!(
            t.status,
            TournamentStatus::Finished | TournamentStatus::Canceled
        );
        if !name_ok
            || !(2..=crate::competition::tournament::MAX_PLAYERS).contains(&t.max_players)
            || ended != t.ended_at.is_some()
        {
            return Err(ReadError::refused(
                &what,
                "a bad name, player limit or end for its status",
            ));
        }
        if self.tournaments.iter().any(|x| x.tournament.id.0 == t.id) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        let mut entrants = Vec::new();
        for e in &t.players {
            let player = known.player(e.account_id, &format!("{what}: its player"))?;
            if entrants.iter().any(|x: &Entrant| x.player.id == player.id) {
                let why = format!("player {} appears twice", e.account_id);
                return Err(ReadError::refused(&what, why));
            }
            entrants.push(Entrant {
                player,
                joined_at: e.joined_at,
                withdrawn_at: e.withdrawn_at,
            });
        }
        let games = self.tournament_games(&t, &what, known)?;
        self.tournaments.push(TournamentRecord {
            tournament: Tournament {
                id: TournamentId(t.id),
                name: t.name,
                creator,
                variant: t.variant,
                days_per_move,
                double: t.double,
                rated: t.rated,
                vacation_allowed: t.vacation_allowed,
                max_players: t.max_players,
                players: u32::try_from(entrants.len()).unwrap_or(u32::MAX),
                starts_at: t.starts_at,
                status: t.status,
                created_at: t.created_at,
                ended_at: t.ended_at,
            },
            entrants,
            games,
        });
        Ok(())
    }

    /// The games of tournament `t`, each of an earlier line, in no other tournament
    /// and of cycle 1 or 2.
    fn tournament_games(
        &self,
        t: &TournamentLine,
        what: &str,
        known: &Known,
    ) -> Result<Vec<(GameId, u8)>, ReadError> {
        let mut games = Vec::new();
        for g in &t.games {
            if known.game(g.game_id).is_none() {
                let why = format!("game {} is not a game of an earlier line", g.game_id);
                return Err(ReadError::refused(what, why));
            }
            let taken = self
                .tournaments
                .iter()
                .flat_map(|r| &r.games)
                .chain(&games)
                .any(|(id, _): &(GameId, u8)| id.0 == g.game_id);
            if taken || !(1..=2).contains(&g.cycle) {
                let why = format!(
                    "game {} is in another tournament or has a bad cycle",
                    g.game_id
                );
                return Err(ReadError::refused(what, why));
            }
            games.push((GameId(g.game_id), g.cycle));
        }
        Ok(games)
    }

    fn game_rating(&mut self, r: GameRatingLine, known: &Known) -> Result<(), ReadError> {
        let what = format!(
            "the rating change of account {} in game {}",
            r.account_id, r.game_id
        );
        let game = known
            .game(r.game_id)
            .ok_or_else(|| ReadError::refused(&what, "the game is not on an earlier line"))?;
        if !game.rated || game.status != GameStatus::Finished {
            return Err(ReadError::refused(
                &what,
                "the game is not a finished rated game",
            ));
        }
        if game.players.south != r.account_id && game.players.north != r.account_id {
            return Err(ReadError::refused(
                &what,
                "the account did not play the game",
            ));
        }
        let valid = |x: f64| x.is_finite() && x > 0.0 && x < 10_000.0;
        if !valid(r.rating_before) || !valid(r.rating_after) {
            return Err(ReadError::refused(
                &what,
                "a rating is not a number between 0 and 10000",
            ));
        }
        if !self.changes.insert((r.game_id, r.account_id)) {
            return Err(ReadError::Twice(format!("{what} appears")));
        }
        self.game_ratings.push(GameRatingRecord {
            game: GameId(r.game_id),
            account: AccountId(r.account_id),
            before: r.rating_before,
            after: r.rating_after,
        });
        Ok(())
    }
}
