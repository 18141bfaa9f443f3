/**
 * The proxies owners deploy behind (docs/deploy.md), run from the files the guide tells them to copy: Debian's nginx
 * with Debian's own `/etc/nginx/nginx.conf` and `deploy/nginx.conf` as its one site, and Caddy with
 * `deploy/Caddyfile`, each in front of a running shop over TLS on loopback. What is changed on the way, and only that:
 * the addresses (listen ports, the shop's upstream port, the site's name `toko.example.com` → `localhost`), the
 * certificate (nginx: a self-signed one made here with openssl; Caddy: its own `tls internal`, never installed in any
 * trust store) and the places nginx and Caddy write (pid, logs, temp files, Caddy's data: a temp folder each).
 */
import { type ChildProcess, execFileSync, spawn } from 'node:child_process';
import { chmodSync, existsSync, mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { createServer as createTcpServer, type Socket, connect } from 'node:net';
import os from 'node:os';
import path from 'node:path';

const ROOT = path.resolve(import.meta.dirname, '..', '..');
export const DEPLOY = (file: string): string => path.join(ROOT, 'deploy', file);
const SITE_NAME = 'toko.example.com';
const NGINX = ['/usr/sbin/nginx', '/usr/bin/nginx'].find((p) => existsSync(p)) ?? 'nginx';
const CADDY = ['/usr/bin/caddy', '/usr/local/bin/caddy'].find((p) => existsSync(p)) ?? 'caddy';

export interface RunningProxy {
  name: 'nginx' | 'caddy';
  /** `https://localhost:<port>`. */
  url: string;
  port: number;
  /** The certificate a client must trust to reach `url`. */
  ca: Buffer;
  output: () => string;
  stop(): Promise<void>;
}

export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createTcpServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });
}

/** `text` with every `[pattern, replacement]` applied; a pattern that matches nothing is a guide or a Debian that changed. */
function rewrite(text: string, what: string, edits: Array<[RegExp, string]>): string {
  return edits.reduce((out, [pattern, replacement]) => {
    pattern.lastIndex = 0;
    if (!pattern.test(out)) throw new Error(`${what}: nothing matches ${pattern}; the file changed, so must the test`);
    return out.replace(pattern, replacement);
  }, text);
}

/** Settings of an env file (`KEY=value` lines, # comments), as systemd's EnvironmentFile reads it. */
export function readEnvFile(file: string): Record<string, string> {
  const env: Record<string, string> = {};
  for (const line of readFileSync(file, 'utf8').split('\n')) {
    const m = /^\s*([A-Z_][A-Z0-9_]*)=(.*)$/.exec(line);
    if (m) env[m[1]!] = m[2]!.trim();
  }
  return env;
}

async function waitForPort(port: number, child: ChildProcess, output: () => string): Promise<void> {
  const deadline = Date.now() + 30_000;
  while (Date.now() < deadline) {
    if (child.exitCode !== null) throw new Error(`proxy exited early (${child.exitCode}):\n${output()}`);
    const open = await new Promise<boolean>((resolve) => {
      const socket = connect(port, '127.0.0.1', () => {
        socket.destroy();
        resolve(true);
      });
      socket.on('error', () => resolve(false));
    });
    if (open) return;
    await new Promise((r) => setTimeout(r, 100));
  }
  throw new Error(`proxy did not listen on ${port}:\n${output()}`);
}

function run(command: string, args: string[], env: NodeJS.ProcessEnv = process.env): { child: ChildProcess; output: () => string } {
  const child = spawn(command, args, { stdio: ['ignore', 'pipe', 'pipe'], env });
  let log = '';
  child.stdout?.on('data', (d) => (log += d));
  child.stderr?.on('data', (d) => (log += d));
  return { child, output: () => log };
}

