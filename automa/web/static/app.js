// automa's page: the lobby, a seat's board and the replay viewer.  Plain JavaScript, no build
// step.  The server sends only this seat's view; this file only draws it and sends choices.
"use strict";

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
const TWO_STEP = 14;          // more actions than this, with groups: choose the group first
const FRAME_MS = Number(localStorage.getItem("automa.frame_ms") ?? 650);   // how long each bot move stays on screen

async function api(path, body) {
  const opts = body === undefined ? {} : {method: "POST", headers: {"Content-Type": "application/json"}, body: JSON.stringify(body)};
  const res = await fetch(path, opts);
  const data = await res.json().catch(() => ({error: `the server answered ${res.status}`}));
  if (!res.ok) { const err = new Error(data.error || `error ${res.status}`); err.status = res.status; throw err; }
  return data;
}

function toast(text, bad) {
  const t = $("toast");
  t.textContent = text; t.className = bad ? "bad" : ""; t.hidden = false;
  clearTimeout(toast.timer); toast.timer = setTimeout(() => { t.hidden = true; }, bad ? 6000 : 3000);
}

function show(id) {
  for (const m of ["lobby", "play", "replay", "companion"]) $(m).hidden = m !== id;
}

// ------------------------------------------------------------------ lobby

let CATALOG = [];

async function lobby() {
  show("lobby");
  $("heading").textContent = "";
  // handlers first: a form submitted before the catalogue arrives must not reload the page
  $("companion-form").onsubmit = startCompanion;
  $("setup-form").onsubmit = (ev) => ev.preventDefault();
  CATALOG = await api("/api/catalog");
  const list = $("game-list");
  list.innerHTML = "";
  for (const g of CATALOG) {
    const counts = [...new Set(Object.values(g.modes).flat())].sort((a, b) => a - b);
    const b = document.createElement("button");
    b.className = "game-card"; b.dataset.game = g.name;
    b.innerHTML = `<strong>${esc(g.title)}</strong><span>${counts.length > 1 ? counts[0] + "–" + counts[counts.length - 1] : counts[0]} player${counts[counts.length - 1] > 1 ? "s" : ""}</span><span class="modes">${Object.keys(g.modes).map(esc).join(" · ")}</span>`;
    b.onclick = () => setup(g);
    list.appendChild(b);
  }
  $("load-file").onchange = async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    try { openLinks(await api("/api/load", {text: await file.text(), name: file.name})); }
    catch (e) { toast(e.message, true); }
  };
}

async function startCompanion(ev) {
  ev.preventDefault();
  const body = {game: $("companion-game").value, players: $("companion-players").value,
                times_mix: $("companion-mix").value, mumanbot: $("companion-level").value};
  try { location.href = (await api("/api/companions", body)).url; }
  catch (e) { toast(e.message, true); }
}

