import js from "@eslint/js";
import tseslint from "typescript-eslint";

/**
 * One import style (ADR 4): `#app/…`, `#server/…`, `#shared/…`, `#scripts/…` or `#tests/…` say which side of a boundary
 * an import crosses, and read the same from every file. React Router's generated `./+types/…` is the one relative path.
 */
const noRelative = {
  regex: "^\\.(?!/\\+types/)",
  message: "Import with #app/…, #server/…, #shared/…, #scripts/… or #tests/…, not a relative path.",
};
const noServer = {
  regex: "^#server/",
  message:
    "Browser code must not import server code. Take types and schemas from #shared/…; load data in a route loader.",
};
const serverTypesOnly = {
  regex: "^#server/",
  allowTypeImports: true,
  message: "Loaders reach server code through the services in the load context (ADR 0004); import only its types.",
};
const onlyServerDoors = {
  regex: "^#server/[^/]+/",
  message: "Types come from a domain's door (#server/jobs.ts, #server/services.ts …), not its internals.",
};
const noApp = {
  regex: "^#app/",
  message: "Server code must not import the React app. Shared vocabulary lives in #shared/….",
};
const noSides = {
  regex: "^(#app/|#server/|#tests/|react|hono|drizzle-orm|pg$|@electric-sql/)",
  message: "#shared/ is the vocabulary both sides import; it imports neither side (nor React, Hono or the database).",
};

const restrict = (...patterns) => ({ "no-restricted-imports": ["error", { patterns }] });

/**
 * Server domains whose folder is private to their door (ADR 33): `server/jobs/*` is imported by `server/jobs.ts` and by
 * the files of `server/jobs/` alone; everyone else calls the door's verbs or listens to its hooks. The infrastructure
 * folders (`db/`, `http/`, `api/`) are open to the whole server.
 */
const DOMAINS = [
  "alerts",
  "applications",
  "auth",
  "companies",
  "feeds",
  "jobs",
  "mail",
  "moderation",
  "openapi",
  "seed",
  "sources",
];
const privateTo = (domain) => ({
  regex: `^#server/${domain}/`,
  message: `server/${domain}/ is private to its door: import #server/${domain}.ts (its verbs, hooks and types) instead.`,
});
const privateDomains = (except) => DOMAINS.filter((domain) => domain !== except).map(privateTo);

export default tseslint.config(
  { ignores: ["build/", "build-*/", "data/", ".react-router/", "node_modules/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { process: "readonly", console: "readonly", Buffer: "readonly", URL: "readonly" } },
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/consistent-type-imports": "error",
    },
  },
  { files: ["shared/**/*.{ts,tsx}"], rules: restrict(noRelative, noSides) },
  { files: ["server/**/*.{ts,tsx}"], rules: restrict(noRelative, noApp, ...privateDomains()) },
  // A domain's door and its own files may import the folder; later entries override the one above for them.
  ...DOMAINS.map((domain) => ({
    files: [`server/${domain}.ts`, `server/${domain}/**/*.{ts,tsx}`],
    rules: restrict(noRelative, noApp, ...privateDomains(domain)),
  })),
  // Components, hooks and browser helpers run in the browser: no server code at all, not even types.
  { files: ["app/**/*.{ts,tsx}"], rules: restrict(noRelative, noServer) },
  // Route modules, the root and *.server.ts seams run loaders on the server. They call the domains through the
  // services in the load context, so the page build holds no copy of server code: types only, from a door.
  {
    files: ["app/routes/**/*.{ts,tsx}", "app/root.tsx", "app/entry.server.tsx", "app/**/*.server.{ts,tsx}"],
    rules: restrict(noRelative, serverTypesOnly, onlyServerDoors),
  },
  // One browser API client (ADR 35): the error shape, the answers' schemas and the network failure are read in one place.
  {
    files: ["app/**/*.{ts,tsx}"],
    ignores: ["app/lib/api-client.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        { name: "fetch", message: "Call the API through `api` from #app/lib/api-client.ts (ADR 35)." },
      ],
    },
  },
  { files: ["scripts/**/*.ts"], rules: restrict(noRelative, ...privateDomains()) },
  // Tests may reach a domain's insides: a unit test exercises one module on its own.
  { files: ["tests/**/*.ts"], rules: restrict(noRelative) },
);
