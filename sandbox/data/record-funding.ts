import { type CompanyContext, REFERENCE_DAY, isoDateTime } from "./record-context";
import { FLAG, hasFlag } from "./dataset";
import { INVESTORS, INVESTOR_TYPES, ROUND_TYPES, UNIVERSITIES } from "./people";
import { chance, intBetween, pick, round, sample } from "./prng";

/** Funding rounds (`Investment`, legacy `VendorFunding`), grants, innovation-agency projects, spinouts. */

const SALT = 0xfd01;
const SPINOUT_CICS = new Set(["CIC-0102", "CIC-0201"]);
/** Rounds that do not count towards the total raised (contract: all rounds except Debt and Acquisition). */
const NOT_COUNTED = new Set(["Debt", "Acquisition"]);

function rounds(ctx: CompanyContext): Record<string, unknown>[] {
  const rng = ctx.rng(SALT);
  if (!hasFlag(ctx.ds, ctx.i, FLAG.FUNDED)) return [];
  const count = intBetween(rng, 1, 4);
  let day = ctx.incorporatedDay + intBetween(rng, 60, 600);
  const rows: Record<string, unknown>[] = [];
  let total = 0;
  for (let k = 0; k < count && day < REFERENCE_DAY; k++) {
    const type = k === 0 ? pick(rng, ["Pre-Seed", "Seed", "Grant"]) : pick(rng, ROUND_TYPES);
    const amount = round(type === "Acquisition" ? 5 + rng() * 80 : 0.1 * 3 ** k * (0.5 + rng() * 2), 3);
    if (!NOT_COUNTED.has(type)) total += amount;
    const investors = sample(rng, INVESTORS, intBetween(rng, 1, 3));
    rows.push({
      CompanyId: ctx.number,
      ParticipatingInvestorTypes: sample(rng, INVESTOR_TYPES, intBetween(rng, 1, 2)).join(", "),
      ProviderCompanyName: ctx.name,
      RoundInvestorName: investors.join(", "),
      RoundInvestorType: pick(rng, INVESTOR_TYPES),
      RoundLeadInvestorName: investors[0] ?? "",
      RoundType: type,
      LastInvestmentDate: isoDateTime(day),
      RoundDate: isoDateTime(day),
      RoundAmount_GBP_Million: amount,
      RoundVerified: chance(rng, 0.8) ? 1 : 0,
      Spinout: 0,
      TotalInvestmentRaised_GBP_Million: 0,
      ...(chance(rng, 0.5) ? { _valuation: round(amount * (4 + rng() * 8), 2) } : {}),
    });
    day += intBetween(rng, 200, 700);
  }
  const last = rows[rows.length - 1]?.RoundDate;
  for (const r of rows) {
    r.TotalInvestmentRaised_GBP_Million = round(total, 3);
    r.LastInvestmentDate = last;
  }
  return rows;
}

function agencyFunding(ctx: CompanyContext): Record<string, unknown>[] {
  const rng = ctx.rng(SALT + 1);
  if (
    !(ctx.theme.cic.startsWith("CIC-01") || ctx.theme.cic.startsWith("CIC-02") || ctx.theme.cic.startsWith("CIC-03")) ||
    !chance(rng, 0.12)
  )
    return [];
  const start =
    Math.max(ctx.incorporatedDay, Math.floor(Date.UTC(2004, 0, 1) / 86_400_000)) + intBetween(rng, 100, 2000);
  const award = intBetween(rng, 25, 900) * 1000;
  const year = new Date(Math.min(start, REFERENCE_DAY) * 86_400_000).getUTCFullYear();
  return [
    {
      ApplicationNumber: String(intBetween(rng, 10_000, 99_999)),
      CompetitionReference: `${year}_CRD_${intBetween(rng, 100, 999)}`,
      CompetitionTitle: `${ctx.theme.description}: feasibility studies round ${intBetween(rng, 1, 9)}`,
      EnterpriseSize: ctx.employees < 50 ? "Small" : ctx.employees < 250 ? "Medium" : "Large",
      IndustrialStrategyChallengeFundISCF: chance(rng, 0.2) ? "Yes" : "No",
      AgencyProductType: pick(rng, ["Grant", "Loan", "Investment Partnership"]),
      IsLeadParticipant: chance(rng, 0.6) ? "Yes" : "No",
      ParticipantName: ctx.name,
      ParticipantWithdrawnFromProject: "No",
      Postcode: ctx.postcode,
      ProgrammeTitle: "Smart",
      ProjectNumber: String(intBetween(rng, 10_000_000, 99_999_999)),
      ProjectStatus: start + 700 < REFERENCE_DAY ? "Closed" : "Live",
      ProjectTitle: `Developing ${ctx.theme.keywords[0] ?? "new"} capability for ${ctx.theme.keywords[1] ?? "industry"}`,
      PublicDescription: `A project to develop ${ctx.theme.keywords.slice(0, 3).join(", ")} technology.`,
      Sector: ctx.theme.description,
      ActualSpendtoDate: Math.round(award * rng()),
      AwardOffered: award,
      CompetitionYear: year,
      TotalCosts: Math.round(award * 1.4),
      ProjectStartDate: isoDateTime(start),
      ProjectEndDate: isoDateTime(start + 720),
    },
  ];
}

