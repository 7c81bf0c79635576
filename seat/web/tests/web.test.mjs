// Browser tests of the moongym page: Playwright (playwright-core) drives
// Debian's Chromium headless against a real `moongym serve`.
//
//   MOONGYM=path/to/moongym SHOTS=dir node --test
//
// MOONGYM defaults to building the command with `go build`; SHOTS (default
// ./shots) receives a screenshot of every game mid-play. The no-leak tests
// start games without a seed, as a person does, and print the seed drawn:
// LEAK_SEED=N replays seed N, LEAK_DEBUG=1 prints what is hidden at each step.
//
// Every test fails on a console error (a Content-Security-Policy violation
// is one) and on a request that carries a session's token in its URL.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync, readFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../../..');
const shots = process.env.SHOTS || path.join(import.meta.dirname, 'shots');
let server, browser, base, bin, work, helper;

before(async () => {
  work = mkdtempSync(path.join(tmpdir(), 'moongym-web-'));
  bin = process.env.MOONGYM || path.join(work, 'moongym');
  if (!process.env.MOONGYM) execFileSync('go', ['build', '-o', bin, './cmd/moongym'], { cwd: root, stdio: 'inherit' });
  const port = 20000 + Math.floor(Math.random() * 20000);
  base = `http://127.0.0.1:${port}`;
  server = spawn(bin, ['serve', '--addr', `127.0.0.1:${port}`], { stdio: 'inherit' });
  for (let i = 0; ; i++) {
    try { if ((await fetch(`${base}/v1/help`)).ok) break; } catch (e) { if (i > 100) throw e; }
    await new Promise((r) => setTimeout(r, 100));
  }
  mkdirSync(shots, { recursive: true });
  // A new empty user-data dir (Playwright passes it as --user-data-dir).
  browser = await chromium.launchPersistentContext(mkdtempSync(path.join(tmpdir(), 'chromium-')), {
    executablePath: process.env.CHROMIUM || '/usr/bin/chromium',
    headless: true,
    viewport: { width: 1300, height: 1000 },
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
      '--disable-background-networking', '--disable-component-update', '--disable-sync'],
  });
  // A CSP violation is a console error in Chromium; say it once more, in
  // case a kind of violation is not.
  await browser.addInitScript(() => {
    document.addEventListener('securitypolicyviolation', (e) => {
      console.error(`CSP violation: ${e.violatedDirective} ${e.blockedURI}`);
    });
  });
  // A blank page that parses SVG for the tests (the page under test is not
  // asked to).
  helper = await browser.newPage();
});

after(async () => {
  await browser?.close();
  server?.kill();
});

// net records a page's traffic: every request (with its headers) and every
// response (with its body, parsed when JSON), and the tokens answered.
function net(page) {
  const rec = { requests: [], responses: [], pending: [], tokens: new Set() };
  page.on('request', (r) => {
    const item = { url: r.url(), method: r.method(), post: r.postData(), headers: {} };
    rec.requests.push(item);
    rec.pending.push(r.allHeaders().then((h) => { item.headers = h; }, () => {}));
  });
  page.on('response', (r) => {
    rec.pending.push((async () => {
      let text = '';
      try { text = await r.text(); } catch (e) { /* no body */ }
      let body = null;
      if ((r.headers()['content-type'] || '').startsWith('application/json')) {
        try { body = JSON.parse(text); } catch (e) { /* not JSON after all */ }
      }
      if (body && body.tokens) {
        rec.tokens.add(body.tokens.creator);
        for (const t of body.tokens.seats) if (t) rec.tokens.add(t);
      }
      rec.responses.push({ url: r.url(), method: r.request().method(), status: r.status(), body, text });
    })());
  });
  // settle waits for every body and header read so far.
  rec.settle = async () => {
    while (rec.pending.length > 0) await rec.pending.shift();
  };
  // start is the page's latest start of a session: its answer.
  rec.start = () => rec.responses.findLast((r) => r.method === 'POST' && new URL(r.url).pathname === '/v1/sessions' && r.status === 201);
  return rec;
}

// open opens the lobby; the test fails on any console error and on a
// token in a URL (unless strict is false). app replaces the page's script
// (a broken page, to see a test fail).
async function open(t, { app, strict = true } = {}) {
  const page = await browser.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  const traffic = net(page);
  if (app) await page.route('**/web/app.js', (r) => r.fulfill({ status: 200, contentType: 'text/javascript', body: app }));
  t.after(async () => {
    await traffic.settle();
    await page.close();
    if (!strict) return;
    assert.deepEqual(errors, [], 'console errors');
    for (const r of traffic.requests) {
      assert.doesNotMatch(r.url, /token|bearer/i, `a token word in the URL ${r.url}`);
      for (const tok of traffic.tokens) assert.ok(!r.url.includes(tok), `a token in the URL ${r.url}`);
    }
  });
  const res = await page.goto(base + '/');
  assert.match(res.headers()['content-security-policy'] || '', /script-src 'self'/);
  await page.waitForSelector('#game option', { state: 'attached' });
  page.traffic = traffic;
  page.errors = errors;
  return page;
}

// setParam sets a lobby parameter and waits for the seats built for it.
async function setParam(page, name, value) {
  await page.$eval(`[data-param="${name}"]`, (el, v) => {
    el.value = v;
    el.dispatchEvent(new Event('change'));
  }, String(value));
  await until(page, ([k, v]) => new URLSearchParams(document.querySelector('#seats').dataset.params).get(k) === v,
    [name, String(value)]);
}

// lobby chooses a game, its parameters, its seats and (when given) a seed.
async function lobby(page, game, seats, params = {}, seed) {
  if (await page.inputValue('#game') !== game) await page.selectOption('#game', game);
  await page.waitForSelector(`#seats[data-game="${game}"] [data-seat="1"]`);
  for (const [k, v] of Object.entries(params)) await setParam(page, k, v);
  await until(page, (n) => document.querySelectorAll('#seats [data-seat]').length === n, seats.length);
  for (let i = 0; i < seats.length; i++) await page.selectOption(`#seats [data-seat="${i}"]`, seats[i]);
  if (seed !== undefined) {
    if (!(await page.$eval('#advanced', (d) => d.open))) await page.click('#advanced summary');
    await page.fill('#seed', String(seed));
  }
}

