// The benchmark's receiver, in its own process so that it does not share the service's event
// loop: answers every POST with 200 "ok" after reading the body, counts requests per event id
// (to catch duplicates), prints its port, and prints the counts when asked over stdin.
import { createServer } from 'node:http';
import { createInterface } from 'node:readline';

let requests = 0;
const seen = new Map();
const server = createServer((req, res) => {
  req.resume();
  req.on('end', () => {
    requests++;
    const key = `${req.url} ${req.headers['x-service-delivery']}`;
    seen.set(key, (seen.get(key) ?? 0) + 1);
    res.writeHead(200, { 'content-type': 'text/plain' }).end('ok');
  });
});
server.keepAliveTimeout = 60_000;
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${server.address().port}\n`);
});
createInterface({ input: process.stdin }).on('line', (line) => {
  if (line === 'count') {
    let duplicates = 0;
    for (const n of seen.values()) if (n > 1) duplicates += n - 1;
    process.stdout.write(`${JSON.stringify({ requests, duplicates })}\n`);
    requests = 0;
    seen.clear();
  } else if (line === 'exit') server.close(() => process.exit(0));
});
