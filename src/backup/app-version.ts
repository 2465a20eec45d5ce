import { readFileSync } from 'node:fs';

/** The shop's version (package.json), written into every backup's manifest. */
export const APP_VERSION: string = (JSON.parse(readFileSync(new URL('../../package.json', import.meta.url), 'utf8')) as { version: string })
  .version;
