import { Link, useSearchParams } from 'react-router';
import { useQuery } from '@tanstack/react-query';
import { adminFetch } from '#app/lib/admin-api.ts';
import { failureMessage, PageHeading } from '#app/components/admin/ui.tsx';
import { useStaleReload } from '#app/components/admin/editor-session.ts';
import { SETTINGS_TABS } from '#app/components/admin/settings/tabs.ts';
import {
  SETTINGS_QUERY_KEY,
  type LoadedSettings,
} from '#app/components/admin/settings/SectionForm.tsx';
import { Spinner } from '#app/components/ui/Spinner.tsx';

export function meta() {
  return [{ title: 'Settings | Tessera back office' }, { name: 'robots', content: 'noindex' }];
}

const tabClass = (selected: boolean) =>
  `shrink-0 whitespace-nowrap border-b-2 px-3 py-2 text-sm font-medium ${
    selected ? 'border-stone-900 text-stone-900' : 'border-transparent text-stone-600 underline'
  }`;

/**
 * The owner's settings, one tab a section (app/components/admin/settings/tabs.ts); the tab is
 * in the address (`?tab=bank`) so a link or a reload opens it again.
 */
export default function AdminSettings() {
  const [search, setSearch] = useSearchParams();
  const settings = useQuery({
    queryKey: SETTINGS_QUERY_KEY,
    queryFn: async () => (await adminFetch<{ data: LoadedSettings }>('/api/admin/settings')).data,
  });
  const stale = useStaleReload<Record<string, unknown>>(() => settings.refetch());
  const data = settings.data;
  const tabs = SETTINGS_TABS.filter((tab) => 'to' in tab || !data || tab.key in data);
  const current = tabs.find((tab) => tab.key === search.get('tab') && 'Form' in tab) ?? tabs[0];
  return (
    <div className="flex flex-col">
      <PageHeading>Settings</PageHeading>
      <div
        role="tablist"
        aria-label="Settings sections"
        className="mb-6 flex overflow-x-auto border-b border-stone-200"
      >
        {tabs.map((tab) =>
          'to' in tab ? (
            <Link key={tab.key} to={tab.to} className={tabClass(false)}>
              {tab.label}
            </Link>
          ) : (
            <button
              key={tab.key}
              type="button"
              role="tab"
              id={`settings-tab-${tab.key}`}
              aria-selected={tab === current}
              aria-controls="settings-panel"
              className={tabClass(tab === current)}
              onClick={() => setSearch({ tab: tab.key }, { replace: true })}
            >
              {tab.label}
            </button>
          ),
        )}
      </div>
      {settings.error ? (
        <p role="alert">{failureMessage(settings.error)}</p>
      ) : !data ? (
        <Spinner label="Loading the settings" />
      ) : current && 'Form' in current ? (
        <div role="tabpanel" id="settings-panel" aria-labelledby={`settings-tab-${current.key}`}>
          <current.Form
            key={`${current.key}-${stale.generation}`}
            section={data[current.key]!}
            reload={stale.reload}
            reapply={stale.reapply}
          />
        </div>
      ) : null}
    </div>
  );
}
