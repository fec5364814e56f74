/**
 * The views the pane offers, in home-page order. To add one: make a folder under views/
 * whose module exports a PaneView (see registry.ts), and list it here.
 */
import type { PaneView } from "./registry";
import { signInView } from "./sign-in/SignInView";
import { importView } from "./import/ImportView";
import { builderView } from "./builder/BuilderView";
import { groupView } from "./group/GroupView";
import { workbookView } from "./workbook/WorkbookView";
import { websiteView } from "./website/WebsiteView";
import { marketView } from "./market/MarketView";
import { searchView } from "./search/SearchView";
import { classifyExamplesView } from "./classify-examples/ClassifyExamplesView";
import { listSummaryView } from "./list-summary/ListSummaryView";
import { exploreView } from "./explore/ExploreView";
import { aboutValueView } from "./about-value/AboutValueView";
import { changesView } from "./changes/ChangesView";
import { peersView, tearsheetView } from "./tearsheet/TearsheetView";
import { matchNamesView } from "./match-names/MatchNamesView";

/** Grouped by task: putting data in a sheet, finding companies, keeping the data current, setting up. */
export const PANE_VIEWS: readonly PaneView[] = [
  matchNamesView,
  builderView,
  tearsheetView,
  peersView,
  groupView,
  importView,
  searchView,
  websiteView,
  exploreView,
  classifyExamplesView,
  listSummaryView,
  marketView,
  workbookView,
  changesView,
  aboutValueView,
  signInView,
];
