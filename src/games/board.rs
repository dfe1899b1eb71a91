//! The game as drawn: the view model of the game page and its live fragment — the
//! board ([`super::pieces`]), the status, the moves in words ([`super::plies`]) and
//! what the viewer may do — built from small, named parts. One view feeds the whole
//! page and the live fragment.

use chrono::{DateTime, Utc};
use seedpost_rules::{BySide, Pit, Ply, Position, Side, Variant};

use super::pieces::BoardView;
use super::plies::{PlySummary, pit_name, summaries, summed_up};
use super::service::LoadedGame;
use super::view::{result_line, side_title, time_left};
use crate::domain::GameStatus;
use crate::error::Error;
use crate::http::pages::view::notation;
use crate::i18n::Tr;
use crate::ratings::Rating;
use crate::store::{Account, Game};

/// A player's rating as a game's page shows it (the competition's
/// `Service::game_ratings` reads it).
#[derive(Debug, Clone, Copy, PartialEq, Default)]
pub struct GameRatingView {
    /// The rating in the game's variant now, once the player has one.
    pub now: Option<Rating>,
    /// Before and after this game, when it is a finished rated game.
    pub change: Option<(f64, f64)>,
}

/// A deadline as shown: in UTC, turned into the reader's time zone by the script.
#[derive(Debug, Clone)]
pub struct DeadlineView {
    /// RFC 3339, for `<time datetime>`.
    pub at: String,
    /// `2026-11-30 12:00 UTC`.
    pub text: String,
    /// `2 days 3 hours left`, with a warning when time is running out.
    pub left: String,
}

/// An earlier position of the game, stepped to with `?ply=N`.
#[derive(Debug, Clone)]
pub struct StepView {
    /// The plies played up to the position shown.
    pub ply: u32,
    /// The plies played in the game.
    pub of: u32,
    /// The last of them in our notation (empty at the start).
    pub last_move: String,
}

/// Reads the `?ply=` of a game page: `None` for the live position (no `ply`, or the
/// game's current ply), else the earlier ply to show.
///
/// # Errors
/// `bad_ply` (400) unless it is a whole number from 0 to the plies played.
pub fn step_to(loaded: &LoadedGame, raw: Option<&str>) -> Result<Option<u32>, Error> {
    let Some(raw) = raw else {
        return Ok(None);
    };
    let of = loaded.engine.ply();
    match raw.trim().parse::<usize>() {
        Ok(n) if n == of => Ok(None),
        Ok(n) if n < of => Ok(u32::try_from(n).ok()),
        _ => Err(Error::bad_request(
            "bad_ply",
            format!(
                "there is no move {raw:?} in this game: ask for a number from 0 (the start) to {of} (the latest move)"
            ),
        )),
    }
}

/// The position after the first `n` plies of `plies` (the move list is the truth).
fn replayed(variant: Variant, first: Side, plies: &[Ply], n: usize) -> Position {
    let mut game = seedpost_rules::Game::new(variant, first);
    for &ply in plies.iter().take(n) {
        // The game replayed once already when it was loaded.
        if game.push(ply).is_err() {
            break;
        }
    }
    *game.position()
}

/// A finished game's rematch as one of its players sees it.
#[derive(Debug, Clone)]
pub enum Rematch {
    /// None is open: offer one. `you_first`: the viewer would move first.
    Offer {
        /// The viewer would move first in it.
        you_first: bool,
    },
    /// The viewer offered one: its challenge's id.
    Offered {
        /// The challenge.
        challenge: String,
    },
    /// The opponent offers one.
    Offers {
        /// The challenge.
        challenge: String,
        /// The viewer would move first in it.
        you_first: bool,
    },
}

