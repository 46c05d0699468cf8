/**
 * Compact JSON re-indented as Python's json.dumps(indent=4) prints it, emitted as HTML: every
 * token escaped, and string values found in `links` (our own next/previous URLs) made into
 * anchors. Works on the text so numbers keep their exact form ("0.0").
 */

export function escapeHtml(text: string): string {
  return text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);
}

const stringToken = /"(?:[^"\\]|\\.)*"/y;
const otherToken = /[^\s{}[\],:"]+/y;

export function prettyJsonHtml(compact: string, links: ReadonlySet<string> = new Set()): string {
  let out = '';
  let depth = 0;
  let index = 0;
  const newline = () => `\n${'    '.repeat(depth)}`;
  while (index < compact.length) {
    const char = compact[index]!;
    if (char === '{' || char === '[') {
      const close = char === '{' ? '}' : ']';
      // Empty containers stay on one line, as in Python.
      let next = index + 1;
      while (/\s/.test(compact[next] ?? '')) next += 1;
      if (compact[next] === close) {
        out += char + close;
        index = next + 1;
        continue;
      }
      depth += 1;
      out += char + newline();
      index += 1;
    } else if (char === '}' || char === ']') {
      depth -= 1;
      out += newline() + char;
      index += 1;
    } else if (char === ',') {
      out += ',' + newline();
      index += 1;
    } else if (char === ':') {
      out += ': ';
      index += 1;
    } else if (char === '"') {
      stringToken.lastIndex = index;
      const token = stringToken.exec(compact)?.[0] ?? compact.slice(index);
      index += token.length;
      out += linkOrText(token, links);
    } else if (/\s/.test(char)) {
      index += 1;
    } else {
      otherToken.lastIndex = index;
      const token = otherToken.exec(compact)?.[0] ?? char;
      index += token.length;
      out += escapeHtml(token);
    }
  }
  return out;
}

function linkOrText(token: string, links: ReadonlySet<string>): string {
  if (links.size > 0) {
    let value: unknown;
    try {
      value = JSON.parse(token);
    } catch {
      value = undefined;
    }
    if (typeof value === 'string' && links.has(value) && /^https?:\/\//i.test(value)) {
      return `<a href="${escapeHtml(value)}">${escapeHtml(token)}</a>`;
    }
  }
  return escapeHtml(token);
}