function stopper(child: ChildProcess, dir: string, signal: NodeJS.Signals): () => Promise<void> {
  return async () => {
    if (child.exitCode === null) {
      await new Promise<void>((resolve) => {
        child.once('exit', () => resolve());
        child.kill(signal);
        setTimeout(() => child.kill('SIGKILL'), 5000).unref();
      });
    }
    rmSync(dir, { recursive: true, force: true });
  };
}

/**
 * A folder nginx's workers can use: started by root they run as www-data (Debian's `user` line), so the folder must
 * be theirs to enter; temp folders below it nginx makes and hands them itself.
 */
function proxyDir(name: string): string {
  const dir = mkdtempSync(path.join(os.tmpdir(), `jepret-${name}-`));
  chmodSync(dir, 0o755);
  return dir;
}

/** A self-signed certificate for localhost and 127.0.0.1 (EC, so it is made at once). */
function selfSigned(dir: string): { cert: string; key: string } {
  const cert = path.join(dir, 'cert.pem');
  const key = path.join(dir, 'key.pem');
  execFileSync('openssl', [
    'req', '-x509', '-newkey', 'ec', '-pkeyopt', 'ec_paramgen_curve:prime256v1', '-nodes', '-days', '2',
    '-subj', '/CN=localhost', '-addext', 'subjectAltName=DNS:localhost,IP:127.0.0.1', '-keyout', key, '-out', cert,
  ], { stdio: 'ignore' });
  return { cert, key };
}

/** Debian's nginx.conf, writing into `dir` instead of /run, /var/log and /var/lib/nginx, with only `site` enabled. */
function debianNginxConf(dir: string, site: string): string {
  const asRoot = process.getuid?.() === 0;
  const temps = ['client_body', 'proxy', 'fastcgi', 'uwsgi', 'scgi'].map((t) => `\t${t}_temp_path ${path.join(dir, `${t}-temp`)};`).join('\n');
  return rewrite(readFileSync('/etc/nginx/nginx.conf', 'utf8'), '/etc/nginx/nginx.conf', [
    // Not root: there is no other user to switch to (nginx would only warn).
    ...(asRoot ? [] : ([[/^user .*;$/m, '']] as Array<[RegExp, string]>)),
    [/^pid .*;$/m, `pid ${path.join(dir, 'nginx.pid')};`],
    [/^error_log .*;$/m, `error_log ${path.join(dir, 'error.log')};`],
    [/access_log \/var\/log\/nginx\/access\.log;/, `access_log ${path.join(dir, 'access.log')};`],
    [/include \/etc\/nginx\/conf\.d\/\*\.conf;/, temps],
    [/include \/etc\/nginx\/sites-enabled\/\*;/, `include ${site};`],
  ]);
}

/** Debian's nginx with `deploy/nginx.conf` in front of the shop on `appPort`; `httpPort` gets the site's port-80 server. */
export async function startNginx(appPort: number, siteFile = DEPLOY('nginx.conf')): Promise<RunningProxy & { httpPort: number }> {
  const dir = proxyDir('nginx');
  const [port, httpPort] = [await freePort(), await freePort()];
  const { cert, key } = selfSigned(dir);
  const site = rewrite(readFileSync(siteFile, 'utf8'), siteFile, [
    // This machine may have no IPv6: the loopback address takes each server's listening.
    [/^\s*listen \[::\]:80;\n/m, ''],
    [/^\s*listen \[::\]:443 ssl http2;\n/m, ''],
    [/listen 80;/, `listen 127.0.0.1:${httpPort};`],
    [/listen 443 ssl http2;/, `listen 127.0.0.1:${port} ssl http2;`],
    [new RegExp(`server_name ${SITE_NAME};`, 'g'), 'server_name localhost;'],
    [/ssl_certificate \S+;/, `ssl_certificate ${cert};`],
    [/ssl_certificate_key \S+;/, `ssl_certificate_key ${key};`],
    [/proxy_pass http:\/\/127\.0\.0\.1:8080;/, `proxy_pass http://127.0.0.1:${appPort};`],
  ]);
  writeFileSync(path.join(dir, 'site.conf'), site);
  writeFileSync(path.join(dir, 'nginx.conf'), debianNginxConf(dir, path.join(dir, 'site.conf')));
  const { child, output } = run(NGINX, ['-e', path.join(dir, 'error.log'), '-p', dir, '-c', path.join(dir, 'nginx.conf'), '-g', 'daemon off;']);
  const log = () => `${output()}${existsSync(path.join(dir, 'error.log')) ? readFileSync(path.join(dir, 'error.log'), 'utf8') : ''}`;
  await waitForPort(port, child, log);
  return { name: 'nginx', url: `https://localhost:${port}`, port, httpPort, ca: readFileSync(cert), output: log, stop: stopper(child, dir, 'SIGQUIT') };
}

