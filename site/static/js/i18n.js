/* lawdesk UI languages. Pages are written in English; every UI text carries its message key
   (data-i18n, data-i18n-placeholder, data-i18n-aria-label, data-i18n-title) and is replaced here
   with textContent / setAttribute only. Law texts are never touched. The choice is remembered
   (localStorage), and the catalogue is kept beside it so a page is translated before it shows. */
(function () {
  "use strict";
  var KEY = "lawdesk.lang";
  var CACHE = "lawdesk.messages";
  var ATTRS = ["placeholder", "aria-label", "title"];
  var html = document.documentElement;
  var root = html.getAttribute("data-root") || "";
  var version = html.getAttribute("data-version") || "";
  var select = document.getElementById("ui-lang");
  var codes = select ? Array.prototype.map.call(select.options, function (o) { return o.value; }) : ["en"];
  var messages = null;

  function read(key) {
    try { return window.localStorage.getItem(key); } catch (e) { return null; }
  }
  function write(key, value) {
    try { window.localStorage.setItem(key, value); } catch (e) { /* private mode: not remembered */ }
  }

  function preferred() {
    var saved = read(KEY);
    if (saved && codes.indexOf(saved) >= 0) return saved;
    var wanted = navigator.languages || [navigator.language || "en"];
    for (var i = 0; i < wanted.length; i++) {
      var tag = String(wanted[i]);
      if (codes.indexOf(tag) >= 0) return tag;
      var base = tag.split("-")[0];
      if (base === "sr") return /latn/i.test(tag) ? "sr-Latn" : "sr-Cyrl";
      if (codes.indexOf(base) >= 0) return base;
    }
    return "en";
  }

  var lang = preferred();

  function format(text, args) {
    return text.replace(/\{([a-z_]+)\}/g, function (m, name) {
      return args && Object.prototype.hasOwnProperty.call(args, name) ? String(args[name]) : m;
    });
  }

  function t(key, args) {
    var text = messages && Object.prototype.hasOwnProperty.call(messages, key) ? messages[key] : key;
    return format(text, args);
  }

  function apply(scope) {
    if (!messages) return;
    var base = scope || document;
    base.querySelectorAll("[data-i18n]").forEach(function (el) {
      var key = el.getAttribute("data-i18n");
      if (!Object.prototype.hasOwnProperty.call(messages, key)) return;
      var args = null;
      try { args = JSON.parse(el.getAttribute("data-i18n-args") || "null"); } catch (e) { args = null; }
      el.textContent = format(messages[key], args);
      el.setAttribute("lang", lang);
    });
    ATTRS.forEach(function (attr) {
      base.querySelectorAll("[data-i18n-" + attr + "]").forEach(function (el) {
        var key = el.getAttribute("data-i18n-" + attr);
        if (Object.prototype.hasOwnProperty.call(messages, key)) el.setAttribute(attr, messages[key]);
      });
    });
    html.setAttribute("lang", lang);
    if (select) select.value = lang;
  }

  function cached(code) {
    try {
      var entry = JSON.parse(read(CACHE) || "null");
      if (entry && entry.lang === code && entry.version === version) return entry.messages;
    } catch (e) { /* a damaged entry is simply reloaded */ }
    return null;
  }

  function load(code) {
    var hit = cached(code);
    if (hit) return Promise.resolve(hit);
    return fetch(root + "static/i18n/" + code + ".json")
      .then(function (r) { if (!r.ok) throw new Error(r.status); return r.json(); })
      .then(function (data) {
        write(CACHE, JSON.stringify({ lang: code, version: version, messages: data }));
        return data;
      });
  }

  function use(code) {
    return load(code).then(function (data) {
      lang = code;
      messages = data;
      apply();
      document.dispatchEvent(new CustomEvent("lawdesk:language", { detail: code }));
      return data;
    });
  }

  // translate at once when the catalogue is at hand, so the page never flashes in English
  var early = cached(lang);
  if (early) { messages = early; apply(); }
  var ready = early ? Promise.resolve(early) : use(lang).catch(function () {
    lang = "en";
    return use("en");
  });

  if (select) {
    select.value = lang;
    select.addEventListener("change", function () {
      var code = select.value;
      if (codes.indexOf(code) < 0) return;
      write(KEY, code);
      use(code);
    });
  }

  window.LawdeskI18n = {
    ready: ready,
    t: t,
    apply: apply,
    lang: function () { return lang; },
  };
})();
