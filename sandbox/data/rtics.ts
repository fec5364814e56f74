/**
 * SAMPLE DATA — NOT THE REAL RTIC CATALOGUE. These industry themes, their `RTIC-nnnn` codes, CIC
 * codes and keywords are invented for the sandbox. Each theme ties together what a company of that
 * kind looks like: its RTIC, CIC, real SIC 2007 and NAICS codes, name words, description keywords
 * (which the instant classifier reads) and size.
 */

export interface Theme {
  readonly code: string;
  readonly description: string;
  readonly cic: string;
  /** Relative frequency among generated companies. */
  readonly weight: number;
  readonly esg: boolean;
  readonly medianEmployees: number;
  /** Turnover per employee in GBP; also drives GVA per employee. */
  readonly turnoverPerHead: number;
  readonly keywords: readonly string[];
  readonly nameWords: readonly string[];
  readonly sics: readonly string[];
  readonly naics: readonly string[];
}

export interface Cic {
  readonly Code: string;
  readonly Description: string;
  readonly VerticalCode: string;
  readonly VerticalName: string;
}

export const SAMPLE_CICS: readonly Cic[] = [
  ["CIC-0101", "Software and digital services", "V-DIGI", "Digital and technology"],
  ["CIC-0102", "Deep tech", "V-DIGI", "Digital and technology"],
  ["CIC-0201", "Life sciences", "V-LIFE", "Life sciences and health"],
  ["CIC-0202", "Health and care services", "V-LIFE", "Life sciences and health"],
  ["CIC-0301", "Clean energy", "V-NETZ", "Net zero and environment"],
  ["CIC-0302", "Circular economy", "V-NETZ", "Net zero and environment"],
  ["CIC-0401", "Advanced manufacturing", "V-MANU", "Advanced manufacturing"],
  ["CIC-0501", "Construction and property", "V-BUILT", "Built environment"],
  ["CIC-0601", "Food, drink and hospitality", "V-HOSP", "Hospitality and food"],
  ["CIC-0701", "Creative industries", "V-CREA", "Creative industries"],
  ["CIC-0801", "Financial and professional services", "V-FPS", "Financial and professional services"],
  ["CIC-0901", "Logistics and transport", "V-LOGI", "Transport and logistics"],
  ["CIC-1001", "Education and skills", "V-EDU", "Education"],
  ["CIC-1101", "Retail and consumer", "V-CONS", "Consumer"],
  ["CIC-1201", "Agrifood", "V-AGRI", "Agriculture"],
].map(([Code, Description, VerticalCode, VerticalName]) => ({
  Code: Code as string,
  Description: Description as string,
  VerticalCode: VerticalCode as string,
  VerticalName: VerticalName as string,
}));

type Row = [
  code: string,
  description: string,
  cic: string,
  weight: number,
  esg: boolean,
  employees: number,
  perHead: number,
  keywords: string,
  names: string,
  sics: string,
  naics: string,
];

