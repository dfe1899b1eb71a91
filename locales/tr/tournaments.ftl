# Turnuva sayfaları: liste ve yeni turnuva formu, bir turnuva, çekilme onayı.

## Liste

tournaments-title = Turnuvalar
tournaments-about = Lig usulü: herkes herkesle oynar (çift devrede iki kez, taraflar değişerek). Başlangıçta tüm oyunlar aynı anda başlar; galibiyet 1, beraberlik ½ puan. Eşitlik Sonneborn–Berger puanıyla bozulur.
tournaments-open = Açık
tournaments-running = Süren
tournaments-past = Geçmiş
tournaments-none = Yok.
tournaments-line = { $variant }, { $format }; { $max } oyuncudan { $players }; başlangıç { $starts }; { $status }
tournaments-new-h = Yeni turnuva
tournaments-name = Ad
tournaments-game = Oyun
tournaments-days-per-move = Hamle başına gün
tournaments-player-limit = Oyuncu sınırı
tournaments-player-limit-hint = (2-32)
tournaments-starts-at = Başlangıç
tournaments-local-time = (kendi saatiniz, aşağıdaki saat diliminde)
tournaments-zone = Saat dilimi
tournaments-zone-hint = (yukarıdaki başlangıç bu saat dilimine göre okunur)
tournaments-zone-browser = Başlangıç sizin saat diliminize göre okunur: { $zone }
tournaments-double = Çift devreli lig
tournaments-double-hint = (her ikili, taraflar değişerek iki kez oynar)
tournaments-rated = Puanlı
tournaments-no-vacation = Tatil yok
tournaments-no-vacation-hint = (oyuncunun tatili bu oyunların saatlerini durdurmaz)
tournaments-create = Oluştur
tournaments-need-account = Turnuva oluşturmak ya da katılmak için hesap gerekir.
tournaments-log-in = Giriş yap

## Turnuva ayarları

tournament-format-double = çift devreli lig
tournament-format-single = tek devreli lig
tournament-format-days = hamle başına { $days } gün
tournament-format-rated = puanlı
tournament-format-casual = puansız
tournament-format-no-vacation = tatil saatleri durdurmaz
tournament-format-separator = {", "}
tournament-status-open = açık: oyuncular katılabilir
tournament-status-running = sürüyor
tournament-status-finished = bitti
tournament-status-canceled = iptal: oyuncu sayısı yetersiz

## Bir turnuva

tournament-made-by = Düzenleyen:
tournament-starts = başlangıç { $starts }
tournament-players-h = Oyuncular ({ $max } kişiden { $count })
tournament-no-one = Henüz kimse yok.
tournament-join = Katıl
tournament-leave = Ayrıl
tournament-withdraw = Çekil…
tournament-withdraw-hint = (kalan oyunların terk edilir)
tournament-final = Son sıralama
tournament-crosstable = Çapraz tablo
tournament-player = Oyuncu
tournament-points = Puan
tournament-sb = SB
tournament-withdrew = (çekildi)
tournament-points-hint = Puan: galibiyet 1, beraberlik ½, yenilgi 0; iptal edilen oyunlar puan getirmez. SB (Sonneborn–Berger): oyuncunun her oyunda aldığı puan ile o oyundaki rakibin toplam puanının çarpımlarının toplamı.
tournament-games-h = Oyunlar
tournament-no-games = Henüz oyun yok.

## Çekilme

withdraw-title = Çekilmek mi?
withdraw-question = { $name } turnuvasından çekilmek mi istiyorsun?
withdraw-games = { $count ->
    [0] Süren oyunun yok: hiçbir oyun terk edilmez, biten oyunların sonuçları kalır.
   *[other] Süren { $count } oyunun terk edilecek: her biri yenilgi sayılır.
}
withdraw-final = Bu geri alınamaz.
withdraw-yes = Evet, çekil
withdraw-no = Hayır, turnuvaya dön
