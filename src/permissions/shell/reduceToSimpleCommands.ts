/**
 * Walks a bash syntax tree and lists every simple command it would run,
 * across `&& || ; | |& &`, newlines, subshells, brace groups, control flow,
 * function bodies, `$(…)`, backticks, process substitution, here-docs and
 * (recursively, depth-bounded) the strings given to `bash -c` / `eval`.
 *
 * Fail-closed: any node type not handled here, and any ERROR/MISSING node,
 * becomes an "unparseable" concern, so the command can only ever ask.
 */
import type { BashParser, SyntaxNode } from './bashParser.js';
import { programName } from './commandName.js';
import { findNestedCommands } from './nestedCommands.js';
import { parseRedirect } from './redirects.js';
import { altersShellInterpretation, isDangerousVariable, surveyAssignments } from './shellEnvironment.js';
import { changeDirectory, firstOperand, mergeCwd } from './cwdTracking.js';
import { firstErrorText, firstUnreachedCommand } from './syntaxCoverage.js';
import { assignedNameConcerns, evaluatedTextConcerns } from './evaluatedText.js';
import { findPrintsOnlyNames, findStartingPoints } from './findAndArchives.js';
import type { CwdState, Redirect, ShellAnalysis, ShellConcern, SimpleCommand, WrapperUse } from './shellTypes.js';
import { unwrapCommand } from './unwrapCommand.js';
import { expandWord, type ExpandedWord, type KnownValues, type StaticWord } from './wordExpansion.js';

export type ReduceOptions = {
  readonly cwd: string;
  readonly home: string;
};

const MAX_SHELL_NESTING = 4;
const MAX_SIMPLE_COMMANDS = 500;
const MAX_COMMAND_LENGTH = 100_000;

type Walk = {
  readonly parser: BashParser;
  readonly home: string;
  readonly commands: SimpleCommand[];
  readonly concerns: ShellConcern[];
  readonly functions: Set<string>;
  /** Ids of command and substitution nodes the walk handled (see checkCoverage). */
  readonly visited: Set<number>;
  reassigned: Set<string>;
  assignmentSites: Map<string, number>;
  loopValues: Map<string, readonly StaticWord[]>;
  cwd: CwdState;
  via: readonly string[];
  depth: number;
  /** The names piped into the stage being walked, when the previous stage is a plain `find`. */
  pipedNames: SimpleCommand['hiddenArgumentsFrom'];
};

export function reduceToSimpleCommands(parser: BashParser, source: string, options: ReduceOptions): ShellAnalysis {
  const walk: Walk = {
    parser,
    home: options.home,
    commands: [],
    concerns: [],
    functions: new Set(),
    visited: new Set(),
    reassigned: new Set(),
    assignmentSites: new Map(),
    loopValues: new Map(),
    cwd: { kind: 'known', dirs: [options.cwd] },
    via: [],
    depth: 0,
    pipedNames: undefined,
  };
  walkSource(walk, source);
  return { commands: walk.commands, concerns: walk.concerns };
}

/** Bidi overrides and zero-width characters make the text the user reads differ from what runs. */
const DECEPTIVE_CHARACTERS = /[\u0000-\u0008\u000b-\u001f\u007f\u200b-\u200f\u202a-\u202e\u2060-\u2064\u2066-\u2069\ufeff]/;

function walkSource(walk: Walk, source: string): void {
  if (source.length > MAX_COMMAND_LENGTH) return void addConcern(walk, 'unparseable', 'command is too long to analyse');
  if (DECEPTIVE_CHARACTERS.test(source)) addConcern(walk, 'unparseable', 'command contains control or invisible characters');
  // bash joins `r\<newline>m` into `rm`; tree-sitter splits it into two words.
  if (/[^\s\\]\\\r?\n[^\s]/.test(source)) addConcern(walk, 'unparseable', 'a line continuation joins the parts of a word');
  const tree = walk.parser.parse(source);
  if (!tree) return void addConcern(walk, 'unparseable', 'the parser produced no tree');
  try {
    const root = tree.rootNode;
    if (root.hasError) addConcern(walk, 'unparseable', `bash syntax not understood near: ${firstErrorText(root)}`);
    const survey = surveyAssignments(root);
    for (const name of survey.reassigned) walk.reassigned.add(name);
    for (const concern of evaluatedTextConcerns(root, { reassigned: walk.reassigned })) addConcern(walk, concern.kind, concern.detail);
    for (const [name, count] of survey.assignmentSites) walk.assignmentSites.set(name, (walk.assignmentSites.get(name) ?? 0) + count);
    walkStatements(walk, root.namedChildren);
    const unreached = firstUnreachedCommand(root, walk.visited);
    if (unreached) addConcern(walk, 'unparseable', `a command the analyser did not reach: ${JSON.stringify(unreached.slice(0, 60))}`);
  } finally {
    tree.delete();
  }
}

