// The analysis board of `mancala serve`. Plain JavaScript (ES2020), no dependencies: it talks only
// to the JSON API of docs/serve-api.md.
"use strict";

const SVG_NS = "http://www.w3.org/2000/svg";
const SIDE_NAME = { S: "South", N: "North" };
const other = (side) => (side === "S" ? "N" : "S");
const $ = (sel) => document.querySelector(sel);

// ---------------------------------------------------------------------------------------------
// The state of the page.

const state = {
  game: null, // canonical game string
  position: null, // start position text, or null for the game's start
  moves: [], // moves played from the start
  redo: [], // taken-back moves, the next one last
  pos: null, // the answer of GET /api/position for the current position
  version: 0, // bumped whenever the position changes: late answers for older positions are dropped
  loading: false,
  flipped: false,
  choice: null, // {letter, moves} while the user picks one of several moves that lift a house
  agentBusy: false,
  agentToken: null, // identifies the agent request in flight
  agentPaused: false,
  clocks: { S: 0, N: 0 }, // seconds used
  turn: null, // {side, since} while a human's clock runs
  analysis: null, // {controller, version} of the running analysis
  games: [],
  runs: [],
  run: null, // {path, detail, offset}
  replay: null, // {path, data, ply}
};

// ---------------------------------------------------------------------------------------------
// The API.

class ApiError extends Error {}

async function api(method, path, body) {
  const init = { method, headers: { Accept: "application/json" } };
  if (body !== undefined) {
    init.headers["Content-Type"] = "application/json";
    init.body = JSON.stringify(body);
  }
  let resp;
  try {
    resp = await fetch(path, init);
  } catch (e) {
    throw new ApiError(`${method} ${path}: the server cannot be reached (${e.message})`);
  }
  return readJson(resp, method, path);
}

async function readJson(resp, method, path) {
  const text = await resp.text();
  let data = null;
  try {
    data = text ? JSON.parse(text) : null;
  } catch (e) {
    if (resp.ok) throw new ApiError(`${method} ${path}: the answer is not JSON`);
  }
  if (!resp.ok) {
    const msg = data && data.error ? data.error : text || resp.statusText;
    throw new ApiError(`${msg} (${resp.status})`);
  }
  return data;
}

// A results path (`tournaments/x.json`) in a URL: each segment encoded, the slashes kept.
const encodePath = (path) => path.split("/").map(encodeURIComponent).join("/");

function positionQuery(game, position, moves) {
  const q = new URLSearchParams({ game });
  if (position) q.set("position", position);
  if (moves && moves.length) q.set("moves", moves.join(" "));
  return q.toString();
}

// ---------------------------------------------------------------------------------------------
// Messages.

function showMessage(text, kind = "error") {
  const el = $("#message");
  el.textContent = text;
  el.className = `message ${kind}`;
  el.dataset.kind = kind;
  el.hidden = false;
  el.setAttribute("role", kind === "error" ? "alert" : "status");
}

function clearMessage() {
  const el = $("#message");
  el.textContent = "";
  el.hidden = true;
  delete el.dataset.kind;
}

function reportError(e) {
  if (e && e.name === "AbortError") return;
  showMessage(e instanceof Error ? e.message : String(e), "error");
}

// ---------------------------------------------------------------------------------------------
// Drawing a board.

function svgEl(name, attrs = {}, text) {
  const el = document.createElementNS(SVG_NS, name);
  for (const [k, v] of Object.entries(attrs)) {
    if (v !== undefined && v !== null) el.setAttribute(k, String(v));
  }
  if (text !== undefined) el.textContent = text;
  return el;
}

const MARK_TEXT = {
  kuu: "kuu (nyumba, owned)",
  takasia: "takasia (marked)",
  "owned-by-S": "owned by South",
  "owned-by-N": "owned by North",
};

