import { createServer, type Server } from "node:http";
import type { AddressInfo } from "node:net";
import { registry } from "./metrics.ts";

export interface MetricsServer {
  port: number;
  close(): Promise<void>;
}

/**
 * The Prometheus scrape endpoint on a port of its own (METRICS_PORT), never the public one: GET /metrics in the
 * text format; anything else is 404. Nothing on it needs a session: only the cluster's network reaches it.
 */
export async function startMetricsServer(port: number, host: string): Promise<MetricsServer> {
  const server: Server = createServer((req, res) => {
    if (req.method !== "GET" || (req.url ?? "").split("?")[0] !== "/metrics") {
      res.writeHead(404, { "Content-Type": "text/plain" }).end("Not found\n");
      return;
    }
    registry.metrics().then(
      (text) => res.writeHead(200, { "Content-Type": registry.contentType }).end(text),
      (error) => res.writeHead(500, { "Content-Type": "text/plain" }).end(`metrics failed: ${String(error)}\n`),
    );
  });
  await new Promise<void>((resolve, reject) => {
    server.once("error", reject);
    server.listen(port, host, () => resolve());
  });
  return {
    port: (server.address() as AddressInfo).port,
    close: () =>
      new Promise<void>((resolve) => {
        server.close(() => resolve());
        server.closeAllConnections();
      }),
  };
}
