import { useState } from 'react';
import { Spinner } from '#app/components/ui/Spinner.tsx';
import { useAccount } from '#app/components/account/account-context.ts';
import { AddressCard } from '#app/components/account/AddressCard.tsx';
import { AddressDrawer, type AddressKind } from '#app/components/account/AddressDrawer.tsx';

const KINDS: AddressKind[] = ['billing', 'shipping'];

export default function Addresses() {
  const { customer, profile } = useAccount();
  const [editing, setEditing] = useState<AddressKind | null>(null);
  if (!customer) return <Spinner label="Loading your addresses" />;
  return (
    <div className="flex flex-col gap-6">
      <p>The following addresses will be used on the checkout page.</p>
      <div className="grid gap-6 lg:grid-cols-2">
        {KINDS.map((kind) => (
          <AddressCard
            key={kind}
            kind={kind}
            address={customer[kind]}
            onEdit={() => setEditing(kind)}
          />
        ))}
      </div>
      {editing ? (
        <AddressDrawer
          key={editing}
          kind={editing}
          address={customer[editing]}
          email={profile.email}
          onClose={() => setEditing(null)}
        />
      ) : null}
    </div>
  );
}
