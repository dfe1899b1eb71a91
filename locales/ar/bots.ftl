# عدّة كاتب البوت: صلاحيات المفاتيح وأسباب رفض التحدي.

## صفحة المفاتيح

tokens-scopes = الصلاحيات
tokens-scopes-all = الكل

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
