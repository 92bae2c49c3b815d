import { describe, expect, it } from "vitest";
import { memoryStore } from "./key-value-store";

describe("memoryStore", () => {
  it("reads back what was written, as text, until removed", () => {
    const store = memoryStore();
    expect(store.getItem("a")).toBeNull();
    store.setItem("a", "1");
    expect(store.getItem("a")).toBe("1");
    store.removeItem("a");
    expect(store.getItem("a")).toBeNull();
  });
});
