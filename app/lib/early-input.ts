/** Sent on the document just before React starts hydrating: from then on React sees every event. */
export const HYDRATING_EVENT = 'tessera:hydrating';

/**
 * Runs in the browser, from the head, before any of the page's markup: keeps what a shopper does
 * between the page's first paint and the moment React takes it over, and does it again once the
 * page is live, so no tap, choice, typed text or submitted form is lost in that window.
 *
 * - Links and forms with an `action` of their own (the search box) work as the browser does them:
 *   nothing to keep.
 * - A press on a button (Quick View, Add Sample, the basket icon, the menus, Load More...) is
 *   pressed again once the page is live.
 * - A field's final value (a select, a checkbox, typed text) is handed to React as a change from
 *   the value the page was served with.
 * - A form without an action of its own (login, newsletter) is held and submitted again.
 *
 * Self-contained, as it is sent as its own source text.
 */
export function replayEarlyInput(hydratingEvent: string): void {
  const root = document.documentElement;
  type Kept =
    | { kind: 'press'; element: HTMLElement; path: string }
    | { kind: 'value'; element: HTMLElement; path: string; value: string; checked: boolean }
    | { kind: 'submit'; element: HTMLFormElement; path: string; submitter: HTMLElement | null };
  const kept: Kept[] = [];
  let reactListens = false;
  document.addEventListener(hydratingEvent, () => (reactListens = true), { once: true });

  // Where an element stands, to find it again should React have replaced it.
  const pathOf = (element: Element): string => {
    const steps: string[] = [];
    for (let node: Element | null = element; node && node !== root; node = node.parentElement) {
      if (node.id) {
        steps.unshift(`#${CSS.escape(node.id)}`);
        break;
      }
      const index = node.parentElement ? [...node.parentElement.children].indexOf(node) : 0;
      steps.unshift(`${node.localName}:nth-child(${index + 1})`);
    }
    return steps.join(' > ');
  };
  const find = <T extends Element>(entry: { element: T; path: string }): T | null =>
    entry.element.isConnected ? entry.element : document.querySelector<T>(entry.path);
  // A file chooser's value cannot be set again: not kept.
  const field = (target: EventTarget | null) =>
    (target instanceof HTMLInputElement && target.type !== 'file') ||
    target instanceof HTMLSelectElement ||
    target instanceof HTMLTextAreaElement
      ? target
      : null;

  const early = () => !reactListens && root.dataset.hydrated !== 'true';

  document.addEventListener(
    'click',
    (event) => {
      if (!early() || !(event.target instanceof Element)) return;
      const control = event.target.closest<HTMLElement>(
        'a[href], button, summary, [role="button"], label, input, select, textarea',
      );
      // Links navigate; a label's click reaches its field, whose change is kept.
      if (!control || !control.matches('button, summary, [role="button"]')) return;
      if (control instanceof HTMLButtonElement) {
        if (control.disabled) return;
        // A submit button's press comes back as its form's submit.
        if (control.type === 'submit' && control.form) return;
      }
      // Pressed again because nothing seemed to happen: once is what was meant (a second press
      // would close what the first opens).
      const last = kept.at(-1);
      if (last?.kind === 'press' && last.element === control) return;
      kept.push({ kind: 'press', element: control, path: pathOf(control) });
    },
    true,
  );
  const keepValue = (event: Event) => {
    const element = field(event.target);
    if (!early() || !element) return;
    // The final value is kept: the field itself may be rendered anew by then.
    const entry = kept.find((each) => each.element === element);
    const checked = element instanceof HTMLInputElement && element.checked;
    if (entry?.kind === 'value') Object.assign(entry, { value: element.value, checked });
    else
      kept.push({ kind: 'value', element, path: pathOf(element), value: element.value, checked });
  };
  document.addEventListener('input', keepValue, true);
  document.addEventListener('change', keepValue, true);
  document.addEventListener(
    'submit',
    (event) => {
      const form = event.target;
      if (!early() || !(form instanceof HTMLFormElement) || form.hasAttribute('action')) return;
      event.preventDefault();
      const submitter = (event as SubmitEvent).submitter;
      kept.push({ kind: 'submit', element: form, path: pathOf(form), submitter });
    },
    true,
  );

  /**
   * Hands a field's kept value to React as a change from the value the page was served with
   * (which React, once live, holds as the field's default).
   */
  const change = (element: HTMLElement, value: string, checked: boolean) => {
    if (element instanceof HTMLSelectElement) {
      const served = [...element.options].find((option) => option.defaultSelected);
      element.value = value;
      if (value !== (served ?? element.options[0])?.value) {
        element.dispatchEvent(new Event('change', { bubbles: true }));
      }
    } else if (
      element instanceof HTMLInputElement &&
      (element.type === 'checkbox' || element.type === 'radio')
    ) {
      if (checked === element.defaultChecked) return;
      // React's own record of the box now reads as served, so the click is a change to it.
      element.checked = element.defaultChecked;
      element.click();
    } else if (element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement) {
      if (value === element.defaultValue) return;
      // Through React's own record of the field (it now reads as served), then past it.
      element.value = element.defaultValue;
      const prototype = Object.getPrototypeOf(element) as object;
      Object.getOwnPropertyDescriptor(prototype, 'value')?.set?.call(element, value);
      element.dispatchEvent(new Event('input', { bubbles: true }));
    }
  };

  const replay = () => {
    for (const entry of kept.splice(0)) {
      const element = find(entry);
      if (!element) continue;
      // One that cannot be done again (a field of another kind by now) leaves the rest to run.
      try {
        if (entry.kind === 'press') element.click();
        else if (entry.kind === 'value') change(element, entry.value, entry.checked);
        else {
          const submitter = entry.submitter?.isConnected ? entry.submitter : null;
          (element as HTMLFormElement).requestSubmit(submitter);
        }
      } catch {
        continue;
      }
    }
  };
  // The root marks the document once hydrated and its effects have run; the replay waits for the
  // first idle moment after that, when the updates those effects started (a form setting its
  // fields to their defaults, say) are done too.
  new MutationObserver((_records, observer) => {
    if (root.dataset.hydrated !== 'true') return;
    observer.disconnect();
    if (typeof requestIdleCallback === 'function') requestIdleCallback(replay, { timeout: 1000 });
    else setTimeout(replay, 50);
  }).observe(root, { attributes: true, attributeFilter: ['data-hydrated'] });
}
