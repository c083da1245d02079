// Hosts the providers' fakes on a loopback HTTP server, one path prefix each
// (/mollie/v2/payments → the Mollie fake's /v2/payments), so a Worker served
// locally reaches them as it would reach the real APIs.
import { createServer } from "node:http";
import type { AddressInfo } from "node:net";

export interface Fake {
  handle(request: Request): Promise<Response>;
}

export interface FakeServer {
  /** http://127.0.0.1:<port> */
  url: string;
  close(): Promise<void>;
}

export async function serveFakes(fakes: Record<string, Fake>): Promise<FakeServer> {
  const server = createServer(async (incoming, outgoing) => {
    try {
      const url = new URL(incoming.url ?? "/", "http://127.0.0.1");
      const [, prefix = "", ...rest] = url.pathname.split("/");
      const fake = fakes[prefix];
      if (!fake) {
        outgoing.writeHead(404).end();
        return;
      }
      const chunks: Buffer[] = [];
      for await (const chunk of incoming) chunks.push(chunk as Buffer);
      const body = incoming.method === "GET" || incoming.method === "HEAD" ? undefined : Buffer.concat(chunks);
      const abort = new AbortController();
      outgoing.on("close", () => abort.abort());
      const request = new Request(new URL(`/${rest.join("/")}${url.search}`, url), {
        method: incoming.method,
        headers: Object.entries(incoming.headers).flatMap(([name, value]) =>
          value === undefined ? [] : [[name, Array.isArray(value) ? value.join(", ") : value] as [string, string]],
        ),
        body,
        signal: abort.signal,
      });
      const response = await fake.handle(request);
      outgoing.writeHead(response.status, Object.fromEntries(response.headers));
      outgoing.end(Buffer.from(await response.arrayBuffer()));
    } catch (error) {
      if (!outgoing.headersSent) outgoing.writeHead(500, { "content-type": "text/plain" });
      outgoing.end(String(error));
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
