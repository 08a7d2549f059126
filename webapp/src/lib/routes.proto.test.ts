// The server accepts a page view only for the route patterns its contract lists
// (RecordPageViewRequest.route, `in: [...]`): a screen missing there would never be counted.
// Read from the proto itself, so that adding a route to the map without the contract fails here.
import { readFileSync } from "node:fs";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { routeMap } from "./routes";

const PROTO = resolve(import.meta.dirname, "../../../proto/tremplin/insight/v1/insight.proto");

/** The quoted strings of the `in: [...]` list of the proto's RecordPageViewRequest. */
function acceptedRoutes(text: string): string[] {
  const message = text.slice(text.indexOf("message RecordPageViewRequest"));
  const list = /\bin:\s*\[([^\]]*)\]/.exec(message)?.[1];
  if (list === undefined) throw new Error("no `in: [...]` list in RecordPageViewRequest");
  return Array.from(list.matchAll(/"([^"]*)"/g), (m) => m[1]!);
}

describe("page view routes", () => {
  const accepted = acceptedRoutes(readFileSync(PROTO, "utf8"));

  it("are read from the contract", () => {
    expect(accepted).toContain("/contact/:id");
  });

  it("include every pattern of the route map, for every audience", () => {
    const patterns = [...new Set(Object.values(routeMap).flatMap((entries) => entries.map((e) => e.path)))];
    const missing = patterns.filter((p) => !accepted.includes(p));
    expect(missing, `route patterns the server would refuse: ${missing.join(", ")}`).toEqual([]);
  });
});
