import { expect, test } from "vitest";
import { boundaryOf, MalformedMultipart, parseMultipart } from "#server/http/multipart.ts";

const BOUNDARY = "----WebKitFormBoundary7MA4YWxkTrZu0gW";

/** A body as a browser writes it: each field, then the file, then the closing boundary. */
function browserBody(fields: [string, string][], file?: { name: string; fileName: string; bytes: Buffer }): Buffer {
  const parts: Buffer[] = fields.map(([name, value]) =>
    Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`),
  );
  if (file) {
    parts.push(
      Buffer.from(
        `--${BOUNDARY}\r\nContent-Disposition: form-data; name="${file.name}"; filename="${file.fileName}"\r\n` +
          "Content-Type: application/pdf\r\n\r\n",
      ),
      file.bytes,
      Buffer.from("\r\n"),
    );
  }
  return Buffer.concat([...parts, Buffer.from(`--${BOUNDARY}--\r\n`)]);
}

/** What the platform's own form parser reads from the same body. */
async function platformParts(body: Buffer, boundary = BOUNDARY) {
  const form = await new Request("http://form.invalid/", {
    method: "POST",
    headers: { "content-type": `multipart/form-data; boundary=${boundary}` },
    body: new Uint8Array(body),
  }).formData();
  return Promise.all(
    [...form].map(async ([name, value]) =>
      typeof value === "string"
        ? { name, bytes: Buffer.from(value) }
        : { name, fileName: value.name, bytes: Buffer.from(await value.arrayBuffer()) },
    ),
  );
}

test("the boundary is read from the content type, quoted or not", () => {
  expect(boundaryOf(`multipart/form-data; boundary=${BOUNDARY}`)).toBe(BOUNDARY);
  expect(boundaryOf('multipart/form-data; charset=utf-8; boundary="a b:c"')).toBe("a b:c");
  expect(boundaryOf("multipart/form-data")).toBeUndefined();
});

test("a browser's form reads as the platform's form parser reads it, fields and file", async () => {
  const cv = Buffer.concat([Buffer.from("%PDF-1.7\r\n"), Buffer.alloc(200_000, 0x41), Buffer.from("\r\n--not-it\r\n")]);
  const body = browserBody(
    [
      ["name", "Aarav Mehta"],
      ["note", "Line one\r\nline two — with “quotes”"],
      ["email", ""],
    ],
    { name: "cv", fileName: "Aarav CV.pdf", bytes: cv },
  );
  expect(parseMultipart(body, BOUNDARY)).toEqual(await platformParts(body));
});

test("a file's bytes are a view of the body, not a copy", () => {
  const body = browserBody([], { name: "cv", fileName: "cv.pdf", bytes: Buffer.from("%PDF-1.4 body") });
  const [part] = parseMultipart(body, BOUNDARY);
  expect(part?.bytes.toString()).toBe("%PDF-1.4 body");
  expect(part?.bytes.buffer).toBe(body.buffer);
});

test("a file input left empty is a part with an empty file name and no bytes", () => {
  const body = browserBody([], { name: "cv", fileName: "", bytes: Buffer.alloc(0) });
  expect(parseMultipart(body, BOUNDARY)).toEqual([{ name: "cv", fileName: "", bytes: Buffer.alloc(0) }]);
});

test("a file name's percent-encoded quote and its UTF-8 characters are decoded as the browser wrote them", () => {
  const body = browserBody([], { name: "cv", fileName: "Résumé %22final%22.pdf", bytes: Buffer.from("x") });
  expect(parseMultipart(body, BOUNDARY)[0]?.fileName).toBe('Résumé "final".pdf');
});

test("a preamble before the first boundary and an epilogue after the last are ignored", () => {
  const inner = browserBody([["name", "Asha"]]);
  const body = Buffer.concat([Buffer.from("This is a preamble.\r\n"), inner, Buffer.from("epilogue")]);
  expect(parseMultipart(body, BOUNDARY)).toEqual([{ name: "name", bytes: Buffer.from("Asha") }]);
});

test("a body cut before its closing boundary is malformed", () => {
  const body = browserBody([["name", "Asha"]]);
  expect(() => parseMultipart(body.subarray(0, body.length - 12), BOUNDARY)).toThrow(MalformedMultipart);
});

test("a body without the boundary it was announced with is malformed", () => {
  expect(() => parseMultipart(browserBody([["name", "Asha"]]), "other")).toThrow(MalformedMultipart);
});

test("a part without a name is malformed", () => {
  const body = Buffer.from(`--${BOUNDARY}\r\nContent-Disposition: form-data\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`);
  expect(() => parseMultipart(body, BOUNDARY)).toThrow(MalformedMultipart);
});

test("a part without headers is malformed", () => {
  const body = Buffer.from(`--${BOUNDARY}\r\n\r\nvalue\r\n--${BOUNDARY}--\r\n`);
  expect(() => parseMultipart(body, BOUNDARY)).toThrow(MalformedMultipart);
});
