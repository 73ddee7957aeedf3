import type { Writer } from './render';

/** A terminal's input as the secret reader drives it (a tty.ReadStream; tests pass a fake). */
export type SecretInput = NodeJS.ReadableStream & { isTTY?: boolean; isRaw?: boolean; setRawMode?(mode: boolean): unknown };

/** Why a secret was not read: the person pressed Ctrl-C, or Ctrl-D with nothing typed. */
export class SecretCancelled extends Error {
  constructor() {
    super('cancelled');
    this.name = 'SecretCancelled';
  }
}

/**
 * Asks for a secret on a terminal without showing it: `message` on `output`, then the keys read in raw
 * mode (the terminal echoes nothing), up to Enter. Backspace and Ctrl-U edit; Ctrl-C, or Ctrl-D on an
 * empty line, cancels. The terminal's mode is put back however it ends, the process's exit included.
 */
export function readSecret(input: SecretInput, output: Writer, message: string): Promise<string> {
  const wasRaw = Boolean(input.isRaw);
  const restore = () => input.setRawMode?.(wasRaw);
  // Raw mode first: keys typed as soon as the question shows are never echoed.
  input.setRawMode?.(true);
  process.once('exit', restore);
  output.write(message);
  return new Promise<string>((resolve, reject) => {
    let value = '';
    let pending = '';
    const finish = (error?: Error) => {
      input.off('data', onData);
      input.off('end', onEnd);
      input.pause();
      restore();
      process.off('exit', restore);
      output.write('\n');
      if (error) reject(error);
      else resolve(value);
    };
    const onEnd = () => finish(value ? undefined : new SecretCancelled());
    const onData = (chunk: Buffer | string) => {
      const text = pending + (typeof chunk === 'string' ? chunk : chunk.toString('utf8'));
      pending = '';
      for (let i = 0; i < text.length; i++) {
        const key = text[i];
        if (key === '\r' || key === '\n') return finish();
        if (key === '\u0003') return finish(new SecretCancelled());
        if (key === '\u0004') return finish(value ? undefined : new SecretCancelled());
        if (key === '\u007f' || key === '\b') value = [...value].slice(0, -1).join('');
        else if (key === '\u0015') value = '';
        else if (key === '\u001b') {
          // An escape sequence (an arrow key, a paste bracket): skipped whole, never taken as the secret.
          const match = /^\u001b(\[[0-9;?]*[ -/]*[@-~]|O.|.)?/.exec(text.slice(i));
          if (!match?.[1]) {
            pending = text.slice(i);
            return;
          }
          i += match[0].length - 1;
        } else if (key >= ' ') value += key;
      }
    };
    input.on('data', onData);
    input.on('end', onEnd);
    input.resume();
  });
}
