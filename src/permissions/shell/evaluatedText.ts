/**
 * Text bash evaluates is code. Arithmetic (`$(( ))`, `(( ))`, `let`,
 * `for ((…))`, `[[ a -eq b ]]`, `${x:n:m}`) and array subscripts evaluate
 * their text again, so a `$(…)` that arrives as data runs:
 * `x='a[$(rm -rf data)]'; echo $((x))`, `test -v 'a[$(…)]'`,
 * `read x <<< '$(…)'; echo "${x@P}"`. And tree-sitter does not read quotes
 * the way bash does inside arithmetic and `"${x:-'…'}"`: it sees quoted
 * text where bash runs a substitution.
 *
 * So only plain literals are accepted in those places: numbers, operators,
 * and names of variables this command never assigns. Anything else is an
 * "evaluated-code" concern and the command is never auto-allowed.
 * Names given to builtins that assign (`read`, `printf -v`, `mapfile`,
 * `export`, `declare`, `unset`) must be plain names, and a dangerous one
 * (`printf -v GIT_EXTERNAL_DIFF`, `read -r BASH_ENV`) alters the shell.
 */
import type { SyntaxNode } from './bashParser.js';
import { isDangerousVariable } from './shellEnvironment.js';
import type { ShellConcern } from './shellTypes.js';

const PLAIN_ARITHMETIC = /^[\s0-9A-Za-z_+\-*/%<>=!&|^~?:,()$]*$/;
const PLAIN_NAME = /^[A-Za-z_][A-Za-z0-9_]*$/;
const ARITHMETIC_TEST_OPERATORS = new Set(['-eq', '-ne', '-lt', '-le', '-gt', '-ge']);

type Check = { readonly reassigned: ReadonlySet<string> };

/** Concerns about evaluated text anywhere in a parsed command. */
export function evaluatedTextConcerns(root: SyntaxNode, check: Check): ShellConcern[] {
  const concerns: ShellConcern[] = [];
  const flag = (detail: string): void => void concerns.push({ kind: 'evaluated-code', detail });
  const stack: SyntaxNode[] = [root];
  while (stack.length > 0) {
    const node = stack.pop();
    if (!node) continue;
    switch (node.type) {
      case 'arithmetic_expansion':
        if (!isPlainArithmetic(node.text.replace(/^\$\(\(|\)\)$/g, ''), check)) flag(`arithmetic evaluates text that is not a plain literal: ${node.text}`);
        break;
      case 'compound_statement':
        if (node.text.startsWith('((') && !isPlainArithmetic(node.text.slice(2, -2), check)) flag(`arithmetic evaluates text that is not a plain literal: ${node.text}`);
        break;
      case 'c_style_for_statement': {
        const header = /^for\s*\(\((.*?)\)\)/s.exec(node.text)?.[1] ?? '';
        // The loop's own counters are assigned here, by arithmetic, from the header's literals.
        const counters = new Set([...header.matchAll(/([A-Za-z_][A-Za-z0-9_]*)\s*(?:=(?!=)|\+\+|--|[-+*/%]=)/g)].map((match) => match[1] ?? ''));
        const reassigned = new Set([...check.reassigned].filter((name) => !counters.has(name)));
        if (!isPlainArithmetic(header.replace(/;/g, ','), { reassigned })) flag(`for (( … )) evaluates text that is not a plain literal`);
        break;
      }
      case 'subscript': {
        const index = node.childForFieldName('index');
        if (index && !isPlainArithmetic(index.text, check) && !['@', '*'].includes(index.text)) flag(`an array subscript evaluates text: ${node.text}`);
        break;
      }
      case 'expansion':
        if (!isPlainExpansion(node.text)) flag(`the expansion ${node.text} evaluates or re-reads text`);
        break;
      case 'test_command':
        checkTestCommand(node, check, flag);
        break;
      case 'declaration_command':
      case 'unset_command':
        checkDeclaration(node, concerns);
        break;
      default:
        break;
    }
    for (const child of node.children) if (child) stack.push(child);
  }
  return concerns;
}

/** Names a builtin is told to assign or inspect (`read a b`, `printf -v x`, `test -v x`). */
export function assignedNameConcerns(argv: readonly string[]): ShellConcern[] {
  const [name, ...args] = argv;
  const names: string[] = [];
  switch (name) {
    case 'read':
      names.push(...operandsAfterOptions(args, /^-[adeinNptu]$/, 'adeinNptu', ['a']));
      break;
    case 'mapfile':
    case 'readarray':
      names.push(...operandsAfterOptions(args, /^-[dnOsuCc]$/, 'dnOsuCc', []).slice(0, 1));
      break;
    case 'printf': {
      const v = args.findIndex((arg) => arg === '-v' || /^-v./.test(arg));
      if (v >= 0) names.push(args[v] === '-v' ? (args[v + 1] ?? '') : (args[v]?.slice(2) ?? ''));
      break;
    }
    case 'getopts':
      if (args[1] !== undefined) names.push(args[1]);
      break;
    case 'wait': {
      const p = args.indexOf('-p');
      if (p >= 0) names.push(args[p + 1] ?? '');
      break;
    }
    case 'test':
    case '[': {
      args.forEach((arg, i) => {
        if (arg === '-v' && args[i + 1] !== undefined) names.push(args[i + 1] ?? '');
      });
      break;
    }
    case 'let':
      return args.every((arg) => isPlainArithmetic(arg, { reassigned: new Set() }) && !arg.includes('$')) ? [] : [{ kind: 'evaluated-code', detail: `let evaluates text that is not a plain literal` }];
    case 'export':
    case 'declare':
    case 'typeset':
    case 'local':
    case 'readonly':
    case 'unset':
      return declarationWordConcerns(args);
    default:
      return [];
  }
  return names.flatMap((assigned) => nameConcerns(name ?? '', assigned));
}

