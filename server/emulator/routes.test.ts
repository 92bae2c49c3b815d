import { describe, expect, it } from "vitest";
import { allowedMethods, findRoute, handlerFor, type Route } from "./routes";

const noop = () => {};
const routes: Route[] = [
  { path: "/a", methods: { GET: noop, POST: noop, DELETE: noop } },
  { path: "/inbox/:entry/:template", methods: { GET: noop } },
  { path: "/inbox/:entry/:template/html", methods: { GET: noop } },
];

describe("the route table", () => {
  it("finds a path and its parameters, decoded", () => {
    expect(findRoute(routes, "/inbox/3/team%20x")).toEqual({
      route: routes[1],
      params: { entry: "3", template: "team x" },
    });
    expect(findRoute(routes, "/inbox/3/x/html")?.route).toBe(routes[2]);
  });

  it("finds nothing for an unknown path or an empty parameter", () => {
    expect(findRoute(routes, "/b")).toBeUndefined();
    expect(findRoute(routes, "/inbox//x")).toBeUndefined();
    expect(findRoute(routes, "/a/")).toBeUndefined();
  });

  it("names the allowed methods in the table's order, and no inherited ones", () => {
    const route = routes[0] as Route;
    expect(allowedMethods(route)).toBe("GET, POST, DELETE");
    expect(handlerFor(route, "POST")).toBe(noop);
    expect(handlerFor(route, "PUT")).toBeUndefined();
    expect(handlerFor(route, "toString")).toBeUndefined();
  });
});
