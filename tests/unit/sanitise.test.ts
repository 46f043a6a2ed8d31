import { describe, expect, test } from "vitest";
import type { ExternalJob } from "#shared/sources.ts";
import { normaliseAdzuna } from "#server/sources/adzuna.ts";
import { normaliseHimalayas } from "#server/sources/himalayas.ts";
import { normaliseJobWiz } from "#server/sources/jobwiz.ts";
import { normaliseJooble } from "#server/sources/jooble.ts";
import { normaliseRemoteOk } from "#server/sources/remoteok.ts";
import { htmlToText, sanitiseHtml } from "#server/sources/sanitise.ts";
import { adzunaJob } from "#tests/fakes/sources/adzuna.ts";
import { himalayasJob } from "#tests/fakes/sources/himalayas.ts";
import { jobWizJob, jobWizSpecJob } from "#tests/fakes/sources/jobwiz.ts";
import { joobleJob } from "#tests/fakes/sources/jooble.ts";
import { remoteOkJob } from "#tests/fakes/sources/remoteok.ts";
import { XSS_VECTORS } from "#tests/fakes/sources/xss-vectors.ts";

const ALLOWED_TAGS = new Set([
  "p",
  "br",
  "hr",
  "ul",
  "ol",
  "li",
  "strong",
  "b",
  "em",
  "i",
  "u",
  "s",
  "blockquote",
  "code",
  "pre",
  "h3",
  "h4",
  "h5",
  "h6",
  "a",
  "table",
  "thead",
  "tbody",
  "tr",
  "th",
  "td",
  "span",
  "div",
]);

/** Every tag in the output is on the allowlist, and the only attributes are safe links. */
function assertSafe(html: string | null) {
  if (html === null) return;
  for (const [, closing, name, attributes] of html.matchAll(/<(\/?)([a-zA-Z][a-zA-Z0-9]*)([^>]*)>/g)) {
    expect(ALLOWED_TAGS.has(name!.toLowerCase()), `tag <${name}> in ${html}`).toBe(true);
    if (closing) continue;
    const attrs = [...attributes!.matchAll(/([a-zA-Z-]+)="([^"]*)"/g)].map(([, key, value]) => [
      key!.toLowerCase(),
      value!,
    ]);
    for (const [key, value] of attrs) {
      expect(["href", "target", "rel"], `attribute ${key} in ${html}`).toContain(key);
      if (key === "href") expect(value, html).toMatch(/^(https?:|mailto:)/i);
    }
    if (name === "a" && attrs.length)
      expect(Object.fromEntries(attrs)).toMatchObject({ rel: "noopener noreferrer nofollow ugc", target: "_blank" });
  }
  expect(html).not.toMatch(/<(script|style|iframe|object|embed|svg|math|img|form|input|meta|link|base)/i);
}

/** Each source's description field carrying a payload, through that source's real normaliser. */
const THROUGH_SOURCES: [string, (payload: string) => ExternalJob | null][] = [
  ["RemoteOK description", (p) => normaliseRemoteOk(remoteOkJob(1, { description: p }))],
  ["Adzuna description", (p) => normaliseAdzuna(adzunaJob(1, { description: p }), "gb")],
  ["Jooble snippet", (p) => normaliseJooble(joobleJob(1, { snippet: p }))],
  ["Himalayas description", (p) => normaliseHimalayas(himalayasJob(1, { description: p }))],
  ["JobWiz html_description", (p) => normaliseJobWiz(jobWizJob(1, { html_description: p }))],
  [
    "JobWiz plain_text_description",
    (p) => normaliseJobWiz(jobWizJob(1, { html_description: "", plain_text_description: p })),
  ],
  ["JobWiz (spec) description", (p) => normaliseJobWiz(jobWizSpecJob(1, { description: p }))],
];

test("the corpus holds at least 50 XSS vectors", () => {
  expect(XSS_VECTORS.length).toBeGreaterThanOrEqual(50);
});

describe.each(THROUGH_SOURCES)("%s", (_, normalise) => {
  test.each(XSS_VECTORS)("is stored without anything that could run: %s", (vector) => {
    const job = normalise(`<p>Intro</p>${vector}<p>Outro</p>`);
    expect(job).not.toBeNull();
    assertSafe(job!.descriptionHtml);
    // Unclosed <style>, <textarea> or <script> swallow what follows (as browsers do); the text before survives.
    expect(job!.descriptionHtml).toContain("Intro");
  });
});

test("titles, companies and locations are plain text: markup in them is never kept as tags", () => {
  const job = normaliseHimalayas(
    himalayasJob(1, { title: `<img src=x onerror=alert(1)>Engineer`, companyName: "<b>Acme</b> &amp; Co" }),
  );
  expect(job).toMatchObject({ title: "Engineer", company: "Acme & Co" });
});

test("safe structure survives: paragraphs, lists, emphasis and http links (opened safely)", () => {
  expect(
    sanitiseHtml(`<p>Hello <strong>there</strong></p><ul><li>One</li></ul><a href="https://ok.example/x">link</a>`),
  ).toBe(
    `<p>Hello <strong>there</strong></p><ul><li>One</li></ul><a href="https://ok.example/x" target="_blank" rel="noopener noreferrer nofollow ugc">link</a>`,
  );
});

test("upstream headings are demoted below the page's own", () => {
  expect(sanitiseHtml("<h1>Big</h1><h2>Less</h2>")).toBe("<h3>Big</h3><h3>Less</h3>");
});

test("a description with nothing readable left is null, so the page says 'No description available'", () => {
  expect(sanitiseHtml(`<script>alert(1)</script><img src=x>`)).toBeNull();
  expect(sanitiseHtml("")).toBeNull();
});

test("htmlToText keeps a space between paragraphs, list items, line breaks and cells, and none inside inline markup", () => {
  expect(
    htmlToText(
      "<p>Requirements number 1.</p><ol><li>TypeScript</li><li>Node<br>and Postgres</li></ol><p>Apply <b>to</b>day</p>",
    ),
  ).toBe("Requirements number 1. TypeScript Node and Postgres Apply today");
  expect(htmlToText("<div>One</div><div>Two</div><table><tr><td>A</td><td>B</td></tr></table><h2>End</h2>")).toBe(
    "One Two A B End",
  );
});

test("htmlToText decodes entities once and strips markup (Adzuna highlights, Jooble &nbsp;)", () => {
  expect(htmlToText("Senior <strong>TypeScript</strong> &amp; Node&nbsp;dev &lt;3")).toBe(
    "Senior TypeScript & Node dev <3",
  );
});