function nameConcerns(builtin: string, name: string): ShellConcern[] {
  if (!PLAIN_NAME.test(name)) return [{ kind: 'evaluated-code', detail: `${builtin} is given the name ${JSON.stringify(name)}, which bash evaluates` }];
  if (isDangerousVariable(name)) return [{ kind: 'alters-shell', detail: `${builtin} sets ${name}, which changes what later commands run` }];
  return [];
}

function operandsAfterOptions(args: readonly string[], valueOption: RegExp, valueLetters: string, arrayOptions: readonly string[]): string[] {
  const operands: string[] = [];
  for (let i = 0; i < args.length; i++) {
    const arg = args[i] ?? '';
    if (arg === '--') {
      operands.push(...args.slice(i + 1));
      break;
    }
    if (arg.startsWith('-') && arg.length > 1) {
      const last = arg[arg.length - 1] ?? '';
      if (valueOption.test(arg) || (arg.length > 2 && valueLetters.includes(last) && /^-[a-zA-Z]+$/.test(arg))) {
        if (arrayOptions.some((option) => arg.endsWith(option))) operands.push(args[i + 1] ?? '');
        i++;
      }
      continue;
    }
    operands.push(arg);
  }
  return operands;
}

function declarationWordConcerns(args: readonly string[]): ShellConcern[] {
  const concerns: ShellConcern[] = [];
  for (const arg of args) {
    if (/^[-+][a-zA-Z]*[ni]/.test(arg)) concerns.push({ kind: 'evaluated-code', detail: `${arg} makes later assignments evaluate text (nameref or integer)` });
    if (arg.startsWith('-') || arg.startsWith('+')) continue;
    const name = arg.replace(/\+?=.*$/s, '');
    concerns.push(...nameConcerns('declare', name));
  }
  return concerns;
}

function checkDeclaration(node: SyntaxNode, concerns: ShellConcern[]): void {
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'word' && /^[-+][a-zA-Z]*[ni]/.test(child.text)) concerns.push({ kind: 'evaluated-code', detail: `${child.text} makes later assignments evaluate text (nameref or integer)` });
    if (child.type === 'variable_name' || child.type === 'raw_string' || child.type === 'string' || child.type === 'concatenation' || (child.type === 'word' && !child.text.startsWith('-'))) {
      const name = child.text.replace(/^['"]|['"]$/g, '');
      concerns.push(...nameConcerns(node.type === 'unset_command' ? 'unset' : 'declare', name));
    }
    if (child.type === 'variable_assignment') {
      const name = child.childForFieldName('name');
      if (name?.type === 'variable_name' && isDangerousVariable(name.text)) concerns.push({ kind: 'alters-shell', detail: `declares ${name.text}, which changes what later commands run` });
    }
  }
}

function checkTestCommand(node: SyntaxNode, check: Check, flag: (detail: string) => void): void {
  const stack: SyntaxNode[] = [node];
  while (stack.length > 0) {
    const current = stack.pop();
    if (!current) continue;
    if (current.type === 'binary_expression') {
      const operator = current.childForFieldName('operator')?.text ?? '';
      if (ARITHMETIC_TEST_OPERATORS.has(operator)) {
        for (const side of [current.childForFieldName('left'), current.childForFieldName('right')]) {
          if (side && !isPlainArithmetic(side.text, check)) flag(`[[ … ${operator} … ]] evaluates ${side.text} as arithmetic`);
        }
      }
    }
    if (current.type === 'unary_expression' && /^-[vR]$/.test(current.child(0)?.text ?? '')) {
      const operand = current.child(1)?.text.replace(/^['"]|['"]$/g, '') ?? '';
      if (!PLAIN_NAME.test(operand)) flag(`[[ -v ${operand} ]] evaluates a subscript`);
    }
    for (const child of current.children) if (child && child.type !== 'command_substitution') stack.push(child);
  }
}

/** Numbers, operators and names (or `$name`) of variables this command does not assign. */
function isPlainArithmetic(text: string, check: Check): boolean {
  if (!PLAIN_ARITHMETIC.test(text)) return false;
  if (/\$(?![A-Za-z_])/.test(text)) return false;
  if (check.reassigned.has('*') && /[A-Za-z_]/.test(text.replace(/0[xX][0-9a-fA-F]+/g, ''))) return false;
  for (const name of text.match(/[A-Za-z_][A-Za-z0-9_]*/g) ?? []) {
    if (/^0[xX]/.test(name)) continue;
    if (check.reassigned.has(name)) return false;
  }
  return true;
}

/**
 * `${name}`, `${#name}`, `${name:-text}`, `${name//a/b}`, `${name,,}`, with
 * no quotes, substitutions, subscripts, indirection (`${!x}`) or
 * transformations (`${x@P}`) inside.
 */
function isPlainExpansion(text: string): boolean {
  if (/^\$\{([0-9@*#?$!-]|[A-Za-z_][A-Za-z0-9_]*)\}$/.test(text)) return true;
  const inner = text.slice(2, -1).replace(/\$(?:[A-Za-z_][A-Za-z0-9_]*|\{[A-Za-z_][A-Za-z0-9_]*\})/g, 'v');
  if (/['"`$\\[\]{}@!]/.test(inner)) return false;
  return /^#?[A-Za-z_][A-Za-z0-9_]*((:?[-=?+]|##?|%%?|\/\/?|\/#|\/%|\^\^?|,,?).*)?$/s.test(inner) || /^[A-Za-z_][A-Za-z0-9_]*:[\s0-9:+-]*$/.test(inner);
}
