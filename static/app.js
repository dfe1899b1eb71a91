// seedpost: progressive enhancement of the game page. Everything works without it:
// moves are plain forms and a reload shows the opponent's move. With it, the board
// follows the game live (Server-Sent Events) and moves are sent without a page load.
(function () {
  'use strict';

  var live = function () { return document.getElementById('live'); };
  if (!live() || !window.fetch || !window.DOMParser) { return; }

  var announce = document.getElementById('announce');
  var stream = null;
  var loading = false;
  var again = false;

  // Puts the #live section of `html` (a whole page or the fragment) in place.
  function replace(html) {
    var doc = new DOMParser().parseFromString(html, 'text/html');
    var next = doc.getElementById('live');
    var current = live();
    if (!next || !current) { return false; }
    var focused = document.activeElement;
    var refocus = focused && focused.matches && focused.matches('button.pit') ? focused.value : null;
    current.replaceWith(next);
    var status = next.querySelector('#status');
    if (announce && status) { announce.textContent = status.textContent; }
    if (refocus) {
      var target = next.querySelector('button.pit[value="' + refocus + '"]') || next.querySelector('button.pit');
      if (target) { target.focus(); }
    }
    if (!next.hasAttribute('data-ongoing') && stream) { stream.close(); stream = null; }
    return true;
  }

  function refresh() {
    var el = live();
    if (!el) { return; }
    if (loading) { again = true; return; }
    loading = true;
    fetch(el.getAttribute('data-fragment'), { headers: { Accept: 'text/html' }, credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html) { replace(html); } })
      .catch(function () {})
      .then(function () {
        loading = false;
        if (again) { again = false; refresh(); }
      });
  }

  // Moves: send the form with fetch and show the answer (the game page, or the page
  // with the reason a move was refused). On any failure, fall back to a normal post.
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!form.matches || !form.matches('form.move')) { return; }
    var button = event.submitter;
    if (!button || !button.name) { return; }
    event.preventDefault();
    var body = new URLSearchParams(new FormData(form));
    body.set(button.name, button.value);
    form.classList.add('sending');
    Array.prototype.forEach.call(form.querySelectorAll('button'), function (b) { b.disabled = true; });
    fetch(form.action, {
      method: 'POST',
      body: body,
      headers: { Accept: 'text/html' },
      credentials: 'same-origin'
    })
      .then(function (r) { return r.text(); })
      .then(function (html) { if (!replace(html)) { throw new Error('no board'); } })
      .catch(function () {
        Array.prototype.forEach.call(form.querySelectorAll('button'), function (b) { b.disabled = false; });
        var hidden = document.createElement('input');
        hidden.type = 'hidden';
        hidden.name = button.name;
        hidden.value = button.value;
        form.appendChild(hidden);
        form.submit();
      });
  });

  // Live updates: the server says the game changed; fetch the new board unless it
  // is the one shown.
  if (window.EventSource && live().hasAttribute('data-ongoing')) {
    stream = new EventSource(live().getAttribute('data-stream'));
    stream.addEventListener('changed', function (event) {
      var el = live();
      if (!el || event.data !== el.getAttribute('data-ply')) { refresh(); }
    });
    // After a reconnection, changes may have been missed.
    var opened = false;
    stream.addEventListener('open', function () {
      if (opened) { refresh(); }
      opened = true;
    });
  }
}());
