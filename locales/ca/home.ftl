# La pàgina d'inici (templates/home.html), amb la sessió iniciada, i la de
# benvinguda (templates/welcome.html), sense.

home-title = Les teves partides
home-your-turn = Et toca
home-no-turn = Cap partida no t'espera.
home-waiting = Esperant el teu rival
home-none = Cap.
home-challenges = Reptes
home-no-challenges = No hi ha reptes oberts.
home-for-you = Per a tu
home-challenges-you = et repta a { $variant }, { $kind }, { $pace }, comença: { $first }.
home-accept = Accepta
home-decline = Declina
home-open-to-anyone = Oberts a tothom
home-open-line = { $variant }, { $kind }, { $pace }, comença: { $first }.
home-yours = Els teus
home-mine-open = { $variant } obert a tothom, { $kind }, { $pace }, comença: { $first }.
home-mine-to = { $variant } a { $opponent }, { $kind }, { $pace }, comença: { $first }.
home-cancel = Cancel·la
home-rated = puntuable
home-casual = amistós
home-rated-weekends = puntuable, rellotges aturats els caps de setmana
home-casual-weekends = amistós, rellotges aturats els caps de setmana
home-match-sequential = un matx de { $count } partides una darrere l'altra
home-match-parallel = un matx de { $count } partides alhora
home-match-sequential-decided = un matx de { $count } partides una darrere l'altra, que acaba quan està decidit
home-match-parallel-decided = un matx de { $count } partides alhora, que acaba quan està decidit
home-first-random-line = a sorts
home-first-challenger-line = qui repta
home-first-opponent-line = el rival
home-no-player = No hi ha cap jugador que es digui «{ $name }».
home-new-challenge = Repte nou
home-game = Joc
home-days-per-move = Dies per jugada
home-who-first = Qui comença
home-first-random = A sorts
home-first-me = Jo
home-first-my-opponent = El meu rival
home-opponent = Rival
home-opponent-hint = (un nom d'usuari; deixa-ho buit per a un repte obert)
home-rated-label = Puntuable
home-rated-hint = (el resultat mou la puntuació dels dos jugadors)
home-weekend-pause = Pausa de cap de setmana
home-weekend-pause-hint = (els rellotges s'aturen dissabte i diumenge, UTC)
home-match = Matx
home-match-hint = (el marcador és la suma dels punts, 1 / ½ / 0; qui comença s'alterna)
home-games = Partides
home-games-choice = { $count ->
    [one] { $count } partida
   *[other] Un matx de { $count } partides
}
home-played = Com es juguen
home-one-after-another = Una darrere l'altra
home-all-at-once = Totes alhora
home-end-once-decided = Acaba quan està decidit
home-end-once-decided-hint = (quan un jugador ja no pot ser atrapat)
home-challenge = Repta
home-computer = Juga contra l'ordinador
home-computer-hint = Un bot de la casa accepta en pocs segons i respon cada jugada a l'instant.
home-level = Nivell
home-level-random = Jugades a l'atzar (el més fàcil)
home-level-greedy = Golafre: pren el que pot de seguida
home-level-search = Cerca: mira unes quantes jugades endavant
home-level-perfect = Perfecte: joc resolt (Tihbat, Modiar)

welcome-title = Mancala per correspondència
welcome-intro = seedpost és un lloc per jugar a tres jocs de sembra (mancala): el Mangala de Turquia, i el Modiar i el Tihbat del Marroc. Juga al teu ritme: una jugada cada pocs dies, des del mòbil o des de l'ordinador, contra amics o contra bots.
welcome-sign-up = Registra't
welcome-log-in = Inicia la sessió
welcome-three-games = Els tres jocs
welcome-mangala = Sis forats i un magatzem a cada costat, quatre pedres a cada forat. Si acabes al teu magatzem, tornes a jugar; les quantitats parells de la fila del davant es capturen.
welcome-modiar = Tres forats de set. Captura doses, quatres i sisos en cadena; alimenta una fila buida; res de capturar-ho tot d'un cop.
welcome-tihbat = El tauler més petit: dos forats de set fitxes cadascun, i només es captura als forats propis.
welcome-watch = Partides per mirar
welcome-no-ongoing = Ara mateix no s'està jugant cap partida.
welcome-finished = Acabades fa poc
welcome-no-finished = Encara no ha acabat cap partida.
