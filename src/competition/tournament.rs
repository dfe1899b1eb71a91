//! Round-robin tournaments: the pairings made at the start and the crosstable with
//! its Sonneborn–Berger tiebreak. Pure: no I/O, no clock.
//!
//! Points are counted in halves, exactly: a win is 2, a draw 1, a loss 0 (1 / ½ / 0).
//! Aborted games, and games not yet over, score nothing for either player.
//!
//! The Sonneborn–Berger score of a player is the sum, over its games, of the points it
//! scored in the game times its opponent's total: a win adds the opponent's whole
//! total, a draw half of it, a loss nothing. It rewards points taken from the strong.

use std::cmp::Reverse;

use seedpost_rules::Side;
use serde::{Deserialize, Serialize};

use crate::domain::AccountId;

/// Where a tournament stands.
#[derive(
    Debug,
    Clone,
    Copy,
    PartialEq,
    Eq,
    Hash,
    Serialize,
    Deserialize,
    strum::IntoStaticStr,
    strum::EnumString,
)]
#[serde(rename_all = "lowercase")]
#[strum(serialize_all = "lowercase")]
pub enum TournamentStatus {
    /// Players may join until the start.
    Open,
    /// Its games are being played.
    Running,
    /// Every game is over: the standing is final.
    Finished,
    /// It had fewer than two players at its start.
    Canceled,
}

impl TournamentStatus {
    /// Every status.
    pub const ALL: [TournamentStatus; 4] = [
        TournamentStatus::Open,
        TournamentStatus::Running,
        TournamentStatus::Finished,
        TournamentStatus::Canceled,
    ];

    /// The name used in JSON, SQL and query strings.
    #[must_use]
    pub fn as_str(self) -> &'static str {
        self.into()
    }

    /// The status with this name.
    #[must_use]
    pub fn parse(s: &str) -> Option<TournamentStatus> {
        s.parse().ok()
    }
}

/// The most players a tournament may have: a double round robin of 32 starts 992
/// games at once.
pub const MAX_PLAYERS: u32 = 32;

/// One game to start: who plays South (and moves first) and who North, in which
/// cycle (1, or 2 for the return games of a double round robin).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Pairing {
    /// 1 or 2.
    pub cycle: u8,
    /// South's player, who moves first.
    pub south: AccountId,
    /// North's player.
    pub north: AccountId,
}

/// Every pairing of `players` (in join order): each pair once, or for a double round
/// robin (`double`) twice, the second time with the sides swapped.
///
/// South moves first in every game. Who is South is balanced: in a single round
/// robin each player is South in half its games, give or take one; in a double one
/// exactly half. (Players `i < j` by join order: `i` is South when `i + j` is odd.)
#[must_use]
pub fn pairings(players: &[AccountId], double: bool) -> Vec<Pairing> {
    let mut games = Vec::new();
    for (i, &a) in players.iter().enumerate() {
        for (j, &b) in players.iter().enumerate().skip(i + 1) {
            let (south, north) = if (i + j) % 2 == 1 { (a, b) } else { (b, a) };
            games.push(Pairing {
                cycle: 1,
                south,
                north,
            });
        }
    }
    if double {
        let returns: Vec<Pairing> = games
            .iter()
            .map(|p| Pairing {
                cycle: 2,
                south: p.north,
                north: p.south,
            })
            .collect();
        games.extend(returns);
    }
    games
}

/// What a game scores.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Score {
    /// Not over yet, or aborted: nothing for either player.
    None,
    /// Won by this side.
    Win(Side),
    /// Drawn.
    Draw,
}

/// A game of the tournament as the crosstable reads it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ScoredGame {
    /// South's player.
    pub south: AccountId,
    /// North's player.
    pub north: AccountId,
    /// What it scores.
    pub score: Score,
}

