/**
 * Decides whether a sed script only filters text. GNU sed can run shell
 * commands (`e`, `s///e`), write files (`w`, `s///w file`) and read files
 * (`r`, `R`): a script is safe only if it is built from commands that do
 * none of that. Anything we fail to tokenise is unsafe.
 */
const SIMPLE_COMMANDS = new Set(['p', 'P', 'd', 'D', 'q', 'Q', 'n', 'N', 'g', 'G', 'h', 'H', 'x', 'l', '=', 'z', 'F', '{', '}']);

export function isSafeSedScript(script: string): boolean {
  let i = 0;
  const at = (k: number): string => script[k] ?? '';
  const skipRegex = (delimiter: string): boolean => {
    i++;
    while (i < script.length && at(i) !== delimiter) {
      if (at(i) === '\\') i++;
      if (at(i) === '\n') return false;
      i++;
    }
    if (at(i) !== delimiter) return false;
    i++;
    return true;
  };
  while (i < script.length) {
    const char = at(i);
    if (/[\s;]/.test(char)) {
      i++;
      continue;
    }
    // Addresses: numbers, $, /regex/, \cregexc, ranges, steps, negation.
    if (/[0-9$,~+!]/.test(char)) {
      i++;
      continue;
    }
    if (char === '/') {
      if (!skipRegex('/')) return false;
      continue;
    }
    if (char === '\\') {
      i++;
      if (!skipRegex(at(i))) return false;
      continue;
    }
    if (SIMPLE_COMMANDS.has(char)) {
      i++;
      if (char === 'q' || char === 'Q' || char === 'l') while (/[0-9 ]/.test(at(i))) i++;
      continue;
    }
    if (char === 's' || char === 'y') {
      const delimiter = at(i + 1);
      if (!delimiter || /[\s\\\n]/.test(delimiter)) return false;
      i++;
      if (!skipRegex(delimiter)) return false;
      i--;
      if (!skipRegex(delimiter)) return false;
      if (char === 's') {
        const flags = /^[gpiImM0-9]*/.exec(script.slice(i))?.[0] ?? '';
        i += flags.length;
        if (/[ew]/.test(at(i))) return false;
      }
      continue;
    }
    if (char === 'b' || char === 't' || char === 'T' || char === ':') {
      i++;
      while (i < script.length && !/[;\n}]/.test(at(i))) i++;
      continue;
    }
    if (char === 'a' || char === 'i' || char === 'c') {
      // Text to output: up to the end of the line.
      while (i < script.length && at(i) !== '\n') i++;
      continue;
    }
    return false;
  }
  return true;
}
