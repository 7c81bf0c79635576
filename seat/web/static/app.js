// The moongym page: a client of the seat protocol (docs/protocol.md).
// Every request goes to /v1/... (and /web/whole for spectators); nothing
// here knows a game's rules.
//
// Tokens (docs/web.md): the start of a session answers its tokens, one per
// human seat and the creator's. In play mode every read, move and AI request
// carries the token of the seat shown, whose view is all the page receives;
// the creator's token only deletes the session (and, in games with perfect
// information, reads the record for Undo). Watch (every seat an agent) and
// replay (a record the user has) use the creator's token. A token travels
// only in the Authorization header, never in a URL.

const $ = (id) => document.getElementById(id);

async function api(method, path, body, token) {
  const opts = { method, headers: {} };
  if (token) opts.headers.Authorization = `Bearer ${token}`;
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  let data = null;
  try { data = await res.json(); } catch (e) { /* not JSON */ }
  if (!res.ok) {
    const e = (data && data.error) || {};
    throw new Error(`${e.code || res.status}: ${e.message || res.statusText}`);
  }
  return data;
}

let games = [];
let agentNames = [];
// The session on the table: id, mode ("play", "watch" or "replay"), seats,
// game, tokens ({creator, seats}) and, in play mode, seat: the human seat
// whose view is shown.
let table = null;
let timer = null;

const hidden = () => table.game.information !== 'perfect';
const creator = () => table.tokens.creator;
const seatToken = (n) => table.tokens.seats[n];
const isHuman = (n) => n >= 0 && table.seats[n] === 'human';

// withSeed adds the lobby's seed to a start request if one is given
// (Advanced); without it the server draws a fresh seed.
function withSeed(body) {
  const seed = $('seed').value.trim();
  if (seed !== '') body.seed = Number(seed);
  return body;
}

function option(value, text) {
  const o = document.createElement('option');
  o.value = value;
  o.textContent = text ?? value;
  return o;
}

// paramInput builds a form field from a game parameter's metadata.
function paramInput(p) {
  const label = document.createElement('label');
  label.textContent = p.name + ' ';
  let input;
  switch (p.kind) {
    case 'int':
      input = document.createElement('input');
      input.type = 'number';
      input.min = p.min;
      input.max = p.max;
      input.value = p.default;
      break;
    case 'enum':
      input = document.createElement('select');
      for (const c of p.choices) input.append(option(c));
      input.value = p.default;
      break;
    case 'bool':
      input = document.createElement('input');
      input.type = 'checkbox';
      input.checked = p.default === 'true';
      break;
    default:
      input = document.createElement('input');
      input.type = 'text';
      input.value = p.default;
  }
  input.name = p.name;
  input.dataset.param = p.name;
  input.addEventListener('change', updateSeats);
  label.append(input);
  const doc = document.createElement('small');
  doc.className = 'doc';
  doc.textContent = ' ' + p.doc;
  label.append(doc);
  return label;
}

function params() {
  const out = {};
  for (const el of document.querySelectorAll('[data-param]')) {
    out[el.dataset.param] = el.type === 'checkbox' ? String(el.checked) : String(el.value);
  }
  return out;
}

function selectedGame() {
  return games.find((g) => g.name === $('game').value);
}

function showGame() {
  const g = selectedGame();
  $('game-doc').textContent = g.description;
  const fs = $('params');
  fs.replaceChildren(Object.assign(document.createElement('legend'), { textContent: 'Parameters' }));
  for (const p of g.params || []) fs.append(paramInput(p));
  updateSeats();
}

// asked counts updateSeats's questions: only the latest answer is drawn;
// lobbySpaces are the sizes of the configuration it was answered for.
let asked = 0;
let lobbySpaces = null;

