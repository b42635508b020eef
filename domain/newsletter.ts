/** What the newsletter box and the unsubscribe page say; the server answers with the same words. */
export const NEWSLETTER_MESSAGES = {
  subscribed: 'Thank you for subscribing! Check your inbox for a welcome email.',
  failed: 'Sorry, we could not subscribe you. Please try again.',
  unsubscribed: 'You have been unsubscribed and will not receive our newsletter any more.',
  linkInvalid: 'This unsubscribe link is not valid or has already been used.',
} as const;
