// @ts-check
'use strict';

/**
 * Static vocabularies for the seeded fixtures. Enumerations that the spec
 * (/work/shared/recruiting-api.md) lists exhaustively are copied verbatim;
 * open value sets use the spec's known value plus plausible siblings.
 */

/** Company size enum: the complete list from the spec. */
const COMPANY_SIZES = Object.freeze([
	'1 employee',
	'2-10 employees',
	'11-50 employees',
	'51-200 employees',
	'201-500 employees',
	'501-1,000 employees',
	'1,001-5,000 employees',
	'5,001-10,000 employees',
	'10,001+ employees',
]);

/** A subset of the spec's industry enum (every value is an exact spec label). */
const INDUSTRIES = Object.freeze([
	'Accounting',
	'Advertising Services',
	'Aviation & Aerospace',
	'Automotive',
	'Banking',
	'Biotechnology Research',
	'Business Consulting and Services',
	'Civil Engineering',
	'Computer and Network Security',
	'Construction',
	'E-Learning Providers',
	'Engineering Services',
	'Environmental Services',
	'Executive Search Services',
	'Financial Services',
	'Food and Beverage Manufacturing',
	'Hospitals and Health Care',
	'Human Resources Services',
	'Insurance',
	'Internet Marketplace Platforms',
	'IT Services and IT Consulting',
	'Law Practice',
	'Transportation, Logistics, Supply Chain and Storage',
	'Marketing Services',
	'Medical Equipment Manufacturing',
	'Pharmaceutical Manufacturing',
	'Real Estate',
	'Renewable Energy Power Generation',
	'Retail',
	'Software Development',
	'Staffing and Recruiting',
	'Telecommunications',
	'Venture Capital and Private Equity Principals',
	'Wholesale',
]);

/** Salary range currency enum: the complete list of 35 codes from the spec. */
const SALARY_CURRENCIES = Object.freeze([
	'USD', 'EUR', 'GBP', 'JPY', 'CNY', 'INR', 'SAR', 'AED', 'NOK', 'SEK', 'DKK', 'MXN',
	'BRL', 'ARS', 'AUD', 'CAD', 'NZD', 'EGP', 'CHF', 'SGD', 'HKD', 'KRW', 'TWD', 'THB',
	'VND', 'IDR', 'ILS', 'TRY', 'ZAR', 'RUB', 'PLN', 'HUF', 'RON', 'BGN', 'CZK',
]);

const EMPLOYMENT_TYPES = Object.freeze(['fullTime', 'partTime', 'temporary', 'internship']);
const LOCATION_TYPES = Object.freeze(['remote', 'hybrid', 'onsite']);
const LOCATION_KINDS = Object.freeze([
	'primary_home',
	'secondary_home',
	'primary_work',
	'headquarters',
	'regional_office',
]);
const NOTE_SOURCES = Object.freeze(['phone', 'inPerson', 'onlineMeeting', 'callAttempted']);
const APPLICATION_STAGE_TYPES = Object.freeze([
	'speculative',
	'application',
	'sourcing',
	'outreach',
	'interview',
	'presentation',
	'result',
]);

/**
 * Cities with the data needed to build coherent locations, phone numbers and
 * nationalities. Salary currency follows the country.
 * @typedef {{ city: string, region: string, state: string, country: string, countryCode: string,
 *   postalCode: string, lat: number, lng: number, phone: string, nationality: string, currency: string }} City
 * @type {readonly City[]}
 */
