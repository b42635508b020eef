import { apiFetch } from './api.ts';

export interface NewsletterAnswer {
  message: string;
}

/** Puts the address on the mailing list (the footer box, the dashboard's 'subscribe me'). */
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
