# El kit de qui escriu bots: abasts de les claus i motius per rebutjar un repte.

## La pàgina de claus

tokens-scopes = Abasts
tokens-scopes-all = tots

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
