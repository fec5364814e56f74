import { type Dataset, dayToIso, domainOf, isActive } from "../data/dataset";
import { registeredPostcodeOf } from "../data/record-context";
import { sicAt } from "../data/sic2007";
import { domainOfUrl } from "../product/website";

/** Optional request hints (CONTRACT-CHOICES: website, postcode, address, sic_code, date_hint) as score evidence. */

export interface MatchHints {
  website?: string;
  postcode?: string;
  address?: string;
  sic_code?: string;
  date_hint?: string;
}

export interface HintEvidence {
  bonus: number;
  reasons: string[];
}

/** INFERRED bonuses: a full postcode or website agreeing is strong evidence, a year or SIC weak. */
export const HINT_BONUS = {
  postcode: 0.08,
  postcodeDistrict: 0.04,
  postcodeAreaMismatch: -0.03,
  website: 0.12,
  sic: 0.03,
  date: 0.05,
  year: 0.03,
  address: 0.02,
  active: 0.02,
};

const compact = (postcode: string) => postcode.toUpperCase().replace(/\s+/g, "");
const outward = (postcode: string) => postcode.toUpperCase().trim().split(/\s+/)[0] ?? "";
const areaOf = (postcode: string) => /^[A-Z]+/.exec(postcode.toUpperCase().trim())?.[0] ?? "";

export function hintEvidence(ds: Dataset, i: number, hints: MatchHints, useHints: boolean): HintEvidence {
  const reasons: string[] = [];
  let bonus = 0;
  if (isActive(ds, i)) {
    bonus += HINT_BONUS.active;
    reasons.push("active_company");
  }
  if (!useHints) return { bonus, reasons };
  const postcode = registeredPostcodeOf(ds, i);
  if (hints.postcode) {
    if (compact(hints.postcode) === compact(postcode)) {
      bonus += HINT_BONUS.postcode;
      reasons.push("postcode_match");
    } else if (outward(hints.postcode) === outward(postcode)) {
      bonus += HINT_BONUS.postcodeDistrict;
      reasons.push("postcode_district_match");
    } else if (areaOf(hints.postcode) !== areaOf(postcode)) {
      bonus += HINT_BONUS.postcodeAreaMismatch;
      reasons.push("postcode_mismatch");
    }
  }
  if (hints.website && domainOfUrl(hints.website) === domainOf(ds, i)) {
    bonus += HINT_BONUS.website;
    reasons.push("website_match");
  }
  if (hints.sic_code && hints.sic_code.trim() === sicAt(ds.sic[i] ?? 0).code) {
    bonus += HINT_BONUS.sic;
    reasons.push("sic_match");
  }
  if (hints.date_hint) {
    const iso = dayToIso(ds.incorporatedDay[i] ?? 0);
    if (hints.date_hint.trim() === iso) {
      bonus += HINT_BONUS.date;
      reasons.push("incorporation_date_match");
    } else if (hints.date_hint.trim().slice(0, 4) === iso.slice(0, 4)) {
      bonus += HINT_BONUS.year;
      reasons.push("incorporation_year_match");
    }
  }
  if (hints.address && compact(hints.address).includes(compact(postcode))) {
    bonus += HINT_BONUS.address;
    reasons.push("address_match");
  }
  return { bonus, reasons };
}
