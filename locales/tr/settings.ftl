# Ayar sayfaları: hatırlatıcılar, tatil, bildirimler ve çevrimdışı sayfası.

## Ayarlar sayfası: her ayar sayfası ve içinde ne olduğu

settings-title = Ayarlar
settings-notifications-about = Neyin ve nasıl bildirileceği: cihazlarına anlık bildirimler, e-posta, takvim alarmları ve hatırlatıcıların süre dolmadan ne kadar önce geleceği.
settings-reminders-about = E-posta adresin ve günlük e-posta; hamle sürelerinin takvim beslemesi.
settings-play-about = Bir kuyuya dokunmanın hamleyi hemen mi oynayacağı yoksa onay mı isteyeceği.
settings-vacation-about = Uzaktayken oyunlarının saatlerini durdur.
settings-account-about = Şifreni değiştir, her yerden çıkış yap, verilerini indir ya da hesabını sil.
settings-tokens-about = API üzerinden oynayan botlar ve programlar için anahtarlar.

## Hatırlatıcılar

reminders-title = Hatırlatıcılar
reminders-intro = Süre azaldığında sitedeki uyarının yanı sıra seedpost, hamle sürelerini takviminde ve günlük bir e-postayla da hatırlatabilir.
reminders-calendar-h = Takvim beslemesi
reminders-calendar-about = Bu adrese bir takvim programında abone ol: her oyununun son hamle zamanını gösterir ve Bildirimler sayfasında seçtiğin takvim hatırlatma zamanlarında (varsayılan olarak 24 ve 2 saat önce) alarm çalar. Adrese sahip olan herkes oyunlarını görür, o yüzden kimseyle paylaşma; yeni bir adres eskisini geçersiz kılar.
reminders-feed-address = Beslemenin adresi. Hemen kopyala: bir daha gösterilmeyecek.
reminders-feed-works = Beslemen çalışıyor; adres { $since } tarihinde oluşturuldu.
reminders-new-address = Yeni adres oluştur
reminders-stop-feed = Beslemeyi durdur
reminders-no-feed = Beslemen yok.
reminders-make-feed = Besleme adresi oluştur
reminders-digest-h = Günlük e-posta
reminders-digest-about = Günde bir kez, UTC { $hour }:00'dan sonra, sıranın sende olduğu oyunları listeleyen tek bir e-posta (böyle oyun varsa).
reminders-no-mail = Bu sunucu e-posta göndermiyor: yöneticisi bunu ayarlamamış. Ayarların, ayarlandığı gün için saklanıyor.
reminders-email = E-posta adresi
reminders-send-digest = Bana günlük e-postayı gönder
reminders-save = Kaydet
reminders-last-sent = Son gönderim: { $day }.
reminders-saved-on = Kaydedildi: günlük e-posta { $email } adresine gidecek.
reminders-saved-off = Kaydedildi: günlük e-posta gönderilmeyecek.

## Tatil

