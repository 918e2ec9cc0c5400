import { existsSync } from 'node:fs';
import { type Browser, chromium, type Request } from 'playwright-core';
import { formatMs, median } from '../lib/format';
import { inRepo } from '../lib/paths';
import { BENCH_ADMIN_PASSWORD, startPlatformServer } from '../lib/platform-server';
import { clientAddress, fetchPublicKey, loginBody, signIn } from '../lib/sign-in-client';
import { type Scenario, ScenarioFailure } from '../scenario';

const BUDGET_MS = 1_000;
/** Page loads measured after one unmeasured load (which warms the server's caches, not the browser's). */
const ROUNDS = 10;
const CHROMIUM = '/usr/bin/chromium';
/** A demo user with the workbench, devices and knowledge applications (server/seed/demo.json). */
const USERNAME = 'water.op';

interface Sample {
  /** Navigation start to the first menu item in the DOM (in-page clock). */
  menuVisibleMs: number;
  /** The document's request to the first frame's document request (the browser's clock). */
  frameRequestedMs: number;
  /** Navigation start to the end of index.html's own response, and to DOMContentLoaded. */
  documentMs: number;
  domContentLoadedMs: number;
  /** Marks of web/src/features/shell/start-shell.ts: configuration, user and menus answered; interface loaded. */
  dataAnsweredMs: number;
  interfaceLoadedMs: number;
}

const measureOnce = async (browser: Browser, serverUrl: string, token: string): Promise<Sample> => {
  // A new context per load: empty HTTP cache, as on a first visit of the day.
  const context = await browser.newContext();
  try {
    // Runs in the page before its own scripts: the signed-in session, and a recorder of when the
    // menu tree's first item appears (on the page's own clock). Text, because the bench is compiled
    // without the DOM's types.
    await context.addInitScript({
      content: `
        localStorage.setItem('UniWimAuthorization', ${JSON.stringify(token)});
        localStorage.setItem('uniwater_utoken', ${JSON.stringify(token)});
        window.__shellMarks = {};
        new MutationObserver(() => {
          if (window.__shellMarks.menu === undefined &&
              document.querySelector('[data-testid="shell-menu"] [data-menu-id]'))
            window.__shellMarks.menu = performance.now();
        }).observe(document, { childList: true, subtree: true });`,
    });
    const page = await context.newPage();
    const frameRequest = new Promise<Request>((resolve) => {
      page.on('request', (request) => {
        if (request.isNavigationRequest() && request.frame() !== page.mainFrame()) resolve(request);
      });
    });
    const response = await page.goto(`${serverUrl}/index.html`, { waitUntil: 'commit' });
    if (response?.status() !== 200)
      throw new ScenarioFailure(`GET /index.html answered ${response?.status() ?? 'nothing'}`);
    const frame = await Promise.race([
      frameRequest,
      new Promise<never>((_, reject) =>
        setTimeout(() => reject(new ScenarioFailure('no frame was requested within 10 s')), 10_000),
      ),
    ]);
    await page.waitForFunction('window.__shellMarks.menu !== undefined');
    const marks = (await page.evaluate(`(() => {
      const timing = performance.getEntriesByType('navigation')[0];
      const mark = (name) => performance.getEntriesByName(name, 'mark')[0]?.startTime ?? Number.NaN;
      return {
        menu: window.__shellMarks.menu,
        responseEnd: timing.responseEnd,
        domContentLoaded: timing.domContentLoadedEventEnd,
        data: mark('shell:data-answered'),
        ui: mark('shell:interface-loaded'),
      };
    })()`)) as { menu: number; responseEnd: number; domContentLoaded: number; data: number; ui: number };
    return {
      menuVisibleMs: marks.menu,
      frameRequestedMs: frame.timing().startTime - response.request().timing().startTime,
      documentMs: marks.responseEnd,
      domContentLoadedMs: marks.domContentLoaded,
      dataAnsweredMs: marks.data,
      interfaceLoadedMs: marks.ui,
    };
  } finally {
    await context.close();
  }
};

export const shellFirstFrameScenario: Scenario = {
  name: 'shell-first-frame',
  description:
    `index.html of a signed-in user in headless Chromium on loopback, empty browser cache: menu tree in the ` +
    `DOM and first frame requested, beside the page's own document and DOMContentLoaded; budget < ${BUDGET_MS} ms`,
  run: async () => {
    if (!existsSync(inRepo('web', 'dist', 'index.html')))
      throw new ScenarioFailure('web/dist/index.html not built (run npm run build -w web, or npm run bench)');
    if (!existsSync(CHROMIUM)) throw new ScenarioFailure(`${CHROMIUM} is missing (apt-get install chromium)`);
    const server = await startPlatformServer({ TRUST_PROXY: 'true' });
    let browser: Browser | undefined;
    try {
      const publicKey = await fetchPublicKey(server.url);
      const { token } = await signIn(
        server.url,
        loginBody(publicKey, USERNAME, BENCH_ADMIN_PASSWORD),
        clientAddress(1),
      );
      browser = await chromium.launch({
        executablePath: CHROMIUM,
        headless: true,
        args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--no-first-run'],
      });
      await measureOnce(browser, server.url, token);
      const samples: Sample[] = [];
      for (let round = 0; round < ROUNDS; round += 1)
        samples.push(await measureOnce(browser, server.url, token));

      const worst = (pick: (sample: Sample) => number) => Math.max(...samples.map(pick));
      const row = (label: string, pick: (sample: Sample) => number) => [
        label,
        formatMs(median(samples.map(pick))),
        formatMs(worst(pick)),
      ];
      const menuWorst = worst((sample) => sample.menuVisibleMs);
      const frameWorst = worst((sample) => sample.frameRequestedMs);
      return {
        checks: [
          {
            measured: `menu tree in the DOM after ${formatMs(menuWorst)} ms (worst of ${ROUNDS}; median ${formatMs(median(samples.map((s) => s.menuVisibleMs)))} ms)`,
            budget: `< ${BUDGET_MS} ms after navigation`,
            passed: menuWorst < BUDGET_MS,
          },
          {
            measured: `first frame requested after ${formatMs(frameWorst)} ms (worst of ${ROUNDS}; median ${formatMs(median(samples.map((s) => s.frameRequestedMs)))} ms)`,
            budget: `< ${BUDGET_MS} ms after navigation`,
            passed: frameWorst < BUDGET_MS,
          },
        ],
        tables: [
          {
            title: `${ROUNDS} loads of index.html as ${USERNAME}, each in a new browser context (ms after navigation start)`,
            columns: ['milestone', 'median', 'worst'],
            rows: [
              row("index.html's response complete (baseline)", (sample) => sample.documentMs),
              row('DOMContentLoaded (baseline)', (sample) => sample.domContentLoadedMs),
              row('configuration, user and menus answered', (sample) => sample.dataAnsweredMs),
              row('interface (React, antd) loaded', (sample) => sample.interfaceLoadedMs),
              row('menu tree in the DOM', (sample) => sample.menuVisibleMs),
              row('first frame requested', (sample) => sample.frameRequestedMs),
            ],
          },
        ],
      };
    } finally {
      await browser?.close();
      await server.stop();
    }
  },
};