/// The whole game as shown to one viewer at one time.
#[derive(Debug, Clone)]
pub struct GameView {
    /// Its id.
    pub id: String,
    /// `Mangala: ayse v mehmet`.
    pub title: String,
    /// `Mangala`…
    pub variant_title: &'static str,
    /// `mangala`…
    pub variant: &'static str,
    /// The players' names.
    pub names: BySide<String>,
    /// The far player's name.
    pub top_name: String,
    /// The far side.
    pub top_side: String,
    /// The near player's name.
    pub bottom_name: String,
    /// The near side.
    pub bottom_side: String,
    /// The viewer plays here.
    pub is_player: bool,
    /// The game goes on.
    pub ongoing: bool,
    /// Plies played: a move carries it.
    pub ply: u32,
    /// Whose turn, or the result.
    pub status: String,
    /// The deadline and time left, while it goes on with its clock running.
    pub deadline: Option<DeadlineView>,
    /// The house bot computing its move, while it is to move.
    pub thinking: Option<String>,
    /// Days per move.
    pub days_per_move: u8,
    /// `Rated` or `Casual`, and the weekend pause if any.
    pub terms: String,
    /// The tournament it belongs to: its id and name.
    pub tournament: Option<(String, String)>,
    /// The players on vacation now, while the game goes on: its clock stands still
    /// (shown instead of the deadline, which will move).
    pub away: Vec<String>,
    /// The plies in our notation.
    pub moves: Vec<String>,
    /// The plies played up to the position shown (`ply` unless stepping back).
    pub shown_ply: usize,
    /// The earlier position shown instead of the live one.
    pub step: Option<StepView>,
    /// Why the same side moves again (a Mangala sowing that ended in its store).
    pub extra_move: Option<String>,
    /// A notice of what changed meanwhile (a move sent for an older position).
    pub notice: Option<String>,
    /// The rematch, for a player of a finished game.
    pub rematch: Option<Rematch>,
    /// The side drawn at the bottom (the viewer's, or South).
    pub near: Side,
    /// The far player's rating in the variant, once they have one: `1512`.
    pub top_rating: Option<String>,
    /// The near player's rating.
    pub bottom_rating: Option<String>,
    /// How a finished rated game moved each rating: `ayse 1512 → 1527 (+15)`.
    pub rating_changes: Vec<String>,
    /// The last ply in our notation.
    pub last_move: String,
    /// The result, once over.
    pub result: Option<String>,
    /// A refused move's reason, shown above the board.
    pub error: Option<String>,
    /// The board.
    pub board: BoardView,
    /// Resigning is offered.
    pub can_resign: bool,
    /// Aborting is offered (before both sides moved).
    pub can_abort: bool,
    /// The viewer's form token.
    pub csrf: String,
    /// The `?lang=` the page was opened with, kept on its forms and step links.
    pub lang: crate::http::pages::lang::KeptLang,
    /// The game's match: its id, this game's number and the number of games.
    pub match_link: Option<(String, u8, u8)>,
    /// The translator of the viewer's language (the live fragment has no layout).
    pub tr: Tr,
    /// The viewer confirms each move (their play settings): the board's form asks
    /// first.
    pub confirm: bool,
    /// The pit chosen and waiting for confirmation.
    pub selected: Option<u8>,
    /// The last plies in words, oldest first: the viewer's move, then the reply.
    pub summaries: Vec<PlySummary>,
    /// The viewer's pits offered whose move would repeat a position and end the game:
    /// `S2`.
    pub repeating: Vec<String>,
    /// The selected pit would repeat a position and end the game.
    pub selected_repeats: bool,
    /// Another game waiting for the viewer's move, and how many wait: the next-game
    /// link (set by the page).
    pub next_game: Option<(String, usize)>,
    /// Moves are shown without the sowing animation (the viewer's play settings).
    pub still: bool,
    /// The viewer's conditional lines, for a player (`templates/_plan.html`).
    pub plan: Option<super::plan::PlanPanel>,
    /// The analysis board's address for the position shown, while a side is to move
    /// there (see [`super::view::analyse_href`]).
    pub analyse: Option<String>,
}