// clickMove plays one of our moves: on the board when a clickable piece is
// there, one move in three, else a move button. It waits for the answer to
// be drawn (or the pass screen, or an error).
async function clickMove(page, rng) {
  const buttons = await page.$$('#moves button.move');
  const onBoard = await page.$$('#board g.action');
  const renders = await page.getAttribute('#board', 'data-renders');
  if (onBoard.length > 0 && rng % 3 === 0) {
    await onBoard[rng % onBoard.length].dispatchEvent('click');
  } else {
    await buttons[rng % buttons.length].click();
  }
  await until(page, (r) => document.querySelector('#board').dataset.renders !== r
    || !document.querySelector('#pass').hidden
    || document.querySelector('#table-error').textContent !== '', renders);
  assert.equal(await page.textContent('#table-error'), '');
}

// until polls fn(arg) in the page until it is true. (Playwright's
// waitForFunction evaluates a string in the page, which the page's
// Content-Security-Policy forbids; evaluate does not.)
async function until(page, fn, arg, { timeout = 30_000 } = {}) {
  const end = Date.now() + timeout;
  while (!(await page.evaluate(fn, arg))) {
    if (Date.now() > end) throw new Error(`timed out after ${timeout} ms waiting for ${fn}`);
    await new Promise((r) => setTimeout(r, 20));
  }
}

const lcg = (x) => (x * 1103515245 + 12345) % 2147483648;

// sessionPath says whether a URL is about a session (its views, moves, AI).
const sessionPath = (u) => /^\/(v1\/sessions\/|web\/whole\/)/.test(new URL(u).pathname);

// walk calls f on every key and every string of a JSON value.
function walk(v, f, key = null) {
  if (typeof v === 'string') f(key, v);
  else if (Array.isArray(v)) for (const x of v) walk(x, f, key);
  else if (v && typeof v === 'object') {
    for (const [k, x] of Object.entries(v)) { f(k, undefined); walk(x, f, k); }
  }
}

// checkPlayTraffic checks what a page in play mode asked and was answered: only
// its seat's token (the creator's only to delete), no whole view, no state,
// seed or action list.
function checkPlayTraffic(traffic, seatTokens) {
  const start = traffic.start();
  assert.ok(start, 'the page started a session');
  const { creator } = start.body.tokens;
  for (const r of traffic.requests.filter((x) => sessionPath(x.url))) {
    const where = `${r.method} ${new URL(r.url).pathname}`;
    assert.ok(!new URL(r.url).pathname.startsWith('/web/whole/'), `play mode asked for the whole view: ${where}`);
    const auth = r.headers.authorization || '';
    if (r.method === 'DELETE') assert.equal(auth, `Bearer ${creator}`, where);
    else assert.ok(seatTokens.some((t) => auth === `Bearer ${t}`), `${where} carries ${auth || 'no token'}, not a seat's token`);
  }
  for (const r of traffic.responses) {
    if (!r.body || !sessionPath(r.url) && new URL(r.url).pathname !== '/v1/sessions') continue;
    walk(r.body, (k) => {
      assert.ok(!['state', 'seed', 'actions'].includes(k), `play mode received "${k}" in ${r.method} ${r.url}`);
    });
  }
}

// Every game, played as a person from the lobby against the default
// opponent as the lobby offers it: the learned one (the built-in network
// with search, at the level's budget) where the configuration has a
// built-in model, the expert team in march-mars. Per game the parameters
// (a configuration with a built-in model; the smaller ones where a game
// has several) and the move at which the mid-game screenshot is taken (a
// hint asked just before it). About 80 s for the six on a quiet 2-core
// machine (walking-moon 35 s, welcome-moon 17, lunar-rally 13).
const playCases = {
  tictactoe: { params: {}, mid: 2 },
  'planet-cubes': { params: {}, mid: 8 },
  'lunar-rally': { params: {}, mid: 14 },
  'walking-moon': { params: { players: 2, rules: 'advanced' }, mid: 10 },
  'welcome-moon': { params: {}, mid: 12 },
  // The expert team is stronger than the learned one here (seat/levels.go):
  // the default.
  'march-mars': { params: { players: 2 }, mid: 10, def: /^expert$/ },
};

// clickBoard plays one of our moves on the board when the picture has
// clickable pieces (sheet spaces, dice, cards), else with a move button,
// and waits for the answer to be drawn (or the pass screen, or an error).
async function clickBoard(page, rng) {
  const onBoard = await page.$$('#board g.action');
  const buttons = await page.$$('#moves button.move');
  const renders = await page.getAttribute('#board', 'data-renders');
  if (onBoard.length > 0) await onBoard[rng % onBoard.length].dispatchEvent('click');
  else await buttons[rng % buttons.length].click();
  await until(page, (r) => document.querySelector('#board').dataset.renders !== r
    || !document.querySelector('#pass').hidden
    || document.querySelector('#table-error').textContent !== '', renders);
  assert.equal(await page.textContent('#table-error'), '');
  return onBoard.length > 0;
}

// askHint asks "What would the AI do?" and waits for its answer: the top
// moves listed, the evaluation bar shown, the best move marked on the
// board where the board has it.
async function askHint(page) {
  await page.click('#hint-ask');
  await until(page, () => document.querySelectorAll('#hint .hint-move').length > 0
    || document.querySelector('#table-error').textContent !== '', null, { timeout: 60_000 });
  assert.equal(await page.textContent('#table-error'), '');
  assert.equal(await page.isVisible('#eval-bar'), true, 'the evaluation bar');
  const best = await page.getAttribute('#hint .hint-move', 'data-action');
  if (await page.$(`#board g.action[data-action="${best}"]`)) {
    assert.ok(await page.$(`#board .hint-best[data-action="${best}"]`), 'the best move is marked on the board');
  }
  assert.ok(await page.$(`#moves button.move[data-action="${best}"]`), 'the hint is a legal move');
}

