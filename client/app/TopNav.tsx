import { useId, useState } from 'react';
import { Link, useLocation } from 'wouter';
import { dashboardPolicy } from '../../schema/dashboard';
import { changes, itOrThem } from '../features/auth/waiting-changes';
import { APP_NAME } from '../lib/config';
import { capitalize } from '../lib/format';
import { usePendingCount } from '../lib/replicache';
import { signOut, useCurrentUser } from '../lib/session';
import { Avatar, cx, Dialog, DialogActions, DollarIcon, HomeIcon, LifeBuoyIcon, LogOutIcon, MenuIcon, MenuOnFirstPress, UserIcon, XIcon } from '../ui';
import { navEntries } from './areas';
import { mayNavigate, type NavEntry } from './client-area';

const under = (path: string, prefix: string) => path === prefix || path.startsWith(`${prefix}/`);
const isActive = (path: string, e: NavEntry) => [e.href, ...(e.alsoActive ?? [])].some((p) => under(path, p));

function NavLinks({ entries, location, listClass, linkClass, onNavigate }: { entries: readonly NavEntry[]; location: string; listClass: string; linkClass: string; onNavigate?: () => void }) {
  return (
    <ul className={listClass}>
      {entries.map((e) => {
        const active = isActive(location, e);
        return (
          <li key={e.href}>
            <Link
              href={e.href}
              onClick={onNavigate}
              aria-current={active ? 'page' : undefined}
              className={cx(linkClass, 'font-medium', active ? 'bg-accent-50 text-accent-800' : 'text-neutral-600 hover:bg-neutral-100 hover:text-neutral-900')}
            >
              {e.label}
            </Link>
          </li>
        );
      })}
    </ul>
  );
}

/**
 * Top navigation: role-dependent entries and the profile menu; a menu on phones. It is on every
 * signed-in screen's start-up, so it mounts no Headless UI there: the phone menu is a plain
 * disclosure button, the account menu a button until first pressed (docs/decisions/256-frame-without-headless-ui-at-start.md).
 */
export function TopNav() {
  const user = useCurrentUser();
  const [location, navigate] = useLocation();
  const pending = usePendingCount();
  const [confirming, setConfirming] = useState(false);
  const [navOpen, setNavOpen] = useState(false);
  const panelId = useId();
  if (!user) return null;
  const several = (user.hoa_count ?? 1) > 1;
  // Only what the user may open: a resident's Dashboard link would land on Announcements.
  const entries = navEntries.filter((e) => mayNavigate(e, user.role));
  const logout = async () => {
    setConfirming(false);
    await signOut();
    navigate('/login', { replace: true });
  };

  return (
    <header className="sticky top-0 z-30 print:hidden border-b border-neutral-200 bg-white/95 backdrop-blur">
      <div className="mx-auto flex h-14 max-w-[1200px] items-center gap-4 px-4 sm:px-6">
        <button
          type="button"
          className="-ml-1 rounded-md p-1.5 text-neutral-700 hover:bg-neutral-100 lg:hidden"
          aria-label="Open navigation menu"
          aria-expanded={navOpen}
          aria-controls={navOpen ? panelId : undefined}
          onClick={() => setNavOpen((open) => !open)}
        >
          {navOpen ? <XIcon className="size-5" /> : <MenuIcon className="size-5" />}
        </button>
        <Link href={dashboardPolicy.homeOf(user.role).path} className="flex shrink-0 items-center gap-2 rounded-md font-semibold text-neutral-900">
          <span className="inline-flex size-7 items-center justify-center rounded-lg bg-accent-700 text-white">
            <HomeIcon className="size-4" />
          </span>
          {/* Between lg and xl the eight entries need the room; the name stays for screen readers. */}
          <span className="lg:max-xl:sr-only">{APP_NAME}</span>
        </Link>
        <nav aria-label="Main" className="hidden min-w-0 flex-1 lg:block">
          <NavLinks entries={entries} location={location} listClass="flex items-center gap-1" linkClass="rounded-md px-3 py-2 text-sm" />
        </nav>
        <div className="ml-auto flex items-center">
          <MenuOnFirstPress
            buttonLabel={`Account menu for ${user.name}`}
            buttonClassName="flex items-center gap-2 p-0.5"
            button={<Avatar name={user.name} size="sm" decorative={false} />}
            header={
              <div className="min-w-0">
                <p className="truncate text-sm font-medium text-neutral-900">{user.name}</p>
                <p className="truncate text-xs text-neutral-500">{user.email}</p>
                <p className="mt-0.5 text-xs text-neutral-500">{capitalize(user.role)}</p>
                {several && user.hoa_name && <p className="mt-0.5 truncate text-xs font-medium text-neutral-700">{user.hoa_name}</p>}
              </div>
            }
            items={[
              { kind: 'separator' },
              { label: 'Profile', href: '/profile', icon: <UserIcon /> },
              { label: 'My Account', href: '/account', icon: <DollarIcon /> },
              { label: 'Support', href: '/support', icon: <LifeBuoyIcon /> },
              // An account in several HOAs (docs/decisions/241-one-account-several-hoas.md).
              ...(several
                ? [
                    {
                      label: 'Switch HOA',
                      href: '/choose-hoa',
                      icon: <HomeIcon />,
                    },
                  ]
                : []),
              { kind: 'separator' },
              // Signing out drops this browser's cache: changes not yet sent would go with it (asked first).
              {
                kind: 'action',
                label: 'Logout',
                onSelect: () => (pending > 0 ? setConfirming(true) : void logout()),
                icon: <LogOutIcon />,
              },
            ]}
          />
        </div>
      </div>
      {navOpen && (
        <nav id={panelId} aria-label="Main" className="border-t border-neutral-200 lg:hidden">
          <NavLinks
            entries={entries}
            location={location}
            listClass="mx-auto max-w-[1200px] space-y-0.5 px-2 py-2"
            linkClass="block rounded-md px-3 py-2.5 text-[15px]"
            onNavigate={() => setNavOpen(false)}
          />
        </nav>
      )}
      <Dialog
        open={confirming && pending > 0}
        onClose={() => setConfirming(false)}
        size="sm"
        title="Sign out with changes waiting?"
        footer={<DialogActions onCancel={() => setConfirming(false)} onClick={() => void logout()} variant="danger" label="Sign Out Anyway" />}
      >
        <p className="text-sm text-neutral-700">{signOutText(pending)}</p>
      </Dialog>
    </header>
  );
}

/** What signing out now would cost: the changes that have not reached the server yet go with the cache. */
export const signOutText = (n: number) => `You have ${changes(n)} waiting to be sent. Signing out now discards ${itOrThem(n)}; stay signed in to send ${itOrThem(n)} when you are back online.`;
