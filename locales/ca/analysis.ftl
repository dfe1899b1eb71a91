# The analysis board (templates/analysis.html, src/http/pages/analysis.rs) and the
# analysis panel of a finished game (templates/_analysis.html, src/http/pages/panel.rs).

analysis-title = Tauler d'anàlisi
analysis-intro = Prepara una posició (cada fila amb les pedres dels seus forats des de l'esquerra del propietari, separades per comes) o enganxa'n una, i mira què val cada jugada amb un joc perfecte.
# Before the notation, shown as code: south/north/side.
analysis-notation = Una posició enganxada s'escriu així:
analysis-game = Joc
analysis-north-row = Fila del Nord
analysis-south-row = Fila del Sud
analysis-to-move = Juga
analysis-south = Sud
analysis-north = Nord
analysis-paste = O enganxa una posició
analysis-seen = Posicions des de l'última captura (la més antiga primer, separades per punts i comes)
analysis-south-store = El magatzem del Sud (captures)
analysis-north-store = El magatzem del Nord (captures)
analysis-south-tuzdyk = El tuzdyk del Sud (un forat de la fila del Nord)
analysis-north-tuzdyk = El tuzdyk del Nord (un forat de la fila del Sud)
analysis-error-stores = Cada magatzem és un nombre de pedres, i tots dos junts les pedres fora del tauler; { $game } els necessita un cop hi ha pedres fora del tauler, i cap no pot haver guanyat ja
analysis-error-tuzdyk = Un tuzdyk és el número d'un forat de la fila del contrari que les regles podrien fer: només al Togyz kumalak, mai el 9è forat ni el número del tuzdyk del contrari, i no té cap pedra
analysis-analyse = Analitza
analysis-result = Anàlisi
analysis-rows = La posició: el Nord a dalt, amb els forats des de la seva dreta
# Before the value, in bold.
analysis-side-to-move = Juga el { $side }:
analysis-exact = (exacte)
analysis-estimate = (estimació)
analysis-estimate-depth = (estimació, profunditat de cerca { $depth })
analysis-passes = El costat que juga no té pedres i passa.
analysis-pit = Forat
analysis-value = Valor
analysis-best = Millor
# In the column of the best moves.
analysis-is-best = millor
analysis-value-means = Un valor és la diferència de pedres que el costat que juga encara pot treure a l'adversari, sense comptar les pedres ja guardades o capturades.
analysis-json = El mateix en JSON

# Why a position was refused, by the error's code; without a final full stop.
analysis-error-variant = Tria un dels jocs
analysis-error-position = Una posició s'escriu south/north/side, cada fila amb les pedres des de l'esquerra del propietari separades per comes: 7,7/7,7/south
analysis-error-row = { $pits ->
    [one] Cada fila té les pedres del seu únic forat, com un nombre
   *[other] Cada fila té les pedres dels seus { $pits } forats, com a nombres separats per comes
}
analysis-error-side = Juga el Sud o el Nord
analysis-error-stones = { $total ->
    [one] { $game } té { $total } pedra: les files en tenen almenys una i com a màxim aquesta
   *[other] { $game } té { $total } pedres: les files en tenen almenys una i com a màxim aquestes
}
analysis-error-no-moves = El costat que juga no té cap jugada: la partida s'ha acabat
analysis-error-seen = Les posicions anteriors s'escriuen south/north/side, separades per punts i comes, com a màxim { $max }; cadascuna té tantes pedres al tauler com aquesta posició, i cap no es repeteix tantes vegades que la partida s'hauria acabat
analysis-error-building = La taula de { $game } s'està construint, cosa que triga uns segons després que el servidor s'engegui: torneu-ho a provar d'aquí a poc

# The panel of a finished game.
analysis-panel-title = Anàlisi
analysis-panel-values = Cada valor és de { $name }, després de cada jugada: la diferència final de punts que { $name } es pot assegurar jugant de la millor manera d'allà endavant (+ per davant, − per darrere, per aquest nombre de pedres).
analysis-panel-exact = Tots els valors d'aquí són exactes.
analysis-panel-estimates = Els valors marcats amb ≈ són estimacions d'una cerca; els altres són exactes.
analysis-panel-mistakes = Una jugada que perd valor i no és de les millors és un error. Selecciona una jugada per veure la posició que en resulta.
analysis-graph-title = { $scale ->
    [one] El valor després de cada jugada: amunt quan { $up } va per davant, avall quan hi va { $down } (fins a { $scale } pedra)
   *[other] El valor després de cada jugada: amunt quan { $up } va per davant, avall quan hi va { $down } (fins a { $scale } pedres)
}
analysis-graph-ahead = { $name } per davant
analysis-graph-caption = El valor després de cada jugada: amunt, { $up } per davant; avall, { $down } per davant. Encerclats en vermell: errors ({ $up } { $upmistakes }, { $down } { $downmistakes }).
# What a point of the graph says: where the game stands after a move.
analysis-lead = { $name } va { $stones } per davant
analysis-even = empat
analysis-point-start = L'inici: { $lead }
analysis-point-move = Jugada { $ply } de { $name } ({ $pit }): { $lead }
analysis-point-mistake = Jugada { $ply } de { $name } ({ $pit }): { $lead }; un error que en perd { $lost }
analysis-point-pit = forat { $pit }
analysis-pass = passa
analysis-move = Jugada
analysis-mark = Marca
analysis-mistake = error
analysis-pending = L'ordinador està analitzant aquesta partida; l'anàlisi apareixerà aquí quan estigui a punt.
analysis-pending-reload = Torna a carregar la pàgina d'aquí a una estona per veure-la.
