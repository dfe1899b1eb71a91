# Oyun sayfasının "İleriyi planla" bölümü: koşullu hamleler.

plan-title = İleriyi planla
plan-explain = Rakibin hamle sırasındayken vereceğin cevabı yaz: "3 oynarsa 5 oynarım". Bir dizi, sırayla dağıtılan kuyulardır: önce rakibinki, sonra seninki (ek hamle kazanan taraf art arda iki kez dağıtır). Rakibin hamlesi bir diziyle eşleşince cevabın hemen oynanır. Dizilerini senden başka kimse görmez.
plan-none = Henüz dizi yok.
plan-line-label = Yeni dizi
plan-line-hint = Boşlukla ayrılmış kuyu numaraları, örneğin 3 5 1 4.
plan-add = Diziyi ekle
plan-delete = Sil
plan-delete-line = { $line } dizisini sil
plan-played = Dizilerinden oynanan hamleler: { $plies }.
plan-refused-illegal = Bu dizi oynanamaz: { $ply }. hamlesine orada izin yok.
plan-refused-conflicting = Bu dizi, rakibinin aynı hamlelerine başka bir diziden farklı cevap veriyor.
plan-refused-no-reply = Bir dizide rakibinin hamlesinden sonra en az bir hamlen olmalı.
plan-refused-too-many = Çok fazla dizi ya da çok uzun bir dizi (en çok 40 hamlelik 64 dizi).
plan-refused-not-pits = Diziyi boşlukla ayrılmış kuyu numaraları olarak yaz, örneğin 3 5 1.
plan-refused-stale = Oyun ilerledi: diziler rakibin hamle sırasındayken kurulur.
plan-board-title = Tahtada oyna
plan-board-empty = Tahtada önce rakibinin hamlesine, sonra kendi hamlene dokun.
plan-board-line = Şimdiye kadarki dizi: { $line }
plan-board-theirs = Rakibin hamlesi: onun kuyularından birine dokun (üstte).
plan-board-yours = Senin hamlen: kendi kuyularından birine dokun (altta).
plan-board-over = Oyun burada biterdi.
plan-board-sow = { $pit }. kuyuyu dağıt
plan-board-undo = Son hamleyi geri al
plan-board-save = Diziyi kaydet
