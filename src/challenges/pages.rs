//! The home page ("your games", challenges, the new-challenge form; or, signed out,
//! what seedpost is and games to watch) and the challenge actions.

use askama::Template;
use axum::Router;
use axum::extract::State;
use axum::response::{IntoResponse, Redirect, Response};
use axum::routing::{get, post};
use serde::Deserialize;

use super::play;
use super::service::{ChallengeRequest, parse_decline_reason};
use crate::domain::{AccountId, ChallengeId, DaysPerMove, DeclineReason, GameStatus};
use crate::error::Error;
use crate::games::service::side_of;
use crate::games::view::GameLine;
use crate::http::AppState;
use crate::http::pages::error::PageError;
use crate::http::pages::session::{NoFields, PageForm, PagePath, Visitor};
use crate::http::pages::view::{
    Layout, VariantChoice, form_number, render, render_form, variant_choices,
};
use crate::i18n::{IntoArg, Tr};
use crate::store::{Challenge, Page};

/// The pages' routes of challenges: the home page, the challenge actions and the play
/// settings.
pub fn routes() -> Router<AppState> {
    Router::new()
        .route("/", get(show))
        .route("/settings/play", get(play::show).post(play::save))
        .route("/challenges", post(create_challenge))
        .route("/challenges/{id}/accept", post(accept))
        .route("/challenges/{id}/decline", post(decline))
        .route("/challenges/{id}/cancel", post(cancel))
}

/// Open challenges on the home page: the newest (the API pages through the rest).
const HOME_CHALLENGES: u32 = 100;

/// The account's declined challenges the home page tells it of (those of the last
/// week): the newest.
const HOME_DECLINED: u32 = 10;

/// The reasons the decline button of a challenge offers, the first chosen.
const DECLINE_CHOICES: [DeclineReason; 7] = [
    DeclineReason::Generic,
    DeclineReason::Later,
    DeclineReason::Variant,
    DeclineReason::TimeControl,
    DeclineReason::TooFast,
    DeclineReason::Rated,
    DeclineReason::Casual,
];

/// One of the account's challenges that was declined, and why.
#[derive(Debug, Clone)]
pub struct DeclinedLine {
    opponent: String,
    variant: &'static str,
    reason: ReasonName,
}

/// A decline reason as a page shows it: its name (a form's value) and the message
/// that words it (`locales/*/bots.ftl`).
#[derive(Debug, Clone, Copy)]
pub struct ReasonName {
    name: &'static str,
    message: &'static str,
}

impl ReasonName {
    fn new(reason: DeclineReason) -> ReasonName {
        let message = match reason {
            DeclineReason::Generic => "decline-reason-generic",
            DeclineReason::Later => "decline-reason-later",
            DeclineReason::Variant => "decline-reason-variant",
            DeclineReason::TimeControl => "decline-reason-time-control",
            DeclineReason::Rated => "decline-reason-rated",
            DeclineReason::Casual => "decline-reason-casual",
            DeclineReason::TooFast => "decline-reason-too-fast",
            DeclineReason::NotBots => "decline-reason-not-bots",
            DeclineReason::OnlyBots => "decline-reason-only-bots",
        };
        ReasonName {
            name: reason.as_str(),
            message,
        }
    }
}

/// A challenge in a list.
#[derive(Debug, Clone)]
pub struct ChallengeLine {
    id: String,
    challenger: String,
    /// Its terms in a sentence, as the list it is in reads it (after the challenger's
    /// name for a challenge to the viewer or an open one; whole for the viewer's own).
    words: String,
    /// "Rematch" for the rematch of a game, to both players.
    rematch: Option<String>,
}

impl ChallengeLine {
    fn new(tr: Tr, c: &Challenge, viewer: AccountId) -> ChallengeLine {
        let kind = tr.t(match (c.terms.rated, c.terms.weekend_pause) {
            (true, false) => "home-rated",
            (false, false) => "home-casual",
            (true, true) => "home-rated-weekends",
            (false, true) => "home-casual-weekends",
        });
        let kind = match match_words(tr, c.match_terms) {
            Some(terms) => format!("{kind}, {terms}"),
            None => kind,
        };
        let first = tr.t(match c.first {
            crate::domain::FirstChoice::Random => "home-first-random-line",
            crate::domain::FirstChoice::Challenger => "home-first-challenger-line",
            crate::domain::FirstChoice::Opponent => "home-first-opponent-line",
        });
        let opponent = c.opponent.as_ref().map(|o| o.username.to_string());
        let id = if c.challenger.id == viewer {
            if opponent.is_some() {
                "home-mine-to"
            } else {
                "home-mine-open"
            }
        } else if opponent.is_some() {
            "home-challenges-you"
        } else {
            "home-open-line"
        };
        let words = tr.args(
            id,
            [
                ("variant", c.variant.title().into_arg()),
                ("kind", kind.into_arg()),
                (
                    "pace",
                    crate::games::view::pace(tr, c.days_per_move.days()).into_arg(),
                ),
                ("first", first.into_arg()),
                ("opponent", opponent.unwrap_or_default().into_arg()),
            ],
        );
        ChallengeLine {
            id: c.id.to_string(),
            challenger: c.challenger.username.to_string(),
            words,
            rematch: c.rematch_of.map(|_| tr.t("home-rematch-tag")),
        }
    }
}

