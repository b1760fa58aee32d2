/**
 * Turns one tree-sitter word node into the words bash would actually pass to
 * the program, as far as that can be known without running anything.
 *
 * Attacks this exists for: quoting and escaping that changes the spelling but
 * not the meaning (`"r"m`, `r''m`, `\rm`, `$'\x72m'`), brace expansion that
 * turns one token into many (`{rm,-rf,x}`), and expansions whose value we
 * cannot know (`$x`, `$(cmd)`), which must be marked dynamic, never guessed.
 */
import type { SyntaxNode } from './bashParser.js';
import { decodeAnsiCString } from './ansiCString.js';
import { expandBraces, MAX_BRACE_WORDS } from './braceExpansion.js';

/** A character of a word with whether quoting protects it from globbing and brace expansion. */
export type MaskedText = { readonly chars: string; readonly quoted: readonly boolean[] };

export type StaticWord = {
  readonly kind: 'static';
  /** The text after quote removal and expansion, as the program receives it. */
  readonly text: string;
  /** Unquoted glob characters (`*`, `?`, `[`) remain: the text is a pattern to expand. */
  readonly isGlob: boolean;
  /** Quote-aware form, kept so glob patterns can tell `\*` from `*`. */
  readonly masked: MaskedText;
  /**
   * The word names a path we cannot know before it runs (`~+`, `~-`, `~2`,
   * `~user`): its text is kept for the program name, but as a path it is any path.
   */
  readonly unknownPath?: string;
};
export type DynamicWord = {
  readonly kind: 'dynamic';
  /** The source text, for display and rule matching. */
  readonly text: string;
  readonly reason: string;
};
export type ExpandedWord = StaticWord | DynamicWord;

/** Values the analyser may substitute for well-known expansions (`$HOME`, `$(pwd)`). */
export type KnownValues = {
  readonly home: string;
  /** The cwd if it is known for certain at this point of the command. */
  readonly pwd: string | undefined;
  /** Variables assigned earlier in the same command: their values are not the environment's. */
  readonly reassigned: ReadonlySet<string>;
  /** For-loop variables whose only values are the loop's static words. */
  readonly loopValues?: ReadonlyMap<string, readonly StaticWord[]>;
};

type LiteralPiece = { readonly text: string; readonly quoted: boolean };
type Piece = LiteralPiece | { readonly dynamic: string };

/** Expands a word node into zero or more words (brace expansion can yield several). */
export function expandWord(node: SyntaxNode, known: KnownValues): ExpandedWord[] {
  const loopValues = boundLoopValues(node, known);
  if (loopValues) return [...loopValues];
  const pieces: Piece[] = [];
  const problem = collectPieces(node, known, pieces);
  if (problem) return [{ kind: 'dynamic', text: node.text, reason: problem }];
  const literal: LiteralPiece[] = [];
  for (const piece of pieces) {
    if ('dynamic' in piece) return [{ kind: 'dynamic', text: node.text, reason: piece.dynamic }];
    literal.push(piece);
  }
  const masked = toMasked(literal);
  const expanded = expandBraces(masked);
  if (expanded === undefined) {
    return [{ kind: 'dynamic', text: node.text, reason: `brace expansion yields more than ${MAX_BRACE_WORDS} words` }];
  }
  const homeKnown = !isReassigned(known, 'HOME');
  const words: ExpandedWord[] = [];
  for (const word of expanded) {
    if (!homeKnown && word.chars[0] === '~' && !word.quoted[0]) {
      words.push({ kind: 'dynamic', text: word.chars, reason: 'HOME is reassigned, so ~ is unknown' });
    } else if (isUnknownTilde(word)) {
      words.push({ ...finishWord(word), unknownPath: `${word.chars.split('/')[0] ?? '~'} depends on the shell's state or another user's home` });
    } else {
      words.push(finishWord(expandTilde(word, known.home)));
    }
  }
  return words;
}

/** `*` in the set means "some builtin assigned a variable we could not name" (read, printf -v). */
function isReassigned(known: KnownValues, name: string): boolean {
  return known.reassigned.has(name) || known.reassigned.has('*');
}

function finishWord(masked: MaskedText): StaticWord {
  let isGlob = false;
  for (let i = 0; i < masked.chars.length; i++) {
    if (!masked.quoted[i] && '*?['.includes(masked.chars[i] ?? '')) isGlob = true;
  }
  return { kind: 'static', text: masked.chars, isGlob, masked };
}

/** `~+` (PWD), `~-` (OLDPWD), `~N` (the directory stack), `~user`: not the home directory we know. */
function isUnknownTilde(word: MaskedText): boolean {
  return word.chars[0] === '~' && !word.quoted[0] && word.chars.length > 1 && word.chars[1] !== '/';
}

function expandTilde(word: MaskedText, home: string): MaskedText {
  if (word.chars[0] !== '~' || word.quoted[0]) return word;
  const rest = word.chars.slice(1);
  return { chars: home + rest, quoted: [...home].map(() => true).concat(word.quoted.slice(1)) };
}

function toMasked(pieces: readonly LiteralPiece[]): MaskedText {
  let chars = '';
  const quoted: boolean[] = [];
  for (const piece of pieces) {
    chars += piece.text;
    for (let i = 0; i < piece.text.length; i++) quoted.push(piece.quoted);
  }
  return { chars, quoted };
}

