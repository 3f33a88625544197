import js from "@eslint/js";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import tseslint from "typescript-eslint";
import reactHooks from "eslint-plugin-react-hooks";

const root = dirname(fileURLToPath(import.meta.url));

/**
 * The folders show the architecture, and this rule keeps it so. A feature (`pwa/src/features/<name>/`,
 * `api/features/<name>/`) imports no other feature: what two of them need goes below them (`pwa/src/lib/`,
 * `pwa/src/components/`, `api/contracts/`, `api/db/`, ...), and only `pwa/src/app/` (or `api/app.ts`, `api/deps.ts`)
 * puts features together. The PWA's shared folders import no feature and no app code, and only tests import the
 * test helpers of `pwa/src/test/`. Across the two sides: the API imports nothing of the PWA; the PWA imports nothing
 * of the API but its contracts; and the contracts, which run in the browser too, import only each other and valibot
 * (no database, no Deno, no Node built-ins).
 */
export const boundaries = {
  meta: {
    type: "problem",
    schema: [{ type: "object", properties: { shared: { type: "array", items: { type: "string" } } } }],
    messages: {
      sideways: "{{from}} may not import {{to}}: features do not import each other. Move what both need to {{below}}.",
      upwards: "{{from}} is shared and may not import {{to}}: a shared piece knows no feature and no app code.",
      testHelper: "Only tests import the test helpers ({{to}}).",
      apiImportsPwa: "{{from}} may not import {{to}}: the API knows nothing of the PWA.",
      pwaImportsApi: "{{from}} may not import {{to}}: the PWA imports only the API's contracts (api/contracts/).",
      contractsImport:
        "{{from}} may not import {{to}}: contracts run in the browser too, so they import only other contracts and valibot.",
    },
  },
  create(context) {
    const shared = context.options[0]?.shared ?? [];
    const file = relative(root, context.filename).split("\\").join("/");
    const featureOf = (path) => {
      const match = /^(pwa\/src|api)\/features\/([^/]+)\//.exec(path);
      return match && !shared.some((folder) => path.startsWith(`${folder}/`))
        ? `${match[1]}/features/${match[2]}`
        : null;
    };
    const from = featureOf(file);
    const isShared = /^pwa\/src\/(lib|components)\//.test(file);
    const isTest = /\.test\.tsx?$/.test(file) || file.startsWith("pwa/src/test/");
    const isContract = file.startsWith("api/contracts/") && !isTest;

    function check(node, specifier) {
      if (typeof specifier !== "string") return;
      if (isContract && !specifier.startsWith(".") && specifier !== "valibot") {
        context.report({ node, messageId: "contractsImport", data: { from: file, to: specifier } });
        return;
      }
      const aliased = specifier.startsWith("@contracts/");
      if (!specifier.startsWith(".") && !aliased) return;
      const target = aliased
        ? `api/contracts/${specifier.slice("@contracts/".length)}`
        : relative(root, resolve(dirname(context.filename), specifier))
            .split("\\")
            .join("/");
      if (file.startsWith("api/") && target.startsWith("pwa/")) {
        context.report({ node, messageId: "apiImportsPwa", data: { from: file, to: target } });
        return;
      }
      if (file.startsWith("pwa/") && target.startsWith("api/") && !target.startsWith("api/contracts/")) {
        context.report({ node, messageId: "pwaImportsApi", data: { from: file, to: target } });
        return;
      }
      if (isContract && !target.startsWith("api/contracts/")) {
        context.report({ node, messageId: "contractsImport", data: { from: file, to: target } });
        return;
      }
      const to = featureOf(target);
      if (from && to && to !== from) {
        const below = from.startsWith("api/")
          ? "api/contracts/, api/db/ or another shared folder"
          : "pwa/src/lib/ or pwa/src/components/";
        context.report({ node, messageId: "sideways", data: { from, to, below } });
      } else if (isShared && /^pwa\/src\/(features|app)\//.test(target))
        context.report({ node, messageId: "upwards", data: { from: file, to: target } });
      else if (!isTest && target.startsWith("pwa/src/test/"))
        context.report({ node, messageId: "testHelper", data: { to: target } });
    }

    const fromSource = (node) => node.source && check(node.source, node.source.value);
    return {
      ImportDeclaration: fromSource,
      ExportNamedDeclaration: fromSource,
      ExportAllDeclaration: fromSource,
      ImportExpression: (node) => check(node.source, node.source.value),
      // `typeof import("...")` in types.
      TSImportType: (node) => check(node, node.argument?.literal?.value),
    };
  },
};

export default tseslint.config(
  { ignores: ["node_modules/", "data/", "pwa/dist/", "e2e/artifacts/", "test-results/", "playwright-report/"] },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    files: ["pwa/**/*.{ts,tsx}"],
    plugins: { "react-hooks": reactHooks },
    rules: { ...reactHooks.configs.recommended.rules },
  },
  {
    files: ["pwa/**/*.{ts,tsx}", "api/**/*.ts"],
    plugins: { architecture: { rules: { boundaries } } },
    rules: {
      "architecture/boundaries": "error",
    },
  },
  {
    // Contracts run in the browser too: no server runtime's globals.
    files: ["api/contracts/**/*.ts"],
    ignores: ["api/contracts/**/*.test.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        ...["Deno", "process", "Buffer"].map((name) => ({ name, message: "Contracts run in the browser too." })),
      ],
    },
  },
  {
    files: ["pwa/src/**/*.{ts,tsx}"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          paths: [
            {
              name: "react-router-dom",
              importNames: ["Link", "NavLink"],
              message:
                "Use pwa/src/components/Link.tsx: the router's own links bring its prefetching to every page (decision 0044).",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["**/*.mjs", "**/*.js"],
    languageOptions: { globals: { process: "readonly", console: "readonly", URL: "readonly", setTimeout: "readonly" } },
  },
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "@typescript-eslint/no-empty-object-type": "off",
    },
  },
);
