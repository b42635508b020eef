import { useState } from 'react';
import * as Dialog from '@radix-ui/react-dialog';
import { useNavigate } from 'react-router';
import { ApiError, apiFetch } from '#app/lib/api.ts';
import { forgetAccount } from '#app/lib/auth.ts';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { secondaryButton } from '#app/components/forms/styles.ts';

const dangerButton =
  'rounded bg-red-700 px-5 py-2.5 text-sm font-semibold uppercase tracking-wide text-white hover:bg-red-800 disabled:opacity-60';

/** 'Delete account': after a confirmation, the account and all its data are really deleted. */
export function DeleteAccount() {
  const navigate = useNavigate();
  const [open, setOpen] = useState(false);
  const [deleting, setDeleting] = useState(false);
  const [failed, setFailed] = useState<string | null>(null);

  async function deleteAccount() {
    setDeleting(true);
    setFailed(null);
    try {
      await apiFetch('/api/auth/account', { method: 'DELETE' });
      forgetAccount();
      await navigate('/');
    } catch (error) {
      // A refusal says why (a trade account's records are kept); anything else may pass.
      setFailed(
        error instanceof ApiError && error.status === 409
          ? error.message
          : 'Sorry, we could not delete your account. Please try again.',
      );
      setDeleting(false);
    }
  }

  return (
    <section aria-labelledby="delete-account-heading" className="rounded border border-red-200 p-5">
      <h2 id="delete-account-heading" className="text-lg font-semibold">
        Delete account
      </h2>
      <p className="mt-2 text-sm">
        Deleting your account is permanent and cannot be undone. Your details, addresses and basket
        will be removed.
      </p>
      <Dialog.Root open={open} onOpenChange={setOpen}>
        <Dialog.Trigger className={`${dangerButton} mt-4`}>Delete account</Dialog.Trigger>
        <Dialog.Portal>
          <Dialog.Overlay className="fixed inset-0 z-40 bg-black/40" />
          <Dialog.Content className="fixed top-1/2 left-1/2 z-50 w-[min(28rem,calc(100%-2rem))] -translate-x-1/2 -translate-y-1/2 rounded bg-white p-6 shadow-xl">
            <Dialog.Title className="text-lg font-semibold">Delete your account?</Dialog.Title>
            <Dialog.Description className="mt-2 text-sm">
              This is permanent and cannot be undone.
            </Dialog.Description>
            {failed ? (
              <div className="mt-4">
                <FormMessage kind="error">{failed}</FormMessage>
              </div>
            ) : null}
            <div className="mt-6 flex flex-wrap justify-end gap-3">
              <Dialog.Close className={secondaryButton} disabled={deleting}>
                Cancel
              </Dialog.Close>
              <button
                type="button"
                className={dangerButton}
                onClick={deleteAccount}
                disabled={deleting}
              >
                {deleting ? 'Deleting...' : 'Yes, delete my account'}
              </button>
            </div>
          </Dialog.Content>
        </Dialog.Portal>
      </Dialog.Root>
    </section>
  );
}
