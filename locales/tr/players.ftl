# Oyuncu sayfası, sıralama, maç ve oyun terk/iptal onayı.

## Kayıt ve sıralama sütunları; kısaları telefon için

standings-played = Oynanan
standings-played-short = O
standings-won = Galibiyet
standings-won-short = G
standings-drawn = Beraberlik
standings-drawn-short = B
standings-lost = Yenilgi
standings-lost-short = M
standings-points = Puan
standings-points-short = P
standings-rank = Sıra
standings-rank-short = #
standings-rating = Derece
standings-player = Oyuncu

## Sıralama

standings-heading = Sıralama: { $variant }
standings-all-games = tüm oyunlar
standings-games-nav = Oyunlar
standings-all = Tümü
standings-none = Henüz biten oyun yok.
standings-ratings-hint = Dereceler Glicko-2'dir ve yalnızca puanlı oyunlarla değişir: derece ± sapma; ? geçici bir dereceyi gösterir (sapma 110'un üstünde).
standings-pages = Sıralamanın sayfaları
standings-higher = Üst sıralar
standings-lower = Alt sıralar
standings-page = Sayfa { $page }

## Oyuncu sayfası

player-bot = bot
player-joined = Katılma: { $when }.
player-closed = Bu hesap kapatıldı.
player-deleted = Bu hesap sahibi tarafından silindi; bitmiş oyunları bu adla kalır.
player-record-h = Karne
player-game = Oyun
player-all-games = Tüm oyunlar
player-matches-h = Maçlar
player-recent-h = Son oyunlar
player-no-games = Henüz oyun yok.
player-all-finished = { $name } oyuncusunun biten tüm oyunları

## Maç

match-page-title = { $variant } maçı: { $south } - { $north }
match-title = { $variant } maçı
match-versus = { $south } - { $north }
match-terms-sequential = { $games } oyunluk maç, oyunlar art arda
match-terms-sequential-decided = { $games } oyunluk maç, oyunlar art arda, sonuç belli olunca biter
match-terms-parallel = { $games } oyunluk maç, tüm oyunlar aynı anda
match-terms-parallel-decided = { $games } oyunluk maç, tüm oyunlar aynı anda, sonuç belli olunca biter
match-rules = { $variant } kuralları
match-score-h = Skor
match-games-h = Oyunlar
match-game = Oyun
match-game-number = { $number }. oyun
match-first = İlk oynayan
match-result = Sonuç
match-playing = Sürüyor
match-aborted = İptal edildi
match-won-by = Kazanan: { $name }
match-drawn = Berabere
match-under-way = Sürüyor
match-under-way-decided = Sürüyor, sonuç belli
match-line = { $variant }, { $games } oyun: { $south } { $south-points } – { $north-points } { $north }, { $standing }
match-line-under-way = sürüyor
match-line-won-by = kazanan: { $name }
match-line-drawn = berabere

## Onay

confirm-after-ply = { $title }, { $ply }. hamleden sonra.
confirm-back = Hayır, oyuna dön

## Oyuncunun biten oyunları

finished-title = { $name }: biten oyunlar
finished-heading = biten oyunlar
finished-filters = Yalnızca göster
finished-game = Oyun
finished-all-games = Tüm oyunlar
finished-result-for = { $name } için sonuç
finished-any-result = Her sonuç
finished-won = Kazandı
finished-drawn = Berabere
finished-lost = Kaybetti
finished-show = Göster
finished-none-match = Uyan biten oyun yok.
finished-none = Henüz biten oyun yok.
finished-against = rakip:
finished-by-resignation = terk ile
finished-on-time = süreden
finished-pages = Sayfalar
finished-newer = Daha yeni oyunlar
finished-older = Daha eski oyunlar
finished-page = Sayfa { $page }
