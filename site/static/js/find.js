/* The search page. The query comes from the URL and is only ever set as an input's value or
   a text node. Citations jump straight to their paragraph; words are answered by the API's
   /api/search when it answers quickly with site locations, else by the search engine shipped
   with the site (LawdeskSearch, which works offline). */
(function () {
  "use strict";
  var html = document.documentElement;
  var root = html.getAttribute("data-root") || "";
  var I = window.LawdeskI18n;
  var API_TIMEOUT = 1500; // ms: a phone with no signal must not wait for the server
  var LIMIT = 20;
  var SAFE_PATH = /^[A-Za-z0-9._~\/-]*$/;

  var params = new URLSearchParams(location.search);
  var q = (params.get("q") || "").trim().slice(0, 200);
  var doc = params.get("doc") || "";
  var input = document.getElementById("find-q");
  var docs = document.getElementById("find-doc");
  var status = document.getElementById("find-status");
  var list = document.getElementById("results");
  input.value = q;
  var known = Array.prototype.some.call(docs.options, function (o) { return o.value === doc; });
  if (!known) doc = "";
  docs.value = doc;

  function href(url) {
    if (!url || typeof url.path !== "string" || !SAFE_PATH.test(url.path)) return null;
    return root + url.path + (url.anchor ? "#" + encodeURIComponent(url.anchor) : "");
  }

  function snippet(text) {
    // the matched words come in [brackets]: marked, the rest plain text
    var p = document.createElement("p");
    p.className = "snip";
    String(text || "").split(/\[([^\]]*)\]/).forEach(function (part, i) {
      if (i % 2) {
        var m = document.createElement("mark");
        m.textContent = part;
        p.appendChild(m);
      } else if (part) {
        p.appendChild(document.createTextNode(part));
      }
    });
    return p;
  }

  function show(results, corrected) {
    list.replaceChildren();
    results.forEach(function (r) {
      var link = href(r.url);
      if (!link) return;
      var li = document.createElement("li");
      var a = document.createElement("a");
      a.className = "hit";
      a.href = link;
      a.textContent = r.id + (r.title ? " — " + r.title : "");
      li.appendChild(a);
      li.appendChild(snippet(r.snippet));
      list.appendChild(li);
    });
    status.textContent = list.children.length ? I.t("search.results", { n: list.children.length }) : I.t("search.none");
    if (corrected && corrected.length) {
      // the words the search read as typos of others ("psychci" -> psychic), as text only
      var words = corrected.map(function (c) { return String(c.typed) + " → " + String(c.read); });
      status.textContent += " — " + I.t("search.read", { words: words.join(", ") });
    }
  }

  function fromApi() {
    if (!navigator.onLine || !window.AbortController) return Promise.resolve(null);
    var ctrl = new AbortController();
    var timer = setTimeout(function () { ctrl.abort(); }, API_TIMEOUT);
    var url = root + "api/search?limit=" + LIMIT + "&q=" + encodeURIComponent(q) +
      (doc ? "&doc=" + encodeURIComponent(doc) : "");
    return fetch(url, { signal: ctrl.signal, headers: { Accept: "application/json" } })
      .then(function (r) { return r.ok ? r.json() : null; })
      .then(function (body) {
        var results = body && Array.isArray(body.results) ? body.results : null;
        // only answers that say where each result is on the site can be linked
        if (!results || !results.every(function (r) { return href(r.url); })) return null;
        return { results: results, corrected: Array.isArray(body.corrected) ? body.corrected : [] };
      })
      .catch(function () { return null; })
      .finally(function () { clearTimeout(timer); });
  }

  function run() {
    if (!q) {
      input.focus();
      return;
    }
    var engine = window.LawdeskSearch;
    var local = engine
      ? (status.textContent = I.t("search.loading"), engine.load(new URL(root, location.href).href))
      : Promise.reject(new Error("no search engine in this build"));
    local.then(function () {
      var jump = engine.cite(q);
      var target = jump && href(jump.url);
      if (target) {
        status.textContent = I.t("search.jump", { cite: jump.id });
        location.replace(target);
        return;
      }
      return fromApi().then(function (remote) {
        if (remote) show(remote.results, remote.corrected);
        else show(engine.search(q, { limit: LIMIT, doc: doc || undefined }), engine.corrected ? engine.corrected(q) : []);
      });
    }, function () {
      return fromApi().then(function (remote) {
        if (remote) show(remote.results, remote.corrected);
        else status.textContent = I.t("search.unavailable");
      });
    });
  }

  I.ready.then(run);
})();
