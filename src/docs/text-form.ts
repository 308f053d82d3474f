// How the docs say a parameter's text form (OpenAPI style) in words: one sentence for Markdown and
// HTML, with an example of the text where one is known.
import type { TextForm } from '../codec/types.js';

const STYLE_WORDS: Readonly<Record<TextForm['style'], string>> = {
  simple: 'Written in simple style (comma-separated)',
  label: 'Written in label style (after a `.`)',
  matrix: 'Written in matrix style (`;name=value`)',
  spaceDelimited: 'Written as a list separated by spaces',
  pipeDelimited: 'Written as a list separated by `|`',
  json: 'Written as JSON text of its type',
};

/** `Written in matrix style (`;name=value`), exploded (e.g. `;id=3;id=4`).` */
export function formSentence(form: TextForm, example?: string): string {
  const exploded = form.explode && form.style !== 'json' ? ', exploded (the separator repeated per item, keys as `key=value`)' : '';
  return `${STYLE_WORDS[form.style]}${exploded}${example === undefined ? '' : `, e.g. \`${example}\``}.`;
}
