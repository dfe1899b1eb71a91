# صفحة المباراة.

game-side-south = الجنوب
game-side-north = الشمال
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
board-store = مخزن { $side }: { $count }
board-captures = أسرى { $side }: { $count }
board-label = اللوحة: { $top } في الأعلى، و{ $bottom } في الأسفل
