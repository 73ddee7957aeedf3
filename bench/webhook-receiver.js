// The webhook receiver of bench/webhooks.ts, in a process of its own as a real receiver would be (in
// the bench's process it would take the event loop that sends the writes). Tells its parent, over IPC,
// `{ url }` once listening, then batches of `[spaceId, arrivedAt]` (arrivedAt: performance.timeOrigin
// + performance.now(), comparable across processes), sent every 5 ms so IPC costs little.
import { createServer } from 'node:http';

let arrived = [];
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (c) => chunks.push(c));
  req.on('end', () => {
    const at = performance.timeOrigin + performance.now();
    res.writeHead(200).end();
    arrived.push([JSON.parse(Buffer.concat(chunks).toString()).event_data.space.id, at]);
  });
});
setInterval(() => {
  if (!arrived.length) return;
  process.send(arrived);
  arrived = [];
}, 5);
process.on('disconnect', () => process.exit(0));
server.listen(0, '127.0.0.1', () => process.send({ url: `http://127.0.0.1:${server.address().port}/hook` }));
