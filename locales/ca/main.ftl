# Les paraules compartides de seedpost: la disposició (navegació, peu, menú de
# llengües), dates i hores, la pàgina d'error.

## La disposició

nav-skip = Salta al contingut
nav-site = Lloc
nav-standings = Classificació
nav-tournaments = Tornejos
nav-rules = Regles
nav-analysis = Anàlisi
nav-your-games = Les teves partides
nav-turns-waiting = { $count ->
    [one] { $count } partida espera la teva jugada
   *[other] { $count } partides esperen la teva jugada
}
nav-challenges-waiting = { $count ->
    [one] { $count } repte espera la teva resposta
   *[other] { $count } reptes esperen la teva resposta
}
nav-waiting-both = { $games }, { $challenges }
nav-settings = Configuració
nav-log-out = Surt
nav-log-in = Inicia la sessió
nav-sign-up = Registra't
footer-about = seedpost — Mangala, Modiar, Tihbat, Kalah, Oware i Togyz kumalak per correspondència.
footer-rules = Regles
footer-api = API
footer-language = Llengua

## Dates i hores

format-date-time = %-d %B %Y, %H:%M UTC
format-date = %-d %B %Y

## Durades

time-left-none = no queda temps
time-two-units = { $larger } i { $smaller }
time-days = { $count ->
    [one] { $count } dia
   *[other] { $count } dies
}
time-hours = { $count ->
    [one] { $count } hora
   *[other] { $count } hores
}
time-minutes = { $count ->
    [one] { $count } minut
   *[other] { $count } minuts
}

## La pàgina d'error

error-back-home = Torna a la pàgina d'inici
error-log-in-needed = Inicia la sessió per veure aquesta pàgina.
error-log-in = Inicia la sessió
error-sign-up = Registra't
error-status-400 = Petició incorrecta
error-status-401 = No has iniciat la sessió
error-status-403 = Prohibit
error-status-404 = No s'ha trobat
error-status-405 = Mètode no permès
error-status-409 = Conflicte
error-status-413 = Massa gran
error-status-422 = No acceptat
error-status-429 = Massa peticions
error-status-500 = Error del servidor
error-status-503 = No disponible
error-status-other = Error
# El que diu una pàgina d'error, segons l'error (el títol en diu l'estat).
error-not-found = No hi ha res en aquesta adreça: la pàgina no existeix, o el que mostrava ja no hi és.
error-forbidden = No pots fer això. Si has enviat un formulari, potser ha caducat: torna enrere, recarrega la pàgina i torna-ho a provar.
error-not-a-player = No jugues en aquesta partida.
error-game-over = La partida s'ha acabat.
error-internal = Alguna cosa ha fallat al servidor. Torna-ho a provar d'aquí a una estona.
error-unavailable = El servidor està ocupat o aturat un moment. Torna-ho a provar aviat.
error-invalid-query = L'adreça té una part que aquesta pàgina no entén: revisa-la o segueix un enllaç del lloc.
