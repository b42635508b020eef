import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts';
import { NewsletterLinkPage } from '#app/components/newsletter/NewsletterLinkPage.tsx';
import { unsubscribe } from '#app/lib/newsletter.ts';

export function meta() {
  return [{ title: 'Unsubscribe | Tessera' }, { name: 'robots', content: 'noindex' }];
}

/** The unsubscribe link from our mails. */
export default function NewsletterUnsubscribe() {
  return (
    <NewsletterLinkPage
      title="Unsubscribe from our newsletter"
      intro="Click below and we will stop sending you our newsletter. You can subscribe again at any time from the bottom of any page."
      button="Unsubscribe"
      pending="Unsubscribing..."
      invalid={NEWSLETTER_MESSAGES.linkInvalid}
      act={unsubscribe}
    />
  );
}
