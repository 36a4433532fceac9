/**
 * The banner hook moved to the client kit (client/lib/use-nav-banner.ts). This re-export stays only
 * for AnnouncementsPage.tsx, which belongs to the list half of the kit: delete it once that screen
 * imports from client/lib.
 */
export { useNavBanner } from '../../lib/use-nav-banner';
