// seedpost: registers the service worker (notifications, the offline page) on every
// page, and on the notifications settings page turns "Notify me on this device" into
// a working control. Everything else on that page is plain forms.
(function () {
  'use strict';

  if (!('serviceWorker' in navigator)) { return; }
  var ready = navigator.serviceWorker.register('/sw.js', { scope: '/' });

  var control = document.getElementById('push-device');
  if (!control) { return; }
  var status = document.getElementById('push-status');
  var say = function (text) { if (status) { status.textContent = text; } };
  // What to say comes translated in the button's data attributes (data-asking...).
  var words = function (name) { return control.getAttribute('data-' + name) || ''; };

  if (!('PushManager' in window) || !('Notification' in window)) {
    say(words('unsupported'));
    return;
  }

  // The server's key, base64url, as the bytes pushManager.subscribe takes.
  function bytes(base64url) {
    var padded = (base64url + '===='.slice(base64url.length % 4)).replace(/-/g, '+').replace(/_/g, '/');
    var raw = atob(padded);
    var out = new Uint8Array(raw.length);
    for (var i = 0; i < raw.length; i++) { out[i] = raw.charCodeAt(i); }
    return out;
  }

  function subscribe() {
    return Notification.requestPermission().then(function (permission) {
      if (permission !== 'granted') { throw new Error(words('blocked')); }
      return ready;
    }).then(function (registration) {
      return navigator.serviceWorker.ready.then(function () { return registration; });
    }).then(function (registration) {
      return registration.pushManager.subscribe({
        userVisibleOnly: true,
        applicationServerKey: bytes(control.getAttribute('data-key'))
      });
    }).then(function (subscription) {
      var form = new FormData();
      form.append('csrf', control.getAttribute('data-csrf'));
      form.append('subscription', JSON.stringify(subscription.toJSON()));
      return fetch('/settings/notifications/devices', { method: 'POST', body: new URLSearchParams(form), credentials: 'same-origin' });
    }).then(function (response) {
      if (!response.ok) { throw new Error(words('refused')); }
      window.location.reload();
    });
  }

  control.hidden = false;
  control.addEventListener('click', function () {
    control.disabled = true;
    say(words('asking'));
    subscribe().catch(function (e) {
      say(e && e.message ? e.message : words('failed'));
      control.disabled = false;
    });
  });
}());
