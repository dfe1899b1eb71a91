// seedpost: progressive enhancement. Everything works without it: moves are plain
// forms and a reload shows the opponent's move. With it, on every page, times are
// shown in the reader's time zone and the count of what waits for the reader (games
// where it is their move, challenges to answer: header and tab title) follows live,
// as do the home page's lists; on the game page the board follows the game live
// (Server-Sent Events), moves are sent without a page load, each new move is sown pit
// by pit on the board before the new position is shown (under a second; not with
// reduced motion or the play setting off) and said once in the page's aria-live
// region, and N opens the next game waiting.
(function () {
  'use strict';

  // Times: the server writes UTC; show them in the reader's own time zone.
  function localTimes(root) {
    if (!window.Intl) { return; }
    Array.prototype.forEach.call(root.querySelectorAll('time.local[datetime]'), function (el) {
      var at = new Date(el.getAttribute('datetime'));
      if (isNaN(at.getTime())) { return; }
      // In the page's language, with Western digits in all (docs/languages.md).
      el.textContent = at.toLocaleString(document.documentElement.lang || undefined, {
        year: 'numeric', month: 'short', day: 'numeric', hour: '2-digit', minute: '2-digit', timeZoneName: 'short',
        numberingSystem: 'latn'
      });
      el.setAttribute('title', el.getAttribute('datetime'));
    });
  }
  window.seedpostLocalTimes = localTimes;
  localTimes(document);

  // `url` asked in the page's own language (its <html lang>): what a live update
  // fetches speaks the language of the page it goes into, not the account's (a page
  // opened with ?lang=en by an account set to Turkish stays English).
  function inPageLanguage(url) {
    var lang = document.documentElement.lang;
    if (!lang || !url || /[?&]lang=/.test(url)) { return url; }
    return url + (url.indexOf('?') < 0 ? '?' : '&') + 'lang=' + encodeURIComponent(lang);
  }
  window.seedpostInPageLanguage = inPageLanguage;

  // `url` as this page's own address would have it: with the `lang=` the page was
  // opened with, and with none when it was opened without one (what a live update
  // fetched in the page's language names is not the reader's choice). Stepping
  // through a game replaces the address with it.
  function keptLanguage(url) {
    if (!url) { return url; }
    var hash = url.indexOf('#');
    var tail = hash < 0 ? '' : url.slice(hash);
    var head = hash < 0 ? url : url.slice(0, hash);
    var q = head.indexOf('?');
    var path = q < 0 ? head : head.slice(0, q);
    var pairs = q < 0 ? [] : head.slice(q + 1).split('&').filter(function (p) { return p && p.indexOf('lang=') !== 0; });
    var asked = /[?&]lang=([^&#]*)/.exec(window.location.search);
    if (asked) { pairs.push('lang=' + asked[1]); }
    return path + (pairs.length ? '?' + pairs.join('&') : '') + tail;
  }
  window.seedpostKeptLanguage = keptLanguage;

  // A part of a page fetched by a live update, asked in the page's language, names
  // that language in its links and forms: give them this page's own address's
  // instead (none when the page was opened without one).
  function keepLanguageIn(root) {
    if (!root) { return; }
    root.querySelectorAll('a[href^="/"], form[action^="/"]').forEach(function (el) {
      var attr = el.tagName === 'FORM' ? 'action' : 'href';
      el.setAttribute(attr, keptLanguage(el.getAttribute(attr)));
    });
  }
  window.seedpostKeepLanguageIn = keepLanguageIn;

  // The tokens page: a new token is shown once, in a box that can be selected; the
  // Copy button (hidden without a script) puts it on the clipboard, and says so.
  var copy = document.getElementById('copy-secret');
  var secret = document.getElementById('new-secret');
  if (copy && secret) {
    var copyStatus = document.getElementById('copy-status');
    var tell = function (text) { if (copyStatus) { copyStatus.textContent = text; } };
    copy.hidden = false;
    secret.addEventListener('focus', function () { secret.select(); });
    copy.addEventListener('click', function () {
      secret.focus();
      secret.select();
      var copied = function () { tell(copy.getAttribute('data-copied')); };
      var failed = function () { tell(copy.getAttribute('data-failed')); };
      if (navigator.clipboard && navigator.clipboard.writeText) {
        navigator.clipboard.writeText(secret.value).then(copied, failed);
      } else {
        try { if (document.execCommand('copy')) { copied(); } else { failed(); } } catch (e) { failed(); }
      }
    });
  }

  // The new-tournament form: the start typed is read in the browser's own time zone.
  // The zone menu (what the form offers without a script) is set to the browser's
  // offset from UTC on the date typed (summer time included) and hidden; a line says
  // which zone that is.
  var startsAt = document.getElementById('starts-at');
  var zoneMenu = document.getElementById('zone');
  var zoneChoice = document.getElementById('zone-choice');
  var browserZone = document.getElementById('browser-zone');
  if (startsAt && zoneMenu && zoneChoice && browserZone) {
    var offsetOf = function (value) {
      // A date-and-time field's value is read by Date as local time.
      var at = value ? new Date(value) : new Date();
      if (isNaN(at.getTime())) { at = new Date(); }
      var minutes = -at.getTimezoneOffset();
      var sign = minutes < 0 ? '-' : '+';
      var abs = Math.abs(minutes);
      var pad = function (n) { return (n < 10 ? '0' : '') + n; };
      return sign + pad(Math.floor(abs / 60)) + ':' + pad(abs % 60);
    };
    var name = '';
    try { name = Intl.DateTimeFormat().resolvedOptions().timeZone || ''; } catch (e) { name = ''; }
    var follow = function () {
      var offset = offsetOf(startsAt.value);
      var known = Array.prototype.some.call(zoneMenu.options, function (o) { return o.value === offset; });
      // An offset the menu does not offer: the reader chooses in the menu.
      if (!known) { zoneChoice.hidden = false; browserZone.hidden = true; return; }
      zoneMenu.value = offset;
      zoneChoice.hidden = true;
      var utc = 'UTC' + offset.replace('-', '\u2212');
      browserZone.textContent = browserZone.getAttribute('data-text').replace('{zone}', name ? name + ' (' + utc + ')' : utc);
      browserZone.hidden = false;
    };
    startsAt.addEventListener('change', follow);
    startsAt.addEventListener('input', follow);
    startsAt.form.addEventListener('submit', follow);
    follow();
  }

  // The count of games waiting for the reader's move, live, where the page names a
  // stream for it (data-live). The stream is closed when the page is left (pagehide)
  // and opened again if the page comes back from the back-forward cache, so that
  // pages opened one after another do not hold connections.
  var link = document.getElementById('your-games');
  var badge = document.getElementById('turns');
  if (!link || !badge || !link.hasAttribute('data-live') || !window.EventSource || !window.fetch) { return; }
  var busy = false;
  function refreshHome() {
    if (busy) { return; }
    busy = true;
    // Told by the stream (the primary's notice): read the primary, not a replica behind it.
    fetch(inPageLanguage('/'), { headers: { Accept: 'text/html', 'Seedpost-Read': 'primary' }, credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        var next = html && new DOMParser().parseFromString(html, 'text/html').getElementById('home-live');
        var current = document.getElementById('home-live');
        if (next && current) { keepLanguageIn(next); current.replaceWith(next); localTimes(next); }
      })
      .catch(function () {})
      .then(function () { busy = false; });
  }
  var source = null;
  function open() {
    if (source) { return; }
    source = new EventSource(inPageLanguage(link.getAttribute('data-live')));
    // A line of a chat of the reader's games: for the game page's chat (chat.js).
    source.addEventListener('line', function (event) {
      document.dispatchEvent(new CustomEvent('seedpost:chat-line', { detail: event.data }));
    });
    source.addEventListener('changed', function (event) {
      var data;
      try { data = JSON.parse(event.data); } catch (e) { return; }
      // Everything waiting: turns and challenges to answer.
      var n = parseInt(data.waiting, 10) || 0;
      badge.textContent = String(n);
      badge.hidden = n === 0;
      if (data.label) { badge.setAttribute('aria-label', data.label); }
      document.title = (n > 0 ? '(' + n + ') ' : '') + document.title.replace(/^\(\d+\) /, '');
      if (document.getElementById('home-live')) { refreshHome(); }
    });
  }
  window.addEventListener('pagehide', function () {
    if (source) { source.close(); source = null; }
  });
  window.addEventListener('pageshow', function (event) {
    if (event.persisted) { open(); }
  });
  open();
}());

(function () {
  'use strict';

  var live = function () { return document.getElementById('live'); };
  if (!live() || !window.fetch || !window.DOMParser) { return; }
  var inPageLanguage = window.seedpostInPageLanguage;
  var keptLanguage = window.seedpostKeptLanguage;

  var announce = document.getElementById('announce');
  var stream = null;
  var loading = false;
  var again = false;

  // Whether keyboard focus is on the board (a pit, or the board itself).
  function onBoard(el) {
    return !!(el && el.closest && el.closest('#board'));
  }

  // The summaries (li.ply-summary) of `section` after ply `since`, oldest first.
  function summariesAfter(section, since) {
    return Array.prototype.filter.call(section.querySelectorAll('li.ply-summary'), function (li) {
      return parseInt(li.getAttribute('data-ply'), 10) > since;
    });
  }

  // Says the moves after ply `since` of `section`, with `more` words after them.
  function say(section, since, more) {
    if (!announce) { return; }
    var words = summariesAfter(section, since).map(function (li) { return li.textContent.trim(); });
    announce.textContent = words.concat(more || []).join(' ');
  }

  // The sowing animation: each new ply's stones dropped hole by hole on the board
  // shown (the position before them), then its captures; in all about a second.
  var animating = false;
  var waiting = null;
  var reduced = window.matchMedia && window.matchMedia('(prefers-reduced-motion: reduce)').matches;

  function hole(board, token) {
    var store = /^store-(south|north)$/.exec(token);
    if (store) { return board.querySelector('.store.' + store[1]); }
    var pit = /^(south|north)-(\d)$/.exec(token);
    return pit && board.querySelector('.pit[data-side=' + pit[1] + '][data-pit="' + pit[2] + '"]');
  }
  function count(el, delta) {
    var badge = el.querySelector('.count');
    var n = Math.max(0, (parseInt(badge && badge.textContent, 10) || 0) + delta);
    if (badge) { badge.textContent = String(n); }
    var svg = el.querySelector('svg');
    if (!svg) { return; }
    var stones = svg.querySelectorAll('.stone');
    var store = el.classList.contains('store');
    for (var i = stones.length; i < n; i += 1) {
      var c = document.createElementNS('http://www.w3.org/2000/svg', 'circle');
      var a = i * 2.4;
      var d = Math.min(55, 12 * Math.sqrt(i));
      c.setAttribute('class', 'stone t' + (i % 4));
      c.setAttribute('cx', String(Math.round((store ? 50 : 100) + (store ? d / 2 : d) * Math.cos(a))));
      c.setAttribute('cy', String(Math.round((store ? 150 : 100) + (store ? 2 * d : d) * Math.sin(a))));
      c.setAttribute('r', store ? '12' : '18');
      svg.appendChild(c);
    }
    for (var j = stones.length - 1; j >= n; j -= 1) { stones[j].remove(); }
  }
  function land(el) {
    Array.prototype.forEach.call(el.ownerDocument.querySelectorAll('.landing'), function (x) { x.classList.remove('landing'); });
    el.classList.add('landing');
  }
  function sow(board, plies, done) {
    var steps = [];
    plies.forEach(function (li) {
      var from = hole(board, li.getAttribute('data-side') + '-' + li.getAttribute('data-pit'));
      var path = (li.getAttribute('data-path') || '').split(' ').filter(Boolean);
      if (!from || !path.length) { return; }
      steps.push(function () { count(from, -path.length); land(from); });
      path.forEach(function (token) {
        steps.push(function () { var el = hole(board, token); if (el) { count(el, 1); land(el); } });
      });
      steps.push(function () {
        (li.getAttribute('data-captures') || '').split(' ').filter(Boolean).forEach(function (c) {
          var part = c.split(':');
          var pit = hole(board, part[0]);
          var store = hole(board, 'store-' + part[2]);
          var n = parseInt(part[1], 10) || 0;
          if (pit) { count(pit, -n); pit.classList.add('captured'); }
          if (store) { count(store, n); }
        });
      });
    });
    var delay = Math.max(25, Math.min(140, Math.floor(950 / Math.max(1, steps.length))));
    var i = 0;
    (function next() {
      if (i >= steps.length) { done(); return; }
      try { steps[i](); } catch (e) { i = steps.length; }
      i += 1;
      window.setTimeout(next, delay);
    }());
  }

  // Puts the #live section of `html` (a whole page or the fragment) in place, after
  // sowing the plies it adds to the live position shown. Focus on the board stays
  // on the board: on the same pit if it is still offered, else on the first pit
  // offered, else on the board itself. `pit` names the pit a move was just sent from
  // (its button lost focus when it was disabled).
  function replace(html, pit) {
    if (animating) { waiting = [html, pit]; return true; }
    var doc = new DOMParser().parseFromString(html, 'text/html');
    var next = doc.getElementById('live');
    var current = live();
    if (!next || !current) { return false; }
    var since = parseInt(current.getAttribute('data-shown-ply'), 10);
    var isLive = function (el) { return !el.hasAttribute('data-step'); };
    var fresh = isLive(current) && isLive(next) ? summariesAfter(next, since) : [];
    var board = current.querySelector('#board');
    var contiguous = fresh.length > 0 && parseInt(fresh[0].getAttribute('data-ply'), 10) === since + 1;
    if (contiguous && board && !reduced && !next.hasAttribute('data-still')) {
      animating = true;
      sow(board, fresh, function () {
        animating = false;
        swap(next, pit, fresh.length ? since : null);
        if (waiting) { var w = waiting; waiting = null; replace(w[0], w[1]); }
      });
      return true;
    }
    // The same position again (a live notice racing the move's answer): said already.
    var same = ['data-ply', 'data-shown-ply'].every(function (a) {
      return current.getAttribute(a) === next.getAttribute(a);
    });
    swap(next, pit, fresh.length ? since : same ? -1 : null);
    return true;
  }

  // Puts `next` in place of the #live section; says its moves after ply `since`.
  function swap(next, pit, since) {
    var current = live();
    if (!current) { return; }
    var focused = document.activeElement;
    var keep = pit || onBoard(focused);
    var refocus = pit || (focused && focused.matches && focused.matches('button.pit') ? focused.value : null);
    if (window.seedpostKeepLanguageIn) { window.seedpostKeepLanguageIn(next); }
    current.replaceWith(next);
    if (window.seedpostLocalTimes) { window.seedpostLocalTimes(next); }
    var words = ['#notice', '#status', '#extra-move', '#repeat-warning']
      .map(function (css) { var el = next.querySelector(css); return el ? el.textContent.trim() : ''; })
      .filter(function (text) { return text; });
    if (since === null || isNaN(since)) {
      if (announce) { announce.textContent = words.join(' '); }
    } else if (since >= 0) {
      say(next, since, words);
    }
    if (keep) {
      var target = (refocus && next.querySelector('button.pit[value="' + refocus + '"]')) ||
        next.querySelector('button.pit') || next.querySelector('#board');
      if (target) { target.focus(); }
    }
    if (!next.hasAttribute('data-ongoing')) {
      if (stream) { stream.close(); stream = null; }
      loadAnalysis();
    }
  }

  // On load, the moves the page sums up are said once.
  window.setTimeout(function () {
    var el = live();
    if (el && !el.hasAttribute('data-step') && announce && !announce.textContent) { say(el, 0); }
  }, 400);

  // The analysis of a finished game: put in place when ready, without a reload (the
  // server waits a while for it; while it is still being prepared, ask again).
  var analysing = false;
  var analysisTries = 0;
  function loadAnalysis() {
    var slot = document.getElementById('analysis-slot');
    if (!slot || analysing || slot.querySelector('#analysis') || analysisTries > 30) { return; }
    analysing = true;
    analysisTries += 1;
    fetch(inPageLanguage(slot.getAttribute('data-src')), { headers: { Accept: 'text/html' }, credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) {
        var next = html && new DOMParser().parseFromString(html, 'text/html').getElementById('analysis-slot');
        var current = document.getElementById('analysis-slot');
        if (next && current) { window.seedpostKeepLanguageIn(next); current.replaceWith(next); }
        return next && next.hasAttribute('data-pending');
      })
      .catch(function () { return true; })
      .then(function (again) {
        analysing = false;
        if (again) { window.setTimeout(loadAnalysis, 2000); }
      });
  }
  var slot = document.getElementById('analysis-slot');
  if (slot && slot.hasAttribute('data-pending')) { loadAnalysis(); }

  // Stepping through the game (the links of the move list, Previous and Next, and the
  // arrow keys): the page at `href` replaces the board without a page load.
  function step(href) {
    fetch(inPageLanguage(href), { headers: { Accept: 'text/html' }, credentials: 'same-origin' })
      .then(function (r) { if (!r.ok) { throw new Error('no page'); } return r.text(); })
      .then(function (html) {
        if (!replace(html)) { throw new Error('no board'); }
        if (window.history && history.replaceState) { history.replaceState(null, '', keptLanguage(href)); }
      })
      .catch(function () { window.location.href = keptLanguage(href); });
  }

  document.addEventListener('click', function (event) {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) { return; }
    var link = event.target.closest && event.target.closest('#live a[rel=prev], #live a[rel=next], #live .moves a, #live #back-to-live');
    if (!link) { return; }
    event.preventDefault();
    step(link.getAttribute('href'));
  });

  document.addEventListener('keydown', function (event) {
    if (event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) { return; }
    var t = event.target;
    if (t && t.matches && t.matches('input, textarea, select, [contenteditable]')) { return; }
    if (event.key === 'n' || event.key === 'N') {
      var nextGame = document.getElementById('next-game');
      if (nextGame) { event.preventDefault(); window.location.href = nextGame.getAttribute('href'); }
      return;
    }
    var rel = event.key === 'ArrowLeft' ? 'prev' : event.key === 'ArrowRight' ? 'next' : null;
    var link = rel && document.querySelector('#live a[rel=' + rel + ']');
    if (!link) { return; }
    event.preventDefault();
    step(link.getAttribute('href'));
  });

  function refresh() {
    var el = live();
    if (!el) { return; }
    if (loading) { again = true; return; }
    loading = true;
    fetch(inPageLanguage(el.getAttribute('data-fragment')), { headers: { Accept: 'text/html', 'Seedpost-Read': 'primary' }, credentials: 'same-origin' })
      .then(function (r) { return r.ok ? r.text() : null; })
      .then(function (html) { if (html) { replace(html); } })
      .catch(function () {})
      .then(function () {
        loading = false;
        if (again) { again = false; refresh(); }
      });
  }

  // The pit `button` chosen, waiting for its confirmation; none with `button` null.
  function select(form, button) {
    Array.prototype.forEach.call(form.querySelectorAll('button.pit'), function (b) {
      b.classList.toggle('selected', b === button);
      if (b === button) { b.setAttribute('aria-pressed', 'true'); } else { b.removeAttribute('aria-pressed'); }
    });
    var bar = form.querySelector('#confirm-move');
    if (!bar) { return; }
    bar.hidden = !button;
    if (!button) { return; }
    var question = bar.querySelector('#confirm-question');
    if (question) {
      var text = button.classList.contains('repeats') ? 'data-text-repeats' : 'data-text';
      question.textContent = question.getAttribute(text).replace('#', button.value);
    }
    var play = bar.querySelector('#confirm-play');
    if (play) { play.value = button.value; }
    if (announce && question) { announce.textContent = question.textContent; }
  }

  document.addEventListener('click', function (event) {
    var cancel = event.target.closest && event.target.closest('#confirm-cancel');
    var form = cancel && cancel.closest('form.move');
    if (!form) { return; }
    event.preventDefault();
    select(form, null);
  });

  // Moves: send the form with fetch and show the answer (the game page, or the page
  // with the reason a move was refused). On any failure, fall back to a normal post.
  document.addEventListener('submit', function (event) {
    var form = event.target;
    if (!form.matches || !form.matches('form.move')) { return; }
    var button = event.submitter;
    if (!button || !button.name) { return; }
    event.preventDefault();
    // Confirming each move (play settings): a first tap selects the pit; a second
    // tap on it, or Confirm, plays it.
    if (form.hasAttribute('data-confirm') && button.name === 'pit' && !button.classList.contains('selected')) {
      select(form, button);
      return;
    }
    var body = new URLSearchParams(new FormData(form));
    body.delete('confirm');
    body.set(button.name, button.value);
    form.classList.add('sending');
    Array.prototype.forEach.call(form.querySelectorAll('button'), function (b) { b.disabled = true; });
    fetch(inPageLanguage(form.action), {
      method: 'POST',
      body: body,
      headers: { Accept: 'text/html' },
      credentials: 'same-origin'
    })
      .then(function (r) { return r.text(); })
      .then(function (html) { if (!replace(html, button.value)) { throw new Error('no board'); } })
      .catch(function () {
        Array.prototype.forEach.call(form.querySelectorAll('button'), function (b) { b.disabled = false; });
        var ask = form.querySelector('input[name=confirm]');
        if (ask) { ask.remove(); }
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
      // While an earlier position is shown, the player is reading: leave it.
      if (el && el.hasAttribute('data-step')) { return; }
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
