# Bir formun neden reddedildiği, hatanın kalıcı koduna göre.

refused-bad-credentials = Kullanıcı adı veya parola yanlış
refused-username-taken = Bu kullanıcı adı alınmış
refused-invalid-username = Kullanıcı adı 3-20 karakterdir: a-z harfleri, rakamlar, _ veya -; "house" ile başlayamaz
refused-invalid-password = Parola en az 8, en çok 1024 karakterdir
refused-wrong-password = Şu anki parola yanlış
refused-rate-limited = Çok fazla deneme: { $seconds } saniye sonra tekrar dene
refused-invalid-label = Anahtar etiketi 1-100 karakterdir ve kontrol karakteri içermez
refused-too-many-tokens = Bir hesabın sahip olabileceği kadar anahtarın var: önce birini iptal et
refused-too-many-tournaments = Bir hesabın açabileceği kadar açık turnuvan var: birinin başlamasını bekle
refused-invalid-scopes = Bir anahtarın en az bir yetkisi olmalı
refused-invalid-email = Bu, günlük e-postanın gidebileceği bir e-posta adresi değil
refused-invalid-name = Turnuva adı 1-60 karakterdir ve kontrol karakteri içermez
refused-invalid-variant = Oyunlardan birini seç
refused-invalid-days-per-move = Hamle başına gün sayısını listeden seç
refused-invalid-max-players = Bir turnuvada 2-32 oyuncu olur
refused-invalid-starts-at = Başlangıç gelecekte bir tarih ve saat olmalı (UTC)
refused-already-joined = Bu turnuvadasın zaten
refused-tournament-full = Turnuva dolu
refused-tournament-started = Turnuva başladı: katılım kapandı
refused-tournament-over = Turnuva bitti
refused-not-in-tournament = Bu turnuvada değilsin
refused-no-vacation-left = Bu yılın tatil günleri bitti
refused-not-on-vacation = Tatilde değilsin
refused-on-vacation = Zaten tatildesin
refused-invalid-settings = Formda olmaması gereken bir alan var: sayfayı yenileyip tekrar dene
