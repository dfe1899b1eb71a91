# Les pàgines de regles (templates/rules.html): els peus de l'exemple.

rules-start-of = L'inici del { $variant }.
rules-start-to-move = L'inici: li toca al { $side }.
rules-plays = El { $side } juga el forat { $pit }.
rules-wins = guanya el { $side }
rules-draw = taules
rules-over = La partida s'ha acabat: Sud { $south }, Nord { $north }, { $result }.
rules-store = Magatzem del { $side }: { $was } → { $now }.
rules-captures = El { $side } captura { $count }.
rules-again = El { $side } torna a jugar.
rules-to-move = Li toca al { $side }.
