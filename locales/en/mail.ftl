# What is sent to a player: the daily e-mail (src/service/digest.rs), the mail on
# your turn (src/service/turnmail.rs) and push notifications (src/service/push.rs).

mail-digest-subject = { $count ->
    [one] Your move in { $count } game on seedpost
   *[other] Your move in { $count } games on seedpost
}
mail-digest-hello = Hello { $name },
mail-digest-intro = It is your move in these games (times in UTC):
mail-digest-game = { $variant } against { $opponent }
mail-digest-vacation = clock stopped, { $opponent } is on vacation
mail-digest-deadline = move by { $deadline } ({ $left } left)
mail-digest-no-time = no time
mail-digest-footer =
    You get this mail once a day because you asked for it. To stop it or
    change the address: { $link }

mail-turn-subject = { $opponent } moved: your turn in { $variant }
mail-turn-subject-many = { $count ->
    [one] Your move in { $count } game on seedpost
   *[other] Your opponents moved: your move in { $count } games on seedpost
}
mail-turn-intro = { $count ->
    [one] Your opponent moved; it is your turn (times in UTC):
   *[other] Your opponents moved in these games; it is your turn (times in UTC):
}
mail-turn-footer =
    You get this mail because you turned on e-mail on your turn, at most one
    every { $minutes } minutes. To stop it:
    { $link }

push-your-turn-title = Your move
push-your-turn = { $variant }: { $players } — it is your turn
push-running-out-title = Time is running out
push-running-out = { $variant }: { $players } — your move is due soon
push-reminder = { $variant }: { $players } — { $left } left for your move
push-game-over-title = Game over
push-game-start-title = A game started
push-game = { $variant }: { $players }
push-challenge-title = A challenge
push-challenge = { $challenger } challenges you to { $variant }
push-tournament-title = A tournament started
push-tournament = Your tournament games have started
push-test = Notifications work on this device.

# E-mail reminders

mail-reminder-subject = { $left } left for your move against { $opponent } in { $variant }
mail-reminder-text = Your time to move is running out: { $left } left (times in UTC):
mail-reminder-footer =
    You get this reminder because you chose e-mail reminders before your
    deadlines. To change their times or stop them:
    { $link }

# Address verification and password reset
mail-verify-subject = Confirm your e-mail address for seedpost
mail-verify-intro = This address was set for your seedpost account. If it was you, open this link to confirm it (it works for { $hours } hours):
mail-verify-footer = If it was not you, ignore this mail: the address stays unverified.
mail-reset-subject = Set a new seedpost password
mail-reset-intro = Someone asked to set a new password for your seedpost account. If it was you, open this link (it works once, for { $minutes } minutes):
mail-reset-footer = If it was not you, ignore this mail: your password stays as it is.
