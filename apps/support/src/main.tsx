// First, before anything that creates a zod schema (see the file).
import './zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { ErrorBoundary } from '@app/mobile/ErrorBoundary';
import { Start } from './Start';
import './app.css';

const root = document.getElementById('root');
if (!root) throw new Error('#root is missing from index.html');
createRoot(root).render(
  <StrictMode>
    <ErrorBoundary resetKey="desk">
      <Start />
    </ErrorBoundary>
  </StrictMode>,
);
