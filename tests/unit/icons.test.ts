import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import * as lucide from "lucide-react";
import { describe, expect, test } from "vitest";
import * as icons from "#app/components/icons.tsx";

const ours = Object.entries(icons) as [string, ComponentType<Record<string, unknown>>][];
const theirs = lucide as unknown as Record<string, ComponentType<Record<string, unknown>> | undefined>;

describe("the board's icons", () => {
  test("there is an icon for every Lucide icon the pages draw", () => {
    expect(ours.length).toBeGreaterThan(50);
  });

  test.each(ours)("%s is drawn exactly as Lucide draws it: decorative, labelled, or with a class", (name, Icon) => {
    const original = theirs[name];
    if (!original) throw new Error(`lucide-react has no ${name}`);
    for (const props of [
      {},
      { className: "h-4 w-4 shrink-0" },
      { className: "h-4 w-4 " },
      { className: " " },
      { "aria-label": "Loading", role: "img" },
      { "aria-hidden": true, className: "x" },
    ]) {
      expect(renderToStaticMarkup(createElement(Icon, props))).toBe(
        renderToStaticMarkup(createElement(original, props)),
      );
    }
  });
});
