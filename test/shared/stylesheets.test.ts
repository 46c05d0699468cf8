/**
 * The app's stylesheets close every block they open. A brace a merge left open is still valid CSS
 * (CSS nesting): the rest of the file silently becomes rules inside that one selector, and its
 * pages lose those styles without any error (this happened to moderation.css: the internal notes'
 * and the caller form's styles applied nowhere).
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { projectRoot } from '../helpers/project-root';

const stylesDir = join(projectRoot, 'src/client/styles');

/** Blocks still open at the end of the text, comments and strings left out; the line of the first opened one. */
function unclosedBlocks(css: string): { open: number; line: number | undefined } {
  const code = css.replace(/\/\*[\s\S]*?\*\//g, (comment) => comment.replace(/[^\n]/g, ' ')).replace(/"(?:[^"\\\n]|\\.)*"|'(?:[^'\\\n]|\\.)*'/g, (text) => ' '.repeat(text.length));
  const opened: number[] = [];
  let line = 1;
  for (const character of code) {
    if (character === '\n') line += 1;
    else if (character === '{') opened.push(line);
    else if (character === '}') opened.pop();
  }
  return { open: opened.length, line: opened[0] };
}

describe('stylesheets', () => {
  it.each(readdirSync(stylesDir).filter((name) => name.endsWith('.css')))('%s closes every block it opens', (name) => {
    expect(unclosedBlocks(readFileSync(join(stylesDir, name), 'utf8'))).toEqual({ open: 0, line: undefined });
  });

  it('finds a block left open, with the line it opens on', () => {
    expect(unclosedBlocks('a {\n  color: red;\n\n/* b { */\nb {\n  color: blue;\n}\n')).toEqual({ open: 1, line: 1 });
  });
});
