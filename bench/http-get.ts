import http from 'node:http';

const agent = new http.Agent({ keepAlive: true, maxSockets: 1 });

/**
 * A GET through node:http on one kept-alive connection, the body read and dropped: the leanest
 * HTTP client, as pg is the database's. The one-at-a-time figures compare the API with the same
 * SQL sent through pg; fetch (undici's WHATWG layer) costs the bench's process more per request
 * than pg does, which the old figure counted as the server's fixed cost (decision 054).
 */
export function httpGet(url: string, headers: Record<string, string>): Promise<number> {
  return new Promise((resolve, reject) => {
    const req = http.get(url, { agent, headers }, (res) => {
      res.on('data', () => {});
      res.on('end', () => resolve(res.statusCode ?? 0));
      res.on('error', reject);
    });
    req.on('error', reject);
  });
}