function walkStatements(walk: Walk, nodes: readonly (SyntaxNode | null)[]): void {
  for (const node of nodes) if (node) walkStatement(walk, node);
}

function walkStatement(walk: Walk, node: SyntaxNode): void {
  if (walk.commands.length > MAX_SIMPLE_COMMANDS) return void addConcern(walk, 'too-deep', 'too many simple commands');
  switch (node.type) {
    case 'comment':
    case 'unset_command':
      return;
    case 'pipeline':
      return walkPipeline(walk, node);
    case 'program':
    case 'list':
    case 'negated_command':
    case 'do_group':
    case 'else_clause':
    case 'elif_clause':
    case 'if_statement':
    case 'while_statement':
    case 'case_item':
      return walkStatements(walk, node.namedChildren);
    case 'subshell':
    case 'compound_statement':
      return inScope(walk, () => walkStatements(walk, node.namedChildren));
    case 'for_statement':
      return walkForLoop(walk, node);
    case 'c_style_for_statement':
    case 'case_statement':
    case 'test_command':
    case 'binary_expression':
    case 'unary_expression':
    case 'parenthesized_expression':
    case 'postfix_expression':
    case 'ternary_expression':
    case 'arithmetic_expansion':
      return walkMixed(walk, node);
    case 'function_definition': {
      const name = node.childForFieldName('name');
      if (name) walk.functions.add(name.text);
      const body = node.childForFieldName('body');
      if (body) walkStatement(walk, body);
      return;
    }
    case 'redirected_statement':
      return walkRedirected(walk, node);
    case 'command':
      return walkCommand(walk, node, []);
    case 'variable_assignment':
      return void checkAssignment(walk, node);
    case 'variable_assignments':
    case 'declaration_command':
      return walkAssignments(walk, node);
    case 'command_substitution':
    case 'process_substitution':
      walk.visited.add(node.id);
      return walkStatements(walk, node.namedChildren);
    case 'file_redirect':
    case 'heredoc_redirect':
    case 'herestring_redirect':
      return walkRedirectOnly(walk, [node]);
    default:
      if (isWordLike(node)) return walkSubstitutionsIn(walk, node);
      return void addConcern(walk, 'unparseable', `unsupported shell construct "${node.type}"`);
  }
}

const WORD_TYPES = new Set(['word', 'string', 'raw_string', 'ansi_c_string', 'concatenation', 'number', 'simple_expansion', 'expansion', 'variable_name', 'test_operator', 'string_content', 'heredoc_body', 'regex', 'extglob_pattern']);

function isWordLike(node: SyntaxNode): boolean {
  return WORD_TYPES.has(node.type);
}

/**
 * Walks the stages of a pipeline, remembering when a stage is a plain
 * `find` that prints only names: xargs in the next stage then appends
 * names below find's starting points, not arbitrary words.
 */
function walkPipeline(walk: Walk, node: SyntaxNode): void {
  let previous: SimpleCommand['hiddenArgumentsFrom'];
  for (const child of node.namedChildren) {
    if (!child) continue;
    const before = walk.commands.length;
    walk.pipedNames = previous;
    try {
      walkStatement(walk, child);
    } finally {
      walk.pipedNames = undefined;
    }
    const emitted = walk.commands.slice(before);
    const only = emitted.length === 1 ? emitted[0] : undefined;
    previous = only && only.wrappers.length === 0 && programName(only.argv[0]) === 'find' && findPrintsOnlyNames(only.argv.slice(1))
      ? { roots: findStartingPoints(only.argv.slice(1)).roots, splitOnBlanks: !only.argv.some((word) => word.text === '-print0') }
      : undefined;
  }
}

