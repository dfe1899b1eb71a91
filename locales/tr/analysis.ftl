# The analysis board (templates/analysis.html, src/http/pages/analysis.rs) and the
# analysis panel of a finished game (templates/_analysis.html, src/http/pages/panel.rs).

analysis-title = Analiz tahtası
analysis-intro = Bir konum kur (her sıra, sahibinin solundan başlayarak kuyulardaki taşlar, virgülle ayrılmış) ya da hazır bir konum yapıştır; kusursuz oyunda her hamlenin ne değerde olduğunu gör.
# Before the notation, shown as code: south/north/side.
analysis-notation = Yapıştırılan konum şöyle yazılır:
analysis-game = Oyun
analysis-north-row = Kuzey sırası
analysis-south-row = Güney sırası
analysis-to-move = Hamle sırası
analysis-south = Güney
analysis-north = Kuzey
analysis-paste = Ya da bir konum yapıştır
analysis-seen = Son taş almadan bu yana konumlar (en eskisi önce, noktalı virgülle ayrılmış)
analysis-south-store = Güney'in hazinesi (aldıkları)
analysis-north-store = Kuzey'in hazinesi (aldıkları)
analysis-south-tuzdyk = Güney'in tuzdıkı (Kuzey sırasında bir kuyu)
analysis-north-tuzdyk = Kuzey'in tuzdıkı (Güney sırasında bir kuyu)
analysis-error-stores = Her hazine bir taş sayısıdır, ikisi birlikte tahta dışındaki taşlar kadardır; { $game } oyununda tahtadan taş çıktıysa ikisi de gerekir ve hiçbiri kazanmış olamaz
analysis-error-tuzdyk = Tuzdık, rakibin sırasında kuralların yapabileceği bir kuyunun numarasıdır: yalnız Togyz kumalak'ta, asla 9. kuyu ya da rakibin tuzdıkının numarası değil, ve içinde taş yoktur
analysis-analyse = Analiz et
analysis-result = Analiz
analysis-rows = Konum: Kuzey üstte, kuyuları kendi sağından
# Before the value, in bold.
analysis-side-to-move = Sıra { $side } tarafında:
analysis-exact = (kesin)
analysis-estimate = (tahmin)
analysis-estimate-depth = (tahmin, arama derinliği { $depth })
analysis-passes = Sıradaki tarafın hiç taşı yok, pas geçiyor.
analysis-pit = Kuyu
analysis-value = Değer
analysis-best = En iyi
# In the column of the best moves.
analysis-is-best = en iyi
analysis-value-means = Değer, sıradaki tarafın rakibine karşı daha kazanabileceği taş farkıdır; hazineye girmiş ya da alınmış taşlar hesaba katılmaz.
analysis-json = Aynısı JSON olarak

# Why a position was refused, by the error's code; without a final full stop.
analysis-error-variant = Oyunlardan birini seç
analysis-error-position = Konum south/north/side biçiminde yazılır; her sıra, sahibinin solundan başlayarak taşlar, virgülle ayrılmış: 7,7/7,7/south
analysis-error-row = Her sıra { $pits } kuyunun taşlarını tutar: virgülle ayrılmış sayılar
analysis-error-side = Hamle sırası Güney ya da Kuzey olmalı
analysis-error-stones = { $game } oyununda { $total } taş var: sıralarda en az bir, en çok bu kadar taş olabilir
analysis-error-no-moves = Sıradaki tarafın oynayacak hamlesi yok: oyun bitmiş
analysis-error-seen = Önceki konumlar south/north/side biçiminde, noktalı virgülle ayrılarak yazılır, en çok { $max } tane; her birinin tahtasında bu konumdaki kadar taş olmalı ve hiçbiri oyunu bitirecek kadar tekrarlanmamalı
analysis-error-building = { $game } tablosu hazırlanıyor; bu, sunucu başladıktan sonra birkaç saniye sürer: az sonra yeniden deneyin

# The panel of a finished game.
analysis-panel-title = Analiz
analysis-panel-values = Her değer, her hamleden sonra { $name } içindir: { $name } oyuncusunun o andan sonra en iyi oyunla garanti edebileceği son skor farkı (+ önde, − geride, o kadar taşla).
analysis-panel-exact = Buradaki bütün değerler kesin.
analysis-panel-estimates = ≈ işaretli değerler bir aramadan gelen tahminlerdir; ötekiler kesin.
analysis-panel-mistakes = Değer kaybettiren ve en iyi hamlelerden olmayan bir hamle hatadır. Bir hamleyi seçersen ondan sonraki konumu görürsün.
analysis-graph-title = Her hamleden sonraki değer: { $up } öndeyse yukarı, { $down } öndeyse aşağı (en çok { $scale } taş)
analysis-graph-ahead = { $name } önde
analysis-graph-caption = Her hamleden sonraki değer: yukarısı { $up } önde, aşağısı { $down } önde. Kırmızı halkalılar hatalar ({ $up } { $upmistakes }, { $down } { $downmistakes }).
# What a point of the graph says: where the game stands after a move.
analysis-lead = { $name } { $stones } taş önde
analysis-even = eşit
analysis-point-start = Başlangıç: { $lead }
analysis-point-move = { $ply }. hamle, { $name } ({ $pit }): { $lead }
analysis-point-mistake = { $ply }. hamle, { $name } ({ $pit }): { $lead }; hata, { $lost } taş kaybı
analysis-point-pit = { $pit }. kuyu
analysis-pass = pas
analysis-move = Hamle
analysis-mark = İşaret
analysis-mistake = hata
analysis-pending = Bilgisayar bu oyunu analiz ediyor; analiz hazır olunca burada görünecek.
analysis-pending-reload = Görmek için birazdan sayfayı yenile.
