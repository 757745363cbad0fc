/* The calculator page: binds the forms to LawdeskScoring and writes results with textContent. */
(function () {
  "use strict";
  var S = window.LawdeskScoring;
  var I = window.LawdeskI18n;
  var data = JSON.parse(document.getElementById("scoring-data").textContent);
  var SUITS = { C: "♣", D: "♦", H: "♥", S: "♠" };
  var PARTS = ["trick_score", "overtricks", "game_or_partscore", "slam", "insult", "undertricks"];

  function el(tag, text, cls) {
    var e = document.createElement(tag);
    e.textContent = text;
    if (cls) e.className = cls;
    return e;
  }

  /* run `update` on every change of `form` (and on submit, which never leaves the page) */
  function bind(form, event, update) {
    form.addEventListener(event, update);
    form.addEventListener("submit", function (e) { e.preventDefault(); update(); });
    return update;
  }

  function scoreForm() {
    var f = document.getElementById("score-form");
    var out = document.getElementById("score-out");
    var list = document.getElementById("score-parts");
    function update() {
      var contract = f.level.value + f.strain.value + f.dbl.value;
      var vul = f.vul.value === "v";
      var tricks = Number(f.tricks.value);
      var parts = S.score(data, contract, vul, tricks);
      var need = Number(f.level.value) + 6;
      var name = f.level.value + (SUITS[f.strain.value] || I.t("strain.NT")) + f.dbl.value;
      var outcome = tricks >= need ? I.t("calc.made", { n: tricks - need }) : I.t("calc.down", { n: need - tricks });
      out.textContent = name + ": " + parts.total + " (" + outcome + ")";
      list.replaceChildren();
      PARTS.forEach(function (key) {
        if (!parts[key]) return;
        var label = key === "game_or_partscore"
          ? (parts[key] > data.bonus.partscore ? "part.game" : "part.partscore")
          : "part." + key;
        list.appendChild(el("li", I.t(label) + ": " + (key === "undertricks" ? -parts[key] : parts[key])));
      });
    }
    return bind(f, "change", update);
  }

  function number(text) {
    var clean = String(text).trim().replace(/\u2212/g, "-");
    return /^-?\d+(\.\d+)?$/.test(clean) ? Number(clean) : NaN;
  }

  function impForm() {
    var f = document.getElementById("imp-form");
    var out = document.getElementById("imp-out");
    function update() {
      var diff = number(f.diff.value);
      out.classList.toggle("error", isNaN(diff));
      out.textContent = isNaN(diff) ? I.t("calc.bad_number") : I.t("calc.imps_result", { n: S.imps(data, diff) });
    }
    return bind(f, "input", update);
  }

  function mpForm() {
    var f = document.getElementById("mp-form");
    var out = document.getElementById("mp-out");
    var body = document.querySelector("#mp-table tbody");
    function update() {
      var words = f.scores.value.split(/[\s,;]+/).filter(Boolean);
      var scores = words.map(number);
      body.replaceChildren();
      var bad = scores.some(isNaN);
      if (bad || scores.length < 2) {
        out.classList.add("error");
        out.textContent = bad ? I.t("calc.bad_number") : I.t("calc.mp_need_two");
        return;
      }
      out.classList.remove("error");
      out.textContent = I.t("calc.mp_top", { top: 2 * (scores.length - 1) });
      var mps = S.matchpoints(scores);
      var pcts = S.percentages(scores);
      scores.forEach(function (s, i) {
        var row = document.createElement("tr");
        row.appendChild(el("td", String(s)));
        row.appendChild(el("td", String(mps[i])));
        row.appendChild(el("td", pcts[i].toFixed(2)));
        body.appendChild(row);
      });
    }
    return bind(f, "input", update);
  }

  I.ready.then(function () {
    var updates = [scoreForm(), impForm(), mpForm()];
    function all() { updates.forEach(function (u) { u(); }); }
    document.addEventListener("lawdesk:language", all);
    all();
  });
})();
