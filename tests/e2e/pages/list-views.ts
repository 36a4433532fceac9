/** The Views menu of a list's filters row (client/ui/ListViewsMenu.tsx) as a user works it, and the views as stored. */
import type { Page } from 'playwright-core';
import type { E2EServer } from '../../helpers/browser';

/** The Views menu in the bar named `label` ("Filter requests"). */
export const viewsMenu = (page: Page, label: string) => {
  const bar = page.getByRole('search', { name: label });
  const button = bar.getByRole('button', { name: /^Views/ });
  return {
    button,
    open: () => button.click(),
    item: (name: string | RegExp) => page.getByRole('menuitem', { name }),
    /** Opens the menu and picks `name`. */
    async pick(name: string | RegExp) {
      await button.click();
      await page.getByRole('menuitem', { name }).click();
    },
    dialog: page.getByRole('dialog'),
    nameBox: page.getByRole('dialog').getByRole('textbox', { name: 'View name' }),
  };
};

/** One user's views as stored on the server, by name. */
export async function storedViews(server: E2EServer, email: string) {
  const rs = await server.db.execute({
    sql: 'SELECT v.name, v.list, v.filters FROM saved_list_views v JOIN users u ON u.id = v.user_id WHERE u.email = ? ORDER BY v.name_key',
    args: [email],
  });
  return rs.rows.map((r) => ({ name: String(r.name), list: String(r.list), filters: JSON.parse(String(r.filters)) as unknown }));
}
