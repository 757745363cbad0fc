/* The ruling pages. Every step is a static page whose answers are links, so the trees work
   offline without this script. Here: the page title in the UI language and, where the API
   answers (POST api/rulings/{tree}, a short timeout), a form for the dealer and the auction.
   The facts the server computes from it skip the questions they answer: the page jumps to
   the site's own page of the server's next question or ruling (listed in states.json), and
   later answers go through the server with the same auction until it is forgotten.
   Nothing from the server or the URL is inserted as HTML: text nodes only. */
(function () {
  "use strict";
  var root = document.documentElement.getAttribute("data-root") || "";
  var I = window.LawdeskI18n;
  var step = document.querySelector("article.step");
  if (!step) return;
  var TIMEOUT = 1500; // ms: a phone with no signal must not wait for the server
  var SAFE_PATH = /^[A-Za-z0-9._~\/-]*$/;
  var tree = step.getAttribute("data-tree");
  var edition = step.getAttribute("data-edition");
  var fact = step.getAttribute("data-fact");
  var pageFacts = parse(step.getAttribute("data-facts")) || {};
  var STORE = "lawdesk.record." + tree + "." + edition;
  var form = document.getElementById("record-form");
  var status = form ? form.querySelector(".form-status") : document.getElementById("filled-status");

  function parse(text) {
    try { return JSON.parse(text); } catch (e) { return null; }
  }

  /* the trees' texts are in en, sr, hr, sk, pl, ru, and sr-Cyrl: the UI code, else its
     language (sr-Latn reads sr) */
  function treeLangs() {
    return [I.lang(), I.lang().split("-")[0], "en"];
  }
  function pick(texts) {
    var found = treeLangs().filter(function (l) { return texts && texts[l]; })[0];
    return found ? texts[found] : "";
  }

  function retitle() {
    var h1 = treeLangs().map(function (l) {
      return step.querySelector("h1 .tl[lang='" + l + "']");
    }).filter(Boolean)[0];
    if (h1) document.title = h1.textContent + " · " + edition + " · lawdesk";
  }

  /* the auction, remembered for this tree and edition while the tab is open */
  function stored() {
    try { return parse(window.sessionStorage.getItem(STORE)); } catch (e) { return null; }
  }
  function store(record) {
    try {
      if (record) window.sessionStorage.setItem(STORE, JSON.stringify(record));
      else window.sessionStorage.removeItem(STORE);
    } catch (e) { /* private mode: the auction is not remembered */ }
  }

  function post(facts) {
    if (!window.AbortController || !window.fetch) return Promise.reject(new Error("no fetch"));
    var ctrl = new AbortController();
    var timer = setTimeout(function () { ctrl.abort(); }, TIMEOUT);
    return fetch(root + "api/rulings/" + encodeURIComponent(tree), {
      method: "POST",
      signal: ctrl.signal,
      headers: { "Content-Type": "application/json", Accept: "application/json" },
      body: JSON.stringify({ edition: edition, facts: facts }),
    }).then(function (r) {
      return r.json().then(function (body) {
        if (!body || typeof body !== "object") throw new Error("not the API");
        return { ok: r.ok, body: body };
      });
    }).finally(function () { clearTimeout(timer); });
  }

  var states = null;
  function loadStates() {
    states = states || fetch(step.getAttribute("data-states")).then(function (r) {
      if (!r.ok) throw new Error(r.status);
      return r.json();
    });
    return states;
  }

  function same(a, b) {
    return JSON.stringify(a) === JSON.stringify(b);
  }

  /* the site's page for the server's answer: the state at its node whose facts it knows */
  function pageFor(data, answer) {
    var question = answer.status === "question";
    var node = question ? answer.node : answer.leaf;
    var best = null;
    data.states.forEach(function (s) {
      if (s.node !== node || (question ? s.fact !== answer.fact : !s.leaf)) return;
      var keys = Object.keys(s.facts);
      var fits = keys.every(function (k) { return same(s.facts[k], answer.facts[k]); });
      if (fits && (!best || keys.length > Object.keys(best.facts).length)) best = s;
    });
    return best && SAFE_PATH.test(best.path) ? best : null;
  }

  /* what the auction answered: the facts the server knows that this tree asks */
  function filledIn(data, answer, sent) {
    var out = [];
    Object.keys(data.facts).forEach(function (key) {
      if (!Object.prototype.hasOwnProperty.call(answer.facts, key) || key in sent) return;
      var asked = data.facts[key];
      var label = asked.answers[JSON.stringify(answer.facts[key])];
      if (label) out.push({ question: asked.question, answer: label });
    });
    return out;
  }

  function say(key, args) {
    if (!status) return;
    status.setAttribute("data-i18n", key);
    status.setAttribute("data-i18n-args", JSON.stringify(args || {}));
    status.textContent = I.t(key, args);
  }

  function showFilled() {
    var box = document.getElementById("filled");
    var record = stored();
    if (!box) return;
    box.hidden = !record;
    if (!record) return;
    document.getElementById("filled-head").textContent =
      I.t("rulings.filled", { dealer: record.dealer, calls: record.auction.join(" ") });
    var list = document.getElementById("filled-list");
    list.replaceChildren();
    (record.filled || []).forEach(function (f) {
      var li = document.createElement("li");
      li.textContent = pick(f.question) + " " + pick(f.answer);
      list.appendChild(li);
    });
  }

  /* ask the server with the auction and jump to the page of its answer; false when it could
     not, so the caller falls back on the static page */
  function ask(facts, record) {
    var sent = Object.assign({}, facts, { dealer: record.dealer, auction: record.auction });
    return post(sent).then(function (reply) {
      if (!reply.ok) {
        var error = reply.body.error || {};
        say("rulings.form_error", { message: String(error.message || "") });
        return true;
      }
      return loadStates().then(function (data) {
        var target = pageFor(data, reply.body);
        if (!target) {
          say("rulings.form_lost");
          return false;
        }
        record.filled = filledIn(data, reply.body, facts);
        store(record);
        location.assign(root + target.path);
        return true;
      });
    });
  }

  function calls(text) {
    return String(text || "").trim().split(/[\s,;]+/).filter(Boolean).slice(0, 100);
  }

  if (form) {
    var record = stored();
    if (record) {
      form.elements.dealer.value = record.dealer;
      form.elements.calls.value = record.auction.join(" ");
    }
    form.addEventListener("submit", function (event) {
      event.preventDefault();
      var auction = calls(form.elements.calls.value);
      if (!auction.length) {
        say("rulings.form_empty");
        return;
      }
      say("rulings.form_working");
      ask(pageFacts, { dealer: form.elements.dealer.value, auction: auction }).catch(function () {
        say("rulings.form_failed");
      });
    });
    // offered only where the server answers
    post({}).then(function (reply) {
      if (reply.ok && (reply.body.status === "question" || reply.body.status === "ruling")) form.hidden = false;
    }).catch(function () { /* no API: the questions are the way */ });
  }

  /* with a remembered auction, an answer goes through the server (its link if that fails) */
  step.addEventListener("click", function (event) {
    var link = event.target.closest && event.target.closest("a.ans");
    var record = stored();
    if (!link || !record || !fact) return;
    var value = parse(link.getAttribute("data-value"));
    event.preventDefault();
    var facts = Object.assign({}, pageFacts);
    facts[fact] = value;
    ask(facts, record).then(function (done) {
      if (!done) location.assign(link.href);
    }, function () {
      location.assign(link.href);
    });
  });

  var clear = document.getElementById("filled-clear");
  if (clear) {
    clear.addEventListener("click", function () {
      store(null);
      showFilled();
    });
  }

  I.ready.then(function () {
    retitle();
    showFilled();
  });
  document.addEventListener("lawdesk:language", function () {
    retitle();
    showFilled();
  });
})();
