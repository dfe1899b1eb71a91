// seedpost's service worker: shows the push notifications the server sends (one per
// game: a newer one replaces the older by its tag), opens the game when one is
// tapped, and shows the offline page when a page cannot be loaded.
'use strict';

var OFFLINE = '/offline';
var CACHE = 'seedpost-offline-v1';

self.addEventListener('install', function (event) {
  event.waitUntil(caches.open(CACHE).then(function (cache) { return cache.add(OFFLINE); }));
  self.skipWaiting();
});

self.addEventListener('activate', function (event) {
  event.waitUntil(self.clients.claim());
});

self.addEventListener('fetch', function (event) {
  if (event.request.mode !== 'navigate') { return; }
  event.respondWith(fetch(event.request).catch(function () {
    return caches.match(OFFLINE);
  }));
});

self.addEventListener('push', function (event) {
  var data = {};
  try { data = event.data ? event.data.json() : {}; } catch (e) { data = {}; }
  var title = data.title || 'seedpost';
  event.waitUntil(self.registration.showNotification(title, {
    body: data.body || '',
    tag: data.tag || 'seedpost',
    renotify: true,
    icon: '/static/icon-192.png',
    badge: '/static/icon-192.png',
    data: { url: data.url || '/' }
  }));
});

self.addEventListener('notificationclick', function (event) {
  event.notification.close();
  var url = new URL((event.notification.data && event.notification.data.url) || '/', self.location.origin).href;
  event.waitUntil(self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(function (windows) {
    for (var i = 0; i < windows.length; i++) {
      if (windows[i].url === url && 'focus' in windows[i]) { return windows[i].focus(); }
    }
    return self.clients.openWindow(url);
  }));
});
