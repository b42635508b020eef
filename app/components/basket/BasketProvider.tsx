import { createContext, useContext, useMemo, useState, type ReactNode } from 'react';
import { BasketDrawer } from './BasketDrawer.tsx';

/** Open and close the basket drawer from anywhere. */
export interface BasketControls {
  isOpen: boolean;
  open(): void;
  close(): void;
}

const BasketContext = createContext<BasketControls>({
  isOpen: false,
  open: () => {},
  close: () => {},
});

/** Holds the basket drawer's open state (spec section 3: client cart UI state) and the drawer. */
export function BasketProvider({ children }: { children: ReactNode }) {
  const [isOpen, setOpen] = useState(false);
  const controls = useMemo<BasketControls>(
    () => ({ isOpen, open: () => setOpen(true), close: () => setOpen(false) }),
    [isOpen],
  );
  return (
    <BasketContext.Provider value={controls}>
      {children}
      <BasketDrawer open={isOpen} onOpenChange={setOpen} />
    </BasketContext.Provider>
  );
}

export const useBasket = () => useContext(BasketContext);
