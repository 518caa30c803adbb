import { Button, Classes, Code, Dialog, DialogBody, DialogFooter, Intent } from '@blueprintjs/core';
import { useEffect } from 'react';
import { useT } from '../../i18n/use-t';
import { useUserInfo } from '../../shell/session/session-selectors';
import { showToast } from '../../ui/feedback/toaster';
import { useDialogFocus } from '../../ui/focus/use-dialog-focus';
import { momentCell } from '../../ui/resource/entity-cells';
import { useCompanyUsers } from '../../ui/resource/entity-options';
import type { EntityViewOverrides } from '../../ui/resource/entity-view';
import { numberFromOption, OptionSelect } from '../../ui/resource/fields/option-select';
import type { FieldProps } from '../../ui/resource/resource-view';

/**
 * What agent API keys add to their derived list (docs/api.md "Agent API keys"): the new key shown once
 * after Add, with a copy button, since no answer carries it again; the agent to issue for among the
 * company's active agents (an agent issues for themselves only); "Never" for a key not used yet; a
 * revoke confirmation that says what revoking ends.
 */

const byFocusingCopy = (container: HTMLElement) => container.querySelector<HTMLElement>('[data-testid=agent-api-key-copy]')?.focus();

/** The secret of a key just issued, with a copy button; closing it is the last time it is seen. */
export function NewAgentApiKeyDialog({ apiKey, name, onClose }: { apiKey: string; name: string; onClose: () => void }) {
  const t = useT();
  const focus = useDialogFocus(byFocusingCopy);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(apiKey);
      void showToast(t('agent-api-key.copied'));
    } catch {
      // Specification §5: a failed copy says so.
      void showToast(t('errors.copy_failed'), Intent.DANGER);
    }
  };
  return (
    <Dialog isOpen onClose={onClose} title={t('agent-api-key.created_title', { name })} icon="key" style={{ width: 520 }} {...focus}>
      <DialogBody>
        <p className={Classes.RUNNING_TEXT} data-testid="agent-api-key-once">
          <strong>{t('agent-api-key.created_body')}</strong>
        </p>
        <Code data-testid="agent-api-key-secret" style={{ display: 'block', fontSize: 15, padding: '6px 10px', userSelect: 'all', wordBreak: 'break-all' }}>
          {apiKey}
        </Code>
        <p className={Classes.TEXT_MUTED} style={{ marginTop: 12 }}>
          {t('agent-api-key.created_usage')}
        </p>
      </DialogBody>
      <DialogFooter
        actions={
          <>
            <Button data-testid="agent-api-key-copy" icon="duplicate" intent={Intent.PRIMARY} text={t('agent-api-key.copy')} onClick={() => void copy()} />
            <Button data-testid="agent-api-key-close" text={t('common.close')} onClick={onClose} />
          </>
        }
      />
    </Dialog>
  );
}

/**
 * Who the key is for. A manager chooses among the company's active agents; an agent issues for
 * themselves, so the field holds them and nobody else (the server refuses anyone else with a 422).
 */
export function AgentApiKeyUserField(props: FieldProps) {
  const me = useUserInfo();
  const { users, loading, unavailable } = useCompanyUsers();
  const self = me?.role === 'agent' ? me.user : null;
  const { value, onChange } = props;
  useEffect(() => {
    if (self && value !== self.id) onChange(self.id);
  }, [self, value, onChange]);
  const options = self
    ? [{ value: String(self.id), label: `${self.name} (${self.username})` }]
    : users.filter((user) => user.role === 'agent' && user.status === 'active').map((user) => ({ value: String(user.user_id), label: `${user.name} (${user.username})` }));
  const hintId = self ? undefined : unavailable ? 'entity.users_unavailable' : !loading && options.length === 0 ? 'agent-api-key.no_agents' : undefined;
  return (
    <OptionSelect
      {...props}
      labelId="agent-api-key.field.user_id"
      required
      options={options}
      loading={!self && loading}
      disabled={props.disabled || self !== null}
      fromOption={numberFromOption}
      {...(hintId ? { hintId } : {})}
    />
  );
}

function LastUsed({ value }: { value: unknown }) {
  const t = useT();
  return <>{typeof value === 'string' && value !== '' ? momentCell(value) : t('agent-api-key.never_used')}</>;
}

export const agentApiKeyView: EntityViewOverrides = {
  columns: {
    last_used_at: { render: (record) => <LastUsed value={record.last_used_at} /> },
  },
  fields: {
    user_id: { kind: 'custom', render: (props) => <AgentApiKeyUserField {...props} /> },
  },
  deleteConfirmId: 'agent-api-key.revoke_confirm',
  slots: {
    created: (created, close) => <NewAgentApiKeyDialog apiKey={String(created.key)} name={String(created.name)} onClose={close} />,
  },
};
