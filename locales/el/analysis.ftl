# The analysis board (templates/analysis.html, src/http/pages/analysis.rs) and the
# analysis panel of a finished game (templates/_analysis.html, src/http/pages/panel.rs).

analysis-title = Πίνακας ανάλυσης
analysis-intro = Στήστε μια θέση (κάθε σειρά με τις πέτρες των λάκκων της από τα αριστερά του κατόχου, χωρισμένες με κόμματα) ή επικολλήστε μία, και δείτε πόσο αξίζει κάθε κίνηση με τέλειο παιχνίδι.
# Before the notation, shown as code: south/north/side.
analysis-notation = Μια επικολλημένη θέση γράφεται έτσι:
analysis-game = Παιχνίδι
analysis-north-row = Σειρά του Βορρά
analysis-south-row = Σειρά του Νότου
analysis-to-move = Παίζει
analysis-south = Νότος
analysis-north = Βορράς
analysis-paste = Ή επικολλήστε μια θέση
analysis-seen = Θέσεις από την τελευταία αιχμαλωσία (πρώτα η παλαιότερη, χωρισμένες με «;»)
analysis-south-store = Η αποθήκη του Νότου (αιχμάλωτες)
analysis-north-store = Η αποθήκη του Βορρά (αιχμάλωτες)
analysis-south-tuzdyk = Το τουζντίκ του Νότου (λάκκος της σειράς του Βορρά)
analysis-north-tuzdyk = Το τουζντίκ του Βορρά (λάκκος της σειράς του Νότου)
analysis-error-stores = Κάθε αποθήκη είναι ένας αριθμός πετρών, και οι δύο μαζί όσες πέτρες είναι εκτός σανίδας· το { $game } τις χρειάζεται μόλις βγουν πέτρες από τη σανίδα, και καμία δεν μπορεί να έχει ήδη κερδίσει
analysis-error-tuzdyk = Το τουζντίκ είναι αριθμός λάκκου της σειράς του αντιπάλου που οι κανόνες μπορούν να φτιάξουν: μόνο στο Togyz kumalak, ποτέ ο 9ος λάκκος ούτε ο αριθμός του τουζντίκ του αντιπάλου, και δεν έχει πέτρες
analysis-analyse = Αναλύστε
analysis-result = Ανάλυση
analysis-rows = Η θέση: ο Βορράς επάνω, με τους λάκκους του από τα δεξιά του
# Before the value, in bold.
analysis-side-to-move = Παίζει ο { $side }:
analysis-exact = (ακριβής)
analysis-estimate = (εκτίμηση)
analysis-estimate-depth = (εκτίμηση, βάθος αναζήτησης { $depth })
analysis-passes = Η πλευρά που παίζει δεν έχει πέτρες και πάει πάσο.
analysis-pit = Λάκκος
analysis-value = Αξία
analysis-best = Καλύτερη
# In the column of the best moves.
analysis-is-best = καλύτερη
analysis-value-means = Η αξία είναι η διαφορά σε πέτρες που μπορεί ακόμη να κερδίσει η πλευρά που παίζει έναντι του αντιπάλου, χωρίς τις πέτρες που έχουν ήδη αποθηκευτεί ή αιχμαλωτιστεί.
analysis-json = Το ίδιο σε JSON