// prettier-ignore
const ROWS: Row[] = [
  ["RTIC-0001", "Business software (SaaS)", "CIC-0101", 4, false, 12, 110000, "software,saas,platform,cloud,subscription,workflow,automation,api,crm,dashboard", "SOFTWARE SYSTEMS DIGITAL CLOUD TECHNOLOGIES LABS", "62012 58290 62020", "513210 541511"],
  ["RTIC-0002", "Artificial intelligence and machine learning", "CIC-0102", 2, false, 9, 120000, "artificial intelligence,machine learning,ai,neural,deep learning,computer vision,nlp,data science,model,algorithms", "AI ANALYTICS INTELLIGENCE LABS", "62012 72190 62020", "541511 541715"],
  ["RTIC-0004", "Fintech: payments and digital banking", "CIC-0801", 2, false, 15, 160000, "payments,fintech,banking,wallet,lending,open banking,card,transactions,credit", "PAY FINTECH CAPITAL FINANCE", "64999 66190 62012", "522320 523999"],
  ["RTIC-0005", "Insurtech and insurance broking", "CIC-0801", 2, false, 14, 130000, "insurance,broker,underwriting,claims,cover,policy,premiums,risk", "INSURANCE BROKERS UNDERWRITING RISK", "66220 65120", "524210"],
  ["RTIC-0006", "Data centres and cloud hosting", "CIC-0101", 1, false, 20, 180000, "data centre,hosting,servers,colocation,cloud infrastructure,storage,backup,uptime", "HOSTING DATA NETWORKS SERVERS", "63110 62030", "518210"],
  ["RTIC-0007", "Telecoms and connectivity", "CIC-0101", 1, false, 25, 150000, "broadband,fibre,telecoms,5g,wireless,network,connectivity,mobile", "TELECOM FIBRE CONNECT NETWORKS COMMUNICATIONS", "61100 61200 61900", "517111 517112"],
  ["RTIC-0008", "Video games and interactive entertainment", "CIC-0701", 1, false, 10, 90000, "games,gaming,studio,console,mobile games,esports,interactive,players", "GAMES STUDIOS INTERACTIVE PLAY", "62011 58210", "513210"],
  ["RTIC-0009", "Biotechnology and genomics", "CIC-0201", 1, false, 18, 95000, "biotech,biotechnology,genomics,dna,sequencing,cell therapy,antibodies,gene,biology", "BIO GENOMICS THERAPEUTICS BIOSCIENCE", "72110 21100", "541714"],
  ["RTIC-0010", "Pharmaceuticals and drug discovery", "CIC-0201", 1, false, 40, 200000, "pharmaceutical,drug discovery,clinical trials,medicines,formulation,pharma,molecules", "PHARMA PHARMACEUTICALS MEDICINES", "21200 72110", "325412"],
  ["RTIC-0011", "Medical devices and diagnostics", "CIC-0201", 1, false, 22, 120000, "medical device,diagnostics,imaging,surgical,implant,sensor,wearable,testing", "MEDICAL DIAGNOSTICS MEDTECH INSTRUMENTS", "32500 26511", "339112"],
  ["RTIC-0012", "Digital health", "CIC-0202", 1, false, 11, 90000, "telehealth,digital health,patient,remote monitoring,health app,clinic,nhs", "HEALTH MEDTECH CLINIC", "62012 86900", "541511 621999"],
  ["RTIC-0013", "Solar and wind renewable energy", "CIC-0301", 2, true, 14, 170000, "solar,wind,renewable,photovoltaic,turbine,clean energy,offshore wind,panels", "SOLAR WIND RENEWABLES ENERGY POWER", "35110 43210", "221114 221115"],
  ["RTIC-0014", "Energy storage and batteries", "CIC-0301", 1, true, 16, 180000, "battery,batteries,energy storage,lithium,grid,charging,cells", "BATTERY STORAGE ENERGY POWER", "27200 35140", "335910"],
  ["RTIC-0015", "Electric vehicles and charging", "CIC-0301", 1, true, 12, 150000, "electric vehicle,ev,charging,charge point,e-mobility,chargers,fleet", "EV CHARGE MOBILITY MOTORS", "27900 29100 43210", "336110"],
  ["RTIC-0016", "Hydrogen and low-carbon fuels", "CIC-0301", 1, true, 15, 160000, "hydrogen,electrolyser,fuel cell,low carbon,carbon capture,biofuel", "HYDROGEN FUEL CLEANTECH", "35210 20130", "221118"],
  ["RTIC-0017", "Recycling and circular economy", "CIC-0302", 2, true, 20, 110000, "recycling,waste,circular,reuse,recovery,plastics,refurbishment", "RECYCLING WASTE ENVIRONMENTAL", "38110 38320 39000", "562111 562920"],
  ["RTIC-0018", "Environmental consultancy and net zero", "CIC-0302", 2, true, 8, 85000, "net zero,carbon,sustainability,esg,environmental,emissions,decarbonisation,ecology", "ENVIRONMENTAL SUSTAINABILITY CARBON ECO", "74901 71122", "541620"],
  ["RTIC-0019", "Aerospace and space technology", "CIC-0401", 1, false, 45, 170000, "aerospace,aircraft,satellite,space,avionics,drone,launch,orbit", "AEROSPACE AVIATION SPACE SATELLITE", "30300 33160", "336411 336413"],
  ["RTIC-0020", "Automotive engineering", "CIC-0401", 1, false, 35, 160000, "automotive,vehicle,powertrain,chassis,motorsport,engines", "AUTOMOTIVE MOTORS ENGINEERING", "29320 45200", "336390"],
  ["RTIC-0021", "Precision engineering and machining", "CIC-0401", 3, false, 18, 100000, "cnc,machining,precision,fabrication,toolmaking,components,welding,steel", "ENGINEERING PRECISION FABRICATIONS TOOLING", "25620 25990 28290", "332710"],
  ["RTIC-0022", "Robotics and automation", "CIC-0102", 1, false, 14, 130000, "robotics,robot,automation,autonomous,industrial automation,controls,motion", "ROBOTICS AUTOMATION CONTROLS", "28990 71121", "333998"],
  ["RTIC-0023", "Semiconductors, photonics and quantum", "CIC-0102", 1, false, 20, 150000, "semiconductor,chip,photonics,laser,optics,quantum,wafer", "PHOTONICS SEMICONDUCTORS QUANTUM OPTICS", "26110 26701", "334413"],
  ["RTIC-0024", "House building and construction", "CIC-0501", 5, false, 15, 140000, "construction,builders,building,housing,development,contractor,refurbishment,extensions", "CONSTRUCTION BUILDERS HOMES DEVELOPMENTS", "41202 41201 41100", "236220 236116"],
  ["RTIC-0025", "Building trades: electrical, plumbing, roofing", "CIC-0501", 6, false, 5, 90000, "electrician,electrical,plumbing,heating,roofing,installation,boiler,gas safe", "ELECTRICAL PLUMBING HEATING ROOFING", "43210 43220 43910 43999", "238210 238220 238160"],
  ["RTIC-0026", "Architecture and engineering design", "CIC-0501", 2, false, 9, 95000, "architecture,architects,design,structural,civil engineering,planning,surveying", "ARCHITECTS DESIGN CONSULTING ASSOCIATES", "71111 71129 74902", "541310 541330"],
  ["RTIC-0027", "Property and real estate", "CIC-0501", 7, false, 3, 120000, "property,lettings,estate agent,real estate,landlord,rental,investment property", "PROPERTIES ESTATES LETTINGS HOMES", "68209 68310 68100 68320", "531210 531311"],
  ["RTIC-0028", "Restaurants, cafes and pubs", "CIC-0601", 5, false, 12, 45000, "restaurant,cafe,pub,bar,dining,food,kitchen,coffee,takeaway", "KITCHEN CAFE TAVERN INNS RESTAURANTS", "56101 56102 56302 56103", "722511 722513 722410"],
  ["RTIC-0029", "Food and drink manufacturing", "CIC-0601", 2, false, 25, 140000, "bakery,brewery,distillery,gin,beer,food production,chocolate,craft", "BAKERY BREWING DISTILLERY FOODS DRINKS", "10710 11050 11010 10890", "311811 312120 312140"],
  ["RTIC-0030", "Retail and e-commerce", "CIC-1101", 5, false, 8, 110000, "retail,shop,ecommerce,online store,fashion,clothing,homeware,gifts", "RETAIL STORES FASHION BOUTIQUE TRADING", "47910 47710 47190 47789", "458110 455110"],
  ["RTIC-0031", "Professional services: legal and accounting", "CIC-0801", 4, false, 10, 95000, "solicitors,legal,law,accountants,accounting,audit,tax,bookkeeping,payroll", "LAW LEGAL ACCOUNTANTS PARTNERS", "69102 69201 69203 69202", "541110 541211"],
  ["RTIC-0032", "Management consultancy", "CIC-0801", 5, false, 3, 100000, "consultancy,consulting,strategy,management,advisory,transformation,change", "CONSULTING CONSULTANCY ADVISORY SOLUTIONS", "70229 70221", "541611"],
  ["RTIC-0033", "Marketing, advertising and PR", "CIC-0701", 3, false, 7, 90000, "marketing,advertising,branding,pr,social media,creative agency,seo,campaigns", "MARKETING MEDIA CREATIVE BRAND", "73110 70210 73200", "541810 541613"],
  ["RTIC-0034", "Film, TV and music production", "CIC-0701", 2, false, 6, 80000, "film,television,tv,production,music,recording,post-production,broadcast", "FILMS PRODUCTIONS PICTURES MUSIC RECORDS", "59111 59112 59200", "512110 711510"],
  ["RTIC-0035", "Logistics and freight", "CIC-0901", 3, false, 22, 120000, "logistics,freight,haulage,courier,delivery,warehousing,transport,shipping", "LOGISTICS FREIGHT HAULAGE TRANSPORT COURIERS", "49410 52103 53202", "484121 493110 492110"],
  ["RTIC-0036", "Education and training", "CIC-1001", 2, false, 9, 60000, "training,education,school,tutoring,courses,learning,apprenticeship,skills", "TRAINING ACADEMY EDUCATION LEARNING TUTORS", "85590 85600 85410", "611430 611710"],
  ["RTIC-0037", "Health and social care", "CIC-0202", 3, false, 35, 35000, "care home,care,nursing,domiciliary,social care,elderly,support,carers", "CARE NURSING HEALTHCARE SUPPORT", "87300 88100 87100 86900", "623110 624120"],
  ["RTIC-0038", "Hotels and tourism", "CIC-0601", 2, false, 20, 55000, "hotel,tourism,travel,holiday,accommodation,guest house,tours,cottages", "HOTELS TRAVEL TOURS HOLIDAYS LODGE", "55100 79110 55209", "721110 561510"],
  ["RTIC-0039", "Agriculture and agritech", "CIC-1201", 2, false, 6, 80000, "farming,farm,agriculture,agritech,crops,dairy,livestock,vertical farming", "FARMS AGRI FARMING GROWERS", "01500 01110 01410", "111998 112120"],
  ["RTIC-0040", "Fitness, sport and wellbeing", "CIC-1101", 2, false, 6, 50000, "fitness,gym,sport,wellbeing,yoga,personal training,leisure,pilates", "FITNESS SPORTS WELLBEING LEISURE ACTIVE", "93130 93110 96040", "713940"],
  ["RTIC-0041", "Recruitment and staffing", "CIC-0801", 3, false, 8, 150000, "recruitment,staffing,hiring,talent,jobs,placement,headhunting,candidates", "RECRUITMENT STAFFING TALENT PEOPLE RESOURCING", "78100 78200", "561311"],
  ["RTIC-0042", "Cyber security software", "CIC-0101", 2, false, 13, 125000, "cyber,security,threat,penetration testing,encryption,firewall,vulnerability,identity,defence", "CYBER SECURITY DEFENCE SECURE", "62020 62012 62090", "541512 541519"],
  ["RTIC-0043", "Facilities: cleaning, security guarding, landscaping", "CIC-0501", 3, false, 25, 40000, "cleaning,janitorial,security guards,landscaping,facilities management,maintenance,grounds", "CLEANING FACILITIES MAINTENANCE SERVICES", "81210 80100 81300", "561720 561612 561730"],
  ["RTIC-0044", "Holding and investment companies", "CIC-0801", 6, false, 2, 200000, "holding,holdings,investment,group,capital,portfolio,venture,assets", "HOLDINGS GROUP CAPITAL INVESTMENTS VENTURES", "64209 70100 64303", "551112 523940"],
];