// Draws `posAnswer.board` into `container` as an SVG. Options: flipped (North at the bottom),
// interactive (houses are buttons that play), legal (the legal moves, to highlight).
function drawBoard(container, posAnswer, opts = {}) {
  const board = posAnswer.board;
  const flipped = !!opts.flipped;
  const CELL = 68;
  const GAP = 6;
  const PAD = 8;
  const LABEL = 22; // space for the side labels above and below
  let rows = board.rows.map((r) => r.slice());
  if (flipped) rows = rows.reverse().map((r) => r.reverse());
  const cols = Math.max(...rows.map((r) => r.length), 1);
  const hasStores = Array.isArray(board.stores);
  const storeW = hasStores ? CELL : 0;
  const boardX = PAD + (hasStores ? storeW + GAP : 0);
  const boardY = PAD + LABEL;
  const boardH = rows.length * CELL;
  const width = boardX + cols * CELL + (hasStores ? GAP + storeW : 0) + PAD;
  const height = boardY + boardH + LABEL + PAD;
  const toMove = posAnswer.over ? null : posAnswer.side_to_move;
  const legalHouses = new Set();
  for (const m of opts.legal || []) {
    if (m.house) legalHouses.add(`${m.house.side}${m.house.index}`);
  }

  const svg = svgEl("svg", {
    viewBox: `0 0 ${width} ${height}`,
    width,
    height,
    role: "group",
    class: `board-svg layout-${board.layout}${flipped ? " flipped" : ""}`,
    "aria-label": `${board.layout} board, ${flipped ? "North" : "South"} at the bottom`,
    "data-layout": board.layout,
    "data-flipped": flipped ? "true" : "false",
    "data-position": posAnswer.position,
    "data-side-to-move": posAnswer.side_to_move,
    "data-over": posAnswer.over ? "true" : "false",
  });
  svg.appendChild(svgEl("rect", { class: "board-bg", x: PAD / 2, y: boardY - PAD / 2, width: width - PAD, height: boardH + PAD, rx: 14 }));

  // Side labels: the side whose houses fill the top rows above, the other below.
  const topSide = rows.length && rows[0].length ? rows[0][0].side : flipped ? "S" : "N";
  const bottomSide = other(topSide);
  for (const [side, y] of [[topSide, PAD + LABEL - 6], [bottomSide, boardY + boardH + LABEL - 4]]) {
    const label = SIDE_NAME[side] + (toMove === side ? "  ▶ to move" : "");
    svg.appendChild(svgEl("text", { class: `side-label side-${side}${toMove === side ? " to-move" : ""}`, x: width / 2, y, "text-anchor": "middle", "data-side-label": side }, label));
  }

  // The rows of the side to move get a tinted band.
  rows.forEach((row, r) => {
    if (row.length && toMove && row.every((c) => c.side === toMove)) {
      svg.appendChild(svgEl("rect", { class: "to-move-band", x: boardX - 3, y: boardY + r * CELL + 1, width: row.length * CELL + 6, height: CELL - 2, rx: 10 }));
    }
  });
  if (board.layout === "four-row" && rows.length === 4) {
    const y = boardY + 2 * CELL;
    svg.appendChild(svgEl("line", { class: "half-line", x1: boardX, x2: boardX + cols * CELL, y1: y, y2: y }));
  }

  // Stores: North's at the left and South's at the right with South at the bottom; turned over
  // when flipped.
  if (hasStores) {
    const [south, north] = board.stores;
    const left = flipped ? ["S", south] : ["N", north];
    const right = flipped ? ["N", north] : ["S", south];
    for (const [[side, seeds], x] of [[left, PAD], [right, boardX + cols * CELL + GAP]]) {
      const g = svgEl("g", { class: `store side-${side}`, "data-store": side, "data-seeds": seeds, transform: `translate(${x},${boardY})` });
      g.appendChild(svgEl("title", {}, `${SIDE_NAME[side]}'s store: ${seeds} seeds`));
      g.appendChild(svgEl("rect", { class: "store-pit", x: 4, y: 4, width: storeW - 8, height: boardH - 8, rx: (storeW - 8) / 2 }));
      g.appendChild(svgEl("text", { class: "seeds", x: storeW / 2, y: boardH / 2 + 8, "text-anchor": "middle" }, String(seeds)));
      g.appendChild(svgEl("text", { class: "letter", x: storeW / 2, y: boardH - 14, "text-anchor": "middle" }, `${side} store`));
      svg.appendChild(g);
    }
  }

  rows.forEach((row, r) => {
    row.forEach((cell, c) => {
      const x = boardX + c * CELL;
      const y = boardY + r * CELL;
      const marks = cell.marks || [];
      const key = `${cell.side}${cell.index}`;
      const legal = legalHouses.has(key);
      const cls = ["house", `side-${cell.side}`];
      if (legal) cls.push("legal");
      if (cell.seeds === 0) cls.push("empty");
      for (const m of marks) cls.push(`mark-${m}`);
      const g = svgEl("g", {
        class: cls.join(" "),
        transform: `translate(${x},${y})`,
        "data-side": cell.side,
        "data-index": cell.index,
        "data-letter": cell.letter,
        "data-seeds": cell.seeds,
        "data-marks": marks.join(" "),
        "data-row": r,
        "data-col": c,
      });
      const markText = marks.map((m) => MARK_TEXT[m] || m).join(", ");
      const title = `${cell.letter}: ${cell.seeds} seed${cell.seeds === 1 ? "" : "s"} (${SIDE_NAME[cell.side]})${markText ? "; " + markText : ""}`;
      g.appendChild(svgEl("title", {}, title));
      if (opts.interactive) {
        g.setAttribute("role", "button");
        g.setAttribute("tabindex", "0");
        g.setAttribute("aria-label", title);
      }
      const shape = marks.includes("kuu") ? "rect" : "circle";
      const cy = CELL / 2 - 4;
      const r0 = CELL / 2 - 10;
      if (shape === "rect") {
        g.appendChild(svgEl("rect", { class: "pit", x: CELL / 2 - r0, y: cy - r0, width: 2 * r0, height: 2 * r0, rx: 6 }));
      } else {
        g.appendChild(svgEl("circle", { class: "pit", cx: CELL / 2, cy, r: r0 }));
      }
      g.appendChild(svgEl("text", { class: "seeds", x: CELL / 2, y: cy + 7, "text-anchor": "middle" }, String(cell.seeds)));
      g.appendChild(svgEl("text", { class: "letter", x: CELL / 2, y: CELL - 3, "text-anchor": "middle" }, cell.letter));
      let badgeX = 4;
      for (const m of marks) {
        let label = m;
        if (m === "kuu") label = "kuu";
        else if (m === "takasia") label = "T";
        else if (m.startsWith("owned-by-")) label = m.slice(9);
        const w = label.length * 7 + 6;
        const b = svgEl("g", { class: `badge badge-${m}`, transform: `translate(${badgeX},3)` });
        b.appendChild(svgEl("rect", { width: w, height: 13, rx: 3 }));
        b.appendChild(svgEl("text", { x: w / 2, y: 10, "text-anchor": "middle" }, label));
        g.appendChild(b);
        badgeX += w + 2;
      }
      svg.appendChild(g);
    });
  });

  container.replaceChildren(svg);
  return svg;
}

// ---------------------------------------------------------------------------------------------
// The analysis board: loading positions and playing moves.

function busy() {
  return state.loading || state.agentBusy;
}

function agentSide() {
  const v = $("#agent-side").value;
  return v === "S" || v === "N" ? v : null;
}

function isAgentTurn(pos = state.pos) {
  return !!pos && !pos.over && agentSide() === pos.side_to_move;
}

// Loads the position (game, position, moves) from the server; on success it becomes the current
// one. Returns true on success; on failure the current position stays and the error is shown.
async function goTo(game, position, moves, how = {}) {
  const version = ++state.version;
  cancelAnalysis("the position changed");
  state.loading = true;
  updateBusy();
  try {
    const ans = await api("GET", `/api/position?${positionQuery(game, position, moves)}`);
    if (version !== state.version) return false;
    state.game = ans.game;
    state.position = position || null;
    state.moves = ans.moves ? ans.moves.slice() : moves.slice();
    state.loading = false;
    updateBusy();
    setPosition(ans, how);
    return true;
  } catch (e) {
    if (version === state.version) reportError(e);
    return false;
  } finally {
    if (version === state.version) {
      state.loading = false;
      updateBusy();
    }
  }
}

// Makes `ans` (a GET /api/position answer) the current position and reacts to it.
function setPosition(ans, how = {}) {
  state.pos = ans;
  state.choice = null;
  // The analysis shown belongs to another position: clear it.
  if ($("#moves-table").dataset.position && $("#moves-table").dataset.position !== ans.position) {
    clearAnalysisTable();
    if (!state.analysis && $("#analysis-status").dataset.state === "done") setAnalysisStatus("idle", "no analysis of this position yet");
  }
  if (how.pauseAgent !== undefined) state.agentPaused = how.pauseAgent && isAgentTurn(ans);
  render();
  startTurnClock();
  if (!ans.over && $("#auto-analyse").checked && !isAgentTurn(ans)) analyse();
  maybeAgentMove();
}