// A result reads as a sentence, never as returns.
const sentence = /\b(won|lost|draw|drew|tied|came)\b/i;

for (const [game, c] of Object.entries(playCases)) {
  test(`play ${game} from the lobby against the learned opponent: the board clicked, a hint, the result, play again`, { timeout: 600_000 }, async (t) => {
    const page = await open(t);
    await page.selectOption('#game', game);
    await page.waitForSelector(`#seats[data-game="${game}"] [data-seat="1"]`);
    for (const [k, v] of Object.entries(c.params)) await setParam(page, k, v);
    // The default opponent is the strongest level: the network with search.
    const def = await page.getAttribute('#levels-note', 'data-default');
    assert.match(def, c.def || /^az:model=builtin,sims=\d+$/, `${game}: the default opponent`);
    const n = (await page.$$('#seats [data-seat]')).length;
    for (let i = 1; i < n; i++) assert.equal(await page.inputValue(`#seats [data-seat="${i}"]`), def);
    assert.equal(await page.inputValue('#seats [data-seat="0"]'), 'human');
    // Advanced: a seed (the same game every run); the opponents stay the
    // default level.
    await page.click('#advanced summary');
    await page.fill('#seed', '1');
    await page.fill('#hint-spec', 'az:model=builtin,sims=16');
    await page.click('#play');
    await page.waitForSelector('#board svg');
    await until(page, () => document.querySelectorAll('#moves button.move').length > 0);
    await page.screenshot({ path: path.join(shots, `${game}-start.png`) });
    let moves = 0;
    let onBoard = 0;
    let rng = 7;
    for (;;) {
      await until(page, () => document.querySelector('#result').textContent !== ''
        || document.querySelectorAll('#moves button.move').length > 0);
      if (await page.textContent('#result') !== '') break;
      // Each move button: the move in the player's words, its name in the tooltip.
      assert.ok(await page.$$eval('#moves button.move', (bs) => bs.every((b) => b.title !== '' && b.textContent !== '')), 'a move button without its label or name');
      if (moves === c.mid) {
        await askHint(page);
        await page.screenshot({ path: path.join(shots, `${game}-mid.png`) });
      }
      rng = lcg(rng);
      if (await clickBoard(page, rng)) onBoard++;
      moves++;
      assert.ok(moves < 3000, 'too many moves');
    }
    t.diagnostic(`${game}: ${moves} moves, ${onBoard} on the board`);
    if (moves <= c.mid) await page.screenshot({ path: path.join(shots, `${game}-mid.png`) });
    const result = await page.textContent('#result');
    assert.match(result, sentence);
    assert.doesNotMatch(result, /return/);
    // A cooperative game is won or lost by the whole team, never "a draw".
    if (game === 'march-mars') assert.match(result, /team (won|lost)/i);
    assert.match(await page.textContent('#final-scores'), /^Final scores: p0 /);
    await page.screenshot({ path: path.join(shots, `${game}-end.png`) });
    assert.ok((await page.$$('#log li')).length > 0, 'event log is empty');
    // Each line of the event log: the move in the game's words, its name in
    // the tooltip; the person's own moves read as their buttons did.
    const log = await page.$$eval('#log > li', (lis) => lis.map((li) => [li.firstChild.textContent, li.firstChild.title]));
    assert.ok(log.every(([text, title]) => /^(p\d|chance|others): ./.test(text) && title !== ''), `a log line without its label or name: ${log.join(' / ')}`);
    assert.ok(log.some(([text, title]) => text.startsWith('p0: ') && text !== `p0: ${title}`), `p0's moves are logged by their names: ${log.slice(0, 6).join(' / ')}`);
    // Play mode: the person's seat only, whatever the game.
    assert.deepEqual(await page.$$eval('#viewer option', (os) => os.map((o) => o.value)), ['0']);
    await page.traffic.settle();
    const first = page.traffic.start();
    checkPlayTraffic(page.traffic, [first.body.tokens.seats[0]]);
    // Play again: a new session of the same setup, the old one deleted.
    const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
    await page.click('#again');
    assert.equal((await deleted).status(), 200);
    await until(page, () => document.querySelectorAll('#moves button.move').length > 0);
    await page.traffic.settle();
    assert.notEqual(page.traffic.start().body.session, first.body.session);
    assert.equal(await page.textContent('#result'), '');
    assert.equal(await page.isHidden('#end-controls'), true);
  });
}

