# Οι σελίδες κανόνων (templates/rules.html): οι λεζάντες του παραδείγματος.

rules-start-of = Η αρχή του { $variant }.
rules-start-to-move = Η αρχή: παίζει ο { $side }.
rules-plays = Ο { $side } παίζει τον λάκκο { $pit }.
rules-wins = κερδίζει ο { $side }
rules-draw = ισοπαλία
rules-over = Η παρτίδα τελείωσε: Νότος { $south }, Βορράς { $north }, { $result }.
rules-store = Αποθήκη του { $side }: { $was } → { $now }.
rules-captures = Ο { $side } αιχμαλωτίζει { $count }.
rules-again = Ο { $side } ξαναπαίζει.
rules-to-move = Παίζει ο { $side }.