// updateSeats asks the server how many seats the parameters give, and
// which opponents it offers for them (levels: named agents, the default
// marked, those the configuration lacks with the reason).
async function updateSeats() {
  const g = selectedGame();
  const q = new URLSearchParams(params());
  let players = g.spaces.players;
  let levels = [];
  const mine = ++asked;
  try {
    const info = await api('GET', `/v1/games/${g.name}?${q}`);
    if (mine !== asked) return; // the form changed meanwhile: a later answer draws it
    players = info.spaces.players;
    levels = info.levels || [];
    lobbySpaces = info.spaces;
    $('lobby-error').textContent = '';
  } catch (e) {
    if (mine !== asked) return;
    $('lobby-error').textContent = e.message;
  }
  if (levels.length === 0) levels = agentNames.map((a) => ({ name: a, spec: a, available: true }));
  const def = levels.find((l) => l.default) || levels.find((l) => l.available);
  const fs = $('seats');
  const same = fs.dataset.game === g.name;
  // A seat left at the default level follows the default of the new
  // parameters; one the user chose keeps its choice where it is offered.
  const old = same ? [...fs.querySelectorAll('select')].map((s) => (s.value === fs.dataset.default ? undefined : s.value)) : [];
  const oldSpecs = same ? [...document.querySelectorAll('#specs [data-spec]')].map((s) => s.value) : [];
  fs.dataset.game = g.name;
  fs.dataset.params = String(q); // the parameters these seats are for
  fs.dataset.default = def ? def.spec : '';
  fs.replaceChildren(Object.assign(document.createElement('legend'), { textContent: 'Seats' }));
  const specs = $('specs');
  specs.replaceChildren();
  for (let i = 0; i < players; i++) {
    const label = document.createElement('label');
    label.textContent = `p${i} `;
    const sel = document.createElement('select');
    sel.dataset.seat = i;
    sel.append(option('human', 'a person'));
    for (const l of levels) {
      const o = option(l.spec, l.available ? l.name : `${l.name} (unavailable)`);
      o.disabled = !l.available;
      o.title = l.available ? l.spec : l.why;
      sel.append(o);
    }
    const keep = old[i] !== undefined && levels.some((l) => l.available && l.spec === old[i]);
    sel.value = keep || old[i] === 'human' ? old[i] : (i === 0 ? 'human' : def.spec);
    label.append(sel);
    fs.append(label);
    // Advanced: a raw agent spec for the seat, which overrides its level.
    const sl = document.createElement('label');
    sl.textContent = `p${i} agent spec `;
    const input = document.createElement('input');
    input.type = 'text';
    input.dataset.spec = i;
    input.placeholder = 'the level chosen';
    input.value = oldSpecs[i] ?? '';
    sl.append(input);
    specs.append(sl);
  }
  // What the configuration lacks, said once.
  const missing = [...new Set(levels.filter((l) => !l.available).map((l) => l.why))];
  const note = $('levels-note');
  note.textContent = missing.length ? `Not here: ${missing.join('; ')}.` : '';
  note.dataset.default = def ? def.spec : '';
}

// seats are the lobby's seats: "human", or the agent spec of the level
// chosen, or the raw spec typed under Advanced.
function seats() {
  return [...document.querySelectorAll('#seats [data-seat]')].map((s) => {
    const raw = document.querySelector(`#specs [data-spec="${s.dataset.seat}"]`)?.value.trim();
    return raw || s.value;
  });
}

function stop() {
  if (timer) clearTimeout(timer);
  timer = null;
}

// remove deletes a session with its creator's token.
async function remove(id, tokens) {
  if (!id || !tokens) return;
  try { await api('DELETE', `/v1/sessions/${id}`, undefined, tokens.creator); } catch (e) { /* already gone */ }
}

async function leave() {
  stop();
  if (table) {
    const { id, tokens } = table;
    table = null;
    await remove(id, tokens);
  }
}

