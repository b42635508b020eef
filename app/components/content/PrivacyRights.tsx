import { Link } from 'react-router';

const link = 'text-stone-accent underline underline-offset-2';

/** Under the privacy policy, whatever its CMS text: the cookies, a copy of your data, complaints. */
export function PrivacyRights() {
  return (
    <section aria-labelledby="privacy-rights" className="mt-10 rounded border border-stone-200 p-5">
      <h2 id="privacy-rights" className="text-xl font-semibold text-stone-ink">
        Cookies, your data and complaints
      </h2>
      <ul className="mt-3 list-disc space-y-2 pl-6">
        <li>
          Every cookie we set is listed in our{' '}
          <Link to="/cookies" className={link}>
            cookie policy
          </Link>
          .
        </li>
        <li>
          With an account, download a copy of your data (account, addresses, orders) from{' '}
          <Link to="/my-account" className={link}>
            My account
          </Link>
          ; without one, ask us and we send it.
        </li>
        <li>
          Guest contact details (phone, email, delivery notes) are erased after a set period; the
          name and address on a VAT invoice are kept for six years, as HMRC requires.
        </li>
        <li>
          Not happy with how we handled something?{' '}
          <Link to="/complaints" className={link}>
            How to complain
          </Link>
          .
        </li>
      </ul>
    </section>
  );
}