// A phone-sized or small window: the page never scrolls sideways, the
// board takes the width and no more, the panels (moves, log) stack under
// it.
for (const [width, height] of [[880, 600], [390, 844]]) {
  test(`a ${width}x${height} window: the board fits, the panels stack, nothing scrolls sideways`, async (t) => {
    const page = await open(t);
    await page.setViewportSize({ width, height });
    const sideways = () => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth);
    assert.ok(await sideways() <= 0, `the lobby scrolls sideways by ${await sideways()} px`);
    if (width === 880) {
      // The lobby of a configuration without a built-in model says so.
      await page.selectOption('#game', 'lunar-rally');
      await page.waitForSelector('#seats[data-game="lunar-rally"] [data-seat="1"]');
      await setParam(page, 'scenario', 'blue'); // the blue map: no model plays it
      assert.match(await page.textContent('#levels-note'), /no built-in model for this configuration of lunar-rally/);
      assert.equal(await page.inputValue('#seats [data-seat="1"]'), 'expert');
      await page.click('#advanced summary');
      assert.ok(await sideways() <= 0, `the lobby scrolls sideways by ${await sideways()} px`);
      await page.screenshot({ path: path.join(shots, 'lobby.png'), fullPage: true });
      await page.click('#advanced summary');
    }
    for (const game of ['welcome-moon', 'lunar-rally', 'planet-cubes']) {
      await page.selectOption('#game', game);
      await page.waitForSelector(`#seats[data-game="${game}"] [data-seat="1"]`);
      const n = (await page.$$('#seats [data-seat]')).length;
      for (let i = 1; i < n; i++) await page.selectOption(`#seats [data-seat="${i}"]`, 'heuristic');
      assert.ok(await sideways() <= 0, `${game}: the lobby scrolls sideways by ${await sideways()} px`);
      await page.click('#play');
      await page.waitForSelector('#moves button.move');
      const box = await page.evaluate(() => {
        const r = (sel) => document.querySelector(sel).getBoundingClientRect();
        return { svg: r('#board svg'), aside: r('aside'), win: window.innerWidth };
      });
      assert.ok(box.svg.left >= 0 && box.svg.right <= box.win + 0.5, `${game}: the board (${box.svg.left}..${box.svg.right}) is wider than the window (${box.win})`);
      assert.ok(box.aside.top >= box.svg.bottom - 0.5, `${game}: the panels are not under the board`);
      assert.ok(await sideways() <= 0, `${game}: the page scrolls sideways by ${await sideways()} px`);
      if (width < 500) await page.screenshot({ path: path.join(shots, `phone-${game}.png`), fullPage: false });
      await page.click('#to-lobby');
      await page.waitForSelector('#lobby:not([hidden])');
    }
  });
}

test('the evaluation bar follows the game when its box is ticked; the hint asks with the seat\'s token', async (t) => {
  const page = await open(t);
  const asks = [];
  page.on('request', (r) => {
    if (new URL(r.url()).pathname.endsWith('/analyze')) asks.push({ body: r.postDataJSON(), auth: r.headers().authorization });
  });
  await page.selectOption('#seats [data-seat="1"]', 'heuristic');
  await page.click('#advanced summary');
  await page.fill('#hint-spec', 'mcts:sims=50');
  await page.click('#play');
  await page.waitForSelector('#moves button.move');
  assert.equal(await page.isHidden('#eval'), true);
  await page.check('#eval-on');
  await until(page, () => !document.querySelector('#eval').hidden);
  assert.match(await page.textContent('#eval-text'), /p0 \d+% · p1 \d+% to win/);
  await page.click('#moves button.move[data-action="4"]');
  await until(page, () => document.querySelectorAll('#log > li').length === 2);
  // Drawn again for the position after the move and the reply.
  await until(page, () => document.querySelector('#eval-bar').dataset.asked === '2');
  assert.ok(asks.length >= 2, `${asks.length} analyze requests`);
  const { tokens } = page.traffic.start().body;
  for (const a of asks) {
    assert.deepEqual(a.body, { seat: 0, top: 5, agent: 'mcts:sims=50' });
    assert.equal(a.auth, `Bearer ${tokens.seats[0]}`);
  }
  await page.traffic.settle();
  checkPlayTraffic(page.traffic, [tokens.seats[0]]);
});

test('play again and the rematch: fresh seeds, seats swapped', async (t) => {
  const page = await open(t);
  const starts = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/sessions') starts.push(r.postDataJSON());
  });
  await page.selectOption('#seats [data-seat="1"]', 'heuristic');
  await page.click('#play');
  // Tic-tac-toe against the heuristic: the first free square until the end.
  for (;;) {
    await until(page, () => document.querySelector('#result').textContent !== ''
      || document.querySelectorAll('#moves button.move').length > 0);
    if (await page.textContent('#result') !== '') break;
    await clickBoard(page, 0);
  }
  assert.match(await page.textContent('#result'), sentence);
  await page.click('#rematch');
  await until(page, () => document.querySelector('#viewer').dataset.seat === '1'
    && document.querySelectorAll('#moves button.move').length > 0);
  assert.deepEqual(starts[1].seats, ['heuristic', 'human']);
  assert.equal(starts[1].seat, 1);
  assert.match(await page.textContent('#title'), /you play p1/);
  assert.equal((await page.$$('#moves button.move')).length, 8, 'the heuristic moved first');
  await page.click('#to-lobby');
  await page.click('#play');
  await page.waitForSelector('#moves button.move');
  assert.equal(starts.length, 3);
  // No seed sent: the server draws a fresh one for every game.
  for (const s of starts) assert.ok(!('seed' in s), `a seed was sent: ${JSON.stringify(s)}`);
});

// The no-leak test: a person playing against agents never receives, nor
// sees, what the agents hide. Ground truth comes from the test process,
// which reads the session with the creator's token the page was answered:
// the whole view and /web/whole (every card named, every move in full)
// against seat 0's view. Hidden are the lines of the whole text, the
// drawing's leaves (an element with text, with its place and colours) of
// the whole picture, and the names of the moves, that seat 0's view lacks.
// Per game: parameters with hidden information (walking-moon's action
// cards come with the advanced rules), the moves to play, and which kinds
// of hidden things must have turned up so that the test proves something.
const leakCases = {
  'lunar-rally': { params: {}, seats: 2, steps: 14, expect: ['moves', 'leaves'] },
  'walking-moon': { params: { players: 2, rules: 'advanced' }, seats: 2, steps: 24, expect: ['moves', 'leaves'] },
  'welcome-moon': { params: { players: 3 }, seats: 3, steps: 8, expect: ['moves'] },
};

// leavesOf lists the leaves of SVG pictures (given as HTML or SVG text): the
// elements without children that say something, with their attributes.
function leavesOf(htmls) {
  return helper.evaluate((list) => list.map((html) => {
    const doc = new DOMParser().parseFromString(`<div>${html}</div>`, 'text/html');
    const out = [];
    for (const el of doc.body.querySelectorAll('svg *')) {
      const text = el.textContent.trim();
      if (el.children.length > 0 || text === '') continue;
      out.push(`<${el.tagName} ${[...el.attributes].map((a) => `${a.name}="${a.value}"`).join(' ')}>${text}`);
    }
    return out;
  }), htmls);
}

