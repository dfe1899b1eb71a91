# Per què s'ha rebutjat un formulari, segons el codi estable de l'error.

refused-bad-credentials = Nom d'usuari o contrasenya incorrectes
refused-username-taken = Aquest nom d'usuari ja està agafat
refused-invalid-username = Un nom d'usuari té de 3 a 20 caràcters: lletres de la a a la z, xifres, _ o -, i no comença per "house"
refused-invalid-password = Una contrasenya té com a mínim 8 caràcters i com a màxim 1024
refused-wrong-password = La contrasenya actual és incorrecta
refused-rate-limited = { $seconds ->
    [one] Massa intents: torna-ho a provar d'aquí a { $seconds } segon
   *[other] Massa intents: torna-ho a provar d'aquí a { $seconds } segons
}
refused-invalid-label = L'etiqueta d'una clau té d'1 a 100 caràcters i cap caràcter de control
refused-too-many-tokens = Ja tens totes les claus que pot tenir un compte: revoca'n una primer
refused-too-many-tournaments = Ja tens tots els tornejos oberts que pot tenir un compte: espera que en comenci un
refused-invalid-scopes = Una clau necessita com a mínim un permís
refused-invalid-email = No és una adreça on pugui anar el correu diari
refused-invalid-name = El nom d'un torneig té d'1 a 60 caràcters, cap de control
refused-invalid-variant = Tria un dels jocs
refused-invalid-days-per-move = Tria els dies per jugada de la llista
refused-invalid-max-players = Un torneig té de 2 a 32 jugadors
refused-invalid-starts-at = L'inici és una data i hora futures
refused-invalid-time-zone = La zona horària no és cap de les oferides
refused-already-joined = Ja ets en aquest torneig
refused-tournament-full = El torneig és ple
refused-tournament-started = El torneig ha començat: ja no s'hi pot apuntar
refused-tournament-over = El torneig s'ha acabat
refused-not-in-tournament = No ets en aquest torneig
refused-no-vacation-left = S'han esgotat els dies de vacances d'aquest any
refused-not-on-vacation = No ets de vacances
refused-on-vacation = Ja ets de vacances
refused-invalid-settings = El formulari té un camp que no hi hauria de ser: torna a carregar la pàgina i torna-ho a provar
refused-invalid-first = Tria de la llista qui comença
refused-invalid-games = Un matx té d'1 a 9 partides
refused-invalid-schedule = Tria de la llista com es juguen les partides
refused-self-challenge = No et pots reptar a tu mateix
refused-opponent-closed = El compte d'aquest jugador està tancat
refused-too-many-challenges = Tens tants reptes oberts com pot tenir un compte: cancel·la'n un primer
refused-challenge-closed = El repte ja no està obert
refused-own-challenge = No pots acceptar el teu propi repte

refused-link-unknown = Aquest enllaç no és conegut: potser un de més nou l'ha substituït. Demana'n un de nou.
refused-link-used = Aquest enllaç ja s'ha fet servir: un enllaç funciona una sola vegada. Demana'n un de nou.
refused-link-expired = Aquest enllaç ha caducat. Demana'n un de nou.
refused-address-changed = Aquest enllaç verifica una adreça que ja no és la del compte.
refused-mail-not-configured = Aquest servidor no envia correu electrònic: demana al seu operador que et posi una contrasenya nova.
refused-invalid-identifier = Escriu un nom d'usuari o una adreça electrònica.
refused-no-address = Primer indica una adreça.
refused-already-verified = Aquesta adreça ja està verificada.
refused-too-late-to-abort = Tots dos bàndols han mogut: la partida ja no es pot anul·lar. Encara pots abandonar.
refused-other = No s'ha pogut fer (motiu: { $code }).
