// The custom-function files: every src/functions/*.ts whose JSDoc declares @customfunction.
// webpack feeds them to CustomFunctionsMetadataPlugin; tests check the same list.
const fs = require("node:fs");
const path = require("node:path");

const FUNCTIONS_DIR = path.resolve(__dirname, "../../src/functions");

function functionFiles() {
  return fs
    .readdirSync(FUNCTIONS_DIR)
    .filter((file) => file.endsWith(".ts"))
    .map((file) => path.join(FUNCTIONS_DIR, file))
    .filter((file) => /@customfunction\b/.test(fs.readFileSync(file, "utf8")))
    .sort();
}

module.exports = { functionFiles };
