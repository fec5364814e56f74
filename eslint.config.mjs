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
    // core and api never touch Office. Which room imports which is .dependency-cruiser.cjs's, in `npm run lint` too.
    files: ["src/core/**", "src/api/**"],
    rules: { "no-restricted-globals": ["error", ...officeGlobals] },
  },
  {
    // A feature's views and logic render and decide; its host.ts is the one file of the folder that
    // touches Office (.dependency-cruiser.cjs counts it with src/host).
    files: ["src/features/**"],
    ignores: ["src/features/*/host.ts"],
    rules: {
      "no-restricted-globals": [
        "error",
        ...["Office", "Excel", "CustomFunctions", "OfficeRuntime"].map((name) => ({
          name,
          message: "A feature reaches Office through its host.ts (or src/host), never from a view.",
        })),
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
);
