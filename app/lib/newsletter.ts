import { apiFetch } from './api.ts';

export interface NewsletterAnswer {
  message: string;
}

/** Asks to put the address on the mailing list: a confirmation link is mailed to it. */
export function subscribe(email: string): Promise<NewsletterAnswer> {
  return apiFetch<NewsletterAnswer>('/api/newsletter/subscribe', {
    method: 'POST',
    body: { email },
  });
}

/** Takes the address of an unsubscribe link's token off the list. */
export function unsubscribe(token: string): Promise<NewsletterAnswer> {
  return apiFetch<NewsletterAnswer>('/api/newsletter/unsubscribe', {
    method: 'POST',
    body: { token },
  });
}

/** Confirms the subscription of a confirmation link's token (double opt-in). */
export function confirmSubscription(token: string): Promise<NewsletterAnswer> {
  return apiFetch<NewsletterAnswer>('/api/newsletter/confirm', {
    method: 'POST',
    body: { token },
  });
}
