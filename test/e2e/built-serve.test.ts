import { afterAll, describe, expect, it } from 'vitest';
import { rmSync } from 'node:fs';
import { sandbox } from '../helpers/cli';
import { runBuilt, spawnBuiltServe } from '../helpers/built';

/** `serve` as a service manager runs it: the built entry, stopped with SIGTERM. */
describe('serve through the built entry', () => {
  const box = sandbox();
  afterAll(() => rmSync(box.dir, { recursive: true, force: true }));

  it('stops cleanly (exit 0) on a SIGTERM sent the moment it announces itself', async () => {
    expect((await runBuilt(box, ['init'])).code).toBe(0);
    // The handlers used to be installed after the announcement: a quick SIGTERM killed it outright.
    for (let i = 0; i < 8; i++) {
      for (const args of [['--port', '0', '--json'], ['--port', '0']]) {
        const server = spawnBuiltServe(box, args);
        await server.listening;
        const stopped = await server.stop();
        expect(stopped.code, `serve ${args.join(' ')}: ${stopped.stderr}`).toBe(0);
      }
    }
  }, 60_000);
});
