/**
 * Real UK postcode areas with a representative town, its approximate centre, nation and ITL
 * regions. Local-authority and ITL2 codes are real for the named town; ITL3, LSOA and MSOA codes
 * built from them in places.ts are illustrative only.
 */

export interface PostcodeArea {
  readonly area: string;
  readonly town: string;
  readonly lat: number;
  readonly lon: number;
  readonly nation: "England" | "Scotland" | "Wales" | "Northern Ireland";
  readonly itl1: string;
  readonly itl2: string;
  readonly itl2Name: string;
  readonly laCode: string;
  readonly laName: string;
  readonly saCode: string;
  readonly saName: string;
  readonly weight: number;
}

export const ITL1_NAMES: Readonly<Record<string, string>> = {
  TLC: "North East (England)",
  TLD: "North West (England)",
  TLE: "Yorkshire and The Humber",
  TLF: "East Midlands (England)",
  TLG: "West Midlands (England)",
  TLH: "East of England",
  TLI: "London",
  TLJ: "South East (England)",
  TLK: "South West (England)",
  TLL: "Wales",
  TLM: "Scotland",
  TLN: "Northern Ireland",
};

const NATIONS = { E: "England", S: "Scotland", W: "Wales", N: "Northern Ireland" } as const;

// area|town|lat|lon|nation|ITL2|ITL2 name|LA code|LA name|strategic authority code|name|weight
const TABLE = `
AB|Aberdeen|57.149|-2.094|S|TLM5|North Eastern Scotland|S12000033|Aberdeen City|||2
AL|St Albans|51.752|-0.339|E|TLH2|Bedfordshire and Hertfordshire|E07000240|St Albans|||2
B|Birmingham|52.486|-1.890|E|TLG3|West Midlands|E08000025|Birmingham|E47000007|West Midlands Combined Authority|6
BA|Bath|51.381|-2.359|E|TLK1|Gloucestershire, Wiltshire and Bath/Bristol area|E06000022|Bath and North East Somerset|E47000009|West of England Combined Authority|1
BD|Bradford|53.795|-1.759|E|TLE4|West Yorkshire|E08000032|Bradford|E47000003|West Yorkshire Combined Authority|2
BN|Brighton|50.827|-0.137|E|TLJ2|Surrey, East and West Sussex|E06000043|Brighton and Hove|||3
BS|Bristol|51.454|-2.587|E|TLK1|Gloucestershire, Wiltshire and Bath/Bristol area|E06000023|Bristol, City of|E47000009|West of England Combined Authority|4
BT|Belfast|54.597|-5.930|N|TLN0|Northern Ireland|N09000003|Belfast|||3
CB|Cambridge|52.205|0.122|E|TLH1|East Anglia|E07000008|Cambridge|E47000008|Cambridgeshire and Peterborough Combined Authority|3
CF|Cardiff|51.481|-3.179|W|TLL2|East Wales|W06000015|Cardiff|||3
CH|Chester|53.193|-2.893|E|TLD6|Cheshire|E06000050|Cheshire West and Chester|||1
CM|Chelmsford|51.736|0.469|E|TLH3|Essex|E07000070|Chelmsford|||2
CT|Canterbury|51.280|1.079|E|TLJ4|Kent|E07000106|Canterbury|||1
CV|Coventry|52.406|-1.512|E|TLG3|West Midlands|E08000026|Coventry|E47000007|West Midlands Combined Authority|2
DD|Dundee|56.462|-2.971|S|TLM7|Eastern Scotland|S12000042|Dundee City|||1
DE|Derby|52.922|-1.476|E|TLF1|Derbyshire and Nottinghamshire|E06000015|Derby|E47000013|East Midlands Combined County Authority|2
DH|Durham|54.776|-1.575|E|TLC1|Tees Valley and Durham|E06000047|County Durham|E47000014|North East Combined Authority|1
E|London|51.538|-0.030|E|TLI4|Inner London - East|E09000030|Tower Hamlets|E61000001|Greater London Authority|4
EC|London|51.516|-0.092|E|TLI3|Inner London - West|E09000001|City of London|E61000001|Greater London Authority|6
EH|Edinburgh|55.953|-3.189|S|TLM7|Eastern Scotland|S12000036|City of Edinburgh|||4
EX|Exeter|50.718|-3.534|E|TLK4|Devon|E07000041|Exeter|||2
G|Glasgow|55.864|-4.252|S|TLM8|West Central Scotland|S12000049|Glasgow City|||4
GU|Guildford|51.236|-0.570|E|TLJ2|Surrey, East and West Sussex|E07000209|Guildford|||3
HU|Hull|53.744|-0.332|E|TLE1|East Yorkshire and Northern Lincolnshire|E06000010|Kingston upon Hull, City of|||1
IP|Ipswich|52.057|1.148|E|TLH1|East Anglia|E07000202|Ipswich|||1
IV|Inverness|57.478|-4.224|S|TLM6|Highlands and Islands|S12000017|Highland|||1
KY|Kirkcaldy|56.111|-3.159|S|TLM7|Eastern Scotland|S12000047|Fife|||1
L|Liverpool|53.408|-2.991|E|TLD7|Merseyside|E08000012|Liverpool|E47000004|Liverpool City Region Combined Authority|3
LE|Leicester|52.637|-1.134|E|TLF2|Leicestershire, Rutland and Northamptonshire|E06000016|Leicester|||2
LL|Llandudno|53.325|-3.827|W|TLL1|West Wales and the Valleys|W06000003|Conwy|||1
LS|Leeds|53.801|-1.549|E|TLE4|West Yorkshire|E08000035|Leeds|E47000003|West Yorkshire Combined Authority|4
LU|Luton|51.879|-0.418|E|TLH2|Bedfordshire and Hertfordshire|E06000032|Luton|||1
M|Manchester|53.481|-2.243|E|TLD3|Greater Manchester|E08000003|Manchester|E47000001|Greater Manchester Combined Authority|6
ME|Rochester|51.388|0.506|E|TLJ4|Kent|E06000035|Medway|||1
MK|Milton Keynes|52.041|-0.760|E|TLJ1|Berkshire, Buckinghamshire and Oxfordshire|E06000042|Milton Keynes|||2
N|London|51.565|-0.106|E|TLI4|Inner London - East|E09000019|Islington|E61000001|Greater London Authority|4
NE|Newcastle upon Tyne|54.978|-1.617|E|TLC2|Northumberland and Tyne and Wear|E08000021|Newcastle upon Tyne|E47000014|North East Combined Authority|3
NG|Nottingham|52.954|-1.158|E|TLF1|Derbyshire and Nottinghamshire|E06000018|Nottingham|E47000013|East Midlands Combined County Authority|3
NP|Newport|51.584|-2.998|W|TLL2|East Wales|W06000022|Newport|||1
NR|Norwich|52.630|1.297|E|TLH1|East Anglia|E07000148|Norwich|||2
NW|London|51.547|-0.176|E|TLI3|Inner London - West|E09000007|Camden|E61000001|Greater London Authority|4
OX|Oxford|51.752|-1.258|E|TLJ1|Berkshire, Buckinghamshire and Oxfordshire|E07000178|Oxford|||3
PA|Paisley|55.846|-4.423|S|TLM8|West Central Scotland|S12000038|Renfrewshire|||1
PL|Plymouth|50.375|-4.143|E|TLK4|Devon|E06000026|Plymouth|||1
PO|Portsmouth|50.805|-1.087|E|TLJ3|Hampshire and Isle of Wight|E06000044|Portsmouth|||2
PR|Preston|53.763|-2.703|E|TLD4|Lancashire|E07000123|Preston|||1
RG|Reading|51.454|-0.973|E|TLJ1|Berkshire, Buckinghamshire and Oxfordshire|E06000038|Reading|||3
S|Sheffield|53.381|-1.470|E|TLE3|South Yorkshire|E08000019|Sheffield|E47000002|South Yorkshire Mayoral Combined Authority|3
SA|Swansea|51.621|-3.944|W|TLL1|West Wales and the Valleys|W06000011|Swansea|||1
SE|London|51.483|-0.072|E|TLI4|Inner London - East|E09000028|Southwark|E61000001|Greater London Authority|4
SO|Southampton|50.909|-1.404|E|TLJ3|Hampshire and Isle of Wight|E06000045|Southampton|||2
SR|Sunderland|54.906|-1.381|E|TLC2|Northumberland and Tyne and Wear|E08000024|Sunderland|E47000014|North East Combined Authority|1
ST|Stoke-on-Trent|53.003|-2.180|E|TLG2|Shropshire and Staffordshire|E06000021|Stoke-on-Trent|||1
SW|London|51.463|-0.167|E|TLI3|Inner London - West|E09000032|Wandsworth|E61000001|Greater London Authority|4
TS|Middlesbrough|54.574|-1.235|E|TLC1|Tees Valley and Durham|E06000002|Middlesbrough|E47000006|Tees Valley Combined Authority|1
W|London|51.512|-0.197|E|TLI3|Inner London - West|E09000033|Westminster|E61000001|Greater London Authority|5
WA|Warrington|53.390|-2.597|E|TLD6|Cheshire|E06000007|Warrington|||1
WC|London|51.517|-0.121|E|TLI3|Inner London - West|E09000007|Camden|E61000001|Greater London Authority|4
WV|Wolverhampton|52.587|-2.129|E|TLG3|West Midlands|E08000031|Wolverhampton|E47000007|West Midlands Combined Authority|1
YO|York|53.960|-1.082|E|TLE2|North Yorkshire|E06000014|York|E47000012|York and North Yorkshire Combined Authority|2
`;

