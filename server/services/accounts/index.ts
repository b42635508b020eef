import type { Database } from '#db/client.ts';
import { badRequest, conflict } from '../../http/errors.ts';
import { mailShop, signatureLines } from '../shop-signature.ts';
import type { Mailer } from '../mail.ts';
import { VERIFY_MESSAGES } from '#domain/api-schemas-tracking.ts';
import { DEFAULT_RATE_LIMITS, type RateLimits } from '#domain/rate-limits.ts';
import { Throttle, type ThrottleCheck } from '../throttle.ts';
import { CustomerStore, normaliseEmail } from './customers.ts';
import { EmailVerifications, VERIFY_TOKEN_TTL_MS } from './email-verifications.ts';
import { PasswordResets, RESET_TOKEN_TTL_MS } from './password-resets.ts';
import {
  COMMON_PASSWORD_MESSAGE,
  hashPassword,
  isCommonPassword,
  verifyAgainstDummy,
  verifyPassword,
} from './passwords.ts';

export const ACCOUNT_MESSAGES = {
  loginFailed: 'Incorrect email address or password.',
  emailTaken: 'An account is already registered with this email address. Please log in.',
  currentPasswordWrong: 'Your current password is incorrect.',
  resetLinkInvalid: 'This password reset link is invalid or has expired. Please request a new one.',
  resetRequested:
    'If an account exists for that email address, we have sent a link to reset its password. Please check your inbox.',
  resetDone: 'Your password has been reset. You can now log in with your new password.',
} as const;

const accountKey = (purpose: string, email: string) =>
  `${purpose}:account:${normaliseEmail(email)}`;
const ipKey = (purpose: string, ip: string) => `${purpose}:ip:${ip}`;

function assertStrongPassword(password: string, field: string): void {
  if (isCommonPassword(password))
    throw badRequest(COMMON_PASSWORD_MESSAGE, { [field]: COMMON_PASSWORD_MESSAGE });
}

/** Registration, sign-in, password changes and resets: the rules of design.md section 6. */
export class Accounts {
  readonly customers: CustomerStore;
  private readonly resets: PasswordResets;
  private readonly verifications: EmailVerifications;
  private readonly throttle: Throttle;

  constructor(
    private readonly db: Database,
    private readonly mailer: Mailer,
    private readonly limits: RateLimits = DEFAULT_RATE_LIMITS,
  ) {
    this.customers = new CustomerStore(db);
    this.resets = new PasswordResets(db);
    this.verifications = new EmailVerifications(db);
    this.throttle = new Throttle(db);
  }

  async register(email: string, password: string, ip: string) {
    await this.throttle.reserve([[ipKey('register', ip), this.limits.registerPerIp]]);
    assertStrongPassword(password, 'password');
    const customer = await this.customers.create(email, await hashPassword(password));
    if (!customer) throw conflict(ACCOUNT_MESSAGES.emailTaken);
    return customer;
  }

  /**
   * The customer whose email and password these are. An unknown email costs the same hashing as
   * a wrong password and gets the same answer. Every attempt is reserved per account and per
   * address before the password is checked, so a burst gets no more checks than the limit; a
   * success clears the account's count (not the address's: a shopper signing in to their own
   * account must not buy an attacker more guesses at others).
   */
  async authenticate(email: string, password: string, ip: string) {
    const checks: ThrottleCheck[] = [
      [ipKey('login', ip), this.limits.loginPerIp],
      [accountKey('login', email), this.limits.loginPerAccount],
    ];
    await this.throttle.reserve(checks);
    const customer = await this.customers.findByEmail(email);
    const valid = customer
      ? await verifyPassword(password, customer.passwordHash)
      : await verifyAgainstDummy(password);
    if (!customer || !valid) return null;
    await this.throttle.clear(accountKey('login', email));
    return customer;
  }

