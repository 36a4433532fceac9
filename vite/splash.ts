/**
 * The loading splash in index.html: `LoadingSplash` (client/ui/Loading.tsx) rendered to HTML at
 * build time and put in `#root`, so a phone paints it with the stylesheet before any script has
 * loaded. React's first render replaces it (with the same splash while the session loads).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import type { Plugin } from 'vite';
import { LoadingSplash } from '../client/ui/Loading.tsx';

const ROOT = '<div id="root"></div>';

export function loadingSplash(): Plugin {
  return {
    name: 'loading-splash',
    transformIndexHtml(html) {
      if (!html.includes(ROOT)) throw new Error(`index.html has no empty ${ROOT} for the loading splash`);
      return html.replace(ROOT, `<div id="root">${renderToStaticMarkup(createElement(LoadingSplash))}</div>`);
    },
  };
}
