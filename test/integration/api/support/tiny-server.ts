/** A minimal node:http server on an ephemeral port, answering from a handler; records what it received. */
import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import type { AddressInfo } from "node:net";

export interface SeenRequest {
  method: string;
  /** Path and query, e.g. `/product/api/v2/companies?insights=true`. */
  url: string;
  headers: IncomingMessage["headers"];
  body: string;
  at: number;
}

export interface Reply {
  status: number;
  headers?: Record<string, string>;
  json?: unknown;
  text?: string;
}

/** "hang" never answers (the client must time out or abort). */
export type Handler = (request: SeenRequest) => Reply | "hang" | Promise<Reply | "hang">;

export interface TinyServer {
  origin: string;
  seen: SeenRequest[];
  close(): Promise<void>;
}

async function readBody(req: IncomingMessage): Promise<string> {
  const chunks: Buffer[] = [];
  for await (const chunk of req) chunks.push(chunk as Buffer);
  return Buffer.concat(chunks).toString("utf8");
}

function send(res: ServerResponse, reply: Reply): void {
  const text = reply.text ?? (reply.json === undefined ? "" : JSON.stringify(reply.json));
  const type = reply.json !== undefined ? { "content-type": "application/json" } : {};
  res.writeHead(reply.status, { ...type, ...reply.headers });
  res.end(text);
}

export async function startTinyServer(handler: Handler): Promise<TinyServer> {
  const seen: SeenRequest[] = [];
  const server = createServer(async (req, res) => {
    const request: SeenRequest = {
      method: req.method ?? "GET",
      url: req.url ?? "/",
      headers: req.headers,
      body: await readBody(req),
      at: Date.now(),
    };
    seen.push(request);
    try {
      const reply = await handler(request);
      if (reply !== "hang") send(res, reply);
    } catch (error) {
      send(res, { status: 500, text: String(error) });
    }
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    seen,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
