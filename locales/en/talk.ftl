# The game page's note box, chat, the block buttons and the games file (issue 36).
note-title = Your note
note-private = Only you ever read this note.
note-save = Save note
note-saved-at = Saved { $at }
chat-title = Chat
chat-empty = No messages yet.
chat-say = Your message
chat-send = Send
chat-report = Report
chat-off-server = The chat is off on this server.
chat-off-mine = You turned the chat off in your play settings.
chat-off-opponent = Your opponent does not chat.
chat-blocked = You cannot chat with this player.
play-chat = Chat with my opponents
play-chat-hint = Off: nobody chats with you, and your games show no chat.
player-block = Block
player-unblock = Unblock
player-blocked = You blocked this player: they cannot challenge you or chat with you.
player-games-file = Download all games
# Why a form was refused.
refused-blocked = You cannot play or chat with this player: one of you blocked the other
refused-chat-off = The chat is off for this game
refused-muted = The operator stopped your chat for a while
refused-invalid-chat-line = A message has 1 to 500 characters on one line
refused-note-too-long = A note holds at most 4,000 characters
refused-own-line = You cannot report your own message
refused-self-block = You cannot block yourself
