import { primaryButton } from '#app/components/forms/styles.ts';

/** What a staff member needs to add the account to an authenticator app (from the server). */
export interface EnrolmentJson {
  secret: string;
  uri: string;
  qr: string;
}

/** The QR code to scan, with the key and the otpauth link as text for those who cannot scan. */
export function AddAuthenticator({ enrol }: { enrol: EnrolmentJson }) {
  return (
    <div className="flex flex-col gap-2 rounded border border-stone-300 p-4 text-sm">
      <p className="font-semibold">Set up two-step sign-in</p>
      <p>
        Scan this code with your authenticator app (Google Authenticator, 1Password, Authy …), or
        type the key below into it; then enter the 6-digit code it shows.
      </p>
      <img
        src={enrol.qr}
        alt="QR code to add this account to an authenticator app"
        width={200}
        height={200}
        className="self-start bg-white"
      />
      <p>
        Key: <code className="break-all select-all">{enrol.secret}</code>
      </p>
      <p>
        Link: <code className="break-all select-all">{enrol.uri}</code>
      </p>
      <a className="break-all underline" href={enrol.uri}>
        Add to an authenticator app on this device
      </a>
    </div>
  );
}

/** The recovery codes, shown once, each usable once in place of an authenticator code. */
export function RecoveryCodes({ codes, onDone }: { codes: string[]; onDone: () => void }) {
  return (
    <section aria-labelledby="recovery-heading" className="flex flex-col gap-3">
      <h2 id="recovery-heading" className="text-lg font-semibold">
        Your recovery codes
      </h2>
      <p className="text-sm">
        Keep these somewhere safe (a password manager, or on paper). If you lose your phone, each
        code signs you in once in place of an authenticator code. They are shown only now.
      </p>
      <ul aria-label="Recovery codes" className="grid grid-cols-2 gap-1 font-mono text-sm">
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ul>
      <button type="button" className={primaryButton} onClick={onDone}>
        I have kept them: continue
      </button>
    </section>
  );
}
