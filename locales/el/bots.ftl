# Το κιτ του δημιουργού bot: εύρη κλειδιών και λόγοι απόρριψης πρόκλησης.

## Η σελίδα των κλειδιών

tokens-scopes = Εύρη
tokens-scopes-all = όλα

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
