import fc from "fast-check";
import { expect, test } from "vitest";
import { escapeHtml } from "#shared/html.ts";
import { escapeMarkup } from "#server/feeds/markup.ts";

const ENTITY_OR_PLAIN = /^(?:[^&<>"']|&amp;|&lt;|&gt;|&quot;|&#39;)*$/;

test("escapeHtml turns the five markup characters into entities", () => {
  expect(escapeHtml(`<a href="x" title='y'>Tom & Jerry</a>`)).toBe(
    "&lt;a href=&quot;x&quot; title=&#39;y&#39;&gt;Tom &amp; Jerry&lt;/a&gt;",
  );
});

test("escapeHtml leaves text without markup characters as it is", () => {
  expect(escapeHtml("Senior engineer, Pune (₹ 25 L) 👩‍💻\nline two")).toBe("Senior engineer, Pune (₹ 25 L) 👩‍💻\nline two");
});

test("escapeHtml escapes an entity someone typed, so the page shows it as they typed it", () => {
  expect(escapeHtml("&amp; &#39;")).toBe("&amp;amp; &amp;#39;");
});

test("no text escapeHtml returns can open a tag, end a quoted attribute or start an entity of its own", () => {
  fc.assert(
    fc.property(fc.string({ unit: "grapheme-composite" }), (text) => {
      expect(escapeHtml(text)).toMatch(ENTITY_OR_PLAIN);
    }),
  );
});

test("feed markup drops what XML 1.0 cannot hold, then escapes as escapeHtml does", () => {
  expect(escapeMarkup("a\u0000b\u0008c\uFFFE<d>\uD800'e'\uDC00")).toBe("abc&lt;d&gt;&#39;e&#39;");
});

test("feed markup keeps tabs, line breaks and characters outside the BMP", () => {
  expect(escapeMarkup("a\tb\r\nc 👩‍💻 & 𝔸")).toBe("a\tb\r\nc 👩‍💻 &amp; 𝔸");
});
