# صفحات القواعد (templates/rules.html): شروح المثال المفصّل.

rules-start-of = بداية { $variant }.
rules-start-to-move = البداية: الدور لـ{ $side }.
rules-plays = يلعب { $side } الحفرة { $pit }.
rules-wins = يفوز { $side }
rules-draw = تعادل
rules-over = انتهت المباراة: الجنوب { $south }، الشمال { $north }، { $result }.
rules-store = مخزن { $side }: { $was } ← { $now }.
rules-captures = يأسر { $side } { $count }.
rules-again = يلعب { $side } مرة أخرى.
rules-to-move = الدور لـ{ $side }.
