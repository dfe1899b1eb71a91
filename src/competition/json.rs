//! The competition's JSON shapes with their OpenAPI schemas: a match (`GET
//! /matches/{id}`, the items of `GET /matches`, the body of a `match_finish` event)
//! and its games, with the tally that scores them (was in `crate::wire`); a
//! tournament, its players, standings and games (was in its service); a player's
//! ratings and the account's vacation (were in `crate::http::api::json`).

use seedpost_rules::{BySide, Side, Variant};
use serde::Serialize;
use utoipa::ToSchema;

use super::entity::{Match, Tournament};
use super::service::tournaments::TournamentView;
use super::tournament::TournamentStatus;
use crate::domain::{Game, GameStatus, MatchStatus};
use crate::games::json::GameJson;
use crate::wire::{VariantName, time};

/// The score of a match so far: each side's half points, and how many of its games
/// are over or still going. Aborted games are over and score nothing.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Default)]
pub struct Tally {
    /// Half points per side: a win 2, a draw 1.
    pub half_points: BySide<u32>,
    /// Games created so far.
    pub made: u8,
    /// Games still going.
    pub going: u8,
}

impl Tally {
    /// The tally of a match's games as they stand.
    #[must_use]
    pub fn of(games: &[Game]) -> Tally {
        let mut tally = Tally::default();
        for game in games {
            tally.add(game.state.status, game.state.result.and_then(|r| r.winner));
        }
        tally
    }

    /// Counts one more game: ongoing, finished with `winner` (`None`: a draw), or
    /// aborted (no points).
    pub fn add(&mut self, status: GameStatus, winner: Option<Side>) {
        self.made = self.made.saturating_add(1);
        match status {
            GameStatus::Ongoing => self.going += 1,
            GameStatus::Aborted => {}
            GameStatus::Finished => {
                for side in Side::ALL {
                    *self.half_points.get_mut(side) += match winner {
                        Some(w) if w == side => 2,
                        Some(_) => 0,
                        None => 1,
                    };
                }
            }
        }
    }

    /// Games over (finished or aborted).
    #[must_use]
    pub fn over(&self) -> u8 {
        self.made - self.going
    }

    /// Whether the match of `of` games is decided: one side's points exceed what the
    /// other can still reach with every game not yet over.
    #[must_use]
    pub fn decided(&self, of: u8) -> bool {
        let left = 2 * u32::from(of.saturating_sub(self.over()));
        let BySide { south, north } = self.half_points;
        south > north + left || north > south + left
    }

    /// The leader by points, or `None` when level.
    #[must_use]
    pub fn leader(&self) -> Option<Side> {
        let BySide { south, north } = self.half_points;
        match south.cmp(&north) {
            std::cmp::Ordering::Greater => Some(Side::South),
            std::cmp::Ordering::Less => Some(Side::North),
            std::cmp::Ordering::Equal => None,
        }
    }
}

/// One game of a match in its `match_games`.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"number": 1, "game_id": "7d4e2a10-6b3c-4f1d-8e2a-9c0b1d2e3f40", "first": "south", "status": "finished", "points": {"south": 1.0, "north": 0.0}}))]
pub struct MatchGameJson {
    /// Its number in the match, from 1.
    pub number: u8,
    /// The game's id.
    pub game_id: String,
    /// Who moves first in it.
    #[schema(value_type = crate::wire::SideName)]
    pub first: Side,
    /// `ongoing`, `finished` or `aborted`.
    #[schema(value_type = crate::wire::GameStatusName)]
    pub status: GameStatus,
    /// The points it gave each side (1, 0.5, 0; none for an abort); null while it goes on.
    #[schema(value_type = Option<crate::wire::SidesPoints>)]
    pub points: Option<BySide<f64>>,
}

