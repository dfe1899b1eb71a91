# Les pàgines del compte: registre i inici de sessió, claus de l'API, pàgina del compte.

## Registre i inici de sessió

auth-sign-up = Registra't
auth-log-in = Inicia la sessió
auth-username = Nom d'usuari
auth-username-hint = (de 3 a 20 lletres, xifres, _ o -)
auth-password = Contrasenya
auth-password-hint = (com a mínim 8 caràcters)
auth-have-account = Ja tens un compte?
auth-new-here = Ets nou aquí?

## Claus de l'API

tokens-title = Claus de l'API
tokens-intro = Els programes juguen a través de l'API amb una clau, enviada en aquesta capçalera:
tokens-token = clau
tokens-api-docs = Com funciona l'API
tokens-new = Clau nova:
tokens-copy-now = Copia-la ara: no es tornarà a mostrar.
tokens-new-h = Clau nova
tokens-label = Etiqueta
tokens-create = Crea la clau
tokens-yours = Les teves claus
tokens-none = Cap clau.
tokens-created = Creada
tokens-last-used = Últim ús
tokens-never = mai
tokens-action = Acció
tokens-revoke = Revoca
tokens-revoke-label = Revoca { $label }

## La pàgina del compte

account-title = El teu compte
account-password-h = Canvia la contrasenya
account-password-about = Es tanca la sessió de tots els altres navegadors connectats al teu compte. Les claus de l'API continuen funcionant si no les revoques aquí també.
account-current-password = Contrasenya actual
account-new-password = Contrasenya nova
account-revoke-tokens = Revoca també totes les claus de l'API
account-change-password = Canvia la contrasenya
account-everywhere-h = Tanca la sessió arreu
account-everywhere-about = Tanca la sessió de tots els navegadors connectats al teu compte, també aquest. Les claus de l'API continuen funcionant: revoca-les a la seva pàgina:
account-tokens-link = Claus de l'API
account-log-out-everywhere = Tanca la sessió arreu
account-password-changed = La contrasenya s'ha canviat. Altres sessions tancades: { $sessions }.
account-tokens-revoked = Claus de l'API revocades: { $count }.

## Your data and deleting the account

account-data-h = Les teves dades
account-download = Baixa les teves dades
account-download-about = el teu compte, partides, reptes, claus, webhooks, dispositius i preferències en un sol fitxer JSON
account-delete-link = Esborra el teu compte
delete-title = Vols esborrar el teu compte?
delete-about = No es pot desfer. S’esborren les teves sessions, claus de l’API, webhooks, dispositius, recordatoris i preferències; es cancel·len els teus reptes oberts; les partides en curs s’anul·len on les regles ho permeten i, si no, s’abandonen. Les partides acabades es queden, amb un nom substitut. El teu nom d’usuari queda lliure per a qualsevol.
delete-download-first = primer (un fitxer JSON).
delete-password = La teva contrasenya
delete-confirm = Esborra el meu compte
delete-keep = No, mantén-lo
delete-done-h = El teu compte s’ha esborrat
delete-done = S’ha esborrat tot menys les partides acabades, que ara mostren el nom { $name }, perquè els resultats i les puntuacions dels teus rivals continuïn sent certs.
delete-back = Torna a la pàgina d’inici

## Forgotten passwords and address verification

auth-forgot-password = Has oblidat la contrasenya?
reset-title = Contrasenya oblidada
reset-about = Escriu el teu nom d'usuari o la teva adreça electrònica verificada. Si coincideix amb un compte, li enviarem un enllaç per posar una contrasenya nova; l'enllaç funciona una sola vegada, durant { $minutes } minuts.
reset-no-mail = Aquest servidor no envia correu electrònic, així que no et pot enviar cap enllaç. Demana al seu operador que et posi una contrasenya nova: seedpost admin reset-password NAME
reset-identifier = Nom d'usuari o adreça electrònica
reset-send = Envia l'enllaç
reset-sent = Si coincideix amb un compte amb una adreça verificada, un enllaç per posar una contrasenya nova hi va de camí. Funciona una sola vegada, durant { $minutes } minuts.
reset-back-to-log-in = Torna a iniciar la sessió
reset-new-title = Posa una contrasenya nova
reset-new-about = Tria una contrasenya nova per a { $name }. Totes les sessions del compte es tanquen; les claus de l'API es mantenen.
reset-set-password = Posa la contrasenya
reset-done = La contrasenya s'ha canviat. Sessions tancades: { $sessions }. Inicia la sessió amb la contrasenya nova.
reset-ask-again = Demana un enllaç nou
verify-title = Verificació de l'adreça
verify-done = { $email } està verificada per a { $name }: si oblides la contrasenya, s'hi pot enviar un enllaç per restablir-la.
verify-ask-again = Pots demanar un enllaç nou a la pàgina de recordatoris.
