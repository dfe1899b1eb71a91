# صفحات الإعدادات: التذكيرات، العطلة، الإشعارات، وصفحة عدم الاتصال.

## صفحة الإعدادات: كل صفحة إعدادات مع سطر عمّا فيها

settings-title = الإعدادات
settings-notifications-about = ما تُبلَّغ به وكيف: إشعارات فورية على أجهزتك، والبريد الإلكتروني، ومنبهات التقويم، وكم من الوقت قبل انتهاء المهلة تصلك التذكيرات.
settings-reminders-about = عنوان بريدك الإلكتروني والرسالة اليومية، وموجز التقويم لمواعيد نقلاتك.
settings-play-about = هل تلعب لمسة الحفرة النقلة فورًا أم تطلب منك التأكيد.
settings-vacation-about = أوقف ساعات مبارياتك وأنت غائب.
settings-account-about = غيّر كلمة المرور، أو اخرج من كل الأجهزة، أو نزّل بياناتك، أو احذف حسابك.
settings-tokens-about = مفاتيح للروبوتات والبرامج التي تلعب عبر واجهة API.

## التذكيرات

reminders-title = التذكيرات
reminders-intro = إلى جانب التنبيه على الموقع حين يوشك الوقت على النفاد، يستطيع seedpost أن يذكّرك بمواعيد نقلاتك في تقويمك وبرسالة بريد يومية.
reminders-calendar-h = موجز التقويم
reminders-calendar-about = اشترك في هذا العنوان في برنامج تقويم: يعرض موعد نقلتك في كل مباراة، مع منبّهات في أوقات تذكير التقويم التي تختارها في صفحة الإشعارات (افتراضيًا قبل 24 ساعة وقبل ساعتين). كل من يملك العنوان يرى مبارياتك، فاحتفظ به لنفسك؛ العنوان الجديد يوقف القديم.
reminders-feed-address = عنوان موجزك. انسخه الآن: لن يظهر مرة أخرى.
reminders-feed-works = موجزك يعمل، بعنوان أُنشئ في { $since }.
reminders-new-address = أنشئ عنوانًا جديدًا
reminders-stop-feed = أوقف الموجز
reminders-no-feed = ليس لديك موجز.
reminders-make-feed = أنشئ عنوان موجز
reminders-digest-h = البريد اليومي
reminders-digest-about = مرة في اليوم، بعد الساعة { $hour }:00 بالتوقيت العالمي، رسالة واحدة بالمباريات التي ينتظر فيها دورك، إن وُجدت.
reminders-no-mail = هذا الخادم لا يرسل بريدًا: لم يُعدّه مشغّله. إعداداتك محفوظة إلى أن يفعل.
reminders-email = عنوان البريد الإلكتروني
reminders-send-digest = أرسل لي البريد اليومي
reminders-save = احفظ
reminders-last-sent = آخر إرسال في { $day }.
reminders-saved-on = حُفظ: يُرسل البريد اليومي إلى { $email }.
reminders-saved-off = حُفظ: لن يُرسل أي بريد يومي.

## العطلة

vacation-title = العطلة
vacation-about = مسافر؟ في العطلة تتوقف ساعات كل مبارياتك، ويرى خصومك أنك غائب.
vacation-allowance = { $days ->
    [zero] ليس لك أي يوم عطلة في السنة.
    [one] لك يوم واحد في السنة (من 1 يناير، بالتوقيت العالمي)؛ مباريات البطولات التي لا تسمح بالعطلة تستمر.
    [two] لك يومان في السنة (من 1 يناير، بالتوقيت العالمي)؛ مباريات البطولات التي لا تسمح بالعطلة تستمر.
    [few] لك { $days } أيام في السنة (من 1 يناير، بالتوقيت العالمي)؛ مباريات البطولات التي لا تسمح بالعطلة تستمر.
    [many] لك { $days } يومًا في السنة (من 1 يناير، بالتوقيت العالمي)؛ مباريات البطولات التي لا تسمح بالعطلة تستمر.
   *[other] لك { $days } يوم في السنة (من 1 يناير، بالتوقيت العالمي)؛ مباريات البطولات التي لا تسمح بالعطلة تستمر.
}
vacation-left = المتبقي هذه السنة:
vacation-since = أنت في عطلة منذ { $since }.
vacation-until = تنتهي وحدها في { $until }، حين تنفد أيام هذه السنة.
vacation-end = أنهِ عطلتي
vacation-not-away = لست في عطلة.
vacation-start = ابدأ عطلة
vacation-started = بدأت عطلتك: ساعات مبارياتك متوقفة.
vacation-ended = انتهت عطلتك: ساعات مبارياتك تعمل من جديد.

## الإشعارات

