import { BOARD } from "#tests/relevance/board.ts";

/** The kinds of search issue 30 names; the suite reports the share that pass per kind. */
export const QUERY_CLASSES = [
  "word order",
  "company",
  "skill",
  "typo",
  "abbreviation or synonym",
  "word form",
  "ranking",
  "place in the box",
  "spec",
] as const;
export type QueryClass = (typeof QUERY_CLASSES)[number];

/**
 * One search and what a seeker typing it expects on the first page (10 results), judged as a person would, not from
 * the implementation. Keys are the board's (tests/relevance/board.ts).
 */
export type RelevanceQuery = {
  class: QueryClass;
  /** The text typed in the box; absent for a search by filters only. */
  text?: string;
  /** Other parameters of the search (location, experienceLevel, employmentType, datePosted…). */
  filters?: Record<string, string>;
  /** Listings that must be on the first page. */
  mustInclude: string[];
  /** Listings that must be the top results, in any order (each is on the first page too). */
  first?: string[];
  /** Listings that must not be on the first page. */
  mustExclude?: string[];
  /** The search must find nothing at all. */
  none?: true;
};

const q = (
  queryClass: QueryClass,
  text: string | undefined,
  mustInclude: string[],
  more: Omit<RelevanceQuery, "class" | "text" | "mustInclude"> = {},
): RelevanceQuery => ({ class: queryClass, ...(text === undefined ? {} : { text }), mustInclude, ...more });

const REMOTE = [
  "typescript-postman",
  "react-remote-toptal",
  "online-tutor-byjus",
  "content-writer-remote",
  "chat-support-wfh",
  "data-entry-wfh",
  "teaching-assistant-unacademy",
];
const DESIGNERS = [
  "graphic-designer-ogilvy",
  "uiux-zoho",
  "product-designer-cred",
  "visual-designer-myntra",
  "motion-designer",
  "interior-designer-livspace",
  "fashion-designer-biba",
];
const NURSES = ["staff-nurse-apollo", "icu-nurse-fortis", "home-nurse-portea", "staff-nurse-narayana"];
const TEACHERS = ["maths-teacher-dps", "english-teacher-dav", "primary-teacher-podar", "science-teacher-kv"];
const DRIVERS = ["delivery-driver-zomato", "car-driver-blusmart", "truck-driver-delhivery", "driver-personal"];
const KUBERNETES = ["devops-freshworks", "sre-swiggy", "k8s-admin-tatacomm", "platform-razorpay"];
const CA = ["ca-audit-deloitte", "ca-tax-ey", "ca-articleship-pune"];

