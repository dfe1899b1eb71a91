# Το κιτ του δημιουργού bot: εύρη κλειδιών και λόγοι απόρριψης πρόκλησης.

## Η σελίδα των κλειδιών

tokens-scopes = Εύρη
tokens-scopes-all = όλα
# Under the scope boxes of the new-token form.
tokens-scopes-hint = Ένα κλειδί κάνει μόνο ό,τι επιτρέπουν τα επιλεγμένα εύρη του.
# What each scope allows, beside its box.
tokens-scope-read = Βλέπει τις παρτίδες, τις προκλήσεις και τον λογαριασμό σας και τα παρακολουθεί ζωντανά.
tokens-scope-play = Παίζει κινήσεις, παραιτείται και ακυρώνει στις παρτίδες σας.
tokens-scope-challenge = Κάνει, δέχεται, απορρίπτει και ακυρώνει προκλήσεις· μπαίνει σε τουρνουά και αποχωρεί.
tokens-scope-webhooks = Καταχωρεί webhooks και διαβάζει τις παραδόσεις τους.
tokens-scope-account = Αλλάζει τις ρυθμίσεις σας: κλειδιά, διακοπές, ημερολόγιο, σύνοψη, ειδοποιήσεις, φίλτρα προκλήσεων.
# The new token, shown once: the label of its box, its copy button, and what the
# button says after.
tokens-secret-label = Το νέο σας κλειδί
tokens-copy = Αντιγραφή
tokens-copied = Αντιγράφηκε.
tokens-copy-failed = Η αντιγραφή δεν έγινε: επιλέξτε το κλειδί και αντιγράψτε το μόνοι σας.

## Η αρχική σελίδα

home-decline-reason-label = Λόγος
home-declined = Απορρίφθηκαν
home-declined-line = απέρριψε την πρόκλησή σου σε { $variant }: { $reason }.

decline-reason-generic = χωρίς λόγο
decline-reason-later = όχι τώρα: ρώτα ξανά αργότερα
decline-reason-variant = όχι αυτό το παιχνίδι
decline-reason-time-control = όχι με αυτόν τον χρόνο ανά κίνηση
decline-reason-too-fast = πολύ λίγος χρόνος ανά κίνηση: ζήτα περισσότερες μέρες
decline-reason-rated = στείλε καλύτερα μια βαθμολογούμενη πρόκληση
decline-reason-casual = στείλε καλύτερα μια φιλική πρόκληση
decline-reason-not-bots = όχι παιχνίδια με bots
decline-reason-only-bots = μόνο παιχνίδια με bots
