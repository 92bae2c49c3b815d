import { type ChildProcess, spawn } from "node:child_process";
import { createWriteStream } from "node:fs";

/**
 * Starts a host's tool in a process group of its own (so stopGroup ends whatever it starts), its
 * output, uncoloured and in CI's plain form, written to `logFile`.
 */
export function startGroup(
  command: string,
  args: string[],
  { cwd, env, logFile }: { cwd: string; env: Record<string, string>; logFile: string },
): ChildProcess {
  const child = spawn(command, args, {
    cwd,
    detached: true,
    stdio: ["ignore", "pipe", "pipe"],
    env: { ...process.env, ...env, NO_COLOR: "1", FORCE_COLOR: "0", CI: "true" },
  });
  const log = createWriteStream(logFile);
  child.stdout?.pipe(log);
  child.stderr?.pipe(log);
  return child;
}

/**
 * Stops a host's tool started in its own process group (`detached`), and whatever it started beside
 * itself (wrangler's workerd and esbuild, Netlify's Deno): the whole group goes.
 */
export function stopGroup(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null || child.pid === undefined) return Promise.resolve();
  const pid = child.pid;
  return new Promise((done) => {
    const force = setTimeout(() => {
      try {
        process.kill(-pid, "SIGKILL");
      } catch {}
    }, 5000);
    child.once("exit", () => {
      clearTimeout(force);
      // Whatever wrangler left in its group (workerd) goes with it.
      try {
        process.kill(-pid, "SIGKILL");
      } catch {}
      done();
    });
    try {
      process.kill(-pid, "SIGTERM");
    } catch {
      clearTimeout(force);
      done();
    }
  });
}