async function newGame(gameText) {
  const game = (gameText || "").trim();
  if (!game) {
    showMessage("type a game string or pick a game", "error");
    return;
  }
  const ok = await goTo(game, null, [], { pauseAgent: false });
  if (ok) {
    state.redo = [];
    resetClocks();
    clearMessage();
    $("#game-text").value = state.game;
    const name = state.game.replace(/\(.*$/, "");
    if ([...$("#game-select").options].some((o) => o.value === name)) $("#game-select").value = name;
    showGameKeys();
    renderControls();
  }
}

// The user plays `move` (a move name).
async function playMove(move) {
  if (!state.pos) return;
  if (state.agentBusy) {
    showMessage("wait: the agent is thinking", "info");
    return;
  }
  if (state.loading) return;
  stopTurnClock();
  const redo = state.redo.length && state.redo[state.redo.length - 1] === move ? state.redo.slice(0, -1) : [];
  const ok = await goTo(state.game, state.position, [...state.moves, move], { pauseAgent: false });
  if (ok) {
    state.redo = redo;
    clearMessage();
    renderControls();
  } else {
    startTurnClock();
  }
}

async function undo() {
  if (busy() || !state.moves.length) return;
  const redo = state.redo.slice();
  let moves = state.moves.slice();
  redo.push(moves.pop());
  let ok = await goTo(state.game, state.position, moves, { pauseAgent: true });
  // Against an agent, take back to the human's turn.
  while (ok && isAgentTurn() && moves.length) {
    redo.push(moves.pop());
    ok = await goTo(state.game, state.position, moves, { pauseAgent: true });
  }
  state.redo = redo;
  renderControls();
  if (state.agentPaused) showMessage("agent paused: press “Agent move” to let it play", "info");
}

async function redoMove() {
  if (busy() || !state.redo.length) return;
  const redo = state.redo.slice();
  const move = redo.pop();
  const ok = await goTo(state.game, state.position, [...state.moves, move], { pauseAgent: true });
  if (ok) {
    state.redo = redo;
    renderControls();
    if (state.agentPaused) showMessage("agent paused: press “Agent move” to let it play", "info");
  }
}

// Jumps to the position after the first `ply` moves (the moves after it can be redone).
async function jumpTo(ply) {
  if (busy()) return;
  const all = [...state.moves, ...state.redo.slice().reverse()];
  if (ply < 0 || ply > all.length) return;
  const ok = await goTo(state.game, state.position, all.slice(0, ply), { pauseAgent: true });
  if (ok) {
    state.redo = all.slice(ply).reverse();
    renderControls();
  }
}

async function setPositionFromText() {
  const game = ($("#game-text").value || state.game || "").trim();
  const position = $("#position-input").value.trim();
  const moves = $("#moves-input").value.trim().split(/[\s,]+/).filter(Boolean);
  const ok = await goTo(game, position || null, moves, { pauseAgent: true });
  if (ok) {
    state.redo = [];
    resetClocks();
    clearMessage();
    $("#game-text").value = state.game;
    renderControls();
  }
}

// The user clicked (or pressed Enter on) a house of the board.
function houseClicked(cellEl) {
  const pos = state.pos;
  if (!pos) return;
  const side = cellEl.dataset.side;
  const index = Number(cellEl.dataset.index);
  const letter = cellEl.dataset.letter;
  const seeds = Number(cellEl.dataset.seeds);
  if (pos.over) {
    showMessage(`the game is over: ${gameOverText(pos)}`, "info");
    return;
  }
  if (state.agentBusy) {
    showMessage("wait: the agent is thinking", "info");
    return;
  }
  const moves = pos.legal.filter((m) => m.house && m.house.side === side && m.house.index === index);
  if (moves.length === 1) {
    playMove(moves[0].move);
    return;
  }
  if (moves.length > 1) {
    showChoice(letter, moves);
    return;
  }
  const mover = SIDE_NAME[pos.side_to_move];
  if (side !== pos.side_to_move && !pos.legal.some((m) => m.house && m.house.side === side)) {
    showMessage(`not your house: ${mover} to move`, "info");
  } else if (seeds === 0) {
    showMessage(`house ${letter} is empty`, "info");
  } else {
    const names = pos.legal.map((m) => m.move).join(" ");
    showMessage(`no legal move lifts house ${letter}; the legal moves: ${names || "none"}`, "info");
  }
}

function showChoice(letter, moves) {
  state.choice = { letter, moves };
  renderChoice();
}

function renderChoice() {
  const box = $("#move-choices");
  box.replaceChildren();
  const choice = state.choice;
  box.hidden = !choice;
  if (!choice) return;
  const label = document.createElement("span");
  label.textContent = `house ${choice.letter}: which move?`;
  box.appendChild(label);
  for (const m of choice.moves) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "choice";
    b.dataset.move = m.move;
    b.textContent = m.move;
    b.title = describeMove(m.move);
    b.addEventListener("click", () => {
      state.choice = null;
      renderChoice();
      playMove(m.move);
    });
    box.appendChild(b);
  }
  const cancel = document.createElement("button");
  cancel.type = "button";
  cancel.className = "choice-cancel";
  cancel.textContent = "cancel";
  cancel.addEventListener("click", () => {
    state.choice = null;
    renderChoice();
  });
  box.appendChild(cancel);
  box.querySelector("button").focus();
}

function describeMove(move) {
  if (move === "pass") return "pass";
  if (move === "hand") return "sow the seeds in hand";
  if (/^p\d+$/.test(move)) return `plant ${move.slice(1)} from the hand`;
  if (/s$/.test(move) && move.length > 2) return `${move}: with a safari at the kuu`;
  if (/\+$/.test(move)) return `${move}: the + direction`;
  if (/-\d*$/.test(move)) return `${move}: the - direction${/\d$/.test(move) ? ` (${move.replace(/^.*-/, "")} laps)` : ""}`;
  return move;
}

// ---------------------------------------------------------------------------------------------
// The agent.

async function maybeAgentMove(force = false) {
  const pos = state.pos;
  if (!pos || pos.over || state.agentBusy || state.loading) return;
  if (!force && (!isAgentTurn(pos) || state.agentPaused)) return;
  const agent = $("#agent-text").value.trim();
  if (!agent) {
    showMessage("type an agent string, e.g. search(time=500)", "error");
    return;
  }
  const version = state.version;
  const side = pos.side_to_move;
  const body = { game: state.game, moves: state.moves.join(" "), agent, seed: state.moves.length };
  if (state.position) body.position = state.position;
  const token = {};
  state.agentToken = token;
  state.agentBusy = true;
  state.agentPaused = false;
  updateBusy();
  const started = performance.now();
  try {
    const ans = await api("POST", "/api/move", body);
    if (version !== state.version) return; // the position changed meanwhile
    const seconds = typeof ans.seconds === "number" ? ans.seconds : (performance.now() - started) / 1000;
    state.clocks[side] += seconds;
    state.agentBusy = false;
    state.agentToken = null;
    state.version++;
    cancelAnalysis("the position changed");
    const redo = state.redo.length && state.redo[state.redo.length - 1] === ans.move ? state.redo.slice(0, -1) : [];
    state.moves = ans.position && ans.position.moves ? ans.position.moves.slice() : [...state.moves, ans.move];
    state.redo = redo;
    $("#agent-status").textContent = `${SIDE_NAME[side]} (${agent}) played ${ans.move} in ${seconds.toFixed(2)} s`;
    setPosition(ans.position);
    renderControls();
  } catch (e) {
    if (version === state.version) {
      state.agentPaused = true;
      reportError(e);
    }
  } finally {
    // A later request (the agent moving again) keeps its own flag.
    if (state.agentToken === token) {
      state.agentToken = null;
      state.agentBusy = false;
    }
    updateBusy();
  }
}

