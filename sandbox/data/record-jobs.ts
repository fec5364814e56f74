import type { CompanyContext } from "./record-context";
import { REFERENCE_DATE } from "./incorporation";
import { type Rng, chance, intBetween, round, sample } from "./prng";

/**
 * Job-posting fields (a paid upgrade behind `jobdata:read`). SOC codes are real SOC 2010 unit groups;
 * the LOT occupation codes are SAMPLE codes invented for the sandbox.
 */

const SALT = 0x70b5;
const MONTHS = 12;

const SOC_BY_VERTICAL: Readonly<Record<string, readonly (readonly [string, string])[]>> = {
  "V-DIGI": [
    ["2136", "Programmers and software development professionals"],
    ["2135", "IT business analysts, architects and systems designers"],
    ["2137", "Web design and development professionals"],
    ["3545", "Sales accounts and business development managers"],
  ],
  "V-LIFE": [
    ["2211", "Medical practitioners"],
    ["2231", "Nurses"],
    ["6145", "Care workers and home carers"],
    ["2112", "Biological scientists and biochemists"],
  ],
  "V-NETZ": [
    ["2122", "Mechanical engineers"],
    ["2123", "Electrical engineers"],
    ["5241", "Electricians and electrical fitters"],
    ["2142", "Environment professionals"],
  ],
  "V-MANU": [
    ["2126", "Design and development engineers"],
    ["5223", "Metal working production and maintenance fitters"],
    ["8125", "Metal working machine operatives"],
    ["2122", "Mechanical engineers"],
  ],
  "V-BUILT": [
    ["5241", "Electricians and electrical fitters"],
    ["5314", "Plumbers and heating and ventilating engineers"],
    ["2121", "Civil engineers"],
    ["9233", "Cleaners and domestics"],
  ],
  "V-HOSP": [
    ["5434", "Chefs"],
    ["9272", "Kitchen and catering assistants"],
    ["9274", "Bar staff"],
    ["1223", "Restaurant and catering establishment managers and proprietors"],
  ],
  "V-CREA": [
    ["3421", "Graphic designers"],
    ["3543", "Marketing associate professionals"],
    ["3416", "Arts officers, producers and directors"],
    ["2137", "Web design and development professionals"],
  ],
  "V-FPS": [
    ["2421", "Chartered and certified accountants"],
    ["2413", "Solicitors"],
    ["3534", "Finance and investment analysts and advisers"],
    ["4122", "Book-keepers, payroll managers and wages clerks"],
  ],
  "V-LOGI": [
    ["8211", "Large goods vehicle drivers"],
    ["9260", "Elementary storage occupations"],
    ["3537", "Importers and exporters"],
    ["8212", "Van drivers"],
  ],
  "V-EDU": [
    ["2314", "Secondary education teaching professionals"],
    ["3563", "Vocational and industrial trainers and instructors"],
    ["6125", "Teaching assistants"],
    ["2319", "Teaching and other educational professionals n.e.c."],
  ],
  "V-CONS": [
    ["7111", "Sales and retail assistants"],
    ["1190", "Managers and directors in retail and wholesale"],
    ["3443", "Fitness instructors"],
    ["7129", "Sales related occupations n.e.c."],
  ],
  "V-AGRI": [
    ["5111", "Farmers"],
    ["9111", "Farm workers"],
    ["5112", "Horticultural trades"],
    ["8229", "Mobile machine drivers and operatives n.e.c."],
  ],
};

/** SAMPLE LOT (occupation taxonomy) codes. */
const LOTS: readonly (readonly [string, string])[] = [
  ["LOT-1101", "Software Developer / Engineer"],
  ["LOT-1102", "Data Analyst"],
  ["LOT-2101", "Registered Nurse"],
  ["LOT-3101", "Electrician"],
  ["LOT-4101", "Chef / Cook"],
  ["LOT-2102", "Care Worker"],
  ["LOT-5101", "Accountant"],
  ["LOT-6101", "Sales Representative"],
  ["LOT-6102", "Marketing Manager"],
  ["LOT-7101", "HGV Driver"],
  ["LOT-8101", "Teacher"],
  ["LOT-3102", "Mechanical Engineer"],
];