const lines = (s) => (s || '').split('\n').map((l) => l.trim()).filter(Boolean);

async function get(p, token) {
  const res = await fetch(base + p, { headers: { Authorization: `Bearer ${token}` } });
  assert.equal(res.status, 200, `${p}: ${res.status}`);
  return res.json();
}

const who = (m) => (m.player >= 0 ? `p${m.player}` : m.by);
const key = (m) => `${m.player}|${m.by}|${m.action ?? ''}|${m.name}|${m.label}`;

// hiddenMoves lists the moves of the whole history (one per action, each
// named in full) that seat 0's history does not tell: those it names only
// vaguely, without their action id (one entry may stand for a run of other
// seats' secret moves), and those it has not been told yet. The entries
// with an action id are matched in order.
function hiddenMoves(whole, mine) {
  const hidden = [];
  let j = 0;
  for (const m of mine) {
    if (m.action === undefined) continue;
    while (j < whole.length && !(whole[j].player === m.player && whole[j].action === m.action)) hidden.push(whole[j++]);
    assert.ok(j < whole.length, `seat 0's move ${key(m)} is not in the whole history`);
    j++;
  }
  return hidden.concat(whole.slice(j));
}

// groundTruth reads what seat 0 may not know now.
async function groundTruth(id, creator) {
  const [whole, drawn, mine] = await Promise.all([
    get(`/v1/sessions/${id}`, creator),
    get(`/web/whole/${id}`, creator),
    get(`/v1/sessions/${id}?seat=0`, creator),
  ]);
  assert.equal(drawn.history.length, whole.actions.length);
  // A move seat 0 may not know (no action id) is told by its name as seat
  // 0 may know it, never labelled in its mover's words (a label may name
  // the mover's card or secret choice): the ground truth checks the server.
  const moves = hiddenMoves(drawn.history, mine.history);
  for (const m of mine.history) {
    if (m.action !== undefined) continue;
    assert.equal(m.label, m.name, `seat 0 is told ${key(m)}: a label for a move it may not know`);
    const h = moves.find((x) => x.player === m.player && x.label !== x.name && x.label === m.label);
    assert.equal(h, undefined, `seat 0 is told ${key(m)}: the label of the hidden move ${key(h || {})}`);
  }
  const seen = new Set(lines(mine.text));
  const [wholeLeaves, mineLeaves] = await leavesOf([drawn.svg, mine.svg]);
  const seenLeaves = new Set(mineLeaves);
  return {
    lines: new Set(lines(whole.text).filter((l) => !seen.has(l))),
    leaves: new Set(wholeLeaves.filter((l) => !seenLeaves.has(l))),
    moves,
    history: mine.history,
    told: new Set(mine.history.map(key)),
    labels: mine.history.map((m) => `${who(m)}: ${m.label}`),
    titles: mine.history.map((m) => m.name),
    legal: new Set(mine.legal.map((a) => a.action)),
  };
}

// namesHidden says whether a move seat 0 was told or shown (m: an entry of
// a history, or a line of the event log) names one of the hidden moves:
// its name in full or its label (in the mover's words) by the same seat,
// in m's name or label, where seat 0's own history has no such entry (a
// name may be public elsewhere: a card played openly).
function namesHidden(hidden, m) {
  if (hidden.told.has(key(m))) return null;
  const says = (h, s) => s !== undefined && (s === h.name || s === h.label);
  return hidden.moves.find((h) => h.player === m.player && (says(h, m.name) || says(h, m.label) || m.action !== undefined && h.action === m.action)) || null;
}

// checkResponse fails if an answer the page received tells seat 0 what it
// may not know (hidden: the ground truth at the time).
async function checkResponse(r, hidden) {
  const where = `${r.method} ${r.url}`;
  walk(r.body, (k, s) => {
    assert.ok(!['state', 'seed', 'actions'].includes(k), `"${k}" in ${where}`);
    if (s !== undefined) for (const l of lines(s)) assert.ok(!hidden.lines.has(l), `hidden line "${l}" in ${where}`);
  });
  if (new URL(r.url).pathname.endsWith('/analyze')) {
    // A hint: moves of seat 0's own to choose from (its lines of play are
    // guesses of what others hold, not what they hold: not checked).
    for (const m of r.body.moves || []) assert.ok(hidden.legal.has(m.action), `hint ${m.move} is not a legal move of seat 0 in ${where}`);
    return;
  }
  const svgs = [];
  walk(r.body, (k, s) => { if (k === 'svg' && s) svgs.push(s); });
  for (const leaves of await leavesOf(svgs)) {
    for (const l of leaves) assert.ok(!hidden.leaves.has(l), `hidden ${l} in ${where}`);
  }
  const history = r.body.history || [];
  for (const m of [...history, ...(r.body.moves || [])]) {
    const h = namesHidden(hidden, m);
    assert.equal(h, null, `hidden move ${key(h || {})} answered as ${key(m)} in ${where}`);
  }
  // What the page was told is what seat 0 was told: a history is a
  // beginning of seat 0's, the moves of a request its end.
  history.forEach((m, i) => assert.equal(key(m), key(hidden.history[i] || {}), `move ${i} of ${where}`));
  for (const m of r.body.moves || []) assert.ok(hidden.told.has(key(m)), `${key(m)} in the moves of ${where}`);
}