export const POSTCODE_AREAS: readonly PostcodeArea[] = TABLE.trim()
  .split("\n")
  .map((line) => {
    const [area, town, lat, lon, nation, itl2, itl2Name, laCode, laName, saCode, saName, weight] = line.split("|");
    return {
      area: area ?? "",
      town: town ?? "",
      lat: Number(lat),
      lon: Number(lon),
      nation: NATIONS[nation as keyof typeof NATIONS],
      itl1: (itl2 ?? "").slice(0, 3),
      itl2: itl2 ?? "",
      itl2Name: itl2Name ?? "",
      laCode: laCode ?? "",
      laName: laName ?? "",
      saCode: saCode ?? "",
      saName: saName ?? "",
      weight: Number(weight),
    };
  });

export const NATION_NAMES = ["England", "Scotland", "Wales", "Northern Ireland"] as const;

export function areaAt(index: number): PostcodeArea {
  const a = POSTCODE_AREAS[index];
  if (!a) throw new Error(`no postcode area at ${index}`);
  return a;
}

export const AREA_INDEX_BY_CODE = new Map(POSTCODE_AREAS.map((a, i) => [a.area, i]));

/** Areas of one nation, for companies whose number prefix fixes the nation (SC, NI, ...). */
export function areasOfNation(nation: PostcodeArea["nation"]): number[] {
  return POSTCODE_AREAS.flatMap((a, i) => (a.nation === nation ? [i] : []));
}

const INWARD_LETTERS = "ABDEFGHJLNPQRSTUWXY";

/** A postcode in the area, e.g. `EH3 9DR`; London central areas get a letter district (`EC1A`). */
export function makePostcode(area: PostcodeArea, district: number, sector: number, unit: number): string {
  const london = area.area === "EC" || area.area === "WC";
  const outward = london
    ? `${area.area}${1 + (district % 4)}${"ABMNRVY"[district % 7]}`
    : `${area.area}${1 + (district % 20)}`;
  const l1 = INWARD_LETTERS[unit % INWARD_LETTERS.length] ?? "A";
  const l2 = INWARD_LETTERS[Math.floor(unit / INWARD_LETTERS.length) % INWARD_LETTERS.length] ?? "B";
  return `${outward} ${sector % 10}${l1}${l2}`;
}
