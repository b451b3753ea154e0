// The baseline: a bare node:http server answering every request with a fixed JSON body of the
// given size, the least any HTTP server on this machine can do for the same bytes.
import { createServer } from 'node:http';

const size = Number(process.argv[2] ?? 5000);
const body = Buffer.from(`{"data":"${'x'.repeat(Math.max(0, size - 11))}"}`);
const server = createServer((req, res) => {
  req.resume(); // a POST's body is read, as the service reads it, and then ignored
  res.writeHead(200, {
    'content-type': 'application/json; charset=utf-8',
    'content-length': body.length,
  });
  res.end(body);
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`http://127.0.0.1:${server.address().port}/\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