// checkPage fails if the page shows seat 0 what it may not know.
async function checkPage(page, hidden) {
  const text = await page.evaluate(() => document.body.innerText);
  for (const l of lines(text)) assert.ok(!hidden.lines.has(l), `hidden line "${l}" on the page`);
  const [leaves] = await leavesOf([await page.$eval('#board', (b) => b.innerHTML)]);
  for (const l of leaves) assert.ok(!hidden.leaves.has(l), `hidden ${l} on the board`);
  // Each line of the event log: the move's label, its name the tooltip.
  const labels = await page.$$eval('#log > li', (lis) => lis.map((li) => li.firstChild?.textContent ?? ''));
  const titles = await page.$$eval('#log > li', (lis) => lis.map((li) => li.firstChild?.title ?? ''));
  const told = new Set(hidden.labels);
  for (const l of labels) {
    if (told.has(l)) continue;
    for (const h of hidden.moves) {
      assert.notEqual(l, `${who(h)}: ${h.name}`, 'a hidden move in the event log');
      assert.notEqual(l, `${who(h)}: ${h.label}`, 'a hidden move\'s label in the event log');
    }
  }
  const named = new Set(hidden.titles);
  for (const [i, l] of titles.entries()) {
    if (named.has(l)) continue;
    for (const h of hidden.moves) assert.notEqual(l, h.name, `a hidden move in the tooltip of ${labels[i]}`);
  }
  assert.deepEqual(labels, hidden.labels, 'the event log is seat 0\'s history');
  assert.deepEqual(titles, hidden.titles, 'the event log\'s tooltips are seat 0\'s names');
  const viewers = await page.$$eval('#viewer option', (os) => os.map((o) => o.value));
  assert.deepEqual(viewers, ['0'], 'play mode offers a seat other than the person\'s');
}

const information = async () => (await (await fetch(`${base}/v1/games`)).json())
  .filter((g) => g.information !== 'perfect').map((g) => g.name);

test('every game with hidden information has a no-leak case', async () => {
  assert.deepEqual((await information()).sort(), Object.keys(leakCases).sort());
});

// leakRun plays game c from the lobby as p0 against the heuristic, and
// checks at every step (the person to move) the answers received since the
// last step, the page and its board against the ground truth of the time.
async function leakRun(t, page, game, c) {
  const traffic = page.traffic;
  // No seed, as a person starts a game (LEAK_SEED=N replays seed N).
  await lobby(page, game, ['human', ...Array(c.seats - 1).fill('heuristic')], c.params, process.env.LEAK_SEED);
  await page.click('#play');
  await page.waitForSelector('#board svg');
  await traffic.settle();
  const start = traffic.start();
  const { session: id, tokens } = start.body;
  t.diagnostic(`${game}: seed ${(await get(`/v1/sessions/${id}`, tokens.creator)).seed}`);
  let checked = 0;
  const found = { lines: 0, leaves: 0, moves: 0 };
  let rng = 11;
  let hinted = false;
  for (let step = 0; ; step++) {
    await until(page, () => document.querySelector('#result').textContent !== ''
      || document.querySelectorAll('#moves button.move').length > 0);
    // Once a game, the hint (what the page shows of it is checked below).
    if (step === 2 && await page.isVisible('#hint-ask')) {
      hinted = true;
      await page.click('#hint-ask');
      await until(page, () => document.querySelectorAll('#hint .hint-move').length > 0
        || document.querySelector('#table-error').textContent !== '', null, { timeout: 60_000 });
    }
    await traffic.settle();
    const hidden = await groundTruth(id, tokens.creator);
    found.lines += hidden.lines.size;
    found.leaves += hidden.leaves.size;
    found.moves += hidden.moves.length;
    if (process.env.LEAK_DEBUG) t.diagnostic(`step ${step}: ${hidden.lines.size} lines, ${hidden.leaves.size} leaves, ${hidden.moves.length} moves: ${hidden.moves.map(key).join(', ')}; ${[...hidden.leaves].join(' ')}`);
    // Every answer since the last step was made in this position.
    for (; checked < traffic.responses.length; checked++) {
      const r = traffic.responses[checked];
      if (r.body) await checkResponse(r, hidden);
    }
    await checkPage(page, hidden);
    if (step === c.steps || await page.textContent('#result') !== '') break;
    rng = lcg(rng);
    await clickMove(page, rng);
  }
  assert.equal(start.body.seat, 0, 'the start answers seat 0\'s view');
  checkPlayTraffic(traffic, [tokens.seats[0]]);
  return { found, answers: traffic.responses.length, hinted };
}

for (const [game, c] of Object.entries(leakCases)) {
  test(`play ${game} against the heuristic: no hidden card or move of the AI reaches the page`, { timeout: 300_000 }, async (t) => {
    const page = await open(t);
    const { found, answers, hinted } = await leakRun(t, page, game, c);
    assert.ok(hinted, 'the hint was not asked');
    for (const kind of c.expect) assert.ok(found[kind] > 0, `the AI hid no ${kind}: the test proves nothing`);
    t.diagnostic(`hidden things checked (summed over the steps): ${JSON.stringify(found)}, ${answers} answers`);
  });
}

// Pages that leak, made from app.js by replacing text: the no-leak test
// must fail on each, for the reason given.
const leakyPages = [
  {
    name: 'the viewer offers the AI\'s seat',
    edits: [["seats.forEach((s, i) => { if (s === 'human') v.append(option(i, `p${i}`)); });",
      'seats.forEach((s, i) => v.append(option(i, `p${i}`)));']],
    fails: /offers a seat other than the person's/,
  },
  {
    name: 'the board drawn from the whole view',
    // (The whole picture with the page's own handlers: its clickable
    // pieces play, so the test goes on until the leak shows.)
    edits: [['async function drawPlayed(v) {', `async function drawPlayed(v) {
  v = { ...v, svg: (await api('GET', \`/web/whole/\${table.id}\`, undefined, creator())).svg };`]],
    // Caught in the answer to that GET (a hidden move, or a history that
    // is not seat 0's: the AI's moves in its own words) or on the board it
    // drew, whichever the page's checks reach first.
    fails: /hidden (move|<text).*( in GET .*\/web\/whole\/| on the board)|move \d+ of GET .*\/web\/whole\//,
  },
  {
    name: 'the AI seat\'s view read as well',
    edits: [['async function drawPlayed(v) {', `async function drawPlayed(v) {
  await api('GET', \`/v1/sessions/\${table.id}?seat=1\`, undefined, creator());`]],
    fails: /(hidden (move|<text).*|move \d+ of) GET .*seat=1/,
  },
  {
    name: 'the start answered with the whole view',
    edits: [['ai: true, seat: human, seat_view: true,', 'ai: true,'],
      ['await drawPlayed(view);', 'await drawPlayed(await fetchView());']],
    fails: /"(state|seed|actions)" in POST .*\/v1\/sessions/,
  },
  {
    name: 'moves played with the creator\'s token',
    edits: [['{ action, seat, seat_view: true, ai: true }, seatToken(seat));', '{ action, seat, ai: true }, creator()); v = await fetchView();'],
      ['    const v = await api(\'POST\', `/v1/sessions/${table.id}/move`,', '    let v = await api(\'POST\', `/v1/sessions/${table.id}/move`,']],
    fails: /"(state|seed|actions)" in POST .*\/move/,
  },
];