export const QUERIES: RelevanceQuery[] = [
  // Words in another order than the title's
  q("word order", "developer react", ["react-dev-razorpay", "react-remote-toptal", "react-native-dream11"]),
  q("word order", "manager product", ["pm-swiggy", "senior-pm-paytm", "apm-zomato"]),
  q("word order", "engineer devops", ["devops-freshworks"]),
  q("word order", "analyst data", ["data-analyst-hdfc", "data-analyst-musigma"]),
  q("word order", "nurse staff", ["staff-nurse-apollo", "staff-nurse-narayana"]),
  q("word order", "designer graphic", ["graphic-designer-ogilvy"]),
  q("word order", "engineer software", ["sde-freshworks", "sde2-zoho", "trainee-se-infosys"]),
  q("word order", "developer java", ["java-dev-tcs", "java-dev-old-capgemini"]),
  q("word order", "executive sales", ["sales-exec-asianpaints"]),
  q("word order", "teacher maths", ["maths-teacher-dps"], { mustExclude: ["english-teacher-dav"] }),

  // A company
  q("company", "infosys", ["java-backend-infosys", "qa-manual-infosys", "trainee-se-infosys", "hr-exec-infosys-bpm"]),
  q("company", "zoho", ["sde2-zoho", "uiux-zoho", "tech-support-zoho", "sde-intern-zoho"]),
  q("company", "apollo", ["staff-nurse-apollo", "pharmacist-apollo", "front-office-apollo"]),
  q("company", "freshworks", [
    "sde-freshworks",
    "devops-freshworks",
    "inside-sales-freshworks",
    "customer-success-freshworks",
  ]),
  q("company", "tcs", ["java-dev-tcs", "test-automation-tcs", "project-manager-tcs"]),
  q("company", "deloitte", ["ca-audit-deloitte", "salesforce-deloitte"]),
  q("company", "swiggy developer", ["js-dev-swiggy", "ios-swiggy"], {
    mustExclude: ["react-dev-razorpay", "frontend-flipkart"],
  }),
  q("company", "Apollo Hospitals", ["staff-nurse-apollo", "front-office-apollo"]),
  q("company", "razorpay", ["react-dev-razorpay", "platform-razorpay", "analytics-intern-razorpay"]),
  q("company", "L&T", ["electrician-lt", "civil-engineer-lt"]),

  q("company", "tata", ["k8s-admin-tatacomm", "welder-tatasteel", "mechanical-tatamotors"]),
  q("company", "amazon", ["sde-amazon", "warehouse-amazon", "customer-support-amazon", "solutions-architect-aws"]),

  // A skill that is not in the title
  q("skill", "figma", ["uiux-zoho", "product-designer-cred"]),
  q("skill", "django", ["django-dev-healthifyme", "python-dev-chennai"]),
  q("skill", "tally", ["accountant-sharma", "accounts-exec-reliance"]),
  q("skill", "spring boot", ["java-dev-tcs", "java-backend-infosys"]),
  q("skill", "selenium", ["test-automation-tcs", "sdet-zomato"]),
  q("skill", "power bi", ["powerbi-ltimindtree", "data-analyst-hdfc"]),
  q("skill", "photoshop", ["graphic-designer-ogilvy", "visual-designer-myntra"]),
  q("skill", "kotlin", ["android-phonepe"]),
  q("skill", "pytorch", ["ml-engineer-swiggy", "ml-engineer-sarvam"]),
  q("skill", "gst", ["accountant-sharma", "accounts-exec-reliance", "gst-consultant"]),
  q("skill", "autocad", ["interior-designer-livspace", "civil-engineer-lt", "get-lt"]),
  q("skill", "terraform", ["devops-freshworks"]),
  q("skill", "google ads", ["digital-marketing-exec", "performance-marketing"]),
  q("skill", "excel", [
    "data-analyst-hdfc",
    "mis-bajaj",
    "analytics-intern-razorpay",
    "financial-analyst-gs",
    "hr-intern",
    "data-entry-wfh",
    "operations-delhivery",
  ]),

  // One wrong, missing, extra or swapped letter (two in long words)
  q("typo", "pyhton", ["python-dev-chennai", "python-dev-bengaluru"]),
  q("typo", "acountant", ["accountant-sharma", "senior-accountant-godrej"]),
  q("typo", "kubernets", KUBERNETES),
  q("typo", "grafic designer", ["graphic-designer-ogilvy", "motion-designer"]),
  q("typo", "developr", ["js-dev-swiggy", "java-dev-tcs"]),
  q("typo", "nurce", NURSES),
  q("typo", "carpanter", ["carpenter-urbanco", "carpenter-pepperfry"]),
  q("typo", "javascrpit", ["js-dev-swiggy"]),
  q("typo", "accountnat", ["accountant-sharma"]),
  q("typo", "teachr", ["maths-teacher-dps", "english-teacher-dav", "primary-teacher-podar"]),
  q("typo", "androd developer", ["android-phonepe"]),
  q("typo", "electrican", ["electrician-lt"]),
  q("typo", "reciptionist", ["receptionist-oberoi"]),
  q("typo", "mechnical engineer", ["mechanical-tatamotors"]),
  q("typo", "pharmasist", ["pharmacist-apollo"]),
  q("typo", "salesforse", ["salesforce-deloitte"]),
  q("typo", "recuiter", ["it-recruiter"]),
  q("typo", "kuberentes", ["k8s-admin-tatacomm", "devops-freshworks"]),
  q("typo", "phython developer", ["python-dev-chennai", "python-dev-bengaluru"]),
  q("typo", "desginer", ["graphic-designer-ogilvy", "uiux-zoho", "product-designer-cred"]),
  q("typo", "physiotherapst", ["physio-cult"]),
  q("typo", "chartered acountant", ["ca-audit-deloitte"]),

  q("typo", "infosis", ["java-backend-infosys", "qa-manual-infosys", "trainee-se-infosys", "hr-exec-infosys-bpm"]),

  // Abbreviations, other spellings and synonyms
  q("abbreviation or synonym", "js developer", ["js-dev-swiggy"], { first: ["js-dev-swiggy"] }),
  q("abbreviation or synonym", "k8s", KUBERNETES),
  q("abbreviation or synonym", "ml engineer", ["ml-engineer-swiggy", "ml-engineer-sarvam"], {
    mustExclude: ["html-dev-kochi"],
  }),
  // "HTML Developer" holds "ml" and the spec keeps a part of a title found, so it may be on the page: below these.
  q("abbreviation or synonym", "ml", ["ml-engineer-swiggy", "ml-engineer-sarvam", "data-scientist-fractal"], {
    first: ["ml-engineer-swiggy", "ml-engineer-sarvam", "data-scientist-fractal"],
  }),
  q("abbreviation or synonym", "nodejs", ["node-dev-paytm", "backend-cred", "fullstack-mern", "typescript-postman"]),
  q("abbreviation or synonym", "node.js developer", ["node-dev-paytm"], { first: ["node-dev-paytm"] }),
  q("abbreviation or synonym", "front end developer", ["frontend-flipkart", "frontend-meesho"]),
  q("abbreviation or synonym", "frontend", ["frontend-flipkart", "frontend-meesho"]),
  q("abbreviation or synonym", "ca", CA, { first: CA }),
  q("abbreviation or synonym", "hr", [
    "hr-exec-infosys-bpm",
    "hr-manager-mahindra",
    "hr-generalist",
    "hr-intern",
    "talent-acquisition-randstad",
  ]),
  q("abbreviation or synonym", "human resources", ["hr-manager-mahindra", "hr-exec-infosys-bpm", "hr-generalist"]),
  q("abbreviation or synonym", "wfh", REMOTE),
  q("abbreviation or synonym", "work from home", REMOTE),
  q("abbreviation or synonym", "remote", REMOTE),
  q("abbreviation or synonym", "fresher", [
    "data-analyst-musigma",
    "voice-process-teleperformance",
    "get-lt",
    "trainee-se-infosys",
    "data-entry-wfh",
    "staff-nurse-narayana",
  ]),
  q("abbreviation or synonym", "ui ux designer", ["uiux-zoho"], { first: ["uiux-zoho"] }),
  q("abbreviation or synonym", "sde", ["sde-amazon"], { first: ["sde-amazon"] }),
  q("abbreviation or synonym", "qa", ["qa-manual-infosys", "test-automation-tcs", "sdet-zomato"]),
  q("abbreviation or synonym", "golang", ["golang-zerodha"], { first: ["golang-zerodha"] }),
  q("abbreviation or synonym", "go developer", ["golang-zerodha"]),
  q("abbreviation or synonym", "c# developer", ["dotnet-hcl"], { first: ["dotnet-hcl"] }),
  q("abbreviation or synonym", "dotnet", ["dotnet-hcl"]),
  q("abbreviation or synonym", "bpo", ["voice-process-teleperformance", "chat-support-wfh", "customer-support-amazon"]),
  q("abbreviation or synonym", "cook", ["chef-itc"]),
  q("abbreviation or synonym", "ai", ["ai-engineer-haptik", "ml-engineer-sarvam"]),
  q("abbreviation or synonym", "sre", ["sre-swiggy"], { first: ["sre-swiggy"] }),
  q("abbreviation or synonym", "bde", ["bde-byjus"], { first: ["bde-byjus"] }),
  q("abbreviation or synonym", "seo", ["seo-specialist", "digital-marketing-exec", "content-writer-remote"]),
  q("abbreviation or synonym", "ts developer", ["typescript-postman"]),
  q("abbreviation or synonym", "reactjs", ["react-dev-razorpay", "react-remote-toptal"]),
  q("abbreviation or synonym", "full stack developer", ["fullstack-mern", "fullstack-phonepe"]),
  q("abbreviation or synonym", "mern", ["fullstack-mern"]),
  q("abbreviation or synonym", "tester", ["qa-manual-infosys", "test-automation-tcs"]),
  q("abbreviation or synonym", "chauffeur", ["car-driver-blusmart", "driver-personal"]),

  q("abbreviation or synonym", "ui designer", ["uiux-zoho"]),
  q("abbreviation or synonym", "ux designer", ["uiux-zoho"]),
  q("abbreviation or synonym", "part time", [
    "delivery-exec-swiggy",
    "online-tutor-byjus",
    "teaching-assistant-unacademy",
    "data-entry-wfh",
  ]),
  q("abbreviation or synonym", "hr jobs", ["hr-exec-infosys-bpm", "hr-manager-mahindra", "hr-generalist", "hr-intern"]),
  q("abbreviation or synonym", "c++", ["cpp-qualcomm", "embedded-bosch", "sde2-zoho"], {
    first: ["cpp-qualcomm"],
    mustExclude: ["dotnet-hcl"],
  }),

  // Plurals and other forms of a word
  q("word form", "developers", ["js-dev-swiggy", "java-dev-tcs"]),
  q("word form", "designers", DESIGNERS),
  q("word form", "teachers", TEACHERS),
  q("word form", "nursing", [...NURSES, "nursing-supervisor-manipal"]),
  q("word form", "nurses", NURSES),
  q("word form", "accountants", ["accountant-sharma", "senior-accountant-godrej", "ca-audit-deloitte"]),
  q("word form", "drivers", DRIVERS),
  q("word form", "analysts", [
    "data-analyst-hdfc",
    "data-analyst-musigma",
    "business-analyst-accenture",
    "financial-analyst-gs",
    "cybersecurity-kpmg",
  ]),
  q("word form", "teaching", [...TEACHERS, "teaching-assistant-unacademy"]),
  q("word form", "carpentry", ["carpenter-urbanco", "carpenter-pepperfry"]),
  q("word form", "accounting", ["accountant-sharma", "senior-accountant-godrej", "accounts-exec-reliance"]),
  q("word form", "engineers", ["java-backend-infosys", "sde2-zoho"]),
  q("word form", "testing", ["qa-manual-infosys", "test-automation-tcs", "sdet-zomato"]),
  q("word form", "electricians", ["electrician-lt"]),

  q("word form", "internships", ["analytics-intern-razorpay", "sde-intern-zoho", "marketing-intern", "hr-intern"]),

  // Which listings come first
  q("ranking", "java", ["java-dev-tcs", "java-backend-infosys", "java-dev-old-capgemini"], {
    first: ["java-dev-tcs", "java-backend-infosys", "java-dev-old-capgemini"],
  }),
  q("ranking", "software engineer", ["sde-freshworks", "sde2-zoho"], { first: ["sde-freshworks"] }),
  q("ranking", "data analyst", ["data-analyst-hdfc", "data-analyst-musigma"], { first: ["data-analyst-hdfc"] }),
  q("ranking", "product manager", ["pm-swiggy", "senior-pm-paytm", "apm-zomato"], { first: ["pm-swiggy"] }),
  q("ranking", "react", ["react-dev-razorpay", "react-native-dream11", "react-remote-toptal", "frontend-flipkart"], {
    first: ["react-dev-razorpay", "react-native-dream11", "react-remote-toptal"],
  }),
  q("ranking", "accountant", ["accountant-sharma", "senior-accountant-godrej"], { first: ["accountant-sharma"] }),
  q("ranking", "nurse", NURSES, { first: [...NURSES, "nursing-supervisor-manipal"] }),
  q("ranking", "python", ["python-dev-chennai", "python-dev-bengaluru", "django-dev-healthifyme"], {
    first: ["python-dev-chennai", "python-dev-bengaluru"],
  }),
  q("ranking", "kubernetes", KUBERNETES, { first: ["k8s-admin-tatacomm"] }),
  q("ranking", "java developer", ["java-dev-tcs", "java-dev-old-capgemini"], {
    first: ["java-dev-tcs", "java-dev-old-capgemini"],
  }),
  q("ranking", "sales executive", ["sales-exec-asianpaints"], { first: ["sales-exec-asianpaints"] }),
  q("ranking", "graphic designer", ["graphic-designer-ogilvy"], { first: ["graphic-designer-ogilvy"] }),
  q("ranking", "driver", DRIVERS, { first: DRIVERS }),
  q("ranking", "cashier", ["cashier-dmart", "cashier-reliance"], { first: ["cashier-dmart"] }),
  q("ranking", "staff nurse", ["staff-nurse-apollo", "staff-nurse-narayana"], {
    first: ["staff-nurse-apollo", "staff-nurse-narayana"],
  }),
  q("ranking", "designer", DESIGNERS, { first: DESIGNERS }),
  q("ranking", "chartered accountant", ["ca-audit-deloitte", "ca-tax-ey"], { first: ["ca-audit-deloitte"] }),

  // A city typed in the box
  q("place in the box", "python chennai", ["python-dev-chennai"], {
    mustExclude: ["python-dev-bengaluru", "django-dev-healthifyme"],
  }),
  q("place in the box", "nurse chennai", ["staff-nurse-apollo"], {
    mustExclude: ["icu-nurse-fortis", "staff-nurse-narayana"],
  }),
  q("place in the box", "developer pune", ["flutter-pune"], { mustExclude: ["java-dev-tcs", "js-dev-swiggy"] }),
  q("place in the box", "accountant mumbai", ["senior-accountant-godrej", "ca-audit-deloitte"], {
    mustExclude: ["accountant-sharma"],
  }),
  q("place in the box", "python bangalore", ["python-dev-bengaluru"], { mustExclude: ["python-dev-chennai"] }),
  q("place in the box", "remote react developer", ["react-remote-toptal"], { mustExclude: ["react-dev-razorpay"] }),
  q("place in the box", "teacher delhi", ["maths-teacher-dps"], { mustExclude: ["english-teacher-dav"] }),
  q("place in the box", "driver gurgaon", ["car-driver-blusmart"], { mustExclude: ["delivery-driver-zomato"] }),
  q("place in the box", "hyderabad java", ["sde-amazon"], { mustExclude: ["java-dev-tcs"] }),
  q("place in the box", "designer mumbai", ["graphic-designer-ogilvy"], { mustExclude: ["uiux-zoho"] }),

  q("place in the box", "jobs in chennai", ["java-dev-tcs", "sde2-zoho", "sde-freshworks"], {
    mustExclude: ["js-dev-swiggy", "java-backend-infosys"],
  }),
  q("place in the box", "python developer in bangalore", ["python-dev-bengaluru"], {
    mustExclude: ["python-dev-chennai"],
  }),
  q("place in the box", "nurse job hyderabad", ["home-nurse-portea"], { mustExclude: ["staff-nurse-apollo"] }),

  // The spec's cases keep working
  q("spec", "eng", ["java-backend-infosys"], { mustExclude: ["cashier-dmart"] }),
  q("spec", "xyzzyq", [], { none: true }),
  q("spec", "qwrtplk", [], { none: true }),
  q("spec", "developer", ["java-dev-tcs", "python-dev-chennai", "rails-chargebee"], {
    filters: { location: "Chennai" },
    mustExclude: ["js-dev-swiggy", "python-dev-bengaluru"],
  }),
  q("spec", "data analyst", ["data-analyst-musigma"], {
    filters: { experienceLevel: "Fresher" },
    mustExclude: ["data-analyst-hdfc"],
  }),
  q("spec", "developer", ["js-dev-swiggy", "java-dev-tcs", "react-dev-razorpay", "frontend-flipkart"], {
    filters: { datePosted: "24h" },
    mustExclude: ["php-justdial", "python-dev-chennai"],
  }),
  q("spec", "java", ["java-dev-old-capgemini"], {
    filters: { employmentType: "Contract" },
    mustExclude: ["java-dev-tcs"],
  }),
  q("spec", undefined, ["html-dev-kochi"], { filters: { location: "Kochi" } }),
  q(
    "spec",
    undefined,
    BOARD.slice(0, 10).map((listing) => listing.key),
    { first: [BOARD[0]!.key] },
  ),
  q("spec", "script", ["js-dev-swiggy", "typescript-postman"]),
  q("spec", "Senior React", ["react-dev-razorpay"], { first: ["react-dev-razorpay"] }),
  q("spec", "react dev", ["react-dev-razorpay"]),
];
