import { useFormState, type FieldErrors } from 'react-hook-form';

export const ERROR_LIST_LABEL = 'Please correct the following';

/**
 * Every message of a form's errors, in the order the schema reported them (its keys follow the
 * form's order, so the list reads top to bottom), each once. Nested groups (an address inside
 * the checkout) are read in place.
 */
export function errorMessages(errors: FieldErrors): string[] {
  const messages = new Set<string>();
  const walk = (node: unknown) => {
    if (node === null || typeof node !== 'object') return;
    const { message } = node as { message?: unknown };
    if (typeof message === 'string') {
      if (message !== '') messages.add(message);
      return;
    }
    for (const [key, child] of Object.entries(node)) if (key !== 'ref') walk(child);
  };
  walk(errors);
  return [...messages];
}

/**
 * The spec's list of messages (section 5), announced as soon as it appears. The alert wraps the
 * list: a `ul` with the alert role would no longer be a list, and its items would be orphans.
 */
export function ErrorList({ messages }: { messages: readonly string[] }) {
  if (messages.length === 0) return null;
  return (
    <div
      role="alert"
      aria-label={ERROR_LIST_LABEL}
      className="rounded border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-800"
    >
      <ul className="list-inside list-disc">
        {messages.map((message) => (
          <li key={message}>{message}</li>
        ))}
      </ul>
    </div>
  );
}

/** The surrounding form's messages as the spec's list; a `<Form errors="list">` clears it on edit. */
export function FormErrorList() {
  const { errors } = useFormState();
  return <ErrorList messages={errorMessages(errors)} />;
}
