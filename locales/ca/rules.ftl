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

# Els títols i els enllaços de les pàgines de regles (templates/rules.html, templates/rules_full.html).
rules-tabs = Jocs
rules-title = Com es juga al { $variant }
rules-example-heading = Un exemple pas a pas
rules-example-intro = Les primeres jugades d'una partida en què comença el Sud. El forat des d'on s'acaba de jugar està encerclat.
rules-full-link = Les regles completes del { $variant }, numerades, amb tots els casos resolts
rules-full-title = Les regles completes del { $variant }
# Després d'un enllaç «Com es juga al …» i de dos punts.
rules-full-hint = les mateixes regles, més breus i amb imatges.
# Es mostra sobre les regles numerades (RULES.md) en tots els idiomes menys l'anglès.
rules-full-in-english = Les regles numerades es donen en anglès, que és el text de referència.

# El text de cada joc per als jugadors (src/http/pages/rules.rs), RULES.md explicat:
# els títols de les parts, els paràgrafs de cada joc i els que comparteixen tots tres.
rules-part-board = El tauler
rules-part-move = Una jugada
rules-part-captures = Les captures
rules-part-end = El final i la puntuació

rules-mangala-board-1 = El Mangala es juga en un tauler de dues files de sis forats, amb un gran magatzem a cada extrem. La fila més propera a tu i el magatzem de la teva dreta són teus. Cada forat comença amb 4 pedres, 48 en total; els magatzems comencen buits.
rules-mangala-move-1 = Quan et toca, tria qualsevol forat de la teva fila que tingui pedres i agafa-les totes. Torna a posar la primera pedra al forat que acabes de buidar, i després una a cada casella següent, en sentit antihorari: cap a la teva dreta al llarg de la teva fila, al teu magatzem, i després al llarg de la fila del rival des de la seva esquerra. El magatzem del rival se salta.
rules-mangala-move-2 = Un forat amb una sola pedra l'envia a la casella següent i queda buit.
rules-mangala-move-3 = Si la teva última pedra cau al teu magatzem, tornes a jugar.
rules-mangala-captures-1 = Si la teva última pedra cau en un forat de la fila del rival i hi deixa un nombre parell de pedres, t'emportes totes les pedres d'aquell forat al teu magatzem.
rules-mangala-captures-2 = Si la teva última pedra cau en un forat buit de la teva fila i el forat del davant té pedres, t'emportes aquella pedra i totes les del davant al teu magatzem. Si el forat del davant és buit, no es pren res.
rules-mangala-end-1 = La partida s'acaba tan bon punt els sis forats d'una de les dues files són buits, fins i tot enmig d'una jugada extra. Llavors el jugador que té la fila buida s'emporta al seu magatzem totes les pedres que queden a l'altra fila.
rules-mangala-end-2 = Amb més de 24 pedres al teu magatzem guanyes; 24 cadascú és taules.

rules-modiar-board-1 = El Modiar es juga en un tauler de dues files de tres forats, sense magatzems. Cada forat comença amb 7 pedres, 42 en total. Les pedres que captures es guarden al costat del tauler.
rules-modiar-move-1 = Quan et toca, tria un forat de la teva fila amb dues pedres o més: no es pot jugar un forat amb una sola pedra. Agafa'n totes les pedres, torna a posar la primera al forat que has buidat i sembra la resta d'una en una en sentit antihorari pels sis forats, fent tantes voltes com calgui fins que se t'acabin. La jugada acaba on cau l'última pedra.
rules-modiar-move-2 = Si la fila del rival és buida, has de fer una jugada que hi posi almenys una pedra, si en tens cap.
rules-modiar-captures-1 = Si la teva última pedra deixa el seu forat amb 2, 4 o 6 pedres, a qualsevol costat del tauler, les captures. Després mira el forat sembrat just abans: si té 2, 4 o 6 pedres, també el captures, i així enrere fins que un forat tingui qualsevol altre nombre.
rules-modiar-captures-2 = La primera jugada de la partida no captura res: les seves pedres es queden al tauler.
rules-modiar-captures-3 = No pots capturar totes les pedres que queden a la fila del rival (un gran cop). Si totes les teves jugades ho farien, en fas una, però no captura res.
rules-modiar-end-1 = La partida s'acaba quan el jugador a qui toca no té cap forat amb dues pedres o més, o quan la mateixa posició (els sis forats i el jugador a qui toca) es repeteix per tercera vegada. Llavors cada jugador suma les pedres que queden a la seva fila a les que ha capturat.
rules-modiar-end-2 = Guanya el jugador amb més pedres; 21 cadascú és taules.

rules-tihbat-board-1 = El Tihbat es juga en un tauler de dues files de dos forats, sense magatzems. Cada forat comença amb 7 fitxes, 28 en total. Les fitxes que captures es guarden al costat del tauler.
rules-tihbat-move-1 = Quan et toca, agafa totes les fitxes d'un dels teus dos forats. Torna a posar la primera al forat que has buidat i sembra la resta d'una en una en sentit antihorari pels quatre forats, fent tantes voltes com calgui fins que se t'acabin. Una sola fitxa torna directament al seu forat: el tauler no canvia i el torn passa al rival.
rules-tihbat-captures-1 = Si la teva última fitxa cau en un dels teus forats i aquest forat llavors té 2, 4, 6 o 8 fitxes, les captures. Només es pren aquell forat; una última fitxa al costat del rival no captura mai.
rules-tihbat-end-1 = La partida s'acaba quan una posició (els quatre forats i el jugador a qui toca) es repeteix per segona vegada. Llavors les fitxes que queden al tauler es reparteixen a parts iguals entre els jugadors.
rules-tihbat-end-2 = Guanya el jugador amb més fitxes; si en tenen les mateixes, és taules.