// ---------------------------------------------------------------------------------------------
// Clocks: the agent's time from the answers' `seconds`, a human's measured here.

function resetClocks() {
  state.clocks = { S: 0, N: 0 };
  state.turn = null;
  startTurnClock();
  renderClocks();
}

function startTurnClock() {
  const pos = state.pos;
  if (!pos || pos.over || isAgentTurn(pos)) {
    state.turn = null;
    return;
  }
  if (!state.turn || state.turn.side !== pos.side_to_move) state.turn = { side: pos.side_to_move, since: performance.now() };
}

function stopTurnClock() {
  if (state.turn) state.clocks[state.turn.side] += (performance.now() - state.turn.since) / 1000;
  state.turn = null;
}

function formatClock(seconds) {
  const m = Math.floor(seconds / 60);
  const s = seconds - m * 60;
  return `${m}:${s < 10 ? "0" : ""}${s.toFixed(1)}`;
}

function renderClocks() {
  for (const side of ["S", "N"]) {
    let t = state.clocks[side];
    if (state.turn && state.turn.side === side) t += (performance.now() - state.turn.since) / 1000;
    const out = $(`#clock-${side}`);
    out.textContent = formatClock(t);
    out.dataset.seconds = t.toFixed(3);
    const running = (state.turn && state.turn.side === side) || (state.agentBusy && state.pos && state.pos.side_to_move === side);
    $(`#clock-${side}-box`).classList.toggle("running", !!running);
    $(`#clock-${side}-box`).classList.toggle("agent", agentSide() === side);
  }
}

// ---------------------------------------------------------------------------------------------
// Rendering the analysis board.

function gameOverText(pos) {
  const [s, n] = pos.stores || [0, 0];
  const how = pos.end ? ` (${pos.end})` : "";
  if (pos.winner === "draw") return `a draw ${s}-${n}${how}`;
  if (pos.winner === "S" || pos.winner === "N") return `${SIDE_NAME[pos.winner]} wins ${s}-${n}${how}`;
  return `${s}-${n}${how}`;
}

function render() {
  const pos = state.pos;
  if (!pos) return;
  const svg = drawBoard($("#board"), pos, { flipped: state.flipped, interactive: true, legal: pos.legal });
  svg.dataset.ply = String(state.moves.length);
  svg.dataset.moves = state.moves.join(" ");
  svg.dataset.game = pos.game;
  $("#game-name").textContent = pos.game;
  $("#side-to-move").textContent = pos.side_to_move;
  $("#side-to-move").className = `side-badge side-${pos.side_to_move}`;
  $("#side-to-move-text").textContent = pos.over ? `(the game is over; ${SIDE_NAME[pos.side_to_move]} would move)` : `${SIDE_NAME[pos.side_to_move]} to move`;
  $("#position-text").textContent = pos.position;
  $("#position-text").value = pos.position;

  const over = $("#game-over");
  over.hidden = !pos.over;
  over.dataset.winner = pos.winner || "";
  over.dataset.end = pos.end || "";
  $("#game-over-text").textContent = pos.over ? gameOverText(pos) : "";
  const fs = $("#final-stores");
  if (pos.over && pos.stores) {
    fs.textContent = `${pos.stores[0]}-${pos.stores[1]}`;
    fs.dataset.south = pos.stores[0];
    fs.dataset.north = pos.stores[1];
  } else {
    fs.textContent = "";
    delete fs.dataset.south;
    delete fs.dataset.north;
  }

  const fields = $("#fields");
  fields.replaceChildren();
  for (const f of pos.board.fields || []) {
    const dt = document.createElement("dt");
    dt.textContent = f.label;
    const dd = document.createElement("dd");
    dd.textContent = f.value;
    dd.dataset.key = f.key;
    dt.dataset.key = f.key;
    fields.append(dt, dd);
  }
  fields.hidden = !(pos.board.fields || []).length;

  const extra = $("#extra-moves");
  extra.replaceChildren();
  for (const m of pos.legal.filter((m) => !m.house)) {
    const b = document.createElement("button");
    b.type = "button";
    b.className = "extra-move";
    b.dataset.move = m.move;
    b.textContent = m.move;
    b.title = describeMove(m.move);
    b.addEventListener("click", () => playMove(m.move));
    extra.appendChild(b);
  }
  renderChoice();
  renderControls();
  renderClocks();
}

function renderControls() {
  $("#undo").disabled = !state.moves.length;
  $("#redo").disabled = !state.redo.length;
  const list = $("#move-list");
  list.replaceChildren();
  const all = [...state.moves, ...state.redo.slice().reverse()];
  all.forEach((m, i) => {
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = m;
    b.dataset.ply = String(i + 1);
    b.className = i < state.moves.length ? "played" : "redo";
    if (i === state.moves.length - 1) b.classList.add("current");
    b.title = `go to the position after move ${i + 1}`;
    b.addEventListener("click", () => jumpTo(i + 1));
    li.appendChild(b);
    list.appendChild(li);
  });
}

function updateBusy() {
  const el = $("#board");
  el.dataset.busy = busy() ? "true" : "false";
  el.classList.toggle("busy", busy());
  const status = $("#agent-status");
  if (state.agentBusy) status.textContent = `${$("#agent-text").value.trim()} is thinking…`;
  renderClocks();
}

// ---------------------------------------------------------------------------------------------
// Analysis: POST /api/analysis, read as a stream of server-sent events.

function cancelAnalysis(why = "cancelled") {
  const a = state.analysis;
  if (!a) return;
  state.analysis = null;
  a.controller.abort();
  setAnalysisStatus("cancelled", `analysis cancelled (${why})`);
  $("#cancel-analysis").disabled = true;
}

function setAnalysisStatus(stateName, text) {
  const el = $("#analysis-status");
  el.dataset.state = stateName;
  el.dataset.nodes = "";
  el.textContent = text;
}

