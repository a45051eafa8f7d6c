/* Dragging a thing onto a place, on My character (pointer events: a finger, a pen or a mouse).
   A drag moves the whole stack through the same API call as a tap (app.js's move); a press
   that does not travel stays a tap. While a drag is on, the places that take the thing are
   marked, and a copy of the chip follows the pointer. */
(function () {
  'use strict';
  var THRESHOLD = 8; /* px the pointer travels before a press becomes a drag */

  /* chip: the thing's button; stack: its data ({ key, to: [place ids] });
     drop(stack, placeId): called when it is let go over a place that takes it. */
  function attach(chip, stack, drop) {
    var start = null;
    var ghost = null;
    var dragged = false;

    function placeAt(x, y) {
      var found = document.elementFromPoint(x, y);
      var card = found && found.closest('[data-place]');
      return card && stack.to.indexOf(card.dataset.place) >= 0 ? card : null;
    }
    function mark(on) {
      document.querySelectorAll('[data-place]').forEach(function (card) {
        card.classList.toggle('target', on && stack.to.indexOf(card.dataset.place) >= 0);
      });
    }
    function end() {
      if (ghost) ghost.remove();
      ghost = null;
      start = null;
      document.body.classList.remove('dragging');
    }
    chip.addEventListener('pointerdown', function (event) {
      if (event.button !== 0) return;
      start = { x: event.clientX, y: event.clientY, id: event.pointerId };
      dragged = false;
    });
    chip.addEventListener('pointermove', function (event) {
      if (!start || event.pointerId !== start.id) return;
      if (!ghost) {
        if (Math.hypot(event.clientX - start.x, event.clientY - start.y) < THRESHOLD) return;
        chip.setPointerCapture(event.pointerId);
        ghost = chip.cloneNode(true);
        ghost.classList.add('ghost');
        ghost.removeAttribute('data-stack');
        document.body.appendChild(ghost);
        document.body.classList.add('dragging');
        mark(true);
      }
      ghost.style.left = event.clientX + 'px';
      ghost.style.top = event.clientY + 'px';
      event.preventDefault();
    });
    chip.addEventListener('pointerup', function (event) {
      if (!start || event.pointerId !== start.id) return;
      var wasDrag = Boolean(ghost);
      if (ghost) ghost.hidden = true; /* not the thing under the pointer */
      var card = wasDrag ? placeAt(event.clientX, event.clientY) : null;
      end();
      if (!wasDrag) return; /* a tap: the click handler picks the thing */
      dragged = true; /* the click that follows this release is not a tap */
      mark(false);
      if (card) drop(stack, card.dataset.place);
    });
    chip.addEventListener('pointercancel', function () {
      if (ghost) mark(false);
      end();
    });
    /* Before app.js's own click handler: a finished drag is not a tap. */
    chip.addEventListener('click', function (event) {
      if (!dragged) return;
      dragged = false;
      event.stopImmediatePropagation();
      event.preventDefault();
    }, true);
  }
  window.DragMove = { attach: attach };
})();
