// The load generator: autocannon in this process, a fixed number of connections for a fixed
// time, so every run stops by itself. A scenario is { url, requests?, headers? }: `requests`
// (autocannon's request list, cycled per connection) when a run needs distinct paths or bodies.
import autocannon from 'autocannon';
import { watchPeakRss } from './rss.mjs';

export const CONNECTIONS = 10;

function cannon(target, seconds) {
  return new Promise((resolve, reject) => {
    autocannon(
      {
        url: target.url,
        connections: CONNECTIONS,
        duration: seconds,
        ...(target.headers ? { headers: target.headers } : {}),
        ...(target.requests ? { requests: target.requests } : {}),
      },
      (error, result) => (error ? reject(error) : resolve(result)),
    );
  });
}

/**
 * Loads `target` for `seconds` after a warm-up of its own (JIT, connections, caches), and reads
 * the peak resident memory of process `pid` during the measured part only.
 */
export async function measure(target, pid, { seconds, warmUpSeconds }) {
  if (warmUpSeconds > 0) await cannon(target, warmUpSeconds);
  const rss = watchPeakRss(pid);
  const result = await cannon(target, seconds);
  const peakRssMiB = await rss.stop();
  const requests = result.requests.total || 1;
  return {
    reqPerSec: Math.round(result.requests.average),
    p50: result.latency.p50,
    p99: result.latency.p99,
    errors: result.errors + result.timeouts + result.non2xx,
    // Response bytes on the wire per request, headers included, as a check on the body sizes.
    wireBytes: Math.round(result.throughput.total / requests),
    peakRssMiB,
  };
}
