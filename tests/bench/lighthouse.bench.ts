/**
 * Lighthouse 13 mobile (its default: simulated slow 4G, 4x CPU slowdown, storage cleared, as a new user) on
 * `/` and `/products` of the built app, against the previous approach measured in the same run: the same
 * build served with `COMPRESSION=off`. Prints each run, then medians and ratios (new / previous).
 * Not a test: Lighthouse on shared cores is noisy. Run: npx tsx tests/bench/lighthouse.bench.ts
 * Settings: LH_RUNS (rounds, default 2), LH_ROUTES (comma-separated, default "/,/products"), LH_CPU (CPU
 * slowdown multiplier, default Lighthouse's 4, which assumes a desktop-class host: "host" in each line is
 * Lighthouse's benchmarkIndex of this machine during the run, 1000 or more for such a host).
 * LH_CPU=auto calibrates the multiplier before every run, as Lighthouse's docs ask of a slower host: the
 * machine's benchmarkIndex is measured just before, and the slowdown chosen so the page runs on the same phone
 * each time (index 250: Lighthouse's 4x on a 1000 host, DevTools' calibration's low-tier phone is 264) however
 * busy the shared cores are.
 */
import * as chromeLauncher from 'chrome-launcher';
import lighthouse from 'lighthouse';
import { pageFunctions } from 'lighthouse/core/lib/page-functions.js';
import { chromium } from 'playwright-core';
import { CHROMIUM_ARGS, startApp, type RunningApp } from '../e2e/harness';
import { SMOKE, sized } from './smoke';

const RUNS = Math.max(1, Number(process.env.LH_RUNS) || sized(2, 1));
const ROUTES = (process.env.LH_ROUTES || sized('/,/products', '/')).split(',');
const AUTO_CPU = process.env.LH_CPU === 'auto';
const CPU = AUTO_CPU ? undefined : Number(process.env.LH_CPU) || undefined;
/**
 * What Lighthouse runs: the three scored categories; the smoke run only the audits figuresOf reads (a third of the
 * time: no accessibility or best-practice gathering), which still load each page and simulate it.
 */
/**
 * The servers measured: the build as served and, as the anchor, the same build with COMPRESSION=off. The smoke run
 * leaves the anchor out (one Lighthouse run, not two: it proves the bench runs, and compares nothing).
 */
const SERVERS: ReadonlyArray<'now' | 'previous'> = sized(['now', 'previous'], ['now']);
const SCOPE = SMOKE
  ? { onlyAudits: ['first-contentful-paint', 'largest-contentful-paint', 'cumulative-layout-shift', 'total-blocking-time', 'network-requests'] }
  : { onlyCategories: ['performance', 'best-practices', 'accessibility'] };
/** The phone LH_CPU=auto emulates, as Lighthouse's benchmarkIndex. */
const TARGET_INDEX = 250;

/** This machine's benchmarkIndex now, by Lighthouse's own benchmark, in a tab of the Chromium that runs Lighthouse. */
async function hostIndex(port: number): Promise<number> {
  const browser = await chromium.connectOverCDP(`http://127.0.0.1:${port}`);
  try {
    const page = await browser.contexts()[0]!.newPage();
    const index = (await page.evaluate(`(${String(pageFunctions.computeBenchmarkIndex)})()`)) as number;
    await page.close();
    return index;
  } finally {
    await browser.close();
  }
}

interface Figures {
  performance: number;
  bestPractices: number;
  accessibility: number;
  fcpMs: number;
  lcpMs: number;
  cls: number;
  tbtMs: number;
  /** Everything the page received over the network (Lighthouse's transfer sizes: headers + encoded bodies). */
  totalKb: number;
  scriptKb: number;
  requests: number;
  /** Lighthouse's measure of this machine's speed at the time (a desktop-class host scores about 1000 or more). */
  benchmarkIndex: number;
  /** The CPU slowdown this run used. */
  cpu: number;
  /** Failed audits that cost points in the scored categories, for the reader to see why. */
  failing: string[];
}

interface NetworkRow { resourceType?: string; transferSize?: number }
type Lhr = NonNullable<Awaited<ReturnType<typeof lighthouse>>>['lhr'];

