# The analysis board (templates/analysis.html, src/http/pages/analysis.rs) and the
# analysis panel of a finished game (templates/_analysis.html, src/http/pages/panel.rs).

analysis-title = لوحة التحليل
analysis-intro = أعِدَّ وضعًا (كل صف بحبات حفره من يسار صاحبه، مفصولة بفواصل) أو الصق وضعًا جاهزًا، واطّلع على قيمة كل نقلة في ظل اللعب المثالي.
# Before the notation, shown as code: south/north/side.
analysis-notation = يُكتب الوضع الملصوق هكذا:
analysis-game = اللعبة
analysis-north-row = صف الشمال
analysis-south-row = صف الجنوب
analysis-to-move = صاحب الدور
analysis-south = الجنوب
analysis-north = الشمال
analysis-paste = أو الصق وضعًا
analysis-seen = الأوضاع منذ آخر أسر (الأقدم أولًا، مفصولة بفواصل منقوطة)
analysis-south-store = مخزن الجنوب (ما أسره)
analysis-north-store = مخزن الشمال (ما أسره)
analysis-south-tuzdyk = توزدك الجنوب (حفرة من صف الشمال)
analysis-north-tuzdyk = توزدك الشمال (حفرة من صف الجنوب)
analysis-error-stores = كل مخزن عدد من الحبات، ومجموعهما هو الحبات خارج اللوحة؛ تحتاجهما { $game } متى خرجت حبات من اللوحة، ولا يجوز أن يكون أيٌّ منهما قد فاز بالفعل
analysis-error-tuzdyk = التوزدك رقم حفرة من صف الخصم تسمح القواعد بصنعها: في Togyz kumalak فقط، وليست الحفرة التاسعة ولا رقم توزدك الخصم، ولا تحوي أي حبة
analysis-analyse = حلِّل
analysis-result = التحليل
analysis-rows = الوضع: الشمال في الأعلى، وحفره من يمينه
# Before the value, in bold.
analysis-side-to-move = الدور على { $side }:
analysis-exact = (دقيقة)
analysis-estimate = (تقديرية)
analysis-estimate-depth = (تقديرية، عمق البحث { $depth })
analysis-passes = لا حبات لدى الجانب صاحب الدور، فيمرّر دوره.
analysis-pit = الحفرة
analysis-value = القيمة
analysis-best = الأفضل
# In the column of the best moves.
analysis-is-best = الأفضل
analysis-value-means = القيمة هي فارق الحبات الذي ما زال بوسع الجانب صاحب الدور أن يكسبه على خصمه، من غير احتساب الحبات المخزّنة أو المأسورة من قبل.
analysis-json = الشيء نفسه بصيغة JSON

# Why a position was refused, by the error's code; without a final full stop.
analysis-error-variant = اختر إحدى الألعاب
analysis-error-position = يُكتب الوضع بالشكل south/north/side، وكل صف بحباته من يسار صاحبه مفصولة بفواصل: 7,7/7,7/south
analysis-error-row = { $pits ->
    [zero] كل صف يضم حبات { $pits } حفرة، أعدادًا مفصولة بفواصل
    [one] كل صف يضم حبات حفرة واحدة، عددًا واحدًا
    [two] كل صف يضم حبات حفرتين، عددين مفصولين بفاصلة
    [few] كل صف يضم حبات { $pits } حفر، أعدادًا مفصولة بفواصل
    [many] كل صف يضم حبات { $pits } حفرة، أعدادًا مفصولة بفواصل
   *[other] كل صف يضم حبات { $pits } حفرة، أعدادًا مفصولة بفواصل
}
analysis-error-side = صاحب الدور هو الجنوب أو الشمال
analysis-error-stones = { $total ->
    [zero] تُلعب { $game } بـ{ $total } حبة: تضم الصفوف حبة واحدة على الأقل وهذا العدد على الأكثر
    [one] تُلعب { $game } بحبة واحدة: تضم الصفوف هذه الحبة على الأكثر
    [two] تُلعب { $game } بحبتين: تضم الصفوف حبة واحدة على الأقل وحبتين على الأكثر
    [few] تُلعب { $game } بـ{ $total } حبات: تضم الصفوف حبة واحدة على الأقل وهذا العدد على الأكثر
    [many] تُلعب { $game } بـ{ $total } حبة: تضم الصفوف حبة واحدة على الأقل وهذا العدد على الأكثر
   *[other] تُلعب { $game } بـ{ $total } حبة: تضم الصفوف حبة واحدة على الأقل وهذا العدد على الأكثر
}
analysis-error-no-moves = لا نقلة للجانب صاحب الدور: انتهت المباراة
analysis-error-seen = تُكتب الأوضاع السابقة بالشكل south/north/side مفصولة بفواصل منقوطة، و{ $max } على الأكثر؛ وفي كل منها على اللوحة من الحبات بقدر ما في هذا الوضع، ولا يتكرر أي منها مرات تكفي لإنهاء المباراة
analysis-error-building = يُبنى جدول { $game } الآن، وهذا يستغرق بضع ثوانٍ بعد بدء الخادم: أعد المحاولة بعد قليل