/// How a challenge's match reads in a list: nothing for a single game.
fn match_words(tr: Tr, terms: crate::domain::MatchTerms) -> Option<String> {
    if !terms.is_match() {
        return None;
    }
    let id = match (terms.schedule, terms.stop_when_decided) {
        (crate::domain::Schedule::Sequential, false) => "home-match-sequential",
        (crate::domain::Schedule::Sequential, true) => "home-match-sequential-decided",
        (crate::domain::Schedule::Parallel, false) => "home-match-parallel",
        (crate::domain::Schedule::Parallel, true) => "home-match-parallel-decided",
    };
    Some(tr.t1(id, "count", terms.games()))
}

/// The new-challenge form as typed.
#[derive(Debug, Clone, Default, Deserialize)]
pub struct ChallengeForm {
    #[serde(default)]
    variant: String,
    #[serde(default)]
    days_per_move: String,
    #[serde(default)]
    first: String,
    #[serde(default)]
    opponent: String,
    /// `true` when the "rated" box is ticked (absent otherwise).
    #[serde(default)]
    rated: String,
    /// `true` when the "weekend pause" box is ticked (absent otherwise).
    #[serde(default)]
    weekend_pause: String,
    /// The number of games, 1 to 9 (absent: 1).
    #[serde(default)]
    games: String,
    /// `sequential` or `parallel`.
    #[serde(default)]
    schedule: String,
    /// `true` when the "stop once decided" box is ticked.
    #[serde(default)]
    stop_when_decided: String,
}

/// A `<select>` option.
#[derive(Debug, Clone)]
pub struct Choice {
    value: String,
    label: String,
    selected: bool,
}

/// A house bot's level in the "Play the computer" form: its name and what it does.
#[derive(Debug, Clone)]
pub struct LevelChoice {
    /// The house bot's name (the form's `opponent`).
    value: &'static str,
    /// The level's name.
    label: String,
    /// How it plays, in each game.
    hint: String,
    selected: bool,
}

impl LevelChoice {
    /// Every level, weakest first, `Greedy` chosen.
    fn all(tr: Tr) -> Vec<LevelChoice> {
        use crate::house::Level;
        Level::ALL
            .into_iter()
            .map(|level| {
                let (label, hint) = match level {
                    Level::Random => ("home-level-random", "home-level-random-hint"),
                    Level::Greedy => ("home-level-greedy", "home-level-greedy-hint"),
                    Level::Search => ("home-level-search", "home-level-search-hint"),
                    Level::Perfect => ("home-level-perfect", "home-level-perfect-hint"),
                };
                LevelChoice {
                    value: level.username(),
                    label: tr.t(label),
                    hint: tr.t(hint),
                    selected: level == Level::Greedy,
                }
            })
            .collect()
    }
}

/// `templates/home.html`, signed in.
#[derive(Template)]
#[template(path = "home.html")]
struct HomePage {
    layout: Layout,
    my_turn: Vec<GameLine>,
    waiting: Vec<GameLine>,
    to_me: Vec<ChallengeLine>,
    mine: Vec<ChallengeLine>,
    open: Vec<ChallengeLine>,
    /// The account's challenges declined in the last week.
    declined: Vec<DeclinedLine>,
    /// The reasons' names the decline buttons offer.
    decline_reasons: Vec<ReasonName>,
    variants: Vec<VariantChoice>,
    days: Vec<Choice>,
    firsts: Vec<Choice>,
    opponent: String,
    /// Whether the "rated" box is ticked.
    rated: bool,
    /// Whether the "weekend pause" box is ticked.
    weekend_pause: bool,
    /// 1 to 9 games.
    games: Vec<Choice>,
    /// One after another, or all at once.
    schedules: Vec<Choice>,
    /// Whether the "stop once decided" box is ticked.
    stop_when_decided: bool,
    /// The house bots, for the "Play the computer" form.
    levels: Vec<LevelChoice>,
    /// Whether "Play the computer" comes first on the page (the player has no game
    /// under way), else last.
    computer_first: bool,
    error: Option<String>,
}