const SKILLS = [
  "Communication",
  "Customer Service",
  "Project Management",
  "Microsoft Excel",
  "Python",
  "SQL",
  "Sales",
  "Teamwork",
  "Health and Safety",
  "Food Safety",
  "AutoCAD",
  "JavaScript",
];

function monthStamps(): number[] {
  const end = new Date(REFERENCE_DATE);
  return Array.from({ length: MONTHS }, (_, k) =>
    Date.UTC(end.getUTCFullYear(), end.getUTCMonth() - (MONTHS - 1 - k), 1),
  );
}

function overTime(rng: Rng, total: number): { Count: number; Timestamp: number }[] {
  return monthStamps().map((Timestamp) => ({ Count: Math.round((total / MONTHS) * (0.5 + rng())), Timestamp }));
}

export const JOB_FIELDS = [
  "CompanyJobPostings",
  "CompanyJobPostingsByLot",
  "CompanyJobPostingsByLOTCodeOverTime",
  "CompanyJobPostingsBySOC4CodeOverTime",
  "CompanyJobPostingsBySkill",
  "CompanyJobPostingsOverTime",
] as const;

export function jobFields(ctx: CompanyContext, vertical: string): Record<string, unknown> {
  const rng = ctx.rng(SALT);
  const hiring = !ctx.dissolved && ctx.employees >= 5 && chance(rng, 0.5);
  if (!hiring) {
    return {
      CompanyJobPostings: [],
      CompanyJobPostingsByLot: [],
      CompanyJobPostingsByLOTCodeOverTime: [],
      CompanyJobPostingsBySOC4CodeOverTime: [],
      CompanyJobPostingsBySkill: [],
      CompanyJobPostingsOverTime: { CompanyJobPostingsOverTimeByLot: [], CompanyJobPostingsOverTimeBySoc4: [] },
    };
  }
  const socs = sample(rng, SOC_BY_VERTICAL[vertical] ?? SOC_BY_VERTICAL["V-FPS"] ?? [], 2);
  const lots = sample(rng, LOTS, 2);
  const postings = socs.map(([code, name]) => ({
    SOC4Code: code,
    SOC4Name: name,
    Postings: intBetween(rng, 1, Math.max(2, ctx.employees / 4)),
    MedianSalary: intBetween(rng, 22, 75) * 1000,
  }));
  const byLot = lots.map(([code, name]) => ({
    LotCode: code,
    LotName: name,
    Postings: intBetween(rng, 1, Math.max(2, ctx.employees / 4)),
    MedianSalary: intBetween(rng, 22, 75) * 1000,
  }));
  const total = postings.reduce((s, p) => s + p.Postings, 0);
  const stamps = monthStamps();
  return {
    CompanyJobPostings: postings,
    CompanyJobPostingsByLot: byLot,
    CompanyJobPostingsByLOTCodeOverTime: byLot.flatMap((l) =>
      stamps
        .filter(() => chance(rng, 0.5))
        .map((Timestamp) => ({
          LOTCode: l.LotCode,
          Count: intBetween(rng, 1, 4),
          AverageMedianSalary: l.MedianSalary,
          Timestamp,
        })),
    ),
    CompanyJobPostingsBySOC4CodeOverTime: postings.flatMap((p) =>
      stamps
        .filter(() => chance(rng, 0.5))
        .map((Timestamp) => ({
          SOC4Code: p.SOC4Code,
          Count: intBetween(rng, 1, 4),
          AverageMedianSalary: p.MedianSalary,
          Timestamp,
        })),
    ),
    CompanyJobPostingsBySkill: sample(rng, SKILLS, 3).map((SkillName) => ({
      SkillName,
      UniquePostings: intBetween(rng, 1, total),
      MedianPostingDuration: round(10 + rng() * 30, 1),
    })),
    CompanyJobPostingsOverTime: {
      CompanyJobPostingsOverTimeByLot: overTime(rng, total),
      CompanyJobPostingsOverTimeBySoc4: overTime(rng, total),
    },
  };
}
