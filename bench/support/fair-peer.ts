/**
 * The fair peer both function benchmarks measure against: Microsoft's batching sample written the
 * simplest honest way. Each call queues; a 100 ms timer flushes; every 1,000 queued cells go as one
 * request, all at once, duplicates and all; the answer is read with JSON.parse alone (no
 * validation, no cache). It refers to nothing outside itself, so a page can be handed its source
 * (bench/functions.ts registers it as FIELD in the browser).
 */
export function fairTimerPeer(productUrl: string, token: string, onSend: () => void = () => undefined) {
  type Ask = { number: string; field: string; resolve: (v: unknown[][]) => void; reject: (e: unknown) => void };
  let queue: Ask[] = [];
  const send = (chunk: Ask[]) => {
    onSend();
    return fetch(`${productUrl}/v2/companies`, {
      method: "POST",
      headers: { Authorization: `Bearer ${token}`, "Content-Type": "application/json" },
      body: JSON.stringify({ CompanyNumbers: chunk.map((a) => a.number), returnCount: 1000, skip: 0 }),
    })
      .then((response) => response.text())
      .then(
        (text) => {
          const page = JSON.parse(text) as { companies: Record<string, unknown>[] };
          const byNumber = new Map(page.companies.map((c) => [c.CompanyNumber, c]));
          for (const ask of chunk) ask.resolve([[byNumber.get(ask.number)?.[ask.field] ?? ""]]);
        },
        (error: unknown) => chunk.forEach((ask) => ask.reject(error)),
      );
  };
  const flush = () => {
    const asks = queue;
    queue = [];
    for (let i = 0; i < asks.length; i += 1000) void send(asks.slice(i, i + 1000));
  };
  return (numberArg: unknown[][], fieldArg: unknown[][]) =>
    new Promise<unknown[][]>((resolve, reject) => {
      if (queue.length === 0) setTimeout(flush, 100);
      queue.push({ number: String(numberArg[0]![0]), field: String(fieldArg[0]![0]), resolve, reject });
    });
}