async function analyse() {
  if (!state.pos) return;
  cancelAnalysis("a new analysis started");
  if (state.pos.over) {
    setAnalysisStatus("done", "the game is over: no moves to analyse");
    clearAnalysisTable();
    return;
  }
  const controller = new AbortController();
  const me = { controller, version: state.version };
  state.analysis = me;
  $("#cancel-analysis").disabled = false;
  clearAnalysisTable();
  setAnalysisStatus("running", "analysing…");
  const body = { game: state.game, moves: state.moves.join(" ") };
  if (state.position) body.position = state.position;
  const maxSeconds = Number($("#max-seconds").value);
  if (Number.isFinite(maxSeconds) && maxSeconds > 0) body.max_seconds = maxSeconds;
  const stillMine = () => state.analysis === me && me.version === state.version;
  try {
    const resp = await fetch("/api/analysis", {
      method: "POST",
      headers: { "Content-Type": "application/json", Accept: "text/event-stream" },
      body: JSON.stringify(body),
      signal: controller.signal,
    });
    const type = resp.headers.get("content-type") || "";
    if (!resp.ok || !type.includes("text/event-stream")) {
      const data = await readJson(resp, "POST", "/api/analysis");
      if (stillMine()) showAnalysis(data);
      return;
    }
    let finished = false;
    await readEvents(resp.body, (event, data) => {
      if (!stillMine()) return;
      let obj;
      try {
        obj = JSON.parse(data);
      } catch (e) {
        throw new ApiError(`analysis: an event that is not JSON: ${data.slice(0, 80)}`);
      }
      if (event === "progress") {
        // docs/serve-api.md names the count `nodes`; the server sends a job's progress,
        // `{"what": "nodes", "done"}`: either is read.
        const nodes = typeof obj.nodes === "number" ? obj.nodes : obj.what === "nodes" ? obj.done : undefined;
        setAnalysisStatus("running", `analysing… ${formatNodes(nodes)} nodes, ${Number(obj.seconds || 0).toFixed(1)} s`);
        $("#analysis-status").dataset.nodes = typeof nodes === "number" ? String(nodes) : "";
      } else if (event === "result") {
        finished = true;
        showAnalysis(obj);
      } else if (event === "error") {
        finished = true;
        setAnalysisStatus("error", "analysis failed");
        showMessage(obj.error || data, "error");
      }
    });
    if (stillMine() && !finished) {
      setAnalysisStatus("error", "analysis ended without a result");
      showMessage("analysis: the event stream ended without a result", "error");
    }
  } catch (e) {
    if (e.name === "AbortError") return;
    if (stillMine()) {
      setAnalysisStatus("error", "analysis failed");
      reportError(e);
    }
  } finally {
    if (state.analysis === me) {
      state.analysis = null;
      $("#cancel-analysis").disabled = true;
    }
  }
}

// Reads a text/event-stream body, calling onEvent(eventName, data) for each event.
async function readEvents(body, onEvent) {
  const reader = body.getReader();
  const decoder = new TextDecoder();
  let buffer = "";
  const dispatch = (block) => {
    let event = "message";
    const data = [];
    for (const line of block.split(/\r\n|\r|\n/)) {
      if (!line || line.startsWith(":")) continue;
      const colon = line.indexOf(":");
      const field = colon < 0 ? line : line.slice(0, colon);
      let value = colon < 0 ? "" : line.slice(colon + 1);
      if (value.startsWith(" ")) value = value.slice(1);
      if (field === "event") event = value;
      else if (field === "data") data.push(value);
    }
    if (data.length) onEvent(event, data.join("\n"));
  };
  for (;;) {
    const { value, done } = await reader.read();
    if (done) break;
    buffer += decoder.decode(value, { stream: true });
    let m;
    while ((m = /\r\n\r\n|\n\n|\r\r/.exec(buffer))) {
      const block = buffer.slice(0, m.index);
      buffer = buffer.slice(m.index + m[0].length);
      dispatch(block);
    }
  }
  buffer += decoder.decode();
  if (buffer.trim()) dispatch(buffer);
}

function formatNodes(n) {
  if (typeof n !== "number") return "?";
  if (n >= 1e6) return `${(n / 1e6).toFixed(2)} M`;
  if (n >= 1e4) return `${(n / 1e3).toFixed(1)} k`;
  return String(n);
}

const signed = (v) => (v > 0 ? `+${v}` : String(v));

// A value or its bounds as text: exact values plainly, bounds as ">= 3", "<= 3" or "3..7".
function valueText(v) {
  if (!v) return "?";
  const lo = v.lower === undefined ? null : v.lower;
  const hi = v.upper === undefined ? null : v.upper;
  if (v.exact && lo !== null) return signed(lo);
  if (lo !== null && hi !== null) return `${lo}..${hi}`;
  if (lo !== null) return `>= ${lo}`;
  if (hi !== null) return `<= ${hi}`;
  return "?";
}

function clearAnalysisTable() {
  $("#moves-table tbody").replaceChildren();
  $("#analysis-value").textContent = "–";
  $("#analysis-pv").textContent = "–";
  $("#analysis-source").textContent = "–";
  $("#analysis-stats").textContent = "–";
  $("#moves-table").dataset.position = "";
}

function showAnalysis(a) {
  const side = SIDE_NAME[a.side_to_move] || a.side_to_move;
  $("#moves-table").dataset.position = a.position || "";
  $("#moves-table-caption").textContent = `values: final store difference in seeds for ${side} (to move)`;
  const v = $("#analysis-value");
  v.textContent = valueText(a.value);
  v.dataset.exact = a.value && a.value.exact ? "true" : "false";
  $("#analysis-pv").textContent = a.pv && a.pv.length ? a.pv.join(" ") : "–";
  $("#analysis-source").textContent = (a.source || "–") + (a.database ? `: ${a.database}` : "");
  const stats = [];
  if (typeof a.nodes === "number") stats.push(`${formatNodes(a.nodes)} nodes`);
  if (typeof a.seconds === "number") stats.push(`${a.seconds.toFixed(2)} s`);
  if (a.stopped) stats.push(`stopped: ${a.stopped}`);
  $("#analysis-stats").textContent = stats.join(", ") || "–";

  const rows = (a.moves || []).slice().sort((x, y) => {
    const lx = x.lower ?? -Infinity, ly = y.lower ?? -Infinity;
    if (lx !== ly) return ly - lx;
    const ux = x.upper ?? Infinity, uy = y.upper ?? Infinity;
    return uy - ux;
  });
  const best = rows.length && rows[0].exact ? rows[0].lower : null;
  const tbody = $("#moves-table tbody");
  tbody.replaceChildren();
  for (const m of rows) {
    const tr = document.createElement("tr");
    tr.dataset.move = m.move;
    tr.dataset.exact = m.exact ? "true" : "false";
    tr.dataset.lower = m.lower ?? "";
    tr.dataset.upper = m.upper ?? "";
    if (m.exact && best !== null && m.lower === best) tr.classList.add("best");
    const tdMove = document.createElement("td");
    tdMove.className = "mono";
    tdMove.textContent = m.move;
    const tdVal = document.createElement("td");
    tdVal.className = `value ${m.exact ? "exact" : "bound"}`;
    tdVal.textContent = valueText(m);
    tdVal.title = m.exact ? "exact value" : "bounds only: the solver did not finish this move";
    const tdSrc = document.createElement("td");
    tdSrc.textContent = m.source || a.source || "";
    const tdPlay = document.createElement("td");
    const b = document.createElement("button");
    b.type = "button";
    b.textContent = "play";
    b.title = `play ${m.move}`;
    b.addEventListener("click", () => playMove(m.move));
    tdPlay.appendChild(b);
    tr.append(tdMove, tdVal, tdSrc, tdPlay);
    tbody.appendChild(tr);
  }
  const stopped = a.stopped ? ` (stopped: ${a.stopped})` : "";
  setAnalysisStatus("done", `analysis done${stopped}`);
}

