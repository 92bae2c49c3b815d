/**
 * Ports of the local servers (site, preview, emulator), each tied to the setting that chooses it,
 * so a busy or malformed port ends in one line that says which setting to change, not a stack.
 * The one port helper of the repository: the scripts and the tests listen, probe and hold ports here.
 */
import type { Server as HttpServer } from "node:http";
import { createServer, type Server } from "node:net";

/** A port problem a person fixes by changing a setting; its message is the whole story. */
export class PortError extends Error {}

/** `env[name]` as a port number, `fallback` when unset; 0 asks the system for any free port. */
export function readPort(
  env: Record<string, string | undefined>,
  name: string,
  fallback: number,
): number {
  const raw = env[name]?.trim();
  if (raw === undefined || raw === "") return fallback;
  const port = Number(raw);
  if (!/^\d+$/.test(raw) || port > 65535) {
    throw new PortError(`${name} must be a port number from 0 to 65535; got '${raw}'.`);
  }
  return port;
}

/**
 * Listens on 127.0.0.1:`port` and resolves with the port bound. A busy port rejects with a
 * PortError naming `setting`, the one thing the person starting the server can change.
 */
export function listenOn(server: Server, port: number, setting: string): Promise<number> {
  return new Promise((ready, fail) => {
    const onError = (error: NodeJS.ErrnoException) => {
      server.off("listening", onListening);
      if (error.code === "EADDRINUSE") {
        fail(new PortError(`Port ${port} is in use: set ${setting} to another port.`));
      } else if (error.code === "EACCES") {
        fail(new PortError(`Port ${port} needs privileges: set ${setting} to a port above 1023.`));
      } else {
        fail(error);
      }
    };
    const onListening = () => {
      server.off("error", onError);
      const address = server.address();
      ready(typeof address === "object" && address ? address.port : port);
    };
    server.once("error", onError);
    server.once("listening", onListening);
    server.listen(port, "127.0.0.1");
  });
}

/**
 * Resolves once `server` has stopped listening. An HTTP server's open keep-alive connections are
 * cut first: otherwise it waits for each to time out.
 */
export function closeServer(server: Server | HttpServer): Promise<void> {
  if ("closeAllConnections" in server) server.closeAllConnections();
  return new Promise((closed) => server.close(() => closed()));
}

/**
 * Fails now, with the same one line, if `port` is taken: for servers that start only after a
 * long step (the build), so a busy port is reported before the wait, not after it.
 */
export async function ensurePortFree(port: number, setting: string): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await listenOn(probe, port, setting);
  await closeServer(probe);
}

/**
 * Holds a port the system chose busy until `server` is closed: for tests that need a port
 * something already listens on.
 */
export async function holdPort(): Promise<{ server: Server; port: number }> {
  const server = createServer();
  const port = await listenOn(server, 0, "the port");
  return { server, port };
}

/**
 * A port nothing listens on right now, for a server that must know its address before it starts
 * (a build that writes its own origin into the pages). Another process may take it meanwhile.
 */
export async function freePort(): Promise<number> {
  const { server, port } = await holdPort();
  await closeServer(server);
  return port;
}
