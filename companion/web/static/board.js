"use strict";
// The board page: everything public, for a TV or a laptop across the room. Its words are W's.
let last = null;
function name(d, p) { return (d.names && d.names[p]) || p; }
function render(d) {
  last = d;
  followLanguage(d.lang, () => render(last));
  const g = d.game;
  $("offline").hidden = !d.offline.length;
  $("offline").textContent = d.offline.map((p) => t("offline", {seat: name(d, p)})).join(" · ");
  if (!g) {
    $("headline").textContent = d.mode === "setup" ? t("setting_up") : t("waiting_table");
    $("deciding").textContent = "";
    drawMap($("map"), null, d.places, null);
    return;
  }
  const rounds = g.rounds.length;
  const ledger = g.page === "ledger";  // a game whose board is not mirrored: scores and who enters
  const where = g.round ? t("round_of", {round: g.round, rounds}) + " · " : "";
  const phase = W[`phase_${g.phase}`] || g.phase;
  $("headline").textContent = g.over ? t("game_over", {name: g.name}) : `${ledger ? g.name + " · " : ""}${where}${phase}`;
  $("map").hidden = ledger;
  $("cards-title").hidden = ledger;
  const dec = g.decision;
  let deciding = "";
  if (dec && dec.waiting.length) {
    deciding = t("deciding", {seats: dec.waiting.map((p) => name(d, p)).join(", "), prompt: dec.prompt});
    if (dec.secret && dec.chosen.length) deciding += " · " + t("chosen", {seats: dec.chosen.map((p) => name(d, p)).join(", ")});
  }
  if (d.note) deciding += (deciding ? " · " : "") + d.note;
  $("deciding").textContent = deciding;
  if (!ledger) drawMap($("map"), g, d.places, null);
  drawScores(d, g, ledger);
  const cards = clear($("cards"));
  for (const c of g.face_up) cards.append(el("li", {}, el("strong", {}, c.title), el("span", {}, c.text)));
  const log = clear($("log"));
  for (const line of g.log.slice(-4)) log.append(el("li", {}, line));
  const a = d.announce;
  $("announce").hidden = !a;
  if (a) {
    $("announce-count").textContent = t("scoring_page", {page: a.page, pages: a.pages});
    $("announce-title").textContent = a.title;
    const lines = clear($("announce-lines"));
    for (const line of a.lines) lines.append(el("li", {}, line));
  }
  $("final").hidden = !(g.over && d.history.length);
  if (g.over) drawChart(d, g, d.history);
}
function drawScores(d, g, ledger) {
  const t_ = clear($("scores"));
  const heads = ledger ? ["", t("col_score"), ""]
    : ["", t("col_score"), t("col_court"), t("col_province"), t("col_cards"), t("col_bid")];
  t_.append(el("tr", {}, ...heads.map((h) => el("th", {}, h))));
  const order = g.turn_order.length ? g.turn_order : g.players;
  const entering = g.decision ? g.decision.waiting : [];
  for (const p of order) {
    const who = el("td", {}, chip(p, name(d, p)), d.paired.includes(p) ? el("span", {class: "phone"}, t("has_phone")) : null);
    const cells = ledger
      ? [g.scores[p], entering.includes(p) ? t("entering") : ""]
      : [g.scores[p], g.court[p], g.province[p], g.hand_counts[p], g.bids[p] ?? ""];
    t_.append(el("tr", {}, who, ...cells.map((v) => el("td", {}, String(v)))));
  }
}
function drawChart(d, g, history) {
  const svg = clear($("chart"));
  const winners = g.winners.map((p) => name(d, p));
  $("winner").textContent = winners.length ? (winners.length > 1 ? t("winners", {names: sayAll(winners)}) : t("winner", {names: winners[0]})) : "";
  const ns = "http://www.w3.org/2000/svg";
  const top = Math.max(1, ...history.flatMap((h) => Object.values(h.totals)));
  const x = (i) => 40 + (820 * i) / Math.max(1, history.length - 1);
  const y = (v) => 400 - (380 * v) / top;
  for (const p of g.players) {
    const line = document.createElementNS(ns, "polyline");
    line.setAttribute("points", history.map((h, i) => `${x(i)},${y(h.totals[p] || 0)}`).join(" "));
    line.setAttribute("fill", "none"); line.setAttribute("stroke", COLOURS[p] || "#777"); line.setAttribute("stroke-width", "6");
    svg.append(line);
  }
}
live("/events", render);
