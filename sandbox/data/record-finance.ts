import { type CompanyContext, isoDateTime } from "./record-context";
import { FLAG, hasFlag } from "./dataset";
import { REFERENCE_YEAR } from "./incorporation";
import { ACCOUNTANTS } from "./people";
import { type Rng, chance, pick, round, skewed } from "./prng";

/** Filed accounts (`CompanyFinancials_Vendor`), growth trends and the best estimates built on them. */

const SALT = 0xf1a7;
const YEARS_OF_ACCOUNTS = 4;

interface Year {
  year: number;
  turnover: number;
  employees: number;
  row: Record<string, unknown>;
}

function sizeLabel(employees: number): string {
  return employees < 10 ? "Micro" : employees < 50 ? "Small" : employees < 250 ? "Medium" : "Large";
}

function accountsFormat(employees: number, group: boolean): string {
  if (group) return "Group";
  return employees < 10 ? "Micro-entity" : employees < 50 ? "Total exemption full" : employees < 250 ? "Small" : "Full";
}

function yearRow(
  rng: Rng,
  ctx: CompanyContext,
  year: number,
  turnover: number,
  employees: number,
  yearEndMonth: number,
): Record<string, unknown> {
  const margin = Math.max(-0.3, Math.min(0.4, 0.08 + (rng() - 0.5) * 0.2));
  const operating = Math.round(turnover * margin);
  const depreciation = Math.round(turnover * (0.01 + rng() * 0.04));
  const amortisation = Math.round(turnover * rng() * 0.01);
  const totalAssets = Math.round(turnover * (0.4 + rng() * 0.8));
  const currentAssets = Math.round(totalAssets * (0.4 + rng() * 0.4));
  const liabilities = Math.round(totalAssets * (0.3 + rng() * 0.5));
  const currentLiabilities = Math.round(liabilities * (0.5 + rng() * 0.4));
  const debtors = Math.round(currentAssets * (0.3 + rng() * 0.3));
  const cash = Math.round(currentAssets * (0.1 + rng() * 0.4));
  const preTax = Math.round(operating * (0.85 + rng() * 0.15));
  const fullAccounts = employees >= 50;
  const endDay = Math.floor(Date.UTC(year, yearEndMonth + 1, 0) / 86_400_000);
  return {
    ACCOUNTANT_NAME: pick(rng, ACCOUNTANTS),
    ACCOUNTS_FORMAT: accountsFormat(employees, ctx.ds.level[ctx.i] === 0 && (ctx.ds.groupOf[ctx.i] ?? -1) >= 0),
    AUDITORS: fullAccounts ? pick(rng, ACCOUNTANTS) : "",
    CURRENCY: "GBP",
    CONSOLIDATED_ACS: (ctx.ds.groupOf[ctx.i] ?? -1) >= 0 && ctx.ds.level[ctx.i] === 0,
    EMPLOYEES_ANOMALOUS: false,
    LIKELY_AGENCY: ctx.theme.code === "RTIC-0041" && chance(rng, 0.5),
    TURNOVER_ANOMALOUS: chance(rng, 0.02),
    MADE_FROM_DATE: isoDateTime(endDay - 364),
    MADE_UPTO_DATE: isoDateTime(endDay),
    AMORTISATION_OF_INTANGIBLES: amortisation,
    BANK_OVERDRAFT: Math.round(currentLiabilities * rng() * 0.1),
    CASH: cash,
    CREDITORS: currentLiabilities,
    DEBTORS: debtors,
    DEBTORS_DUE_AFTER_ONE_YEAR: Math.round(debtors * rng() * 0.1),
    DECREASE_OR_INCREASE_IN_CASH: Math.round(cash * (rng() - 0.4) * 0.5),
    DEPRECIATION_OF_TANGIBLES: depreciation,
    EBITDA: operating + depreciation + amortisation,
    EMPLOYEES_ANOMALOUS_PROBABILITY: round(rng() * 0.1, 3),
    EXPORT: Math.round(turnover * (chance(rng, 0.3) ? rng() * 0.4 : 0)),
    GROUP_DEBTORS: Math.round(debtors * rng() * 0.2),
    LIKELY_AGENCY_PROBABILITY: round(rng() * 0.2, 3),
    NET_ASSETS: totalAssets - liabilities,
    NET_WORTH: totalAssets - liabilities,
    NUMBER_OF_EMPLOYEES: employees,
    NUM_OF_MONTHS: 12,
    OPERATING_PROFIT: operating,
    PRE_TAX_PROFIT: preTax,
    PROFIT_AFTER_TAX: Math.round(preTax > 0 ? preTax * 0.75 : preTax),
    SHAREHOLDER_FUNDS: totalAssets - liabilities,
    TOTAL_ASSETS: totalAssets,
    TOTAL_CURRENT_ASSETS: currentAssets,
    TOTAL_CURRENT_LIABILITIES: currentLiabilities,
    TOTAL_LIABILITIES: liabilities,
    TRADE_DEBTORS: Math.round(debtors * 0.8),
    TURNOVER: turnover,
    TURNOVER_ANOMALOUS_PROBABILITY: round(rng() * 0.1, 3),
    WAGES_AND_SALARIES: Math.round(employees * (24_000 + rng() * 30_000)),
    YEAR: year,
  };
}

