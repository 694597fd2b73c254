// Packs the document's blocks into pages by measurement. The template lays the blocks out in
// #flow at the printable width; this moves them, in order, into page containers of the printable
// height: a block goes on the current page when the page still holds it (measured after putting
// it there), else it opens the next page. A section heading or group divider stays with the block
// after it; a ".brk" marker (group page breaks, sections) opens a new page; a tear sheet with a
// hero has its page to itself; a block taller than a page is split (table rows, thumbnails) and
// continues under a repeated title. Runs once, before the page is printed.
(function () {
  var flow = document.getElementById('flow');
  if (!flow) return;
  var H = +flow.dataset.h, cont = flow.dataset.cont;
  var book = document.createElement('div');
  book.id = 'pages';
  flow.parentNode.insertBefore(book, flow);
  var page = null, shell = null, shellOf = null;

  // Every page's table has the columns the document's first table measured, so rows keep
  // their height wherever they go.
  var tables = flow.querySelectorAll('table.tbl'), widths = null;
  Array.prototype.forEach.call(tables, function (t) {
    if (!widths) {
      widths = Array.prototype.map.call(t.tHead.rows[0].cells, function (th) { return th.getBoundingClientRect().width; });
    }
  });
  Array.prototype.forEach.call(tables, function (t) {
    var cols = document.createElement('colgroup');
    widths.forEach(function (w) {
      var c = document.createElement('col');
      c.style.width = w + 'px';
      cols.appendChild(c);
    });
    t.insertBefore(cols, t.firstChild);
    t.style.tableLayout = 'fixed';
  });

  // What is still to place no longer moves with every page packed above it.
  flow.style.position = 'absolute';
  flow.style.top = '0';
  flow.style.visibility = 'hidden';

  function open() {
    page = document.createElement('div');
    page.className = 'sheet-page';
    book.appendChild(page);
    shell = shellOf = null;
  }
  function fits() { return page.getBoundingClientRect().height <= H + 0.5; }
  function empty() { return !page || page.childElementCount === 0; }

  // put appends a block (after the held headings) to the page; answers whether it fits.
  function put(held, block) {
    if (!page) open();
    var added = [];
    held.forEach(function (h) { page.appendChild(h); added.push(h); });
    if (block.tagName === 'TBODY') {
      if (!shell || shellOf !== block.dataset.table || page.lastElementChild !== shell) {
        shell = tableShell(block.dataset.table);
        shellOf = block.dataset.table;
        page.appendChild(shell);
        added.push(shell);
      }
      shell.appendChild(block);
      added.push(block);
    } else {
      page.appendChild(block);
      added.push(block);
    }
    return added;
  }
  var shells = {};
  function tableShell(id) {
    var t = shells[id].cloneNode(false);
    t.appendChild(shells[id].querySelector('colgroup').cloneNode(true));
    t.appendChild(shells[id].tHead.cloneNode(true));
    return t;
  }
  function undo(added) {
    for (var i = added.length - 1; i >= 0; i--) {
      var n = added[i];
      if (n.parentNode) n.parentNode.removeChild(n);
    }
    if (shell && !shell.parentNode) shell = shellOf = null;
  }

  // split moves the last parts of a block (its rows, its thumbnails) into a continuation
  // under a repeated title until the block fits; answers the continuation or null.
  function split(block) {
    var rest = null, parts, into;
    if (block.tagName === 'TBODY') {
      parts = function () { return block.rows.length > (block.rows[0].classList.contains('style-head') ? 2 : 1) ? block.rows[block.rows.length - 1] : null; };
      rest = block.cloneNode(false);
      if (block.rows[0].classList.contains('style-head')) {
        var head = block.rows[0].cloneNode(true);
        head.cells[0].appendChild(document.createTextNode(' (' + cont + ')'));
        rest.appendChild(head);
      }
      into = rest;
    } else if (block.classList.contains('tear')) {
      var thumbs = block.querySelector('.thumbs');
      parts = function () { return thumbs.children.length > 1 ? thumbs.lastElementChild : null; };
      rest = block.cloneNode(false);
      rest.classList.remove('own');
      var title = block.querySelector('h2').cloneNode(true);
      var c = document.createElement('span');
      c.className = 'cont';
      c.textContent = ' (' + cont + ')';
      title.appendChild(c);
      rest.appendChild(title);
      into = thumbs.cloneNode(false);
      rest.appendChild(into);
    } else {
      return null;
    }
    rest.dataset.cont = '1';
    var moved = 0, p;
    while (!fits() && (p = parts())) {
      var at = into === rest && rest.rows && rest.rows.length && rest.rows[0].classList.contains('style-head') ? rest.rows[1] || null : into.firstChild;
      into.insertBefore(p, at);
      moved++;
    }
    return moved ? rest : null;
  }

  // merge puts a continuation's parts back into its block.
  function merge(block, rest) {
    var into = block.tagName === 'TBODY' ? block : block.querySelector('.thumbs');
    var from = block.tagName === 'TBODY' ? rest : rest.querySelector('.thumbs');
    Array.prototype.slice.call(from.children).forEach(function (c) {
      if (!c.classList.contains('style-head')) into.appendChild(c);
    });
  }

  var held = [];
  function place(block) {
    if (block.classList.contains('own') && !empty()) {
      // Only a style that continued on a page of its own leaves a page here.
      page.dataset.end = 'style';
      open();
    }
    var before = page ? page.getBoundingClientRect().height : 0;
    var added = put(held, block);
    var next = null;
    if (!fits() && page.firstChild !== added[0]) {
      // The page is not empty: a block that does not fit moves to the next page whole, unless
      // that would leave this page less than 85 % full (80 % of content and the margins) and the block can continue.
      if (before < 0.85 * H && !block.classList.contains('own')) {
        next = split(block);
        if (next && !fits()) {
          merge(block, next);
          next = null;
        }
      }
      if (!next && block.classList.contains('cards')) {
        // A row of cards takes the rest of the page when its cards fit it with smaller heroes.
        var slot = block.style.gridAutoRows;
        block.style.gridAutoRows = 'minmax(0px, auto)';
        if (fits()) {
          block.style.gridAutoRows = 'minmax(' + Math.floor(H - (page.getBoundingClientRect().height - block.getBoundingClientRect().height)) + 'px, auto)';
          if (fits()) next = true;
        }
        if (!next) block.style.gridAutoRows = slot;
        next = null;
        if (fits()) { held = []; return; }
      }
      if (!next) {
        undo(added);
        open();
        added = put(held, block);
      }
    }
    held = [];
    if (!next && !fits()) next = split(block);
    if (block.classList.contains('own')) {
      page.classList.add('own-page');
      page = null;
    }
    if (next) {
      next.dataset.table = block.dataset.table || '';
      open();
      place(next);
    }
  }

  var items = [];
  Array.prototype.forEach.call(flow.children, function (el) {
    if (el.tagName === 'TABLE') {
      var id = 't';
      if (!shells[id]) shells[id] = el;
      Array.prototype.forEach.call(el.tBodies, function (b) { b.dataset.table = id; items.push(b); });
    } else {
      items.push(el);
    }
  });
  items.forEach(function (el) {
    if (el.classList.contains('brk')) {
      if (!empty()) page.dataset.end = 'group';
      page = null;
    } else if (el.hasAttribute('data-kwn')) {
      held.push(el);
    } else if (el.classList.contains('blk')) {
      place(el);
    }
  });
  held.forEach(function (h) { if (!page) open(); page.appendChild(h); });
  flow.parentNode.removeChild(flow);
  document.body.classList.add('packed');
})();
