/**
 * Reads an awk program far enough to know every file it reads or writes and
 * whether it runs commands. A real tokenizer (strings, regex literals,
 * comments, `/` as division after an operand) so that a `}` or `;` inside a
 * string cannot end a pattern: `BEGIN{print "}" | "rm -rf data"}` has a pipe
 * to a command whatever the quoting.
 *
 * Refused (the program is not understood): `system()`, any `|` or `|&`
 * (pipes to or from commands), output redirection or `getline <` whose file
 * is not a plain string literal, `@` (gawk includes, loads, indirect calls
 * such as `@f()` with f="system"), `ARGV`/`ARGC` (changing them changes
 * which files are read), `ENVIRON`, `PROCINFO`, and anything that does not
 * tokenize.
 */
export type AwkFiles = { readonly reads: readonly string[]; readonly writes: readonly string[] };

export type AwkVerdict = { readonly ok: true; readonly files: AwkFiles } | { readonly ok: false; readonly reason: string };

type Token = { readonly kind: 'string' | 'regex' | 'number' | 'name' | 'punct' | 'newline'; readonly text: string };

const REFUSED_NAMES = new Set(['system', 'ARGV', 'ARGC', 'ENVIRON', 'PROCINFO', 'SYMTAB', 'FUNCTAB']);

export function analyzeAwkProgram(program: string): AwkVerdict {
  const tokens = tokenize(program);
  if (!Array.isArray(tokens)) return { ok: false, reason: tokens.error };
  const reads: string[] = [];
  const writes: string[] = [];
  let inPrint = false;
  let parenDepth = 0;
  for (let i = 0; i < tokens.length; i++) {
    const token = tokens[i];
    if (!token) continue;
    const next = tokens[i + 1];
    if (token.kind === 'name' && REFUSED_NAMES.has(token.text)) return { ok: false, reason: `awk program uses ${token.text}` };
    if (token.kind === 'punct' && (token.text === '|' || token.text === '|&')) return { ok: false, reason: 'awk program pipes to or from a command' };
    if (token.kind === 'punct' && token.text === '@') return { ok: false, reason: 'awk program uses @ (include, load or an indirect call)' };
    if (token.kind === 'name' && (token.text === 'print' || token.text === 'printf')) {
      inPrint = true;
      parenDepth = 0;
      continue;
    }
    if (token.kind === 'newline' || (token.kind === 'punct' && [';', '{', '}'].includes(token.text))) inPrint = false;
    if (token.kind === 'punct' && token.text === '(') parenDepth++;
    if (token.kind === 'punct' && token.text === ')') parenDepth--;
    if (inPrint && parenDepth === 0 && token.kind === 'punct' && (token.text === '>' || token.text === '>>')) {
      if (next?.kind !== 'string') return { ok: false, reason: 'awk program prints into a file named by an expression' };
      const after = tokens[i + 2];
      if (after && after.kind === 'string') return { ok: false, reason: 'awk output file is a concatenation' };
      writes.push(next.text);
      inPrint = false;
      continue;
    }
    if (token.kind === 'name' && token.text === 'getline') {
      // `getline`, `getline var`, `getline < "file"`, `getline var < "file"`.
      let k = i + 1;
      if (tokens[k]?.kind === 'name') k++;
      if (tokens[k]?.kind === 'punct' && tokens[k]?.text === '[') return { ok: false, reason: 'awk getline into an array element' };
      if (tokens[k]?.kind === 'punct' && tokens[k]?.text === '<') {
        const file = tokens[k + 1];
        if (file?.kind !== 'string') return { ok: false, reason: 'awk getline reads a file named by an expression' };
        const after = tokens[k + 2];
        if (after && (after.kind === 'string' || after.kind === 'name' || after.kind === 'number')) return { ok: false, reason: 'awk getline file is a concatenation' };
        reads.push(file.text);
      }
    }
  }
  return { ok: true, files: { reads, writes } };
}

