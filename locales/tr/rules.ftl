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