function showTable(mode, title, seats, viewer) {
  $('lobby').hidden = true;
  $('table').hidden = false;
  $('title').textContent = title;
  $('watch-controls').hidden = mode !== 'watch';
  $('replay-controls').hidden = mode !== 'replay';
  $('result').textContent = '';
  $('final-scores').textContent = '';
  $('table-error').textContent = '';
  $('end-controls').hidden = true;
  $('hint-controls').hidden = true;
  $('hint').replaceChildren();
  $('eval').hidden = true;
  showPass(null);
  const v = $('viewer');
  v.replaceChildren();
  if (mode === 'play') {
    // A player sees through a human seat's eyes only, never an agent's.
    seats.forEach((s, i) => { if (s === 'human') v.append(option(i, `p${i}`)); });
  } else {
    // Spectators (watch, replay) may see everything: /web/whole/{session}.
    v.append(option('all', 'everyone (spectator)'));
    seats.forEach((s, i) => v.append(option(i, `p${i}`)));
  }
  v.disabled = v.options.length < 2;
  v.value = viewer;
}

// showPass puts up the "pass the device" screen for seat n (null: takes it
// down). The table shows nothing of the previous seat meanwhile.
function showPass(n) {
  const on = n !== null;
  $('pass').hidden = !on;
  $('layout').hidden = on;
  if (!on) return;
  $('board').replaceChildren();
  $('log').replaceChildren();
  $('moves').replaceChildren();
  $('hint').replaceChildren();
  $('hint-controls').hidden = true;
  $('eval').hidden = true;
  $('status').textContent = '';
  $('pass-text').textContent = `Pass the device to p${n}.`;
  $('pass-ok').textContent = `I am p${n}: show my view`;
}

// handOver shows human seat n's view: at once in games with perfect
// information, behind the "pass the device" screen where seats hide things
// from each other.
async function handOver(n) {
  table.seat = n;
  $('viewer').value = n;
  if (hidden()) {
    showPass(n);
    return;
  }
  await refresh();
}

// nextHuman says which human seat is to move after an answer v (the view
// of table.seat), or null. A seat's view may not say who acts when it is
// another's turn (welcome-moon tells "others"); then each other human seat's
// view is read, with that seat's own token, for its to_move only: nothing
// of it is drawn or kept.
async function nextHuman(v) {
  if (v.terminal) return null;
  if (v.to_move === table.seat || isHuman(v.to_move)) return v.to_move;
  for (let n = 0; n < table.seats.length; n++) {
    if (n === table.seat || !isHuman(n)) continue;
    const w = await api('GET', `/v1/sessions/${table.id}?seat=${n}`, undefined, seatToken(n));
    if (w.to_move === n) return n;
  }
  return null;
}

// drawPlayed draws a play-mode answer (the view of table.seat), or hands
// the table over when another human seat is to move (hot seat).
async function drawPlayed(v) {
  const next = await nextHuman(v);
  if (next !== null && next !== table.seat) {
    await handOver(next);
    return;
  }
  draw(v);
}

// start starts a game from the lobby's choices.
async function start(mode) {
  await begin(mode, { game: selectedGame(), params: params(), seats: seats(), spaces: lobbySpaces });
}

