/**
 * Prometheus metrics at /metrics. Labels are routes, services and statuses only: never a user, a
 * key or a token.
 */
import { collectDefaultMetrics, Counter, Gauge, Histogram, Registry } from "prom-client";
import type { Service } from "./config";
import type { FairLimiter } from "./limiter";

export class GatewayMetrics {
  private readonly registry = new Registry();
  private readonly requests = new Counter({
    name: "ukgw_requests_total",
    help: "Requests answered by the gateway",
    labelNames: ["route", "status"],
    registers: [this.registry],
  });
  private readonly upstreamCalls = new Counter({
    name: "ukgw_upstream_requests_total",
    help: "Requests sent to the upstream services",
    labelNames: ["service", "status"],
    registers: [this.registry],
  });
  private readonly upstream429 = new Counter({
    name: "ukgw_upstream_429_total",
    help: "429 answers from the upstream services",
    labelNames: ["service"],
    registers: [this.registry],
  });
  private readonly latency = new Histogram({
    name: "ukgw_upstream_latency_seconds",
    help: "Upstream latency",
    labelNames: ["service"],
    buckets: [0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    registers: [this.registry],
  });
  private readonly inFlight = new Gauge({
    name: "ukgw_upstream_in_flight",
    help: "Requests sent to an upstream and not yet answered",
    labelNames: ["service"],
    registers: [this.registry],
  });
  private readonly cacheLookups = new Counter({
    name: "ukgw_cache_lookups_total",
    help: "Shared cache lookups by result",
    labelNames: ["result"],
    registers: [this.registry],
  });
  constructor() {
    // The process's own figures (CPU seconds, heap, event-loop lag): what an operator sizes replicas by.
    collectDefaultMetrics({ register: this.registry });
  }

  /** Upstream calls by service, for tests and the benchmark. */
  readonly sent: Record<string, number> = {};
  /** Upstream calls sent and not yet answered, by service. */
  readonly unanswered: Record<string, number> = {};

  /** A call to `service` went out (+1) or came back, answered or not (-1). */
  sending(service: Service, change: 1 | -1): void {
    this.unanswered[service] = (this.unanswered[service] ?? 0) + change;
    this.inFlight.inc({ service }, change);
  }

  get contentType(): string {
    return this.registry.contentType;
  }

  private limiters: Partial<Record<Service, FairLimiter>> = {};

  /** Requests waiting for `service`'s quota now, for tests and the benchmark. */
  queueDepth(service: Service): number {
    return this.limiters[service]?.depth ?? 0;
  }

  watchQueues(limiters: Record<Service, FairLimiter>): void {
    this.limiters = limiters;
    new Gauge({
      name: "ukgw_queue_depth",
      help: "Requests waiting for an upstream's quota",
      labelNames: ["service"],
      registers: [this.registry],
      collect() {
        for (const [service, limiter] of Object.entries(limiters)) this.set({ service }, limiter.depth);
      },
    });
  }

  watchCache(bytes: () => number): void {
    new Gauge({
      name: "ukgw_memory_cache_bytes",
      help: "Bytes held by the in-process cache tier",
      registers: [this.registry],
      collect() {
        this.set(bytes());
      },
    });
  }

  request(route: string, status: number): void {
    this.requests.inc({ route, status: String(status) });
  }

  upstream(service: Service, status: number, ms: number): void {
    this.sent[service] = (this.sent[service] ?? 0) + 1;
    this.upstreamCalls.inc({ service, status: String(status) });
    if (status === 429) this.upstream429.inc({ service });
    this.latency.observe({ service }, ms / 1000);
  }

  cache(hits: number, misses: number): void {
    if (hits) this.cacheLookups.inc({ result: "hit" }, hits);
    if (misses) this.cacheLookups.inc({ result: "miss" }, misses);
  }

  text(): Promise<string> {
    return this.registry.metrics();
  }
}
