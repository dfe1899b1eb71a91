# Oyuncuya gönderilenler: günlük e-posta (src/service/digest.rs) ve anlık
# bildirimler (src/service/push.rs).

mail-digest-subject = seedpost'ta { $count } oyunda sıra sende
mail-digest-hello = Merhaba { $name },
mail-digest-intro = Şu oyunlarda sıra sende (saatler UTC):
mail-digest-game = { $variant }, rakip: { $opponent }
mail-digest-vacation = saat durdu, { $opponent } tatilde
mail-digest-deadline = son hamle zamanı { $deadline } ({ $left } kaldı)
mail-digest-no-time = süre kalmadı
mail-digest-footer =
    Bu e-postayı istediğin için günde bir kez alıyorsun. Durdurmak ya da
    adresi değiştirmek için: { $link }

mail-turn-subject = { $opponent } hamlesini yaptı: { $variant } oyununda sıra sende
mail-turn-subject-many = Rakiplerin hamle yaptı: seedpost'ta { $count } oyunda sıra sende
mail-turn-intro = { $count ->
    [one] Rakibin hamlesini yaptı, sıra sende (saatler UTC):
   *[other] Rakiplerin bu oyunlarda hamlelerini yaptı, sıra sende (saatler UTC):
}
mail-turn-footer =
    Bu e-postayı, sıra sana geldiğinde e-posta almayı seçtiğin için alıyorsun;
    en fazla { $minutes } dakikada bir. Durdurmak için:
    { $link }

push-your-turn-title = Sıra sende
push-your-turn = { $variant }: { $players } — hamle sırası sende
push-running-out-title = Süre azalıyor
push-running-out = { $variant }: { $players } — hamlenin süresi dolmak üzere
push-reminder = { $variant }: { $players } — hamlen için { $left } kaldı
push-game-over-title = Oyun bitti
push-game-start-title = Bir oyun başladı
push-game = { $variant }: { $players }
push-challenge-title = Bir davet
push-challenge = { $challenger } seni { $variant } oynamaya davet ediyor
push-tournament-title = Bir turnuva başladı
push-tournament = Turnuva oyunların başladı
push-test = Bildirimler bu cihazda çalışıyor.

# E-mail reminders

mail-reminder-subject = { $variant } oyununda { $opponent } ile: hamlen için { $left } kaldı
mail-reminder-text = Hamle süren azalıyor: { $left } kaldı (saatler UTC):
mail-reminder-footer =
    Bu hatırlatmayı, hamle süren dolmadan e-postayla hatırlatılmayı seçtiğin
    için alıyorsun. Zamanlarını değiştirmek ya da durdurmak için:
    { $link }

# Address verification and password reset
mail-verify-subject = seedpost için e-posta adresini doğrula
mail-verify-intro = Bu adres seedpost hesabın için girildi. Sen girdiysen doğrulamak için bu bağlantıyı aç ({ $hours } saat boyunca çalışır):
mail-verify-footer = Sen değilsen bu e-postayı yok say: adres doğrulanmamış kalır.
mail-reset-subject = Yeni bir seedpost parolası belirle
mail-reset-intro = Biri seedpost hesabın için yeni bir parola belirlemek istedi. Sen istediysen bu bağlantıyı aç (bir kez ve { $minutes } dakika boyunca çalışır):
mail-reset-footer = Sen değilsen bu e-postayı yok say: parolan olduğu gibi kalır.
