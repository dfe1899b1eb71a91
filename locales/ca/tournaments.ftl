# Les pàgines de tornejos: la llista i el formulari de torneig nou, un torneig, la confirmació de retirada.

## La llista

tournaments-title = Tornejos
tournaments-about = Lligues: tothom juga contra tothom (dues vegades, canviant de costat, a la lliga a doble volta). A l'inici totes les partides comencen alhora; una victòria val 1, unes taules ½. Els empats es desfan amb la puntuació Sonneborn–Berger.
tournaments-open = Oberts
tournaments-running = En joc
tournaments-past = Passats
tournaments-none = Cap.
tournaments-line = { $variant }, { $format }; { $players } de { $max } jugadors; comença el { $starts }; { $status }
tournaments-new-h = Torneig nou
tournaments-name = Nom
tournaments-game = Joc
tournaments-days-per-move = Dies per jugada
tournaments-player-limit = Límit de jugadors
tournaments-player-limit-hint = (de 2 a 32)
tournaments-starts-at = Comença el
tournaments-local-time = (la vostra hora, a la zona horària de sota)
tournaments-zone = Zona horària
tournaments-zone-hint = (l'inici de dalt es llegeix en aquesta zona)
tournaments-zone-browser = L'inici es llegeix a la vostra zona horària: { $zone }
tournaments-double = Lliga a doble volta
tournaments-double-hint = (cada parella juga dues vegades, canviant de costat)
tournaments-rated = Puntuable
tournaments-no-vacation = Sense vacances
tournaments-no-vacation-hint = (les vacances d'un jugador no aturen els rellotges d'aquestes partides)
tournaments-create = Crea
tournaments-need-account = Per crear un torneig o apuntar-s'hi cal un compte.
tournaments-log-in = Inicia la sessió

## La configuració d'un torneig

tournament-format-double = lliga a doble volta
tournament-format-single = lliga a una volta
tournament-format-days = { $days ->
    [one] { $days } dia per jugada
   *[other] { $days } dies per jugada
}
tournament-format-rated = puntuable
tournament-format-casual = amistós
tournament-format-no-vacation = les vacances no aturen els rellotges
tournament-format-separator = {", "}
tournament-status-open = obert: s'hi pot apuntar
tournament-status-running = en joc
tournament-status-finished = acabat
tournament-status-canceled = cancel·lat: massa pocs jugadors

## Un torneig

tournament-made-by = Creat per
tournament-starts = comença el { $starts }
tournament-players-h = Jugadors ({ $count } de { $max })
tournament-no-one = Encara ningú.
tournament-join = Apunta-m'hi
tournament-leave = Desapunta'm
tournament-withdraw = Retira't…
tournament-withdraw-hint = (abandones les partides que et queden)
tournament-final = Classificació final
tournament-crosstable = Taula creuada
tournament-player = Jugador
tournament-points = Punts
tournament-sb = SB
tournament-withdrew = (retirat)
tournament-points-hint = Punts: 1 una victòria, ½ unes taules, 0 una derrota; les partides anul·lades no puntuen. SB (Sonneborn–Berger): sobre les partides d'un jugador, els punts de cadascuna per el total del rival.
tournament-games-h = Partides
tournament-no-games = Encara no hi ha partides.

## Retirar-se d'un torneig començat

withdraw-title = Et retires?
withdraw-question = Et retires de { $name }?
withdraw-games = { $count ->
    [0] No tens cap partida en joc: no s'abandona res, i les partides acabades mantenen el resultat.
    [one] Abandonaràs la { $count } partida que tens en joc: compta com una derrota.
   *[other] Abandonaràs les { $count } partides que tens en joc: cadascuna compta com una derrota.
}
withdraw-final = No es pot desfer.
withdraw-yes = Sí, retira'm
withdraw-no = No, torna al torneig