test('the no-leak test fails on a page that leaks', { timeout: 600_000 }, async (t) => {
  const app = readFileSync(path.join(import.meta.dirname, '../static/app.js'), 'utf8');
  for (const leaky of leakyPages) {
    let src = app;
    for (const [from, to] of leaky.edits) {
      assert.ok(src.includes(from), `${leaky.name}: app.js no longer says ${from}`);
      src = src.replace(from, to);
    }
    await t.test(leaky.name, async (st) => {
      const page = await open(st, { app: src, strict: false });
      await assert.rejects(leakRun(st, page, 'lunar-rally', leakCases['lunar-rally']), (e) => {
        st.diagnostic(`failed as it should: ${e.message.split('\n')[0]}`);
        assert.match(e.message, leaky.fails);
        return true;
      });
    });
  }
});

test('hot seat: each person sees their own seat, the device passed between them', async (t) => {
  const page = await open(t);
  await lobby(page, 'welcome-moon', ['human', 'human'], { players: 2 });
  await page.click('#play');
  await page.waitForSelector('#moves button.move');
  const { tokens } = page.traffic.start().body;
  assert.deepEqual(await page.$$eval('#viewer option', (os) => os.map((o) => o.value)), ['0', '1']);
  assert.equal(await page.getAttribute('#viewer', 'data-seat'), '0');
  // p0 picks a combination and a space; then p1 is to move.
  let rng = 5;
  while (await page.isHidden('#pass')) {
    rng = lcg(rng);
    await clickMove(page, rng);
  }
  assert.match(await page.textContent('#pass-text'), /Pass the device to p1/);
  await page.screenshot({ path: path.join(shots, 'hot-seat-welcome-moon.png'), clip: { x: 0, y: 0, width: 900, height: 380 } });
  assert.equal(await page.$('#board svg'), null, 'the board stays hidden until p1 says so');
  assert.equal((await page.$$('#log li')).length, 0);
  assert.equal((await page.$$('#moves button')).length, 0);
  await page.click('#pass-ok');
  await page.waitForSelector('#moves button.move');
  assert.equal(await page.getAttribute('#viewer', 'data-seat'), '1');
  const log = await page.$$eval('#log > li', (lis) => lis.map((li) => li.firstChild.textContent));
  assert.ok(log.some((l) => /^(p0|others): a secret choice/.test(l)), `p1 is told p0's choices: ${log.join(' / ')}`);
  assert.ok(!log.some((l) => /^p0: (space|\d)/.test(l)), `p1 sees p0's choices: ${log.join(' / ')}`);
  assert.ok(!log.some((l) => /^p0: (take|write|skip|Astronaut)/.test(l)), `p1 sees p0's choices in p0's words: ${log.join(' / ')}`);
  await page.traffic.settle();
  const last = page.traffic.requests.findLast((r) => r.method === 'GET' && sessionPath(r.url));
  assert.equal(last.headers.authorization, `Bearer ${tokens.seats[1]}`, 'p1 reads with p1\'s token');
  checkPlayTraffic(page.traffic, tokens.seats);
});

test('hot seat with perfect information: the view follows the seat to move', async (t) => {
  const page = await open(t);
  await lobby(page, 'tictactoe', ['human', 'human']);
  await page.click('#play');
  await page.waitForSelector('#moves button.move');
  await page.click('#moves button.move[data-action="4"]');
  await until(page, () => document.querySelector('#viewer').dataset.seat === '1');
  assert.equal(await page.isHidden('#pass'), true);
  assert.match(await page.textContent('#moves h3'), /p1/);
  await page.traffic.settle();
  checkPlayTraffic(page.traffic, page.traffic.start().body.tokens.seats);
});

test('a start from the lobby sends a seed only when Advanced has one', async (t) => {
  const page = await open(t);
  const starts = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && new URL(r.url()).pathname === '/v1/sessions') starts.push(r.postDataJSON());
  });
  await page.selectOption('#seats [data-seat="1"]', 'heuristic');
  assert.equal(await page.inputValue('#seed'), '');
  assert.equal(await page.isHidden('#seed'), true, 'the seed is an advanced field');
  await page.click('#play');
  await page.waitForSelector('#moves button.move');
  assert.equal(starts.length, 1);
  assert.ok(!('seed' in starts[0]), `a seed was sent: ${JSON.stringify(starts[0])}`);
  assert.equal(starts[0].seat, 0);
  assert.equal(starts[0].seat_view, true);
  // Leaving deletes the session with the creator's token.
  const deleted = page.waitForResponse((r) => r.request().method() === 'DELETE');
  await page.click('#to-lobby');
  assert.equal((await deleted).status(), 200);
  await page.click('#watch'); // p1 is an agent, p0 a person: refused
  assert.match(await page.textContent('#lobby-error'), /agent play every seat/);
  await page.selectOption('#seats [data-seat="0"]', 'heuristic');
  await page.click('#advanced summary');
  await page.fill('#seed', '42');
  await page.click('#watch');
  await page.waitForSelector('#board svg');
  assert.equal(starts.length, 2);
  assert.equal(starts[1].seed, 42);
});