export const SAMPLE_THEMES: readonly Theme[] = ROWS.map(
  ([code, description, cic, weight, esg, employees, perHead, keywords, names, sics, naics]) => ({
    code,
    description,
    cic,
    weight,
    esg,
    medianEmployees: employees,
    turnoverPerHead: perHead,
    keywords: keywords.split(","),
    nameWords: names.split(" "),
    sics: sics.split(" "),
    naics: naics.split(" "),
  }),
);

/** The RTIC catalogue as the API shows it: `{Code, Description}`. */
export const SAMPLE_RTICS = SAMPLE_THEMES.map((t) => ({ Code: t.code, Description: t.description }));

const THEME_BY_CODE = new Map(SAMPLE_THEMES.map((t, i) => [t.code, i]));
const CIC_BY_CODE = new Map(SAMPLE_CICS.map((c) => [c.Code, c]));

export function themeIndexOfRtic(code: string): number | undefined {
  return THEME_BY_CODE.get(code);
}

export function themeAt(index: number): Theme {
  const t = SAMPLE_THEMES[index];
  if (!t) throw new Error(`no theme at ${index}`);
  return t;
}

export function cicOf(theme: Theme): Cic {
  const c = CIC_BY_CODE.get(theme.cic);
  if (!c) throw new Error(`theme ${theme.code} names unknown CIC ${theme.cic}`);
  return c;
}

export const HOLDING_THEME = SAMPLE_THEMES.findIndex((t) => t.code === "RTIC-0044");