const CITIES = Object.freeze([
	{ city: 'Amsterdam', region: 'North Holland', state: '', country: 'Netherlands', countryCode: 'NL', postalCode: '1012 AB', lat: 52.3676, lng: 4.9041, phone: '+31 6', nationality: 'Dutch', currency: 'EUR' },
	{ city: 'Rotterdam', region: 'South Holland', state: '', country: 'Netherlands', countryCode: 'NL', postalCode: '3011 AD', lat: 51.9244, lng: 4.4777, phone: '+31 6', nationality: 'Dutch', currency: 'EUR' },
	{ city: 'Berlin', region: 'Berlin', state: '', country: 'Germany', countryCode: 'DE', postalCode: '10115', lat: 52.52, lng: 13.405, phone: '+49 151', nationality: 'German', currency: 'EUR' },
	{ city: 'Munich', region: 'Bavaria', state: '', country: 'Germany', countryCode: 'DE', postalCode: '80331', lat: 48.1351, lng: 11.582, phone: '+49 160', nationality: 'German', currency: 'EUR' },
	{ city: 'Paris', region: 'Île-de-France', state: '', country: 'France', countryCode: 'FR', postalCode: '75002', lat: 48.8566, lng: 2.3522, phone: '+33 6', nationality: 'French', currency: 'EUR' },
	{ city: 'Madrid', region: 'Community of Madrid', state: '', country: 'Spain', countryCode: 'ES', postalCode: '28013', lat: 40.4168, lng: -3.7038, phone: '+34 612', nationality: 'Spanish', currency: 'EUR' },
	{ city: 'London', region: 'Greater London', state: '', country: 'United Kingdom', countryCode: 'GB', postalCode: 'EC1A 1BB', lat: 51.5072, lng: -0.1276, phone: '+44 7700', nationality: 'British', currency: 'GBP' },
	{ city: 'Manchester', region: 'Greater Manchester', state: '', country: 'United Kingdom', countryCode: 'GB', postalCode: 'M1 1AE', lat: 53.4808, lng: -2.2426, phone: '+44 7911', nationality: 'British', currency: 'GBP' },
	{ city: 'Dublin', region: 'Leinster', state: '', country: 'Ireland', countryCode: 'IE', postalCode: 'D02 X285', lat: 53.3498, lng: -6.2603, phone: '+353 85', nationality: 'Irish', currency: 'EUR' },
	{ city: 'Stockholm', region: 'Stockholm County', state: '', country: 'Sweden', countryCode: 'SE', postalCode: '111 20', lat: 59.3293, lng: 18.0686, phone: '+46 70', nationality: 'Swedish', currency: 'SEK' },
	{ city: 'Copenhagen', region: 'Capital Region', state: '', country: 'Denmark', countryCode: 'DK', postalCode: '1050', lat: 55.6761, lng: 12.5683, phone: '+45 20', nationality: 'Danish', currency: 'DKK' },
	{ city: 'Oslo', region: 'Oslo', state: '', country: 'Norway', countryCode: 'NO', postalCode: '0150', lat: 59.9139, lng: 10.7522, phone: '+47 412', nationality: 'Norwegian', currency: 'NOK' },
	{ city: 'Zurich', region: 'Zurich', state: '', country: 'Switzerland', countryCode: 'CH', postalCode: '8001', lat: 47.3769, lng: 8.5417, phone: '+41 79', nationality: 'Swiss', currency: 'CHF' },
	{ city: 'Warsaw', region: 'Masovian', state: '', country: 'Poland', countryCode: 'PL', postalCode: '00-001', lat: 52.2297, lng: 21.0122, phone: '+48 512', nationality: 'Polish', currency: 'PLN' },
	{ city: 'Prague', region: 'Prague', state: '', country: 'Czech Republic', countryCode: 'CZ', postalCode: '110 00', lat: 50.0755, lng: 14.4378, phone: '+420 601', nationality: 'Czech', currency: 'CZK' },
	{ city: 'New York', region: 'Northeast', state: 'NY', country: 'United States', countryCode: 'US', postalCode: '10001', lat: 40.7128, lng: -74.006, phone: '+1 212', nationality: 'American', currency: 'USD' },
	{ city: 'San Francisco', region: 'West', state: 'CA', country: 'United States', countryCode: 'US', postalCode: '94103', lat: 37.7749, lng: -122.4194, phone: '+1 415', nationality: 'American', currency: 'USD' },
	{ city: 'Austin', region: 'South', state: 'TX', country: 'United States', countryCode: 'US', postalCode: '73301', lat: 30.2672, lng: -97.7431, phone: '+1 512', nationality: 'American', currency: 'USD' },
	{ city: 'Toronto', region: 'Ontario', state: 'ON', country: 'Canada', countryCode: 'CA', postalCode: 'M5H 2N2', lat: 43.6532, lng: -79.3832, phone: '+1 416', nationality: 'Canadian', currency: 'CAD' },
	{ city: 'São Paulo', region: 'Southeast', state: 'SP', country: 'Brazil', countryCode: 'BR', postalCode: '01000-000', lat: -23.5505, lng: -46.6333, phone: '+55 11', nationality: 'Brazilian', currency: 'BRL' },
	{ city: 'Mexico City', region: 'Central Mexico', state: 'CDMX', country: 'Mexico', countryCode: 'MX', postalCode: '06000', lat: 19.4326, lng: -99.1332, phone: '+52 55', nationality: 'Mexican', currency: 'MXN' },
	{ city: 'Sydney', region: 'New South Wales', state: 'NSW', country: 'Australia', countryCode: 'AU', postalCode: '2000', lat: -33.8688, lng: 151.2093, phone: '+61 412', nationality: 'Australian', currency: 'AUD' },
	{ city: 'Singapore', region: 'Central Region', state: '', country: 'Singapore', countryCode: 'SG', postalCode: '018956', lat: 1.3521, lng: 103.8198, phone: '+65 8', nationality: 'Singaporean', currency: 'SGD' },
	{ city: 'Dubai', region: 'Dubai', state: '', country: 'United Arab Emirates', countryCode: 'AE', postalCode: '00000', lat: 25.2048, lng: 55.2708, phone: '+971 50', nationality: 'Emirati', currency: 'AED' },
	{ city: 'Bengaluru', region: 'Karnataka', state: 'KA', country: 'India', countryCode: 'IN', postalCode: '560001', lat: 12.9716, lng: 77.5946, phone: '+91 98', nationality: 'Indian', currency: 'INR' },
	{ city: 'Kabul', region: 'Kabul', state: '', country: 'Afghanistan', countryCode: 'AF', postalCode: '1001', lat: 34.5553, lng: 69.2075, phone: '+93 70', nationality: 'Afghan', currency: 'USD' },
]);

