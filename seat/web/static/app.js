// The moongym page: a client of the seat protocol (docs/protocol.md).
// Every request goes to /v1/...; nothing here knows a game's rules.

const $ = (id) => document.getElementById(id);

async function api(method, path, body) {
  const opts = { method, headers: {} };
  if (body !== undefined) {
    opts.headers['Content-Type'] = 'application/json';
    opts.body = JSON.stringify(body);
  }
  const res = await fetch(path, opts);
  const data = await res.json();
  if (!res.ok) {
    const e = data.error || {};
    throw new Error(`${e.code || res.status}: ${e.message || res.statusText}`);
  }
  return data;
}

let games = [];
let agentNames = [];
// The session on the table: id, mode ("play", "watch" or "replay"), seats.
let table = null;
let timer = null;

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

// updateSeats asks the server how many seats the parameters give.
async function updateSeats() {
  const g = selectedGame();
  const q = new URLSearchParams(params());
  let players = g.spaces.players;
  try {
    players = (await api('GET', `/v1/games/${g.name}?${q}`)).spaces.players;
    $('lobby-error').textContent = '';
  } catch (e) {
    $('lobby-error').textContent = e.message;
  }
  const fs = $('seats');
  const old = fs.dataset.game === g.name ? [...fs.querySelectorAll('select')].map((s) => s.value) : [];
  fs.dataset.game = g.name;
  fs.replaceChildren(Object.assign(document.createElement('legend'), { textContent: 'Seats' }));
  for (let i = 0; i < players; i++) {
    const label = document.createElement('label');
    label.textContent = `p${i} `;
    const sel = document.createElement('select');
    sel.dataset.seat = i;
    sel.append(option('human', 'a person'));
    for (const a of agentNames) sel.append(option(a));
    sel.value = old[i] ?? (i === 0 ? 'human' : 'random');
    label.append(sel);
    fs.append(label);
  }
}

function seats() {
  return [...document.querySelectorAll('[data-seat]')].map((s) => s.value);
}

function stop() {
  if (timer) clearTimeout(timer);
  timer = null;
}

async function leave() {
  stop();
  if (table) {
    const id = table.id;
    table = null;
    try { await api('DELETE', `/v1/sessions/${id}`); } catch (e) { /* already gone */ }
  }
}

function showTable(mode, title, n, viewer) {
  $('lobby').hidden = true;
  $('table').hidden = false;
  $('title').textContent = title;
  $('watch-controls').hidden = mode !== 'watch';
  $('replay-controls').hidden = mode !== 'replay';
  $('result').textContent = '';
  $('table-error').textContent = '';
  const v = $('viewer');
  v.replaceChildren();
  // Spectators (watch, replay) may see everything: /web/whole/{session}.
  if (mode !== 'play') v.append(option('all', 'everyone (spectator)'));
  for (let i = 0; i < n; i++) v.append(option(i, `p${i}`));
  v.value = mode === 'play' ? viewer : 'all';
}

async function start(mode) {
  await leave();
  const g = selectedGame();
  const s = seats();
  if (mode === 'watch' && s.includes('human')) {
    $('lobby-error').textContent = 'To watch, let an agent play every seat.';
    return;
  }
  if (mode === 'play' && !s.includes('human')) {
    $('lobby-error').textContent = 'To play, make at least one seat "a person".';
    return;
  }
  try {
    const view = await api('POST', '/v1/sessions', {
      game: g.name, params: params(), seed: Number($('seed').value) || 0, seats: s, ai: mode === 'play',
    });
    table = { id: view.session, mode, seats: s, game: g };
    const human = s.indexOf('human');
    showTable(mode, `${g.title}: ${mode === 'play' ? 'you play p' + human : 'agents play'}`, s.length, Math.max(human, 0));
    await refresh();
    if (mode === 'watch') tick();
  } catch (e) {
    $('lobby-error').textContent = e.message;
  }
}

// refresh draws the session as the chosen seat may see it.
async function refresh() {
  if (!table) return;
  const seat = $('viewer').value;
  const v = seat === 'all'
    ? await api('GET', `/web/whole/${table.id}`)
    : await api('GET', `/v1/sessions/${table.id}?seat=${seat}`);
  draw(v);
  return v;
}

let renders = 0;

