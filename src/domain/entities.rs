//! The entities of the server's world as the store keeps them and every layer above
//! uses them: accounts, tokens, sessions, challenges, games and their moves, events.
//! Plain data of validated values; the store builds them from rows, the service and
//! the HTTP side read them, and none of them knows how it is stored.

use chrono::{DateTime, Utc};
use seedpost_rules::{BySide, Pit, Side, Variant};

use super::{
    AccountId, ChallengeId, ChallengeStatus, DaysPerMove, DeclineReason, Ending, EventKind,
    FirstChoice, GameId, GameStatus, MatchId, MatchTerms, Scopes, Terms, TokenId, TournamentId,
    Username,
};

/// A stored account.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Account {
    /// Its id.
    pub id: AccountId,
    /// Its name, as typed at sign-up.
    pub username: Username,
    /// Whether a program plays for it.
    pub bot: bool,
    /// When it was made.
    pub created_at: DateTime<Utc>,
}

/// Whether an account is closed or deleted.
#[derive(Debug, Clone, Copy, Default, PartialEq, Eq)]
pub struct AccountState {
    /// When the operator closed it (or its player deleted it); `None` while open.
    pub closed_at: Option<DateTime<Utc>>,
    /// When its player deleted it.
    pub deleted_at: Option<DateTime<Utc>>,
}

/// An account to create.
#[derive(Debug, Clone)]
pub struct NewAccount {
    /// Its id.
    pub id: AccountId,
    /// Its name.
    pub username: Username,
    /// The argon2id PHC string of its password.
    pub password_hash: String,
    /// Whether a program plays for it.
    pub bot: bool,
    /// Now.
    pub created_at: DateTime<Utc>,
    /// The client address it signs up from, when known (for the operator's list).
    pub sign_up_address: Option<std::net::IpAddr>,
}

/// An API token as listed: never the secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Token {
    /// Its id.
    pub id: TokenId,
    /// Its owner.
    pub account_id: AccountId,
    /// The owner's label for it.
    pub label: String,
    /// What it may be used for.
    pub scopes: Scopes,
    /// When it was made.
    pub created_at: DateTime<Utc>,
    /// When it was last used to authenticate, if ever.
    pub last_used_at: Option<DateTime<Utc>>,
}

/// A token to store: its SHA-256 hash (hex), never the secret.
#[derive(Debug, Clone)]
pub struct NewToken {
    /// Its id.
    pub id: TokenId,
    /// The owner's label.
    pub label: String,
    /// What it may be used for.
    pub scopes: Scopes,
    /// Lower-case hex SHA-256 of the secret.
    pub hash: String,
    /// Now.
    pub created_at: DateTime<Utc>,
}

/// A player as shown beside a challenge or game.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Player {
    /// The account.
    pub id: AccountId,
    /// Its name.
    pub username: Username,
    /// Whether it is a bot.
    pub bot: bool,
}

/// A stored challenge.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Challenge {
    /// Its id.
    pub id: ChallengeId,
    /// Who made it.
    pub challenger: Player,
    /// Whom it names, or `None` when open to anyone.
    pub opponent: Option<Player>,
    /// The game to play.
    pub variant: Variant,
    /// Days for each move.
    pub days_per_move: DaysPerMove,
    /// Who moves first.
    pub first: FirstChoice,
    /// Rated or casual.
    pub terms: Terms,
    /// One game, or a match of several.
    pub match_terms: MatchTerms,
    /// Where it stands.
    pub status: ChallengeStatus,
    /// Why it was declined: `Some` exactly when `status` is declined.
    pub decline_reason: Option<DeclineReason>,
    /// The game started by accepting it.
    pub game_id: Option<GameId>,
    /// The game it is the rematch of, when offered as one.
    pub rematch_of: Option<GameId>,
    /// When it was made.
    pub created_at: DateTime<Utc>,
}

