# The rules pages (templates/rules.html): the worked example's captions.

rules-start-of = The start of { $variant }.
rules-start-to-move = The start: { $side } to move.
rules-plays = { $side } plays pit { $pit }.
rules-wins = { $side } wins
rules-draw = a draw
rules-over = The game is over: South { $south }, North { $north }, { $result }.
rules-store = { $side }'s store: { $was } → { $now }.
rules-captures = { $side } captures { $count }.
rules-again = { $side } moves again.
rules-to-move = { $side } to move.

# The rules pages' headings and links (templates/rules.html, templates/rules_full.html).
rules-tabs = Games
rules-title = How to play { $variant }
rules-example-heading = A worked example
rules-example-intro = The first moves of a game, South moving first. The pit just played from is ringed.
rules-full-link = The full rules of { $variant }, numbered, with every case decided
rules-full-title = The full rules of { $variant }
# After a link "How to play …" and a colon.
rules-full-hint = the same rules, shorter, with pictures.
# Shown above the numbered rules (RULES.md) in every language but English.
rules-full-in-english = The numbered rules are given in English, the reference text.

# The player's text of each game (src/http/pages/rules.rs), RULES.md restated: the
# parts' headings, then each game's paragraphs, then the paragraphs every game shares.
rules-part-board = The board
rules-part-move = A move
rules-part-captures = Captures
rules-part-end = The end and the score

rules-mangala-board-1 = Mangala is played on a board of two rows of six pits, with a large store at each end. You own the row nearer to you and the store at your right. Every pit starts with 4 stones, 48 in all; the stores start empty.
rules-mangala-move-1 = On your turn, pick any pit of your own row that holds stones and take them all. Put the first stone back into the pit you just emptied, then one into each following hole, counter-clockwise: to your right along your row, into your store, then along your opponent's row from their left. Your opponent's store is skipped.
rules-mangala-move-2 = A pit holding a single stone sends it on to the next hole and is left empty.
rules-mangala-move-3 = If your last stone falls into your own store, you move again.
rules-mangala-captures-1 = If your last stone falls into a pit of your opponent's row and makes it hold an even number, you take every stone of that pit into your store.
rules-mangala-captures-2 = If your last stone falls into an empty pit of your own row and the pit opposite holds stones, you take that stone and all the stones opposite into your store. If the pit opposite is empty, nothing is taken.
rules-mangala-end-1 = The game ends as soon as all six pits of either row are empty, even in the middle of an extra move. The player whose row is empty then takes every stone left in the other row into their own store.
rules-mangala-end-2 = More than 24 stones in your store win; 24 each is a draw.

rules-modiar-board-1 = Modiar is played on a board of two rows of three pits, with no stores. Every pit starts with 7 stones, 42 in all. The stones you capture are kept beside the board.
rules-modiar-move-1 = On your turn, pick a pit of your own row holding two or more stones: a pit with a single stone may not be played. Take all its stones, put the first back into the pit you emptied, and sow the rest one to a pit counter-clockwise round all six pits, as many times round as the hand lasts. The move ends where the last stone falls.
rules-modiar-move-2 = If your opponent's row is empty, you must play a move that puts at least one stone into it, if you have one.
rules-modiar-captures-1 = If your last stone leaves its pit holding 2, 4 or 6 stones, on either side of the board, you capture them. Then look at the pit sown just before it: if it holds 2, 4 or 6 you capture it too, and so on backwards, until a pit holds any other number.
rules-modiar-captures-2 = The very first move of the game captures nothing: its stones stay on the board.
rules-modiar-captures-3 = You may not capture every stone left in your opponent's row (a grand slam). If every move you have would do that, you play one of them, but it captures nothing.
rules-modiar-end-1 = The game ends when the player to move has no pit with two or more stones, or when the same position (all six pits and the player to move) comes up for the third time. Each player then adds the stones left in their own row to those they captured.
rules-modiar-end-2 = The player with more stones wins; 21 each is a draw.

