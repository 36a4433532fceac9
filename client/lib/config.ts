/** Build-time settings of the client (Vite env). */

/** One API base host for every call; empty means the same origin. */
export const API_BASE_URL: string = (import.meta.env.VITE_API_URL as string | undefined) ?? '';

/** The support address shown on /support and in "contact support" links. */
export const SUPPORT_EMAIL: string = (import.meta.env.VITE_SUPPORT_EMAIL as string | undefined) ?? 'support@hoa-manager.app';

export const APP_NAME = 'HOA Manager';
