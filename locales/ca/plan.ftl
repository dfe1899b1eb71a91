# La secció «Planifica» de la pàgina de la partida: jugades condicionals.

plan-title = Planifica
plan-explain = Mentre li toca al teu rival, escriu què respondràs: «si juga 3, jugo 5». Una línia són els forats sembrats per torn, primer el seu i després el teu (el costat que guanya un torn extra sembra dues vegades seguides). Quan la seva jugada coincideix amb una línia, la teva resposta es juga de seguida. Ningú més veu les teves línies.
plan-none = Encara no hi ha cap línia.
plan-line-label = Línia nova
plan-line-hint = Números de forat separats per espais, com ara 3 5 1 4.
plan-add = Afegeix la línia
plan-delete = Esborra
plan-delete-line = Esborra la línia { $line }
plan-played = Jugades fetes des de les teves línies: { $plies }.
plan-refused-illegal = Aquesta línia no es pot jugar: la seva jugada { $ply } no hi és permesa.
plan-refused-conflicting = Aquesta línia respon les mateixes jugades del rival d'una altra manera que una altra línia.
plan-refused-no-reply = Una línia necessita com a mínim una jugada teva després de la del rival.
plan-refused-too-many = Massa línies o una línia massa llarga (com a màxim 64 línies de 40 jugades).
plan-refused-not-pits = Escriu la línia com a números de forat separats per espais, com ara 3 5 1.
plan-refused-stale = La partida ha avançat: les línies es fixen mentre li toca al rival.
plan-board-title = Juga-ho al tauler
plan-board-empty = Toca la seva jugada al tauler i després la teva.
plan-board-line = Línia fins ara: { $line }
plan-board-theirs = Jugada del rival: toca un dels seus forats (a dalt).
plan-board-yours = La teva jugada: toca un dels teus forats (a baix).
plan-board-over = Aquí la partida s'acabaria.
plan-board-sow = Sembra el forat { $pit }
plan-board-undo = Desfés l'última jugada
plan-board-save = Desa la línia
