import assert from 'node:assert/strict';
import { test } from 'node:test';
import {
  CONTENT_SECURITY_POLICY,
  guardContents,
  isAppUrl,
  secureWindowOptions,
  type GuardedContents,
} from '../src/security.js';

test('every window is opened isolated, sandboxed and without Node integration', () => {
  const options = secureWindowOptions('/app/preload.cjs', { width: 1000, height: 700 });
  const prefs = options.webPreferences ?? {};
  assert.equal(prefs.contextIsolation, true);
  assert.equal(prefs.sandbox, true);
  assert.equal(prefs.nodeIntegration, false);
  assert.equal(prefs.nodeIntegrationInWorker, false);
  assert.equal(prefs.nodeIntegrationInSubFrames, false);
  assert.equal(prefs.webSecurity, true);
  assert.equal(prefs.webviewTag, false);
  assert.equal(prefs.allowRunningInsecureContent, false);
  assert.equal(prefs.preload, '/app/preload.cjs');
});

test('the content security policy forbids inline script, eval and remote origins', () => {
  const directives = new Map(
    CONTENT_SECURITY_POLICY.split(';').map((d) => {
      const [name, ...values] = d.trim().split(/\s+/);
      return [name, values] as [string, string[]];
    }),
  );
  assert.deepEqual(directives.get('default-src'), ["'self'"]);
  assert.deepEqual(directives.get('script-src'), ["'self'"]);
  // Try it opens WebSocket and EventSource connections to the mock on this machine, on any port; nothing remote.
  assert.deepEqual(directives.get('connect-src'), [
    "'self'",
    'ws://127.0.0.1:*',
    'ws://localhost:*',
    'http://127.0.0.1:*',
    'http://localhost:*',
  ]);
  assert.deepEqual(directives.get('object-src'), ["'none'"]);
  const others = [...directives].filter(([name]) => name !== 'connect-src').flatMap(([, values]) => values);
  assert.doesNotMatch(others.join(' '), /unsafe-eval|https?:|wss?:|\*/);
  assert.doesNotMatch(directives.get('script-src')?.join(' ') ?? '', /unsafe-inline/);
});

function fakeContents() {
  const listeners = new Map<string, (event: { preventDefault(): void; url?: string }, url?: string) => void>();
  let openHandler: ((details: { url: string }) => { action: 'deny' }) | undefined;
  const contents: GuardedContents = {
    on: (event: string, listener: (event: { preventDefault(): void; url?: string }, url?: string) => void) =>
      listeners.set(event, listener),
    setWindowOpenHandler: (handler) => {
      openHandler = handler;
    },
  } as GuardedContents;
  const navigate = (url: string, event = 'will-navigate'): boolean => {
    let prevented = false;
    listeners.get(event)?.({ preventDefault: () => (prevented = true), url });
    return prevented;
  };
  return { contents, navigate, open: (url: string) => openHandler?.({ url }), listeners };
}

test('navigation away from the app is blocked and http(s) links go to the system browser', () => {
  const { contents, navigate } = fakeContents();
  const external: string[] = [];
  guardContents(contents, (url) => external.push(url));
  assert.equal(navigate('mockyard://studio/index.html'), false);
  assert.equal(navigate('https://example.com/docs'), true);
  assert.equal(navigate('file:///etc/passwd'), true);
  assert.equal(navigate('javascript:alert(1)'), true);
  assert.deepEqual(external, ['https://example.com/docs']);
  assert.equal(navigate('https://evil.example/', 'will-frame-navigate'), true);
  assert.equal(navigate('mockyard://studio/index.html', 'will-frame-navigate'), false);
});

test('window.open never opens a window; http(s) targets open externally, others nowhere', () => {
  const { contents, open, listeners } = fakeContents();
  const external: string[] = [];
  guardContents(contents, (url) => external.push(url));
  assert.deepEqual(open('https://example.com/'), { action: 'deny' });
  assert.deepEqual(open('file:///etc/passwd'), { action: 'deny' });
  assert.deepEqual(external, ['https://example.com/']);
  let prevented = false;
  listeners.get('will-attach-webview')?.({ preventDefault: () => (prevented = true) });
  assert.equal(prevented, true);
});

test('only the app origin counts as the app', () => {
  assert.equal(isAppUrl('mockyard://studio/index.html'), true);
  assert.equal(isAppUrl('mockyard://studio.evil.example/'), false);
  assert.equal(isAppUrl('http://127.0.0.1:4400/'), false);
});
