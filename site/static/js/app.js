/* lawdesk pages: offline (service worker), tap-to-copy citations, the OCR toggle and the
   side-by-side view. Text from the URL (query, hash) is only compared, never inserted; other
   pages' nodes are cloned as DOM nodes from this site's own pages. */
(function () {
  "use strict";
  var html = document.documentElement;
  var root = html.getAttribute("data-root") || "";
  var I = window.LawdeskI18n;

  function say(key, args) {
    var toast = document.getElementById("toast");
    if (!toast) return;
    I.ready.then(function () {
      toast.textContent = I.t(key, args);
      toast.classList.add("show");
      clearTimeout(say.timer);
      say.timer = setTimeout(function () { toast.classList.remove("show"); }, 2600);
    });
  }

  /* offline: the service worker precaches the whole site on the first visit */
  function offlineStatus(key) {
    var el = document.getElementById("offline-status");
    if (!el) return;
    el.setAttribute("data-i18n", key);
    I.ready.then(function () { el.textContent = I.t(key); });
  }
  if ("serviceWorker" in navigator && /^https?:$/.test(location.protocol)) {
    offlineStatus(navigator.serviceWorker.controller ? "offline.ready" : "offline.saving");
    navigator.serviceWorker.register(root + "sw.js").then(function () {
      return navigator.serviceWorker.ready;
    }).then(function () {
      offlineStatus("offline.ready");
    }).catch(function () { /* no offline copy: the site still works online */ });
  }

  /* a tap on a paragraph number copies its citation and deep link */
  function legacyCopy(text) {
    var area = document.createElement("textarea");
    area.value = text;
    area.setAttribute("readonly", "");
    area.style.position = "fixed";
    area.style.opacity = "0";
    document.body.appendChild(area);
    area.select();
    var ok = false;
    try { ok = document.execCommand("copy"); } catch (e) { ok = false; }
    area.remove();
    return ok;
  }
  function copy(text) {
    if (navigator.clipboard && window.isSecureContext) {
      return navigator.clipboard.writeText(text).then(function () { return true; }, function () {
        return legacyCopy(text);
      });
    }
    return Promise.resolve(legacyCopy(text));
  }
  document.addEventListener("click", function (event) {
    var num = event.target.closest && event.target.closest("a.num[data-cite]");
    if (!num) return;
    var cite = num.getAttribute("data-cite");
    var link = new URL(num.getAttribute("href"), location.href).href;
    copy(cite + " " + link).then(function (ok) {
      say(ok ? "toast.copied" : "toast.copy_failed", { cite: cite });
    });
  });

  var article = document.querySelector("article.law");
  if (!article) return;

  /* Polish pages: the repaired text or the OCR original as the source has it */
  var ocr = document.getElementById("ocr-toggle");
  if (ocr) {
    ocr.addEventListener("click", function () {
      var on = document.body.classList.toggle("ocr-original");
      ocr.setAttribute("aria-pressed", on ? "true" : "false");
      var label = ocr.querySelector("[data-i18n]");
      label.setAttribute("data-i18n", on ? "law.ocr_repaired" : "law.ocr_toggle");
      I.ready.then(function () { I.apply(ocr); });
    });
  }

  /* side by side: under each node, the same provision in another document, cloned from that
     document's own page (cached offline like every page) */
  var buttons = Array.prototype.slice.call(document.querySelectorAll(".sbs-btn"));
  var pages = {};

  function page(url) {
    if (!pages[url]) {
      pages[url] = fetch(url).then(function (r) {
        if (!r.ok) throw new Error(url + " " + r.status);
        return r.text();
      }).then(function (text) {
        return new DOMParser().parseFromString(text, "text/html");
      });
    }
    return pages[url];
  }

  function pairFor(link, other, pageUrl) {
    var hash = new URL(link.getAttribute("href"), location.href).hash;
    var target = hash ? other.getElementById(decodeURIComponent(hash.slice(1))) : other.querySelector("[data-law]");
    var own = target && target.querySelector(":scope > .own");
    if (!own) return null;
    var clone = document.importNode(own, true);
    clone.querySelectorAll("[id]").forEach(function (el) { el.removeAttribute("id"); });
    clone.querySelectorAll("[href]").forEach(function (el) {
      el.setAttribute("href", new URL(el.getAttribute("href"), pageUrl).href);
    });
    var box = document.createElement("div");
    box.className = "sbs-pair";
    var lang = other.querySelector("article") && other.querySelector("article").getAttribute("lang");
    if (lang) box.setAttribute("lang", lang);
    var head = document.createElement("div");
    head.className = "sbs-doc";
    var a = document.createElement("a");
    a.href = link.href;
    a.textContent = link.textContent;
    head.appendChild(a);
    var rel = link.parentNode.querySelector(".rel");
    if (rel) head.appendChild(document.createTextNode(" · " + rel.textContent));
    box.appendChild(head);
    box.appendChild(clone);
    return box;
  }

  function clearPairs() {
    article.querySelectorAll(".sbs-row").forEach(function (row) {
      row.before(row.querySelector(":scope > .own"));
      row.remove();
    });
    article.classList.remove("sbs");
    article.removeAttribute("data-sbs");
    buttons.forEach(function (b) { b.setAttribute("aria-pressed", "false"); });
  }

  function sideBySide(doc, button) {
    clearPairs();
    var url = new URL(location.href);
    if (!doc) {
      url.searchParams.delete("vs");
      history.replaceState(null, "", url.href);
      return Promise.resolve();
    }
    button.setAttribute("aria-pressed", "true");
    url.searchParams.set("vs", doc);
    history.replaceState(null, "", url.href);
    say("law.sbs_loading", { doc: doc });
    var jobs = [];
    article.querySelectorAll(".n").forEach(function (node) {
      var own = node.querySelector(":scope > .own");
      node.querySelectorAll(":scope > .meta a.par").forEach(function (link) {
        if (link.getAttribute("data-doc") !== doc) return;
        var pageUrl = new URL(link.getAttribute("href"), location.href);
        pageUrl.hash = "";
        jobs.push(page(pageUrl.href).then(function (other) {
          return { own: own, box: pairFor(link, other, pageUrl.href) };
        }));
      });
    });
    return Promise.all(jobs).then(function (pairs) {
      // each node's own text and its counterparts in one row: two columns on a wide screen
      var sides = new Map();
      pairs.forEach(function (p) {
        if (!p.box) return;
        if (!sides.has(p.own)) {
          var row = document.createElement("div");
          row.className = "sbs-row";
          var side = document.createElement("div");
          side.className = "sbs-side";
          p.own.before(row);
          row.appendChild(p.own);
          row.appendChild(side);
          sides.set(p.own, side);
        }
        sides.get(p.own).appendChild(p.box);
      });
      article.classList.add("sbs");
      article.setAttribute("data-sbs", doc);
      document.getElementById("toast").classList.remove("show");
    }).catch(function () {
      clearPairs();
      say("law.sbs_failed", { doc: doc });
    });
  }

  buttons.forEach(function (button) {
    button.addEventListener("click", function () {
      var on = button.getAttribute("aria-pressed") === "true";
      sideBySide(on ? null : button.getAttribute("data-doc"), button);
    });
  });
  var wanted = new URL(location.href).searchParams.get("vs");
  buttons.forEach(function (button) {
    if (wanted && button.getAttribute("data-doc") === wanted) sideBySide(wanted, button);
  });
})();