function buildYears(ctx: CompanyContext, rng: Rng, growth: number): Year[] {
  const yearEndMonth = pick(rng, [2, 2, 11, 11, 5, 8]);
  const firstYear = Math.max(
    REFERENCE_YEAR - YEARS_OF_ACCOUNTS,
    new Date(ctx.incorporatedDay * 86_400_000).getUTCFullYear() + 1,
  );
  const years: Year[] = [];
  for (let year = REFERENCE_YEAR - 1; year >= firstYear; year--) {
    const back = REFERENCE_YEAR - year;
    const turnover = Math.max(0, Math.round(ctx.turnover / (1 + growth) ** back));
    const employees = Math.max(1, Math.round(ctx.employees / (1 + growth * 0.6) ** back));
    years.push({ year, turnover, employees, row: yearRow(rng, ctx, year, turnover, employees, yearEndMonth) });
  }
  return years;
}

export function financeFields(ctx: CompanyContext): Record<string, unknown> {
  const rng = ctx.rng(SALT);
  const highGrowth = hasFlag(ctx.ds, ctx.i, FLAG.HIGH_GROWTH);
  const growth = highGrowth ? 0.25 + rng() * 0.4 : (rng() - 0.35) * 0.3;
  const years = buildYears(ctx, rng, growth);
  const latest = years[0];
  const ukShare = ctx.prefix === "FC" ? 0.2 + rng() * 0.3 : 0.85 + rng() * 0.15;
  const gvaPerHead = ctx.theme.turnoverPerHead * 0.45;
  const ukEmployees = Math.max(1, Math.round(ctx.employees * ukShare));
  const scaleup = highGrowth && ctx.employees >= 10;
  const out: Record<string, unknown> = {
    CompanyFinancials_Vendor: years.map((y) => y.row),
    EstimatedGVA: round(ctx.employees * gvaPerHead, 2),
    EstimatedUKGVA: round(ukEmployees * gvaPerHead, 2),
    HighGrowth: highGrowth,
    OECDScaleup: scaleup,
    IsLikelyAgency: ctx.theme.code === "RTIC-0041" && chance(rng, 0.4),
    AccountsOverdueByMoreThanAYear: ctx.statusLabel.includes("Strike off") || chance(rng, 0.01),
    TonnesOfC02equivGHGPerYear: round(ctx.employees * (ctx.theme.cic === "CIC-0401" ? 30 : 4) * skewed(rng, 1, 0.3), 1),
    CompanyGrowthTrends: {
      BestEstimateCurrentEmployees: ctx.employees,
      BestEstimateCurrentTurnover: ctx.turnover,
      BestEstimateEmployeeGrowthPercentagePerYear: round(growth * 60, 2),
      BestEstimateGrowthPercentagePerYear: round(growth * 100, 2),
      BestEstimateTurnoverGrowthPercentagePerYear: round(growth * 100, 2),
      BestEstimatedTurnoverToEmployeeRatio: round(ctx.turnover / Math.max(1, ctx.employees), 2),
      CompanyAgeInDays: ctx.ageDays,
      CompanySizeEstimate: sizeLabel(ctx.employees),
      OECDScaleup: scaleup,
      SICs: [ctx.theme.sics[0] ?? ""],
      EmploymentEstimates: years.map((y) => ({
        Estimated: y.year === REFERENCE_YEAR - 1 ? 0 : 1,
        Measure: y.employees,
        Year: y.year,
      })),
      TurnoverEstimates: years.map((y) => ({ Estimated: 0, Measure: y.turnover, Year: y.year })),
    },
  };
  if (ctx.hasEstimate) {
    out.BestEstimateTurnover = ctx.turnover;
    out.BestEstimateEmployees = ctx.employees;
    out.BestEstimateUKEmployees = ukEmployees;
    if (latest) out.BestEstimateEBITDA = latest.row.EBITDA;
  }
  return out;
}
