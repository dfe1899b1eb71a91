# صفحات الحساب: إنشاء حساب وتسجيل الدخول، رموز API، صفحة الحساب.

## إنشاء حساب وتسجيل الدخول

auth-sign-up = إنشاء حساب
auth-log-in = تسجيل الدخول
auth-username = اسم المستخدم
auth-username-hint = (من 3 إلى 20 حرفًا لاتينيًا أو رقمًا أو _ أو -)
auth-password = كلمة المرور
auth-password-hint = (8 أحرف على الأقل)
auth-have-account = لديك حساب؟
auth-new-here = جديد هنا؟

## رموز API

tokens-title = رموز API
tokens-intro = تلعب البرامج عبر API برمز يُرسَل في هذا الترويس:
tokens-token = الرمز
tokens-api-docs = كيف تعمل API
tokens-new = رمز جديد:
tokens-copy-now = انسخه الآن: لن يظهر مرة أخرى.
tokens-new-h = رمز جديد
tokens-label = التسمية
tokens-create = أنشئ رمزًا
tokens-yours = رموزك
tokens-none = لا رموز.
tokens-created = أُنشئ
tokens-last-used = آخر استعمال
tokens-never = أبدًا
tokens-action = إجراء
tokens-revoke = إلغاء
tokens-revoke-label = إلغاء { $label }

## صفحة الحساب

account-title = حسابك
account-password-h = غيّر كلمة المرور
account-password-about = يُسجَّل خروج كل متصفح آخر داخل إلى حسابك. تبقى رموز API صالحة ما لم تلغها هنا أيضًا.
account-current-password = كلمة المرور الحالية
account-new-password = كلمة المرور الجديدة
account-revoke-tokens = ألغِ أيضًا كل رموز API
account-change-password = غيّر كلمة المرور
account-everywhere-h = الخروج من كل مكان
account-everywhere-about = يُسجَّل خروج كل متصفح داخل إلى حسابك، وهذا المتصفح أيضًا. تبقى رموز API صالحة: ألغها من صفحتها:
account-tokens-link = رموز API
account-log-out-everywhere = الخروج من كل مكان
account-password-changed = تغيّرت كلمة المرور. الجلسات الأخرى المنتهية: { $sessions }.
account-tokens-revoked = رموز API الملغاة: { $count }.

## Your data and deleting the account

account-data-h = بياناتك
account-download = نزّل بياناتك
account-download-about = حسابك ومبارياتك وتحدياتك ورموزك وخطافات الويب وأجهزتك وإعداداتك في ملف JSON واحد
account-delete-link = احذف حسابك
delete-title = أتحذف حسابك؟
delete-about = لا يمكن التراجع عن هذا. تُحذف جلساتك ورموز API وخطافات الويب وأجهزتك وتذكيراتك وإعداداتك؛ وتُلغى تحدياتك المفتوحة؛ وتُلغى مبارياتك الجارية حيث تسمح القواعد وإلا تُعدّ منسحبًا منها. تبقى مبارياتك المنتهية باسم بديل. ويصبح اسم المستخدم متاحًا لأي أحد.
delete-download-first = أولًا (ملف JSON).
delete-password = كلمة المرور
delete-confirm = احذف حسابي
delete-keep = لا، أبقِه
delete-done-h = حُذف حسابك
delete-done = حُذف كل شيء منه إلا مبارياته المنتهية، التي تحمل الآن الاسم { $name }، لتبقى نتائج خصومك وتصنيفاتهم صحيحة.
delete-back = العودة إلى الصفحة الأولى

## Forgotten passwords and address verification

auth-forgot-password = هل نسيت كلمة المرور؟
reset-title = كلمة مرور منسية
reset-about = اكتب اسم المستخدم أو عنوان بريدك الإلكتروني المُتحقَّق منه. إن طابق حسابًا أرسلنا إليه رابطًا لتعيين كلمة مرور جديدة؛ يعمل الرابط مرة واحدة، لمدة { $minutes } دقيقة.
reset-no-mail = هذا الخادم لا يرسل بريدًا إلكترونيًا، فلا يمكنه أن يرسل إليك رابطًا. اطلب من مشغّله أن يعيّن لك كلمة مرور جديدة: seedpost admin reset-password NAME
reset-identifier = اسم المستخدم أو عنوان البريد الإلكتروني
reset-send = أرسل الرابط
reset-sent = إن طابق حسابٌ له عنوان مُتحقَّق منه، فرابط تعيين كلمة مرور جديدة في طريقه إلى هناك. يعمل مرة واحدة، لمدة { $minutes } دقيقة.
reset-back-to-log-in = العودة إلى تسجيل الدخول
reset-new-title = تعيين كلمة مرور جديدة
reset-new-about = اختر كلمة مرور جديدة لـ { $name }. تنتهي كل جلسات الحساب؛ وتبقى رموز API.
reset-set-password = عيّن كلمة المرور
reset-done = عُيّنت كلمة المرور. الجلسات المنتهية: { $sessions }. سجّل الدخول بكلمة المرور الجديدة.
reset-ask-again = اطلب رابطًا جديدًا
verify-title = التحقق من العنوان
verify-done = تم التحقق من { $email } للحساب { $name }: إن نسيت كلمة المرور يمكن أن يذهب رابط الاستعادة إليه.
verify-ask-again = يمكن إرسال رابط جديد من صفحة التذكيرات.
