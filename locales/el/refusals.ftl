# Γιατί απορρίφθηκε μια φόρμα, ανά σταθερό κωδικό σφάλματος.

refused-bad-credentials = Λάθος όνομα χρήστη ή κωδικός
refused-username-taken = Αυτό το όνομα χρήστη είναι πιασμένο
refused-invalid-username = Το όνομα χρήστη έχει 3 έως 20 χαρακτήρες: γράμματα a έως z, ψηφία, _ ή -, και δεν αρχίζει με "house"
refused-invalid-password = Ο κωδικός έχει τουλάχιστον 8 και το πολύ 1024 χαρακτήρες
refused-wrong-password = Ο τρέχων κωδικός είναι λάθος
refused-rate-limited = { $seconds ->
    [one] Πάρα πολλές προσπάθειες: δοκιμάστε ξανά σε { $seconds } δευτερόλεπτο
   *[other] Πάρα πολλές προσπάθειες: δοκιμάστε ξανά σε { $seconds } δευτερόλεπτα
}
refused-invalid-label = Η ετικέτα κλειδιού έχει 1 έως 100 χαρακτήρες, χωρίς χαρακτήρες ελέγχου
refused-too-many-tokens = Έχετε όσα κλειδιά επιτρέπονται σε έναν λογαριασμό: ανακαλέστε πρώτα ένα
refused-too-many-tournaments = Έχετε όσα ανοιχτά τουρνουά επιτρέπονται σε έναν λογαριασμό: περιμένετε να ξεκινήσει ένα
refused-invalid-scopes = Ένα κλειδί χρειάζεται τουλάχιστον ένα δικαίωμα
refused-invalid-email = Αυτή δεν είναι διεύθυνση e-mail όπου μπορεί να πάει το ημερήσιο e-mail
refused-invalid-name = Το όνομα ενός τουρνουά έχει 1 έως 60 χαρακτήρες, χωρίς χαρακτήρες ελέγχου
refused-invalid-variant = Διαλέξτε ένα από τα παιχνίδια
refused-invalid-days-per-move = Διαλέξτε τις ημέρες ανά κίνηση από τη λίστα
refused-invalid-max-players = Ένα τουρνουά έχει 2 έως 32 παίκτες
refused-invalid-starts-at = Η έναρξη είναι μια ημερομηνία και ώρα στο μέλλον
refused-invalid-time-zone = Η ζώνη ώρας δεν είναι μία από αυτές που προσφέρονται
refused-already-joined = Είστε ήδη σε αυτό το τουρνουά
refused-tournament-full = Το τουρνουά είναι γεμάτο
refused-tournament-started = Το τουρνουά άρχισε: οι συμμετοχές έκλεισαν
refused-tournament-over = Το τουρνουά τελείωσε
refused-not-in-tournament = Δεν είστε σε αυτό το τουρνουά
refused-no-vacation-left = Οι φετινές ημέρες διακοπών εξαντλήθηκαν
refused-not-on-vacation = Δεν είστε σε διακοπές
refused-on-vacation = Είστε ήδη σε διακοπές
refused-invalid-settings = Η φόρμα έχει ένα πεδίο που δεν θα έπρεπε: ανανεώστε τη σελίδα και δοκιμάστε ξανά
refused-invalid-first = Διαλέξτε από τη λίστα ποιος ξεκινά
refused-invalid-games = Ένας αγώνας έχει από 1 έως 9 παρτίδες
refused-invalid-schedule = Διαλέξτε από τη λίστα πώς παίζονται οι παρτίδες
refused-self-challenge = Δεν μπορείτε να προκαλέσετε τον εαυτό σας
refused-opponent-closed = Ο λογαριασμός αυτού του παίκτη είναι κλειστός
refused-too-many-challenges = Έχετε όσες ανοιχτές προκλήσεις επιτρέπονται σε έναν λογαριασμό: ακυρώστε πρώτα μία
refused-challenge-closed = Η πρόκληση δεν είναι πια ανοιχτή
refused-own-challenge = Δεν μπορείτε να αποδεχτείτε τη δική σας πρόκληση

refused-link-unknown = Αυτός ο σύνδεσμος δεν είναι γνωστός: ίσως τον αντικατέστησε νεότερος. Ζητήστε νέο.
refused-link-used = Αυτός ο σύνδεσμος έχει ήδη χρησιμοποιηθεί: ένας σύνδεσμος λειτουργεί μία φορά. Ζητήστε νέο.
refused-link-expired = Αυτός ο σύνδεσμος έληξε. Ζητήστε νέο.
refused-address-changed = Αυτός ο σύνδεσμος επαληθεύει μια διεύθυνση που δεν είναι πια του λογαριασμού.
refused-mail-not-configured = Αυτός ο διακομιστής δεν στέλνει email: ζητήστε από τον διαχειριστή του να σας ορίσει νέο κωδικό.
refused-invalid-identifier = Γράψτε όνομα χρήστη ή διεύθυνση email.
refused-no-address = Ορίστε πρώτα μια διεύθυνση.
refused-already-verified = Αυτή η διεύθυνση έχει ήδη επαληθευτεί.
refused-too-late-to-abort = Έπαιξαν και οι δύο πλευρές: η παρτίδα δεν μπορεί πια να ακυρωθεί. Μπορείτε ακόμη να εγκαταλείψετε.
refused-other = Αυτό δεν ήταν δυνατό (αιτία: { $code }).
