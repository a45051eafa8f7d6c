/* Runs the Mini App's page script (app.js) under node with a minimal DOM and a fetch that
   answers from the JSON given on stdin, taps a stack then a place, and prints the move the
   page sends. Usage: node miniapp_fake_dom.js <app.js> <stack key> <place id> < answers.json */
'use strict';
const fs = require('fs');
const vm = require('vm');
const [appJs, stackKey, placeId] = process.argv.slice(2);
const answers = JSON.parse(fs.readFileSync(0, 'utf8'));
const ids = {};

class El {
  constructor(tag) {
    this.tagName = tag; this.children = []; this.attrs = {}; this.listeners = {};
    this.dataset = {}; this.hidden = false; this._text = ''; this.className = '';
    this.style = { setProperty() {} };
    const self = this;
    this.classList = {
      add(c) { if (!self.classList.contains(c)) self.className += ' ' + c; },
      contains(c) { return self.className.split(/\s+/).includes(c); },
      toggle(c, on) {
        const names = self.className.split(/\s+/).filter((n) => n && n !== c);
        if (on) names.push(c);
        self.className = names.join(' ');
      }
    };
  }
  set textContent(v) { this._text = String(v); this.children = []; }
  get textContent() { return this._text + this.children.map((c) => c.textContent).join(''); }
  set innerHTML(v) { this._text = String(v); this.children = []; }
  get innerHTML() { return this._text; }
  appendChild(c) { this.children.push(c); return c; }
  setAttribute(k, v) {
    this.attrs[k] = String(v);
    if (k === 'class') this.className = String(v);
    if (k === 'id') ids[v] = this;
    if (k.startsWith('data-')) this.dataset[k.slice(5)] = String(v);
  }
  addEventListener(type, f) { (this.listeners[type] = this.listeners[type] || []).push(f); }
  click() { (this.listeners.click || []).forEach((f) => f({ stopPropagation() {} })); }
  find(test) {
    if (test(this)) return this;
    for (const c of this.children) { const f = c.find(test); if (f) return f; }
    return null;
  }
}

function page(id, tag) { const e = new El(tag); e.setAttribute('id', id); return e; }
['tab-character', 'tab-rolls', 'tab-world', 'tab-odds'].forEach((id) => {
  const tab = page(id, 'button'); tab.setAttribute('class', 'tab');
  tab.setAttribute('data-tab', id.slice(4));
});
['notice', 'character', 'rolls', 'world', 'odds'].forEach((id) => page(id, 'section'));
const sent = [];
const document = {
  documentElement: new El('html'),
  title: '',
  getElementById: (id) => ids[id] || null,
  createElement: (tag) => new El(tag),
  visibilityState: 'visible',
  addEventListener() {}, // the page listens for visibilitychange: never sent here
  querySelectorAll: (sel) => (sel === '.tab' ? [ids['tab-character'], ids['tab-rolls'], ids['tab-world'], ids['tab-odds']] : [])
};
async function fetch(url, options) {
  const path = url.replace(/^api\//, '').replace(/\?.*$/, '');
  if (options && options.body) sent.push({ path, auth: options.headers.Authorization,
    body: JSON.parse(options.body) });
  return { ok: true, status: 200, json: async () => answers[path] };
}
const window = { MiniApp: { initData: 'signed', language: 'ru', ready() {} } };
window.GameDice = { available: false };
const context = { window, document, fetch, location: { search: '' }, URLSearchParams, console };
vm.createContext(context);
// drag.js first, as index.html loads it: app.js attaches each thing's drag with it.
vm.runInContext(fs.readFileSync(require('path').join(require('path').dirname(appJs), 'drag.js'), 'utf8'), context);
vm.runInContext(fs.readFileSync(appJs, 'utf8'), context);

function settle() { return new Promise((r) => setTimeout(r, 20)); }
(async () => {
  await settle();
  const root = ids.character;
  const before = root.textContent;
  const chip = root.find((e) => e.attrs['data-stack'] === stackKey);
  if (!chip) throw new Error('no stack ' + stackKey + ' in: ' + before);
  chip.click();
  const hint = root.textContent;
  const place = root.find((e) => e.attrs['data-place'] === placeId);
  const targets = [];
  root.find((e) => { if (e.classList.contains('target')) targets.push(e.attrs['data-place']); return false; });
  place.click();
  await settle();
  process.stdout.write(JSON.stringify({ before, hint, targets, sent,
    notice: ids.notice.innerHTML, title: document.title }));
})().catch((e) => { console.error(e); process.exit(1); });
