import { displayWidth } from './display-width';
import { wrap } from './table';

/**
 * Commander's output (help, with the text commands add after it) with each line wider than `width`
 * broken at spaces and continued at its own indentation, as commander wraps option descriptions;
 * command lines (`$ docsctl …`) stay whole, to be copied.
 */
export function wrapHelp(text: string, width: number): string {
  return text
    .split('\n')
    .map((line) => {
      if (displayWidth(line) <= width || /^\s*\$ /.test(line)) return line;
      const indent = /^\s*/.exec(line)![0];
      return wrap(line.slice(indent.length), Math.max(width - indent.length, 20)).map((piece) => indent + piece).join('\n');
    })
    .join('\n');
}
