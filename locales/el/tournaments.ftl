# Οι σελίδες τουρνουά: η λίστα και η φόρμα νέου τουρνουά, ένα τουρνουά, η επιβεβαίωση αποχώρησης.

## Η λίστα

tournaments-title = Τουρνουά
tournaments-about = Σύστημα πρωταθλήματος: όλοι παίζουν με όλους (δύο φορές, με αλλαγή πλευρών, στον διπλό γύρο). Στην έναρξη όλες οι παρτίδες αρχίζουν μαζί· η νίκη δίνει 1, η ισοπαλία ½. Οι ισοβαθμίες λύνονται με τη βαθμολογία Sonneborn–Berger.
tournaments-open = Ανοιχτά
tournaments-running = Σε εξέλιξη
tournaments-past = Παλαιότερα
tournaments-none = Κανένα.
tournaments-line = { $variant }, { $format }· { $players } από { $max } παίκτες· αρχίζει { $starts }· { $status }
tournaments-new-h = Νέο τουρνουά
tournaments-name = Όνομα
tournaments-game = Παιχνίδι
tournaments-days-per-move = Ημέρες ανά κίνηση
tournaments-player-limit = Όριο παικτών
tournaments-player-limit-hint = (2 έως 32)
tournaments-starts-at = Αρχίζει στις
tournaments-local-time = (η δική σας ώρα, στη ζώνη ώρας παρακάτω)
tournaments-zone = Ζώνη ώρας
tournaments-zone-hint = (η έναρξη παραπάνω διαβάζεται σε αυτή τη ζώνη)
tournaments-zone-browser = Η έναρξη διαβάζεται στη ζώνη ώρας σας: { $zone }
tournaments-double = Διπλός γύρος
tournaments-double-hint = (κάθε ζευγάρι παίζει δύο φορές, με αλλαγή πλευρών)
tournaments-rated = Με βαθμολόγηση
tournaments-no-vacation = Χωρίς διακοπές
tournaments-no-vacation-hint = (οι διακοπές ενός παίκτη δεν σταματούν τα ρολόγια αυτών των παρτίδων)
tournaments-create = Δημιουργία
tournaments-need-account = Για να δημιουργήσετε ή να μπείτε σε τουρνουά χρειάζεστε λογαριασμό.
tournaments-log-in = Σύνδεση

## Οι ρυθμίσεις ενός τουρνουά

tournament-format-double = διπλός γύρος
tournament-format-single = απλός γύρος
tournament-format-days = { $days ->
    [one] { $days } ημέρα ανά κίνηση
   *[other] { $days } ημέρες ανά κίνηση
}
tournament-format-rated = με βαθμολόγηση
tournament-format-casual = φιλικό
tournament-format-no-vacation = οι διακοπές δεν σταματούν τα ρολόγια
tournament-format-separator = {", "}
tournament-status-open = ανοιχτό: μπορούν να μπουν παίκτες
tournament-status-running = σε εξέλιξη
tournament-status-finished = τελείωσε
tournament-status-canceled = ακυρώθηκε: λίγοι παίκτες

## Ένα τουρνουά

tournament-made-by = Δημιουργός:
tournament-starts = αρχίζει { $starts }
tournament-players-h = Παίκτες ({ $count } από { $max })
tournament-no-one = Κανείς ακόμη.
tournament-join = Συμμετοχή
tournament-leave = Αποχώρηση
tournament-withdraw = Αποχώρηση…
tournament-withdraw-hint = (οι υπόλοιπες παρτίδες σας εγκαταλείπονται)
tournament-final = Τελική κατάταξη
tournament-crosstable = Πίνακας αποτελεσμάτων
tournament-player = Παίκτης
tournament-points = Βαθμοί
tournament-sb = SB
tournament-withdrew = (αποχώρησε)
tournament-points-hint = Βαθμοί: 1 η νίκη, ½ η ισοπαλία, 0 η ήττα· οι ακυρωμένες παρτίδες δεν μετράνε. SB (Sonneborn–Berger): στις παρτίδες ενός παίκτη, οι βαθμοί της καθεμιάς επί το σύνολο του αντιπάλου.
tournament-games-h = Παρτίδες
tournament-no-games = Καμία παρτίδα ακόμη.

## Αποχώρηση από τουρνουά που άρχισε

withdraw-title = Αποχώρηση;
withdraw-question = Αποχώρηση από το { $name };
withdraw-games = { $count ->
    [0] Καμία παρτίδα σας δεν είναι σε εξέλιξη: τίποτα δεν εγκαταλείπεται, και οι τελειωμένες παρτίδες σας κρατούν τα αποτελέσματά τους.
    [one] Η μία παρτίδα σας σε εξέλιξη θα εγκαταλειφθεί: μετρά ως ήττα.
   *[other] Οι { $count } παρτίδες σας σε εξέλιξη θα εγκαταλειφθούν: η καθεμιά μετρά ως ήττα.
}
withdraw-final = Αυτό δεν αναιρείται.
withdraw-yes = Ναι, αποχώρηση
withdraw-no = Όχι, πίσω στο τουρνουά
