import { Link } from 'react-router';
import { useAccount } from '#app/components/account/account-context.ts';
import { useLogOutAndGoHome } from '#app/components/account/AccountNav.tsx';
import { MailingListBlock } from '#app/components/account/MailingListBlock.tsx';
import { DeleteAccount } from '#app/components/account/DeleteAccount.tsx';
import { VerifyEmailButton } from '#app/components/orders/GuestOrders.tsx';
import { WhatYouOwe } from '#app/components/account/WhatYouOwe.tsx';

const link = 'underline hover:text-stone-accent';

export default function Dashboard() {
  const { profile, customer } = useAccount();
  const logOutAndGoHome = useLogOutAndGoHome();
  const name = profile.first_name || profile.username;
  return (
    <div className="flex flex-col gap-6">
      <p>
        Hello <strong>{name}</strong> (Not {name}?{' '}
        <button type="button" className={link} onClick={logOutAndGoHome}>
          Log out
        </button>
        )
      </p>
      <p>
        From your account dashboard you can view your{' '}
        <Link to="/my-account/orders" className={link}>
          recent orders
        </Link>
        , manage your{' '}
        <Link to="/my-account/addresses" className={link}>
          shipping and billing addresses
        </Link>
        , and{' '}
        <Link to="/my-account/account-details" className={link}>
          edit your password and account details
        </Link>
        .
      </p>
      {customer && customer.email_verified_at === null ? (
        <section aria-labelledby="verify-email-heading" className="flex flex-col gap-2">
          <h2 id="verify-email-heading" className="font-semibold">
            Your email address is not verified yet
          </h2>
          <p className="text-sm">
            Verify {customer.email} to add the orders you placed with it as a guest to your account.
          </p>
          <VerifyEmailButton />
        </section>
      ) : null}
      <WhatYouOwe />
      <MailingListBlock email={profile.email} />
      <section aria-labelledby="your-data-heading" className="flex flex-col gap-2">
        <h2 id="your-data-heading" className="font-semibold">
          Your data
        </h2>
        <p className="text-sm">
          A copy of what we hold about you: your account, addresses and orders, in a file you can
          keep or give to another service.
        </p>
        <p>
          <a
            href="/api/account/export"
            download
            className="inline-block rounded border border-stone-ink px-4 py-2 text-sm font-semibold hover:bg-stone-100"
          >
            Download your data
          </a>
        </p>
      </section>
      <DeleteAccount />
    </div>
  );
}
