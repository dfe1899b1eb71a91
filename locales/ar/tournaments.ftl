# صفحات البطولات: القائمة ونموذج بطولة جديدة، بطولة، تأكيد الانسحاب.

## القائمة

tournaments-title = البطولات
tournaments-about = بطولات دوري: يلعب الجميع ضد الجميع (مرتين مع تبديل الجهتين في الدوري المزدوج). عند البداية تنطلق كل المباريات معًا؛ الفوز بنقطة والتعادل بنصف نقطة. يُكسر التعادل بنقاط سونبورن–برغر.
tournaments-open = مفتوحة
tournaments-running = جارية
tournaments-past = سابقة
tournaments-none = لا شيء.
tournaments-line = { $variant }، { $format }؛ { $players } من { $max } لاعبين؛ تبدأ { $starts }؛ { $status }
tournaments-new-h = بطولة جديدة
tournaments-name = الاسم
tournaments-game = اللعبة
tournaments-days-per-move = أيام لكل نقلة
tournaments-player-limit = الحد الأقصى للاعبين
tournaments-player-limit-hint = (من 2 إلى 32)
tournaments-starts-at = تبدأ في
tournaments-local-time = (بتوقيتك أنت، في المنطقة الزمنية أدناه)
tournaments-zone = المنطقة الزمنية
tournaments-zone-hint = (يُقرأ وقت البداية أعلاه بهذه المنطقة)
tournaments-zone-browser = يُقرأ وقت البداية بمنطقتك الزمنية: { $zone }
tournaments-double = دوري مزدوج
tournaments-double-hint = (كل زوج يلعب مرتين مع تبديل الجهتين)
tournaments-rated = محتسبة في التصنيف
tournaments-no-vacation = بلا عطلة
tournaments-no-vacation-hint = (عطلة اللاعب لا توقف ساعات هذه المباريات)
tournaments-create = أنشئ
tournaments-need-account = إنشاء بطولة أو الانضمام إليها يحتاج إلى حساب.
tournaments-log-in = تسجيل الدخول

## إعدادات البطولة

tournament-format-double = دوري مزدوج
tournament-format-single = دوري من دور واحد
tournament-format-days = { $days ->
    [zero] بلا أيام لكل نقلة
    [one] يوم واحد لكل نقلة
    [two] يومان لكل نقلة
    [few] { $days } أيام لكل نقلة
    [many] { $days } يومًا لكل نقلة
   *[other] { $days } يوم لكل نقلة
}
tournament-format-rated = محتسبة في التصنيف
tournament-format-casual = ودية
tournament-format-no-vacation = العطلة لا توقف الساعات
tournament-format-separator = {"، "}
tournament-status-open = مفتوحة: يمكن الانضمام
tournament-status-running = جارية
tournament-status-finished = انتهت
tournament-status-canceled = أُلغيت: اللاعبون قليلون

## بطولة

tournament-made-by = أنشأها
tournament-starts = تبدأ { $starts }
tournament-players-h = اللاعبون ({ $count } من { $max })
tournament-no-one = لا أحد بعد.
tournament-join = انضم
tournament-leave = غادر
tournament-withdraw = انسحب…
tournament-withdraw-hint = (تُعتبر مبارياتك المتبقية خسارة بالاستسلام)
tournament-final = الترتيب النهائي
tournament-crosstable = الجدول المتقاطع
tournament-player = اللاعب
tournament-points = النقاط
tournament-sb = SB
tournament-withdrew = (انسحب)
tournament-points-hint = النقاط: 1 للفوز، ½ للتعادل، 0 للخسارة؛ المباريات الملغاة لا تُحتسب. SB (سونبورن–برغر): على مباريات اللاعب، مجموع نقاطه في كل مباراة مضروبة في مجموع نقاط خصمه.
tournament-games-h = المباريات
tournament-no-games = لا مباريات بعد.

## الانسحاب

withdraw-title = انسحاب؟
withdraw-question = الانسحاب من { $name }؟
withdraw-games = { $count ->
    [0] لا مباراة لك ما زالت جارية: لا استسلام في شيء، ومبارياتك المنتهية تحتفظ بنتائجها.
    [one] مباراتك الوحيدة الجارية ستُحتسب استسلامًا: تُعدّ خسارة.
    [two] مباراتاك الجاريتان ستُحتسبان استسلامًا: كل منهما خسارة.
    [few] مبارياتك الجارية الـ{ $count } ستُحتسب استسلامًا: كل منها خسارة.
    [many] مبارياتك الجارية الـ{ $count } ستُحتسب استسلامًا: كل منها خسارة.
   *[other] مبارياتك الجارية الـ{ $count } ستُحتسب استسلامًا: كل منها خسارة.
}
withdraw-final = لا يمكن التراجع عن هذا.
withdraw-yes = نعم، انسحب
withdraw-no = لا، عودة إلى البطولة
