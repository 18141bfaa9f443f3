/** Starts the app on a port (0 = any free port) and closes it cleanly, open streams included. */
import type { Socket } from 'node:net';
import { createApp, type AppOptions } from './app';
import { hostInUrl, startWarnings, type Config } from './config';

const DRAIN_MS = 5_000;

export interface RunningServer {
  url: string;
  port: number;
  close(): Promise<void>;
}

export async function startServer(config: Config, options: AppOptions = {}): Promise<RunningServer> {
  const { app, close: closeApp, closeStreams } = await createApp(config, options);
  const sockets = new Set<Socket>();
  const server = await new Promise<import('node:http').Server>((resolve, reject) => {
    const s = app.listen(config.port, config.host, (err?: Error) => (err ? reject(err) : resolve(s)));
  });
  for (const line of startWarnings(config)) (options.warn ?? console.warn)(line);
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  server.keepAliveTimeout = 5_000;
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : config.port;
  let closing: Promise<void> | null = null;
  return {
    url: `http://${hostInUrl(config.host, 'localhost')}:${port}`,
    port,
    close() {
      // Stop taking connections, let requests in flight finish (a few seconds at most), then close the
      // store: closing it under a running pull would answer that client with an error.
      closing ??= (async () => {
        const done = new Promise<void>((resolve) => server.close(() => resolve()));
        closeStreams();
        server.closeIdleConnections();
        await Promise.race([done, new Promise((resolve) => setTimeout(resolve, DRAIN_MS).unref())]);
        for (const socket of sockets) socket.destroy();
        await closeApp();
      })();
      return closing;
    },
  };
}
