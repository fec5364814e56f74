/**
 * The views the pane offers, one line each, in home-page order (grouped by task: putting data in a
 * sheet, finding companies, keeping the data current, setting up). To add one: make a folder under
 * features/ whose view module calls `defineView` (registry.ts), and load it here. Only this table
 * imports a view module (lint checks it), so the order here is the order the views are defined.
 */
import { definedViews } from "./registry";
import "./match-names/view";
import "./builder/view";
import "./tearsheet/view";
import "./group/view";
import "./import/view";
import "./search/view";
import "./website/view";
import "./explore/view";
import "./classify-examples/view";
import "./list-summary/view";
import "./market/view";
import "./workbook/view";
import "./changes/view";
import "./about-value/view";
import "./sign-in/view";

export const PANE_VIEWS = definedViews();