// begin starts a session: setup is the game, its parameters and its seats
// (the lobby's, or the last game's for "play again" and the rematch). The
// seed is the Advanced field's when given, else the server draws a fresh
// one for every game.
async function begin(mode, setup) {
  await leave();
  const { game: g, params: ps, seats: s, spaces } = setup;
  const error = $('lobby').hidden ? $('table-error') : $('lobby-error');
  if (mode === 'watch' && s.includes('human')) {
    error.textContent = 'To watch, let an agent play every seat.';
    return;
  }
  if (mode === 'play' && !s.includes('human')) {
    error.textContent = 'To play, make at least one seat "a person".';
    return;
  }
  try {
    if (mode === 'play') {
      // Ask for the person's seat view: the page never receives the whole
      // view, not even the AI's first hidden moves.
      const human = s.indexOf('human');
      const view = await api('POST', '/v1/sessions', withSeed({
        game: g.name, params: ps, seats: s, ai: true, seat: human, seat_view: true,
      }));
      table = { id: view.session, mode, seats: s, game: g, params: ps, spaces, tokens: view.tokens, seat: human };
      const humans = s.filter((x) => x === 'human').length;
      showTable(mode, `${g.title}: ${humans > 1 ? `${humans} people play (hot seat)` : `you play p${human}`}`, s, human);
      await drawPlayed(view);
    } else {
      const view = await api('POST', '/v1/sessions', withSeed({ game: g.name, params: ps, seats: s }));
      table = { id: view.session, mode, seats: s, game: g, params: ps, spaces, tokens: view.tokens };
      showTable(mode, `${g.title}: agents play`, s, 'all');
      await refresh();
      tick();
    }
  } catch (e) {
    error.textContent = e.message;
  }
}

// again starts the last game's setup anew (a fresh seed); swapped moves
// every seat one on (p0's player plays p1, ..., the last p0): a rematch.
function again(swapped) {
  if (!table) return;
  const s = swapped ? [table.seats[table.seats.length - 1], ...table.seats.slice(0, -1)] : table.seats;
  begin(table.mode, { game: table.game, params: table.params, seats: s, spaces: table.spaces });
}

// fetchView reads the session as the chosen seat may see it: in play mode
// with that seat's token; spectators with the creator's.
function fetchView() {
  if (table.mode === 'play') {
    return api('GET', `/v1/sessions/${table.id}?seat=${table.seat}`, undefined, seatToken(table.seat));
  }
  const seat = $('viewer').value;
  return seat === 'all'
    ? api('GET', `/web/whole/${table.id}`, undefined, creator())
    : api('GET', `/v1/sessions/${table.id}?seat=${seat}`, undefined, creator());
}

// refresh draws the session as the chosen seat may see it.
async function refresh() {
  if (!table) return;
  showPass(null);
  try {
    const v = await fetchView();
    draw(v);
    return v;
  } catch (e) {
    $('table-error').textContent = e.message;
  }
}

let renders = 0;

function draw(v) {
  $('board').dataset.renders = ++renders;
  $('board').innerHTML = v.svg || `<pre>${escapeHTML(v.text)}</pre>`;
  // The event log: entries already drawn that the history still begins
  // with stay (a long game redraws only what is new).
  const log = $('log');
  const keys = v.history.map((m) => JSON.stringify([m.player, m.by, m.action, m.name, m.label, m.events]));
  const drawn = log.keys && log.children.length === log.keys.length ? log.keys : [];
  let same = 0;
  while (same < drawn.length && same < keys.length && drawn[same] === keys[same]) same++;
  while (log.children.length > same) log.lastChild.remove();
  for (const m of v.history.slice(same)) {
    const li = document.createElement('li');
    // A seat, chance, or "others" (a run of other seats' secret moves).
    const who = m.player >= 0 ? `p${m.player}` : (m.by || 'chance');
    // The move in the game's words, its name for programs in the tooltip.
    const move = document.createElement('span');
    move.className = 'move';
    move.textContent = `${who}: ${m.label || m.name}`;
    move.title = m.name;
    li.append(move);
    const events = (m.events || []).slice(1); // the first names the move
    if (events.length > 0) {
      const ul = document.createElement('ul');
      for (const e of events) {
        const sub = document.createElement('li');
        sub.className = 'sub';
        sub.textContent = e;
        ul.append(sub);
      }
      li.append(ul);
    }
    log.append(li);
  }
  log.keys = keys;
  log.scrollTop = log.scrollHeight;
  const moves = $('moves');
  moves.replaceChildren();
  const mine = table.mode === 'play' && v.human_to_move && v.legal.length > 0;
  if (mine) {
    const h = document.createElement('h3');
    h.textContent = `Your move (p${v.seat})`;
    moves.append(h);
    v.legal.forEach((a, i) => {
      // The move in the player's words; its name for programs in the tooltip.
      const b = document.createElement('button');
      b.textContent = (v.labels && v.labels[i]) || a.name;
      b.title = a.name;
      b.className = 'move';
      b.dataset.action = a.action;
      b.addEventListener('click', () => play(a.action, v.seat));
      moves.append(b);
    });
    for (const g of $('board').querySelectorAll('g.action')) {
      g.addEventListener('click', () => play(Number(g.dataset.action), v.seat));
    }
  }
  table.view = v;
  $('hint-controls').hidden = !mine;
  $('hint').replaceChildren();
  if (mine && $('eval-on').checked) analyze(false);
  else if (!mine) $('eval').hidden = true;
  // Undo restarts the session from the actions before the person's last
  // move: only where nothing is hidden, since it needs the whole view.
  $('undo').hidden = !(table.mode === 'play' && table.game.information === 'perfect'
    && v.history.some((m) => m.by === 'human'));
  $('status').textContent = v.terminal ? 'Game over.' : `To move: ${v.to_move_name}` + (v.scores ? `; scores ${v.scores.join(', ')}` : '');
  $('viewer').dataset.seat = v.seat;
  $('end-controls').hidden = !(v.terminal && table.mode !== 'replay');
  if (v.terminal) {
    $('result').textContent = v.result || resultOf(v);
    $('final-scores').textContent = v.scores ? `Final scores: ${v.scores.map((x, i) => `p${i} ${x}`).join(', ')}` : '';
  } else {
    $('result').textContent = '';
    $('final-scores').textContent = '';
  }
}