vacation-title = Tatil
vacation-about = Uzaklara mı gidiyorsun? Tatildeyken tüm oyunlarının saatleri durur ve rakiplerin senin uzakta olduğunu görür.
vacation-allowance = Yılda { $days } gün hakkın var (1 Ocak'tan itibaren, UTC); tatile izin vermeyen turnuvaların oyunları devam eder.
vacation-left = Bu yıl kalan:
vacation-since = { $since } tarihinden beri tatildesin.
vacation-until = Bu yılın günleri bittiğinde, { $until } tarihinde kendiliğinden biter.
vacation-end = Tatilimi bitir
vacation-not-away = Tatilde değilsin.
vacation-start = Tatile başla
vacation-started = Tatilin başladı: oyunlarının saatleri durdu.
vacation-ended = Tatilin bitti: oyunlarının saatleri yeniden işliyor.

## Bildirimler

notify-title = Bildirimler
notify-devices-h = Cihazların
notify-this-device = Bu cihazda bana bildir
notify-noscript = Bir cihazda anlık bildirimi açmak JavaScript gerektirir: aboneliği tarayıcının kendisi yapar. Bu sayfadaki diğer her şey JavaScript olmadan çalışır.
notify-no-devices = Hiçbir cihazda anlık bildirim açık değil.
notify-device-since = { $since } tarihinden beri
notify-last-notified = son bildirim { $last }
notify-turn-off = Kapat
notify-send-test = Bana deneme bildirimi gönder
notify-no-mail = Bu sunucu e-posta göndermiyor: yöneticisi bunu ayarlamamış. E-posta seçimlerin, ayarlandığı gün için saklanıyor.
notify-reminders-before = Süre dolmadan önce hatırlatıcılar:
# After "Reminders before a deadline:" on the folded list, when no time is chosen.
notify-reminders-none = yok
# The fold of a channel whose kinds of notice are folded away too (e-mail), before
# what is chosen.
notify-choices-summary = Ne gönderilsin:
notify-save = Kaydet
notify-kind-your-turn = Sıra sende (rakip hamlesini yaptı)
notify-kind-challenge = Sana bir meydan okuma
notify-kind-game-start = Bir oyun başladı (turnuva ve maçlar dahil)
notify-kind-game-finish = Bir oyun bitti
notify-hours-before = { $hours } sa önce
notify-minutes-before = { $minutes } dk önce
notify-push-title = Anlık bildirimler
notify-push-about = Anlık bildirimi açtığın bu telefona ya da bilgisayara ve diğerlerine (aşağıda).
notify-email-title = E-posta
notify-email-about = Günlük e-postanın adresine (Hatırlatıcılar sayfasında): sıra sana geldiğinde her oyun ve hamle için en fazla bir e-posta, oyun sende açıkken asla; ve her hatırlatma zamanında bir e-posta.
notify-calendar-title = Takvim alarmları
notify-calendar-about = Takvim beslemende (Hatırlatıcılar sayfasında).
notify-bot-title = Botlar
notify-bot-about = Olay akışındaki time_running_out olayı; sürenin %80'indeki olaya ek olarak.
notify-test-none = Anlık bildirimi açık hiçbir cihazın yok: önce bir cihazda aç.
notify-test-sent = Deneme bildirimi { $count } cihaza gönderiliyor.
notify-js-unsupported = Bu tarayıcı anlık bildirim alamıyor.
notify-js-blocked = Bu site için bildirimler tarayıcıda engellenmiş.
notify-js-refused = Sunucu bu cihazı kabul etmedi.
notify-js-asking = Tarayıcıya soruluyor…
notify-js-failed = Anlık bildirim açılamadı.

## Çevrimdışı sayfası

offline-tab = Çevrimdışı
offline-title = Çevrimdışısın
offline-about = seedpost'a şu an ulaşılamıyor. Oyunların seni bekliyor: hamleler sunucuda yapılır ve saatin olduğu gibi duruyor.
offline-retry = Tekrar dene
play-title = Oyun ayarları
play-saved = Kaydedildi.
play-confirm-moves = Her hamleyi onayla
play-confirm-moves-hint = (kuyuya ilk dokunuş onu seçer; ikinci dokunuş ya da Onayla onu oynar)
play-still-moves = Hamleleri canlandırmasız göster
play-still-moves-hint = (taşlar tek tek dağıtılmak yerine yeni kuyularına hemen geçer)
play-save = Kaydet

reminders-verified = { $when } tarihinde doğrulandı: parolanı unutursan sıfırlama bağlantısı bu adrese gidebilir.
reminders-unverified = Henüz doğrulanmadı: bu adrese gönderdiğimiz bağlantıyı aç. O zamana kadar oraya parola sıfırlama bağlantısı gitmez.
reminders-resend-verification = Doğrulama bağlantısını yeniden gönder
reminders-verification-sent = { $email } adresine bir doğrulama bağlantısı gitti; 24 saat boyunca çalışır.
