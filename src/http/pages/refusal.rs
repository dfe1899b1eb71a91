//! Why a form was refused, in the visitor's language: the forms of the account,
//! token, settings and tournament pages show the message of the error's stable code
//! (`locales/*/refusals.ftl`). The API's `message` texts stay English (issue 22):
//! a page in another language says a code without a message of its own in words of
//! its language, with the code, rather than an English sentence.

use super::error::capitalise;
use crate::error::Error;
use crate::i18n::Tr;

/// The refusal `error` as a form or an error page shows it, in the language of `tr`;
/// an error whose code has no message of its own keeps the API's English text on an
/// English page, and says it was refused, with its code, in another language.
#[must_use]
pub fn refusal(tr: Tr, error: &Error) -> String {
    if let Error::RateLimited { retry_after } = error {
        return tr.t1("refused-rate-limited", "seconds", *retry_after);
    }
    let id = match error.code() {
        "bad_credentials" => "refused-bad-credentials",
        "username_taken" => "refused-username-taken",
        "invalid_username" => "refused-invalid-username",
        "invalid_password" => "refused-invalid-password",
        "wrong_password" => "refused-wrong-password",
        "invalid_label" => "refused-invalid-label",
        "too_many_tokens" => "refused-too-many-tokens",
        "too_many_tournaments" => "refused-too-many-tournaments",
        "invalid_scopes" => "refused-invalid-scopes",
        "invalid_email" => "refused-invalid-email",
        "invalid_name" => "refused-invalid-name",
        "invalid_variant" => "refused-invalid-variant",
        "invalid_days_per_move" => "refused-invalid-days-per-move",
        "invalid_max_players" => "refused-invalid-max-players",
        "invalid_starts_at" => "refused-invalid-starts-at",
        "invalid_time_zone" => "refused-invalid-time-zone",
        "already_joined" => "refused-already-joined",
        "tournament_full" => "refused-tournament-full",
        "tournament_started" => "refused-tournament-started",
        "tournament_over" => "refused-tournament-over",
        "not_in_tournament" => "refused-not-in-tournament",
        "no_vacation_left" => "refused-no-vacation-left",
        "not_on_vacation" => "refused-not-on-vacation",
        "on_vacation" => "refused-on-vacation",
        "invalid_settings" => "refused-invalid-settings",
        "invalid_first" => "refused-invalid-first",
        "invalid_games" => "refused-invalid-games",
        "invalid_schedule" => "refused-invalid-schedule",
        "self_challenge" => "refused-self-challenge",
        "opponent_closed" => "refused-opponent-closed",
        "too_many_challenges" => "refused-too-many-challenges",
        "challenge_closed" => "refused-challenge-closed",
        "own_challenge" => "refused-own-challenge",
        "link_unknown" => "refused-link-unknown",
        "link_used" => "refused-link-used",
        "link_expired" => "refused-link-expired",
        "address_changed" => "refused-address-changed",
        "mail_not_configured" => "refused-mail-not-configured",
        "invalid_identifier" => "refused-invalid-identifier",
        "no_address" => "refused-no-address",
        "already_verified" => "refused-already-verified",
        "too_late_to_abort" => "refused-too-late-to-abort",
        "blocked" => "refused-blocked",
        "chat_off" => "refused-chat-off",
        "muted" => "refused-muted",
        "invalid_chat_line" => "refused-invalid-chat-line",
        "note_too_long" => "refused-note-too-long",
        "own_line" => "refused-own-line",
        "self_block" => "refused-self-block",
        _ if tr.lang() == crate::domain::Lang::En => return capitalise(&error.to_string()),
        code => return tr.t1("refused-other", "code", code),
    };
    tr.t(id)
}
