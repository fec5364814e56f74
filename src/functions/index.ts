// The custom functions. Every file here whose JSDoc says @customfunction is an input of
// CustomFunctionsMetadataPlugin (webpack.config.js), which generates functions.json from the JSDoc
// and appends the CustomFunctions.associate calls to the file.
import "./match";
import "./field";
import "./fields";
import "./classify";
import "./company";
import "./group";
import "./website";
import "./market";
import "./asof";
import "./history";
