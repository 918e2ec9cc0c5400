import { createHash } from 'node:crypto';
import { runInNewContext } from 'node:vm';
import { describe, expect, it } from 'vitest';
import { withScriptSources } from '../../platform/http/security-headers';
import { startScriptsAfterFirstPaint } from './scripts-after-paint';

/** The head Vite writes for login.html: the entry, its preloads, a style already inlined. */
const built = [
  '<!doctype html><html lang="zh-CN"><head><meta charset="UTF-8" />',
  '<title>企业云平台</title>',
  '    <script type="module" crossorigin src="/assets/login-x.js"></script>',
  '    <link rel="modulepreload" crossorigin href="/assets/shared-a.js">',
  '    <link rel="modulepreload" crossorigin href="/assets/shared-b.js">',
  '<style>.login-page{display:flex}</style>',
  '</head><body><div id="root"></div></body></html>',
].join('\n');

const inlineScript = (html: string) => /<script>([\s\S]*?)<\/script>/.exec(html)?.[1];

/** Runs the loader in a small fake document and answers what it appended, and when. */
const runLoader = (loader: string, visibilityState: 'visible' | 'hidden') => {
  const appended: Record<string, string>[] = [];
  const frames: (() => void)[] = [];
  const tasks: (() => void)[] = [];
  runInNewContext(loader, {
    document: {
      visibilityState,
      createElement: (tag: string) => ({ tag }),
      head: { appendChild: (element: Record<string, string>) => appended.push(element) },
    },
    requestAnimationFrame: (callback: () => void) => frames.push(callback),
    setTimeout: (callback: () => void) => tasks.push(callback),
  });
  return { appended, frames, tasks };
};

describe('startScriptsAfterFirstPaint', () => {
  it('takes the entry and its preloads out of the head and starts them from one inline loader', () => {
    const page = startScriptsAfterFirstPaint(built)!;
    expect(page.html).not.toContain('<script type="module"');
    expect(page.html).not.toContain('modulepreload" crossorigin href');
    expect(page.html.match(/<script\b/g)).toHaveLength(1);
    expect(page.html).toMatch(/<div id="root"><\/div><script>[^\n]+?<\/script><\/body>/);
    expect(page.html).toContain('<style>.login-page{display:flex}</style>');
  });

  it("gives the loader's sha256 as the source a policy must allow", () => {
    const page = startScriptsAfterFirstPaint(built)!;
    const digest = createHash('sha256').update(inlineScript(page.html)!, 'utf8').digest('base64');
    expect(page.scriptSource).toBe(`'sha256-${digest}'`);
  });

  it('adds the preloads and the entry only after a frame and a task, once each', () => {
    const { appended, frames, tasks } = runLoader(
      inlineScript(startScriptsAfterFirstPaint(built)!.html)!,
      'visible',
    );
    expect(appended).toEqual([]);
    frames.shift()!();
    expect(appended).toEqual([]);
    tasks.shift()!();
    expect(appended).toEqual([
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/shared-a.js' },
      { tag: 'link', rel: 'modulepreload', crossOrigin: '', href: '/assets/shared-b.js' },
      { tag: 'script', type: 'module', crossOrigin: '', src: '/assets/login-x.js' },
    ]);
    expect(frames).toEqual([]);
    expect(tasks).toEqual([]);
  });

  it('starts them at once in a hidden tab, which runs no animation frames', () => {
    const { appended, frames } = runLoader(inlineScript(startScriptsAfterFirstPaint(built)!.html)!, 'hidden');
    expect(frames).toEqual([]);
    expect(appended.map((element) => element.tag)).toEqual(['link', 'link', 'script']);
  });

  it('leaves a page without exactly one entry script, or without a body, as it is', () => {
    expect(startScriptsAfterFirstPaint(built.replace(/<script[^\n]*<\/script>/, ''))).toBeNull();
    const twoEntries = built.replace(
      '</title>',
      '</title><script type="module" src="/assets/other.js"></script>',
    );
    expect(startScriptsAfterFirstPaint(twoEntries)).toBeNull();
    expect(startScriptsAfterFirstPaint(built.replace('</body>', ''))).toBeNull();
  });
});

describe('withScriptSources', () => {
  const policy = "default-src 'self'; script-src 'self'; style-src 'self' 'unsafe-inline'";

  it('adds the sources to script-src and changes nothing else', () => {
    expect(withScriptSources(policy, ["'sha256-abc='"])).toBe(
      "default-src 'self'; script-src 'self' 'sha256-abc='; style-src 'self' 'unsafe-inline'",
    );
  });

  it('returns the policy as it is without sources', () => {
    expect(withScriptSources(policy, [])).toBe(policy);
  });
});