// ---------------------------------------------------------------------------------------------
// Runs: the result files under --results, their games and replays.

async function loadRuns() {
  try {
    const ans = await api("GET", "/api/runs");
    state.runs = ans.runs || [];
    renderRuns();
  } catch (e) {
    reportError(e);
  }
}

function renderRuns() {
  const words = $("#runs-filter").value.toLowerCase().split(/\s+/).filter(Boolean);
  const list = $("#runs-list");
  list.replaceChildren();
  let shown = 0;
  for (const r of state.runs) {
    const hay = [r.path, r.kind, r.game, r.description].join(" ").toLowerCase();
    if (!words.every((w) => hay.includes(w))) continue;
    shown++;
    const li = document.createElement("li");
    const b = document.createElement("button");
    b.type = "button";
    b.className = "run-link";
    b.dataset.path = r.path;
    if (state.run && state.run.path === r.path) b.classList.add("current");
    b.title = r.description || r.path;
    const name = document.createElement("span");
    name.className = "run-path";
    name.textContent = r.path;
    const meta = document.createElement("span");
    meta.className = "hint";
    meta.textContent = ` ${r.kind || ""} · ${r.game || ""}${r.has_games ? ` · ${r.games} games` : ""}`;
    b.append(name, meta);
    b.addEventListener("click", () => openRun(r.path));
    li.appendChild(b);
    list.appendChild(li);
  }
  $("#runs-count").textContent = `${shown} of ${state.runs.length} runs`;
}

async function openRun(path) {
  try {
    const detail = await api("GET", `/api/runs/${encodePath(path)}`);
    state.run = { path, detail, offset: 0 };
    state.replay = null;
    $("#replay").hidden = true;
    renderRuns();
    $("#run-view").hidden = false;
    $("#run-title").textContent = path;
    const m = detail.manifest || {};
    const desc = m.description || (m.job && m.job.description) || "";
    $("#run-meta").textContent = [detail.kind, detail.game, desc].filter(Boolean).join(" · ");
    const table = $("#run-table");
    table.replaceChildren();
    if (detail.table) table.appendChild(renderMarkdown(detail.table));
    else table.textContent = "(no table)";
    const plots = $("#run-plots");
    plots.replaceChildren();
    for (const svg of detail.svgs || []) {
      const fig = document.createElement("figure");
      const img = document.createElement("img");
      img.src = `/api/files/${encodePath(svg)}`;
      img.alt = `plot ${svg}`;
      img.loading = "lazy";
      const cap = document.createElement("figcaption");
      cap.textContent = svg;
      fig.append(img, cap);
      plots.appendChild(fig);
    }
    const agentSel = $("#games-agent");
    agentSel.replaceChildren(new Option("any", ""));
    for (const a of detail.agents || []) agentSel.appendChild(new Option(a, a));
    fillResultOptions();
    const hasGames = !!(state.runs.find((r) => r.path === path) || {}).has_games || (detail.manifest && detail.manifest.games > 0);
    $("#run-games-box").hidden = !hasGames;
    if (hasGames) await loadGames();
  } catch (e) {
    reportError(e);
  }
}

function fillResultOptions() {
  const sel = $("#games-result");
  const keep = sel.value;
  sel.replaceChildren(new Option("any", ""));
  const opts = $("#games-agent").value ? [["win", "win"], ["loss", "loss"], ["draw", "draw"]] : [["1-0", "1-0 (South won)"], ["0-1", "0-1 (North won)"], ["draw", "draw"]];
  for (const [v, t] of opts) sel.appendChild(new Option(t, v));
  if ([...sel.options].some((o) => o.value === keep)) sel.value = keep;
}

const GAMES_PAGE = 100;

async function loadGames() {
  const run = state.run;
  if (!run) return;
  const q = new URLSearchParams({ offset: String(run.offset), limit: String(GAMES_PAGE) });
  const agent = $("#games-agent").value;
  const result = $("#games-result").value;
  if (agent) q.set("agent", agent);
  if (result) q.set("result", result);
  try {
    const ans = await api("GET", `/api/runs/${encodePath(run.path)}/games?${q}`);
    if (state.run !== run) return;
    const tbody = $("#games-list tbody");
    tbody.replaceChildren();
    for (const g of ans.games || []) {
      const tr = document.createElement("tr");
      tr.dataset.index = g.index;
      tr.tabIndex = 0;
      tr.title = `replay game ${g.index}`;
      const cells = [g.index, g.south, g.north, g.result, (g.stores || []).join("-"), g.termination, g.plies];
      for (const c of cells) {
        const td = document.createElement("td");
        td.textContent = c === undefined || c === null ? "" : String(c);
        tr.appendChild(td);
      }
      const open = () => openGame(run.path, g.index);
      tr.addEventListener("click", open);
      tr.addEventListener("keydown", (ev) => {
        if (ev.key === "Enter") open();
      });
      tbody.appendChild(tr);
    }
    const total = ans.total ?? 0;
    const first = total ? run.offset + 1 : 0;
    const last = run.offset + (ans.games || []).length;
    $("#games-total").textContent = `${first}-${last} of ${total} games`;
    $("#games-total").dataset.total = total;
    $("#games-prev").disabled = run.offset <= 0;
    $("#games-next").disabled = last >= total;
  } catch (e) {
    reportError(e);
  }
}

async function openGame(path, index) {
  try {
    const data = await api("GET", `/api/runs/${encodePath(path)}/games/${index}`);
    state.replay = { path, data, ply: 0 };
    const rv = $("#replay");
    rv.hidden = false;
    rv.dataset.index = String(index);
    $("#replay-title").textContent = `game ${index}: ${data.south} (South) – ${data.north} (North)`;
    const list = $("#replay-moves");
    list.replaceChildren();
    data.plies.forEach((p, i) => {
      const li = document.createElement("li");
      const b = document.createElement("button");
      b.type = "button";
      b.textContent = p.move;
      b.dataset.ply = String(i + 1);
      b.className = [p.opening ? "opening" : "", p.exact ? p.exact.verdict : ""].join(" ").trim();
      if (p.exact) b.dataset.loss = String(p.exact.loss);
      b.title = `${SIDE_NAME[p.side] || p.side} plays ${p.move}${p.opening ? " (opening)" : ""}${p.exact ? `: ${exactText(p.exact)}` : ""}`;
      b.addEventListener("click", () => replayGo(i + 1));
      li.appendChild(b);
      list.appendChild(li);
    });
    replayGo(0);
    rv.scrollIntoView({ block: "nearest" });
  } catch (e) {
    reportError(e);
  }
}

