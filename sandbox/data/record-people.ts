import { type CompanyContext, REFERENCE_DAY, titleCase } from "./record-context";
import { dayToIso } from "./dataset";
import { FEMALE_FORENAMES, HONOURS, MALE_FORENAMES, NATIONALITIES, OCCUPATIONS, UNISEX_FORENAMES } from "./people";
import { SURNAMES } from "./names";
import { chance, intBetween, pick } from "./prng";

/** Officers, and the director and founder gender statistics derived from them. */

type Gender = "F" | "M" | "U";

export const GENDER_CATEGORIES = [
  "All women led",
  "Majority women led",
  "Mixed led",
  "Majority men led",
  "All men led",
  "Uncertain",
] as const;

interface Officer {
  record: Record<string, unknown>;
  gender: Gender;
  director: boolean;
  active: boolean;
  founder: boolean;
}

/** INFERRED: a category is Uncertain when no one counts or most genders are unknown. */
export function genderCategory(female: number, male: number, unknown: number): string {
  const total = female + male + unknown;
  if (total === 0 || unknown * 2 > total) return "Uncertain";
  if (male === 0) return "All women led";
  if (female === 0) return "All men led";
  if (female > male) return "Majority women led";
  return male > female ? "Majority men led" : "Mixed led";
}

const SALT = 0x0ff1;
const FEMALE_LEANING = new Set(["CIC-0202", "CIC-1001", "CIC-1101"]);

/** INFERRED: founders of companies older than this have all resigned; serving officers came later. */
const FOUNDERS_SERVE_UP_TO_DAYS = 35 * 365;

function buildOfficers(ctx: CompanyContext): Officer[] {
  const rng = ctx.rng(SALT);
  const llp = ctx.prefix === "OC" || ctx.prefix === "SO" || ctx.prefix === "NC";
  const femaleShare = FEMALE_LEANING.has(ctx.theme.cic) ? 0.55 : 0.28;
  const serving = Math.min(9, 1 + Math.floor(Math.log2(ctx.employees + 1) * 0.7) + intBetween(rng, 0, 1));
  const oldCompany = ctx.ageDays > FOUNDERS_SERVE_UP_TO_DAYS;
  const founders = oldCompany ? intBetween(rng, 1, 2) : Math.max(1, Math.ceil(serving / 2));
  const later = (oldCompany ? serving : serving - founders) + intBetween(rng, 0, 2);
  const secretary = !llp && chance(rng, 0.4);
  const out: Officer[] = [];
  let activeLeft = ctx.dissolved ? 0 : serving;
  for (let k = 0; k < founders + later + (secretary ? 1 : 0); k++) {
    const isSecretary = secretary && k === founders + later;
    const founder = k < founders;
    const r = rng();
    const gender: Gender = r < 0.05 ? "U" : r < 0.05 + femaleShare ? "F" : "M";
    const forename = pick(rng, gender === "F" ? FEMALE_FORENAMES : gender === "M" ? MALE_FORENAMES : UNISEX_FORENAMES);
    const earliest = oldCompany && !founder ? REFERENCE_DAY - FOUNDERS_SERVE_UP_TO_DAYS : ctx.incorporatedDay;
    const appointed = founder ? ctx.incorporatedDay : intBetween(rng, earliest, Math.max(earliest, REFERENCE_DAY - 30));
    const active =
      !isSecretary && !(founder && oldCompany) && activeLeft > 0 ? (activeLeft--, true) : isSecretary && !ctx.dissolved;
    const role = isSecretary ? "Secretary" : llp ? (k === 0 ? "LLP Designated Member" : "LLP Member") : "Director";
    const appointedYear = new Date(appointed * 86_400_000).getUTCFullYear();
    const record: Record<string, unknown> = {
      AddressLine1: `${intBetween(rng, 1, 180)} ${pick(rng, ["High Street", "Station Road", "Church Lane", "Victoria Road", "Park Avenue", "Mill Lane", "King Street"])}`,
      AddressLine2: chance(rng, 0.3) ? `Flat ${intBetween(rng, 1, 12)}` : "",
      Careof: "",
      Country: ctx.area.nation,
      County: ctx.area.laName,
      Forenames: chance(rng, 0.2)
        ? `${forename} ${pick(rng, gender === "F" ? FEMALE_FORENAMES : MALE_FORENAMES)}`
        : forename,
      Honours: pick(rng, HONOURS),
      Nationality: pick(rng, NATIONALITIES),
      Occupation: pick(rng, OCCUPATIONS),
      PersonNumber: String(intBetween(rng, 100_000_000, 999_999_999)) + String(intBetween(rng, 100, 999)),
      PostTown: ctx.area.town,
      Role: role,
      Surname: titleCase(pick(rng, SURNAMES)),
      Title:
        gender === "F"
          ? pick(rng, ["Mrs", "Ms", "Miss", "Dr"])
          : gender === "M"
            ? pick(rng, ["Mr", "Mr", "Dr"])
            : pick(rng, ["Mx", "Dr"]),
      UsualResidentialCountry: "United Kingdom",
      Appointedon: dayToIso(appointed),
      DOB: `${Math.min(2004, appointedYear - intBetween(rng, 24, 58))}-${String(intBetween(rng, 1, 12)).padStart(2, "0")}-01`,
    };
    if (!active)
      record.ResignationDate = dayToIso(
        intBetween(rng, appointed + 1, Math.min(REFERENCE_DAY - 1, appointed + 365 * 30)),
      );
    out.push({ record, gender, director: role === "Director" || role.startsWith("LLP"), active, founder });
  }
  return out;
}

function count(officers: Officer[], test: (o: Officer) => boolean, gender: Gender): number {
  return officers.filter((o) => test(o) && o.gender === gender).length;
}

export function peopleFields(ctx: CompanyContext): Record<string, unknown> {
  const officers = buildOfficers(ctx);
  const activeDirector = (o: Officer) => o.active && o.director;
  const activeFounder = (o: Officer) => o.active && o.founder;
  const founder = (o: Officer) => o.founder;
  const stats = {
    ActiveFemaleDirectors: count(officers, activeDirector, "F"),
    ActiveMaleDirectors: count(officers, activeDirector, "M"),
    ActiveUnknownGenderDirectors: count(officers, activeDirector, "U"),
    ActiveFemaleFounders: count(officers, activeFounder, "F"),
    ActiveMaleFounders: count(officers, activeFounder, "M"),
    ActiveUnknownGenderFounders: count(officers, activeFounder, "U"),
    InitialFemaleFounders: count(officers, founder, "F"),
    InitialMaleFounders: count(officers, founder, "M"),
    TotalActiveDirectors: officers.filter(activeDirector).length,
    TotalActiveFounders: officers.filter(activeFounder).length,
    TotalInitialFounders: officers.filter(founder).length,
  };
  return {
    Officers: officers.map((o) => o.record),
    NumberOfCurrentDirectors: officers.filter((o) => o.active && o.record.Role === "Director").length,
    NumberOfCurrentOfficers: officers.filter((o) => o.active).length,
    WomenLedStats: stats,
    GenderLedCategory: genderCategory(
      stats.ActiveFemaleDirectors,
      stats.ActiveMaleDirectors,
      stats.ActiveUnknownGenderDirectors,
    ),
    GenderFoundedCategory: genderCategory(
      stats.ActiveFemaleFounders,
      stats.ActiveMaleFounders,
      stats.ActiveUnknownGenderFounders,
    ),
  };
}