/** Binds the loop variable to its static values while walking the body, when nothing else assigns it. */
function walkForLoop(walk: Walk, node: SyntaxNode): void {
  const variable = node.childForFieldName('variable')?.text;
  const isFor = node.child(0)?.type === 'for';
  const valueNodes = node.childrenForFieldName('value').filter((child): child is SyntaxNode => child !== null);
  const values = valueNodes.flatMap((value) => expandWord(value, knownValues(walk)));
  const bindable =
    variable !== undefined && isFor && valueNodes.length > 0 && walk.assignmentSites.get(variable) === 1 && !walk.reassigned.has('*') &&
    values.every((word): word is StaticWord => word.kind === 'static' && !word.text.startsWith('-'));
  if (!bindable || variable === undefined) return walkMixed(walk, node);
  walk.loopValues.set(variable, values.filter((word): word is StaticWord => word.kind === 'static'));
  try {
    walkMixed(walk, node);
  } finally {
    walk.loopValues.delete(variable);
  }
}

/** Constructs mixing words and statements (loops, case, tests): statements walked, words searched. */
function walkMixed(walk: Walk, node: SyntaxNode): void {
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (isWordLike(child)) walkSubstitutionsIn(walk, child);
    else walkStatement(walk, child);
  }
}

/** Finds `$(…)`, backticks and `<(…)` inside a word and walks the commands they run. */
function walkSubstitutionsIn(walk: Walk, node: SyntaxNode): void {
  if (node.type === 'command_substitution' || node.type === 'process_substitution') {
    walk.visited.add(node.id);
    return walkStatements(walk, node.namedChildren);
  }
  if (node.type === 'arithmetic_expansion') return walkMixed(walk, node);
  for (const child of node.namedChildren) if (child) walkSubstitutionsIn(walk, child);
}

function inScope(walk: Walk, body: () => void): void {
  const saved = walk.cwd;
  body();
  walk.cwd = mergeCwd(saved, walk.cwd);
}

function walkRedirected(walk: Walk, node: SyntaxNode): void {
  const body = node.childForFieldName('body');
  const redirects = node.childrenForFieldName('redirect').filter((child): child is SyntaxNode => child !== null);
  if (body?.type === 'command') return walkCommand(walk, body, redirects);
  if (body) walkStatement(walk, body);
  walkRedirectOnly(walk, redirects);
}

/** Redirections on a compound statement (`{ a; b; } > f`) or with no command (`> f`). */
function walkRedirectOnly(walk: Walk, redirectNodes: readonly SyntaxNode[]): void {
  const collected = collectRedirects(walk, redirectNodes);
  if (collected.extraArguments.length > 0) addConcern(walk, 'unparseable', 'words after a redirection with no command');
  if (collected.redirects.length > 0) emit(walk, { source: redirectNodes.map((n) => n.text).join(' '), argv: [], redirects: collected.redirects });
}

function collectRedirects(walk: Walk, nodes: readonly SyntaxNode[]): { redirects: Redirect[]; extraArguments: ExpandedWord[] } {
  const redirects: Redirect[] = [];
  const extraArguments: ExpandedWord[] = [];
  for (const node of nodes) {
    const parsed = parseRedirect(node, knownValues(walk));
    redirects.push(...parsed.redirects);
    extraArguments.push(...parsed.extraArguments);
    for (const concern of parsed.concerns) walk.concerns.push(concern);
    for (const inner of parsed.statements) walkStatement(walk, inner);
    for (const wordNode of parsed.wordNodes) walkSubstitutionsIn(walk, wordNode);
  }
  return { redirects, extraArguments };
}

function walkAssignments(walk: Walk, node: SyntaxNode): void {
  for (const child of node.namedChildren) {
    if (!child) continue;
    if (child.type === 'variable_assignment') checkAssignment(walk, child);
    else walkSubstitutionsIn(walk, child);
  }
}

