# Kural sayfaları (templates/rules.html): örnek oyunun açıklamaları.

rules-start-of = { $variant } oyununun başlangıcı.
rules-start-to-move = Başlangıç: sıra { $side } tarafında.
rules-plays = { $side }, { $pit }. kuyuyu oynar.
rules-wins = { $side } kazanır
rules-draw = berabere
rules-over = Oyun bitti: Güney { $south }, Kuzey { $north }, { $result }.
rules-store = { $side } hazinesi: { $was } → { $now }.
rules-captures = { $side } { $count } taş alır.
rules-again = { $side } yeniden oynar.
rules-to-move = Sıra { $side } tarafında.

# Kural sayfalarının başlıkları ve bağlantıları (templates/rules.html, templates/rules_full.html).
rules-tabs = Oyunlar
rules-title = { $variant } nasıl oynanır
rules-example-heading = Adım adım bir örnek
rules-example-intro = Bir oyunun ilk hamleleri; ilk hamleyi Güney yapar. Az önce oynanan kuyu halkayla gösterilir.
rules-full-link = { $variant } oyununun tam kuralları: numaralı, her durum karara bağlanmış
rules-full-title = { $variant } oyununun tam kuralları
# "… nasıl oynanır" bağlantısından ve iki noktadan sonra.
rules-full-hint = aynı kurallar, daha kısa ve resimli.
# Numaralı kuralların (RULES.md) üstünde, İngilizce dışındaki her dilde gösterilir.
rules-full-in-english = Numaralı kurallar, esas metin olan İngilizce hâliyle verilmiştir.

# Her oyunun oyuncular için anlatımı (src/http/pages/rules.rs), RULES.md'nin özeti:
# bölüm başlıkları, her oyunun paragrafları, sonra bütün oyunların ortak paragrafları.
rules-part-board = Tahta
rules-part-move = Hamle
rules-part-captures = Taş alma
rules-part-end = Oyunun sonu ve puan

rules-mangala-board-1 = Mangala, altışar kuyudan oluşan iki sıralı bir tahtada oynanır; tahtanın iki ucunda birer büyük hazine vardır. Sana yakın olan sıra ve sağındaki hazine senindir. Oyun başında her kuyuda 4 taş, toplam 48 taş bulunur; hazineler boştur.
rules-mangala-move-1 = Sıra sendeyken kendi sıranda taş bulunan herhangi bir kuyuyu seç ve içindeki bütün taşları al. İlk taşı az önce boşalttığın kuyuya geri koy, sonra saat yönünün tersine, izleyen her göze birer taş bırak: kendi sıran boyunca sağa doğru, hazinene, ardından rakibinin sırası boyunca onun solundan başlayarak. Rakibinin hazinesi atlanır.
rules-mangala-move-2 = Tek taşlı bir kuyu, taşını bir sonraki göze gönderir ve boş kalır.
rules-mangala-move-3 = Son taşın kendi hazinene düşerse yeniden oynarsın.
rules-mangala-captures-1 = Son taşın rakibinin sırasındaki bir kuyuya düşer ve o kuyudaki taş sayısını çift yaparsa, o kuyudaki bütün taşları hazinene alırsın.
rules-mangala-captures-2 = Son taşın kendi sırandaki boş bir kuyuya düşer ve karşısındaki kuyuda taş varsa, o taşı ve karşıdaki bütün taşları hazinene alırsın. Karşıdaki kuyu boşsa hiçbir şey alınmaz.
rules-mangala-end-1 = Sıralardan birinin altı kuyusunun hepsi boşaldığı anda oyun biter, yeniden oynama hakkının ortasında bile. O zaman sırası boşalan oyuncu, öbür sırada kalan bütün taşları kendi hazinesine alır.
rules-mangala-end-2 = Hazinende 24'ten çok taş varsa kazanırsın; 24'e 24 beraberliktir.

