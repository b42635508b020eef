import { useId, useState, type ReactNode } from 'react';
import { Link } from 'react-router';
import { openCookieSettings } from '#app/lib/consent.ts';
import { useShop } from '#app/lib/shop.ts';
import { NewsletterForm } from '../newsletter/NewsletterForm.tsx';

/** The footer's three link columns (spec section 2). */
export const FOOTER_COLUMNS: readonly {
  title: string;
  links: { label: string; href: string }[];
}[] = [
  {
    title: 'Company',
    links: [
      { label: 'About Us', href: '/about-us' },
      { label: 'Samples', href: '/samples' },
      { label: 'Discover Our Blog', href: '/blog' },
      { label: 'Reviews', href: '/reviews' },
      { label: 'Trade Accounts', href: '/my-account/trade' },
    ],
  },
  {
    title: 'Support',
    links: [
      { label: 'Contact Us', href: '/contact-us' },
      { label: 'FAQ', href: '/faq' },
      { label: 'Privacy Policy', href: '/privacy-policy' },
      { label: 'Cookie Policy', href: '/cookies' },
      { label: 'Terms & Conditions', href: '/terms-and-conditions' },
      { label: 'Delivery Information', href: '/delivery-information' },
      { label: 'Return & Refund Policy', href: '/return-refund-policy' },
      { label: 'Complaints', href: '/complaints' },
    ],
  },
  {
    title: 'Advice From Specialist',
    links: [
      { label: 'Installation', href: '/installation' },
      { label: 'Adhesive & Grout Advice', href: '/adhevise-grout-advise' },
      { label: 'Sealing Maintenance Advice', href: '/sealing-and-maintenance' },
    ],
  },
];

/**
 * A footer section: always open from 1024 px; below, its heading is a button that collapses it.
 * Headings stay headings at every width, so the outline is the same for everyone.
 */
function FooterSection({ title, children }: { title: string; children: ReactNode }) {
  const [open, setOpen] = useState(false);
  const id = useId();
  return (
    <section className="border-b border-stone-700 lg:border-0">
      <h2 className="text-sm font-semibold tracking-widest text-white uppercase">
        <button
          type="button"
          aria-expanded={open}
          aria-controls={id}
          onClick={() => setOpen(!open)}
          className="flex w-full items-center justify-between py-4 text-left lg:hidden"
        >
          {title}
          <span aria-hidden="true" className="text-lg">
            {open ? '−' : '+'}
          </span>
        </button>
        <span className="hidden lg:mb-4 lg:block">{title}</span>
      </h2>
      <div id={id} className={`${open ? 'block' : 'hidden'} pb-5 lg:block`}>
        {children}
      </div>
    </section>
  );
}

function SocialIcon({ name }: { name: string }) {
  return (
    <span
      aria-hidden="true"
      className="flex size-9 items-center justify-center rounded-full border border-stone-500 text-xs font-semibold"
    >
      {name.slice(0, 2)}
    </span>
  );
}

/** Address, hours, company and VAT numbers, social links, three link columns, newsletter box. */
export function Footer() {
  const shop = useShop();
  return (
    <footer className="mt-16 bg-stone-ink text-stone-300">
      <div className="mx-auto grid max-w-7xl gap-x-10 px-4 pt-10 lg:grid-cols-[1.3fr_1fr_1fr_1fr_1.4fr] lg:gap-y-10 lg:px-8 lg:pt-14">
        <section aria-label="Visit us" className="pb-6 text-sm lg:pb-0">
          <p className="mb-3 text-base font-semibold text-white">{shop.trading_name}</p>
          <address className="not-italic">
            {shop.registered_office.map((line) => (
              <span key={line} className="block">
                {line}
              </span>
            ))}
            <a
              href={`tel:${shop.phone.replaceAll(' ', '')}`}
              className="mt-2 block py-1 hover:text-white"
            >
              {shop.phone}
            </a>
            <a href={`mailto:${shop.email}`} className="block py-1 hover:text-white">
              {shop.email}
            </a>
          </address>
          <h2 className="mt-5 mb-1 text-sm font-semibold text-white">Opening hours</h2>
          <ul>
            {shop.opening_hours.map((line) => (
              <li key={line}>{line}</li>
            ))}
          </ul>
          <ul aria-label="Follow us" className="mt-5 flex gap-2">
            {shop.social_links.map((link) => (
              <li key={link.name}>
                <a
                  href={link.href}
                  rel="noopener noreferrer"
                  target="_blank"
                  aria-label={`${link.name} (opens in a new tab)`}
                  className="block hover:text-white"
                >
                  <SocialIcon name={link.name} />
                </a>
              </li>
            ))}
          </ul>
        </section>
        {FOOTER_COLUMNS.map((column) => (
          <FooterSection key={column.title} title={column.title}>
            <ul className="space-y-2 text-sm">
              {column.links.map((link) => (
                <li key={link.href}>
                  <Link to={link.href} className="hover:text-white hover:underline">
                    {link.label}
                  </Link>
                </li>
              ))}
            </ul>
          </FooterSection>
        ))}
        <FooterSection title="Newsletter">
          <p className="mb-3 text-sm">New stones, offers and fixing advice, once a month.</p>
          <NewsletterForm />
        </FooterSection>
      </div>
      <div className="mx-auto mt-8 max-w-7xl border-t border-stone-700 px-4 py-6 text-xs lg:px-8">
        <p>
          © {shop.legal_name}. Registered in England and Wales, company number {shop.company_number}
          . VAT number {shop.vat_number}.
        </p>
        <button
          type="button"
          onClick={openCookieSettings}
          className="mt-2 py-1 underline underline-offset-2 hover:text-white"
        >
          Cookie settings
        </button>
      </div>
    </footer>
  );
}
