/**
 * A subset (a few hundred) of the real UK SIC 2007 condensed list: code and description.
 * The sandbox assigns these to companies through the industry themes in rtics.ts.
 */

export interface SicCode {
  readonly code: string;
  readonly description: string;
}

const TABLE = `
01110 Growing of cereals (except rice), leguminous crops and oil seeds
01130 Growing of vegetables and melons, roots and tubers
01410 Raising of dairy cattle
01420 Raising of other cattle and buffaloes
01450 Raising of sheep and goats
01500 Mixed farming
01610 Support activities for crop production
02100 Silviculture and other forestry activities
03110 Marine fishing
03220 Freshwater aquaculture
06100 Extraction of crude petroleum
06200 Extraction of natural gas
08120 Operation of gravel and sand pits; mining of clays and kaolin
09100 Support activities for petroleum and natural gas extraction
10110 Processing and preserving of meat
10200 Processing and preserving of fish, crustaceans and molluscs
10390 Other processing and preserving of fruit and vegetables
10511 Liquid milk and cream production
10520 Manufacture of ice cream
10710 Manufacture of bread; manufacture of fresh pastry goods and cakes
10821 Manufacture of cocoa and chocolate confectionery
10890 Manufacture of other food products n.e.c.
11010 Distilling, rectifying and blending of spirits
11020 Manufacture of wine from grape
11050 Manufacture of beer
11070 Manufacture of soft drinks; production of mineral waters and other bottled waters
13300 Finishing of textiles
13921 Manufacture of soft furnishings
14190 Manufacture of other wearing apparel and accessories n.e.c.
15120 Manufacture of luggage, handbags and the like, saddlery and harness
16230 Manufacture of other builders' carpentry and joinery
17290 Manufacture of other articles of paper and paperboard
18129 Printing n.e.c.
20130 Manufacture of other inorganic basic chemicals
20420 Manufacture of perfumes and toilet preparations
20590 Manufacture of other chemical products n.e.c.
21100 Manufacture of basic pharmaceutical products
21200 Manufacture of pharmaceutical preparations
22290 Manufacture of other plastic products
23610 Manufacture of concrete products for construction purposes
25110 Manufacture of metal structures and parts of structures
25620 Machining
25990 Manufacture of other fabricated metal products n.e.c.
26110 Manufacture of electronic components
26200 Manufacture of computers and peripheral equipment
26301 Manufacture of telegraph and telephone apparatus and equipment
26400 Manufacture of consumer electronics
26511 Manufacture of electronic measuring, testing etc. equipment, not for industrial process control
26701 Manufacture of optical precision instruments
27110 Manufacture of electric motors, generators and transformers
27200 Manufacture of batteries and accumulators
27900 Manufacture of other electrical equipment
28110 Manufacture of engines and turbines, except aircraft, vehicle and cycle engines
28220 Manufacture of lifting and handling equipment
28290 Manufacture of other general-purpose machinery n.e.c.
28990 Manufacture of other special-purpose machinery n.e.c.
29100 Manufacture of motor vehicles
29320 Manufacture of other parts and accessories for motor vehicles
30110 Building of ships and floating structures
30120 Building of pleasure and sporting boats
30300 Manufacture of air and spacecraft and related machinery
31090 Manufacture of other furniture
32120 Manufacture of jewellery and related articles
32300 Manufacture of sports goods
32500 Manufacture of medical and dental instruments and supplies
32990 Other manufacturing n.e.c.
33120 Repair of machinery
33140 Repair of electrical equipment
33160 Repair and maintenance of aircraft and spacecraft
35110 Production of electricity
35130 Distribution of electricity
35140 Trade of electricity
35210 Manufacture of gas
35300 Steam and air conditioning supply
36000 Water collection, treatment and supply
37000 Sewerage
38110 Collection of non-hazardous waste
38320 Recovery of sorted materials
39000 Remediation activities and other waste management services
41100 Development of building projects
41201 Construction of commercial buildings
41202 Construction of domestic buildings
42110 Construction of roads and motorways
42220 Construction of utility projects for electricity and telecommunications
42990 Construction of other civil engineering projects n.e.c.
43110 Demolition
43120 Site preparation
43210 Electrical installation
43220 Plumbing, heat and air-conditioning installation
43290 Other construction installation
43310 Plastering
43320 Joinery installation
43330 Floor and wall covering
43341 Painting
43342 Glazing
43390 Other building completion and finishing
43910 Roofing activities
43999 Other specialised construction activities n.e.c.
45111 Sale of new cars and light motor vehicles
45112 Sale of used cars and light motor vehicles
45200 Maintenance and repair of motor vehicles
45320 Retail trade of motor vehicle parts and accessories
46190 Agents involved in the sale of a variety of goods
46390 Non-specialised wholesale of food, beverages and tobacco
46510 Wholesale of computers, computer peripheral equipment and software
46690 Wholesale of other machinery and equipment
46900 Non-specialised wholesale trade
47110 Retail sale in non-specialised stores with food, beverages or tobacco predominating
47190 Other retail sale in non-specialised stores
47240 Retail sale of bread, cakes, flour confectionery and sugar confectionery in specialised stores
47250 Retail sale of beverages in specialised stores
47300 Retail sale of automotive fuel in specialised stores
47410 Retail sale of computers, peripheral units and software in specialised stores
47710 Retail sale of clothing in specialised stores
47730 Dispensing chemist in specialised stores
47760 Retail sale of flowers, plants, seeds, fertilisers, pet animals and pet food in specialised stores
47781 Retail sale in commercial art galleries
47782 Retail sale by opticians
47789 Other retail sale of new goods in specialised stores (not commercial art galleries and opticians)
47910 Retail sale via mail order houses or via Internet
47990 Other retail sale not in stores, stalls or markets
49100 Passenger rail transport, interurban
49320 Taxi operation
49390 Other passenger land transport
49410 Freight transport by road
50200 Sea and coastal freight water transport
51101 Scheduled passenger air transport
52103 Operation of warehousing and storage facilities for land transport activities
52290 Other transportation support activities
53100 Postal activities under universal service obligation
53202 Unlicensed carrier
55100 Hotels and similar accommodation
55201 Holiday centres and villages
55202 Youth hostels
55209 Other holiday and other collective accommodation
56101 Licensed restaurants
56102 Unlicensed restaurants and cafes
56103 Take-away food shops and mobile food stands
56210 Event catering activities
56290 Other food services
56302 Public houses and bars
58110 Book publishing
58142 Publishing of consumer and business journals and periodicals
58210 Publishing of computer games
58290 Other software publishing
59111 Motion picture production activities
59112 Video production activities
59200 Sound recording and music publishing activities
60100 Radio broadcasting
60200 Television programming and broadcasting activities
61100 Wired telecommunications activities
61200 Wireless telecommunications activities
61900 Other telecommunications activities
62011 Ready-made interactive leisure and entertainment software development
62012 Business and domestic software development
62020 Information technology consultancy activities
62030 Computer facilities management activities
62090 Other information technology service activities
63110 Data processing, hosting and related activities
63120 Web portals
63990 Other information service activities n.e.c.
64191 Banks
64205 Activities of financial services holding companies
64209 Activities of other holding companies n.e.c.
64301 Activities of investment trusts
64303 Activities of venture and development capital companies
64910 Financial leasing
64921 Credit granting by non-deposit taking finance houses and other specialist consumer credit grantors
64922 Activities of mortgage finance companies
64999 Financial intermediation not elsewhere classified
65120 Non-life insurance
66120 Security and commodity contracts dealing activities
66190 Activities auxiliary to financial intermediation n.e.c.
66220 Activities of insurance agents and brokers
66300 Fund management activities
68100 Buying and selling of own real estate
68201 Renting and operating of Housing Association real estate
68209 Other letting and operating of own or leased real estate
68310 Real estate agencies
68320 Management of real estate on a fee or contract basis
69101 Barristers at law
69102 Solicitors
69201 Accounting and auditing activities
69202 Bookkeeping activities
69203 Tax consultancy
70100 Activities of head offices
70210 Public relations and communications activities
70221 Financial management
70229 Management consultancy activities other than financial management
71111 Architectural activities
71121 Engineering design activities for industrial process and production
71122 Engineering related scientific and technical consulting activities
71129 Other engineering activities
71200 Technical testing and analysis
72110 Research and experimental development on biotechnology
72190 Other research and experimental development on natural sciences and engineering
72200 Research and experimental development on social sciences and humanities
73110 Advertising agencies
73120 Media representation services
73200 Market research and public opinion polling
74100 Specialised design activities
74201 Portrait photographic activities
74300 Translation and interpretation activities
74901 Environmental consulting activities
74902 Quantity surveying activities
74909 Other professional, scientific and technical activities n.e.c.
75000 Veterinary activities
77110 Renting and leasing of cars and light motor vehicles
77390 Renting and leasing of other machinery, equipment and tangible goods n.e.c.
78100 Activities of employment placement agencies
78200 Temporary employment agency activities
79110 Travel agency activities
80100 Private security activities
81210 General cleaning of buildings
81300 Landscape service activities
82110 Combined office administrative service activities
82200 Activities of call centres
82301 Activities of exhibition and fair organisers
82302 Activities of conference organisers
82911 Activities of collection agencies
82990 Other business support service activities n.e.c.
85200 Primary education
85310 General secondary education
85410 Post-secondary non-tertiary education
85510 Sports and recreation education
85520 Cultural education
85590 Other education n.e.c.
85600 Educational support services
86101 Hospital activities
86210 General medical practice activities
86220 Specialists medical practice activities
86230 Dental practice activities
86900 Other human health activities
87100 Residential nursing care facilities
87300 Residential care activities for the elderly and disabled
88100 Social work activities without accommodation for the elderly and disabled
88990 Other social work activities without accommodation n.e.c.
90010 Performing arts
90020 Support activities to performing arts
90030 Artistic creation
91020 Museums activities
92000 Gambling and betting activities
93110 Operation of sports facilities
93130 Fitness facilities
93199 Other sports activities
93290 Other amusement and recreation activities n.e.c.
94110 Activities of business and employers membership organisations
94990 Activities of other membership organisations n.e.c.
95110 Repair of computers and peripheral equipment
96010 Washing and (dry-)cleaning of textile and fur products
96020 Hairdressing and other beauty treatment
96040 Physical well-being activities
96090 Other service activities n.e.c.
98000 Residents property management
99999 Dormant Company
`;

export const SIC_CODES: readonly SicCode[] = TABLE.trim()
  .split("\n")
  .map((line) => ({ code: line.slice(0, 5), description: line.slice(6).trim() }));

const BY_CODE = new Map(SIC_CODES.map((s, i) => [s.code, i]));

/** Index of a SIC code in SIC_CODES; throws for a code not in the table (a catalogue bug). */
export function sicIndex(code: string): number {
  const i = BY_CODE.get(code);
  if (i === undefined) throw new Error(`SIC ${code} is not in the sandbox SIC table`);
  return i;
}

export function sicAt(index: number): SicCode {
  const s = SIC_CODES[index];
  if (!s) throw new Error(`no SIC at ${index}`);
  return s;
}

/** The higher-level unit of a SIC code (its division, first two digits), as SICHLUs carries. */
export function sicDivision(code: string): string {
  return code.slice(0, 2);
}
