import { useEffect, useState } from 'react';

/**
 * Whether the page has finished loading (false on the server and until then). Images nobody
 * sees at first (later slides, carousels far down) wait for it, so on a slow connection they
 * never compete with what the page shows first.
 */
export function usePageLoaded(): boolean {
  const [loaded, setLoaded] = useState(false);
  useEffect(() => {
    if (document.readyState === 'complete') return setLoaded(true);
    const onLoad = () => setLoaded(true);
    window.addEventListener('load', onLoad);
    return () => window.removeEventListener('load', onLoad);
  }, []);
  return loaded;
}
