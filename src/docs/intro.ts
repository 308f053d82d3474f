// Introduction sections of a document (a title and paragraphs): from a surface's meta, or from an
// intro file (`api-docs --intro FILE`) written as the Markdown they render to.
import type { SurfaceMeta } from '../dsl/types.js';

export interface DocIntro {
  readonly title: string;
  readonly paragraphs: readonly string[];
}

/** The surface's intro; else its description (an imported document's `info.description`) under its title. */
export function introsOf(meta: SurfaceMeta): DocIntro[] {
  if (meta.intro) return [{ title: meta.intro.title, paragraphs: [...meta.intro.paragraphs] }];
  const text = meta.description?.trim() ?? '';
  return text === '' ? [] : [{ title: meta.title, paragraphs: text.split(/\n\s*\n/) }];
}

export class IntroFileError extends Error {}

/**
 * Reads an intro file: each `## Title` line (or `# Title`) starts a section, and the blank-line
 * separated blocks below it are its paragraphs (lines inside a paragraph are kept as written).
 * decided: the file is the Markdown the intro renders to, so `## Welcome` + paragraphs; see
 * docs/decisions.md "Docs --intro".
 */
export function parseIntro(text: string): DocIntro[] {
  const lines = text.replace(/^\uFEFF/, '').replace(/\r\n?/g, '\n').split('\n').map((l) => l.trimEnd());
  const intros: { title: string; paragraphs: string[] }[] = [];
  let paragraph: string[] = [];
  const flush = () => {
    if (paragraph.length > 0) intros[intros.length - 1]!.paragraphs.push(paragraph.join('\n'));
    paragraph = [];
  };
  lines.forEach((line, i) => {
    const heading = /^#{1,2}\s+(.*\S)\s*$/.exec(line);
    if (heading && !line.startsWith('###')) {
      if (intros.length > 0) flush();
      intros.push({ title: heading[1]!, paragraphs: [] });
    } else if (line.trim() === '') {
      if (intros.length > 0) flush();
    } else if (intros.length === 0) {
      throw new IntroFileError(`line ${i + 1}: an intro file starts with a "## Title" line, then paragraphs separated by blank lines`);
    } else {
      paragraph.push(line);
    }
  });
  if (intros.length === 0) throw new IntroFileError('no "## Title" line: an intro file is "## Title", then paragraphs separated by blank lines');
  flush();
  return intros;
}
