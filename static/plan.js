// The game page's "Plan ahead", with a board: the player plays a line out by tapping
// pits (their reply, then yours, ...). Each tap asks the server for the position after
// the line so far (GET /games/{id}/plan/board?line=...), which the rules engine plays;
// "Save the line" sends it through the same form as a typed line. Without JavaScript
// the form alone is there.
(function () {
  'use strict';
  var slot = document.getElementById('plan-board-slot');
  var form = document.querySelector('#plan form.plan-add');
  if (!slot || !form || !window.fetch) { return; }
  var input = form.querySelector('input[name=line]');
  var title = document.createElement('h3');
  title.textContent = slot.getAttribute('data-title');
  slot.parentNode.insertBefore(title, slot);
  var busy = false;
  function show(line) {
    if (busy) { return; }
    busy = true;
    fetch(slot.getAttribute('data-src') + '?line=' + encodeURIComponent(line), { credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        busy = false;
        var next = html && new DOMParser().parseFromString(html, 'text/html').getElementById('plan-board');
        if (!next) { return; }
        slot.replaceChildren(document.adoptNode(next));
        slot.hidden = false;
      })
      .catch(function () { busy = false; });
  }
  function current() {
    var board = document.getElementById('plan-board');
    return board ? board.getAttribute('data-line') : '';
  }
  function sow(pit) {
    var line = current();
    show(line ? line + ' ' + pit : String(pit));
  }
  slot.addEventListener('click', function (e) {
    var board = document.getElementById('plan-board');
    if (!board) { return; }
    var button = e.target.closest('button');
    if (button && button.classList.contains('plan-pit')) { sow(button.getAttribute('data-pit')); return; }
    if (button && button.classList.contains('plan-undo')) { show(current().split(' ').slice(0, -1).join(' ')); return; }
    if (button && button.classList.contains('plan-save')) {
      input.value = current();
      form.submit();
      return;
    }
    // A tap on a pit of the side to move, among the pits it may sow.
    var pit = e.target.closest('.pit');
    var legal = ' ' + board.getAttribute('data-legal');
    if (pit && pit.getAttribute('data-side') === board.getAttribute('data-mover') &&
        legal.indexOf(' ' + pit.getAttribute('data-pit') + ' ') >= 0) {
      sow(pit.getAttribute('data-pit'));
    }
  });
  show('');
}());