const FIRST_NAMES = Object.freeze([
	'Emma', 'Liam', 'Olivia', 'Noah', 'Ava', 'Lucas', 'Sophia', 'Mateo', 'Mia', 'Elijah',
	'Isabella', 'James', 'Amelia', 'Benjamin', 'Charlotte', 'Leo', 'Harper', 'Daan', 'Sanne', 'Lotte',
	'Jonas', 'Lena', 'Felix', 'Hannah', 'Chloé', 'Louis', 'Lucía', 'Hugo', 'Aoife', 'Cian',
	'Astrid', 'Erik', 'Freja', 'Magnus', 'Nora', 'Kacper', 'Zofia', 'Jakub', 'Tereza', 'Priya',
	'Arjun', 'Ananya', 'Rohan', 'Wei', 'Mei', 'Hiroshi', 'Yuki', 'Fatima', 'Omar', 'Layla',
	'Ahmad', 'Zara', 'Gabriel', 'Valentina', 'Santiago', 'Camila', 'Diego', 'Sofía', 'Ethan', 'Grace',
	'Samuel', 'Chloe', 'Noor', 'Aisha', 'Tomás', 'Inês', 'Mohammed', 'Sara', 'David', 'Julia',
]);

const LAST_NAMES = Object.freeze([
	'de Vries', 'Jansen', 'van den Berg', 'Bakker', 'Visser', 'Müller', 'Schmidt', 'Schneider', 'Fischer', 'Weber',
	'Martin', 'Bernard', 'Dubois', 'García', 'Fernández', 'López', 'Martínez', 'Smith', 'Jones', 'Williams',
	'Brown', 'Taylor', 'Murphy', "O'Brien", 'Kelly', 'Andersson', 'Johansson', 'Nielsen', 'Hansen', 'Larsen',
	'Keller', 'Nowak', 'Kowalski', 'Wiśniewski', 'Novák', 'Svoboda', 'Johnson', 'Davis', 'Miller', 'Wilson',
	'Tremblay', 'Roy', 'Silva', 'Santos', 'Hernández', 'González', 'Nguyen', 'Chen', 'Wang', 'Tanaka',
	'Sato', 'Patel', 'Sharma', 'Iyer', 'Khan', 'Al-Sayed', 'Haddad', 'Rahimi', 'Karimi', 'Cohen',
]);

