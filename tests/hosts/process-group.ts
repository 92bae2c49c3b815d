import type { ChildProcess } from "node:child_process";

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
