# المباريات في القوائم ونتائجها، في كل صفحة (src/http/pages/view.rs).

ending-empty-row = فرغ أحد الصفين
ending-no-moves = لم تكن للجانب صاحب الدور نقلة
ending-repetition = تكرر الوضع
ending-all-captured = أُسرت كل الحبات
ending-majority = كُسب أكثر من نصف الحبات
ending-resign = الاستسلام
ending-timeout = نفد الوقت
ending-abort = أُلغيت
result-aborted = أُلغيت: لا نقاط.
result-won-resign = فاز { $winner } باستسلام خصمه، { $won } حبة مقابل { $lost }.
result-won-timeout = فاز { $winner } بنفاد وقت خصمه، { $won } حبة مقابل { $lost }.
result-won = فاز { $winner } ({ $how })، { $won } حبة مقابل { $lost }.
result-draw = تعادل ({ $how }): { $south } { $southstones } حبة، { $north } { $northstones }.
line-you-to-move = دورك، بقي { $time }
line-to-move = دور { $name }، بقي { $time }
line-you-to-move-hurry = دورك، بقي { $time } (الوقت ينفد)
line-to-move-hurry = دور { $name }، بقي { $time } (الوقت ينفد)
line-you-vacation = دورك، الساعة متوقفة: { $count ->
    [one] { $away } في عطلة
   *[other] { $away } في عطلة
}
line-vacation = دور { $name }، الساعة متوقفة: { $count ->
    [one] { $away } في عطلة
   *[other] { $away } في عطلة
}
line-and = { $first } و{ $second }
line-against = ضد { $opponent }
line-match-game = المباراة { $number } من { $of } في لقاء