/** Tokens, or the reason the text does not tokenize (unterminated string or regex, an escape we do not decode). */
function tokenize(source: string): Token[] | { error: string } {
  const tokens: Token[] = [];
  let i = 0;
  const lastSignificant = (): Token | undefined => {
    for (let k = tokens.length - 1; k >= 0; k--) if (tokens[k]?.kind !== 'newline') return tokens[k];
    return undefined;
  };
  while (i < source.length) {
    const char = source[i] ?? '';
    if (char === '\\' && source[i + 1] === '\n') {
      i += 2;
      continue;
    }
    if (char === ' ' || char === '\t' || char === '\r') {
      i++;
      continue;
    }
    if (char === '\n') {
      tokens.push({ kind: 'newline', text: '\n' });
      i++;
      continue;
    }
    if (char === '#') {
      while (i < source.length && source[i] !== '\n') i++;
      continue;
    }
    if (char === '"') {
      const read = readString(source, i);
      if ('error' in read) return read;
      tokens.push({ kind: 'string', text: read.text });
      i = read.end;
      continue;
    }
    if (char === '/' && startsRegex(lastSignificant())) {
      let k = i + 1;
      let inClass = false;
      while (k < source.length) {
        const c = source[k];
        if (c === '\n') return { error: 'awk regex is not terminated' };
        if (c === '\\') k++;
        else if (c === '[') inClass = true;
        else if (c === ']') inClass = false;
        else if (c === '/' && !inClass) break;
        k++;
      }
      if (k >= source.length) return { error: 'awk regex is not terminated' };
      tokens.push({ kind: 'regex', text: source.slice(i + 1, k) });
      i = k + 1;
      continue;
    }
    const number = /^(?:0[xX][0-9a-fA-F]+|\d+\.?\d*(?:[eE][-+]?\d+)?|\.\d+(?:[eE][-+]?\d+)?)/.exec(source.slice(i));
    if (number) {
      tokens.push({ kind: 'number', text: number[0] });
      i += number[0].length;
      continue;
    }
    const name = /^[A-Za-z_][A-Za-z0-9_]*/.exec(source.slice(i));
    if (name) {
      tokens.push({ kind: 'name', text: name[0] });
      i += name[0].length;
      continue;
    }
    const punct = /^(?:\|&|\|\||&&|>>|<=|>=|==|!=|\+\+|--|\+=|-=|\*=|\/=|%=|\^=|\*\*=|\*\*|!~|[{}()[\];,<>|!~?:=+\-*/%^$@&])/.exec(source.slice(i));
    if (!punct) return { error: `awk program has a character we do not read: ${JSON.stringify(char)}` };
    tokens.push({ kind: 'punct', text: punct[0] });
    i += punct[0].length;
  }
  return tokens;
}

/** A `/` starts a regex unless it follows an operand (then it divides). */
function startsRegex(previous: Token | undefined): boolean {
  if (!previous) return true;
  if (previous.kind === 'number' || previous.kind === 'string' || previous.kind === 'regex') return false;
  if (previous.kind === 'name') return ['print', 'printf', 'return', 'in', 'case', 'if', 'while', 'for', 'do', 'else'].includes(previous.text) ? true : false;
  return ![')', ']', '$', '++', '--'].includes(previous.text);
}

const AWK_ESCAPES: Readonly<Record<string, string>> = { n: '\n', t: '\t', r: '\r', '\\': '\\', '"': '"', '/': '/', a: '\u0007', b: '\b', f: '\f', v: '\v' };

function readString(source: string, start: number): { text: string; end: number } | { error: string } {
  let text = '';
  let i = start + 1;
  while (i < source.length) {
    const c = source[i] ?? '';
    if (c === '"') return { text, end: i + 1 };
    if (c === '\n') return { error: 'awk string is not terminated' };
    if (c === '\\') {
      const escaped = source[i + 1] ?? '';
      const decoded = AWK_ESCAPES[escaped];
      // Octal and hex escapes could spell any file name: refuse rather than decode differently from awk.
      if (decoded === undefined) return { error: `awk string has an escape we do not decode: \\${escaped}` };
      text += decoded;
      i += 2;
      continue;
    }
    text += c;
    i++;
  }
  return { error: 'awk string is not terminated' };
}
