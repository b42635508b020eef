import { NEWSLETTER_MESSAGES } from '#domain/newsletter.ts';
import { NewsletterLinkPage } from '#app/components/newsletter/NewsletterLinkPage.tsx';
import { confirmSubscription } from '#app/lib/newsletter.ts';

export function meta() {
  return [{ title: 'Confirm your subscription | Tessera' }, { name: 'robots', content: 'noindex' }];
}

/** The link of the confirmation mail (double opt-in): the address joins the list on the click. */
export default function NewsletterConfirm() {
  return (
    <NewsletterLinkPage
      title="Confirm your subscription"
      intro="Click below to receive new stone arrivals, care advice and offers from us, never more than twice a month."
      button="Confirm my subscription"
      pending="Confirming..."
      invalid={NEWSLETTER_MESSAGES.confirmLinkInvalid}
      act={confirmSubscription}
    />
  );
}
