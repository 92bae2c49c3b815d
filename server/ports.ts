/**
 * Ports of the local servers (site, preview, emulator), each tied to the setting that chooses it,
 * so a busy or malformed port ends in one line that says which setting to change, not a stack.
 */
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
 * Fails now, with the same one line, if `port` is taken: for servers that start only after a
 * long step (the build), so a busy port is reported before the wait, not after it.
 */
export async function ensurePortFree(port: number, setting: string): Promise<void> {
  if (port === 0) return;
  const probe = createServer();
  await listenOn(probe, port, setting);
  await new Promise((closed) => probe.close(closed));
}
