// Load generator of the search benchmark, run in a worker thread so it does not share the server's
// event loop. Plain JavaScript: worker threads do not go through tsx.
import { parentPort, workerData } from 'node:worker_threads';
import autocannon from 'autocannon';

/**
 * @type {{ url: string; cookie: string; xsrf: string; queries: string[]; connections: number;
 *          warmupSeconds: number; seconds: number; baselineSeconds: number }}
 */
const { url, cookie, xsrf, queries, connections, warmupSeconds, seconds, baselineSeconds } = workerData;

/** POST search cycling through the queries, or (baseline) GET ping: the same session check, no search. */
function run(duration, { onResponseTime, baseline = false } = {}) {
  let next = 0;
  const request = baseline
    ? { method: 'GET', path: '/api/v1/ping', headers: { cookie } }
    : {
        method: 'POST',
        path: '/api/v1/search',
        headers: { 'content-type': 'application/json', cookie, 'x-xsrf-token': xsrf },
        // A different query for every request, cycling through the list.
        setupRequest: (req) => ({ ...req, body: JSON.stringify({ text: queries[next++ % queries.length] }) }),
      };
  const instance = autocannon({ url, connections, duration, requests: [request] });
  // autocannon's histogram keeps whole milliseconds; the events carry the exact time.
  if (onResponseTime) instance.on('response', (_client, _status, _bytes, responseTime) => onResponseTime(responseTime));
  return instance;
}

/** Outside the main thread autocannon leaves its histograms encoded for the caller to aggregate. */
const aggregate = (raw, duration) => autocannon.aggregateResult([raw], { url, connections, duration });

await run(warmupSeconds);
parentPort.postMessage({ type: 'measuring' });
const times = [];
const result = aggregate(await run(seconds, { onResponseTime: (ms) => times.push(ms) }), seconds);
parentPort.postMessage({ type: 'measured' });

let baseline = null;
if (baselineSeconds > 0) {
  const ping = aggregate(await run(baselineSeconds, { baseline: true }), baselineSeconds);
  baseline = { total: ping.requests.total, duration: ping.duration, p50: ping.latency.p50, p99: ping.latency.p99 };
}

parentPort.postMessage({
  type: 'done',
  result: {
    total: result.requests.total,
    duration: result.duration,
    errors: result.errors,
    timeouts: result.timeouts,
    non2xx: result.non2xx,
    autocannonLatency: {
      p50: result.latency.p50,
      p90: result.latency.p90,
      p97_5: result.latency.p97_5,
      p99: result.latency.p99,
      max: result.latency.max,
    },
    // Exact client times (ms) of every response; the main thread takes the percentiles.
    responseTimes: times,
    baseline,
  },
});
