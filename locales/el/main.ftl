# Οι κοινές λέξεις του seedpost: η διάταξη (πλοήγηση, υποσέλιδο, μενού γλώσσας), ώρες
# και ημερομηνίες, η σελίδα σφάλματος.

## Διάταξη

nav-skip = Μετάβαση στο περιεχόμενο
nav-site = Ιστότοπος
nav-standings = Κατάταξη
nav-tournaments = Τουρνουά
nav-rules = Κανόνες
nav-analysis = Ανάλυση
nav-your-games = Οι παρτίδες σας
nav-turns-waiting = { $count ->
    [one] { $count } παρτίδα περιμένει την κίνησή σας
   *[other] { $count } παρτίδες περιμένουν την κίνησή σας
}
nav-challenges-waiting = { $count ->
    [one] { $count } πρόκληση περιμένει την απάντησή σας
   *[other] { $count } προκλήσεις περιμένουν την απάντησή σας
}
nav-waiting-both = { $games }, { $challenges }
nav-settings = Ρυθμίσεις
nav-log-out = Αποσύνδεση
nav-log-in = Σύνδεση
nav-sign-up = Εγγραφή
footer-about = seedpost — Mangala, Modiar, Tihbat, Kalah, Oware και Togyz kumalak δι' αλληλογραφίας.
footer-rules = Κανόνες
footer-api = API
footer-language = Γλώσσα

## Ημερομηνίες και ώρες

format-date-time = %-d %B %Y, %H:%M UTC
format-date = %-d %B %Y

## Διάρκειες

time-left-none = δεν έμεινε χρόνος
time-two-units = { $larger } και { $smaller }
time-days = { $count ->
    [one] { $count } ημέρα
   *[other] { $count } ημέρες
}
time-hours = { $count ->
    [one] { $count } ώρα
   *[other] { $count } ώρες
}
time-minutes = { $count ->
    [one] { $count } λεπτό
   *[other] { $count } λεπτά
}

## Σελίδα σφάλματος

error-back-home = Επιστροφή στην αρχική σελίδα
error-log-in-needed = Συνδεθείτε για να δείτε αυτή τη σελίδα.
error-log-in = Σύνδεση
error-sign-up = Εγγραφή
error-status-400 = Εσφαλμένο αίτημα
error-status-401 = Δεν έχετε συνδεθεί
error-status-403 = Απαγορεύεται
error-status-404 = Δεν βρέθηκε
error-status-405 = Μη επιτρεπτή μέθοδος
error-status-409 = Σύγκρουση
error-status-413 = Πολύ μεγάλο
error-status-422 = Δεν έγινε δεκτό
error-status-429 = Πάρα πολλά αιτήματα
error-status-500 = Σφάλμα διακομιστή
error-status-503 = Μη διαθέσιμο
error-status-other = Σφάλμα
# Τι λέει μια σελίδα σφάλματος, ανάλογα με το σφάλμα (ο τίτλος λέει την κατάσταση).
error-not-found = Δεν υπάρχει τίποτα σε αυτή τη διεύθυνση: η σελίδα δεν υπάρχει ή ό,τι έδειχνε δεν υπάρχει πια.
error-forbidden = Δεν μπορείτε να το κάνετε αυτό. Αν στείλατε μια φόρμα, ίσως έχει λήξει: επιστρέψτε, ανανεώστε τη σελίδα και δοκιμάστε ξανά.
error-not-a-player = Δεν παίζετε σε αυτή την παρτίδα.
error-game-over = Η παρτίδα τελείωσε.
error-internal = Κάτι πήγε στραβά στον διακομιστή. Δοκιμάστε ξανά σε λίγο.
error-unavailable = Ο διακομιστής είναι απασχολημένος ή εκτός λειτουργίας για λίγο. Δοκιμάστε ξανά σύντομα.
error-invalid-query = Η διεύθυνση έχει ένα μέρος που αυτή η σελίδα δεν καταλαβαίνει: ελέγξτε την ή ακολουθήστε έναν σύνδεσμο του ιστότοπου.
