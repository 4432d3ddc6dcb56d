// Loaded by index.html (deferred, outside the app's bundle so it costs the first load nothing):
// 1. registers the service worker (sw.js, built by vite-plugin-pwa: it keeps the app's files and shows
//    offline.html when the app cannot be loaded) once the page has loaded, so that it does not compete
//    with the app's own start;
// 2. keeps Chromium's install offer (beforeinstallprompt) for the /app page's 安装 button, instead of the
//    browser's own banner over the hall: window.__installPrompt, announced by an 'installpromptchange'
//    event on window (src/features/content/install.ts reads both).
(function () {
  'use strict';
  window.addEventListener('beforeinstallprompt', function (event) {
    event.preventDefault();
    window.__installPrompt = event;
    window.dispatchEvent(new Event('installpromptchange'));
  });
  window.addEventListener('appinstalled', function () {
    window.__installPrompt = null;
    window.dispatchEvent(new Event('installpromptchange'));
  });
  if (!('serviceWorker' in navigator)) return;
  function register() {
    navigator.serviceWorker.register('./sw.js', { scope: './' }).catch(function () {
      // No service worker (e.g. a private window that refuses it): the app works as a plain page.
    });
  }
  if (document.readyState === 'complete') register();
  else window.addEventListener('load', register);
})();
