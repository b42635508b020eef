import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { zodResolver } from '@hookform/resolvers/zod';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { z } from '#domain/zod.ts';
import { newStaffSchema, STAFF_ROLES, type StaffJson, type StaffRole } from '#domain/staff.ts';
import { adminFetch } from '#app/lib/admin-api.ts';
import { Form } from '#app/components/forms/Form.tsx';
import { Field, SelectField } from '#app/components/forms/Field.tsx';
import { FormMessage } from '#app/components/forms/FormMessage.tsx';
import { primaryButton, secondaryButton } from '#app/components/forms/styles.ts';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import {
  applyServerErrors,
  formatWhen,
  PageHeading,
  Panel,
  tableClass,
  tdClass,
  thClass,
} from '#app/components/admin/ui.tsx';
import { useStaff } from './layout.tsx';

export function meta() {
  return [{ title: 'Staff | Tessera back office' }, { name: 'robots', content: 'noindex' }];
}

const STAFF_KEY = ['admin', 'staff'] as const;

/** What each role may do, as the owner chooses one. */
const ROLE_LABELS: Record<StaffRole, string> = {
  owner: 'Owner: everything, including staff and the audit log',
  manager: 'Manager: products, orders and customers',
  editor: 'Editor: pages, posts and the menu',
};

function AddStaff({ onAdded }: { onAdded: (member: StaffJson) => void }) {
  const [message, setMessage] = useState<string | null>(null);
  const form = useForm<z.input<typeof newStaffSchema>>({
    resolver: zodResolver(newStaffSchema),
    defaultValues: { email: '', name: '', role: 'manager' },
  });
  const submit = form.handleSubmit(async (input) => {
    setMessage(null);
    try {
      const { data } = await adminFetch<{ data: StaffJson }>('/api/admin/staff', {
        method: 'POST',
        body: input,
      });
      form.reset();
      onAdded(data);
    } catch (error) {
      setMessage(applyServerErrors(form, error));
    }
  });
  return (
    <Form form={form} onSubmit={submit} aria-label="Add staff" className="flex flex-col gap-3">
      {message ? <FormMessage kind="error">{message}</FormMessage> : null}
      <Field name="name" label="Name" autoComplete="off" required />
      <Field name="email" label="Email address" type="email" autoComplete="off" required />
      <SelectField
        name="role"
        label="Role"
        required
        options={STAFF_ROLES.map((role) => ({ value: role, label: ROLE_LABELS[role] }))}
      />
      <p className="text-sm text-stone-600">
        They are mailed a link (valid 72 hours, once) to choose their own password and set up
        two-step sign-in.
      </p>
      <button type="submit" className={primaryButton} disabled={form.formState.isSubmitting}>
        Add and send invitation
      </button>
    </Form>
  );
}

type Act = (member: StaffJson, action: string, done: string, body?: object) => Promise<void>;

