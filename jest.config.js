/* Jest projects: unit (pure Node, fast), integration (real HTTP against the sandbox),
 * e2e (the built pages in headless Chromium). `npm test` builds first, then runs all three. */
const tsJest = [
  "ts-jest",
  {
    // Type checking is `npm run typecheck`; tests transpile only (tsconfig has isolatedModules).
    tsconfig: { module: "commonjs", moduleResolution: "node10", jsx: "react-jsx", ignoreDeprecations: "5.0" },
  },
];

const common = {
  transform: { "^.+\\.tsx?$": tsJest },
  testEnvironment: "node",
  moduleFileExtensions: ["ts", "tsx", "js", "mjs", "cjs", "json"],
  // office-addin-mock needs only the OfficeApp enum of office-addin-manifest, whose main entry pulls
  // in @microsoft/app-manifest and an ESM-only strip-bom that Jest 30 cannot require on Node 20;
  // map it to the CommonJS module that defines OfficeApp.
  moduleNameMapper: {
    "^office-addin-manifest$": "<rootDir>/node_modules/office-addin-manifest/lib/officeApp.js",
  },
};

module.exports = {
  // A time-out catches a test that hangs; it is not a speed target (those are `npm run bench`). On a
  // 2-core machine busy with the rest of the suite (or anything else), a sandbox test that sends 200
  // requests can take far longer than Jest's default 5 s, so no test is failed for being slow.
  testTimeout: 60_000,
  projects: [
    { ...common, displayName: "unit", testMatch: ["<rootDir>/test/unit/**/*.test.ts?(x)"] },
    // The simulated Office host's own tests live with it: they test the simulator, not the add-in.
    { ...common, displayName: "office-sim", testMatch: ["<rootDir>/tools/office-sim/test/**/*.test.ts"] },
    { ...common, displayName: "integration", testMatch: ["<rootDir>/test/integration/**/*.test.ts"] },
    // The team gateway against the sandbox and a real redis-server.
    { ...common, displayName: "gateway", testMatch: ["<rootDir>/test/gateway/**/*.test.ts"] },
    { ...common, displayName: "e2e", testMatch: ["<rootDir>/test/e2e/**/*.test.ts"] },
    // The same suite against the sandbox's other reading of every not-shown shape (sandbox/readings.ts).
    {
      ...common,
      displayName: "e2e, other reading",
      testMatch: ["<rootDir>/test/e2e/**/*.test.ts"],
      // The gateway tests bring their own sandbox, and sign-on uses none; each would run the same twice. The
      // table of Excel builds and the web's payload limit are about the host, not the services: once is enough.
      testPathIgnorePatterns: [
        "/test/e2e/pane/gateway\\.test\\.ts$",
        "/test/e2e/pane/team-decisions\\.test\\.ts$",
        "/test/e2e/pane/sign-on\\.test\\.ts$",
        "/test/e2e/excel-builds\\.test\\.ts$",
        "/test/e2e/web-payloads\\.test\\.ts$",
      ],
      setupFiles: ["<rootDir>/test/e2e/harness/other-reading.js"],
    },
  ],
};
