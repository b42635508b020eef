import { useQuery } from '@tanstack/react-query';
import { apiFetch } from '#app/lib/api.ts';

/** The free-sample rules, from the row the basket enforces (GET /api/samples/rules). */
export function SampleRules() {
  const rules = useQuery({
    queryKey: ['sample-rules'],
    queryFn: async ({ signal }) =>
      (await apiFetch<{ data: { text: string[] } }>('/api/samples/rules', { signal })).data,
    staleTime: 300_000,
  });
  if (!rules.data) return null;
  return (
    <section aria-labelledby="sample-rules" className="mt-8 rounded border border-stone-300 p-4">
      <h2 id="sample-rules" className="text-lg font-semibold">
        Free sample rules
      </h2>
      <ul className="mt-2 list-disc pl-5">
        {rules.data.text.map((line) => (
          <li key={line}>{line}</li>
        ))}
      </ul>
    </section>
  );
}
