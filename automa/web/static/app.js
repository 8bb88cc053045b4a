// automa's page: the lobby, a seat's board and the replay viewer.  Plain JavaScript, no build
// step.  The server sends only this seat's view; this file only draws it and sends choices.
"use strict";

const $ = (id) => document.getElementById(id);
const esc = (s) => String(s).replace(/[&<>"']/g, (c) => ({"&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;"}[c]));
const TWO_STEP = 14;          // more actions than this, with groups: choose the group first
let FRAME_MS = Number(localStorage.getItem("automa.frame_ms") ?? 650);   // how long each bot move stays on screen (the Bots menu; Space skips; -1: step, Enter shows the next)

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
  for (const m of ["lobby", "play", "replay", "companion", "player"]) $(m).hidden = m !== id;
}

// ------------------------------------------------------------------ who plays, and their seats

// the player's name and the seat links this browser opened live in its localStorage: the
// server lists a browser only the unfinished games whose seat keys it sends (POST /api/mine)
const NAME_KEY = "automa.player", SEATS_KEY = "automa.seats", MAX_HELD = 100;

const storedName = () => (localStorage.getItem(NAME_KEY) || "").trim();

function heldSeats() {
  let list;
  try { list = JSON.parse(localStorage.getItem(SEATS_KEY) || "[]"); } catch (e) { list = []; }
  if (!Array.isArray(list)) return [];
  return list.filter((h) => h && typeof h.id === "string" && typeof h.key === "string" && Number.isInteger(h.seat));
}

function keepSeats(list) { localStorage.setItem(SEATS_KEY, JSON.stringify(list.slice(0, MAX_HELD))); }

function holdSeat(id, seat, key) {
  keepSeats([{id, seat, key}, ...heldSeats().filter((h) => !(h.id === id && h.seat === seat))]);
}

function dropSeat(id, seat) { keepSeats(heldSeats().filter((h) => !(h.id === id && h.seat === seat))); }

const recordLink = (name) => `/players/${encodeURIComponent(name)}`;

// ------------------------------------------------------------------ lobby

let CATALOG = [];

async function lobby() {
  show("lobby");
  $("heading").textContent = "";
  // handlers first: a form submitted before the catalogue arrives must not reload the page
  $("companion-form").onsubmit = startCompanion;
  $("setup-form").onsubmit = (ev) => ev.preventDefault();
  whoPlays().catch((e) => toast(e.message, true));
  yourGames().catch((e) => toast(e.message, true));
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

// the lobby asks the name once (prefilled with the server's default player, the login name),
// remembers it, and sends it with every new game; "Change" asks again
async function whoPlays() {
  const ask = (name) => {
    $("player-ask").hidden = false; $("player-known").hidden = true;
    $("player-name").value = name;
    $("my-record").href = recordLink(name || "");
  };
  const known = (name) => {
    $("player-ask").hidden = true; $("player-known").hidden = false;
    $("player-shown").textContent = name;
    $("my-record").href = recordLink(name);
  };
  $("player-form").onsubmit = (ev) => {
    ev.preventDefault();
    const name = $("player-name").value.trim().replace(/\s+/g, " ");
    if (!name) { toast("Your name may not be empty", true); return; }
    localStorage.setItem(NAME_KEY, name);
    known(name);
  };
  $("player-change").onclick = () => { ask(storedName()); $("player-name").focus(); };
  const name = storedName();
  if (name) { known(name); return; }
  ask("");
  const dflt = (await api("/api/player")).default;
  if (!$("player-name").value) { $("player-name").value = dflt; $("my-record").href = recordLink(dflt); }
}

// the name new games are started for: the remembered one, else what the field holds (which
// is then remembered)
function playerForNewGame() {
  const name = storedName();
  if (name) return name;
  const typed = $("player-name").value.trim().replace(/\s+/g, " ");
  if (typed) localStorage.setItem(NAME_KEY, typed);
  return typed;
}

function ago(seconds) {
  const s = Math.max(0, Date.now() / 1000 - seconds);
  if (s < 90) return "just now";
  if (s < 5400) return `${Math.round(s / 60)} minutes ago`;
  if (s < 129600) return `${Math.round(s / 3600)} hours ago`;
  return `${Math.round(s / 86400)} days ago`;
}

async function yourGames() {
  const held = heldSeats();
  if (!held.length) { $("mine").hidden = true; return; }
  const r = await api("/api/mine", {seats: held});
  // finished games, and links this server does not know, are dropped quietly
  const live = new Set(r.games.map((g) => `${g.id}/${g.seat}`));
  keepSeats(heldSeats().filter((h) => live.has(`${h.id}/${h.seat}`)));
  $("mine").hidden = !r.games.length;
  $("mine-list").innerHTML = r.games.map((g) => {
    const turn = g.your_turn ? `<span class="your-turn">your turn</span>` : g.to_move_name ? `${esc(g.to_move_name)} to move` : "";
    return `<li><a class="button primary" href="${esc(g.url)}">Resume</a>` +
      `<span><strong>${esc(g.title)}</strong> ${esc(g.mode)} · ${esc(g.setting)}<br>` +
      `<small>seat ${g.seat}${g.player ? ` (${esc(g.player)})` : ""} · move ${g.ply} · ${turn} · ${esc(ago(g.updated))}</small></span></li>`;
  }).join("");
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
  if (g.modes.solo) mode.value = "solo";  // a solo mode is what a lone player comes for
  const fillPlayers = () => {
    players.innerHTML = g.modes[mode.value].map((n) => `<option>${n}</option>`).join("");
    fillSeats();
  };
  const fillSeats = () => {
    const n = Number(players.value), box = $("seats");
    box.innerHTML = "<legend>Seats</legend>";
    for (let s = 0; s < n; s++) {
      const pick = s === 0 ? "human" : g.default_seat || "level:normal";
      const id = `seat-${s}`;
      box.insertAdjacentHTML("beforeend",
        `<label>Seat ${s} <input list="seat-choices" id="${id}" value="${esc(pick)}" spellcheck="false"></label>`);
    }
    box.insertAdjacentHTML("beforeend", `<datalist id="seat-choices">${g.seats.map((x) => `<option value="${esc(x)}">`).join("")}</datalist>`);
    const note = (g.mode_notes || {})[mode.value];
    if (note) box.insertAdjacentHTML("beforeend", `<p class="note">${esc(note)}</p>`);
  };
  const params = $("params");
  params.innerHTML = "<legend>Game settings</legend>";
  for (const [k, help] of Object.entries(g.params)) {
    const auto = (g.auto || []).includes(k) ? "; auto: chosen from your results" : "";
    const modes = (g.param_modes || {})[k] || Object.keys(g.modes);
    params.insertAdjacentHTML("beforeend", `<label data-modes="${esc(modes.join(" "))}">${esc(k.replace(/_/g, " "))} <input data-param="${esc(k)}" placeholder="default" title="${esc(help + auto)}"><small>${esc(help + auto)}</small></label>`);
  }
  // a setting shows only for the modes it serves (the game's metadata says which)
  const fitSettings = () => {
    let shown = 0;
    params.querySelectorAll("label[data-modes]").forEach((l) => {
      l.hidden = !l.dataset.modes.split(" ").includes(mode.value);
      if (!l.hidden) shown++;
    });
    params.hidden = !shown;
  };
  mode.onchange = () => { fitSettings(); fillPlayers(); }; players.onchange = fillSeats;
  fitSettings();
  fillPlayers();
  $("setup-form").onsubmit = async (ev) => {
    ev.preventDefault();
    const seats = [...document.querySelectorAll("#seats input")].map((i) => i.value.trim());
    const prm = {};
    document.querySelectorAll("[data-param]").forEach((i) => { if (i.value.trim() && !i.closest("label").hidden) prm[i.dataset.param] = i.value.trim(); });
    const body = {game: g.name, mode: mode.value, players: Number(players.value), seats, params: prm, seed: $("seed").value};
    if ($("target").value.trim()) body.target = $("target").value.trim();
    const player = playerForNewGame();
    if (player) body.player = player;
    const file = $("position-file").files[0];
    if (file) {  // the position holds the game's settings: only the seats and seeds go with it
      body.position = await file.text();
      delete body.mode; delete body.players; delete body.params;
    }
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

const P = {view: null, sel: [], group: null, base: "", busy: false, textBoard: false,
  logShown: [], boardShown: null, overShown: false, hint: null};

async function play() {
  show("play");
  $("tools").hidden = false;
  const q = new URLSearchParams(location.search);
  const id = location.pathname.split("/")[2];
  P.base = `/api/games/${encodeURIComponent(id)}`;
  P.q = `seat=${encodeURIComponent(q.get("seat"))}&key=${encodeURIComponent(q.get("key"))}`;
  $("hint-btn").onclick = () => hint(3); $("undo-btn").onclick = undo; $("save-btn").onclick = save;
  $("text-btn").onclick = () => { P.textBoard = !P.textBoard; draw(); };
  $("over-close").onclick = () => { $("over").hidden = true; };
  $("over-save").onclick = save;
  $("over-position").onclick = copyPosition;
  $("skip-btn").onclick = skipFrames;
  $("next-btn").onclick = nextFrame;
  $("zoom-in").onclick = () => zoom(1); $("zoom-out").onclick = () => zoom(-1); $("zoom-fit").onclick = () => zoom(0);
  zoom(null);
  const speed = $("speed");
  speed.value = [...speed.options].some((o) => Number(o.value) === FRAME_MS) ? String(FRAME_MS) : "650";
  speed.onchange = () => { FRAME_MS = Number(speed.value); localStorage.setItem("automa.frame_ms", speed.value); };
  document.addEventListener("keydown", keys);
  try {
    const v = await api(`${P.base}?${P.q}`);
    // this browser holds the seat now: the lobby lists it until the game is over
    if (v.over) dropSeat(id, Number(q.get("seat")));
    else holdSeat(id, Number(q.get("seat")), q.get("key") || "");
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
  let drawn = false;
  try { await take(await api(`${P.base}/${what}?${P.q}`, Object.assign({wait: 0}, body || {}))); drawn = true; }
  catch (e) {
    toast(e.message, true);
    if (e.status === 409) { await take(await api(`${P.base}?${P.q}`)); drawn = true; }
  } finally {
    P.busy = false; $("side").classList.remove("thinking");
    if (P.view && !drawn) draw();  // (take has drawn otherwise: one draw per click)
  }
}

const sleep = (ms) => new Promise((r) => setTimeout(r, ms));

async function showFrames(frames) {
  if (!frames.length || P.skip || FRAME_MS === 0) return;
  $("skip-btn").disabled = false;
  for (const f of frames) {            // bots' turns one at a time; Space or "instant" skips
    if (P.skip || FRAME_MS === 0) break;
    setBoard(f.board_svg || "");
    addLines(f.log, true);
    if (f.standing) setStanding(f.standing, P.last);
    document.body.dataset.frame = Number(document.body.dataset.frame || 0) + 1;  // for tests: bot moves shown
    await (FRAME_MS < 0 ? stepWait() : sleep(FRAME_MS));
  }
  $("skip-btn").disabled = true; $("next-btn").hidden = true;
}

// the step speed: each bot move stays until Enter (or the Next button); Space skips them all
function stepWait() {
  $("next-btn").hidden = false;
  return new Promise((resolve) => { P.step = resolve; });
}

function nextFrame() { const go = P.step; P.step = null; if (go) go(); }

function skipFrames() { if (P.view) return; P.skip = true; nextFrame(); }  // only while the bots' moves play

// the score strip: every side's score and each automaton's state, as this seat's view has it
function setStanding(list, v) {
  const box = $("standing");
  const shown = JSON.stringify([list, v && v.seat, v && v.to_move]);
  if (shown === P.standingShown) return;  // a redraw that changes nothing here touches nothing
  P.standingShown = shown;
  if (!v || !list || !list.length) { box.hidden = true; return; }
  box.hidden = false;
  box.innerHTML = list.map((e) => {
    const seat = e.seat === null || e.seat === undefined ? null : e.seat;
    const who = seat === null ? "" : seat === v.seat ? "you" : `seat ${seat}`;
    const cls = ["side", seat === v.seat ? "you" : "", seat !== null && seat === v.to_move ? "to-move" : "", seat === null ? "automaton" : ""].join(" ");
    const title = seat === null ? e.name : v.seats[seat] || who;
    return `<span class="${cls}" data-seat="${seat === null ? "" : seat}" title="${esc(title)}"><b>${esc([who, e.name].filter((x) => x).join(" · "))}</b> ` +
      `<span class="score">${esc(e.score)}</span>${e.note ? ` <small>${esc(e.note)}</small>` : ""}</span>`;
  }).join("");
}

// the board's zoom (kept by this browser): a width of 100% fits the board's column; more
// than that and the board pans by scrolling its frame (a phone reads it at 3-4 times)
const ZOOMS = [1, 1.5, 2, 2.5, 3, 4, 5];
function zoom(step) {
  let at = ZOOMS.indexOf(Number(localStorage.getItem("automa.zoom") || 1));
  if (at < 0) at = 0;
  if (step === 0) at = 0;
  else if (step) at = Math.max(0, Math.min(ZOOMS.length - 1, at + step));
  localStorage.setItem("automa.zoom", String(ZOOMS[at]));
  $("board").style.width = `${ZOOMS[at] * 100}%`;
  $("zoom-out").disabled = at === 0; $("zoom-in").disabled = at === ZOOMS.length - 1;
  $("zoom-fit").textContent = ZOOMS[at] === 1 ? "fit" : `${ZOOMS[at]}×`;
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
  P.view = v; P.last = v; P.sel = []; P.group = null; P.hint = null;
  $("hint").hidden = true;
  draw();
  // a bot is to move but nothing thinks (a view taken between two bot jobs): start them again,
  // rather than leave the page waiting
  if (!v.over && !v.your_turn && !v.stopped && !v.seats[v.to_move].includes("(human)")) setTimeout(() => send("advance"), 300);
}

// The log grows by what is new: the lines already shown stay in the page (rebuilding it on
// every draw made each click cost more as the game went on), and it scrolls once per batch.
const LOG_KEEP = 400;
function addLines(lines, fresh) {
  if (!lines.length) return;
  const box = $("log"), frag = document.createDocumentFragment();
  for (const line of lines) {
    const li = document.createElement("li");
    li.textContent = line;
    if (line.startsWith("»")) li.className = "news";
    if (fresh) li.classList.add("fresh");
    frag.appendChild(li);
    P.logShown.push(line);
  }
  box.appendChild(frag);
  while (box.childElementCount > LOG_KEEP) box.firstElementChild.remove();
  if (P.logShown.length > LOG_KEEP) P.logShown = P.logShown.slice(-LOG_KEEP);
  box.scrollTop = box.scrollHeight;
}

// the lines of `now` (the server's window of the log) not yet on the page
function unseen(shown, now) {
  for (let k = Math.min(shown.length, now.length); k > 0; k--) {
    let same = true;
    for (let i = 0; i < k && same; i++) same = shown[shown.length - k + i] === now[i];
    if (same) return now.slice(k);
  }
  return now;
}

// A new board is patched into the one on screen rather than put in its place: consecutive
// boards differ in a few elements, and a whole new SVG is styled, laid out and painted
// again in full (a Tabletop Inc. press: about 20% less main-thread CPU time patched).
function setBoard(svg) {
  if (svg === P.boardShown) return;
  P.boardShown = svg;
  const box = $("board"), fresh = document.createElement("template");
  fresh.innerHTML = svg;
  const now = box.firstElementChild, next = fresh.content.firstElementChild;
  if (now && next && box.childNodes.length === 1 && fresh.content.childNodes.length === 1 && now.nodeName === next.nodeName) morph(now, next);
  else box.replaceChildren(fresh.content);
}

// make `old` (on the page) the same as `neu` (parsed, off the page), keeping what is equal
function morph(old, neu) {
  for (const a of [...old.attributes]) if (!neu.hasAttributeNS(a.namespaceURI, a.localName)) old.removeAttributeNode(a);
  for (const a of neu.attributes) if (old.getAttributeNS(a.namespaceURI, a.localName) !== a.value) old.setAttributeNS(a.namespaceURI, a.name, a.value);
  let o = old.firstChild, n = neu.firstChild;
  while (n) {
    const nNext = n.nextSibling;
    if (!o) old.appendChild(n);
    else {
      const oNext = o.nextSibling;
      if (o.nodeType !== n.nodeType || o.nodeName !== n.nodeName) old.replaceChild(n, o);
      else if (o.nodeType === Node.ELEMENT_NODE) morph(o, n);
      else if (o.nodeValue !== n.nodeValue) o.nodeValue = n.nodeValue;
      o = oNext;
    }
    n = nNext;
  }
  while (o) { const oNext = o.nextSibling; o.remove(); o = oNext; }
}

// each draw is timed as a user-timing measure ("automa.draw", with the log's length in its
// detail) so that a profiler or experiments/page_speed.py can see whether it grows with the game
const DRAW_MEASURES_KEPT = 1000;
let drawsTimed = 0;

function draw() {
  const v = P.view;
  if (!v) return;
  const started = performance.now();
  drawBody(v);
  if (++drawsTimed % DRAW_MEASURES_KEPT === 0) performance.clearMeasures("automa.draw");
  performance.measure("automa.draw", {start: started, detail: {log: $("log").childElementCount, ply: v.ply}});
}

function drawBody(v) {
  // for tests and screen readers: where the game stands
  document.body.dataset.ply = v.ply;
  document.body.dataset.state = v.over ? "over" : v.your_turn ? "turn" : "wait";
  $("heading").textContent = `${v.title} — ${v.seats[v.seat].replace("(human)", "(you)")}`;
  document.title = `${v.title} · automa`;
  $("board").hidden = P.textBoard && !!v.board_svg;
  $("zoom").hidden = $("board").hidden || !v.board_svg;
  $("board-text").hidden = !(P.textBoard || !v.board_svg);
  setBoard(v.board_svg || "");
  setStanding(v.standing, v);
  if ($("board-text").textContent !== v.board_text) $("board-text").textContent = v.board_text;
  addLines(unseen(P.logShown, v.log), false);
  $("undo-btn").disabled = !v.can_undo;
  if (v.undo_note) $("undo-btn").title = `u: ${v.undo_note}`;
  $("hint-btn").disabled = !v.your_turn;
  if (v.over) {
    $("status").innerHTML = `<p class="over">The game is over. <button id="show-over">Final scores</button></p>`;
    $("show-over").onclick = () => { $("over").hidden = false; };
    if (!P.overShown) { P.overShown = true; finalScreen(v); }  // once: it must not cover the board again
  } else if (v.your_turn) {
    $("status").innerHTML = `<p class="turn"></p>`;
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
  const keyed = document.querySelectorAll("#board [data-key]");
  if (!v.your_turn) { keyed.forEach((el) => el.classList.remove("pickable", "selected", "hover")); $("picked").innerHTML = ""; return; }
  const cands = candidates();
  const next = new Set(cands.filter((a) => a.keys.length > P.sel.length).map((a) => a.keys[P.sel.length]));
  keyed.forEach((el) => {  // toggled, not removed and added: an unchanged element is not restyled
    el.classList.toggle("pickable", next.has(el.dataset.key));
    el.classList.toggle("selected", P.sel.includes(el.dataset.key));
    el.classList.remove("hover");
    el.onclick = (ev) => { ev.stopPropagation(); pickKey(el.dataset.key); };
  });
  const turn = document.querySelector("#status .turn");
  if (turn) {  // the count follows a pick on the board
    const n = cands.length;
    turn.textContent = P.sel.length
      ? `Your turn — ${n === 1 ? "one move" : n + " choices"} with what you picked`
      : `Your turn — ${n === 1 ? "one move is possible" : n + " choices"}`;
  }
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
      const b = button(++n, `${g}`, `${count}`, () => { P.group = g; menu(); }, "group");
      if (suggested().some((a) => a.group === g)) b.classList.add("suggested");
      box.appendChild(b);
    }
    for (const a of loose) box.appendChild(actionButton(++n, a));
    markSuggested();
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
  markSuggested();
}

// the hint's first choice, wherever it is on screen: its button, its group, its next key on
// the board; nothing when the hint has no preference
function suggested() {
  if (!P.hint || !P.hint.best.length) return [];
  return candidates().filter((a) => a.i === P.hint.best[0]);
}

function markSuggested() {
  document.querySelectorAll("#board .suggested").forEach((el) => el.classList.remove("suggested"));
  for (const a of suggested()) {
    document.querySelectorAll(`#actions .action[data-index="${a.i}"]`).forEach((b) => b.classList.add("suggested"));
    const key = a.keys[P.sel.length];
    if (key !== undefined) document.querySelectorAll(`#board [data-key="${CSS.escape(key)}"]`).forEach((el) => el.classList.add("suggested"));
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

async function hint(seconds) {
  if (!P.view || !P.view.your_turn || P.busy) return;
  const box = $("hint");
  seconds = typeof seconds === "number" ? seconds : 3;
  const ply = P.view.ply;
  box.hidden = false; box.innerHTML = `<p>Thinking for ${seconds} seconds…</p>`;
  try {
    const h = await api(`${P.base}/hint?${P.q}`, {seconds});
    if (!P.view || P.view.ply !== ply) return;  // the game moved on meanwhile
    P.hint = h;
    box.innerHTML = `<h4>Hint</h4>` + h.lines.map((l) => `<p>${esc(l.trim())}</p>`).join("") +
      (seconds < 10 ? `<button id="think-longer">Think longer (10 s)</button>` : "");
    const more = $("think-longer"); if (more) more.onclick = () => hint(10);
    markSuggested();
    document.querySelectorAll("#actions button.group").forEach((b) => b.classList.remove("suggested"));
    menu();
  } catch (e) { box.innerHTML = `<p class="bad">${esc(e.message)}</p>`; }
}

function undo() { send("undo"); }

function save() {
  const a = document.createElement("a");
  a.href = `${P.base}/save?${P.q}`; a.download = "";
  document.body.appendChild(a); a.click(); a.remove();
  toast("Save file downloaded: load it here, or with automa play GAME --load FILE");
}

async function copyPosition() {
  // offered only here: while the game goes on, a position would show every hidden card
  try {
    const res = await fetch(`${P.base}/position?${P.q}`);
    const text = await res.text();
    if (!res.ok) throw new Error(JSON.parse(text).error || `error ${res.status}`);
    try { await navigator.clipboard.writeText(text); toast("The final position is copied: automa position --check reads it"); }
    catch (_e) {
      const a = document.createElement("a");
      a.href = URL.createObjectURL(new Blob([text], {type: "application/toml"})); a.download = "position.toml";
      document.body.appendChild(a); a.click(); a.remove();
      toast("The final position is downloaded as position.toml");
    }
  } catch (e) { toast(e.message, true); }
}

function finalScreen(v) {
  const r = v.result;
  $("over-title").textContent = r.winners.includes(v.seat) ? (r.winners.length > 1 ? "You share the win" : "You win!") : "Game over";
  const rep = r.report;
  if (rep) {  // every row with its breakdown, the automaton's row too, the deciding tie-breaker
    $("over-table").innerHTML = `<tr><th></th><th>score</th><th>how it was made</th><th>rank</th></tr>` +
      rep.rows.map((row) => `<tr class="${row.winner ? "winner" : ""}${row.automaton ? " automaton" : ""}"><td>${esc(row.seat === v.seat ? "you" : row.seat !== null ? v.seats[row.seat] : row.name)}</td><td>${esc(row.total)}</td><td class="parts">${row.parts.map(([label, value]) => `${esc(label)} ${esc(value)}`).join(", ")}</td><td>${row.rank === null ? "" : row.rank}${row.winner ? " ★" : ""}</td></tr>`).join("");
    $("over-reason").textContent = (rep.tiebreak ? `Tie-breaker: ${rep.tiebreak}. ` : "") + rep.reason;
  } else {
    const names = r.scores[0].map((_x, k) => r.score_names[k] || (k ? "tie-break" : "score"));
    $("over-table").innerHTML = `<tr><th>seat</th>${names.map((n) => `<th>${esc(n)}</th>`).join("")}<th>rank</th></tr>` +
      r.scores.map((s, i) => `<tr class="${r.winners.includes(i) ? "winner" : ""}"><td>${esc(v.seats[i].replace("(human)", i === v.seat ? "(you)" : "(human)"))}</td>${s.map((x) => `<td>${esc(x)}</td>`).join("")}<td>${r.ranks[i]}${r.winners.includes(i) ? " ★" : ""}</td></tr>`).join("");
    $("over-reason").textContent = r.reason;
  }
  $("over").hidden = false;
}

function keys(ev) {
  if (ev.target.tagName === "INPUT" || ev.target.tagName === "SELECT") return;
  // while the bots' moves play (no view yet): Space skips them, Enter or → shows the next
  if (ev.key === " " && !P.view) { ev.preventDefault(); skipFrames(); return; }  // else a focused button's own Space
  if ((ev.key === "Enter" || ev.key === "ArrowRight") && P.step) { ev.preventDefault(); nextFrame(); return; }
  if (ev.key === "+" || ev.key === "=") return zoom(1);
  if (ev.key === "-") return zoom(-1);
  if (ev.key === "0") return zoom(0);
  if (!P.view) return;
  if (ev.key === "Escape") { P.sel = []; P.group = null; $("over").hidden = true; menu(); return; }
  if (ev.key === "h") return hint(3);
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

// ------------------------------------------------------------------ a player's record

// GET /api/players/NAME is `automa stats --json`: the table with Wilson 95% intervals, the
// score trends and every finished game.  The plots are SVG drawn here, sized to the page
// (no script from elsewhere: the machine may have no internet).
const COLOURS = ["#1e6bd6", "#b3261e", "#2e7d32", "#8a5a2b", "#6a4b8c", "#e07b00", "#00838f"];
const PLOT = {summary: null, titles: {}};

async function playerPage(name) {
  show("player");
  $("heading").textContent = "";
  document.title = `${name} · automa`;
  $("player-title").textContent = `${name}'s record`;
  const [summary, catalog] = await Promise.all([
    api(`/api/players/${encodeURIComponent(name)}`),
    api("/api/catalog").catch(() => []),
  ]);
  for (const g of catalog) PLOT.titles[g.name] = g.title;
  PLOT.summary = summary;
  drawRecord(summary);
  let timer = null;
  window.addEventListener("resize", () => { clearTimeout(timer); timer = setTimeout(() => drawPlots(PLOT.summary), 150); });
}

const gameTitle = (name) => PLOT.titles[name] || name;
const fixed = (x, n) => (x === null || x === undefined ? "–" : Number(x).toFixed(n));
const winsText = (w) => (Number.isInteger(w) ? String(w) : String(Math.round(w * 100) / 100));

function drawRecord(s) {
  $("player-summary").textContent = s.games
    ? `${s.games} finished game${s.games === 1 ? "" : "s"}, in the terminal or in the browser (the same table as automa stats --player ${s.player}).`
    : `No finished game yet: games finished in the terminal or in the browser count here.`;
  $("record-table").innerHTML = s.table.length
    ? `<thead><tr><th>game</th><th>mode</th><th>setting</th><th class="num">won</th><th class="num">rate</th><th class="num">95% interval</th><th class="bar-cell"></th></tr></thead><tbody>` +
      s.table.map((x) => `<tr><td class="lead">${esc(gameTitle(x.game))}</td><td>${esc(x.mode)}</td><td>${esc(x.setting)}</td>` +
        `<td class="num" data-label="won">${winsText(x.wins)}/${x.games}</td><td class="num" data-label="rate">${fixed(x.rate, 2)}</td>` +
        `<td class="num" data-label="95%">[${fixed(x.interval[0], 2)}, ${fixed(x.interval[1], 2)}]</td><td class="bar-cell">${intervalBar(x)}</td></tr>`).join("") + "</tbody>"
    : "";
  $("trend-lines").innerHTML = s.trends.map((t) => {
    const trend = t.slope === null ? "too few games for a trend" : `${t.slope >= 0 ? "+" : ""}${fixed(t.slope, 2)} a game`;
    return `<li><strong>${esc(gameTitle(t.game))}</strong> ${esc(t.mode)}: mean score ${fixed(t.mean, 1)} over ${t.games}, last ${Math.min(10, t.games)} ${fixed(t.last10, 1)}, ${trend}</li>`;
  }).join("");
  const rows = [...s.history].reverse();
  $("history-panel").hidden = !rows.length;
  $("history-table").innerHTML = rows.length
    ? `<thead><tr><th>date</th><th>game</th><th>mode</th><th>setting</th><th>result</th><th class="num">score</th></tr></thead><tbody>` +
      rows.map((h) => `<tr><td class="when">${esc(new Date(h.finished * 1000).toLocaleString([], {dateStyle: "short", timeStyle: "short"}))}</td>` +
        `<td class="lead">${esc(gameTitle(h.game))}</td><td>${esc(h.mode)}</td><td>${esc(h.setting)}</td>` +
        `<td>${h.won >= 1 ? "won" : h.won > 0 ? "shared win" : "lost"}</td><td class="num" data-label="score">${h.score === null ? "–" : esc(winsText(h.score))}</td></tr>`).join("") + "</tbody>"
    : "";
  drawPlots(s);
}

// the win rate and its 95% interval on a 0-1 bar, with the even mark at 0.5
function intervalBar(x) {
  const w = 120, h = 16, at = (v) => 4 + v * (w - 8);
  return `<svg class="interval" width="${w}" height="${h}" viewBox="0 0 ${w} ${h}" role="img" aria-label="win rate ${fixed(x.rate, 2)}, 95% interval ${fixed(x.interval[0], 2)} to ${fixed(x.interval[1], 2)}">` +
    `<line x1="${at(0)}" x2="${at(1)}" y1="8" y2="8" stroke="#d9ccb4" stroke-width="2"/>` +
    `<line x1="${at(0.5)}" x2="${at(0.5)}" y1="2" y2="14" stroke="#7a6e60" stroke-dasharray="2 2"/>` +
    `<rect x="${at(x.interval[0])}" y="4" width="${Math.max(1, at(x.interval[1]) - at(x.interval[0]))}" height="8" rx="2" fill="#1e6bd6" opacity=".35"/>` +
    `<circle cx="${at(x.rate)}" cy="8" r="3.5" fill="#1e6bd6"/></svg>`;
}

function drawPlots(s) {
  const box = $("plots");
  const cards = [];
  // running win rate per game and mode, by game number
  const runs = new Map();
  for (const h of s.history) {
    const key = `${gameTitle(h.game)} ${h.mode}`;
    const run = runs.get(key) || {wins: 0, points: []};
    run.wins += h.won;
    run.points.push([run.points.length + 1, run.wins / (run.points.length + 1)]);
    runs.set(key, run);
  }
  if (runs.size) {
    const series = [...runs.entries()].map(([label, run], i) => ({label, points: run.points, colour: COLOURS[i % COLOURS.length], line: true}));
    cards.push({title: "Running win rate", series, y: [-0.04, 1.04], yTicks: [0, 0.25, 0.5, 0.75, 1], ref: 0.5, xLabel: "game number", yLabel: "win rate so far", kind: "winrate"});
  }
  s.trends.forEach((t, i) => {
    const points = t.scores.map((y, k) => [k + 1, y]);
    const series = [{label: "score", points, colour: COLOURS[i % COLOURS.length], dots: true}];
    if (t.slope !== null) {
      const n = t.scores.length, mid = (n + 1) / 2;
      series.push({label: `trend ${t.slope >= 0 ? "+" : ""}${fixed(t.slope, 2)} a game`, points: [[1, t.mean + t.slope * (1 - mid)], [n, t.mean + t.slope * (n - mid)]], colour: "#2b2520", line: true, dashed: true});
    }
    cards.push({title: `${gameTitle(t.game)} ${t.mode}: scores`, series, xLabel: "game number", yLabel: "score", kind: "scores"});
  });
  $("plots-panel").hidden = !cards.length;
  box.innerHTML = cards.map((c) => `<figure class="plot" data-kind="${c.kind}"><figcaption>${esc(c.title)}</figcaption><div class="plot-svg"></div>` +
    `<div class="legend">${c.series.map((x) => `<span><i style="background:${x.colour}"></i>${esc(x.label)}</span>`).join("")}${c.ref !== undefined ? `<span><i class="ref"></i>even (${c.ref})</span>` : ""}</div></figure>`).join("");
  const figures = box.querySelectorAll(".plot-svg");
  cards.forEach((c, i) => { figures[i].innerHTML = chart(c, Math.max(260, Math.floor(figures[i].clientWidth || 320))); });
}

// steps of 1, 2 or 5 times a power of ten, about `count` of them from lo to hi
function ticks(lo, hi, count, whole) {
  if (hi <= lo) hi = lo + 1;
  const rough = (hi - lo) / count, mag = 10 ** Math.floor(Math.log10(rough));
  let step = [1, 2, 5, 10].map((m) => m * mag).find((x) => x >= rough);
  if (whole) step = Math.max(1, Math.round(step));
  const out = [];
  for (let v = Math.ceil(lo / step - 1e-9) * step; v <= hi + 1e-9; v += step) out.push(Number(v.toFixed(6)));
  return out;
}

function chart(c, width) {
  const height = 230, left = 52, right = 14, top = 12, bottom = 44;
  const pts = c.series.flatMap((x) => x.points);
  const xs = pts.map((p) => p[0]), ys = pts.map((p) => p[1]);
  const xMax = Math.max(2, ...xs), xMin = 1;
  let [yMin, yMax] = c.y || [Math.min(...ys), Math.max(...ys)];
  if (!c.y) { const pad = (yMax - yMin) * 0.1 || 1; yMin -= pad; yMax += pad; }
  const X = (x) => left + (x - xMin) / (xMax - xMin) * (width - left - right);
  const Y = (y) => top + (1 - (y - yMin) / (yMax - yMin)) * (height - top - bottom);
  const xt = ticks(xMin, xMax, Math.max(2, Math.floor((width - left - right) / 60)), true).filter((v) => v >= xMin);
  const yt = c.yTicks || ticks(yMin, yMax, 5, false);
  let out = `<svg width="${width}" height="${height}" viewBox="0 0 ${width} ${height}" role="img" aria-label="${esc(c.title)}">`;
  out += `<rect x="${left}" y="${top}" width="${width - left - right}" height="${height - top - bottom}" fill="#fffdf7" stroke="#d9ccb4"/>`;
  for (const v of yt) out += `<line x1="${left}" x2="${width - right}" y1="${Y(v)}" y2="${Y(v)}" stroke="#eee3cf"/><text x="${left - 6}" y="${Y(v) + 4}" text-anchor="end">${v}</text>`;
  for (const v of xt) out += `<line x1="${X(v)}" x2="${X(v)}" y1="${height - bottom}" y2="${height - bottom + 4}" stroke="#7a6e60"/><text x="${X(v)}" y="${height - bottom + 17}" text-anchor="middle">${v}</text>`;
  out += `<text class="axis" x="${left + (width - left - right) / 2}" y="${height - 6}" text-anchor="middle">${esc(c.xLabel)}</text>`;
  out += `<text class="axis" transform="translate(14 ${top + (height - top - bottom) / 2}) rotate(-90)" text-anchor="middle">${esc(c.yLabel)}</text>`;
  if (c.ref !== undefined) out += `<line class="ref" x1="${left}" x2="${width - right}" y1="${Y(c.ref)}" y2="${Y(c.ref)}" stroke="#7a6e60" stroke-dasharray="5 4"/>`;
  for (const x of c.series) {
    const path = x.points.map((p, i) => `${i ? "L" : "M"}${X(p[0]).toFixed(1)},${Y(p[1]).toFixed(1)}`).join("");
    if (x.line) out += `<path class="series" d="${path}" fill="none" stroke="${x.colour}" stroke-width="2"${x.dashed ? ` stroke-dasharray="6 4"` : ""}/>`;
    if (x.dots || (x.line && x.points.length === 1)) out += x.points.map((p) => `<circle class="point" cx="${X(p[0]).toFixed(1)}" cy="${Y(p[1]).toFixed(1)}" r="3.5" fill="${x.colour}"><title>game ${p[0]}: ${Number(p[1].toFixed(2))}</title></circle>`).join("");
  }
  return out + "</svg>";
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
else if (location.pathname.startsWith("/players/")) playerPage(decodeURIComponent(location.pathname.slice(9))).catch((e) => toast(e.message, true));
else if (location.pathname === "/replay") replay();
else if (location.pathname.startsWith("/companion/")) companion();
else lobby().catch((e) => toast(e.message, true));
