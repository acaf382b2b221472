"use strict";
// The board page: everything public, for a TV or a laptop across the room.
const PHASES = {bidding: "Bidding", turns: "Turns", scoring: "Scoring"};
function render(d) {
  const g = d.game;
  $("offline").hidden = !d.offline.length;
  $("offline").textContent = d.offline.map((p) => `${p}'s phone is offline`).join(" · ");
  if (!g) {
    $("headline").textContent = d.mode === "setup" ? "Setting up the table…" : "Waiting for the table…";
    $("deciding").textContent = "";
    drawMap($("map"), null, d.places, null);
    return;
  }
  const rounds = g.rounds.length;
  const ledger = g.page === "ledger";  // a game whose board is not mirrored: scores and who enters
  const where = g.round ? `Round ${g.round} of ${rounds} · ` : "";
  $("headline").textContent = g.over ? `${g.name}: game over` : `${ledger ? g.name + " · " : ""}${where}${PHASES[g.phase] || g.phase}`;
  $("map").hidden = ledger;
  $("cards-title").hidden = ledger;
  const dec = g.decision;
  let deciding = "";
  if (dec && dec.waiting.length) {
    deciding = `${dec.waiting.join(", ")}: ${dec.prompt}`;
    if (dec.secret && dec.chosen.length) deciding += ` · chosen: ${dec.chosen.join(", ")}`;
  }
  if (d.note) deciding += (deciding ? " · " : "") + d.note;
  $("deciding").textContent = deciding;
  if (!ledger) drawMap($("map"), g, d.places, null);
  drawScores(g, d.paired, ledger);
  const cards = clear($("cards"));
  for (const c of g.face_up) cards.append(el("li", {}, el("strong", {}, c.title), el("span", {}, c.text)));
  const log = clear($("log"));
  for (const line of g.log.slice(-4)) log.append(el("li", {}, line));
  const a = d.announce;
  $("announce").hidden = !a;
  if (a) {
    $("announce-count").textContent = `Scoring · page ${a.page} of ${a.pages}`;
    $("announce-title").textContent = a.title;
    const lines = clear($("announce-lines"));
    for (const line of a.lines) lines.append(el("li", {}, line));
  }
  $("final").hidden = !(g.over && d.history.length);
  if (g.over) drawChart(g, d.history);
}
function drawScores(g, paired, ledger) {
  const t = clear($("scores"));
  const heads = ledger ? ["", "score", ""] : ["", "score", "court", "province", "cards", "bid"];
  t.append(el("tr", {}, ...heads.map((h) => el("th", {}, h))));
  const order = g.turn_order.length ? g.turn_order : g.players;
  const entering = g.decision ? g.decision.waiting : [];
  for (const p of order) {
    const name = el("td", {}, chip(p, p), paired.includes(p) ? el("span", {class: "phone"}, "phone") : null);
    const cells = ledger
      ? [g.scores[p], entering.includes(p) ? "entering…" : ""]
      : [g.scores[p], g.court[p], g.province[p], g.hand_counts[p], g.bids[p] ?? ""];
    t.append(el("tr", {}, name, ...cells.map((v) => el("td", {}, String(v)))));
  }
}
function drawChart(g, history) {
  const svg = clear($("chart"));
  $("winner").textContent = g.winners.length ? `Winner: ${g.winners.join(" and ")}` : "";
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
