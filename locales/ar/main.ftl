# الكلمات المشتركة في seedpost: التخطيط (التنقل، التذييل، قائمة اللغات)، الأوقات
# والتواريخ، صفحة الخطأ. الأرقام بالأرقام الغربية (0-9) كما هو معتاد في المغرب.

## التخطيط

nav-skip = انتقل إلى المحتوى
nav-site = الموقع
nav-standings = الترتيب
nav-tournaments = البطولات
nav-rules = القواعد
nav-analysis = التحليل
nav-your-games = مبارياتك
nav-turns-waiting = { $count ->
    [zero] لا مباراة تنتظر نقلتك
    [one] مباراة واحدة تنتظر نقلتك
    [two] مباراتان تنتظران نقلتك
    [few] { $count } مباريات تنتظر نقلتك
    [many] { $count } مباراة تنتظر نقلتك
   *[other] { $count } مباراة تنتظر نقلتك
}
nav-challenges-waiting = { $count ->
    [zero] لا تحدٍّ ينتظر ردك
    [one] تحدٍّ واحد ينتظر ردك
    [two] تحدّيان ينتظران ردك
    [few] { $count } تحدّيات تنتظر ردك
    [many] { $count } تحدّيًا ينتظر ردك
   *[other] { $count } تحدٍّ ينتظر ردك
}
nav-waiting-both = { $games }، { $challenges }
nav-settings = الإعدادات
nav-log-out = تسجيل الخروج
nav-log-in = تسجيل الدخول
nav-sign-up = إنشاء حساب
footer-about = seedpost — Mangala وModiar وTihbat وKalah وOware وTogyz kumalak بالمراسلة.
footer-rules = القواعد
footer-api = API
footer-language = اللغة

## التواريخ والأوقات

format-date-time = %-d %B %Y، %H:%M UTC
format-date = %-d %B %Y

## المدد

time-left-none = لم يبقَ وقت
time-two-units = { $larger } و{ $smaller }
time-days = { $count ->
    [zero] لا أيام
    [one] يوم واحد
    [two] يومان
    [few] { $count } أيام
    [many] { $count } يومًا
   *[other] { $count } يوم
}
time-hours = { $count ->
    [zero] لا ساعات
    [one] ساعة واحدة
    [two] ساعتان
    [few] { $count } ساعات
    [many] { $count } ساعة
   *[other] { $count } ساعة
}
time-minutes = { $count ->
    [zero] لا دقائق
    [one] دقيقة واحدة
    [two] دقيقتان
    [few] { $count } دقائق
    [many] { $count } دقيقة
   *[other] { $count } دقيقة
}

## صفحة الخطأ

error-back-home = العودة إلى الصفحة الرئيسية
error-log-in-needed = سجّل الدخول لرؤية هذه الصفحة.
error-log-in = تسجيل الدخول
error-sign-up = إنشاء حساب
error-status-400 = طلب غير صالح
error-status-401 = لم تسجّل الدخول
error-status-403 = ممنوع
error-status-404 = غير موجود
error-status-405 = طريقة غير مسموح بها
error-status-409 = تعارض
error-status-413 = كبير جدًا
error-status-422 = غير مقبول
error-status-429 = طلبات كثيرة جدًا
error-status-500 = خطأ في الخادم
error-status-503 = غير متاح
error-status-other = خطأ
# ما تقوله صفحة الخطأ، بحسب الخطأ (العنوان يذكر الحالة).
error-not-found = لا شيء في هذا العنوان: الصفحة غير موجودة، أو ما كانت تعرضه لم يعد موجودًا.
error-forbidden = لا يمكنك فعل هذا. إن كنت أرسلت نموذجًا فربما انتهت صلاحيته: عد، وأعد تحميل الصفحة، وحاول مجددًا.
error-not-a-player = أنت لا تلعب في هذه المباراة.
error-game-over = انتهت المباراة.
error-internal = حدث خطأ في الخادم. حاول مجددًا بعد قليل.
error-unavailable = الخادم مشغول أو متوقف للحظة. حاول مجددًا بعد قليل.
error-invalid-query = في العنوان جزء لا تفهمه هذه الصفحة: تحقق منه، أو اتبع رابطًا من الموقع.
