/**
 * string-width with a fast path for the characters our frames are made of.
 * Ink measures every styled character of every frame; string-width sends
 * anything beyond printable ASCII through Intl.Segmenter and a
 * `\p{RGI_Emoji}` regular expression, whose first use builds ICU data and
 * compiles a huge regex (~50 ms of CPU each on these machines) — inside the
 * very first frame, which has box-drawing corners and bullets. Text made only
 * of code points that are always one column wide (Latin, general
 * punctuation, arrows, technical symbols, box drawing and geometric shapes —
 * leaving out those with emoji presentation or East Asian width) needs none
 * of that: its width is its length.
 * Everything else goes to string-width unchanged. The bundle routes Ink's
 * `string-width` imports here (scripts/build.mjs); a test checks every fast
 * code point against string-width itself.
 */
import stringWidth from 'string-width';

type StringWidthOptions = Parameters<typeof stringWidth>[1];

/** One column each, one code unit each, no combining marks, no emoji presentation, no zero-width format characters. */
export const SINGLE_COLUMN_TEXT = /^[\u0020-\u007E\u00A0-\u00AC\u00AE-\u02FF\u2010-\u2027\u2030-\u205E\u2190-\u21FF\u2300-\u2319\u231C-\u2328\u232B-\u23E8\u23ED-\u23EF\u23F1\u23F2\u23F4-\u23FF\u2500-\u25FC\u25FF]*$/;

export default function terminalStringWidth(text: string, options?: StringWidthOptions): number {
  if (typeof text === 'string' && options?.ambiguousIsNarrow !== false && SINGLE_COLUMN_TEXT.test(text)) return text.length;
  return stringWidth(text, options);
}
