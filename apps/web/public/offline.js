// The offline page's 重试 (offline.html): loads the page that was asked for again. It also does so by
// itself when the device reports that the network is back.
(function () {
  'use strict';
  function retry() {
    const button = document.getElementById('offline-retry');
    if (button) {
      button.disabled = true;
      button.textContent = '正在重试…';
    }
    window.location.reload();
  }
  document.getElementById('offline-retry').addEventListener('click', retry);
  window.addEventListener('online', retry);
})();