impl ScoredGame {
    /// The half points `player` scored in it, if it played and the game scores.
    fn halves(&self, player: AccountId) -> Option<(AccountId, u32)> {
        let side = if self.south == player {
            Side::South
        } else if self.north == player {
            Side::North
        } else {
            return None;
        };
        let opponent = match side {
            Side::South => self.north,
            Side::North => self.south,
        };
        match self.score {
            Score::None => None,
            Score::Draw => Some((opponent, 1)),
            Score::Win(w) if w == side => Some((opponent, 2)),
            Score::Win(_) => Some((opponent, 0)),
        }
    }
}

/// A player's line of the crosstable.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct CrossRow {
    /// The player.
    pub account: AccountId,
    /// Its name (the last tiebreak).
    pub name: String,
    /// Its place: 1 for the first; players equal on points and Sonneborn–Berger share
    /// a place.
    pub rank: u32,
    /// Its points in halves.
    pub half_points: u32,
    /// Its Sonneborn–Berger score in quarter points (halves times halves).
    pub sb_quarters: u32,
    /// Games it has finished (scored ones).
    pub games: u32,
    /// Per opponent, in the order of the rows, the half points it scored in each
    /// finished game against them (in game order); empty against itself.
    pub cells: Vec<Vec<u32>>,
}

/// The crosstable of `players` (account and name) over `games`, ordered by points,
/// then Sonneborn–Berger, then name (ignoring case).
#[must_use]
pub fn crosstable(players: &[(AccountId, String)], games: &[ScoredGame]) -> Vec<CrossRow> {
    let total = |account: AccountId| -> u32 {
        games
            .iter()
            .filter_map(|g| g.halves(account))
            .map(|(_, h)| h)
            .sum()
    };
    let mut rows: Vec<CrossRow> = players
        .iter()
        .map(|(account, name)| {
            let scored: Vec<(AccountId, u32)> =
                games.iter().filter_map(|g| g.halves(*account)).collect();
            CrossRow {
                account: *account,
                name: name.clone(),
                rank: 0,
                half_points: scored.iter().map(|(_, h)| h).sum(),
                sb_quarters: scored.iter().map(|(o, h)| h * total(*o)).sum(),
                games: u32::try_from(scored.len()).unwrap_or(u32::MAX),
                cells: Vec::new(),
            }
        })
        .collect();
    rows.sort_by_key(|r| {
        (
            Reverse(r.half_points),
            Reverse(r.sb_quarters),
            r.name.to_ascii_lowercase(),
            r.account,
        )
    });
    let order: Vec<AccountId> = rows.iter().map(|r| r.account).collect();
    let mut previous: Option<(u32, u32, u32)> = None;
    for (place, row) in (1..).zip(rows.iter_mut()) {
        row.rank = match previous {
            Some((points, sb, rank)) if points == row.half_points && sb == row.sb_quarters => rank,
            _ => place,
        };
        previous = Some((row.half_points, row.sb_quarters, row.rank));
        row.cells = order
            .iter()
            .map(|&opponent| {
                if opponent == row.account {
                    return Vec::new();
                }
                games
                    .iter()
                    .filter_map(|g| g.halves(row.account))
                    .filter(|(o, _)| *o == opponent)
                    .map(|(_, h)| h)
                    .collect()
            })
            .collect();
    }
    rows
}

