import { request, type IncomingMessage, type ServerResponse } from 'node:http';

/** Passes a request a test's proxy received on to `target` as it came, and its answer back. */
export function forwardTo(target: URL, req: IncomingMessage, res: ServerResponse): void {
  const out = request({ host: target.hostname, port: target.port, path: req.url, method: req.method, headers: req.headers }, (answer) => {
    res.writeHead(answer.statusCode ?? 502, answer.headers);
    answer.pipe(res);
  });
  req.pipe(out);
}
