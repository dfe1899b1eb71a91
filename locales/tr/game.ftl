# Oyun sayfası.

game-side-south = Güney
game-side-north = Kuzey
# The side's letter in the move notation the pages show (S3, N-): the first
# letter of the language's own word for the side; it is also the head of the
# analysis board's rows. Keep the two apart from each other.
game-side-south-letter = G
game-side-north-letter = K
game-status-your-turn = Sıra sende.
game-status-to-move = Sıra { $name } ({ $side }) oyuncusunda.
game-status-over = Oyun bitti.
game-deadline-left = { $time } kaldı
game-deadline-left-hurry = { $time } kaldı: süre azalıyor
game-rating-in = { $variant } puanı
game-your-move = Hamlen
game-you-marker = (sen)
game-board-caption = { $ply }. hamleden sonra tahta: her kuyudaki taşlar, sahibinin solundan
game-board-caption-last = { $ply }. hamleden sonra tahta: her kuyudaki taşlar, sahibinin solundan; son hamle { $move }
game-table-side = Taraf
game-table-pit = { $number }. kuyu
game-table-store = Hazine
game-table-captured = Alınan
game-versus = { $bottom } - { $top }
game-match-link = Maçın { $of } oyunundan { $number }.
game-rules-of = { $variant } kuralları
game-record = Kayıt
game-terms-rated = Puanlı
game-terms-casual = Dostluk
game-terms-weekend-pause = saatler hafta sonları durur (UTC)
game-analyse-position = Bu konumu analiz et
game-deadline = Son süre
game-thinking = { $name } düşünüyor…
game-vacation = Saat durdu: { $name } tatilde. Son süre, saatin durduğu kadar ileri kayar.
game-reload-hint = Rakibinin cevabını görmek için sayfayı yenile.
game-step-nav = Oyunda gezin
game-step-start = { $of } hamlenin { $ply }. hamlesinden sonraki durum: başlangıç.
game-step-where = { $of } hamlenin { $ply }. hamlesinden sonraki durum ({ $move }).
game-step-previous = ← Önceki
game-step-next = Sonraki →
game-step-live = Güncel duruma dön
game-step-back = ← Hamlelerde geri git
game-ratings = Puanlar: { $changes }
game-rematch = Rövanş
game-rematch-offer-you-first = { $name } adlı oyuncuya aynı oyunu yeniden önerir, ilk hamle senin.
game-rematch-offer-they-first = { $name } adlı oyuncuya aynı oyunu yeniden önerir, ilk hamle { $name } oyuncusunun.
game-rematch-offered = { $name } adlı oyuncuya rövanş önerdin; kabul edince başlar.
game-rematch-withdraw = Öneriyi geri çek
game-rematch-offers-you-first = { $name } rövanş öneriyor, ilk hamle senin.
game-rematch-offers-they-first = { $name } rövanş öneriyor, ilk hamle { $name } oyuncusunun.
game-rematch-accept = Rövanşı kabul et
game-rematch-decline = Reddet
game-moves = Hamleler
game-no-moves = Henüz hamle yok.
game-abort = İptal et…
game-resign = Terk et…
time-per-move = Hamle başına { $days } gün
# Tahtanın ekran okuyucular için metinleri.
board-play-pit = { $pit }. kuyuyu oyna, { $count } taş
board-pit = { $side } { $pit }. kuyu: { $count } taş
# A Togyz kumalak house that is a tuzdyk: the pit's own words, then whose it is.
board-pit-tuzdyk = { $pit } ({ $side } tarafının tuzdık'ı)
board-store = { $side } hazinesi: { $count }
board-captures = { $side } tarafının aldıkları: { $count }
board-label = Tahta: üstte { $top }, altta { $bottom }
# Reddedilen bir hamleden sonra oyuna dönünce gösterilir.
game-notice-moved = Bu arada rakibin oynadı; işte yeni konum.
game-notice-elsewhere = Bu arada başka bir pencerede oynadın; işte yeni konum.
game-notice-over = Bu arada oyun bitti; işte son durum.
# Bir hamlenin neden reddedildiği.
game-refused-not-your-turn = Sıra sende değil
game-refused-out-of-range = Geçersiz hamle: bu oyunda o numarada bir kuyu yok
game-refused-empty-pit = Geçersiz hamle: o kuyu boş
game-refused-singleton = Geçersiz hamle: tek taşlı bir kuyu oynanamaz
game-refused-must-feed = Geçersiz hamle: rakibin sırası boş; ona taş eken bir kuyu oyna
game-refused-grand-slam = Geçersiz hamle: bu hamle rakibin sırasındaki bütün taşları alırdı (büyük vuruş)
game-refused-game-over = Geçersiz hamle: oyun bitti
game-extra-move-you = Son taşın hazinene düştü: yeniden oyna.
game-extra-move = { $name } oyuncusunun son taşı hazinesine düştü: yeniden oynuyor.
# Hamle onayı (oyun ayarları).
game-confirm-question = { $pit }. kuyu oynansın mı?
game-confirm = Onayla
game-confirm-cancel = Başka bir kuyu seç
game-confirm-setting-on = Her hamleyi onayla: açık
game-confirm-setting-off = Her hamleyi onayla: kapalı
# Terk etmeden ya da iptal etmeden önce soran sayfalar.
confirm-resign-title = Terk edilsin mi?
confirm-resign-question = Bu oyunu terk ediyor musun?
confirm-resign-explain = Rakibin kazanır ve oyun hemen biter. Bu geri alınamaz.
confirm-resign-button = Evet, terk et
confirm-abort-title = İptal edilsin mi?
confirm-abort-question = Bu oyunu iptal ediyor musun?
confirm-abort-explain = Oyun sonuçsuz biter, kimse puan almaz. Bu geri alınamaz.
confirm-abort-button = Evet, iptal et

# Son hamlelerin yaptığı (sayı 35): izleyenin hamlesi, sonra yanıt.
game-last-moves = Son hamleler
game-ply-sown = { $move }: { $count } taş dağıtıldı
game-ply-captured = { $pits } kuyusundan { $count } taş alındı
game-ply-captured-kazan = { $pits } evinden { $count } taş kazana alındı
game-ply-tuzdyk-gives = { $pits } tuzdığından { $side } kazanına { $count } taş
game-ply-stored = hazineye { $count } taş
game-ply-tuzdyk = { $pit } tuzdık oldu
game-ply-extra = yeniden oynuyor
game-ply-ends = oyun bitti
game-ply-pass = { $move }: taş yok, sıra geçer
game-ply-join = { $first }, { $next }
game-ply-by-you = Sen: { $summary }.
game-ply-by = { $name }: { $summary }.
game-next = Sonraki oyun ({ $count } bekliyor)
game-next-key = Klavye kısayolu: N
game-repeat-warning = Dikkat: { $pits } bir konumu tekrarlar ve bu oyunu bitirir.
game-confirm-question-repeats = { $pit }. kuyu oynansın mı? Bir konumu tekrarlar, bu da oyunu bitirir.
board-play-pit-repeats = { $pit }. kuyuyu oyna (taş: { $count }): bir konumu tekrarlar ve oyunu bitirir
