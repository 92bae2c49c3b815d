// Renders the dotted world map of the "Global Fraud Map" card as a standalone SVG string.
// Run at build and dev-server start by scripts/build/world-map-plugin.ts (land data: world-atlas).

import { readFileSync } from "node:fs";
import { createRequire } from "node:module";
import { MAP_NORTH, MAP_SOUTH, MAP_VIEWBOX } from "../../src/lib/map-projection.ts";

/** Distance between neighbouring dots, in viewBox units (the grid has square cells). */
export const WORLD_MAP_DOT_PITCH = 4;

/**
 * Each grid cell is sampled on a SUBSAMPLES × SUBSAMPLES grid and gets a dot when at least
 * MIN_LAND_SAMPLES samples are on land, so coasts stay crisp and mid-size islands still show.
 */
const SUBSAMPLES = 3;
const MIN_LAND_SAMPLES = 3;

const DOT_COLOUR = "#94a3b8";
const DOT_OPACITY = ".35";
const DOT_WIDTH = "2.2";

type Position = readonly [number, number];

type LandGeometry =
  | { type: "Polygon"; arcs: number[][] }
  | { type: "MultiPolygon"; arcs: number[][][] };

interface LandTopology {
  type: "Topology";
  transform: { scale: Position; translate: Position };
  arcs: Position[][];
  objects: { land: { geometries: LandGeometry[] } };
}

/** Decodes world-atlas's quantized TopoJSON land into rings of [lon, lat] positions. */
function loadLandRings(): Position[][] {
  const require = createRequire(import.meta.url);
  const file = require.resolve("world-atlas/land-50m.json");
  const topology = JSON.parse(readFileSync(file, "utf8")) as LandTopology;
  const [scaleX, scaleY] = topology.transform.scale;
  const [translateX, translateY] = topology.transform.translate;

  const arcs = topology.arcs.map((arc) => {
    let x = 0;
    let y = 0;
    return arc.map(([dx, dy]): Position => {
      x += dx;
      y += dy;
      return [x * scaleX + translateX, y * scaleY + translateY];
    });
  });

  const rings: Position[][] = [];
  for (const geometry of topology.objects.land.geometries) {
    const polygons = geometry.type === "Polygon" ? [geometry.arcs] : geometry.arcs;
    for (const polygon of polygons) {
      for (const ringArcs of polygon) {
        const ring: Position[] = [];
        for (const index of ringArcs) {
          const arc = index >= 0 ? arcs[index] : arcs[~index]?.slice().reverse();
          if (!arc) throw new Error(`world-atlas: missing arc ${index}`);
          ring.push(...(ring.length > 0 ? arc.slice(1) : arc));
        }
        rings.push(...unwrapRing(ring));
      }
    }
  }
  return rings;
}

/**
 * world-atlas keeps rings that cross the antimeridian (Chukotka, Fiji) whole, so a ring's
 * longitudes can jump by ~360°. Make them continuous, and add a copy shifted by 360° for the
 * part that ends up beyond ±180°, so that a plain planar even-odd test works in -180..180.
 */
function unwrapRing(ring: readonly Position[]): Position[][] {
  const unwrapped: Position[] = [];
  let offset = 0;
  let previousLon: number | undefined;
  for (const [lon, lat] of ring) {
    if (previousLon !== undefined && lon - previousLon > 180) offset -= 360;
    else if (previousLon !== undefined && previousLon - lon > 180) offset += 360;
    previousLon = lon;
    unwrapped.push([lon + offset, lat]);
  }
  const lons = unwrapped.map(([lon]) => lon);
  const shifted = (by: number) => unwrapped.map(([lon, lat]): Position => [lon + by, lat]);
  return [
    unwrapped,
    ...(Math.max(...lons) > 180 ? [shifted(-360)] : []),
    ...(Math.min(...lons) < -180 ? [shifted(360)] : []),
  ];
}

/** Longitudes where the land outlines cross a parallel, sorted (even-odd scanline). */
function crossingsAt(rings: readonly Position[][], lat: number): number[] {
  const crossings: number[] = [];
  for (const ring of rings) {
    for (let i = 0, j = ring.length - 1; i < ring.length; j = i++) {
      const a = ring[j] as Position;
      const b = ring[i] as Position;
      if (a[1] > lat !== b[1] > lat) {
        crossings.push(a[0] + ((lat - a[1]) / (b[1] - a[1])) * (b[0] - a[0]));
      }
    }
  }
  return crossings.sort((p, q) => p - q);
}

/** A longitude is on land when an odd number of crossings lie west of it. */
function isLandAt(crossings: readonly number[], lon: number): boolean {
  let low = 0;
  let high = crossings.length;
  while (low < high) {
    const mid = (low + high) >> 1;
    if ((crossings[mid] as number) < lon) low = mid + 1;
    else high = mid;
  }
  return low % 2 === 1;
}

/** Grid cells (column, row) whose area is mostly enough land, row by row from the top. */
function landCells(): [number, number][] {
  const rings = loadLandRings();
  const columns = Math.round(MAP_VIEWBOX.width / WORLD_MAP_DOT_PITCH);
  const rows = Math.round(MAP_VIEWBOX.height / WORLD_MAP_DOT_PITCH);
  const cellLon = 360 / columns;
  const cellLat = (MAP_NORTH - MAP_SOUTH) / rows;
  const cells: [number, number][] = [];

  for (let row = 0; row < rows; row++) {
    const scanlines = Array.from({ length: SUBSAMPLES }, (_, k) =>
      crossingsAt(rings, MAP_NORTH - (row + (k + 0.5) / SUBSAMPLES) * cellLat),
    );
    for (let column = 0; column < columns; column++) {
      let landSamples = 0;
      for (const crossings of scanlines) {
        for (let k = 0; k < SUBSAMPLES; k++) {
          if (isLandAt(crossings, -180 + (column + (k + 0.5) / SUBSAMPLES) * cellLon)) {
            landSamples++;
          }
        }
      }
      if (landSamples >= MIN_LAND_SAMPLES) cells.push([column, row]);
    }
  }
  return cells;
}

/**
 * The dotted world map: one dot at the centre of every land cell of a square grid laid over
 * the projection of src/lib/map-projection.ts, all drawn as zero-length segments of one
 * <path> with round caps. Deterministic: the same land data gives the same bytes.
 */
export function renderWorldMapSvg(): string {
  const half = WORLD_MAP_DOT_PITCH / 2;
  let d = "";
  let previous: [number, number] | undefined;
  for (const [column, row] of landCells()) {
    const x = column * WORLD_MAP_DOT_PITCH + half;
    const y = row * WORLD_MAP_DOT_PITCH + half;
    // Absolute move at the start of a row, then short relative moves along it.
    d += previous?.[1] === row ? `m${x - previous[0]} 0h0` : `M${x} ${y}h0`;
    previous = [x, row];
  }
  return (
    `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${MAP_VIEWBOX.width} ${MAP_VIEWBOX.height}">` +
    `<path d="${d}" fill="none" stroke="${DOT_COLOUR}" stroke-opacity="${DOT_OPACITY}"` +
    ` stroke-width="${DOT_WIDTH}" stroke-linecap="round"/></svg>\n`
  );
}
