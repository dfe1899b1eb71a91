//! The game as drawn: the board with its stones, the status, the moves and what the
//! viewer may do. One view feeds the whole page and the live fragment.

use chrono::{DateTime, Utc};
use seedpost_rules::{BySide, Effect, Hole, Pit, Ply, Position, Side, Variant};

use super::service::LoadedGame;
use super::view::{result_line, side_title, time_left};
use crate::domain::GameStatus;
use crate::error::Error;
use crate::i18n::Tr;
use crate::service::GameRatingView;
use crate::store::Account;

/// One stone drawn in a pit or store (SVG user units).
#[derive(Debug, Clone, Copy)]
pub struct Stone {
    /// Centre x.
    pub x: i32,
    /// Centre y.
    pub y: i32,
    /// Radius.
    pub r: i32,
    /// Colour class 0..3.
    pub tone: u8,
}

/// The golden angle: stones laid on a sunflower spiral pack evenly at any count.
const GOLDEN: f64 = 2.399_963_229_728_653;

/// `n` stones inside a circle of `radius` round (`cx`, `cy`), squeezed by `stretch`
/// vertically (stores are tall); tones vary with `seed`.
fn lay_stones(n: u8, cx: f64, cy: f64, radius: f64, stretch: f64, seed: u32) -> Vec<Stone> {
    if n == 0 {
        return Vec::new();
    }
    let count = f64::from(n);
    let spacing = radius / count.sqrt();
    let r = (spacing * 0.85).clamp(8.0, 24.0);
    let reach = (radius - r).max(0.0);
    (0..n)
        .map(|i| {
            let fi = f64::from(i);
            let d = if n == 1 {
                0.0
            } else {
                reach * ((fi + 0.5) / count).sqrt()
            };
            let a = fi * GOLDEN;
            #[allow(clippy::cast_possible_truncation)]
            Stone {
                x: (cx + d * a.cos()).round() as i32,
                y: (cy + d * a.sin() * stretch).round() as i32,
                r: r.round() as i32,
                tone: u8::try_from((u32::from(i) * 7 + seed * 3) % 4).unwrap_or(0),
            }
        })
        .collect()
}

/// One pit as drawn.
#[derive(Debug, Clone)]
pub struct PitView {
    /// `south` or `north`.
    pub side: &'static str,
    /// Its number from its owner's left.
    pub number: u8,
    /// Stones in it.
    pub count: u8,
    /// The stones drawn.
    pub stones: Vec<Stone>,
    /// The pit the last move was played from.
    pub last: bool,
    /// Offered as a move to the viewer.
    pub playable: bool,
    /// Chosen, waiting for the move to be confirmed.
    pub selected: bool,
    /// Sown into by the last move summarised (see [`GameView::summaries`]).
    pub sown: bool,
    /// Emptied by a capture of the last move summarised.
    pub captured: bool,
    /// Offered, and playing it would repeat a position and so end the game (§D12,
    /// §T6).
    pub repeats: bool,
    /// A Togyz kumalak tuzdyk: the side whose store takes the stones sown into it
    /// (§Z5), `south` or `north`.
    pub tuzdyk: Option<&'static str>,
    /// Its text alternative.
    pub label: String,
}

/// A store (Mangala) or the captures (Modiar, Tihbat) as drawn.
#[derive(Debug, Clone)]
pub struct StoreView {
    /// `south` or `north`.
    pub side: &'static str,
    /// Stones in it.
    pub count: u8,
    /// The stones drawn.
    pub stones: Vec<Stone>,
    /// Its text alternative.
    pub label: String,
}

/// One row of the text alternative.
#[derive(Debug, Clone)]
pub struct RowText {
    /// `South (ayse)`.
    pub who: String,
    /// Pits 1..n.
    pub pits: Vec<u8>,
    /// The store or captures.
    pub store: u8,
}

