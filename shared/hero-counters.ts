/** What the board counted for the hero's `auto` counters (server/hero-counters.ts). */
export type HeroFigures = {
  /** The quick start's demo content is on the board (until `npm run demo -- remove`). */
  demo: boolean;
  monthlyUsers: number;
  jobseekers: number;
};