/// Half points as text: `1`, `½`, `0`, `2½`.
#[must_use]
pub fn points_text(halves: u32) -> String {
    match (halves / 2, halves % 2) {
        (0, 1) => "½".to_owned(),
        (whole, 1) => format!("{whole}½"),
        (whole, _) => whole.to_string(),
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use uuid::Uuid;

    fn id(n: u128) -> AccountId {
        AccountId(Uuid::from_u128(n))
    }

    fn game(south: u128, north: u128, score: Score) -> ScoredGame {
        ScoredGame {
            south: id(south),
            north: id(north),
            score,
        }
    }

    #[test]
    fn a_single_round_robin_pairs_everyone_once_with_balanced_sides() {
        let players: Vec<AccountId> = (1..=5).map(id).collect();
        let games = pairings(&players, false);
        assert_eq!(games.len(), 10);
        for (i, &a) in players.iter().enumerate() {
            for &b in &players[i + 1..] {
                let met = games
                    .iter()
                    .filter(|p| (p.south, p.north) == (a, b) || (p.south, p.north) == (b, a))
                    .count();
                assert_eq!(met, 1);
            }
            let south = games.iter().filter(|p| p.south == a).count();
            assert_eq!(south, 2, "player {i} is South in half of its 4 games");
        }
        let even: Vec<AccountId> = (1..=4).map(id).collect();
        for p in &even {
            let south = pairings(&even, false)
                .iter()
                .filter(|g| g.south == *p)
                .count();
            assert!((1..=2).contains(&south));
        }
    }

    #[test]
    fn a_double_round_robin_plays_each_pair_twice_with_the_sides_swapped() {
        let players: Vec<AccountId> = (1..=4).map(id).collect();
        let games = pairings(&players, true);
        assert_eq!(games.len(), 12);
        let (first, second) = games.split_at(6);
        for (a, b) in first.iter().zip(second) {
            assert_eq!((a.cycle, b.cycle), (1, 2));
            assert_eq!((a.south, a.north), (b.north, b.south));
        }
        for p in &players {
            assert_eq!(games.iter().filter(|g| g.south == *p).count(), 3);
        }
        assert!(pairings(&players[..1], true).is_empty());
    }

    #[test]
    fn the_crosstable_orders_by_points_then_sonneborn_berger_then_name() {
        // A cycle (ayse beats bora beats cem beats ayse), deniz draws ayse and loses
        // the rest; one game aborted.
        let players: Vec<(AccountId, String)> =
            [(1, "ayse"), (2, "bora"), (3, "cem"), (4, "deniz")]
                .into_iter()
                .map(|(n, s)| (id(n), s.to_owned()))
                .collect();
        let games = [
            game(1, 2, Score::Win(Side::South)), // ayse 1, bora 0
            game(2, 3, Score::Win(Side::South)), // bora 1, cem 0
            game(3, 1, Score::Win(Side::South)), // cem 1, ayse 0
            game(1, 4, Score::Draw),             // ayse ½, deniz ½
            game(4, 2, Score::Win(Side::North)), // bora 1, deniz 0
            game(3, 4, Score::Win(Side::South)), // cem 1, deniz 0
            game(4, 3, Score::None),             // aborted: nothing
        ];
        let table = crosstable(&players, &games);
        let line: Vec<(&str, u32, u32, u32)> = table
            .iter()
            .map(|r| (r.name.as_str(), r.rank, r.half_points, r.sb_quarters))
            .collect();
        // Totals in halves: ayse 3, bora 4, cem 4, deniz 1.
        // SB (quarters): bora = 2·cem(4) + 2·deniz(1) = 10; cem = 2·ayse(3) + 2·deniz(1)
        // = 8; ayse = 2·bora(4) + 1·deniz(1) = 9; deniz = 1·ayse(3) = 3.
        assert_eq!(
            line,
            vec![
                ("bora", 1, 4, 10),
                ("cem", 2, 4, 8),
                ("ayse", 3, 3, 9),
                ("deniz", 4, 1, 3),
            ]
        );
        // bora's row against bora, cem, ayse, deniz.
        assert_eq!(table[0].cells, vec![vec![], vec![2], vec![0], vec![2]]);
        // cem against deniz: the win, not the aborted game.
        assert_eq!(table[1].cells[3], vec![2]);
        assert_eq!(table[1].games, 3);
    }

    #[test]
    fn players_equal_on_points_and_tiebreak_share_a_place_and_go_by_name() {
        let players = vec![(id(1), "Zeki".to_owned()), (id(2), "ali".to_owned())];
        let table = crosstable(&players, &[game(1, 2, Score::Draw)]);
        assert_eq!(table[0].name, "ali");
        assert_eq!((table[0].rank, table[1].rank), (1, 1));
        assert_eq!(points_text(table[0].half_points), "½");
        assert_eq!(points_text(5), "2½");
        assert_eq!(points_text(4), "2");
        assert_eq!(points_text(0), "0");
    }
}
