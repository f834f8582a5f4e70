/**
 * A small offline stand-in for Shopify's App Bridge script (cdn.shopify.com/shopifycloud/app-bridge.js),
 * which these machines cannot reach. It does what the app relies on:
 * - `window.shopify.idToken()` returns the session token the admin gave the page (`id_token`),
 * - same-origin `fetch` calls carry `Authorization: Bearer <token>`, as the real script adds,
 * - the library's bounce page (`/auth/session-token`) is answered by reloading with a token,
 * - `shopify.toast.show()` shows a visible, screen-reader-announced message,
 * - `<ui-modal>` (App Bridge React's Modal) opens as a dialog: its title bar's title as the heading,
 *   the React content in its body and its title bar's buttons as the dialog's buttons (a click on
 *   one clicks the app's own button); Escape or "Close" hides it and fires "hide", as the admin does.
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

  // The admin draws modals outside the app's frame; offline, a dialog in the page stands in.
  if (window.customElements && !window.customElements.get("ui-modal")) {
    var modalCount = 0;
    var UiModal = function () {
      var self = Reflect.construct(HTMLElement, [], UiModal);
      self.content = document.createElement("div");
      self.content.style.cssText = "max-height:60vh;overflow:auto";
      self._dialog = null;
      self._observer = null;
      return self;
    };
    UiModal.prototype = Object.create(HTMLElement.prototype);
    UiModal.prototype.constructor = UiModal;
    Object.setPrototypeOf(UiModal, HTMLElement);
    UiModal.prototype._titleBar = function () {
      for (var i = 0; i < this.children.length; i++) if (this.children[i].localName === "ui-title-bar") return this.children[i];
      return null;
    };
    UiModal.prototype._drawButtons = function (footer, heading) {
      var bar = this._titleBar();
      heading.textContent = (bar && bar.getAttribute("title")) || "";
      footer.textContent = "";
      var buttons = bar ? bar.querySelectorAll("button") : [];
      var self = this;
      buttons.forEach(function (original) {
        var copy = document.createElement("button");
        copy.type = "button";
        copy.textContent = original.textContent;
        copy.disabled = original.disabled || original.hasAttribute("loading");
        if (original.hasAttribute("loading")) copy.setAttribute("aria-busy", "true");
        var primary = original.getAttribute("variant") === "primary";
        var critical = original.getAttribute("tone") === "critical";
        copy.style.cssText = "padding:6px 12px;border-radius:8px;border:1px solid #8a8a8a;font:inherit;cursor:pointer;" +
          (primary ? (critical ? "background:#c70a24;color:#fff;border-color:#c70a24" : "background:#303030;color:#fff") : "background:#fff");
        copy.addEventListener("click", function () { original.click(); });
        footer.appendChild(copy);
      });
      var close = document.createElement("button");
      close.type = "button";
      close.textContent = "Close";
      close.setAttribute("aria-label", "Close");
      close.style.cssText = "margin-inline-start:auto;order:-1;background:none;border:0;font:inherit;text-decoration:underline;cursor:pointer";
      close.addEventListener("click", function () { self.hide(); });
      footer.appendChild(close);
    };
    UiModal.prototype.show = function () {
      if (this._dialog) return;
      var self = this;
      var id = "offline-ui-modal-" + ++modalCount;
      var overlay = document.createElement("div");
      overlay.style.cssText = "position:fixed;inset:0;background:rgba(0,0,0,.5);z-index:99998;display:flex;align-items:center;justify-content:center;padding:16px";
      var dialog = document.createElement("div");
      dialog.setAttribute("role", "dialog");
      dialog.setAttribute("aria-modal", "true");
      dialog.setAttribute("aria-labelledby", id);
      dialog.style.cssText = "background:#fff;border-radius:12px;width:min(620px,100%);font:14px system-ui,sans-serif;box-shadow:0 8px 32px rgba(0,0,0,.3)";
      var heading = document.createElement("h2");
      heading.id = id;
      heading.style.cssText = "margin:0;padding:16px;font-size:16px;border-bottom:1px solid #e3e3e3";
      var footer = document.createElement("div");
      footer.style.cssText = "display:flex;gap:8px;justify-content:flex-end;padding:12px 16px;border-top:1px solid #e3e3e3";
      dialog.appendChild(heading);
      dialog.appendChild(this.content);
      dialog.appendChild(footer);
      overlay.appendChild(dialog);
      overlay.addEventListener("keydown", function (event) { if (event.key === "Escape") self.hide(); });
      document.body.appendChild(overlay);
      this._dialog = overlay;
      this._drawButtons(footer, heading);
      this._observer = new MutationObserver(function () { self._drawButtons(footer, heading); });
      this._observer.observe(this, { subtree: true, childList: true, attributes: true, characterData: true });
      var focusable = this.content.querySelector("input,textarea,select,button");
      if (focusable) focusable.focus();
      this.dispatchEvent(new Event("show"));
    };
    UiModal.prototype.hide = function () {
      if (!this._dialog) return;
      this._observer.disconnect();
      this._dialog.remove();
      this._dialog = null;
      this.dispatchEvent(new Event("hide"));
    };
    UiModal.prototype.toggle = function () { if (this._dialog) this.hide(); else this.show(); };
    Object.defineProperty(UiModal.prototype, "open", { get: function () { return this._dialog !== null; } });
    window.customElements.define("ui-modal", UiModal);
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
    modal: {
      show: function (id) { var el = document.getElementById(id); if (el && el.show) el.show(); return Promise.resolve(); },
      hide: function (id) { var el = document.getElementById(id); if (el && el.hide) el.hide(); return Promise.resolve(); },
      toggle: function (id) { var el = document.getElementById(id); if (el && el.toggle) el.toggle(); return Promise.resolve(); },
    },
    saveBar: { show: function () {}, hide: function () {}, toggle: function () {} },
  };
})();`;