rules-modiar-board-1 = Modiar, üçer kuyudan oluşan iki sıralı, hazinesiz bir tahtada oynanır. Oyun başında her kuyuda 7 taş, toplam 42 taş bulunur. Aldığın taşlar tahtanın yanında durur.
rules-modiar-move-1 = Sıra sendeyken kendi sıranda iki ya da daha çok taş bulunan bir kuyu seç: tek taşlı bir kuyu oynanamaz. Bütün taşlarını al, ilkini boşalttığın kuyuya geri koy, kalanları saat yönünün tersine altı kuyunun çevresinde her kuyuya birer taş bırakarak ek; elindeki taşlar yettikçe tahtanın çevresini dönmeyi sürdür. Hamle, son taşın düştüğü yerde biter.
rules-modiar-move-2 = Rakibinin sırası boşsa ve böyle bir hamlen varsa, o sıraya en az bir taş koyan bir hamle oynamak zorundasın.
rules-modiar-captures-1 = Son taşın düştüğü kuyuda 2, 4 ya da 6 taş olursa, tahtanın hangi tarafında olursa olsun, o taşları alırsın. Sonra ondan hemen önce ektiğin kuyuya bak: onda da 2, 4 ya da 6 taş varsa onu da alırsın; böylece geriye doğru, başka sayıda taş bulunan bir kuyuya gelene kadar sürer.
rules-modiar-captures-2 = Oyunun en ilk hamlesi hiç taş almaz: taşları tahtada kalır.
rules-modiar-captures-3 = Rakibinin sırasında kalan bütün taşları alamazsın (büyük vuruş). Bütün hamlelerin bunu yapacaksa, bunlardan birini oynarsın ama hamlen hiç taş almaz.
rules-modiar-end-1 = Sıradaki oyuncunun iki ya da daha çok taşlı kuyusu kalmadığında ya da aynı konum (altı kuyunun hepsi ve sıradaki oyuncu) üçüncü kez ortaya çıktığında oyun biter. O zaman her oyuncu kendi sırasında kalan taşları aldığı taşlara ekler.
rules-modiar-end-2 = Daha çok taşı olan kazanır; 21'e 21 beraberliktir.

rules-tihbat-board-1 = Tihbat, ikişer kuyudan oluşan iki sıralı, hazinesiz bir tahtada oynanır. Oyun başında her kuyuda 7 pul, toplam 28 pul bulunur. Aldığın pullar tahtanın yanında durur.
rules-tihbat-move-1 = Sıra sendeyken iki kuyundan birindeki bütün pulları al. İlkini boşalttığın kuyuya geri koy, kalanları saat yönünün tersine dört kuyunun çevresinde her kuyuya birer pul bırakarak ek; elindeki pullar yettikçe tahtanın çevresini dönmeyi sürdür. Tek bir pul doğrudan kendi kuyusuna geri düşer: tahta değişmez ve sıra rakibe geçer.
rules-tihbat-captures-1 = Son pulun kendi kuyularından birine düşer ve o kuyuda 2, 4, 6 ya da 8 pul olursa, o pulları alırsın. Yalnızca o kuyu alınır; rakibinin tarafına düşen son pul hiçbir zaman pul almaz.
rules-tihbat-end-1 = Bir konum (dört kuyunun hepsi ve sıradaki oyuncu) ikinci kez ortaya çıktığında oyun biter. O zaman tahtada kalan pullar oyuncular arasında eşit paylaştırılır.
rules-tihbat-end-2 = Daha çok pulu olan kazanır; sayılar eşitse oyun berabere biter.

rules-kalah-board-1 = Kalah, altışar evden oluşan iki sıralı bir tahtada oynanır; tahtanın iki ucunda birer hazine (kalah) vardır. Sana yakın olan sıra ve sağındaki hazine senindir. Oyun başında her evde 4 tohum, toplam 48 tohum bulunur; hazineler boştur.
rules-kalah-move-1 = Sıra sendeyken kendi sıranın bir evindeki bütün tohumları al ve bir sonraki gözden başlayarak saat yönünün tersine her göze birer tohum bırak: sıranın boyunca sağa, hazinene, sonra rakibinin sırası boyunca. Rakibinin hazinesi atlanır; boşalttığın ev ancak tam bir turdan sonra yeniden tohum alır.
rules-kalah-move-2 = Son tohumun kendi hazinene düşerse bir hamle daha yaparsın.
rules-kalah-captures-1 = Son tohumun kendi sıranda boş bir eve düşerse ve karşısındaki evde tohum varsa, o tohum ve karşıdaki bütün tohumlar hazinene geçer. Karşıdaki ev boşsa hiçbir şey alınmaz.
rules-kalah-end-1 = Sırası gelen oyuncunun evlerinde hiç tohum kalmadığında oyun biter. Öbür oyuncu kendi evlerinde kalan bütün tohumları hazinesine koyar.
rules-kalah-end-2 = Hazinesinde 24'ten fazla tohum olan kazanır; 24-24 beraberliktir.

