/* global self, URLPattern */
// Imported by the service worker (vite.config.ts, workbox importScripts). The API never goes through
// the worker: its fetch handler only serves the app's own files, yet each request to /api waited for
// it (started, and free of the page's other requests) before going to the network, 10-40 ms for the
// start-up refresh on a reload. Where the browser has static routes (Chromium 123 and later), /api
// goes straight to the network; elsewhere the worker passes it on as before.
self.addEventListener('install', function (event) {
  if (!event.addRoutes) return;
  event.waitUntil(
    event.addRoutes({ condition: { urlPattern: new URLPattern({ pathname: '/api/*' }) }, source: 'network' }).catch(function () {})
  );
});
