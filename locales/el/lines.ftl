# Οι παρτίδες στις λίστες και τα αποτελέσματα, σε κάθε σελίδα
# (src/http/pages/view.rs).

ending-empty-row = άδειασε μια σειρά
ending-no-moves = η πλευρά που έπαιζε δεν είχε κίνηση
ending-repetition = η θέση επαναλήφθηκε
ending-all-captured = αιχμαλωτίστηκαν όλες οι πέτρες
ending-majority = κερδήθηκαν περισσότερες από τις μισές πέτρες
ending-resign = εγκατάλειψη
ending-timeout = τελείωσε ο χρόνος
ending-abort = ακυρώθηκε
result-aborted = Ακυρώθηκε: χωρίς πόντους.
result-won-resign = { $winner } κέρδισε με εγκατάλειψη, { $won } πέτρες έναντι { $lost }.
result-won-timeout = { $winner } κέρδισε στον χρόνο, { $won } πέτρες έναντι { $lost }.
result-won = { $winner } κέρδισε ({ $how }), { $won } πέτρες έναντι { $lost }.
result-draw = Ισοπαλία ({ $how }): { $south } { $southstones } πέτρες, { $north } { $northstones }.
line-you-to-move = σειρά σας, μένουν { $time }
line-to-move = παίζει { $name }, μένουν { $time }
line-you-to-move-hurry = σειρά σας, μένουν { $time } (ο χρόνος τελειώνει)
line-to-move-hurry = παίζει { $name }, μένουν { $time } (ο χρόνος τελειώνει)
line-you-vacation = σειρά σας, το ρολόι σταμάτησε: { $count ->
    [one] { $away } είναι σε διακοπές
   *[other] { $away } είναι σε διακοπές
}
line-vacation = παίζει { $name }, το ρολόι σταμάτησε: { $count ->
    [one] { $away } είναι σε διακοπές
   *[other] { $away } είναι σε διακοπές
}
line-and = { $first } και { $second }
line-against = εναντίον { $opponent }
line-match-game = παρτίδα { $number } από { $of } ενός αγώνα
