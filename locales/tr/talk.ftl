# Oyun sayfasındaki not kutusu, sohbet, engelleme düğmeleri ve oyun dosyası (konu 36).
note-title = Notunuz
note-private = Bu notu yalnızca siz okursunuz.
note-save = Notu kaydet
note-saved-at = Kaydedildi: { $at }
chat-title = Sohbet
chat-empty = Henüz mesaj yok.
chat-say = Mesajınız
chat-send = Gönder
chat-report = Bildir
chat-off-server = Bu sunucuda sohbet kapalı.
chat-off-mine = Oyun ayarlarınızda sohbeti kapattınız.
chat-off-opponent = Rakibiniz sohbet etmiyor.
chat-blocked = Bu oyuncuyla sohbet edemezsiniz.
play-chat = Rakiplerimle sohbet et
play-chat-hint = Kapalıyken kimse sizinle sohbet edemez ve oyunlarınızda sohbet görünmez.
player-block = Engelle
player-unblock = Engeli kaldır
player-blocked = Bu oyuncuyu engellediniz: size meydan okuyamaz ve sizinle sohbet edemez.
player-games-file = Tüm oyunları indir
# Bir formun neden reddedildiği.
refused-blocked = Bu oyuncuyla oynayamaz ve sohbet edemezsiniz: biriniz diğerini engelledi
refused-chat-off = Bu oyunda sohbet kapalı
refused-muted = Yönetici sohbetinizi bir süreliğine durdurdu
refused-invalid-chat-line = Bir mesaj tek satırda 1 ile 500 karakter arasındadır
refused-note-too-long = Bir not en fazla 4.000 karakter tutar
refused-own-line = Kendi mesajınızı bildiremezsiniz
refused-self-block = Kendinizi engelleyemezsiniz
