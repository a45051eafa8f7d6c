/* Page "Odds": the exact chances /odds writes, as bars. The numbers are the /odds numbers, each
   with a stepper in /odds's limits; every change asks api/odds again (the server computes, from
   rules/odds) and redraws. A refusal (a number out of range) is the chat's own usage text. */
(function () {
  'use strict';
  var ui = null, box = null, timer = null, asked = 0;

  function params(system, fields) {
    var q = new URLSearchParams({ system: system });
    fields.forEach(function (f) { q.set(f.name, f.value); });
    return q;
  }
  /* whole: draw the choice and the fields too (a new system); else the chart alone, so the
     field being typed in keeps its focus */
  async function load(query, whole) {
    var mine = ++asked;
    try {
      var data = await ui.call('odds?' + query.toString());
      if (mine !== asked) return; /* a later question is on its way */
      ui.notice('');
      if (whole) render(data);
      else box.replaceChild(chart(data), $chart());
    } catch (e) {
      if (mine === asked) ui.notice(e.message, true);
    }
  }
  function later(system, fields) {
    clearTimeout(timer);
    timer = setTimeout(function () { load(params(system, fields), false); }, 250);
  }
  function stepper(system, fields, f) {
    var el = ui.el;
    var input = el('input', { type: 'number', inputmode: 'numeric', min: f.min, max: f.max,
      step: 1, value: f.value, name: f.name, id: 'odds-' + f.name });
    function set(value) {
      f.value = value;
      if (String(input.value) !== String(value)) input.value = value;
      if (value !== '') later(system, fields); /* a field being retyped: wait for the number */
    }
    input.addEventListener('input', function () { set(input.value.trim()); });
    function nudge(by) {
      var n = Math.round(Number(f.value));
      if (!isFinite(n)) n = f.min;
      set(Math.max(f.min, Math.min(f.max, n + by)));
    }
    return el('label', { class: 'odds-field' }, [
      el('span', { class: 'hint', html: f.label }),
      el('span', { class: 'stepper' }, [
        el('button', { type: 'button', class: 'plain', text: '−', 'data-step': f.name + '-down',
          onclick: function () { nudge(-1); } }),
        input,
        el('button', { type: 'button', class: 'plain', text: '+', 'data-step': f.name + '-up',
          onclick: function () { nudge(1); } })
      ])
    ]);
  }
  function bar(r) {
    var el = ui.el;
    var fill = el('span', { class: 'fill' + (r.share > 0 ? ' some' : '') });
    fill.style.width = (100 * r.share).toFixed(2) + '%';
    return el('div', { class: 'odds-row' }, [
      el('span', { class: 'odds-label', html: r.label }),
      el('span', { class: 'odds-bar' }, [fill]),
      el('span', { class: 'odds-percent', text: r.percent })
    ]);
  }
  function $chart() { return document.getElementById('odds-chart'); }
  function chart(data) {
    var el = ui.el;
    // One grid for every section: the bars of all of them start and end at the same place.
    var grid = el('div', { class: 'odds-bars' });
    data.sections.forEach(function (s) {
      if (s.title) grid.appendChild(el('h3', { class: 'section', html: s.title }));
      s.rows.forEach(function (r) { grid.appendChild(bar(r)); });
      s.notes.forEach(function (n) { grid.appendChild(el('p', { class: 'hint', html: n })); });
    });
    return el('div', { id: 'odds-chart' }, [el('p', { class: 'odds-head', html: data.head }), grid]);
  }
  function render(data) {
    var el = ui.el;
    box.textContent = '';
    box.appendChild(el('div', { class: 'games' }, data.systems.map(function (s) {
      return el('button', { type: 'button', 'data-system': s.id, html: s.name,
        class: 'chip' + (s.id === data.system ? ' selected' : ''),
        onclick: function () { load(new URLSearchParams({ system: s.id }), true); } });
    })));
    if (data.note) box.appendChild(el('p', { class: 'hint', html: data.note }));
    if (data.fields.length) {
      box.appendChild(el('div', { class: 'odds-fields' }, data.fields.map(function (f) {
        return stepper(data.system, data.fields, f);
      })));
    }
    box.appendChild(chart(data));
  }
  /* ui: { call, el, notice, T }; first: the page's own query (?system=…&attack=… from the
     chat's /odds button, or ?game=… for the sheet to start from). */
  function show(section, tools, first) {
    ui = tools;
    box = section;
    box.textContent = tools.T['miniapp-loading'];
    var query = new URLSearchParams();
    first.forEach(function (value, key) {
      if (key === 'game') query.set('game_id', value);
      else if (key !== 'tab' && key !== 'look') query.set(key, value);
    });
    return load(query, true);
  }
  window.OddsPage = { show: show };
})();
