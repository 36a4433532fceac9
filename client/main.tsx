import { Provider } from 'jotai';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/App';
import { loadZod } from './lib/deferred-zod';
import { firstScreenSettled } from './lib/perf-marks';
import { startSync } from './lib/replicache';
import { startSession, store } from './lib/session';
import './styles.css';

startSession();
startSync();
// zod is not needed for a first paint (lib/deferred-zod.ts).
void firstScreenSettled.then(loadZod);

// A transition: React renders the first screen in slices that yield to the browser, where an
// urgent render was one task of its own (the first run of React's code costs most of it). The
// splash index.html holds stays until the commit.
const root = createRoot(document.getElementById('root')!);
startTransition(() =>
  root.render(
    <StrictMode>
      <Provider store={store}>
        <App />
      </Provider>
    </StrictMode>,
  ),
);