  /** Checks the current password and returns the new hash; throws 400 when it is wrong. */
  async newPasswordHash(customerId: number, currentPassword: string, newPassword: string) {
    const customer = await this.customers.findById(customerId);
    if (!customer || !(await verifyPassword(currentPassword, customer.passwordHash))) {
      throw badRequest(ACCOUNT_MESSAGES.currentPasswordWrong, {
        current_password: ACCOUNT_MESSAGES.currentPasswordWrong,
      });
    }
    assertStrongPassword(newPassword, 'password');
    return hashPassword(newPassword);
  }

  /** Mails a reset link when the account exists; the caller answers the same either way. */
  async requestReset(email: string, ip: string, origin: string): Promise<void> {
    await this.throttle.reserve([
      [ipKey('reset', ip), this.limits.resetPerIp],
      [accountKey('reset', email), this.limits.resetPerAccount],
    ]);
    const customer = await this.customers.findByEmail(email);
    if (!customer) return;
    const token = await this.resets.issue(customer.id);
    const link = `${origin}/my-account/reset-password?token=${encodeURIComponent(token)}`;
    const minutes = RESET_TOKEN_TTL_MS / 60_000;
    const shop = await mailShop(this.db);
    await this.mailer.sendMail({
      to: customer.email,
      subject: `Reset your ${shop.trading_name} password`,
      text: [
        `Hello ${customer.firstName || customer.username},`,
        '',
        `Someone asked to reset the password of your ${shop.trading_name} account. To choose a new password, open this link:`,
        '',
        link,
        '',
        `The link works once and expires in ${minutes} minutes. If you did not ask for it, ignore this email: your password stays as it is.`,
        ...signatureLines(shop, origin),
      ].join('\n'),
    });
  }

  /**
   * Mails a single-use link proving the account's email. Asked for from My account it is
   * limited per account and per address like a reset; at registration the sign-up limit covers it.
   */
  async sendVerification(
    customerId: number,
    origin: string,
    limitedFor?: { ip: string },
  ): Promise<'sent' | 'already_verified'> {
    const customer = await this.customers.findById(customerId);
    if (!customer) throw badRequest(VERIFY_MESSAGES.linkInvalid);
    if (customer.emailVerifiedAt) return 'already_verified';
    if (limitedFor) {
      await this.throttle.reserve([
        [ipKey('verify-email', limitedFor.ip), this.limits.verifyEmailPerIp],
        [accountKey('verify-email', customer.email), this.limits.verifyEmailPerAccount],
      ]);
    }
    const token = await this.verifications.issue(customer.id, normaliseEmail(customer.email));
    const link = `${origin}/my-account/verify-email?token=${encodeURIComponent(token)}`;
    const hours = VERIFY_TOKEN_TTL_MS / 3_600_000;
    const shop = await mailShop(this.db);
    await this.mailer.sendMail({
      to: customer.email,
      subject: `Verify your email address for ${shop.trading_name}`,
      text: [
        `Hello ${customer.firstName || customer.username},`,
        '',
        'Please confirm that this email address is yours by opening this link:',
        '',
        link,
        '',
        `The link works once and expires in ${hours} hours. Once verified, orders you placed as a guest with this address can be added to your account. If you did not make a ${shop.trading_name} account, ignore this email.`,
        ...signatureLines(shop, origin),
      ].join('\n'),
    });
    return 'sent';
  }

  /** Marks the account's email verified from a link; returns the customer id, or throws 400. */
  async confirmVerification(token: string): Promise<number> {
    const customerId = await this.verifications.redeem(token);
    if (customerId === null) throw badRequest(VERIFY_MESSAGES.linkInvalid);
    return customerId;
  }

  /** Sets a new password from a reset link; returns the customer id, or throws 400. */
  async resetPassword(token: string, password: string): Promise<number> {
    assertStrongPassword(password, 'password');
    const customerId = await this.resets.redeem(token);
    if (customerId === null) throw badRequest(ACCOUNT_MESSAGES.resetLinkInvalid);
    await this.customers.setPasswordHash(customerId, await hashPassword(password));
    await this.resets.revokeAll(customerId);
    return customerId;
  }
}