/// A match: `GET /matches/{id}`, the items of `GET /matches`, and the body of a
/// `match_finish` event.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({
    "id": "3c1d9e2f-5a4b-4c7d-8e6f-0a1b2c3d4e5f",
    "challenge_id": "0b6f1c2e-8d1a-4f7e-9b7c-3a2d1e0f9c88", "variant": "mangala",
    "players": {"south": "ayse", "north": "mehmet"}, "days_per_move": 3, "rated": false,
    "weekend_pause": false, "games": 5, "schedule": "sequential", "stop_when_decided": true,
    "first": "south", "status": "ongoing", "score": {"south": 1.5, "north": 0.5},
    "decided": false, "winner": null,
    "match_games": [
        {"number": 1, "game_id": "7d4e2a10-6b3c-4f1d-8e2a-9c0b1d2e3f40", "first": "south", "status": "finished", "points": {"south": 1.0, "north": 0.0}},
        {"number": 2, "game_id": "9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d", "first": "north", "status": "finished", "points": {"south": 0.5, "north": 0.5}},
        {"number": 3, "game_id": "1f2e3d4c-5b6a-4978-8a6b-5c4d3e2f1a0b", "first": "south", "status": "ongoing", "points": null}
    ],
    "created_at": "2026-11-30T12:00:00.000Z", "finished_at": null
}))]
pub struct MatchJson {
    /// Its id.
    pub id: String,
    /// The challenge that started it.
    pub challenge_id: String,
    /// The game played.
    #[schema(value_type = crate::wire::VariantName)]
    pub variant: Variant,
    /// The players' names; each keeps its side in every game.
    #[schema(value_type = crate::wire::SidesName)]
    pub players: BySide<String>,
    /// Days per move.
    pub days_per_move: u8,
    /// Whether its games are rated.
    pub rated: bool,
    /// Whether its games' clocks stop on Saturdays and Sundays (UTC).
    pub weekend_pause: bool,
    /// The number of games, 2 to 9.
    pub games: u8,
    /// `sequential` (one game after another) or `parallel` (all at once).
    #[schema(value_type = String)]
    pub schedule: &'static str,
    /// Whether it ends as soon as one player's points cannot be caught (a parallel
    /// match then aborts its games still going, which score nothing).
    pub stop_when_decided: bool,
    /// Who moves first in game 1; the first mover alternates game by game.
    #[schema(value_type = crate::wire::SideName)]
    pub first: Side,
    /// `ongoing` or `finished`.
    #[schema(value_type = String)]
    pub status: &'static str,
    /// Points per side: the sum of its games' points (1, 0.5, 0; aborted games none).
    #[schema(value_type = crate::wire::SidesPoints)]
    pub score: BySide<f64>,
    /// Whether one side's points exceed what the other can still reach.
    pub decided: bool,
    /// The side with more points once the match is over; null while it goes on, and
    /// for a drawn match.
    #[schema(value_type = Option<crate::wire::SideName>)]
    pub winner: Option<Side>,
    /// Its games so far, by number.
    pub match_games: Vec<MatchGameJson>,
    /// When it started.
    pub created_at: String,
    /// When it ended; null while it goes on.
    pub finished_at: Option<String>,
}

impl MatchJson {
    /// The match with `games`, the states of its games by number.
    #[must_use]
    pub fn of(m: &Match, games: &[Game]) -> MatchJson {
        let mut tally = Tally::of(games);
        if let Some(final_score) = m.half_points {
            tally.half_points = final_score;
        }
        let finished = m.status == MatchStatus::Finished;
        let match_games = m
            .games
            .iter()
            .map(|mg| {
                let game = games.iter().find(|g| g.id == mg.game);
                MatchGameJson {
                    number: mg.number,
                    game_id: mg.game.to_string(),
                    first: m.first_in(mg.number),
                    status: game.map_or(GameStatus::Ongoing, |g| g.state.status),
                    points: game
                        .and_then(|g| g.state.result.as_ref().map(|r| r.points(g.state.status))),
                }
            })
            .collect();
        MatchJson {
            id: m.id.to_string(),
            challenge_id: m.challenge_id.to_string(),
            variant: m.variant,
            players: BySide::from_fn(|side| m.players.get(side).username.to_string()),
            days_per_move: m.days_per_move.days(),
            rated: m.terms.rated,
            weekend_pause: m.terms.weekend_pause,
            games: m.match_terms.games(),
            schedule: m.match_terms.schedule.as_str(),
            stop_when_decided: m.match_terms.stop_when_decided,
            first: m.first,
            status: m.status.as_str(),
            score: tally.half_points.map(|h| f64::from(h) / 2.0),
            decided: tally.decided(m.match_terms.games()),
            winner: if finished { tally.leader() } else { None },
            match_games,
            created_at: time(m.created_at),
            finished_at: m.finished_at.map(time),
        }
    }
}

