import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import type { Browser, Page } from 'playwright-core';
import {
  DESKTOP,
  docsScreenshot,
  hydrated,
  launchBrowser,
  openPage,
  PHONE,
} from './fixtures/browser.ts';
import { startStaffShop } from './fixtures/staff.ts';
import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts';
import { outboxMails } from '#tests/setup/outbox.ts';

const WIDE = { width: 1440, height: 900 };
const PASSWORD = 'granite-slab-42';
let browser: Browser;
beforeAll(async () => {
  browser = await launchBrowser();
});
afterAll(async () => {
  await browser?.close();
});

let counter = 0;
const uniqueEmail = (label: string) => `${label}.${Date.now()}.${counter++}@example.co.uk`;

const screenshot = (page: Page, name: string, fullPage = true) =>
  docsScreenshot(page, `account-${name}`, { fullPage });

/** The reset link mailed to `email`: the e2e server writes mail to DATA_DIR/outbox. */
function mailedResetLink(email: string): string | null {
  for (const mail of outboxMails(inject('dataDir'), email)) {
    const match = /https?:\/\/\S+\/my-account\/reset-password\?token=\S+/.exec(mail.text);
    if (match) return new URL(match[0]).pathname + new URL(match[0]).search;
  }
  return null;
}

async function gotoAccount(page: Page, path = '/my-account') {
  const response = await page.goto(path);
  await hydrated(page);
  return response;
}