rules-oware-board-1 = Oware, altışar evden oluşan iki sıralı, hazinesiz bir tahtada oynanır. Oyun başında her evde 4 tohum, toplam 48 tohum bulunur. Aldığın tohumlar tahtanın yanında tutulur.
rules-oware-move-1 = Sıra sendeyken kendi sıranın bir evindeki bütün tohumları al ve bir sonraki evden başlayarak saat yönünün tersine her eve birer tohum bırak. 12 ya da daha çok tohumla, boşalttığın ev her turda atlanır.
rules-oware-move-2 = Rakibinin hiç tohumu yoksa ona en az bir tohum veren bir hamle oynamak zorundasın. Böyle bir hamle yoksa oyun biter ve tahtada kalan bütün tohumları sen alırsın.
rules-oware-captures-1 = Son tohumun rakibinin sırasında bir eve düşer ve o evde 2 ya da 3 tohum olursa onları alırsın. Sonra ondan önceki eve bakılır: onda da 2 ya da 3 tohum varsa onu da alırsın, ve böyle sürer; başka sayıda tohumlu bir eve ya da rakibin sırasının sonuna gelince durur.
rules-oware-captures-2 = Rakibinin sırasındaki bütün tohumları alacak bir hamle (büyük vurgun) oynanabilir, ama hiçbir şey almaz.
rules-oware-end-1 = Bir oyuncu 25 ya da daha çok tohum aldığında oyun biter. Aynı konum (on iki ev ve sırası gelen oyuncu) üçüncü kez ortaya çıkarsa oyun biter ve her oyuncu kendi tarafındaki tohumları alır.
rules-oware-end-2 = Daha çok tohumu olan kazanır; 24-24 beraberliktir.

rules-togyz-board-1 = Togyz kumalak, dokuzar evden oluşan iki sıralı bir tahtada oynanır; her oyuncunun evlerden ayrı tutulan bir hazinesi (kazan) vardır. Oyun başında her evde 9 taş, toplam 162 taş bulunur; kazanlar boştur.
rules-togyz-move-1 = Sıra sendeyken kendi sıranın bir evindeki bütün taşları al. İlk taşı boşalttığın eve geri koy, sonra saat yönünün tersine izleyen her eve birer taş bırak: önce kendi sıran boyunca, sonra rakibinin sırası boyunca. Tek taşlı bir ev taşını bir sonraki eve gönderir ve boş kalır. Kazana hiçbir zaman taş ekilmez.
rules-togyz-captures-1 = Son taşın rakibinin sırasında bir eve düşer ve oradaki taş sayısını çift yaparsa, o evin bütün taşları kazanına geçer.
rules-togyz-captures-2 = Son taşın rakibinin sırasında bir evde tam 3 taş yaparsa, o ev senin tuzdık'ın olur: 3 taşı kazanına geçer ve bundan sonra oraya hangi oyuncu ekerse eksin her taş senin kazanına gider. Her oyuncu bir oyunda en çok bir tuzdık yapabilir; rakibin dokuzuncu evinde ve rakibin tuzdık'ıyla aynı numaralı evde asla yapamaz. Tahta her tuzdık'ı işaretler.
rules-togyz-end-1 = Bir oyuncunun kazanında 82 ya da daha çok taş olduğunda oyun biter. Sırası gelen oyuncunun evlerinde hiç taş kalmadığında ya da bir konum üçüncü kez ortaya çıktığında oyun biter ve her oyuncu kendi tarafında kalan taşları kazanına koyar.
rules-togyz-end-2 = Daha çok taşı olan kazanır; 81-81 beraberliktir.

rules-sides = Birinci sıradan oynayan oyuncuya Güney, öbürüne Kuzey denir. Çizimlerde Güney'in sırası altta, Kuzey'inki üsttedir; bir oyunda ise kendi sıran her zaman alttadır.
rules-first-mover = Davet bir taraf belirtmiyorsa, ilk hamleyi kimin yapacağı oyun başlarken kurayla belirlenir.
rules-score = Galibiyet 1 puan, beraberlik her oyuncuya ½ puan, yenilgi 0 puan getirir. Oyunu terk eden ya da süresi biten oyuncu oyunu kaybeder.
