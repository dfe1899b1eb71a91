# الصفحة الرئيسية (templates/home.html) بعد تسجيل الدخول، وصفحة الترحيب
# (templates/welcome.html) قبله.

home-title = مبارياتك
home-your-turn = دورك
home-no-turn = لا مباراة تنتظرك.
home-waiting = في انتظار خصمك
home-none = لا شيء.
home-challenges = التحديات
home-no-challenges = لا تحديات مفتوحة.
home-for-you = لك
home-challenges-you = يتحداك في { $variant }، { $kind }، { $pace }، يبدأ: { $first }.
home-accept = اقبل
home-decline = ارفض
home-open-to-anyone = مفتوحة للجميع
home-open-line = { $variant }، { $kind }، { $pace }، يبدأ: { $first }.
home-yours = تحدياتك
home-mine-open = { $variant } مفتوح للجميع، { $kind }، { $pace }، يبدأ: { $first }.
home-mine-to = { $variant } إلى { $opponent }، { $kind }، { $pace }، يبدأ: { $first }.
home-cancel = ألغِ
home-rematch-tag = مباراة ثأرية
home-rated = محسوبة في التصنيف
home-casual = ودية
home-rated-weekends = محسوبة في التصنيف، والساعات متوقفة في عطلة نهاية الأسبوع
home-casual-weekends = ودية، والساعات متوقفة في عطلة نهاية الأسبوع
home-match-sequential = لقاء من { $count } مباريات واحدة بعد الأخرى
home-match-parallel = لقاء من { $count } مباريات كلها في آن واحد
home-match-sequential-decided = لقاء من { $count } مباريات واحدة بعد الأخرى، ينتهي حين يُحسم
home-match-parallel-decided = لقاء من { $count } مباريات كلها في آن واحد، ينتهي حين يُحسم
home-first-random-line = بالقرعة
home-first-challenger-line = صاحب التحدي
home-first-opponent-line = الخصم
home-no-player = لا يوجد لاعب اسمه «{ $name }».
home-new-challenge = تحدٍّ جديد
home-game = اللعبة
home-days-per-move = الأيام لكل نقلة
home-who-first = من يبدأ
home-first-random = بالقرعة
home-first-me = أنا
home-first-my-opponent = خصمي
home-opponent = الخصم
home-opponent-hint = (اسم مستخدم؛ اتركه فارغًا لتحدٍّ مفتوح)
home-rated-label = محسوبة في التصنيف
home-rated-hint = (تغيّر النتيجة تصنيف اللاعبين كليهما)
home-weekend-pause = توقف نهاية الأسبوع
home-weekend-pause-hint = (تتوقف الساعات يومي السبت والأحد، بتوقيت UTC)
home-match = لقاء
home-match-hint = (النتيجة مجموع النقاط، 1 / ½ / 0؛ ويتناوب اللاعبان على البدء)
home-games = المباريات
home-games-choice = { $count ->
    [one] مباراة واحدة
    [two] لقاء من مباراتين
    [few] لقاء من { $count } مباريات
    [many] لقاء من { $count } مباراة
   *[other] لقاء من { $count } مباراة
}
home-played = طريقة اللعب
home-one-after-another = واحدة بعد الأخرى
home-all-at-once = كلها في آن واحد
home-end-once-decided = ينتهي حين يُحسم
home-end-once-decided-hint = (حين لا يعود أحد اللاعبين قادرًا على اللحاق)
home-challenge = تحدَّ
home-computer = العب ضد الحاسوب
home-computer-hint = يقبل روبوت الموقع التحدي في ثوانٍ ويرد على كل نقلة فورًا.
home-level = المستوى
home-level-random = عشوائي
home-level-random-hint = يلعب أي نقلة مسموحة: الأسهل.
home-level-greedy = جشِع
home-level-greedy-hint = يأخذ أكبر عدد من الحصى يستطيعه فورًا، دون أن ينظر أبعد.
home-level-search = باحث
home-level-search-hint = ينظر بضع نقلات إلى الأمام.
home-level-perfect = مثالي
home-level-perfect-hint = لعب مثالي في تيحبات وموديار، وكل أوضاعهما محلولة؛ وبحث عميق في الألعاب الأخرى.
home-computer-play = ابدأ المباراة

welcome-title = المنقلة بالمراسلة
welcome-intro = seedpost مكان للعب ست ألعاب بذر (منقلة): منغالا من تركيا، وموديار وتيحبات من المغرب، وكالاه وأواري وتوغيز كومالاك. العب على مهلك: نقلة كل بضعة أيام، من الهاتف أو من المكتب، ضد أصدقائك أو ضد الروبوتات.
welcome-sign-up = إنشاء حساب
welcome-log-in = تسجيل الدخول
welcome-three-games = الألعاب الثلاث
welcome-mangala = ست حفر ومخزن لكل جانب، وأربع حبات في كل حفرة. إن انتهيت في مخزنك تلعب مرة أخرى؛ وتأسر الأعداد الزوجية في الصف المقابل.
welcome-modiar = ثلاث حفر في كل منها سبع حبات. أسر الاثنين والأربعة والستة في سلسلة؛ أطعِم الصف الفارغ؛ ولا أسر لكل الحبات دفعة واحدة.
welcome-tihbat = أصغر لوحة: حفرتان في كل منهما سبع حبات، والأسر في حفرك أنت فقط.
welcome-watch = مباريات للمشاهدة
welcome-no-ongoing = لا مباريات تُلعب الآن.
welcome-finished = انتهت مؤخرًا
welcome-no-finished = لم تنتهِ أي مباراة بعد.