# The panel of a finished game.
analysis-panel-title = التحليل
analysis-panel-values = كل قيمة هنا هي لـ { $name } بعد كل نقلة: فارق النتيجة النهائية الذي يستطيع { $name } أن يضمنه باللعب الأمثل من تلك اللحظة (+ متقدم، − متأخر، بذلك العدد من الحبات).
analysis-panel-exact = كل القيم هنا دقيقة.
analysis-panel-estimates = القيم المعلَّمة بالرمز ≈ تقديرات من بحث؛ والباقي دقيق.
analysis-panel-mistakes = النقلة التي تُفقِد قيمةً وليست من أفضل النقلات خطأ. اختر نقلة لترى الوضع بعدها.
analysis-graph-title = { $scale ->
    [zero] القيمة بعد كل نقلة: إلى الأعلى حين يتقدم { $up }، وإلى الأسفل حين يتقدم { $down } (حتى { $scale } حبة)
    [one] القيمة بعد كل نقلة: إلى الأعلى حين يتقدم { $up }، وإلى الأسفل حين يتقدم { $down } (حتى حبة واحدة)
    [two] القيمة بعد كل نقلة: إلى الأعلى حين يتقدم { $up }، وإلى الأسفل حين يتقدم { $down } (حتى حبتين)
    [few] القيمة بعد كل نقلة: إلى الأعلى حين يتقدم { $up }، وإلى الأسفل حين يتقدم { $down } (حتى { $scale } حبات)
    [many] القيمة بعد كل نقلة: إلى الأعلى حين يتقدم { $up }، وإلى الأسفل حين يتقدم { $down } (حتى { $scale } حبة)
   *[other] القيمة بعد كل نقلة: إلى الأعلى حين يتقدم { $up }، وإلى الأسفل حين يتقدم { $down } (حتى { $scale } حبة)
}
analysis-graph-ahead = { $name } متقدّم
analysis-graph-caption = القيمة بعد كل نقلة: في الأعلى تقدُّم { $up }، وفي الأسفل تقدُّم { $down }. المحاط بدائرة حمراء أخطاء ({ $up } { $upmistakes }، { $down } { $downmistakes }).
# What a point of the graph says: where the game stands after a move.
analysis-lead = { $stones ->
    [zero] { $name } متقدّم بـ{ $stones } حبة
    [one] { $name } متقدّم بحبة واحدة
    [two] { $name } متقدّم بحبتين
    [few] { $name } متقدّم بـ{ $stones } حبات
    [many] { $name } متقدّم بـ{ $stones } حبة
   *[other] { $name } متقدّم بـ{ $stones } حبة
}
analysis-even = تعادل
analysis-point-start = البداية: { $lead }
analysis-point-move = النقلة { $ply } لـ{ $name } ({ $pit }): { $lead }
analysis-point-mistake = { $lost ->
    [zero] النقلة { $ply } لـ{ $name } ({ $pit }): { $lead }؛ خطأ أضاع { $lost } حبة
    [one] النقلة { $ply } لـ{ $name } ({ $pit }): { $lead }؛ خطأ أضاع حبة واحدة
    [two] النقلة { $ply } لـ{ $name } ({ $pit }): { $lead }؛ خطأ أضاع حبتين
    [few] النقلة { $ply } لـ{ $name } ({ $pit }): { $lead }؛ خطأ أضاع { $lost } حبات
    [many] النقلة { $ply } لـ{ $name } ({ $pit }): { $lead }؛ خطأ أضاع { $lost } حبة
   *[other] النقلة { $ply } لـ{ $name } ({ $pit }): { $lead }؛ خطأ أضاع { $lost } حبة
}
analysis-point-pit = الحفرة { $pit }
analysis-pass = تمرير
analysis-move = النقلة
analysis-mark = العلامة
analysis-mistake = خطأ
analysis-pending = يحلّل الحاسوب هذه المباراة؛ سيظهر التحليل هنا حين يجهز.
analysis-pending-reload = أعد تحميل الصفحة بعد قليل لتراه.