/** Caddy with `deploy/Caddyfile` in front of the shop on `appPort`, its certificate from its own local authority. */
export async function startCaddy(appPort: number, siteFile = DEPLOY('Caddyfile')): Promise<RunningProxy> {
  const dir = proxyDir('caddy');
  const [port, httpPort] = [await freePort(), await freePort()];
  // What a machine of its own needs no word for: ports 80 and 443, the admin API's 2019, trusting its own authority.
  const global = `{\n\tadmin off\n\tskip_install_trust\n\tlocal_certs\n\thttp_port ${httpPort}\n\thttps_port ${port}\n}\n`;
  const site = rewrite(readFileSync(siteFile, 'utf8'), siteFile, [
    [new RegExp(`^${SITE_NAME.replace(/\./g, '\\.')} \\{`, 'm'), `localhost:${port} {`],
    [/reverse_proxy 127\.0\.0\.1:8080/, `reverse_proxy 127.0.0.1:${appPort}`],
  ]);
  const file = path.join(dir, 'Caddyfile');
  writeFileSync(file, `${global}\n${site}`);
  mkdirSync(path.join(dir, 'data'));
  const env = { ...process.env, HOME: dir, XDG_DATA_HOME: path.join(dir, 'data'), XDG_CONFIG_HOME: path.join(dir, 'config') };
  const { child, output } = run(CADDY, ['run', '--adapter', 'caddyfile', '--config', file], env);
  await waitForPort(port, child, output);
  const root = path.join(dir, 'data', 'caddy', 'pki', 'authorities', 'local', 'root.crt');
  const deadline = Date.now() + 10_000;
  while (!existsSync(root) && Date.now() < deadline) await new Promise((r) => setTimeout(r, 100));
  return { name: 'caddy', url: `https://localhost:${port}`, port, ca: readFileSync(root), output, stop: stopper(child, dir, 'SIGTERM') };
}

/**
 * A TCP relay to `port` that cuts the connection (both ways) once `cutAfter` bytes have gone towards it: a phone
 * losing its network mid-upload, as the proxy meets it. Counts what went through.
 */
export async function cuttingRelay(port: number, cutAfter: number): Promise<{ port: number; sent: () => number; close(): void }> {
  let sent = 0;
  const sockets = new Set<Socket>();
  const server = createTcpServer((client) => {
    const upstream = connect(port, '127.0.0.1');
    sockets.add(client).add(upstream);
    const end = () => {
      client.destroy();
      upstream.destroy();
    };
    client.on('data', (chunk: Buffer) => {
      sent += chunk.length;
      if (sent > cutAfter) return end();
      upstream.write(chunk);
    });
    upstream.on('data', (chunk: Buffer) => client.write(chunk));
    client.on('error', end).on('close', end);
    upstream.on('error', end).on('close', end);
  });
  const relayPort = await new Promise<number>((resolve) => server.listen(0, '127.0.0.1', () => resolve((server.address() as { port: number }).port)));
  return {
    port: relayPort,
    sent: () => sent,
    close: () => {
      for (const s of sockets) s.destroy();
      server.close();
    },
  };
}
