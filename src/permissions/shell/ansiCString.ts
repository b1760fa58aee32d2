/**
 * Decodes the body of a bash ANSI-C string (`$'...'`), so `$'\x72m'` is seen
 * as `rm`. Returns undefined for an escape we do not model rather than
 * guessing: the caller then treats the word as dynamic (ask).
 */
const SIMPLE_ESCAPES: Readonly<Record<string, string>> = {
  a: '\x07',
  b: '\b',
  e: '\x1b',
  E: '\x1b',
  f: '\f',
  n: '\n',
  r: '\r',
  t: '\t',
  v: '\v',
  '\\': '\\',
  "'": "'",
  '"': '"',
  '?': '?',
};

export function decodeAnsiCString(body: string): string | undefined {
  let out = '';
  for (let i = 0; i < body.length; i++) {
    const char = body[i] ?? '';
    if (char !== '\\') {
      out += char;
      continue;
    }
    const next = body[i + 1];
    if (next === undefined) return undefined;
    const simple = SIMPLE_ESCAPES[next];
    if (simple !== undefined) {
      out += simple;
      i++;
      continue;
    }
    const numeric = decodeNumericEscape(body, i + 1);
    if (!numeric) return undefined;
    out += numeric.text;
    i = numeric.end - 1;
  }
  return out;
}

function decodeNumericEscape(body: string, at: number): { text: string; end: number } | undefined {
  const kind = body[at] ?? '';
  const take = (pattern: RegExp, from: number, max: number): string => {
    let digits = '';
    while (digits.length < max && pattern.test(body[from + digits.length] ?? '')) digits += body[from + digits.length];
    return digits;
  };
  if (/[0-7]/.test(kind)) {
    const digits = take(/[0-7]/, at, 3);
    return { text: String.fromCharCode(parseInt(digits, 8) & 0xff), end: at + digits.length };
  }
  if (kind === 'x') {
    const digits = take(/[0-9a-fA-F]/, at + 1, 2);
    if (!digits) return undefined;
    return { text: String.fromCharCode(parseInt(digits, 16)), end: at + 1 + digits.length };
  }
  if (kind === 'u' || kind === 'U') {
    const digits = take(/[0-9a-fA-F]/, at + 1, kind === 'u' ? 4 : 8);
    const code = parseInt(digits, 16);
    if (!digits || code > 0x10ffff) return undefined;
    return { text: String.fromCodePoint(code), end: at + 1 + digits.length };
  }
  if (kind === 'c') {
    const control = body[at + 1];
    if (control === undefined) return undefined;
    return { text: String.fromCharCode(control.toUpperCase().charCodeAt(0) & 0x1f), end: at + 2 };
  }
  return undefined;
}