/// A challenge to create.
#[derive(Debug, Clone)]
pub struct NewChallenge {
    /// Its id.
    pub id: ChallengeId,
    /// Who makes it.
    pub challenger: AccountId,
    /// Whom it names, if anyone.
    pub opponent: Option<AccountId>,
    /// The game to play.
    pub variant: Variant,
    /// Days for each move.
    pub days_per_move: DaysPerMove,
    /// Who moves first.
    pub first: FirstChoice,
    /// Rated or casual.
    pub terms: Terms,
    /// One game, or a match of several.
    pub match_terms: MatchTerms,
    /// `Some` when the filters of the player it names decline it as it is made (it is
    /// stored declined, with this reason, and never open).
    pub declined: Option<DeclineReason>,
    /// The game it is the rematch of, when offered as one.
    pub rematch_of: Option<GameId>,
    /// Now.
    pub created_at: DateTime<Utc>,
}

/// One stored ply.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct Move {
    /// Its number: the n-th ply of the game has ply n (from 1).
    pub ply: u32,
    /// Who made it.
    pub side: Side,
    /// The pit sown, or `None` for an automatic pass.
    pub pit: Option<Pit>,
    /// When it was played.
    pub at: DateTime<Utc>,
}

/// The end of a game as stored.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct GameResult {
    /// Final stones per side (the stores at the end for resign, timeout and abort).
    pub score: BySide<u8>,
    /// The winner, or `None` for a draw or an abort.
    pub winner: Option<Side>,
    /// How it ended.
    pub ending: Ending,
}

impl GameResult {
    /// The points it gives each side in a game of `status`: none for an abort.
    #[must_use]
    pub fn points(&self, status: GameStatus) -> BySide<f64> {
        if status == GameStatus::Aborted {
            return BySide::new(0.0, 0.0);
        }
        seedpost_rules::Points::for_winner(self.winner).map(seedpost_rules::Points::as_f64)
    }
}

/// The cached state of a game after its last ply.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameState {
    /// The game's status.
    pub status: GameStatus,
    /// The number of plies played.
    pub ply: u32,
    /// The side to move, or `None` once over.
    pub to_move: Option<Side>,
    /// Each side's pits from its owner's left.
    pub board: BySide<Vec<u8>>,
    /// Stores (Mangala) or captures.
    pub stores: BySide<u8>,
    /// When the side to move loses on time; `None` once over.
    pub deadline: Option<DateTime<Utc>>,
    /// The result, once over.
    pub result: Option<GameResult>,
    /// When the state last changed.
    pub updated_at: DateTime<Utc>,
}

/// A stored game, without its moves.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Game {
    /// Its id.
    pub id: GameId,
    /// The game played.
    pub variant: Variant,
    /// The players.
    pub players: BySide<Player>,
    /// Who moved first.
    pub first: Side,
    /// Days for each move.
    pub days_per_move: DaysPerMove,
    /// Rated or casual, as its challenge said.
    pub terms: Terms,
    /// Which players are on vacation now with this game's clock standing still (never
    /// in a tournament game whose tournament forbids vacation).
    pub on_vacation: BySide<bool>,
    /// The challenge it came from.
    pub challenge_id: Option<ChallengeId>,
    /// The tournament it belongs to, if any.
    pub tournament: Option<TournamentRef>,
    /// When it started.
    pub created_at: DateTime<Utc>,
    /// The cached state.
    pub state: GameState,
    /// How many times its players' conditional lines were written (0: never, and a
    /// move looks for none). A move is written only if it still stands at the count
    /// its mover read (see `games::conditional`). Never shown to anyone.
    pub plan_rev: i32,
}

/// A game with its moves: the truth.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct GameWithMoves {
    /// The game.
    pub game: Game,
    /// Its plies in order: `moves[i].ply == i + 1`.
    pub moves: Vec<Move>,
}

