# The pages of an account: sign up and log in (templates/account_form.html), the API
# tokens (templates/tokens.html) and the account page (templates/account.html).

## Sign up and log in

auth-sign-up = Sign up
auth-log-in = Log in
auth-username = User name
auth-username-hint = (3 to 20 letters, digits, _ or -)
auth-password = Password
auth-password-hint = (at least 8 characters)
auth-have-account = Already have an account?
auth-new-here = New here?

## API tokens

tokens-title = API tokens
# Followed by the header a program sends, "Authorization: Bearer <token>".
tokens-intro = Programs play through the API with a token, sent in this header:
# The word inside "Bearer <token>".
tokens-token = token
tokens-api-docs = How the API works
# Followed by the new token's label.
tokens-new = New token:
tokens-copy-now = Copy it now: it will not be shown again.
tokens-new-h = New token
tokens-label = Label
tokens-create = Create token
tokens-yours = Your tokens
tokens-none = No tokens.
tokens-created = Created
tokens-last-used = Last used
tokens-never = never
tokens-action = Action
tokens-revoke = Revoke
# For screen readers: which token the button revokes.
tokens-revoke-label = Revoke { $label }

## The account page

account-title = Your account
account-password-h = Change your password
account-password-about = Every other browser signed in to your account is signed out. Your API tokens keep working unless you revoke them here too.
account-current-password = Current password
account-new-password = New password
account-revoke-tokens = Also revoke every API token
account-change-password = Change password
account-everywhere-h = Log out everywhere
# Followed by a link to the API tokens page.
account-everywhere-about = Signs out every browser signed in to your account, this one too. API tokens keep working: revoke them on their page:
account-tokens-link = API tokens
account-log-out-everywhere = Log out everywhere
account-password-changed = Your password is changed. Other sessions ended: { $sessions }.
account-tokens-revoked = API tokens revoked: { $count }.

## Your data and deleting the account

account-data-h = Your data
account-download = Download your data
account-download-about = your account, games, challenges, tokens, webhooks, devices and settings as one JSON file
account-delete-link = Delete your account
delete-title = Delete your account?
delete-about = This cannot be undone. Your sessions, API tokens, webhooks, devices, reminders and settings are deleted; your open challenges are canceled; your ongoing games are aborted where the rules allow it and resigned otherwise. Your finished games stay, under a placeholder name. Your user name is free for anyone to take.
delete-download-first = first (a JSON file).
delete-password = Your password
delete-confirm = Delete my account
delete-keep = No, keep it
delete-done-h = Your account is deleted
delete-done = Everything of it is gone but its finished games, which now show the name { $name }, so that your opponents’ results and ratings stay true.
delete-back = Back to the start page

## Forgotten passwords and address verification

auth-forgot-password = Forgot your password?
reset-title = Forgotten password
reset-about = Type your user name or your verified e-mail address. If an account matches, we mail it a link to set a new password; the link works once, for { $minutes } minutes.
reset-no-mail = This server sends no e-mail, so it cannot mail you a link. Ask its operator to set a new password for you: seedpost admin reset-password NAME
reset-identifier = User name or e-mail address
reset-send = Send the link
reset-sent = If an account with a verified address matches, a link to set a new password is on its way there. It works once, for { $minutes } minutes.
reset-back-to-log-in = Back to log in
reset-new-title = Set a new password
reset-new-about = Choose a new password for { $name }. Every session of the account ends; its API tokens stay.
reset-set-password = Set the password
reset-done = Your password is set. Sessions ended: { $sessions }. Log in with the new password.
reset-ask-again = Ask for a new link
verify-title = Address verification
verify-done = { $email } is verified for { $name }: if you forget your password, a reset link can go there.
verify-ask-again = A new link can be sent from the Reminders page.