function draw(v) {
  $('board').dataset.renders = ++renders;
  $('board').innerHTML = v.svg || `<pre>${escapeHTML(v.text)}</pre>`;
  const log = $('log');
  log.replaceChildren();
  for (const m of v.history) {
    const li = document.createElement('li');
    const who = m.player < 0 ? 'chance' : `p${m.player}`;
    li.textContent = `${who}: ${m.name}`;
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
  log.scrollTop = log.scrollHeight;
  const moves = $('moves');
  moves.replaceChildren();
  const mine = table.mode === 'play' && v.human_to_move && v.legal.length > 0;
  if (mine) {
    const h = document.createElement('h3');
    h.textContent = `Your move (p${v.seat})`;
    moves.append(h);
    for (const a of v.legal) {
      const b = document.createElement('button');
      b.textContent = a.name;
      b.className = 'move';
      b.dataset.action = a.action;
      b.addEventListener('click', () => play(a.action, v.seat));
      moves.append(b);
    }
    for (const g of $('board').querySelectorAll('g.action')) {
      g.addEventListener('click', () => play(Number(g.dataset.action), v.seat));
    }
  }
  // Undo restarts the session from the actions before the person's last
  // move: only where nothing is hidden, since it needs the whole view.
  $('undo').hidden = !(table.mode === 'play' && table.game.information === 'perfect'
    && v.history.some((m) => m.by === 'human'));
  $('status').textContent = v.terminal ? 'Game over.' : `To move: ${v.to_move_name}` + (v.scores ? `; scores ${v.scores.join(', ')}` : '');
  $('viewer').dataset.seat = v.seat;
  if (v.terminal) {
    const best = Math.max(...v.returns);
    const winners = v.returns.map((r, i) => (r === best ? `p${i}` : null)).filter(Boolean);
    // A cooperative game (identical returns) is won or lost by all together.
    const scores = (v.scores || []).join(', ');
    $('result').textContent = table.game.utility === 'identical'
      ? `Result: the team ${best > 0 ? 'won' : best < 0 ? 'lost' : 'drew'} (return ${best} for every seat; scores ${scores})`
      : winners.length === v.returns.length
      ? `Result: a draw (returns ${v.returns.join(', ')})`
      : `Result: ${winners.join(', ')} won (returns ${v.returns.join(', ')}; scores ${scores})`;
  }
}

async function play(action, seat) {
  try {
    // Hot seat: after this move, show the seat to move next if it is human.
    const v = await api('POST', `/v1/sessions/${table.id}/move`, { action, seat, ai: true });
    if (v.human_to_move && v.to_move >= 0 && table.seats[v.to_move] === 'human') $('viewer').value = v.to_move;
    await refresh();
  } catch (e) {
    $('table-error').textContent = e.message;
  }
}

async function undo() {
  try {
    const seat = Number($('viewer').value);
    const [full, mine] = await Promise.all([
      api('GET', `/v1/sessions/${table.id}`),
      api('GET', `/v1/sessions/${table.id}?seat=${seat}`),
    ]);
    const last = mine.history.findLastIndex((m) => m.by === 'human');
    if (last < 0) return;
    const v = await api('POST', '/v1/sessions', {
      game: full.game, params: full.params, seed: full.seed, seats: table.seats, actions: full.actions.slice(0, last),
    });
    const old = table.id;
    table.id = v.session;
    await api('DELETE', `/v1/sessions/${old}`);
    await refresh();
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
    const v = await api('POST', `/v1/sessions/${table.id}/ai`, { max_moves: 1 });
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
  table = { id: null, mode: 'replay', seats: Array(n).fill('human'), game: g, rec };
  showTable('replay', `${g.title}: replay of ${rec.actions.length} actions`, n, 0);
  const s = $('slider');
  s.max = rec.actions.length;
  s.value = rec.actions.length;
  await position(rec.actions.length);
}

async function position(k) {
  const old = table.id;
  try {
    const v = await api('POST', '/v1/sessions', {
      game: table.rec.game, params: table.rec.params || {}, actions: table.rec.actions.slice(0, k), seats: table.seats,
    });
    table.id = v.session;
    $('position').textContent = `${k} / ${table.rec.actions.length}`;
    await refresh();
  } catch (e) {
    $('table-error').textContent = e.message;
  }
  if (old) { try { await api('DELETE', `/v1/sessions/${old}`); } catch (e) { /* gone */ } }
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
  $('viewer').addEventListener('change', refresh);
  $('undo').addEventListener('click', undo);
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