function checkAssignment(walk: Walk, node: SyntaxNode): { name: string; value: ExpandedWord | undefined } {
  const nameNode = node.childForFieldName('name');
  const name = nameNode?.type === 'subscript' ? (nameNode.childForFieldName('name')?.text ?? '') : (nameNode?.text ?? '');
  if (isDangerousVariable(name)) addConcern(walk, 'alters-shell', `assigns ${name}, which changes what later commands run`);
  // `a[$(rm -rf x)]=1`: the subscript runs too.
  if (nameNode?.type === 'subscript') walkSubstitutionsIn(walk, nameNode);
  const valueNode = node.childForFieldName('value');
  if (!valueNode) return { name, value: undefined };
  walkSubstitutionsIn(walk, valueNode);
  const [value] = expandWord(valueNode, knownValues(walk));
  // A stored `$(…)` runs later if the value reaches arithmetic, eval or sh -c: `x='a[$(rm -rf ~)]'; echo $((x))`.
  if (value?.kind === 'static' && /\$\(|`/.test(value.text)) {
    addConcern(walk, 'eval-computed-text', `${name} holds command text that arithmetic or eval could run`);
  }
  return { name, value };
}

function walkCommand(walk: Walk, node: SyntaxNode, outerRedirects: readonly SyntaxNode[]): void {
  walk.visited.add(node.id);
  const assignments: { name: string; value: ExpandedWord | undefined }[] = [];
  const redirectNodes: SyntaxNode[] = [...outerRedirects];
  const words: ExpandedWord[] = [];
  const known = knownValues(walk);
  for (let i = 0; i < node.childCount; i++) {
    const child = node.child(i);
    if (!child) continue;
    const field = node.fieldNameForChild(i);
    if (child.type === 'variable_assignment') assignments.push(checkAssignment(walk, child));
    else if (child.type.endsWith('_redirect')) redirectNodes.push(child);
    else if (field === 'name' || field === 'argument') {
      walkSubstitutionsIn(walk, child);
      words.push(...expandWord(child, known));
    } else if (child.type !== 'comment') {
      addConcern(walk, 'unparseable', `unexpected token ${JSON.stringify(child.text)} in a command`);
    }
  }
  const { redirects, extraArguments } = collectRedirects(walk, redirectNodes);
  emitWithNested(walk, node.text, [...words, ...extraArguments], assignments, redirects);
}

function emitWithNested(
  walk: Walk,
  source: string,
  rawArgv: readonly ExpandedWord[],
  assignments: readonly { name: string; value: ExpandedWord | undefined }[],
  redirects: readonly Redirect[],
  hiddenArguments = false,
): void {
  const nameWord = rawArgv[0];
  if (nameWord && (nameWord.kind === 'dynamic' || nameWord.isGlob)) {
    addConcern(walk, 'dynamic-command', `the command name ${nameWord.text} is computed at run time`);
  }
  const unwrapped = unwrapCommand(rawArgv);
  for (const concern of unwrapped.concerns) walk.concerns.push(concern);
  const innerName = programName(unwrapped.argv[0]);
  if (unwrapped.argv[0] && unwrapped.argv[0] !== nameWord && (unwrapped.argv[0].kind === 'dynamic' || unwrapped.argv[0].isGlob)) {
    addConcern(walk, 'dynamic-command', `the command name ${unwrapped.argv[0].text} is computed at run time`);
  }
  for (const { name } of unwrapped.assignments) {
    if (isDangerousVariable(name)) addConcern(walk, 'alters-shell', `sets ${name}, which changes what the command runs`);
  }
  const staticArgv = unwrapped.argv.map((word) => (word.kind === 'static' ? word.text : ''));
  const alters = altersShellInterpretation(staticArgv);
  if (alters) addConcern(walk, 'alters-shell', alters);
  for (const concern of assignedNameConcerns(unwrapped.argv.map((word) => word.text))) addConcern(walk, concern.kind, concern.detail);

  const savedCwd = walk.cwd;
  for (const dir of unwrapped.chdirs) walk.cwd = changeDirectory(walk.cwd, dir, walk.home);
  const extraRedirects: Redirect[] = [
    ...unwrapped.fileWrites.map((target): Redirect => ({ access: 'write', target, text: target.text })),
    ...unwrapped.fileReads.map((target): Redirect => ({ access: 'read', target, text: target.text })),
  ];
  const isFunctionCall = innerName !== undefined && walk.functions.has(innerName);
  const piped = hiddenArgumentsSource(walk.pipedNames, unwrapped.wrappers);
  emit(walk, {
    ...(piped && !hiddenArguments ? { hiddenArgumentsFrom: piped } : {}),
    source,
    argv: isFunctionCall ? [] : unwrapped.argv,
    wrappers: unwrapped.wrappers,
    assignments: [...assignments, ...unwrapped.assignments],
    redirects: [...redirects, ...extraRedirects],
    hasHiddenArguments: hiddenArguments || unwrapped.hasHiddenArguments,
  });
  const nested = findNestedCommands(unwrapped.argv);
  for (const concern of nested.concerns) walk.concerns.push(concern);
  for (const inner of nested.argvs) {
    nestInto(walk, inner.label, () => emitWithNested(walk, source, inner.argv, [], [], true));
  }
  for (const shell of [...unwrapped.shellStrings.map((s) => ({ ...s, elevates: false })), ...nested.shellSources]) {
    const script = shell.words[0];
    if (!script || script.kind === 'dynamic') {
      addConcern(walk, 'eval-computed-text', `${shell.label} runs text computed at run time${script ? `: ${script.text}` : ''}`);
      continue;
    }
    nestInto(walk, shell.label, () => {
      if (shell.elevates) walk.reassigned.add('HOME');
      walkSource(walk, script.text);
    });
  }
  walk.cwd = unwrapped.chdirs.length > 0 ? mergeCwd(savedCwd, walk.cwd) : walk.cwd;
  if (innerName === 'cd' || innerName === 'pushd' || innerName === 'popd') {
    walk.cwd = changeDirectory(walk.cwd, innerName === 'popd' ? undefined : firstOperand(unwrapped.argv), walk.home);
  }
}

/** xargs reading find's names from the pipe (not `-a file`): the names are bounded; `-0` with `-print0` keeps them whole. */
function hiddenArgumentsSource(piped: SimpleCommand['hiddenArgumentsFrom'], wrappers: readonly WrapperUse[]): SimpleCommand['hiddenArgumentsFrom'] {
  const xargs = wrappers.find((wrapper) => wrapper.name === 'xargs');
  const readsFile = xargs?.words.some((word) => /^-[^-]*a/.test(word.text) || word.text.startsWith('--arg-file')) ?? true;
  if (!piped || !xargs || readsFile) return undefined;
  const nulSeparated = xargs.words.some((word) => word.text === '-0' || word.text === '--null');
  return { roots: piped.roots, splitOnBlanks: piped.splitOnBlanks || !nulSeparated };
}

function nestInto(walk: Walk, label: string, body: () => void): void {
  if (walk.depth >= MAX_SHELL_NESTING) return void addConcern(walk, 'too-deep', `${label} nested more than ${MAX_SHELL_NESTING} levels`);
  const saved = { via: walk.via, depth: walk.depth, reassigned: walk.reassigned };
  walk.via = [...walk.via, label];
  walk.depth++;
  walk.reassigned = new Set(walk.reassigned);
  try {
    body();
  } finally {
    walk.via = saved.via;
    walk.depth = saved.depth;
    walk.reassigned = saved.reassigned;
  }
}

function emit(walk: Walk, partial: Pick<SimpleCommand, 'source' | 'argv' | 'redirects'> & Partial<SimpleCommand>): void {
  walk.commands.push({
    wrappers: [],
    assignments: [],
    hasHiddenArguments: false,
    ...partial,
    cwd: walk.cwd,
    via: walk.via,
  });
}

function knownValues(walk: Walk): KnownValues {
  const pwd = walk.cwd.kind === 'known' && walk.cwd.dirs.length === 1 ? walk.cwd.dirs[0] : undefined;
  return { home: walk.home, pwd, reassigned: walk.reassigned, loopValues: walk.loopValues };
}

function addConcern(walk: Walk, kind: ShellConcern['kind'], detail: string): void {
  const via = walk.via.length > 0 ? ` (inside ${walk.via.join(' → ')})` : '';
  walk.concerns.push({ kind, detail: detail + via });
}