// resultOf words a result from the returns, for an answer without one.
function resultOf(v) {
  const best = Math.max(...v.returns);
  const winners = v.returns.map((r, i) => (r === best ? `p${i}` : null)).filter(Boolean);
  if (table.game.utility === 'identical') return `The team ${best > 0 ? 'won' : best < 0 ? 'lost' : 'drew'}.`;
  if (winners.length === v.returns.length) return 'A draw.';
  return `${winners.join(' and ')} won.`;
}

// analyze asks the server what the AI would do for the person's seat
// (POST .../analyze with the seat's token): with moves, the top moves
// listed with their share of the search and their value, and marked on
// the board; always, the evaluation bar (each seat's chance to win, or
// its value).
async function analyze(moves) {
  const v = table.view;
  const id = table.id;
  const body = { seat: v.seat, top: 5 };
  const agent = $('hint-spec').value.trim();
  if (agent) body.agent = agent;
  if (moves) $('hint').textContent = 'Thinking…';
  try {
    const a = await api('POST', `/v1/sessions/${id}/analyze`, body, seatToken(v.seat));
    if (!table || table.id !== id || table.view !== v) return; // a move came first
    showEval(a);
    if (moves) showHint(a, v);
  } catch (e) {
    if (moves) $('hint').textContent = '';
    $('table-error').textContent = e.message;
  }
}

function showHint(a, v) {
  const box = $('hint');
  box.replaceChildren();
  const h = document.createElement('p');
  h.textContent = `${a.agent} would play:`;
  box.append(h);
  const ol = document.createElement('ol');
  ol.className = 'hint-moves';
  for (const [i, m] of (a.moves || []).entries()) {
    const li = document.createElement('li');
    const legal = v.legal.findIndex((x) => x.action === m.action);
    const label = m.label || (legal >= 0 && v.labels ? v.labels[legal] : '') || m.move;
    const b = document.createElement('button');
    b.className = 'hint-move';
    b.dataset.action = m.action;
    b.textContent = label;
    b.title = m.move;
    b.addEventListener('click', () => play(m.action, v.seat));
    li.append(b);
    const facts = [];
    if (m.share !== undefined) facts.push(a.kind === 'search' ? `${Math.round(100 * m.share)}% of the search` : `${Math.round(100 * m.share)}%`);
    if (m.q !== undefined && m.q !== null) facts.push(`value ${m.q.toFixed(2)}`);
    li.append(` ${facts.join(', ')}`);
    ol.append(li);
    for (const el of $('board').querySelectorAll(`[data-action="${m.action}"]`)) {
      el.classList.add(i === 0 ? 'hint-best' : 'hint-other');
    }
  }
  box.append(ol);
}

