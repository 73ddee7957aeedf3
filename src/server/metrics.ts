import { createServer, type Server } from 'node:http';
import type * as PromClient from 'prom-client';
import type { AccessEntry } from './access-log';
import type { DeliveryAttempt } from '../engine/webhook-delivery';

/** Latency buckets in seconds: a primary-key read is well under a millisecond, an import may take a minute. */
const BUCKETS = [0.001, 0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30, 60];

/**
 * What `serve` counts for Prometheus, in a registry of its own: requests by operation and status,
 * their latency, rate-limit refusals, requests the database was too busy for, background jobs, and
 * the process's own figures (CPU, memory, event-loop lag).
 */
export function createMetrics(prom: typeof PromClient) {
  const registry = new prom.Registry();
  prom.collectDefaultMetrics({ register: registry, prefix: 'docsctl_' });
  const registers = [registry];
  const requests = new prom.Counter({ name: 'docsctl_http_requests_total', help: 'HTTP requests answered, by operation id and status', labelNames: ['operation', 'status'], registers });
  const latency = new prom.Histogram({ name: 'docsctl_http_request_duration_seconds', help: 'Time to answer a request, by operation id', labelNames: ['operation'], buckets: BUCKETS, registers });
  const limited = new prom.Counter({ name: 'docsctl_rate_limited_total', help: 'Requests refused by the rate limit (429)', registers });
  const busy = new prom.Counter({ name: 'docsctl_database_busy_total', help: 'Requests that failed because the database stayed locked past its busy timeout (503)', registers });
  const webhookAttempts = new prom.Counter({
    name: 'docsctl_webhook_delivery_attempts_total', help: 'Webhook delivery attempts, by outcome (delivered, retry, failed) and event', labelNames: ['outcome', 'event'], registers,
  });
  const webhookLatency = new prom.Histogram({
    name: 'docsctl_webhook_delivery_duration_seconds', help: 'Time a webhook receiver took to answer an attempt, by outcome', labelNames: ['outcome'], buckets: BUCKETS, registers,
  });
  const jobs = new prom.Counter({ name: 'docsctl_background_jobs_total', help: 'Background jobs run (the hourly purge of deleted spaces), by job and result', labelNames: ['job', 'result'], registers });
  return {
    /** Counts one answered request (from its access-log entry). */
    observe(entry: AccessEntry): void {
      const operation = entry.operationId ?? 'none';
      requests.inc({ operation, status: String(entry.status) });
      latency.observe({ operation }, entry.durationMs / 1000);
      if (entry.status === 429) limited.inc();
      if (entry.databaseBusy) busy.inc();
    },
    /** Counts one webhook delivery attempt. */
    webhook(attempt: DeliveryAttempt): void {
      webhookAttempts.inc({ outcome: attempt.outcome, event: attempt.event });
      webhookLatency.observe({ outcome: attempt.outcome }, attempt.durationMs / 1000);
    },
    job(name: string, result: 'ok' | 'failed' | 'skipped'): void {
      jobs.inc({ job: name, result });
    },
    /** The exposition, in Prometheus' text format. */
    async render(): Promise<{ contentType: string; body: string }> {
      return { contentType: registry.contentType, body: await registry.metrics() };
    },
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** `GET /metrics` on its own listener (loopback by default): no token, nothing else served. */
export function createMetricsServer(metrics: Metrics): Server {
  return createServer((req, res) => {
    if (req.method !== 'GET' || (req.url ?? '').split('?')[0] !== '/metrics') {
      res.writeHead(404, { 'content-type': 'text/plain; charset=utf-8' }).end('only GET /metrics is served here\n');
      return;
    }
    metrics.render().then(
      ({ contentType, body }) => res.writeHead(200, { 'content-type': contentType }).end(body),
      () => res.writeHead(500, { 'content-type': 'text/plain; charset=utf-8' }).end('the metrics could not be rendered\n'),
    );
  });
}