rules-tihbat-board-1 = Tihbat is played on a board of two rows of two pits, with no stores. Every pit starts with 7 counters, 28 in all. The counters you capture are kept beside the board.
rules-tihbat-move-1 = On your turn, take all the counters from either of your pits. Put the first back into the pit you emptied and sow the rest one to a pit counter-clockwise round the four pits, as many times round as the hand lasts. A single counter drops straight back into its own pit: the board does not change and the turn passes.
rules-tihbat-captures-1 = If your last counter falls into one of your own pits and that pit then holds 2, 4, 6 or 8 counters, you capture them. Only that pit is taken; a last counter on your opponent's side never captures.
rules-tihbat-end-1 = The game ends when a position (all four pits and the player to move) comes up for the second time. The counters still on the board are then shared equally between the players.
rules-tihbat-end-2 = The player with more counters wins; equal counts are a draw.

rules-kalah-board-1 = Kalah is played on a board of two rows of six houses, with a store (the kalah) at each end. You own the row nearer to you and the store at your right. Every house starts with 4 seeds, 48 in all; the stores start empty.
rules-kalah-move-1 = On your turn, take all the seeds from a house of your own row and sow them one to a hole counter-clockwise, starting with the next hole: to your right along your row, into your store, then along your opponent's row. Your opponent's store is skipped, and the house you emptied gets a seed again only after a full lap.
rules-kalah-move-2 = If your last seed falls into your own store, you move again.
rules-kalah-captures-1 = If your last seed falls into an empty house of your own row and the house opposite holds seeds, that seed and all the seeds opposite go into your store. If the house opposite is empty, nothing is taken.
rules-kalah-end-1 = The game ends when the player to move has no seed in their houses. The other player then puts every seed left in their own houses into their store.
rules-kalah-end-2 = More than 24 seeds in your store win; 24 each is a draw.

rules-oware-board-1 = Oware is played on a board of two rows of six houses, with no stores. Every house starts with 4 seeds, 48 in all. The seeds you capture are kept beside the board.
rules-oware-move-1 = On your turn, take all the seeds from a house of your own row and sow them one to a house counter-clockwise, starting with the next house. With 12 seeds or more, the house you emptied is skipped on every lap.
rules-oware-move-2 = If your opponent has no seeds, you must play a move that gives them at least one. If no move can, the game ends and you capture every seed left on the board.
rules-oware-captures-1 = If your last seed falls into a house of your opponent's row that then holds 2 or 3 seeds, you capture them. Then look at the house before it: if it holds 2 or 3 too, you capture it as well, and so on, until a house holds another number or your opponent's row ends.
rules-oware-captures-2 = A move that would capture every seed of your opponent's row (a grand slam) may be played, but it captures nothing.
rules-oware-end-1 = The game ends when a player has captured 25 seeds or more. When the same position (all twelve houses and the player to move) comes up for the third time, the game ends and each player captures the seeds on their own side.
rules-oware-end-2 = The player with more seeds wins; 24 each is a draw.

rules-togyz-board-1 = Togyz kumalak is played on a board of two rows of nine houses, with a store (the kazan) for each player, kept apart from the houses. Every house starts with 9 stones, 162 in all; the kazans start empty.
rules-togyz-move-1 = On your turn, take all the stones from a house of your own row. Put the first back into the house you emptied, then one into each following house counter-clockwise: along your row, then along your opponent's row. A house holding a single stone sends it on to the next house and is left empty. Stones are never sown into a kazan.
rules-togyz-captures-1 = If your last stone falls into a house of your opponent's row and makes its count even, every stone of that house goes into your kazan.
rules-togyz-captures-2 = If your last stone makes a house of your opponent's row hold exactly 3, that house becomes your tuzdyk: its 3 stones go into your kazan, and from then on every stone sown into it, by either player, goes into your kazan. Each player makes at most one tuzdyk in a game, never in the opponent's ninth house and never in the house with the same number as the opponent's tuzdyk. The board marks each tuzdyk.
rules-togyz-end-1 = The game ends when a player has 82 stones or more in their kazan. When the player to move has no stone in their houses, or a position comes up for the third time, the game ends and each player puts the stones left on their own side into their kazan.
rules-togyz-end-2 = The player with more stones wins; 81 each is a draw.

rules-sides = The player who moves from the first row is called South, the other North. In the diagrams South's row is at the bottom and North's at the top; in a game, your own row is at the bottom.
rules-first-mover = Who moves first is drawn at random when the game starts, unless the challenge names a side.
rules-score = A win scores 1 point, a draw ½ to each player and a loss 0. Resigning or running out of time loses the game.