/** One staff member's controls: role, disable or enable, a fresh second factor. */
function StaffActions({ member, isMe, act }: { member: StaffJson; isMe: boolean; act: Act }) {
  const [confirming, setConfirming] = useState<'disable' | 'reset' | null>(null);
  if (confirming) {
    const text =
      confirming === 'disable'
        ? `Disable ${member.email}? Their sessions end now.`
        : `Reset two-step sign-in of ${member.email}? Their sessions and recovery codes end, and a new invitation link is mailed to them.`;
    const run = () =>
      confirming === 'disable'
        ? act(member, 'disable', `${member.email} is disabled and signed out.`)
        : act(
            member,
            'reset-second-factor',
            `A new invitation link is on its way to ${member.email}.`,
          );
    return (
      <div role="group" aria-label={`Confirm for ${member.email}`}>
        <p className="mb-2">{text}</p>
        <div className="flex flex-wrap gap-2">
          <button
            type="button"
            className={primaryButton}
            onClick={() => void run().then(() => setConfirming(null))}
          >
            {confirming === 'disable' ? 'Yes, disable' : 'Yes, reset'}
          </button>
          <button type="button" className={secondaryButton} onClick={() => setConfirming(null)}>
            Keep
          </button>
        </div>
      </div>
    );
  }
  return (
    <div className="flex flex-wrap items-center gap-3">
      <select
        aria-label={`Role of ${member.email}`}
        value={member.role}
        className="rounded border border-stone-300 px-2 py-1"
        onChange={(event) =>
          void act(member, 'role', `${member.email} is now ${event.target.value}.`, {
            role: event.target.value,
          })
        }
      >
        {STAFF_ROLES.map((role) => (
          <option key={role} value={role}>
            {role}
          </option>
        ))}
      </select>
      {member.disabled ? (
        <button
          type="button"
          className="underline"
          aria-label={`Enable ${member.email}`}
          onClick={() => void act(member, 'enable', `${member.email} can sign in again.`)}
        >
          Enable
        </button>
      ) : isMe ? (
        <span>Active (you)</span>
      ) : (
        <button
          type="button"
          className="underline"
          aria-label={`Disable ${member.email}`}
          onClick={() => setConfirming('disable')}
        >
          Disable
        </button>
      )}
      {isMe ? null : (
        <button
          type="button"
          className="underline"
          aria-label={`Reset two-step sign-in of ${member.email}`}
          onClick={() => setConfirming('reset')}
        >
          Reset two-step
        </button>
      )}
    </div>
  );
}

/**
 * Owners invite staff, change their roles, disable and enable them and reset their second
 * factor; the server refuses what would leave the shop without an active owner.
 */
export default function AdminStaff() {
  const me = useStaff();
  const queryClient = useQueryClient();
  const [notice, setNotice] = useState<{ kind: 'error' | 'success'; text: string } | null>(null);
  const staff = useQuery({
    queryKey: STAFF_KEY,
    queryFn: async () => (await adminFetch<{ data: StaffJson[] }>('/api/admin/staff')).data,
  });
  const act: Act = async (member, action, done, body) => {
    try {
      await adminFetch(`/api/admin/staff/${member.id}/${action}`, { method: 'POST', body });
      setNotice({ kind: 'success', text: done });
    } catch (error) {
      setNotice({ kind: 'error', text: error instanceof Error ? error.message : 'Failed' });
    }
    await queryClient.invalidateQueries({ queryKey: STAFF_KEY });
  };
  return (
    <div className="flex flex-col gap-6">
      <PageHeading>Staff</PageHeading>
      {notice ? <FormMessage kind={notice.kind}>{notice.text}</FormMessage> : null}
      {staff.error ? (
        <p role="alert">{staff.error.message}</p>
      ) : !staff.data ? (
        <Spinner label="Loading staff" />
      ) : (
        <table className={tableClass}>
          <caption className="sr-only">Staff accounts</caption>
          <thead>
            <tr>
              <th className={thClass}>Name</th>
              <th className={`${thClass} hidden md:table-cell`}>Two-step</th>
              <th className={`${thClass} hidden md:table-cell`}>Added</th>
              <th className={thClass}>Role and account</th>
            </tr>
          </thead>
          <tbody>
            {staff.data.map((member) => (
              <tr key={member.id}>
                <td className={tdClass}>
                  {member.name}
                  <span className="block text-xs break-all text-stone-600">{member.email}</span>
                </td>
                <td className={`${tdClass} hidden md:table-cell`}>
                  {member.enrolled ? 'Enrolled' : 'Invited'}
                </td>
                <td className={`${tdClass} hidden md:table-cell`}>
                  {formatWhen(member.created_at)}
                </td>
                <td className={tdClass}>
                  {member.disabled ? <span className="mb-1 block">Disabled</span> : null}
                  <StaffActions member={member} isMe={member.id === me.id} act={act} />
                </td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
      <div className="max-w-md">
        <Panel title="Add a staff member">
          <AddStaff
            onAdded={(member) => {
              setNotice({
                kind: 'success',
                text: `${member.email} added: an invitation link is on its way to them.`,
              });
              void queryClient.invalidateQueries({ queryKey: STAFF_KEY });
            }}
          />
        </Panel>
      </div>
    </div>
  );
}
