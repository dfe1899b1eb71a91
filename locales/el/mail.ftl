# Ό,τι στέλνεται σε έναν παίκτη: το ημερήσιο e-mail (src/service/digest.rs) και
# οι ειδοποιήσεις (src/service/push.rs).

mail-digest-subject = { $count ->
    [one] Σειρά σας σε { $count } παρτίδα στο seedpost
   *[other] Σειρά σας σε { $count } παρτίδες στο seedpost
}
mail-digest-hello = Γεια σας, { $name },
mail-digest-intro = Είναι η σειρά σας σε αυτές τις παρτίδες (ώρες σε UTC):
mail-digest-game = { $variant } εναντίον { $opponent }
mail-digest-vacation = το ρολόι σταμάτησε, { $opponent } είναι σε διακοπές
mail-digest-deadline = παίξτε έως { $deadline } (μένουν { $left })
mail-digest-no-time = καθόλου χρόνος
mail-digest-footer =
    Λαμβάνετε αυτό το e-mail μία φορά την ημέρα επειδή το ζητήσατε. Για να το
    σταματήσετε ή να αλλάξετε τη διεύθυνση: { $link }

mail-turn-subject = { $opponent } έπαιξε: σειρά σας στο { $variant }
mail-turn-subject-many = { $count ->
    [one] Σειρά σας σε { $count } παρτίδα στο seedpost
   *[other] Οι αντίπαλοί σας έπαιξαν: σειρά σας σε { $count } παρτίδες στο seedpost
}
mail-turn-intro = { $count ->
    [one] Ο αντίπαλός σας έπαιξε και είναι η σειρά σας (ώρες σε UTC):
   *[other] Οι αντίπαλοί σας έπαιξαν σε αυτές τις παρτίδες και είναι η σειρά σας (ώρες σε UTC):
}
mail-turn-footer =
    Λαμβάνετε αυτό το e-mail επειδή ενεργοποιήσατε το e-mail όταν είναι η σειρά
    σας, το πολύ ένα κάθε { $minutes } λεπτά. Για να το σταματήσετε:
    { $link }

push-your-turn-title = Σειρά σας
push-your-turn = { $variant }: { $players } — είναι η σειρά σας
push-running-out-title = Ο χρόνος τελειώνει
push-running-out = { $variant }: { $players } — η κίνησή σας λήγει σύντομα
push-reminder = { $variant }: { $players } — απομένουν { $left } για την κίνησή σας
push-game-over-title = Η παρτίδα τελείωσε
push-game-start-title = Ξεκίνησε μια παρτίδα
push-game = { $variant }: { $players }
push-challenge-title = Μια πρόκληση
push-challenge = { $challenger } σας προκαλεί σε { $variant }
push-tournament-title = Ξεκίνησε ένα τουρνουά
push-tournament = Οι παρτίδες σας στο τουρνουά ξεκίνησαν
push-test = Οι ειδοποιήσεις λειτουργούν σε αυτή τη συσκευή.

# E-mail reminders

mail-reminder-subject = Απομένουν { $left } για την κίνησή σας στο { $variant } (αντίπαλος: { $opponent })
mail-reminder-text = Ο χρόνος για την κίνησή σας τελειώνει: απομένουν { $left } (ώρες σε UTC):
mail-reminder-footer =
    Λαμβάνετε αυτή την υπενθύμιση επειδή επιλέξατε υπενθυμίσεις με e-mail πριν
    από τις προθεσμίες σας. Για να αλλάξετε τις ώρες τους ή να τις σταματήσετε:
    { $link }

# Address verification and password reset
mail-verify-subject = Επιβεβαιώστε τη διεύθυνση email σας στο seedpost
mail-verify-intro = Αυτή η διεύθυνση ορίστηκε για τον λογαριασμό σας στο seedpost. Αν ήσασταν εσείς, ανοίξτε αυτόν τον σύνδεσμο για να την επιβεβαιώσετε (λειτουργεί για { $hours } ώρες):
mail-verify-footer = Αν δεν ήσασταν εσείς, αγνοήστε αυτό το μήνυμα: η διεύθυνση μένει ανεπιβεβαίωτη.
mail-reset-subject = Ορίστε νέο κωδικό στο seedpost
mail-reset-intro = Κάποιος ζήτησε νέο κωδικό για τον λογαριασμό σας στο seedpost. Αν ήσασταν εσείς, ανοίξτε αυτόν τον σύνδεσμο (λειτουργεί μία φορά, για { $minutes } λεπτά):
mail-reset-footer = Αν δεν ήσασταν εσείς, αγνοήστε αυτό το μήνυμα: ο κωδικός σας μένει ως έχει.
