# Η σελίδα της παρτίδας.

game-side-south = Νότος
game-side-north = Βορράς
# The side's letter in the move notation the pages show (S3, N-): the first
# letter of the language's own word for the side; it is also the head of the
# analysis board's rows. Keep the two apart from each other.
game-side-south-letter = Ν
game-side-north-letter = Β
game-status-your-turn = Σειρά σας.
game-status-to-move = Παίζει { $name } ({ $side }).
game-status-over = Η παρτίδα τελείωσε.
game-deadline-left = απομένουν { $time }
game-deadline-left-hurry = απομένουν { $time }: ο χρόνος τελειώνει
game-rating-in = Βαθμολογία στο { $variant }
game-your-move = Η κίνησή σας
game-you-marker = (εσείς)
game-board-caption = Η σανίδα μετά την κίνηση { $ply }: πέτρες σε κάθε λάκκο, από τα αριστερά του κατόχου
game-board-caption-last = Η σανίδα μετά την κίνηση { $ply }: πέτρες σε κάθε λάκκο, από τα αριστερά του κατόχου· η τελευταία κίνηση ήταν { $move }
game-table-side = Πλευρά
game-table-pit = Λάκκος { $number }
game-table-store = Αποθήκη
game-table-captured = Αιχμάλωτες
game-versus = { $bottom } εναντίον { $top }
game-match-link = Παρτίδα { $number } από { $of } του αγώνα
game-rules-of = Κανόνες του { $variant }
game-record = Καταγραφή
game-terms-rated = Με βαθμολογία
game-terms-casual = Φιλική
game-terms-weekend-pause = τα ρολόγια σταματούν τα σαββατοκύριακα (UTC)
game-analyse-position = Ανάλυση αυτής της θέσης
game-deadline = Προθεσμία
game-thinking = { $name } σκέφτεται…
game-vacation = Το ρολόι σταμάτησε: { $name } είναι σε διακοπές. Η προθεσμία μετατίθεται όσο στέκεται το ρολόι.
game-reload-hint = Ανανεώστε τη σελίδα για να δείτε την απάντηση του αντιπάλου σας.
game-step-nav = Περιήγηση στην παρτίδα
game-step-start = Θέση μετά την κίνηση { $ply } από { $of }: η αρχή.
game-step-where = Θέση μετά την κίνηση { $ply } από { $of } ({ $move }).
game-step-previous = ← Προηγούμενη
game-step-next = Επόμενη →
game-step-live = Πίσω στην τρέχουσα θέση
game-step-back = ← Πίσω στις κινήσεις
game-ratings = Βαθμολογίες: { $changes }
game-rematch = Ρεβάνς
game-rematch-offer-you-first = Προσφέρει στον/στην { $name } την ίδια παρτίδα ξανά, με εσάς πρώτους.
game-rematch-offer-they-first = Προσφέρει στον/στην { $name } την ίδια παρτίδα ξανά, με { $name } πρώτο.
game-rematch-offered = Προσφέρατε ρεβάνς στον/στην { $name }· αρχίζει όταν το δεχτεί.
game-rematch-withdraw = Απόσυρση της προσφοράς
game-rematch-offers-you-first = { $name } προσφέρει ρεβάνς, με εσάς πρώτους.
game-rematch-offers-they-first = { $name } προσφέρει ρεβάνς, με { $name } πρώτο.
game-rematch-accept = Αποδοχή της ρεβάνς
game-rematch-decline = Απόρριψη
game-moves = Κινήσεις
game-no-moves = Καμία κίνηση ακόμη.
game-abort = Ακύρωση…
game-resign = Παραίτηση…
time-per-move = { $days ->
    [one] { $days } ημέρα ανά κίνηση
   *[other] { $days } ημέρες ανά κίνηση
}
# Τα εναλλακτικά κείμενα της σανίδας, για αναγνώστες οθόνης.
board-play-pit = Παίξτε τον λάκκο { $pit }, { $count ->
    [one] { $count } πέτρα
   *[other] { $count } πέτρες
}
board-pit = { $side }, λάκκος { $pit }: { $count ->
    [one] { $count } πέτρα
   *[other] { $count } πέτρες
}
# A Togyz kumalak house that is a tuzdyk: the pit's own words, then whose it is.
board-pit-tuzdyk = { $pit } (τουζντίκ: { $side })
board-store = { $side }: αποθήκη { $count }
board-captures = { $side }: αιχμάλωτες { $count }
board-label = Σανίδα: { $top } πάνω, { $bottom } κάτω
# Εμφανίζεται όταν μια κίνηση που απορρίφθηκε επιστρέφει τον παίκτη στην παρτίδα.
game-notice-moved = Στο μεταξύ έπαιξε ο αντίπαλός σας· ιδού η νέα θέση.
game-notice-elsewhere = Στο μεταξύ παίξατε από άλλο παράθυρο· ιδού η νέα θέση.
game-notice-over = Στο μεταξύ η παρτίδα τελείωσε· ιδού πώς έληξε.
# Γιατί απορρίφθηκε μια κίνηση.
game-refused-not-your-turn = Δεν είναι η σειρά σας
game-refused-out-of-range = Μη επιτρεπτή κίνηση: δεν υπάρχει λάκκος με αυτόν τον αριθμό σε αυτό το παιχνίδι
game-refused-empty-pit = Μη επιτρεπτή κίνηση: ο λάκκος είναι άδειος
game-refused-singleton = Μη επιτρεπτή κίνηση: λάκκος με μία μόνο πέτρα δεν παίζεται
game-refused-must-feed = Μη επιτρεπτή κίνηση: η σειρά του αντιπάλου είναι άδεια· παίξτε λάκκο που σπέρνει σε αυτήν
game-refused-grand-slam = Μη επιτρεπτή κίνηση: θα αιχμαλώτιζε όλες τις πέτρες της σειράς του αντιπάλου (μεγάλο χτύπημα)
game-refused-game-over = Μη επιτρεπτή κίνηση: η παρτίδα τελείωσε
game-extra-move-you = Η τελευταία σας πέτρα έπεσε στην αποθήκη σας: ξαναπαίξτε.
game-extra-move = Η τελευταία πέτρα του παίκτη { $name } έπεσε στην αποθήκη του: { $name } ξαναπαίζει.
# Επιβεβαίωση κίνησης (ρυθμίσεις παιχνιδιού).
game-confirm-question = Να παιχτεί ο λάκκος { $pit };
game-confirm = Επιβεβαίωση
game-confirm-cancel = Διαλέξτε άλλον λάκκο
game-confirm-setting-on = Επιβεβαίωση κάθε κίνησης: ενεργή
game-confirm-setting-off = Επιβεβαίωση κάθε κίνησης: ανενεργή
# Οι σελίδες που ρωτούν πριν από εγκατάλειψη ή ακύρωση.
confirm-resign-title = Εγκατάλειψη;
confirm-resign-question = Να εγκαταλείψετε αυτή την παρτίδα;
confirm-resign-explain = Κερδίζει ο αντίπαλός σας και η παρτίδα τελειώνει τώρα. Δεν αναιρείται.
confirm-resign-button = Ναι, εγκαταλείπω
confirm-abort-title = Ακύρωση;
confirm-abort-question = Να ακυρωθεί αυτή η παρτίδα;
confirm-abort-explain = Η παρτίδα τελειώνει χωρίς αποτέλεσμα και κανείς δεν παίρνει πόντους. Δεν αναιρείται.
confirm-abort-button = Ναι, ακύρωση