// showEval draws the evaluation bar: each seat's chance to win where the
// answer has it (two seats, zero-sum), else each seat's value placed on the
// game's returns scale; a cooperative game, the team's one value.
function showEval(a) {
  const sp = table.spaces || table.game.spaces;
  const lo = sp.min_utility;
  const hi = sp.max_utility;
  const scaled = (x) => (hi > lo ? Math.min(1, Math.max(0, (x - lo) / (hi - lo))) : 0.5);
  let parts;
  let fill = true; // the parts fill the bar (else the rest stays empty)
  if (a.win && a.win.length) {
    parts = a.win.map((x, i) => ({ name: `p${i}`, share: x, text: `p${i} ${Math.round(100 * x)}%` }));
  } else if (a.values && a.values.length && table.game.utility === 'identical') {
    parts = [{ name: 'team', share: scaled(a.values[0]), text: `the team: value ${a.values[0].toFixed(2)} (${lo} to ${hi})` }];
    fill = false;
  } else if (a.values && a.values.length) {
    parts = a.values.map((x, i) => ({ name: `p${i}`, share: scaled(x), text: `p${i} ${x.toFixed(2)}` }));
  } else {
    $('eval').hidden = true;
    return;
  }
  const total = fill ? parts.reduce((x, p) => x + p.share, 0) || 1 : 1;
  const bar = $('eval-bar');
  bar.replaceChildren();
  bar.dataset.asked = table.view.history.length; // the position drawn
  parts.forEach((p, i) => {
    const seg = document.createElement('span');
    seg.className = `seg seg${i % 6}`;
    seg.style.width = `${(100 * p.share) / total}%`;
    seg.title = p.text;
    seg.textContent = p.name;
    bar.append(seg);
  });
  $('eval-text').textContent = parts.map((p) => p.text).join(' · ') + (a.win && a.win.length ? ' to win' : ' (value)');
  $('eval').hidden = false;
}

async function play(action, seat) {
  $('table-error').textContent = '';
  try {
    // The answer is the seat's own view, the AI's replies included.
    const v = await api('POST', `/v1/sessions/${table.id}/move`,
      { action, seat, seat_view: true, ai: true }, seatToken(seat));
    await drawPlayed(v);
  } catch (e) {
    $('table-error').textContent = e.message;
  }
}

// undo restarts the session from the actions before the last human move.
// Offered only for games with perfect information: it reads the whole view
// (the actions and the seed) with the creator's token.
async function undo() {
  $('table-error').textContent = '';
  try {
    const [full, mine] = await Promise.all([
      api('GET', `/v1/sessions/${table.id}`, undefined, creator()),
      fetchView(),
    ]);
    const last = mine.history.findLastIndex((m) => m.by === 'human');
    if (last < 0) return;
    const seat = mine.history[last].player;
    const v = await api('POST', '/v1/sessions', {
      game: full.game, params: full.params, seed: full.seed, seats: table.seats,
      actions: full.actions.slice(0, last), seat, seat_view: true,
    });
    const { id, tokens } = table;
    Object.assign(table, { id: v.session, tokens: v.tokens, seat });
    $('viewer').value = seat;
    await remove(id, tokens);
    draw(v);
  } catch (e) {
    $('table-error').textContent = e.message;
  }
}

function escapeHTML(s) {
  return s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]);
}

