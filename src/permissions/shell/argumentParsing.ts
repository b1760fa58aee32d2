/**
 * A loose option parser for programs that are never auto-allowed (network
 * clients, make): it only needs to find the operands deny rules must see.
 * Programs that can be auto-allowed are parsed by their option tables
 * (options/), which refuse what they do not know.
 *
 * Splits a known program's arguments into options and operands, so file
 * operands can be checked as paths. A dynamic word could be either an
 * option (`-i`, `-o /etc/passwd`) or an operand: it is reported separately
 * so classifiers can refuse to call such a command read-only.
 */
import type { ParsedArguments, ParsedOption } from './options/optionTable.js';
import type { ExpandedWord } from './wordExpansion.js';

export type OptionGrammar = {
  /** Options taking a value: `-o`, `--output` (value next, attached `-ofile`, or `--output=file`). */
  readonly valueOptions?: readonly string[];
  /** Operands may be interleaved with options (GNU style); false stops at the first operand. */
  readonly optionsAfterOperands?: boolean;
};

export function parseArguments(args: readonly ExpandedWord[], grammar: OptionGrammar = {}): ParsedArguments {
  const valueOptions = new Set(grammar.valueOptions ?? []);
  const options: ParsedOption[] = [];
  const operands: ExpandedWord[] = [];
  const dynamicWords: ExpandedWord[] = [];
  let onlyOperands = false;
  for (let i = 0; i < args.length; i++) {
    const word = args[i];
    if (!word) continue;
    if (word.kind === 'dynamic') {
      dynamicWords.push(word);
      operands.push(word);
      continue;
    }
    const text = word.text;
    if (onlyOperands || text === '-' || !text.startsWith('-')) {
      operands.push(word);
      if (grammar.optionsAfterOperands === false) onlyOperands = true;
      continue;
    }
    if (text === '--') {
      onlyOperands = true;
      continue;
    }
    if (text.startsWith('--')) {
      const eq = text.indexOf('=');
      const name = eq >= 0 ? text.slice(0, eq) : text;
      if (eq >= 0) options.push({ name, value: { ...word, text: text.slice(eq + 1) } });
      else if (valueOptions.has(name)) options.push({ name, value: args[++i] });
      else options.push({ name, value: undefined });
      continue;
    }
    for (let k = 1; k < text.length; k++) {
      const name = `-${text[k]}`;
      if (valueOptions.has(name)) {
        const attached = text.slice(k + 1);
        options.push({ name, value: attached ? { ...word, text: attached } : args[++i] });
        break;
      }
      options.push({ name, value: undefined });
    }
  }
  return { options, operands, dynamicWords, problems: [] };
}

