# La pàgina de la partida.

game-side-south = Sud
game-side-north = Nord
# The side's letter in the move notation the pages show (S3, N-): the first
# letter of the language's own word for the side; it is also the head of the
# analysis board's rows. Keep the two apart from each other.
game-side-south-letter = S
game-side-north-letter = N
game-status-your-turn = Et toca.
game-status-to-move = Li toca a { $name } ({ $side }).
game-status-over = Partida acabada.
game-deadline-left = queden { $time }
game-deadline-left-hurry = queden { $time }: el temps s'acaba
game-rating-in = Puntuació a { $variant }
game-your-move = La teva jugada
game-you-marker = (tu)
game-board-caption = El tauler després de la jugada { $ply }: pedres a cada forat, des de l'esquerra del propietari
game-board-caption-last = El tauler després de la jugada { $ply }: pedres a cada forat, des de l'esquerra del propietari; l'última jugada va ser { $move }
game-table-side = Costat
game-table-pit = Forat { $number }
game-table-store = Magatzem
game-table-captured = Capturades
game-versus = { $bottom } contra { $top }
game-match-link = Partida { $number } de { $of } del matx
game-rules-of = Regles de { $variant }
game-record = Registre
game-terms-rated = Puntuable
game-terms-casual = Amistosa
game-terms-weekend-pause = rellotges aturats els caps de setmana (UTC)
game-analyse-position = Analitza aquesta posició
game-deadline = Termini
game-thinking = { $name } està pensant…
game-vacation = Rellotge aturat: { $name } és de vacances. El termini s'allarga el temps que el rellotge està aturat.
game-reload-hint = Torna a carregar la pàgina per veure la resposta del teu rival.
game-step-nav = Recorre la partida
game-step-start = Posició després de la jugada { $ply } de { $of }: l'inici.
game-step-where = Posició després de la jugada { $ply } de { $of } ({ $move }).
game-step-previous = ← Anterior
game-step-next = Següent →
game-step-live = Torna a la posició actual
game-step-back = ← Recorre les jugades enrere
game-ratings = Puntuacions: { $changes }
game-rematch = Revenja
game-rematch-offer-you-first = Ofereix a { $name } la mateixa partida de nou, i comences tu.
game-rematch-offer-they-first = Ofereix a { $name } la mateixa partida de nou, i comença { $name }.
game-rematch-offered = Has ofert la revenja a { $name }; comença quan l'accepti.
game-rematch-withdraw = Retira l'oferta
game-rematch-offers-you-first = { $name } ofereix la revenja, i comences tu.
game-rematch-offers-they-first = { $name } ofereix la revenja, i comença { $name }.
game-rematch-accept = Accepta la revenja
game-rematch-decline = Declina
game-moves = Jugades
game-no-moves = Encara no hi ha jugades.
game-abort = Anul·la…
game-resign = Abandona…
time-per-move = { $days ->
    [one] { $days } dia per jugada
   *[other] { $days } dies per jugada
}
# Els textos alternatius del tauler, per als lectors de pantalla.
board-play-pit = Juga el forat { $pit }, { $count ->
    [one] { $count } pedra
   *[other] { $count } pedres
}
board-pit = { $side }, forat { $pit }: { $count ->
    [one] { $count } pedra
   *[other] { $count } pedres
}
# A Togyz kumalak house that is a tuzdyk: the pit's own words, then whose it is.
board-pit-tuzdyk = { $pit } (tuzdik de { $side })
board-store = Magatzem del { $side }: { $count }
board-captures = Captures del { $side }: { $count }
board-label = Tauler: { $top } a dalt, { $bottom } a baix
# Es mostra quan una jugada rebutjada torna el jugador a la partida.
game-notice-moved = Mentrestant el teu rival ha jugat; aquesta és la posició nova.
game-notice-elsewhere = Mentrestant has jugat des d'una altra finestra; aquesta és la posició nova.
game-notice-over = Mentrestant la partida s'ha acabat; així és com ha quedat.
# Per què s'ha rebutjat una jugada.
game-refused-not-your-turn = No et toca
game-refused-out-of-range = Jugada no permesa: en aquest joc no hi ha cap forat amb aquest número
game-refused-empty-pit = Jugada no permesa: aquest forat és buit
game-refused-singleton = Jugada no permesa: no es pot jugar un forat amb una sola pedra
game-refused-must-feed = Jugada no permesa: la fila del rival és buida; juga un forat que hi sembri
game-refused-grand-slam = Jugada no permesa: aquesta jugada capturaria totes les pedres de la fila del rival (un gran cop)
game-refused-game-over = Jugada no permesa: la partida s'ha acabat
game-extra-move-you = La teva última pedra ha caigut al teu magatzem: torna a jugar.
game-extra-move = L'última pedra de { $name } ha caigut al seu magatzem: { $name } torna a jugar.
# Confirmació de jugades (paràmetres de joc).
game-confirm-question = Vols jugar el forat { $pit }?
game-confirm = Confirma
game-confirm-cancel = Tria un altre forat
game-confirm-setting-on = Confirma cada jugada: activat
game-confirm-setting-off = Confirma cada jugada: desactivat
# Les pàgines que pregunten abans d'abandonar o d'anul·lar.
confirm-resign-title = Abandonar?
confirm-resign-question = Vols abandonar aquesta partida?
confirm-resign-explain = El teu rival guanya i la partida s'acaba ara. No es pot desfer.
confirm-resign-button = Sí, abandono
confirm-abort-title = Anul·lar?
confirm-abort-question = Vols anul·lar aquesta partida?
confirm-abort-explain = La partida s'acaba sense resultat i ningú no puntua. No es pot desfer.
confirm-abort-button = Sí, anul·la-la

# Què han fet les últimes jugades (issue 35): la jugada del lector i després la resposta.
game-last-moves = Últimes jugades
game-ply-sown = { $move }: { $count } sembrades
game-ply-captured = { $count } capturades de { $pits }
game-ply-captured-kazan = { $count } capturades de { $pits } al kazan
game-ply-tuzdyk-gives = { $count } al kazan de { $side } pel tuzdik { $pits }
game-ply-stored = { $count } al magatzem
game-ply-tuzdyk = { $pit } esdevé tuzdik
game-ply-extra = torna a jugar
game-ply-ends = la partida s'ha acabat
game-ply-pass = { $move }: cap pedra, passa el torn
game-ply-join = { $first }, { $next }
game-ply-by-you = Tu: { $summary }.
game-ply-by = { $name }: { $summary }.
game-next = Partida següent ({ $count } esperant)
game-next-key = Drecera de teclat: N
game-repeat-warning = Compte: { $pits } repetiria una posició, i això acaba la partida.
game-confirm-question-repeats = Vols jugar el forat { $pit }? Repeteix una posició, cosa que acaba la partida.
board-play-pit-repeats = Juga el forat { $pit } (pedres: { $count }): repeteix una posició i acaba la partida