/** Returns a problem description if the node is a construct we do not model. */
function collectPieces(node: SyntaxNode, known: KnownValues, out: Piece[]): string | undefined {
  switch (node.type) {
    case 'word':
    case 'command_name':
      if (node.type === 'command_name') {
        for (const child of node.namedChildren) {
          const problem = child ? collectPieces(child, known, out) : undefined;
          if (problem) return problem;
        }
        return undefined;
      }
      pushUnquotedWord(node.text, out);
      return undefined;
    case 'number':
      out.push({ text: node.text, quoted: false });
      return undefined;
    case 'raw_string':
      out.push({ text: node.text.slice(1, -1), quoted: true });
      return undefined;
    case 'ansi_c_string': {
      const decoded = decodeAnsiCString(node.text.slice(2, -1));
      if (decoded === undefined) return 'ANSI-C string with an escape we do not decode';
      out.push({ text: decoded, quoted: true });
      return undefined;
    }
    case 'string':
      return collectDoubleQuoted(node, known, out);
    case 'concatenation':
      for (const child of node.children) {
        if (!child) continue;
        const problem = collectPieces(child, known, out);
        if (problem) return problem;
      }
      return undefined;
    case 'simple_expansion':
    case 'expansion':
      return collectExpansion(node, known, out);
    case 'command_substitution':
      if (isPwdSubstitution(node) && known.pwd !== undefined && !isReassigned(known, 'PWD')) {
        out.push({ text: known.pwd, quoted: true });
      } else {
        out.push({ dynamic: `command substitution ${node.text}` });
      }
      return undefined;
    case 'process_substitution':
      out.push({ dynamic: `process substitution ${node.text}` });
      return undefined;
    case 'arithmetic_expansion':
      out.push({ dynamic: `arithmetic expansion ${node.text}` });
      return undefined;
    default:
      return `unsupported word construct "${node.type}"`;
  }
}

/** Unquoted word text: a backslash quotes the next character; backslash-newline vanishes. */
function pushUnquotedWord(text: string, out: Piece[]): void {
  for (let i = 0; i < text.length; i++) {
    const char = text[i] ?? '';
    if (char === '\\' && i + 1 < text.length) {
      const next = text[i + 1] ?? '';
      i++;
      if (next !== '\n') out.push({ text: next, quoted: true });
      continue;
    }
    out.push({ text: char, quoted: false });
  }
}

function collectDoubleQuoted(node: SyntaxNode, known: KnownValues, out: Piece[]): string | undefined {
  const source = node.text;
  const base = node.startIndex;
  let cursor = 1; // after the opening quote
  const pushLiteral = (until: number): void => {
    if (until > cursor) out.push({ text: unescapeDoubleQuoted(source.slice(cursor, until)), quoted: true });
  };
  for (const child of node.children) {
    if (!child) continue;
    const start = child.startIndex - base;
    const end = child.endIndex - base;
    if (child.type === '"' || child.type === 'string_content') continue;
    pushLiteral(start);
    const problem = collectPieces(child, known, out);
    if (problem) return problem;
    cursor = end;
  }
  pushLiteral(source.length - 1);
  return undefined;
}

function unescapeDoubleQuoted(text: string): string {
  return text.replace(/\\([$`"\\\n])/g, (_match, char: string) => (char === '\n' ? '' : char));
}

function collectExpansion(node: SyntaxNode, known: KnownValues, out: Piece[]): string | undefined {
  const name = plainVariableName(node);
  if (name === 'HOME' && !isReassigned(known, 'HOME')) {
    out.push({ text: known.home, quoted: true });
  } else if (name === 'PWD' && known.pwd !== undefined && !isReassigned(known, 'PWD')) {
    out.push({ text: known.pwd, quoted: true });
  } else {
    out.push({ dynamic: `variable expansion ${node.text}` });
  }
  return undefined;
}

/** `$f` or `"$f"` where f is a for-loop variable with static values: those values. */
function boundLoopValues(node: SyntaxNode, known: KnownValues): readonly StaticWord[] | undefined {
  if (!known.loopValues) return undefined;
  let expansion: SyntaxNode | null = node;
  if (node.type === 'string') {
    const inner = node.namedChildren.filter((child) => child !== null);
    expansion = inner.length === 1 && node.text === `"${inner[0]?.text ?? ''}"` ? (inner[0] ?? null) : null;
  }
  if (!expansion || (expansion.type !== 'simple_expansion' && expansion.type !== 'expansion')) return undefined;
  const name = plainVariableName(expansion);
  return name === undefined ? undefined : known.loopValues.get(name);
}

/** `$NAME` or `${NAME}` with no operator; anything else (`${x:-y}`, `${!x}`) is dynamic. */
function plainVariableName(node: SyntaxNode): string | undefined {
  if (node.type === 'simple_expansion') {
    const child = node.namedChild(0);
    return child?.type === 'variable_name' ? child.text : undefined;
  }
  const text = node.text;
  const match = /^\$\{([A-Za-z_][A-Za-z0-9_]*)\}$/.exec(text);
  return match?.[1];
}

function isPwdSubstitution(node: SyntaxNode): boolean {
  return /^(\$\(\s*pwd\s*\)|`\s*pwd\s*`)$/.test(node.text);
}