function figuresOf(lhr: Lhr, cpu: number): Figures {
  const audit = (id: string) => lhr.audits[id];
  const rows = ((audit('network-requests')?.details as { items?: NetworkRow[] } | undefined)?.items ?? []);
  const kb = (filter: (r: NetworkRow) => boolean) => rows.filter(filter).reduce((s, r) => s + (r.transferSize ?? 0), 0) / 1024;
  const failing: string[] = [];
  for (const id of ['performance', 'best-practices', 'accessibility'] as const) {
    for (const ref of lhr.categories[id]?.auditRefs ?? []) {
      const a = audit(ref.id);
      if (ref.weight > 0 && a && a.score !== null && a.score < 0.9) failing.push(`${ref.id}=${a.displayValue ?? a.score}`);
    }
  }
  return {
    performance: Math.round((lhr.categories.performance?.score ?? 0) * 100),
    bestPractices: Math.round((lhr.categories['best-practices']?.score ?? 0) * 100),
    accessibility: Math.round((lhr.categories.accessibility?.score ?? 0) * 100),
    fcpMs: audit('first-contentful-paint')?.numericValue ?? NaN,
    lcpMs: audit('largest-contentful-paint')?.numericValue ?? NaN,
    cls: audit('cumulative-layout-shift')?.numericValue ?? NaN,
    tbtMs: audit('total-blocking-time')?.numericValue ?? NaN,
    totalKb: kb(() => true),
    scriptKb: kb((r) => r.resourceType === 'Script'),
    requests: rows.length,
    benchmarkIndex: lhr.environment.benchmarkIndex,
    cpu,
    failing,
  };
}

async function measure(port: number, url: string, attempt = 1): Promise<Figures> {
  const cpu = AUTO_CPU ? Math.min(20, Math.max(1, (await hostIndex(port)) / TARGET_INDEX)) : (CPU ?? 4);
  const result = await lighthouse(url, {
    port,
    output: 'json',
    logLevel: 'error',
    ...SCOPE,
    // Merged into the mobile defaults (slow 4G stays as it is).
    ...(cpu !== 4 ? { throttling: { cpuSlowdownMultiplier: cpu } } : {}),
  });
  const paint = result?.lhr.audits['first-contentful-paint'];
  const error = !result
    ? 'no result'
    : (result.lhr.runtimeError?.message ?? (Number.isFinite(paint?.numericValue) ? undefined : `no first paint (${paint?.errorMessage ?? 'audit missing'})`));
  // Lighthouse itself sometimes loses a trace ("Please run Lighthouse again"), or its metrics on a busy host (the run
  // ends without an error, every timing NaN): once more, then give up.
  if (error) {
    if (attempt < 3) return measure(port, url, attempt + 1);
    throw new Error(`${url}: ${error}`);
  }
  if (process.env.LH_DEBUG) dumpLongTasks(result!.lhr);
  return figuresOf(result!.lhr, cpu);
}

/** LH_DEBUG=1: what the main thread spent its time on, to see where blocking time comes from. */
function dumpLongTasks(lhr: Lhr): void {
  const items = (id: string) => ((lhr.audits[id]?.details as { items?: Array<Record<string, unknown>> } | undefined)?.items ?? []);
  for (const t of items('long-tasks')) console.log(`      long task ${Math.round(Number(t.duration))} ms at ${Math.round(Number(t.startTime))} ms: ${String(t.url)}`);
  for (const b of items('bootup-time')) console.log(`      bootup ${String(b.url)}: total ${Math.round(Number(b.total))} ms, script ${Math.round(Number(b.scripting))} ms`);
  for (const m of items('mainthread-work-breakdown')) console.log(`      main thread ${String(m.groupLabel)}: ${Math.round(Number(m.duration))} ms`);
  const m = (lhr.audits.metrics?.details as { items?: Array<Record<string, number>> } | undefined)?.items?.[0] ?? {};
  console.log(`      observed: FCP ${Math.round(m.observedFirstContentfulPaint ?? NaN)} ms, LCP ${Math.round(m.observedLargestContentfulPaint ?? NaN)} ms, DCL ${Math.round(m.observedDomContentLoaded ?? NaN)} ms, load ${Math.round(m.observedLoad ?? NaN)} ms`);
  for (const r of items('network-requests')) console.log(`      request ${Math.round(Number(r.networkRequestTime))}-${Math.round(Number(r.networkEndTime))} ms ${String(r.resourceType)} ${String(r.url).replace(/^https?:\/\/[^/]+/, '')} ${r.transferSize}`);
  const lcp = JSON.stringify(lhr.audits['lcp-breakdown-insight']?.details ?? lhr.audits['largest-contentful-paint-element']?.details ?? null);
  console.log(`      benchmarkIndex ${lhr.environment.benchmarkIndex}, lcp: ${lcp.slice(0, 1500)}`);
}