test('a refused token shows in the error line (401, 403)', async (t) => {
  const page = await open(t);
  await page.selectOption('#seats [data-seat="1"]', 'heuristic');
  await page.click('#play');
  await page.waitForSelector('#moves button.move');
  // A token that is none of the session's: 401.
  await page.route('**/move', (r) => r.continue({ headers: { ...r.request().headers(), authorization: 'Bearer 0123456789abcdef0123456789abcdef' } }), { times: 1 });
  await page.click('#moves button.move[data-action="4"]');
  await until(page, () => document.querySelector('#table-error').textContent !== '');
  assert.match(await page.textContent('#table-error'), /^unauthorized: /);
  // The seat's token, asking for another seat: 403.
  await page.route('**/move', (r) => r.continue({ postData: JSON.stringify({ ...r.request().postDataJSON(), seat: 1 }) }), { times: 1 });
  await page.click('#moves button.move[data-action="4"]');
  await until(page, () => /^forbidden: /.test(document.querySelector('#table-error').textContent));
  // The next move goes through and clears the error.
  await page.click('#moves button.move[data-action="4"]');
  await until(page, () => document.querySelectorAll('#log > li').length === 2);
  assert.equal(await page.textContent('#table-error'), '');
  // The console shows the failed requests as errors: expected here.
  const failed = page.errors.splice(0);
  assert.equal(failed.length, 2, failed.join('\n'));
  for (const e of failed) assert.match(e, /status of 40[13]/);
});

test('the Content-Security-Policy holds, and a violation fails a test', async (t) => {
  const page = await open(t);
  await page.evaluate(() => {
    const s = document.createElement('script');
    s.textContent = 'window.inlineRan = true';
    document.body.append(s);
  });
  assert.equal(await page.evaluate(() => window.inlineRan), undefined, 'an inline script ran');
  await page.waitForTimeout(100);
  const errors = page.errors.splice(0);
  assert.ok(errors.some((e) => /Content Security Policy|CSP violation/i.test(e)), `no console error: ${errors}`);
});

test('undo takes back the last move of the person', async (t) => {
  const page = await open(t);
  await page.selectOption('#game', 'tictactoe');
  await page.selectOption('#seats [data-seat="1"]', 'heuristic');
  await page.click('#play');
  await page.waitForSelector('#moves button.move');
  assert.equal(await page.isHidden('#undo'), true);
  await page.click('#moves button.move[data-action="4"]');
  await until(page, () => document.querySelectorAll('#log > li').length === 2);
  await page.click('#undo');
  await until(page, () => document.querySelectorAll('#log > li').length === 0);
  assert.equal((await page.$$('#moves button.move')).length, 9);
  assert.equal(await page.isHidden('#undo'), true);
  await page.click('#moves button.move[data-action="0"]');
  await until(page, () => document.querySelectorAll('#log > li').length === 2);
  assert.equal(await page.textContent('#table-error'), '');
});

test('watch two agents play tic-tac-toe, pause and speed', async (t) => {
  const page = await open(t);
  await page.selectOption('#seats [data-seat="0"]', 'heuristic');
  await page.selectOption('#seats [data-seat="1"]', 'random');
  await page.click('#watch');
  await page.waitForSelector('#watch-controls:not([hidden])');
  await page.fill('#speed', '20');
  await page.click('#pause');
  assert.equal(await page.textContent('#pause'), 'Play');
  await page.click('#pause');
  await until(page, () => document.querySelector('#result').textContent !== '', null, { timeout: 30_000 });
  assert.match(await page.textContent('#result'), sentence);
  assert.ok((await page.$$('#log li')).length >= 5);
  assert.equal(await page.getAttribute('#viewer', 'data-seat'), '-1', 'a spectator sees everything');
  await page.selectOption('#viewer', '1');
  await until(page, () => document.querySelector('#viewer').dataset.seat === '1');
  await page.screenshot({ path: path.join(shots, 'watch-tictactoe.png'), fullPage: true });
});

test('replay a record with the slider', async (t) => {
  const rec = path.join(work, 'game.json');
  execFileSync(bin, ['play', 'tictactoe', '--seats', 'random,random', '--seed', '3', '--record', rec]);
  const page = await open(t);
  await page.setInputFiles('#record-file', rec);
  await page.waitForSelector('#replay-controls:not([hidden])');
  await page.waitForSelector('#board svg');
  const n = Number(await page.getAttribute('#slider', 'max'));
  assert.ok(n >= 5);
  assert.match(await page.textContent('#position'), new RegExp(`^${n} / ${n}$`));
  await page.$eval('#slider', (s) => { s.value = '2'; s.dispatchEvent(new Event('change')); });
  await until(page, () => document.querySelector('#position').textContent.startsWith('2 /'));
  await until(page, () => document.querySelectorAll('#log > li:not(.sub)').length === 2);
  await page.screenshot({ path: path.join(shots, 'replay-tictactoe.png'), fullPage: true });
});

test('watch lunar-rally as a spectator: every program shown', async (t) => {
  const page = await open(t);
  await page.selectOption('#game', 'lunar-rally');
  await page.waitForSelector('#seats[data-game="lunar-rally"] [data-seat="1"]');
  await page.selectOption('#seats [data-seat="0"]', 'heuristic');
  await page.selectOption('#seats [data-seat="1"]', 'random');
  await page.click('#watch');
  await page.waitForSelector('#watch-controls:not([hidden])');
  await page.fill('#speed', '20');
  await until(page, () => document.querySelectorAll('#log > li').length >= 30, null, { timeout: 60_000 });
  await page.click('#pause');
  await page.waitForTimeout(300); // a move under way is drawn
  await page.screenshot({ path: path.join(shots, 'watch-lunar-rally.png'), fullPage: true });
  assert.equal(await page.getAttribute('#viewer', 'data-seat'), '-1');
  const moves = (await page.$$('#log > li')).length;
  await page.waitForTimeout(500);
  assert.equal((await page.$$('#log > li')).length, moves, 'paused, yet moves go on');
});