function setup(g) {
  $("setup").hidden = false; $("seat-links").hidden = true;
  $("setup-title").textContent = g.title;
  document.querySelectorAll(".game-card").forEach((c) => c.classList.toggle("chosen", c.dataset.game === g.name));
  const mode = $("mode"), players = $("players");
  mode.innerHTML = Object.keys(g.modes).map((m) => `<option>${esc(m)}</option>`).join("");
  const fillPlayers = () => {
    players.innerHTML = g.modes[mode.value].map((n) => `<option>${n}</option>`).join("");
    fillSeats();
  };
  const fillSeats = () => {
    const n = Number(players.value), box = $("seats");
    box.innerHTML = "<legend>Seats</legend>";
    const seats = g.name === "pulitzer" && n === 1 ? 1 : n;
    for (let s = 0; s < seats; s++) {
      const pick = s === 0 ? "human" : g.seats.find((x) => x.startsWith("mumanbot:normal")) || "level:normal";
      const id = `seat-${s}`;
      box.insertAdjacentHTML("beforeend",
        `<label>Seat ${s} <input list="seat-choices" id="${id}" value="${esc(pick)}" spellcheck="false"></label>`);
    }
    box.insertAdjacentHTML("beforeend", `<datalist id="seat-choices">${g.seats.map((x) => `<option value="${esc(x)}">`).join("")}</datalist>`);
    if (g.name === "pulitzer" && n === 1) box.insertAdjacentHTML("beforeend", `<p class="note">Solo: you play the Post against the Times deck and the government agents (set the Times mix below).</p>`);
  };
  mode.onchange = fillPlayers; players.onchange = fillSeats;
  const params = $("params");
  params.innerHTML = "<legend>Game settings</legend>";
  for (const [k, help] of Object.entries(g.params)) {
    params.insertAdjacentHTML("beforeend", `<label>${esc(k.replace(/_/g, " "))} <input data-param="${esc(k)}" placeholder="default" title="${esc(help)}"><small>${esc(help)}</small></label>`);
  }
  params.hidden = !Object.keys(g.params).length;
  fillPlayers();
  $("setup-form").onsubmit = async (ev) => {
    ev.preventDefault();
    const seats = [...document.querySelectorAll("#seats input")].map((i) => i.value.trim());
    const prm = {};
    document.querySelectorAll("[data-param]").forEach((i) => { if (i.value.trim()) prm[i.dataset.param] = i.value.trim(); });
    const body = {game: g.name, mode: mode.value, players: Number(players.value), seats, params: prm, seed: $("seed").value};
    if (g.name === "pulitzer" && Number(players.value) === 1) body.seats = [];
    try { openLinks(await api("/api/games", body)); }
    catch (e) { toast(e.message, true); }
  };
}

function openLinks(made) {
  if (made.seats.length === 1) { location.href = made.seats[0].url; return; }
  const box = $("seat-links");
  box.hidden = false;
  box.innerHTML = `<p>Each human seat has its own link: open each on that player's device (or tab).</p>` +
    made.seats.map((s) => `<a class="button" href="${esc(s.url)}" target="_blank">Seat ${s.seat}</a>`).join(" ");
}

// ------------------------------------------------------------------ playing a seat

const P = {view: null, sel: [], group: null, base: "", busy: false, textBoard: false};

async function play() {
  show("play");
  $("tools").hidden = false;
  const q = new URLSearchParams(location.search);
  const id = location.pathname.split("/")[2];
  P.base = `/api/games/${encodeURIComponent(id)}`;
  P.q = `seat=${encodeURIComponent(q.get("seat"))}&key=${encodeURIComponent(q.get("key"))}`;
  $("hint-btn").onclick = hint; $("undo-btn").onclick = undo; $("save-btn").onclick = save;
  $("text-btn").onclick = () => { P.textBoard = !P.textBoard; draw(); };
  $("over-close").onclick = () => { $("over").hidden = true; };
  $("over-save").onclick = save;
  document.addEventListener("keydown", keys);
  try {
    const v = await api(`${P.base}?${P.q}`);
    await take(v);
    if (!v.over && !v.your_turn && !v.seats[v.to_move].includes("(human)")) await send("advance");
  } catch (e) { $("status").innerHTML = `<p class="bad">${esc(e.message)}</p>`; }
}

