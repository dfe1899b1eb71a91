# Ana sayfa (templates/home.html), oturum açıkken, ve karşılama sayfası
# (templates/welcome.html), oturum kapalıyken.

home-title = Oyunların
home-your-turn = Sıra sende
home-no-turn = Seni bekleyen oyun yok.
home-waiting = Rakibin bekleniyor
home-none = Yok.
home-challenges = Davetler
home-no-challenges = Açık davet yok.
home-for-you = Sana
home-challenges-you = seni davet ediyor: { $variant }, { $kind }, { $pace }, ilk hamle: { $first }.
home-accept = Kabul et
home-decline = Reddet
home-open-to-anyone = Herkese açık
home-open-line = { $variant }, { $kind }, { $pace }, ilk hamle: { $first }.
home-yours = Seninkiler
home-mine-open = { $variant }, herkese açık, { $kind }, { $pace }, ilk hamle: { $first }.
home-mine-to = { $variant }, rakip: { $opponent }, { $kind }, { $pace }, ilk hamle: { $first }.
home-cancel = Geri al
home-rated = puanlı
home-casual = puansız
home-rated-weekends = puanlı, saatler hafta sonu durur
home-casual-weekends = puansız, saatler hafta sonu durur
home-match-sequential = { $count } oyunluk maç, oyunlar art arda
home-match-parallel = { $count } oyunluk maç, oyunlar aynı anda
home-match-sequential-decided = { $count } oyunluk maç, oyunlar art arda, sonuç belli olunca biter
home-match-parallel-decided = { $count } oyunluk maç, oyunlar aynı anda, sonuç belli olunca biter
home-first-random-line = kurayla
home-first-challenger-line = davet eden
home-first-opponent-line = rakip
home-no-player = “{ $name }” adında bir oyuncu yok.
home-new-challenge = Yeni davet
home-game = Oyun
home-days-per-move = Hamle başına gün
home-who-first = İlk hamleyi kim yapar
home-first-random = Kurayla
home-first-me = Ben
home-first-my-opponent = Rakibim
home-opponent = Rakip
home-opponent-hint = (bir kullanıcı adı; herkese açık davet için boş bırak)
home-rated-label = Puanlı
home-rated-hint = (sonuç iki oyuncunun da puanını değiştirir)
home-weekend-pause = Hafta sonu molası
home-weekend-pause-hint = (saatler cumartesi ve pazar günleri durur, UTC)
home-match = Maç
home-match-hint = (skor puanların toplamıdır, 1 / ½ / 0; ilk hamle sırayla değişir)
home-games = Oyunlar
home-games-choice = { $count ->
    [one] { $count } oyun
   *[other] { $count } oyunluk maç
}
home-played = Oynanış
home-one-after-another = Art arda
home-all-at-once = Hepsi aynı anda
home-end-once-decided = Sonuç belli olunca bitir
home-end-once-decided-hint = (bir oyuncuya artık yetişilemeyince)
home-challenge = Davet et
home-computer = Bilgisayarla oyna
home-computer-hint = Bir ev botu daveti saniyeler içinde kabul eder ve her hamleye hemen karşılık verir.
home-level = Seviye
home-level-random = Rastgele hamleler (en kolay)
home-level-greedy = Açgözlü: hemen alabildiğini alır
home-level-search = Arama: birkaç hamle ileriyi görür
home-level-perfect = Kusursuz: çözülmüş oyun (Tihbat, Modiar)

welcome-title = Yazışmalı mangala
welcome-intro = seedpost üç ekme oyununun (mangala) oynandığı bir yer: Türkiye’den Mangala, Fas’tan Modiar ve Tihbat. Kendi hızında oyna: birkaç günde bir hamle, telefondan ya da masadan, arkadaşlarına ya da botlara karşı.
welcome-sign-up = Kayıt ol
welcome-log-in = Giriş yap
welcome-three-games = Üç oyun
welcome-mangala = Her tarafta altı kuyu ve bir hazine, her kuyuda dört taş. Son taşın hazinende biterse yeniden oynarsın; karşı sıradaki çift sayılar alınır.
welcome-modiar = Yedişer taşlı üç kuyu. İkileri, dörtleri ve altıları zincirleme al; boş kalan sırayı besle; hepsini birden almak yok.
welcome-tihbat = En küçük tahta: yedişer taşlı iki kuyu, yalnızca kendi kuyularında alış.
welcome-watch = İzlenecek oyunlar
welcome-no-ongoing = Şu anda oynanan oyun yok.
welcome-finished = Yeni bitenler
welcome-no-finished = Henüz biten oyun yok.
