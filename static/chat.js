// The game page's chat, live: each new line of the game's chat (a `line` event of the
// player's own stream, /live, passed on by app.js as a `seedpost:chat-line` event) is
// added as text, never as markup; the form sends without reloading the page. Without JavaScript the form posts and the
// page shows the chat again.
(function () {
  'use strict';
  var box = document.getElementById('chat');
  if (!box || !window.EventSource || !window.fetch) { return; }
  var list = document.getElementById('chat-lines');
  var form = document.getElementById('chat-form');
  var game = box.getAttribute('data-game');
  var gameAction = function (id) { return '/games/' + game + '/chat/' + id + '/report'; };
  function add(line) {
    if (document.getElementById('line-' + line.id)) { return; }
    var li = document.createElement('li');
    li.id = 'line-' + line.id;
    li.className = 'chat-line' + (line.mine ? ' mine' : '');
    var who = document.createElement('span');
    who.className = 'who';
    who.textContent = line.username;
    var text = document.createElement('span');
    text.className = 'text';
    text.textContent = line.text;
    var at = document.createElement('time');
    at.className = 'hint';
    at.textContent = line.at;
    li.appendChild(who);
    li.appendChild(document.createTextNode(' '));
    li.appendChild(text);
    li.appendChild(document.createTextNode(' '));
    li.appendChild(at);
    if (!line.mine) {
      var report = document.createElement('form');
      report.method = 'post';
      report.className = 'inline';
      report.action = gameAction(line.id);
      var csrf = document.createElement('input');
      csrf.type = 'hidden';
      csrf.name = 'csrf';
      csrf.value = box.getAttribute('data-csrf');
      var button = document.createElement('button');
      button.type = 'submit';
      button.className = 'link';
      button.textContent = box.getAttribute('data-report');
      report.appendChild(csrf);
      report.appendChild(button);
      li.appendChild(document.createTextNode(' '));
      li.appendChild(report);
    }
    list.appendChild(li);
    var empty = document.getElementById('chat-empty');
    if (empty) { empty.remove(); }
  }
  document.addEventListener('seedpost:chat-line', function (e) {
    var line;
    try { line = JSON.parse(e.detail); } catch (_) { return; /* a line that does not read is left out */ }
    if (line.game_id === game) { add(line); }
  });
  if (form) {
    form.addEventListener('submit', function (e) {
      e.preventDefault();
      var input = document.getElementById('chat-text');
      var body = new URLSearchParams(new FormData(form));
      fetch(form.action, { method: 'POST', body: body, credentials: 'same-origin', redirect: 'manual' })
        .then(function (r) {
          if (r.type === 'opaqueredirect' || r.ok) { input.value = ''; } else { form.submit(); }
        })
        .catch(function () { form.submit(); });
    });
  }
}());