async function send(what, body) {
  if (P.busy) return;
  P.busy = true; P.sel = []; P.group = null;
  document.body.dataset.state = "busy";
  $("side").classList.add("thinking");
  $("status").innerHTML = what === "act" || what === "advance" ? `<p class="wait">The other seats are playing…</p>` : $("status").innerHTML;
  // wait: 0 — the server answers at once; the bots' moves arrive by polling (take)
  try { await take(await api(`${P.base}/${what}?${P.q}`, Object.assign({wait: 0}, body || {}))); }
  catch (e) {
    toast(e.message, true);
    if (e.status === 409) await take(await api(`${P.base}?${P.q}`));
  } finally {
    P.busy = false; $("side").classList.remove("thinking");
    if (P.view) draw();
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function showFrames(frames) {
  for (const f of frames) {            // bots' turns one at a time
    if (P.skip) break;
    $("board").innerHTML = f.board_svg || "";
    for (const line of f.log) addLog(line, true);
    await sleep(FRAME_MS);
  }
}

async function take(v) {
  P.view = null;
  await showFrames(v.frames || []);
  // the bots think on the server; ask for their moves until they are done
  let next = v.frame || 0;
  while (v.thinking) {
    $("status").innerHTML = v.queued
      ? `<p class="wait">The bots are waiting for a free thinking slot on the server…</p>`
      : `<p class="wait">The other seats are playing…</p>`;
    await sleep(250);
    const r = await api(`${P.base}/frames?${P.q}&after=${next}`);
    await showFrames(r.frames);
    next = r.next;
    v.queued = r.queued;
    if (!r.thinking) v = await api(`${P.base}?${P.q}`);
  }
  P.skip = false;
  P.view = v; P.sel = []; P.group = null;
  $("hint").hidden = true;
  draw();
}

function addLog(line, fresh) {
  const li = document.createElement("li");
  li.textContent = line;
  if (line.startsWith("»")) li.className = "news";
  if (fresh) li.classList.add("fresh");
  $("log").appendChild(li);
  $("log").scrollTop = $("log").scrollHeight;
}

function draw() {
  const v = P.view;
  if (!v) return;
  // for tests and screen readers: where the game stands
  document.body.dataset.ply = v.ply;
  document.body.dataset.state = v.over ? "over" : v.your_turn ? "turn" : "wait";
  $("heading").textContent = `${v.title} — ${v.seats[v.seat].replace("(human)", "(you)")}`;
  document.title = `${v.title} · automa`;
  $("board").hidden = P.textBoard && !!v.board_svg;
  $("board-text").hidden = !(P.textBoard || !v.board_svg);
  $("board").innerHTML = v.board_svg || "";
  $("board-text").textContent = v.board_text;
  $("log").innerHTML = "";
  v.log.forEach((l) => addLog(l, false));
  $("undo-btn").disabled = !v.can_undo;
  if (v.undo_note) $("undo-btn").title = `u: ${v.undo_note}`;
  $("hint-btn").disabled = !v.your_turn;
  if (v.over) {
    $("status").innerHTML = `<p class="over">The game is over.</p>`;
    finalScreen(v);
  } else if (v.your_turn) {
    $("status").innerHTML = `<p class="turn">Your turn — ${v.actions.length === 1 ? "one move is possible" : v.actions.length + " choices"}</p>`;
  } else {
    $("status").innerHTML = `<p class="wait">${esc(v.seats[v.to_move])} is to move.</p>` +
      (v.seats[v.to_move].includes("(human)") ? `<button id="refresh">Refresh</button>` : "");
    const r = $("refresh"); if (r) r.onclick = async () => take(await api(`${P.base}?${P.q}`));
  }
  if (v.stopped) $("status").insertAdjacentHTML("afterbegin", `<p class="bad">${esc(v.stopped)}</p>`);
  if (v.notice) $("status").insertAdjacentHTML("beforeend", `<p class="notice">${esc(v.notice)}</p>`);
  menu();
}

function candidates() {
  return P.view.actions.filter((a) => P.sel.every((k, i) => a.keys[i] === k));
}

function menu() {
  const v = P.view, box = $("actions");
  box.innerHTML = "";
  document.querySelectorAll("#board [data-key]").forEach((el) => el.classList.remove("pickable", "selected", "hover"));
  if (!v.your_turn) { $("picked").innerHTML = ""; return; }
  const cands = candidates();
  const next = new Set(cands.filter((a) => a.keys.length > P.sel.length).map((a) => a.keys[P.sel.length]));
  document.querySelectorAll("#board [data-key]").forEach((el) => {
    if (next.has(el.dataset.key)) el.classList.add("pickable");
    if (P.sel.includes(el.dataset.key)) el.classList.add("selected");
    el.onclick = (ev) => { ev.stopPropagation(); pickKey(el.dataset.key); };
  });
  $("picked").innerHTML = P.sel.length ? `<p>Chosen on the board: ${P.sel.map((k) => `<span class="chip">${esc(label(k))}</span>`).join(" ")} <button id="clear">Esc: choose again</button></p>` : "";
  if (P.sel.length) $("clear").onclick = () => { P.sel = []; menu(); };
  let shown = cands;
  const groups = [...new Set(cands.map((a) => a.group).filter((g) => g))];
  if (!P.sel.length && P.group === null && cands.length > TWO_STEP && groups.length > 1) {
    const loose = cands.filter((a) => !a.group);
    box.innerHTML = `<p class="hintline">Choose a group${loose.length ? " or a move" : ""} (or click on the board):</p>`;
    let n = 0;
    for (const g of groups) {
      const count = cands.filter((a) => a.group === g).length;
      box.appendChild(button(++n, `${g}`, `${count}`, () => { P.group = g; menu(); }, "group"));
    }
    for (const a of loose) box.appendChild(actionButton(++n, a));
    return;
  }
  if (P.group !== null) {
    shown = cands.filter((a) => a.group === P.group);
    box.appendChild(button(0, `← all groups`, "", () => { P.group = null; menu(); }, "back"));
    box.insertAdjacentHTML("beforeend", `<h4>${esc(P.group)}</h4>`);
  }
  let n = 0, last = null;
  for (const a of shown) {
    if (P.group === null && a.group && a.group !== last && groups.length > 1) box.insertAdjacentHTML("beforeend", `<h4>${esc(a.group)}</h4>`);
    last = a.group;
    box.appendChild(actionButton(++n, a));
  }
}

function label(key) {
  const el = document.querySelector(`#board [data-key="${CSS.escape(key)}"] title, #board [data-key="${CSS.escape(key)}"] > title`);
  return el ? el.textContent : key;
}

function button(n, text, extra, fn, cls) {
  const b = document.createElement("button");
  b.className = "choice " + (cls || "");
  b.innerHTML = `${n ? `<kbd>${n <= 9 ? n : ""}</kbd>` : ""}<span>${esc(text)}</span>${extra ? `<em>${esc(extra)}</em>` : ""}`;
  b.onclick = fn;
  return b;
}

function actionButton(n, a) {
  const b = button(n, a.text, "", () => choose(a), "action");
  b.dataset.index = a.i;
  b.onmouseenter = () => a.keys.forEach((k) => document.querySelectorAll(`#board [data-key="${CSS.escape(k)}"]`).forEach((el) => el.classList.add("hover")));
  b.onmouseleave = () => document.querySelectorAll("#board .hover").forEach((el) => el.classList.remove("hover"));
  return b;
}

function pickKey(key) {
  if (!P.view || !P.view.your_turn || P.busy) return;
  const at = P.sel.indexOf(key);
  if (at >= 0) { P.sel = P.sel.slice(0, at); menu(); return; }
  const sel = [...P.sel, key];
  const cands = P.view.actions.filter((a) => sel.every((k, i) => a.keys[i] === k));
  if (!cands.length) return;
  P.sel = sel; P.group = null;
  const done = cands.filter((a) => a.keys.length === sel.length);
  if (cands.length === 1 || (done.length === 1 && cands.every((a) => a.keys.length === sel.length))) return choose(done[0] || cands[0]);
  menu();
}

function choose(a) { send("act", {index: a.i, ply: P.view.ply}); }

async function hint() {
  if (!P.view || !P.view.your_turn || P.busy) return;
  const box = $("hint");
  const seconds = 3;
  box.hidden = false; box.innerHTML = `<p>Thinking for ${seconds} seconds…</p>`;
  try {
    const h = await api(`${P.base}/hint?${P.q}`, {seconds});
    box.innerHTML = `<h4>Hint</h4>` + h.lines.map((l) => `<p>${esc(l.trim())}</p>`).join("");
    document.querySelectorAll("#actions .action").forEach((b) => b.classList.toggle("suggested", h.best.length && Number(b.dataset.index) === h.best[0]));
  } catch (e) { box.innerHTML = `<p class="bad">${esc(e.message)}</p>`; }
}

function undo() { send("undo"); }

function save() {
  const a = document.createElement("a");
  a.href = `${P.base}/save?${P.q}`; a.download = "";
  document.body.appendChild(a); a.click(); a.remove();
  toast("Save file downloaded: load it here, or with automa play GAME --load FILE");
}

function finalScreen(v) {
  const r = v.result;
  $("over-title").textContent = r.winners.includes(v.seat) ? (r.winners.length > 1 ? "You share the win" : "You win!") : "Game over";
  const names = r.scores[0].map((_x, k) => r.score_names[k] || (k ? "tie-break" : "score"));
  $("over-table").innerHTML = `<tr><th>seat</th>${names.map((n) => `<th>${esc(n)}</th>`).join("")}<th>rank</th></tr>` +
    r.scores.map((s, i) => `<tr class="${r.winners.includes(i) ? "winner" : ""}"><td>${esc(v.seats[i].replace("(human)", i === v.seat ? "(you)" : "(human)"))}</td>${s.map((x) => `<td>${esc(x)}</td>`).join("")}<td>${r.ranks[i]}${r.winners.includes(i) ? " ★" : ""}</td></tr>`).join("");
  $("over-reason").textContent = r.reason;
  $("over").hidden = false;
}

function keys(ev) {
  if (ev.target.tagName === "INPUT" || !P.view) return;
  if (ev.key === "Escape") { P.sel = []; P.group = null; $("over").hidden = true; menu(); return; }
  if (ev.key === " " ) { P.skip = true; return; }
  if (ev.key === "h") return hint();
  if (ev.key === "u") return undo();
  if (ev.key === "s") return save();
  if (ev.key === "t") { P.textBoard = !P.textBoard; draw(); return; }
  if (/^[1-9]$/.test(ev.key)) {
    const b = document.querySelectorAll("#actions button.choice:not(.back)")[Number(ev.key) - 1];
    if (b) b.click();
  }
}

// ------------------------------------------------------------------ replay viewer

const R = {id: null, recs: [], step: 0};

function replay() {
  show("replay");
  $("heading").textContent = "Replay";
  $("replay-file").onchange = async (ev) => {
    const file = ev.target.files[0];
    if (!file) return;
    try {
      const r = await api("/api/replays", {text: await file.text()});
      R.id = r.id; R.recs = r.records;
      $("replay-record").innerHTML = r.records.map((x) => `<option value="${x.index}">${x.index + 1}: ${esc(x.game)} — ${esc(x.seats.join(", "))} (${x.actions} moves, ${esc(x.status)})</option>`).join("");
      pickRecord();
    } catch (e) { toast(e.message, true); }
  };
  $("replay-record").onchange = pickRecord;
  $("replay-seat").onchange = () => stepTo(R.step);
  $("replay-step").oninput = (ev) => stepTo(Number(ev.target.value));
  $("replay-prev").onclick = () => stepTo(R.step - 1);
  $("replay-next").onclick = () => stepTo(R.step + 1);
  document.addEventListener("keydown", (ev) => {
    if (ev.key === "ArrowLeft") stepTo(R.step - 1);
    if (ev.key === "ArrowRight") stepTo(R.step + 1);
  });
}

function pickRecord() {
  const rec = R.recs[Number($("replay-record").value)];
  // an unfinished game (from its save) is shown only from the seat that saved it
  $("replay-seat").innerHTML = rec.seats.map((s, i) => rec.seat === undefined || rec.seat === i
    ? `<option value="${i}">seat ${i} (${esc(s)})</option>` : "").join("");
  $("replay-step").max = rec.actions;
  stepTo(0);
}

async function stepTo(step) {
  if (!R.id) return;
  const rec = Number($("replay-record").value);
  const max = R.recs[rec].actions;
  R.step = Math.max(0, Math.min(step, max));
  try {
    const v = await api(`/api/replays/${R.id}?record=${rec}&step=${R.step}&seat=${$("replay-seat").value}`);
    $("replay-step").value = v.step;
    $("replay-count").textContent = `move ${v.step} of ${v.steps}`;
    $("replay-board").innerHTML = v.board_svg || `<pre>${esc(v.board_text)}</pre>`;
    $("replay-log").innerHTML = v.log.map((l) => `<li>${esc(l)}</li>`).join("") +
      v.history.map((l) => `<li class="news">» ${esc(l)}</li>`).join("");
  } catch (e) { toast(e.message, true); }
}

// ------------------------------------------------------------------ companion

const C = {base: ""};

async function companion() {
  show("companion");
  C.q = `key=${encodeURIComponent(new URLSearchParams(location.search).get("key") || "")}`;
  C.base = `/api/companions/${encodeURIComponent(location.pathname.split("/")[2])}`;
  $("companion-answer").onsubmit = (ev) => { ev.preventDefault(); answer($("companion-text").value); };
  try { drawCompanion(await api(`${C.base}?${C.q}`)); } catch (e) { toast(e.message, true); }
}

async function answer(text) {
  $("companion-ask").classList.add("thinking");
  try { drawCompanion(await api(`${C.base}/answer?${C.q}`, {text})); }
  catch (e) { toast(e.message, true); }
  finally { $("companion-ask").classList.remove("thinking"); }
}

function drawCompanion(v) {
  const titles = {salem: "Salem 1692 — moderator", pulitzer: "Pulitzer — the Times", tabletop_inc: "Tabletop Inc. — Mumanbot"};
  $("heading").textContent = titles[v.game] || v.game;
  const prompt = v.prompt || "";
  const handover = prompt.match(/hand the device to player (\d+)/);
  const screen = $("companion-screen");
  // a private turn: nothing of the screen shows until that player taps
  screen.classList.toggle("handover", !!handover);
  const line = (l) => `<div class="${/^[A-Z][A-Z ]+[A-Z]\b/.test(l.trim()) ? "head" : ""}">${esc(l) || "&nbsp;"}</div>`;
  // an automaton's card (a Times card, a ZAP card) is shown as a card, in its colour
  const card = (v.lines[0] || "").match(/(Times card|ZAP card) (\S+?):?(?: \((red|orange|yellow)\))?(?:$|[ :])/);
  const earlier = (v.earlier || []).filter((l) => l.trim());
  screen.innerHTML = handover
    ? `<div class="pass"><p>Pass the device to</p><p class="who">player ${handover[1]}</p><p>Only player ${handover[1]} taps below.</p></div>`
    : (earlier.length ? `<details class="earlier"><summary>earlier steps (${earlier.length} lines)</summary>${earlier.map(line).join("")}</details>` : "")
      + (card ? `<div class="auto-card ${card[3] || ""}"><div class="auto-card-head">${esc(v.lines[0])}</div>${v.lines.slice(1).map(line).join("")}</div>`
              : v.lines.map(line).join(""));
  $("companion-prompt").textContent = v.done ? "The companion's part of the game is over." : handover ? "" : prompt.trim();
  $("companion-answer").hidden = v.done || !!handover;
  const quick = $("companion-quick");
  quick.innerHTML = "";
  if (v.done) return;
  const add = (label, text, cls) => {
    const b = document.createElement("button");
    b.textContent = label; b.className = cls || ""; b.onclick = () => answer(text);
    quick.appendChild(b);
  };
  if (handover) add(`I am player ${handover[1]}: show my screen`, "", "primary big");
  else {
    for (const m of prompt.matchAll(/\b([a-z]{1,2}) = ([^,;:]+)/g)) add(`${m[1]} — ${m[2].trim()}`, m[1]);
    if (/player number/.test(prompt)) for (const p of v.alive) add(`player ${p}`, String(p));
    if (/press Enter/i.test(prompt)) add(/private|nothing to do/.test(v.lines.join(" ") + prompt) ? "Done: hide my screen" : "Continue", "", "primary big");
    else if (/> *$/.test(prompt)) { add("Next step", "", "primary"); add("Status", "status"); add("Log", "log"); add("Help", "help"); }
  }
  $("companion-text").value = "";
  if (!handover) $("companion-text").focus();
}

// ------------------------------------------------------------------ start

// the token came in the link and is now a cookie: take it out of the address bar (and so out
// of the history, bookmarks and anything copied from it)
if (new URLSearchParams(location.search).has("token")) {
  const url = new URL(location.href);
  url.searchParams.delete("token");
  history.replaceState(null, "", url.pathname + url.search + url.hash);
}

if (location.pathname.startsWith("/play/")) play();
else if (location.pathname === "/replay") replay();
else if (location.pathname.startsWith("/companion/")) companion();
else lobby().catch((e) => toast(e.message, true));
