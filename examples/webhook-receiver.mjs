// An Engage Desk webhook receiver: verifies X-Service-Signature in constant time, drops retries
// of events it has already handled (the event id is stable), and answers 2xx within 10 seconds.
// Run: WEBHOOK_SECRET=whsec_… node examples/webhook-receiver.mjs [port]
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer } from 'node:http';

const secret = process.env.WEBHOOK_SECRET ?? '';
const handled = new Set();
const server = createServer((req, res) => {
  const chunks = [];
  req.on('data', (chunk) => chunks.push(chunk));
  req.on('end', () => {
    const body = Buffer.concat(chunks); // the raw bytes: parse only after verifying them
    const expected = Buffer.from(
      `sha256=${createHmac('sha256', secret).update(body).digest('hex')}`,
    );
    const given = Buffer.from(req.headers['x-service-signature'] ?? '');
    if (given.length !== expected.length || !timingSafeEqual(given, expected)) {
      return res.writeHead(401).end('bad signature');
    }
    const event = JSON.parse(body.toString('utf8'));
    if (!handled.has(event.id)) console.log(event.event, JSON.stringify(event.data));
    handled.add(event.id);
    res.writeHead(204).end();
  });
});
server.listen(Number(process.argv[2] ?? 8787), '127.0.0.1', () =>
  console.log(`listening on http://127.0.0.1:${server.address().port}/`),
);
