// The custom functions. Each file is an input of CustomFunctionsMetadataPlugin (webpack.config.js),
// which generates functions.json from their JSDoc and appends the CustomFunctions.associate calls.
import "./match";
import "./field";
import "./classify";
