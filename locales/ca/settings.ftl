# Les pàgines de configuració: recordatoris, vacances, notificacions i la pàgina sense connexió.

## La pàgina de configuració: cada pàgina de configuració amb una línia sobre què conté

settings-title = Configuració
settings-notifications-about = De què t'avisem i com: notificacions als teus dispositius, correu electrònic, alarmes del calendari, i quant abans d'un termini arriben els recordatoris.
settings-reminders-about = La teva adreça electrònica i el correu diari, i el calendari amb els terminis de les teves jugades.
settings-play-about = Si tocar un forat juga de seguida o et demana que ho confirmis.
settings-vacation-about = Atura els rellotges de les teves partides mentre siguis fora.
settings-account-about = Canvia la contrasenya, tanca la sessió a tot arreu, baixa les teves dades o esborra el compte.
settings-tokens-about = Claus per a bots i programes que juguen a través de l'API.

## Recordatoris

reminders-title = Recordatoris
reminders-intro = A més de l'avís al lloc quan el temps s'acaba, seedpost et pot recordar els terminis de les teves jugades al calendari i amb un correu diari.
reminders-calendar-h = Canal del calendari
reminders-calendar-about = Subscriu-te a aquesta adreça amb un programa de calendari: mostra el termini de cadascuna de les teves partides, amb alarmes a les hores de recordatori del calendari triades a la pàgina de Notificacions (per defecte 24 i 2 hores abans). Qui tingui l'adreça veu les teves partides, així que guarda-la per a tu; una adreça nova atura l'antiga.
reminders-feed-address = L'adreça del teu canal. Copia-la ara: no es tornarà a mostrar.
reminders-feed-works = El teu canal funciona, amb una adreça feta el { $since }.
reminders-new-address = Fes una adreça nova
reminders-stop-feed = Atura el canal
reminders-no-feed = No tens cap canal.
reminders-make-feed = Fes una adreça de canal
reminders-digest-h = Correu diari
reminders-digest-about = Un cop al dia, després de les { $hour }:00 UTC, un correu amb les partides on et toca jugar, si n'hi ha.
reminders-no-mail = Aquest servidor no envia correu: l'administrador no l'ha configurat. La teva configuració es guarda per a quan ho faci.
reminders-email = Adreça electrònica
reminders-send-digest = Envia'm el correu diari
reminders-save = Desa
reminders-last-sent = Últim enviament el { $day }.
reminders-saved-on = Desat: el correu diari anirà a { $email }.
reminders-saved-off = Desat: no s’enviarà cap correu diari.

## Vacances

vacation-title = Vacances
vacation-about = Te'n vas? De vacances els rellotges de totes les teves partides s'aturen, i els teus rivals veuen que no hi ets.
vacation-allowance = { $days ->
    [one] Tens { $days } dia l'any (des de l'1 de gener, UTC); les partides d'un torneig que no permet vacances continuen.
   *[other] Tens { $days } dies l'any (des de l'1 de gener, UTC); les partides d'un torneig que no permet vacances continuen.
}
vacation-left = Et queda aquest any:
vacation-since = Ets de vacances des del { $since }.
vacation-until = S'acaben soles el { $until }, quan s'esgotin els dies d'aquest any.
vacation-end = Acaba les vacances
vacation-not-away = No ets de vacances.
vacation-start = Comença unes vacances
vacation-started = Les vacances han començat: els rellotges de les teves partides estan aturats.
vacation-ended = Les vacances s'han acabat: els rellotges de les teves partides tornen a córrer.

## Notificacions

notify-title = Notificacions
notify-devices-h = Els teus dispositius
notify-this-device = Avisa'm en aquest dispositiu
notify-noscript = Activar el push en un dispositiu necessita JavaScript: la subscripció la fa el mateix navegador. Tota la resta d'aquesta pàgina funciona sense.
notify-no-devices = El push no està activat en cap dispositiu.
notify-device-since = des del { $since }
notify-last-notified = últim avís el { $last }
notify-turn-off = Desactiva
notify-send-test = Envia'm una notificació de prova
notify-no-mail = Aquest servidor no envia correu: l'administrador no l'ha configurat. Les teves opcions de correu es guarden per a quan ho faci.
notify-reminders-before = Recordatoris abans d'un termini:
# After "Reminders before a deadline:" on the folded list, when no time is chosen.
notify-reminders-none = cap
# The fold of a channel whose kinds of notice are folded away too (e-mail), before
# what is chosen.
notify-choices-summary = Què s'envia:
notify-save = Desa
notify-kind-your-turn = Et toca (el rival ha jugat)
notify-kind-challenge = Un desafiament per a tu
notify-kind-game-start = Ha començat una partida (també de tornejos i matxs)
notify-kind-game-finish = S'ha acabat una partida
notify-hours-before = { $hours } h abans
notify-minutes-before = { $minutes } min abans
notify-push-title = Notificacions push
notify-push-about = A aquest mòbil o ordinador i als altres, un cop hi activis les notificacions push (a sota).
notify-email-title = Correu electrònic
notify-email-about = A l'adreça del teu correu diari (a la pàgina Recordatoris): quan et toca, com a molt un correu per partida i jugada, mai mentre tens la partida oberta; i un correu a cada hora de recordatori.
notify-calendar-title = Alarmes del calendari
notify-calendar-about = Al canal del teu calendari (a la pàgina Recordatoris).
notify-bot-title = Bots
notify-bot-about = L'esdeveniment time_running_out del teu flux d'esdeveniments, a més del del 80% del temps.
notify-test-none = No tens cap dispositiu amb el push activat: activa'l primer en un dispositiu.
notify-test-sent = { $count ->
    [one] Una notificació de prova va cap a { $count } dispositiu.
   *[other] Una notificació de prova va cap a { $count } dispositius.
}
notify-js-unsupported = Aquest navegador no pot rebre notificacions push.
notify-js-blocked = Les notificacions estan bloquejades per a aquest lloc al navegador.
notify-js-refused = El servidor ha rebutjat aquest dispositiu.
notify-js-asking = S'està preguntant al navegador…
notify-js-failed = No s'ha pogut activar el push.

## La pàgina sense connexió

offline-tab = Sense connexió
offline-title = No tens connexió
offline-about = Ara mateix no es pot arribar a seedpost. Les teves partides t'esperen: les jugades es fan al servidor, i el teu rellotge és com era.
offline-retry = Torna-ho a provar
play-title = Paràmetres de joc
play-saved = Desat.
play-confirm-moves = Confirma cada jugada
play-confirm-moves-hint = (un primer toc en un forat el selecciona; un segon toc, o Confirma, el juga)
play-still-moves = Mostra les jugades sense animació
play-still-moves-hint = (les pedres passen de cop als seus forats nous en lloc de sembrar-se una a una)
play-save = Desa

reminders-verified = Verificada el { $when }: si oblides la contrasenya, s'hi pot enviar un enllaç per restablir-la.
reminders-unverified = Encara no està verificada: obre l'enllaç que hem enviat a aquesta adreça. Fins aleshores no s'hi envia cap enllaç per restablir la contrasenya.
reminders-resend-verification = Torna a enviar l'enllaç de verificació
reminders-verification-sent = S'ha enviat un enllaç de verificació a { $email }; funciona durant 24 hores.
