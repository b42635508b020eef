import { createContext, useContext, type ReactNode } from 'react';

const NonceContext = createContext('');

/** The CSP nonce of the current response, for the few inline scripts React Router writes. */
export function NonceProvider({ value, children }: { value: string; children: ReactNode }) {
  return <NonceContext.Provider value={value}>{children}</NonceContext.Provider>;
}

export const useNonce = () => useContext(NonceContext);
