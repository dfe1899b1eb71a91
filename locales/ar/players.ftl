# صفحة اللاعب، الترتيب، السلسلة، وتأكيد الاستسلام أو الإلغاء.

## أعمدة السجل والترتيب؛ المختصرة للهواتف

standings-played = لُعبت
standings-played-short = ل
standings-won = فوز
standings-won-short = ف
standings-drawn = تعادل
standings-drawn-short = ت
standings-lost = خسارة
standings-lost-short = خ
standings-points = النقاط
standings-points-short = ن
standings-rank = المرتبة
standings-rank-short = #
standings-rating = التصنيف
standings-player = اللاعب

## الترتيب

standings-heading = الترتيب: { $variant }
standings-all-games = كل الألعاب
standings-games-nav = الألعاب
standings-all = الكل
standings-none = لا مباريات منتهية بعد.
standings-ratings-hint = التصنيف بنظام Glicko-2، ولا تغيّره إلا المباريات المحتسبة: التصنيف ± الانحراف؛ علامة ? تدل على تصنيف مؤقت (انحراف فوق 110).
standings-pages = صفحات الترتيب
standings-higher = المراكز الأعلى
standings-lower = المراكز الأدنى
standings-page = الصفحة { $page }

## صفحة اللاعب

player-bot = روبوت
player-joined = انضم في { $when }.
player-closed = هذا الحساب مغلق.
player-deleted = حذف اللاعب هذا الحساب؛ تبقى مبارياته المنتهية تحت هذا الاسم.
player-record-h = السجل
player-game = اللعبة
player-all-games = كل الألعاب
player-matches-h = السلاسل
player-recent-h = آخر المباريات
player-no-games = لا مباريات بعد.
player-all-finished = كل المباريات المنتهية لـ{ $name }

## سلسلة

match-page-title = سلسلة { $variant }: { $south } ضد { $north }
match-title = سلسلة { $variant }
match-versus = { $south } ضد { $north }
match-terms-sequential = { $games ->
    [one] سلسلة من مباراة واحدة
    [two] سلسلة من مباراتين، واحدة بعد الأخرى
    [few] سلسلة من { $games } مباريات، واحدة بعد الأخرى
   *[other] سلسلة من { $games } مباراة، واحدة بعد الأخرى
}
match-terms-sequential-decided = { $games ->
    [one] سلسلة من مباراة واحدة
    [two] سلسلة من مباراتين، واحدة بعد الأخرى، تنتهي حين تُحسم
    [few] سلسلة من { $games } مباريات، واحدة بعد الأخرى، تنتهي حين تُحسم
   *[other] سلسلة من { $games } مباراة، واحدة بعد الأخرى، تنتهي حين تُحسم
}
match-terms-parallel = { $games ->
    [one] سلسلة من مباراة واحدة
    [two] سلسلة من مباراتين معًا
    [few] سلسلة من { $games } مباريات كلها معًا
   *[other] سلسلة من { $games } مباراة كلها معًا
}
match-terms-parallel-decided = { $games ->
    [one] سلسلة من مباراة واحدة
    [two] سلسلة من مباراتين معًا، تنتهي حين تُحسم
    [few] سلسلة من { $games } مباريات كلها معًا، تنتهي حين تُحسم
   *[other] سلسلة من { $games } مباراة كلها معًا، تنتهي حين تُحسم
}
match-rules = قواعد { $variant }
match-score-h = النتيجة
match-games-h = المباريات
match-game = المباراة
match-game-number = المباراة { $number }
match-first = يبدأ
match-result = النتيجة
match-playing = جارية
match-aborted = ملغاة
match-won-by = فاز { $name }
match-drawn = تعادل
match-under-way = جارية
match-under-way-decided = جارية، محسومة
match-line = { $games ->
    [one] { $variant }، مباراة واحدة: { $south } { $south-points } – { $north-points } { $north }، { $standing }
    [two] { $variant }، مباراتان: { $south } { $south-points } – { $north-points } { $north }، { $standing }
    [few] { $variant }، { $games } مباريات: { $south } { $south-points } – { $north-points } { $north }، { $standing }
   *[other] { $variant }، { $games } مباراة: { $south } { $south-points } – { $north-points } { $north }، { $standing }
}
match-line-under-way = جارية
match-line-won-by = فاز { $name }
match-line-drawn = تعادل

## التأكيد

confirm-after-ply = { $title }، بعد النقلة { $ply }.
confirm-back = لا، عودة إلى المباراة

## المباريات المنتهية للاعب

finished-title = { $name }: المباريات المنتهية
finished-heading = المباريات المنتهية
finished-filters = اعرض فقط
finished-game = اللعبة
finished-all-games = كل الألعاب
finished-result-for = النتيجة لـ{ $name }
finished-any-result = أي نتيجة
finished-won = فوز
finished-drawn = تعادل
finished-lost = خسارة
finished-show = اعرض
finished-none-match = لا مباريات منتهية مطابقة.
finished-none = لا مباريات منتهية بعد.
finished-against = ضد
finished-by-resignation = بالاستسلام
finished-on-time = بانتهاء الوقت
finished-pages = الصفحات
finished-newer = مباريات أحدث
finished-older = مباريات أقدم
finished-page = الصفحة { $page }
