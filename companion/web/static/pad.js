"use strict";
// A seat's private pad: its choices as big targets. The seat is the one this phone was paired
// to (its cookie); every tap carries the mark of the page it was made on, and a tap on a page
// the game has moved past is refused ("the game moved on"), then the page shows the state now.
let me = null, board = null, places = {}, busy = false;
function say(text, good) {
  const m = $("message");
  m.textContent = text; m.className = "message " + (good ? "good" : "bad");
}
async function send(url, body, label) {
  if (busy || !me) return;
  busy = true;
  const r = await post(url, Object.assign({mark: me.mark}, body)).catch(() => ({ok: false, data: {error: t("no_connection")}}));
  busy = false;
  if (r.ok) { say("✓ " + (label || t("done")), true); if (navigator.vibrate) navigator.vibrate(40); }
  else if (r.status === 401) unpaired();
  else say(r.data.error || t("refused"), false);
}
function unpaired() { $("unpaired").hidden = false; me = null; draw(); }
function draw() {
  const seat = me ? me.seat : "";
  $("seat").textContent = seat ? (me.name || seat).toUpperCase() : t("not_paired");
  $("seat").style.color = COLOURS[seat] || "";
  if (!me) { for (const id of ["hand", "map", "then", "choices"]) clear($(id)); return; }
  $("title").textContent = heading();
  $("notice").hidden = !me.notice; $("notice").textContent = me.notice || "";
  $("sealed").hidden = !me.sealed; $("sealed").textContent = me.sealed ? t("sealed", {choice: me.sealed}) : "";
  const bidding = me.options.some((o) => o.kind === "bid" || o.kind === "bid_group");
  $("hand").hidden = !(me.hand.length || bidding);  // a game with no hand shows none
  $("hand").classList.toggle("compact", !bidding);
  drawHand(bidding);
  drawNumber();
  const onMap = me.options.filter((o) => o.area);
  // "+k" chips: a choice that may be made several times in a row is one tap for k of them.
  const cuts = me.shortcuts || [];
  const repeats = cuts.filter((c) => c.count);
  const chipKinds = new Set(repeats.map((c) => me.options[c.first] && me.options[c.first].kind));
  drawMap($("map"), board && board.game, places, (box, id) => {
    const here = onMap.filter((o) => o.area === id);
    if (!here.length) return;
    box.classList.add("tappable");
    const chipped = here.filter((o) => chipKinds.has(o.kind));
    if (chipped.length) {
      const row = el("div", {class: "plus"});
      for (const o of chipped) {
        row.append(plusChip("+1", () => send("/s/choose", {index: o.i}, o.label), o.label));
        for (const c of repeats.filter((r) => r.first === o.i))
          row.append(plusChip(`+${c.count}`, () => send("/s/choose", {shortcut: c.s}, c.label), c.label));
      }
      box.append(row);
      return;
    }
    box.setAttribute("role", "button");
    box.addEventListener("click", () => {
      if (here.length === 1) send("/s/choose", {index: here[0].i}, here[0].label);
      else showChoices(here);
    });
  });
  $("map").classList.toggle("chips", chipKinds.size > 0);
  const ledger = board && board.game && board.game.page === "ledger";  // no board to mirror
  $("map").hidden = ledger || (!onMap.length && !(board && board.game));
  showChoices(me.number ? [] : me.options.filter((o) => !o.area && o.kind !== "bid" && o.kind !== "bid_group"));
  showThen(cuts.filter((c) => !c.count));
  $("next").hidden = !me.next;
  $("own").textContent = me.hand.length ? t("own_castillo", {n: me.castillo}) : "";
}
// A count to enter: a number field with its rule, one tap on Enter.
function drawNumber() {
  const box = clear($("number"));
  const n = me.number;
  box.hidden = !n;
  if (!n) return;
  const field = el("input", {type: "number", inputmode: "numeric", min: String(n.low), max: String(n.high), value: String(n.default), id: "value", "aria-label": n.label});
  const enter = el("button", {class: "big", id: "enter"}, t("enter"));
  enter.addEventListener("click", () => {
    const v = Number(field.value);
    if (!Number.isInteger(v) || v < n.low || v > n.high) { say(t("whole_number", {label: n.label, low: n.low, high: n.high}), false); return; }
    send("/s/choose", {index: v - n.low}, `${n.label} ${v}`);
  });
  box.append(el("label", {for: "value"}, el("strong", {}, n.label), el("span", {}, n.prompt)), field, enter);
}
// The pad's own words are for three buttons; a phone says what a tap does.
function heading() {
  if (me.options.length) return me.title;
  if (me.sealed) return t("sealed_wait");
  if (me.next) return me.title.replace(t("press_yes"), t("tap_next")).replace(t("press_next"), t("tap_next"));
  const dec = board && board.game && board.game.decision;
  const names = (board && board.names) || {};
  return dec && dec.waiting.length ? t("waiting_for", {seats: dec.waiting.map((p) => names[p] || p).join(", ")}) : t("waiting");
}
function drawHand(bidding) {
  const hand = clear($("hand"));
  for (let n = 1; n <= 13; n++) {
    const held = me.hand.includes(n);
    const b = el("button", {class: "card" + (held ? "" : " played"), "data-card": String(n)}, String(n));
    b.disabled = !(held && bidding);
    b.addEventListener("click", () => send("/s/choose", {card: n}, t("power_card", {n})));
    hand.append(b);
  }
}
function plusChip(text, tap, label) {
  const b = el("button", {class: "plus-chip", "aria-label": label}, text);
  b.addEventListener("click", (e) => { e.stopPropagation(); tap(); });
  return b;
}
// A choice and the one that follows it, as one tap: grouped under the first ("take 4 to court,
// then:"), shown above the single choices, being what a player most often wants.
function showThen(cuts) {
  const box = clear($("then"));
  let group = null, first = null;
  for (const c of cuts) {
    if (c.first !== first) {
      first = c.first;
      const o = me.options[first];
      group = el("div", {class: "then-group"}, el("p", {class: "then-head"}, t("then_head", {choice: o ? o.label : ""})));
      box.append(group);
    }
    const b = el("button", {class: "choice then", "data-shortcut": String(c.s)}, el("strong", {}, c.then), c.text ? el("span", {}, c.text) : null);
    b.addEventListener("click", () => send("/s/choose", {shortcut: c.s}, c.label));
    group.append(b);
  }
}
function showChoices(options) {
  const box = clear($("choices"));
  for (const o of options) {
    const b = el("button", {class: "choice", "data-kind": o.kind}, el("strong", {}, o.label), o.text ? el("span", {}, o.text) : null);
    b.addEventListener("click", () => send("/s/choose", {index: o.i}, o.label));
    box.append(b);
    const more = (me.shortcuts || []).filter((c) => c.count && c.first === o.i);  // off the map
    if (more.length) box.append(el("div", {class: "plus"}, ...more.map((c) => plusChip(`+${c.count}`, () => send("/s/choose", {shortcut: c.s}, c.label), c.label))));
  }
}
$("hold").addEventListener("click", () => send("/s/hold", {}, t("taken_back")));
$("next").addEventListener("click", () => send("/s/next", {}, t("next_done")));
async function check() {
  const r = await fetch("/s/state", {credentials: "same-origin"}).catch(() => null);
  if (r && r.status === 401) unpaired();
}
live("/s/events", (d) => { $("unpaired").hidden = true; me = d; draw(); }, check);
live("/events", (d) => {
  board = d; places = d.places;
  followLanguage(d.lang, () => { if (me) draw(); });
  if (me) draw();
});
