import { spawn, spawnSync, type ChildProcess } from 'node:child_process';

/** Runs the CLI and returns its stdout, failing loudly if it fails. */
export function runQuiet(bin: string, args: string[], env: NodeJS.ProcessEnv): string {
  const result = spawnSync(process.execPath, [bin, ...args], { env, encoding: 'utf8' });
  if (result.status !== 0) throw new Error(`docsctl ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
}

/** A server Node runs with `args`; resolves once it printed its `{ url }` line. */
export function startServer(args: string[], env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  return new Promise((resolve, reject) => {
    const child = spawn(process.execPath, args, { env, stdio: ['ignore', 'pipe', 'inherit'] });
    child.stdout!.once('data', (chunk: Buffer) => resolve({ child, url: JSON.parse(chunk.toString()).url }));
    child.once('exit', (code) => reject(new Error(`server exited with ${code}`)));
  });
}

/**
 * `docsctl serve` on a free port, its rate limit raised out of the way (so the limiter still runs) and
 * its access log off (the bench process, which reads the child's output, would pay for it).
 */
export function startServe(bin: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  return startServer([bin, 'serve', '--port', '0', '--json', '--rate-limit', '1000000000', '--log-format', 'off'], env);
}

/** The delay each way of `startDelayingProxy`'s link: 10 ms round trips, as to an instance in a nearby data centre. */
export const LINK_DELAY_MS = 5;

/** A TCP proxy to PORT that holds every chunk DELAY_MS each way; prints its { url }. */
const DELAYING_PROXY = `
const net = require('node:net');
const delay = Number(process.env.DELAY_MS);
const pipe = (from, to) => from
  .on('data', (chunk) => setTimeout(() => to.write(chunk), delay))
  .on('end', () => setTimeout(() => to.end(), delay))
  .on('error', () => to.destroy());
// No Nagle on either side: a chunk held for the ACK of the one before it (40 ms of delayed ACK) is not the link's delay.
const server = net.createServer({ noDelay: true }, (client) => {
  const upstream = net.connect({ port: Number(process.env.PORT), host: '127.0.0.1', noDelay: true });
  pipe(client, upstream);
  pipe(upstream, client);
});
server.listen(0, '127.0.0.1', () => console.log(JSON.stringify({ url: 'http://127.0.0.1:' + server.address().port })));
`;

/** A proxy in front of the server at `url` that adds LINK_DELAY_MS each way (a Node process of its own, run in `env`). */
export function startDelayingProxy(url: string, env: NodeJS.ProcessEnv): Promise<{ child: ChildProcess; url: string }> {
  return startServer(['-e', DELAYING_PROXY], { ...env, PORT: new URL(url).port, DELAY_MS: String(LINK_DELAY_MS) });
}
