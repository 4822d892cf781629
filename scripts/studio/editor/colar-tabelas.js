// Tables pasted into the studio's rich text (scripts/studio/server.ts loads this
// on Sveltia's page). A table copied from Excel, Google Sheets or Word arrives
// as HTML without header cells; Sveltia's editor keeps it as a table, but saves
// it as Markdown rows without the delimiter row (`|---|`), which Markdown does
// not read as a table. Here, before the editor sees the paste, the table's first
// row becomes its header row, so the table is saved whole; tab-separated text
// (a spreadsheet's plain-text copy) becomes such a table too.

/** The pasted HTML with each table's first row as its header row; null when there is no table to change. */
export function withHeaderRow(html) {
  const doc = new DOMParser().parseFromString(html, 'text/html');
  let changed = false;
  for (const table of doc.querySelectorAll('table')) {
    if (table.querySelector('th')) continue;
    const first = table.querySelector('tr');
    if (!first) continue;
    for (const cell of [...first.children]) {
      if (cell.tagName !== 'TD') continue;
      const header = doc.createElement('th');
      header.append(...cell.childNodes);
      for (const name of ['colspan', 'rowspan']) if (cell.hasAttribute(name)) header.setAttribute(name, cell.getAttribute(name));
      cell.replaceWith(header);
    }
    if (first.parentElement?.tagName !== 'THEAD') {
      const head = doc.createElement('thead');
      table.insertBefore(head, table.firstChild);
      head.append(first);
    }
    changed = true;
  }
  return changed ? doc.body.innerHTML : null;
}

/** Tab-separated lines (two or more, each with a tab) as an HTML table, its first line the header row; null for other text. */
export function tabSeparatedTable(text) {
  const lines = text.replace(/\r\n?/g, '\n').replace(/\n+$/, '').split('\n');
  if (lines.length < 2 || !lines.every((line) => line.includes('\t'))) return null;
  const doc = document.implementation.createHTMLDocument('');
  const table = doc.createElement('table');
  const head = table.appendChild(doc.createElement('thead'));
  const body = table.appendChild(doc.createElement('tbody'));
  lines.forEach((line, index) => {
    const row = (index === 0 ? head : body).appendChild(doc.createElement('tr'));
    for (const text of line.split('\t')) row.appendChild(doc.createElement(index === 0 ? 'th' : 'td')).textContent = text.trim();
  });
  return table.outerHTML;
}

/** Pastes this script made itself: let through as they are. */
const ours = new WeakSet();

/** A paste into the rich text with a table (or tab-separated lines): given to the editor again with the header row. */
export function onPaste(event) {
  if (ours.has(event) || !event.clipboardData) return;
  const target = event.target instanceof Element ? event.target.closest('[contenteditable="true"]') : null;
  if (!target) return;
  const html = event.clipboardData.getData('text/html');
  const text = event.clipboardData.getData('text/plain');
  const table = html ? withHeaderRow(html) : tabSeparatedTable(text);
  if (table === null) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  const data = new DataTransfer();
  data.setData('text/html', table);
  data.setData('text/plain', text);
  const again = new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true, composed: true });
  ours.add(again);
  event.target.dispatchEvent(again);
}

window.addEventListener('paste', onPaste, true);
