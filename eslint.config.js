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
 * test helpers of `pwa/src/test/`.
 */
export const boundaries = {
  meta: {
    type: "problem",
    schema: [{ type: "object", properties: { shared: { type: "array", items: { type: "string" } } } }],
    messages: {
      sideways: "{{from}} may not import {{to}}: features do not import each other. Move what both need to {{below}}.",
      upwards: "{{from}} is shared and may not import {{to}}: a shared piece knows no feature and no app code.",
      testHelper: "Only tests import the test helpers ({{to}}).",
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

    function check(node, specifier) {
      if (typeof specifier !== "string" || !specifier.startsWith(".")) return;
      const target = relative(root, resolve(dirname(context.filename), specifier))
        .split("\\")
        .join("/");
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
    files: ["pwa/src/**/*.{ts,tsx}", "api/**/*.ts"],
    plugins: { architecture: { rules: { boundaries } } },
    rules: {
      "architecture/boundaries": "error",
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