/// `templates/welcome.html`, signed out.
#[derive(Template)]
#[template(path = "welcome.html")]
struct WelcomePage {
    layout: Layout,
    ongoing: Vec<GameLine>,
    finished: Vec<GameLine>,
}

/// The signed-out home page: the latest games, ongoing and finished.
async fn welcome(state: &AppState, visitor: &Visitor) -> Result<Response, PageError> {
    let now = state.service.now();
    let ongoing = state
        .service
        .games(None, Some(GameStatus::Ongoing), None, false, 10)
        .await?;
    let finished = state
        .service
        .games(None, Some(GameStatus::Finished), None, false, 10)
        .await?;
    let page = WelcomePage {
        layout: visitor.layout(&visitor.tr().t("welcome-title")),
        ongoing: GameLine::all(
            visitor.tr(),
            &ongoing,
            &state.service.match_refs(&ongoing).await?,
            None,
            now,
        ),
        finished: GameLine::all(
            visitor.tr(),
            &finished,
            &state.service.match_refs(&finished).await?,
            None,
            now,
        ),
    };
    Ok(render(&page)?.into_response())
}

/// The choices `options` (each a value and its label's message), the one whose value
/// is `chosen` selected, or the first when `chosen` is empty.
fn labelled_choices(tr: Tr, options: &[(&str, &str)], chosen: &str) -> Vec<Choice> {
    options
        .iter()
        .enumerate()
        .map(|(i, (value, label))| Choice {
            value: (*value).to_owned(),
            label: tr.t(label),
            selected: *value == chosen || (i == 0 && chosen.is_empty()),
        })
        .collect()
}

/// The days a move may take, `chosen` selected (3 when empty).
fn day_choices(tr: Tr, chosen: &str) -> Vec<Choice> {
    let chosen = if chosen.is_empty() { "3" } else { chosen };
    DaysPerMove::ALLOWED
        .into_iter()
        .map(|d| Choice {
            value: d.to_string(),
            label: tr.t1("time-days", "count", d),
            selected: d.to_string() == chosen,
        })
        .collect()
}

/// The games a match may have, `chosen` selected (one when empty).
fn games_choices(tr: Tr, chosen: &str) -> Vec<Choice> {
    (1..=crate::domain::MatchTerms::MAX_GAMES)
        .map(|n| Choice {
            value: n.to_string(),
            label: tr.t1("home-games-choice", "count", n),
            selected: n.to_string() == chosen || (n == 1 && chosen.is_empty()),
        })
        .collect()
}

/// The home page: a signed-in player's games and challenges, and the challenge form
/// (as `form` was sent, with `error` when it was refused).
async fn home(
    state: &AppState,
    visitor: &Visitor,
    form: ChallengeForm,
    error: Option<String>,
) -> Result<Response, PageError> {
    let now = state.service.now();
    let tr = visitor.tr();
    let Some(account) = &visitor.account else {
        return welcome(state, visitor).await;
    };
    let games = state
        .service
        .games(
            Some(account),
            Some(GameStatus::Ongoing),
            Some(account.username.as_str()),
            false,
            200,
        )
        .await?;
    let (my_turn, waiting): (Vec<_>, Vec<_>) = games
        .into_iter()
        .partition(|g| g.state.to_move.is_some() && g.state.to_move == side_of(g, account.id));
    let my_turn_refs = state.service.match_refs(&my_turn).await?;
    let waiting_refs = state.service.match_refs(&waiting).await?;
    let challenges = state
        .service
        .open_challenges(account, Page::first(HOME_CHALLENGES))
        .await?;
    let declined = state
        .service
        .recently_declined(account, HOME_DECLINED)
        .await?
        .iter()
        .map(|c| DeclinedLine {
            opponent: c
                .opponent
                .as_ref()
                .map(|o| o.username.to_string())
                .unwrap_or_default(),
            variant: c.variant.title(),
            reason: ReasonName::new(c.decline_reason.unwrap_or_default()),
        })
        .collect();
    let lines = |keep: &dyn Fn(&Challenge) -> bool| -> Vec<ChallengeLine> {
        challenges
            .iter()
            .filter(|c| keep(c))
            .map(|c| ChallengeLine::new(tr, c, account.id))
            .collect()
    };
    let page = HomePage {
        layout: visitor
            .layout(&tr.t("home-title"))
            .alerting(error.as_ref(), "challenge-error"),
        my_turn: GameLine::all(visitor.tr(), &my_turn, &my_turn_refs, Some(account), now),
        waiting: GameLine::all(visitor.tr(), &waiting, &waiting_refs, Some(account), now),
        to_me: lines(&|c| c.opponent.as_ref().is_some_and(|o| o.id == account.id)),
        mine: lines(&|c| c.challenger.id == account.id),
        open: lines(&|c| c.opponent.is_none() && c.challenger.id != account.id),
        declined,
        decline_reasons: DECLINE_CHOICES.map(ReasonName::new).to_vec(),
        variants: variant_choices(if form.variant.is_empty() {
            "mangala"
        } else {
            &form.variant
        }),
        days: day_choices(tr, &form.days_per_move),
        firsts: labelled_choices(
            tr,
            &[
                ("random", "home-first-random"),
                ("challenger", "home-first-me"),
                ("opponent", "home-first-my-opponent"),
            ],
            &form.first,
        ),
        rated: form.rated == "true",
        weekend_pause: form.weekend_pause == "true",
        games: games_choices(tr, &form.games),
        schedules: labelled_choices(
            tr,
            &[
                ("sequential", "home-one-after-another"),
                ("parallel", "home-all-at-once"),
            ],
            &form.schedule,
        ),
        // Ticked on a fresh form, as the option defaults to yes.
        stop_when_decided: form.games.is_empty() || form.stop_when_decided == "true",
        opponent: form.opponent,
        levels: LevelChoice::all(tr),
        computer_first: my_turn.is_empty() && waiting.is_empty(),
        error,
    };
    render_form(&page, page.error.is_some())
}

