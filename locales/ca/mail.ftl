# El que s'envia a un jugador: el correu diari (src/service/digest.rs) i les
# notificacions (src/service/push.rs).

mail-digest-subject = { $count ->
    [one] Et toca en { $count } partida a seedpost
   *[other] Et toca en { $count } partides a seedpost
}
mail-digest-hello = Hola, { $name }:
mail-digest-intro = Et toca jugar en aquestes partides (hores en UTC):
mail-digest-game = { $variant } contra { $opponent }
mail-digest-vacation = rellotge aturat, { $opponent } és de vacances
mail-digest-deadline = juga abans de { $deadline } (queden { $left })
mail-digest-no-time = gens de temps
mail-digest-footer =
    Reps aquest correu un cop al dia perquè l'has demanat. Per aturar-lo o
    canviar l'adreça: { $link }

mail-turn-subject = { $opponent } ha jugat: et toca a { $variant }
mail-turn-subject-many = { $count ->
    [one] Et toca en { $count } partida a seedpost
   *[other] Els teus rivals han jugat: et toca en { $count } partides a seedpost
}
mail-turn-intro = { $count ->
    [one] El teu rival ha jugat i et toca (hores en UTC):
   *[other] Els teus rivals han jugat en aquestes partides i et toca (hores en UTC):
}
mail-turn-footer =
    Reps aquest correu perquè has activat el correu quan et toca, com a molt un
    cada { $minutes } minuts. Per aturar-lo:
    { $link }

push-your-turn-title = Et toca
push-your-turn = { $variant }: { $players } — et toca jugar
push-running-out-title = S'acaba el temps
push-running-out = { $variant }: { $players } — la teva jugada venç aviat
push-reminder = { $variant }: { $players } — et queden { $left } per jugar
push-game-over-title = Partida acabada
push-game-start-title = Ha començat una partida
push-game = { $variant }: { $players }
push-challenge-title = Un repte
push-challenge = { $challenger } et repta a { $variant }
push-tournament-title = Ha començat un torneig
push-tournament = Han començat les teves partides del torneig
push-test = Les notificacions funcionen en aquest dispositiu.

# E-mail reminders

mail-reminder-subject = Et queden { $left } per jugar contra { $opponent } a { $variant }
mail-reminder-text = Se t'acaba el temps per jugar: et queden { $left } (hores en UTC):
mail-reminder-footer =
    Reps aquest recordatori perquè has triat recordatoris per correu abans
    dels terminis. Per canviar-ne les hores o aturar-los:
    { $link }

# Address verification and password reset
mail-verify-subject = Confirma la teva adreça electrònica a seedpost
mail-verify-intro = S'ha indicat aquesta adreça per al teu compte de seedpost. Si has estat tu, obre aquest enllaç per confirmar-la (funciona durant { $hours } hores):
mail-verify-footer = Si no has estat tu, no facis cas d'aquest correu: l'adreça continua sense verificar.
mail-reset-subject = Posa una contrasenya nova a seedpost
mail-reset-intro = Algú ha demanat posar una contrasenya nova al teu compte de seedpost. Si has estat tu, obre aquest enllaç (funciona una sola vegada, durant { $minutes } minuts):
mail-reset-footer = Si no has estat tu, no facis cas d'aquest correu: la contrasenya continua com era.
