/**
 * Runs a command as a person would and collects what it printed, for the tests of the commands'
 * one-line messages (scripts/local/local-stack.test.ts, scripts/quality/without-a-build.test.ts): a
 * run still going after `timeoutMs` is killed and fails, naming what it printed.
 */
import { spawn } from "node:child_process";

export type RunResult = { code: number | null; stdout: string; stderr: string };

export function runToEnd(
  command: string,
  args: readonly string[],
  options: { cwd: string; env: NodeJS.ProcessEnv; timeoutMs: number },
): Promise<RunResult> {
  return new Promise((done, fail) => {
    const child = spawn(command, args, { cwd: options.cwd, env: options.env });
    let stdout = "";
    let stderr = "";
    child.stdout.on("data", (chunk) => {
      stdout += chunk;
    });
    child.stderr.on("data", (chunk) => {
      stderr += chunk;
    });
    const timer = setTimeout(() => {
      child.kill("SIGKILL");
      const name = [command, ...args].join(" ");
      fail(new Error(`${name} still ran after ${options.timeoutMs} ms:\n${stdout}\n${stderr}`));
    }, options.timeoutMs);
    child.on("close", (code) => {
      clearTimeout(timer);
      done({ code, stdout, stderr });
    });
  });
}
