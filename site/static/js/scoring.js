/* lawdesk scoring: the Law 77 score, the Law 78B IMPs and the Law 78A matchpoints, computed
   from the tables `lawdesk publish` reads off the rules core (kb.views.rules.scoring_tables).
   Pure functions; loaded by the calculator page and, in the test suite, by node, which checks
   them against kb.rules over every contract, vulnerability and number of tricks. */
(function (global) {
  "use strict";
  var CONTRACT = /^([1-7])(C|D|H|S|NT)(X{0,2})$/;

  function bad(what, value, accepted) {
    return new Error("bad " + what + " " + JSON.stringify(value) + ": expected " + accepted);
  }

  function sum(values) {
    return values.reduce(function (a, b) { return a + b; }, 0);
  }

  /* The declaring side's score and its Law 77 items for `contract` (4SX, 3NT, 7CXX). */
  function score(data, contract, vulnerable, tricks) {
    var m = CONTRACT.exec(String(contract).toUpperCase());
    if (!m) throw bad("contract", contract, "a level 1-7, C D H S or NT, then X or XX (4SX)");
    if (typeof vulnerable !== "boolean") throw bad("vulnerable", vulnerable, "true or false");
    if (!Number.isInteger(tricks) || tricks < 0 || tricks > 13) {
      throw bad("tricks", tricks, "a whole number of tricks from 0 to 13");
    }
    var level = Number(m[1]), strain = m[2], dbl = m[3], v = vulnerable ? "v" : "nv";
    var need = level + 6;
    var parts = { trick_score: 0, overtricks: 0, game_or_partscore: 0, slam: 0, insult: 0, undertricks: 0 };
    if (tricks < need) {
      parts.undertricks = sum(data.undertricks[dbl][v].slice(0, need - tricks));
    } else {
      var t = data.tricks[strain][dbl];
      parts.trick_score = t.first + (level - 1) * t.next;
      parts.overtricks = (tricks - need) * data.overtricks[strain][dbl][v];
      parts.game_or_partscore = parts.trick_score >= data.game_threshold ? data.bonus.game[v] : data.bonus.partscore;
      parts.slam = level === 6 ? data.bonus.small_slam[v] : level === 7 ? data.bonus.grand_slam[v] : 0;
      parts.insult = data.bonus.insult[dbl];
    }
    parts.total = parts.trick_score + parts.overtricks + parts.game_or_partscore + parts.slam +
      parts.insult - parts.undertricks;
    return parts;
  }

  /* IMPs for a points difference (symmetric), from the band edges of Law 78B. */
  function imps(data, diff) {
    if (typeof diff !== "number" || !isFinite(diff)) {
      throw bad("points difference", diff, "a number of points such as 430 or -50");
    }
    var n = data.imp_edges.filter(function (edge) { return Math.abs(diff) >= edge; }).length;
    return diff < 0 ? -n : n;
  }

  /* Matchpoints of each score against the others: 2 a score beaten, 1 a tie (Law 78A). */
  function matchpoints(scores) {
    return scores.map(function (s, i) {
      return sum(scores.map(function (o, j) { return j === i ? 0 : s > o ? 2 : s === o ? 1 : 0; }));
    });
  }

  /* Each score's matchpoints as a percentage of the top, 2(n-1). */
  function percentages(scores) {
    if (scores.length < 2) throw bad("scores", scores, "at least two scores to compare");
    var top = 2 * (scores.length - 1);
    return matchpoints(scores).map(function (mp) { return (100 * mp) / top; });
  }

  var api = { score: score, imps: imps, matchpoints: matchpoints, percentages: percentages };
  if (typeof module !== "undefined" && module.exports) module.exports = api;
  else global.LawdeskScoring = api;
})(this);