/// The board as one viewer sees it: their own row at the bottom.
#[derive(Debug, Clone)]
pub struct BoardView {
    /// `mangala`…
    pub variant: &'static str,
    /// Pits in a row.
    pub pits: usize,
    /// The far row, left to right on screen (the owner's pit n first).
    pub top: Vec<PitView>,
    /// The near row, left to right (pit 1 first).
    pub bottom: Vec<PitView>,
    /// The far side's store, at the viewer's left.
    pub top_store: StoreView,
    /// The near side's store, at the viewer's right.
    pub bottom_store: StoreView,
    /// `store` (Mangala) or `captured`.
    pub store_word: &'static str,
    /// The text alternative's rows, South first.
    pub rows: Vec<RowText>,
    /// The viewer may play now.
    pub playable: bool,
    /// The board's text alternative: which side is where.
    pub label: String,
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

/// What one ply did, as the game page says it and its script shows it.
#[derive(Debug, Clone)]
pub struct PlySummary {
    /// The ply's number, from 1: the position after it is `?ply=N`.
    pub ply: usize,
    /// Made by the viewer.
    pub mine: bool,
    /// In words: `You: S3: 4 sown, 6 captured from N4.`
    pub text: String,
    /// The side that made it: `south` or `north`.
    pub side: &'static str,
    /// The pit sown (0 for a pass).
    pub pit: u8,
    /// The holes sown, in order, for the script: `south-3 store-south north-1`.
    pub path: String,
    /// The captures, for the script: `north-4:6:south` (the pit, the stones, whose
    /// store), space-separated.
    pub captures: String,
}

/// A ply as the pages write it, in the language of `tr`: the notation of §C3 with the
/// side's letter taken from the language's own word for it (`S3` and `N-` in English,
/// `G3` in Turkish, `Ν3` in Greek: South is Νότος there). The API and the text record
/// keep the language-neutral [`Ply`] display (`S3`); see `docs/languages.md`.
#[must_use]
pub fn notation(tr: Tr, ply: Ply) -> String {
    let letter = tr.t(match ply.side() {
        Side::South => "game-side-south-letter",
        Side::North => "game-side-north-letter",
    });
    match ply.pit() {
        Some(pit) => format!("{letter}{}", pit.number()),
        None => format!("{letter}-"),
    }
}

/// A pit as the pages' notation names it (`N4`, see [`notation`]): the one function
/// the move list uses too.
fn pit_name(tr: Tr, side: Side, pit: Pit) -> String {
    notation(tr, Ply::Sow { side, pit })
}

/// A hole as the script names it: `north-4`, `store-south`.
fn hole_token(hole: Hole) -> String {
    match hole {
        Hole::Pit(side, pit) => format!("{}-{}", side.as_str(), pit.number()),
        Hole::Store(side) => format!("store-{}", side.as_str()),
    }
}

/// What `ply` did, in the words of `tr`, without who made it: `S3: 4 sown, 6 captured
/// from N4`.
fn ply_words(tr: Tr, ply: Ply, effect: Option<&Effect>, variant: Variant) -> String {
    let has_stores = variant.has_stores();
    let (Ply::Sow { .. }, Some(effect)) = (ply, effect) else {
        return tr.t1("game-ply-pass", "move", notation(tr, ply));
    };
    let mut parts = vec![tr.t2(
        "game-ply-sown",
        "move",
        notation(tr, ply),
        "count",
        effect.sown(),
    )];
    // The mover's captures; in Togyz kumalak, stones sown into the other side's
    // tuzdyk go to that side's kazan instead (§Z6).
    let (own, given): (Vec<_>, Vec<_>) = effect.captures.iter().partition(|c| c.to == effect.side);
    let names = |captures: &[&seedpost_rules::Capture]| {
        let pits: Vec<String> = captures
            .iter()
            .map(|c| pit_name(tr, c.from.0, c.from.1))
            .collect();
        let count: u32 = captures.iter().map(|c| u32::from(c.stones)).sum();
        (count, pits.join(", "))
    };
    if !own.is_empty() {
        let (count, pits) = names(&own);
        let key = if variant == Variant::Togyz {
            "game-ply-captured-kazan"
        } else {
            "game-ply-captured"
        };
        parts.push(tr.t2(key, "count", count, "pits", pits));
    }
    if !given.is_empty() {
        let (count, pits) = names(&given);
        parts.push(tr.t3(
            "game-ply-tuzdyk-gives",
            "count",
            count,
            "side",
            side_title(tr, effect.side.opposite()),
            "pits",
            pits,
        ));
    }
    if has_stores && effect.stored > 0 {
        parts.push(tr.t1("game-ply-stored", "count", effect.stored));
    }
    if let Some(pit) = effect.tuzdyk {
        parts.push(tr.t1(
            "game-ply-tuzdyk",
            "pit",
            pit_name(tr, effect.side.opposite(), pit),
        ));
    }
    if effect.extra_turn {
        parts.push(tr.t("game-ply-extra"));
    }
    if effect.ends {
        parts.push(tr.t("game-ply-ends"));
    }
    let mut parts = parts.into_iter();
    let first = parts.next().unwrap_or_default();
    parts.fold(first, |words, next| {
        tr.t2("game-ply-join", "first", words, "next", next)
    })
}

/// The plies of `plies` (the first `upto` of the game's) that the page sums up: while
/// stepping back, the one shown; else, for a player, from their last turn (its extra
/// turns and passes too) to the latest ply, which shows their move and then the reply;
/// for a watcher, the latest ply (and the sowing before a pass).
fn summed_up(plies: &[Ply], stepping: bool, mine: Option<Side>) -> std::ops::Range<usize> {
    let upto = plies.len();
    if upto == 0 {
        return 0..0;
    }
    let mut start = upto - 1;
    if !stepping {
        let own = mine.and_then(|me| {
            plies
                .iter()
                .rposition(|p| p.side() == me && p.pit().is_some())
        });
        match (own, mine) {
            (Some(i), Some(me)) => {
                start = i;
                while start > 0 && plies[start - 1].side() == me {
                    start -= 1;
                }
            }
            _ => {
                if plies[start].pit().is_none() && start > 0 {
                    start -= 1;
                }
            }
        }
    }
    // A long run of passes and extra turns is summed up by its last plies.
    start.max(upto.saturating_sub(8))..upto
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
        let position = match shown {
            Some(n) => replayed(game.variant, loaded.engine.first(), plies, n),
            None => *loaded.engine.position(),
        };
        let plies_shown = &plies[..shown.unwrap_or(plies.len())];
        let legal: Vec<Pit> = if my_turn {
            position.legal_moves().collect()
        } else {
            Vec::new()
        };
        let last_sown = plies_shown
            .iter()
            .rev()
            .find_map(|p| p.pit().map(|pit| (p.side(), pit)));
        let mut board = BoardView::draw(tr, &position, near, last_sown, &legal, |side| {
            format!("{} ({})", side_title(tr, side), names.get(side))
        });
        board.playable = my_turn;
        let effects = loaded.engine.effects();
        let range = summed_up(plies_shown, shown.is_some(), mine);
        let summaries: Vec<PlySummary> = range
            .clone()
            .map(|i| {
                let ply = plies_shown[i];
                let effect = effects.get(i).and_then(Option::as_ref);
                let words = ply_words(tr, ply, effect, game.variant);
                let mine_ply = Some(ply.side()) == mine;
                PlySummary {
                    ply: i + 1,
                    mine: mine_ply,
                    text: if mine_ply {
                        tr.t1("game-ply-by-you", "summary", words)
                    } else {
                        tr.t2(
                            "game-ply-by",
                            "name",
                            names.get(ply.side()).as_str(),
                            "summary",
                            words,
                        )
                    },
                    side: ply.side().as_str(),
                    pit: ply.pit().map_or(0, Pit::number),
                    path: effect.map_or_else(String::new, |e| {
                        e.path
                            .iter()
                            .map(|&h| hole_token(h))
                            .collect::<Vec<_>>()
                            .join(" ")
                    }),
                    captures: effect.map_or_else(String::new, |e| {
                        e.captures
                            .iter()
                            .map(|c| {
                                format!(
                                    "{}:{}:{}",
                                    hole_token(Hole::Pit(c.from.0, c.from.1)),
                                    c.stones,
                                    c.to.as_str()
                                )
                            })
                            .collect::<Vec<_>>()
                            .join(" ")
                    }),
                }
            })
            .collect();
        // The board marks what the latest sowing summed up changed.
        if let Some(effect) = range
            .rev()
            .find_map(|i| effects.get(i).and_then(Option::as_ref))
        {
            for p in board.top.iter_mut().chain(board.bottom.iter_mut()) {
                let side = if p.side == "south" {
                    Side::South
                } else {
                    Side::North
                };
                let Some(pit) = Pit::new(p.number) else {
                    continue;
                };
                p.sown = effect.path.contains(&Hole::Pit(side, pit));
                p.captured = effect.captures.iter().any(|c| c.from == (side, pit));
            }
        }
        // §D12, §T6: a move that repeats a position ends the game; say so on the pit.
        let mut repeating = Vec::new();
        if my_turn && let Some(me) = mine {
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
        }
        let side_word = |side: Side| {
            tr.t(match side {
                Side::South => "game-side-south",
                Side::North => "game-side-north",
            })
        };
        let status = match state.to_move {
            Some(side) if ongoing => {
                if Some(side) == mine {
                    tr.t("game-status-your-turn")
                } else {
                    tr.t2(
                        "game-status-to-move",
                        "name",
                        names.get(side),
                        "side",
                        side_word(side),
                    )
                }
            }
            _ => tr.t("game-status-over"),
        };
        let stopped = ongoing && (game.on_vacation.south || game.on_vacation.north);
        let deadline = match state.deadline {
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
        };
        // A house bot to move is computing its move (it plays within seconds).
        let thinking = state
            .to_move
            .filter(|_| ongoing)
            .map(|side| game.players.get(side))
            .filter(|p| {
                p.bot
                    && crate::house::Level::ALL
                        .iter()
                        .any(|l| l.username() == p.username.as_str())
            })
            .map(|p| p.username.to_string());
        let moved = |side: Side| plies.iter().any(|p| p.side() == side && p.pit().is_some());
        // A Mangala sowing that ends in the mover's store gives them the next move too.
        let extra_move = match plies.last() {
            Some(&Ply::Sow { side, .. })
                if game.variant.has_stores()
                    && ongoing
                    && shown.is_none()
                    && state.to_move == Some(side) =>
            {
                Some(if Some(side) == mine {
                    tr.t("game-extra-move-you")
                } else {
                    tr.t1("game-extra-move", "name", names.get(side).as_str())
                })
            }
            _ => None,
        };
        let step = shown.map(|n| StepView {
            ply: u32::try_from(n).unwrap_or(0),
            of: state.ply,
            last_move: plies_shown
                .last()
                .map(|&p| notation(tr, p))
                .unwrap_or_default(),
        });
        GameView {
            tr,
            id: game.id.to_string(),
            title: format!(
                "{}: {} v {}",
                game.variant.title(),
                names.south,
                names.north
            ),
            variant_title: game.variant.title(),
            variant: game.variant.as_str(),
            top_name: names.get(far).clone(),
            top_side: side_word(far),
            bottom_name: names.get(near).clone(),
            bottom_side: side_word(near),
            is_player: mine.is_some(),
            ongoing,
            ply: state.ply,
            status,
            deadline,
            thinking,
            days_per_move: game.days_per_move.days(),
            terms: {
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
            },
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
            step,
            extra_move,
            notice: None,
            rematch: None,
            near,
            top_rating: None,
            bottom_rating: None,
            rating_changes: Vec::new(),
            last_move: plies_shown
                .last()
                .map(|&p| notation(tr, p))
                .unwrap_or_default(),
            result: result_line(tr, game),
            match_link: loaded.match_ref.map(|m| (m.id.to_string(), m.number, m.of)),
            names: names.clone(),
            error,
            board,
            can_resign: ongoing && mine.is_some(),
            can_abort: ongoing && mine.is_some() && !(moved(Side::South) && moved(Side::North)),
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

impl BoardView {
    /// `position` as drawn with `near`'s row at the bottom, its words in the language
    /// of `tr`: `last_sown` marks the pit last
    /// sown, `legal` the pits offered as moves (none for a read-only diagram), and
    /// `who` names each side in the text alternative. Not playable until the caller
    /// says so.
    #[must_use]
    pub fn draw(
        tr: Tr,
        position: &Position,
        near: Side,
        last_sown: Option<(Side, Pit)>,
        legal: &[Pit],
        who: impl Fn(Side) -> String,
    ) -> BoardView {
        let variant = position.variant();
        let far = near.opposite();
        let pits = variant.pits_per_row();
        let stores = position.stores();
        let pit_view = |side: Side, index: usize| {
            let count = position.row(side).get(index).copied().unwrap_or(0);
            let pit = Pit::from_index(index);
            let playable = side == near && legal.contains(&pit);
            let owner = side.opposite();
            let tuzdyk = (position.tuzdyk(owner) == Some(pit)).then_some(owner);
            let label = if playable {
                tr.t2("board-play-pit", "pit", pit.number(), "count", count)
            } else {
                tr.t3(
                    "board-pit",
                    "side",
                    side_title(tr, side),
                    "pit",
                    pit.number(),
                    "count",
                    count,
                )
            };
            PitView {
                side: side.as_str(),
                number: pit.number(),
                count,
                stones: lay_stones(
                    count,
                    100.0,
                    100.0,
                    78.0,
                    1.0,
                    u32::from(pit.number()) + if side == Side::North { 7 } else { 0 },
                ),
                last: last_sown == Some((side, pit)),
                playable,
                selected: false,
                sown: false,
                captured: false,
                repeats: false,
                tuzdyk: tuzdyk.map(Side::as_str),
                label: match tuzdyk {
                    Some(owner) => tr.t2(
                        "board-pit-tuzdyk",
                        "pit",
                        label,
                        "side",
                        side_title(tr, owner),
                    ),
                    None => label,
                },
            }
        };
        let store_view = |side: Side| {
            let count = *stores.get(side);
            StoreView {
                side: side.as_str(),
                count,
                stones: lay_stones(
                    count,
                    50.0,
                    150.0,
                    34.0,
                    3.4,
                    if side == Side::North { 5 } else { 1 },
                ),
                label: tr.t2(
                    if variant.has_stores() {
                        "board-store"
                    } else {
                        "board-captures"
                    },
                    "side",
                    side_title(tr, side),
                    "count",
                    count,
                ),
            }
        };
        BoardView {
            variant: variant.as_str(),
            pits,
            top: (0..pits).rev().map(|i| pit_view(far, i)).collect(),
            bottom: (0..pits).map(|i| pit_view(near, i)).collect(),
            top_store: store_view(far),
            bottom_store: store_view(near),
            store_word: if variant.has_stores() {
                "store"
            } else {
                "captured"
            },
            rows: Side::ALL
                .into_iter()
                .map(|side| RowText {
                    who: who(side),
                    pits: position.row(side).to_vec(),
                    store: *stores.get(side),
                })
                .collect(),
            playable: false,
            label: tr.t2(
                "board-label",
                "top",
                side_title(tr, far),
                "bottom",
                side_title(tr, near),
            ),
        }
    }
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

    #[test]
    fn the_page_sums_up_the_viewer_s_last_turn_then_the_replies() {
        let sow = |side, n| Ply::Sow {
            side,
            pit: Pit::new(n).expect("a pit"),
        };
        let (s, n) = (Side::South, Side::North);
        let plies = [sow(s, 1), sow(n, 2), sow(s, 4), sow(s, 2), sow(n, 3)];
        // South's turn of two plies (an extra turn), then North's reply.
        assert_eq!(summed_up(&plies, false, Some(s)), 2..5);
        // North's last move, then South's two.
        assert_eq!(summed_up(&plies[..4], false, Some(n)), 1..4);
        // A watcher reads the latest ply; a player who has not moved, too.
        assert_eq!(summed_up(&plies, false, None), 4..5);
        assert_eq!(summed_up(&plies[..1], false, Some(n)), 0..1);
        // Stepping back shows the ply stepped to.
        assert_eq!(summed_up(&plies[..3], true, Some(s)), 2..3);
        // A pass comes with the sowing before it.
        let passed = [sow(s, 1), Ply::Pass { side: n }];
        assert_eq!(summed_up(&passed, false, None), 0..2);
        assert_eq!(summed_up(&[], false, Some(s)), 0..0);
    }

    #[test]
    fn a_togyz_summary_says_whose_kazan_the_stones_went_to() {
        let tr = Tr::new(crate::domain::Lang::En);
        let pit = |n| Pit::new(n).expect("a pit");
        // North's 3 stones from pit 2 end in N4, South's tuzdyk: that stone is
        // South's (§Z6), not a capture of North's.
        let position = Position::from_parts(
            Variant::Togyz,
            &[9; 9],
            &[9, 3, 9, 0, 9, 9, 9, 9, 9],
            BySide::new(10, 5),
            Side::North,
        )
        .and_then(|p| p.with_tuzdyk(Side::South, pit(4)))
        .expect("a position");
        let ply = Ply::Sow {
            side: Side::North,
            pit: pit(2),
        };
        let effect = position.effect(pit(2)).expect("legal");
        let words = ply_words(tr, ply, Some(&effect), Variant::Togyz);
        assert_eq!(
            words,
            "N2: 3 sown, 1 into South's kazan through the tuzdyk N4"
        );
        // South's S9 captures N8's 10 stones into South's own kazan (§Z4).
        let start = Position::start(Variant::Togyz, Side::South);
        let effect = start.effect(pit(9)).expect("legal");
        let ply = Ply::Sow {
            side: Side::South,
            pit: pit(9),
        };
        assert_eq!(
            ply_words(tr, ply, Some(&effect), Variant::Togyz),
            "S9: 9 sown, 10 captured from N8 into the kazan"
        );
    }

    #[test]
    fn a_togyz_tuzdyk_is_marked_on_its_pit_with_its_owner() {
        let tr = Tr::new(crate::domain::Lang::En);
        let four = Pit::new(4).expect("a pit");
        let position = Position::from_parts(
            Variant::Togyz,
            &[9; 9],
            &[9, 9, 9, 0, 9, 9, 9, 9, 9],
            BySide::new(9, 0),
            Side::South,
        )
        .and_then(|p| p.with_tuzdyk(Side::South, four))
        .expect("a position");
        let board = BoardView::draw(tr, &position, Side::South, None, &[], |side| {
            side_title(tr, side)
        });
        assert_eq!(board.pits, 9);
        let marked: Vec<(&str, u8, Option<&str>)> = board
            .top
            .iter()
            .chain(&board.bottom)
            .filter(|p| p.tuzdyk.is_some())
            .map(|p| (p.side, p.number, p.tuzdyk))
            .collect();
        assert_eq!(marked, [("north", 4, Some("south"))]);
        let label = &board.top.iter().find(|p| p.number == 4).expect("N4").label;
        assert!(label.ends_with("(tuzdyk of South)"), "{label}");
    }

    #[test]
    fn stones_stay_inside_their_pit_at_every_count() {
        for n in 0..=48u8 {
            let stones = lay_stones(n, 100.0, 100.0, 78.0, 1.0, 0);
            assert_eq!(stones.len(), usize::from(n));
            for s in stones {
                let d = f64::from((s.x - 100).pow(2) + (s.y - 100).pow(2)).sqrt();
                assert!(d + f64::from(s.r) <= 80.0, "{n} stones: {s:?}");
            }
        }
    }
}