// A move's exact judgement from the databases (the replay's `exact`).
function exactText(x) {
  if (x.verdict === "best") return "a best move (databases)";
  const seeds = `loses ${x.loss} seed${x.loss === 1 ? "" : "s"}`;
  if (x.verdict === "blunder") return `blunder: ${seeds}, ${x.result_before} to ${x.result_after} (databases)`;
  return `mistake: ${seeds} (databases)`;
}

function formatEval(ev) {
  if (ev === null || ev === undefined) return "";
  if (typeof ev === "number") return `eval ${ev}`;
  if (typeof ev.seeds === "number") return `eval ${signed(Math.round(ev.seeds * 100) / 100)} seeds`;
  if (typeof ev.points === "number") return `eval ${ev.points.toFixed(3)} points`;
  return `eval ${JSON.stringify(ev)}`;
}

function replayGo(ply) {
  const r = state.replay;
  if (!r) return;
  const n = r.data.plies.length;
  ply = Math.max(0, Math.min(n, ply));
  r.ply = ply;
  const st = ply === 0 ? r.data.start : r.data.plies[ply - 1].state;
  const svg = drawBoard($("#replay-board"), st, { flipped: state.flipped });
  svg.dataset.ply = String(ply);
  $("#replay-ply").textContent = `ply ${ply} of ${n}`;
  $("#replay-ply").dataset.ply = String(ply);
  $("#replay-ply").dataset.plies = String(n);
  const mv = $("#replay-move");
  if (ply === 0) {
    mv.textContent = "the start";
    mv.dataset.move = "";
  } else {
    const p = r.data.plies[ply - 1];
    const bits = [`${ply}. ${SIDE_NAME[p.side] || p.side} plays ${p.move}`];
    if (p.opening) bits.push("(opening)");
    if (typeof p.ms === "number") bits.push(`${p.ms} ms`);
    const ev = formatEval(p.eval);
    if (ev) bits.push(ev);
    if (p.exact) bits.push(exactText(p.exact));
    mv.textContent = bits.join(" · ");
    mv.dataset.move = p.move;
    mv.dataset.verdict = p.exact ? p.exact.verdict : "";
    mv.dataset.ms = p.ms ?? "";
  }
  const fin = $("#replay-final");
  if (ply === n && st.over !== false) {
    const rec = r.data.record || {};
    const stores = st.stores || rec.stores || [];
    fin.hidden = false;
    fin.dataset.south = stores[0];
    fin.dataset.north = stores[1];
    const result = rec.termination ? ` (${rec.termination})` : "";
    fin.textContent = `final stores ${stores[0]}-${stores[1]}: ${st.over ? gameOverText(st) : "game not over"}${result}`;
  } else if (ply === n) {
    const stores = (r.data.record || {}).stores || st.stores || [];
    fin.hidden = false;
    fin.dataset.south = stores[0];
    fin.dataset.north = stores[1];
    fin.textContent = `final stores ${stores[0]}-${stores[1]} (${(r.data.record || {}).termination || "ended"})`;
  } else {
    fin.hidden = true;
  }
  for (const b of $("#replay-moves").querySelectorAll("button")) {
    b.classList.toggle("current", Number(b.dataset.ply) === ply);
  }
  $("#replay-first").disabled = ply === 0;
  $("#replay-prev").disabled = ply === 0;
  $("#replay-next").disabled = ply === n;
  $("#replay-last").disabled = ply === n;
}

async function replayToBoard() {
  const r = state.replay;
  if (!r) return;
  // The round the shown position belongs to (a game played in rounds goes on the board
  // from its round's start).
  const rounds = r.data.rounds || [];
  const round = rounds.filter((x) => x.first_ply <= r.ply).pop()
    || { game: r.data.game, position: r.data.start.position, first_ply: 0 };
  const next = rounds.find((x) => x.first_ply > round.first_ply);
  const end = next ? next.first_ply : r.data.plies.length;
  const moves = r.data.plies.slice(round.first_ply, r.ply).map((p) => p.move);
  const ok = await goTo(round.game, round.position, moves, { pauseAgent: true });
  if (ok) {
    state.redo = r.data.plies.slice(r.ply, end).map((p) => p.move).reverse();
    $("#game-text").value = state.game;
    resetClocks();
    renderControls();
    $("#board").scrollIntoView({ block: "nearest" });
  }
}