function grants(ctx: CompanyContext): Record<string, unknown>[] {
  const rng = ctx.rng(SALT + 2);
  if (!chance(rng, 0.04)) return [];
  return [
    {
      ImpactCategory: pick(rng, ["Economic development", "Environment", "Community", "Skills"]),
      Primaryissue: pick(rng, ["Business growth", "Net zero", "Employment", "Innovation"]),
      currency: "GBP",
      description: `Support for ${ctx.theme.keywords[0] ?? "business"} growth.`,
      funderName: pick(rng, [
        "National Lottery Community Fund",
        "Scottish Enterprise",
        "Welsh Government",
        "Arts Council England",
        "Innovate UK",
      ]),
      grantProgrammeTitle: pick(rng, ["Growth Fund", "Green Recovery", "Community Business Fund", "Digital Boost"]),
      recipientName: ctx.name,
      recipientURL: ctx.domain ? `https://www.${ctx.domain}` : "",
      title: `Grant to ${ctx.name}`,
      amountAwarded: intBetween(rng, 5, 250) * 1000,
      awardDate: isoDateTime(Math.min(REFERENCE_DAY - 10, ctx.incorporatedDay + intBetween(rng, 100, 3000))),
    },
  ];
}

export function fundingFields(ctx: CompanyContext): Record<string, unknown> {
  const rng = ctx.rng(SALT + 3);
  const investment = rounds(ctx);
  const spinout = SPINOUT_CICS.has(ctx.theme.cic) && chance(rng, 0.08);
  const valuations = investment.map((r) => r._valuation);
  for (const r of investment) {
    delete r._valuation;
    r.Spinout = spinout ? 1 : 0;
  }
  const out: Record<string, unknown> = {
    Investment: investment,
    VendorFunding: investment.map((r) => ({ ...r })),
    AgencyFunding: agencyFunding(ctx),
    _GrantsFunding: grants(ctx),
    Spinout: spinout,
    SpinoutUniversities: spinout ? [pick(rng, UNIVERSITIES)] : [],
    HasBeenAcquired: investment.some((r) => r.RoundType === "Acquisition"),
    HasMadeAcquisitions: ctx.ds.level[ctx.i] === 0 && (ctx.ds.groupOf[ctx.i] ?? -1) >= 0 && chance(rng, 0.3),
    HasIPO: ctx.name.endsWith(" PLC") && chance(rng, 0.3),
  };
  if (spinout) out.SpinoutDate = new Date(ctx.incorporatedDay * 86_400_000).toISOString().slice(0, 10);
  const latest = investment[investment.length - 1];
  if (latest) {
    out.LatestRoundType = latest.RoundType;
    out.LatestRoundAmount = Math.round(Number(latest.RoundAmount_GBP_Million) * 1_000_000);
    out.LatestRoundDate = latest.RoundDate;
    const valuation = valuations[valuations.length - 1];
    if (typeof valuation === "number") out.LatestRoundValuation = Math.round(valuation * 1_000_000);
  }
  return out;
}
