/**
 * Just enough of the shell to run the examples in docsctl's help: words with '…' and "…" quoting,
 * $VAR expansion outside single quotes, the operators | || && ; > and # comments.
 */
export type Piece = { word: string } | { op: '|' | '||' | '&&' | ';' | '>' };

export function shellWords(line: string, vars: Record<string, string> = {}): Piece[] {
  const pieces: Piece[] = [];
  let word: string | undefined;
  const push = () => {
    if (word !== undefined) pieces.push({ word });
    word = undefined;
  };
  const expand = (text: string, from: number): [string, number] => {
    const m = /^\$(\w+|\?)/.exec(text.slice(from));
    if (!m) return ['$', from + 1];
    return [vars[m[1]] ?? '', from + m[0].length];
  };
  for (let i = 0; i < line.length; ) {
    const c = line[i];
    if (c === ' ' || c === '\t') {
      push();
      i++;
    } else if (c === '#' && word === undefined) {
      break;
    } else if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unterminated ' in: ${line}`);
      word = (word ?? '') + line.slice(i + 1, end);
      i = end + 1;
    } else if (c === '"') {
      let text = '';
      i++;
      while (i < line.length && line[i] !== '"') {
        if (line[i] === '\\' && '"\\$`'.includes(line[i + 1])) {
          text += line[i + 1];
          i += 2;
        } else if (line[i] === '$') {
          const [value, next] = expand(line, i);
          text += value;
          i = next;
        } else text += line[i++];
      }
      if (line[i] !== '"') throw new Error(`unterminated " in: ${line}`);
      word = (word ?? '') + text;
      i++;
    } else if (c === '\\') {
      word = (word ?? '') + (line[i + 1] ?? '');
      i += 2;
    } else if (c === '$') {
      const [value, next] = expand(line, i);
      word = (word ?? '') + value;
      i = next;
    } else if ('|&;>'.includes(c)) {
      push();
      const two = line.slice(i, i + 2);
      if (two === '||' || two === '&&') {
        pieces.push({ op: two });
        i += 2;
      } else if (c === '&') {
        throw new Error(`background jobs are not supported: ${line}`);
      } else {
        pieces.push({ op: c as '|' | ';' | '>' });
        i++;
      }
    } else {
      word = (word ?? '') + c;
      i++;
    }
  }
  push();
  return pieces;
}

/** Cuts an example's trailing description: after two spaces or " #", outside quotes. */
export function commandPart(line: string): string {
  let quote: string | undefined;
  for (let i = 0; i < line.length; i++) {
    const c = line[i];
    if (quote) {
      if (c === quote) quote = undefined;
      else if (c === '\\' && quote === '"') i++;
    } else if (c === "'" || c === '"') quote = c;
    else if (c === '\\') i++;
    else if ((c === ' ' && line[i + 1] === ' ') || (c === ' ' && line[i + 1] === '#')) return line.slice(0, i);
  }
  return line;
}
