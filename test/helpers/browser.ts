/// <reference lib="dom" />
import type { Browser, Page } from 'puppeteer-core';
import { isCI } from '../../src/output/terminal';

/**
 * A real headless Chromium for the tests of pages people read: the browser of @sparticuz/chromium (its
 * npm package holds it, so `npm ci` is all CI needs), driven by puppeteer-core. Where it cannot start,
 * undefined with a warning (the tests skip), but under CI (`CI` set, or DOCSCTL_REQUIRE_BROWSER=1, which
 * .ci/run sets) that is a failure.
 */
export async function launchBrowser(): Promise<Browser | undefined> {
  try {
    const chromium = (await import('@sparticuz/chromium')).default;
    const puppeteer = (await import('puppeteer-core')).default;
    // Its flags for AWS Lambda, less the two that make one process of the browser (pages then share
    // a crash); and none of Chromium's own traffic, which a closed network refuses.
    const args = [
      ...chromium.args.filter((arg) => arg !== '--single-process' && arg !== '--no-zygote'),
      '--disable-background-networking', '--disable-component-update', '--no-first-run', '--disable-sync', '--disable-quic',
    ];
    return await puppeteer.launch({ executablePath: await chromium.executablePath(), args, headless: true });
  } catch (error) {
    if (isCI(process.env) || isCI({ CI: process.env.DOCSCTL_REQUIRE_BROWSER })) throw error;
    console.warn(`browser tests skipped: Chromium could not start here (${(error as Error).message}); under CI this fails`);
    return undefined;
  }
}

/** The serious and critical accessibility violations axe-core finds on the page now. */
export async function accessibilityViolations(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  const { source } = (await import('axe-core')).default;
  await page.evaluate(source);
  const result = (await page.evaluate(async () => await (window as unknown as { axe: { run(): Promise<unknown> } }).axe.run())) as {
    violations: { id: string; impact: string; nodes: { html: string }[] }[];
  };
  return result.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.html) }));
}
