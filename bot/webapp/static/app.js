/* The Mini App page: "My character" (the sheet; pool things moved by tap: a thing, then a
   place) and "Rolls and checking" (the log, verified here from the revealed seed). Every text
   comes from the server in the user's language; every request carries the signed initData. */
(function () {
  'use strict';
  var tma = window.MiniApp;
  var query = new URLSearchParams(location.search);
  var T = {};
  var state = { characters: [], game: Number(query.get('game')) || null, picked: null, count: 1 };

  function $(id) { return document.getElementById(id); }
  function el(tag, attrs, children) {
    var node = document.createElement(tag);
    Object.keys(attrs || {}).forEach(function (k) {
      if (k === 'html') node.innerHTML = attrs[k]; /* server texts: escaped there, CSP here */
      else if (k === 'text') node.textContent = attrs[k];
      else if (k === 'onclick') node.addEventListener('click', attrs[k]);
      else node.setAttribute(k, attrs[k]);
    });
    (children || []).forEach(function (c) { if (c) node.appendChild(c); });
    return node;
  }
  function notice(html, isError) {
    var n = $('notice');
    n.hidden = !html;
    n.innerHTML = html || '';
    n.className = 'notice' + (isError ? ' error' : '');
  }
  async function call(path, body) {
    var options = { headers: { Authorization: 'tma ' + tma.initData } };
    if (body) {
      options.method = 'POST';
      options.headers['Content-Type'] = 'application/json';
      options.body = JSON.stringify(body);
    }
    var res = await fetch('api/' + path, options);
    var data = await res.json().catch(function () { return { message: res.statusText }; });
    if (!res.ok) throw new Error(data.message || String(res.status));
    return data;
  }

  /* --- My character --- */
  function current() {
    return state.characters.find(function (c) { return c.game_id === state.game; }) ||
      state.characters[0];
  }
  function renderCharacter() {
    var box = $('character');
    box.textContent = '';
    if (!state.characters.length) {
      box.appendChild(el('p', { html: T['miniapp-no-characters'] }));
      return;
    }
    var me = current();
    state.game = me.game_id;
    if (state.characters.length > 1) {
      box.appendChild(el('div', { class: 'games' }, state.characters.map(function (c) {
        return el('button', { type: 'button', class: 'chip' + (c === me ? ' selected' : ''),
          html: c.title, onclick: function () { state.game = c.game_id; state.picked = null;
            renderCharacter(); } });
      })));
    } else {
      box.appendChild(el('p', { class: 'hint', html: me.title }));
    }
    /* What you touch first: the place cards; the sheet's facts after them, in one block. */
    if (me.inventory) renderInventory(box, me.inventory);
    box.appendChild(el('div', { class: 'sheet', html: me.sheet }));
  }
  /* Whether `count` of the stack may go to `place` now: the server asked the rules (the same
     check as the move) how many fit there. */
  function takes(stack, place, count) {
    return (stack.room[place] || 0) >= count;
  }
  function findStack(inv, key) {
    for (var i = 0; i < inv.places.length; i++) {
      var s = inv.places[i].stacks.find(function (x) { return x.key === key; });
      if (s) return s;
    }
    return null;
  }
  function renderInventory(box, inv) {
    var picked = state.picked && findStack(inv, state.picked);
    if (!picked) state.picked = null;
    box.appendChild(el('p', { class: 'hint', html: T[picked ? 'miniapp-pick-place' : 'miniapp-pick-stack'] }));
    if (picked) {
      state.count = Math.max(1, Math.min(state.count, picked.count));
      var bar = el('div', { class: 'bar' }, [el('span', { html: picked.label })]);
      if (picked.count > 1) {
        bar.appendChild(el('span', { html: T['miniapp-count'] + ':' }));
        bar.appendChild(el('button', { type: 'button', class: 'plain', text: '−',
          onclick: function () { state.count -= 1; renderCharacter(); } }));
        bar.appendChild(el('b', { id: 'count', text: String(state.count) }));
        bar.appendChild(el('button', { type: 'button', class: 'plain', text: '+',
          onclick: function () { state.count += 1; renderCharacter(); } }));
      }
      if (takes(picked, 'any', state.count)) {
        bar.appendChild(el('button', { type: 'button', html: T['miniapp-pick-any'],
          onclick: function () { move(picked, 'any'); } }));
      }
      bar.appendChild(el('button', { type: 'button', class: 'plain', html: T['miniapp-cancel'],
        onclick: function () { state.picked = null; renderCharacter(); } }));
      box.appendChild(bar);
    }
    box.appendChild(el('div', { class: 'places' }, inv.places.map(function (place) {
      var target = picked && takes(picked, place.id, state.count);
      var card = el('div', { class: 'place' + (place.id === 'floor' ? ' floor' : '') +
        (target ? ' target' : ''), 'data-place': place.id }, [el('h3', { html: place.name })]);
      if (target) card.addEventListener('click', function () { move(picked, place.id); });
      place.stacks.forEach(function (s) {
        var chip = el('button', { type: 'button', 'data-stack': s.key,
          class: 'chip' + (picked && picked.key === s.key ? ' selected' : ''), html: s.label,
          onclick: function (event) {
            event.stopPropagation();
            state.picked = state.picked === s.key ? null : s.key;
            state.count = s.count;
            renderCharacter();
          } });
        /* dragged onto a place: the whole stack moves, as a tap with every piece would; only
           places that take all of it are offered */
        var whole = { key: s.key, to: s.to.filter(function (id) { return takes(s, id, s.count); }) };
        window.DragMove.attach(chip, whole, function (_, to) {
          state.count = s.count;
          move(s, to);
        });
        card.appendChild(chip);
      });
      return card;
    })));
    inv.summary.forEach(function (line) {
      box.appendChild(el('p', { class: 'hint summary', html: line }));
    });
  }
  async function move(stack, to) {
    try {
      var done = await call('move', { game_id: state.game, stack: stack.key, to: to,
        count: state.count });
      state.characters = done.characters;
      state.picked = null;
      notice(done.notice, false);
    } catch (e) {
      notice(e.message, true);
    }
    renderCharacter();
  }

  /* --- Rolls and checking --- */
  async function showRolls() {
    var box = $('rolls');
    box.textContent = T['miniapp-loading'];
    var found = await call('games');
    box.textContent = '';
    if (!found.games.length) {
      box.appendChild(el('p', { html: T['miniapp-no-games'] }));
      return;
    }
    var list = el('div', { class: 'games' });
    var log = el('div');
    box.appendChild(list);
    box.appendChild(log);
    function pick(game) {
      Array.from(list.children).forEach(function (b) {
        b.classList.toggle('selected', Number(b.dataset.game) === game.game_id);
      });
      showLog(log, game.game_id).catch(function (e) { notice(e.message, true); });
    }
    found.games.forEach(function (game) {
      list.appendChild(el('button', { type: 'button', class: 'chip', 'data-game': game.game_id,
        html: game.title, onclick: function () { pick(game); } }));
    });
    pick(found.games.find(function (g) { return g.game_id === state.game; }) || found.games[0]);
  }
  async function showLog(box, gameId) {
    box.textContent = T['miniapp-loading'];
    var data = await call('rolls?game_id=' + gameId);
    box.textContent = '';
    /* The commitment as the group's start message published it: the player compares the two;
       the check below needs nothing else from the server but the seed and the dice. */
    box.appendChild(el('p', { html: T['miniapp-rolls-commitment'] }));
    box.appendChild(el('p', { class: 'mono hash', id: 'commitment',
      text: window.GameDice.groups(data.commitment) }));
    if (data.seed) {
      box.appendChild(el('p', { html: T['miniapp-rolls-seed'] }));
      box.appendChild(el('p', { class: 'mono', id: 'seed', text: data.seed }));
    } else {
      box.appendChild(el('p', { class: 'hint', html: T['miniapp-rolls-seed-hidden'] }));
    }
    var verdict = el('div', { id: 'verdict' });
    box.appendChild(verdict);
    if (!data.rolls.length) {
      box.appendChild(el('p', { html: T['miniapp-rolls-none'] }));
      return;
    }
    var marks = data.rolls.map(function () { return el('td', { class: 'num' }); });
    box.appendChild(el('table', { class: 'rolls' }, data.rolls.map(function (r, i) {
      return el('tr', {}, [
        el('td', { class: 'num', text: '#' + r.index }),
        el('td', { class: 'num', text: 'd' + r.sides }),
        el('td', { class: 'num', text: String(r.value) }),
        el('td', {}, [el('span', { html: r.purpose + ' · ' }),
          el('span', { class: 'who', html: r.actor }),
          /* whose die within the action: «Аня: атака → Борис» */
          r.owner ? el('span', { class: 'owner', html: r.owner }) : null]),
        marks[i]
      ]);
    })));
    box.appendChild(ownCheck(data, marks, verdict));
    if (data.seed) await check(data.seed, data, marks, verdict);
  }
  /* «Check it yourself»: a seed pasted by the player (from /verify, or anywhere) recomputes
     the whole log here, and its SHA-256 is shown to compare with the group's message. */
  function ownCheck(data, marks, verdict) {
    var input = el('input', { type: 'text', id: 'own-seed', class: 'mono', autocomplete: 'off',
      spellcheck: 'false', placeholder: '0123abcd…' });
    var form = el('form', { class: 'own-check', id: 'own-check' }, [
      el('h3', { class: 'section', html: T['miniapp-rolls-own'] }),
      el('p', { class: 'hint', html: T['miniapp-rolls-own-hint'] }),
      el('div', { class: 'bar' }, [input,
        el('button', { type: 'submit', class: 'action', html: T['miniapp-rolls-own'] })])
    ]);
    form.addEventListener('submit', function (event) {
      event.preventDefault();
      var seed = input.value.replace(/\s+/g, '').toLowerCase();
      if (!window.GameDice.isSeed(seed)) {
        verdict.textContent = '';
        verdict.appendChild(el('p', { class: 'bad', html: T['miniapp-rolls-own-bad'] }));
        verdict.scrollIntoView({ block: 'nearest' });
        return;
      }
      check(seed, data, marks, verdict).then(function () {
        verdict.scrollIntoView({ block: 'nearest' });
      });
    });
    return form;
  }
  async function check(seed, data, marks, verdict) {
    verdict.textContent = '';
    if (!window.GameDice.available) {
      verdict.appendChild(el('p', { class: 'bad', html: T['miniapp-rolls-no-webcrypto'] }));
      return;
    }
    verdict.appendChild(el('p', { class: 'hint', html: T['miniapp-rolls-checking'] }));
    var result = await window.GameDice.check(seed, data.rolls);
    verdict.textContent = '';
    var bad = 0;
    result.marks.forEach(function (ok, i) {
      marks[i].textContent = ok ? '✓' : '✗';
      marks[i].className = 'num ' + (ok ? 'ok' : 'bad');
      if (!ok) bad += 1;
    });
    var seedOk = result.hash === String(data.commitment).toLowerCase();
    verdict.appendChild(el('p', { html: T['miniapp-rolls-seed-hash'] }));
    verdict.appendChild(el('p', { class: 'mono hash', id: 'seed-hash',
      text: window.GameDice.groups(result.hash) }));
    verdict.appendChild(el('p', { class: seedOk ? 'ok' : 'bad', id: 'seed-verdict',
      html: T[seedOk ? 'miniapp-rolls-seed-ok' : 'miniapp-rolls-seed-bad'] }));
    verdict.appendChild(el('p', { class: bad ? 'bad' : 'ok', id: 'rolls-verdict',
      html: bad ? T['miniapp-rolls-some-bad'] + ' ' + bad + ' / ' + marks.length
        : T['miniapp-rolls-all-ok'] + ' ' + marks.length }));
  }

  /* --- The world, for the GM (world.js draws it) --- */
  async function showWorld() {
    var box = $('world');
    box.textContent = T['miniapp-loading'];
    var found = (await call('games')).games.filter(function (g) { return g.world; });
    box.textContent = '';
    if (!found.length) {
      box.appendChild(el('p', { html: T['miniapp-world-none'] }));
      return;
    }
    var list = el('div', { class: 'games' });
    var view = el('div');
    box.appendChild(list);
    box.appendChild(view);
    async function pick(game) {
      state.world = game.game_id;
      Array.from(list.children).forEach(function (b) {
        b.classList.toggle('selected', Number(b.dataset.game) === game.game_id);
      });
      view.textContent = T['miniapp-loading'];
      var data = await call('world?game_id=' + game.game_id);
      view.textContent = '';
      window.WorldPage.render(view, data, T, el);
    }
    found.forEach(function (game) {
      list.appendChild(el('button', { type: 'button', class: 'chip', 'data-game': game.game_id,
        html: game.title, onclick: function () {
          pick(game).catch(function (e) { notice(e.message, true); }); } }));
    });
    var again = state.world || state.game;
    await pick(found.find(function (g) { return g.game_id === again; }) || found[0]);
  }

  /* --- start --- */
  function showTab(name) {
    state.tab = name;
    ['character', 'rolls', 'world', 'odds'].forEach(function (tab) {
      $(tab).hidden = tab !== name;
      $('tab-' + tab).classList.toggle('active', tab === name);
    });
    notice('');
    if (name === 'rolls') showRolls().catch(function (e) { notice(e.message, true); });
    if (name === 'world') showWorld().catch(function (e) { notice(e.message, true); });
    if (name === 'odds') {
      /* the numbers start from the character shown (or the group link's game) */
      var first = new URLSearchParams(query);
      if (state.game && !first.has('game') && !first.has('system')) first.set('game', state.game);
      window.OddsPage.show($('odds'), { call: call, el: el, notice: notice, T: T }, first);
    }
  }
  async function start() {
    var lang = (tma.language || '').slice(0, 2);
    var words = await fetch('api/texts?lang=' + encodeURIComponent(lang)).then(function (r) {
      return r.json();
    });
    T = words.texts;
    document.documentElement.lang = words.locale;
    document.title = T['miniapp-title'];
    $('tab-character').innerHTML = T['miniapp-tab-character'];
    $('tab-rolls').innerHTML = T['miniapp-tab-rolls'];
    $('tab-world').innerHTML = T['miniapp-tab-world'];
    $('tab-odds').innerHTML = T['miniapp-tab-odds'];
    document.querySelectorAll('.tab').forEach(function (b) {
      b.addEventListener('click', function () { showTab(b.dataset.tab); });
    });
    tma.ready();
    if (!tma.initData) {
      $('character').innerHTML = T['miniapp-no-telegram'];
      return;
    }
    $('character').textContent = T['miniapp-loading'];
    var opened = await call('start').catch(function (e) { notice(e.message, true); return {}; });
    if (opened.game_id) state.game = opened.game_id; /* from a group's link, signed */
    try {
      state.characters = (await call('me')).characters;
      renderCharacter();
    } catch (e) {
      $('character').textContent = '';
      notice(e.message, true);
    }
    call('games').then(function (found) {
      $('tab-world').hidden = !found.games.some(function (g) { return g.world; });
    }).catch(function () { /* the world tab stays hidden */ });
    /* back on the page after a while (another app, the phone asleep): the world anew, its
       timers from the server's deadlines again */
    document.addEventListener('visibilitychange', function () {
      if (document.visibilityState === 'visible' && state.tab === 'world') {
        showWorld().catch(function (e) { notice(e.message, true); });
      }
    });
    var tab = opened.tab || query.get('tab');
    if (['rolls', 'world', 'odds'].indexOf(tab) >= 0) showTab(tab);
  }
  start();
})();
