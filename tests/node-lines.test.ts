/**
 * The Node lines the shop supports (package.json's `engines`), the Node the commands fetch when the machine's own is
 * not one of them (scripts/node-pinned.json) and the lockfile agree: every package npm installs here accepts the
 * lowest version of each supported line and the pinned one, so `npm ci` warns of no engine on any of them. A
 * dependency update that needs a newer Node fails here, and says which line to raise.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '..');
const json = (file: string) => JSON.parse(readFileSync(path.join(ROOT, file), 'utf8'));
const semver = createRequire(import.meta.url)('semver') as { satisfies(version: string, range: string): boolean };

interface Locked {
  version?: string;
  engines?: { node?: string };
  os?: string[];
  cpu?: string[];
}
const pkg = json('package.json') as { engines: { node: string } };
const lock = json('package-lock.json') as { packages: Record<string, Locked> };
const pinned = (json('scripts/node-pinned.json') as { version: string }).version;
const node = (await import(pathToFileURL(path.join(ROOT, 'scripts', 'node.mjs')).href)) as {
  supportedLines(): number[][];
  isSupported(version: string): boolean;
};

/** What npm installs on this machine: packages for another OS or CPU (sharp's Windows build, …) are left out. */
const fits = (list: string[] | undefined, value: string) => !list || list.includes(value) || (!list.includes(`!${value}`) && list.every((v) => v.startsWith('!')));
const installed = Object.entries(lock.packages).filter(([where, p]) => where !== '' && fits(p.os, process.platform) && fits(p.cpu, process.arch));

describe('supported Node lines', () => {
  it('when package.json and the lockfile are compared, then both declare the same engines', () => {
    expect(lock.packages['']?.engines?.node).toBe(pkg.engines.node);
  });

  it('when the engines are read, then they are the LTS lines 22, 24 and 26, each from its lowest accepted version', () => {
    expect(node.supportedLines().map(([major]) => major)).toEqual([22, 24, 26]);
    for (const [version, supported] of [['20.20.2', false], ['22.19.0', false], ['22.20.0', true], ['24.11.9', false], ['24.21.0', true], ['25.9.0', false], ['26.0.0', true], ['27.0.0', false]] as const) {
      expect(node.isSupported(`v${version}`), version).toBe(supported);
    }
  });

  it('when the pinned Node is checked, then it is on a supported line', () => {
    expect(node.isSupported(pinned)).toBe(true);
  });

  const versions = [...node.supportedLines().map((line) => line.join('.')), pinned];
  it.each(versions)('when npm installs the lockfile on Node %s, then no package refuses that Node', (version) => {
    const refusing = installed
      .filter(([, p]) => p.engines?.node && !semver.satisfies(version, p.engines.node))
      .map(([where, p]) => `${where.replace(/^.*node_modules\//, '')}@${p.version} wants node ${p.engines!.node}`);
    expect(refusing).toEqual([]);
  });
});