async function register(page: Page, email: string) {
  const form = page.getByRole('form', { name: 'Register' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Create password').fill(PASSWORD);
  await form.getByRole('button', { name: 'Register' }).click();
}

async function logIn(page: Page, email: string, password = PASSWORD, remember = false) {
  const form = page.getByRole('form', { name: 'Login' });
  await form.getByLabel('Email address').fill(email);
  await form.getByLabel('Password').fill(password);
  if (remember) await form.getByLabel('Remember me').check();
  await form.getByRole('button', { name: 'Log in' }).click();
}

async function openAccountPage(page: Page, name: string) {
  await page.getByRole('navigation', { name: 'Account' }).getByRole('link', { name }).click();
  await page.getByRole('heading', { level: 1, name }).waitFor();
}

describe.each([
  ['desktop', WIDE],
  ['phone', PHONE],
])('account area on %s', (label, viewport) => {
  it('signs up, validates, and walks the dashboard, orders, addresses and profile', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    const email = uniqueEmail(`walk-${label}`);
    const response = await gotoAccount(page);
    expect(response?.headers()['cache-control']).toBe('no-store');
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    await screenshot(page, `login-${label}`);

    const signup = page.getByRole('form', { name: 'Register' });
    await signup.getByRole('button', { name: 'Register' }).click();
    await signup.getByText('Email is required').waitFor();
    await signup.getByText('Password is required').waitFor();
    await signup.getByLabel('Email address').fill('not-an-email');
    await signup.getByLabel('Create password').fill('abc');
    await signup.getByRole('button', { name: 'Register' }).click();
    await signup.getByText('Please enter a valid email address').waitFor();
    await signup.getByText('Password must be at least 6 characters long').waitFor();

    await register(page, email);
    await page.getByRole('status').filter({ hasText: 'Register Success!' }).waitFor();
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const username = email.split('@')[0]!;
    await page.getByText(`Hello ${username}`).waitFor();
    await page.getByText(`(Not ${username}? Log out)`).waitFor();
    // The browser keeps the public profile only: no token, no password.
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).toContain(email);
    expect(stored).not.toContain(PASSWORD);
    expect(stored).not.toMatch(/token/i);
    await screenshot(page, `dashboard-${label}`);

    await page.getByRole('button', { name: 'Subscribe me' }).click();
    await page.getByText(NEWSLETTER_MESSAGES.subscribed).waitFor();

    await page.getByRole('link', { name: 'recent orders' }).click();
    await page.getByRole('heading', { level: 1, name: 'Orders' }).waitFor();
    await page.getByText('No order has been made yet.').waitFor();

    // Addresses
    await openAccountPage(page, 'Addresses');
    await page.getByText('The following addresses will be used on the checkout page.').waitFor();
    await page.getByRole('button', { name: 'Add new billing address' }).click();
    const drawer = page.getByRole('dialog', { name: 'Edit Address' });
    await drawer.waitFor();
    await drawer.getByLabel('Email address').fill('');
    await drawer.getByRole('button', { name: 'Save address' }).click();
    const problems = drawer.getByRole('alert', { name: 'Please correct the following' });
    await expect
      .poll(() => problems.getByRole('listitem').allTextContents())
      .toEqual([
        'First name is required',
        'Last name is required',
        'Phone number is required',
        'Email address is required',
        'Address Line 1 is required',
        'Town/City is required',
        'Postcode is required',
      ]);
    await drawer.getByLabel('First name').fill('Ada');
    await problems.waitFor({ state: 'detached' });

    await drawer.getByLabel('Last name').fill('Stone');
    await drawer.getByLabel('Phone').fill('020 7946 0958 ext 2');
    await drawer.getByLabel('Email address').fill('ada@example.co.uk');
    await drawer.getByLabel('Postcode').fill('12345');
    await drawer.getByLabel('Address Line 1').fill('10 Quarry Lane');
    await drawer.getByLabel('Town / City').fill('Bath');
    await drawer.getByRole('button', { name: 'Save address' }).click();
    await expect
      .poll(() => problems.getByRole('listitem').allTextContents())
      .toEqual(['Please enter a valid phone number', 'Please enter a valid UK postcode']);
    await drawer.getByLabel('Phone').fill('+44 (0)20 7946-0958');

    // Postcode lookup (GB only)
    await drawer.getByLabel('Postcode').fill('');
    await drawer.getByRole('button', { name: 'Find address' }).click();
    await drawer.getByText('Please enter a postcode to search').waitFor();
    await drawer.getByLabel('Postcode').fill('iv23jh');
    await drawer.getByRole('button', { name: 'Find address' }).click();
    const found = drawer.getByRole('list', { name: 'Addresses found' });
    await expect
      .poll(() => found.getByRole('button').allTextContents())
      .toEqual(['12 Culduthel Road, Inverness', 'Flat 2, 14 Culduthel Road, Inverness']);
    await found.getByRole('button', { name: 'Flat 2, 14 Culduthel Road, Inverness' }).click();
    await expect.poll(() => drawer.getByLabel('Address Line 1').inputValue()).toBe('Flat 2');
    await expect
      .poll(() => drawer.getByLabel('Address Line 2 (optional)').inputValue())
      .toBe('14 Culduthel Road');
    await expect.poll(() => drawer.getByLabel('Town / City').inputValue()).toBe('Inverness');
    await expect
      .poll(() => drawer.getByLabel('County (optional)').inputValue())
      .toBe('Inverness-shire');
    await expect.poll(() => drawer.getByLabel('Postcode').inputValue()).toBe('IV2 3JH');
    await drawer.getByLabel('Postcode').fill('ZE2 9ZZ');
    await drawer.getByRole('button', { name: 'Find address' }).click();
    await drawer.getByText('Failed to find addresses. Please enter manually.').waitFor();
    await drawer.getByLabel('Postcode').fill('IV2 3JH');
    await screenshot(page, `address-drawer-${label}`, false);
    await drawer.getByRole('button', { name: 'Save address' }).click();
    await drawer.waitFor({ state: 'detached' });
    const billing = page.getByRole('region', { name: 'Billing address' });
    await expect
      .poll(() => billing.locator('address').innerText())
      .toBe('Ada Stone\nInverness\nInverness-shire\nIV2 3JH\nUnited Kingdom (UK)');

    await page.getByRole('button', { name: 'Add new shipping address' }).click();
    await drawer.waitFor();
    await drawer.getByLabel('Country / Region').selectOption('FR');
    await expect
      .poll(() => drawer.getByRole('button', { name: 'Find address' }).isDisabled())
      .toBe(true);
    await drawer.getByLabel('First name').fill('Ada');
    await drawer.getByLabel('Last name').fill('Stone');
    await drawer.getByLabel('Phone').fill('+33 1 23 45 67 89');
    await drawer.getByLabel('Postcode').fill('75001');
    await drawer.getByLabel('Address Line 1').fill('1 Rue de Rivoli');
    await drawer.getByLabel('Town / City').fill('Paris');
    await drawer.getByRole('button', { name: 'Save address' }).click();
    await drawer.waitFor({ state: 'detached' });
    const shipping = page.getByRole('region', { name: 'Shipping address' });
    await expect
      .poll(() => shipping.locator('address').innerText())
      .toBe('Ada Stone\nParis\n-\n75001\nFrance');
    await expect.poll(() => page.getByRole('button', { name: /^Add new/ }).count()).toBe(0);
    await screenshot(page, `addresses-${label}`);

    await page.getByRole('button', { name: 'Edit shipping address' }).click();
    await drawer.getByLabel('Town / City').fill('Lyon');
    await drawer.getByRole('button', { name: 'Save address' }).click();
    await drawer.waitFor({ state: 'detached' });
    await shipping.getByText('Lyon').waitFor();

    await page.getByRole('button', { name: 'Edit billing address' }).click();
    page.once('dialog', (dialog) => {
      expect(dialog.message()).toBe('Are you sure you want to delete this address?');
      void dialog.accept();
    });
    await drawer.getByRole('button', { name: 'Delete address' }).click();
    await drawer.waitFor({ state: 'detached' });
    await page.getByRole('button', { name: 'Add new billing address' }).waitFor();

    // Account details
    await openAccountPage(page, 'Account details');
    const profile = page.getByRole('form', { name: 'Account details' });
    await profile.getByLabel('First name').fill('');
    await profile.getByLabel('New password (leave blank to leave unchanged)').fill('abc');
    await profile.getByLabel('Confirm new password').fill('abd');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await profile.getByText('First name is required').waitFor();
    await profile.getByText('Last name is required').waitFor();
    await profile.getByText('Current password is required to change password').waitFor();
    await profile.getByText('New password must be at least 6 characters long').waitFor();
    await profile.getByText('New password and confirm password do not match').waitFor();

    await profile.getByLabel('First name').fill('Ada');
    await profile.getByLabel('Last name').fill('Lovelace');
    await profile
      .getByLabel('Current password (leave blank to leave unchanged)')
      .fill('wrong-pass');
    await profile
      .getByLabel('New password (leave blank to leave unchanged)')
      .fill('basalt-tile-77');
    await profile.getByLabel('Confirm new password').fill('basalt-tile-77');
    await profile.getByRole('button', { name: 'Save changes' }).click();
    await profile
      .getByRole('alert')
      .filter({ hasText: 'Your current password is incorrect.' })
      .waitFor();

    await profile.getByLabel('Current password (leave blank to leave unchanged)').fill(PASSWORD);
    await profile.getByRole('button', { name: 'Save changes' }).click();
    const banner = profile.getByRole('status').filter({ hasText: 'Profile updated successfully!' });
    await banner.waitFor();
    await expect
      .poll(() => profile.getByLabel('New password (leave blank to leave unchanged)').inputValue())
      .toBe('');
    await expect.poll(() => profile.getByLabel('Confirm new password').inputValue()).toBe('');
    await screenshot(page, `details-${label}`);
    // The banner shows for 3 seconds, then goes: a busy machine may run its timer late.
    await banner.waitFor({ state: 'detached', timeout: 20_000 });

    await openAccountPage(page, 'Dashboard');
    await page.getByText('Hello Ada').waitFor();

    // Logout from the side menu goes home; the new password is the one that works.
    await page
      .getByRole('navigation', { name: 'Account' })
      .getByRole('button', { name: 'Logout' })
      .click();
    await page.waitForURL((url) => url.pathname === '/');
    await gotoAccount(page);
    await logIn(page, email, PASSWORD);
    await page
      .getByRole('alert')
      .filter({ hasText: 'Incorrect email address or password.' })
      .waitFor();
    await logIn(page, email, 'basalt-tile-77');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();

    // Delete account, after the confirmation.
    await page.getByRole('button', { name: 'Delete account' }).click();
    const confirm = page.getByRole('dialog', { name: 'Delete your account?' });
    await confirm.getByText('This is permanent and cannot be undone.').waitFor();
    await confirm.getByRole('button', { name: 'Yes, delete my account' }).click();
    await page.waitForURL((url) => url.pathname === '/');
    await gotoAccount(page);
    await logIn(page, email, 'basalt-tile-77');
    await page
      .getByRole('alert')
      .filter({ hasText: 'Incorrect email address or password.' })
      .waitFor();

    expect(errors.filter((e) => !/status of 40[01]/.test(e))).toEqual([]);
    await context.close();
  });

  it('remembers the email (never the password) and returns to the page after a 401', async () => {
    const { page, context } = await openPage(browser, viewport);
    const email = uniqueEmail(`remember-${label}`);
    await gotoAccount(page);
    await register(page, email);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await gotoAccount(page);
    const login = page.getByRole('form', { name: 'Login' });
    await expect.poll(() => login.getByLabel('Email address').inputValue()).toBe('');
    await logIn(page, email, PASSWORD, true);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    const cookie = (await context.cookies()).find((c) => c.name === 'tessera_session');
    expect(cookie?.httpOnly).toBe(true);
    expect(cookie!.expires * 1000 - Date.now()).toBeGreaterThan(29 * 86_400_000);
    const stored = await page.evaluate(() => JSON.stringify({ ...localStorage }));
    expect(stored).not.toContain(PASSWORD);

    // The session ends behind the browser's back: the next call answers 401.
    await context.clearCookies();
    await gotoAccount(page, '/my-account/addresses');
    await page.waitForURL((url) => url.pathname === '/auth');
    expect(new URL(page.url()).searchParams.get('redirect')).toBe('/my-account/addresses');
    await expect
      .poll(() => page.evaluate(() => localStorage.getItem('tessera.profile')))
      .toBeNull();
    await page.getByRole('heading', { level: 1, name: 'My account' }).waitFor();
    // The remembered email is filled in once the form has hydrated.
    await expect.poll(() => login.getByLabel('Email address').inputValue()).toBe(email);
    await expect.poll(() => login.getByLabel('Remember me').isChecked()).toBe(true);
    await expect.poll(() => login.getByLabel('Password').inputValue()).toBe('');
    await login.getByLabel('Password').fill(PASSWORD);
    await login.getByRole('button', { name: 'Log in' }).click();
    await page.getByRole('heading', { level: 1, name: 'Addresses' }).waitFor();
    expect(new URL(page.url()).pathname).toBe('/my-account/addresses');
    await context.close();
  });

  it('gives a visitor without a session the login screen with the page, not a spinner', async () => {
    const { page, context, errors } = await openPage(browser, viewport);
    for (const path of ['/my-account', '/my-account/addresses', '/auth']) {
      const html = await (await gotoAccount(page, path))!.text();
      expect(html).toContain('aria-label="Login"');
      expect(html).not.toContain('Loading your account');
      await page.getByRole('form', { name: 'Register' }).waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
    }
    expect(errors).toEqual([]);
    await context.close();
  });

  it('resets a forgotten password through the mailed link, once', async () => {
    const { page, context } = await openPage(browser, viewport);
    const email = uniqueEmail(`reset-${label}`);
    await gotoAccount(page);
    await register(page, email);
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await page.getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL((url) => url.pathname === '/');

    await gotoAccount(page);
    await page.getByRole('link', { name: 'Lost your password?' }).click();
    await page.getByRole('heading', { level: 1, name: 'Lost password' }).waitFor();
    await page.getByRole('button', { name: 'Reset password' }).click();
    await page.getByText('Email is required').waitFor();
    // The footer's newsletter box has an email field too.
    await page.getByRole('main').getByLabel('Email address').fill(email);
    await page.getByRole('button', { name: 'Reset password' }).click();
    const sent =
      'If an account exists for that email address, we have sent a link to reset its password. Please check your inbox.';
    await page.getByRole('status').filter({ hasText: sent }).waitFor();
    await screenshot(page, `lost-password-${label}`);

    await expect.poll(() => mailedResetLink(email)).not.toBeNull();
    const link = mailedResetLink(email)!;
    await gotoAccount(page, link);
    await page.getByLabel(/^New password/).fill('slate-hearth-9');
    await page.getByLabel('Re-enter new password').fill('slate-hearth-8');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page.getByText('New password and confirm password do not match').waitFor();
    await page.getByLabel('Re-enter new password').fill('slate-hearth-9');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page
      .getByText('Your password has been reset. You can now log in with your new password.')
      .waitFor();

    await gotoAccount(page, link);
    await page.getByLabel(/^New password/).fill('another-pass-1');
    await page.getByLabel('Re-enter new password').fill('another-pass-1');
    await page.getByRole('button', { name: 'Save password' }).click();
    await page
      .getByRole('alert')
      .filter({ hasText: 'This password reset link is invalid or has expired.' })
      .waitFor();

    await gotoAccount(page);
    await logIn(page, email, 'slate-hearth-9');
    await page.getByRole('heading', { level: 1, name: 'Dashboard' }).waitFor();
    await context.close();
  });
});

describe('a shop without an address service', () => {
  it('offers no "Find address" in the address form, so nothing is made up', async () => {
    const { shop, base } = await startStaffShop();
    try {
      const { page, context, errors } = await openPage(browser, DESKTOP, base);
      await gotoAccount(page);
      await register(page, uniqueEmail('no-lookup'));
      await openAccountPage(page, 'Addresses');
      await page.getByRole('button', { name: 'Add new billing address' }).click();
      const drawer = page.getByRole('dialog', { name: 'Edit Address' });
      await drawer.getByLabel('Postcode').waitFor();
      await expect.poll(() => drawer.getByRole('button', { name: 'Find address' }).count()).toBe(0);
      await expect
        .poll(() => drawer.getByText('Address lookup is available for UK postcodes.').count())
        .toBe(0);
      expect(errors).toEqual([]);
      await context.close();
    } finally {
      await shop.close();
    }
  });
});
