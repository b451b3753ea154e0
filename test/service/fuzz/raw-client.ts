import { Agent, request } from 'node:http';

export interface RawResponse {
  status: number;
  headers: Record<string, string | string[] | undefined>;
  text: string;
}

/**
 * Sends exactly these bytes: node:http does not normalise the path, refuses no method and lets a
 * GET carry a body, which fetch would not. Kept-alive sockets keep ten thousand requests quick.
 */
export function createRawClient(origin: string, maxSockets = 8) {
  const url = new URL(origin);
  const agent = new Agent({ keepAlive: true, maxSockets });
  function send(init: {
    method: string;
    path: string;
    headers: Record<string, string>;
    body?: Buffer;
  }): Promise<RawResponse> {
    return new Promise((resolve, reject) => {
      const headers: Record<string, string | number> = { ...init.headers };
      if (init.body) headers['content-length'] = init.body.length;
      const req = request(
        {
          host: url.hostname,
          port: url.port,
          method: init.method,
          path: init.path,
          headers,
          agent,
        },
        (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (chunk: Buffer) => chunks.push(chunk));
          res.on('end', () =>
            resolve({
              status: res.statusCode ?? 0,
              headers: res.headers,
              text: Buffer.concat(chunks).toString('utf8'),
            }),
          );
          res.on('error', reject);
        },
      );
      // The server may answer (413, 431) and close before the whole body is written.
      req.on('error', reject);
      if (init.body) req.end(init.body);
      else req.end();
    });
  }
  return { send, close: () => agent.destroy() };
}
