import { gzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { MAP_VIEWBOX, projectToMap } from "../../src/lib/map-projection";
import { renderWorldMapSvg, WORLD_MAP_DOT_PITCH } from "./world-map";

/** Reads the dots back out of the path ("M x y h0" and "m dx dy h0" commands). */
function dotsOf(svg: string): { x: number; y: number }[] {
  const d = /<path d="([^"]*)"/.exec(svg)?.[1];
  if (d === undefined) throw new Error("no <path d> in the SVG");
  const dots: { x: number; y: number }[] = [];
  let x = 0;
  let y = 0;
  for (const [token, command, a, b] of d.matchAll(/([Mmh])(-?[\d.]+)(?:[ ,](-?[\d.]+))?/g)) {
    if (command === "M") [x, y] = [Number(a), Number(b)];
    else if (command === "m") [x, y] = [x + Number(a), y + Number(b)];
    else if (token === "h0") dots.push({ x, y });
    else throw new Error(`unexpected path command ${token}`);
  }
  return dots;
}

const svg = renderWorldMapSvg();
const dots = dotsOf(svg);

/** Whether a dot lies within one grid step of a coordinate, using the shared projection. */
function hasDotNear(lat: number, lon: number): boolean {
  const { x, y } = projectToMap(lat, lon);
  const px = (x / 100) * MAP_VIEWBOX.width;
  const py = (y / 100) * MAP_VIEWBOX.height;
  return dots.some(
    (dot) =>
      Math.abs(dot.x - px) <= WORLD_MAP_DOT_PITCH && Math.abs(dot.y - py) <= WORLD_MAP_DOT_PITCH,
  );
}

describe("renderWorldMapSvg", () => {
  it("is a standalone SVG with the map's viewBox and a single path", () => {
    expect(svg.startsWith('<svg xmlns="http://www.w3.org/2000/svg"')).toBe(true);
    expect(svg).toContain(`viewBox="0 0 ${MAP_VIEWBOX.width} ${MAP_VIEWBOX.height}"`);
    expect(svg.trimEnd().endsWith("</svg>")).toBe(true);
    expect(svg.match(/<path /g)).toHaveLength(1);
    expect(svg).toContain('stroke-linecap="round"');
  });

  it("draws between 1,000 and 4,000 dots, all inside the viewBox on the grid", () => {
    expect(dots.length).toBeGreaterThan(1000);
    expect(dots.length).toBeLessThan(4000);
    const half = WORLD_MAP_DOT_PITCH / 2;
    for (const { x, y } of dots) {
      expect(x > 0 && x < MAP_VIEWBOX.width && y > 0 && y < MAP_VIEWBOX.height).toBe(true);
      expect((x - half) % WORLD_MAP_DOT_PITCH === 0 && (y - half) % WORLD_MAP_DOT_PITCH === 0).toBe(
        true,
      );
    }
    expect(new Set(dots.map(({ x, y }) => `${x},${y}`)).size).toBe(dots.length);
  });

  it("stays small", () => {
    expect(Buffer.byteLength(svg)).toBeLessThan(30_000);
    expect(gzipSync(svg).length).toBeLessThan(5_000);
  });

  it("draws the same bytes on every build (no randomness, no clock): a second render agrees", () => {
    expect(renderWorldMapSvg()).toBe(svg);
  });

  it.each([
    ["central Brazil", -10, -52],
    ["central Africa (DR Congo)", 0, 23],
    ["the Sahara", 23, 10],
    ["central Australia", -25, 134],
    ["Siberia", 62, 100],
    ["the US Midwest", 40, -95],
    ["Chukotka, east of the antimeridian", 66, -172],
    ["Great Britain", 53, -1.5],
  ])("has a dot near %s", (_name, lat, lon) => {
    expect(hasDotNear(lat, lon)).toBe(true);
  });

  it.each([
    ["the mid-Pacific", 0, -150],
    ["the mid-Atlantic", 30, -40],
    ["the South Atlantic", -30, -15],
    ["the Indian Ocean", -20, 80],
    ["the Norwegian Sea", 68, -2],
    ["the Bering Sea", 57, -178],
  ])("has no dot near %s", (_name, lat, lon) => {
    expect(hasDotNear(lat, lon)).toBe(false);
  });
});