/// A game to create on accepting a challenge.
#[derive(Debug, Clone)]
pub struct NewGame {
    /// Its id.
    pub id: GameId,
    /// The game played.
    pub variant: Variant,
    /// South's and North's accounts.
    pub players: BySide<AccountId>,
    /// Who moves first (after the draw).
    pub first: Side,
    /// Days for each move.
    pub days_per_move: DaysPerMove,
    /// Rated or casual, as its challenge said.
    pub terms: Terms,
    /// The starting state (ply 0).
    pub state: GameState,
    /// Now.
    pub created_at: DateTime<Utc>,
}

/// Which games to list.
#[derive(Debug, Clone, Default)]
pub struct GameFilter {
    /// Only games with this status.
    pub status: Option<GameStatus>,
    /// Only games this account plays.
    pub player: Option<AccountId>,
    /// Only games where this account is to move.
    pub to_move: Option<AccountId>,
    /// Whose urgency orders the list: games where this account is to move come first.
    pub viewer: Option<AccountId>,
    /// At most this many (the store caps it at 500).
    pub limit: u32,
}

/// Which of a player's finished games to list, newest first: one page of them.
#[derive(Debug, Clone)]
pub struct FinishedFilter {
    /// The player.
    pub player: AccountId,
    /// Only games of this variant.
    pub variant: Option<Variant>,
    /// Only games the player won, drew or lost.
    pub result: Option<super::PlayerResult>,
    /// Games to skip (earlier pages).
    pub offset: u32,
    /// At most this many (the store caps it at 500).
    pub limit: u32,
}

/// A player's line in the standings.
#[derive(Debug, Clone, PartialEq)]
pub struct Standing {
    /// The player.
    pub username: Username,
    /// Finished games (aborted ones do not count).
    pub games: u32,
    /// Wins.
    pub wins: u32,
    /// Draws.
    pub draws: u32,
    /// Losses.
    pub losses: u32,
    /// Points in halves (a win 2, a draw 1), exact.
    pub half_points: u32,
    /// The player's rating in the variant, for the standings of one variant when the
    /// player has finished a rated game in it.
    pub rating: Option<crate::ratings::Rating>,
}

/// A browser session to store: the SHA-256 (hex) of its cookie secret, never the secret.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewSession {
    /// Lower-case hex SHA-256 of the cookie's secret.
    pub hash: String,
    /// The signed-in account.
    pub account: AccountId,
    /// The token every form of this session carries against cross-site requests.
    pub csrf: String,
    /// Now.
    pub created_at: DateTime<Utc>,
    /// When it stops being valid.
    pub expires_at: DateTime<Utc>,
}

/// A live browser session.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Session {
    /// The signed-in account.
    pub account: Account,
    /// The session's form token.
    pub csrf: String,
    /// When it stops being valid.
    pub expires_at: DateTime<Utc>,
    /// The language the account chose (read with the session, for every page).
    pub language: Option<super::Lang>,
}

/// Where a game stands in its match: game `number` of `of`.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct MatchRef {
    /// The match.
    pub id: MatchId,
    /// The game's number, from 1.
    pub number: u8,
    /// The number of games the match has.
    pub of: u8,
}

/// The tournament a game belongs to, as the game shows it.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct TournamentRef {
    /// Its id.
    pub id: TournamentId,
    /// Its name.
    pub name: String,
}

/// An event to store for an account, in the same transaction as the change it tells
/// of. The store gives it the account's next seq.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct NewEvent {
    /// Whose stream it goes to.
    pub account: AccountId,
    /// What it tells.
    pub kind: EventKind,
    /// Its body: a JSON object (without `type` and `seq`), as text.
    pub payload: String,
    /// Now.
    pub created_at: DateTime<Utc>,
}

/// A stored event.
#[derive(Debug, Clone, PartialEq, Eq)]
pub struct Event {
    /// Whose stream it is in.
    pub account: AccountId,
    /// Its place in that stream, from 1, without gaps except purged ones.
    pub seq: u64,
    /// What it tells.
    pub kind: EventKind,
    /// Its body: a JSON object (without `type` and `seq`), as text.
    pub payload: String,
    /// When it was written.
    pub created_at: DateTime<Utc>,
}
