# Οι σελίδες του λογαριασμού: εγγραφή και σύνδεση, κλειδιά API, σελίδα λογαριασμού.

## Εγγραφή και σύνδεση

auth-sign-up = Εγγραφή
auth-log-in = Σύνδεση
auth-username = Όνομα χρήστη
auth-username-hint = (3 έως 20 λατινικά γράμματα, ψηφία, _ ή -)
auth-password = Κωδικός
auth-password-hint = (τουλάχιστον 8 χαρακτήρες)
auth-have-account = Έχετε ήδη λογαριασμό;
auth-new-here = Νέος εδώ;

## Κλειδιά API

tokens-title = Κλειδιά API
tokens-intro = Τα προγράμματα παίζουν μέσω του API με ένα κλειδί, που στέλνεται σε αυτή την κεφαλίδα:
tokens-token = κλειδί
tokens-api-docs = Πώς λειτουργεί το API
tokens-new = Νέο κλειδί:
tokens-copy-now = Αντιγράψτε το τώρα: δεν θα εμφανιστεί ξανά.
tokens-new-h = Νέο κλειδί
tokens-label = Ετικέτα
tokens-create = Δημιουργία κλειδιού
tokens-yours = Τα κλειδιά σας
tokens-none = Κανένα κλειδί.
tokens-created = Δημιουργήθηκε
tokens-last-used = Τελευταία χρήση
tokens-never = ποτέ
tokens-action = Ενέργεια
tokens-revoke = Ανάκληση
tokens-revoke-label = Ανάκληση του { $label }

## Ο λογαριασμός

account-title = Ο λογαριασμός σας
account-password-h = Αλλαγή κωδικού
account-password-about = Κάθε άλλος φυλλομετρητής συνδεδεμένος στον λογαριασμό σας αποσυνδέεται. Τα κλειδιά API σας συνεχίζουν να λειτουργούν, εκτός αν τα ανακαλέσετε κι αυτά εδώ.
account-current-password = Τρέχων κωδικός
account-new-password = Νέος κωδικός
account-revoke-tokens = Ανάκληση και όλων των κλειδιών API
account-change-password = Αλλαγή κωδικού
account-everywhere-h = Αποσύνδεση παντού
account-everywhere-about = Αποσυνδέει κάθε φυλλομετρητή συνδεδεμένο στον λογαριασμό σας, και αυτόν. Τα κλειδιά API συνεχίζουν να λειτουργούν: ανακαλέστε τα στη σελίδα τους:
account-tokens-link = Κλειδιά API
account-log-out-everywhere = Αποσύνδεση παντού
account-password-changed = Ο κωδικός σας άλλαξε. Άλλες συνεδρίες που έληξαν: { $sessions }.
account-tokens-revoked = Κλειδιά API που ανακλήθηκαν: { $count }.

## Your data and deleting the account

account-data-h = Τα δεδομένα σας
account-download = Κατεβάστε τα δεδομένα σας
account-download-about = ο λογαριασμός, οι παρτίδες, οι προκλήσεις, τα κλειδιά, τα webhooks, οι συσκευές και οι ρυθμίσεις σας σε ένα αρχείο JSON
account-delete-link = Διαγραφή του λογαριασμού σας
delete-title = Να διαγραφεί ο λογαριασμός σας;
delete-about = Αυτό δεν αναιρείται. Οι συνεδρίες, τα κλειδιά API, τα webhooks, οι συσκευές, οι υπενθυμίσεις και οι ρυθμίσεις σας διαγράφονται· οι ανοιχτές προκλήσεις σας ακυρώνονται· οι παρτίδες σε εξέλιξη ακυρώνονται όπου το επιτρέπουν οι κανόνες, αλλιώς εγκαταλείπονται. Οι τελειωμένες παρτίδες σας μένουν, με ένα όνομα-υποκατάστατο. Το όνομα χρήστη σας ελευθερώνεται για όποιον το θέλει.
delete-download-first = πρώτα (ένα αρχείο JSON).
delete-password = Ο κωδικός σας
delete-confirm = Διαγραφή του λογαριασμού μου
delete-keep = Όχι, να μείνει
delete-done-h = Ο λογαριασμός σας διαγράφηκε
delete-done = Όλα του διαγράφηκαν εκτός από τις τελειωμένες παρτίδες, που τώρα δείχνουν το όνομα { $name }, ώστε τα αποτελέσματα και οι βαθμολογίες των αντιπάλων σας να μένουν σωστά.
delete-back = Πίσω στην αρχική σελίδα
