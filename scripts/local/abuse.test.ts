import { describe, expect, it } from "vitest";
import { formatAbuseTable, measureAbuse } from "./abuse";

describe("the scripted caller (npm run abuse)", () => {
  it("gets every victim mailed with no protection, and what each protection stops", async () => {
    const rows = await measureAbuse(3);
    // Columns: no Origin; a faked Origin; a faked Origin replaying one solved token.
    expect(rows).toEqual([
      { protection: "None", accepted: [3, 3, 3] },
      { protection: "Allowed origins", accepted: [3, 3, 3] },
      { protection: "Non-browser calls refused", accepted: [0, 3, 3] },
      { protection: "reCAPTCHA on the template", accepted: [0, 0, 1] },
      { protection: "All three", accepted: [0, 0, 1] },
    ]);
    expect(formatAbuseTable(rows, 3).split("\n")[3]).toBe(
      "| Allowed origins | 3 (6) | 3 (6) | 3 (6) |",
    );
  }, 60_000);
});
