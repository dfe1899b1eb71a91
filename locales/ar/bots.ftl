# عدّة كاتب البوت: صلاحيات المفاتيح وأسباب رفض التحدي.

## صفحة المفاتيح

tokens-scopes = الصلاحيات
tokens-scopes-all = الكل
# Under the scope boxes of the new-token form.
tokens-scopes-hint = لا يفعل الرمز إلا ما تسمح به صلاحياته المحددة.
# What each scope allows, beside its box.
tokens-scope-read = يرى مبارياتك وتحدياتك وحسابك ويتابعها مباشرة.
tokens-scope-play = يلعب النقلات وينسحب ويلغي في مبارياتك.
tokens-scope-challenge = يرسل التحديات ويقبلها ويرفضها ويلغيها؛ وينضم إلى البطولات وينسحب منها.
tokens-scope-webhooks = يسجل خطافات الويب ويقرأ ما أُرسل عبرها.
tokens-scope-account = يغيّر إعداداتك: الرموز والعطلة والتقويم والملخص والإشعارات ومرشحات التحديات.
# The new token, shown once: the label of its box, its copy button, and what the
# button says after.
tokens-secret-label = رمزك الجديد
tokens-copy = نسخ
tokens-copied = تم النسخ.
tokens-copy-failed = تعذّر النسخ: حدّد الرمز وانسخه بنفسك.

## الصفحة الرئيسية

home-decline-reason-label = السبب
home-declined = المرفوضة
home-declined-line = رفض تحديك في { $variant }: { $reason }.

decline-reason-generic = بلا سبب
decline-reason-later = ليس الآن: اطلب مرة أخرى لاحقا
decline-reason-variant = ليس هذه اللعبة
decline-reason-time-control = ليس بهذا الوقت لكل نقلة
decline-reason-too-fast = الوقت لكل نقلة قليل جدا: اطلب أياما أكثر
decline-reason-rated = أرسل تحديا محسوبا في التصنيف بدلا من ذلك
decline-reason-casual = أرسل تحديا وديا بدلا من ذلك
decline-reason-not-bots = لا ألعب مع البوتات
decline-reason-only-bots = ألعب مع البوتات فقط
