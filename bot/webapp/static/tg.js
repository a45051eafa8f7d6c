/* The little of telegram-web-app.js this page needs, written here (no script from the network):
   the signed initData, the user's language and the theme, read from the URL fragment Telegram
   opens the page with (#tgWebAppData=...&tgWebAppThemeParams=...), or from window.Telegram.WebApp
   when the official script is present; theme changes from the client; "ready" and "expand";
   t.me links opened by the client itself (web_app_open_tg_link), not in a browser. */
(function () {
  'use strict';
  var official = window.Telegram && window.Telegram.WebApp;
  var params = new URLSearchParams(location.hash.slice(1));
  var initData = (official && official.initData) || params.get('tgWebAppData') || '';
  try {
    if (initData) sessionStorage.setItem('tgWebAppData', initData);
    else initData = sessionStorage.getItem('tgWebAppData') || '';
  } catch (e) { /* storage may be off: the fragment is enough */ }

  function applyTheme(theme) {
    if (!theme) return;
    var root = document.documentElement;
    Object.keys(theme).forEach(function (key) {
      root.style.setProperty('--tg-theme-' + key.replace(/_/g, '-'), theme[key]);
    });
    root.classList.add('tg-themed');
  }
  var theme = official && official.themeParams;
  if (!theme) {
    try { theme = JSON.parse(params.get('tgWebAppThemeParams') || 'null'); } catch (e) { theme = null; }
  }
  applyTheme(theme);

  function postEvent(type, data) {
    var json = JSON.stringify(data || {});
    try {
      if (window.TelegramWebviewProxy) window.TelegramWebviewProxy.postEvent(type, json);
      else if (window.external && 'notify' in window.external) {
        window.external.notify(JSON.stringify({ eventType: type, eventData: data || {} }));
      } else if (window.parent !== window) {
        window.parent.postMessage(JSON.stringify({ eventType: type, eventData: data || {} }), '*');
      }
    } catch (e) { /* outside Telegram: nobody to tell */ }
  }
  function receive(type, data) {
    if (type === 'theme_changed' && data) applyTheme(data.theme_params);
  }
  window.Telegram = window.Telegram || {};
  window.Telegram.WebView = window.Telegram.WebView || { receiveEvent: receive };
  window.addEventListener('message', function (event) {
    try { var m = JSON.parse(event.data); receive(m.eventType, m.eventData); } catch (e) { /* not ours */ }
  });

  function inTelegram() {
    return Boolean(window.TelegramWebviewProxy || (window.external && 'notify' in window.external) ||
      window.parent !== window);
  }
  /* A https://t.me/... link, opened by Telegram (true), or left to the browser (false). */
  function openTelegramLink(url) {
    if (official && official.openTelegramLink) { official.openTelegramLink(url); return true; }
    if (!inTelegram()) return false;
    var link = new URL(url);
    postEvent('web_app_open_tg_link', { path_full: link.pathname + link.search });
    return true;
  }

  var user = null;
  try { user = JSON.parse(new URLSearchParams(initData).get('user') || 'null'); } catch (e) { user = null; }
  window.MiniApp = {
    initData: initData,
    language: (user && user.language_code) || navigator.language || '',
    ready: function () { postEvent('web_app_ready'); postEvent('web_app_expand'); },
    openTelegramLink: openTelegramLink
  };
})();
