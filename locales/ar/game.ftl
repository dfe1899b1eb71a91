# صفحة المباراة.

game-side-south = الجنوب
game-side-north = الشمال
# The side's letter in the move notation the pages show (S3, N-): the first
# letter of the language's own word for the side; it is also the head of the
# analysis board's rows. Keep the two apart from each other.
game-side-south-letter = ج
game-side-north-letter = ش
game-status-your-turn = دورك.
game-status-to-move = دور { $name } ({ $side }).
game-status-over = انتهت المباراة.
game-deadline-left = بقي { $time }
game-deadline-left-hurry = بقي { $time }: الوقت ينفد
game-rating-in = التصنيف في { $variant }
game-your-move = نقلتك
game-you-marker = (أنت)
game-board-caption = اللوحة بعد النقلة { $ply }: الحبات في كل حفرة، من يسار صاحبها
game-board-caption-last = اللوحة بعد النقلة { $ply }: الحبات في كل حفرة، من يسار صاحبها؛ آخر نقلة { $move }
game-table-side = الجهة
game-table-pit = الحفرة { $number }
game-table-store = المخزن
game-table-captured = المأسور
game-versus = { $bottom } ضد { $top }
game-match-link = المباراة { $number } من { $of } في اللقاء
game-rules-of = قواعد { $variant }
game-record = السجل
game-terms-rated = مصنَّفة
game-terms-casual = ودية
game-terms-weekend-pause = الساعات متوقفة في عطلة نهاية الأسبوع (UTC)
game-analyse-position = حلّل هذا الوضع
game-deadline = الموعد النهائي
game-thinking = { $name } يفكّر…
game-vacation = توقفت الساعة: { $name } في عطلة. يتأخر الموعد النهائي بقدر ما تتوقف الساعة.
game-reload-hint = أعد تحميل الصفحة لترى ردّ خصمك.
game-step-nav = تصفّح المباراة
game-step-start = الوضع بعد النقلة { $ply } من { $of }: البداية.
game-step-where = الوضع بعد النقلة { $ply } من { $of } ({ $move }).
game-step-previous = → السابق
game-step-next = التالي ←
game-step-live = العودة إلى الوضع الحالي
game-step-back = → الرجوع عبر النقلات
game-ratings = التصنيفات: { $changes }
game-rematch = مباراة ثأرية
game-rematch-offer-you-first = يعرض على { $name } المباراة نفسها مرة أخرى، وأنت تبدأ.
game-rematch-offer-they-first = يعرض على { $name } المباراة نفسها مرة أخرى، و{ $name } يبدأ.
game-rematch-offered = عرضت على { $name } مباراة ثأرية؛ تبدأ عندما يقبل.
game-rematch-withdraw = اسحب العرض
game-rematch-offers-you-first = { $name } يعرض مباراة ثأرية، وأنت تبدأ.
game-rematch-offers-they-first = { $name } يعرض مباراة ثأرية، و{ $name } يبدأ.
game-rematch-accept = اقبل المباراة الثأرية
game-rematch-decline = ارفض
game-moves = النقلات
game-no-moves = لا نقلات بعد.
game-abort = إلغاء…
game-resign = استسلام…
time-per-move = { $days ->
    [zero] لا أيام لكل نقلة
    [one] يوم واحد لكل نقلة
    [two] يومان لكل نقلة
    [few] { $days } أيام لكل نقلة
    [many] { $days } يومًا لكل نقلة
   *[other] { $days } يوم لكل نقلة
}
# نصوص اللوحة البديلة لقارئات الشاشة.
board-play-pit = العب الحفرة { $pit }، { $count ->
    [zero] لا حبات
    [one] حبة واحدة
    [two] حبتان
    [few] { $count } حبات
    [many] { $count } حبة
   *[other] { $count } حبة
}
board-pit = { $side }، الحفرة { $pit }: { $count ->
    [zero] لا حبات
    [one] حبة واحدة
    [two] حبتان
    [few] { $count } حبات
    [many] { $count } حبة
   *[other] { $count } حبة
}
# A Togyz kumalak house that is a tuzdyk: the pit's own words, then whose it is.
board-pit-tuzdyk = { $pit } (توزدِك: { $side })
board-store = مخزن { $side }: { $count }
board-captures = أسرى { $side }: { $count }
board-label = اللوحة: { $top } في الأعلى، و{ $bottom } في الأسفل
# يظهر بعد رفض نقلة أعادت اللاعب إلى المباراة.
game-notice-moved = لعب خصمك في هذه الأثناء؛ هذا هو الوضع الجديد.
game-notice-elsewhere = لعبت في نافذة أخرى في هذه الأثناء؛ هذا هو الوضع الجديد.
game-notice-over = انتهت المباراة في هذه الأثناء؛ هذا ما آلت إليه.
# سبب رفض النقلة.
game-refused-not-your-turn = ليس دورك
game-refused-out-of-range = نقلة غير مسموحة: لا توجد حفرة بهذا الرقم في هذه اللعبة
game-refused-empty-pit = نقلة غير مسموحة: هذه الحفرة فارغة
game-refused-singleton = نقلة غير مسموحة: لا تُلعب حفرة فيها حبة واحدة
game-refused-must-feed = نقلة غير مسموحة: صف الخصم فارغ؛ العب حفرة تبذر فيه
game-refused-grand-slam = نقلة غير مسموحة: هذه النقلة تأسر كل حبات صف الخصم (الضربة الكبرى)
game-refused-game-over = نقلة غير مسموحة: انتهت المباراة
game-extra-move-you = وقعت آخر حبة في مخزنك: العب مرة أخرى.
game-extra-move = وقعت آخر حبة لـ{ $name } في مخزنه: يلعب { $name } مرة أخرى.
# تأكيد النقلة (إعدادات اللعب).
game-confirm-question = هل تلعب الحفرة { $pit }؟
game-confirm = أكّد
game-confirm-cancel = اختر حفرة أخرى
game-confirm-setting-on = تأكيد كل نقلة: مفعّل
game-confirm-setting-off = تأكيد كل نقلة: معطّل
# الصفحات التي تسأل قبل الاستسلام أو الإلغاء.
confirm-resign-title = استسلام؟
confirm-resign-question = هل تستسلم في هذه المباراة؟
confirm-resign-explain = يفوز خصمك وتنتهي المباراة الآن. لا يمكن التراجع عن ذلك.
confirm-resign-button = نعم، أستسلم
confirm-abort-title = إلغاء؟
confirm-abort-question = هل تلغي هذه المباراة؟
confirm-abort-explain = تنتهي المباراة بلا نتيجة ولا يحصل أحد على نقاط. لا يمكن التراجع عن ذلك.
confirm-abort-button = نعم، ألغِ

