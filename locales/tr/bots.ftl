# Bot yazarının kiti: anahtar kapsamları ve davet reddetme nedenleri.

## Anahtarlar sayfası

tokens-scopes = Kapsamlar
tokens-scopes-all = tümü
# Under the scope boxes of the new-token form.
tokens-scopes-hint = Bir anahtar yalnızca işaretli kapsamlarının izin verdiğini yapabilir.
# What each scope allows, beside its box.
tokens-scope-read = Oyunlarını, meydan okumalarını ve hesabını görür, canlı izler.
tokens-scope-play = Oyunlarında hamle yapar, çekilir ve oyunu iptal eder.
tokens-scope-challenge = Meydan okuma yapar, kabul eder, reddeder ve iptal eder; turnuvalara katılır ve ayrılır.
tokens-scope-webhooks = Web kancaları kaydeder ve teslimlerini okur.
tokens-scope-account = Ayarlarını değiştirir: anahtarlar, tatil, takvim, özet, bildirimler, meydan okuma süzgeçleri.
# The new token, shown once: the label of its box, its copy button, and what the
# button says after.
tokens-secret-label = Yeni anahtarın
tokens-copy = Kopyala
tokens-copied = Kopyalandı.
tokens-copy-failed = Kopyalanamadı: anahtarı seçip kendin kopyala.

## Ana sayfa

home-decline-reason-label = Neden
home-declined = Reddedilenler
home-declined-line = { $variant } davetini reddetti: { $reason }.

decline-reason-generic = neden belirtilmedi
decline-reason-later = şimdi değil: lütfen daha sonra tekrar sor
decline-reason-variant = bu oyun değil
decline-reason-time-control = hamle başına bu süreyle değil
decline-reason-too-fast = hamle başına süre çok az: lütfen daha çok gün iste
decline-reason-rated = lütfen bunun yerine puanlı bir davet gönder
decline-reason-casual = lütfen bunun yerine puansız bir davet gönder
decline-reason-not-bots = botlarla oyun yok
decline-reason-only-bots = yalnızca botlarla oyun
