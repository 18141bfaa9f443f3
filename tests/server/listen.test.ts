/**
 * Where the shop listens (HOST, docs/deploy.md): behind a proxy on the same machine, on loopback only, so nobody
 * reaches its port past the proxy and names their own X-Forwarded-For; and a warning at start when TRUST_PROXY is set
 * while the port is open on every address.
 */
import { connect } from 'node:net';
import os from 'node:os';
import { describe, expect, it } from 'vitest';
import { startTestServer } from '../helpers/server';

/** This machine's own addresses other than loopback (a container or a VPS has at least one). */
const outerAddresses = (): string[] =>
  Object.values(os.networkInterfaces())
    .flat()
    .filter((a) => a && a.family === 'IPv4' && !a.internal)
    .map((a) => a!.address);

const reaches = (host: string, port: number): Promise<boolean> =>
  new Promise((resolve) => {
    const socket = connect(port, host, () => {
      socket.destroy();
      resolve(true);
    });
    socket.on('error', () => resolve(false));
  });

describe('HOST', () => {
  it('when HOST=127.0.0.1, then the shop answers on loopback and nobody reaches its port at this machine\'s other addresses', async () => {
    const outer = outerAddresses();
    expect(outer.length).toBeGreaterThan(0);
    const open = await startTestServer();
    const loopback = await startTestServer({ HOST: '127.0.0.1' });
    try {
      // The default is unchanged: every address.
      expect(await reaches(outer[0]!, open.port)).toBe(true);
      expect(loopback.url).toBe(`http://127.0.0.1:${loopback.port}`);
      expect((await fetch(`${loopback.url}/api/health`)).status).toBe(200);
      for (const address of outer) expect(await reaches(address, loopback.port), address).toBe(false);
    } finally {
      await loopback.close();
      await open.close();
    }
  });

  it('when TRUST_PROXY is set while the shop listens on every address, then it warns at start and says what to set; bound to loopback, or trusting nobody, it does not', async () => {
    const cases = [
      { env: { TRUST_PROXY: '1' }, warns: true },
      { env: { TRUST_PROXY: '1', HOST: '127.0.0.1' }, warns: false },
      { env: {}, warns: false },
    ];
    for (const { env, warns } of cases) {
      const server = await startTestServer(env);
      try {
        const warning = server.printed.filter((line) => line.includes('TRUST_PROXY'));
        expect(warning.length, JSON.stringify(env)).toBe(warns ? 1 : 0);
        if (warns) expect(warning[0]).toContain('HOST=127.0.0.1');
      } finally {
        await server.close();
      }
    }
  });
});
