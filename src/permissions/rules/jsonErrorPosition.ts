/**
 * Finds where JSON stops being valid. Node 20's JSON.parse errors do not
 * always carry a position, and a settings error must name its line.
 */
export function jsonErrorOffset(text: string): number {
  let i = 0;
  const fail = (): never => {
    throw new JsonStop(i);
  };
  const space = (): void => {
    while (i < text.length && /\s/.test(text[i] ?? '')) i++;
  };
  const literal = (word: string): void => {
    if (text.startsWith(word, i)) i += word.length;
    else fail();
  };
  const string = (): void => {
    if (text[i] !== '"') fail();
    i++;
    while (i < text.length && text[i] !== '"') {
      if (text[i] === '\\') i++;
      if (text[i] === '\n') fail();
      i++;
    }
    if (text[i] !== '"') fail();
    i++;
  };
  const value = (): void => {
    space();
    const char = text[i];
    if (char === '{') {
      i++;
      space();
      if (text[i] === '}') return void i++;
      for (;;) {
        space();
        string();
        space();
        literal(':');
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === '}') return void i++;
        else fail();
      }
    }
    if (char === '[') {
      i++;
      space();
      if (text[i] === ']') return void i++;
      for (;;) {
        value();
        space();
        if (text[i] === ',') i++;
        else if (text[i] === ']') return void i++;
        else fail();
      }
    }
    if (char === '"') return string();
    const number = /^-?\d+(\.\d+)?([eE][+-]?\d+)?/.exec(text.slice(i));
    if (number) return void (i += number[0].length);
    for (const word of ['true', 'false', 'null']) if (text.startsWith(word, i)) return literal(word);
    fail();
  };
  try {
    value();
    space();
    return i < text.length ? i : text.length;
  } catch (error) {
    if (error instanceof JsonStop) return error.offset;
    throw error;
  }
}

class JsonStop extends Error {
  constructor(readonly offset: number) {
    super('json stop');
  }
}
