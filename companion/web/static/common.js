"use strict";
// Shared by every page: the colours, small DOM helpers, the stream that reconnects by itself.
const COLOURS = {red: "#d62828", blue: "#1d4ed8", yellow: "#e9c400", green: "#15803d", black: "#222", pink: "#e56bb0"};
const SPOTS = {  // where each area sits on the map, in % of its box (others go on a grid)
  galicia: [3, 6], pais_vasco: [31, 4], aragon: [56, 22], cataluna: [78, 2],
  castilla_vieja: [20, 30], castilla_nueva: [42, 46], valencia: [68, 44],
  sevilla: [8, 66], granada: [40, 74], castillo: [76, 74],
};
// The pages' words in the table's language, from the device (/words): the pages carry none of
// their own. Asked before the first drawing, and again when the public data names another
// language (one chosen on the setup screen).
let W = {};
function t(key, fields) {
  let text = W[key] || "";
  for (const [k, v] of Object.entries(fields || {})) text = text.split(`{${k}}`).join(String(v));
  return text;
}
function sayAll(items) {  // "red, blue and green"
  return items.length < 2 ? items.join("") : t("list_and", {items: items.slice(0, -1).join(", "), last: items[items.length - 1]});
}
async function loadWords() {
  for (;;) {
    const r = await fetch("/words", {credentials: "same-origin"}).catch(() => null);
    if (r && r.ok) { W = await r.json(); break; }
    await new Promise((done) => setTimeout(done, 2000));
  }
  document.documentElement.lang = W.lang;
  for (const e of document.querySelectorAll("[data-w]")) e.textContent = t(e.dataset.w);
  for (const e of document.querySelectorAll("[data-w-aria-label]")) e.setAttribute("aria-label", t(e.dataset.wAriaLabel));
}
let wordsReady = loadWords();
function followLanguage(lang, redraw) {
  if (lang && W.lang && lang !== W.lang) { W.lang = lang; wordsReady = loadWords().then(redraw); }
}
function el(tag, attrs, ...kids) {
  const e = document.createElement(tag);
  for (const [k, v] of Object.entries(attrs || {})) {
    if (k === "class") e.className = v; else if (k === "style") e.style.cssText = v;
    else if (k.startsWith("on")) e.addEventListener(k.slice(2), v); else e.setAttribute(k, v);
  }
  for (const kid of kids) if (kid !== null && kid !== undefined) e.append(kid);
  return e;
}
function clear(e) { while (e.firstChild) e.removeChild(e.firstChild); return e; }
function $(id) { return document.getElementById(id); }
function chip(colour, text) {
  return el("span", {class: "chip", style: `background:${COLOURS[colour] || "#777"}`}, text);
}
// One EventSource, reopened at once when the page is visible again or the network comes back
// (a phone asleep keeps a dead socket), and after an error.
function live(url, onData, onTrouble) {
  let source = null, timer = null;
  function open() {
    if (source) source.close();
    clearTimeout(timer);
    source = new EventSource(url);
    source.onmessage = (m) => { $("status").textContent = ""; onData(JSON.parse(m.data)); };
    source.onerror = () => {
      $("status").textContent = t("reconnecting");
      if (source.readyState === EventSource.CLOSED) { timer = setTimeout(open, 2000); if (onTrouble) onTrouble(); }
    };
  }
  wordsReady.then(() => {
    document.addEventListener("visibilitychange", () => { if (!document.hidden) open(); });
    window.addEventListener("pageshow", (e) => { if (e.persisted) open(); });
    window.addEventListener("online", open);
    open();
  });
}
async function post(url, body) {
  const r = await fetch(url, {method: "POST", credentials: "same-origin",
    headers: {"Content-Type": "application/json", "X-Companion": "1"}, body: JSON.stringify(body)});
  let data = {};
  try { data = await r.json(); } catch (e) { /* an empty answer */ }
  return {ok: r.ok, status: r.status, data};
}
// The map: one box per area, its caballeros per colour, the King, the Grandes, a scoreboard.
function drawMap(box, game, places, tap) {
  clear(box);
  const ids = Object.keys(places);
  ids.forEach((id, n) => {
    const spot = SPOTS[id] || [5 + (n % 5) * 19, 5 + Math.floor(n / 5) * 30];
    const counts = (game && game.board[id]) || null;
    const area = el("div", {class: "area", "data-area": id, style: `left:${spot[0]}%;top:${spot[1]}%`});
    area.append(el("div", {class: "name"}, places[id]));
    const marks = el("div", {class: "marks"});
    if (game && game.king === id) marks.append(el("span", {class: "king", title: t("king_title")}, "♔ " + t("king")));
    for (const [p, where] of Object.entries((game && game.grandes) || {}))
      if (where === id) marks.append(chip(p, t("grande")));
    if (game && game.scoreboards && game.scoreboards[id]) marks.append(el("span", {class: "board-tag"}, t("scoreboard", {value: game.scoreboards[id]})));
    area.append(marks);
    const men = el("div", {class: "men"});
    if (counts) for (const [p, n] of Object.entries(counts)) if (n > 0) men.append(chip(p, String(n)));
    if (id === "castillo" && game && !game.castillo_public)
      men.append(el("span", {class: "hidden-count"}, game.castillo_total == null ? t("hidden") : t("n_hidden", {n: game.castillo_total})));
    area.append(men);
    if (tap) tap(area, id);
    box.append(area);
  });
}
