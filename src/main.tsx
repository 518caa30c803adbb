// First: zod must be told before any contract module builds a schema (the CSP forbids eval).
import './api/zod-jitless';
import { StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import '@blueprintjs/core/lib/css/blueprint.css';
// The icon font is the fallback Blueprint draws while an icon's SVG paths are still loading.
import '@blueprintjs/icons/lib/css/blueprint-icons.css';
import { App } from './app/App';

const container = document.getElementById('root');
if (!container) throw new Error('index.html must contain <div id="root">');

createRoot(container).render(
  <StrictMode>
    <App />
  </StrictMode>,
);
