/**
 * A small offline stand-in for Shopify's App Bridge script (cdn.shopify.com/shopifycloud/app-bridge.js),
 * which these machines cannot reach. It does what the app relies on:
 * - `window.shopify.idToken()` returns the session token the admin gave the page (`id_token`),
 * - same-origin `fetch` calls carry `Authorization: Bearer <token>`, as the real script adds,
 * - the library's bounce page (`/auth/session-token`) is answered by reloading with a token,
 * - `shopify.toast.show()` shows a visible, screen-reader-announced message.
 * Served by the Shopify twin (admin-server.ts); an offline app's APP_BRIDGE_URL names it, production never does.
 */
export const APP_BRIDGE_STAND_IN_SOURCE = String.raw`(function () {
  var STORAGE_KEY = "offline-app-bridge:id_token";
  var params = new URLSearchParams(window.location.search);
  var fromUrl = params.get("id_token");
  if (fromUrl) window.sessionStorage.setItem(STORAGE_KEY, fromUrl);
  var token = function () { return window.sessionStorage.getItem(STORAGE_KEY) || ""; };

  if (window.location.pathname === "/auth/session-token") {
    var reload = params.get("shopify-reload");
    if (reload) {
      var target = new URL(reload, window.location.origin);
      if (target.origin === window.location.origin) {
        target.searchParams.set("id_token", token());
        window.location.replace(target.toString());
      }
    }
    return;
  }

  // The admin draws the app's navigation and title bar itself; offline, a plain bar stands in.
  var style = document.createElement("style");
  style.textContent =
    "ui-nav-menu{display:flex;gap:20px;padding:10px 20px;background:#1a1a1a;font:14px system-ui,sans-serif}" +
    "ui-nav-menu a{color:#fff;text-decoration:none}ui-nav-menu a:hover,ui-nav-menu a:focus{text-decoration:underline}" +
    "ui-title-bar,ui-save-bar,ui-modal{display:none}";
  document.head.appendChild(style);

  var originalFetch = window.fetch.bind(window);
  window.fetch = function (input, init) {
    var request = new Request(input, init);
    if (new URL(request.url).origin === window.location.origin && !request.headers.has("Authorization")) {
      request.headers.set("Authorization", "Bearer " + token());
    }
    return originalFetch(request);
  };

  function toastRegion() {
    var region = document.getElementById("offline-app-bridge-toasts");
    if (!region) {
      region = document.createElement("div");
      region.id = "offline-app-bridge-toasts";
      region.setAttribute("role", "status");
      region.setAttribute("aria-live", "polite");
      region.style.cssText = "position:fixed;bottom:16px;left:50%;transform:translateX(-50%);z-index:99999";
      document.body.appendChild(region);
    }
    return region;
  }

  var script = document.currentScript;
  window.shopify = {
    config: {
      apiKey: script ? script.getAttribute("data-api-key") : "",
      shop: params.get("shop") || "",
      host: params.get("host") || "",
      locale: "en",
    },
    environment: { embedded: true, mobile: false, pos: false },
    idToken: function () { return Promise.resolve(token()); },
    loading: function () {},
    toast: {
      show: function (message, options) {
        var el = document.createElement("div");
        el.className = "offline-app-bridge-toast" + (options && options.isError ? " is-error" : "");
        el.textContent = message;
        el.style.cssText = "background:#303030;color:#fff;padding:8px 16px;border-radius:8px;margin-top:8px";
        toastRegion().appendChild(el);
        setTimeout(function () { el.remove(); }, (options && options.duration) || 5000);
        return "toast-" + Date.now();
      },
      hide: function () {},
    },
    modal: { show: function () {}, hide: function () {}, toggle: function () {} },
    saveBar: { show: function () {}, hide: function () {}, toggle: function () {} },
  };
})();`;
