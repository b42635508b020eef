import { Spinner } from '#app/components/ui/Spinner.tsx';
import { useAccount } from '#app/components/account/account-context.ts';
import { ProfileForm } from '#app/components/account/ProfileForm.tsx';

export default function AccountDetails() {
  const { customer } = useAccount();
  if (!customer) return <Spinner label="Loading your details" />;
  return <ProfileForm customer={customer} />;
}
