import type { CompanyContext } from "./record-context";
import { ITL1_NAMES, makePostcode } from "./postcodes";
import { chance, intBetween, pick, round } from "./prng";

/** Registered address and locations; coordinates sit within a few km of the postcode area's town. */

const SALT = 0x91ac;
const STREETS = [
  "High Street",
  "Station Road",
  "Market Street",
  "Church Street",
  "Queen Street",
  "George Street",
  "Albert Road",
  "Mill Lane",
  "Castle Street",
  "Bridge Street",
  "Commercial Road",
  "Business Park",
];
const BUILDINGS = ["", "", "", "Unit 4", "Suite 2", "Floor 3", "The Old Mill", "Enterprise House", "Innovation Centre"];

/** Ofcom's drama ranges per town where one exists, so generated numbers never ring anyone. */
const DRAMA_PHONES: Readonly<Record<string, string>> = {
  London: "020 7946 0",
  Edinburgh: "0131 496 0",
  Glasgow: "0141 496 0",
  Manchester: "0161 496 0",
  Birmingham: "0121 496 0",
  Leeds: "0113 496 0",
  Sheffield: "0114 496 0",
  Bristol: "0117 496 0",
  Nottingham: "0115 496 0",
  "Newcastle upon Tyne": "0191 498 0",
  Belfast: "028 9649 6",
  Cardiff: "029 2018 0",
  Leicester: "0116 496 0",
  Reading: "0118 496 0",
};

export function phoneNumber(town: string, n: number): string {
  const stem = DRAMA_PHONES[town];
  return stem ? `${stem}${String(n % 1000).padStart(3, "0")}` : `01632 960${String(n % 1000).padStart(3, "0")}`;
}

export function placeFields(ctx: CompanyContext): Record<string, unknown> {
  const rng = ctx.rng(SALT);
  const a = ctx.area;
  const building = pick(rng, BUILDINGS);
  const street = `${intBetween(rng, 1, 250)} ${pick(rng, STREETS)}`;
  const address = [building, street, a.town, ctx.postcode].filter(Boolean).join(", ");
  const nationCode = a.nation[0] ?? "E";
  const sites = 1 + (ctx.employees >= 50 ? intBetween(rng, 0, 2) : 0);
  const locations = Array.from({ length: sites }, (_, k) => {
    const postcode =
      k === 0 ? ctx.postcode : makePostcode(a, intBetween(rng, 0, 39), intBetween(rng, 0, 9), intBetween(rng, 0, 360));
    const share = k === 0 ? (sites === 1 ? 1 : 0.6) : 0.4 / (sites - 1);
    return {
      AssociatedAddress: k === 0 ? address : `${intBetween(rng, 1, 99)} ${pick(rng, STREETS)}, ${a.town}, ${postcode}`,
      ITL1: a.itl1,
      ITL1NM: ITL1_NAMES[a.itl1] ?? "",
      ITL2: a.itl2,
      ITL2NM: a.itl2Name,
      ITL3: `${a.itl2}${intBetween(rng, 1, 4)}`,
      LAcode: a.laCode,
      LAname: a.laName,
      LSOA: `${nationCode}01${String(intBetween(rng, 0, 999_999)).padStart(6, "0")}`,
      MSOA: `${nationCode}02${String(intBetween(rng, 0, 999_999)).padStart(6, "0")}`,
      OECDFUACorePlusCommuting: `UK${String(a.area.charCodeAt(0)).padStart(3, "0")} ${a.town}`,
      Postcode: postcode.replace(" ", ""),
      Postcode_withspaces: postcode,
      StrategicAuthorityCode: a.saCode,
      StrategicAuthorityName: a.saName,
      UKConstituency: `${a.town} ${pick(rng, ["Central", "North", "South", "East", "West"])}`,
      BestEstimateLocationEmployees: Math.max(1, Math.round(ctx.employees * share)),
      BestEstimateLocationGVA: round(ctx.employees * share * ctx.theme.turnoverPerHead * 0.45, 2),
      BestEstimateLocationTurnover: Math.round(ctx.turnover * share),
      Latitude: round(a.lat + (rng() - 0.5) * 0.08, 6),
      Longitude: round(a.lon + (rng() - 0.5) * 0.12, 6),
      FoundOnWebpage: ctx.domain !== null && chance(rng, 0.6),
      IsBlacklisted: false,
      IsOperatingAddress: k > 0 || chance(rng, 0.8),
      IsSubsidiaryAddress: (ctx.ds.groupOf[ctx.i] ?? -1) >= 0 && (ctx.ds.level[ctx.i] ?? 0) > 0,
      RegisteredPostcode: k === 0,
    };
  });
  return {
    RegisteredAddress: address,
    RegisteredPostcode: ctx.postcode,
    CompanyNation: a.nation,
    LocationDetails: locations,
  };
}