/// A tournament.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({
    "id": "3c9d5e1f-2a4b-4c6d-8e0f-1a2b3c4d5e6f", "name": "Winter cup", "creator": "ayse",
    "variant": "mangala", "days_per_move": 3, "double": true, "rated": true,
    "vacation_allowed": false, "max_players": 8, "players": 4,
    "starts_at": "2026-12-05T12:00:00.000Z", "status": "open",
    "created_at": "2026-12-01T12:00:00.000Z", "ended_at": null
}))]
pub struct TournamentJson {
    /// Its id.
    pub id: String,
    /// Its name.
    pub name: String,
    /// Who made it.
    pub creator: String,
    /// The game played.
    #[schema(value_type = crate::wire::VariantName)]
    pub variant: Variant,
    /// Days per move in its games.
    pub days_per_move: u8,
    /// A double round robin (each pair plays twice, sides swapped) or a single one.
    pub double: bool,
    /// Whether its games are rated.
    pub rated: bool,
    /// Whether a player's vacation stops the clocks of its games here.
    pub vacation_allowed: bool,
    /// The player limit.
    pub max_players: u32,
    /// How many players are in it (those who withdrew included).
    pub players: u32,
    /// When it starts: joining closes and every game starts.
    pub starts_at: String,
    /// `open`, `running`, `finished` or `canceled`.
    #[schema(value_type = crate::wire::TournamentStatusName)]
    pub status: TournamentStatus,
    /// When it was made.
    pub created_at: String,
    /// When it finished or was canceled; null before.
    pub ended_at: Option<String>,
}

impl TournamentJson {
    /// The JSON of `tournament`.
    #[must_use]
    pub fn of(tournament: &Tournament) -> TournamentJson {
        TournamentJson {
            id: tournament.id.to_string(),
            name: tournament.name.clone(),
            creator: tournament.creator.username.to_string(),
            variant: tournament.variant,
            days_per_move: tournament.days_per_move.days(),
            double: tournament.double,
            rated: tournament.rated,
            vacation_allowed: tournament.vacation_allowed,
            max_players: tournament.max_players,
            players: tournament.players,
            starts_at: time(tournament.starts_at),
            status: tournament.status,
            created_at: time(tournament.created_at),
            ended_at: tournament.ended_at.map(time),
        }
    }
}

/// A player's results against one opponent.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"opponent": "mehmet", "points": [1.0, 0.5]}))]
pub struct CrossCellJson {
    /// The opponent.
    pub opponent: String,
    /// The points scored in each finished game against it (1, 0.5 or 0), in the
    /// order the games were started.
    pub points: Vec<f64>,
}

/// A line of the standings: a row of the crosstable.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({
    "rank": 1, "username": "ayse", "points": 4.5, "sonneborn_berger": 9.25, "games": 6,
    "withdrawn": false,
    "results": [{"opponent": "mehmet", "points": [1.0, 0.5]}]
}))]
pub struct StandingLineJson {
    /// The place: players equal on points and Sonneborn–Berger share one.
    pub rank: u32,
    /// The player.
    pub username: String,
    /// Points: 1 a win, 0.5 a draw, 0 a loss; aborted games score nothing.
    pub points: f64,
    /// The Sonneborn–Berger tiebreak: over the player's games, the points scored in
    /// each times the opponent's total.
    pub sonneborn_berger: f64,
    /// Games finished.
    pub games: u32,
    /// Whether the player withdrew (its remaining games were scored as losses).
    pub withdrawn: bool,
    /// Results against each other player, in the order of the standings.
    pub results: Vec<CrossCellJson>,
}

impl StandingLineJson {
    /// The standings of `view`, best first.
    #[must_use]
    pub fn all(view: &TournamentView) -> Vec<StandingLineJson> {
        view.table
            .iter()
            .map(|row| StandingLineJson {
                rank: row.rank,
                username: row.name.clone(),
                points: f64::from(row.half_points) / 2.0,
                sonneborn_berger: f64::from(row.sb_quarters) / 4.0,
                games: row.games,
                withdrawn: view.withdrew(row.account),
                results: view
                    .table
                    .iter()
                    .zip(&row.cells)
                    .filter(|(other, _)| other.account != row.account)
                    .map(|(other, cell)| CrossCellJson {
                        opponent: other.name.clone(),
                        points: cell.iter().map(|h| f64::from(*h) / 2.0).collect(),
                    })
                    .collect(),
            })
            .collect()
    }
}

/// A player of a tournament.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"username": "ayse", "joined_at": "2026-12-02T09:00:00.000Z", "withdrawn_at": null}))]
pub struct EntrantJson {
    /// The player.
    pub username: String,
    /// When it joined.
    pub joined_at: String,
    /// When it withdrew, if it did.
    pub withdrawn_at: Option<String>,
}

