/**
 * Success banners passed by navigation ("Announcement created successfully", "Violation
 * created successfully and notification sent to resident"…): the screen that navigates puts the text
 * in the history entry's state; the target shows it for 5 seconds, then clears it. The entry's
 * state is emptied at once, so a reload or a Back does not show it again.
 */
import { useEffect, useState } from 'react';
import { useLocation } from 'wouter';

export const BANNER_MS = 5_000;

export interface BannerState {
  banner: string;
}

/** Options for wouter's navigate(): `navigate(to, withBanner('Announcement created successfully'))`. */
export const withBanner = (banner: string) => ({ state: { banner } satisfies BannerState });

export function useNavBanner(): [string | null, () => void] {
  const [location] = useLocation();
  const [banner, setBanner] = useState<string | null>(null);

  useEffect(() => {
    const state = history.state as Partial<BannerState> | null;
    if (typeof state?.banner !== 'string') return;
    setBanner(state.banner);
    const { banner: _, ...rest } = state;
    history.replaceState(Object.keys(rest).length ? rest : null, '');
  }, [location]);

  useEffect(() => {
    if (!banner) return;
    const timer = setTimeout(() => setBanner(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [banner]);

  return [banner, () => setBanner(null)];
}

/** A message shown for `BANNER_MS`, then cleared (retry and send results, status updates). */
export function useTimedMessage(): [string | null, (message: string | null) => void] {
  const [message, setMessage] = useState<string | null>(null);
  useEffect(() => {
    if (!message) return;
    const timer = setTimeout(() => setMessage(null), BANNER_MS);
    return () => clearTimeout(timer);
  }, [message]);
  return [message, setMessage];
}
