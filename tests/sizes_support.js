// What a person sees and taps, measured in the page after every <details> is
// opened: the page's width, the smallest text (SVG text as drawn, after the
// chart's scaling; a tick drawn by CSS too), targets that stand alone (a link
// inside a sentence is exempt, as WCAG 2.5.8 has it), and a word of 12 letters
// or fewer broken across lines (a name of 30 may break where it must).
// (tests/test_browser_sizes.py evaluates this function with its floors.)
(floors) => {
  document.querySelectorAll('details').forEach((d) => { d.open = true; });
  const shown = (el) => {
    for (let e = el; e; e = e.parentElement) {
      const s = getComputedStyle(e);
      if (s.display === 'none' || s.visibility === 'hidden') return false;
      const box = e.getBoundingClientRect();
      if (s.overflow === 'hidden' && (box.width <= 1 || box.height <= 1)) return false;
    }
    const box = el.getBoundingClientRect();
    return box.width > 1 && box.height > 1 && box.bottom > 0 && box.right > 0;
  };
  const where = (el) => `${el.tagName.toLowerCase()}.${String(el.className.baseVal ?? el.className).trim().replace(/\s+/g, '.')}`;
  const small = [], broken = [], targets = [];
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT);
  while (walker.nextNode()) {
    const node = walker.currentNode;
    const text = node.textContent.trim();
    const el = node.parentElement;
    if (!text || !el || el.closest('script, style, noscript, template') || !shown(el)) continue;
    const chart = el.closest('svg');
    let size = parseFloat(getComputedStyle(el).fontSize);
    if (chart) {
      const m = el.getScreenCTM();
      size *= Math.hypot(m.a, m.b);
    }
    const floor = chart ? floors.chart : floors.text;
    // font-size 0: text for screen readers only (the brand's name on a small phone).
    if (size && size < floor - 0.05) small.push(`"${text.slice(0, 20)}" ${size.toFixed(1)} px in ${where(el)}`);
    if (chart) continue;
    for (const word of node.textContent.matchAll(/\S+/g)) {
      if (word[0].length < 2 || word[0].length > 12) continue;
      const range = document.createRange();
      range.setStart(node, word.index);
      range.setEnd(node, word.index + word[0].length);
      const lines = new Set([...range.getClientRects()].filter((r) => r.width > 0).map((r) => Math.round(r.top)));
      if (lines.size > 1) broken.push(`"${word[0]}" in ${where(el)}`);
    }
  }
  for (const el of document.body.querySelectorAll('*')) {
    for (const pseudo of ['::before', '::after']) {
      const s = getComputedStyle(el, pseudo);
      if (!s.content || ['none', 'normal'].includes(s.content) || /^["']\s*["']$/.test(s.content)) continue;
      const size = parseFloat(s.fontSize);
      if (shown(el) && s.display !== 'none' && size && size < floors.text - 0.05) small.push(`${s.content} ${size.toFixed(1)} px in ${where(el)}${pseudo}`);
    }
  }
  const blockOf = (el) => {
    let e = el.parentElement;
    while (e && getComputedStyle(e).display.startsWith('inline')) e = e.parentElement;
    return e;
  };
  for (const el of document.querySelectorAll('a[href], button, summary, select, label')) {
    if (!shown(el)) continue;
    if (el.matches('label') && !el.querySelector('input[type=checkbox], input[type=radio]')) continue;
    if (el.matches('a')) {
      const block = blockOf(el);
      if (block && block.textContent.trim() !== el.textContent.trim()) continue;
    }
    const height = el.getBoundingClientRect().height;
    if (height < floors.target - 0.5) targets.push(`"${el.textContent.trim().replace(/\s+/g, ' ').slice(0, 30)}" ${Math.round(height)} px high`);
  }
  return {width: document.documentElement.scrollWidth, small, broken, targets};
}
