/** A subset of real NAICS 2022 codes, used for RNAICs in classification and for the us market. */

export interface NaicsCode {
  readonly code: string;
  readonly description: string;
}

const TABLE = `
111998 All Other Miscellaneous Crop Farming
112120 Dairy Cattle and Milk Production
221114 Solar Electric Power Generation
221115 Wind Electric Power Generation
221118 Other Electric Power Generation
236116 New Multifamily Housing Construction (except For-Sale Builders)
236220 Commercial and Institutional Building Construction
238160 Roofing Contractors
238210 Electrical Contractors and Other Wiring Installation Contractors
238220 Plumbing, Heating, and Air-Conditioning Contractors
311811 Retail Bakeries
312120 Breweries
312140 Distilleries
325412 Pharmaceutical Preparation Manufacturing
332710 Machine Shops
333998 All Other Miscellaneous General Purpose Machinery Manufacturing
334413 Semiconductor and Related Device Manufacturing
335910 Battery Manufacturing
336110 Automobile and Light Duty Motor Vehicle Manufacturing
336390 Other Motor Vehicle Parts Manufacturing
336411 Aircraft Manufacturing
336413 Other Aircraft Parts and Auxiliary Equipment Manufacturing
339112 Surgical and Medical Instrument Manufacturing
455110 Department Stores
458110 Clothing and Clothing Accessories Retailers
484121 General Freight Trucking, Long-Distance, Truckload
492110 Couriers and Express Delivery Services
493110 General Warehousing and Storage
512110 Motion Picture and Video Production
513210 Software Publishers
517111 Wired Telecommunications Carriers
517112 Wireless Telecommunications Carriers (except Satellite)
518210 Computing Infrastructure Providers, Data Processing, Web Hosting, and Related Services
522320 Financial Transactions Processing, Reserve, and Clearinghouse Activities
523940 Portfolio Management and Investment Advice
523999 Miscellaneous Financial Investment Activities
524210 Insurance Agencies and Brokerages
531210 Offices of Real Estate Agents and Brokers
531311 Residential Property Managers
541110 Offices of Lawyers
541211 Offices of Certified Public Accountants
541310 Architectural Services
541330 Engineering Services
541511 Custom Computer Programming Services
541512 Computer Systems Design Services
541519 Other Computer Related Services
541611 Administrative Management and General Management Consulting Services
541613 Marketing Consulting Services
541620 Environmental Consulting Services
541714 Research and Development in Biotechnology (except Nanobiotechnology)
541715 Research and Development in the Physical, Engineering, and Life Sciences (except Nanotechnology and Biotechnology)
541810 Advertising Agencies
551112 Offices of Other Holding Companies
561311 Employment Placement Agencies
561510 Travel Agencies
561612 Security Guards and Patrol Services
561720 Janitorial Services
561730 Landscaping Services
562111 Solid Waste Collection
562920 Materials Recovery Facilities
611430 Professional and Management Development Training
611710 Educational Support Services
621999 All Other Miscellaneous Ambulatory Health Care Services
623110 Nursing Care Facilities (Skilled Nursing Facilities)
624120 Services for the Elderly and Persons with Disabilities
711510 Independent Artists, Writers, and Performers
713940 Fitness and Recreational Sports Centers
721110 Hotels (except Casino Hotels) and Motels
722410 Drinking Places (Alcoholic Beverages)
722511 Full-Service Restaurants
722513 Limited-Service Restaurants
`;

export const NAICS_CODES: readonly NaicsCode[] = TABLE.trim()
  .split("\n")
  .map((line) => ({ code: line.slice(0, 6), description: line.slice(7).trim() }));

const BY_CODE = new Map(NAICS_CODES.map((n) => [n.code, n]));

export function naicsByCode(code: string): NaicsCode {
  const n = BY_CODE.get(code);
  if (!n) throw new Error(`NAICS ${code} is not in the sandbox NAICS table`);
  return n;
}