// A small Markdown renderer for the run tables: pipe tables, headings, paragraphs and lists;
// inline code kept, everything else as text (never HTML from the file).
function renderMarkdown(md) {
  const root = document.createElement("div");
  root.className = "markdown";
  const lines = md.split(/\r?\n/);
  const inline = (parent, text) => {
    const parts = text.split(/(`[^`]*`)/);
    for (const part of parts) {
      if (part.startsWith("`") && part.endsWith("`") && part.length >= 2) {
        const code = document.createElement("code");
        code.textContent = part.slice(1, -1);
        parent.appendChild(code);
      } else if (part) {
        parent.appendChild(document.createTextNode(part.replace(/\*\*([^*]+)\*\*/g, "$1").replace(/\[([^\]]+)\]\(([^)]+)\)/g, "$1")));
      }
    }
  };
  const cellsOf = (line) => {
    let s = line.trim();
    if (s.startsWith("|")) s = s.slice(1);
    if (s.endsWith("|")) s = s.slice(0, -1);
    return s.split(/(?<!\\)\|/).map((c) => c.trim().replace(/\\\|/g, "|"));
  };
  let i = 0;
  let para = [];
  const flush = () => {
    if (para.length) {
      const p = document.createElement("p");
      inline(p, para.join(" "));
      root.appendChild(p);
      para = [];
    }
  };
  while (i < lines.length) {
    const line = lines[i];
    if (/^\s*\|/.test(line) && i + 1 < lines.length && /^\s*\|?\s*:?-{2,}/.test(lines[i + 1])) {
      flush();
      const table = document.createElement("table");
      table.className = "md-table";
      const thead = table.createTHead().insertRow();
      for (const c of cellsOf(line)) {
        const th = document.createElement("th");
        inline(th, c);
        thead.appendChild(th);
      }
      const aligns = cellsOf(lines[i + 1]).map((c) => (c.endsWith(":") ? "right" : ""));
      const tbody = table.createTBody();
      i += 2;
      while (i < lines.length && /^\s*\|/.test(lines[i])) {
        const tr = tbody.insertRow();
        cellsOf(lines[i]).forEach((c, k) => {
          const td = tr.insertCell();
          if (aligns[k]) td.style.textAlign = aligns[k];
          inline(td, c);
        });
        i++;
      }
      const wrap = document.createElement("div");
      wrap.className = "table-scroll";
      wrap.appendChild(table);
      root.appendChild(wrap);
      continue;
    }
    const h = /^(#{1,6})\s+(.*)$/.exec(line);
    if (h) {
      flush();
      const el = document.createElement(`h${Math.min(6, h[1].length + 3)}`);
      inline(el, h[2]);
      root.appendChild(el);
    } else if (/^\s*```/.test(line)) {
      flush();
      const pre = document.createElement("pre");
      const body = [];
      i++;
      while (i < lines.length && !/^\s*```/.test(lines[i])) body.push(lines[i++]);
      pre.textContent = body.join("\n");
      root.appendChild(pre);
    } else if (/^\s*[-*]\s+/.test(line)) {
      flush();
      const ul = document.createElement("ul");
      while (i < lines.length && /^\s*[-*]\s+/.test(lines[i])) {
        const li = document.createElement("li");
        inline(li, lines[i].replace(/^\s*[-*]\s+/, ""));
        ul.appendChild(li);
        i++;
      }
      root.appendChild(ul);
      continue;
    } else if (!line.trim()) {
      flush();
    } else {
      para.push(line.trim());
    }
    i++;
  }
  flush();
  return root;
}

// ---------------------------------------------------------------------------------------------
// Copying.

async function copyText(text, what) {
  const out = $("#copy-output");
  out.value = text;
  out.dataset.what = what;
  out.select();
  try {
    if (!navigator.clipboard) throw new Error("no clipboard here");
    await navigator.clipboard.writeText(text);
    showMessage(`${what} copied to the clipboard`, "info");
  } catch (e) {
    showMessage(`${what} is in the box below the buttons (the clipboard is not available: ${e.message})`, "info");
  }
}

// ---------------------------------------------------------------------------------------------
// Start-up and events.

async function loadGames_() {
  try {
    state.games = (await api("GET", "/api/games")) || [];
  } catch (e) {
    reportError(e);
    state.games = [];
  }
  const sel = $("#game-select");
  sel.replaceChildren();
  for (const g of state.games) {
    const o = new Option(g.name, g.name);
    o.title = (g.keys || []).map((k) => `${k.key}=${k.default}`).join(", ");
    sel.appendChild(o);
  }
}

function showGameKeys() {
  const name = $("#game-select").value;
  const g = state.games.find((x) => x.name === name);
  const keys = g && g.keys ? g.keys.map((k) => `${k.key} (${k.default}${k.values ? `; ${Array.isArray(k.values) ? k.values.join("|") : k.values}` : ""})`) : [];
  $("#game-keys").textContent = keys.length ? `keys: ${keys.join(", ")}` : "";
}

function wire() {
  $("#game-form").addEventListener("submit", (ev) => {
    ev.preventDefault();
    newGame($("#game-text").value || $("#game-select").value);
  });
  $("#game-select").addEventListener("change", () => {
    $("#game-text").value = $("#game-select").value;
    showGameKeys();
  });

  const board = $("#board");
  board.addEventListener("click", (ev) => {
    const cell = ev.target.closest("g.house");
    if (cell) houseClicked(cell);
  });
  board.addEventListener("keydown", (ev) => {
    const cell = ev.target.closest && ev.target.closest("g.house");
    if (cell && (ev.key === "Enter" || ev.key === " ")) {
      ev.preventDefault();
      houseClicked(cell);
    }
  });

  $("#undo").addEventListener("click", undo);
  $("#redo").addEventListener("click", redoMove);
  $("#flip").addEventListener("click", () => {
    state.flipped = !state.flipped;
    $("#flip").setAttribute("aria-pressed", state.flipped ? "true" : "false");
    render();
    if (state.replay) replayGo(state.replay.ply);
  });
  const playTyped = () => {
    const m = $("#move-input").value.trim();
    if (m) {
      playMove(m);
      $("#move-input").value = "";
    }
  };
  $("#play-move").addEventListener("click", playTyped);
  $("#move-input").addEventListener("keydown", (ev) => {
    if (ev.key === "Enter") playTyped();
  });

  $("#agent-side").addEventListener("change", () => {
    state.agentPaused = false;
    startTurnClock();
    renderClocks();
    maybeAgentMove();
  });
  $("#agent-text").addEventListener("change", () => {
    state.agentPaused = false;
    maybeAgentMove();
  });
  $("#agent-move").addEventListener("click", () => {
    if (state.agentBusy) return;
    stopTurnClock();
    maybeAgentMove(true);
  });

  $("#set-position").addEventListener("click", setPositionFromText);
  for (const id of ["#position-input", "#moves-input"]) {
    $(id).addEventListener("keydown", (ev) => {
      if (ev.key === "Enter") setPositionFromText();
    });
  }
  $("#copy-position").addEventListener("click", () => state.pos && copyText(state.pos.position, "the position"));
  $("#copy-moves").addEventListener("click", () => copyText(state.moves.join(" "), "the moves"));

  $("#analyse").addEventListener("click", analyse);
  $("#cancel-analysis").addEventListener("click", () => cancelAnalysis("cancelled"));
  $("#auto-analyse").addEventListener("change", () => {
    if ($("#auto-analyse").checked && state.pos && !state.pos.over && !state.analysis) analyse();
  });

  $("#runs-filter").addEventListener("input", renderRuns);
  $("#games-agent").addEventListener("change", () => {
    fillResultOptions();
    if (state.run) state.run.offset = 0;
    loadGames();
  });
  $("#games-result").addEventListener("change", () => {
    if (state.run) state.run.offset = 0;
    loadGames();
  });
  $("#games-prev").addEventListener("click", () => {
    if (!state.run) return;
    state.run.offset = Math.max(0, state.run.offset - GAMES_PAGE);
    loadGames();
  });
  $("#games-next").addEventListener("click", () => {
    if (!state.run) return;
    state.run.offset += GAMES_PAGE;
    loadGames();
  });
  $("#replay-first").addEventListener("click", () => replayGo(0));
  $("#replay-prev").addEventListener("click", () => state.replay && replayGo(state.replay.ply - 1));
  $("#replay-next").addEventListener("click", () => state.replay && replayGo(state.replay.ply + 1));
  $("#replay-last").addEventListener("click", () => state.replay && replayGo(state.replay.data.plies.length));
  $("#replay-to-board").addEventListener("click", replayToBoard);

  document.addEventListener("keydown", (ev) => {
    if (!state.replay || $("#replay").hidden) return;
    const t = ev.target;
    if (t && (t.tagName === "INPUT" || t.tagName === "TEXTAREA" || t.tagName === "SELECT" || t.isContentEditable)) return;
    if (ev.altKey || ev.ctrlKey || ev.metaKey) return;
    const r = state.replay;
    const steps = { ArrowLeft: r.ply - 1, ArrowRight: r.ply + 1, Home: 0, End: r.data.plies.length };
    if (ev.key in steps) {
      ev.preventDefault();
      replayGo(steps[ev.key]);
    }
  });

  setInterval(renderClocks, 200);
}

async function main() {
  wire();
  await loadGames_();
  const names = state.games.map((g) => g.name);
  const first = names.includes("kalah") ? "kalah" : names[0] || "kalah";
  $("#game-select").value = first;
  $("#game-text").value = first;
  showGameKeys();
  await newGame(first);
  loadRuns();
}

main();