# Τι έκαναν οι τελευταίες κινήσεις (θέμα 35): η κίνηση του θεατή, μετά η απάντηση.
game-last-moves = Τελευταίες κινήσεις
game-ply-sown = { $move }: σπάρθηκαν { $count }
game-ply-captured = πιάστηκαν { $count } από { $pits }
game-ply-captured-kazan = πιάστηκαν { $count } από { $pits } στο kazan
game-ply-tuzdyk-gives = { $count } στο kazan: { $side } από το τουζντίκ { $pits }
game-ply-stored = { $count } στην αποθήκη
game-ply-tuzdyk = το { $pit } έγινε τουζντίκ
game-ply-extra = ξαναπαίζει
game-ply-ends = το παιχνίδι τελείωσε
game-ply-pass = { $move }: καμία πέτρα, η σειρά περνά
game-ply-join = { $first }, { $next }
game-ply-by-you = Εσείς: { $summary }.
game-ply-by = { $name }: { $summary }.
game-next = Επόμενο παιχνίδι ({ $count } σας περιμένουν)
game-next-key = Συντόμευση πληκτρολογίου: N
game-repeat-warning = Προσοχή: το { $pits } θα επαναλάμβανε μια θέση, και αυτό τελειώνει το παιχνίδι.
game-confirm-question-repeats = Να παιχτεί ο λάκκος { $pit }; Επαναλαμβάνει μια θέση, και αυτό τελειώνει το παιχνίδι.
board-play-pit-repeats = Παίξτε τον λάκκο { $pit } (πέτρες: { $count }): επαναλαμβάνει μια θέση και τελειώνει το παιχνίδι
