# Η σελίδα ενός παίκτη, η κατάταξη, ένας αγώνας, και η επιβεβαίωση εγκατάλειψης ή ακύρωσης.

## Οι στήλες· οι σύντομες για κινητά

standings-played = Παρτίδες
standings-played-short = Π
standings-won = Νίκες
standings-won-short = Ν
standings-drawn = Ισοπαλίες
standings-drawn-short = Ι
standings-lost = Ήττες
standings-lost-short = Η
standings-points = Βαθμοί
standings-points-short = Β
standings-rank = Θέση
standings-rank-short = #
standings-rating = Βαθμολογία
standings-player = Παίκτης

## Η κατάταξη

standings-heading = Κατάταξη: { $variant }
standings-all-games = όλα τα παιχνίδια
standings-games-nav = Παιχνίδια
standings-all = Όλα
standings-none = Καμία τελειωμένη παρτίδα ακόμη.
standings-ratings-hint = Οι βαθμολογίες είναι Glicko-2 και αλλάζουν μόνο με παρτίδες με βαθμολόγηση: βαθμολογία ± απόκλιση· το ? σημαίνει προσωρινή βαθμολογία (απόκλιση πάνω από 110).
standings-pages = Σελίδες της κατάταξης
standings-higher = Υψηλότερες θέσεις
standings-lower = Χαμηλότερες θέσεις
standings-page = Σελίδα { $page }

## Η σελίδα ενός παίκτη

player-bot = bot
player-joined = Μέλος από τις { $when }.
player-closed = Αυτός ο λογαριασμός έχει κλείσει.
player-deleted = Ο παίκτης διέγραψε αυτόν τον λογαριασμό· οι τελειωμένες παρτίδες του μένουν με αυτό το όνομα.
player-record-h = Ιστορικό
player-game = Παιχνίδι
player-all-games = Όλα τα παιχνίδια
player-matches-h = Αγώνες
player-recent-h = Πρόσφατες παρτίδες
player-no-games = Καμία παρτίδα ακόμη.
player-all-finished = Όλες οι τελειωμένες παρτίδες του { $name }

## Ένας αγώνας

match-page-title = Αγώνας { $variant }: { $south } - { $north }
match-title = Αγώνας { $variant }
match-versus = { $south } - { $north }
match-terms-sequential = { $games ->
    [one] Αγώνας { $games } παρτίδας, η μία μετά την άλλη
   *[other] Αγώνας { $games } παρτίδων, η μία μετά την άλλη
}
match-terms-sequential-decided = { $games ->
    [one] Αγώνας { $games } παρτίδας, η μία μετά την άλλη, τελειώνει μόλις κριθεί
   *[other] Αγώνας { $games } παρτίδων, η μία μετά την άλλη, τελειώνει μόλις κριθεί
}
match-terms-parallel = { $games ->
    [one] Αγώνας { $games } παρτίδας, όλες μαζί
   *[other] Αγώνας { $games } παρτίδων, όλες μαζί
}
match-terms-parallel-decided = { $games ->
    [one] Αγώνας { $games } παρτίδας, όλες μαζί, τελειώνει μόλις κριθεί
   *[other] Αγώνας { $games } παρτίδων, όλες μαζί, τελειώνει μόλις κριθεί
}
match-rules = Κανόνες του { $variant }
match-score-h = Σκορ
match-games-h = Παρτίδες
match-game = Παρτίδα
match-game-number = Παρτίδα { $number }
match-first = Παίζει πρώτος
match-result = Αποτέλεσμα
match-playing = Σε εξέλιξη
match-aborted = Ακυρώθηκε
match-won-by = Νίκη: { $name }
match-drawn = Ισοπαλία
match-under-way = Σε εξέλιξη
match-under-way-decided = Σε εξέλιξη, κρίθηκε
match-line = { $games ->
    [one] { $variant }, { $games } παρτίδα: { $south } { $south-points } – { $north-points } { $north }, { $standing }
   *[other] { $variant }, { $games } παρτίδες: { $south } { $south-points } – { $north-points } { $north }, { $standing }
}
match-line-under-way = σε εξέλιξη
match-line-won-by = νίκη: { $name }
match-line-drawn = ισοπαλία

## Εγκατάλειψη ή ακύρωση παρτίδας: η επιβεβαίωση

confirm-after-ply = { $title }, μετά την κίνηση { $ply }.
confirm-back = Όχι, πίσω στην παρτίδα

## Οι τελειωμένες παρτίδες ενός παίκτη

finished-title = { $name }: τελειωμένες παρτίδες
finished-heading = τελειωμένες παρτίδες
finished-filters = Εμφάνιση μόνο
finished-game = Παιχνίδι
finished-all-games = Όλα τα παιχνίδια
finished-result-for = Αποτέλεσμα για τον { $name }
finished-any-result = Κάθε αποτέλεσμα
finished-won = Νίκη
finished-drawn = Ισοπαλία
finished-lost = Ήττα
finished-show = Εμφάνιση
finished-none-match = Καμία τελειωμένη παρτίδα δεν ταιριάζει.
finished-none = Καμία τελειωμένη παρτίδα ακόμη.
finished-against = με αντίπαλο τον
finished-by-resignation = με εγκατάλειψη
finished-on-time = στον χρόνο
finished-pages = Σελίδες
finished-newer = Νεότερες παρτίδες
finished-older = Παλαιότερες παρτίδες
finished-page = Σελίδα { $page }
