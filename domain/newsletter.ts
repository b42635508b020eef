/** What the newsletter box and the newsletter pages say; the server answers with the same words. */
export const NEWSLETTER_MESSAGES = {
  subscribed:
    'Thank you! Please check your inbox and click the link in our email to confirm your subscription.',
  failed: 'Sorry, we could not subscribe you. Please try again.',
  confirmed: 'Your subscription is confirmed. Check your inbox for a welcome email.',
  confirmLinkInvalid: 'This confirmation link is not valid or has already been used.',
  unsubscribed: 'You have been unsubscribed and will not receive our newsletter any more.',
  linkInvalid: 'This unsubscribe link is not valid or has already been used.',
} as const;
