# The settings pages: reminders (templates/reminders.html), vacation
# (templates/vacation.html), notifications (templates/notifications.html, and the
# messages static/push.js shows), and the offline page (templates/offline.html).

## The settings page (templates/settings.html): each settings page with a line on what it holds

settings-title = Settings
settings-notifications-about = What you are told of and how: push notifications on your devices, e-mail, calendar alarms, and how long before a deadline reminders come.
settings-reminders-about = Your e-mail address and the daily e-mail, and the calendar feed of your move deadlines.
settings-play-about = Whether a tap on a pit plays at once or asks you to confirm.
settings-vacation-about = Stop the clocks of your games while you are away.
settings-account-about = Change your password, log out everywhere, download your data or delete your account.
settings-tokens-about = Keys for bots and programs that play through the API.

## Reminders

reminders-title = Reminders
reminders-intro = Besides the notice on the site when time is running out, seedpost can remind you of your move deadlines in your calendar and by a daily e-mail.
reminders-calendar-h = Calendar feed
reminders-calendar-about = Subscribe to this address in a calendar program: it shows the deadline of each of your games, with alarms at the calendar reminder times chosen on the Notifications page (by default 24 and 2 hours before). Anyone who has the address sees your games, so keep it to yourself; a new address stops the old one.
reminders-feed-address = Your feed's address. Copy it now: it will not be shown again.
reminders-feed-works = Your feed works, at an address made { $since }.
reminders-new-address = Make a new address
reminders-stop-feed = Stop the feed
reminders-no-feed = You have no feed.
reminders-make-feed = Make a feed address
reminders-digest-h = Daily e-mail
# $hour is the hour of the day, UTC (0 to 23).
reminders-digest-about = Once a day, after { $hour }:00 UTC, one mail listing the games where it is your move, if there are any.
reminders-no-mail = This server sends no mail: its operator has not set it up. Your settings are kept for when it does.
reminders-email = E-mail address
reminders-send-digest = Send me the daily e-mail
reminders-save = Save
# $day is a date: 2026-12-03.
reminders-last-sent = Last sent on { $day }.
reminders-saved-on = Saved: the daily e-mail goes to { $email }.
reminders-saved-off = Saved: no daily e-mail will be sent.

## Vacation

vacation-title = Vacation
vacation-about = Going away? On vacation the clocks of all your games stand still, and your opponents see that you are away.
vacation-allowance = { $days ->
    [one] You have { $days } day a year (from 1 January, UTC); games of a tournament that allows no vacation keep running.
   *[other] You have { $days } days a year (from 1 January, UTC); games of a tournament that allows no vacation keep running.
}
# Followed by what is left: "17 days 4 hours".
vacation-left = Left this year:
vacation-since = You are on vacation since { $since }.
vacation-until = It ends by itself at { $until }, when this year's days run out.
vacation-end = End my vacation
vacation-not-away = You are not on vacation.
vacation-start = Start a vacation
vacation-started = Your vacation has started: the clocks of your games stand still.
vacation-ended = Your vacation has ended: the clocks of your games run again.

## Notifications

notify-title = Notifications
notify-devices-h = Your devices
notify-this-device = Notify me on this device
notify-noscript = Turning on push for a device needs JavaScript: the browser itself makes the subscription. Everything else on this page works without it.
notify-no-devices = Push is not on for any device.
# After a device's name.
notify-device-since = since { $since }
notify-last-notified = last notified { $last }
notify-turn-off = Turn off
notify-send-test = Send me a test notification
notify-no-mail = This server sends no mail: its operator has not set it up. Your e-mail choices are kept for when it does.
notify-reminders-before = Reminders before a deadline:
# After "Reminders before a deadline:" on the folded list, when no time is chosen.
notify-reminders-none = none
# The fold of a channel whose kinds of notice are folded away too (e-mail), before
# what is chosen.
notify-choices-summary = What to send:
notify-save = Save
notify-kind-your-turn = Your turn (the opponent moved)
notify-kind-challenge = A challenge to you
notify-kind-game-start = A game started (tournaments and matches too)
notify-kind-game-finish = A game ended
notify-hours-before = { $hours } h before
notify-minutes-before = { $minutes } min before
notify-push-title = Push notifications
notify-push-about = To this phone or computer and your others, once push is on for them (below).
notify-email-title = E-mail
notify-email-about = To the address of your daily e-mail (on the Reminders page): on your turn at most one mail per game and move, never while you have the game open; and one mail at each reminder time.
notify-calendar-title = Calendar alarms
notify-calendar-about = In your calendar feed (on the Reminders page).
notify-bot-title = Bots
notify-bot-about = The time_running_out event of your event stream, besides the one at 80% of the time.
notify-test-none = You have no device with push on: turn it on on a device first.
notify-test-sent = { $count ->
    [one] A test notification is on its way to { $count } device.
   *[other] A test notification is on its way to { $count } devices.
}
# What the page's script says while turning push on (static/push.js).
notify-js-unsupported = This browser cannot receive push notifications.
notify-js-blocked = Notifications are blocked for this site in the browser.
notify-js-refused = The server refused this device.
notify-js-asking = Asking the browser…
notify-js-failed = Push could not be turned on.

## The offline page (shown by the service worker)

offline-tab = Offline
offline-title = You are offline
offline-about = seedpost cannot be reached just now. Your games wait for you: moves are made on the server, and your clock is as it was.
offline-retry = Try again
play-title = Play settings
play-saved = Saved.
play-confirm-moves = Confirm each move
play-confirm-moves-hint = (a first tap on a pit selects it; a second tap, or Confirm, plays it)
play-still-moves = Show moves without animation
play-still-moves-hint = (the stones move to their new pits at once instead of being sown one by one)
play-save = Save

reminders-verified = Verified on { $when }: if you forget your password, a reset link can go to this address.
reminders-unverified = Not verified yet: open the link we mailed to this address. Until then no password reset link goes there.
reminders-resend-verification = Send the verification link again
reminders-verification-sent = A verification link went to { $email }; it works for 24 hours.
