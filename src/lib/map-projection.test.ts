import { describe, expect, it } from "vitest";
import { MAP_NORTH, MAP_SOUTH, projectToMap } from "./map-projection";

describe("projectToMap", () => {
  it("maps the longitude range onto the full width", () => {
    expect(projectToMap(0, -180).x).toBe(0);
    expect(projectToMap(0, 180).x).toBe(100);
    expect(projectToMap(0, 0).x).toBe(50);
    expect(projectToMap(0, 90).x).toBe(75);
  });

  it("maps the cropped latitudes onto the full height, linearly", () => {
    expect(projectToMap(MAP_NORTH, 0).y).toBe(0);
    expect(projectToMap(MAP_SOUTH, 0).y).toBe(100);
    expect(projectToMap((MAP_NORTH + MAP_SOUTH) / 2, 0).y).toBe(50);
    // North of the equator is the upper part of the map: Greenland above Brazil.
    expect(projectToMap(72, -40).y).toBeLessThan(projectToMap(-10, -52).y);
  });

  it("clamps points outside the crop (the poles, Antarctica) to the edges", () => {
    expect(projectToMap(90, 200)).toEqual({ x: 100, y: 0 });
    expect(projectToMap(-80, -190)).toEqual({ x: 0, y: 100 });
  });

  it("places known cities where expected", () => {
    const london = projectToMap(51.5074, -0.1278);
    expect(london.x).toBeCloseTo(49.9645, 4);
    expect(london.y).toBeCloseTo(23.209, 3);
    const sydney = projectToMap(-33.8688, 151.2093);
    expect(sydney.x).toBeCloseTo(92.0026, 4);
    expect(sydney.y).toBeCloseTo(84.192, 4);
  });
});
