# La nota de la pàgina de la partida, el xat, els botons de bloqueig i el fitxer de partides (tema 36).
note-title = La teva nota
note-private = Només tu llegeixes aquesta nota.
note-save = Desa la nota
note-saved-at = Desada { $at }
chat-title = Xat
chat-empty = Encara no hi ha missatges.
chat-say = El teu missatge
chat-send = Envia
chat-report = Denuncia
chat-off-server = El xat està desactivat en aquest servidor.
chat-off-mine = Has desactivat el xat a la configuració de joc.
chat-off-opponent = El teu rival no xateja.
chat-blocked = No pots xatejar amb aquest jugador.
play-chat = Xateja amb els meus rivals
play-chat-hint = Desactivat: ningú no xateja amb tu i les teves partides no mostren el xat.
player-block = Bloqueja
player-unblock = Desbloqueja
player-blocked = Has bloquejat aquest jugador: no et pot desafiar ni xatejar amb tu.
player-games-file = Baixa totes les partides
# Per què s'ha rebutjat un formulari.
refused-blocked = No pots jugar ni xatejar amb aquest jugador: un de vosaltres ha bloquejat l'altre
refused-chat-off = El xat està desactivat en aquesta partida
refused-muted = L'operador ha aturat el teu xat durant un temps
refused-invalid-chat-line = Un missatge té d'1 a 500 caràcters en una sola línia
refused-note-too-long = Una nota té com a màxim 4.000 caràcters
refused-own-line = No pots denunciar el teu propi missatge
refused-self-block = No et pots bloquejar a tu mateix
