import { useCallback } from 'react';
import { useSWRConfig } from 'swr';
import { MANAGEMENT_PATHS, type Manager } from '../../api/contracts/management.contract';
import { resetPasswordResponseSchema } from '../../api/contracts/user-actions.contract';
import { postParsed } from '../../api/post-parsed';
import { ResetPasswordDialog, type ResetPasswordTexts } from '../../ui/forms/reset-password-dialog';

const TEXTS: ResetPasswordTexts = {
  title: 'management.manager.reset_title',
  temporaryTitle: 'management.manager.reset_title',
  confirm: 'management.manager.reset_body',
  newPassword: 'management.manager.reset_new_password',
  accept: 'management.manager.reset_confirm',
  temporaryBody: 'management.manager.reset_generated',
  done: 'management.manager.reset_done',
};

/**
 * A manager's password reset by the administrator (specification §5: it needs a confirmation). The
 * administrator types the new password, or leaves it empty for a generated one shown once; the manager
 * is signed out.
 */
export function ResetManagerPasswordDialog({ manager, onClose }: { manager: Manager | null; onClose: () => void }) {
  const { mutate } = useSWRConfig();
  const reset = useCallback(
    async (id: number, password: string | undefined) => {
      const answer = await postParsed(MANAGEMENT_PATHS.managerResetPassword, { id, password: password || undefined }, (data) => resetPasswordResponseSchema.parse(data));
      void mutate(() => true);
      return answer;
    },
    [mutate],
  );
  return <ResetPasswordDialog subject={manager} onClose={onClose} reset={reset} texts={TEXTS} formId="manager-reset-password-form" />;
}
