import { readFile } from "node:fs/promises";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { budgetsTable } from "./budgets";

describe("the budgets in docs/performance.md", () => {
  it("are the table budgets.ts renders, so the doc never retypes a bar", async () => {
    const doc = await readFile(resolve(import.meta.dirname, "../../docs/performance.md"), "utf8");
    // On a change of budgets.ts, paste the expected table into docs/performance.md.
    expect(doc).toContain(budgetsTable());
  });
});
