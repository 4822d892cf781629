/**
 * The address of the local site `npm start` serves: port 8787, or the PORT
 * environment variable, as `npm start` itself reads it. The browser tests, the
 * audit and the screenshots follow it, so two checkouts can each run their own
 * site and tests side by side (`PORT=8797 npm run test:e2e`).
 */
export const LOCAL_SITE_URL = `http://localhost:${process.env.PORT || 8787}`;
