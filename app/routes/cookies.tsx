import { Link } from 'react-router';
import { BROWSER_STORAGE, NON_ESSENTIAL_EMBEDS, SHOP_COOKIES } from '#domain/cookies.ts';
import { openCookieSettings } from '#app/lib/consent.ts';

export function meta() {
  return [{ title: 'Cookie Policy | Tessera' }];
}

const th = 'border-b border-stone-300 py-2 pr-4 text-left align-bottom font-semibold';
const td = 'border-b border-stone-200 py-2 pr-4 align-top';

/**
 * The cookie page, rendered from the one list of the shop's cookies (domain/cookies.ts) that a
 * test compares with the cookies a full journey receives: it cannot list one too many or few.
 */
export default function Cookies() {
  return (
    <main>
      <article className="mx-auto max-w-4xl px-4 py-10 text-stone-800 lg:px-8">
        <h1 className="text-3xl font-semibold tracking-tight text-stone-ink">Cookie Policy</h1>
        <p className="mt-4">
          A cookie is a small file a website keeps in your browser. We set only the cookies the shop
          needs to work, listed below; they need no consent and hold no advertising or tracking. Our{' '}
          <Link to="/privacy-policy">privacy policy</Link> says what we do with your personal data.
        </p>

        <h2 className="mt-8 text-xl font-semibold">Cookies we set</h2>
        <div className="mt-3 overflow-x-auto">
          <table className="w-full min-w-[36rem] text-sm">
            <caption className="sr-only">Cookies the shop sets</caption>
            <thead>
              <tr>
                <th scope="col" className={th}>
                  Name
                </th>
                <th scope="col" className={th}>
                  What it is for
                </th>
                <th scope="col" className={th}>
                  How long it lasts
                </th>
              </tr>
            </thead>
            <tbody>
              {SHOP_COOKIES.map((cookie) => (
                <tr key={cookie.name}>
                  <th scope="row" className={`${td} font-mono font-normal break-all`}>
                    {cookie.name}
                  </th>
                  <td className={td}>{cookie.purpose}</td>
                  <td className={td}>{cookie.duration}</td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
        <p className="mt-2 text-sm text-stone-600">
          On our secure site the first two are named with the prefix <code>__Host-</code>, which
          tells your browser to send them only to us and only over HTTPS.
        </p>

        <h2 className="mt-8 text-xl font-semibold">Kept in your browser only</h2>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-sm">
          {BROWSER_STORAGE.map((item) => (
            <li key={item.name}>
              <strong>{item.name}</strong>: {item.purpose} {item.duration}
            </li>
          ))}
        </ul>

        <h2 className="mt-8 text-xl font-semibold">Only with your consent</h2>
        <p className="mt-3">
          These come from other companies. Until you allow them, a placeholder stands in their place
          and your browser makes no request to them.
        </p>
        <ul className="mt-3 list-disc space-y-2 pl-6 text-sm">
          {NON_ESSENTIAL_EMBEDS.map((embed) => (
            <li key={embed.name}>
              <strong>{embed.name}</strong>: {embed.purpose}
            </li>
          ))}
        </ul>
        <p className="mt-4">
          You can change your choice at any time:{' '}
          <button
            type="button"
            onClick={openCookieSettings}
            className="font-semibold text-stone-accent underline underline-offset-2"
          >
            Cookie settings
          </button>
          .
        </p>
      </article>
    </main>
  );
}
