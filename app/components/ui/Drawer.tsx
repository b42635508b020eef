import { lazyDialog } from './lazy-dialog.tsx';

export type { DrawerProps } from './DrawerDialog.tsx';

/** The side drawer (see DrawerDialog); its code loads on the way to its first opening. */
export const Drawer = lazyDialog(() =>
  import('./DrawerDialog.tsx').then((module) => module.DrawerDialog),
);
