# صندوق الملاحظة في صفحة اللعبة، والدردشة، وأزرار الحظر، وملف الألعاب (المسألة 36).
note-title = ملاحظتك
note-private = لا يقرأ هذه الملاحظة أحد سواك.
note-save = احفظ الملاحظة
note-saved-at = حُفظت في { $at }
chat-title = الدردشة
chat-empty = لا رسائل بعد.
chat-say = رسالتك
chat-send = أرسل
chat-report = أبلغ
chat-off-server = الدردشة متوقفة على هذا الخادم.
chat-off-mine = أوقفت الدردشة في إعدادات اللعب.
chat-off-opponent = خصمك لا يدردش.
chat-blocked = لا يمكنك الدردشة مع هذا اللاعب.
play-chat = الدردشة مع خصومي
play-chat-hint = عند إيقافها لا يدردش معك أحد، ولا تظهر الدردشة في ألعابك.
player-block = احظر
player-unblock = ألغِ الحظر
player-blocked = حظرت هذا اللاعب: لا يمكنه تحديك ولا الدردشة معك.
player-games-file = نزّل كل الألعاب
# سبب رفض نموذج.
refused-blocked = لا يمكنك اللعب أو الدردشة مع هذا اللاعب: أحدكما حظر الآخر
refused-chat-off = الدردشة متوقفة في هذه اللعبة
refused-muted = أوقف المشرف دردشتك لبعض الوقت
refused-invalid-chat-line = الرسالة من 1 إلى 500 حرف في سطر واحد
refused-note-too-long = لا تتسع الملاحظة لأكثر من 4000 حرف
refused-own-line = لا يمكنك الإبلاغ عن رسالتك
refused-self-block = لا يمكنك حظر نفسك
