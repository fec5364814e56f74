import tseslint from "typescript-eslint";

const officeGlobals = ["Office", "Excel", "CustomFunctions", "OfficeRuntime"].map((name) => ({
  name,
  message: "core/ and api/ are host-agnostic: reach Office only through an interface that host/ implements.",
}));

export default tseslint.config(
  { ignores: ["**/dist/**", "node_modules/**", "coverage/**", "test-results/**", ".prof/**"] },
  ...tseslint.configs.recommended,
  {
    rules: {
      "@typescript-eslint/no-unused-vars": ["error", { argsIgnorePattern: "^_", varsIgnorePattern: "^_" }],
      "no-console": "off",
    },
  },
  {
    // Excel passes whatever a cell holds; custom-functions-metadata maps only `any` (not `unknown`) to
    // an untyped parameter, so the function signatures must say `any` and validate inside.
    files: ["src/functions/**"],
    rules: { "@typescript-eslint/no-explicit-any": "off" },
  },
  {
    files: ["**/*.js", "**/*.mjs", "**/*.cjs"],
    rules: { "@typescript-eslint/no-require-imports": "off" },
  },
  {
    // The dependency rule of DESIGN.md: core and api never import upward and never touch Office.
    files: ["src/core/**", "src/api/**"],
    rules: {
      "no-restricted-globals": ["error", ...officeGlobals],
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              // "./functions/" is core's own formulas (core/functions), never src/functions above it.
              group: [
                "**/functions/**",
                "!./functions/**",
                "**/taskpane/**",
                "**/commands/**",
                "**/host/**",
                "**/sandbox/**",
              ],
              message: "core/ and api/ never import upward.",
            },
          ],
        },
      ],
    },
  },
  {
    // The add-in never bundles the sandbox: it reaches it only over HTTP, at the URLs of config.json.
    files: ["src/**"],
    ignores: ["src/core/**", "src/api/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/sandbox/**"], message: "The add-in never imports the sandbox." }] },
      ],
    },
  },
  {
    // The pane and the host read the API layer's types only; its values come through core
    // (core/api-values.ts), so what they take from api/ is one list, and the layering holds.
    files: ["src/taskpane/**", "src/host/**"],
    rules: {
      "@typescript-eslint/no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/api", "**/api/**"],
              allowTypeImports: true,
              message: "The pane and the host import api/ types only; take values through core/api-values.ts.",
            },
          ],
        },
      ],
    },
  },
  {
    // The body worker runs where there is no Office and no page: only what every reader shares.
    files: ["src/worker/*.worker.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        ...["Office", "Excel", "CustomFunctions", "OfficeRuntime", "window", "document"].map((name) => ({
          name,
          message: "A Web Worker has no Office, window or document.",
        })),
      ],
    },
  },
  {
    // The sandbox is its own program: it stands in for the services and borrows nothing of the client's.
    files: ["sandbox/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        { patterns: [{ group: ["**/src/**"], message: "The sandbox never imports the add-in." }] },
      ],
    },
  },
  {
    // The team gateway is its own program too: it speaks HTTP to the add-in and to the services.
    files: ["gateway/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: ["**/src/**", "**/sandbox/**"],
              message: "The gateway imports neither the add-in nor the sandbox.",
            },
          ],
        },
      ],
    },
  },
  {
    files: ["src/api/**"],
    rules: {
      "no-restricted-imports": [
        "error",
        {
          patterns: [
            {
              group: [
                "**/core/**",
                "**/functions/**",
                "**/taskpane/**",
                "**/commands/**",
                "**/host/**",
                "**/sandbox/**",
              ],
              message: "api/ depends on nothing above it.",
            },
          ],
        },
      ],
    },
  },
);
