# La pàgina d'un jugador, la classificació, un matx i la confirmació d'abandonar o anul·lar una partida.

## Les columnes; les curtes per als mòbils

standings-played = Jugades
standings-played-short = J
standings-won = Guanyades
standings-won-short = G
standings-drawn = Taules
standings-drawn-short = T
standings-lost = Perdudes
standings-lost-short = P
standings-points = Punts
standings-points-short = Pts
standings-rank = Posició
standings-rank-short = #
standings-rating = Puntuació
standings-player = Jugador

## La classificació

standings-heading = Classificació: { $variant }
standings-all-games = tots els jocs
standings-games-nav = Jocs
standings-all = Tots
standings-none = Encara no hi ha partides acabades.
standings-ratings-hint = Les puntuacions són Glicko-2 i només les mouen les partides puntuables: puntuació ± desviació; un ? marca una puntuació provisional (desviació de més de 110).
standings-pages = Pàgines de la classificació
standings-higher = Llocs més alts
standings-lower = Llocs més baixos
standings-page = Pàgina { $page }

## La pàgina d'un jugador

player-bot = bot
player-joined = Membre des del { $when }.
player-closed = Aquest compte està tancat.
player-deleted = El jugador ha esborrat aquest compte; les seves partides acabades es queden amb aquest nom.
player-record-h = Historial
player-game = Joc
player-all-games = Tots els jocs
player-matches-h = Matxs
player-recent-h = Partides recents
player-no-games = Encara no hi ha partides.
player-all-finished = Totes les partides acabades de { $name }

## Un matx

match-page-title = Matx de { $variant }: { $south } contra { $north }
match-title = Matx de { $variant }
match-versus = { $south } contra { $north }
match-terms-sequential = { $games ->
    [one] Un matx d'{ $games } partida, una darrere l'altra
   *[other] Un matx de { $games } partides, una darrere l'altra
}
match-terms-sequential-decided = { $games ->
    [one] Un matx d'{ $games } partida, una darrere l'altra, que s'acaba quan està decidit
   *[other] Un matx de { $games } partides, una darrere l'altra, que s'acaba quan està decidit
}
match-terms-parallel = { $games ->
    [one] Un matx d'{ $games } partida, totes alhora
   *[other] Un matx de { $games } partides, totes alhora
}
match-terms-parallel-decided = { $games ->
    [one] Un matx d'{ $games } partida, totes alhora, que s'acaba quan està decidit
   *[other] Un matx de { $games } partides, totes alhora, que s'acaba quan està decidit
}
match-rules = Regles del { $variant }
match-score-h = Marcador
match-games-h = Partides
match-game = Partida
match-game-number = Partida { $number }
match-first = Surt
match-result = Resultat
match-playing = En joc
match-aborted = Anul·lada
match-won-by = Guanya { $name }
match-drawn = Taules
match-under-way = En joc
match-under-way-decided = En joc, decidit
match-line = { $games ->
    [one] { $variant }, { $games } partida: { $south } { $south-points } – { $north-points } { $north }, { $standing }
   *[other] { $variant }, { $games } partides: { $south } { $south-points } – { $north-points } { $north }, { $standing }
}
match-line-under-way = en joc
match-line-won-by = guanya { $name }
match-line-drawn = taules

## Abandonar o anul·lar una partida: la confirmació

confirm-after-ply = { $title }, després de la jugada { $ply }.
confirm-back = No, torna a la partida

## Les partides acabades d'un jugador

finished-title = { $name }: partides acabades
finished-heading = partides acabades
finished-filters = Mostra només
finished-game = Joc
finished-all-games = Tots els jocs
finished-result-for = Resultat de { $name }
finished-any-result = Qualsevol resultat
finished-won = Guanyada
finished-drawn = Taules
finished-lost = Perduda
finished-show = Mostra
finished-none-match = Cap partida acabada no hi coincideix.
finished-none = Encara no hi ha partides acabades.
finished-against = contra
finished-by-resignation = per abandonament
finished-on-time = per temps
finished-pages = Pàgines
finished-newer = Partides més noves
finished-older = Partides més antigues
finished-page = Pàgina { $page }
