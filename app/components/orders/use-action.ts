import { useState } from 'react';
import { ApiError } from '#app/lib/api.ts';

export type ActionResult = { kind: 'error' | 'success'; text: string } | null;

/**
 * A button's call to the API: busy while it runs, then the message it answered, or the API's
 * error message (`fallback` when there is none, e.g. the network failed).
 */
export function useAction(fallback: string, initial: ActionResult = null) {
  const [busy, setBusy] = useState(false);
  const [result, setResult] = useState<ActionResult>(initial);
  const run = async (action: () => Promise<ActionResult>) => {
    setBusy(true);
    setResult(null);
    try {
      setResult(await action());
    } catch (error) {
      const text = error instanceof ApiError && error.body ? error.body.message : fallback;
      setResult({ kind: 'error', text });
    } finally {
      setBusy(false);
    }
  };
  return { busy, result, run };
}