impl GameView {
    /// The game as `viewer` sees it at `now`, with a refused move's `error`, at the
    /// live position or stepped back to the position after ply `at` (see [`step_to`]).
    #[must_use]
    pub fn new(
        tr: Tr,
        loaded: &LoadedGame,
        viewer: Option<&Account>,
        csrf: &str,
        now: DateTime<Utc>,
        error: Option<String>,
        at: Option<u32>,
    ) -> GameView {
        let game = loaded.game();
        let state = &game.state;
        let names = game.players.clone().map(|p| p.username.to_string());
        let mine = viewer.and_then(|a| loaded.side_of(a.id));
        let near = mine.unwrap_or(Side::South);
        let far = near.opposite();
        let ongoing = state.status == GameStatus::Ongoing;
        let plies = loaded.engine.plies();
        let shown = at
            .and_then(|n| usize::try_from(n).ok())
            .filter(|&n| n < plies.len());
        let my_turn = ongoing && mine.is_some() && state.to_move == mine && shown.is_none();
        let plies_shown = &plies[..shown.unwrap_or(plies.len())];
        let range = summed_up(plies_shown, shown.is_some(), mine);
        let summaries = summaries(tr, loaded, plies_shown, range.clone(), mine, &names);
        let mut board = drawn_board(tr, loaded, shown, near, my_turn, &names, range);
        let repeating = mark_repeats(tr, &mut board, loaded, mine.filter(|_| my_turn));
        let last_move = plies_shown
            .last()
            .map(|&p| notation(tr, p))
            .unwrap_or_default();
        GameView {
            tr,
            id: game.id.to_string(),
            title: title(game, &names),
            variant_title: game.variant.title(),
            variant: game.variant.as_str(),
            top_name: names.get(far).clone(),
            top_side: side_word(tr, far),
            bottom_name: names.get(near).clone(),
            bottom_side: side_word(tr, near),
            is_player: mine.is_some(),
            ongoing,
            ply: state.ply,
            status: status_line(tr, game, mine, &names),
            deadline: deadline_view(tr, game, now),
            thinking: thinking(game),
            days_per_move: game.days_per_move.days(),
            terms: terms(tr, game),
            tournament: game
                .tournament
                .as_ref()
                .map(|t| (t.id.to_string(), t.name.clone())),
            away: Side::ALL
                .into_iter()
                .filter(|&side| ongoing && *game.on_vacation.get(side))
                .map(|side| names.get(side).clone())
                .collect(),
            moves: plies.iter().map(|&p| notation(tr, p)).collect(),
            shown_ply: shown.unwrap_or(plies.len()),
            step: shown.map(|n| StepView {
                ply: u32::try_from(n).unwrap_or(0),
                of: state.ply,
                last_move: last_move.clone(),
            }),
            extra_move: extra_move(tr, game, plies, mine, &names).filter(|_| shown.is_none()),
            notice: None,
            rematch: None,
            near,
            top_rating: None,
            bottom_rating: None,
            rating_changes: Vec::new(),
            last_move,
            result: result_line(tr, game),
            match_link: loaded.match_ref.map(|m| (m.id.to_string(), m.number, m.of)),
            names,
            error,
            board,
            can_resign: ongoing && mine.is_some(),
            can_abort: ongoing && mine.is_some() && !both_moved(plies),
            csrf: csrf.to_owned(),
            lang: crate::http::pages::lang::KeptLang::current(),
            confirm: false,
            selected: None,
            summaries,
            repeating,
            selected_repeats: false,
            next_game: None,
            still: false,
            plan: None,
            analyse: super::view::analyse_href(
                game.variant,
                loaded.engine.first(),
                plies,
                shown.unwrap_or(plies.len()),
            ),
        }
    }

    /// Chooses `pit` of the viewer's row, to be confirmed before it is played; `false`
    /// (and nothing chosen) unless it is a move the viewer may play now.
    pub fn select(&mut self, pit: i64) -> bool {
        let chosen = self
            .board
            .bottom
            .iter_mut()
            .find(|p| p.playable && i64::from(p.number) == pit);
        match chosen {
            Some(p) => {
                p.selected = true;
                self.selected = Some(p.number);
                self.selected_repeats = p.repeats;
                true
            }
            None => false,
        }
    }
}

/// `Mangala: ayse v mehmet`.
fn title(game: &Game, names: &BySide<String>) -> String {
    format!(
        "{}: {} v {}",
        game.variant.title(),
        names.south,
        names.north
    )
}

/// The board of `loaded`'s game at the position after ply `shown` (the live one for
/// `None`), `near`'s row at the bottom, its pits offered as moves on the viewer's turn,
/// marked with what the latest sowing of the plies `summed` up changed.
fn drawn_board(
    tr: Tr,
    loaded: &LoadedGame,
    shown: Option<usize>,
    near: Side,
    my_turn: bool,
    names: &BySide<String>,
    summed: std::ops::Range<usize>,
) -> BoardView {
    let game = loaded.game();
    let plies = loaded.engine.plies();
    let position = match shown {
        Some(n) => replayed(game.variant, loaded.engine.first(), plies, n),
        None => *loaded.engine.position(),
    };
    let legal: Vec<Pit> = if my_turn {
        position.legal_moves().collect()
    } else {
        Vec::new()
    };
    let last_sown = plies[..shown.unwrap_or(plies.len())]
        .iter()
        .rev()
        .find_map(|p| p.pit().map(|pit| (p.side(), pit)));
    let mut board = BoardView::draw(tr, &position, near, last_sown, &legal, |side| {
        format!("{} ({})", side_title(tr, side), names.get(side))
    });
    board.playable = my_turn;
    let effects = loaded.engine.effects();
    if let Some(effect) = summed
        .rev()
        .find_map(|i| effects.get(i).and_then(Option::as_ref))
    {
        board.mark_sowing(effect);
    }
    board
}

/// §D12, §T6: a move that repeats a position ends the game; says so on each such pit
/// offered to `me` (the viewer on their turn, else nobody), and gives their names
/// (`S2`).
fn mark_repeats(
    tr: Tr,
    board: &mut BoardView,
    loaded: &LoadedGame,
    me: Option<Side>,
) -> Vec<String> {
    let Some(me) = me else {
        return Vec::new();
    };
    let mut repeating = Vec::new();
    for p in &mut board.bottom {
        let Some(pit) = Pit::new(p.number) else {
            continue;
        };
        if p.playable && loaded.engine.repeats(pit) {
            p.repeats = true;
            p.label = tr.t2("board-play-pit-repeats", "pit", p.number, "count", p.count);
            repeating.push(pit_name(tr, me, pit));
        }
    }
    repeating
}

