# Les partides a les llistes i els resultats, a totes les pàgines
# (src/http/pages/view.rs).

ending-empty-row = una fila s'ha buidat
ending-no-moves = el costat que havia de jugar no tenia jugada
ending-repetition = la posició s'ha repetit
ending-all-captured = s'han capturat totes les fitxes
ending-majority = s'ha guanyat més de la meitat de les fitxes
ending-resign = abandonament
ending-timeout = s'ha acabat el temps
ending-abort = anul·lada
result-aborted = Anul·lada: sense punts.
result-won-resign = { $winner } ha guanyat per abandonament, { $won } pedres a { $lost }.
result-won-timeout = { $winner } ha guanyat per temps, { $won } pedres a { $lost }.
result-won = { $winner } ha guanyat ({ $how }), { $won } pedres a { $lost }.
result-draw = Taules ({ $how }): { $south } { $southstones } pedres, { $north } { $northstones }.
line-you-to-move = et toca, queden { $time }
line-to-move = li toca a { $name }, queden { $time }
line-you-to-move-hurry = et toca, queden { $time } (s'acaba el temps)
line-to-move-hurry = li toca a { $name }, queden { $time } (s'acaba el temps)
line-you-vacation = et toca, rellotge aturat: { $count ->
    [one] { $away } és de vacances
   *[other] { $away } són de vacances
}
line-vacation = li toca a { $name }, rellotge aturat: { $count ->
    [one] { $away } és de vacances
   *[other] { $away } són de vacances
}
line-and = { $first } i { $second }
line-against = contra { $opponent }
line-match-game = partida { $number } de { $of } d'un matx