/// `GET /`.
pub async fn show(State(state): State<AppState>, visitor: Visitor) -> Result<Response, PageError> {
    home(&state, &visitor, ChallengeForm::default(), None).await
}

/// `POST /challenges`: a new challenge; a refused one re-renders the form with the
/// reason and what was chosen.
pub async fn create_challenge(
    State(state): State<AppState>,
    PageForm { visitor, form }: PageForm<ChallengeForm>,
) -> Result<Response, PageError> {
    let account = visitor.require()?;
    let request = ChallengeRequest {
        variant: form.variant.clone(),
        days_per_move: form_number(&form.days_per_move),
        first: Some(form.first.clone()).filter(|f| !f.is_empty()),
        opponent: Some(form.opponent.trim().to_owned()).filter(|o| !o.is_empty()),
        rated: form.rated == "true",
        weekend_pause: form.weekend_pause == "true",
        games: form_number(&form.games),
        schedule: Some(form.schedule.clone()).filter(|s| !s.is_empty()),
        // An unticked box sends nothing: only a form with the match fields says no.
        stop_when_decided: if form.games.trim().is_empty() {
            None
        } else {
            Some(form.stop_when_decided == "true")
        },
    };
    match state
        .service
        .challenge_house_at_once(account, request)
        .await
    {
        // A house bot accepted: straight to the game.
        Ok((_, Some(game))) => Ok(Redirect::to(&format!("/games/{}", game.id)).into_response()),
        Ok((_, None)) => Ok(Redirect::to("/").into_response()),
        Err(e @ (Error::Unprocessable { .. } | Error::NotFound(_))) => {
            let message = match e {
                Error::NotFound(_) => {
                    visitor
                        .tr()
                        .t1("home-no-player", "name", form.opponent.trim())
                }
                other => crate::http::pages::refusal::refusal(visitor.tr(), &other),
            };
            home(&state, &visitor, form, Some(message)).await
        }
        Err(e) => Err(e.into()),
    }
}

/// `POST /challenges/{id}/accept`: starts the game and shows it.
pub async fn accept(
    State(state): State<AppState>,
    PagePath(id): PagePath<ChallengeId>,
    PageForm { visitor, .. }: PageForm<NoFields>,
) -> Result<Redirect, PageError> {
    let game = state
        .service
        .accept_challenge(visitor.require()?, id)
        .await?;
    Ok(Redirect::to(&format!("/games/{}", game.id)))
}

/// The decline form: a reason, or none (generic).
#[derive(Debug, Deserialize)]
pub struct DeclineForm {
    #[serde(default)]
    reason: Option<String>,
}

/// `POST /challenges/{id}/decline`.
pub async fn decline(
    State(state): State<AppState>,
    PagePath(id): PagePath<ChallengeId>,
    PageForm { visitor, form }: PageForm<DeclineForm>,
) -> Result<Redirect, PageError> {
    let reason = parse_decline_reason(form.reason.as_deref().filter(|r| !r.is_empty()))?;
    state
        .service
        .decline_challenge(visitor.require()?, id, reason)
        .await?;
    Ok(Redirect::to("/"))
}

/// `POST /challenges/{id}/cancel`.
pub async fn cancel(
    State(state): State<AppState>,
    PagePath(id): PagePath<ChallengeId>,
    PageForm { visitor, .. }: PageForm<NoFields>,
) -> Result<Redirect, PageError> {
    state
        .service
        .cancel_challenge(visitor.require()?, id)
        .await?;
    Ok(Redirect::to("/"))
}