/// A game of a tournament.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({"cycle": 1, "game": {
        "id": "7d4e2a10-6b3c-4f1d-8e2a-9c0b1d2e3f40", "variant": "tihbat",
        "players": {"south": "ayse", "north": "mehmet"}, "first": "south", "days_per_move": 3,
        "rated": true, "weekend_pause": false,
        "tournament": {"id": "3c9d5e1f-2a4b-4c6d-8e0f-1a2b3c4d5e6f", "name": "Winter cup"},
        "on_vacation": {"south": false, "north": false},
        "status": "finished", "ply": 12, "to_move": null,
        "board": {"south": [0, 0], "north": [0, 0]}, "store": {"south": 16, "north": 12},
        "legal_moves": [], "deadline": null,
        "result": {"score": {"south": 16, "north": 12}, "points": {"south": 1.0, "north": 0.0}, "winner": "south", "ended_by": "empty_row"},
        "created_at": "2026-12-05T12:00:00.000Z", "updated_at": "2026-12-09T08:00:00.000Z"
    }}))]
pub struct TournamentGameJson {
    /// 1, or 2 for the return game of a double round robin.
    pub cycle: u8,
    /// The game, without its moves.
    pub game: GameJson,
}

/// A tournament with its players, standings (the crosstable with its tiebreak) and
/// games.
#[derive(Debug, Clone, Serialize, utoipa::ToSchema)]
#[schema(example = json!({
    "tournament": {
        "id": "3c9d5e1f-2a4b-4c6d-8e0f-1a2b3c4d5e6f", "name": "Winter cup", "creator": "ayse",
        "variant": "tihbat", "days_per_move": 3, "double": false, "rated": true,
        "vacation_allowed": true, "max_players": 8, "players": 2,
        "starts_at": "2026-12-05T12:00:00.000Z", "status": "finished",
        "created_at": "2026-12-01T12:00:00.000Z", "ended_at": "2026-12-09T08:00:00.000Z"
    },
    "players": [
        {"username": "ayse", "joined_at": "2026-12-02T09:00:00.000Z", "withdrawn_at": null},
        {"username": "mehmet", "joined_at": "2026-12-03T10:00:00.000Z", "withdrawn_at": null}
    ],
    "standings": [
        {"rank": 1, "username": "ayse", "points": 1.0, "sonneborn_berger": 0.0, "games": 1,
         "withdrawn": false, "results": [{"opponent": "mehmet", "points": [1.0]}]},
        {"rank": 2, "username": "mehmet", "points": 0.0, "sonneborn_berger": 0.0, "games": 1,
         "withdrawn": false, "results": [{"opponent": "ayse", "points": [0.0]}]}
    ],
    "games": [{"cycle": 1, "game": {
        "id": "7d4e2a10-6b3c-4f1d-8e2a-9c0b1d2e3f40", "variant": "tihbat",
        "players": {"south": "ayse", "north": "mehmet"}, "first": "south", "days_per_move": 3,
        "rated": true, "weekend_pause": false,
        "tournament": {"id": "3c9d5e1f-2a4b-4c6d-8e0f-1a2b3c4d5e6f", "name": "Winter cup"},
        "on_vacation": {"south": false, "north": false},
        "status": "finished", "ply": 12, "to_move": null,
        "board": {"south": [0, 0], "north": [0, 0]}, "store": {"south": 16, "north": 12},
        "legal_moves": [], "deadline": null,
        "result": {"score": {"south": 16, "north": 12}, "points": {"south": 1.0, "north": 0.0}, "winner": "south", "ended_by": "empty_row"},
        "created_at": "2026-12-05T12:00:00.000Z", "updated_at": "2026-12-09T08:00:00.000Z"
    }}]
}))]
pub struct TournamentDetailJson {
    /// The tournament.
    pub tournament: TournamentJson,
    /// Its players, by join time.
    pub players: Vec<EntrantJson>,
    /// The standings, best first: by points, then Sonneborn–Berger, then name. Final
    /// once the tournament has finished.
    pub standings: Vec<StandingLineJson>,
    /// Its games, by cycle.
    pub games: Vec<TournamentGameJson>,
}

impl From<&TournamentView> for TournamentDetailJson {
    fn from(view: &TournamentView) -> Self {
        TournamentDetailJson {
            tournament: TournamentJson::of(&view.tournament),
            players: view
                .entrants
                .iter()
                .map(|e| EntrantJson {
                    username: e.player.username.to_string(),
                    joined_at: time(e.joined_at),
                    withdrawn_at: e.withdrawn_at.map(time),
                })
                .collect(),
            standings: StandingLineJson::all(view),
            games: view
                .games
                .iter()
                .map(|g| TournamentGameJson {
                    cycle: g.cycle,
                    game: GameJson::summary(&g.game),
                })
                .collect(),
        }
    }
}

