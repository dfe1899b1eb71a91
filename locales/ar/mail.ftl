# ما يُرسل إلى اللاعب: البريد اليومي (src/service/digest.rs) والإشعارات
# (src/service/push.rs).

mail-digest-subject = { $count ->
    [zero] دورك في لا مباراة على seedpost
    [one] دورك في مباراة واحدة على seedpost
    [two] دورك في مباراتين على seedpost
    [few] دورك في { $count } مباريات على seedpost
    [many] دورك في { $count } مباراة على seedpost
   *[other] دورك في { $count } مباراة على seedpost
}
mail-digest-hello = مرحبًا { $name }،
mail-digest-intro = الدور لك في هذه المباريات (الأوقات بتوقيت UTC):
mail-digest-game = { $variant } ضد { $opponent }
mail-digest-vacation = الساعة متوقفة، { $opponent } في عطلة
mail-digest-deadline = العب قبل { $deadline } (بقي { $left })
mail-digest-no-time = لا وقت
mail-digest-footer =
    تصلك هذه الرسالة مرة في اليوم لأنك طلبتها. لإيقافها أو
    لتغيير العنوان: { $link }

mail-turn-subject = لعب { $opponent }: دورك في { $variant }
mail-turn-subject-many = { $count ->
    [one] لعب خصمك: دورك في مباراة واحدة على seedpost
    [two] لعب خصماك: دورك في مباراتين على seedpost
    [few] لعب خصومك: دورك في { $count } مباريات على seedpost
   *[other] لعب خصومك: دورك في { $count } مباراة على seedpost
}
mail-turn-intro = { $count ->
    [one] لعب خصمك نقلته، والدور لك (الأوقات بتوقيت UTC):
   *[other] لعب خصومك نقلاتهم في هذه المباريات، والدور لك (الأوقات بتوقيت UTC):
}
mail-turn-footer =
    تصلك هذه الرسالة لأنك فعّلت البريد عند حلول دورك، رسالة واحدة على الأكثر
    كل { $minutes } دقيقة. لإيقافها:
    { $link }

push-your-turn-title = دورك
push-your-turn = { $variant }: { $players } — الدور لك
push-running-out-title = الوقت ينفد
push-running-out = { $variant }: { $players } — موعد نقلتك يقترب
push-reminder = { $variant }: { $players } — بقي { $left } لنقلتك
push-game-over-title = انتهت المباراة
push-game-start-title = بدأت مباراة
push-game = { $variant }: { $players }
push-challenge-title = تحدٍّ
push-challenge = { $challenger } يتحداك في { $variant }
push-tournament-title = بدأت بطولة
push-tournament = بدأت مبارياتك في البطولة
push-test = الإشعارات تعمل على هذا الجهاز.

# E-mail reminders

mail-reminder-subject = بقي { $left } لنقلتك ضد { $opponent } في { $variant }
mail-reminder-text = وقت نقلتك ينفد: بقي { $left } (الأوقات بتوقيت UTC):
mail-reminder-footer =
    تصلك هذه الرسالة لأنك اخترت التذكير بالبريد قبل انتهاء مهلة نقلاتك.
    لتغيير أوقات التذكير أو إيقافه:
    { $link }

# Address verification and password reset
mail-verify-subject = أكّد عنوان بريدك الإلكتروني في seedpost
mail-verify-intro = عُيّن هذا العنوان لحسابك في seedpost. إن كنت أنت من عيّنه فافتح هذا الرابط لتأكيده (يعمل لمدة { $hours } ساعة):
mail-verify-footer = إن لم تكن أنت فتجاهل هذه الرسالة: يبقى العنوان غير مُتحقَّق منه.
mail-reset-subject = عيّن كلمة مرور جديدة في seedpost
mail-reset-intro = طلب أحدهم تعيين كلمة مرور جديدة لحسابك في seedpost. إن كنت أنت فافتح هذا الرابط (يعمل مرة واحدة، لمدة { $minutes } دقيقة):
mail-reset-footer = إن لم تكن أنت فتجاهل هذه الرسالة: تبقى كلمة مرورك كما هي.
