import { LoginForm, SignupForm } from './AuthForms.tsx';

/** The visitor's 'My account' screen: login beside signup (stacked on phones). */
export function AuthScreen({ onRegistered }: { onRegistered(): void }) {
  return (
    <main className="mx-auto max-w-5xl px-4 py-8 md:px-8">
      <h1 className="mb-8 text-3xl font-semibold">My account</h1>
      <div className="grid gap-10 md:grid-cols-2">
        <section aria-labelledby="login-heading">
          <h2 id="login-heading" className="mb-4 text-xl font-semibold">
            Login
          </h2>
          <LoginForm />
        </section>
        <section aria-labelledby="register-heading">
          <h2 id="register-heading" className="mb-4 text-xl font-semibold">
            Register
          </h2>
          <SignupForm onRegistered={onRegistered} />
        </section>
      </div>
    </main>
  );
}