# Why a position was refused, by the error's code; without a final full stop.
analysis-error-variant = Επιλέξτε ένα από τα παιχνίδια
analysis-error-position = Μια θέση γράφεται south/north/side, κάθε σειρά με τις πέτρες της από τα αριστερά του κατόχου χωρισμένες με κόμματα: 7,7/7,7/south
analysis-error-row = { $pits ->
    [one] Κάθε σειρά έχει τις πέτρες του μοναδικού λάκκου της, ως έναν αριθμό
   *[other] Κάθε σειρά έχει τις πέτρες των { $pits } λάκκων της, ως αριθμούς χωρισμένους με κόμματα
}
analysis-error-side = Παίζει ο Νότος ή ο Βορράς
analysis-error-stones = { $total ->
    [one] Το { $game } έχει { $total } πέτρα: οι σειρές έχουν τουλάχιστον μία και το πολύ τόση
   *[other] Το { $game } έχει { $total } πέτρες: οι σειρές έχουν τουλάχιστον μία και το πολύ τόσες
}
analysis-error-no-moves = Η πλευρά που παίζει δεν έχει κίνηση: η παρτίδα έχει τελειώσει
analysis-error-seen = Οι προηγούμενες θέσεις γράφονται south/north/side, χωρισμένες με «;», το πολύ { $max }· η καθεμία έχει στη σανίδα τόσες πέτρες όσες αυτή η θέση, και καμία δεν επαναλαμβάνεται τόσες φορές ώστε να είχε τελειώσει η παρτίδα
analysis-error-building = Ο πίνακας του { $game } χτίζεται, κάτι που παίρνει μερικά δευτερόλεπτα μετά την εκκίνηση του διακομιστή: δοκιμάστε ξανά σε λίγο

# The panel of a finished game.
analysis-panel-title = Ανάλυση
analysis-panel-values = Κάθε αξία είναι του παίκτη { $name }, μετά από κάθε κίνηση: η τελική διαφορά σκορ που μπορεί να εξασφαλίσει ο { $name } παίζοντας άριστα από εκεί και πέρα (+ μπροστά, − πίσω, κατά τόσες πέτρες).
analysis-panel-exact = Όλες οι αξίες εδώ είναι ακριβείς.
analysis-panel-estimates = Οι αξίες με ≈ είναι εκτιμήσεις από αναζήτηση· οι υπόλοιπες είναι ακριβείς.
analysis-panel-mistakes = Μια κίνηση που χάνει αξία και δεν είναι από τις καλύτερες είναι λάθος. Επιλέξτε μια κίνηση για να δείτε τη θέση μετά από αυτήν.
analysis-graph-title = { $scale ->
    [one] Η αξία μετά από κάθε κίνηση: επάνω όταν προηγείται ο παίκτης { $up }, κάτω όταν προηγείται ο παίκτης { $down } (έως { $scale } πέτρα)
   *[other] Η αξία μετά από κάθε κίνηση: επάνω όταν προηγείται ο παίκτης { $up }, κάτω όταν προηγείται ο παίκτης { $down } (έως { $scale } πέτρες)
}
analysis-graph-ahead = { $name } μπροστά
analysis-graph-caption = Η αξία μετά από κάθε κίνηση: επάνω, μπροστά ο παίκτης { $up }· κάτω, μπροστά ο παίκτης { $down }. Σε κόκκινο κύκλο: τα λάθη ({ $up } { $upmistakes }, { $down } { $downmistakes }).
# What a point of the graph says: where the game stands after a move.
analysis-lead = { $stones ->
    [one] { $name } μπροστά κατά { $stones } πέτρα
   *[other] { $name } μπροστά κατά { $stones } πέτρες
}
analysis-even = ισοπαλία
analysis-point-start = Η αρχή: { $lead }
analysis-point-move = Κίνηση { $ply } του παίκτη { $name } ({ $pit }): { $lead }
analysis-point-mistake = { $lost ->
    [one] Κίνηση { $ply } του παίκτη { $name } ({ $pit }): { $lead }· λάθος, χάθηκε { $lost } πέτρα
   *[other] Κίνηση { $ply } του παίκτη { $name } ({ $pit }): { $lead }· λάθος, χάθηκαν { $lost } πέτρες
}
analysis-point-pit = λάκκος { $pit }
analysis-pass = πάσο
analysis-move = Κίνηση
analysis-mark = Σήμανση
analysis-mistake = λάθος
analysis-pending = Ο υπολογιστής αναλύει αυτή την παρτίδα· η ανάλυση θα εμφανιστεί εδώ μόλις είναι έτοιμη.
analysis-pending-reload = Ανανεώστε τη σελίδα σε λίγο για να τη δείτε.