/// `South` or `North`, in the language of `tr`.
fn side_word(tr: Tr, side: Side) -> String {
    tr.t(match side {
        Side::South => "game-side-south",
        Side::North => "game-side-north",
    })
}

/// Whose turn it is (the viewer's, or a named player's), or that the game is over.
fn status_line(tr: Tr, game: &Game, mine: Option<Side>, names: &BySide<String>) -> String {
    match game.state.to_move {
        Some(side) if game.state.status == GameStatus::Ongoing => {
            if Some(side) == mine {
                tr.t("game-status-your-turn")
            } else {
                tr.t2(
                    "game-status-to-move",
                    "name",
                    names.get(side),
                    "side",
                    side_word(tr, side),
                )
            }
        }
        _ => tr.t("game-status-over"),
    }
}

/// The deadline and the time left at `now`, while the game goes on with its clock
/// running (no player on vacation).
fn deadline_view(tr: Tr, game: &Game, now: DateTime<Utc>) -> Option<DeadlineView> {
    let ongoing = game.state.status == GameStatus::Ongoing;
    let stopped = ongoing && (game.on_vacation.south || game.on_vacation.north);
    match game.state.deadline {
        Some(d) if ongoing && !stopped => Some(DeadlineView {
            at: d.to_rfc3339_opts(chrono::SecondsFormat::Secs, true),
            text: tr.when(d),
            left: tr.t1(
                if game.days_per_move.running_out(d, now) {
                    "game-deadline-left-hurry"
                } else {
                    "game-deadline-left"
                },
                "time",
                time_left(tr, d, now),
            ),
        }),
        _ => None,
    }
}

/// The house bot to move, computing its move (it plays within seconds).
fn thinking(game: &Game) -> Option<String> {
    game.state
        .to_move
        .filter(|_| game.state.status == GameStatus::Ongoing)
        .map(|side| game.players.get(side))
        .filter(|p| {
            p.bot
                && crate::house::Level::ALL
                    .iter()
                    .any(|l| l.username() == p.username.as_str())
        })
        .map(|p| p.username.to_string())
}

/// Why the same side moves again: a Mangala sowing that ends in the mover's store
/// gives them the next move too (at the live position).
fn extra_move(
    tr: Tr,
    game: &Game,
    plies: &[Ply],
    mine: Option<Side>,
    names: &BySide<String>,
) -> Option<String> {
    match plies.last() {
        Some(&Ply::Sow { side, .. })
            if game.variant.has_stores()
                && game.state.status == GameStatus::Ongoing
                && game.state.to_move == Some(side) =>
        {
            Some(if Some(side) == mine {
                tr.t("game-extra-move-you")
            } else {
                tr.t1("game-extra-move", "name", names.get(side).as_str())
            })
        }
        _ => None,
    }
}

/// `Rated` or `Casual`, and the weekend pause if any.
fn terms(tr: Tr, game: &Game) -> String {
    let kind = tr.t(if game.terms.rated {
        "game-terms-rated"
    } else {
        "game-terms-casual"
    });
    if game.terms.weekend_pause {
        format!("{kind} · {}", tr.t("game-terms-weekend-pause"))
    } else {
        kind
    }
}

/// Both sides have sown (passes aside): the game can no longer be aborted.
fn both_moved(plies: &[Ply]) -> bool {
    let moved = |side: Side| plies.iter().any(|p| p.side() == side && p.pit().is_some());
    moved(Side::South) && moved(Side::North)
}

/// `1512 → 1527 (+15)`: whole points, as players read ratings.
fn rating_change(before: f64, after: f64) -> String {
    format!(
        "{before:.0} → {after:.0} ({:+.0})",
        after.round() - before.round()
    )
}

impl GameView {
    /// Adds the players' ratings and, for a finished rated game, how it moved them.
    pub fn set_ratings(&mut self, ratings: &BySide<GameRatingView>) {
        // As the standings show it: `?` while the rating is provisional.
        let shown = |side: Side| {
            ratings.get(side).now.map(|r| {
                format!(
                    "{:.0}{}",
                    r.rating,
                    if r.is_provisional() { "?" } else { "" }
                )
            })
        };
        self.top_rating = shown(self.near.opposite());
        self.bottom_rating = shown(self.near);
        self.rating_changes = Side::ALL
            .into_iter()
            .filter_map(|side| {
                ratings.get(side).change.map(|(before, after)| {
                    format!("{} {}", self.names.get(side), rating_change(before, after))
                })
            })
            .collect();
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn a_rating_change_reads_before_after_and_the_difference() {
        assert_eq!(rating_change(1512.4, 1527.2), "1512 → 1527 (+15)");
        assert_eq!(rating_change(1500.0, 1337.6), "1500 → 1338 (-162)");
    }
}
