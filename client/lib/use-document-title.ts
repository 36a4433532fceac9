import { useEffect } from 'react';
import { APP_NAME } from './config';

/** Sets the tab title to the screen's title, so history, tabs and screen readers name the page. */
export function useDocumentTitle(title: unknown) {
  useEffect(() => {
    if (typeof title === 'string' && title) document.title = `${title} · ${APP_NAME}`;
  }, [title]);
}
