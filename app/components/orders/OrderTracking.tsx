import type { OrderJson } from '#domain/checkout.ts';
import { formatLondonDate, formatUtcDate } from '#domain/dates.ts';

type Step = OrderJson['timeline'][number];

/** The day a step shows: when it happened (London), or the booked calendar day. */
function stepDate(step: Step): { text: string; dateTime: string } | null {
  if (step.at) return { text: formatLondonDate(step.at), dateTime: step.at };
  // A booked day is a calendar day, not an instant: read at noon UTC it is the same day anywhere.
  if (step.day) return { text: formatUtcDate(`${step.day}T12:00:00Z`), dateTime: step.day };
  return null;
}

function Tracking({ tracking }: { tracking: NonNullable<Step['tracking']> }) {
  const number = tracking.number ? `Tracking number ${tracking.number}` : null;
  return (
    <div className="mt-1 flex flex-col gap-1 text-sm">
      {number ? <p className="break-all">{number}</p> : null}
      {tracking.url ? (
        <a
          href={tracking.url}
          target="_blank"
          rel="noopener noreferrer"
          className="self-start break-all underline hover:text-stone-accent"
        >
          Track your delivery{tracking.carrier ? ` with ${tracking.carrier}` : ''}
          <span className="sr-only"> (opens in a new tab)</span>
        </a>
      ) : null}
    </div>
  );
}

/**
 * Where the order is: each step of its life with its date, the current one marked, the tracking
 * link once it has left, and its documents to download. The same for the signed-in customer and
 * for a guest opening the order's link.
 */
export function OrderTracking({ order }: { order: OrderJson }) {
  return (
    <section aria-labelledby="order-tracking-heading" className="flex flex-col gap-4">
      <h2 id="order-tracking-heading" className="text-lg font-semibold">
        Order tracking
      </h2>
      <ol className="flex flex-col" aria-label="Order progress">
        {order.timeline.map((step) => {
          const date = stepDate(step);
          return (
            <li
              key={step.key}
              aria-current={step.current ? 'step' : undefined}
              className={`relative border-l-2 pb-4 pl-5 last:pb-0 ${
                step.done ? 'border-stone-ink' : 'border-dashed border-stone-300'
              }`}
            >
              <span
                aria-hidden="true"
                className={`absolute top-1 -left-[7px] size-3 rounded-full ${
                  step.done ? 'bg-stone-ink' : 'border-2 border-stone-300 bg-white'
                } ${step.current ? 'ring-4 ring-stone-accent/30' : ''}`}
              />
              <p className={step.done ? 'font-semibold' : 'text-stone-600'}>{step.label}</p>
              {date ? (
                <p className="text-sm">
                  <time dateTime={date.dateTime}>{date.text}</time>
                </p>
              ) : null}
              {step.detail ? <p className="text-sm text-stone-600">{step.detail}</p> : null}
              {step.tracking && step.done ? <Tracking tracking={step.tracking} /> : null}
            </li>
          );
        })}
      </ol>
      {order.documents.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold">Documents</h3>
          <ul className="flex flex-col gap-1 text-sm">
            {order.documents.map((document) => (
              <li key={document.number}>
                <a href={document.url} className="underline hover:text-stone-accent" download>
                  Download {document.label} (PDF)
                </a>{' '}
                <span className="text-stone-600">
                  issued {formatLondonDate(document.issued_at)}
                </span>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
      {order.messages.length > 0 ? (
        <div className="flex flex-col gap-1">
          <h3 className="font-semibold">Messages from us</h3>
          <ul className="flex flex-col gap-3 text-sm" aria-label="Messages from us">
            {order.messages.map((message) => (
              <li key={message.at} className="border-l-2 border-stone-accent pl-3">
                <p className="whitespace-pre-line">{message.text}</p>
                <p className="text-stone-600">
                  <time dateTime={message.at}>{formatLondonDate(message.at)}</time>
                </p>
              </li>
            ))}
          </ul>
        </div>
      ) : null}
    </section>
  );
}