// tick plays one AI move, draws it, and waits 1/speed seconds.
async function tick() {
  stop();
  if (!table || table.mode !== 'watch' || table.paused) return;
  try {
    const v = await api('POST', `/v1/sessions/${table.id}/ai`, { max_moves: 1 }, creator());
    await refresh();
    if (v.terminal) return;
  } catch (e) {
    $('table-error').textContent = e.message;
    return;
  }
  timer = setTimeout(tick, 1000 / Number($('speed').value));
}

// Replay: the record's positions are sessions started with the record's
// first k actions (the protocol replays and checks them).
async function replay(rec) {
  await leave();
  const g = games.find((x) => x.name === rec.game);
  if (!g) {
    $('lobby-error').textContent = `unknown game ${rec.game}`;
    return;
  }
  const n = (await api('GET', `/v1/games/${g.name}?${new URLSearchParams(rec.params || {})}`)).spaces.players;
  table = { id: null, mode: 'replay', seats: Array(n).fill('human'), game: g, rec, tokens: null };
  showTable('replay', `${g.title}: replay of ${rec.actions.length} actions`, table.seats, 'all');
  const s = $('slider');
  s.max = rec.actions.length;
  s.value = rec.actions.length;
  await position(rec.actions.length);
}

async function position(k) {
  const { id, tokens } = table;
  try {
    const v = await api('POST', '/v1/sessions', {
      game: table.rec.game, params: table.rec.params || {}, actions: table.rec.actions.slice(0, k), seats: table.seats,
    });
    Object.assign(table, { id: v.session, tokens: v.tokens });
    $('position').textContent = `${k} / ${table.rec.actions.length}`;
    await refresh();
  } catch (e) {
    $('table-error').textContent = e.message;
  }
  await remove(id, tokens);
}

async function init() {
  [games, agentNames] = await Promise.all([
    api('GET', '/v1/games'),
    api('GET', '/v1/agents').then((as) => as.map((a) => a.name)),
  ]);
  for (const g of games) $('game').append(option(g.name, g.title));
  $('game').value = games.some((g) => g.name === 'tictactoe') ? 'tictactoe' : games[0].name;
  $('game').addEventListener('change', showGame);
  showGame();
  $('play').addEventListener('click', () => start('play'));
  $('watch').addEventListener('click', () => start('watch'));
  $('viewer').addEventListener('change', () => {
    if (!table) return;
    if (table.mode === 'play') handOver(Number($('viewer').value));
    else refresh();
  });
  $('pass-ok').addEventListener('click', refresh);
  $('undo').addEventListener('click', undo);
  $('hint-ask').addEventListener('click', () => analyze(true));
  $('eval-on').addEventListener('change', () => {
    if ($('eval-on').checked && table && !$('hint-controls').hidden) analyze(false);
    else $('eval').hidden = true;
  });
  $('again').addEventListener('click', () => again(false));
  $('rematch').addEventListener('click', () => again(true));
  $('to-lobby').addEventListener('click', async (ev) => {
    ev.preventDefault();
    await leave();
    $('table').hidden = true;
    $('lobby').hidden = false;
  });
  $('pause').addEventListener('click', () => {
    table.paused = !table.paused;
    $('pause').textContent = table.paused ? 'Play' : 'Pause';
    if (!table.paused) tick();
  });
  const speed = () => { $('speed-value').textContent = $('speed').value; };
  $('speed').addEventListener('input', speed);
  speed();
  $('slider').addEventListener('change', () => position(Number($('slider').value)));
  $('record-file').addEventListener('change', async () => {
    const f = $('record-file').files[0];
    if (!f) return;
    try {
      const text = (await f.text()).trim();
      let rec;
      try { rec = JSON.parse(text); } catch (e) { rec = JSON.parse(text.split('\n')[0]); }
      await replay(rec);
    } catch (e) {
      $('lobby-error').textContent = `cannot replay ${f.name}: ${e.message}`;
    }
  });
}

init().catch((e) => { $('lobby-error').textContent = e.message; });
