// Noto Sans Lao: Lao, Latin and the ₭ in one file per weight (app/fonts/fonts.css).
import './app/fonts/fonts.css';
import './app/global.css';
import './components/plain/plain.css';
// The dashboard's top cards draw without MUI (decision 024); with the entry's CSS, their styles
// come inline in index.html instead of in a request of their own before the first figures.
import './features/dashboard/components/dashboard-top.css';
import './lib/i18n';
import { StrictMode, startTransition } from 'react';
import { createRoot } from 'react-dom/client';
import { App } from './app/app';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
// As a transition: React renders the first screen in slices, leaving the main thread free in
// between (index.html shows the loading screen meanwhile), instead of in one long task.
startTransition(() =>
  createRoot(root).render(
    <StrictMode>
      <App />
    </StrictMode>,
  ),
);
