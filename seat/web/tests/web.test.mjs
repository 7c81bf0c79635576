// Browser tests of the moongym page: Playwright (playwright-core) drives
// Debian's Chromium headless against a real `moongym serve`.
//
//   MOONGYM=path/to/moongym SHOTS=dir node --test
//
// MOONGYM defaults to building the command with `go build`; SHOTS (default
// ./shots) receives a screenshot of every game mid-play.
import { test, before, after } from 'node:test';
import assert from 'node:assert/strict';
import { spawn, execFileSync } from 'node:child_process';
import { mkdtempSync, mkdirSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { chromium } from 'playwright-core';

const root = path.resolve(import.meta.dirname, '../../..');
const shots = process.env.SHOTS || path.join(import.meta.dirname, 'shots');
let server, browser, base, bin, work;

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
});

after(async () => {
  await browser?.close();
  server?.kill();
});

// page opens the lobby and fails the test on any console error.
async function open(t) {
  const page = await browser.newPage();
  const errors = [];
  page.on('console', (m) => { if (m.type() === 'error') errors.push(m.text()); });
  page.on('pageerror', (e) => errors.push(e.message));
  t.after(async () => {
    await page.close();
    assert.deepEqual(errors, [], 'console errors');
  });
  await page.goto(base + '/');
  await page.waitForSelector('#game option', { state: 'attached' });
  return page;
}

const games = ['tictactoe', 'planet-cubes', 'lunar-rally', 'walking-moon', 'welcome-moon', 'march-mars'];

for (const game of games) {
  test(`play ${game} against random to the end`, { timeout: 600_000 }, async (t) => {
    const page = await open(t);
    await page.selectOption('#game', game);
    await page.waitForSelector(`#seats[data-game="${game}"] [data-seat="1"]`);
    const seats = await page.$$('[data-seat]');
    for (let i = 1; i < seats.length; i++) await seats[i].selectOption('random');
    await page.selectOption('[data-seat="0"]', 'human');
    await page.click('#play');
    await page.waitForSelector('#board svg');
    let moves = 0;
    let rng = 7;
    for (;;) {
      // The result shows at the end; otherwise our move buttons do.
      await page.waitForFunction(() => document.querySelector('#result').textContent !== ''
        || document.querySelectorAll('#moves button.move').length > 0);
      if (await page.textContent('#result') !== '') break;
      const buttons = await page.$$('#moves button.move');
      rng = (rng * 1103515245 + 12345) % 2147483648;
      // Click on the board when a clickable piece is there, one move in three.
      const onBoard = await page.$$('#board g.action');
      const renders = await page.getAttribute('#board', 'data-renders');
      if (onBoard.length > 0 && rng % 3 === 0) {
        await onBoard[rng % onBoard.length].dispatchEvent('click');
      } else {
        await buttons[rng % buttons.length].click();
      }
      moves++;
      // Wait for the answer to be drawn.
      await page.waitForFunction((r) => document.querySelector('#board').dataset.renders !== r
        || document.querySelector('#table-error').textContent !== '', renders);
      assert.equal(await page.textContent('#table-error'), '');
      if (moves === 6) await page.screenshot({ path: path.join(shots, `${game}.png`), fullPage: true });
      assert.ok(moves < 3000, 'too many moves');
    }
    const result = await page.textContent('#result');
    assert.match(result, /Result: /);
    // A cooperative game is won or lost by the whole team, never "a draw".
    if (game === 'march-mars') assert.match(result, /Result: the team (won|lost) \(return -?1 for every seat/);
    if (moves < 6) await page.screenshot({ path: path.join(shots, `${game}.png`), fullPage: true });
    assert.ok((await page.$$('#log li')).length > 0, 'event log is empty');
  });
}

test('undo takes back the last move of the person', async (t) => {
  const page = await open(t);
  await page.selectOption('#game', 'tictactoe');
  await page.selectOption('[data-seat="1"]', 'heuristic');
  await page.click('#play');
  await page.waitForSelector('#moves button.move');
  assert.equal(await page.isHidden('#undo'), true);
  await page.click('#moves button.move[data-action="4"]');
  await page.waitForFunction(() => document.querySelectorAll('#log > li').length === 2);
  await page.click('#undo');
  await page.waitForFunction(() => document.querySelectorAll('#log > li').length === 0);
  assert.equal((await page.$$('#moves button.move')).length, 9);
  assert.equal(await page.isHidden('#undo'), true);
});

test('watch two agents play tic-tac-toe, pause and speed', async (t) => {
  const page = await open(t);
  await page.selectOption('[data-seat="0"]', 'heuristic');
  await page.selectOption('[data-seat="1"]', 'random');
  await page.click('#watch');
  await page.waitForSelector('#watch-controls:not([hidden])');
  await page.fill('#speed', '20');
  await page.click('#pause');
  assert.equal(await page.textContent('#pause'), 'Play');
  await page.click('#pause');
  await page.waitForFunction(() => document.querySelector('#result').textContent.startsWith('Result'), null, { timeout: 30_000 });
  assert.ok((await page.$$('#log li')).length >= 5);
  assert.equal(await page.getAttribute('#viewer', 'data-seat'), '-1', 'a spectator sees everything');
  await page.selectOption('#viewer', '1');
  await page.waitForFunction(() => document.querySelector('#viewer').dataset.seat === '1');
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
  await page.waitForFunction(() => document.querySelector('#position').textContent.startsWith('2 /'));
  await page.waitForFunction(() => document.querySelectorAll('#log > li:not(.sub)').length === 2);
  await page.screenshot({ path: path.join(shots, 'replay-tictactoe.png'), fullPage: true });
});

test('watch lunar-rally as a spectator: every program shown', async (t) => {
  const page = await open(t);
  await page.selectOption('#game', 'lunar-rally');
  await page.waitForSelector('#seats[data-game="lunar-rally"] [data-seat="1"]');
  await page.selectOption('[data-seat="0"]', 'heuristic');
  await page.selectOption('[data-seat="1"]', 'random');
  await page.click('#watch');
  await page.waitForSelector('#watch-controls:not([hidden])');
  await page.fill('#speed', '20');
  await page.waitForFunction(() => document.querySelectorAll('#log > li').length >= 30, null, { timeout: 60_000 });
  await page.click('#pause');
  await page.waitForTimeout(300); // a move under way is drawn
  await page.screenshot({ path: path.join(shots, 'watch-lunar-rally.png'), fullPage: true });
  assert.equal(await page.getAttribute('#viewer', 'data-seat'), '-1');
  const moves = (await page.$$('#log > li')).length;
  await page.waitForTimeout(500);
  assert.equal((await page.$$('#log > li')).length, moves, 'paused, yet moves go on');
});