const COMPANY_NAME_PARTS = Object.freeze({
	first: ['Northwind', 'Bluepeak', 'Brightline', 'Cobalt', 'Evergreen', 'Ironwood', 'Lumen', 'Meridian', 'Nimbus', 'Orchard', 'Polaris', 'Quartz', 'Redwood', 'Silverlake', 'Tidal', 'Vantage', 'Westfield', 'Zenith'],
	second: ['Analytics', 'Logistics', 'Health', 'Capital', 'Labs', 'Systems', 'Energy', 'Foods', 'Robotics', 'Media', 'Partners', 'Software', 'Bank', 'Insurance', 'Retail', 'Engineering'],
	suffix: ['B.V.', 'GmbH', 'Ltd', 'Inc.', 'AG', 'SA', 'AB', 'Group'],
});

const JOB_TITLES = Object.freeze([
	'Senior Backend Engineer', 'Frontend Developer', 'Data Scientist', 'Product Manager', 'UX Designer',
	'DevOps Engineer', 'Account Executive', 'Customer Success Manager', 'Financial Controller', 'HR Business Partner',
	'Marketing Manager', 'Sales Development Representative', 'Chief Financial Officer', 'Head of Operations', 'Legal Counsel',
	'Mechanical Engineer', 'Supply Chain Planner', 'Registered Nurse', 'Research Scientist', 'Talent Acquisition Lead',
	'Security Analyst', 'Site Reliability Engineer', 'Business Analyst', 'Project Manager', 'Procurement Specialist',
]);

const DEPARTMENTS = Object.freeze(['Engineering', 'Finance', 'People', 'Operations', 'Sales', 'Marketing', 'Legal', 'Procurement']);

const LANGUAGES = Object.freeze([
	{ id: 'lang-en', language: 'English' },
	{ id: 'lang-nl', language: 'Dutch' },
	{ id: 'lang-de', language: 'German' },
	{ id: 'lang-fr', language: 'French' },
	{ id: 'lang-es', language: 'Spanish' },
	{ id: 'lang-pt', language: 'Portuguese' },
	{ id: 'lang-zh', language: 'Mandarin' },
	{ id: 'lang-ar', language: 'Arabic' },
	{ id: 'lang-hi', language: 'Hindi' },
]);
const FLUENCIES = Object.freeze([
	'Native or bilingual proficiency',
	'Full professional proficiency',
	'Professional working proficiency',
	'Limited working proficiency',
	'Elementary proficiency',
]);
const GENDERS = Object.freeze(['male', 'female', 'non_binary']);
const CANDIDATE_STATUSES = Object.freeze(['actively_looking', 'open_to_offers', 'not_looking', 'placed']);
const ACQUISITION_SOURCES = Object.freeze(['manual', 'sourced', 'referral', 'import', 'vacancyPortal']);
const APPLICATION_STATES = Object.freeze(['for-review', 'in-progress', 'rejected', 'placed']);
const EMAIL_DOMAINS = Object.freeze(['example.com', 'example.org', 'example.net', 'mail.example.com']);

