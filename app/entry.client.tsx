import { startTransition, StrictMode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { HydratedRouter } from 'react-router/dom';
import { HYDRATING_EVENT } from './lib/early-input.ts';

// From here React sees every event itself; what came before is replayed once the page is live.
document.dispatchEvent(new Event(HYDRATING_EVENT));
startTransition(() => {
  hydrateRoot(
    document,
    <StrictMode>
      <HydratedRouter />
    </StrictMode>,
  );
});
