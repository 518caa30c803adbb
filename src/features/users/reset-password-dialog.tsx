import type { User } from '../../api/contracts/user.contract';
import { useUserWrites } from '../../api/resources/user-api';
import { ResetPasswordDialog as PasswordDialog, type ResetPasswordTexts } from '../../ui/forms/reset-password-dialog';

const TEXTS: ResetPasswordTexts = {
  title: 'user.reset_password',
  temporaryTitle: 'user.reset_password.temporary_title',
  confirm: 'user.reset_password.confirm',
  newPassword: 'user.reset_password.new_password',
  accept: 'user.reset_password.accept',
  temporaryBody: 'user.reset_password.temporary_body',
  done: 'user.reset_password.done',
};

/** A manager resets one of the company's users' password (users/reset-password). */
export function ResetPasswordDialog({ user, onClose }: { user: User | null; onClose: () => void }) {
  const { resetPassword } = useUserWrites();
  return <PasswordDialog subject={user} onClose={onClose} reset={resetPassword} texts={TEXTS} formId="reset-password-form" />;
}