/** Job (vacancy) pipeline stages. `isOpen` is only rendered in the detail variant. */
const VACANCY_STAGES = Object.freeze([
	{ id: 'vstage-intake', order: 1, name: 'Intake', colorHex: '#9E9E9E', isOpen: true },
	{ id: 'vstage-sourcing', order: 2, name: 'Sourcing', colorHex: '#2196F3', isOpen: true },
	{ id: 'vstage-interviewing', order: 3, name: 'Interviewing', colorHex: '#FF9800', isOpen: true },
	{ id: 'vstage-offer', order: 4, name: 'Offer', colorHex: '#9C27B0', isOpen: true },
	{ id: 'vstage-on-hold', order: 5, name: 'On hold', colorHex: '#795548', isOpen: false },
	{ id: 'vstage-filled', order: 6, name: 'Filled', colorHex: '#4CAF50', isOpen: false },
	{ id: 'vstage-cancelled', order: 7, name: 'Cancelled', colorHex: '#F44336', isOpen: false },
]);

/**
 * Application pipeline stages, one template per templateType. Each stage has
 * statuses (the `statusId` of POST /applications refers to these).
 * @typedef {{ id: string, name: string, colorHex: string }} StageStatus
 * @typedef {{ id: string, type: string, templateType: string, templateId: string, name: string,
 *   order: number, colorHex: string, statuses: StageStatus[] }} ApplicationStageDef
 * @type {readonly ApplicationStageDef[]}
 */
const APPLICATION_STAGES = Object.freeze(
	[
		['astage-speculative', 'speculative', 'DEFAULT_SPECULATIVE', 'Speculative', '#607D8B'],
		['astage-applied', 'application', 'DEFAULT_STANDARD', 'Applied', '#03A9F4'],
		['astage-sourced', 'sourcing', 'DEFAULT_STANDARD', 'Sourced', '#3F51B5'],
		['astage-contacted', 'outreach', 'DEFAULT_STANDARD', 'Contacted', '#009688'],
		['astage-interview', 'interview', 'DEFAULT_STANDARD', 'Interview', '#FF9800'],
		['astage-presented', 'presentation', 'DEFAULT_STANDARD', 'Presented to client', '#9C27B0'],
		['astage-result', 'result', 'DEFAULT_STANDARD', 'Result', '#4CAF50'],
	].map(([id, type, templateType, name, colorHex], index) => ({
		id,
		type,
		templateType,
		templateId: templateType === 'DEFAULT_SPECULATIVE' ? 'tmpl-speculative' : 'tmpl-standard',
		name,
		order: templateType === 'DEFAULT_SPECULATIVE' ? 1 : index,
		colorHex,
		statuses: [
			{ id: `${id}-status-new`, name: 'New', colorHex: '#BDBDBD' },
			{ id: `${id}-status-active`, name: 'In progress', colorHex: '#FFC107' },
			{ id: `${id}-status-done`, name: 'Done', colorHex: '#8BC34A' },
		],
	})),
);

module.exports = {
	COMPANY_SIZES,
	INDUSTRIES,
	SALARY_CURRENCIES,
	EMPLOYMENT_TYPES,
	LOCATION_TYPES,
	LOCATION_KINDS,
	NOTE_SOURCES,
	APPLICATION_STAGE_TYPES,
	CITIES,
	FIRST_NAMES,
	LAST_NAMES,
	COMPANY_NAME_PARTS,
	JOB_TITLES,
	DEPARTMENTS,
	LANGUAGES,
	FLUENCIES,
	GENDERS,
	CANDIDATE_STATUSES,
	ACQUISITION_SOURCES,
	APPLICATION_STATES,
	EMAIL_DOMAINS,
	VACANCY_STAGES,
	APPLICATION_STAGES,
};