notify-title = الإشعارات
notify-devices-h = أجهزتك
notify-this-device = أشعرني على هذا الجهاز
notify-noscript = تفعيل الإشعارات على جهاز يحتاج إلى JavaScript: المتصفح نفسه يقوم بالاشتراك. كل ما عدا ذلك في هذه الصفحة يعمل بدونه.
notify-no-devices = الإشعارات الفورية غير مفعّلة على أي جهاز.
notify-device-since = منذ { $since }
notify-last-notified = آخر إشعار { $last }
notify-turn-off = أوقف
notify-send-test = أرسل لي إشعارًا تجريبيًا
notify-no-mail = هذا الخادم لا يرسل بريدًا: لم يُعدّه مشغّله. اختياراتك للبريد محفوظة إلى أن يفعل.
notify-reminders-before = تذكيرات قبل انتهاء المهلة:
# After "Reminders before a deadline:" on the folded list, when no time is chosen.
notify-reminders-none = لا شيء
# The fold of a channel whose kinds of notice are folded away too (e-mail), before
# what is chosen.
notify-choices-summary = ما يُرسل:
notify-save = احفظ
notify-kind-your-turn = دورك (لعب الخصم)
notify-kind-challenge = تحدٍّ موجّه إليك
notify-kind-game-start = بدأت مباراة (في البطولات والسلاسل أيضًا)
notify-kind-game-finish = انتهت مباراة
notify-hours-before = قبل { $hours } س
notify-minutes-before = قبل { $minutes } د
notify-push-title = الإشعارات الفورية
notify-push-about = إلى هذا الهاتف أو الحاسوب وأجهزتك الأخرى، بعد تشغيل الإشعارات الفورية عليها (أدناه).
notify-email-title = البريد الإلكتروني
notify-email-about = إلى عنوان بريدك اليومي (في صفحة التذكيرات): عند حلول دورك رسالة واحدة على الأكثر لكل مباراة ونقلة، ولا شيء وأنت تفتح المباراة؛ ورسالة عند كل وقت تذكير.
notify-calendar-title = منبّهات التقويم
notify-calendar-about = في موجز تقويمك (في صفحة التذكيرات).
notify-bot-title = الروبوتات
notify-bot-about = الحدث time_running_out في مجرى أحداثك، إضافة إلى الحدث عند 80% من الوقت.
notify-test-none = ليس لديك جهاز مفعّلة عليه الإشعارات: فعّلها على جهاز أولًا.
notify-test-sent = { $count ->
    [zero] لا جهاز يُرسل إليه إشعار تجريبي.
    [one] إشعار تجريبي في طريقه إلى جهاز واحد.
    [two] إشعار تجريبي في طريقه إلى جهازين.
    [few] إشعار تجريبي في طريقه إلى { $count } أجهزة.
    [many] إشعار تجريبي في طريقه إلى { $count } جهازًا.
   *[other] إشعار تجريبي في طريقه إلى { $count } جهاز.
}
notify-js-unsupported = هذا المتصفح لا يستقبل الإشعارات الفورية.
notify-js-blocked = الإشعارات محظورة لهذا الموقع في المتصفح.
notify-js-refused = رفض الخادم هذا الجهاز.
notify-js-asking = جارٍ سؤال المتصفح…
notify-js-failed = تعذّر تفعيل الإشعارات الفورية.

## صفحة عدم الاتصال

offline-tab = غير متصل
offline-title = أنت غير متصل
offline-about = لا يمكن الوصول إلى seedpost الآن. مبارياتك تنتظرك: النقلات تُلعب على الخادم، وساعتك كما كانت.
offline-retry = حاول مجددًا
play-title = إعدادات اللعب
play-saved = حُفظ.
play-confirm-moves = تأكيد كل نقلة
play-confirm-moves-hint = (اللمسة الأولى على حفرة تختارها؛ واللمسة الثانية، أو «أكّد»، تلعبها)
play-still-moves = اعرض النقلات دون حركة
play-still-moves-hint = (تنتقل الحبات إلى حفرها الجديدة مرة واحدة بدلًا من بذرها واحدة واحدة)
play-save = احفظ

reminders-verified = تم التحقق في { $when }: إن نسيت كلمة المرور يمكن أن يذهب رابط الاستعادة إلى هذا العنوان.
reminders-unverified = لم يتم التحقق بعد: افتح الرابط الذي أرسلناه إلى هذا العنوان. وحتى ذلك الحين لا يذهب إليه أي رابط لاستعادة كلمة المرور.
reminders-resend-verification = أرسل رابط التحقق مرة أخرى
reminders-verification-sent = أُرسل رابط تحقق إلى { $email }؛ يعمل لمدة 24 ساعة.
