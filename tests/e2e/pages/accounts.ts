/** Page objects of an account in several HOAs: the invitation accepted with it, the HOA picker, the avatar menu's switch. */
import type { Page } from 'playwright-core';

/** /invite/accept for an email that has an account already. */
export const joinInvitation = (page: Page, hoaName: string) => ({
  heading: page.getByRole('heading', { level: 1, name: `Join ${hoaName}` }),
  accept: page.getByRole('button', { name: 'Accept Invitation' }),
  password: page.getByLabel('Password', { exact: true }),
  signInAndAccept: page.getByRole('button', { name: 'Sign In and Accept' }),
});

/** /choose-hoa. */
export const hoaPicker = (page: Page) => ({
  heading: page.getByRole('heading', { level: 1, name: 'Choose an HOA' }),
  list: page.getByRole('list', { name: 'Your HOAs' }),
  open: (hoaName: string) => page.getByRole('button', { name: `Open ${hoaName}` }),
});

/** The menu under the signed-in person's name. */
export const accountMenu = (page: Page, name: string) => ({
  button: page.getByRole('button', { name: `Account menu for ${name}` }),
  switchHoa: page.getByRole('menuitem', { name: 'Switch HOA' }),
});

/** The names of this browser's local caches (one per membership: `rep:hoa-<member id>:…`). */
export const cacheNames = (page: Page) =>
  page.evaluate(async () => (await indexedDB.databases()).map((d) => d.name ?? '').filter((n) => n.startsWith('rep:hoa-')));

/** Everything stored in one IndexedDB database, as text (for "no row of another HOA is in it"). */
export const cacheText = (page: Page, name: string) =>
  page.evaluate(
    (dbName) =>
      new Promise<string>((resolve, reject) => {
        const open = indexedDB.open(dbName);
        open.onerror = () => reject(open.error);
        open.onsuccess = () => {
          const db = open.result;
          const stores = [...db.objectStoreNames];
          if (!stores.length) return resolve('');
          const tx = db.transaction(stores, 'readonly');
          const parts: unknown[] = [];
          for (const store of stores) {
            const req = tx.objectStore(store).getAll();
            req.onsuccess = () => parts.push(req.result);
          }
          tx.oncomplete = () => {
            db.close();
            resolve(JSON.stringify(parts));
          };
          tx.onerror = () => reject(tx.error);
        };
      }),
    name,
  );