/// `GET`, `POST` and `DELETE /me/vacation`: the account's vacation and allowance.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"on_vacation": true, "started_at": "2026-11-30T12:00:00.000Z", "until": "2026-12-20T12:00:00.000Z", "days_per_year": 20, "days_left": 19.5}))]
pub struct VacationJson {
    /// Whether the account is on vacation now.
    pub on_vacation: bool,
    /// When the vacation going on started; null when not on vacation.
    pub started_at: Option<String>,
    /// When it ends at the latest (the allowance runs out); null when not on vacation.
    pub until: Option<String>,
    /// The yearly allowance, in days.
    pub days_per_year: u32,
    /// Days left of it this calendar year (UTC), by now.
    pub days_left: f64,
}

impl From<&crate::competition::service::vacations::VacationStatus> for VacationJson {
    fn from(status: &crate::competition::service::vacations::VacationStatus) -> Self {
        let seconds = status.left.num_seconds();
        VacationJson {
            on_vacation: status.current.is_some(),
            started_at: status.current.as_ref().map(|v| time(v.started_at)),
            until: status.current.as_ref().map(|v| time(v.allowed_until)),
            days_per_year: status.days_per_year,
            // To the minute.
            #[allow(clippy::cast_precision_loss)]
            days_left: (seconds / 60) as f64 / 1440.0,
        }
    }
}

/// `GET /players/{name}/ratings`.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"username": "ayse", "ratings": [{"variant": "tihbat", "rating": 1662.3, "deviation": 290.3, "volatility": 0.06, "provisional": true, "games": 1}]}))]
pub struct PlayerRatingsJson {
    /// The player.
    pub username: String,
    /// One per variant the player has finished a rated game in, in variant order.
    pub ratings: Vec<VariantRatingJson>,
}

/// A player's Glicko-2 rating in one variant, with the rated games behind it.
#[derive(Debug, Serialize, ToSchema)]
#[schema(example = json!({"variant": "tihbat", "rating": 1662.3, "deviation": 290.3, "volatility": 0.06, "provisional": true, "games": 1}))]
pub struct VariantRatingJson {
    /// The variant.
    #[schema(value_type = VariantName)]
    pub variant: seedpost_rules::Variant,
    /// The rating (everyone starts at 1500).
    pub rating: f64,
    /// Its rating deviation (RD): how unsure it is (350 at the start).
    pub deviation: f64,
    /// Its volatility (0.06 at the start).
    pub volatility: f64,
    /// Whether the rating is still provisional: its deviation is above 110.
    pub provisional: bool,
    /// Rated games finished in the variant.
    pub games: u32,
}

impl From<&crate::competition::entity::VariantRating> for VariantRatingJson {
    fn from(r: &crate::competition::entity::VariantRating) -> Self {
        VariantRatingJson {
            variant: r.variant,
            rating: r.rating.rating,
            deviation: r.rating.deviation,
            volatility: r.rating.volatility,
            provisional: r.rating.is_provisional(),
            games: r.games,
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    /// A tally of games given as `S` (South won), `N`, `=` (a draw), `a` (aborted)
    /// and `.` (going on).
    fn tally(games: &str) -> Tally {
        let mut tally = Tally::default();
        for c in games.chars() {
            let (status, winner) = match c {
                'S' => (GameStatus::Finished, Some(Side::South)),
                'N' => (GameStatus::Finished, Some(Side::North)),
                '=' => (GameStatus::Finished, None),
                'a' => (GameStatus::Aborted, None),
                _ => (GameStatus::Ongoing, None),
            };
            tally.add(status, winner);
        }
        tally
    }

    #[test]
    fn a_match_is_decided_once_the_trailer_cannot_catch_up() {
        // (games so far, games in the match, half points, decided, leader)
        let table = [
            ("", 5, (0, 0), false, None),
            ("SS", 5, (4, 0), false, None),
            ("SSS", 5, (6, 0), true, Some(Side::South)),
            ("S=N", 5, (3, 3), false, None),
            ("S=S", 3, (5, 1), true, Some(Side::South)),
            ("NN.", 3, (0, 4), true, Some(Side::North)),
            ("Sa", 3, (2, 0), false, None),
            ("Saa", 3, (2, 0), true, Some(Side::South)),
            ("SN", 2, (2, 2), false, None),
            ("==", 2, (2, 2), false, None),
            ("S=", 2, (3, 1), true, Some(Side::South)),
            ("SS.", 9, (4, 0), false, None),
        ];
        for (games, of, (south, north), decided, leader) in table {
            let t = tally(games);
            assert_eq!(t.half_points, BySide::new(south, north), "{games}");
            assert_eq!(t.decided(of), decided, "{games} of {of}");
            if decided {
                assert_eq!(t.leader(), leader, "{games}");
            }
        }
        let t = tally("S.a=");
        assert_eq!((t.made, t.going, t.over()), (4, 1, 3));
    }
}
