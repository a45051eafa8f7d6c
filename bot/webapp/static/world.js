/* Page "The world", for the GM (pool): the halls on a circle with their portals (SVG), who is
   where and how, the floors, open fights and their timers. Data from api/world (admins only).
   Each character and fight links to the GM's private dialog for it (t.me ?start= links). */
(function () {
  'use strict';
  var SVG = 'http://www.w3.org/2000/svg';

  function svg(tag, attrs, text) {
    var node = document.createElementNS(SVG, tag);
    Object.keys(attrs).forEach(function (k) { node.setAttribute(k, attrs[k]); });
    if (text !== undefined) node.textContent = text;
    return node;
  }
  function clock(seconds) {
    var m = Math.floor(seconds / 60), s = seconds % 60;
    return m + ':' + (s < 10 ? '0' : '') + s;
  }
  function map(data, T) {
    var n = data.halls.length, size = 320, mid = size / 2, ring = n > 1 ? 118 : 0, r = 30;
    var at = {};
    data.halls.forEach(function (h, i) {
      var a = -Math.PI / 2 + (2 * Math.PI * i) / n;
      at[h.number] = [mid + ring * Math.cos(a), mid + ring * Math.sin(a)];
    });
    var ys = Object.keys(at).map(function (k) { return at[k][1]; });
    var top = Math.min.apply(null, ys) - r - 4, bottom = Math.max.apply(null, ys) + r + 4;
    var box = svg('svg', { viewBox: '0 ' + top + ' ' + size + ' ' + (bottom - top), class: 'map',
      role: 'img' });
    data.portals.forEach(function (p) {
      box.appendChild(svg('line', { x1: at[p[0]][0], y1: at[p[0]][1], x2: at[p[1]][0],
        y2: at[p[1]][1], class: 'portal' }));
    });
    var fought = {};
    data.fights.forEach(function (f) { if (f.hall) fought[f.hall] = true; });
    data.halls.forEach(function (h) {
      var c = at[h.number];
      box.appendChild(svg('circle', { cx: c[0], cy: c[1], r: r,
        class: 'hall' + (fought[h.number] ? ' fight' : ''), 'data-hall': h.number }));
      box.appendChild(svg('text', { x: c[0], y: c[1] - 4, class: 'hall-name' },
        T['miniapp-world-hall'] + ' ' + h.number));
      box.appendChild(svg('text', { x: c[0], y: c[1] + 14, class: 'hall-who' },
        h.characters.length ? h.characters.map(function (x) { return '№' + x; }).join(' ') : '—'));
    });
    return box;
  }
  function person(c, T) {
    var marks = [];
    if (c.at_zero) marks.push('💀 ' + T['miniapp-world-at-zero']);
    else if (c.bleeding) marks.push('🩸 ' + T['miniapp-world-bleeding']);
    if (c.asleep) marks.push('💤 ' + T['miniapp-world-asleep']);
    return '№' + c.number + ' <b>' + c.name + '</b> ❤ ' + c.health + '/' + c.max_health +
      (marks.length ? ' · ' + marks.join(' · ') : '');
  }
  function open(el, link, label) {
    if (!link) return null;
    var a = el('a', { class: 'open', href: link, target: '_blank', rel: 'noopener', html: label });
    a.addEventListener('click', function (event) {
      if (window.MiniApp.openTelegramLink(link)) event.preventDefault();
    });
    return a;
  }
  function render(box, data, T, el) {
    box.appendChild(el('p', { class: 'hint', html: T['miniapp-world-cycle'] + ' ' + data.cycle +
      (data.next_cycle_in === null ? '' : ' · ' + T['miniapp-world-next-cycle'] + ' ' +
        clock(data.next_cycle_in)) }));
    box.appendChild(map(data, T));
    var people = {};
    data.characters.forEach(function (c) { people[c.number] = c; });
    data.halls.forEach(function (h) {
      var card = el('div', { class: 'place', 'data-hall': h.number },
        [el('h3', { text: T['miniapp-world-hall'] + ' ' + h.number })]);
      if (!h.characters.length) card.appendChild(el('p', { class: 'hint', html: T['miniapp-world-nobody'] }));
      h.characters.forEach(function (n) {
        card.appendChild(el('p', { class: 'who line' }, [el('span', { html: person(people[n], T) }),
          open(el, people[n].link, T['miniapp-world-edit'])]));
      });
      if (h.floor.length) {
        card.appendChild(el('p', { class: 'hint', html: T['miniapp-world-floor'] + ' ' + h.floor.join(', ') }));
      }
      box.appendChild(card);
    });
    box.appendChild(el('h3', { class: 'section', html: T['miniapp-world-fights'] }));
    if (!data.fights.length) box.appendChild(el('p', { class: 'hint', html: T['miniapp-world-no-fights'] }));
    data.fights.forEach(function (f) {
      var who = f.fighters.map(function (n) { return '№' + n; }).join(', ');
      box.appendChild(el('p', { class: 'fight line' }, [el('span', { html: T['miniapp-world-fight'] + f.id +
        (f.hall ? ' · ' + T['miniapp-world-hall'] + ' ' + f.hall : '') + ': ' + who +
        (f.seconds_left === null ? '' : ' · ' + T['miniapp-world-left'] + ' ' + clock(f.seconds_left)) }),
        open(el, f.link, T['miniapp-world-open-fight'])]));
    });
  }
  window.WorldPage = { render: render, map: map };
})();
