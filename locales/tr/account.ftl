# Hesap sayfaları: kayıt ve giriş, API anahtarları, hesap sayfası.

## Kayıt ve giriş

auth-sign-up = Kayıt ol
auth-log-in = Giriş yap
auth-username = Kullanıcı adı
auth-username-hint = (3-20 harf, rakam, _ veya -)
auth-password = Parola
auth-password-hint = (en az 8 karakter)
auth-have-account = Hesabın var mı?
auth-new-here = Yeni misin?

## API anahtarları

tokens-title = API anahtarları
tokens-intro = Programlar API üzerinden bir anahtarla oynar; anahtarı bu başlıkla gönderir:
tokens-token = anahtar
tokens-api-docs = API nasıl çalışır
tokens-new = Yeni anahtar:
tokens-copy-now = Hemen kopyala: bir daha gösterilmeyecek.
tokens-new-h = Yeni anahtar
tokens-label = Etiket
tokens-create = Anahtar oluştur
tokens-yours = Anahtarların
tokens-none = Anahtar yok.
tokens-created = Oluşturuldu
tokens-last-used = Son kullanım
tokens-never = hiç
tokens-action = İşlem
tokens-revoke = İptal et
tokens-revoke-label = { $label } anahtarını iptal et

## Hesap sayfası

account-title = Hesabın
account-password-h = Parolanı değiştir
account-password-about = Hesabına giriş yapmış diğer tüm tarayıcılardan çıkış yapılır. API anahtarların, onları burada da iptal etmezsen çalışmaya devam eder.
account-current-password = Şu anki parola
account-new-password = Yeni parola
account-revoke-tokens = Tüm API anahtarlarını da iptal et
account-change-password = Parolayı değiştir
account-everywhere-h = Her yerden çıkış yap
account-everywhere-about = Hesabına giriş yapmış tüm tarayıcılardan, bu tarayıcı dahil, çıkış yapılır. API anahtarları çalışmaya devam eder; onları kendi sayfalarında iptal edebilirsin:
account-tokens-link = API anahtarları
account-log-out-everywhere = Her yerden çıkış yap
account-password-changed = Parolan değiştirildi. Sonlanan diğer oturumlar: { $sessions }.
account-tokens-revoked = İptal edilen API anahtarları: { $count }.

## Your data and deleting the account

account-data-h = Verilerin
account-download = Verilerini indir
account-download-about = hesabın, oyunların, meydan okumaların, anahtarların, webhook’ların, cihazların ve ayarların tek bir JSON dosyasında
account-delete-link = Hesabını sil
delete-title = Hesabın silinsin mi?
delete-about = Bu geri alınamaz. Oturumların, API anahtarların, webhook’ların, cihazların, hatırlatıcıların ve ayarların silinir; açık meydan okumaların iptal edilir; süren oyunların kuralların izin verdiği yerde iptal edilir, yoksa terk edilir. Bitmiş oyunların yer tutucu bir adla kalır. Kullanıcı adın herkesin alabileceği hâle gelir.
delete-download-first = önce (bir JSON dosyası).
delete-password = Şifren
delete-confirm = Hesabımı sil
delete-keep = Hayır, kalsın
delete-done-h = Hesabın silindi
delete-done = Bitmiş oyunları dışında her şeyi silindi; o oyunlar artık { $name } adını gösteriyor, böylece rakiplerinin sonuçları ve puanları doğru kalıyor.
delete-back = Başlangıç sayfasına dön

## Forgotten passwords and address verification

auth-forgot-password = Parolanı mı unuttun?
reset-title = Unutulan parola
reset-about = Kullanıcı adını ya da doğrulanmış e-posta adresini yaz. Bir hesap eşleşirse ona yeni parola belirleme bağlantısı göndeririz; bağlantı bir kez ve { $minutes } dakika boyunca çalışır.
reset-no-mail = Bu sunucu e-posta göndermiyor, bu yüzden sana bağlantı gönderemez. Yeni bir parola belirlemesi için sunucunun yöneticisine başvur: seedpost admin reset-password NAME
reset-identifier = Kullanıcı adı ya da e-posta adresi
reset-send = Bağlantıyı gönder
reset-sent = Doğrulanmış adresi olan bir hesap eşleşirse, yeni parola belirleme bağlantısı o adrese yola çıktı. Bağlantı bir kez ve { $minutes } dakika boyunca çalışır.
reset-back-to-log-in = Girişe dön
reset-new-title = Yeni parola belirle
reset-new-about = { $name } için yeni bir parola seç. Hesabın bütün oturumları sonlanır; API anahtarları kalır.
reset-set-password = Parolayı belirle
reset-done = Parolan belirlendi. Sonlanan oturumlar: { $sessions }. Yeni parolanla giriş yap.
reset-ask-again = Yeni bir bağlantı iste
verify-title = Adres doğrulama
verify-done = { $email }, { $name } için doğrulandı: parolanı unutursan sıfırlama bağlantısı oraya gidebilir.
verify-ask-again = Hatırlatıcılar sayfasından yeni bir bağlantı gönderilebilir.
