import * as Accordion from '@radix-ui/react-accordion';
import { CmsHtml } from './CmsHtml.tsx';
import type { FaqTopic } from './faq-topics.ts';

/** The FAQ's topics, one open at a time; each question is a button that opens its answer. */
export function FaqAccordion({ topics }: { topics: FaqTopic[] }) {
  return (
    <Accordion.Root
      type="single"
      collapsible
      className="mt-6 divide-y divide-stone-200 border-y border-stone-200"
    >
      {topics.map((topic) => (
        <Accordion.Item key={topic.question} value={topic.question}>
          <Accordion.Header asChild>
            <h3>
              <Accordion.Trigger className="group flex w-full items-center justify-between py-4 text-left text-lg font-medium text-stone-ink">
                <span dangerouslySetInnerHTML={{ __html: topic.question }} />
                <span
                  aria-hidden="true"
                  className="ml-4 text-2xl leading-none transition-transform group-data-[state=open]:rotate-45"
                >
                  +
                </span>
              </Accordion.Trigger>
            </h3>
          </Accordion.Header>
          <Accordion.Content className="pb-4">
            <CmsHtml html={topic.answerHtml} />
          </Accordion.Content>
        </Accordion.Item>
      ))}
    </Accordion.Root>
  );
}
