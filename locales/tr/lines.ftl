# Listelerdeki oyunlar ve sonuçlar, her sayfada (src/http/pages/view.rs).

ending-empty-row = bir sıra boşaldı
ending-no-moves = sıradaki tarafın hamlesi yoktu
ending-repetition = konum tekrarlandı
ending-all-captured = bütün taşlar alındı
ending-majority = taşların yarısından fazlası kazanıldı
ending-resign = terk
ending-timeout = süre doldu
ending-abort = iptal edildi
result-aborted = İptal edildi: puan yok.
result-won-resign = { $winner } terkle kazandı, { $won } taşa { $lost }.
result-won-timeout = { $winner } süreyle kazandı, { $won } taşa { $lost }.
result-won = { $winner } kazandı ({ $how }), { $won } taşa { $lost }.
result-draw = Berabere ({ $how }): { $south } { $southstones } taş, { $north } { $northstones }.
line-you-to-move = sıra sende, { $time } kaldı
line-to-move = sıra { $name } oyuncusunda, { $time } kaldı
line-you-to-move-hurry = sıra sende, { $time } kaldı (süre azalıyor)
line-to-move-hurry = sıra { $name } oyuncusunda, { $time } kaldı (süre azalıyor)
line-you-vacation = sıra sende, saat durdu: { $count ->
    [one] { $away } tatilde
   *[other] { $away }, ikisi de tatilde
}
line-vacation = sıra { $name } oyuncusunda, saat durdu: { $count ->
    [one] { $away } tatilde
   *[other] { $away }, ikisi de tatilde
}
line-and = { $first } ve { $second }
line-against = rakip: { $opponent }
line-match-game = bir maçın { $of } oyunundan { $number }.
