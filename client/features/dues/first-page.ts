/** The dues list's first page over REST (use-dues.ts), which the boot script sends with /dues (area.ts): one path for both. */
export const DUES_FIRST_PAGE = '/api/dues';
