# Η αρχική σελίδα (templates/home.html) με σύνδεση, και η σελίδα υποδοχής
# (templates/welcome.html) χωρίς.

home-title = Οι παρτίδες σας
home-your-turn = Σειρά σας
home-no-turn = Καμία παρτίδα δεν σας περιμένει.
home-waiting = Περιμένετε τον αντίπαλο
home-none = Καμία.
home-challenges = Προκλήσεις
home-no-challenges = Καμία ανοιχτή πρόκληση.
home-for-you = Για εσάς
home-challenges-you = σας προκαλεί σε { $variant }, { $kind }, { $pace }, ξεκινά: { $first }.
home-accept = Αποδοχή
home-decline = Απόρριψη
home-open-to-anyone = Ανοιχτές σε όλους
home-open-line = { $variant }, { $kind }, { $pace }, ξεκινά: { $first }.
home-yours = Δικές σας
home-mine-open = { $variant } ανοιχτή σε όλους, { $kind }, { $pace }, ξεκινά: { $first }.
home-mine-to = { $variant } προς { $opponent }, { $kind }, { $pace }, ξεκινά: { $first }.
home-cancel = Ακύρωση
home-rated = με βαθμολογία
home-casual = φιλική
home-rated-weekends = με βαθμολογία, ρολόγια σταματημένα τα Σαββατοκύριακα
home-casual-weekends = φιλική, ρολόγια σταματημένα τα Σαββατοκύριακα
home-match-sequential = αγώνας { $count } παρτίδων, η μία μετά την άλλη
home-match-parallel = αγώνας { $count } παρτίδων, όλες μαζί
home-match-sequential-decided = αγώνας { $count } παρτίδων, η μία μετά την άλλη, τελειώνει μόλις κριθεί
home-match-parallel-decided = αγώνας { $count } παρτίδων, όλες μαζί, τελειώνει μόλις κριθεί
home-first-random-line = με κλήρωση
home-first-challenger-line = αυτός που προκαλεί
home-first-opponent-line = ο αντίπαλος
home-no-player = Δεν υπάρχει παίκτης με το όνομα «{ $name }».
home-new-challenge = Νέα πρόκληση
home-game = Παιχνίδι
home-days-per-move = Ημέρες ανά κίνηση
home-who-first = Ποιος ξεκινά
home-first-random = Με κλήρωση
home-first-me = Εγώ
home-first-my-opponent = Ο αντίπαλός μου
home-opponent = Αντίπαλος
home-opponent-hint = (ένα όνομα χρήστη· αφήστε το κενό για ανοιχτή πρόκληση)
home-rated-label = Με βαθμολογία
home-rated-hint = (το αποτέλεσμα αλλάζει τη βαθμολογία και των δύο παικτών)
home-weekend-pause = Παύση Σαββατοκύριακου
home-weekend-pause-hint = (τα ρολόγια σταματούν Σάββατο και Κυριακή, UTC)
home-match = Αγώνας
home-match-hint = (το σκορ είναι το άθροισμα των πόντων, 1 / ½ / 0· όποιος ξεκινά εναλλάσσεται)
home-games = Παρτίδες
home-games-choice = { $count ->
    [one] { $count } παρτίδα
   *[other] Αγώνας { $count } παρτίδων
}
home-played = Πώς παίζονται
home-one-after-another = Η μία μετά την άλλη
home-all-at-once = Όλες μαζί
home-end-once-decided = Τέλος μόλις κριθεί
home-end-once-decided-hint = (όταν ένας παίκτης δεν μπορεί πια να φτάσει τον άλλο)
home-challenge = Πρόκληση
home-computer = Παίξτε με τον υπολογιστή
home-computer-hint = Ένα ρομπότ του ιστότοπου δέχεται μέσα σε δευτερόλεπτα και απαντά αμέσως σε κάθε κίνηση.
home-level = Επίπεδο
home-level-random = Τυχαίες κινήσεις (το πιο εύκολο)
home-level-greedy = Άπληστο: παίρνει αμέσως ό,τι μπορεί
home-level-search = Αναζήτηση: κοιτάζει λίγες κινήσεις μπροστά
home-level-perfect = Τέλειο: λυμένο παιχνίδι (Tihbat, Modiar)

welcome-title = Μανκάλα δι’ αλληλογραφίας
welcome-intro = Το seedpost είναι ένας τόπος για τρία παιχνίδια σποράς (μανκάλα): το Mangala από την Τουρκία, το Modiar και το Tihbat από το Μαρόκο. Παίξτε με τον δικό σας ρυθμό: μια κίνηση κάθε λίγες μέρες, από κινητό ή υπολογιστή, με φίλους ή με ρομπότ.
welcome-sign-up = Εγγραφή
welcome-log-in = Σύνδεση
welcome-three-games = Τα τρία παιχνίδια
welcome-mangala = Έξι λάκκοι και μια αποθήκη σε κάθε πλευρά, τέσσερις πέτρες σε κάθε λάκκο. Αν τελειώσετε στην αποθήκη σας, ξαναπαίζετε· οι ζυγοί αριθμοί στην απέναντι σειρά αιχμαλωτίζονται.
welcome-modiar = Τρεις λάκκοι με επτά. Αιχμαλωτίστε δυάρια, τεσσάρια και εξάρια σε αλυσίδα· ταΐστε μια άδεια σειρά· όχι όλα μαζί με μία κίνηση.
welcome-tihbat = Η μικρότερη σανίδα: δύο λάκκοι με επτά πέτρες ο καθένας, αιχμαλωσίες μόνο στους δικούς σας λάκκους.
welcome-watch = Παρτίδες να παρακολουθήσετε
welcome-no-ongoing = Καμία παρτίδα δεν παίζεται αυτή τη στιγμή.
welcome-finished = Πρόσφατα τελειωμένες
welcome-no-finished = Καμία παρτίδα δεν έχει τελειώσει ακόμη.
