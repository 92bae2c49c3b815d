import { describe, expect, it } from "vitest";
import { negotiateEncoding } from "./accept-encoding";

const OFFERED = ["br", "gzip"] as const;

describe("negotiateEncoding", () => {
  it.each([
    ["gzip, deflate, br, zstd", "br"],
    ["br", "br"],
    ["gzip", "gzip"],
    ["BR;Q=1", "br"],
    ["br;q=0, gzip", "gzip"],
    ["br;q=0.0, gzip;q=0.5", "gzip"],
    ["gzip;q=1, br;q=0.5", "gzip"],
    ["gzip;q=0.8, br;q=0.8", "br"],
    ["*", "br"],
    ["*;q=0, gzip", "gzip"],
    ["br;q=0, *", "gzip"],
    ["br;q=0, gzip;q=0", undefined],
    ["gzip;q=0", undefined],
    ["identity", undefined],
    ["*;q=0", undefined],
    ["", undefined],
    [undefined, undefined],
    ["br;q=high, gzip", "gzip"],
    ["br;q=2, gzip", "gzip"],
    [" br ; q = 0 , gzip ", "gzip"],
  ])("answers %j with %s", (header, expected) => {
    expect(negotiateEncoding(header, OFFERED)).toBe(expected);
  });
});
