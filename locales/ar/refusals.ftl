# سبب رفض نموذج، حسب الرمز الثابت للخطأ.

refused-bad-credentials = اسم المستخدم أو كلمة المرور خطأ
refused-username-taken = اسم المستخدم هذا مأخوذ
refused-invalid-username = اسم المستخدم من 3 إلى 20 حرفًا: حروف a إلى z أو أرقام أو _ أو -، ولا يبدأ بـ "house"
refused-invalid-password = كلمة المرور من 8 أحرف على الأقل و1024 على الأكثر
refused-wrong-password = كلمة المرور الحالية خطأ
refused-rate-limited = { $seconds ->
    [zero] محاولات كثيرة جدًا: حاول مجددًا الآن
    [one] محاولات كثيرة جدًا: حاول مجددًا بعد ثانية واحدة
    [two] محاولات كثيرة جدًا: حاول مجددًا بعد ثانيتين
    [few] محاولات كثيرة جدًا: حاول مجددًا بعد { $seconds } ثوانٍ
    [many] محاولات كثيرة جدًا: حاول مجددًا بعد { $seconds } ثانية
   *[other] محاولات كثيرة جدًا: حاول مجددًا بعد { $seconds } ثانية
}
refused-invalid-label = تسمية الرمز من 1 إلى 100 حرف بلا أحرف تحكم
refused-too-many-tokens = لديك أقصى عدد من الرموز للحساب: ألغِ واحدًا أولًا
refused-too-many-tournaments = لديك أقصى عدد من البطولات المفتوحة للحساب: انتظر حتى تبدأ إحداها
refused-invalid-scopes = يحتاج الرمز إلى صلاحية واحدة على الأقل
refused-invalid-email = هذا ليس عنوان بريد يمكن أن يصل إليه البريد اليومي
refused-invalid-name = اسم البطولة من 1 إلى 60 حرفًا، بلا أحرف تحكم
refused-invalid-variant = اختر إحدى الألعاب
refused-invalid-days-per-move = اختر عدد الأيام لكل نقلة من القائمة
refused-invalid-max-players = البطولة من 2 إلى 32 لاعبًا
refused-invalid-starts-at = البداية تاريخ ووقت في المستقبل
refused-invalid-time-zone = المنطقة الزمنية ليست من المناطق المعروضة
refused-already-joined = أنت في هذه البطولة بالفعل
refused-tournament-full = البطولة ممتلئة
refused-tournament-started = بدأت البطولة: أُغلق باب الانضمام
refused-tournament-over = انتهت البطولة
refused-not-in-tournament = لست في هذه البطولة
refused-no-vacation-left = نفدت أيام عطلة هذه السنة
refused-not-on-vacation = لست في عطلة
refused-on-vacation = أنت في عطلة بالفعل
refused-invalid-settings = في النموذج حقل لا ينبغي أن يكون فيه: أعد تحميل الصفحة وحاول مجددًا
refused-invalid-first = اختر من القائمة من يبدأ
refused-invalid-games = يتكون اللقاء من مباراة واحدة إلى 9 مباريات
refused-invalid-schedule = اختر من القائمة كيف تُلعب المباريات
refused-self-challenge = لا يمكنك أن تتحدى نفسك
refused-opponent-closed = حساب هذا اللاعب مغلق
refused-too-many-challenges = لديك أقصى عدد من التحديات المفتوحة المسموح به للحساب: ألغِ واحدًا أولًا
refused-challenge-closed = لم يعد هذا التحدي مفتوحًا
refused-own-challenge = لا يمكنك قبول تحديك أنت

refused-link-unknown = هذا الرابط غير معروف: ربما حلّ محله رابط أحدث. اطلب رابطًا جديدًا.
refused-link-used = استُخدم هذا الرابط من قبل: يعمل الرابط مرة واحدة. اطلب رابطًا جديدًا.
refused-link-expired = انتهت صلاحية هذا الرابط. اطلب رابطًا جديدًا.
refused-address-changed = هذا الرابط يتحقق من عنوان لم يعد عنوان الحساب.
refused-mail-not-configured = هذا الخادم لا يرسل بريدًا إلكترونيًا: اطلب من مشغّله أن يعيّن لك كلمة مرور جديدة.
refused-invalid-identifier = اكتب اسم مستخدم أو عنوان بريد إلكتروني.
refused-no-address = أدخل عنوانًا أولًا.
refused-already-verified = تم التحقق من هذا العنوان من قبل.
refused-too-late-to-abort = لعب الطرفان: لم يعد إلغاء المباراة ممكنًا. ما زال بإمكانك الاستسلام.
refused-other = تعذّر تنفيذ ذلك (السبب: { $code }).
