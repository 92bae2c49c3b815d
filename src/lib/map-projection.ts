// Equirectangular projection for the "Global Fraud Map" card, shared by the build-time
// dotted world map (scripts/build/world-map.ts) and the hotspots placed over it in the browser.

/** Northern edge of the map (just above Greenland's northern coast). */
export const MAP_NORTH = 84;
/** Southern edge of the map (Cape Horn); Antarctica lies south of it and is dropped. */
export const MAP_SOUTH = -56;

/**
 * Size of the map's SVG viewBox. The 360° × 140° window is drawn with square grid cells of
 * 3° × ~2.55°, i.e. an equirectangular projection with a standard parallel near 32°, which
 * gives a wide ~2.2:1 map. Positions are still linear in longitude and latitude.
 */
export const MAP_VIEWBOX = { width: 480, height: 220 } as const;

const clampPercent = (value: number): number => Math.min(100, Math.max(0, value));

/**
 * Projects a coordinate to percentages (0-100) of the map's width (x) and height (y),
 * measured from its top-left corner. Points outside the cropped window are clamped to its edge.
 */
export function projectToMap(lat: number, lon: number): { x: number; y: number } {
  return {
    x: clampPercent(((lon + 180) / 360) * 100),
    y: clampPercent(((MAP_NORTH - lat) / (MAP_NORTH - MAP_SOUTH)) * 100),
  };
}
