# Bot yazarının kiti: anahtar kapsamları ve davet reddetme nedenleri.

## Anahtarlar sayfası

tokens-scopes = Kapsamlar
tokens-scopes-all = tümü

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