# ما فعلته آخر النقلات (المسألة 35): نقلة القارئ ثم الرد.
game-last-moves = آخر النقلات
game-ply-sown = { $move }: بُذرت { $count }
game-ply-captured = أُخذت { $count } من { $pits }
game-ply-captured-kazan = أُخذت { $count } من { $pits } إلى القازان
game-ply-tuzdyk-gives = { $count } إلى قازان { $side } عبر التوزدِك { $pits }
game-ply-stored = { $count } إلى المخزن
game-ply-tuzdyk = صارت { $pit } توزدِك
game-ply-extra = يلعب مرة أخرى
game-ply-ends = انتهت اللعبة
game-ply-pass = { $move }: لا حبات، ينتقل الدور
game-ply-join = { $first }، { $next }
game-ply-by-you = أنت: { $summary }.
game-ply-by = { $name }: { $summary }.
game-next = اللعبة التالية ({ $count } بانتظارك)
game-next-key = اختصار لوحة المفاتيح: N
game-repeat-warning = انتبه: { $pits } تكرر وضعًا سابقًا، وهذا ينهي اللعبة.
game-confirm-question-repeats = هل تلعب الحفرة { $pit }؟ إنها تكرر وضعًا سابقًا، وهذا ينهي اللعبة.
board-play-pit-repeats = العب الحفرة { $pit } (الحبات: { $count }): تكرر وضعًا سابقًا وتنهي اللعبة