rules-kalah-board-1 = El Kalah es juga en un tauler de dues files de sis cases, amb un magatzem (el kalah) a cada extrem. La fila més propera a tu i el magatzem de la teva dreta són teus. Cada casa comença amb 4 llavors, 48 en total; els magatzems comencen buits.
rules-kalah-move-1 = Quan et toca, agafa totes les llavors d'una casa de la teva fila i sembra-les una a cada forat en sentit antihorari, començant pel forat següent: cap a la teva dreta al llarg de la teva fila, al teu magatzem, i després al llarg de la fila del rival. El magatzem del rival se salta, i la casa que has buidat no torna a rebre cap llavor fins després d'una volta sencera.
rules-kalah-move-2 = Si la teva última llavor cau al teu magatzem, tornes a jugar.
rules-kalah-captures-1 = Si la teva última llavor cau en una casa buida de la teva fila i la casa del davant té llavors, aquella llavor i totes les del davant van al teu magatzem. Si la casa del davant és buida, no s'agafa res.
rules-kalah-end-1 = La partida s'acaba quan el jugador a qui toca no té cap llavor a les seves cases. Aleshores l'altre jugador posa totes les llavors que li queden a les cases al seu magatzem.
rules-kalah-end-2 = Amb més de 24 llavors al magatzem es guanya; 24 cadascú és taules.

rules-oware-board-1 = L'Oware es juga en un tauler de dues files de sis cases, sense magatzems. Cada casa comença amb 4 llavors, 48 en total. Les llavors que captures es guarden al costat del tauler.
rules-oware-move-1 = Quan et toca, agafa totes les llavors d'una casa de la teva fila i sembra-les una a cada casa en sentit antihorari, començant per la casa següent. Amb 12 llavors o més, la casa que has buidat se salta a cada volta.
rules-oware-move-2 = Si el rival no té cap llavor, has de fer una jugada que li'n doni almenys una. Si cap jugada no ho pot fer, la partida s'acaba i captures totes les llavors que queden al tauler.
rules-oware-captures-1 = Si la teva última llavor cau en una casa de la fila del rival que llavors té 2 o 3 llavors, les captures. Després es mira la casa anterior: si també té 2 o 3 llavors, també la captures, i així successivament, fins a una casa amb un altre nombre o el final de la fila del rival.
rules-oware-captures-2 = Una jugada que capturaria totes les llavors de la fila del rival (un gran cop) es pot fer, però no captura res.
rules-oware-end-1 = La partida s'acaba quan un jugador ha capturat 25 llavors o més. Quan la mateixa posició (les dotze cases i el jugador a qui toca) es repeteix per tercera vegada, la partida s'acaba i cada jugador captura les llavors del seu costat.
rules-oware-end-2 = Guanya qui té més llavors; 24 cadascú és taules.

rules-togyz-board-1 = El Togyz kumalak es juga en un tauler de dues files de nou cases, amb un magatzem (el kazan) per a cada jugador, separat de les cases. Cada casa comença amb 9 pedres, 162 en total; els kazans comencen buits.
rules-togyz-move-1 = Quan et toca, agafa totes les pedres d'una casa de la teva fila. Torna a posar la primera a la casa que has buidat i després una a cada casa següent en sentit antihorari: al llarg de la teva fila i després al llarg de la fila del rival. Una casa amb una sola pedra l'envia a la casa següent i queda buida. Mai no se sembra cap pedra en un kazan.
rules-togyz-captures-1 = Si la teva última pedra cau en una casa de la fila del rival i en fa parell el nombre de pedres, totes les pedres d'aquella casa van al teu kazan.
rules-togyz-captures-2 = Si la teva última pedra fa que una casa de la fila del rival tingui exactament 3 pedres, aquella casa es converteix en el teu tuzdik: les seves 3 pedres van al teu kazan, i a partir d'aleshores cada pedra que hi sembri qualsevol jugador va al teu kazan. Cada jugador fa com a molt un tuzdik per partida, mai a la novena casa del rival ni a la casa amb el mateix número que el tuzdik del rival. El tauler marca cada tuzdik.
rules-togyz-end-1 = La partida s'acaba quan un jugador té 82 pedres o més al seu kazan. Quan el jugador a qui toca no té cap pedra a les seves cases, o una posició es repeteix per tercera vegada, la partida s'acaba i cada jugador posa al seu kazan les pedres que queden al seu costat.
rules-togyz-end-2 = Guanya qui té més pedres; 81 cadascú és taules.

rules-sides = El jugador que juga des de la primera fila es diu Sud, i l'altre, Nord. Als diagrames la fila del Sud és a baix i la del Nord a dalt; en una partida, la teva fila és sempre a baix.
rules-first-mover = Qui comença es decideix a sorts quan comença la partida, tret que el repte indiqui un costat.
rules-score = Una victòria val 1 punt, unes taules ½ per a cada jugador i una derrota 0. Abandonar o quedar-se sense temps fa perdre la partida.
