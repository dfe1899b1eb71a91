# seedpost'un ortak sözcükleri: düzen (gezinme, alt bilgi, dil menüsü), zamanlar ve
# tarihler, hata sayfası.

## Düzen

nav-skip = İçeriğe geç
nav-site = Site
nav-standings = Sıralama
nav-tournaments = Turnuvalar
nav-rules = Kurallar
nav-analysis = Analiz
nav-your-games = Oyunların
nav-turns-waiting = Hamleni bekleyen { $count } oyun
nav-challenges-waiting = Yanıtını bekleyen { $count } meydan okuma
nav-waiting-both = { $games }, { $challenges }
nav-settings = Ayarlar
nav-log-out = Çıkış yap
nav-log-in = Giriş yap
nav-sign-up = Kayıt ol
footer-about = seedpost — yazışmalı Mangala, Modiar, Tihbat, Kalah, Oware ve Togyz kumalak.
footer-rules = Kurallar
footer-api = API
footer-language = Dil

## Tarihler ve saatler

format-date-time = %-d %B %Y, %H:%M UTC
format-date = %-d %B %Y

## Süreler

time-left-none = süre kalmadı
time-two-units = { $larger } { $smaller }
time-days = { $count } gün
time-hours = { $count } saat
time-minutes = { $count } dakika

## Hata sayfası

error-back-home = Ana sayfaya dön
error-log-in-needed = Bu sayfayı görmek için giriş yap.
error-log-in = Giriş yap
error-sign-up = Kayıt ol
error-status-400 = Hatalı istek
error-status-401 = Giriş yapılmadı
error-status-403 = Yasak
error-status-404 = Bulunamadı
error-status-405 = İzin verilmeyen yöntem
error-status-409 = Çakışma
error-status-413 = Çok büyük
error-status-422 = Kabul edilmedi
error-status-429 = Çok fazla istek
error-status-500 = Sunucu hatası
error-status-503 = Kullanılamıyor
error-status-other = Hata
# Hata sayfasının söyledikleri, hataya göre (başlık durumu söyler).
error-not-found = Bu adreste bir şey yok: sayfa yok ya da gösterdiği şey artık yok.
error-forbidden = Bunu yapamazsın. Bir form gönderdiysen süresi dolmuş olabilir: geri dön, sayfayı yenile ve tekrar dene.
error-not-a-player = Bu oyunda oynamıyorsun.
error-game-over = Oyun bitti.
error-internal = Sunucuda bir şeyler ters gitti. Biraz sonra tekrar dene.
error-unavailable = Sunucu şu an meşgul ya da kapalı. Birazdan tekrar dene.
error-invalid-query = Adreste bu sayfanın anlamadığı bir kısım var: adresi kontrol et ya da sitedeki bir bağlantıyı izle.
