# El kit de qui escriu bots: abasts de les claus i motius per rebutjar un repte.

## La pàgina de claus

tokens-scopes = Abasts
tokens-scopes-all = tots
# Under the scope boxes of the new-token form.
tokens-scopes-hint = Una clau només pot fer el que permeten els abasts marcats.
# What each scope allows, beside its box.
tokens-scope-read = Veu les teves partides, reptes i compte, i els segueix en directe.
tokens-scope-play = Juga, abandona i anul·la a les teves partides.
tokens-scope-challenge = Fa, accepta, rebutja i cancel·la reptes; s'inscriu a tornejos i se'n retira.
tokens-scope-webhooks = Registra webhooks i llegeix-ne els enviaments.
tokens-scope-account = Canvia la teva configuració: claus, vacances, calendari, resum, notificacions, filtres de reptes.
# The new token, shown once: the label of its box, its copy button, and what the
# button says after.
tokens-secret-label = La teva clau nova
tokens-copy = Copia
tokens-copied = Copiada.
tokens-copy-failed = No s'ha pogut copiar: selecciona la clau i copia-la tu.

## La pàgina d'inici

home-decline-reason-label = Motiu
home-declined = Rebutjats
home-declined-line = ha rebutjat el teu repte de { $variant }: { $reason }.

decline-reason-generic = sense motiu
decline-reason-later = ara no: torna-ho a demanar més tard
decline-reason-variant = aquest joc no
decline-reason-time-control = no amb aquest temps per jugada
decline-reason-too-fast = massa poc temps per jugada: demana més dies
decline-reason-rated = envia millor un repte puntuat
decline-reason-casual = envia millor un repte amistós
decline-reason-not-bots = cap partida contra bots
decline-reason-only-bots = només partides contra bots
