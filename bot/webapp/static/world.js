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
      var hall = svg('g', { class: 'hall-spot', 'data-hall': h.number, role: 'button' });
      hall.appendChild(svg('circle', { cx: c[0], cy: c[1], r: r,
        class: 'hall' + (fought[h.number] ? ' fight' : '') }));
      hall.appendChild(svg('text', { x: c[0], y: c[1] - 4, class: 'hall-name' },
        T['miniapp-world-hall'] + ' ' + h.number));
      var numbers = h.characters.map(function (x) { return '№' + x; }).join(' ');
      var who = svg('text', { x: c[0], y: c[1] + 14, class: 'hall-who', 'data-list': numbers,
        'data-count': '👤 ' + h.characters.length }, h.characters.length ? numbers : '—');
      if (h.characters.length) who.appendChild(svg('title', {}, numbers));
      hall.appendChild(who);
      /* a tap on a hall shows its card below: who is there, each with their link */
      hall.addEventListener('click', function () {
        var card = document.querySelector('#world .place[data-hall="' + h.number + '"]');
        if (card) card.scrollIntoView({ behavior: 'smooth', block: 'start' });
      });
      box.appendChild(hall);
    });
    return box;
  }
  /* Whether a label's box lies inside its hall's ring (its inner edge: the stroke is 2). */
  function inside(label, circle) {
    var b = label.getBBox();
    var cx = Number(circle.getAttribute('cx')), cy = Number(circle.getAttribute('cy'));
    var r = Number(circle.getAttribute('r')) - 1.5;
    return [[b.x, b.y], [b.x + b.width, b.y], [b.x, b.y + b.height],
      [b.x + b.width, b.y + b.height]].every(function (p) {
      return Math.hypot(p[0] - cx, p[1] - cy) <= r;
    });
  }
  /* Once drawn (a text's size is known only then): a hall whose numbers do not fit inside its
     ring shows how many are there instead (the card below lists them, a tap leads there). */
  function fit(box) {
    box.querySelectorAll('.hall-spot').forEach(function (hall) {
      var who = hall.querySelector('.hall-who');
      var circle = hall.querySelector('circle');
      if (who.dataset.list && !inside(who, circle)) {
        who.firstChild.nodeValue = who.dataset.count;
      }
    });
  }
  /* The timers count down by themselves: each holds its deadline, every second redrawn. */
  var ticking = null;
  function tick() {
    var now = Date.now();
    document.querySelectorAll('#world .countdown').forEach(function (node) {
      node.textContent = clock(Math.max(0, Math.round((Number(node.dataset.due) - now) / 1000)));
    });
  }
  function countdown(el, seconds) {
    return el('span', { class: 'countdown', 'data-due': String(Date.now() + seconds * 1000),
      text: clock(seconds) });
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
    var head = el('p', { class: 'hint', html: T['miniapp-world-cycle'] + ' ' + data.cycle +
      (data.next_cycle_in === null ? '' : ' · ' + T['miniapp-world-next-cycle'] + ' ') });
    if (data.next_cycle_in !== null) head.appendChild(countdown(el, data.next_cycle_in));
    box.appendChild(head);
    var drawn = map(data, T);
    box.appendChild(drawn);
    fit(drawn);
    if (ticking === null) ticking = setInterval(tick, 1000);
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
      var line = el('span', { html: T['miniapp-world-fight'] + f.id +
        (f.hall ? ' · ' + T['miniapp-world-hall'] + ' ' + f.hall : '') + ': ' + who +
        (f.seconds_left === null ? '' : ' · ' + T['miniapp-world-left'] + ' ') });
      if (f.seconds_left !== null) line.appendChild(countdown(el, f.seconds_left));
      box.appendChild(el('p', { class: 'fight line', 'data-fight': f.id },
        [line, open(el, f.link, T['miniapp-world-open-fight'])]));
    });
  }
  window.WorldPage = { render: render, map: map, fit: fit };
})();