const median = (xs: number[]) => {
  const s = [...xs].sort((a, b) => a - b);
  const mid = Math.floor(s.length / 2);
  return s.length % 2 ? s[mid]! : (s[mid - 1]! + s[mid]!) / 2;
};

function summary(runs: Figures[]): Omit<Figures, 'failing'> {
  const pick = (k: keyof Omit<Figures, 'failing'>) => median(runs.map((r) => r[k]));
  return {
    performance: pick('performance'), bestPractices: pick('bestPractices'), accessibility: pick('accessibility'),
    fcpMs: pick('fcpMs'), lcpMs: pick('lcpMs'), cls: pick('cls'), tbtMs: pick('tbtMs'),
    totalKb: pick('totalKb'), scriptKb: pick('scriptKb'), requests: pick('requests'), benchmarkIndex: pick('benchmarkIndex'),
    cpu: pick('cpu'),
  };
}

const line = (label: string, f: Omit<Figures, 'failing'>) =>
  `${label.padEnd(10)} perf ${String(f.performance).padStart(3)}  bp ${String(f.bestPractices).padStart(3)}  a11y ${String(f.accessibility).padStart(3)}` +
  `  FCP ${(f.fcpMs / 1000).toFixed(2)} s  LCP ${(f.lcpMs / 1000).toFixed(2)} s  CLS ${f.cls.toFixed(3)}  TBT ${Math.round(f.tbtMs)} ms` +
  `  transfer ${f.totalKb.toFixed(1)} KB (JS ${f.scriptKb.toFixed(1)} KB, ${f.requests} requests)  host ${Math.round(f.benchmarkIndex)}  cpu ${f.cpu.toFixed(1)}x`;

const apps: Record<'now' | 'previous', RunningApp | null> = { now: null, previous: null };
let chrome: chromeLauncher.LaunchedChrome | null = null;
try {
  // Both start at once; one that started is stopped below even if the other failed.
  const [now, previous] = await Promise.allSettled([startApp(), SERVERS.includes('previous') ? startApp({ COMPRESSION: 'off' }) : null]);
  apps.now = now.status === 'fulfilled' ? now.value : null;
  apps.previous = previous.status === 'fulfilled' ? previous.value : null;
  for (const s of [now, previous]) if (s.status === 'rejected') throw s.reason;
  chrome = await chromeLauncher.launch({
    chromePath: process.env.CHROME_PATH || '/usr/bin/chromium',
    chromeFlags: ['--headless=new', ...CHROMIUM_ARGS],
  });
  const results = new Map<string, Figures[]>();
  for (let round = 1; round <= RUNS; round++) {
    for (const route of ROUTES) {
      // Alternate the two servers so drift on the shared cores hits both alike.
      for (const which of round % 2 ? [...SERVERS].reverse() : SERVERS) {
        const f = await measure(chrome.port, `${apps[which]!.url}${route}`);
        const key = `${route} ${which}`;
        results.set(key, [...(results.get(key) ?? []), f]);
        console.log(`  run ${round} ${line(`${route} ${which}`, f)}${f.failing.length ? `\n      below 0.9: ${f.failing.join(', ')}` : ''}`);
      }
    }
  }
  console.log(`\nmedians of ${RUNS} run(s), CPU slowdown ${AUTO_CPU ? `calibrated to a phone of index ${TARGET_INDEX}` : `${CPU ?? 4}x`}; "previous" = the same build served with COMPRESSION=off`);
  for (const route of ROUTES) {
    const now = summary(results.get(`${route} now`)!);
    const anchor = results.get(`${route} previous`);
    const prev = anchor && summary(anchor);
    console.log(line(`${route}`, now));
    if (prev) console.log(line(`${route} prev`, prev));
    const r = (a: number, b: number | undefined) => (!b ? 'n/a' : (a / b).toFixed(2));
    console.log(
      `lighthouse${route === '/' ? '.landing' : route.replace(/\//g, '.')} perf=${now.performance} lcp_s=${(now.lcpMs / 1000).toFixed(2)} cls=${now.cls.toFixed(3)}` +
        ` transfer_kb=${now.totalKb.toFixed(1)} ratio_transfer=${r(now.totalKb, prev?.totalKb)} ratio_js=${r(now.scriptKb, prev?.scriptKb)}` +
        ` ratio_lcp=${r(now.lcpMs, prev?.lcpMs)} ratio_perf=${r(now.performance, prev?.performance)} (new / previous)`,
    );
  }
} finally {
  await chrome?.kill();
  await apps.now?.cleanup();
  await apps.previous?.cleanup();
}
